//! The AI of Ultima (Baroque chess): search and evaluation on top of the rules crate
//! ([`ultima`]), which alone decides what is legal.
//!
//! Pure Rust with no clock and no I/O, so the same code runs natively and in a Web Worker:
//! the host drives a search through a [`SearchHandler`] that answers "stop now?" and hears
//! each iteration. [`Deadline`] is the handler that keeps to a thinking time, on the host's
//! [`Clock`] (`Instant` in the CLI, `performance.now()` in the browser).
//!
//! - [`Engine::search`]: iterative deepening principal variation search with aspiration
//!   windows, a transposition table keyed by [`ultima::Position::hash`], quiescence over
//!   captures (depth-bounded, delta-pruned, lazy evaluation), check extension, null-move
//!   and reverse futility pruning near the leaves, futility pruning at the frontier (all
//!   three judging a node by the table's score where it says more than the evaluation), late
//!   move reductions and late move pruning, killer moves, counter moves and history for
//!   ordering; each measured by matches ([`SearchParams`]).
//! - [`eval`]: material, frozen pieces, mobility, King safety written for Ultima.
//! - [`Level`]: levels 1–8 as node budgets with noise, level 8 by time.
//! - [`Deadline`]: the rule for thinking time, over the host's [`Clock`].
//! - [`players`]: the reference players used to calibrate the levels.
//! - [`summarize`] and [`evaluate`]: game review (expected score, judgements, accuracy).
//!
//! # Example
//!
//! ```
//! use ultima::Position;
//! use ultima_engine::{Config, Engine, Level, NoHandler};
//! let mut engine = Engine::new(Config { hash_mb: 1, ..Config::default() });
//! let pos = Position::default();
//! let result = engine.search(&pos, &[], Level::new(2).unwrap().limits(), &mut NoHandler);
//! assert!(pos.is_legal(result.best_move.unwrap()));
//! assert!(result.nodes <= 4_000);
//! ```

#![forbid(unsafe_code)]

mod analysis;
mod correction;
mod deadline;
pub mod eval;
mod history;
mod level;
pub mod params;
pub mod players;
mod review;
mod rng;
mod score;
mod search;
mod tt;
mod tuned;

pub use analysis::{Report, ReportLine, Score};
pub use deadline::{Clock, Deadline};
pub use level::Level;
pub use params::{EvalParams, SearchParams, SquareWeights, Weight};
pub use review::{
    annotated_record, evaluate, expected_score, judge, move_accuracy, replayed, review_engine,
    summarize, Evaluation, Judgement, PlayerSummary, ReviewedMove, Summary, BLUNDER, INACCURACY,
    MISTAKE, REVIEW_HASH_MB, REVIEW_NODES,
};
pub use rng::Rng;
pub use score::{Eval, EvalKind, MAX_PLY};
pub use search::{Config, Engine, Iteration, Limits, Line, NoHandler, SearchHandler, SearchResult};

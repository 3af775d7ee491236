//! The engine settings of the commands that make the project's data sets from self-play:
//! `datagen` (the tuner's positions), `puzzles` (the trainer's set, mined and verified) and
//! `tactics --mine` / `--verify`.
//!
//! They search as the engine did when every shipped set was made, not as it plays now: with
//! the hand-set weights ([`EvalParams::hand`]), not the tuned ones, the search of that time
//! ([`SearchParams::as_of_data_sets`]), and their self-play at the levels of that time
//! ([`OldLevel`]). The engine's play may change again, and a set
//! must still come out the same when its command is run again, and its checks must still
//! pass.

use ultima_engine::{Config, EvalParams, Limits, SearchParams};

/// A miner's engine settings: the hand-set weights, the search as of the sets, a `hash_mb` MB
/// table, tie-break `seed`.
pub fn config(hash_mb: usize, seed: u64) -> Config {
    Config {
        hash_mb,
        seed,
        eval: EvalParams::hand(),
        search: SearchParams::as_of_data_sets(),
    }
}

/// A self-play player of the miners: a level as it was when the sets were made, a node
/// budget with noise, the budget free to stop the first iteration (`min_depth` 0).
#[derive(Clone, Copy, Debug)]
pub enum OldLevel {
    /// 3,000 nodes, ±150 centipawns: blunders often enough to leave a puzzle in most games.
    Two,
    /// 9,000 nodes, ±80 centipawns.
    Three,
}

impl OldLevel {
    pub fn limits(self) -> Limits {
        let (nodes, noise) = match self {
            OldLevel::Two => (3_000, 150),
            OldLevel::Three => (9_000, 80),
        };
        Limits {
            noise,
            ..Limits::nodes(nodes)
        }
    }
}

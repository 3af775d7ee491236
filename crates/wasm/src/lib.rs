//! The JavaScript face of the `ultima` rules crate and its engine: a thin wasm-bindgen layer.
//!
//! Each method checks what JavaScript passes (`args`: any value of any type, answered with an
//! `Error` naming the argument when it is not what the `.d.ts` says), asks the rules crate, and
//! converts the answer. There is no game logic here: what is legal, what a move captures, check
//! and the result all come from `ultima`. Every error of the rules crate reaches JavaScript as an
//! `Error` whose message is the error's `Display`; no input makes this crate panic or trap.
//!
//! A [`Game`] answers every action with one snapshot (`snapshot.rs`): the page keeps it and asks
//! nothing else. The [`Ai`] is the computer player, meant for a Web Worker.

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

mod ai;
mod args;
mod game;
mod review;
mod snapshot;

pub use ai::{Ai, AiMoveValue, ReportValue};
pub use game::Game;
pub use review::{review_summary, EvaluationValue, ReviewSummaryValue, Reviewer};

use serde::Serialize;
use ultima::{Position, Rules};
use ultima_engine::{Config, Engine, Limits, NoHandler};
use wasm_bindgen::prelude::*;

/// Installs the panic hook once, when the module is instantiated, so that a panic (a bug) shows
/// its message and location in the console instead of "unreachable".
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The number of leaf nodes `depth` plies below `position` (RULES §7 perft), for checking and
/// timing the rules engine compiled to wasm against the native build.
///
/// # Errors
/// A bad position string or rule option, or a depth that is not a whole number from 0 to 8
/// (deeper would block for minutes).
#[wasm_bindgen]
pub fn perft(
    #[wasm_bindgen(unchecked_param_type = "string")] position: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] depth: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string | null")] rules: &JsValue,
) -> Result<f64, JsError> {
    let position = args::text("the position string", position)?;
    let depth = args::whole("the perft depth", depth, 0, 8)?;
    let pos = Position::from_fen(&position, game::parse_rules(rules)?)?;
    // Counts stay far below 2^53 at depth 8, so a JavaScript number holds them exactly.
    Ok(ultima::perft(&pos, depth) as f64)
}

/// The nodes a fresh engine with a 16 MB table (as `ultima bench` natively) searches to
/// `depth` plies from `position` under the default rules: the same count as the native
/// build, so the two can be timed on the same work (`bench/wasm-search.mjs`).
///
/// # Errors
/// A bad position string, or a depth that is not a whole number from 1 to 14 (deeper
/// could block for minutes).
#[wasm_bindgen(js_name = searchNodes)]
pub fn search_nodes(
    #[wasm_bindgen(unchecked_param_type = "string")] position: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] depth: &JsValue,
) -> Result<f64, JsError> {
    let position = args::text("the position string", position)?;
    let depth = args::whole("the search depth", depth, 1, 14)?;
    let pos = Position::from_fen(&position, Rules::default())?;
    let mut engine = Engine::new(Config {
        hash_mb: 16,
        ..Config::default()
    });
    let result = engine.search(&pos, &[], Limits::depth(depth), &mut NoHandler);
    Ok(result.nodes as f64)
}

/// Converts to a JavaScript value as JSON would (`None` becomes `null`, maps become objects),
/// typed as `T` for the `.d.ts`.
pub(crate) fn to_js<T: JsCast>(value: &impl Serialize) -> Result<T, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    let value = value.serialize(&serializer)?;
    Ok(value.unchecked_into())
}

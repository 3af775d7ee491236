//! The JavaScript face of the `ultima` rules crate and its engine: a thin wasm-bindgen layer.
//!
//! Each method checks what JavaScript passes (`args`: any value of any type, answered with an
//! `Error` naming the argument when it is not what the `.d.ts` says), asks the rules crate, and
//! converts the answer. There is no game logic here: what is legal, what a move captures, check
//! and the result all come from `ultima`. Every error of the rules crate reaches JavaScript as an
//! `Error` whose message is the error's `Display`; no input makes this crate panic or trap.
//!
//! A [`Game`] answers every action with one snapshot ([`snapshot`]): the page keeps it and asks
//! nothing else. The [`Ai`] is the computer player, meant for a Web Worker.

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

mod args;
mod game;
mod snapshot;

pub use game::Game;

use serde::Serialize;
use ultima::{Position, Rules};
use ultima_engine::{Clock, Config, Deadline, Engine, Iteration, Level, Limits, NoHandler};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPESCRIPT_TYPES: &str = r#"
/** The computer player's answer, from `Ai.think`. */
export interface AiMove {
  /** Canonical move text of the chosen move, e.g. "b2-b5". */
  move: string;
  /** The score for the side to move: "+1.25" (pawns), "M3" (mate in three), "-M2". */
  score: string;
  /** The depth of the last completed iteration, in plies. */
  depth: number;
  /** Nodes searched. */
  nodes: number;
  /** The principal variation, best move first, as canonical move texts. */
  pv: string[];
}

/** One completed iteration of a search, passed to `Ai.think`'s `progress` callback. */
export interface AiProgress {
  /** The depth just completed, in plies. */
  depth: number;
  /** The score for the side to move, e.g. "+0.30". */
  score: string;
  /** Nodes searched so far. */
  nodes: number;
  /** The principal variation, best move first. */
  pv: string[];
}
"#;

#[wasm_bindgen]
extern "C" {
    /// `AiMove` in TypeScript.
    #[wasm_bindgen(typescript_type = "AiMove")]
    pub type AiMoveValue;
}

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
/// A bad position string, or a depth that is not a whole number from 1 to 10 (deeper would block
/// for minutes).
#[wasm_bindgen(js_name = searchNodes)]
pub fn search_nodes(
    #[wasm_bindgen(unchecked_param_type = "string")] position: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] depth: &JsValue,
) -> Result<f64, JsError> {
    let position = args::text("the position string", position)?;
    let depth = args::whole("the search depth", depth, 1, 10)?;
    let pos = Position::from_fen(&position, Rules::default())?;
    let mut engine = Engine::new(Config {
        hash_mb: 16,
        ..Config::default()
    });
    let result = engine.search(&pos, &[], Limits::depth(depth), &mut NoHandler);
    Ok(result.nodes as f64)
}

/// The computer player: a search engine that keeps its memory (the transposition table) from
/// one move to the next. Meant for a Web Worker: `think` blocks until it has a move.
#[wasm_bindgen]
pub struct Ai {
    engine: Engine,
}

#[wasm_bindgen]
impl Ai {
    /// A new computer player with the default table size.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Ai {
        Ai {
            engine: Engine::new(Config::default()),
        }
    }

    /// Chooses a move for the side to move in the game given by its `record` (RULES §6.2), at
    /// `level` 1–8. `timeMs` is level 8's thinking time (2000 ms if absent) and, at any level, a
    /// deadline after which the search stops with its best move so far. `progress`, if given,
    /// hears each completed iteration.
    ///
    /// # Errors
    /// A record that does not parse or holds an illegal move, a level that is not a whole number
    /// from 1 to 8, a thinking time that is not a positive number, a `progress` that is not a
    /// function, a finished game, or a position with no legal move.
    pub fn think(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] record: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] level: &JsValue,
        #[wasm_bindgen(js_name = timeMs, unchecked_optional_param_type = "number | null")]
        time_ms: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "((progress: AiProgress) => void) | null")]
        progress: &JsValue,
    ) -> Result<AiMoveValue, JsError> {
        let record = args::text("the game record", record)?;
        let level = args::whole("the level", level, 1, 8)?;
        let level = u8::try_from(level)
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| JsError::new(&format!("level {level} is out of range (1 to 8)")))?;
        let time_ms = match time_ms {
            t if t.is_undefined() || t.is_null() => None,
            t => Some(t.as_f64().ok_or_else(|| {
                JsError::new(&format!(
                    "the thinking time must be a number of milliseconds, not {}",
                    args::describe(t)
                ))
            })?),
        };
        let progress = match progress {
            p if p.is_undefined() || p.is_null() => None,
            p => Some(p.clone().dyn_into::<js_sys::Function>().map_err(|p| {
                JsError::new(&format!(
                    "progress must be a function, not {}",
                    args::describe(&p)
                ))
            })?),
        };
        let game = ultima::Game::from_record(&record)?;
        if let Some(outcome) = game.outcome() {
            return Err(JsError::new(&format!(
                "the game is over ({})",
                outcome.reason
            )));
        }
        let time_ms = match time_ms {
            Some(t) if t.is_finite() && t >= 1.0 => Some(t.min(86_400_000.0)),
            Some(t) => {
                return Err(JsError::new(&format!(
                    "thinking time {t} ms is not a positive number"
                )))
            }
            None => None,
        };
        let (limits, deadline_ms) = level.limits_and_deadline(time_ms);
        let report = |info: &Iteration<'_>, _elapsed_ms: f64| {
            if let Some(callback) = &progress {
                report_progress(callback, info);
            }
        };
        let mut handler = Deadline::new(PerformanceClock::new()?, deadline_ms, report);
        let result = self.engine.search(
            game.position(),
            &game.history_hashes(),
            limits,
            &mut handler,
        );
        let Some(best) = result.best_move else {
            return Err(JsError::new("the side to move has no legal move"));
        };
        to_js(&AiMove {
            r#move: best.to_string(),
            score: result.score.to_string(),
            depth: result.depth,
            nodes: result.nodes as f64,
            pv: result.pv.iter().map(|m| m.to_string()).collect(),
        })
    }

    /// Forgets what the engine learnt (a new game).
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self) {
        self.engine.new_game();
    }
}

/// `performance.now()` of the global scope (a window or a worker): `Instant::now` panics on
/// wasm32-unknown-unknown.
struct PerformanceClock {
    performance: JsValue,
    now: js_sys::Function,
}

impl PerformanceClock {
    fn new() -> Result<PerformanceClock, JsError> {
        let performance =
            js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("performance"))
                .map_err(|_| JsError::new("this environment has no performance clock"))?;
        let now = js_sys::Reflect::get(&performance, &JsValue::from_str("now"))
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .ok_or_else(|| JsError::new("this environment has no performance.now()"))?;
        Ok(PerformanceClock { performance, now })
    }
}

impl Clock for PerformanceClock {
    /// Milliseconds since the page or worker started; 0 if the call fails (it does not).
    fn now_ms(&self) -> f64 {
        self.now
            .call0(&self.performance)
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0)
    }
}

/// Passes a completed iteration to `Ai.think`'s `progress` callback.
fn report_progress(callback: &js_sys::Function, info: &Iteration<'_>) {
    let progress = AiProgress {
        depth: info.depth,
        score: info.score.to_string(),
        nodes: info.nodes as f64,
        pv: info.pv.iter().map(|m| m.to_string()).collect(),
    };
    if let Ok(value) = to_js::<JsValue>(&progress) {
        // A throwing callback must not stop the search: its error is dropped.
        let _ = callback.call1(&JsValue::NULL, &value);
    }
}

/// The computer's move (`AiMove` in the `.d.ts`).
#[derive(Serialize)]
struct AiMove {
    r#move: String,
    score: String,
    depth: u32,
    nodes: f64,
    pv: Vec<String>,
}

/// One iteration (`AiProgress` in the `.d.ts`).
#[derive(Serialize)]
struct AiProgress {
    depth: u32,
    score: String,
    nodes: f64,
    pv: Vec<String>,
}

/// Converts to a JavaScript value as JSON would (`None` becomes `null`, maps become objects),
/// typed as `T` for the `.d.ts`.
pub(crate) fn to_js<T: JsCast>(value: &impl Serialize) -> Result<T, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    let value = value.serialize(&serializer)?;
    Ok(value.unchecked_into())
}

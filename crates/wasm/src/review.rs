//! Game review in the browser: the engine crate's review (`ultima_engine::summarize`), so the
//! page and `ultima review` agree number for number. A `Reviewer` evaluates one position of a
//! game at a time (in a Web Worker: it blocks), `reviewSummary` judges the moves from the
//! evaluations (quick: the page calls it), and `annotatedRecord` writes them into the record.

use crate::snapshot::PlyInfo;
use crate::{args, to_js};
use serde::Serialize;
use ultima_engine::{Engine, Evaluation, PlayerSummary, ReviewedMove, Summary, REVIEW_NODES};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPESCRIPT_TYPES: &str = r##"
/** What the engine found in one position of a game (`Reviewer.evaluate`). */
export interface Evaluation {
  /** The engine's score from White's view; null where the game is over. */
  white: Score | null;
  /** Where the game is over: "1-0", "0-1" or "1/2-1/2"; else null. */
  result: string | null;
  /** The best move found, as canonical text; null where the game is over. */
  best: string | null;
  /** The depth of the last completed iteration (0 where the game is over). */
  depth: number;
  /** Nodes searched. */
  nodes: number;
}

/** One move of a reviewed game. */
export interface ReviewedMove {
  /** 0 for the game's first move. */
  ply: number;
  /** The move's number as the record writes it, e.g. 30 for "30... d7-d6". */
  number: number;
  side: Side;
  /** The move played, in the display form, e.g. "Wd1-d7+". */
  played: string;
  /** The engine's better move in the display form, or null when the move played was its choice. */
  best: string | null;
  /** The move played as a ply, as a snapshot has it (its pieces for the figurines, how it took
   * them). */
  playedPly: PlyInfo;
  /** The better move as a ply; null with `best`. */
  bestPly: PlyInfo | null;
  /** The mover's expected score before the move and after it, 0…1. */
  before: number;
  after: number;
  /** `before - after`, at least 0. */
  loss: number;
  /** The loss in whole per cent as the review says it, rounded down so that it agrees with the
   * judgement (9.7% is 9, an inaccuracy, not 10, a mistake's). */
  lossPercent: number;
  judgement: "inaccuracy" | "mistake" | "blunder" | null;
  /** The move's accuracy, 0…100. */
  accuracy: number;
  /** White's expected score after the move, 0…1: the evaluation graph's point. */
  whiteExpected: number;
  /** The evaluation after the move from White's view: "+0.35", "#2", or a result ("1-0"). */
  score: string;
}

/** A player's figures in a review. */
export interface PlayerSummary {
  moves: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  /** The mean of the moves' accuracies, 0…100; null without a move. */
  accuracy: number | null;
}

/** A game's review (`reviewSummary`). */
export interface ReviewSummary {
  /** White's expected score at the start, 0…1: where the evaluation graph begins. */
  start: number;
  /** One per ply, in order. */
  moves: ReviewedMove[];
  white: PlayerSummary;
  black: PlayerSummary;
}
"##;

#[wasm_bindgen]
extern "C" {
    /// `Evaluation` in TypeScript.
    #[wasm_bindgen(typescript_type = "Evaluation")]
    pub type EvaluationValue;

    /// `ReviewSummary` in TypeScript.
    #[wasm_bindgen(typescript_type = "ReviewSummary")]
    pub type ReviewSummaryValue;
}

/// Evaluates the positions of a game for a review, one at a time, each from a cleared engine at
/// a fixed number of nodes: the same numbers on any machine and in any order.
#[wasm_bindgen]
pub struct Reviewer {
    engine: Engine,
}

#[wasm_bindgen]
impl Reviewer {
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Reviewer {
        Reviewer {
            engine: ultima_engine::review_engine(),
        }
    }

    /// The nodes searched in each position unless told otherwise.
    #[wasm_bindgen(js_name = defaultNodes)]
    pub fn default_nodes() -> f64 {
        REVIEW_NODES as f64
    }

    /// Evaluates the position after `ply` plies (0: the start) of the game `record` (RULES
    /// §6.2), searching `nodes` nodes (1000 to 10,000,000; `defaultNodes()` if absent). A
    /// resignation or agreed draw at the end is left out: the last position is evaluated too.
    ///
    /// # Errors
    /// A record that does not parse or holds an illegal move, a `ply` that is not a whole number
    /// from 0 to the number of plies, or a bad `nodes`.
    pub fn evaluate(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] record: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] nodes: &JsValue,
    ) -> Result<EvaluationValue, JsError> {
        let game = reviewed_game(record)?;
        let plies = u32::try_from(game.moves().len()).unwrap_or(u32::MAX);
        let ply = args::whole("the ply", ply, 0, plies)? as usize;
        let nodes = args::optional_whole("the nodes", nodes, 1_000, 10_000_000)?
            .map_or(REVIEW_NODES, u64::from);
        let evaluation = ultima_engine::evaluate(&mut self.engine, &game, ply, nodes)
            .map_err(|e| JsError::new(&e))?;
        to_js(&evaluation)
    }
}

/// Judges every move of the game `record` from `evaluations`, one per position (the start, then
/// after each move), as `Reviewer.evaluate` answered them: each move's loss of expected score,
/// its judgement and better move, the graph's points, and each player's counts and accuracy.
///
/// # Errors
/// A record that does not parse, or evaluations that are not an array of one valid evaluation
/// per position of this game (stored data from another game, say): the message says which.
#[wasm_bindgen(js_name = reviewSummary)]
pub fn review_summary(
    #[wasm_bindgen(unchecked_param_type = "string")] record: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "Evaluation[]")] evaluations: JsValue,
) -> Result<ReviewSummaryValue, JsError> {
    let game = reviewed_game(record)?;
    let evaluations = read_evaluations(evaluations)?;
    let summary = ultima_engine::summarize(&game, &evaluations).map_err(|e| JsError::new(&e))?;
    to_js(&PageSummary::new(&summary, &game, &evaluations))
}

/// The game `record` with its review written in (`ultima_engine::annotated_record`), from the
/// same evaluations as `reviewSummary`: each judged move's glyph (`?!`, `?`, `??`) and a
/// comment with its loss and the better move, the better move as a side line, and an
/// `Annotator` header. It reads back as the same game.
///
/// # Errors
/// As `reviewSummary`.
#[wasm_bindgen(js_name = annotatedRecord)]
pub fn annotated_record(
    #[wasm_bindgen(unchecked_param_type = "string")] record: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "Evaluation[]")] evaluations: JsValue,
) -> Result<String, JsError> {
    let record = args::text("the game record", record)?;
    let game = ultima::Game::from_record(&record)?;
    let evaluations = read_evaluations(evaluations)?;
    ultima_engine::annotated_record(&game, &evaluations).map_err(|e| JsError::new(&e))
}

/// The evaluations given from JavaScript.
fn read_evaluations(evaluations: JsValue) -> Result<Vec<Evaluation>, JsError> {
    serde_wasm_bindgen::from_value(evaluations)
        .map_err(|e| JsError::new(&format!("the evaluations are not readable: {e}")))
}

/// The engine's summary as the page reads it: each move with its plies beside its display
/// forms, so that the judged moves are drawn in figurines as the move list is.
#[derive(Serialize)]
struct PageSummary<'a> {
    start: f64,
    moves: Vec<PageReviewedMove<'a>>,
    white: &'a PlayerSummary,
    black: &'a PlayerSummary,
}

#[derive(Serialize)]
struct PageReviewedMove<'a> {
    #[serde(flatten)]
    reviewed: &'a ReviewedMove,
    #[serde(rename = "playedPly")]
    played_ply: PlyInfo,
    #[serde(rename = "bestPly")]
    best_ply: Option<PlyInfo>,
}

impl<'a> PageSummary<'a> {
    /// `summary`, made by `summarize` from `game` and `evaluations` (which it checked).
    fn new(summary: &'a Summary, game: &ultima::Game, evaluations: &[Evaluation]) -> Self {
        let positions = game.positions();
        let moves = summary
            .moves
            .iter()
            .zip(game.moves())
            .zip(positions)
            .map(|((reviewed, &played), before)| {
                // The summary names a better move only where the evaluation's best is one.
                let best = reviewed
                    .best
                    .as_ref()
                    .and(evaluations[reviewed.ply].best.as_deref())
                    .and_then(|text| before.parse_move(text).ok());
                PageReviewedMove {
                    reviewed,
                    played_ply: PlyInfo::new(before, played),
                    best_ply: best.map(|m| PlyInfo::new(before, m)),
                }
            })
            .collect();
        PageSummary {
            start: summary.start,
            moves,
            white: &summary.white,
            black: &summary.black,
        }
    }
}

/// The game of a record as a review sees it (`ultima_engine::replayed`).
fn reviewed_game(record: &JsValue) -> Result<ultima::Game, JsError> {
    let record = args::text("the game record", record)?;
    Ok(ultima_engine::replayed(&ultima::Game::from_record(
        &record,
    )?))
}

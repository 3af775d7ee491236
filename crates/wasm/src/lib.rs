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
pub use review::{annotated_record, review_summary, EvaluationValue, ReviewSummaryValue, Reviewer};

use serde::Serialize;
use ultima::{Board, MoveText, Piece, Position, Rules, Setup, Square};
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

/// The position string (RULES §6.1) of `pieces` with `turn` to move, checked under `rules`
/// (the default rules if absent): what the page's board editor shows and plays from. The
/// editor places pieces one by one and never writes or reads a position string itself.
///
/// `pieces` is 64 characters, a1 first (b1 … h1, then a2 …), each a piece letter (upper case
/// White, lower case Black) or `.` for an empty square: a snapshot's `pieces` joined, with
/// `.` for `""`.
///
/// # Errors
/// Text that is not 64 such characters, a side that is not "white" or "black", a bad rule
/// option, or a position the rules refuse (a side without its one King, more than 16 pieces a
/// side, the side to move able to capture the enemy King at once), with the rules crate's
/// message.
#[wasm_bindgen(js_name = positionFromPieces)]
pub fn position_from_pieces(
    #[wasm_bindgen(unchecked_param_type = "string")] pieces: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "Side")] turn: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string | null")] rules: &JsValue,
) -> Result<String, JsError> {
    let pieces = args::text("the pieces", pieces)?;
    let turn = game::parse_side(turn)?;
    let rules = game::parse_rules(rules)?;
    let letters: Vec<char> = pieces.chars().collect();
    if letters.len() != 64 {
        return Err(JsError::new(&format!(
            "the pieces must be 64 characters, one a square from a1 to h8, not {}",
            letters.len()
        )));
    }
    let mut board = Board::empty();
    for (sq, &letter) in Square::all().zip(&letters) {
        if letter == '.' {
            continue;
        }
        let Some(piece) = Piece::from_char(letter) else {
            return Err(JsError::new(&format!(
                "'{}' on {sq} is not a piece letter (K W C I L X P, lower case for Black) or '.'",
                letter.escape_debug()
            )));
        };
        board.set_piece_at(sq, piece);
    }
    let setup = Setup {
        board,
        turn,
        halfmoves: 0,
        fullmoves: 1,
    };
    Position::from_setup(setup, rules)?;
    Ok(setup.to_string())
}

/// The squares of a move's text (RULES §6.2), read without a position: for a move written
/// before its position exists, a premove typed while the computer thinks, which the page checks
/// against the position once it comes. `role` is the piece letter the text gives (upper case),
/// or null; the captures it lists are read but not returned, since a move's start and
/// destination name it.
///
/// # Errors
/// Text that is not move text, with the rules crate's message (what was expected, and where);
/// a suicide (`e4-`, `@-e4`), which has no destination and so cannot wait for its position.
#[wasm_bindgen(js_name = moveSquares)]
pub fn move_squares(
    #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
) -> Result<MoveSquaresValue, JsError> {
    let text = args::text("the move", text)?;
    match text.parse::<MoveText>()? {
        MoveText::Normal { role, from, to, .. } => to_js(&MoveSquares {
            from: from.to_string(),
            to: to.to_string(),
            role: role.map(|role| role.upper_char().to_string()),
        }),
        MoveText::Suicide { square, .. } => Err(JsError::new(&format!(
            "a suicide ({square}-) cannot be queued: it is played on its own turn"
        ))),
    }
}

/// What [`move_squares`] answers (`MoveSquares` in the `.d.ts`).
#[derive(Serialize)]
struct MoveSquares {
    from: String,
    to: String,
    role: Option<String>,
}

#[wasm_bindgen(typescript_custom_section)]
const MOVE_SQUARES_TYPE: &str = r##"
/** A move's squares as its text gives them (`moveSquares`), e.g. { from: "b1", to: "b8", role: "L" }. */
export interface MoveSquares {
  from: string;
  to: string;
  /** The piece letter the text gives, upper case, or null. */
  role: string | null;
}
"##;

#[wasm_bindgen]
extern "C" {
    /// `MoveSquares` in TypeScript.
    #[wasm_bindgen(typescript_type = "MoveSquares")]
    pub type MoveSquaresValue;
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

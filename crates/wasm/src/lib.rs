//! The JavaScript face of the `ultima` rules crate: a thin wasm-bindgen layer.
//!
//! Each method checks what JavaScript passes (`args`: any value of any type, answered with an
//! `Error` naming the argument when it is not what the `.d.ts` says), asks the rules crate, and
//! converts the answer. There is no game logic here: what is legal, what a move captures, check
//! and the result all come from `ultima`. Every error of the rules crate reaches JavaScript as an
//! `Error` whose message is the error's `Display`; no input makes this crate panic or trap.
//!
//! ```js
//! const game = new Game();              // the default start, default rules
//! game.legalMoves().length;             // 32
//! game.play("b2-b5");                   // "b2-b5" (canonical move text)
//! game.undo();                          // "b2-b5"
//! new Game("nonsense");                 // throws Error: <what is wrong, and where>
//! ```

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

mod args;

use serde::Serialize;
use ultima::{Color, Move, MoveList, Position, Rules, Square, StartSetup, Undone};
use ultima_engine::{Clock, Config, Deadline, Engine, Iteration, Level, Limits, NoHandler};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPESCRIPT_TYPES: &str = r#"
/** A side of the game. */
export type Side = "white" | "black";

/** A legal move, as the rules crate reports it. */
export interface MoveInfo {
  /** Canonical move text (RULES §6.2), e.g. "a1-a6xa2xa5", or "e4-" for a suicide. */
  text: string;
  /** The square the piece starts on, e.g. "a1" (for a suicide, the piece's square). */
  from: string;
  /** The square the piece arrives on, e.g. "a6"; null for a suicide. */
  to: string | null;
  /** Every square whose piece the move captures, in ascending square index, e.g. ["a2", "a5"]. */
  captures: string[];
  /** True for a suicide (a frozen piece removing itself from the board). */
  suicide: boolean;
}

/** One ply of the game so far, as `history()` reports it. */
export interface PlyInfo {
  /** Canonical move text, e.g. "a1-a6xa2xa5". */
  text: string;
  /** Display notation (RULES §6.2), e.g. "La1-a6 xa2 xa5+". */
  display: string;
  /** The square the piece started on, e.g. "a1". */
  from: string;
  /** The square the piece arrived on, or null for a suicide. */
  to: string | null;
  /** The squares whose pieces the move captured, e.g. ["a2", "a5"]. */
  captures: string[];
  /** The side that played it. */
  side: Side;
  /** The position string after the move. */
  position: string;
}

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

/** How a finished game ended. */
export interface GameResult {
  /** The winning side, or null for a draw. */
  winner: Side | null;
  /** Why the game ended, in words, e.g. "checkmate". */
  reason: string;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// `MoveInfo[]` in TypeScript.
    #[wasm_bindgen(typescript_type = "MoveInfo[]")]
    pub type MoveInfoArray;

    /// `PlyInfo[]` in TypeScript.
    #[wasm_bindgen(typescript_type = "PlyInfo[]")]
    pub type PlyInfoArray;

    /// `GameResult | null` in TypeScript.
    #[wasm_bindgen(typescript_type = "GameResult | null")]
    pub type GameResultOrNull;

    /// `AiMove` in TypeScript.
    #[wasm_bindgen(typescript_type = "AiMove")]
    pub type AiMoveValue;

    /// `Side` in TypeScript.
    #[wasm_bindgen(typescript_type = "Side")]
    pub type SideName;
}

/// Installs the panic hook once, when the module is instantiated, so that a panic (a bug) shows
/// its message and location in the console instead of "unreachable".
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// A game of Ultima: a position, the moves played, and the moves undone (for redo).
#[wasm_bindgen]
pub struct Game {
    game: ultima::Game,
}

#[wasm_bindgen]
impl Game {
    /// A new game from `position` (a position string, RULES §6.1; the default start if absent)
    /// under `rules` (rule options, e.g. "distance_1968"; the default rules if absent).
    ///
    /// # Errors
    /// A bad position string or unknown rule option, with the rules crate's message.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] position: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] rules: &JsValue,
    ) -> Result<Game, JsError> {
        let position = args::optional_text("the position string", position)?;
        let rules = parse_rules(rules)?;
        let position = match position.as_deref() {
            Some(text) => Position::from_fen(text, rules)?,
            None => Position::start(StartSetup::default(), rules),
        };
        Ok(Game {
            game: ultima::Game::new(position),
        })
    }

    /// A game read from a game record (RULES §6.2), positioned after its last move.
    ///
    /// # Errors
    /// A record that does not parse or holds an illegal move, with the rules crate's message.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
    ) -> Result<Game, JsError> {
        let game = ultima::Game::from_record(&args::text("the game record", text)?)?;
        Ok(Game { game })
    }

    /// A new game from a starting array (`setup`: "rotated", "mirrored" or "custom:da/eh") under
    /// `rules` (the default rules if absent).
    ///
    /// # Errors
    /// An unknown setup or rule option, with the rules crate's message.
    #[wasm_bindgen(js_name = fromSetup)]
    pub fn from_setup(
        #[wasm_bindgen(unchecked_param_type = "string")] setup: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] rules: &JsValue,
    ) -> Result<Game, JsError> {
        let setup = args::text("the setup", setup)?.parse::<StartSetup>()?;
        let rules = parse_rules(rules)?;
        Ok(Game {
            game: ultima::Game::new(Position::start(setup, rules)),
        })
    }

    /// The moves played so far (not those undone), each with its canonical and display text,
    /// its captures and the position string after it.
    ///
    /// # Errors
    /// Only if the list cannot be converted to JavaScript values.
    pub fn history(&self) -> Result<PlyInfoArray, JsError> {
        let mut pos = *self.game.start();
        let mut plies = Vec::with_capacity(self.game.moves().len());
        for &m in self.game.moves() {
            let display = pos.display_move(m);
            let side = pos.turn().name();
            pos.play_unchecked(m);
            plies.push(PlyInfo {
                display,
                side,
                position: pos.to_fen(),
                info: MoveInfo::from(m),
            });
        }
        to_js(&plies)
    }

    /// The position string the game started from.
    #[wasm_bindgen(js_name = startPosition)]
    pub fn start_position(&self) -> String {
        self.game.start().to_fen()
    }

    /// How many moves `redo()` can play again.
    #[wasm_bindgen(js_name = redoLength)]
    pub fn redo_length(&self) -> usize {
        self.game.redo_len()
    }

    /// The game record: headers and numbered moves (RULES §6.2).
    pub fn record(&self) -> String {
        self.game.to_record()
    }

    /// The current position string (RULES §6.1).
    pub fn position(&self) -> String {
        self.pos().to_fen()
    }

    /// The rule options in force, as text.
    pub fn rules(&self) -> String {
        self.game.rules().to_string()
    }

    /// The side to move: "white" or "black".
    pub fn turn(&self) -> SideName {
        JsValue::from_str(self.pos().turn().name()).unchecked_into()
    }

    /// Every legal move of the side to move; none once the game is over.
    ///
    /// # Errors
    /// Only if the list cannot be converted to JavaScript values.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Result<MoveInfoArray, JsError> {
        let moves = match self.is_over() {
            true => MoveList::new(),
            false => self.pos().legal_moves(),
        };
        to_js(&move_infos(&moves))
    }

    /// The legal moves of the piece on `square` (e.g. "a1"): none for an empty square, a piece
    /// of the side not to move, or once the game is over.
    ///
    /// # Errors
    /// A square that is not `a1`…`h8`.
    #[wasm_bindgen(js_name = legalMovesFrom)]
    pub fn legal_moves_from(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] square: &JsValue,
    ) -> Result<MoveInfoArray, JsError> {
        let square = parse_square(square)?;
        let moves = match self.is_over() {
            true => MoveList::new(),
            false => self.pos().legal_moves_from(square),
        };
        to_js(&move_infos(&moves))
    }

    /// Plays `text` (move text, RULES §6.2, or Game Courier's forms; the capture list may be
    /// left out) and returns the move's canonical text.
    ///
    /// # Errors
    /// Move text that does not parse, a move that is not legal here, or a finished game.
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
    ) -> Result<String, JsError> {
        let m = self.game.play_text(&args::text("the move text", text)?)?;
        Ok(m.to_string())
    }

    /// Takes back the last move and returns its text; after a resignation, takes back only the
    /// resignation and returns `undefined`, as it does at the start of the game.
    pub fn undo(&mut self) -> Option<String> {
        match self.game.undo()? {
            Undone::Move(m) => Some(m.to_string()),
            Undone::Verdict(_) => None,
        }
    }

    /// Plays again the last move taken back and returns its text, or `undefined` if none.
    pub fn redo(&mut self) -> Option<String> {
        self.game.redo().map(|m| m.to_string())
    }

    /// True when the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.pos().is_check()
    }

    /// The squares of the pieces giving check, e.g. ["e5"].
    pub fn checkers(&self) -> Vec<String> {
        self.pos()
            .checkers()
            .into_iter()
            .map(|sq| sq.to_string())
            .collect()
    }

    /// The squares of the frozen pieces (RULES §2.8), both sides, e.g. ["d4", "d5"].
    pub fn frozen(&self) -> Vec<String> {
        self.pos()
            .frozen()
            .into_iter()
            .map(|sq| sq.to_string())
            .collect()
    }

    /// The letter of the piece on `square` (RULES §2: upper case White, lower case Black), or
    /// `undefined` for an empty square.
    ///
    /// # Errors
    /// A square that is not `a1`…`h8`.
    #[wasm_bindgen(js_name = pieceAt)]
    pub fn piece_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] square: &JsValue,
    ) -> Result<Option<String>, JsError> {
        let square = parse_square(square)?;
        Ok(self.pos().piece_at(square).map(|p| p.char().to_string()))
    }

    /// The whole board as 64 piece letters, "" for an empty square, indexed a1=0, b1=1 … h8=63.
    pub fn board(&self) -> Vec<String> {
        let pos = self.pos();
        Square::all()
            .map(|sq| {
                pos.piece_at(sq)
                    .map(|p| p.char().to_string())
                    .unwrap_or_default()
            })
            .collect()
    }

    /// How the game ended, or `null` while it goes on.
    ///
    /// # Errors
    /// Only if the result cannot be converted to a JavaScript value.
    pub fn result(&self) -> Result<GameResultOrNull, JsError> {
        let result = self.game.outcome().map(|outcome| GameResult {
            winner: outcome.winner.map(Color::name),
            reason: outcome.reason.to_string(),
        });
        to_js(&result)
    }

    /// The side to move resigns; the game ends. `undo()` takes the resignation back.
    ///
    /// # Errors
    /// When the game is already over.
    pub fn resign(&mut self) -> Result<(), JsError> {
        let loser = self.pos().turn();
        self.game.resign(loser).map_err(JsError::from)
    }
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
    let pos = Position::from_fen(&position, parse_rules(rules)?)?;
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

impl Game {
    fn pos(&self) -> &Position {
        self.game.position()
    }

    fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }
}

/// A legal move as JavaScript sees it (`MoveInfo` in the `.d.ts`).
#[derive(Serialize)]
struct MoveInfo {
    text: String,
    from: String,
    to: Option<String>,
    captures: Vec<String>,
    suicide: bool,
}

impl From<Move> for MoveInfo {
    fn from(m: Move) -> MoveInfo {
        MoveInfo {
            text: m.to_string(),
            from: m.from().to_string(),
            to: m.to().map(|sq| sq.to_string()),
            captures: m.captures().into_iter().map(|sq| sq.to_string()).collect(),
            suicide: m.is_suicide(),
        }
    }
}

/// One ply of the game (`PlyInfo` in the `.d.ts`).
#[derive(Serialize)]
struct PlyInfo {
    #[serde(flatten)]
    info: MoveInfo,
    display: String,
    side: &'static str,
    position: String,
}

/// How a game ended (`GameResult` in the `.d.ts`).
#[derive(Serialize)]
struct GameResult {
    winner: Option<&'static str>,
    reason: String,
}

fn move_infos(moves: &[Move]) -> Vec<MoveInfo> {
    moves.iter().copied().map(MoveInfo::from).collect()
}

fn parse_square(value: &JsValue) -> Result<Square, JsError> {
    let text = args::text("the square", value)?;
    text.parse::<Square>().map_err(JsError::from)
}

/// Rule options given as text ("king_capture,distance_1968"), or the default rules when left out.
fn parse_rules(value: &JsValue) -> Result<Rules, JsError> {
    match args::optional_text("the rule options", value)? {
        Some(text) => Ok(text.parse::<Rules>()?),
        None => Ok(Rules::default()),
    }
}

/// Converts to a JavaScript value as JSON would (`None` becomes `null`, maps become objects),
/// typed as `T` for the `.d.ts`.
fn to_js<T: JsCast>(value: &impl Serialize) -> Result<T, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    let value = value.serialize(&serializer)?;
    Ok(value.unchecked_into())
}

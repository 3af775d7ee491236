//! The computer player: the engine in a Web Worker, for a move (`think`) or an analysis
//! (`analyse`). Both block until they are done, so they belong in a worker; to stop one, the
//! page ends the worker.

use crate::snapshot::PlyInfo;
use crate::{args, to_js};
use serde::Serialize;
use ultima::{Move, Position};
use ultima_engine::{Clock, Config, Deadline, Engine, Iteration, Level, Limits, Report, Score};
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

/** A score: centipawns (a Pawn is 100), or moves to mate (negative: mated). One is set. */
export interface Score {
  cp?: number;
  mate?: number;
}

/** One line of an analysis. */
export interface ReportLine {
  /** 1 for the best line, 2 for the next, … */
  multipv: number;
  /** For the side to move. */
  score: Score;
  /** From White's point of view. */
  white: Score;
  /** Canonical move text, the root move first. */
  pv: string[];
}

/** One completed iteration of an analysis (`Ai.analyse`), as `ultima analyse --json` prints it. */
export interface Report {
  /** The depth completed, in plies. */
  depth: number;
  /** The deepest ply reached, quiescence included. */
  seldepth: number;
  /** Nodes searched so far. */
  nodes: number;
  /** Milliseconds since the analysis started. */
  timeMs: number;
  /** Nodes per second so far. */
  nps: number;
  /** The best lines, best first. */
  lines: ReportLine[];
  /** For each line, its first moves (at most 12) as plies, as a snapshot has them (display
   * text, pieces, marks): written out in the worker, so that the page need not. Not in the
   * command line's output. */
  plies: PlyInfo[][];
}

/** One completed iteration of a search, passed to `Ai.think`'s `progress` callback. */
export interface AiProgress {
  /** The depth just completed, in plies. */
  depth: number;
  /** The score for the side to move, e.g. "+0.30". */
  score: string;
  /** The same score from White's point of view, as an analysis gives it (`ReportLine.white`). */
  white: Score;
  /** Nodes searched so far. */
  nodes: number;
  /** The principal variation, best move first. */
  pv: string[];
  /** The variation's first moves (at most 12) as plies, as a snapshot has them: written out
   * in the worker, as an analysis's lines are, so that the page draws them without a call
   * into the wasm. */
  plies: PlyInfo[];
}
"#;

#[wasm_bindgen]
extern "C" {
    /// `AiMove` in TypeScript.
    #[wasm_bindgen(typescript_type = "AiMove")]
    pub type AiMoveValue;

    /// `Report` in TypeScript.
    #[wasm_bindgen(typescript_type = "Report")]
    pub type ReportValue;
}

/// The plies of an analysis line written out for the page, at most this many.
const LINE_PLIES: usize = 12;

/// A report as the page gets it (`Report` in the `.d.ts`): the engine's, plus each line's first
/// moves as plies, so that the page draws the lines without a call into the wasm.
#[derive(Serialize)]
struct PageReport {
    #[serde(flatten)]
    report: Report,
    plies: Vec<Vec<PlyInfo>>,
}

/// The first moves (at most `LINE_PLIES`) of a line of play from `pos` as plies.
fn line_plies(pos: &Position, pv: &[Move]) -> Vec<PlyInfo> {
    let mut at = *pos;
    pv.iter()
        .take(LINE_PLIES)
        .map(|&m| {
            let ply = PlyInfo::new(&at, m);
            at.play_unchecked(m);
            ply
        })
        .collect()
}

impl PageReport {
    fn new(pos: &Position, info: &Iteration<'_>, elapsed_ms: f64) -> PageReport {
        let plies = info
            .lines
            .iter()
            .map(|line| line_plies(pos, &line.pv))
            .collect();
        PageReport {
            report: Report::new(pos, info, elapsed_ms),
            plies,
        }
    }
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
    /// hears each completed iteration. `seed` (a whole number from 0 to 2³²−1) chooses the
    /// noise in the judgement of levels 1–7 and of level 8's first moves
    /// (`Level::in_position`): one seed per game gives each game its own player,
    /// which answers a position the same way all game long; without it the seed is 0, so the
    /// same moves always meet the same answers.
    ///
    /// # Errors
    /// A record that does not parse or holds an illegal move, a level that is not a whole number
    /// from 1 to 8, a thinking time that is not a positive number, a `progress` that is not a
    /// function, a bad `seed`, a finished game, or a position with no legal move.
    pub fn think(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] record: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] level: &JsValue,
        #[wasm_bindgen(js_name = timeMs, unchecked_optional_param_type = "number | null")]
        time_ms: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "((progress: AiProgress) => void) | null")]
        progress: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] seed: &JsValue,
    ) -> Result<AiMoveValue, JsError> {
        let level = args::whole("the level", level, 1, 8)?;
        let level = u8::try_from(level)
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| JsError::new(&format!("level {level} is out of range (1 to 8)")))?;
        let Request {
            game,
            time_ms,
            progress,
        } = Request::read(record, time_ms, progress)?;
        let seed = args::optional_whole("the seed", seed, 0, u32::MAX)?;
        self.engine
            .set_seed(seed.map_or(Config::default().seed, u64::from));
        let (limits, deadline_ms) = level.limits_and_deadline(time_ms);
        let limits = level.in_position(limits, game.position());
        let report = |info: &Iteration<'_>, _elapsed_ms: f64| {
            if let Some(callback) = &progress {
                report_progress(callback, game.position(), info);
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

    /// Analyses the position the game `record` (RULES §6.2) has reached: the best `multipv`
    /// lines (1–32; fewer when there are fewer legal moves), deepening for `timeMs`
    /// milliseconds, or until the worker is ended when it is absent. `progress` hears each
    /// completed iteration as a `Report` (the shape `ultima analyse --json` prints). Returns
    /// the last report.
    ///
    /// # Errors
    /// A record that does not parse or holds an illegal move, a `multipv` that is not a whole
    /// number from 1 to 32, a time that is not a positive number, a `progress` that is not a
    /// function, or a finished game.
    pub fn analyse(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] record: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] multipv: &JsValue,
        #[wasm_bindgen(js_name = timeMs, unchecked_optional_param_type = "number | null")]
        time_ms: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "((report: Report) => void) | null")]
        progress: &JsValue,
    ) -> Result<ReportValue, JsError> {
        let multipv = args::whole("multipv", multipv, 1, 32)? as usize;
        let request = Request::read(record, time_ms, progress)?;
        let pos = *request.game.position();
        self.analyse_position(request, pos, multipv)
    }

    /// Analyses the threat in the position the game `record` has reached: what the other side
    /// would play if the side to move passed (`Position::passed`), its best line, as lichess's
    /// "show threat" does. The report is of the passed position (its lines are the other
    /// side's); `timeMs` and `progress` as for `analyse`.
    ///
    /// # Errors
    /// As `analyse`, a side to move in check, which cannot pass, and a position where the other
    /// side would have no legal move after the pass ("Black would have no legal move").
    #[wasm_bindgen(js_name = analyseThreat)]
    pub fn analyse_threat(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] record: &JsValue,
        #[wasm_bindgen(js_name = timeMs, unchecked_optional_param_type = "number | null")]
        time_ms: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "((report: Report) => void) | null")]
        progress: &JsValue,
    ) -> Result<ReportValue, JsError> {
        let request = Request::read(record, time_ms, progress)?;
        let passed =
            request.game.position().passed().ok_or_else(|| {
                JsError::new("the side to move is in check: the check is the threat")
            })?;
        // Nothing to search: the other side, after a pass, could not move at all (it would
        // lose at once), which the engine's report cannot say.
        if !passed.has_legal_move() {
            return Err(JsError::new(&format!(
                "{} would have no legal move",
                passed.turn().fold_wb("White", "Black")
            )));
        }
        self.analyse_position(request, passed, 1)
    }

    /// The search of `analyse` and `analyse_threat`: `pos` is the request's game's position,
    /// or the one after a pass.
    fn analyse_position(
        &mut self,
        request: Request,
        pos: Position,
        multipv: usize,
    ) -> Result<ReportValue, JsError> {
        let Request {
            game,
            time_ms,
            progress,
        } = request;
        let mut last: Option<PageReport> = None;
        let report = |info: &Iteration<'_>, elapsed_ms: f64| {
            let report = PageReport::new(&pos, info, elapsed_ms);
            if let (Some(callback), Ok(value)) = (&progress, to_js::<JsValue>(&report)) {
                // A throwing callback must not stop the analysis: its error is dropped.
                let _ = callback.call1(&JsValue::NULL, &value);
            }
            last = Some(report);
        };
        let limits = Limits {
            multipv,
            ..Limits::default()
        };
        let mut handler = Deadline::new(PerformanceClock::new()?, time_ms, report);
        self.engine
            .search(&pos, &game.history_hashes(), limits, &mut handler);
        drop(handler);
        let last = last.ok_or_else(|| JsError::new("the analysis ended before its first depth"))?;
        to_js(&last)
    }

    /// Forgets what the engine learnt (a new game).
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self) {
        self.engine.new_game();
    }
}

/// The arguments every search shares, checked in this order (the first bad one is reported):
/// the game record, which must parse and still be going on, the thinking time and the
/// progress callback.
struct Request {
    game: ultima::Game,
    time_ms: Option<f64>,
    progress: Option<js_sys::Function>,
}

impl Request {
    fn read(record: &JsValue, time_ms: &JsValue, progress: &JsValue) -> Result<Request, JsError> {
        let record = args::text("the game record", record)?;
        let time_ms = thinking_time(time_ms)?;
        let progress = callback(progress)?;
        let game = game_going_on(&record)?;
        Ok(Request {
            game,
            time_ms,
            progress,
        })
    }
}

/// An optional time in milliseconds: a positive number (at most a day), or absent.
fn thinking_time(value: &JsValue) -> Result<Option<f64>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(t) if t.is_finite() && t >= 1.0 => Ok(Some(t.min(86_400_000.0))),
        Some(t) => Err(JsError::new(&format!(
            "thinking time {t} ms is not a positive number"
        ))),
        None => Err(JsError::new(&format!(
            "the thinking time must be a number of milliseconds, not {}",
            args::describe(value)
        ))),
    }
}

/// An optional JavaScript callback.
fn callback(value: &JsValue) -> Result<Option<js_sys::Function>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value
        .clone()
        .dyn_into::<js_sys::Function>()
        .map(Some)
        .map_err(|p| {
            JsError::new(&format!(
                "progress must be a function, not {}",
                args::describe(&p)
            ))
        })
}

/// The game of a record, which must still be going on (there is a move to search).
fn game_going_on(record: &str) -> Result<ultima::Game, JsError> {
    let game = ultima::Game::from_record(record)?;
    match game.outcome() {
        Some(outcome) => Err(JsError::new(&format!(
            "the game is over ({})",
            outcome.reason
        ))),
        None => Ok(game),
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

/// Passes a completed iteration of a search of `pos` to `Ai.think`'s `progress` callback.
fn report_progress(callback: &js_sys::Function, pos: &Position, info: &Iteration<'_>) {
    let progress = AiProgress {
        depth: info.depth,
        score: info.score.to_string(),
        white: Score::of(info.score).from_white(pos.turn()),
        nodes: info.nodes as f64,
        pv: info.pv.iter().map(|m| m.to_string()).collect(),
        plies: line_plies(pos, info.pv),
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
    white: Score,
    nodes: f64,
    pv: Vec<String>,
    plies: Vec<PlyInfo>,
}

//! The snapshot: everything a page shows of a game, as one plain value.
//!
//! Every action of [`crate::Game`] answers with one [`Snapshot`], so JavaScript never asks many
//! small questions, never replays the history and never reads Rust's text to learn a rule: the
//! legal moves come grouped by their from-square with what each captures, and the game's status
//! is a tag. The ply list is built incrementally ([`Plies`]): a move adds one entry, so a move in
//! a long game costs no replay.

use serde::Serialize;
use std::collections::BTreeMap;
use ultima::{Capture, CaptureWay, Color, Move, MoveMark, Outcome, Position, Reason, Square};
use wasm_bindgen::prelude::*;

/// The TypeScript declarations of the values below (they become part of the `.d.ts`).
#[wasm_bindgen(typescript_custom_section)]
const TYPESCRIPT: &str = r#"
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
  /** How it takes each piece, in the order of `captures` (`Position::captures_explained`). */
  ways: CaptureWayInfo[];
}

/** One ply of the game. */
export interface PlyInfo extends MoveInfo {
  /** Display notation (RULES §6.2), e.g. "La1-a6 xa2 xa5+". */
  display: string;
  /** The letter of the piece that moved, e.g. "L" (upper case White, lower case Black). */
  piece: string;
  /** The letters of the pieces it captured, in the order of `captures`, e.g. ["p", "p"]. */
  captured: string[];
  /** The move's mark in the display form (RULES §6.2): "check" (`+`), "mate" (`#`: checkmate,
   * or under `king_capture` the capture of the King), or null (a stalemating move too). */
  mark: "check" | "mate" | null;
  /** The side that played it. */
  side: Side;
  /** The move's number as the record writes it, e.g. 30 for "30... d7-d6": a game from a
   * position string starts at that position's move number, with either side. */
  number: number;
  /** The position string after the move. */
  position: string;
}

/** How a move took one piece (RULES §2). */
export interface CaptureWayInfo {
  /** "displacement": stepped onto it (a King); "withdrawal": moved directly away from it (a
   * Withdrawer); "coordination": it stood on a corner of the rectangle of the mover and its own
   * King (a Coordinator); "leap": leapt over it (a Long Leaper); "pinch": pinched it against its
   * own piece beyond (a Pawn). A Chameleon takes each piece by that piece's own way. */
  way: "displacement" | "withdrawal" | "coordination" | "leap" | "pinch";
  /** The square of the piece the capture worked with: the King a Coordinator coordinated with,
   * the piece a Pawn pinched against, e.g. "c2"; null for the other ways. */
  with: string | null;
  /** The letter of the piece on `with`, e.g. "K"; null with it. */
  withPiece: string | null;
  /** True when a Chameleon made it, imitating its victim. */
  imitated: boolean;
}

/**
 * How a game stands. `winner` is null for a draw and while the game goes on. `king_captured`
 * happens only under the `king_capture` rule; `agreement` only from a record that says so;
 * `timeout` when a player's time ran out (`Game.flag`), and `timeout_draw` when it ran out but
 * the other side has only its King and so cannot win.
 */
export interface Status {
  kind: "ongoing" | "checkmate" | "stalemate" | "king_captured" | "resignation" | "repetition" | "move_limit" | "bare_kings" | "agreement" | "timeout" | "timeout_draw";
  winner: Side | null;
  /** The record's result: "1-0", "0-1", "1/2-1/2", or "*" while the game goes on. */
  result: "1-0" | "0-1" | "1/2-1/2" | "*";
}

/** Everything a page shows of a game, after one action. Plain data: keep it, never change it. */
export interface Snapshot {
  /** The plies played to reach the position described: `plies.length` for the game's current
   * position, fewer for an earlier one (`Game.at`). */
  ply: number;
  /** 64 piece letters, "" for an empty square, indexed a1=0, b1=1 … h8=63. */
  pieces: string[];
  /** The side to move in the position described. */
  turn: Side;
  /** The legal moves by from-square, e.g. { "a1": [ … ] }: none once the game is over. */
  moves: Record<string, MoveInfo[]>;
  /** The squares of the frozen pieces, both sides, e.g. ["d4", "d5"]. */
  frozen: string[];
  /** What freezes each frozen piece, by its square: the enemy Immobilizers next to it (and for
   * an Immobilizer the enemy Chameleons), e.g. { "d4": ["d5"], "d5": ["d4"] }. */
  frozenBy: Record<string, string[]>;
  /** The square of the King in check, or null. */
  check: string | null;
  /** The squares of the pieces giving check, e.g. ["e5"]. */
  checkers: string[];
  /** The side to move's pieces the other side could capture if it were its turn (in check, the
   * King), e.g. ["d4", "d6"]: none once the game is over. */
  threatened: string[];
  /** The game's status (of the whole game, also when an earlier position is described). */
  status: Status;
  /** Every ply played in the game (not those undone). */
  plies: PlyInfo[];
  /** How many plies `redo` can play again. */
  redo: number;
  /** True when `undo` would change something: a ply to take back, a resignation or a flag. */
  canUndo: boolean;
  /** The position string of the position described (RULES §6.1). */
  position: string;
  /** The position string the game started from. */
  start: string;
  /** The rule options in force, e.g. "default" or "king_capture,distance_1968". */
  rules: string;
  /** The record's headers other than the game's own (Setup, Rules, Result, Termination), in
   * record order, e.g. [["White", "Ann"], ["Hints", "2"]]. */
  headers: [string, string][];
  /** The game record (RULES §6.2), enough to rebuild the game anywhere. */
  record: string;
}
"#;

/// A legal move (`MoveInfo` in the `.d.ts`).
#[derive(Clone, Serialize)]
pub struct MoveInfo {
    text: String,
    from: String,
    to: Option<String>,
    captures: Vec<String>,
    suicide: bool,
    ways: Vec<CaptureWayInfo>,
}

impl MoveInfo {
    /// `m`, a legal move of `pos`.
    pub(crate) fn new(pos: &Position, m: Move) -> MoveInfo {
        MoveInfo {
            text: m.to_string(),
            from: m.from().to_string(),
            to: m.to().map(|sq| sq.to_string()),
            captures: m.captures().into_iter().map(|sq| sq.to_string()).collect(),
            suicide: m.is_suicide(),
            ways: pos
                .captures_explained(m)
                .iter()
                .map(|capture| CaptureWayInfo::new(pos, capture))
                .collect(),
        }
    }
}

/// How a move took one piece (`CaptureWayInfo` in the `.d.ts`).
#[derive(Clone, Serialize)]
pub struct CaptureWayInfo {
    way: &'static str,
    with: Option<String>,
    #[serde(rename = "withPiece")]
    with_piece: Option<String>,
    imitated: bool,
}

impl CaptureWayInfo {
    /// `capture`, of a move played from `before`.
    fn new(before: &Position, capture: &Capture) -> CaptureWayInfo {
        let (way, with) = match capture.way {
            CaptureWay::Displacement => ("displacement", None),
            CaptureWay::Withdrawal => ("withdrawal", None),
            CaptureWay::Coordination { king } => ("coordination", Some(king)),
            CaptureWay::Leap => ("leap", None),
            CaptureWay::Pinch { partner } => ("pinch", Some(partner)),
        };
        CaptureWayInfo {
            way,
            with: with.map(|sq| sq.to_string()),
            with_piece: with
                .and_then(|sq| before.piece_at(sq))
                .map(|p| p.char().to_string()),
            imitated: capture.imitated,
        }
    }
}

/// One ply (`PlyInfo` in the `.d.ts`).
#[derive(Clone, Serialize)]
pub struct PlyInfo {
    #[serde(flatten)]
    info: MoveInfo,
    display: String,
    piece: String,
    captured: Vec<String>,
    mark: Option<&'static str>,
    side: &'static str,
    number: u32,
    position: String,
}

impl PlyInfo {
    /// The move's canonical text.
    pub(crate) fn text(&self) -> &str {
        &self.info.text
    }

    /// `m` played from `before`.
    pub(crate) fn new(before: &Position, m: Move) -> PlyInfo {
        let letter = |sq: Square| before.piece_at(sq).map(|p| p.char().to_string());
        let mut after = *before;
        after.play_unchecked(m);
        PlyInfo {
            display: before.display_move(m),
            piece: letter(m.from()).unwrap_or_default(),
            captured: m.captures().into_iter().filter_map(letter).collect(),
            mark: before.move_mark(m).map(|mark| match mark {
                MoveMark::Check => "check",
                MoveMark::Mate => "mate",
            }),
            side: before.turn().name(),
            number: before.fullmoves(),
            position: after.to_fen(),
            info: MoveInfo::new(before, m),
        }
    }
}

/// The ply list of a game, kept in step with it: each action adds or drops only the plies that
/// changed, so no action replays the game.
#[derive(Default)]
pub struct Plies(Vec<PlyInfo>);

impl Plies {
    /// Brings the list in step with `game`'s moves, reusing the entries that still match.
    pub fn sync(&mut self, game: &ultima::Game) {
        let moves = game.moves();
        let same = self
            .0
            .iter()
            .zip(moves)
            .take_while(|(ply, m)| ply.info.text == m.to_string())
            .count();
        self.0.truncate(same);
        let positions = game.positions();
        for (i, &m) in moves.iter().enumerate().skip(same) {
            self.0.push(PlyInfo::new(&positions[i], m));
        }
    }
}

/// The status (`Status` in the `.d.ts`).
#[derive(Serialize)]
struct Status {
    kind: &'static str,
    winner: Option<&'static str>,
    result: &'static str,
}

impl Status {
    fn of(outcome: Option<Outcome>) -> Status {
        let Some(outcome) = outcome else {
            return Status {
                kind: "ongoing",
                winner: None,
                result: "*",
            };
        };
        Status {
            kind: match outcome.reason {
                Reason::Checkmate => "checkmate",
                Reason::Stalemate => "stalemate",
                Reason::KingCaptured => "king_captured",
                Reason::Resignation => "resignation",
                Reason::Repetition => "repetition",
                Reason::MoveLimit => "move_limit",
                Reason::BareKings => "bare_kings",
                Reason::Agreement => "agreement",
                Reason::Timeout => "timeout",
                Reason::TimeoutCannotWin => "timeout_draw",
            },
            winner: outcome.winner.map(Color::name),
            result: outcome.result_text(),
        }
    }
}

/// Everything a page shows (`Snapshot` in the `.d.ts`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot<'a> {
    ply: usize,
    pieces: Vec<String>,
    turn: &'static str,
    moves: BTreeMap<String, Vec<MoveInfo>>,
    frozen: Vec<String>,
    frozen_by: BTreeMap<String, Vec<String>>,
    check: Option<String>,
    checkers: Vec<String>,
    threatened: Vec<String>,
    status: Status,
    plies: &'a [PlyInfo],
    redo: usize,
    can_undo: bool,
    position: String,
    start: String,
    rules: String,
    headers: &'a [(String, String)],
    record: String,
}

impl<'a> Snapshot<'a> {
    /// The snapshot of `game` after `ply` plies (its current position when `ply` is the number
    /// of plies played). `plies` must be in step with `game` ([`Plies::sync`]).
    pub fn of(game: &'a ultima::Game, plies: &'a Plies, ply: usize) -> Snapshot<'a> {
        let pos = &game.positions()[ply.min(game.moves().len())];
        let outcome = game.outcome();
        let mut moves: BTreeMap<String, Vec<MoveInfo>> = BTreeMap::new();
        if outcome.is_none() {
            for m in pos.legal_moves() {
                moves
                    .entry(m.from().to_string())
                    .or_default()
                    .push(MoveInfo::new(pos, m));
            }
        }
        let names = |squares: ultima::Bitboard| squares.into_iter().map(|sq| sq.to_string());
        Snapshot {
            ply,
            pieces: Square::all()
                .map(|sq| {
                    pos.piece_at(sq)
                        .map(|p| p.char().to_string())
                        .unwrap_or_default()
                })
                .collect(),
            turn: pos.turn().name(),
            moves,
            frozen: names(pos.frozen()).collect(),
            frozen_by: pos
                .frozen()
                .into_iter()
                .map(|sq| (sq.to_string(), names(pos.board().freezers(sq)).collect()))
                .collect(),
            check: pos
                .is_check()
                .then(|| pos.board().king_of(pos.turn()))
                .flatten()
                .map(|sq| sq.to_string()),
            checkers: names(pos.checkers()).collect(),
            threatened: if outcome.is_none() {
                names(pos.threatened()).collect()
            } else {
                Vec::new()
            },
            status: Status::of(outcome),
            plies: &plies.0,
            redo: game.redo_len(),
            can_undo: !game.moves().is_empty()
                || matches!(
                    outcome.map(|o| o.reason),
                    Some(
                        Reason::Resignation
                            | Reason::Agreement
                            | Reason::Timeout
                            | Reason::TimeoutCannotWin
                    )
                ),
            position: pos.to_fen(),
            start: game.start().to_fen(),
            rules: game.rules().to_string(),
            headers: game.headers(),
            record: game.to_record(),
        }
    }
}

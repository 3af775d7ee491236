//! The rules of Ultima (Baroque chess, Robert Abbott, 1962) as the project's `RULES.md`
//! states them: move generation with every piece's own captures, freezing, suicide, check,
//! results and draws, the rule options, the position string, move text and game records.
//!
//! This crate is the single source of truth for the game: the web interface, the AI, the
//! embeds and the CLI all ask it. It is pure Rust with no I/O and compiles to wasm32.
//!
//! # Example
//!
//! ```
//! use ultima::{Game, Position, Rules};
//!
//! // The default start: White has 32 moves, all Pawn moves (RULES §7, example 1).
//! let pos = Position::default();
//! assert_eq!(pos.legal_moves().len(), 32);
//!
//! // A Long Leaper takes two Pawns in one move.
//! let pos = Position::from_fen("4k3/8/8/p7/8/8/p7/L3K3 w", Rules::default())?;
//! let mut game = Game::new(pos);
//! let m = game.position().parse_move("a1-a6")?;
//! assert_eq!(m.to_string(), "a1-a6xa2xa5");
//! game.play(m)?;
//! assert_eq!(game.position().to_fen(), "4k3/8/L7/8/8/8/8/4K3 b 0 1");
//! game.undo();
//! assert_eq!(game.position().to_fen(), "4k3/8/8/p7/8/8/p7/L3K3 w 0 1");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]

pub mod attacks;
mod bitboard;
mod board;
mod check;
mod color;
mod explain;
mod fen;
mod game;
mod link;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod position;
mod role;
mod rules;
mod square;
mod text;
mod zobrist;

pub use bitboard::{Bitboard, Squares};
pub use board::Board;
pub use color::{ByColor, Color};
pub use explain::{Capture, CaptureWay};
pub use fen::{FenError, ParseFenError, ParseFenErrorKind, PositionError, Setup};
pub use game::{
    Game, GameError, Glyph, LineNote, MoveNote, RecordError, RecordNotes, SideLineError, Undone,
};
pub use link::{LinkError, LINK_VERSION, MAX_LINK_CHARS, MAX_LINK_PLIES};
pub use moves::{Move, MoveList, MAX_MOVES};
pub use outcome::{Outcome, PositionOutcome, Reason, Repetitions};
pub use perft::{divide, perft};
pub use position::{KingTest, PlayError, Position, Undo};
pub use role::{Piece, Role};
pub use rules::{ParseRulesError, ParseStartSetupError, Rules, SideArray, StartSetup};
pub use square::{ParseSquareError, Square};
pub use text::{MoveError, MoveMark, MoveText, ParseMoveError};

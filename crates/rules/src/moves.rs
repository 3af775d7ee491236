//! Moves and move lists.

use crate::{Bitboard, Role, Square};
use arrayvec::ArrayVec;
use core::fmt;

/// A move, carrying everything it does, so that it prints without its position.
///
/// Its [`Display`](fmt::Display) is the canonical text of RULES §6.2: `b1-b8xb2xb4xb7`,
/// captured squares in ascending index order, and `e4-` for a suicide.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// A piece travels from `from` to `to` and captures the pieces on `captures`.
    Normal {
        role: Role,
        from: Square,
        to: Square,
        captures: Bitboard,
    },
    /// A frozen piece is removed from the board by its owner (RULES §2.8).
    Suicide { role: Role, square: Square },
}

impl Move {
    /// The role of the piece that moves (or is removed).
    #[inline]
    pub fn role(self) -> Role {
        match self {
            Move::Normal { role, .. } | Move::Suicide { role, .. } => role,
        }
    }

    /// The square the piece starts from.
    #[inline]
    pub fn from(self) -> Square {
        match self {
            Move::Normal { from, .. } => from,
            Move::Suicide { square, .. } => square,
        }
    }

    /// The destination, or `None` for a suicide.
    #[inline]
    pub fn to(self) -> Option<Square> {
        match self {
            Move::Normal { to, .. } => Some(to),
            Move::Suicide { .. } => None,
        }
    }

    /// The squares of the enemy pieces this move captures.
    #[inline]
    pub fn captures(self) -> Bitboard {
        match self {
            Move::Normal { captures, .. } => captures,
            Move::Suicide { .. } => Bitboard::EMPTY,
        }
    }

    #[inline]
    pub fn is_suicide(self) -> bool {
        matches!(self, Move::Suicide { .. })
    }

    #[inline]
    pub fn is_capture(self) -> bool {
        self.captures().any()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal {
                from, to, captures, ..
            } => {
                write!(f, "{from}-{to}")?;
                for sq in captures {
                    write!(f, "x{sq}")?;
                }
                Ok(())
            }
            Move::Suicide { square, .. } => write!(f, "{square}-"),
        }
    }
}

/// The most moves a position can have. Positions hold at most 16 pieces a side
/// ([`crate::PositionError`]); fifteen queen-line pieces reach at most 27 squares each and a
/// King 8, so 432 bounds every list.
pub const MAX_MOVES: usize = 432;

/// A list of moves on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

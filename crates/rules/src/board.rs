//! Piece placement.

use crate::attacks::neighbourhood;
use crate::{Bitboard, Color, Move, Piece, Role, Square};
use core::fmt;

/// Where the pieces stand: one bitboard per role and per colour, and how many pieces each
/// colour has of each role.
///
/// The counts are kept as pieces come and go because the engine's evaluation asks for all
/// fourteen at every node, and counting a bitboard's bits is a dozen instructions in the
/// baseline x86-64 target, which has no popcount instruction.
///
/// A `Board` says nothing about whose turn it is or whether the placement could arise in a
/// game; [`crate::Position`] adds that.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    by_role: [Bitboard; 7],
    by_color: [Bitboard; 2],
    /// By colour, then role: always the bit counts of [`Board::pieces`].
    counts: [[u8; 7]; 2],
}

impl Board {
    /// A board with no pieces.
    pub fn empty() -> Board {
        Board::default()
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_role[role.index()] & self.by_color[color.index()]
    }

    /// How many pieces of `color` and `role` there are: `pieces(color, role).count()`, kept
    /// as pieces come and go.
    #[inline]
    pub fn count(&self, color: Color, role: Role) -> u32 {
        u32::from(self.counts[color.index()][role.index()])
    }

    /// The square of `color`'s King, if it has exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.pieces(color, Role::King).single()
    }

    /// The role standing on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        // A plain loop: iterator adaptors are not inlined in the wasm build.
        let mut i = 0;
        while i < 7 {
            if self.by_role[i].contains(sq) {
                return Some(Role::ALL[i]);
            }
            i += 1;
        }
        None
    }

    /// The colour of the piece on `sq`, if any.
    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Some(Piece {
            color: self.color_at(sq)?,
            role: self.role_at(sq)?,
        })
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, color: Color, role: Role) {
        let b = Bitboard::from_square(sq);
        self.by_role[role.index()] |= b;
        self.by_color[color.index()] |= b;
        self.counts[color.index()][role.index()] += 1;
    }

    /// Takes the piece of `color` and `role` off `sq`.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square, color: Color, role: Role) {
        let b = !Bitboard::from_square(sq);
        self.by_role[role.index()] &= b;
        self.by_color[color.index()] &= b;
        self.counts[color.index()][role.index()] -= 1;
    }

    /// Plays `m`, a move of `us`, on the placement alone: its captures leave the board, then
    /// its piece travels (or, for a suicide, leaves). `toggled` hears each piece put on or
    /// taken off a square, captured pieces first in square order, so that the caller keeps
    /// what it needs (a hash, the roles [`crate::Position::undo`] puts back).
    ///
    /// The one place where a move changes a board: [`crate::Position::play_unchecked`] and
    /// the King-safety tests both call it. Inlined, so that a caller that needs nothing pays
    /// nothing for `toggled`.
    #[inline]
    pub(crate) fn play<F: FnMut(Color, Role, Square)>(
        &mut self,
        us: Color,
        m: Move,
        mut toggled: F,
    ) {
        match m {
            Move::Normal {
                role,
                from,
                to,
                captures,
            } => {
                for sq in captures {
                    if let Some(victim) = self.role_at(sq) {
                        self.take(sq, !us, victim);
                        toggled(!us, victim, sq);
                    }
                }
                self.take(from, us, role);
                self.put(to, us, role);
                toggled(us, role, from);
                toggled(us, role, to);
            }
            Move::Suicide { role, square } => {
                self.take(square, us, role);
                toggled(us, role, square);
            }
        }
    }

    /// Places `piece` on `sq`, replacing whatever stood there.
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece) {
        self.remove_piece_at(sq);
        self.put(sq, piece.color, piece.role);
    }

    /// Removes and returns the piece on `sq`.
    pub fn remove_piece_at(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.take(sq, piece.color, piece.role);
        Some(piece)
    }

    /// The pieces of `color` that are frozen (RULES §2.8): next to an enemy Immobilizer, or,
    /// for an Immobilizer, next to an enemy Chameleon.
    #[inline]
    pub fn frozen(&self, color: Color) -> Bitboard {
        let them = !color;
        let own = self.by_color(color);
        (own & neighbourhood(self.pieces(them, Role::Immobilizer)))
            | (self.pieces(color, Role::Immobilizer)
                & neighbourhood(self.pieces(them, Role::Chameleon)))
    }

    /// The pieces that freeze the piece on `sq` (RULES §2.8): the enemy Immobilizers next to
    /// it, and for an Immobilizer the enemy Chameleons next to it too. Empty for an empty square
    /// and for a piece that is not frozen: [`Board::frozen`] holds exactly the pieces that have
    /// some. What a screen reader says of a frozen piece picked up, which the board shows only
    /// as a mark on its square.
    pub fn freezers(&self, sq: Square) -> Bitboard {
        let Some(piece) = self.piece_at(sq) else {
            return Bitboard::EMPTY;
        };
        let them = !piece.color;
        let mut by = self.pieces(them, Role::Immobilizer);
        if piece.role == Role::Immobilizer {
            by |= self.pieces(them, Role::Chameleon);
        }
        by & neighbourhood(Bitboard::from_square(sq))
    }

    /// All pieces with their squares, in square order.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .into_iter()
            .filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }
}

/// Rank 8 on top, `.` for an empty square.
impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("on the board");
                let c = self.piece_at(sq).map_or('.', Piece::char);
                write!(f, "{c}{}", if file < 7 { ' ' } else { '\n' })?;
            }
        }
        Ok(())
    }
}

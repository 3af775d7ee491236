//! The one score type of the engine: centipawns from the side to move's point of view, or a
//! distance to mate.

use core::fmt;
use core::ops::Neg;

/// A score in centipawns (a Pawn is 100) from the point of view of the side to move, or a
/// mate score.
///
/// Mate scores sit at the ends of the range: `Eval::MATE - n` means the side to move wins
/// `n` plies from the root, `-Eval::MATE + n` that it loses after `n` plies. In Ultima a side
/// with no legal move loses, so "mate" here covers checkmate and stalemate alike
/// (RULES §4), and under `king_capture` the capture of the King.
///
/// # Examples
///
/// ```
/// use ultima_engine::{Eval, EvalKind};
/// assert_eq!(Eval::cp(125).to_string(), "+1.25");
/// assert_eq!(Eval::cp(-30).to_string(), "-0.30");
/// assert_eq!(Eval::mate_in(5).to_string(), "M3");
/// assert_eq!(Eval::mated_in(4).to_string(), "-M2");
/// assert_eq!(Eval::mate_in(5).kind(), EvalKind::MateIn(3));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Eval(pub i16);

/// What a score means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EvalKind {
    /// Centipawns for the side to move.
    Centipawns(i16),
    /// The side to move wins in this many of its own moves.
    MateIn(u16),
    /// The side to move loses after this many of its own moves (0: it has lost already).
    MatedIn(u16),
}

/// The deepest ply the search ever reaches; mate scores leave room for it.
pub const MAX_PLY: usize = 128;

impl Eval {
    /// The score of a mate on the board (the side to move has lost: `-MATE`).
    pub const MATE: i16 = 32000;
    /// Above every score, for the search window.
    pub const INFINITE: Eval = Eval(32001);
    /// A draw.
    pub const DRAW: Eval = Eval(0);
    /// Scores at or beyond this magnitude are mate scores.
    pub const MATE_BOUND: i16 = Eval::MATE - MAX_PLY as i16;

    /// A centipawn score, clamped clear of the mate range.
    #[inline]
    pub const fn cp(cp: i32) -> Eval {
        let max = Eval::MATE_BOUND as i32 - 1;
        Eval(if cp > max {
            max
        } else if cp < -max {
            -max
        } else {
            cp
        } as i16)
    }

    /// The side to move wins `plies` plies from here.
    #[inline]
    pub const fn mate_in(plies: u32) -> Eval {
        Eval(Eval::MATE - plies as i16)
    }

    /// The side to move loses `plies` plies from here.
    #[inline]
    pub const fn mated_in(plies: u32) -> Eval {
        Eval(-Eval::MATE + plies as i16)
    }

    /// Whether this is a mate score (either side).
    #[inline]
    pub const fn is_mate(self) -> bool {
        self.0 >= Eval::MATE_BOUND || self.0 <= -Eval::MATE_BOUND
    }

    /// The plies to the end for a mate score.
    #[inline]
    pub const fn mate_plies(self) -> Option<u32> {
        if self.0 >= Eval::MATE_BOUND {
            Some((Eval::MATE - self.0) as u32)
        } else if self.0 <= -Eval::MATE_BOUND {
            Some((Eval::MATE + self.0) as u32)
        } else {
            None
        }
    }

    /// What the score means, mates counted in moves of the side to move.
    pub const fn kind(self) -> EvalKind {
        if self.0 >= Eval::MATE_BOUND {
            EvalKind::MateIn(((Eval::MATE - self.0 + 1) / 2) as u16)
        } else if self.0 <= -Eval::MATE_BOUND {
            EvalKind::MatedIn(((Eval::MATE + self.0) / 2) as u16)
        } else {
            EvalKind::Centipawns(self.0)
        }
    }

    /// A score stored `ply` plies below the root, made relative to the node (for the
    /// transposition table).
    #[inline]
    pub(crate) fn to_tt(self, ply: usize) -> Eval {
        if self.0 >= Eval::MATE_BOUND {
            Eval(self.0 + ply as i16)
        } else if self.0 <= -Eval::MATE_BOUND {
            Eval(self.0 - ply as i16)
        } else {
            self
        }
    }

    /// The inverse of [`Eval::to_tt`].
    #[inline]
    pub(crate) fn out_of_tt(self, ply: usize) -> Eval {
        if self.0 >= Eval::MATE_BOUND {
            Eval(self.0 - ply as i16)
        } else if self.0 <= -Eval::MATE_BOUND {
            Eval(self.0 + ply as i16)
        } else {
            self
        }
    }
}

impl Neg for Eval {
    type Output = Eval;
    #[inline]
    fn neg(self) -> Eval {
        Eval(-self.0)
    }
}

/// `+1.25` for centipawns, `M3` for a mate in three moves, `-M2` for being mated in two.
impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            EvalKind::Centipawns(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                let a = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
            EvalKind::MateIn(n) => write!(f, "M{n}"),
            EvalKind::MatedIn(n) => write!(f, "-M{n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_and_kinds() {
        assert_eq!(Eval::cp(0).to_string(), "+0.00");
        assert_eq!(Eval::cp(-5).to_string(), "-0.05");
        assert_eq!(Eval::cp(1234).to_string(), "+12.34");
        assert_eq!(Eval::mate_in(1).to_string(), "M1");
        assert_eq!(Eval::mate_in(3).to_string(), "M2");
        assert_eq!(Eval::mated_in(0).to_string(), "-M0");
        assert_eq!(Eval::mated_in(2).to_string(), "-M1");
        assert!(Eval::mate_in(10).is_mate() && !Eval::cp(30000).is_mate());
        assert_eq!(-Eval::mate_in(3), Eval::mated_in(3));
    }

    #[test]
    fn tt_round_trip() {
        for e in [Eval::cp(50), Eval::mate_in(7), Eval::mated_in(4)] {
            assert_eq!(e.to_tt(5).out_of_tt(5), e);
        }
        assert_eq!(Eval::mate_in(7).to_tt(3), Eval::mate_in(4));
    }
}

//! Sets of squares as 64-bit masks.

use crate::Square;
use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares, bit `i` standing for the square of index `i`. Iteration yields the
/// squares in ascending index order, which is the order of captures in move text (RULES §6.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(!0);

    /// The set holding only `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1 << sq.index()))
    }

    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_masked(self.0.trailing_zeros()))
        }
    }

    /// The highest square, if any.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_masked(63 - self.0.leading_zeros()))
        }
    }

    /// The only square of a one-square set; `None` for an empty or larger set.
    #[inline]
    pub const fn single(self) -> Option<Square> {
        // Not `count_ones() == 1`: the baseline x86-64 target has no popcount instruction,
        // and this runs for every King lookup.
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            self.first()
        } else {
            None
        }
    }

    /// Whether the set holds exactly two squares: `count() == 2` without a bit count (see
    /// [`Bitboard::single`]), for the bare-Kings test the search makes at every node.
    #[inline]
    pub const fn is_pair(self) -> bool {
        let rest = self.0 & self.0.wrapping_sub(1);
        self.0 != 0 && rest != 0 && rest & (rest - 1) == 0
    }

    /// Removes and returns the lowest square.
    #[inline]
    pub fn pop_front(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline]
    fn into_iter(self) -> Squares {
        Squares(self)
    }
}

/// The squares of a [`Bitboard`], in ascending index order.
#[derive(Clone, Debug)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_front()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// An 8×8 sketch, rank 8 on top, `1` for a member.
impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let bit = self.0 >> (rank * 8 + file) & 1;
                f.write_str(if bit == 1 { "1" } else { "." })?;
                f.write_str(if file < 7 { " " } else { "\n" })?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcuts agree with a bit count on sets of every size, edges included.
    #[test]
    fn single_and_pair_agree_with_count() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut sets = vec![0, 1, 1 << 63, 3, (1 << 63) | 1, !0, 0b1011];
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Sparse sets too: two or three random squares.
            let sparse = (1u64 << (x & 63)) | (1u64 << (x >> 8 & 63)) | (x >> 62) << (x >> 16 & 1);
            sets.extend([x, x & (x >> 11) & (x >> 23), sparse]);
        }
        for bits in sets {
            let b = Bitboard(bits);
            assert_eq!(b.single().is_some(), b.count() == 1, "{bits:#x}");
            assert_eq!(b.is_pair(), b.count() == 2, "{bits:#x}");
            if b.count() == 1 {
                assert_eq!(b.single(), b.first());
            }
        }
    }
}

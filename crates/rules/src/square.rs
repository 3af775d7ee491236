//! Squares of the 8×8 board, `a1` = 0 … `h8` = 63 (RULES §1).

use core::fmt;
use core::str::FromStr;

/// A square of the board. It always holds an index below 64: the only ways in are the
/// checked constructors, so "square 64" cannot exist.
///
/// # Examples
///
/// ```
/// use ultima::Square;
/// let e4: Square = "e4".parse()?;
/// assert_eq!(e4.index(), 28);
/// assert_eq!(e4.file(), 4);
/// assert_eq!(e4.rank(), 3);
/// assert_eq!(e4.to_string(), "e4");
/// # Ok::<_, ultima::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square of an index `0..64`, or `None`.
    #[inline]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 64 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square of an index that the caller knows is below 64 (masked to be safe).
    #[inline]
    pub(crate) const fn new_masked(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1), or `None` off the board.
    #[inline]
    pub const fn from_coords(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square((rank * 8 + file) as u8))
        } else {
            None
        }
    }

    /// Index `0..64`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File `0..8` (0 = a).
    #[inline]
    pub const fn file(self) -> i32 {
        (self.0 & 7) as i32
    }

    /// Rank `0..8` (0 = rank 1).
    #[inline]
    pub const fn rank(self) -> i32 {
        (self.0 >> 3) as i32
    }

    /// The square `df` files and `dr` ranks away, or `None` off the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::from_coords(self.file() + df, self.rank() + dr)
    }

    /// Chebyshev distance: the number of king steps between two squares.
    #[inline]
    pub fn distance(self, other: Square) -> u32 {
        (self.file() - other.file())
            .unsigned_abs()
            .max((self.rank() - other.rank()).unsigned_abs())
    }

    /// All 64 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file() as u8) as char,
            (b'1' + self.rank() as u8) as char
        )
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A text that is not a square name like `e4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    pub text: String,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a square (expected a file a-h and a rank 1-8, like e4)",
            self.text
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Square((r - b'1') * 8 + (f - b'a'))),
            _ => Err(ParseSquareError {
                text: s.chars().take(16).collect(),
            }),
        }
    }
}

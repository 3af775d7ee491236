//! The two sides.

use core::fmt;
use core::ops::Not;

/// White or Black. White moves first (RULES §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// Picks `white` or `black` according to the colour.
    #[inline]
    pub fn fold_wb<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }

    /// `w` or `b`, as in the position string.
    pub fn char(self) -> char {
        self.fold_wb('w', 'b')
    }

    /// Parses `w` or `b`.
    pub fn from_char(c: char) -> Option<Color> {
        match c {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// `0` for White, `1` for Black: an index into per-colour tables.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// `"white"` or `"black"`.
    pub fn name(self) -> &'static str {
        self.fold_wb("white", "black")
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.fold_wb(Color::Black, Color::White)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A pair of values, one per colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    pub white: T,
    pub black: T,
}

impl<T> ByColor<T> {
    /// The value of `color`.
    #[inline]
    pub fn get(&self, color: Color) -> &T {
        color.fold_wb(&self.white, &self.black)
    }

    /// The value of `color`, mutably.
    #[inline]
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

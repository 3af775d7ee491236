//! The seven kinds of piece and a piece (a role with a colour).

use crate::Color;
use core::fmt;

/// A kind of piece (RULES §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    King = 0,
    Withdrawer = 1,
    Coordinator = 2,
    Immobilizer = 3,
    LongLeaper = 4,
    Chameleon = 5,
    Pawn = 6,
}

impl Role {
    /// All roles, in index order.
    pub const ALL: [Role; 7] = [
        Role::King,
        Role::Withdrawer,
        Role::Coordinator,
        Role::Immobilizer,
        Role::LongLeaper,
        Role::Chameleon,
        Role::Pawn,
    ];

    /// The upper-case letter of RULES §2: `K W C I L X P`.
    pub fn upper_char(self) -> char {
        b"KWCILXP"[self as usize] as char
    }

    /// The role of a letter, either case.
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'K' => Role::King,
            'W' => Role::Withdrawer,
            'C' => Role::Coordinator,
            'I' => Role::Immobilizer,
            'L' => Role::LongLeaper,
            'X' => Role::Chameleon,
            'P' => Role::Pawn,
            _ => return None,
        })
    }

    /// Index into per-role tables.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The English name, lower case: `"long leaper"`.
    pub fn name(self) -> &'static str {
        [
            "king",
            "withdrawer",
            "coordinator",
            "immobilizer",
            "long leaper",
            "chameleon",
            "pawn",
        ][self as usize]
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a role of one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// The letter of the position string: upper case for White, lower for Black.
    pub fn char(self) -> char {
        let c = self.role.upper_char();
        self.color.fold_wb(c, c.to_ascii_lowercase())
    }

    /// The piece of a position-string letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
}

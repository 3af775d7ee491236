//! Rule options (RULES §4–5) and the starting arrays (RULES §3).

use crate::{Board, Color, Piece, Role, Square};
use core::fmt;
use core::str::FromStr;

/// The rule options of a game. The default is Abbott's 1963 rules with the three draw rules
/// of RULES §4 switched on.
///
/// Text form (used by the CLI, the bindings and game records): `default`, or a list of tokens
/// separated by commas or spaces: `king_capture`, `distance_1968`, `no_repetition_draw`,
/// `no_move_limit_draw`, `no_bare_kings_draw`.
///
/// # Examples
///
/// ```
/// use ultima::Rules;
/// let rules: Rules = "king_capture, distance_1968".parse()?;
/// assert!(rules.king_capture && rules.distance_1968);
/// assert_eq!(rules.to_string(), "king_capture,distance_1968");
/// assert_eq!(Rules::default().to_string(), "default");
/// # Ok::<_, ultima::ParseRulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Zillions' reading: the object is to capture the King; moves that leave one's own King
    /// capturable are legal.
    pub king_capture: bool,
    /// Abbott's 1968 rule: a piece on its N-th rank moves at most N squares.
    pub distance_1968: bool,
    /// Threefold repetition of a position with the same side to move is a draw.
    pub repetition_draw: bool,
    /// 100 consecutive plies without a capture or suicide are a draw.
    pub move_limit_draw: bool,
    /// A board with only the two Kings is a draw.
    pub bare_kings_draw: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            king_capture: false,
            distance_1968: false,
            repetition_draw: true,
            move_limit_draw: true,
            bare_kings_draw: true,
        }
    }
}

/// The tokens of the text form, each with whether it is the non-default setting.
const TOKENS: [&str; 5] = [
    "king_capture",
    "distance_1968",
    "no_repetition_draw",
    "no_move_limit_draw",
    "no_bare_kings_draw",
];

impl Rules {
    fn flags(&self) -> [bool; 5] {
        [
            self.king_capture,
            self.distance_1968,
            !self.repetition_draw,
            !self.move_limit_draw,
            !self.bare_kings_draw,
        ]
    }

    /// The most squares a piece of `color` on `sq` may travel, under `distance_1968`.
    #[inline]
    pub(crate) fn max_distance(&self, sq: Square, color: Color) -> u32 {
        if self.distance_1968 {
            color.fold_wb(sq.rank() + 1, 8 - sq.rank()) as u32
        } else {
            8
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let on: Vec<&str> = TOKENS
            .iter()
            .zip(self.flags())
            .filter(|(_, set)| *set)
            .map(|(t, _)| *t)
            .collect();
        if on.is_empty() {
            f.write_str("default")
        } else {
            f.write_str(&on.join(","))
        }
    }
}

/// Rule text with an unknown token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRulesError {
    pub token: String,
}

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rule option '{}' (known: default, {})",
            self.token,
            TOKENS.join(", ")
        )
    }
}

impl std::error::Error for ParseRulesError {}

impl FromStr for Rules {
    type Err = ParseRulesError;

    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        let mut rules = Rules::default();
        for token in s.split(|c: char| c == ',' || c.is_whitespace()) {
            match token {
                "" | "default" => {}
                "king_capture" => rules.king_capture = true,
                "distance_1968" => rules.distance_1968 = true,
                "no_repetition_draw" => rules.repetition_draw = false,
                "no_move_limit_draw" => rules.move_limit_draw = false,
                "no_bare_kings_draw" => rules.bare_kings_draw = false,
                other => {
                    return Err(ParseRulesError {
                        token: other.chars().take(40).collect(),
                    })
                }
            }
        }
        Ok(rules)
    }
}

/// How one side's back rank is arranged (RULES §3): which of the d- and e-files holds the King
/// (the Withdrawer takes the other) and which corner holds the Immobilizer (the Coordinator
/// takes the other). Long Leapers stand on b and g, Chameleons on c and f.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SideArray {
    /// The King on the e-file (else the d-file).
    pub king_on_e: bool,
    /// The Immobilizer in the h-file corner (else the a-file corner).
    pub immobilizer_on_h: bool,
}

impl SideArray {
    /// White's array of the default (`rotated`) start: Immobilizer a1, King d1.
    pub const WHITE_DEFAULT: SideArray = SideArray {
        king_on_e: false,
        immobilizer_on_h: false,
    };
    /// Black's array of the default start, White's turned 180°: King e8, Immobilizer h8.
    pub const BLACK_ROTATED: SideArray = SideArray {
        king_on_e: true,
        immobilizer_on_h: true,
    };

    /// The back-rank roles from the a-file to the h-file.
    fn back_rank(self) -> [Role; 8] {
        use Role::*;
        let (corner_a, corner_h) = if self.immobilizer_on_h {
            (Coordinator, Immobilizer)
        } else {
            (Immobilizer, Coordinator)
        };
        let (d, e) = if self.king_on_e {
            (Withdrawer, King)
        } else {
            (King, Withdrawer)
        };
        [
            corner_a, LongLeaper, Chameleon, d, e, Chameleon, LongLeaper, corner_h,
        ]
    }

    /// Two letters: the King's file (`d`/`e`) then the Immobilizer's corner file (`a`/`h`).
    fn code(self) -> String {
        format!(
            "{}{}",
            if self.king_on_e { 'e' } else { 'd' },
            if self.immobilizer_on_h { 'h' } else { 'a' }
        )
    }

    fn from_code(s: &str) -> Option<SideArray> {
        let king_on_e = match s.as_bytes().first()? {
            b'd' => false,
            b'e' => true,
            _ => return None,
        };
        let immobilizer_on_h = match s.as_bytes().get(1..)? {
            b"a" => false,
            b"h" => true,
            _ => return None,
        };
        Some(SideArray {
            king_on_e,
            immobilizer_on_h,
        })
    }
}

/// The starting array of a game (RULES §3).
///
/// Text form: `rotated` (default), `mirrored`, or `custom:<white>/<black>` where each side is
/// two letters, the King's file then the Immobilizer's corner: `custom:da/eh` is `rotated`.
///
/// # Examples
///
/// ```
/// use ultima::{Position, Rules, StartSetup};
/// let setup: StartSetup = "mirrored".parse()?;
/// let pos = Position::start(setup, Rules::default());
/// assert_eq!(pos.to_string(), "ilxkwxlc/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1");
/// # Ok::<_, ultima::ParseStartSetupError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum StartSetup {
    /// Black's array is White's turned 180° (the interactive diagram's `symmetry=rotate`).
    #[default]
    Rotated,
    /// Black's array mirrors White's across the middle (the prose listing).
    Mirrored,
    /// Each side's own choice.
    Custom { white: SideArray, black: SideArray },
}

impl StartSetup {
    /// The arrays of White and Black.
    pub fn arrays(self) -> (SideArray, SideArray) {
        match self {
            StartSetup::Rotated => (SideArray::WHITE_DEFAULT, SideArray::BLACK_ROTATED),
            StartSetup::Mirrored => (SideArray::WHITE_DEFAULT, SideArray::WHITE_DEFAULT),
            StartSetup::Custom { white, black } => (white, black),
        }
    }

    /// The board of this start.
    pub fn board(self) -> Board {
        let mut board = Board::empty();
        let (white, black) = self.arrays();
        for (color, array, back, pawns) in
            [(Color::White, white, 0, 1), (Color::Black, black, 7, 6)]
        {
            for (file, role) in array.back_rank().into_iter().enumerate() {
                let place = |rank: i32, role: Role, board: &mut Board| {
                    if let Some(sq) = Square::from_coords(file as i32, rank) {
                        board.set_piece_at(sq, Piece { color, role });
                    }
                };
                place(back, role, &mut board);
                place(pawns, Role::Pawn, &mut board);
            }
        }
        board
    }
}

impl fmt::Display for StartSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartSetup::Rotated => f.write_str("rotated"),
            StartSetup::Mirrored => f.write_str("mirrored"),
            StartSetup::Custom { white, black } => {
                write!(f, "custom:{}/{}", white.code(), black.code())
            }
        }
    }
}

/// Text that names no starting array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseStartSetupError {
    pub text: String,
}

impl fmt::Display for ParseStartSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown setup '{}' (expected rotated, mirrored or custom:<white>/<black> with each \
             side as the King's file d|e then the Immobilizer's corner a|h, like custom:da/eh)",
            self.text
        )
    }
}

impl std::error::Error for ParseStartSetupError {}

impl FromStr for StartSetup {
    type Err = ParseStartSetupError;

    fn from_str(s: &str) -> Result<StartSetup, ParseStartSetupError> {
        let err = || ParseStartSetupError {
            text: s.chars().take(40).collect(),
        };
        match s.trim() {
            "rotated" => Ok(StartSetup::Rotated),
            "mirrored" => Ok(StartSetup::Mirrored),
            other => {
                let sides = other.strip_prefix("custom:").ok_or_else(err)?;
                let (w, b) = sides.split_once('/').ok_or_else(err)?;
                Ok(StartSetup::Custom {
                    white: SideArray::from_code(w).ok_or_else(err)?,
                    black: SideArray::from_code(b).ok_or_else(err)?,
                })
            }
        }
    }
}

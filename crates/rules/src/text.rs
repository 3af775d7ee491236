//! Move text (RULES §6.2): parsing without a position, then resolving against one.
//!
//! Accepted on input, beyond the canonical `b1-b8xb2xb4xb7` and `e4-`:
//! - the capture list may be left out, or written with spaces (`b1-b8 xb2 xb4 xb7`);
//! - a piece letter in either case may come first, with or without a space (`Lb1-b8`,
//!   `L b1-b8`, as Game Courier writes);
//! - a suicide may be written `@-e4` (Game Courier's "move off the board");
//! - trailing check and annotation marks `+ # ! ?` are ignored;
//! - leading and trailing white space is ignored.
//!
//! Squares are lower case.

use crate::{Bitboard, Move, Position, PositionOutcome, Role, Square};
use core::fmt;
use core::str::FromStr;

/// The mark of a move in the display form (RULES §6.2): see [`Position::move_mark`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveMark {
    /// `+`: the opponent is in check after the move.
    Check,
    /// `#`: the move wins by checkmate or, under `king_capture`, by capturing the King.
    Mate,
}

impl MoveMark {
    /// The mark's character: `+` or `#`.
    pub fn char(self) -> char {
        match self {
            MoveMark::Check => '+',
            MoveMark::Mate => '#',
        }
    }
}

/// Move text parsed without a position.
///
/// # Examples
///
/// ```
/// use ultima::{MoveText, Position, Rules};
/// let pos = Position::from_fen("4k3/8/8/p7/8/8/p7/L3K3 w", Rules::default())?;
/// let text: MoveText = "L a1-a6".parse()?;
/// let m = text.to_move(&pos)?;
/// assert_eq!(m.to_string(), "a1-a6xa2xa5");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveText {
    Normal {
        role: Option<Role>,
        from: Square,
        to: Square,
        /// `None` when the text lists no captures.
        captures: Option<Bitboard>,
    },
    Suicide {
        role: Option<Role>,
        square: Square,
    },
}

/// Move text that does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    pub text: String,
    /// 1-based character column of the problem.
    pub column: usize,
    pub expected: &'static str,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot read move '{}': expected {} at column {} (moves look like b1-b8, \
             b1-b8xb2xb4, L b1-b8, e4- or @-e4)",
            self.text, self.expected, self.column
        )
    }
}

impl std::error::Error for ParseMoveError {}

/// Move text that does not name a legal move of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    Parse(ParseMoveError),
    /// No legal move of the position has this start and destination; says why.
    Illegal {
        text: String,
        reason: String,
    },
    /// The move exists but the text names other captures.
    WrongCaptures {
        text: String,
        actual: String,
    },
    /// The move exists but the text names another piece.
    WrongPiece {
        text: String,
        actual: Role,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Parse(e) => e.fmt(f),
            MoveError::Illegal { text, reason } => write!(f, "illegal move {text}: {reason}"),
            MoveError::WrongCaptures { text, actual } => write!(
                f,
                "move {text} lists the wrong captures: the move is {actual}"
            ),
            MoveError::WrongPiece { text, actual } => {
                write!(f, "move {text} names the wrong piece: it moves a {actual}")
            }
        }
    }
}

impl std::error::Error for MoveError {}

impl From<ParseMoveError> for MoveError {
    fn from(e: ParseMoveError) -> MoveError {
        MoveError::Parse(e)
    }
}

/// A cursor over the characters of move text.
struct Reader<'a> {
    chars: Vec<char>,
    pos: usize,
    text: &'a str,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn eat(&mut self, c: char) -> bool {
        let hit = self.peek() == Some(c);
        self.pos += usize::from(hit);
        hit
    }

    fn fail<T>(&self, expected: &'static str) -> Result<T, ParseMoveError> {
        Err(ParseMoveError {
            text: self.text.chars().take(40).collect(),
            column: self.pos + 1,
            expected,
        })
    }

    fn square_at(&self, at: usize) -> Option<Square> {
        let pair: String = self.chars.get(at..at + 2)?.iter().collect();
        pair.parse().ok()
    }

    fn square(&mut self) -> Result<Square, ParseMoveError> {
        match self.square_at(self.pos) {
            Some(sq) => {
                self.pos += 2;
                Ok(sq)
            }
            None => self.fail("a square like e4"),
        }
    }
}

impl FromStr for MoveText {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<MoveText, ParseMoveError> {
        let trimmed = text.trim().trim_end_matches(['+', '#', '!', '?']);
        let mut r = Reader {
            chars: trimmed.chars().collect(),
            pos: 0,
            text,
        };
        // A piece letter, unless the text starts with a square (`c2-c4` is a move of c2).
        let mut role = None;
        if r.square_at(0).is_none() {
            if let Some(found) = r.peek().and_then(Role::from_char) {
                role = Some(found);
                r.pos += 1;
                r.skip_spaces();
            }
        }
        if r.eat('@') {
            if !r.eat('-') {
                return r.fail("'-' after '@'");
            }
            let square = r.square()?;
            return match r.peek() {
                None => Ok(MoveText::Suicide { role, square }),
                Some(_) => r.fail("the end of the move"),
            };
        }
        let from = r.square()?;
        if !r.eat('-') {
            return r.fail("'-' after the start square");
        }
        if r.peek().is_none() {
            return Ok(MoveText::Suicide { role, square: from });
        }
        let to = r.square()?;
        let mut captures = None;
        loop {
            r.skip_spaces();
            if r.peek().is_none() {
                break;
            }
            if !r.eat('x') {
                return r.fail("'x' and a captured square, or the end of the move");
            }
            let sq = r.square()?;
            let list: &mut Bitboard = captures.get_or_insert(Bitboard::EMPTY);
            *list = list.with(sq);
        }
        Ok(MoveText::Normal {
            role,
            from,
            to,
            captures,
        })
    }
}

impl MoveText {
    /// The legal move of `pos` this text names.
    ///
    /// # Errors
    ///
    /// [`MoveError`] saying why no legal move matches: no piece there, not the mover's piece,
    /// frozen, an unreachable destination, or a wrong capture list or piece letter.
    pub fn to_move(&self, pos: &Position) -> Result<Move, MoveError> {
        let (role, from) = match *self {
            MoveText::Normal { role, from, .. } => (role, from),
            MoveText::Suicide { role, square } => (role, square),
        };
        let text = self.to_string();
        let illegal = |reason: String| MoveError::Illegal {
            text: text.clone(),
            reason,
        };
        let piece = pos
            .piece_at(from)
            .ok_or_else(|| illegal(format!("there is no piece on {from}")))?;
        if piece.color != pos.turn() {
            return Err(illegal(format!(
                "the piece on {from} is {}'s and it is {}'s turn",
                piece.color,
                pos.turn()
            )));
        }
        if let Some(r) = role {
            if r != piece.role {
                return Err(MoveError::WrongPiece {
                    text,
                    actual: piece.role,
                });
            }
        }
        let moves = pos.legal_moves_from(from);
        let found = match *self {
            MoveText::Normal { to, .. } => moves.iter().find(|m| m.to() == Some(to)),
            MoveText::Suicide { .. } => moves.iter().find(|m| m.is_suicide()),
        };
        let Some(&m) = found else {
            let frozen = pos.is_frozen(from);
            let reason = match (self, frozen) {
                (MoveText::Suicide { .. }, false) => {
                    format!(
                        "the {} on {from} is not frozen; only frozen pieces may be removed",
                        piece.role
                    )
                }
                (MoveText::Suicide { .. }, true) => {
                    "removing it would leave the King in check, or it is the King".to_string()
                }
                (MoveText::Normal { .. }, true) => {
                    format!("the {} on {from} is frozen", piece.role)
                }
                (MoveText::Normal { to, .. }, false) => {
                    format!(
                        "the {} on {from} cannot go to {to} (or it would leave the King in check)",
                        piece.role
                    )
                }
            };
            return Err(illegal(reason));
        };
        if let MoveText::Normal {
            captures: Some(listed),
            ..
        } = *self
        {
            if listed != m.captures() {
                return Err(MoveError::WrongCaptures {
                    text,
                    actual: m.to_string(),
                });
            }
        }
        Ok(m)
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveText::Normal {
                role,
                from,
                to,
                captures,
            } => {
                if let Some(r) = role {
                    write!(f, "{}", r.upper_char())?;
                }
                write!(f, "{from}-{to}")?;
                for sq in captures.unwrap_or_default() {
                    write!(f, "x{sq}")?;
                }
                Ok(())
            }
            MoveText::Suicide { role, square } => {
                if let Some(r) = role {
                    write!(f, "{}", r.upper_char())?;
                }
                write!(f, "{square}-")
            }
        }
    }
}

impl Position {
    /// Parses move text and resolves it to a legal move of this position.
    ///
    /// # Errors
    ///
    /// [`MoveError`] if the text does not parse or names no legal move.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        text.parse::<MoveText>()?.to_move(self)
    }

    /// The mark a move earns in the display form (RULES §6.2, "check/mate marks"), or `None`.
    ///
    /// [`MoveMark::Mate`] (`#`) is for a move that wins the game by taking the opponent's King
    /// out of play: checkmate (RULES §4: no legal move while in check), and under the
    /// `king_capture` rule the capture of the King itself (RULES §5: the object of that
    /// reading, so it is its mate). A stalemate also wins in Ultima (RULES §4), but it is no
    /// mate: the stalemated King is not attacked, so it gets no mark, like a move that ends the
    /// game in a draw. [`MoveMark::Check`] (`+`) is for any other move after which the opponent
    /// is in check.
    pub fn move_mark(&self, m: Move) -> Option<MoveMark> {
        let mut after = *self;
        after.play_unchecked(m);
        match after.outcome() {
            Some(
                PositionOutcome::Checkmate { winner } | PositionOutcome::KingCaptured { winner },
            ) if winner == self.turn() => Some(MoveMark::Mate),
            Some(PositionOutcome::KingCaptured { .. }) => None,
            _ if after.is_check() => Some(MoveMark::Check),
            _ => None,
        }
    }

    /// The display form of RULES §6.2: the piece letter, the move with spaced captures, and the
    /// move's mark ([`Position::move_mark`]): `+` for check, `#` for checkmate or, under
    /// `king_capture`, the capture of the King. A stalemating move gets no mark.
    pub fn display_move(&self, m: Move) -> String {
        let mut s = format!("{}{}", m.role().upper_char(), m.from());
        match m.to() {
            Some(to) => s.push_str(&format!("-{to}")),
            None => s.push('-'),
        }
        for sq in m.captures() {
            s.push_str(&format!(" x{sq}"));
        }
        if let Some(mark) = self.move_mark(m) {
            s.push(mark.char());
        }
        s
    }
}

//! The position string (RULES §6.1): `<board> <side> [<plies-without-capture> <move-number>]`.
//!
//! Leniency: fields may be separated by any run of spaces or tabs, and leading and trailing
//! white space is ignored. Nothing else is relaxed: every rank must hold exactly 8 squares.

use crate::{Board, Color, Piece, Square};
use core::fmt;
use core::str::FromStr;

/// A position as written, not yet checked against the rules: parse it with
/// [`str::parse`], then validate it with [`crate::Position::from_setup`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    pub board: Board,
    pub turn: Color,
    /// Plies since the last capture or suicide.
    pub halfmoves: u32,
    /// Full-move number, from 1.
    pub fullmoves: u32,
}

/// What is wrong with a position string, and where (a 1-based character column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFenError {
    /// Column (1-based, in characters) where the problem was found.
    pub column: usize,
    pub kind: ParseFenErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenErrorKind {
    Empty,
    /// A character that is neither a piece letter, a digit 1–8 nor `/`.
    BadChar(char),
    /// Rank (1–8) described with more than 8 squares.
    RankTooLong {
        rank: u8,
    },
    /// Rank described with fewer than 8 squares.
    RankTooShort {
        rank: u8,
        squares: u8,
    },
    /// Not exactly 8 ranks.
    RankCount(usize),
    MissingSide,
    BadSide(String),
    /// Only one of the two counters.
    OneCounter,
    BadCounter {
        name: &'static str,
        text: String,
    },
    TrailingText(String),
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "position string, column {}: ", self.column)?;
        match &self.kind {
            ParseFenErrorKind::Empty => f.write_str("the position string is empty"),
            ParseFenErrorKind::BadChar(c) => write!(
                f,
                "'{}' is not a piece letter (K W C I L X P, lower case for Black), a digit 1-8 or '/'",
                c.escape_debug()
            ),
            ParseFenErrorKind::RankTooLong { rank } => {
                write!(f, "rank {rank} has more than 8 squares")
            }
            ParseFenErrorKind::RankTooShort { rank, squares } => {
                write!(f, "rank {rank} has {squares} squares, not 8")
            }
            ParseFenErrorKind::RankCount(n) => write!(f, "the board has {n} ranks, not 8"),
            ParseFenErrorKind::MissingSide => {
                f.write_str("the side to move is missing (add ' w' or ' b' after the board)")
            }
            ParseFenErrorKind::BadSide(s) => {
                write!(f, "side to move '{s}' is not 'w' or 'b'")
            }
            ParseFenErrorKind::OneCounter => f.write_str(
                "give both counters (plies without capture and move number) or neither",
            ),
            ParseFenErrorKind::BadCounter { name, text } => {
                write!(f, "{name} '{text}' is not a number")
            }
            ParseFenErrorKind::TrailingText(s) => write!(f, "unexpected text '{s}' at the end"),
        }
    }
}

impl std::error::Error for ParseFenError {}

fn clip(s: &str) -> String {
    let mut t: String = s.chars().take(20).collect();
    if s.chars().count() > 20 {
        t.push('…');
    }
    t
}

impl FromStr for Setup {
    type Err = ParseFenError;

    fn from_str(text: &str) -> Result<Setup, ParseFenError> {
        // Fields with their 1-based starting columns, found in one pass (slicing by byte
        // offsets: a long string of many fields must not take quadratic time).
        let mut fields: Vec<(usize, &str)> = Vec::new();
        let mut start = None;
        let mut columns = 0;
        for (byte, c) in text.char_indices() {
            match (c == ' ' || c == '\t', start) {
                (true, Some((col, from))) => {
                    fields.push((col + 1, &text[from..byte]));
                    start = None;
                }
                (false, None) => start = Some((columns, byte)),
                _ => {}
            }
            columns += 1;
        }
        if let Some((col, from)) = start {
            fields.push((col + 1, &text[from..]));
        }
        let err = |column, kind| Err(ParseFenError { column, kind });
        let Some((board_col, board_text)) = fields.first() else {
            return err(1, ParseFenErrorKind::Empty);
        };
        let board = parse_board(board_text, *board_col)?;
        let end = columns + 1;
        let turn = match fields.get(1) {
            None => return err(end, ParseFenErrorKind::MissingSide),
            Some(&(col, s)) => match s {
                "w" => Color::White,
                "b" => Color::Black,
                _ => return err(col, ParseFenErrorKind::BadSide(clip(s))),
            },
        };
        let counter = |i: usize, name| -> Result<u32, ParseFenError> {
            let (col, s) = fields[i];
            s.parse::<u32>()
                .ok()
                .filter(|n| *n <= 1_000_000)
                .ok_or(ParseFenError {
                    column: col,
                    kind: ParseFenErrorKind::BadCounter {
                        name,
                        text: clip(s),
                    },
                })
        };
        let (halfmoves, fullmoves) = match fields.len() {
            2 => (0, 1),
            3 => return err(end, ParseFenErrorKind::OneCounter),
            4 => (
                counter(2, "plies without capture")?,
                counter(3, "move number")?,
            ),
            _ => {
                let (col, s) = fields[4];
                return err(col, ParseFenErrorKind::TrailingText(clip(s)));
            }
        };
        Ok(Setup {
            board,
            turn,
            halfmoves,
            fullmoves,
        })
    }
}

fn parse_board(text: &str, first_col: usize) -> Result<Board, ParseFenError> {
    let mut board = Board::empty();
    let mut rank: i32 = 7;
    let mut file: i32 = 0;
    let mut ranks_seen = 1;
    for (i, c) in text.chars().enumerate() {
        let column = first_col + i;
        let rank_no = (rank + 1) as u8;
        let err = |kind| Err(ParseFenError { column, kind });
        match c {
            '/' => {
                if file < 8 {
                    return err(ParseFenErrorKind::RankTooShort {
                        rank: rank_no,
                        squares: file as u8,
                    });
                }
                ranks_seen += 1;
                if ranks_seen > 8 {
                    return err(ParseFenErrorKind::RankCount(text.split('/').count()));
                }
                rank -= 1;
                file = 0;
            }
            '1'..='8' => {
                file += c as i32 - '0' as i32;
                if file > 8 {
                    return err(ParseFenErrorKind::RankTooLong { rank: rank_no });
                }
            }
            _ => {
                let Some(piece) = Piece::from_char(c) else {
                    return err(ParseFenErrorKind::BadChar(c));
                };
                let Some(sq) = Square::from_coords(file, rank) else {
                    return err(ParseFenErrorKind::RankTooLong { rank: rank_no });
                };
                board.set_piece_at(sq, piece);
                file += 1;
            }
        }
    }
    let column = first_col + text.chars().count();
    if ranks_seen < 8 {
        return Err(ParseFenError {
            column,
            kind: ParseFenErrorKind::RankCount(ranks_seen),
        });
    }
    if file < 8 {
        return Err(ParseFenError {
            column,
            kind: ParseFenErrorKind::RankTooShort {
                rank: (rank + 1) as u8,
                squares: file as u8,
            },
        });
    }
    Ok(board)
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let piece = Square::from_coords(file, rank).and_then(|sq| self.board.piece_at(sq));
                match piece {
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", p.char())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(
            f,
            " {} {} {}",
            self.turn.char(),
            self.halfmoves,
            self.fullmoves
        )
    }
}

/// A well-formed position that the rules do not allow (RULES §6.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Not exactly one King (at most one under `king_capture`).
    KingCount { color: Color, kings: u32 },
    /// Neither side has a King (under `king_capture`, where one may be missing).
    NoKings,
    /// More pieces than a side starts with; Ultima has no promotion.
    TooManyPieces { color: Color, pieces: u32 },
    /// The move number is 0.
    ZeroMoveNumber,
    /// The side to move could capture the enemy King at once.
    KingCapturable { mover: Color },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::KingCount { color, kings } => {
                write!(f, "{color} has {kings} Kings; each side needs exactly one")
            }
            PositionError::NoKings => f.write_str("neither side has a King"),
            PositionError::TooManyPieces { color, pieces } => write!(
                f,
                "{color} has {pieces} pieces; a side has at most 16 (there is no promotion)"
            ),
            PositionError::ZeroMoveNumber => f.write_str("the move number must be at least 1"),
            PositionError::KingCapturable { mover } => write!(
                f,
                "{mover}, to move, could capture the {} King at once: the position cannot arise",
                !*mover
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// A position string that does not parse or does not describe a legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Parse(ParseFenError),
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => e.fmt(f),
            FenError::Position(e) => write!(f, "position string: {e}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<ParseFenError> for FenError {
    fn from(e: ParseFenError) -> FenError {
        FenError::Parse(e)
    }
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

//! A whole game as link text: what the game page puts in a URL fragment (`#game=…`) so that a
//! game travels in a link and nothing is sent to any server.
//!
//! The text is base64url (RFC 4648 §5, no padding) of these bytes, format version 1:
//!
//! | bytes | what |
//! | --- | --- |
//! | 1 | the format version, 1 |
//! | 1 | the rule options: bit 0 `king_capture`, 1 `distance_1968`, 2 `no_repetition_draw`, 3 `no_move_limit_draw`, 4 `no_bare_kings_draw` |
//! | 1 | the start: 0–15 a starting array (bit 0 White's King on e, 1 White's Immobilizer on h, 2 Black's King on e, 3 Black's Immobilizer on h), or 16: a position string follows |
//! | varint + text | the position string (only for start 16) |
//! | 1 | a verdict: 0 none, 1 White resigned, 2 Black resigned, 3 draw agreed, 4 White's flag fell, 5 Black's flag fell |
//! | varint, then varint + text twice each | the other headers (White, Event, …): their number, then each name and value |
//! | varint | the number of plies |
//! | bits | each ply as its index among the legal moves of its position, sorted by from-square, to-square (a suicide last) and captured squares, in just enough bits for that position's number of moves (none when the move is forced), most significant bit first; zero bits pad the last byte |
//! | 2 | CRC-16/CCITT of all the bytes before, big-endian |
//!
//! Varints are LEB128 (7 bits a byte, low bits first). A typical ply costs 7 or 8 bits, so a
//! 60-move game is about 160 characters. The version comes first so that a later format is
//! told apart; the check bytes catch a link cut short or mistyped, which would otherwise decode
//! to another game (any index in range is a legal move). Only the rules crate reads and writes
//! the format: the order of the legal moves is its own.

use crate::{Color, Game, MoveList, Outcome, Position, Reason, Rules, SideArray, StartSetup};
use core::fmt;

/// The format version written and read.
pub const LINK_VERSION: u8 = 1;

/// The longest link text read or written, in characters: about 12 KB of game, far more than any
/// real game needs, and well inside what browsers and chat programs keep of a URL.
pub const MAX_LINK_CHARS: usize = 16 * 1024;

/// The most plies a link holds: a game under the default rules ends well before (a draw after
/// 100 plies without a capture, 31 captures at most), and the cap keeps a hostile link from
/// making a reader replay millions of forced moves that cost no bits.
pub const MAX_LINK_PLIES: usize = 4000;

/// The start code that says a position string follows.
const START_POSITION: u8 = 16;

/// Link text that does not hold a game, or a game too big for a link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// No text at all.
    Empty,
    /// More than [`MAX_LINK_CHARS`] characters (link text), or a game that would need more.
    TooLong { chars: usize },
    /// A character that base64url does not use, at this 1-based position.
    BadCharacter { at: usize, found: char },
    /// A length no base64 text has (one character left over).
    BadLength,
    /// Made by another version of the format.
    Version(u8),
    /// The check bytes do not match: part of the link is missing or was changed.
    Checksum,
    /// The bytes end before the game does.
    Truncated(&'static str),
    /// A field that no game of this format has.
    Invalid(String),
    /// More than [`MAX_LINK_PLIES`] plies.
    TooManyPlies(usize),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Empty => f.write_str("the link holds no game"),
            LinkError::TooLong { chars } => write!(
                f,
                "the link is too long ({chars} characters; a game link has at most {MAX_LINK_CHARS})"
            ),
            LinkError::BadCharacter { at, found } => write!(
                f,
                "the link is damaged: character {at} ('{}') cannot be part of a game link (A–Z, \
                 a–z, 0–9, - and _)",
                found.escape_default()
            ),
            LinkError::BadLength => {
                f.write_str("the link is damaged: it was cut short or has a character too many")
            }
            LinkError::Version(v) if *v > LINK_VERSION => write!(
                f,
                "the link was made by a newer version of this game (link format {v}; this page \
                 reads format {LINK_VERSION}): reload the page to update it"
            ),
            LinkError::Version(v) => write!(
                f,
                "the link is not a game link of a known format (format {v}; this page reads \
                 format {LINK_VERSION})"
            ),
            LinkError::Checksum => f.write_str(
                "the link is damaged: its check digits do not match, so part of it is missing \
                 or was changed",
            ),
            LinkError::Truncated(what) => {
                write!(f, "the link is damaged: it ends before its {what}")
            }
            LinkError::Invalid(what) => write!(f, "the link is damaged: {what}"),
            LinkError::TooManyPlies(n) => write!(
                f,
                "the link holds {n} plies; a game link holds at most {MAX_LINK_PLIES}"
            ),
        }
    }
}

impl std::error::Error for LinkError {}

impl Game {
    /// The game as link text (its byte format is laid out in `crates/rules/src/link.rs`): the
    /// start, rules, headers, every move played (not those undone) and a resignation, agreed
    /// draw or flag.
    ///
    /// # Errors
    ///
    /// [`LinkError::TooManyPlies`] or [`LinkError::TooLong`] for a game too big for a link
    /// (only with rules that remove the draws, or huge headers).
    ///
    /// # Examples
    ///
    /// ```
    /// use ultima::Game;
    /// let mut game = Game::default();
    /// game.play_text("b2-b5")?;
    /// let link = game.to_link()?;
    /// assert_eq!(Game::from_link(&link)?.to_record(), game.to_record());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_link(&self) -> Result<String, LinkError> {
        let plies = self.moves();
        if plies.len() > MAX_LINK_PLIES {
            return Err(LinkError::TooManyPlies(plies.len()));
        }
        let mut out = vec![LINK_VERSION, rules_bits(self.rules())];
        match start_code(self.start()) {
            Some(code) => out.push(code),
            None => {
                out.push(START_POSITION);
                put_text(&mut out, &self.start().to_fen());
            }
        }
        out.push(verdict_code(self.outcome(), self.flagged()));
        put_varint(&mut out, self.headers().len());
        for (name, value) in self.headers() {
            put_text(&mut out, name);
            put_text(&mut out, value);
        }
        put_varint(&mut out, plies.len());
        let mut bits = BitWriter::new(out);
        for (m, before) in plies.iter().zip(self.positions()) {
            let list = sorted_moves(before);
            let index = list.iter().position(|l| l == m).unwrap_or_else(|| {
                unreachable!("a game's moves are legal in the positions before them")
            });
            bits.write(index, width(list.len()));
        }
        let mut out = bits.finish();
        let check = crc16(&out);
        out.extend_from_slice(&check.to_be_bytes());
        let text = base64url(&out);
        match text.len() {
            chars if chars > MAX_LINK_CHARS => Err(LinkError::TooLong { chars }),
            _ => Ok(text),
        }
    }

    /// Reads link text made by [`Game::to_link`]: the game at its last move.
    ///
    /// # Errors
    ///
    /// [`LinkError`] saying what is wrong: text that is not base64url or too long, another
    /// format version, a link cut short or changed (the check bytes), or fields no game has (an
    /// unknown rule bit or start, a bad position string or header, a move index beyond the
    /// position's legal moves, moves after the end, bytes after the game).
    pub fn from_link(text: &str) -> Result<Game, LinkError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(LinkError::Empty);
        }
        let chars = text.chars().count();
        if chars > MAX_LINK_CHARS {
            return Err(LinkError::TooLong { chars });
        }
        let bytes = from_base64url(text)?;
        let (&version, _) = bytes.split_first().ok_or(LinkError::BadLength)?;
        if version != LINK_VERSION {
            return Err(LinkError::Version(version));
        }
        let Some(body_len) = bytes.len().checked_sub(2) else {
            return Err(LinkError::Truncated("check digits"));
        };
        let (body, check) = bytes.split_at(body_len);
        if crc16(body).to_be_bytes() != check {
            return Err(LinkError::Checksum);
        }
        let mut reader = Reader { bytes: body, at: 1 };
        let rules = rules_from_bits(reader.byte("rule options")?)?;
        let start = match reader.byte("start")? {
            code @ 0..=15 => Position::start(setup_of(code), rules),
            START_POSITION => {
                let fen = reader.text("start position")?;
                Position::from_fen(&fen, rules).map_err(|e| {
                    LinkError::Invalid(format!("its start position does not read: {e}"))
                })?
            }
            other => return Err(LinkError::Invalid(format!("unknown start code {other}"))),
        };
        let verdict = reader.byte("result")?;
        if verdict > 5 {
            return Err(LinkError::Invalid(format!("unknown result code {verdict}")));
        }
        let mut game = Game::new(start);
        let headers = reader.varint("number of headers")?;
        for _ in 0..headers {
            let name = reader.text("header name")?;
            let value = reader.text("header value")?;
            game.set_header(&name, &value)
                .map_err(|e| LinkError::Invalid(e.to_string()))?;
        }
        let plies = reader.varint("number of moves")?;
        if plies > MAX_LINK_PLIES {
            return Err(LinkError::TooManyPlies(plies));
        }
        let mut bits = BitReader {
            bytes: &body[reader.at..],
            bit: 0,
        };
        for ply in 0..plies {
            if let Some(o) = game.outcome() {
                return Err(LinkError::Invalid(format!(
                    "it has moves after the end of the game ({o}) at ply {}",
                    ply + 1
                )));
            }
            let list = sorted_moves(game.position());
            let index = bits
                .read(width(list.len()))
                .ok_or(LinkError::Truncated("moves"))?;
            let m = *list.get(index).ok_or_else(|| {
                LinkError::Invalid(format!(
                    "move {} of {} at ply {} is not among the position's {} legal moves",
                    index + 1,
                    list.len(),
                    ply + 1,
                    list.len()
                ))
            })?;
            game.play(m)
                .map_err(|e| LinkError::Invalid(format!("ply {}: {e}", ply + 1)))?;
        }
        if !bits.rest_is_padding() {
            return Err(LinkError::Invalid("it has data after the game".into()));
        }
        let ended = match verdict {
            1 => game.resign(Color::White),
            2 => game.resign(Color::Black),
            3 => game.agree_draw(),
            4 => game.flag(Color::White),
            5 => game.flag(Color::Black),
            _ => Ok(()),
        };
        ended.map_err(|e| LinkError::Invalid(format!("its result comes after the end: {e}")))?;
        Ok(game)
    }
}

/// The legal moves of `pos` in the link's order: by from-square, then to-square (a suicide
/// after every move of its piece), then captured squares. The order depends on the moves alone,
/// not on the order move generation finds them in.
fn sorted_moves(pos: &Position) -> MoveList {
    let mut list = pos.legal_moves();
    list.sort_unstable_by_key(|m| {
        let to = m.to().map_or(64, |s| s.index());
        (m.from().index(), to, m.captures().0)
    });
    list
}

/// The bits that hold an index below `n`: 0 for a forced move.
fn width(n: usize) -> u32 {
    match n {
        0 | 1 => 0,
        n => usize::BITS - (n - 1).leading_zeros(),
    }
}

fn rules_bits(rules: &Rules) -> u8 {
    [
        rules.king_capture,
        rules.distance_1968,
        !rules.repetition_draw,
        !rules.move_limit_draw,
        !rules.bare_kings_draw,
    ]
    .iter()
    .enumerate()
    .fold(0, |bits, (i, on)| bits | (u8::from(*on) << i))
}

fn rules_from_bits(bits: u8) -> Result<Rules, LinkError> {
    if bits >> 5 != 0 {
        return Err(LinkError::Invalid(format!(
            "unknown rule options ({bits:#04x})"
        )));
    }
    let on = |i: u8| bits & (1 << i) != 0;
    Ok(Rules {
        king_capture: on(0),
        distance_1968: on(1),
        repetition_draw: !on(2),
        move_limit_draw: !on(3),
        bare_kings_draw: !on(4),
    })
}

/// The starting array of code 0–15 (see the module docs).
fn setup_of(code: u8) -> StartSetup {
    let side = |shift: u8| SideArray {
        king_on_e: code & (1 << shift) != 0,
        immobilizer_on_h: code & (2 << shift) != 0,
    };
    StartSetup::Custom {
        white: side(0),
        black: side(2),
    }
}

/// The code of the starting array `start` is, if it is one (as the game starts at move 1).
fn start_code(start: &Position) -> Option<u8> {
    (0..START_POSITION).find(|&code| Position::start(setup_of(code), *start.rules()) == *start)
}

fn verdict_code(outcome: Option<Outcome>, flagged: Option<Color>) -> u8 {
    match flagged {
        Some(Color::White) => return 4,
        Some(Color::Black) => return 5,
        None => {}
    }
    match outcome {
        Some(Outcome {
            reason: Reason::Resignation,
            winner: Some(Color::Black),
        }) => 1,
        Some(Outcome {
            reason: Reason::Resignation,
            winner: Some(Color::White),
        }) => 2,
        Some(Outcome {
            reason: Reason::Agreement,
            ..
        }) => 3,
        _ => 0,
    }
}

fn put_varint(out: &mut Vec<u8>, mut n: usize) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7f) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn put_text(out: &mut Vec<u8>, text: &str) {
    put_varint(out, text.len());
    out.extend_from_slice(text.as_bytes());
}

/// Reads the byte fields, naming the field that is missing.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self, what: &'static str) -> Result<u8, LinkError> {
        let b = *self.bytes.get(self.at).ok_or(LinkError::Truncated(what))?;
        self.at += 1;
        Ok(b)
    }

    /// A LEB128 number; more than 4 bytes (over 268 million) is no length of this format.
    fn varint(&mut self, what: &'static str) -> Result<usize, LinkError> {
        let mut n = 0usize;
        for shift in (0..28).step_by(7) {
            let b = self.byte(what)?;
            n |= usize::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(LinkError::Invalid(format!("its {what} is out of range")))
    }

    fn text(&mut self, what: &'static str) -> Result<String, LinkError> {
        let len = self.varint(what)?;
        let end = self
            .at
            .checked_add(len)
            .filter(|&end| end <= self.bytes.len())
            .ok_or(LinkError::Truncated(what))?;
        let text = core::str::from_utf8(&self.bytes[self.at..end])
            .map_err(|_| LinkError::Invalid(format!("its {what} is not text")))?;
        self.at = end;
        Ok(text.to_string())
    }
}

struct BitWriter {
    out: Vec<u8>,
    /// Bits used in the last byte of `out` (0: start a new byte).
    used: u32,
}

impl BitWriter {
    fn new(out: Vec<u8>) -> BitWriter {
        BitWriter { out, used: 0 }
    }

    fn write(&mut self, value: usize, width: u32) {
        for i in (0..width).rev() {
            if self.used == 0 {
                self.out.push(0);
            }
            let bit = u8::from((value >> i) & 1 == 1);
            if let Some(last) = self.out.last_mut() {
                *last |= bit << (7 - self.used);
            }
            self.used = (self.used + 1) % 8;
        }
    }

    fn finish(self) -> Vec<u8> {
        self.out
    }
}

struct BitReader<'a> {
    bytes: &'a [u8],
    /// Bits read so far.
    bit: usize,
}

impl BitReader<'_> {
    fn read(&mut self, width: u32) -> Option<usize> {
        let mut value = 0;
        for _ in 0..width {
            let byte = self.bytes.get(self.bit / 8)?;
            value = (value << 1) | usize::from((byte >> (7 - self.bit % 8)) & 1);
            self.bit += 1;
        }
        Some(value)
    }

    /// Whether only the zero bits that pad the last byte are left.
    fn rest_is_padding(&self) -> bool {
        let whole = self.bit.div_ceil(8);
        whole == self.bytes.len()
            && (self.bit % 8 == 0 || self.bytes[self.bit / 8] & (0xff >> (self.bit % 8)) == 0)
    }
}

/// CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF).
fn crc16(bytes: &[u8]) -> u16 {
    let mut crc = 0xffffu16;
    for &b in bytes {
        crc ^= u16::from(b) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
        }
    }
    out
}

fn from_base64url(text: &str) -> Result<Vec<u8>, LinkError> {
    let mut sextets = Vec::with_capacity(text.len());
    for (i, c) in text.chars().enumerate() {
        let value = u8::try_from(c)
            .ok()
            .and_then(|b| ALPHABET.iter().position(|&a| a == b))
            .ok_or(LinkError::BadCharacter {
                at: i + 1,
                found: c,
            })?;
        sextets.push(value as u32);
    }
    // A last group of 2 or 3 characters carries 4 or 2 bits beyond its bytes: they must be
    // zero, so that one game has one text and every changed character is seen.
    let spare = match sextets.len() % 4 {
        1 => return Err(LinkError::BadLength),
        2 => 0b1111,
        3 => 0b11,
        _ => 0,
    };
    if sextets.last().is_some_and(|s| s & spare != 0) {
        return Err(LinkError::BadLength);
    }
    let mut out = Vec::with_capacity(sextets.len() * 3 / 4);
    for chunk in sextets.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &s)| n | s << (18 - 6 * i));
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_round_trips_every_length() {
        for len in 0..40 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let text = base64url(&bytes);
            assert!(!text.contains(['+', '/', '=']));
            assert_eq!(from_base64url(&text), Ok(bytes));
        }
        assert_eq!(base64url(b"\xfb\xff"), "-_8");
    }

    #[test]
    fn bit_widths() {
        assert_eq!(
            [0, 1, 2, 3, 4, 5, 128, 129, 432].map(width),
            [0, 0, 1, 2, 2, 3, 7, 8, 9]
        );
    }

    #[test]
    fn crc_matches_the_standard_check_value() {
        assert_eq!(crc16(b"123456789"), 0x29b1);
    }

    #[test]
    fn every_start_code_names_its_array() {
        for code in 0..START_POSITION {
            let pos = Position::start(setup_of(code), Rules::default());
            assert_eq!(start_code(&pos), Some(code));
        }
        assert!(setup_of(0b1100).board() == StartSetup::Rotated.board());
    }
}

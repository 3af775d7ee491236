//! A game: a start position, the moves played (with undo and redo), resignation, draws, and
//! game records with PGN-style headers (RULES §6.2).
//!
//! Record import accepts, besides this module's own output: move numbers with or without a
//! space (`1.b2-b5`), `1...` before a Black move, Game Courier's move forms (`L b1-b8`,
//! `@-e4`, see [`crate::MoveText`]), capture lists written with spaces, `{comments}`, `;`
//! comments to the end of the line, PGN's numeric glyphs (`$1`) and its variations in
//! parentheses, nested or not: the game is the main line, and [`Game::record_side_lines`]
//! reads the variations (for the analysis board). The `Setup` header holds a position string or a
//! named start (`rotated`, `mirrored`, `custom:da/eh`); without it the game starts from the
//! default array. A decisive `Result` on an unfinished game records a resignation of the
//! loser, and `1/2-1/2` a draw by agreement; with `[Termination "time forfeit"]` (or
//! `"time forfeit against a lone King"`) the result is a flag instead ([`Game::flag`]): of the
//! loser, or for a draw of the side to move, whose clock was the one running.

use crate::{Color, Move, MoveError, Outcome, Position, Reason, Rules, StartSetup};
use core::fmt;

/// A move or action the game refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The game has ended.
    GameOver(Outcome),
    Move(MoveError),
    /// A header the game cannot write into its record.
    Header {
        name: String,
        reason: &'static str,
    },
    /// A side line that follows the game's moves to their end and runs on: a record could only
    /// write it as the game's own continuation, another game.
    PastTheEnd,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::GameOver(o) => write!(f, "the game is over ({o})"),
            GameError::Move(e) => e.fmt(f),
            GameError::Header { name, reason } => write!(f, "header '{}': {reason}", clip(name)),
            GameError::PastTheEnd => write!(
                f,
                "the line follows the game to its last move and goes on: a continuation of the game, not a side line"
            ),
        }
    }
}

impl std::error::Error for GameError {}

impl From<MoveError> for GameError {
    fn from(e: MoveError) -> GameError {
        GameError::Move(e)
    }
}

/// A game record that could not be read in full. `partial` holds the game up to the last
/// move read successfully, when the headers could be read.
#[derive(Clone, Debug)]
pub struct RecordError {
    /// 1-based line of the record.
    pub line: usize,
    pub message: String,
    pub partial: Option<Box<Game>>,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game record, line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for RecordError {}

/// A side line [`Game::record_with_side_lines`] could not write: which line (1-based, in the
/// order given), which of its moves, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideLineError {
    pub line: usize,
    pub ply: usize,
    /// The move's text (cut to 40 characters).
    pub text: String,
    pub error: GameError,
}

impl fmt::Display for SideLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "side line {}, move {} '{}': {}",
            self.line, self.ply, self.text, self.error
        )
    }
}

impl std::error::Error for SideLineError {}

/// A move's assessment as a record writes it after the move: PGN's move suffix annotations
/// (its numeric glyphs `$1` to `$6`). [`Game::from_record`] reads them past, and
/// [`Game::record_notes`] reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glyph {
    /// `!`
    Good,
    /// `?`
    Mistake,
    /// `!!`
    Brilliant,
    /// `??`
    Blunder,
    /// `!?`
    Interesting,
    /// `?!`
    Dubious,
}

impl Glyph {
    /// Every glyph, in the order of PGN's `$1` to `$6`.
    pub const ALL: [Glyph; 6] = [
        Glyph::Good,
        Glyph::Mistake,
        Glyph::Brilliant,
        Glyph::Blunder,
        Glyph::Interesting,
        Glyph::Dubious,
    ];

    /// The glyph a record writes as `text` (`"?!"`), if it is one.
    pub fn from_text(text: &str) -> Option<Glyph> {
        Glyph::ALL.into_iter().find(|g| g.as_str() == text)
    }

    /// How a record writes it, e.g. `?!`.
    pub fn as_str(self) -> &'static str {
        match self {
            Glyph::Good => "!",
            Glyph::Mistake => "?",
            Glyph::Brilliant => "!!",
            Glyph::Blunder => "??",
            Glyph::Interesting => "!?",
            Glyph::Dubious => "?!",
        }
    }
}

/// What a record says of a move ([`Game::record_notes`], [`Game::annotated_record`]): a glyph
/// after the move and a comment after that, in braces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveNote {
    pub glyph: Option<Glyph>,
    /// Words; empty for none. A `}` would end the comment early and is written as `)`.
    pub comment: String,
}

/// A note on a move of a record's lines: `line` 0 the main line, `k` the `k`-th side line of
/// [`Game::record_side_lines`] (or given to [`Game::annotated_record`]), `ply` 0 the line's
/// first move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineNote {
    pub line: usize,
    pub ply: usize,
    pub note: MoveNote,
}

/// What a record says besides its moves ([`Game::record_notes`], [`Game::annotated_record`]):
/// the game's comment, before its first move (PGN's `{…} 1. b2-b5`: what the game is, who
/// annotated it), and the notes on the moves of its lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordNotes {
    /// Words; empty for none. A `}` is written as `)`, as in a move's comment.
    pub comment: String,
    pub moves: Vec<LineNote>,
}

impl MoveNote {
    /// Writes the note's glyph onto the move item (`d7-d6??`) and its comment after it; whether
    /// it wrote a comment.
    fn write(&self, items: &mut Vec<String>) -> bool {
        if let (Some(glyph), Some(item)) = (self.glyph, items.last_mut()) {
            item.push_str(glyph.as_str());
        }
        write_comment(&self.comment, items)
    }
}

/// Adds `text` to a comment, after a space when it has words already (a record's comments on
/// one move are joined).
fn add_comment(comment: &mut String, text: &str) {
    if text.is_empty() {
        return;
    }
    if !comment.is_empty() {
        comment.push(' ');
    }
    comment.push_str(text);
}

/// Writes a comment in braces as items of one word each (so that the record's lines break
/// between words); whether it wrote any.
fn write_comment(comment: &str, items: &mut Vec<String>) -> bool {
    let comment = comment.replace('}', ")");
    let first = items.len();
    items.extend(comment.split_whitespace().map(str::to_string));
    if items.len() == first {
        return false;
    }
    items[first].insert(0, '{');
    if let Some(last) = items.last_mut() {
        last.push('}');
    }
    true
}

/// Lines of moves from a start, merged where they share their beginnings: what a record with
/// variations writes. Each node is a move and the position after it.
#[derive(Default)]
struct MoveTree {
    nodes: Vec<(Move, Position, Vec<usize>)>,
    /// The first moves, the main line's first.
    root: Vec<usize>,
}

impl MoveTree {
    /// Adds a line from the start, following the moves already there; its moves' nodes.
    fn place(&mut self, line: impl IntoIterator<Item = (Move, Position)>) -> Vec<usize> {
        let mut at: Option<usize> = None;
        let mut nodes = Vec::new();
        for (m, after) in line {
            let children = match at {
                None => &self.root,
                Some(i) => &self.nodes[i].2,
            };
            let found = children.iter().copied().find(|&c| self.nodes[c].0 == m);
            let next = found.unwrap_or_else(|| {
                self.nodes.push((m, after, Vec::new()));
                let new = self.nodes.len() - 1;
                match at {
                    None => self.root.push(new),
                    Some(i) => self.nodes[i].2.push(new),
                }
                new
            });
            at = Some(next);
            nodes.push(next);
        }
        nodes
    }

    /// Writes the moves from `before` on, the first of `children` and its line, each move's
    /// note (`notes[i]` for node `i`) and then its alternatives in parentheses after it.
    /// `numbered`: the first move takes its number even as Black's (`12...`), as after a
    /// comment or a variation or at the start. Variations nest by recursion, lines run on by
    /// the loop.
    fn write<'a>(
        &'a self,
        mut children: &'a [usize],
        mut before: &'a Position,
        mut numbered: bool,
        notes: &[Option<MoveNote>],
        items: &mut Vec<String>,
    ) {
        // Writes node `i`'s note after it; whether it wrote a comment.
        let note_of = |i: usize, items: &mut Vec<String>| {
            notes
                .get(i)
                .and_then(Option::as_ref)
                .is_some_and(|note| note.write(items))
        };
        while let Some((&main, alternatives)) = children.split_first() {
            items.push(numbered_move(&self.nodes[main].0, before, numbered));
            let commented = note_of(main, items);
            for &alternative in alternatives {
                let first = items.len();
                items.push(numbered_move(&self.nodes[alternative].0, before, true));
                let alternative_commented = note_of(alternative, items);
                let (_, after, next) = &self.nodes[alternative];
                self.write(next, after, alternative_commented, notes, items);
                items[first].insert(0, '(');
                if let Some(last) = items.last_mut() {
                    last.push(')');
                }
            }
            let (_, after, next) = &self.nodes[main];
            before = after;
            children = next;
            numbered = commented || !alternatives.is_empty();
        }
    }
}

/// A move as a record writes it, played from `before`: `12. b2-b5`, `12... g7-g4` (Black's
/// move `numbered`: the first of the game or of a variation, or after one), or the move alone.
fn numbered_move(m: &Move, before: &Position, numbered: bool) -> String {
    let number = before.fullmoves();
    match before.turn() {
        Color::White => format!("{number}. {m}"),
        Color::Black if numbered => format!("{number}... {m}"),
        Color::Black => m.to_string(),
    }
}

/// What [`Game::undo`] took back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undone {
    /// The resignation, agreed draw or flag that had ended the game, with the outcome it gave;
    /// the moves stay and the game goes on.
    Verdict(Outcome),
    /// The last move, which [`Game::redo`] can replay.
    Move(Move),
}

/// How a game ended other than by the position itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Resigned(Color),
    DrawAgreed,
    /// The side whose time ran out.
    Flagged(Color),
}

/// A game in progress or finished.
///
/// # Examples
///
/// ```
/// use ultima::{Game, Reason};
/// let mut game = Game::default();
/// game.play_text("b2-b5")?;
/// game.play_text("g7-g4")?;
/// assert_eq!(game.moves().len(), 2);
/// game.undo();
/// game.redo();
/// let record = game.to_record();
/// let again = Game::from_record(&record)?;
/// assert_eq!(again.to_record(), record);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    /// `positions[0]` is the start; `positions[i]` follows `moves[i - 1]`; the last is the
    /// current position.
    positions: Vec<Position>,
    /// The moves played, then the moves undone that [`Game::redo`] can replay.
    moves: Vec<Move>,
    verdict: Option<Verdict>,
    /// Headers other than the ones the game writes itself, in record order.
    headers: Vec<(String, String)>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Position::default())
    }
}

/// Headers the game writes from its own state.
const OWN_HEADERS: [&str; 4] = ["Setup", "Rules", "Result", "Termination"];

impl Game {
    /// A game starting from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            verdict: None,
            headers: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .unwrap_or_else(|| unreachable!("a game always has its start"))
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    pub fn rules(&self) -> &Rules {
        self.start().rules()
    }

    /// The moves played so far (not those undone).
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.positions.len() - 1]
    }

    /// The start, then the position after each move played: `positions()[i]` is the position
    /// before `moves()[i]`, and the last is the current position. Lets a caller describe any ply
    /// or show any earlier position without replaying the game.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The number of moves that [`Game::redo`] can replay: none while a resignation or agreed
    /// draw ends the game (the undone moves are kept: taking the verdict back makes them
    /// replayable again), so that a Redo button is off when it would do nothing.
    pub fn redo_len(&self) -> usize {
        if self.verdict.is_some() {
            return 0;
        }
        self.moves.len() + 1 - self.positions.len()
    }

    /// The header `name` (other than Setup, Rules, Result, Termination), if set.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The headers other than the game's own (Setup, Rules, Result, Termination), in record
    /// order.
    pub fn headers(&self) -> &[(String, String)] {
        &self.headers
    }

    /// Sets a header such as `White`, `Black`, `Event` or `Date`.
    ///
    /// # Errors
    ///
    /// [`GameError::Header`], leaving the game unchanged, for what the record could not hold
    /// or read back: one of the game's own headers (Setup, Rules, Result, Termination, written
    /// from its state), a name that is not letters, digits and `_`, or a line break in the
    /// value (a header is one line).
    pub fn set_header(&mut self, name: &str, value: &str) -> Result<(), GameError> {
        let refuse = |reason| {
            Err(GameError::Header {
                name: name.to_string(),
                reason,
            })
        };
        if OWN_HEADERS.contains(&name) {
            return refuse("the game writes it from its own state");
        }
        if !is_header_name(name) {
            return refuse("a header name is one or more letters, digits and '_'");
        }
        if value.contains(['\n', '\r']) {
            return refuse("a header value is one line");
        }
        match self.headers.iter_mut().find(|(k, _)| k == name) {
            Some(h) => h.1 = value.to_string(),
            None => self.headers.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }

    /// The end of the game by resignation, agreement or a flag, if so.
    fn verdict_outcome(&self) -> Option<Outcome> {
        Some(match self.verdict? {
            Verdict::Resigned(loser) => Outcome {
                winner: Some(!loser),
                reason: Reason::Resignation,
            },
            Verdict::DrawAgreed => Outcome {
                winner: None,
                reason: Reason::Agreement,
            },
            Verdict::Flagged(loser) if self.position().can_win(!loser) => Outcome {
                winner: Some(!loser),
                reason: Reason::Timeout,
            },
            Verdict::Flagged(_) => Outcome {
                winner: None,
                reason: Reason::TimeoutCannotWin,
            },
        })
    }

    /// The end of the game, if it has ended: a resignation, agreed draw or flag, else what the rules
    /// say of the current position after the game's earlier ones
    /// ([`Position::outcome_after`]).
    pub fn outcome(&self) -> Option<Outcome> {
        self.verdict_outcome()
            .or_else(|| self.position().outcome_after(&self.history_hashes()))
    }

    /// How often the current position (placement and side to move) has occurred, this time
    /// included.
    pub fn repetitions(&self) -> usize {
        1 + self.position().repetitions(&self.history_hashes()).count()
    }

    /// The hashes ([`Position::hash`]) of the positions before the current one, oldest first:
    /// what [`Position::outcome_after`] and the AI's search take to find repetitions.
    pub fn history_hashes(&self) -> Vec<u64> {
        let before = &self.positions[..self.positions.len() - 1];
        before.iter().map(Position::hash).collect()
    }

    /// Plays a legal move; the moves undone before are forgotten.
    ///
    /// # Errors
    ///
    /// [`GameError::GameOver`] once the game has ended; [`GameError::Move`] for an illegal
    /// move.
    pub fn play(&mut self, m: Move) -> Result<(), GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::GameOver(o));
        }
        let next = self.position().play(m).map_err(|(_, e)| {
            GameError::Move(MoveError::Illegal {
                text: e.text,
                reason: "it is not among the legal moves".to_string(),
            })
        })?;
        self.moves.truncate(self.positions.len() - 1);
        self.moves.push(m);
        self.positions.push(next);
        Ok(())
    }

    /// Parses move text (any form [`crate::MoveText`] accepts) and plays it.
    ///
    /// # Errors
    ///
    /// As [`Game::play`], and for text that does not parse.
    pub fn play_text(&mut self, text: &str) -> Result<Move, GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::GameOver(o));
        }
        let m = self.position().parse_move(text)?;
        self.play(m)?;
        Ok(m)
    }

    /// Takes back the last thing done: the resignation, agreed draw or flag that ended the game if
    /// there is one, and otherwise the last move, kept for [`Game::redo`]. `None` when there
    /// is nothing to take back (the start, no verdict).
    ///
    /// A verdict comes back alone because a player who takes back a resignation wants the
    /// game as it stood, not a move less; the answer says which of the two happened, so that
    /// a caller neither guesses from `None` nor replays a move to repair the position.
    pub fn undo(&mut self) -> Option<Undone> {
        if let Some(o) = self.verdict_outcome() {
            self.verdict = None;
            return Some(Undone::Verdict(o));
        }
        if self.positions.len() == 1 {
            return None;
        }
        self.positions.pop();
        Some(Undone::Move(self.moves[self.positions.len() - 1]))
    }

    /// Takes back the verdict that ended the game, if any, and every move after the first
    /// `plies`, all kept for [`Game::redo`]: what [`Game::undo`] repeated would do, in one
    /// step. A game of `plies` moves or fewer keeps its moves and loses only its verdict.
    ///
    /// A caller after the position before move `n` (a review's mistake, an analysis from the
    /// start) would otherwise undo one step at a time, asking after each whether to go on.
    pub fn take_back_to(&mut self, plies: usize) {
        self.verdict = None;
        self.positions.truncate(plies + 1);
    }

    /// Replays the next undone move; none while a resignation or agreed draw ends the game.
    pub fn redo(&mut self) -> Option<Move> {
        let m = *self.moves.get(self.positions.len() - 1)?;
        if self.verdict.is_some() {
            return None;
        }
        let mut next = *self.position();
        next.play_unchecked(m);
        self.positions.push(next);
        Some(m)
    }

    /// `loser` resigns (RULES §2.8: always available).
    ///
    /// # Errors
    ///
    /// [`GameError::GameOver`] if the game has already ended.
    pub fn resign(&mut self, loser: Color) -> Result<(), GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::GameOver(o));
        }
        self.verdict = Some(Verdict::Resigned(loser));
        Ok(())
    }

    /// The side whose flag fell, if a flag ended the game (won on time or drawn against a lone
    /// King: the outcome alone does not say who flagged in the draw).
    pub fn flagged(&self) -> Option<Color> {
        match self.verdict {
            Some(Verdict::Flagged(loser)) => Some(loser),
            _ => None,
        }
    }

    /// `loser`'s time ran out on the clock (the clock itself is the page's: the game knows no
    /// time). A loss for `loser` if the other side can still win ([`Position::can_win`]:
    /// [`Reason::Timeout`]), else a draw ([`Reason::TimeoutCannotWin`]). Like a resignation,
    /// [`Game::undo`] takes back the flag alone.
    ///
    /// # Errors
    ///
    /// [`GameError::GameOver`] if the game has already ended.
    pub fn flag(&mut self, loser: Color) -> Result<(), GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::GameOver(o));
        }
        self.verdict = Some(Verdict::Flagged(loser));
        Ok(())
    }

    /// Both players agree to a draw.
    ///
    /// # Errors
    ///
    /// [`GameError::GameOver`] if the game has already ended.
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::GameOver(o));
        }
        self.verdict = Some(Verdict::DrawAgreed);
        Ok(())
    }

    /// The game record: headers, then the numbered moves in canonical form and the result.
    pub fn to_record(&self) -> String {
        let moves = self.moves().iter().enumerate();
        self.write_record(moves.map(|(i, m)| numbered_move(m, &self.positions[i], i == 0)))
    }

    /// The game record (as [`Game::to_record`]) with side lines written in as PGN variations,
    /// which [`Game::record_side_lines`] reads back. Each side line is the move texts of a line
    /// from the start (any form [`crate::MoveText`] accepts); the game's own moves are the main
    /// line. A side line's moves go where it leaves the lines before it (a move already there
    /// is not written again), and a move's alternatives come in the order first given.
    ///
    /// # Errors
    ///
    /// [`SideLineError`]: a move of a side line that does not parse or is not legal there, or
    /// the first move of one that runs on past the game's end ([`GameError::PastTheEnd`]).
    pub fn record_with_side_lines(
        &self,
        side_lines: &[Vec<String>],
    ) -> Result<String, SideLineError> {
        self.annotated_record(&RecordNotes::default(), side_lines)
    }

    /// [`Game::record_with_side_lines`] with the game's comment before its first move and notes
    /// on moves of its lines ([`LineNote`]: line 0 the game's moves, `k` the `k`-th of
    /// `side_lines`), each written after its move, the glyph glued to it and the comment after
    /// that, before the move's side lines (`12... d7-d6?? {words} (12... e6-e2)`), as a
    /// review's annotated record writes them. A note on a move another line shares is on that
    /// one move (the first glyph given is kept, and the comments are joined); a note past its
    /// line's end is left out. The record reads back as the same game and side lines
    /// ([`Game::from_record`] reads the notes past, [`Game::record_notes`] reads them).
    ///
    /// # Errors
    ///
    /// [`SideLineError`]: a move of a side line that does not parse or is not legal there, or
    /// the first move of one that runs on past the game's end ([`GameError::PastTheEnd`]).
    pub fn annotated_record(
        &self,
        notes: &RecordNotes,
        side_lines: &[Vec<String>],
    ) -> Result<String, SideLineError> {
        let mut tree = MoveTree::default();
        // Each line's moves as the tree's nodes, the game's first.
        let mut placed = vec![tree.place(
            self.moves()
                .iter()
                .copied()
                .zip(self.positions[1..].iter().copied()),
        )];
        for (i, line) in side_lines.iter().enumerate() {
            let mut game = Game::new(*self.start());
            let mut played = Vec::with_capacity(line.len());
            for (ply, text) in line.iter().enumerate() {
                let m = game.play_text(text).map_err(|error| SideLineError {
                    line: i + 1,
                    ply: ply + 1,
                    text: clip(text),
                    error,
                })?;
                played.push((m, *game.position()));
            }
            let main = self.moves().len();
            if played.len() > main
                && played[..main]
                    .iter()
                    .map(|p| p.0)
                    .eq(self.moves().iter().copied())
            {
                return Err(SideLineError {
                    line: i + 1,
                    ply: main + 1,
                    text: clip(&line[main]),
                    error: GameError::PastTheEnd,
                });
            }
            placed.push(tree.place(played));
        }
        let mut on_nodes: Vec<Option<MoveNote>> = vec![None; tree.nodes.len()];
        for LineNote { line, ply, note } in &notes.moves {
            let Some(&node) = placed.get(*line).and_then(|ids| ids.get(*ply)) else {
                continue;
            };
            let on = on_nodes[node].get_or_insert_default();
            on.glyph = on.glyph.or(note.glyph);
            add_comment(&mut on.comment, &note.comment);
        }
        let mut items = Vec::new();
        write_comment(&notes.comment, &mut items);
        tree.write(&tree.root, self.start(), true, &on_nodes, &mut items);
        Ok(self.write_record(items))
    }

    /// A record of the game's headers, the movetext's items (moves with their numbers and
    /// parentheses) and the game's result, in lines of at most 79 characters.
    fn write_record(&self, items: impl IntoIterator<Item = String>) -> String {
        let mut out = String::new();
        let outcome = self.outcome();
        let mut headers = self.headers.clone();
        headers.push(("Setup".into(), self.start().to_fen()));
        headers.push(("Rules".into(), self.rules().to_string()));
        headers.push((
            "Result".into(),
            outcome.map_or("*", |o| o.result_text()).into(),
        ));
        if let Some(o) = outcome {
            headers.push(("Termination".into(), o.reason.to_string()));
        }
        for (k, v) in &headers {
            out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
        }
        out.push('\n');
        let result = outcome.map_or("*", |o| o.result_text()).to_string();
        let mut line = String::new();
        for item in items.into_iter().chain([result]) {
            if !line.is_empty() && line.len() + 1 + item.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&item);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// Reads a game record (see the module docs for the forms accepted).
    ///
    /// # Errors
    ///
    /// [`RecordError`] with the line and what is wrong: a malformed header, a bad setup or
    /// rules value, an unreadable or illegal move (with its move number), moves after the end
    /// of the game, or a `Result` that contradicts the moves.
    pub fn from_record(text: &str) -> Result<Game, RecordError> {
        let (headers, body) = record_parts(text)?;
        let movetext = split_variations(movetext_tokens(&body), false)?;
        let find = |name: &str| headers.iter().find(|(_, k, _)| k == name);
        let rules = match find("Rules") {
            Some((line, _, v)) => v.parse::<Rules>().map_err(|e| RecordError {
                line: *line,
                message: e.to_string(),
                partial: None,
            })?,
            None => Rules::default(),
        };
        let start = match find("Setup") {
            Some((line, _, v)) => match v.parse::<StartSetup>() {
                Ok(setup) => Position::start(setup, rules),
                Err(_) => Position::from_fen(v, rules).map_err(|e| RecordError {
                    line: *line,
                    message: e.to_string(),
                    partial: None,
                })?,
            },
            None => Position::start(StartSetup::Rotated, rules),
        };
        let mut game = Game::new(start);
        for (line, k, v) in headers
            .iter()
            .filter(|(_, k, _)| !OWN_HEADERS.contains(&k.as_str()))
        {
            game.set_header(k, v).map_err(|e| RecordError {
                line: *line,
                message: e.to_string(),
                partial: None,
            })?;
        }
        let mut result = None;
        for (line, token) in movetext.main {
            let fail = |game: &Game, message: String| RecordError {
                line,
                message,
                partial: Some(Box::new(game.clone())),
            };
            if result.is_some() {
                return Err(fail(
                    &game,
                    format!("text after the result: '{}'", clip(&token)),
                ));
            }
            if RESULTS.contains(&token.as_str()) {
                result = Some(token);
                continue;
            }
            let pos = game.position();
            let label = format!("{}{}", pos.fullmoves(), pos.turn().fold_wb(".", "..."));
            if let Err(e) = game.play_text(&token) {
                return Err(fail(&game, format!("move {label} {}: {e}", clip(&token))));
            }
        }
        let line = body.last().map_or(1, |(l, _)| *l);
        game.apply_result(
            result.as_deref(),
            find("Result").map(|(_, _, v)| v.as_str()),
            find("Termination").map(|(_, _, v)| v.as_str()),
        )
        .map_err(|message| RecordError {
            line,
            message,
            partial: Some(Box::new(game.clone())),
        })?;
        Ok(game)
    }

    /// The variations of a record's movetext (PGN's parentheses, see the module docs), each as
    /// the move texts of its line from the start: the moves before the one it replaces, then
    /// its own. In the order the variations open (an outer one before those nested in it); a
    /// variation without moves gives none. The moves are as written, not checked: the caller
    /// plays them (the analysis board stops a line at its first move that is not legal).
    ///
    /// # Errors
    ///
    /// [`RecordError`] with the line: a malformed header, parentheses that do not pair, or
    /// lines of more than 50,000 moves in all (each counted from the start).
    pub fn record_side_lines(text: &str) -> Result<Vec<Vec<String>>, RecordError> {
        let (_, body) = record_parts(text)?;
        Ok(split_variations(movetext_tokens(&body), true)?.side_lines)
    }

    /// The notes of a record's movetext: the game's comment, before its first move, and the
    /// notes on moves, each on the move it follows: its comments (`{…}`, `;` to the end of the
    /// line, joined by a space where a move has several) and its first assessment (`??` glued
    /// to the move or standing apart, or `$1` to `$6`), by line and ply as [`LineNote`] says
    /// (the lines of [`Game::record_side_lines`]), in the order of the text's moves. A comment
    /// right after a variation's `(` introduces the variation and is on its first move, before
    /// that move's own comments: the notes have no place before a move, and a word lost on
    /// reading is worse than one moved after its move ([`Game::annotated_record`] writes it
    /// there). An assessment before a first move (of the game or of a variation), and a
    /// comment in a variation without moves, are on no move and are left out. What
    /// [`Game::annotated_record`] writes reads back as the notes it was given.
    ///
    /// # Errors
    ///
    /// As [`Game::record_side_lines`].
    pub fn record_notes(text: &str) -> Result<RecordNotes, RecordError> {
        let (_, body) = record_parts(text)?;
        let movetext = split_variations(movetext_tokens(&body), false)?;
        Ok(RecordNotes {
            comment: movetext.comment,
            moves: movetext.notes,
        })
    }

    /// Reconciles the recorded result with the moves: a finished game must agree with it,
    /// an unfinished one takes it as a resignation or an agreed draw, or as a flag when the
    /// `termination` says the time ran out (and then the flag must give that result).
    fn apply_result(
        &mut self,
        token: Option<&str>,
        header: Option<&str>,
        termination: Option<&str>,
    ) -> Result<(), String> {
        let recorded = match (token, header) {
            (Some(t), Some(h)) if t != "*" && h != "*" && t != h => {
                return Err(format!(
                    "the result '{t}' after the moves differs from the Result header '{h}'"
                ))
            }
            (Some(t), _) if t != "*" => t,
            (_, Some(h)) => h,
            _ => "*",
        };
        if !["1-0", "0-1", "1/2-1/2", "*"].contains(&recorded) {
            return Err(format!(
                "unknown result '{}' (expected 1-0, 0-1, 1/2-1/2 or *)",
                clip(recorded)
            ));
        }
        match self.outcome() {
            Some(o) if recorded != "*" && recorded != o.result_text() => Err(format!(
                "the record says {recorded} but the moves end the game: {o}"
            )),
            Some(_) => Ok(()),
            None if recorded != "*" && termination.is_some_and(is_time_forfeit) => {
                let loser = match recorded {
                    "1-0" => Color::Black,
                    "0-1" => Color::White,
                    _ => self.position().turn(),
                };
                self.verdict = Some(Verdict::Flagged(loser));
                match self.outcome() {
                    Some(o) if o.result_text() == recorded => Ok(()),
                    o => {
                        self.verdict = None;
                        Err(format!(
                            "the record says {recorded} on time, but {loser}'s flag gives {}",
                            o.map_or_else(|| "nothing".to_string(), |o| o.to_string())
                        ))
                    }
                }
            }
            None => {
                self.verdict = match recorded {
                    "1-0" => Some(Verdict::Resigned(Color::Black)),
                    "0-1" => Some(Verdict::Resigned(Color::White)),
                    "1/2-1/2" => Some(Verdict::DrawAgreed),
                    _ => None,
                };
                Ok(())
            }
        }
    }
}

/// Whether a `Termination` header says a flag ended the game: [`Reason::Timeout`]'s or
/// [`Reason::TimeoutCannotWin`]'s text, in any case.
fn is_time_forfeit(termination: &str) -> bool {
    [Reason::Timeout, Reason::TimeoutCannotWin]
        .iter()
        .any(|r| termination.trim().eq_ignore_ascii_case(&r.to_string()))
}

fn clip(s: &str) -> String {
    let mut t: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        t.push('…');
    }
    t
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Whether `name` can be a header's name: one or more ASCII letters, digits and `_`.
fn is_header_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `[Key "Value"]` with `\"` and `\\` escapes.
fn parse_header(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (key, rest) = inner.split_once(char::is_whitespace)?;
    if !is_header_name(key) {
        return None;
    }
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            _ => value.push(c),
        }
    }
    Some((key.to_string(), value))
}

/// The first header of a line that starts with one, and what follows it: the header ends at the
/// first `]` outside its quoted value. None when no `]` closes it.
fn split_header(line: &str) -> Option<(&str, &str)> {
    let mut quoted = false;
    let mut escaped = false;
    for (at, c) in line.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ']' if !quoted => return Some((&line[..=at], &line[at + 1..])),
            _ => {}
        }
    }
    None
}

/// A record's header lines (line, name, value) and the lines after them (line, text).
type RecordParts<'a> = (Vec<(usize, String, String)>, Vec<(usize, &'a str)>);

/// Splits a record into its headers and its movetext. A line of headers may hold several, and
/// the movetext may start after them on the same line (PGN's import format allows both; a record
/// written into one line of an HTML attribute or a URL has them so).
fn record_parts(text: &str) -> Result<RecordParts<'_>, RecordError> {
    let mut headers = Vec::new();
    let mut body = Vec::new();
    let mut in_headers = true;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if in_headers && line.starts_with('[') {
            let mut rest = line;
            while rest.starts_with('[') {
                let malformed = || RecordError {
                    line: i + 1,
                    message: format!("malformed header '{}'", clip(rest)),
                    partial: None,
                };
                let (header, after) = split_header(rest).ok_or_else(malformed)?;
                let (k, v) = parse_header(header).ok_or_else(malformed)?;
                headers.push((i + 1, k, v));
                rest = after.trim_start();
            }
            if !rest.is_empty() {
                in_headers = false;
                body.push((i + 1, rest));
            }
        } else {
            if !line.is_empty() {
                in_headers = false;
            }
            body.push((i + 1, raw));
        }
    }
    Ok((headers, body))
}

/// How many moves the side lines [`Game::record_side_lines`] returns may hold in all, counting
/// each line's moves from the start: each line repeats the moves before its variation, so a
/// record of many variations on a long game would make millions.
const SIDE_LINE_MOVES: usize = 50_000;

/// A movetext's main line (its moves and result, each with its line) and, when asked for, its
/// variations' lines from the start (see [`Game::record_side_lines`]).
struct Movetext {
    main: Vec<(usize, String)>,
    side_lines: Vec<Vec<String>>,
    comment: String,
    notes: Vec<LineNote>,
}

/// A move of a variation, in the tree the variations make: its text, the move before it in
/// its line (none: the first move of the game), how many moves its line has up to it, the
/// variation it was read in (its place among the variations as they open; none: the main
/// line) and the notes after it.
struct Node {
    text: String,
    before: Option<usize>,
    depth: usize,
    variation: Option<usize>,
    note: Option<MoveNote>,
}

/// A variation being read: the last move of the line it branched from, the move its own moves
/// follow (none: the start), and the line of its `(`.
struct Open {
    outer: Option<usize>,
    branch: Option<usize>,
    line: usize,
}

/// Sorts the movetext's tokens (from [`movetext_tokens`]) into the main line and, with
/// `side_lines`, the variations' lines. A variation replaces the move before it: its line is
/// the line read so far without that move, then its own moves. A result inside a variation is
/// skipped. The moves read make a tree (each knows the one before it), so that the work is
/// linear in the text; only the lines asked for are written out, at most [`SIDE_LINE_MOVES`]
/// moves in all.
fn split_variations(tokens: Vec<(usize, Item)>, side_lines: bool) -> Result<Movetext, RecordError> {
    let fail = |line, message: String| RecordError {
        line,
        message,
        partial: None,
    };
    let mut main = Vec::new();
    let mut nodes: Vec<Node> = Vec::new();
    // The last move of the line being read (none: at the start).
    let mut current: Option<usize> = None;
    let mut open: Vec<Open> = Vec::new();
    // Each variation with moves of its own: its last move, in the order the variations open.
    let mut ends: Vec<Option<usize>> = Vec::new();
    // Where each open variation's end goes in `ends`.
    let mut slots: Vec<usize> = Vec::new();
    // Right after a '(', before the variation's first move: an assessment there is on no move
    // read, and the comments there (`introduction`) go to the variation's first move.
    let mut fresh = false;
    let mut introduction = String::new();
    // The game's comment: those before its first move.
    let mut comment = String::new();
    for (line, item) in tokens {
        let token = match item {
            Item::Word(word) => word,
            Item::Comment(text) => {
                match current {
                    _ if fresh => add_comment(&mut introduction, &text),
                    Some(c) => {
                        add_comment(&mut nodes[c].note.get_or_insert_default().comment, &text)
                    }
                    None if open.is_empty() => add_comment(&mut comment, &text),
                    None => {}
                }
                continue;
            }
            Item::Glyph(_) if fresh => continue,
            Item::Glyph(glyph) => {
                if let Some(c) = current {
                    nodes[c]
                        .note
                        .get_or_insert_default()
                        .glyph
                        .get_or_insert(glyph);
                }
                continue;
            }
        };
        fresh = token == "(";
        // A variation that closes (or holds another) before any move of its own: its
        // introduction is on no move.
        let introduced = std::mem::take(&mut introduction);
        match token.as_str() {
            "(" => {
                let Some(replaced) = current else {
                    return Err(fail(
                        line,
                        "'(' opens a variation before any move it could replace".into(),
                    ));
                };
                let branch = nodes[replaced].before;
                open.push(Open {
                    outer: current,
                    branch,
                    line,
                });
                slots.push(ends.len());
                ends.push(None);
                current = branch;
            }
            ")" => {
                let (Some(variation), Some(slot)) = (open.pop(), slots.pop()) else {
                    return Err(fail(line, "')' closes no variation".into()));
                };
                if current != variation.branch {
                    ends[slot] = current;
                }
                current = variation.outer;
            }
            _ if open.is_empty() || !RESULTS.contains(&token.as_str()) => {
                let is_result = RESULTS.contains(&token.as_str());
                if !is_result {
                    nodes.push(Node {
                        depth: current.map_or(1, |c| nodes[c].depth + 1),
                        before: current,
                        variation: slots.last().copied(),
                        note: (!introduced.is_empty()).then_some(MoveNote {
                            glyph: None,
                            comment: introduced,
                        }),
                        // The main line's moves are read from `main`; only a variation's
                        // are written out from here.
                        text: if open.is_empty() {
                            String::new()
                        } else {
                            token.clone()
                        },
                    });
                    current = Some(nodes.len() - 1);
                }
                if open.is_empty() {
                    main.push((line, token));
                }
            }
            _ => {}
        }
    }
    if let Some(variation) = open.first() {
        return Err(fail(variation.line, "a variation '(' is not closed".into()));
    }
    // Each variation's place among those with moves (the side lines), for the notes read in it.
    let mut with_moves = 0;
    let side_line_of: Vec<usize> = ends
        .iter()
        .map(|end| {
            with_moves += usize::from(end.is_some());
            with_moves
        })
        .collect();
    let notes = nodes
        .iter_mut()
        .filter_map(|node| {
            Some(LineNote {
                line: node.variation.map_or(0, |v| side_line_of[v]),
                ply: node.depth - 1,
                note: node.note.take()?,
            })
        })
        .collect();
    if !side_lines {
        return Ok(Movetext {
            main,
            side_lines: Vec::new(),
            comment,
            notes,
        });
    }
    let ends: Vec<usize> = ends.into_iter().flatten().collect();
    // Saturating: on wasm32 a usize holds only 4 G, which a 1 MB text can pass.
    let moves = ends
        .iter()
        .fold(0usize, |sum, &end| sum.saturating_add(nodes[end].depth));
    if moves > SIDE_LINE_MOVES {
        return Err(fail(
            main.last().map_or(1, |(line, _)| *line),
            format!("the variations hold {moves} moves counted from the start, more than {SIDE_LINE_MOVES}"),
        ));
    }
    // The main line's moves, to fill in the start of the lines that branch from it.
    let main_moves: Vec<&str> = main
        .iter()
        .map(|(_, token)| token.as_str())
        .filter(|token| !RESULTS.contains(token))
        .collect();
    let side_lines = ends
        .iter()
        .map(|&end| {
            let mut line = vec![String::new(); nodes[end].depth];
            let mut at = Some(end);
            while let Some(i) = at {
                let node = &nodes[i];
                line[node.depth - 1] = if node.text.is_empty() {
                    main_moves[node.depth - 1].to_string()
                } else {
                    node.text.clone()
                };
                at = node.before;
            }
            line
        })
        .collect();
    Ok(Movetext {
        main,
        side_lines,
        comment,
        notes,
    })
}

/// The results a movetext may end with.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// A piece of the movetext: a word (a move, a result or a parenthesis) or a note on the move
/// before it.
enum Item {
    Word(String),
    Comment(String),
    Glyph(Glyph),
}

/// The movetext's items, each with its line: its words with move numbers removed, parentheses
/// as words of their own, a lone piece letter joined to the move after it and spaced capture
/// items joined to the move before; and its notes, in their places: comments (`{…}`, and `;`
/// to the end of the line), assessments glued to a move or standing apart (`d7-d6??`, `!?`)
/// and the numeric glyphs `$1` to `$6` (other `$n` are read past).
fn movetext_tokens(body: &[(usize, &str)]) -> Vec<(usize, Item)> {
    let mut items: Vec<(usize, Item)> = Vec::new();
    let mut words = Words::default();
    // A comment being read (they may run over lines), with the line it started on.
    let mut comment: Option<(usize, String)> = None;
    for &(line, raw) in body {
        let mut text = String::new();
        for (at, c) in raw.char_indices() {
            if let Some((_, words_of_comment)) = &mut comment {
                if c == '}' {
                    if let Some((start, read)) = comment.take() {
                        items.push((start, Item::Comment(read.trim().to_string())));
                    }
                } else {
                    words_of_comment.push(c);
                }
                continue;
            }
            match c {
                '{' => {
                    words.read(line, &text, &mut items);
                    text.clear();
                    comment = Some((line, String::new()));
                }
                ';' => {
                    words.read(line, &text, &mut items);
                    text.clear();
                    let rest = raw[at + 1..].trim();
                    items.push((line, Item::Comment(rest.to_string())));
                    break;
                }
                '(' | ')' => {
                    text.push(' ');
                    text.push(c);
                    text.push(' ');
                }
                // A brace that closes nothing stands apart (and is no move).
                '}' => text.push_str("} "),
                _ => text.push(c),
            }
        }
        words.read(line, &text, &mut items);
        if let Some((_, read)) = &mut comment {
            read.push(' ');
        }
    }
    if let Some((start, read)) = comment {
        items.push((start, Item::Comment(read.trim().to_string())));
    }
    words.finish(body.last().map_or(1, |b| b.0), &mut items);
    items
}

/// The movetext's words as they are read ([`movetext_tokens`]), with a piece letter waiting for
/// the move after it.
#[derive(Default)]
struct Words {
    pending_letter: Option<String>,
}

impl Words {
    /// Reads the words of `text` (movetext without comments) into `items`.
    fn read(&mut self, line: usize, text: &str, items: &mut Vec<(usize, Item)>) {
        for word in text.split_whitespace() {
            // Strip a move number: `12.`, `12...`, or glued as `12.b2-b5`.
            let digits = word.chars().take_while(char::is_ascii_digit).count();
            let after_digits = &word[digits..];
            let word = if digits > 0 && after_digits.starts_with('.') {
                after_digits.trim_start_matches('.')
            } else {
                word
            };
            // A move's assessment, glued to it or standing apart, is a note of its own.
            let assessed = word.trim_end_matches(['!', '?']);
            let glyph = Glyph::from_text(&word[assessed.len()..]);
            let word = assessed;
            // `$1` to `$6` are the glyphs; any other `$n` is read past.
            let numeric = word
                .strip_prefix('$')
                .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
            if let Some(n) = numeric {
                let nag = n.parse::<usize>().ok().and_then(|n| n.checked_sub(1));
                if let Some(&glyph) = nag.and_then(|i| Glyph::ALL.get(i)) {
                    items.push((line, Item::Glyph(glyph)));
                }
                continue;
            }
            if !word.is_empty() {
                self.word(line, word, items);
            }
            if let Some(glyph) = glyph {
                items.push((line, Item::Glyph(glyph)));
            }
        }
    }

    fn word(&mut self, line: usize, word: &str, items: &mut Vec<(usize, Item)>) {
        if word == "(" || word == ")" {
            // A piece letter alone before a parenthesis is a move of its own (refused).
            if let Some(l) = self.pending_letter.take() {
                items.push((line, Item::Word(l)));
            }
            items.push((line, Item::Word(word.to_string())));
            return;
        }
        let is_letter =
            word.len() == 1 && crate::Role::from_char(word.chars().next().unwrap_or(' ')).is_some();
        let is_capture_item =
            word.len() == 3 && word.starts_with('x') && word[1..].parse::<crate::Square>().is_ok();
        if is_letter {
            self.pending_letter = Some(word.to_string());
        } else if is_capture_item && self.pending_letter.is_none() {
            // The last word read, past any notes after it: spaced capture items belong to it.
            let last_move = items.iter_mut().rev().find_map(|(_, item)| match item {
                Item::Word(w) => Some(w),
                _ => None,
            });
            match last_move {
                Some(last) if last != "(" && last != ")" => last.push_str(word),
                _ => items.push((line, Item::Word(word.to_string()))),
            }
        } else {
            let joined = match self.pending_letter.take() {
                Some(l) => format!("{l} {word}"),
                None => word.to_string(),
            };
            items.push((line, Item::Word(joined)));
        }
    }

    /// A piece letter left at the end is a move of its own (refused).
    fn finish(&mut self, line: usize, items: &mut Vec<(usize, Item)>) {
        if let Some(l) = self.pending_letter.take() {
            items.push((line, Item::Word(l)));
        }
    }
}

//! The `Game` class: a game whose every action answers with one [`Snapshot`].

use crate::args;
use crate::snapshot::{Plies, PlyInfo, Snapshot};
use ultima::{Color, Position, Rules, StartSetup};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPESCRIPT_TYPES: &str = r##"
/**
 * A note on a move of a record's lines (`Game.recordNotes`, `Game.recordOfLines`), or the game's
 * comment, before its first move (line 0, ply -1, no glyph).
 */
export interface RecordNote {
  /** 0 the main line, k the k-th side line. */
  line: number;
  /** 0 the line's first move; -1 before the game's first move (the game's comment). */
  ply: number;
  /** The move's assessment as a record writes it ("!", "?", "!!", "??", "!?", "?!"), or null. */
  glyph: string | null;
  /** Its comment's words, or "" for none. */
  comment: string;
}
"##;

#[wasm_bindgen]
extern "C" {
    /// `Snapshot` in TypeScript.
    #[wasm_bindgen(typescript_type = "Snapshot")]
    pub type SnapshotValue;

    /// Lines of move texts in TypeScript.
    #[wasm_bindgen(typescript_type = "string[][]")]
    pub type LinesValue;

    /// Notes on moves of lines, in TypeScript.
    #[wasm_bindgen(typescript_type = "RecordNote[]")]
    pub type NotesValue;

    /// What `linePlies` answers, in TypeScript.
    #[wasm_bindgen(typescript_type = "{ lines: PlyInfo[][], refused: number }")]
    pub type LinePliesValue;
}

/// A game of Ultima: a position, the moves played, and the moves undone (for redo). Each action
/// returns the game's `Snapshot`; a refused action throws an `Error` and changes nothing.
///
/// ```js
/// const game = new Game();                    // the default start, default rules
/// let s = game.snapshot();                    // s.moves["b2"] → the Pawn's moves
/// s = game.play("b2-b5");                     // s.plies[0].text === "b2-b5"
/// s = game.undo();                            // s.plies.length === 0, s.redo === 1
/// new Game("nonsense");                       // throws Error: <what is wrong, and where>
/// ```
#[wasm_bindgen]
pub struct Game {
    game: ultima::Game,
    plies: Plies,
}

#[wasm_bindgen]
impl Game {
    /// A new game from `position` (a position string, RULES §6.1; the default start if absent)
    /// under `rules` (rule options, e.g. "distance_1968"; the default rules if absent).
    ///
    /// # Errors
    /// A bad position string or unknown rule option, with the rules crate's message.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] position: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] rules: &JsValue,
    ) -> Result<Game, JsError> {
        let position = args::optional_text("the position string", position)?;
        let rules = parse_rules(rules)?;
        let position = match position.as_deref() {
            Some(text) => Position::from_fen(text, rules)?,
            None => Position::start(StartSetup::default(), rules),
        };
        Ok(Game::from(ultima::Game::new(position)))
    }

    /// A game read from a game record (RULES §6.2), positioned after its last move.
    ///
    /// # Errors
    /// A record that does not parse or holds an illegal move, with the rules crate's message.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
    ) -> Result<Game, JsError> {
        let game = ultima::Game::from_record(&args::text("the game record", text)?)?;
        Ok(Game::from(game))
    }

    /// The variations of a game record (PGN's parentheses), each as the move texts of its line
    /// from the start, in the order they open: what the analysis board adds to the record's
    /// main line. The moves are as written, not checked (the analysis board plays them).
    ///
    /// # Errors
    /// A malformed header, or parentheses that do not pair, with the rules crate's message.
    #[wasm_bindgen(js_name = recordSideLines)]
    pub fn record_side_lines(
        #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
    ) -> Result<LinesValue, JsError> {
        let lines = ultima::Game::record_side_lines(&args::text("the game record", text)?)?;
        crate::to_js(&lines)
    }

    /// The notes of a game record's movetext: first the game's comment, before its first move
    /// (line 0, ply -1), if it has one; then each note on the move it follows: its comment
    /// (`{…}`, several joined by a space) and its first assessment (`??`, `!?`, … or `$1` to
    /// `$6`), by line (0 the main line, `k` the `k`-th line of `recordSideLines`) and ply (0 the
    /// line's first move). A comment right after a variation's `(` is on the variation's first
    /// move, before that move's own; an assessment there is left out.
    ///
    /// # Errors
    /// As `recordSideLines`.
    #[wasm_bindgen(js_name = recordNotes)]
    pub fn record_notes(
        #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
    ) -> Result<NotesValue, JsError> {
        let notes = ultima::Game::record_notes(&args::text("the game record", text)?)?;
        crate::to_js(&record_notes_to_js(&notes))
    }

    /// The record of lines of move texts from the game's position: the first, the main line, is
    /// played on (the record's result is the one at its end), and the others, each from the
    /// game's start, are written in as PGN variations where they leave the lines before them
    /// (what `recordSideLines` reads back). With one line, the record of that line: the
    /// analysis board's "Copy line" and "Copy all lines", neither of which plays its lines
    /// move by move (a whole snapshot each). `notes` (optional) are written after their moves,
    /// by line and ply as `recordNotes` reads them (line 0's plies counted from the game's
    /// start).
    ///
    /// # Errors
    /// `lines` that is not a list of lists of strings, `notes` that are not notes, or a move
    /// that is not legal where it stands ("the main line, move 3 'b5-b9': …", "side line 2,
    /// move 3 'b5-b9': …").
    #[wasm_bindgen(js_name = recordOfLines)]
    pub fn record_of_lines(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string[][]")] lines: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "RecordNote[] | null")] notes: &JsValue,
    ) -> Result<String, JsError> {
        let lines = args::lines("the lines", lines)?;
        let notes = read_notes(notes)?;
        let Some((main, side)) = lines.split_first() else {
            return Ok(self.game.annotated_record(&notes, &[])?);
        };
        let mut game = self.game.clone();
        for (ply, text) in main.iter().enumerate() {
            game.play_text(text).map_err(|e| {
                JsError::new(&format!("the main line, move {} '{text}': {e}", ply + 1))
            })?;
        }
        Ok(game.annotated_record(&notes, side)?)
    }

    /// Lines of move texts (each from the game's start) played out, in one call: for each line
    /// its plies, up to its first move that does not parse or is not legal there, and how many
    /// moves were left out in all. What the analysis board grows its tree from: playing the
    /// lines move by move would build a whole snapshot (every ply of the game so far) for each.
    /// The game itself does not change.
    ///
    /// # Errors
    /// `lines` that is not a list of lists of strings.
    #[wasm_bindgen(js_name = linePlies)]
    pub fn line_plies(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string[][]")] lines: &JsValue,
    ) -> Result<LinePliesValue, JsError> {
        let lines = args::lines("the lines", lines)?;
        #[derive(serde::Serialize)]
        struct Grown {
            lines: Vec<Vec<PlyInfo>>,
            refused: usize,
        }
        let mut grown = Grown {
            lines: Vec::with_capacity(lines.len()),
            refused: 0,
        };
        // Lines share their beginnings (the main line's, above all): from one line to the next
        // the game takes back only to where they part, so each move is played once.
        let mut game = ultima::Game::new(*self.game.start());
        let mut plies: Vec<PlyInfo> = Vec::new();
        for line in &lines {
            let common = plies
                .iter()
                .zip(line)
                .take_while(|(ply, text)| ply.text() == text.as_str())
                .count();
            plies.truncate(common);
            while game.moves().len() > common {
                game.undo();
            }
            for text in &line[common..] {
                let before = *game.position();
                match game.play_text(text) {
                    Ok(m) => plies.push(PlyInfo::new(&before, m)),
                    Err(_) => break,
                }
            }
            grown.refused += line.len() - plies.len();
            grown.lines.push(plies.clone());
        }
        crate::to_js(&grown)
    }

    /// A game read from link text made by `link()` (what follows `#game=` in a game link),
    /// positioned after its last move.
    ///
    /// # Errors
    /// Text that holds no game — not base64url, cut short or changed (its check digits), another
    /// format version, a move beyond the position's legal moves, too long — with the rules
    /// crate's message, which says which.
    #[wasm_bindgen(js_name = fromLink)]
    pub fn from_link(
        #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
    ) -> Result<Game, JsError> {
        let game = ultima::Game::from_link(&args::text("the link", text)?)?;
        Ok(Game::from(game))
    }

    /// The game as link text (base64url: start, rules, headers, the moves played, a
    /// resignation or agreed draw), for a URL fragment; `Game.fromLink` reads it back.
    ///
    /// # Errors
    /// A game too long for a link (over 4000 plies, or huge headers).
    pub fn link(&self) -> Result<String, JsError> {
        Ok(self.game.to_link()?)
    }

    /// A new game from a starting array (`setup`: "rotated", "mirrored" or "custom:da/eh") under
    /// `rules` (the default rules if absent).
    ///
    /// # Errors
    /// An unknown setup or rule option, with the rules crate's message.
    #[wasm_bindgen(js_name = fromSetup)]
    pub fn from_setup(
        #[wasm_bindgen(unchecked_param_type = "string")] setup: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] rules: &JsValue,
    ) -> Result<Game, JsError> {
        let setup = args::text("the setup", setup)?.parse::<StartSetup>()?;
        let rules = parse_rules(rules)?;
        Ok(Game::from(ultima::Game::new(Position::start(setup, rules))))
    }

    /// The game as it stands.
    ///
    /// # Errors
    /// Only if the snapshot cannot be converted to a JavaScript value.
    pub fn snapshot(&self) -> Result<SnapshotValue, JsError> {
        self.at_ply(self.game.moves().len())
    }

    /// The game seen at an earlier position: after `ply` plies (0 = the start). The plies,
    /// status and record are the whole game's; the pieces, marks and legal moves are those of
    /// that position.
    ///
    /// # Errors
    /// A `ply` that is not a whole number from 0 to the number of plies played.
    pub fn at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: &JsValue,
    ) -> Result<SnapshotValue, JsError> {
        let played = u32::try_from(self.game.moves().len()).unwrap_or(u32::MAX);
        let ply = args::whole("the ply", ply, 0, played)?;
        self.at_ply(ply as usize)
    }

    /// Plays `text` (move text, RULES §6.2, or Game Courier's forms; the capture list may be
    /// left out).
    ///
    /// # Errors
    /// Move text that does not parse, a move that is not legal here, or a finished game.
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
    ) -> Result<SnapshotValue, JsError> {
        self.game.play_text(&args::text("the move text", text)?)?;
        self.changed()
    }

    /// Takes back the last move, or only the resignation, agreed draw or flag that ended the
    /// game; at the start of the game, changes nothing.
    ///
    /// # Errors
    /// Only if the snapshot cannot be converted to a JavaScript value.
    pub fn undo(&mut self) -> Result<SnapshotValue, JsError> {
        self.game.undo();
        self.changed()
    }

    /// Takes back, as `undo` would one call at a time, a resignation, agreed draw or flag and
    /// every move after the first `plies` (all of them when `plies` is left out), all kept
    /// for `redo`: the game as it stood after `plies` moves, going on, in one snapshot. Each
    /// `undo` answers with a snapshot of every ply, so taking back a long game by `undo` grew
    /// as the square of its length (90 plies: 90 snapshots of up to 90 plies).
    ///
    /// # Errors
    /// `plies` given and not a whole number from 0 up; or if the snapshot cannot be converted
    /// to a JavaScript value.
    pub fn rewind(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] plies: &JsValue,
    ) -> Result<SnapshotValue, JsError> {
        let plies = args::optional_whole("the plies to keep", plies, 0, u32::MAX)?;
        self.game.take_back_to(plies.map_or(0, |n| n as usize));
        self.changed()
    }

    /// Plays again the last move taken back; changes nothing when there is none.
    ///
    /// # Errors
    /// Only if the snapshot cannot be converted to a JavaScript value.
    pub fn redo(&mut self) -> Result<SnapshotValue, JsError> {
        self.game.redo();
        self.changed()
    }

    /// `side` ("white" or "black") resigns; the game ends. `undo()` takes the resignation back.
    ///
    /// # Errors
    /// A side that is not "white" or "black", or a game already over.
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Side")] side: &JsValue,
    ) -> Result<SnapshotValue, JsError> {
        self.game.resign(parse_side(side)?)?;
        self.changed()
    }

    /// The players agree to a draw; the game ends (status "agreement", result "1/2-1/2").
    /// `undo()` takes the agreement back.
    ///
    /// # Errors
    /// A game already over.
    #[wasm_bindgen(js_name = agreeDraw)]
    pub fn agree_draw(&mut self) -> Result<SnapshotValue, JsError> {
        self.game.agree_draw()?;
        self.changed()
    }

    /// `side` ("white" or "black") ran out of time on its clock; the game ends, lost by `side`
    /// (status "timeout"), or drawn when the other side cannot win, having only its King
    /// (status "timeout_draw"). `undo()` takes the flag back.
    ///
    /// # Errors
    /// A side that is not "white" or "black", or a game already over.
    pub fn flag(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Side")] side: &JsValue,
    ) -> Result<SnapshotValue, JsError> {
        self.game.flag(parse_side(side)?)?;
        self.changed()
    }

    /// Replaces the game by the one a game record describes (RULES §6.2).
    ///
    /// # Errors
    /// A record that does not parse or holds an illegal move; the game is left as it was.
    pub fn load(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] record: &JsValue,
    ) -> Result<SnapshotValue, JsError> {
        let game = ultima::Game::from_record(&args::text("the game record", record)?)?;
        *self = Game::from(game);
        self.snapshot()
    }

    /// Sets the header `name` to `value` (e.g. "White", or "Hints" for the hints a player
    /// used), replacing an earlier value; it is written in the record.
    ///
    /// # Errors
    /// One of the game's own headers (Setup, Rules, Result, Termination), a name that is not
    /// letters, digits and '_', or a value with a line break; the game is left as it was.
    #[wasm_bindgen(js_name = setHeader)]
    pub fn set_header(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] value: &JsValue,
    ) -> Result<SnapshotValue, JsError> {
        let name = args::text("the header name", name)?;
        self.game
            .set_header(&name, &args::text("the header value", value)?)?;
        self.snapshot()
    }

    /// The same game (start, moves, headers, result) under other rule options, e.g.
    /// "distance_1968" or "default".
    ///
    /// # Errors
    /// Unknown rule options, or a move of the game that the new rules do not allow; the game is
    /// left as it was.
    #[wasm_bindgen(js_name = setRules)]
    pub fn set_rules(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] rules: &JsValue,
    ) -> Result<SnapshotValue, JsError> {
        let rules = args::text("the rule options", rules)?.parse::<Rules>()?;
        let game = ultima::Game::from_record(&with_rules(&self.game.to_record(), &rules))?;
        *self = Game::from(game);
        self.snapshot()
    }
}

impl From<ultima::Game> for Game {
    fn from(game: ultima::Game) -> Game {
        let mut plies = Plies::default();
        plies.sync(&game);
        Game { game, plies }
    }
}

impl Game {
    /// The snapshot after an action that changed the game.
    fn changed(&mut self) -> Result<SnapshotValue, JsError> {
        self.plies.sync(&self.game);
        self.snapshot()
    }

    fn at_ply(&self, ply: usize) -> Result<SnapshotValue, JsError> {
        crate::to_js(&Snapshot::of(&self.game, &self.plies, ply))
    }
}

/// `record` with its `Rules` header (which `ultima::Game::to_record` always writes) replaced.
fn with_rules(record: &str, rules: &Rules) -> String {
    record
        .lines()
        .map(|line| match line.starts_with("[Rules ") {
            true => format!("[Rules \"{rules}\"]"),
            false => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A side given as "white" or "black".
pub fn parse_side(side: &JsValue) -> Result<Color, JsError> {
    match args::text("the side", side)?.as_str() {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err(JsError::new("the side must be \"white\" or \"black\"")),
    }
}

/// Rule options given as text ("king_capture,distance_1968"), or the default rules when left out.
pub fn parse_rules(value: &JsValue) -> Result<Rules, JsError> {
    match args::optional_text("the rule options", value)? {
        Some(text) => Ok(text.parse::<Rules>()?),
        None => Ok(Rules::default()),
    }
}

/// A note on a move of a record's lines, as JavaScript sees it (`ultima::LineNote`).
#[derive(serde::Serialize, serde::Deserialize)]
struct RecordNote {
    line: usize,
    /// -1: the game's comment, before its first move.
    ply: isize,
    /// The assessment as a record writes it (`"??"`), or none.
    glyph: Option<String>,
    /// Words, or "" for none.
    comment: String,
}

/// A record's notes as JavaScript takes them: the game's comment first (ply -1), if it has one.
fn record_notes_to_js(notes: &ultima::RecordNotes) -> Vec<RecordNote> {
    let comment = (!notes.comment.is_empty()).then(|| RecordNote {
        line: 0,
        ply: -1,
        glyph: None,
        comment: notes.comment.clone(),
    });
    comment
        .into_iter()
        .chain(notes.moves.iter().map(|n| RecordNote {
            line: n.line,
            // A ply counts moves, far below isize::MAX.
            ply: n.ply as isize,
            glyph: n.note.glyph.map(|g| g.as_str().to_string()),
            comment: n.note.comment.clone(),
        }))
        .collect()
}

/// Notes given from JavaScript (none when absent).
fn read_notes(notes: &JsValue) -> Result<ultima::RecordNotes, JsError> {
    let mut read = ultima::RecordNotes::default();
    if notes.is_undefined() || notes.is_null() {
        return Ok(read);
    }
    let given: Vec<RecordNote> = serde_wasm_bindgen::from_value(notes.clone())
        .map_err(|e| JsError::new(&format!("the notes are not readable: {e}")))?;
    for n in given {
        let glyph = n
            .glyph
            .as_deref()
            .map(|text| {
                ultima::Glyph::from_text(text).ok_or_else(|| {
                    JsError::new(&format!(
                        "a note's glyph '{}' is none of ! ? !! ?? !? ?!",
                        text.chars().take(10).collect::<String>()
                    ))
                })
            })
            .transpose()?;
        match (usize::try_from(n.ply), n.line, glyph) {
            (Ok(ply), line, glyph) => read.moves.push(ultima::LineNote {
                line,
                ply,
                note: ultima::MoveNote {
                    glyph,
                    comment: n.comment,
                },
            }),
            (Err(_), 0, None) if n.ply == -1 => {
                if !read.comment.is_empty() {
                    read.comment.push(' ');
                }
                read.comment.push_str(&n.comment);
            }
            _ => {
                return Err(JsError::new(&format!(
                    "a note at line {} ply {} is on no move (ply -1 is the game's comment: line 0, no glyph)",
                    n.line, n.ply
                )))
            }
        }
    }
    Ok(read)
}

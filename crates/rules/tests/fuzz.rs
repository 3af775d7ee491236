//! Fuzz targets for the rules crate, on the stable toolchain (proptest; see `fuzzing/`):
//!
//! - `position_string`: any bytes (lossily decoded) as a position string;
//! - `move_text`: any bytes as move text, resolved against positions of random games;
//! - `game_record`: any bytes as a game record, including real records with edits and with a
//!   move replaced by a bad one;
//! - `api_sequences`: random sequences of `Game` and `Position` calls (play, play by text,
//!   arbitrary moves, undo, redo, resign, draw, headers, make/unmake chains) against a model.
//!
//! Every accepted input must satisfy the invariants of `invariants/` (the property tests'
//! ones) after every move; every rejected one must give an error that says where. Each target
//! mixes arbitrary bytes (invalid UTF-8 included), text from the formats' alphabet, shaped and
//! mutated valid inputs, and inputs of about a megabyte.
//!
//! `cargo test` runs a short pass of each and replays the committed corpus
//! (`tests/data/fuzz-corpus/<target>/`). A long run, each target for ten minutes, two at a time:
//! `ULTIMA_FUZZ_SECONDS=600 cargo test --release -p ultima --test fuzz -- --nocapture --test-threads 2`

mod fuzzing;
mod invariants;
mod perft_data;

use fuzzing::{corpus, edits, fuzz, huge, mutate, show_bytes};
use proptest::prelude::*;
use ultima::{
    Bitboard, Color, Game, Glyph, LineNote, Move, MoveNote, MoveText, Position, RecordNotes, Role,
    Rules, Setup, Square, StartSetup, Undone,
};

/// Text from the alphabet of the formats, so that inputs reach deep into the parsers.
const FORMAT_ALPHABET: &str = "[KWCILXPkwcilxp1-9/ wb0-9a-hx@\\-\\[\\]\"\\.+#{};()$\n\t*]{0,160}";

/// A game of random moves: a rule set, a start setup and up to 160 plies (fewer if it ends).
fn reached() -> impl Strategy<Value = Game> + Clone {
    (
        0..invariants::RULE_SETS.len(),
        0..18usize,
        prop::collection::vec(any::<u16>(), 0..160),
    )
        .prop_map(|(rules, setup, choices)| {
            let mut game = Game::new(Position::start(
                invariants::setup(setup),
                invariants::rules(rules),
            ));
            for c in choices {
                let moves = game.position().legal_moves();
                if moves.is_empty() || game.outcome().is_some() {
                    break;
                }
                game.play(moves[c as usize % moves.len()])
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            game
        })
}

// ---------------------------------------------------------------------------------------------
// position_string

fn check_position_string(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    match text.parse::<Setup>() {
        Ok(setup) => {
            let printed = setup.to_string();
            assert_eq!(printed.parse::<Setup>(), Ok(setup), "{printed}");
            for i in 0..invariants::RULE_SETS.len() {
                let rules = invariants::rules(i);
                match Position::from_setup(setup, rules) {
                    Ok(pos) => {
                        assert_eq!(Position::from_fen(&text, rules), Ok(pos));
                        invariants::check_position(&pos);
                    }
                    Err(e) => assert!(!e.to_string().is_empty()),
                }
            }
        }
        Err(e) => {
            let columns = text.chars().count() + 1;
            assert!(
                (1..=columns).contains(&e.column),
                "column {} of {columns}: {e}",
                e.column
            );
            assert!(
                e.to_string().chars().count() < 300,
                "error message too long: {e}"
            );
            assert!(Position::from_fen(&text, Rules::default()).is_err());
        }
    }
}

fn position_strings() -> impl Strategy<Value = Vec<u8>> {
    let shaped = (
        prop::collection::vec("[KWCILXPkwcilxp1-8]{1,9}", 6..10),
        "[wbx]",
        "( [0-9]{1,7} [0-9]{1,7})?",
    )
        .prop_map(|(ranks, side, counters)| {
            format!("{} {side}{counters}", ranks.join("/")).into_bytes()
        });
    let seeds: Vec<Vec<u8>> = corpus("position_string")
        .into_iter()
        .map(|(_, b)| b)
        .collect();
    prop_oneof![
        2 => prop::collection::vec(any::<u8>(), 0..200),
        2 => FORMAT_ALPHABET.prop_map(String::into_bytes),
        2 => shaped,
        3 => (reached(), edits()).prop_map(|(game, e)| mutate(game.position().to_fen().into_bytes(), &e)),
        2 => (prop::sample::select(seeds), edits()).prop_map(|(seed, e)| mutate(seed, &e)),
        1 => huge(&["1", "/", "8/", "k", " ", " 1", "\t", "é", "\u{0}"]),
    ]
}

#[test]
fn fuzz_position_string() {
    fuzz(
        "position_string",
        position_strings(),
        |b| show_bytes(b),
        |b| check_position_string(b),
    );
}

// ---------------------------------------------------------------------------------------------
// move_text

/// Move text against a position; in corpus form `<rules>\n<position string>\n<text>`.
#[derive(Clone, Debug)]
struct MoveInput {
    pos: Position,
    text: Vec<u8>,
}

fn check_move_text(input: &MoveInput) {
    let pos = &input.pos;
    let text = String::from_utf8_lossy(&input.text);
    let result = pos.parse_move(&text);
    if let Ok(mt) = text.parse::<MoveText>() {
        let printed = mt.to_string();
        assert_eq!(printed.parse::<MoveText>(), Ok(mt), "{printed}");
        assert_eq!(mt.to_move(pos), result, "{pos}: {text}");
    }
    let mut game = Game::new(*pos);
    let open = game.outcome().is_none();
    let played = game.play_text(&text);
    match &result {
        Ok(m) => {
            assert!(pos.is_legal(*m), "{pos}: '{text}' gave {m}, not legal");
            assert_eq!(pos.parse_move(&m.to_string()).as_ref(), Ok(m));
            if open {
                assert_eq!(played.as_ref().ok(), Some(m), "{pos}: play_text '{text}'");
                assert_eq!(game.moves(), [*m]);
            }
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            assert!(
                e.to_string().chars().count() < 300,
                "error message too long: {e}"
            );
            assert!(played.is_err(), "{pos}: play_text '{text}' played");
            assert!(game.moves().is_empty());
        }
    }
}

fn move_inputs() -> impl Strategy<Value = MoveInput> {
    let text = prop_oneof![
        2 => prop::collection::vec(any::<u8>(), 0..40),
        2 => "[KWCILXPkwcilxp]? ?(@-)?[a-i][0-9]-?([a-i][0-9])?( ?x[a-i][0-9]){0,4}[+#!?]{0,2}"
            .prop_map(String::into_bytes),
        1 => FORMAT_ALPHABET.prop_map(String::into_bytes),
        1 => huge(&["x", "a1", "xa1", " ", "-", "@", "+"]),
    ];
    let own = (any::<u16>(), any::<u8>(), edits());
    prop_oneof![
        // Arbitrary text.
        (reached(), text).prop_map(|(game, text)| MoveInput {
            pos: *game.position(),
            text
        }),
        // A legal move in one of its written forms, edited or not.
        (reached(), own).prop_map(|(game, (pick, form, e))| {
            let pos = *game.position();
            let moves = pos.legal_moves();
            let text = match moves.get(pick as usize % moves.len().max(1)) {
                None => Vec::new(),
                Some(&m) => {
                    let written = match form % 3 {
                        0 => m.to_string(),
                        1 => pos.display_move(m),
                        _ => format!("{} {}", m.role().upper_char(), m),
                    };
                    if form % 2 == 0 {
                        mutate(written.into_bytes(), &e)
                    } else {
                        written.into_bytes()
                    }
                }
            };
            MoveInput { pos, text }
        }),
    ]
}

fn show_move_input(input: &MoveInput) -> String {
    format!(
        "{}\n{}\n{}",
        input.pos.rules(),
        input.pos.to_fen(),
        show_bytes(&input.text)
    )
}

#[test]
fn fuzz_move_text() {
    fuzz("move_text", move_inputs(), show_move_input, check_move_text);
}

// ---------------------------------------------------------------------------------------------
// game_record

/// Checks one record; returns the game read or the error.
fn check_record(bytes: &[u8]) -> Result<Game, ultima::RecordError> {
    let text = String::from_utf8_lossy(bytes);
    let read = Game::from_record(&text);
    // The side lines come from the same reading of the movetext: a record whose game is read
    // has readable side lines, and a refusal names a line of the record.
    match Game::record_side_lines(&text) {
        Ok(lines) => {
            assert!(lines.iter().all(|line| !line.is_empty()));
            // Written with its side lines (when they are legal) and its notes, the game reads
            // back the same, and so do the lines and the notes: writing them again changes
            // nothing.
            let notes = Game::record_notes(&text).expect("notes come with the side lines");
            if let Ok(game) = &read {
                if let Ok(written) = game.annotated_record(&notes, &lines) {
                    let back = Game::from_record(&written).map(|g| g.to_record());
                    assert_eq!(back.ok(), Some(game.to_record()), "{written}");
                    let again = Game::record_side_lines(&written).expect("the lines read back");
                    let notes = Game::record_notes(&written).expect("the notes read back");
                    let rewritten = game.annotated_record(&notes, &again);
                    assert_eq!(rewritten.ok(), Some(written));
                }
            }
        }
        Err(e) => {
            assert!(read.is_err(), "the game was read, its side lines not: {e}");
            assert!((1..=text.lines().count().max(1)).contains(&e.line), "{e}");
        }
    }
    match &read {
        Ok(game) => {
            invariants::check_game(game);
            invariants::check_position(game.position());
        }
        Err(e) => {
            let lines = text.lines().count().max(1);
            assert!(
                (1..=lines).contains(&e.line),
                "line {} of {lines}: {e}",
                e.line
            );
            assert!(
                e.to_string().chars().count() < 300,
                "error message too long: {e}"
            );
            // What was read before the error can always be exported and read back.
            if let Some(partial) = &e.partial {
                invariants::check_game(partial);
            }
        }
    }
    read
}

/// A record, and maybe the ply at which one of its moves was replaced by a bad one.
#[derive(Clone, Debug)]
struct RecordInput {
    text: Vec<u8>,
    /// `(ply, the game up to that ply)`: the record must be refused at that move, keeping
    /// the moves before it.
    broken_at: Option<(usize, Game)>,
    /// A record this crate wrote with notes and side lines: it must read back as this game's
    /// record, these side lines and these notes.
    written: Option<(String, Vec<Vec<String>>, RecordNotes)>,
}

fn check_record_input(input: &RecordInput) {
    let read = check_record(&input.text);
    if let Some((record, lines, notes)) = &input.written {
        let text = String::from_utf8_lossy(&input.text);
        let back = read.as_ref().map(Game::to_record);
        assert_eq!(back.as_ref().ok(), Some(record), "{text}");
        assert_eq!(
            Game::record_side_lines(&text).as_ref().ok(),
            Some(lines),
            "{text}"
        );
        assert_eq!(
            Game::record_notes(&text).as_ref().ok(),
            Some(notes),
            "{text}"
        );
    }
    let Some((ply, before)) = &input.broken_at else {
        return;
    };
    let e = read.expect_err("a record with a bad move was accepted");
    let pos = before.position();
    let label = format!(
        "move {}{} ",
        pos.fullmoves(),
        pos.turn().fold_wb(".", "...")
    );
    assert!(
        e.message.starts_with(&label),
        "ply {ply}: '{}' does not start with '{label}'",
        e.message
    );
    let partial = e
        .partial
        .as_deref()
        .expect("the moves before the bad one are kept");
    assert_eq!(partial.moves(), before.moves(), "ply {ply}: {e}");
}

/// Replaces the `ply`-th move of a record (0-based) with `word`, or `None` if there are fewer.
fn replace_move(record: &str, ply: usize, word: &str) -> Option<String> {
    let (headers, moves) = record.split_once("\n\n")?;
    let mut n = 0;
    let mut done = false;
    let body: String = moves
        .split_inclusive(char::is_whitespace)
        .map(|piece| {
            let w = piece.trim_end();
            let is_move =
                !w.is_empty() && !w.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(&w);
            if is_move && !done {
                if n == ply {
                    done = true;
                    return format!("{word}{}", &piece[w.len()..]);
                }
                n += 1;
            }
            piece.to_string()
        })
        .collect();
    done.then(|| format!("{headers}\n\n{body}"))
}

/// Notes for a game's first moves (`Some` at ply `i` for its move `i`): any glyph or none, and
/// a comment of up to a dozen printable characters (braces, parentheses and `;` among them).
fn notes() -> impl Strategy<Value = Vec<Option<MoveNote>>> {
    let note = (
        prop::option::of(prop::sample::select(&Glyph::ALL[..])),
        "[ -~]{0,12}",
    )
        .prop_map(|(glyph, comment)| MoveNote { glyph, comment });
    prop::collection::vec(prop::option::of(note), 0..12)
}

/// The notes on a game of `plies` moves as a record reads them back: a comment's words joined
/// by one space, a `}` as `)`, a note of nothing left out, a note past the game too.
/// A comment as a record reads it back: its words joined by one space, a `}` as `)`.
fn words(comment: &str) -> String {
    let comment = comment.replace('}', ")");
    comment.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn notes_read_back(notes: &[Option<MoveNote>], plies: usize) -> Vec<LineNote> {
    let notes = notes.iter().take(plies).enumerate();
    notes
        .filter_map(|(ply, note)| {
            let note = note.as_ref()?;
            let comment = words(&note.comment);
            (note.glyph.is_some() || !comment.is_empty()).then_some(LineNote {
                line: 0,
                ply,
                note: MoveNote {
                    glyph: note.glyph,
                    comment,
                },
            })
        })
        .collect()
}

fn record_inputs() -> impl Strategy<Value = RecordInput> {
    let game = (reached(), 0..4u8).prop_map(|(mut game, end)| {
        if game.outcome().is_none() {
            match end {
                0 => game.resign(Color::White).unwrap_or_else(|e| panic!("{e}")),
                1 => game.agree_draw().unwrap_or_else(|e| panic!("{e}")),
                _ => {}
            }
        }
        game
    });
    let shaped = (
        "(rotated|mirrored|custom:[de][ah]/[de][ah]|[a-z]{0,5})",
        prop::collection::vec(
            "([1-9]\\.{1,3} ?)?[a-h][1-8]-[a-h][1-8]?(x[a-h][1-8])?",
            0..12,
        ),
    )
        .prop_map(|(setup, moves)| {
            format!("[Setup \"{setup}\"]\n\n{}", moves.join(" ")).into_bytes()
        });
    let seeds: Vec<Vec<u8>> = corpus("game_record").into_iter().map(|(_, b)| b).collect();
    let bad_word = prop_oneof![
        "[a-h][1-9]-[a-h][0-9](x[a-h][1-8]){0,2}",
        "z[a-z0-9\\-]{0,6}",
        "[a-h][1-8]-[a-h][1-8][a-z]",
    ];
    let plain = |text| RecordInput {
        text,
        broken_at: None,
        written: None,
    };
    prop_oneof![
        2 => prop::collection::vec(any::<u8>(), 0..400).prop_map(plain),
        2 => FORMAT_ALPHABET.prop_map(move |t| plain(t.into_bytes())),
        2 => shaped.prop_map(plain),
        3 => (game.clone(), edits()).prop_map(move |(g, e)| plain(mutate(g.to_record().into_bytes(), &e))),
        2 => (prop::sample::select(seeds), edits()).prop_map(move |(s, e)| plain(mutate(s, &e))),
        1 => huge(&["b2-b5 ", "1. ", "{", "[A \"b\"]\n", "\n", "x", ";\n", "L ", "(", ")", "$1 "]).prop_map(plain),
        // A game written with side lines that leave it at random plies (by a random legal move,
        // maybe the one played: then no variation), so that the writer and reader of variations
        // meet nested and numbered lines.
        // With random notes (glyphs and comments of printable characters, braces among them)
        // on the main line's moves, as a review writes them, and a game comment before them.
        2 => (game.clone(), prop::collection::vec((any::<usize>(), any::<usize>(), 0..3usize), 0..6), notes(), "[ -~]{0,12}").prop_map(move |(g, leaves, notes, comment)| {
            let plies = g.moves().len();
            let lines: Vec<Vec<String>> = leaves
                .iter()
                .filter(|_| plies > 0)
                .map(|&(at, pick, more)| {
                    let at = at % plies;
                    let mut line: Vec<String> = g.moves()[..at].iter().map(ToString::to_string).collect();
                    let mut branch = g.clone();
                    while branch.moves().len() > at {
                        branch.undo();
                    }
                    for step in 0..=more {
                        let legal = branch.position().legal_moves();
                        let Some(&m) = legal.get(pick.wrapping_add(step) % legal.len().max(1)) else { break };
                        if branch.play(m).is_err() {
                            break; // the game is over there
                        }
                        line.push(m.to_string());
                    }
                    line
                })
                // A line that follows the game to its end and on is no side line (refused).
                .filter(|line| !(line.len() > plies && line[..plies].iter().eq(g.moves().iter().map(ToString::to_string).collect::<Vec<_>>().iter())))
                .collect();
            let moves = notes
                .iter()
                .enumerate()
                .filter_map(|(ply, note)| Some(LineNote { line: 0, ply, note: note.clone()? }))
                .collect();
            let given = RecordNotes { comment: comment.clone(), moves };
            let text = g.annotated_record(&given, &lines).unwrap_or_else(|e| panic!("{e}"));
            // The notes are read apart: the game and the side lines of the record without them.
            let bare = g.record_with_side_lines(&lines).unwrap_or_else(|e| panic!("{e}"));
            let side_lines = Game::record_side_lines(&bare).unwrap_or_else(|e| panic!("{e}"));
            let read_back = RecordNotes { comment: words(&comment), moves: notes_read_back(&notes, plies) };
            RecordInput { text: text.into_bytes(), broken_at: None, written: Some((g.to_record(), side_lines, read_back)) }
        }),
        3 => (game, any::<usize>(), bad_word).prop_map(|(g, ply, word)| {
            let plies = g.moves().len();
            if plies == 0 {
                return RecordInput { text: g.to_record().into_bytes(), broken_at: None, written: None };
            }
            let ply = ply % plies;
            let mut before = g.clone();
            while before.moves().len() > ply {
                before.undo();
            }
            let text = replace_move(&g.to_record(), ply, &word).unwrap_or_else(|| g.to_record());
            // A replacement that happens to be a legal move makes no bad record.
            let bad = before.position().parse_move(&word).is_err();
            RecordInput { text: text.into_bytes(), broken_at: bad.then_some((ply, before)), written: None }
        }),
    ]
}

#[test]
fn fuzz_game_record() {
    fuzz(
        "game_record",
        record_inputs(),
        |r| show_bytes(&r.text),
        check_record_input,
    );
}

// ---------------------------------------------------------------------------------------------
// api_sequences

/// One call on the game (or on a copy of its position).
#[derive(Clone, Debug, PartialEq)]
enum Op {
    /// Plays legal move number `n % count`.
    Play(u16),
    /// Plays move text.
    Text(String),
    /// Plays an arbitrary move, legal or not.
    Raw(Move),
    Undo,
    Redo,
    Resign(Color),
    Draw,
    Header(String, String),
    /// Plays these legal moves on a copy of the position with `play_unchecked`, then takes
    /// them back with `undo`.
    Chain(Vec<u16>),
}

#[derive(Clone, Debug)]
struct Sequence {
    start: Position,
    ops: Vec<Op>,
}

fn arbitrary_move() -> impl Strategy<Value = Move> {
    let role = prop::sample::select(Role::ALL.to_vec());
    let square = (0..64u32).prop_map(|i| Square::new(i).unwrap_or_else(|| unreachable!()));
    prop_oneof![
        (
            role.clone(),
            square.clone(),
            square.clone(),
            prop::collection::vec(square.clone(), 0..4)
        )
            .prop_map(|(role, from, to, caps)| Move::Normal {
                role,
                from,
                to,
                captures: caps.into_iter().collect::<Bitboard>(),
            }),
        (role, square).prop_map(|(role, square)| Move::Suicide { role, square }),
    ]
}

fn sequences() -> impl Strategy<Value = Sequence> {
    let op = prop_oneof![
        8 => any::<u16>().prop_map(Op::Play),
        1 => "[KWCILXP]?[a-h][1-8]-([a-h][1-8])?(x[a-h][1-8]){0,2}".prop_map(Op::Text),
        1 => arbitrary_move().prop_map(Op::Raw),
        3 => Just(Op::Undo),
        2 => Just(Op::Redo),
        1 => any::<bool>().prop_map(|w| Op::Resign(if w { Color::White } else { Color::Black })),
        1 => Just(Op::Draw),
        1 => ("[A-Za-z_][A-Za-z0-9_]{0,6}|[ -~\n\"\\\\é]{0,6}", "[ -~\n\t\"\\\\é]{0,12}")
            .prop_map(|(k, v)| Op::Header(k, v)),
        1 => prop::collection::vec(any::<u16>(), 1..10).prop_map(Op::Chain),
    ];
    (reached(), prop::collection::vec(op, 0..120)).prop_map(|(game, ops)| Sequence {
        start: *game.position(),
        ops,
    })
}

/// The state a [`Game`] must be in after a sequence: the moves played, the moves that redo
/// can replay (next first), the resignation or agreed draw, the extra headers.
#[derive(Default)]
struct Model {
    played: Vec<Move>,
    undone: Vec<Move>,
    verdict: Option<Option<Color>>,
    headers: Vec<(String, String)>,
}

impl Model {
    /// The game the model describes, built by plain play from the start.
    fn game(&self, start: Position) -> Game {
        let mut game = Game::new(start);
        for &m in &self.played {
            game.play(m)
                .unwrap_or_else(|e| panic!("model move {m}: {e}"));
        }
        match self.verdict {
            Some(Some(loser)) => game.resign(loser).unwrap_or_else(|e| panic!("{e}")),
            Some(None) => game.agree_draw().unwrap_or_else(|e| panic!("{e}")),
            None => {}
        }
        game
    }
}

fn check_sequence(seq: &Sequence) {
    let mut game = Game::new(seq.start);
    let mut model = Model::default();
    for (i, op) in seq.ops.iter().enumerate() {
        let before = game.clone();
        let over = game.outcome().is_some();
        let pos = *game.position();
        let legal = pos.legal_moves();
        let play = |m: Move, result: Result<(), ultima::GameError>, model: &mut Model| {
            let ok = !over && legal.contains(&m);
            assert_eq!(result.is_ok(), ok, "op {i} {op:?} in {pos}: {result:?}");
            if ok {
                model.played.push(m);
                model.undone.clear();
            }
        };
        match op {
            Op::Play(n) => {
                if let Some(&m) = legal.get(*n as usize % legal.len().max(1)) {
                    let r = game.play(m);
                    play(m, r, &mut model);
                }
            }
            Op::Text(text) => match pos.parse_move(text) {
                Ok(m) => {
                    let r = game.play_text(text).map(|played| assert_eq!(played, m));
                    play(m, r, &mut model);
                }
                Err(_) => assert!(game.play_text(text).is_err(), "op {i}: '{text}' in {pos}"),
            },
            Op::Raw(m) => {
                let by_position = pos.play(*m);
                assert_eq!(by_position.is_ok(), legal.contains(m), "{pos}: {m}");
                if let Err((back, _)) = by_position {
                    assert_eq!(back, pos, "a refused move changed the position");
                }
                let r = game.play(*m);
                play(*m, r, &mut model);
            }
            Op::Undo => {
                // A verdict comes back alone; without one, the last move.
                let expected = match model.verdict.take() {
                    Some(_) => before.outcome().map(Undone::Verdict),
                    None => model.played.pop().map(Undone::Move),
                };
                assert_eq!(game.undo(), expected, "op {i}: undo");
                if let Some(Undone::Move(m)) = expected {
                    model.undone.insert(0, m);
                }
            }
            Op::Redo => {
                let redone = game.redo();
                let expected = (model.verdict.is_none() && !model.undone.is_empty())
                    .then(|| model.undone.remove(0));
                assert_eq!(redone, expected, "op {i}: redo");
                model.played.extend(expected);
            }
            Op::Resign(loser) => {
                let r = game.resign(*loser);
                assert_eq!(r.is_ok(), !over, "op {i}: resign");
                if !over {
                    model.verdict = Some(Some(*loser));
                }
            }
            Op::Draw => {
                let r = game.agree_draw();
                assert_eq!(r.is_ok(), !over, "op {i}: draw");
                if !over {
                    model.verdict = Some(None);
                }
            }
            Op::Header(name, value) => {
                let accepted = game.set_header(name, value).is_ok();
                if accepted {
                    match model.headers.iter_mut().find(|(k, _)| k == name) {
                        Some(h) => h.1 = value.clone(),
                        None => model.headers.push((name.clone(), value.clone())),
                    }
                } else {
                    assert_eq!(
                        game.to_record(),
                        before.to_record(),
                        "a refused header changed the game"
                    );
                }
            }
            Op::Chain(choices) => {
                let mut copy = pos;
                let mut undos = Vec::new();
                for &c in choices {
                    let moves = copy.legal_moves();
                    let Some(&m) = moves.get(c as usize % moves.len().max(1)) else {
                        break;
                    };
                    undos.push((m, copy.play_unchecked(m)));
                    assert_eq!(copy.hash(), copy.compute_hash(), "chain hash after {m}");
                }
                while let Some((m, undo)) = undos.pop() {
                    copy.undo(m, undo);
                }
                assert_eq!(
                    copy, pos,
                    "op {i}: a make/unmake chain did not restore {pos}"
                );
            }
        }
        // The game equals the model, and keeps every invariant.
        assert_eq!(
            game.moves(),
            model.played.as_slice(),
            "op {i} {op:?}: moves"
        );
        // None while a verdict stands: redo replays nothing then.
        let redoable = if model.verdict.is_some() {
            0
        } else {
            model.undone.len()
        };
        assert_eq!(game.redo_len(), redoable, "op {i} {op:?}: redo length");
        let expected = model.game(seq.start);
        assert_eq!(game.position(), expected.position(), "op {i} {op:?}");
        assert_eq!(game.outcome(), expected.outcome(), "op {i} {op:?}: outcome");
        for (k, v) in &model.headers {
            assert_eq!(game.header(k), Some(v.as_str()), "op {i}: header {k}");
        }
        invariants::check_position(game.position());
        invariants::check_game(&game);
    }
}

/// The corpus form of a sequence: `rules <rules>`, `start <position string>`, then one call
/// a line (`play 3`, `text b2-b5`, `raw L a1 a6 a2 a5` or `raw P e4 -`, `undo`, `redo`,
/// `resign white`, `draw`, `header <name> <value>` with Rust string escapes, `chain 1 2 3`).
fn show_sequence(seq: &Sequence) -> String {
    let mut out = format!(
        "rules {}\nstart {}\n",
        seq.start.rules(),
        seq.start.to_fen()
    );
    for op in &seq.ops {
        let line = match op {
            Op::Play(n) => format!("play {n}"),
            Op::Text(t) => format!("text {t}"),
            Op::Raw(Move::Normal {
                role,
                from,
                to,
                captures,
            }) => {
                let caps: Vec<String> = captures.into_iter().map(|s| s.to_string()).collect();
                format!("raw {} {from} {to} {}", role.upper_char(), caps.join(" "))
                    .trim_end()
                    .to_string()
            }
            Op::Raw(Move::Suicide { role, square }) => {
                format!("raw {} {square} -", role.upper_char())
            }
            Op::Undo => "undo".into(),
            Op::Redo => "redo".into(),
            Op::Resign(c) => format!("resign {c}"),
            Op::Draw => "draw".into(),
            Op::Header(k, v) => format!("header {} {}", k.escape_default(), v.escape_default()),
            Op::Chain(c) => format!(
                "chain {}",
                c.iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Reads [`show_sequence`]'s form back.
fn read_sequence(text: &str) -> Result<Sequence, String> {
    let mut lines = text.lines();
    let rules: Rules = lines
        .next()
        .and_then(|l| l.strip_prefix("rules "))
        .ok_or("first line: rules <rules>")?
        .parse()
        .map_err(|e| format!("{e}"))?;
    let start_text = lines
        .next()
        .and_then(|l| l.strip_prefix("start "))
        .ok_or("second line: start <position>")?;
    let start = match start_text.parse::<StartSetup>() {
        Ok(setup) => Position::start(setup, rules),
        Err(_) => Position::from_fen(start_text, rules).map_err(|e| e.to_string())?,
    };
    let square = |s: &str| s.parse::<Square>().map_err(|e| format!("{e}"));
    let role = |s: &str| {
        s.chars()
            .next()
            .and_then(Role::from_char)
            .ok_or(format!("role '{s}'"))
    };
    let mut ops = Vec::new();
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let args: Vec<&str> = rest.split_whitespace().collect();
        let number = |s: &str| s.parse::<u16>().map_err(|e| format!("{line}: {e}"));
        ops.push(match word {
            "play" => Op::Play(number(rest)?),
            "text" => Op::Text(rest.to_string()),
            "raw" if args.get(2) == Some(&"-") => Op::Raw(Move::Suicide {
                role: role(args[0])?,
                square: square(args[1])?,
            }),
            "raw" if args.len() >= 3 => Op::Raw(Move::Normal {
                role: role(args[0])?,
                from: square(args[1])?,
                to: square(args[2])?,
                captures: args[3..]
                    .iter()
                    .map(|s| square(s))
                    .collect::<Result<Bitboard, _>>()?,
            }),
            "undo" => Op::Undo,
            "redo" => Op::Redo,
            "resign" => Op::Resign(if rest == "white" {
                Color::White
            } else {
                Color::Black
            }),
            "draw" => Op::Draw,
            "header" => {
                let (k, v) = rest.split_once(' ').unwrap_or((rest, ""));
                Op::Header(unescape(k)?, unescape(v)?)
            }
            "chain" => Op::Chain(args.iter().map(|s| number(s)).collect::<Result<_, _>>()?),
            _ => return Err(format!("unknown call '{line}'")),
        });
    }
    Ok(Sequence { start, ops })
}

/// Undoes `str::escape_default`.
fn unescape(s: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next() {
            Some('n') => '\n',
            Some('t') => '\t',
            Some('r') => '\r',
            Some('u') => {
                let code: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                u32::from_str_radix(&code, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or(format!("bad escape in '{s}'"))?
            }
            Some(other) => other,
            None => return Err(format!("'{s}' ends in a backslash")),
        });
    }
    Ok(out)
}

#[test]
fn fuzz_api_sequences() {
    fuzz("api_sequences", sequences(), show_sequence, check_sequence);
}

// ---------------------------------------------------------------------------------------------
// The committed corpus, replayed on every run.

#[test]
fn corpus_position_string() {
    for (name, bytes) in corpus("position_string") {
        eprintln!("position_string/{name}");
        check_position_string(&bytes);
    }
}

#[test]
fn corpus_move_text() {
    // Each input against every position of the perft files, and in its own file's position
    // when it names one (`<rules>\n<position string>\n<text>`).
    let positions: Vec<Position> = perft_data::all_cases()
        .iter()
        .map(perft_data::Case::position)
        .collect();
    for (name, bytes) in corpus("move_text") {
        eprintln!("move_text/{name}");
        let text = String::from_utf8_lossy(&bytes);
        let mut parts = text.splitn(3, '\n');
        let own = match (parts.next(), parts.next(), parts.next()) {
            (Some(rules), Some(fen), Some(moves)) => rules
                .parse::<Rules>()
                .ok()
                .and_then(|r| Position::from_fen(fen, r).ok())
                .map(|pos| (pos, moves.as_bytes().to_vec())),
            _ => None,
        };
        if let Some((pos, text)) = own {
            check_move_text(&MoveInput { pos, text });
        }
        for &pos in &positions {
            check_move_text(&MoveInput {
                pos,
                text: bytes.clone(),
            });
        }
    }
}

#[test]
fn corpus_game_record() {
    for (name, bytes) in corpus("game_record") {
        eprintln!("game_record/{name}");
        let _ = check_record(&bytes);
    }
}

#[test]
fn corpus_api_sequences() {
    for (name, bytes) in corpus("api_sequences") {
        eprintln!("api_sequences/{name}");
        let text = String::from_utf8_lossy(&bytes);
        let seq = read_sequence(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            read_sequence(&show_sequence(&seq)).map(|s| s.ops),
            Ok(seq.ops.clone())
        );
        check_sequence(&seq);
    }
}

/// The harness's own pieces: edits stay within the input, the corpus form of a call
/// sequence reads back.
#[test]
fn harness_helpers() {
    use fuzzing::Edit;
    assert_eq!(mutate(b"abc".to_vec(), &[Edit::Delete(4)]), b"ac");
    assert_eq!(mutate(b"abc".to_vec(), &[Edit::Duplicate(1, 9)]), b"abcbc");
    assert_eq!(
        mutate(Vec::new(), &[Edit::Insert(7, b'x'), Edit::Replace(3, b'y')]),
        b"y"
    );
    assert_eq!(mutate(b"abc".to_vec(), &[Edit::Truncate(6)]), b"ab");
    assert_eq!(
        unescape(&"a\n\"é\\".escape_default().to_string()),
        Ok("a\n\"é\\".to_string())
    );
    assert_eq!(
        replace_move("[A \"b\"]\n\n1. b2-b5 g7-g4 2. b5-b2 *\n", 1, "zz"),
        Some("[A \"b\"]\n\n1. b2-b5 zz 2. b5-b2 *\n".to_string())
    );
}

/// Fuzz finding (position_string): splitting a position string into fields re-read the text
/// from its start for every field, so a pasted string of many short fields (`" 1"` repeated
/// 60,000 times) took seconds; a megabyte, minutes. Fields are now found in one pass.
#[test]
fn regression_many_fields_take_linear_time() {
    for text in [
        " 1".repeat(300_000),
        "1\t".repeat(300_000),
        "8/ ".repeat(200_000),
    ] {
        let started = std::time::Instant::now();
        let err = text.parse::<Setup>().unwrap_err();
        assert!(started.elapsed() < fuzzing::SLOW, "{:?}", started.elapsed());
        assert!(err.column <= text.len() + 1, "{err}");
        check_position_string(text.as_bytes());
    }
}

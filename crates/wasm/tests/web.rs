//! The bindings as JavaScript sees them, run in headless Chromium:
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p ultima-wasm --target wasm32-unknown-unknown`
//! (`cargo xtask test` does this).
//!
//! Every action of `Game` answers with a snapshot; the tests read it back into [`Snapshot`] below
//! (the `Snapshot` of the `.d.ts`) and check it against the rules crate.

#![cfg(target_arch = "wasm32")]

use serde::Deserialize;
use std::collections::BTreeMap;
use ultima::{Position, Rules};
use ultima_wasm::Game;
use wasm_bindgen::{JsCast, JsError, JsValue};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

type TestResult = Result<(), JsValue>;

/// An argument left out, as JavaScript passes it.
const NONE: JsValue = JsValue::UNDEFINED;

/// The default start's position string (without the move counters).
const START: &str = "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w";

/// RULES §7 example 2: the Long Leaper on a1 takes a2, or a2 and a5 in one move.
const LEAPER: &str = "4k3/8/8/p7/8/8/p7/L3K3 w";

/// A string argument.
fn js(text: &str) -> JsValue {
    JsValue::from_str(text)
}

/// A number argument.
fn num(n: impl Into<f64>) -> JsValue {
    JsValue::from_f64(n.into())
}

/// A failure of the test itself (not an assertion), as a `JsValue`.
fn fail(message: impl AsRef<str>) -> JsValue {
    JsValue::from_str(message.as_ref())
}

/// `MoveInfo` of the `.d.ts`, read back from the JavaScript value.
#[derive(Clone, Debug, Deserialize, PartialEq)]
struct MoveInfo {
    text: String,
    from: String,
    to: Option<String>,
    captures: Vec<String>,
    suicide: bool,
    ways: Vec<CaptureWayInfo>,
}

/// `PlyInfo` of the `.d.ts` (a `MoveInfo` and more).
#[derive(Clone, Debug, Deserialize, PartialEq)]
struct PlyInfo {
    text: String,
    from: String,
    to: Option<String>,
    captures: Vec<String>,
    suicide: bool,
    display: String,
    piece: String,
    captured: Vec<String>,
    ways: Vec<CaptureWayInfo>,
    side: String,
    number: u32,
    position: String,
    mark: Option<String>,
}

/// `CaptureWayInfo` of the `.d.ts`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct CaptureWayInfo {
    way: String,
    with: Option<String>,
    #[serde(rename = "withPiece")]
    with_piece: Option<String>,
    imitated: bool,
}

/// `Status` of the `.d.ts`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
struct Status {
    kind: String,
    winner: Option<String>,
    result: String,
}

impl Status {
    fn is(&self, kind: &str, winner: Option<&str>, result: &str) -> bool {
        self.kind == kind && self.winner.as_deref() == winner && self.result == result
    }
}

/// `Snapshot` of the `.d.ts`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Snapshot {
    ply: u32,
    pieces: Vec<String>,
    turn: String,
    moves: BTreeMap<String, Vec<MoveInfo>>,
    frozen: Vec<String>,
    frozen_by: BTreeMap<String, Vec<String>>,
    check: Option<String>,
    checkers: Vec<String>,
    threatened: Vec<String>,
    status: Status,
    plies: Vec<PlyInfo>,
    redo: u32,
    can_undo: bool,
    position: String,
    start: String,
    rules: String,
    headers: Vec<(String, String)>,
    record: String,
}

impl Snapshot {
    /// Every legal move, from-square by from-square.
    fn all_moves(&self) -> Vec<&MoveInfo> {
        self.moves.values().flatten().collect()
    }

    /// The number of legal moves.
    fn move_count(&self) -> usize {
        self.moves.values().map(Vec::len).sum()
    }

    /// The letter of the piece on `square` ("" when empty).
    fn piece(&self, square: &str) -> &str {
        &self.pieces[index(square)]
    }

    /// The move texts of the plies.
    fn texts(&self) -> Vec<&str> {
        self.plies.iter().map(|p| p.text.as_str()).collect()
    }
}

/// The index of a square in `pieces`: a1 = 0, b1 = 1, … h8 = 63.
fn index(square: &str) -> usize {
    let bytes = square.as_bytes();
    assert_eq!(bytes.len(), 2, "square {square:?}");
    usize::from(bytes[0] - b'a') + 8 * usize::from(bytes[1] - b'1')
}

/// A snapshot value read back. (`JsCast`, not `Into<JsValue>`: a `Game` converts into a
/// `JsValue` too, and must not be mistaken for its snapshot.)
fn read(value: impl JsCast) -> Result<Snapshot, JsValue> {
    Ok(serde_wasm_bindgen::from_value(value.into())?)
}

fn snapshot(game: &Game) -> Result<Snapshot, JsValue> {
    read(game.snapshot()?)
}

fn play(game: &mut Game, text: &str) -> Result<Snapshot, JsValue> {
    read(game.play(&js(text))?)
}

fn at(game: &Game, ply: u32) -> Result<Snapshot, JsValue> {
    read(game.at(&num(ply))?)
}

fn new_game(position: Option<&str>, rules: Option<&str>) -> Result<Game, JsValue> {
    let arg = |text: Option<&str>| text.map_or(NONE, js);
    Ok(Game::new(&arg(position), &arg(rules))?)
}

/// The message of the JavaScript `Error` a call failed with.
fn error_message<T>(result: Result<T, JsError>) -> Result<String, JsValue> {
    let Err(error) = result else {
        return Err(fail("expected an Error, got Ok"));
    };
    let value = JsValue::from(error);
    let error = value
        .dyn_into::<js_sys::Error>()
        .map_err(|_| fail("the thrown value is not an Error"))?;
    Ok(String::from(error.message()))
}

/// A position string as the rules crate writes it (with the move counters).
fn canonical(fen: &str) -> Result<String, JsValue> {
    Position::from_fen(fen, Rules::default())
        .map(|p| p.to_fen())
        .map_err(|e| fail(format!("{fen}: {e}")))
}

/// Canonical move text from its parts: "a1-a6xa2xa5", or "d4-" for a suicide.
fn text_of(m: &MoveInfo) -> String {
    let captures: String = m.captures.iter().map(|c| format!("x{c}")).collect();
    format!("{}-{}{captures}", m.from, m.to.as_deref().unwrap_or(""))
}

/// What holds for the moves of every snapshot: grouped under their own from-square, none
/// empty, text made of from, to and captures (in ascending square index), a suicide has no
/// destination.
fn assert_moves_well_formed(s: &Snapshot) {
    for (from, list) in &s.moves {
        assert!(!list.is_empty(), "an empty group for {from}");
        assert_ne!(s.piece(from), "", "moves from the empty square {from}");
        for m in list {
            assert_eq!(&m.from, from, "{m:?} listed under {from}");
            assert_eq!(m.text, text_of(m), "{m:?}");
            assert_eq!(m.suicide, m.to.is_none(), "{m:?}");
            let indices: Vec<usize> = m.captures.iter().map(|c| index(c)).collect();
            assert!(indices.windows(2).all(|w| w[0] < w[1]), "{m:?}");
        }
    }
}

// --- The start, and the moves ----------------------------------------------------------------

#[wasm_bindgen_test]
fn default_start_has_32_legal_moves() -> TestResult {
    let s = snapshot(&new_game(None, None)?)?;
    assert_eq!(s.move_count(), 32);
    assert_eq!(s.turn, "white");
    assert_eq!(s.ply, 0);
    assert_eq!(s.check, None);
    assert!(s.checkers.is_empty());
    assert!(s.frozen.is_empty());
    assert!(s.status.is("ongoing", None, "*"), "{:?}", s.status);
    assert!(s.plies.is_empty());
    assert_eq!(s.redo, 0);
    assert!(!s.can_undo);
    assert_eq!(s.rules, "default");
    assert_eq!(s.start, s.position);
    assert_moves_well_formed(&s);
    Ok(())
}

#[wasm_bindgen_test]
fn default_start_board_and_position() -> TestResult {
    let s = snapshot(&new_game(None, None)?)?;
    assert_eq!(s.pieces.len(), 64);
    let first_rank: String = s.pieces[..8].concat();
    let last_rank: String = s.pieces[56..].concat();
    assert_eq!(first_rank, "ILXKWXLC");
    assert_eq!(last_rank, "clxwkxli");
    assert_eq!(s.pieces[8..16].concat(), "PPPPPPPP");
    assert_eq!(s.pieces[48..56].concat(), "pppppppp");
    assert!(s.pieces[16..48].iter().all(String::is_empty));
    assert_eq!(s.piece("d1"), "K");
    assert_eq!(s.piece("e4"), "");
    assert!(s.position.starts_with(START), "{}", s.position);
    assert_eq!(s.position, canonical(START)?);
    assert!(s.record.contains("[Result \"*\"]"), "{}", s.record);
    Ok(())
}

/// The board editor's pieces become the position string a game starts from, and read back as
/// the same pieces; what the rules refuse is refused with their message, any argument checked.
#[wasm_bindgen_test]
fn position_from_pieces_round_trips_and_refuses_what_the_rules_refuse() -> TestResult {
    let from = |pieces: &str, turn: &str, rules: Option<&str>| {
        ultima_wasm::position_from_pieces(&js(pieces), &js(turn), &rules.map_or(NONE, js))
    };
    let start = snapshot(&new_game(None, None)?)?;
    let letters: String = start
        .pieces
        .iter()
        .map(|p| if p.is_empty() { "." } else { p.as_str() })
        .collect();
    assert_eq!(from(&letters, "white", None)?, canonical(START)?);
    // RULES §7 example 2, Black to move: the pieces of its own snapshot, read back.
    let leaper = snapshot(&new_game(Some("4k3/8/8/p7/8/8/p7/L3K3 b"), None)?)?;
    let letters: String = leaper
        .pieces
        .iter()
        .map(|p| if p.is_empty() { "." } else { p.as_str() })
        .collect();
    let position = from(&letters, "black", None)?;
    assert_eq!(position, canonical("4k3/8/8/p7/8/8/p7/L3K3 b")?);
    assert_eq!(
        snapshot(&new_game(Some(&position), None)?)?.pieces,
        leaper.pieces
    );
    // No black King: refused under the default rules, accepted under King capture.
    let kingless = format!("K{}", ".".repeat(63));
    assert!(error_message(from(&kingless, "white", None))?.contains("King"));
    assert_eq!(
        from(&kingless, "white", Some("king_capture"))?,
        "8/8/8/8/8/8/8/K7 w 0 1"
    );
    // Malformed arguments: each named in the message.
    assert!(error_message(from("K", "white", None))?
        .contains("64 characters, one a square from a1 to h8, not 1"));
    let bad = format!("Q{}", ".".repeat(63));
    assert!(error_message(from(&bad, "white", None))?.contains("'Q' on a1 is not a piece letter"));
    assert!(error_message(from(&kingless, "red", None))?.contains("\"white\" or \"black\""));
    assert!(
        error_message(from(&kingless, "white", Some("no_such_rule")))?.contains("no_such_rule")
    );
    let not_text = ultima_wasm::position_from_pieces(&num(5), &js("white"), &NONE);
    assert!(error_message(not_text)?.contains("the pieces"));
    Ok(())
}

/// A move's squares are read from its text alone (a premove typed before its position exists):
/// every form of RULES §6.2 input, the piece letter kept; a suicide and bad text are refused
/// with words that say why.
#[wasm_bindgen_test]
fn move_squares_reads_the_squares_of_any_move_text() -> TestResult {
    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Squares {
        from: String,
        to: String,
        role: Option<String>,
    }
    let squares = |text: &str| -> Result<Squares, JsValue> {
        let value = JsValue::from(ultima_wasm::move_squares(&js(text))?);
        Ok(serde_wasm_bindgen::from_value(value)?)
    };
    let want = |from: &str, to: &str, role: Option<&str>| Squares {
        from: from.into(),
        to: to.into(),
        role: role.map(Into::into),
    };
    assert_eq!(squares("b2-b5")?, want("b2", "b5", None));
    assert_eq!(squares("b1-b8xb2xb4xb7")?, want("b1", "b8", None));
    assert_eq!(squares("L b1-b8")?, want("b1", "b8", Some("L")));
    assert_eq!(squares(" l a1-a6xa2xa5+ ")?, want("a1", "a6", Some("L")));
    let suicide = error_message(ultima_wasm::move_squares(&js("e4-")))?;
    assert!(
        suicide.contains("a suicide (e4-) cannot be queued"),
        "{suicide}"
    );
    assert!(error_message(ultima_wasm::move_squares(&js("@-e4")))?.contains("suicide"));
    let bad = error_message(ultima_wasm::move_squares(&js("b2b5")))?;
    assert!(bad.contains("cannot read move 'b2b5'"), "{bad}");
    assert!(error_message(ultima_wasm::move_squares(&num(5)))?.contains("the move"));
    Ok(())
}

/// The moves come grouped by from-square: at the start, each Pawn's four moves up its file.
#[wasm_bindgen_test]
fn moves_are_grouped_by_from_square_with_their_text_and_captures() -> TestResult {
    let s = snapshot(&new_game(None, None)?)?;
    let keys: Vec<&str> = s.moves.keys().map(String::as_str).collect();
    assert_eq!(keys, ["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"]);
    for (from, list) in &s.moves {
        let file = &from[..1];
        let mut texts: Vec<&str> = list.iter().map(|m| m.text.as_str()).collect();
        texts.sort_unstable();
        let expected: Vec<String> = (3..=6).map(|r| format!("{from}-{file}{r}")).collect();
        assert_eq!(texts, expected);
        for m in list {
            assert!(m.captures.is_empty() && !m.suicide, "{m:?}");
            assert_eq!(m.to.as_deref(), Some(&m.text[3..]));
        }
    }
    // Positions with captures of each kind of piece (RULES §7 examples 2 to 8): every move well
    // formed, and as many as the rules crate counts.
    for fen in [
        LEAPER,
        "7k/8/8/3pp3/3W4/2p5/8/K7 w",
        "7k/8/2p5/8/3C4/8/2K2p2/8 w",
        "k7/8/3L4/3pl3/2p1pW2/8/8/3P3K w",
        "2P3k1/2p5/Pp1pP2c/2l5/7K/2l5/2X5/2w5 w",
        "4k3/8/8/8/8/1Pp5/8/3X1X1K w",
    ] {
        let s = snapshot(&new_game(Some(fen), None)?)?;
        assert_moves_well_formed(&s);
        let count = ultima_wasm::perft(&js(fen), &num(1), &NONE).map_err(JsValue::from)?;
        assert_eq!(s.move_count() as f64, count, "{fen}");
        assert!(
            s.all_moves().iter().any(|m| !m.captures.is_empty()),
            "{fen}"
        );
    }
    Ok(())
}

/// A Long Leaper's way of taking a piece, as a move or ply says it.
fn leaping() -> CaptureWayInfo {
    CaptureWayInfo {
        way: "leap".into(),
        with: None,
        with_piece: None,
        imitated: false,
    }
}

#[wasm_bindgen_test]
fn captures_are_reported_for_a_capture_move() -> TestResult {
    let mut game = new_game(Some(LEAPER), None)?;
    let s = snapshot(&game)?;
    let from_a1 = s.moves.get("a1").ok_or_else(|| fail("no moves from a1"))?;
    let a6 = from_a1
        .iter()
        .find(|m| m.to.as_deref() == Some("a6"))
        .ok_or_else(|| fail("no move a1-a6"))?;
    assert_eq!(
        *a6,
        MoveInfo {
            text: "a1-a6xa2xa5".to_string(),
            from: "a1".to_string(),
            to: Some("a6".to_string()),
            captures: vec!["a2".to_string(), "a5".to_string()],
            suicide: false,
            ways: vec![leaping(), leaping()],
        }
    );
    assert!(from_a1.iter().all(|m| m.from == "a1"));
    assert!(!s.moves.contains_key("e4"), "moves from an empty square");
    assert!(!s.moves.contains_key("a2"), "moves of the side not to move");
    // The capture list may be left out of the move text.
    let s = play(&mut game, "a1-a6")?;
    assert_eq!(s.texts(), ["a1-a6xa2xa5"]);
    assert_eq!(s.piece("a2"), "");
    assert_eq!(s.piece("a5"), "");
    assert_eq!(s.piece("a6"), "L");
    assert_eq!(s.piece("a1"), "");
    Ok(())
}

#[wasm_bindgen_test]
fn the_snapshot_names_the_threatened_pieces() -> TestResult {
    // The Long Leaper on d8 could leap both Pawns; with the gap closed, nothing.
    let mut game = new_game(Some("3lk3/8/3P4/8/3P4/8/8/4K3 w"), None)?;
    assert_eq!(snapshot(&game)?.threatened, ["d4", "d6"]);
    game.play(&js("d4-d5"))?;
    game.play(&js("e8-f8"))?;
    assert!(snapshot(&game)?.threatened.is_empty());
    // Once the game is over, none.
    game.resign(&js("white"))?;
    assert!(snapshot(&game)?.threatened.is_empty());
    Ok(())
}

#[wasm_bindgen_test]
fn suicide_and_frozen_pieces() -> TestResult {
    // RULES §7 example 9: Chameleon and Immobilizer freeze each other.
    let mut game = new_game(Some("4k3/8/8/3i4/3X4/8/8/4K3 w"), None)?;
    let s = snapshot(&game)?;
    assert_eq!(s.frozen, ["d4", "d5"]);
    // Each frozen by the other.
    let by = |pairs: &[(&str, &str)]| -> BTreeMap<String, Vec<String>> {
        pairs
            .iter()
            .map(|(a, b)| ((*a).into(), vec![(*b).into()]))
            .collect()
    };
    assert_eq!(s.frozen_by, by(&[("d4", "d5"), ("d5", "d4")]));
    assert_eq!(s.move_count(), 6);
    let suicides: Vec<&MoveInfo> = s.all_moves().into_iter().filter(|m| m.suicide).collect();
    assert_eq!(suicides.len(), 1);
    assert_eq!(suicides[0].text, "d4-");
    assert_eq!(suicides[0].from, "d4");
    assert_eq!(suicides[0].to, None);
    assert_eq!(s.moves["d4"], [suicides[0].clone()]);
    assert_eq!(s.moves["e1"].len(), 5);
    let s = play(&mut game, "d4-")?;
    let ply = &s.plies[0];
    assert_eq!(
        (ply.text.as_str(), ply.suicide, ply.to.as_deref()),
        ("d4-", true, None)
    );
    assert_eq!(ply.piece, "X");
    assert!(ply.display.starts_with("Xd4-"), "{}", ply.display);
    assert_eq!(s.piece("d4"), "");
    assert!(s.frozen.is_empty(), "{:?}", s.frozen);
    assert!(s.frozen_by.is_empty(), "{:?}", s.frozen_by);
    Ok(())
}

/// Each ply carries its number as the record writes it: from 1 with White first by default,
/// from the position's own move number and side otherwise.
#[wasm_bindgen_test]
fn plies_are_numbered_as_the_record_numbers_them() -> TestResult {
    let mut game = new_game(None, None)?;
    play(&mut game, "b2-b5")?;
    play(&mut game, "g7-g4")?;
    let s = play(&mut game, "a2-a4")?;
    let numbers: Vec<(u32, &str)> = s
        .plies
        .iter()
        .map(|p| (p.number, p.side.as_str()))
        .collect();
    assert_eq!(numbers, [(1, "white"), (1, "black"), (2, "white")]);

    let mut game = new_game(Some(MATE_IN_2), None)?;
    play(&mut game, "d7-d6")?;
    play(&mut game, "h1-d5xd1")?;
    let s = play(&mut game, "f7-f6")?;
    let numbers: Vec<(u32, &str)> = s
        .plies
        .iter()
        .map(|p| (p.number, p.side.as_str()))
        .collect();
    assert_eq!(numbers, [(30, "black"), (31, "white"), (31, "black")]);
    assert!(
        s.record.contains("30... d7-d6 31. h1-d5xd1 f7-f6"),
        "{}",
        s.record
    );
    Ok(())
}

#[wasm_bindgen_test]
fn check_is_the_kings_square_and_the_checkers_are_listed() -> TestResult {
    // The Long Leaper on e1 can jump the black King on e5 (e6 is empty).
    let s = snapshot(&new_game(Some("8/8/8/4k3/8/8/8/4L2K b"), None)?)?;
    assert_eq!(s.check.as_deref(), Some("e5"));
    assert_eq!(s.checkers, ["e1"]);
    assert_eq!(s.turn, "black");
    assert!(s.status.is("ongoing", None, "*"), "{:?}", s.status);
    assert!(s.move_count() > 0);
    assert!(s.all_moves().iter().all(|m| m.from == "e5"));

    // Playing into check: the ply's display says so, and the snapshot names the King.
    let mut game = new_game(Some("8/8/8/4k3/8/8/8/1L5K w"), None)?;
    let before = snapshot(&game)?;
    assert_eq!(before.check, None);
    assert!(before.checkers.is_empty());
    let s = play(&mut game, "b1-e1")?;
    assert_eq!(s.plies[0].display, "Lb1-e1+");
    assert_eq!(s.plies[0].mark.as_deref(), Some("check"));
    assert_eq!(s.check.as_deref(), Some("e5"));
    assert_eq!(s.checkers, ["e1"]);
    assert_eq!(at(&game, 0)?.check, None);
    assert_eq!(at(&game, 1)?.check.as_deref(), Some("e5"));

    // The ply's mark: "mate" for a checkmate, none for a stalemate (a win, but no mate).
    let mut game = new_game(Some("8/8/8/4k3/2K2I2/8/8/8 w"), None)?;
    let s = play(&mut game, "c4-d5")?;
    assert!(
        s.status.is("checkmate", Some("white"), "1-0"),
        "{:?}",
        s.status
    );
    assert_eq!(
        (s.plies[0].display.as_str(), s.plies[0].mark.as_deref()),
        ("Kc4-d5#", Some("mate"))
    );
    let mut game = new_game(Some("4k3/8/8/8/8/2i5/8/K7 b"), None)?;
    let s = play(&mut game, "c3-b2")?;
    assert!(
        s.status.is("stalemate", Some("black"), "0-1"),
        "{:?}",
        s.status
    );
    assert_eq!(
        (s.plies[0].display.as_str(), s.plies[0].mark.as_deref()),
        ("Ic3-b2", None)
    );
    Ok(())
}

// --- Errors ----------------------------------------------------------------------------------

#[wasm_bindgen_test]
fn a_bad_position_string_is_an_error_with_a_message() -> TestResult {
    for bad in ["", "nonsense", "8/8/8/8/8/8/8/8 w", "4k3/8/8/8/8/8/8/4K3 x"] {
        let message = error_message(Game::new(&js(bad), &NONE))?;
        // The message is the rules crate's own.
        let Err(expected) = Position::from_fen(bad, Rules::default()) else {
            return Err(fail(format!("the rules crate accepts {bad:?}")));
        };
        assert_eq!(message, expected.to_string());
    }
    Ok(())
}

#[wasm_bindgen_test]
fn an_unknown_rule_option_is_an_error_and_changes_nothing() -> TestResult {
    let Err(expected) = "no_such_rule".parse::<Rules>() else {
        return Err(fail("the rules crate accepts no_such_rule"));
    };
    let expected = expected.to_string();
    assert_eq!(
        error_message(Game::new(&NONE, &js("no_such_rule")))?,
        expected
    );
    assert_eq!(
        error_message(Game::from_setup(&js("rotated"), &js("no_such_rule")))?,
        expected
    );
    let mut game = new_game(None, None)?;
    play(&mut game, "b2-b4")?;
    let before = snapshot(&game)?;
    assert_eq!(
        error_message(game.set_rules(&js("no_such_rule")))?,
        expected
    );
    assert_eq!(snapshot(&game)?, before);
    Ok(())
}

#[wasm_bindgen_test]
fn a_bad_move_is_an_error_and_changes_nothing() -> TestResult {
    let mut game = new_game(None, None)?;
    let before = snapshot(&game)?;
    // An empty square, a blocked piece, an occupied destination, a false capture list.
    for bad in ["", "zz", "e4-e5", "a1-a2", "b2-b7", "b2-b5xb6", "\u{0}"] {
        let message = error_message(game.play(&js(bad)))
            .map_err(|e| fail(format!("play({bad:?}): {e:?}")))?;
        let Err(expected) = Position::default().parse_move(bad) else {
            return Err(fail(format!("the rules crate accepts {bad:?}")));
        };
        assert_eq!(message, expected.to_string());
        assert_eq!(snapshot(&game)?, before);
    }
    Ok(())
}

/// `at` takes a whole number of plies from 0 to the number played: anything else is an `Error`
/// that says so, and changes nothing.
#[wasm_bindgen_test]
fn a_bad_ply_is_an_error_and_changes_nothing() -> TestResult {
    let mut game = new_game(None, None)?;
    play(&mut game, "b2-b5")?;
    let before = play(&mut game, "g7-g4")?;
    for (value, what) in [
        (num(3), "the number 3"),
        (num(-1), "the number -1"),
        (num(1.5), "the number 1.5"),
        (num(f64::NAN), "the number NaN"),
        (js("1"), "a string"),
        (JsValue::NULL, "null"),
        (NONE, "undefined"),
    ] {
        assert_eq!(
            error_message(game.at(&value))?,
            format!("the ply must be a whole number from 0 to 2, not {what}")
        );
    }
    assert_eq!(snapshot(&game)?, before);
    // Taking a move back shortens the range.
    game.undo()?;
    assert_eq!(
        error_message(game.at(&num(2)))?,
        "the ply must be a whole number from 0 to 1, not the number 2"
    );
    Ok(())
}

// --- Playing, undo, redo ---------------------------------------------------------------------

#[wasm_bindgen_test]
fn play_undo_redo_round_trip() -> TestResult {
    let mut game = new_game(None, None)?;
    let start = snapshot(&game)?;
    // Undo and redo at the start change nothing.
    assert_eq!(read(game.undo()?)?, start);
    assert_eq!(read(game.redo()?)?, start);

    let after = play(&mut game, "b2-b5")?;
    assert_eq!(after.texts(), ["b2-b5"]);
    assert_ne!(after.position, start.position);
    assert_eq!(after.turn, "black");
    assert_eq!(after.ply, 1);
    assert_eq!(after.redo, 0);
    assert!(after.can_undo);
    assert_eq!(after.start, start.position);

    let undone = read(game.undo()?)?;
    assert_eq!(undone.position, start.position);
    assert!(undone.plies.is_empty());
    assert_eq!(undone.redo, 1);
    assert!(!undone.can_undo);
    assert_eq!(undone.turn, "white");
    assert_eq!(undone.move_count(), 32);

    let redone = read(game.redo()?)?;
    assert_eq!(redone, after);
    assert_eq!(read(game.redo()?)?, after, "a second redo changes nothing");

    // Two back, two forward.
    play(&mut game, "g7-g4")?;
    game.undo()?;
    let s = read(game.undo()?)?;
    assert_eq!((s.redo, s.plies.len(), s.can_undo), (2, 0, false));
    game.redo()?;
    let s = read(game.redo()?)?;
    assert_eq!(s.texts(), ["b2-b5", "g7-g4"]);
    assert_eq!(s.redo, 0);

    // A move played after undo forgets the moves undone.
    game.undo()?;
    let s = play(&mut game, "g7-g5")?;
    assert_eq!(s.texts(), ["b2-b5", "g7-g5"]);
    assert_eq!(s.redo, 0);
    assert_eq!(read(game.redo()?)?, s);
    Ok(())
}

/// `rewind` is `undo` until nothing is left to take back, in one snapshot: a resignation and
/// every move, all kept for `redo`.
#[wasm_bindgen_test]
fn rewind_takes_everything_back_at_once() -> TestResult {
    let mut game = new_game(None, None)?;
    let start = snapshot(&game)?;
    for text in ["b2-b5", "g7-g4", "d2-d5"] {
        play(&mut game, text)?;
    }
    let played = snapshot(&game)?;
    let resigned = read(game.resign(&js("black"))?)?;
    let mut by_undo = Game::from_record(&js(&resigned.record))?;
    let mut undone = read(by_undo.undo()?)?;
    while undone.can_undo {
        undone = read(by_undo.undo()?)?;
    }
    let rewound = read(game.rewind(&JsValue::UNDEFINED)?)?;
    assert_eq!(rewound, undone);
    assert_eq!(
        (rewound.position.as_str(), rewound.redo, rewound.can_undo),
        (start.position.as_str(), 3, false)
    );
    // Redone, the game is as played (the resignation was taken back with it).
    for _ in 0..3 {
        game.redo()?;
    }
    assert_eq!(snapshot(&game)?, played);
    // At the start it changes nothing.
    let mut fresh = new_game(None, None)?;
    assert_eq!(read(fresh.rewind(&JsValue::UNDEFINED)?)?, start);
    Ok(())
}

/// `rewind(n)` stops after `n` moves: the position before move `n + 1`, the game going on, the
/// moves after it kept for `redo`; more plies than the game has take back only its verdict. A
/// count that is not a whole number is refused, the game unchanged.
#[wasm_bindgen_test]
fn rewind_stops_after_the_moves_asked_for() -> TestResult {
    let mut game = new_game(None, None)?;
    let mut before = Vec::new();
    for text in ["b2-b5", "g7-g4", "d2-d5"] {
        before.push(snapshot(&game)?);
        play(&mut game, text)?;
    }
    let played = snapshot(&game)?;
    game.resign(&js("white"))?;
    let one = read(game.rewind(&num(1))?)?;
    assert_eq!(
        (
            one.position.as_str(),
            one.texts(),
            one.redo,
            one.status.kind.as_str()
        ),
        (before[1].position.as_str(), vec!["b2-b5"], 2, "ongoing")
    );
    let mut whole = Game::from_record(&js(&played.record))?;
    whole.resign(&js("white"))?;
    assert_eq!(read(whole.rewind(&num(9))?)?, played);
    for bad in [num(-1), num(1.5), js("two")] {
        let message = error_message(whole.rewind(&bad))?;
        assert!(
            message.contains("the plies to keep must be a whole number"),
            "{message}"
        );
    }
    assert_eq!(snapshot(&whole)?, played);
    Ok(())
}

/// A ply says how it took each piece and with which piece: a Coordinator with its King, a
/// Pawn against the piece beyond.
#[wasm_bindgen_test]
fn plies_say_how_each_piece_was_taken() -> TestResult {
    let mut game = new_game(Some("7k/8/2p5/8/3C4/8/2K2p2/8 w"), None)?;
    let s = play(&mut game, "d4-f6")?;
    let with_king = CaptureWayInfo {
        way: "coordination".into(),
        with: Some("c2".into()),
        with_piece: Some("K".into()),
        imitated: false,
    };
    assert_eq!(s.plies[0].ways, [with_king.clone(), with_king]);
    let mut game = new_game(Some("k7/8/3L4/3pl3/2p1pW2/8/8/3P3K w"), None)?;
    let s = play(&mut game, "d1-d4")?;
    let pinch = |with: &str, piece: &str| CaptureWayInfo {
        way: "pinch".into(),
        with: Some(with.into()),
        with_piece: Some(piece.into()),
        imitated: false,
    };
    assert_eq!(s.plies[0].ways, [pinch("f4", "W"), pinch("d6", "L")]);
    Ok(())
}

/// Each ply carries its display text, the letters of the piece moved and taken, the side and
/// the position after it.
#[wasm_bindgen_test]
fn plies_carry_display_piece_captured_side_and_position() -> TestResult {
    let mut game = new_game(Some(LEAPER), None)?;
    let s = play(&mut game, "a1-a6")?;
    assert_eq!(s.plies.len(), 1);
    let ply = &s.plies[0];
    assert_eq!(ply.text, "a1-a6xa2xa5");
    assert!(ply.display.starts_with("La1-a6 xa2 xa5"), "{}", ply.display);
    assert_eq!(ply.from, "a1");
    assert_eq!(ply.to.as_deref(), Some("a6"));
    assert_eq!(ply.captures, ["a2", "a5"]);
    assert_eq!(ply.piece, "L");
    assert_eq!(ply.captured, ["p", "p"]);
    assert_eq!(ply.ways, [leaping(), leaping()], "how each was taken");
    assert!(!ply.suicide);
    assert_eq!(ply.side, "white");
    assert_eq!(ply.position, s.position);
    assert_eq!(s.start, canonical(LEAPER)?);
    assert_eq!(s.redo, 0);
    let s = read(game.undo()?)?;
    assert_eq!(s.redo, 1);
    assert!(s.plies.is_empty());
    assert_eq!(s.position, canonical(LEAPER)?);

    let mut game = new_game(None, None)?;
    play(&mut game, "b2-b5")?;
    let s = play(&mut game, "g7-g4")?;
    let [white, black] = &s.plies[..] else {
        return Err(fail(format!("{:?}", s.plies)));
    };
    assert_eq!(
        (
            white.display.as_str(),
            white.piece.as_str(),
            white.side.as_str()
        ),
        ("Pb2-b5", "P", "white")
    );
    assert_eq!(
        (
            black.display.as_str(),
            black.piece.as_str(),
            black.side.as_str()
        ),
        ("Pg7-g4", "p", "black")
    );
    assert!(white.captured.is_empty() && black.captured.is_empty());
    assert_eq!(black.position, s.position);
    let after_white = play(&mut new_game(None, None)?, "b2-b5")?;
    assert_eq!(white.position, after_white.position);
    Ok(())
}

/// `at(ply)` describes an earlier position (pieces, turn, moves, marks) within the whole game
/// (plies, status, record).
#[wasm_bindgen_test]
fn at_shows_an_earlier_position_of_the_whole_game() -> TestResult {
    let mut game = new_game(None, None)?;
    let start = snapshot(&game)?;
    play(&mut game, "b2-b5")?;
    let now = play(&mut game, "g7-g4")?;

    let first = at(&game, 0)?;
    assert_eq!(first.ply, 0);
    assert_eq!(first.pieces, start.pieces);
    assert_eq!(first.position, start.position);
    assert_eq!(first.turn, "white");
    assert_eq!(first.moves, start.moves);
    assert_eq!(first.plies, now.plies);
    assert_eq!(first.record, now.record);
    assert_eq!(first.status, now.status);
    assert_eq!((first.redo, first.can_undo), (now.redo, now.can_undo));
    assert_eq!(first.start, now.start);

    let second = at(&game, 1)?;
    assert_eq!(second.ply, 1);
    assert_eq!(second.position, now.plies[0].position);
    assert_eq!(second.turn, "black");
    assert_eq!(second.piece("b5"), "P");
    assert_eq!(second.piece("g7"), "p");
    assert_eq!(second.plies.len(), 2);
    assert!(second.moves.contains_key("g7"));

    assert_eq!(at(&game, 2)?, now);
    assert_eq!(now.ply, 2);
    assert_eq!(
        error_message(game.at(&num(3)))?,
        "the ply must be a whole number from 0 to 2, not the number 3"
    );
    // Looking changes nothing.
    assert_eq!(snapshot(&game)?, now);
    Ok(())
}

// --- The end of the game ---------------------------------------------------------------------

#[wasm_bindgen_test]
fn stalemate_is_a_result() -> TestResult {
    // RULES §7 example 12: Black has no legal move and loses.
    let s = snapshot(&new_game(Some("8/8/8/4k3/5I2/8/8/K7 b"), None)?)?;
    assert!(s.moves.is_empty());
    assert!(
        s.status.is("stalemate", Some("white"), "1-0"),
        "{:?}",
        s.status
    );
    assert_eq!(s.check, None);
    assert!(!s.can_undo);
    Ok(())
}

/// The status's `result` is the record's: "1-0", "0-1", "1/2-1/2", or "*" while the game goes
/// on; once the game is over, no moves are offered.
#[wasm_bindgen_test]
fn status_results_of_each_ending() -> TestResult {
    let ongoing = snapshot(&new_game(None, None)?)?;
    assert!(
        ongoing.status.is("ongoing", None, "*"),
        "{:?}",
        ongoing.status
    );

    // RULES §7 example 11: the King steps next to the frozen King: checkmate.
    let mut game = new_game(Some("8/8/8/4k3/2K2I2/8/8/8 w"), None)?;
    let s = play(&mut game, "c4-d5")?;
    assert!(
        s.status.is("checkmate", Some("white"), "1-0"),
        "{:?}",
        s.status
    );
    assert!(s.plies[0].display.ends_with('#'), "{}", s.plies[0].display);
    assert_eq!(s.check.as_deref(), Some("e5"));
    assert_eq!(s.checkers, ["d5"]);
    assert!(s.moves.is_empty());
    assert!(s.record.contains("[Result \"1-0\"]"), "{}", s.record);

    let mut game = new_game(None, None)?;
    let s = read(game.resign(&js("white"))?)?;
    assert!(
        s.status.is("resignation", Some("black"), "0-1"),
        "{:?}",
        s.status
    );
    assert!(s.record.contains("[Result \"0-1\"]"), "{}", s.record);

    let s = snapshot(&new_game(Some("k7/8/8/8/8/8/8/7K w"), None)?)?;
    assert!(s.status.is("bare_kings", None, "1/2-1/2"), "{:?}", s.status);
    assert!(s.moves.is_empty());

    // A record whose result is a draw, on a game still going: a draw by agreement, which undo
    // takes back.
    let s = snapshot(&Game::from_record(&js("1. b2-b5 1/2-1/2"))?)?;
    assert!(s.status.is("agreement", None, "1/2-1/2"), "{:?}", s.status);
    assert!(s.can_undo);
    assert!(s.moves.is_empty());
    Ok(())
}

#[wasm_bindgen_test]
fn a_records_variations_are_read_as_lines_from_the_start() -> TestResult {
    let record = "1. b2-b5 (1. a2-a4 g7-g5 (1... h7-h4)) g7-g4 *";
    let lines: Vec<Vec<String>> =
        serde_wasm_bindgen::from_value(Game::record_side_lines(&js(record))?.into())?;
    assert_eq!(lines, [vec!["a2-a4", "g7-g5"], vec!["a2-a4", "h7-h4"]]);
    // The game is the main line.
    let s = snapshot(&Game::from_record(&js(record))?)?;
    assert_eq!(s.plies.len(), 2);
    // Refused: parentheses that do not pair, and what is not text.
    let message = error_message(Game::record_side_lines(&js("1. b2-b5 (1. a2-a4 *")))?;
    assert!(
        message.contains("line 1: a variation '(' is not closed"),
        "{message}"
    );
    let message = error_message(Game::record_side_lines(&num(3)))?;
    assert!(message.contains("the game record"), "{message}");
    // 65,536 variations of 65,536 moves each: 2^32 moves in all, which a wasm32 usize wraps to 0.
    let many = format!("{}{}*", "b2-b5 ".repeat(65_536), "(a2-a4) ".repeat(65_536));
    let message = error_message(Game::record_side_lines(&js(&many)))?;
    assert!(message.contains("more than 50000"), "{message}");
    // Written back with the game (its own moves the main line, no more played on): the same
    // record, variations and all; and from the start, with the main line given first.
    let game = Game::from_record(&js(record))?;
    let mut all = vec![vec![]];
    all.extend(lines.iter().cloned());
    let written = game.record_of_lines(&serde_wasm_bindgen::to_value(&all)?, &NONE)?;
    assert!(
        written.ends_with("1. b2-b5 (1. a2-a4 g7-g5 (1... h7-h4)) 1... g7-g4 *\n"),
        "{written}"
    );
    all[0] = vec!["b2-b5".into(), "g7-g4".into()];
    let fresh = new_game(None, None)?;
    let from_start = fresh.record_of_lines(&serde_wasm_bindgen::to_value(&all)?, &NONE)?;
    assert_eq!(from_start, written);
    let message = error_message(game.record_of_lines(&js("b2-b5"), &NONE))?;
    assert!(
        message.contains("a list of lists of move texts"),
        "{message}"
    );
    let bad = serde_wasm_bindgen::to_value(&[vec![], vec!["b2-b9"]])?;
    let message = error_message(game.record_of_lines(&bad, &NONE))?;
    assert!(
        message.starts_with("side line 1, move 1 'b2-b9': "),
        "{message}"
    );
    let bad = serde_wasm_bindgen::to_value(&[["a2-a4", "b2-b9"]])?;
    let message = error_message(game.record_of_lines(&bad, &NONE))?;
    assert!(
        message.starts_with("the main line, move 2 'b2-b9': "),
        "{message}"
    );
    Ok(())
}

#[wasm_bindgen_test]
fn a_records_notes_are_read_by_line_and_ply_and_written_back() -> TestResult {
    let record = "{A game} 1. b2-b5?! {slow} (1. a2-a4 {the flank} g7-g5 $4) 1... g7-g4 *";
    let notes = Game::record_notes(&js(record))?;
    #[derive(Deserialize, Debug, PartialEq)]
    struct Note {
        line: usize,
        ply: isize,
        glyph: Option<String>,
        comment: String,
    }
    let note = |line, ply, glyph: Option<&str>, comment: &str| Note {
        line,
        ply,
        glyph: glyph.map(String::from),
        comment: comment.into(),
    };
    let read: Vec<Note> = serde_wasm_bindgen::from_value(notes.clone())?;
    assert_eq!(
        read,
        [
            note(0, -1, None, "A game"),
            note(0, 0, Some("?!"), "slow"),
            note(1, 0, None, "the flank"),
            note(1, 1, Some("??"), ""),
        ]
    );
    // Written back with the lines: the same notes in their places.
    let lines = serde_wasm_bindgen::to_value(&[vec!["b2-b5", "g7-g4"], vec!["a2-a4", "g7-g5"]])?;
    let fresh = new_game(None, None)?;
    let written = fresh.record_of_lines(&lines, &notes.into())?;
    assert!(
        written.ends_with(
            "{A game} 1. b2-b5?! {slow} (1. a2-a4 {the flank} 1... g7-g5??) 1... g7-g4 *\n"
        ),
        "{written}"
    );
    // Notes that are not notes, or a glyph that is none: refused, saying which.
    let message = error_message(fresh.record_of_lines(&lines, &js("x")))?;
    assert!(message.contains("the notes are not readable"), "{message}");
    let odd = js_sys::JSON::parse(r#"[{"line":0,"ply":0,"glyph":"?!?","comment":""}]"#)?;
    let message = error_message(fresh.record_of_lines(&lines, &odd))?;
    assert!(message.contains("glyph '?!?' is none of"), "{message}");
    // Before the first move there is only the game's comment: on line 0, without a glyph.
    for odd in [
        r#"[{"line":1,"ply":-1,"glyph":null,"comment":"x"}]"#,
        r#"[{"line":0,"ply":-1,"glyph":"!","comment":"x"}]"#,
        r#"[{"line":0,"ply":-2,"glyph":null,"comment":"x"}]"#,
    ] {
        let message = error_message(fresh.record_of_lines(&lines, &js_sys::JSON::parse(odd)?))?;
        assert!(message.contains("is on no move"), "{odd}: {message}");
    }
    Ok(())
}

#[wasm_bindgen_test]
fn lines_are_played_out_in_one_call_up_to_their_first_illegal_move() -> TestResult {
    #[derive(Deserialize)]
    struct Grown {
        lines: Vec<Vec<PlyInfo>>,
        refused: usize,
    }
    let mut game = new_game(None, None)?;
    play(&mut game, "b2-b5")?;
    let lines = serde_wasm_bindgen::to_value(&[
        vec!["b2-b5", "g7-g4"],
        vec!["Pa2-a4", "b2-b9", "h7-h5"],
        vec![],
    ])?;
    let grown: Grown = serde_wasm_bindgen::from_value(game.line_plies(&lines)?.into())?;
    let texts: Vec<Vec<&str>> = grown
        .lines
        .iter()
        .map(|line| line.iter().map(|ply| ply.text.as_str()).collect())
        .collect();
    // From the start, whatever the game has played; the canonical text; a line stops at its
    // first illegal move, and what follows counts as refused too.
    assert_eq!(texts, [vec!["b2-b5", "g7-g4"], vec!["a2-a4"], vec![]]);
    assert_eq!(grown.refused, 2);
    assert_eq!(grown.lines[0][1].side, "black");
    // The game did not change.
    assert_eq!(snapshot(&game)?.plies.len(), 1);
    // Lines that share their beginnings, after one that stopped early: each complete.
    let lines = serde_wasm_bindgen::to_value(&[
        vec!["b2-b5", "g7-g4", "b5-b9"],
        vec!["b2-b5", "g7-g4", "a2-a4"],
        vec!["b2-b5", "h7-h5"],
    ])?;
    let grown: Grown = serde_wasm_bindgen::from_value(game.line_plies(&lines)?.into())?;
    let last: Vec<(&str, &str)> = grown.lines[2]
        .iter()
        .map(|ply| (ply.text.as_str(), ply.side.as_str()))
        .collect();
    assert_eq!(last, [("b2-b5", "white"), ("h7-h5", "black")]);
    assert_eq!(grown.lines[1].len(), 3);
    assert_eq!(grown.refused, 1);
    let message = error_message(game.line_plies(&js("b2-b5")))?;
    assert!(
        message.contains("a list of lists of move texts"),
        "{message}"
    );
    Ok(())
}

#[wasm_bindgen_test]
fn headers_are_set_kept_in_the_record_and_read_back() -> TestResult {
    let mut game = new_game(None, None)?;
    read(game.play(&js("b2-b5"))?)?;
    let s = read(game.set_header(&js("Hints"), &js("1"))?)?;
    assert_eq!(s.headers, [("Hints".to_string(), "1".to_string())]);
    let s = read(game.set_header(&js("Hints"), &js("2"))?)?;
    assert_eq!(s.headers, [("Hints".to_string(), "2".to_string())]);
    assert!(s.record.contains("[Hints \"2\"]"), "{}", s.record);
    let again = read(Game::from_record(&js(&s.record))?.snapshot()?)?;
    assert_eq!(again.headers, s.headers);

    for (name, value) in [
        ("Result", "1-0"),
        ("Setup", "x"),
        ("a b", "x"),
        ("White", "a\nb"),
    ] {
        let message = error_message(game.set_header(&js(name), &js(value)))?;
        assert!(message.contains("header"), "{message}");
    }
    assert!(error_message(game.set_header(&num(1), &js("x")))?.contains("header name"));
    assert_eq!(snapshot(&game)?, s);
    Ok(())
}

#[wasm_bindgen_test]
fn resigning_ends_the_game() -> TestResult {
    let mut game = new_game(None, None)?;
    let s = read(game.resign(&js("white"))?)?;
    assert!(
        s.status.is("resignation", Some("black"), "0-1"),
        "{:?}",
        s.status
    );
    assert!(s.moves.is_empty());
    assert!(s.can_undo);
    assert!(s.plies.is_empty());
    assert!(error_message(game.play(&js("b2-b5")))?.contains("over"));
    assert!(error_message(game.resign(&js("black")))?.contains("over"));
    assert_eq!(snapshot(&game)?, s);
    // An earlier position of a finished game offers no moves either.
    assert!(at(&game, 0)?.moves.is_empty());

    let s = read(game.undo()?)?;
    assert!(s.status.is("ongoing", None, "*"), "{:?}", s.status);
    assert!(!s.can_undo);
    assert_eq!(s.move_count(), 32);

    let s = read(game.resign(&js("black"))?)?;
    assert!(
        s.status.is("resignation", Some("white"), "1-0"),
        "{:?}",
        s.status
    );

    let mut game = new_game(None, None)?;
    let before = snapshot(&game)?;
    for bad in ["grey", "White", ""] {
        assert_eq!(
            error_message(game.resign(&js(bad)))?,
            "the side must be \"white\" or \"black\""
        );
    }
    assert_eq!(snapshot(&game)?, before);
    Ok(())
}

/// A flag ends the game: lost by the side whose time ran out, or drawn when the other side has
/// only its King; it is in the record and read back, and undo takes it back alone.
#[wasm_bindgen_test]
fn a_flag_ends_the_game_and_undo_takes_it_back() -> TestResult {
    let mut game = new_game(None, None)?;
    let before = play(&mut game, "b2-b5")?;
    let s = read(game.flag(&js("black"))?)?;
    assert!(
        s.status.is("timeout", Some("white"), "1-0"),
        "{:?}",
        s.status
    );
    assert!(s.moves.is_empty());
    assert!(s.can_undo);
    assert!(
        s.record.contains("[Termination \"time forfeit\"]"),
        "{}",
        s.record
    );
    assert_eq!(snapshot(&Game::from_record(&js(&s.record))?)?, s);
    assert!(error_message(game.flag(&js("white")))?.contains("over"));
    assert!(error_message(game.play(&js("g7-g4")))?.contains("over"));
    let s = read(game.undo()?)?;
    assert_eq!(s, before, "undo takes back the flag alone");
    for bad in ["grey", "Black", ""] {
        assert_eq!(
            error_message(game.flag(&js(bad)))?,
            "the side must be \"white\" or \"black\""
        );
    }
    assert_eq!(snapshot(&game)?, before);

    // White has only its King: Black's flag draws.
    let mut game = new_game(Some("4k3/pp6/8/8/8/8/8/4K3 b"), None)?;
    let s = read(game.flag(&js("black"))?)?;
    assert!(
        s.status.is("timeout_draw", None, "1/2-1/2"),
        "{:?}",
        s.status
    );
    assert_eq!(snapshot(&Game::from_record(&js(&s.record))?)?, s);
    Ok(())
}

#[wasm_bindgen_test]
fn agreeing_a_draw_ends_the_game_and_undo_takes_it_back() -> TestResult {
    let mut game = new_game(None, None)?;
    let before = play(&mut game, "b2-b5")?;
    let s = read(game.agree_draw()?)?;
    assert!(s.status.is("agreement", None, "1/2-1/2"), "{:?}", s.status);
    assert!(s.moves.is_empty());
    assert!(s.can_undo);
    assert_eq!(s.plies, before.plies);
    assert!(
        s.record.contains("[Termination \"draw by agreement\"]"),
        "{}",
        s.record
    );
    // The record says so, and reads back as the same finished game.
    assert_eq!(snapshot(&Game::from_record(&js(&s.record))?)?, s);
    assert!(error_message(game.agree_draw())?.contains("over"));
    assert!(error_message(game.play(&js("g7-g4")))?.contains("over"));
    assert_eq!(snapshot(&game)?, s);
    // Undo takes back the agreement alone.
    assert_eq!(read(game.undo()?)?, before);
    // Nor can a resigned game.
    game.resign(&js("black"))?;
    assert!(error_message(game.agree_draw())?.contains("over"));
    Ok(())
}

/// Undo after a resignation takes back the resignation only, not the last move too.
#[wasm_bindgen_test]
fn undo_after_resigning_takes_back_only_the_resignation() -> TestResult {
    let mut game = new_game(None, None)?;
    play(&mut game, "b2-b5")?;
    let before = play(&mut game, "g7-g4")?;
    let resigned = read(game.resign(&js("black"))?)?;
    assert!(resigned.status.is("resignation", Some("white"), "1-0"));
    assert_eq!(resigned.plies, before.plies);
    let s = read(game.undo()?)?;
    assert!(s.status.is("ongoing", None, "*"), "{:?}", s.status);
    assert_eq!(s.texts(), ["b2-b5", "g7-g4"]);
    assert_eq!(s.position, before.position);
    assert!(s.can_undo);
    assert_eq!(s, before);
    Ok(())
}

// --- Records, rules, setups ------------------------------------------------------------------

#[wasm_bindgen_test]
fn a_record_round_trips() -> TestResult {
    let mut game = new_game(None, None)?;
    play(&mut game, "b2-b5")?;
    let s = play(&mut game, "g7-g4")?;
    let again = snapshot(&Game::from_record(&js(&s.record))?)?;
    assert_eq!(again, s);
    assert!(!error_message(Game::from_record(&js("1. b2-b9")))?.is_empty());
    // A finished game too.
    let s = read(game.resign(&js("white"))?)?;
    assert_eq!(snapshot(&Game::from_record(&js(&s.record))?)?, s);
    Ok(())
}

#[wasm_bindgen_test]
fn load_replaces_the_game_and_a_bad_record_changes_nothing() -> TestResult {
    let mut other = new_game(Some(LEAPER), None)?;
    let wanted = play(&mut other, "a1-a6")?;

    let mut game = new_game(None, None)?;
    play(&mut game, "b2-b5")?;
    game.play(&js("g7-g4"))?;
    game.undo()?;
    let loaded = read(game.load(&js(&wanted.record))?)?;
    assert_eq!(loaded, wanted);
    assert_eq!(loaded.redo, 0, "the moves undone belong to the old game");
    assert_eq!(snapshot(&game)?, wanted);

    for bad in [
        "1. b2-b9",
        "1. b2-b5 g7-g4 1-0 b5-b6",
        "[Rules \"nonsense\"]",
        "[Setup",
    ] {
        let message = error_message(game.load(&js(bad)))?;
        let Err(expected) = ultima::Game::from_record(bad) else {
            return Err(fail(format!("the rules crate accepts {bad:?}")));
        };
        assert_eq!(message, expected.to_string());
        assert_eq!(snapshot(&game)?, wanted);
    }
    Ok(())
}

#[wasm_bindgen_test]
fn set_rules_keeps_the_moves_and_changes_the_rules() -> TestResult {
    let mut game = new_game(None, None)?;
    play(&mut game, "b2-b4")?;
    let before = play(&mut game, "g7-g5")?;
    let s = read(game.set_rules(&js("distance_1968"))?)?;
    assert_eq!(s.rules, "distance_1968");
    assert_eq!(s.plies, before.plies);
    assert_eq!(s.position, before.position);
    assert_eq!(s.start, before.start);
    assert!(
        s.record.contains("[Rules \"distance_1968\"]"),
        "{}",
        s.record
    );
    // The moves are those of the new rules.
    let count = ultima_wasm::perft(&js(&s.position), &num(1), &js("distance_1968"))
        .map_err(JsValue::from)?;
    assert_eq!(s.move_count() as f64, count);
    assert!(s.move_count() < before.move_count());
    assert_eq!(snapshot(&game)?, s);
    // And back.
    let s = read(game.set_rules(&js("default"))?)?;
    assert_eq!(s.rules, "default");
    assert_eq!(s.moves, before.moves);
    assert_eq!(s.plies, before.plies);

    // A resigned game stays resigned.
    game.resign(&js("black"))?;
    let s = read(game.set_rules(&js("king_capture"))?)?;
    assert_eq!(s.rules, "king_capture");
    assert!(
        s.status.is("resignation", Some("white"), "1-0"),
        "{:?}",
        s.status
    );
    Ok(())
}

/// Under `distance_1968` a Pawn on its second rank travels at most two squares, so a game that
/// opened b2-b5 cannot take those rules: refused, the game unchanged.
#[wasm_bindgen_test]
fn set_rules_refuses_rules_under_which_a_move_is_illegal() -> TestResult {
    let mut game = new_game(None, None)?;
    let before = play(&mut game, "b2-b5")?;
    let message = error_message(game.set_rules(&js("distance_1968")))?;
    assert!(message.starts_with("game record, line"), "{message}");
    assert!(message.contains("b2-b5"), "{message}");
    assert_eq!(snapshot(&game)?, before);
    Ok(())
}

#[wasm_bindgen_test]
fn new_game_under_other_rules() -> TestResult {
    let s = snapshot(&new_game(None, Some("distance_1968"))?)?;
    assert_eq!(s.rules, "distance_1968");
    // Each Pawn may go two squares.
    assert_eq!(s.move_count(), 16);
    let s = snapshot(&new_game(Some(LEAPER), Some("king_capture,distance_1968"))?)?;
    assert_eq!(s.rules, "king_capture,distance_1968");
    Ok(())
}

#[wasm_bindgen_test]
fn from_setup_builds_the_named_array_or_fails_with_a_message() -> TestResult {
    let s = snapshot(&Game::from_setup(&js("mirrored"), &js("distance_1968"))?)?;
    assert_eq!(s.piece("d8"), "k");
    assert_eq!(s.rules, "distance_1968");
    let rotated = snapshot(&Game::from_setup(&js("custom:da/eh"), &NONE)?)?;
    assert_eq!(rotated, snapshot(&new_game(None, None)?)?);
    assert!(!error_message(Game::from_setup(&js("sideways"), &NONE))?.is_empty());
    Ok(())
}

/// The snapshot holds exactly the fields of the `.d.ts`, and its moves and plies too.
#[wasm_bindgen_test]
fn the_snapshot_has_exactly_the_documented_fields() -> TestResult {
    fn keys(value: &JsValue) -> Vec<String> {
        let object: &js_sys::Object = value.unchecked_ref();
        let mut keys: Vec<String> = js_sys::Object::keys(object)
            .iter()
            .filter_map(|k| k.as_string())
            .collect();
        keys.sort();
        keys
    }
    fn get(value: &JsValue, path: &[&str]) -> Result<JsValue, JsValue> {
        let mut value = value.clone();
        for key in path {
            value = js_sys::Reflect::get(&value, &js(key))?;
        }
        Ok(value)
    }
    let mut game = new_game(Some(LEAPER), None)?;
    let value: JsValue = game.play(&js("a1-a6"))?.into();
    assert_eq!(
        keys(&value),
        [
            "canUndo",
            "check",
            "checkers",
            "frozen",
            "frozenBy",
            "headers",
            "moves",
            "pieces",
            "plies",
            "ply",
            "position",
            "record",
            "redo",
            "rules",
            "start",
            "status",
            "threatened",
            "turn"
        ]
    );
    assert_eq!(
        keys(&get(&value, &["status"])?),
        ["kind", "result", "winner"]
    );
    let ply = js_sys::Reflect::get_u32(&get(&value, &["plies"])?, 0)?;
    assert_eq!(
        keys(&ply),
        [
            "captured", "captures", "display", "from", "mark", "number", "piece", "position",
            "side", "suicide", "text", "to", "ways"
        ]
    );
    let moves = get(&value, &["moves", "e8"])?;
    assert!(js_sys::Array::is_array(&moves));
    let first = js_sys::Reflect::get_u32(&moves, 0)?;
    assert_eq!(
        keys(&first),
        ["captures", "from", "suicide", "text", "to", "ways"]
    );
    // Plain data: a JSON round trip keeps it.
    let json = js_sys::JSON::stringify(&value)?;
    assert_eq!(
        read(js_sys::JSON::parse(&String::from(json))?)?,
        read(value)?
    );
    Ok(())
}

// --- Odd input -------------------------------------------------------------------------------

#[wasm_bindgen_test]
fn odd_input_is_an_error_or_an_answer_never_a_panic() -> TestResult {
    let long = "a1-a2xa3".repeat(2_000);
    let odd = [
        "",
        " ",
        "-",
        "@-",
        "@-e4",
        "a1-",
        "a1-a1",
        "x",
        "xa2",
        "L b1-b8",
        "e2-e4xe4xe4",
        "\u{0}",
        "\u{FFFF}",
        "é1-é2",
        "💥",
        "white ",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 99999999999999999999 1",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w -1 0",
        "9/8/8/8/8/8/8/8 w",
        "k7/8/8/8/8/8/8/7K w x y z",
        "[Setup \"nonsense\"]\n1. b2-b5",
        "[Rules \"distance_1968\"]\n1. b2-b5",
        "1. b2-b5 g7-g4 2. 3. 4.",
        "1-0 1-0",
        "*",
        ",,,",
        "default,default",
        &long,
    ];
    let mut game = new_game(None, None)?;
    let mut other = new_game(None, None)?;
    for text in odd {
        let _ = Game::new(&js(text), &NONE);
        let _ = Game::new(&NONE, &js(text));
        let _ = Game::from_record(&js(text));
        let _ = Game::from_setup(&js(text), &NONE);
        let _ = Game::from_setup(&js("rotated"), &js(text));
        let _ = game.at(&js(text));
        if game.play(&js(text)).is_ok() {
            game.undo()?;
        }
        if game.resign(&js(text)).is_ok() {
            game.undo()?;
        }
        let _ = other.load(&js(text));
        let _ = other.set_rules(&js(text));
        let _ = other.snapshot()?;
    }
    for ply in [
        -0.0,
        0.5,
        -1e-300,
        1e-300,
        f64::MAX,
        f64::MIN_POSITIVE,
        2f64.powi(53),
    ] {
        let _ = game.at(&num(ply));
    }
    let s = snapshot(&game)?;
    assert_eq!(s.move_count(), 32);
    assert!(s.plies.is_empty() && s.status.is("ongoing", None, "*"));
    Ok(())
}

// --- perft and searchNodes -------------------------------------------------------------------

#[wasm_bindgen_test]
fn perft_counts_match_the_rules_table() -> TestResult {
    assert_eq!(
        ultima_wasm::perft(&js(START), &num(3), &NONE).map_err(JsValue::from)?,
        42762.0
    );
    assert_eq!(
        ultima_wasm::perft(&js(START), &num(3), &js("distance_1968")).map_err(JsValue::from)?,
        6992.0
    );
    let message = error_message(ultima_wasm::perft(&js(START), &num(9), &NONE))?;
    assert_eq!(
        message,
        "the perft depth must be a whole number from 0 to 8, not the number 9"
    );
    let message = error_message(ultima_wasm::perft(&js("8/8 w"), &num(1), &NONE))?;
    assert!(message.starts_with("position string"), "{message}");
    Ok(())
}

#[wasm_bindgen_test]
fn search_nodes_match_the_native_engine() -> TestResult {
    // The native count: `ultima search "<fen>" --depth 4 --hash 16` prints 2412 nodes.
    let fen = "c1x1kxl1/lp3pp1/w6i/3pp2p/1PW3P1/L7/1P2PP1P/ILXK1X1C w 0 13";
    assert_eq!(
        ultima_wasm::search_nodes(&js(fen), &num(4)).map_err(JsValue::from)?,
        2412.0
    );
    let message = error_message(ultima_wasm::search_nodes(&js(fen), &num(15)))?;
    assert_eq!(
        message,
        "the search depth must be a whole number from 1 to 14, not the number 15"
    );
    Ok(())
}

// --- The computer player ---------------------------------------------------------------------

/// `AiMove` of the `.d.ts`.
#[derive(Debug, Deserialize)]
struct AiMove {
    #[serde(rename = "move")]
    text: String,
    score: String,
    depth: u32,
    nodes: f64,
    pv: Vec<String>,
}

fn ai_move(value: ultima_wasm::AiMoveValue) -> Result<AiMove, JsValue> {
    Ok(serde_wasm_bindgen::from_value(value.into())?)
}

fn start_record() -> Result<String, JsValue> {
    Ok(snapshot(&new_game(None, None)?)?.record)
}

fn assert_legal_from_start(found: &AiMove) -> TestResult {
    let s = snapshot(&new_game(None, None)?)?;
    assert!(
        s.all_moves().iter().any(|m| m.text == found.text),
        "{} is not a legal first move",
        found.text
    );
    assert!(found.depth >= 1 && found.nodes >= 1.0, "{found:?}");
    assert!(!found.score.is_empty());
    assert_eq!(found.pv.first(), Some(&found.text));
    Ok(())
}

#[wasm_bindgen_test]
fn ai_plays_a_legal_move_at_level_1() -> TestResult {
    let mut ai = ultima_wasm::Ai::new();
    let found = ai_move(ai.think(&js(&start_record()?), &num(1), &NONE, &NONE, &NONE)?)?;
    assert_legal_from_start(&found)
}

#[wasm_bindgen_test]
fn ai_plays_a_legal_move_at_level_3_and_reports_progress() -> TestResult {
    let mut ai = ultima_wasm::Ai::new();
    let seen = js_sys::Array::new();
    let push = js_sys::Function::new_with_args("p", "this.push(p)").bind0(&seen);
    let found = ai_move(ai.think(&js(&start_record()?), &num(3), &num(5000.0), &push, &NONE)?)?;
    assert_legal_from_start(&found)?;
    assert!(seen.length() >= 1, "no progress reported");
    // Each iteration's line comes as plies too, and its score from White's view (White is to
    // move here, so the two scores agree).
    let get = |value: &JsValue, key: &str| js_sys::Reflect::get(value, &js(key));
    for progress in seen.iter() {
        let pv: js_sys::Array = get(&progress, "pv")?.unchecked_into();
        let plies: js_sys::Array = get(&progress, "plies")?.unchecked_into();
        assert_eq!(plies.length(), pv.length().min(12));
        assert_eq!(get(&plies.get(0), "text")?, pv.get(0));
        let score = get(&progress, "score")?.as_string().unwrap_or_default();
        let white = get(&progress, "white")?;
        let cp = get(&white, "cp")?.as_f64();
        let mate = get(&white, "mate")?.as_f64();
        let written = match (cp, mate) {
            (Some(cp), None) => format!("{:+.2}", cp / 100.0),
            (None, Some(mate)) => format!("#{mate}"),
            _ => return Err(JsValue::from_str("a score is centipawns or a mate")),
        };
        assert_eq!(written, score);
    }
    Ok(())
}

#[wasm_bindgen_test]
fn ai_answers_after_moves_of_a_record() -> TestResult {
    let mut game = new_game(None, None)?;
    let s = play(&mut game, "b2-b5")?;
    let mut ai = ultima_wasm::Ai::new();
    let found = ai_move(ai.think(&js(&s.record), &num(2), &NONE, &NONE, &NONE)?)?;
    let s = play(&mut game, &found.text)?;
    assert_eq!(s.turn, "white");
    assert_eq!(s.plies[1].text, found.text);
    Ok(())
}

/// The seed gives a game its own player at the noisy levels: a seed answers a position the same
/// way each time, no seed is seed 0, and seeds differ in their choices.
#[wasm_bindgen_test]
fn ai_seeds_choose_the_noise_of_the_low_levels() -> TestResult {
    let record = js(&start_record()?);
    let mut ai = ultima_wasm::Ai::new();
    let mut at = |seed: &JsValue| -> Result<String, JsValue> {
        Ok(ai_move(ai.think(&record, &num(2), &NONE, &NONE, seed)?)?.text)
    };
    let chosen: Vec<String> = (1..=12)
        .map(|seed| at(&num(f64::from(seed))))
        .collect::<Result<_, _>>()?;
    let distinct: std::collections::BTreeSet<&String> = chosen.iter().collect();
    assert!(distinct.len() >= 3, "twelve seeds chose {distinct:?}");
    assert_eq!(at(&num(5.0))?, chosen[4]);
    assert_eq!(at(&NONE)?, at(&num(0.0))?);
    assert_eq!(at(&JsValue::NULL)?, at(&num(0.0))?);
    for bad in [num(-1.0), num(1.5), num(4_294_967_296.0), js("7")] {
        let message = error_message(ai.think(&record, &num(2), &NONE, &NONE, &bad))?;
        assert!(
            message.starts_with("the seed must be a whole number from 0 to 4294967295"),
            "{message}"
        );
    }
    Ok(())
}

#[wasm_bindgen_test]
fn ai_refuses_a_bad_level() -> TestResult {
    let mut ai = ultima_wasm::Ai::new();
    let record = start_record()?;
    for level in [0, 9, 300] {
        let level = f64::from(level);
        let message = error_message(ai.think(&js(&record), &num(level), &NONE, &NONE, &NONE))?;
        assert!(message.contains("level"), "{message}");
    }
    Ok(())
}

#[wasm_bindgen_test]
fn ai_refuses_a_bad_record() -> TestResult {
    let mut ai = ultima_wasm::Ai::new();
    let message = error_message(ai.think(&js("1. z9-z10"), &num(1), &NONE, &NONE, &NONE))?;
    assert!(!message.is_empty());
    Ok(())
}

#[wasm_bindgen_test]
fn ai_refuses_a_finished_game() -> TestResult {
    let mut game = new_game(None, None)?;
    let s = read(game.resign(&js("white"))?)?;
    let mut ai = ultima_wasm::Ai::new();
    let message = error_message(ai.think(&js(&s.record), &num(1), &NONE, &NONE, &NONE))?;
    assert!(message.contains("over"), "{message}");
    Ok(())
}

/// `Report` of the `.d.ts`, as `Ai.analyse` reports it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Report {
    depth: u32,
    seldepth: u32,
    nodes: f64,
    #[serde(rename = "timeMs")]
    time_ms: f64,
    nps: f64,
    lines: Vec<ReportLine>,
    plies: Vec<Vec<PlyInfo>>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct ReportLine {
    multipv: usize,
    score: Score,
    white: Score,
    pv: Vec<String>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Score {
    cp: Option<i32>,
    mate: Option<i32>,
}

/// A mate in two of the tactics set (mined-s2g4p59), Black to move, solved by e6-e2.
const MATE_IN_2: &str = "5x2/3p1k1p/c3w1pp/xpp4L/6P1/8/PPP4P/IL1iKW1C b 1 30";

#[wasm_bindgen_test]
fn analyse_reports_each_depth_with_the_best_lines_and_finds_the_mate() -> TestResult {
    let record = snapshot(&new_game(Some(MATE_IN_2), None)?)?.record;
    let mut ai = ultima_wasm::Ai::new();
    let seen = js_sys::Array::new();
    let push = js_sys::Function::new_with_args("r", "this.push(r)").bind0(&seen);
    let last = ai.analyse(&js(&record), &num(3), &num(1500.0), &push)?;
    let last: Report = serde_wasm_bindgen::from_value(last.into())?;
    let reports: Vec<Report> = seen
        .iter()
        .map(serde_wasm_bindgen::from_value)
        .collect::<Result<_, _>>()?;
    assert!(!reports.is_empty());
    for (i, report) in reports.iter().enumerate() {
        assert_eq!(report.depth, i as u32 + 1);
        assert_eq!(report.lines.len(), 3);
        assert!(report.seldepth >= report.depth && report.nodes >= 1.0);
        assert!(report.time_ms >= 0.0 && report.nps >= 0.0);
        assert_eq!(report.plies.len(), 3, "each line written out as plies");
        for (k, (line, plies)) in report.lines.iter().zip(&report.plies).enumerate() {
            assert_eq!(line.multipv, k + 1);
            assert!(!line.pv.is_empty());
            // The line's first moves, as the snapshot writes plies: same texts, alternate sides.
            assert_eq!(plies.len(), line.pv.len().min(12));
            for (i, ply) in plies.iter().enumerate() {
                assert_eq!(ply.text, line.pv[i]);
                assert_eq!(ply.side, if i % 2 == 0 { "black" } else { "white" });
            }
        }
    }
    assert_eq!(
        last.depth,
        reports[reports.len() - 1].depth,
        "the last report comes back"
    );
    assert!(last.depth >= 4, "depth {} in 1.5 s", last.depth);
    let best = &last.lines[0];
    assert_eq!(best.pv[0], "e6-e2");
    let first = &last.plies[0][0];
    assert!(first.display.starts_with("We6-e2"), "{first:?}");
    assert_eq!((first.piece.as_str(), first.side.as_str()), ("w", "black"));
    assert_eq!(
        best.score,
        Score {
            cp: None,
            mate: Some(2)
        }
    );
    assert_eq!(
        best.white,
        Score {
            cp: None,
            mate: Some(-2)
        }
    );
    Ok(())
}

#[wasm_bindgen_test]
fn analyse_refuses_bad_arguments_and_finished_games() -> TestResult {
    let mut ai = ultima_wasm::Ai::new();
    let record = start_record()?;
    for bad in [0.0, 33.0, 1.5] {
        let message = error_message(ai.analyse(&js(&record), &num(bad), &num(10.0), &NONE))?;
        assert!(message.contains("multipv"), "{message}");
    }
    let message = error_message(ai.analyse(&js(&record), &num(1), &num(-5.0), &NONE))?;
    assert!(message.contains("not a positive number"), "{message}");
    let message = error_message(ai.analyse(&js(&record), &num(1), &num(10.0), &num(3)))?;
    assert!(message.contains("function"), "{message}");
    let mut game = new_game(None, None)?;
    let s = read(game.resign(&js("white"))?)?;
    let message = error_message(ai.analyse(&js(&s.record), &num(1), &num(10.0), &NONE))?;
    assert!(message.contains("over"), "{message}");
    Ok(())
}

#[wasm_bindgen_test]
fn analyse_threat_answers_with_the_other_sides_move_after_a_pass() -> TestResult {
    // The mate in two with White to move: Black's threat is that mate.
    let white_to_move = MATE_IN_2.replace(" b ", " w ");
    let record = snapshot(&new_game(Some(&white_to_move), None)?)?.record;
    let mut ai = ultima_wasm::Ai::new();
    let seen = js_sys::Array::new();
    let push = js_sys::Function::new_with_args("r", "this.push(r)").bind0(&seen);
    let last = ai.analyse_threat(&js(&record), &num(1500.0), &push)?;
    let last: Report = serde_wasm_bindgen::from_value(last.into())?;
    assert!(seen.length() >= 1, "reports each depth");
    assert_eq!(last.lines.len(), 1);
    assert_eq!(last.lines[0].pv[0], "e6-e2");
    assert_eq!(last.plies[0][0].side, "black", "the other side's line");
    assert_eq!(
        last.lines[0].white,
        Score {
            cp: None,
            mate: Some(-2)
        }
    );
    // In check there is no pass: the check is the threat.
    let check = snapshot(&new_game(Some("7k/6pp/8/4w3/4K3/8/PP6/8 w"), None)?)?.record;
    let message = error_message(ai.analyse_threat(&js(&check), &num(10.0), &NONE))?;
    assert!(message.contains("check"), "{message}");
    let message = error_message(ai.analyse_threat(&js("nonsense"), &num(10.0), &NONE))?;
    assert!(!message.is_empty());
    // After a pass Black's King, frozen by White's Immobilizer, could not move: said so, not
    // "the analysis ended before its first depth".
    let frozen = snapshot(&new_game(Some("8/8/8/4k3/2K2I2/8/8/8 w"), None)?)?.record;
    let message = error_message(ai.analyse_threat(&js(&frozen), &num(10.0), &NONE))?;
    assert_eq!(message, "Black would have no legal move");
    Ok(())
}

/// `Evaluation` of the `.d.ts`, as `Reviewer.evaluate` answers it.
#[derive(Debug, Deserialize)]
struct Evaluation {
    white: Option<BTreeMap<String, i32>>,
    result: Option<String>,
    best: Option<String>,
    nodes: f64,
}

/// The parts of `ReviewSummary` checked here.
#[derive(Debug, Deserialize)]
struct ReviewSummary {
    start: f64,
    moves: Vec<ReviewedMove>,
    black: PlayerSummary,
}

#[derive(Debug, Deserialize)]
struct ReviewedMove {
    number: u32,
    side: String,
    judgement: Option<String>,
    best: Option<String>,
    #[serde(rename = "playedPly")]
    played_ply: PlyInfo,
    #[serde(rename = "bestPly")]
    best_ply: Option<PlyInfo>,
}

#[derive(Debug, Deserialize)]
struct PlayerSummary {
    blunders: u32,
}

/// A mate in two of the tactics set (mined-s2g4p59) thrown away by Black's d7-d6.
const BLUNDERED: &str =
    "[Setup \"5x2/3p1k1p/c3w1pp/xpp4L/6P1/8/PPP4P/IL1iKW1C b 1 30\"]\n\n30... d7-d6 31. h1-d5xd1 *";

#[wasm_bindgen_test]
fn a_review_evaluates_each_position_and_judges_the_planted_blunder() -> TestResult {
    let mut reviewer = ultima_wasm::Reviewer::new();
    let evaluations = js_sys::Array::new();
    for ply in 0..3 {
        evaluations.push(
            &reviewer
                .evaluate(&js(BLUNDERED), &num(ply), &num(20_000))?
                .into(),
        );
    }
    let first: Evaluation = serde_wasm_bindgen::from_value(evaluations.get(0))?;
    assert_eq!(first.best.as_deref(), Some("e6-e2"));
    assert_eq!(first.white.and_then(|w| w.get("mate").copied()), Some(-2));
    assert_eq!(first.result, None);
    assert!(first.nodes <= 20_000.0);
    // The record with the review written in: the blunder's glyph, comment and better move.
    let annotated = ultima_wasm::annotated_record(&js(BLUNDERED), evaluations.clone().into())?;
    assert!(
        annotated.contains("30... d7-d6?? {Blunder (-"),
        "{annotated}"
    );
    assert!(
        annotated.contains("; better We6-e2+.} (30... e6-e2)"),
        "{annotated}"
    );
    let summary: ReviewSummary = serde_wasm_bindgen::from_value(
        ultima_wasm::review_summary(&js(BLUNDERED), evaluations.into())?.into(),
    )?;
    assert_eq!(summary.start, 0.0);
    assert_eq!(summary.moves.len(), 2);
    let blunder = &summary.moves[0];
    assert_eq!((blunder.number, blunder.side.as_str()), (30, "black"));
    assert_eq!(blunder.judgement.as_deref(), Some("blunder"));
    assert_eq!(blunder.best.as_deref(), Some("We6-e2+"));
    // Both moves as plies, for the page's figurines: the Pawn played, the Withdrawer's check.
    let played = &blunder.played_ply;
    assert_eq!(
        (played.text.as_str(), played.piece.as_str()),
        ("d7-d6", "p")
    );
    assert_eq!((played.side.as_str(), played.number), ("black", 30));
    let best = blunder.best_ply.as_ref().ok_or("no better move as a ply")?;
    assert_eq!(
        (best.display.as_str(), best.piece.as_str()),
        ("We6-e2+", "w")
    );
    assert_eq!(best.mark.as_deref(), Some("check"));
    let answer = &summary.moves[1];
    assert_eq!(answer.played_ply.text, "h1-d5xd1");
    assert_eq!(answer.best.is_some(), answer.best_ply.is_some());
    assert_eq!(summary.black.blunders, 1);
    Ok(())
}

#[wasm_bindgen_test]
fn a_review_refuses_bad_arguments_and_evaluations_that_do_not_fit() -> TestResult {
    let mut reviewer = ultima_wasm::Reviewer::new();
    let message = error_message(reviewer.evaluate(&js(BLUNDERED), &num(3), &NONE))?;
    assert!(message.contains("the ply"), "{message}");
    let message = error_message(reviewer.evaluate(&js(BLUNDERED), &num(0), &num(5)))?;
    assert!(message.contains("the nodes"), "{message}");
    let message = error_message(reviewer.evaluate(&js("1. a1-a9 *"), &num(0), &NONE))?;
    assert!(!message.is_empty());
    let message = error_message(ultima_wasm::review_summary(&js(BLUNDERED), js("all")))?;
    assert!(message.contains("not readable"), "{message}");
    let one = js_sys::Array::of1(
        &reviewer
            .evaluate(&js(BLUNDERED), &num(0), &num(1_000))?
            .into(),
    );
    let message = error_message(ultima_wasm::review_summary(
        &js(BLUNDERED),
        one.clone().into(),
    ))?;
    assert!(message.contains("3 evaluations"), "{message}");
    let message = error_message(ultima_wasm::annotated_record(&js(BLUNDERED), one.into()))?;
    assert!(message.contains("3 evaluations"), "{message}");
    let message = error_message(ultima_wasm::annotated_record(&js("1. a1-a9 *"), js("x")))?;
    assert!(!message.is_empty());
    let junk: JsValue = js_sys::JSON::parse(
        r#"[{"white":{"cp":1},"best":"z9-z9","depth":1,"nodes":1},null,null]"#,
    )?;
    let message = error_message(ultima_wasm::review_summary(&js(BLUNDERED), junk))?;
    assert!(!message.is_empty());
    Ok(())
}

// --- Arguments of the wrong type or size -----------------------------------------------------

/// A value of each type JavaScript could pass where the `.d.ts` asks for a string or a number,
/// with how the error message names it.
fn wrong_values() -> Vec<(JsValue, &'static str)> {
    vec![
        (JsValue::NULL, "null"),
        (JsValue::UNDEFINED, "undefined"),
        (num(5), "the number 5"),
        (JsValue::TRUE, "true"),
        (js_sys::Object::new().into(), "an object"),
        (js_sys::Array::of1(&js("b2-b5")).into(), "an array"),
        (JsValue::symbol(Some("x")), "a symbol"),
        (JsValue::bigint_from_str("10"), "a bigint"),
        (js_sys::Function::new_no_args("").into(), "a function"),
    ]
}

/// Every string argument of every export, given each wrong type: an `Error` naming the argument
/// and the type (before the change, an object, a symbol or a bigint made the glue write out of
/// bounds and trapped the instance).
#[wasm_bindgen_test]
fn a_wrong_type_for_a_string_is_an_error_naming_it() -> TestResult {
    let mut game = new_game(None, None)?;
    let before = snapshot(&game)?;
    let mut ai = ultima_wasm::Ai::new();
    let record = js(&before.record);
    for (value, what) in wrong_values() {
        let left_out = value.is_null() || value.is_undefined();
        let required = |name: &str| format!("{name} must be a string, not {what}");
        let optional = |name: &str| format!("{name} must be a string or left out, not {what}");
        let expect = |result: Result<String, JsValue>, message: String| -> TestResult {
            assert_eq!(result?, message);
            Ok(())
        };
        expect(error_message(game.play(&value)), required("the move text"))?;
        expect(error_message(game.resign(&value)), required("the side"))?;
        expect(error_message(game.flag(&value)), required("the side"))?;
        expect(
            error_message(game.load(&value)),
            required("the game record"),
        )?;
        expect(
            error_message(game.set_rules(&value)),
            required("the rule options"),
        )?;
        // The ply is a number: every value here but a number in range is wrong.
        expect(
            error_message(game.at(&value)),
            format!("the ply must be a whole number from 0 to 0, not {what}"),
        )?;
        expect(
            error_message(Game::from_record(&value)),
            required("the game record"),
        )?;
        expect(
            error_message(Game::from_setup(&value, &NONE)),
            required("the setup"),
        )?;
        let perft = ultima_wasm::perft(&value, &num(1), &NONE);
        expect(error_message(perft), required("the position string"))?;
        let search = ultima_wasm::search_nodes(&value, &num(1));
        expect(error_message(search), required("the position string"))?;
        let think = ai.think(&value, &num(1), &NONE, &NONE, &NONE);
        expect(error_message(think), required("the game record"))?;
        if !left_out {
            let position = Game::new(&value, &NONE);
            expect(error_message(position), optional("the position string"))?;
            expect(
                error_message(Game::new(&NONE, &value)),
                optional("the rule options"),
            )?;
            let setup = Game::from_setup(&js("rotated"), &value);
            expect(error_message(setup), optional("the rule options"))?;
            let perft = ultima_wasm::perft(&js(START), &num(1), &value);
            expect(error_message(perft), optional("the rule options"))?;
            // Only numbers are thinking times; only functions hear progress.
            if value.as_f64().is_none() {
                let think = ai.think(&record, &num(1), &value, &NONE, &NONE);
                let message =
                    format!("the thinking time must be a number of milliseconds, not {what}");
                expect(error_message(think), message)?;
            }
            if !value.is_function() {
                let think = ai.think(&record, &num(1), &NONE, &value, &NONE);
                expect(
                    error_message(think),
                    format!("progress must be a function, not {what}"),
                )?;
            }
        }
    }
    // Nothing was played, and the instance still answers.
    assert_eq!(snapshot(&game)?, before);
    assert_eq!(before.move_count(), 32);
    Ok(())
}

/// Levels, depths and plies: whole numbers in range, or an `Error` that says so (before the
/// change, -1 was read as 4294967295, 1.5 as 1 and 2^32 + 1 as 1).
#[wasm_bindgen_test]
fn a_number_out_of_range_or_not_whole_is_an_error_naming_it() -> TestResult {
    let mut ai = ultima_wasm::Ai::new();
    let game = new_game(None, None)?;
    let record = js(&snapshot(&game)?.record);
    let bad = [
        (num(-1), "the number -1"),
        (num(1.5), "the number 1.5"),
        (num(f64::NAN), "the number NaN"),
        (num(f64::INFINITY), "the number Infinity"),
        (num(f64::NEG_INFINITY), "the number -Infinity"),
        (num(4_294_967_297.0), "the number 4294967297"),
        (num(1e300), "the number 1e+300"),
        (js("3"), "a string"),
        (JsValue::NULL, "null"),
        (JsValue::UNDEFINED, "undefined"),
        (js_sys::Object::new().into(), "an object"),
        (JsValue::bigint_from_str("3"), "a bigint"),
    ];
    for (value, what) in bad {
        let message = error_message(ai.think(&record, &value, &NONE, &NONE, &NONE))?;
        assert_eq!(
            message,
            format!("the level must be a whole number from 1 to 8, not {what}")
        );
        let message = error_message(ultima_wasm::perft(&js(START), &value, &NONE))?;
        assert_eq!(
            message,
            format!("the perft depth must be a whole number from 0 to 8, not {what}")
        );
        let message = error_message(ultima_wasm::search_nodes(&js(START), &value))?;
        assert_eq!(
            message,
            format!("the search depth must be a whole number from 1 to 14, not {what}")
        );
        let message = error_message(game.at(&value))?;
        assert_eq!(
            message,
            format!("the ply must be a whole number from 0 to 0, not {what}")
        );
    }
    for time in [0.0, -5.0, f64::NAN, f64::INFINITY] {
        let message = error_message(ai.think(&record, &num(1), &num(time), &NONE, &NONE))?;
        assert!(message.starts_with("thinking time"), "{message}");
    }
    assert_eq!(
        ultima_wasm::perft(&js(START), &num(0), &NONE).map_err(JsValue::from)?,
        1.0
    );
    assert_eq!(at(&game, 0)?, snapshot(&game)?);
    Ok(())
}

/// Huge and odd strings for every string argument: an `Error` with a message of sensible length
/// (the rules crate shortens what it quotes), the game unchanged.
#[wasm_bindgen_test]
fn huge_strings_are_errors_with_short_messages() -> TestResult {
    let mut game = new_game(None, None)?;
    let before = snapshot(&game)?;
    let mut ai = ultima_wasm::Ai::new();
    let huge = [
        "a".repeat(1_000_000),
        // Many fields: the position string parser copies each field from the start of the text,
        // so time grows with the square of the number of fields (150 KB take 9 s in a release
        // build); kept small enough for the debug build here.
        "b2-b5 ".repeat(2_000),
        "1. b2-b5 g7-g4 ".repeat(1_000),
        "/".repeat(100_000),
        "\u{1F4A5}".repeat(100_000),
    ];
    for text in &huge {
        let value = js(text);
        let results = [
            error_message(game.play(&value)),
            error_message(game.resign(&value)),
            error_message(game.flag(&value)),
            error_message(game.load(&value)),
            error_message(game.set_rules(&value)),
            error_message(game.at(&value)),
            error_message(Game::new(&value, &NONE)),
            error_message(Game::new(&NONE, &value)),
            error_message(Game::from_record(&value)),
            error_message(Game::from_setup(&value, &NONE)),
            error_message(Game::from_setup(&js("rotated"), &value)),
            error_message(ultima_wasm::perft(&value, &num(1), &NONE)),
            error_message(ultima_wasm::search_nodes(&value, &num(1))),
            error_message(ai.think(&value, &num(1), &NONE, &NONE, &NONE)),
        ];
        for (i, message) in results.into_iter().enumerate() {
            let message = message?;
            assert!(
                !message.is_empty() && message.len() < 600,
                "call {i}: {} bytes",
                message.len()
            );
        }
        assert_eq!(snapshot(&game)?, before);
    }
    assert_eq!(before.move_count(), 32);
    Ok(())
}

#[wasm_bindgen_test]
fn a_game_travels_in_a_link_and_a_bad_link_is_an_error() -> TestResult {
    let mut game = new_game(Some(LEAPER), Some("no_bare_kings_draw"))?;
    play(&mut game, "a1-a6")?;
    read(game.set_header(&js("White"), &js("Ann"))?)?;
    let s = snapshot(&game)?;
    let link = game.link()?;
    let again = snapshot(&Game::from_link(&js(&link))?)?;
    assert_eq!(again, s);

    for (bad, expected) in [
        (js(""), "holds no game"),
        (js("not a link!"), "cannot be part of a game link"),
        (js(&link[..link.len() - 1]), "damaged"),
        (num(1), "the link must be a string"),
        (NONE, "the link must be a string"),
    ] {
        let message = error_message(Game::from_link(&bad))?;
        assert!(message.contains(expected), "{message}");
    }
    // The game that made the link is unchanged.
    assert_eq!(snapshot(&game)?, s);
    Ok(())
}

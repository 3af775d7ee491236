//! Games in a link (`Game::to_link`, `Game::from_link`): random games of every start and rule
//! set come back whole, and hostile text — not base64, cut short, another version, an index
//! beyond the legal moves, huge — is refused with a message, never a panic.

use proptest::prelude::*;
use std::time::{Duration, Instant};
use ultima::{
    Color, Game, LinkError, Position, Rules, StartSetup, LINK_VERSION, MAX_LINK_CHARS,
    MAX_LINK_PLIES,
};

/// A small deterministic generator: game `n` is the same on every run.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

const RULES: [&str; 5] = [
    "default",
    "king_capture",
    "distance_1968",
    "no_repetition_draw,no_move_limit_draw,no_bare_kings_draw",
    "king_capture,distance_1968,no_bare_kings_draw",
];

const STARTS: [&str; 4] = [
    "rotated",
    "mirrored",
    "custom:ea/dh",
    // A position of its own, with counters, Black to move.
    "4k3/2p5/8/p7/3P4/8/p7/L3K3 b 7 31",
];

/// Game `n`: a start and rules from `n`, up to `max` random plies, then sometimes a header, a
/// resignation or an agreed draw, and sometimes moves undone (which a link leaves out).
fn random_game(n: usize, max: usize) -> Game {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15 ^ (n as u64 + 1));
    let rules: Rules = RULES[n % RULES.len()].parse().unwrap();
    let start = STARTS[(n / RULES.len()) % STARTS.len()];
    let position = match start.parse::<StartSetup>() {
        Ok(setup) => Position::start(setup, rules),
        Err(_) => Position::from_fen(start, rules).unwrap(),
    };
    let mut game = Game::new(position);
    let plies = rng.below(max + 1);
    while game.moves().len() < plies && game.outcome().is_none() {
        let moves = game.position().legal_moves();
        game.play(moves[rng.below(moves.len())]).unwrap();
    }
    if rng.below(3) == 0 {
        game.set_header("White", "Ann \"the leaper\" Ø").unwrap();
        game.set_header("Event", "").unwrap();
    }
    if game.outcome().is_none() {
        match rng.below(6) {
            0 => game.resign(Color::White).unwrap(),
            1 => game.resign(Color::Black).unwrap(),
            2 => game.agree_draw().unwrap(),
            3 => {
                game.undo();
            }
            _ => {}
        }
    }
    game
}

#[test]
fn random_games_round_trip() {
    let mut longest = 0;
    for n in 0..300 {
        let game = random_game(n, 400);
        let link = game.to_link().unwrap();
        assert!(link
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        let back = Game::from_link(&link).unwrap_or_else(|e| panic!("game {n}: {e}\n{link}"));
        assert_eq!(back.to_record(), game.to_record(), "game {n}");
        assert_eq!(back.position(), game.position(), "game {n}");
        assert_eq!(back.outcome(), game.outcome(), "game {n}");
        assert_eq!(
            back.to_link().unwrap(),
            link,
            "game {n}: one game, one link"
        );
        longest = longest.max(link.len());
    }
    assert!(
        longest < 1200,
        "a 400-ply game is at most {longest} characters"
    );
}

#[test]
fn a_short_game_makes_a_short_link() {
    let mut game = Game::default();
    for m in ["b2-b5", "g7-g4", "c2-c4", "f7-f5"] {
        game.play_text(m).unwrap();
    }
    let link = game.to_link().unwrap();
    // Version, rules, start, result, headers, plies, 4 plies of 5-6 bits, check digits.
    assert!(link.len() <= 16, "{link}");
    let start = Game::default().to_link().unwrap();
    assert_eq!(
        Game::from_link(&start).unwrap().to_record(),
        Game::default().to_record()
    );
}

#[test]
fn every_changed_character_is_caught() {
    let game = random_game(7, 60);
    let link = game.to_link().unwrap();
    for at in 0..link.len() {
        for c in ['A', 'q', '7', '-'] {
            let mut changed = link.clone().into_bytes();
            if changed[at] == c as u8 {
                continue;
            }
            changed[at] = c as u8;
            let changed = String::from_utf8(changed).unwrap();
            assert!(Game::from_link(&changed).is_err(), "{changed} read");
        }
    }
}

#[test]
fn every_cut_is_caught() {
    let link = random_game(11, 80).to_link().unwrap();
    for len in 0..link.len() {
        let err = Game::from_link(&link[..len]).unwrap_err();
        assert!(!err.to_string().is_empty());
    }
}

/// Link text from raw bytes, with check digits that match (to reach the checks behind them).
fn sealed(body: &[u8]) -> String {
    let mut crc = 0xffffu16;
    for &b in body {
        crc ^= u16::from(b) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    let mut bytes = body.to_vec();
    bytes.extend_from_slice(&crc.to_be_bytes());
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut text = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            text.push(alphabet[(n >> (18 - 6 * i)) as usize & 63] as char);
        }
    }
    text
}

/// Two Kings (no bare-Kings draw), White to move with 5 moves, then one ply: `bits`.
fn kings(bits: u8) -> String {
    let fen = b"4k3/8/8/8/8/8/8/3K4 w";
    let mut body = vec![1, 0x10, 16, fen.len() as u8];
    body.extend_from_slice(fen);
    body.extend_from_slice(&[0, 0, 1, bits]);
    sealed(&body)
}

fn refused(text: &str) -> String {
    match Game::from_link(text) {
        Ok(game) => panic!("{text} read as {}", game.to_record()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn hostile_links_are_refused_with_a_message() {
    // The sealed helper agrees with the real format: the empty default game.
    assert_eq!(
        sealed(&[LINK_VERSION, 0, 0b1100, 0, 0, 0]),
        Game::default().to_link().unwrap()
    );
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "holds no game"),
        ("   ".into(), "holds no game"),
        ("AQAM*AAA".into(), "character 5 ('*')"),
        ("AQAMAAA=".into(), "character 8 ('=')"),
        ("AQAMAAAé".into(), "character 8"),
        ("A".into(), "cut short"),
        ("AQ".into(), "ends before its check digits"),
        // One spare bit set in the last character.
        ("AR".into(), "cut short"),
        (sealed(&[2, 0, 12, 0, 0, 0]), "newer version"),
        (
            sealed(&[0, 0, 12, 0, 0, 0]),
            "not a game link of a known format",
        ),
        ("AQAMAAAAAA".into(), "check digits do not match"),
        (sealed(&[1]), "ends before its rule options"),
        (sealed(&[1, 0x20, 12, 0, 0, 0]), "unknown rule options"),
        (sealed(&[1, 0, 17, 0, 0, 0]), "unknown start code 17"),
        (
            sealed(&[1, 0, 16, 3, b'x', b'y', b'z', 0, 0, 0]),
            "start position does not read",
        ),
        (sealed(&[1, 0, 16, 200]), "ends before its start position"),
        (
            sealed(&[1, 0, 16, 2, 0xff, 0xfe, 0, 0, 0]),
            "start position is not text",
        ),
        (sealed(&[1, 0, 12, 6, 0, 0]), "unknown result code 6"),
        (
            sealed(&[1, 0, 12, 0, 1, 1, b'A']),
            "ends before its header value",
        ),
        (
            sealed(&[1, 0, 12, 0, 1, 5, b'S', b'e', b't', b'u', b'p', 0]),
            "Setup",
        ),
        (sealed(&[1, 0, 12, 0, 1, 1, b'A', 1, b'\n', 0]), "one line"),
        (
            sealed(&[1, 0, 12, 0, 0xff, 0xff, 0xff, 0xff, 0x7f]),
            "number of headers is out of range",
        ),
        (sealed(&[1, 0, 12, 0, 0, 1]), "ends before its moves"),
        // The King on d1 has 5 moves (3 bits): index 5 is beyond them.
        (kings(0b1010_0000), "move 6 of 5 at ply 1"),
        (kings(0b0001_0000), "data after the game"),
        (sealed(&[1, 0, 12, 0, 0, 0, 0]), "data after the game"),
        (
            sealed(&[1, 0, 12, 0, 0, 0x80, 0x80, 0x04]),
            "holds 65536 plies",
        ),
        ("A".repeat(MAX_LINK_CHARS + 1), "too long (16385 characters"),
    ];
    for (text, expected) in cases {
        let message = refused(&text);
        assert!(message.contains(expected), "{text}: {message}");
    }
}

#[test]
fn a_flag_travels_in_the_link() {
    // Lost on time: Black's flag falls while White can still win.
    let mut game = Game::default();
    game.play_text("b2-b5").unwrap();
    game.flag(Color::Black).unwrap();
    let back = Game::from_link(&game.to_link().unwrap()).unwrap();
    assert_eq!(back.outcome(), game.outcome());
    assert_eq!(back.flagged(), Some(Color::Black));
    assert_eq!(back.to_record(), game.to_record());
    // Drawn on time: White's flag falls, and Black has only its King.
    let mut lone =
        Game::new(Position::from_fen("4k3/8/8/8/8/8/3P4/4K3 w", Rules::default()).unwrap());
    lone.flag(Color::White).unwrap();
    assert_eq!(lone.outcome().unwrap().winner, None);
    let back = Game::from_link(&lone.to_link().unwrap()).unwrap();
    assert_eq!(back.outcome(), lone.outcome());
    assert_eq!(back.flagged(), Some(Color::White));
}

#[test]
fn moves_after_the_end_and_a_verdict_after_it_are_refused() {
    let mut game = Game::default();
    game.agree_draw().unwrap();
    let ended = game.to_link().unwrap();
    assert!(Game::from_link(&ended).unwrap().outcome().is_some());
    // A finished game by the board: bare Kings after one capture.
    let mut bare =
        Game::new(Position::from_fen("4k3/8/8/8/8/8/3p4/4K3 w", Rules::default()).unwrap());
    bare.play_text("e1-d2").unwrap();
    assert!(bare.outcome().is_some(), "{}", bare.position());
    let link = bare.to_link().unwrap();
    let bytes = decode(&link);
    let body = &bytes[..bytes.len() - 2];
    // One more ply (index 0) after the end.
    let mut longer = body.to_vec();
    let plies_at = longer.len() - 2;
    longer[plies_at] = 2;
    assert!(refused(&sealed(&longer)).contains("after the end of the game"));
    // A resignation after the end.
    let mut resigned = body.to_vec();
    let verdict_at = resigned.len() - 4;
    resigned[verdict_at] = 1;
    assert!(refused(&sealed(&resigned)).contains("result comes after the end"));
}

fn decode(text: &str) -> Vec<u8> {
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let sextets: Vec<u32> = text
        .bytes()
        .map(|c| alphabet.iter().position(|&a| a == c).unwrap() as u32)
        .collect();
    let mut out = Vec::new();
    for chunk in sextets.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &s)| n | s << (18 - 6 * i));
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    out
}

#[test]
fn the_longest_link_reads_quickly() {
    // Two Kings and no draws: a game that never ends.
    let rules: Rules = "no_repetition_draw,no_move_limit_draw,no_bare_kings_draw"
        .parse()
        .unwrap();
    let mut game = Game::new(Position::from_fen("4k3/8/8/8/8/8/8/3K4 w", rules).unwrap());
    let mut rng = XorShift(5);
    while game.moves().len() < MAX_LINK_PLIES {
        let moves = game.position().legal_moves();
        game.play(moves[rng.below(moves.len())]).unwrap();
    }
    let link = game.to_link().unwrap();
    let started = Instant::now();
    assert_eq!(
        Game::from_link(&link).unwrap().moves().len(),
        MAX_LINK_PLIES
    );
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    game.play(game.position().legal_moves()[0]).unwrap();
    assert_eq!(
        game.to_link(),
        Err(LinkError::TooManyPlies(MAX_LINK_PLIES + 1))
    );
}

proptest! {
    /// Any text at all is read or refused, never a panic.
    #[test]
    fn any_text_is_read_or_refused(text in "\\PC{0,200}") {
        let _ = Game::from_link(&text);
    }

    /// Any bytes behind matching check digits are read or refused, never a panic, and what is
    /// read comes back whole from its own link.
    #[test]
    fn any_sealed_bytes_are_read_or_refused(body in proptest::collection::vec(any::<u8>(), 1..60)) {
        let mut body = body;
        body[0] = LINK_VERSION;
        let text = sealed(&body);
        if let Ok(game) = Game::from_link(&text) {
            let again = Game::from_link(&game.to_link().unwrap()).unwrap();
            prop_assert_eq!(again.to_record(), game.to_record());
        }
    }
}

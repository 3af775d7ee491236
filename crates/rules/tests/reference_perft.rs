//! The worked examples and perft table of RULES §7, checked against the independent reference
//! implementation in `tests/reference` (no `ultima` API is used here).

mod perft_data;
mod reference;

use reference::{
    divide, is_in_check, legal_moves, parse_position, parse_rules, perft, play_move_on,
    position_to_string, random_game_positions, validate_position, RefRules, START,
};

const DEFAULT: RefRules = RefRules {
    king_capture: false,
    distance_1968: false,
};

const DISTANCE_1968: RefRules = RefRules {
    king_capture: false,
    distance_1968: true,
};

/// The legal moves starting on `from` (a square name).
fn moves_from(fen: &str, from: &str, rules: RefRules) -> Vec<String> {
    let prefix = format!("{}-", from);
    legal_moves(fen, rules)
        .into_iter()
        .filter(|m| m.starts_with(&prefix))
        .collect()
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn capturing(moves: &[String]) -> Vec<String> {
    moves.iter().filter(|m| m.contains('x')).cloned().collect()
}

// ---------------------------------------------------------------------------------------------
// RULES §7, worked examples 1–12
// ---------------------------------------------------------------------------------------------

#[test]
fn example_01_start_position() {
    let moves = legal_moves(START, DEFAULT);
    assert_eq!(moves.len(), 32, "{:?}", moves);
    // Each Pawn may go 1–4 squares up; every other piece is blocked.
    let mut expected = Vec::new();
    for file in "abcdefgh".chars() {
        for rank in 3..=6 {
            expected.push(format!("{}2-{}{}", file, file, rank));
        }
    }
    expected.sort();
    assert_eq!(moves, expected);

    let moves = legal_moves(START, DISTANCE_1968);
    assert_eq!(moves.len(), 16, "{:?}", moves);
    let mut expected = Vec::new();
    for file in "abcdefgh".chars() {
        for rank in 3..=4 {
            expected.push(format!("{}2-{}{}", file, file, rank));
        }
    }
    expected.sort();
    assert_eq!(moves, expected);
}

#[test]
fn example_02_long_leaper_several_captures() {
    let fen = "4k3/8/8/p7/8/8/p7/L3K3 w";
    let a_file: Vec<String> = moves_from(fen, "a1", DEFAULT)
        .into_iter()
        .filter(|m| m.starts_with("a1-a"))
        .collect();
    assert_eq!(
        a_file,
        sorted(&[
            "a1-a3xa2",
            "a1-a4xa2",
            "a1-a6xa2xa5",
            "a1-a7xa2xa5",
            "a1-a8xa2xa5"
        ])
    );
}

#[test]
fn example_03_two_pieces_in_a_row_cannot_be_leapt() {
    let fen = "4k3/8/8/8/8/p7/p7/L3K3 w";
    let moves = moves_from(fen, "a1", DEFAULT);
    assert_eq!(
        moves,
        sorted(&[
            "a1-b1", "a1-c1", "a1-d1", "a1-b2", "a1-c3", "a1-d4", "a1-e5", "a1-f6", "a1-g7",
            "a1-h8"
        ])
    );
}

#[test]
fn example_04_withdrawer() {
    let fen = "7k/8/8/3pp3/3W4/2p5/8/K7 w";
    let moves = moves_from(fen, "d4", DEFAULT);
    assert_eq!(moves.len(), 16, "{:?}", moves);
    assert_eq!(
        capturing(&moves),
        sorted(&["d4-d3xd5", "d4-d2xd5", "d4-d1xd5"])
    );
    assert_eq!(legal_moves(fen, DEFAULT).len(), 19);
}

#[test]
fn example_05_coordinator() {
    let fen = "7k/8/2p5/8/3C4/8/2K2p2/8 w";
    let moves = moves_from(fen, "d4", DEFAULT);
    assert_eq!(moves.len(), 24, "{:?}", moves);
    assert_eq!(
        capturing(&moves),
        sorted(&["d4-f4xf2", "d4-b6xc6", "d4-d6xc6", "d4-f6xf2xc6"])
    );
    assert_eq!(legal_moves(fen, DEFAULT).len(), 32);
}

#[test]
fn example_06_pawn_pinch() {
    let fen = "k7/8/3L4/3pl3/2p1pW2/8/8/3P3K w";
    let moves = moves_from(fen, "d1", DEFAULT);
    assert_eq!(moves.len(), 9, "{:?}", moves);
    assert_eq!(capturing(&moves), sorted(&["d1-d4xe4xd5"]));
}

#[test]
fn example_07_chameleon_seven_captures() {
    let fen = "2P3k1/2p5/Pp1pP2c/2l5/7K/2l5/2X5/2w5 w";
    let moves = legal_moves(fen, DEFAULT);
    assert!(
        moves.contains(&"c2-c6xc1xc3xc5xb6xd6xh6xc7".to_string()),
        "{:?}",
        moves
    );
    // No other move reaches c6 from c2.
    let to_c6: Vec<&String> = moves.iter().filter(|m| m.starts_with("c2-c6")).collect();
    assert_eq!(to_c6.len(), 1);
}

#[test]
fn example_08_chameleon_pawns_only_orthogonally() {
    let fen = "4k3/8/8/8/8/1Pp5/8/3X1X1K w";
    let moves = legal_moves(fen, DEFAULT);
    assert!(moves.contains(&"d1-d3xc3".to_string()), "{:?}", moves);
    assert!(moves.contains(&"f1-d3".to_string()), "{:?}", moves);
    assert!(!moves.iter().any(|m| m.starts_with("f1-d3x")));
}

#[test]
fn example_09_chameleon_and_immobilizer_freeze_each_other() {
    let fen = "4k3/8/8/3i4/3X4/8/8/4K3 w";
    let moves = legal_moves(fen, DEFAULT);
    assert_eq!(
        moves,
        sorted(&["e1-d1", "e1-d2", "e1-e2", "e1-f2", "e1-f1", "d4-"])
    );
}

#[test]
fn example_10_suicide_of_a_frozen_piece() {
    let fen = "8/8/8/3pk3/2I5/8/8/K7 b";
    let moves = legal_moves(fen, DEFAULT);
    assert_eq!(
        moves,
        sorted(&["e5-d6", "e5-e6", "e5-f6", "e5-f5", "e5-f4", "e5-e4", "e5-d4", "d5-"])
    );
}

#[test]
fn example_11_king_next_to_frozen_king() {
    let fen = "8/8/8/4k3/2K2I2/8/8/8 w";
    let moves = legal_moves(fen, DEFAULT);
    assert!(moves.contains(&"c4-d4".to_string()));
    assert!(moves.contains(&"c4-d5".to_string()));
    let after = play_move_on(fen, "c4-d5", DEFAULT).unwrap();
    assert!(legal_moves(&after, DEFAULT).is_empty(), "{}", after);

    let fen = "8/8/8/4k3/2K5/8/8/8 w";
    assert_eq!(
        legal_moves(fen, DEFAULT),
        sorted(&["c4-b3", "c4-c3", "c4-d3", "c4-b4", "c4-b5", "c4-c5"])
    );
}

#[test]
fn example_12_stalemate_loses() {
    let fen = "8/8/8/4k3/5I2/8/8/K7 b";
    let pos = parse_position(fen).unwrap();
    assert!(!is_in_check(&pos.board, pos.side, DEFAULT));
    assert!(legal_moves(fen, DEFAULT).is_empty());
}

// ---------------------------------------------------------------------------------------------
// RULES §7, perft table
// ---------------------------------------------------------------------------------------------

/// Every figure of the RULES §7 table, whose one copy in the repository is
/// `tests/data/rules.perft` (the `ultima` crate's perft test reads it too). The start's depth 4
/// (1,850,161 leaves) takes about 11 s under the workspace's test profile
/// (`[profile.dev.package.ultima] opt-level = 3`, which covers this integration test); about 2
/// minutes at opt-level 0.
#[test]
fn perft_table() {
    let table = perft_data::file_cases("rules.perft");
    assert_eq!(table.len(), 14, "the RULES §7 table has 14 rows");
    for case in &table {
        let fen = case.epd.as_str();
        let rules = parse_rules(&case.rules).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        validate_position(&parse_position(fen).unwrap(), rules).unwrap();
        for &(depth, expected) in &case.counts {
            let got = perft(fen, depth, rules);
            if got != expected {
                let split: Vec<String> = divide(fen, depth, rules)
                    .iter()
                    .map(|(m, n)| format!("{} {}", m, n))
                    .collect();
                panic!(
                    "{} ({}): perft({}) = {}, RULES §7 says {}\ndivide:\n{}",
                    case.id,
                    fen,
                    depth,
                    got,
                    expected,
                    split.join("\n")
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Further hand-checked points of RULES §2–5 (not in §7), to guard the reference itself
// ---------------------------------------------------------------------------------------------

const KING_CAPTURE: RefRules = RefRules {
    king_capture: true,
    distance_1968: false,
};

/// §2.7e, §4: a Chameleon checks a King from an adjacent square only, so the only escape here is
/// to take it.
#[test]
fn chameleon_checks_from_an_adjacent_square() {
    assert_eq!(
        legal_moves("4k3/4X3/8/8/8/8/8/4K3 b", DEFAULT),
        sorted(&["e8-e7xe7"])
    );
    let pos = parse_position("4k3/8/4X3/8/8/8/8/4K3 b").unwrap();
    assert!(!is_in_check(&pos.board, pos.side, DEFAULT));
}

/// §2.7e: stepping onto the King is a Chameleon move like any other, so withdrawal (a), pinching
/// Pawns on an orthogonal step (c) and coordination (d) apply too. §5: then no moves.
#[test]
fn chameleon_takes_the_king_with_everything_else() {
    let fen = "c1Ppk3/4X3/4w3/8/8/8/8/K7 w";
    let moves = moves_from(fen, "e7", KING_CAPTURE);
    assert!(
        moves.contains(&"e7-e8xe6xa8xd8xe8".to_string()),
        "{:?}",
        moves
    );
    let after = play_move_on(fen, "e7-e8", KING_CAPTURE).unwrap();
    assert!(legal_moves(&after, KING_CAPTURE).is_empty());
}

/// §2.8: frozen pieces give no check; §2.7g: the Chameleon and the Immobilizer freeze each other.
#[test]
fn frozen_chameleon_gives_no_check() {
    let fen = "4k3/4X3/4i3/8/8/8/8/4K3 w";
    let pos = parse_position(fen).unwrap();
    validate_position(&pos, DEFAULT).unwrap();
    assert!(!is_in_check(&pos.board, reference::Color::Black, DEFAULT));
    assert_eq!(
        legal_moves(fen, DEFAULT),
        sorted(&["e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2", "e7-"])
    );
}

/// §2.7g: a Chameleon freezes nothing but an Immobilizer.
#[test]
fn chameleon_does_not_freeze_a_pawn() {
    assert!(legal_moves("4k3/8/8/3p4/3X4/8/8/4K3 b", DEFAULT).contains(&"d5-d6".to_string()));
}

/// §2.3: the Coordinator coordinates also while its own King is frozen (every reachable square
/// on rank 5 has a5 as a corner).
#[test]
fn coordinator_works_with_a_frozen_king() {
    let moves = moves_from("7k/8/8/p7/3C4/8/1i6/K7 w", "d4", DEFAULT);
    assert_eq!(
        capturing(&moves),
        sorted(&["d4-c5xa5", "d4-d5xa5", "d4-e5xa5"])
    );
}

/// §2.6: the friendly piece beyond may be frozen.
#[test]
fn pawn_pinches_against_a_frozen_friend() {
    let moves = moves_from("7k/8/8/i7/1Lp5/8/8/3P3K w", "d1", DEFAULT);
    assert_eq!(capturing(&moves), sorted(&["d1-d4xc4"]));
}

/// §2.8: a suicide that leaves the King in check is illegal (here: the Long Leaper could then leap
/// the King); the frozen King itself may not commit suicide.
#[test]
fn suicide_may_not_expose_the_king() {
    assert_eq!(
        legal_moves("7k/8/8/8/8/8/4K3/3iP3 w", DEFAULT),
        sorted(&["e1-"])
    );
    assert!(legal_moves("7k/8/8/8/4l3/8/4K3/3iP3 w", DEFAULT).is_empty());
}

/// §5 `distance_1968`: the limit applies to leaps and to the moves that give check.
#[test]
fn distance_1968_limits_leaps_and_checks() {
    assert_eq!(
        moves_from("4k3/8/8/p7/8/8/p7/L3K3 w", "a1", DISTANCE_1968),
        sorted(&["a1-b1", "a1-b2"])
    );
    let pos = parse_position("8/8/8/8/8/8/k7/L6K b").unwrap();
    assert!(is_in_check(&pos.board, pos.side, DEFAULT));
    assert!(!is_in_check(&pos.board, pos.side, DISTANCE_1968));
}

// ---------------------------------------------------------------------------------------------
// The reference's own plumbing
// ---------------------------------------------------------------------------------------------

#[test]
fn position_strings_round_trip() {
    for case in perft_data::file_cases("rules.perft") {
        let fen = case.epd;
        let pos = parse_position(&fen).unwrap();
        let printed = position_to_string(&pos);
        assert_eq!(printed, format!("{} 0 1", fen));
        assert_eq!(parse_position(&printed).unwrap(), pos);
    }
}

#[test]
fn bad_position_strings_are_rejected() {
    for bad in [
        "",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP w",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC x",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXL w",
        "clxwkxli/pppppppp/9/8/8/8/PPPPPPPP/ILXKWXLC w",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLCQ w",
        "clxwkxli/ppppqppp/8/8/8/8/PPPPPPPP/ILXKWXLC w",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 0",
    ] {
        assert!(parse_position(bad).is_err(), "accepted '{}'", bad);
    }
    // Two White Kings, no Black King.
    let pos = parse_position("8/8/8/8/8/8/8/K6K w").unwrap();
    assert!(validate_position(&pos, DEFAULT).is_err());
    // The side to move could take the enemy King at once.
    let pos = parse_position("8/8/8/8/8/8/8/Kk6 w").unwrap();
    assert!(validate_position(&pos, DEFAULT).is_err());
}

#[test]
fn counters_follow_play() {
    let after = play_move_on(START, "e2-e4", DEFAULT).unwrap();
    assert_eq!(after, "clxwkxli/pppppppp/8/8/4P3/8/PPPP1PPP/ILXKWXLC b 1 1");
    let after = play_move_on(&after, "d7-d5", DEFAULT).unwrap();
    assert_eq!(
        after,
        "clxwkxli/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/ILXKWXLC w 2 2"
    );
    assert!(play_move_on(&after, "d1-d2", DEFAULT).is_err());
}

#[test]
fn random_games_stay_valid() {
    for rules in [DEFAULT, DISTANCE_1968, KING_CAPTURE] {
        for seed in 0..4 {
            let positions = random_game_positions(seed, 60, rules);
            assert_eq!(positions[0], format!("{}", START));
            assert_eq!(positions, random_game_positions(seed, 60, rules));
            for fen in &positions {
                let pos = parse_position(fen).unwrap();
                assert_eq!(&position_to_string(&pos), fen);
                validate_position(&pos, rules).unwrap();
            }
        }
    }
}

//! The fast generator against `reference`, the test code's own deliberately simple one
//! (a mailbox board that finds checks by generating every opponent move).

mod perft_data;
mod reference;

use ultima::{perft, Position, Rules};

fn sorted_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Legal move lists agree on every position of hundreds of random games (walked by the
/// reference, so the fast generator never chooses the path).
#[test]
fn legal_moves_match_the_reference_along_random_games() {
    let mut positions = 0;
    for rules_text in ["default", "king_capture", "distance_1968"] {
        let rules: Rules = rules_text.parse().unwrap();
        let ref_rules = reference::parse_rules(rules_text).unwrap();
        for seed in 0..80 {
            for fen in reference::random_game_positions(seed, 160, ref_rules) {
                let pos = Position::from_fen(&fen, rules)
                    .unwrap_or_else(|e| panic!("{fen} ({rules_text}): {e}"));
                assert_eq!(
                    sorted_moves(&pos),
                    reference::legal_moves(&fen, ref_rules),
                    "{fen} ({rules_text})"
                );
                positions += 1;
            }
        }
    }
    assert!(positions > 10_000, "only {positions} positions compared");
}

/// Every perft file figure up to 200,000 nodes, recomputed by the reference.
#[test]
fn perft_files_match_the_reference_on_small_counts() {
    for case in perft_data::all_cases() {
        for (depth, nodes) in case.counts.iter().filter(|(_, n)| *n <= 200_000) {
            assert_eq!(
                reference::perft(
                    &case.epd,
                    *depth,
                    reference::parse_rules(&case.rules).unwrap()
                ),
                *nodes,
                "{} depth {depth}",
                case.id
            );
        }
    }
}

/// The full cross-check of every figure, depth 4 included (minutes):
/// `cargo test --release -p ultima --test differential -- --ignored`.
#[test]
#[ignore]
fn perft_files_match_the_reference_in_full() {
    for case in perft_data::all_cases() {
        let pos = case.position();
        for (depth, nodes) in &case.counts {
            assert_eq!(perft(&pos, *depth), *nodes, "{} depth {depth}", case.id);
            assert_eq!(
                reference::perft(
                    &case.epd,
                    *depth,
                    reference::parse_rules(&case.rules).unwrap()
                ),
                *nodes,
                "{} depth {depth} (reference)",
                case.id
            );
        }
    }
}

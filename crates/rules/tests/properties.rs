//! Invariants checked over thousands of random games (proptest).

use proptest::prelude::*;
use ultima::{perft, Game, Move, Position, Rules, StartSetup};

/// Rule sets the random games are played under.
fn rules_strategy() -> impl Strategy<Value = Rules> {
    prop_oneof![
        4 => Just(Rules::default()),
        1 => Just("king_capture".parse().unwrap()),
        1 => Just("distance_1968".parse().unwrap()),
    ]
}

fn setup_strategy() -> impl Strategy<Value = StartSetup> {
    prop_oneof![
        Just(StartSetup::Rotated),
        Just(StartSetup::Mirrored),
        (any::<[bool; 4]>()).prop_map(|b| StartSetup::Custom {
            white: ultima::SideArray {
                king_on_e: b[0],
                immobilizer_on_h: b[1]
            },
            black: ultima::SideArray {
                king_on_e: b[2],
                immobilizer_on_h: b[3]
            },
        }),
    ]
}

/// Plays a random game of at most `plies` plies, choosing moves by `choices`, and calls
/// `check` on every position met, with the move about to be played.
fn walk(start: Position, choices: &[u16], mut check: impl FnMut(&Position, Option<Move>)) {
    let mut pos = start;
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.outcome().is_some() {
            check(&pos, None);
            return;
        }
        let m = moves[c as usize % moves.len()];
        check(&pos, Some(m));
        pos.play_unchecked(m);
    }
    check(&pos, None);
}

fn perft_by_copy(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            perft_by_copy(&child, depth - 1)
        })
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(
        rules in rules_strategy(),
        setup in setup_strategy(),
        choices in prop::collection::vec(any::<u16>(), 1..120),
    ) {
        walk(Position::start(setup, rules), &choices, |pos, _| {
            // Position string round trip, hash included.
            let again = Position::from_fen(&pos.to_fen(), rules).expect("own output parses");
            assert_eq!(&again, pos);
            // The incremental hash equals a fresh one.
            assert_eq!(pos.hash(), pos.compute_hash());
            let moves = pos.legal_moves();
            // The in-place fills agree with the list, whatever the list held before.
            let mut list = moves.clone();
            list.truncate(list.len() / 2);
            pos.fill_legal_captures(&mut list);
            assert!(list.iter().copied().eq(moves.iter().copied().filter(|m| m.is_capture())));
            pos.fill_legal_moves(&mut list);
            assert_eq!(list, moves);
            // The pseudo-legal lists with their deferred test give the same moves in order.
            let mut pseudo = moves.clone();
            let test = pos.fill_pseudo_moves(&mut pseudo);
            assert!(pseudo.iter().copied().filter(|&m| test.allows(pos, m)).eq(moves.iter().copied()));
            let test = pos.fill_pseudo_captures(&mut pseudo);
            assert!(pseudo.iter().all(|m| m.is_capture()));
            assert!(pseudo
                .iter()
                .copied()
                .filter(|&m| test.allows(pos, m))
                .eq(moves.iter().copied().filter(|m| m.is_capture())));
            for from in pos.board().by_color(pos.turn()) {
                pos.fill_legal_moves_from(from, &mut list);
                assert!(list.iter().copied().eq(moves.iter().copied().filter(|m| m.from() == from)));
            }
            // A null move swaps the side to move, keeps the hash exact and undoes exactly.
            if !pos.is_check() {
                let mut passed = *pos;
                let undo = passed.play_null();
                assert_eq!(passed.turn(), !pos.turn());
                assert_eq!(passed.board(), pos.board());
                assert_eq!(passed.hash(), passed.compute_hash());
                if !rules.king_capture {
                    assert!(Position::from_setup(passed.to_setup(), rules).is_ok());
                }
                passed.undo_null(undo);
                assert_eq!(&passed, pos);
            }
            for m in moves {
                // Every legal move's text parses back to the same move.
                assert_eq!(pos.parse_move(&m.to_string()).expect("own move text parses"), m);
                // Make/unmake restores the position and its hash.
                let mut after = *pos;
                let undo = after.play_unchecked(m);
                assert_eq!(after.hash(), after.compute_hash());
                // Under the default rules no legal move leaves the mover's King capturable,
                // which is exactly what position validation rejects.
                if !rules.king_capture {
                    assert!(
                        Position::from_setup(after.to_setup(), rules).is_ok(),
                        "{m} leaves the King in check in {pos}"
                    );
                }
                after.undo(m, undo);
                assert_eq!(&after, pos);
            }
        });
    }

    #[test]
    fn perft_by_make_unmake_equals_perft_by_copy(
        choices in prop::collection::vec(any::<u16>(), 0..40),
    ) {
        let mut last = Position::default();
        walk(Position::default(), &choices, |pos, _| last = *pos);
        prop_assert_eq!(perft(&last, 2), perft_by_copy(&last, 2));
    }

    #[test]
    fn game_records_round_trip(
        rules in rules_strategy(),
        setup in setup_strategy(),
        choices in prop::collection::vec(any::<u16>(), 0..80),
        resign in any::<bool>(),
    ) {
        let mut game = Game::new(Position::start(setup, rules));
        for c in choices {
            let moves = game.position().legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            game.play(moves[c as usize % moves.len()]).expect("legal");
        }
        if resign && game.outcome().is_none() {
            game.resign(game.position().turn()).expect("not over");
        }
        let record = game.to_record();
        let back = Game::from_record(&record).map_err(|e| TestCaseError::fail(format!("{e}\n{record}")))?;
        prop_assert_eq!(back.to_record(), record);
        prop_assert_eq!(back.position(), game.position());
        prop_assert_eq!(back.outcome(), game.outcome());
    }
}

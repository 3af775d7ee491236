//! Invariants checked over thousands of random games (proptest). The invariants themselves
//! live in `invariants/`, shared with the fuzz targets and the long run of games.

mod invariants;

use proptest::prelude::*;
use ultima::{perft, Game, Position, Rules, StartSetup};

/// Rule sets the random games are played under: mostly the default.
fn rules_strategy() -> impl Strategy<Value = Rules> {
    prop_oneof![
        4 => Just(Rules::default()),
        1 => (1..invariants::RULE_SETS.len()).prop_map(invariants::rules),
    ]
}

fn setup_strategy() -> impl Strategy<Value = StartSetup> {
    (0..18usize).prop_map(invariants::setup)
}

/// Plays a random game of at most `choices.len()` plies, choosing moves by `choices`, and
/// calls `check` on every position met.
fn walk(start: Position, choices: &[u16], mut check: impl FnMut(&Position)) {
    let mut pos = start;
    for &c in choices {
        check(&pos);
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.outcome().is_some() {
            return;
        }
        pos.play_unchecked(moves[c as usize % moves.len()]);
    }
    check(&pos);
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
        walk(Position::start(setup, rules), &choices, |pos| {
            invariants::check_position(pos);
        });
    }

    #[test]
    fn perft_by_make_unmake_equals_perft_by_copy(
        choices in prop::collection::vec(any::<u16>(), 0..40),
    ) {
        let mut last = Position::default();
        walk(Position::default(), &choices, |pos| last = *pos);
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
        invariants::check_game(&game);
    }
}

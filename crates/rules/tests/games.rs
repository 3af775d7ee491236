//! Random games played to their end through the public API, with the invariants of
//! `invariants/` checked after every move and the game's own invariants (replay, outcome,
//! record round trip) at the end.
//!
//! `cargo test` plays a few dozen games. The full run of 10,000 games (about a quarter of an
//! hour of CPU; prints plies and outcomes by reason):
//! `ULTIMA_GAMES=10000 /usr/bin/time -f '%U s CPU' cargo test --release -p ultima --test games -- --nocapture`
//! Game `n` is the same on every run (its rules, setup and moves follow from `n`);
//! `ULTIMA_GAMES_FROM=n ULTIMA_GAMES=1` replays it alone.

mod invariants;
mod reference;

use reference::XorShift;
use std::collections::BTreeMap;
use ultima::{Game, Position, Undone};

/// No game may be longer: the 100-ply rule ends a game after at most 100 plies per capture.
const MAX_PLIES: usize = 10_000;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// What one game came to: its length and how it ended.
struct Played {
    plies: usize,
    ending: String,
}

/// Plays game `n` to its end, checking every position; now and then takes a move back and
/// replays it with undo and redo.
fn play(n: usize) -> Played {
    let rules = invariants::rules(n);
    let setup = invariants::setup(n / invariants::RULE_SETS.len());
    let mut rng = XorShift::new(n as u64);
    let mut game = Game::new(Position::start(setup, rules));
    let outcome = loop {
        let moves = invariants::check_position(game.position());
        if let Some(outcome) = game.outcome() {
            break outcome;
        }
        assert!(game.moves().len() < MAX_PLIES, "game {n} does not end");
        assert!(!moves.is_empty(), "game {n}: no move, no outcome");
        let m = moves[rng.below(moves.len())];
        game.play(m)
            .unwrap_or_else(|e| panic!("game {n}: {m} in {}: {e}", game.position()));
        if rng.below(40) == 0 {
            let after = *game.position();
            assert_eq!(game.undo(), Some(Undone::Move(m)), "game {n}: undo");
            assert_eq!(game.redo(), Some(m), "game {n}: redo");
            assert_eq!(game.position(), &after, "game {n}: undo and redo");
        }
    };
    invariants::check_game(&game);
    let winner = outcome
        .winner
        .map_or("draw".to_string(), |w| format!("{w} wins"));
    Played {
        plies: game.moves().len(),
        ending: format!("{} ({winner})", outcome.reason),
    }
}

#[test]
fn random_games_to_the_end_keep_every_invariant() {
    let from = env("ULTIMA_GAMES_FROM", 0);
    let count = env("ULTIMA_GAMES", 24);
    let mut plies = 0;
    let mut longest = 0;
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    for n in from..from + count {
        let game = play(n);
        plies += game.plies;
        longest = longest.max(game.plies);
        *endings.entry(game.ending).or_default() += 1;
    }
    eprintln!(
        "{count} games (from game {from}), {plies} plies, longest {longest}, \
         mean {:.0} plies; endings:",
        plies as f64 / count.max(1) as f64
    );
    for (ending, n) in &endings {
        eprintln!("  {n:6}  {ending}");
    }
    assert_eq!(endings.values().sum::<usize>(), count);
}

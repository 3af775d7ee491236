//! The engine settings of the commands that make the project's data sets from self-play:
//! `datagen` (the tuner's positions), `puzzles` (the trainer's set, mined and verified) and
//! `tactics --mine` / `--verify`.
//!
//! They search with the hand-set weights ([`EvalParams::hand`]), the ones every shipped set
//! was made with, not the engine's own (the tuned ones since the tuner exists): the engine's
//! weights may change again, and a set must still come out the same when its command is run
//! again, and its checks must still pass.

use ultima_engine::{Config, EvalParams};

/// A miner's engine settings: the hand-set weights, a `hash_mb` MB table, tie-break `seed`.
pub fn config(hash_mb: usize, seed: u64) -> Config {
    Config {
        hash_mb,
        seed,
        eval: EvalParams::hand(),
        ..Config::default()
    }
}

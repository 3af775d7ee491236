//! Plays a random game from the default start and prints its record.
//!
//! `cargo run -p ultima --example random_game [seed]`

use ultima::Game;

fn main() {
    let mut seed: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2026)
        | 1;
    let mut next = move || {
        // xorshift64: enough to pick moves.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut game = Game::default();
    while game.outcome().is_none() && game.moves().len() < 300 {
        let moves = game.position().legal_moves();
        let m = moves[(next() % moves.len() as u64) as usize];
        let shown = game.position().display_move(m);
        game.play(m).expect("a legal move plays");
        if m.is_capture() || m.is_suicide() {
            println!("ply {:3}: {shown}", game.moves().len());
        }
    }
    match game.outcome() {
        Some(outcome) => println!("{outcome}"),
        None => println!("stopped after 300 plies"),
    }
    println!("\n{}", game.to_record());
}

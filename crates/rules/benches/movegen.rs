//! Move generation benchmarks: `cargo bench -p ultima`.
//!
//! Each benchmark checks its count, so a fast wrong answer fails instead of looking good.

use divan::{black_box, Bencher};
use ultima::{perft, Position, Rules};

fn main() {
    divan::main();
}

const START: &str = "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w";

/// Midgame positions with frozen pieces, suicides, checks and multi-captures.
const MIDGAMES: [&str; 3] = [
    "2P3k1/2p5/Pp1pP2c/2l5/7K/2l5/2X5/2w5 w",
    "k7/8/3L4/3pl3/2p1pW2/8/8/3P3K w",
    "7k/8/2p5/8/3C4/8/2K2p2/8 w",
];

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, Rules::default()).expect("benchmark positions are valid")
}

#[divan::bench]
fn perft_start_depth_4(bencher: Bencher) {
    let p = pos(START);
    bencher.bench(|| assert_eq!(perft(black_box(&p), 4), 1_850_161));
}

#[divan::bench]
fn perft_chameleon_depth_3(bencher: Bencher) {
    let p = pos(MIDGAMES[0]);
    bencher.bench(|| assert_eq!(perft(black_box(&p), 3), 129_577));
}

#[divan::bench(args = MIDGAMES)]
fn legal_moves(bencher: Bencher, fen: &str) {
    let p = pos(fen);
    let n = p.legal_moves().len();
    bencher.bench(|| assert_eq!(black_box(&p).legal_moves().len(), n));
}

#[divan::bench(args = MIDGAMES)]
fn is_check(bencher: Bencher, fen: &str) {
    let p = pos(fen);
    bencher.bench(|| black_box(&p).is_check());
}

#[divan::bench]
fn play_and_undo_every_start_move(bencher: Bencher) {
    let p = pos(START);
    let moves = p.legal_moves();
    bencher.bench(|| {
        let mut q = p;
        for &m in &moves {
            let u = q.play_unchecked(m);
            q.undo(m, u);
        }
        assert_eq!(q, p);
    });
}

/// The pieces the other side could take after a pass: every snapshot of the page asks it.
#[divan::bench(args = MIDGAMES)]
fn threatened(bencher: Bencher, fen: &str) {
    let p = pos(fen);
    let n = p.threatened().count();
    bencher.bench(|| assert_eq!(black_box(&p).threatened().count(), n));
}

/// A game of up to 300 plies, each move picked from the legal ones by a fixed sequence.
fn long_game() -> ultima::Game {
    let mut game = ultima::Game::new(pos(START));
    let mut seed: u64 = 7;
    while game.moves().len() < 300 {
        let moves = game.position().legal_moves();
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let Some(&m) = moves.get((seed >> 33) as usize % moves.len().max(1)) else {
            break;
        };
        if game.play(m).is_err() {
            break;
        }
    }
    game
}

/// The game record: every snapshot of the page carries it.
#[divan::bench]
fn record_of_a_long_game(bencher: Bencher) {
    let game = long_game();
    let plies = game.moves().len();
    bencher.bench(|| {
        let record = black_box(&game).to_record();
        assert!(record.len() > plies * 5);
    });
}

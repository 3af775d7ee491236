//! Engine benchmarks: `cargo bench -p ultima-engine`.
//!
//! The fixed-depth searches assert their node counts: a change that alters the search shows
//! up as a new signature, not as a silently different speed.

use divan::{black_box, Bencher};
use ultima::{Position, Rules};
use ultima_engine::eval::evaluate;
use ultima_engine::{Config, Engine, EvalParams, Limits, NoHandler};

fn main() {
    divan::main();
}

/// Middlegames from level-5 self-play games (also in `ultima bench`), with the node count
/// and best move of a depth-6 search by a fresh engine with a 4 MB table.
const MIDGAMES: [(&str, u64, &str); 3] = [
    (
        "c1x1kxl1/lp3pp1/w6i/3pp2p/1PW3P1/L7/1P2PP1P/ILXK1X1C w 0 13",
        15_331,
        "a3-g3",
    ),
    (
        "c1xwk2i/4p1pp/1p1p4/2p5/l2P4/p1W1PCP1/PP3P1P/I1XK1X2 w 7 13",
        13_710,
        "e3-e4",
    ),
    (
        "1c2k1l1/pp2x2p/2x4p/P4P2/3P1w2/2I1i3/P1KX4/1L2WX1C w 2 25",
        9_306,
        "f5-h5",
    ),
];

/// The total of the node counts above: the signature of the search.
const SIGNATURE: u64 = 15_331 + 13_710 + 9_306;

fn fens() -> [&'static str; 3] {
    MIDGAMES.map(|(fen, _, _)| fen)
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, Rules::default()).expect("benchmark positions are valid")
}

fn fresh_engine() -> Engine {
    Engine::new(Config {
        hash_mb: 4,
        ..Config::default()
    })
}

#[divan::bench(args = fens())]
fn evaluation(bencher: Bencher, fen: &str) {
    let p = pos(fen);
    let params = EvalParams::default();
    bencher.bench(|| evaluate(black_box(&p), &params));
}

#[divan::bench(args = fens())]
fn legal_moves(bencher: Bencher, fen: &str) {
    let p = pos(fen);
    bencher.bench(|| black_box(&p).legal_moves().len());
}

/// One depth-6 search per midgame, each with a fresh engine; checks the node counts.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn search_depth_6(bencher: Bencher) {
    bencher.bench(|| {
        let mut total = 0;
        for (fen, nodes, best) in MIDGAMES {
            let r = fresh_engine().search(&pos(fen), &[], Limits::depth(6), &mut NoHandler);
            assert_eq!(r.nodes, nodes, "node count of {fen}");
            assert_eq!(r.best_move.map(|m| m.to_string()).as_deref(), Some(best));
            total += r.nodes;
        }
        assert_eq!(total, SIGNATURE);
        total
    });
}

//! Perft regression: every `tests/data/*.perft` file (format in `rules.perft`).
//!
//! Counts above `ULTIMA_PERFT_LIMIT` nodes (default 5 million) are skipped to keep
//! `cargo test` fast; set the variable higher to run them all.

mod perft_data;

use ultima::perft;

#[test]
fn perft_files() {
    let limit: u64 = std::env::var("ULTIMA_PERFT_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5_000_000);
    let mut checked = 0;
    for case in perft_data::all_cases() {
        let pos = case.position();
        for (depth, nodes) in case.counts.iter().filter(|(_, n)| *n <= limit) {
            assert_eq!(perft(&pos, *depth), *nodes, "{} depth {depth}", case.id);
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} perft figures checked");
}

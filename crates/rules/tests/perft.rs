//! Perft regression: every `tests/data/*.perft` file (format in `rules.perft`).
//!
//! Counts above `ULTIMA_PERFT_LIMIT` nodes (default 5 million) are skipped to keep
//! `cargo test` fast; set the variable higher to run them all.

use std::fs;
use ultima::{perft, Position, Rules};

struct Case {
    id: String,
    epd: String,
    rules: Rules,
    counts: Vec<(u32, u64)>,
}

fn load(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let here = || format!("line {}: {line}", n + 1);
        match key {
            "id" => cases.push(Case {
                id: value.to_string(),
                epd: String::new(),
                rules: Rules::default(),
                counts: Vec::new(),
            }),
            "epd" => cases.last_mut().expect(&here()).epd = value.to_string(),
            "rules" => cases.last_mut().expect(&here()).rules = value.parse().expect(&here()),
            "perft" => {
                let (d, nodes) = value.split_once(' ').expect(&here());
                let case = cases.last_mut().expect(&here());
                case.counts.push((d.parse().expect(&here()), nodes.parse().expect(&here())));
            }
            _ => panic!("unknown key at {}", here()),
        }
    }
    cases
}

#[test]
fn perft_files() {
    let limit: u64 = std::env::var("ULTIMA_PERFT_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5_000_000);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut checked = 0;
    let mut files: Vec<_> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for path in files.into_iter().filter(|p| p.extension().is_some_and(|e| e == "perft")) {
        for case in load(&fs::read_to_string(&path).unwrap()) {
            let pos = Position::from_fen(&case.epd, case.rules)
                .unwrap_or_else(|e| panic!("{}: {e}", case.id));
            for (depth, nodes) in case.counts.iter().filter(|(_, n)| *n <= limit) {
                assert_eq!(perft(&pos, *depth), *nodes, "{} depth {depth}", case.id);
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "only {checked} perft figures checked");
}

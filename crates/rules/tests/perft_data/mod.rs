//! Reader of the `tests/data/*.perft` files (format described in `data/rules.perft`).

#![allow(dead_code)]

use std::fs;
use std::path::PathBuf;
use ultima::Rules;

pub struct Case {
    pub id: String,
    pub epd: String,
    pub rules: Rules,
    pub counts: Vec<(u32, u64)>,
}

pub fn load(text: &str) -> Vec<Case> {
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

/// Every case of every `.perft` file, in file order.
pub fn all_cases() -> Vec<Case> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .expect("tests/data exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|p| load(&fs::read_to_string(p).expect("readable perft file")))
        .collect()
}

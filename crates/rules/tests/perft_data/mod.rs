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
        parse_line(line, &mut cases).unwrap_or_else(|| panic!("line {}: {line}", n + 1));
    }
    cases
}

/// Applies one `key value` line; `None` if it is malformed.
fn parse_line(line: &str, cases: &mut Vec<Case>) -> Option<()> {
    let (key, value) = line.split_once(' ').unwrap_or((line, ""));
    if key == "id" {
        cases.push(Case {
            id: value.to_string(),
            epd: String::new(),
            rules: Rules::default(),
            counts: Vec::new(),
        });
        return Some(());
    }
    let case = cases.last_mut()?;
    match key {
        "epd" => case.epd = value.to_string(),
        "rules" => case.rules = value.parse().ok()?,
        "perft" => {
            let (d, nodes) = value.split_once(' ')?;
            case.counts.push((d.parse().ok()?, nodes.parse().ok()?));
        }
        _ => return None,
    }
    Some(())
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

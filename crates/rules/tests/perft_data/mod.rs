//! Reader of the `tests/data/*.perft` files (format described in `data/rules.perft`).
//!
//! A case keeps its rules as the file writes them, so that `reference_perft.rs` reads the
//! RULES §7 table without the `ultima` API it checks.

#![allow(dead_code)]

use std::fs;
use std::path::PathBuf;
use ultima::Position;

pub struct Case {
    pub id: String,
    pub epd: String,
    /// The rules text of the `rules` line, `default` without one.
    pub rules: String,
    pub counts: Vec<(u32, u64)>,
}

impl Case {
    /// The case's position under its rules, read by the `ultima` crate.
    pub fn position(&self) -> Position {
        let rules = self
            .rules
            .parse()
            .unwrap_or_else(|e| panic!("{}: {e}", self.id));
        Position::from_fen(&self.epd, rules).unwrap_or_else(|e| panic!("{}: {e}", self.id))
    }
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
            rules: "default".to_string(),
            counts: Vec::new(),
        });
        return Some(());
    }
    let case = cases.last_mut()?;
    match key {
        "epd" => case.epd = value.to_string(),
        "rules" => case.rules = value.to_string(),
        "perft" => {
            let (d, nodes) = value.split_once(' ')?;
            case.counts.push((d.parse().ok()?, nodes.parse().ok()?));
        }
        _ => return None,
    }
    Some(())
}

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

/// The cases of one file of `tests/data`, e.g. `rules.perft` (the RULES §7 table).
pub fn file_cases(name: &str) -> Vec<Case> {
    let path = PathBuf::from(DIR).join(name);
    load(&fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// Every case of every `.perft` file, in file order.
pub fn all_cases() -> Vec<Case> {
    let mut files: Vec<String> = fs::read_dir(DIR)
        .expect("tests/data exists")
        .map(|e| {
            e.expect("readable entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".perft"))
        .collect();
    files.sort();
    files.iter().flat_map(|name| file_cases(name)).collect()
}

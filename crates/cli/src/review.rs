//! `ultima review <record file | -> [--nodes N] [--json | --annotate]`: the game review the browser makes
//! (`ultima_engine::summarize`), so the two can be compared: every position evaluated at the same
//! fixed budget from a cleared engine, then each move's loss of expected score, judgement and
//! better move, and each player's counts and accuracy; `--annotate` writes the game's record
//! with them instead (`ultima_engine::annotated_record`).

use crate::options::Options;
use std::io::Read;
use ultima::Game;
use ultima_engine::{annotated_record, evaluate, replayed, review_engine, summarize, REVIEW_NODES};

/// Reads the record from a file, or from standard input for `-`.
fn read_record(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read the record from standard input: {e}"))?;
        return Ok(text);
    }
    std::fs::read_to_string(path).map_err(|e| format!("cannot read the record '{path}': {e}"))
}

pub fn run(raw: &[String]) -> Result<(), String> {
    let o = Options::parse_with_flags(raw, &["nodes"], &["json", "annotate"])?;
    let [path] = o.positional.as_slice() else {
        return Err(format!(
            "'review' takes 1 argument (a record file, or - for standard input), got {}",
            o.positional.len()
        ));
    };
    if o.has("json") && o.has("annotate") {
        return Err("'review' writes --json or --annotate, not both".into());
    }
    let nodes = o
        .number("nodes", 1_000..=100_000_000)?
        .unwrap_or(REVIEW_NODES);
    let recorded = Game::from_record(&read_record(path)?).map_err(|e| e.to_string())?;
    let game = replayed(&recorded);
    let mut engine = review_engine();
    let evaluations = (0..game.positions().len())
        .map(|ply| evaluate(&mut engine, &game, ply, nodes))
        .collect::<Result<Vec<_>, _>>()?;
    if o.has("annotate") {
        say!("{}", annotated_record(&recorded, &evaluations)?.trim_end());
        return Ok(());
    }
    let summary = summarize(&game, &evaluations)?;
    if o.has("json") {
        let json = serde_json::json!({ "evaluations": evaluations, "summary": summary });
        say!("{json}");
        return Ok(());
    }
    for m in &summary.moves {
        let number = m.number;
        let dots = match m.side {
            ultima::Color::White => ".",
            ultima::Color::Black => "...",
        };
        let judged = m.judgement.map_or(String::new(), |j| {
            format!("{} {}", j.glyph().as_str(), j.name())
        });
        let better = match (&m.best, m.judgement) {
            (Some(best), Some(_)) => format!(", better {best}"),
            _ => String::new(),
        };
        say!(
            "{number}{dots} {:<18} {:>7}  White {:>5.1}%  loss {:>5.1}%  {judged}{better}",
            m.played,
            m.score,
            m.white_expected * 100.0,
            m.loss * 100.0,
        );
    }
    // "1 blunder", "2 blunders".
    let count =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    for (name, p) in [("White", &summary.white), ("Black", &summary.black)] {
        let accuracy = p.accuracy.map_or("-".to_string(), |a| format!("{a:.1}%"));
        say!(
            "{name}: accuracy {accuracy}, {}, {}, {} in {}",
            count(p.inaccuracies, "inaccuracy", "inaccuracies"),
            count(p.mistakes, "mistake", "mistakes"),
            count(p.blunders, "blunder", "blunders"),
            count(p.moves, "move", "moves")
        );
    }
    Ok(())
}

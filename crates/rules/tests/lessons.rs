//! The interactive lessons of the game page (`www/lessons.json`, read by `www/lessons.js`),
//! checked against the rules: every position parses, and every step has exactly the answers it
//! claims. For each step, the moves that achieve its goal (capture exactly the squares it names,
//! checkmate, stalemate, freeze the squares it names, a suicide, or leave the opponent nothing to
//! capture without giving up a piece) are computed from the rules;
//! they must be exactly the step's `answers` (all moves of the piece the step is about, when it
//! names one), no legal move may capture more than a capture goal, and no other move may win
//! where a step asks for a win.
//! So the page can judge a try by looking its text up in the answers, and a learner is never told
//! that a move achieving the goal is wrong.
//!
//! Run: `cargo test -p ultima --test lessons` (every problem is listed, with the moves that do
//! achieve each goal).

use serde_json::Value;
use std::collections::BTreeSet;
use ultima::{Move, Position, PositionOutcome, Rules, Square};

const LESSONS: &str = include_str!("../../../www/lessons.json");

/// The kinds of wrong try a step may explain (see `www/lessons.js`, `judge`).
const WRONG_KINDS: [&str; 10] = [
    "piece", "none", "partial", "other", "quiet", "check", "mate", "unfrozen", "threat", "lost",
];

/// The roles a lesson may be illustrated with.
const ROLES: [&str; 7] = ["K", "W", "C", "I", "L", "X", "P"];

/// What a step asks for.
#[derive(Debug)]
enum Goal {
    Captures(BTreeSet<Square>),
    Checkmate,
    Stalemate,
    Frozen(BTreeSet<Square>),
    Suicide,
    /// Defend: afterwards the opponent has no capture at all. A suicide never counts, though it
    /// may leave nothing to capture: giving up the piece is not saving it.
    Safe,
}

fn text<'a>(value: &'a Value, key: &str, at: &str, errors: &mut Vec<String>) -> &'a str {
    match value.get(key).and_then(Value::as_str) {
        Some(s) if !s.trim().is_empty() => s,
        _ => {
            errors.push(format!("{at}: `{key}` must be a non-empty string"));
            ""
        }
    }
}

fn squares(value: &Value, at: &str, errors: &mut Vec<String>) -> BTreeSet<Square> {
    let mut set = BTreeSet::new();
    for item in value.as_array().into_iter().flatten() {
        match item.as_str().and_then(|s| s.parse::<Square>().ok()) {
            Some(sq) => {
                set.insert(sq);
            }
            None => errors.push(format!("{at}: {item} is not a square")),
        }
    }
    if set.is_empty() {
        errors.push(format!("{at}: the goal names no square"));
    }
    set
}

fn goal(value: Option<&Value>, at: &str, errors: &mut Vec<String>) -> Option<Goal> {
    let Some(object) = value.and_then(Value::as_object) else {
        errors.push(format!("{at}: `goal` must be an object"));
        return None;
    };
    if object.len() != 1 {
        errors.push(format!("{at}: `goal` must have exactly one key"));
        return None;
    }
    let (key, value) = object.iter().next()?;
    match (key.as_str(), value) {
        ("captures", v) => Some(Goal::Captures(squares(v, at, errors))),
        ("frozen", v) => Some(Goal::Frozen(squares(v, at, errors))),
        ("result", Value::String(s)) if s == "checkmate" => Some(Goal::Checkmate),
        ("result", Value::String(s)) if s == "stalemate" => Some(Goal::Stalemate),
        ("suicide", Value::Bool(true)) => Some(Goal::Suicide),
        ("safe", Value::Bool(true)) => Some(Goal::Safe),
        _ => {
            errors.push(format!("{at}: unknown goal {key}: {value}"));
            None
        }
    }
}

/// Whether `m`, played in `pos`, achieves `goal`.
fn achieves(pos: &Position, m: Move, goal: &Goal) -> bool {
    let mover = pos.turn();
    let after = pos.play(m).expect("a legal move plays");
    match goal {
        Goal::Captures(want) => m.captures().into_iter().collect::<BTreeSet<_>>() == *want,
        Goal::Checkmate => after.outcome() == Some(PositionOutcome::Checkmate { winner: mover }),
        Goal::Stalemate => after.outcome() == Some(PositionOutcome::Stalemate { winner: mover }),
        Goal::Frozen(want) => want
            .iter()
            .all(|&sq| after.is_frozen(sq) && after.piece_at(sq).is_some_and(|p| p.color != mover)),
        Goal::Suicide => m.is_suicide(),
        Goal::Safe => {
            !m.is_suicide() && after.legal_moves().iter().all(|r| r.captures().is_empty())
        }
    }
}

fn names(moves: &BTreeSet<String>) -> String {
    moves.iter().cloned().collect::<Vec<_>>().join(", ")
}

/// Checks one step; returns the problems found.
fn check_step(step: &Value, at: &str) -> Vec<String> {
    let mut errors = Vec::new();
    for key in ["task", "success"] {
        text(step, key, at, &mut errors);
    }
    let fen = text(step, "position", at, &mut errors);
    let goal = goal(step.get("goal"), at, &mut errors);
    let pos = match Position::from_fen(fen, Rules::default()) {
        Ok(pos) => pos,
        Err(e) => {
            errors.push(format!("{at}: the position {fen:?} does not parse: {e}"));
            return errors;
        }
    };
    if let Some(outcome) = pos.outcome() {
        errors.push(format!("{at}: the game is already over ({outcome:?})"));
    }
    let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();

    // The piece the step is about: one of the side to move's.
    let piece = step.get("piece").map(|v| {
        let sq = v.as_str().and_then(|s| s.parse::<Square>().ok());
        match sq {
            Some(sq) if pos.piece_at(sq).is_some_and(|p| p.color == pos.turn()) => Some(sq),
            _ => {
                errors.push(format!(
                    "{at}: `piece` {v} is not a square holding a piece of the side to move"
                ));
                None
            }
        }
    });
    let piece = piece.flatten();

    // The answers: canonical text of legal moves, of the piece.
    let mut answers = BTreeSet::new();
    for answer in step
        .get("answers")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let Some(answer) = answer.as_str() else {
            errors.push(format!("{at}: answer {answer} is not text"));
            continue;
        };
        match pos.parse_move(answer) {
            Ok(m) if m.to_string() == answer => {
                if piece.is_some_and(|sq| m.from() != sq) {
                    errors.push(format!(
                        "{at}: answer {answer} does not move the step's piece"
                    ));
                }
                if !answers.insert(answer.to_string()) {
                    errors.push(format!("{at}: answer {answer} is listed twice"));
                }
            }
            Ok(m) => errors.push(format!(
                "{at}: answer {answer} is not in canonical form ({m})"
            )),
            Err(e) => errors.push(format!("{at}: answer {answer} is not a legal move: {e}")),
        }
    }
    if answers.is_empty() {
        errors.push(format!("{at}: no answers"));
    }

    // Exactly the answers achieve the goal, among the moves of the step's piece.
    if let Some(goal) = &goal {
        // Of any piece: a move of another piece than the step's that achieved the goal would be
        // told it is about the wrong piece, which would be unfair.
        let achieving: BTreeSet<String> = legal
            .iter()
            .filter(|&&m| achieves(&pos, m, goal))
            .map(|m| m.to_string())
            .collect();
        if achieving != answers {
            errors.push(format!(
                "{at}: the moves that achieve {goal:?} are [{}], the step's answers [{}]",
                names(&achieving),
                names(&answers)
            ));
        }
        // A learner is never told that a winning move is wrong: in a step that asks for a win,
        // no other move of any piece wins.
        if matches!(goal, Goal::Checkmate | Goal::Stalemate) {
            let winning: BTreeSet<String> = legal
                .iter()
                .filter(|&&m| {
                    let after = pos.play(m).expect("a legal move plays");
                    after.outcome().and_then(PositionOutcome::winner) == Some(pos.turn())
                })
                .map(|m| m.to_string())
                .filter(|m| !answers.contains(m))
                .collect();
            if !winning.is_empty() {
                errors.push(format!("{at}: [{}] win too", names(&winning)));
            }
        }
        if let Goal::Captures(want) = goal {
            let more: BTreeSet<String> = legal
                .iter()
                .filter(|m| {
                    let taken: BTreeSet<Square> = m.captures().into_iter().collect();
                    taken.is_superset(want) && taken.len() > want.len()
                })
                .map(|m| m.to_string())
                .collect();
            if !more.is_empty() {
                errors.push(format!(
                    "{at}: [{}] capture more than the goal",
                    names(&more)
                ));
            }
        }
    }

    // The explanations of wrong tries: known kinds, and tries that are legal wrong moves.
    if let Some(wrong) = step.get("wrong") {
        for (kind, words) in wrong.as_object().into_iter().flatten() {
            if !WRONG_KINDS.contains(&kind.as_str()) {
                errors.push(format!("{at}: unknown kind of wrong try {kind:?}"));
            }
            if words.as_str().is_none_or(|s| s.trim().is_empty()) {
                errors.push(format!("{at}: the explanation of {kind:?} must be text"));
            }
        }
    }
    if let Some(tries) = step.get("tries") {
        for (tried, words) in tries.as_object().into_iter().flatten() {
            match pos.parse_move(tried) {
                Ok(m) if m.to_string() == *tried && !answers.contains(tried) => {}
                _ => errors.push(format!(
                    "{at}: try {tried} is not a legal wrong move in canonical form"
                )),
            }
            if words.as_str().is_none_or(|s| s.trim().is_empty()) {
                errors.push(format!("{at}: the explanation of try {tried} must be text"));
            }
        }
    }
    errors
}

#[test]
fn every_lesson_has_the_answers_it_claims() {
    let data: Value = serde_json::from_str(LESSONS).expect("www/lessons.json is JSON");
    assert_eq!(data["version"], 1, "www/lessons.json: version");
    let lessons = data["lessons"].as_array().expect("`lessons` is an array");
    let mut errors = Vec::new();
    let mut ids = BTreeSet::new();
    let mut steps = 0;
    for (i, lesson) in lessons.iter().enumerate() {
        let id = text(lesson, "id", &format!("lesson {i}"), &mut errors).to_string();
        if !ids.insert(id.clone()) {
            errors.push(format!("lesson {id}: the id is used twice"));
        }
        for key in ["title", "summary", "intro"] {
            text(lesson, key, &format!("lesson {id}"), &mut errors);
        }
        if !lesson["piece"].as_str().is_some_and(|p| ROLES.contains(&p)) {
            errors.push(format!("lesson {id}: `piece` must be one of {ROLES:?}"));
        }
        let list = lesson["steps"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        if list.is_empty() {
            errors.push(format!("lesson {id}: no steps"));
        }
        for (n, step) in list.iter().enumerate() {
            errors.extend(check_step(step, &format!("lesson {id}, step {}", n + 1)));
            steps += 1;
        }
    }
    assert!(
        errors.is_empty(),
        "{} problems:\n{}",
        errors.len(),
        errors.join("\n")
    );
    // The lessons the page promises: each piece, defending, check, checkmate and stalemate.
    for id in [
        "pawn",
        "withdrawer",
        "long-leaper",
        "coordinator",
        "immobilizer",
        "chameleon",
        "defending",
        "king",
        "check",
        "checkmate",
        "stalemate",
    ] {
        assert!(ids.contains(id), "no lesson {id}");
    }
    assert!(steps >= 20, "only {steps} steps");
}

/// The checker itself catches wrong data: a wrong answer, a missing answer, a capture of more.
#[test]
fn the_check_finds_wrong_lessons() {
    let step = |json: &str| check_step(&serde_json::from_str(json).unwrap(), "test");
    let base = r#""task": "t", "success": "s", "position": "4k3/8/8/8/3pW3/8/8/3K4 w", "piece": "e4", "goal": { "captures": ["d4"] }"#;
    assert!(step(&format!(
        r#"{{ {base}, "answers": ["e4-f4xd4", "e4-g4xd4", "e4-h4xd4"] }}"#
    ))
    .is_empty());
    // One answer missing, an illegal answer, a wrong one, a non-canonical one.
    assert_eq!(
        step(&format!(
            r#"{{ {base}, "answers": ["e4-f4xd4", "e4-g4xd4"] }}"#
        ))
        .len(),
        1
    );
    assert_eq!(
        step(&format!(
            r#"{{ {base}, "answers": ["e4-f4xd4", "e4-g4xd4", "e4-h4xd4", "e4-c4"] }}"#
        ))
        .len(),
        1
    );
    assert_eq!(
        step(&format!(
            r#"{{ {base}, "answers": ["e4-f4xd4", "e4-g4xd4", "e4-h4xd4", "e4-e5"] }}"#
        ))
        .len(),
        1
    );
    assert_eq!(
        step(&format!(
            r#"{{ {base}, "answers": ["e4-f4", "e4-g4xd4", "e4-h4xd4"] }}"#
        ))
        .len(),
        2
    );
    // A goal that a move exceeds: two Pawns in a row on a Long Leaper's line, one goal square.
    let more = r#"{ "task": "t", "success": "s", "position": "4k3/8/8/p7/8/8/p7/L3K3 w", "goal": { "captures": ["a2"] }, "answers": ["a1-a3xa2", "a1-a4xa2"] }"#;
    let problems = step(more);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("capture more than the goal"));
    // Defending: the Long Leaper on e4 frozen by the black Immobilizer, the Withdrawer about to move
    // away from it. Blocking e6 saves it; giving it up (the suicide) leaves nothing to capture
    // but is no answer.
    let safe = r#"{ "task": "t", "success": "s", "position": "k7/8/8/4w3/4L3/1C2i3/8/7K w", "goal": { "safe": true }, "answers": ["b3-e6"] }"#;
    assert!(step(safe).is_empty(), "{:?}", step(safe));
    let problems = step(&safe.replace(r#"["b3-e6"]"#, r#"["b3-e6", "e4-"]"#));
    assert_eq!(problems.len(), 1, "{problems:?}");
    // A position that does not parse, an unknown goal and kind of wrong try.
    assert!(!step(r#"{ "task": "t", "success": "s", "position": "4k3/9 w", "goal": { "captures": ["a2"] }, "answers": [] }"#).is_empty());
    assert!(!step(r#"{ "task": "t", "success": "s", "position": "4k3/8/8/8/3pW3/8/8/3K4 w", "goal": { "win": true }, "answers": ["e4-f4xd4"] }"#).is_empty());
    assert_eq!(step(&format!(r#"{{ {base}, "answers": ["e4-f4xd4", "e4-g4xd4", "e4-h4xd4"], "wrong": {{ "oops": "x" }} }}"#)).len(), 1);
}

//! `ultima review`: each move judged as the browser's review judges it, for people, as JSON and
//! as an annotated record, and its errors.

mod common;

use common::ultima;

/// A mate in two thrown away by Black's d7-d6, then the engine's own choices.
const BLUNDERED: &str = "[Setup \"5x2/3p1k1p/c3w1pp/xpp4L/6P1/8/PPP4P/IL1iKW1C b 1 30\"]\n\n30... d7-d6 31. h1-d5xd1 f7-f6 *";

#[test]
fn review_judges_each_move_and_names_the_better_one() {
    let path = std::env::temp_dir().join(format!("ultima-review-{}.txt", std::process::id()));
    std::fs::write(&path, BLUNDERED).expect("a temporary file");
    let out = ultima(&[
        "review",
        path.to_str().expect("a UTF-8 path"),
        "--nodes",
        "30000",
    ]);
    let json = ultima(&[
        "review",
        path.to_str().expect("a UTF-8 path"),
        "--nodes",
        "30000",
        "--json",
    ]);
    let annotated = ultima(&[
        "review",
        path.to_str().expect("a UTF-8 path"),
        "--nodes",
        "30000",
        "--annotate",
    ]);
    std::fs::remove_file(&path).ok();
    // The record with the review written in: the blunder marked, the mate it missed as a
    // variation.
    let record = String::from_utf8_lossy(&annotated.stdout);
    assert!(
        record.starts_with("[Annotator \"Ultima's game review\"]\n"),
        "{record}"
    );
    assert!(record.contains("30... d7-d6?? {Blunder (-"), "{record}");
    assert!(
        record.contains("; better We6-e2+.} (30... e6-e2)"),
        "{record}"
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let first = text.lines().next().expect("a line per move");
    assert!(first.starts_with("30... Pd7-d6"), "{first}");
    assert!(first.ends_with("?? blunder, better We6-e2+"), "{first}");
    assert!(text.contains("Black: accuracy"), "{text}");
    // One of each is said as one ("1 blunder in 2 moves", not "1 blunders").
    assert!(text.contains(", 1 blunder in "), "{text}");
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("one JSON value");
    assert_eq!(value["evaluations"].as_array().map(Vec::len), Some(4));
    assert_eq!(value["summary"]["black"]["blunders"], 1);
    assert_eq!(value["summary"]["moves"][0]["judgement"], "blunder");
}

#[test]
fn review_refuses_what_it_cannot_read() {
    for args in [
        vec!["review"],
        vec!["review", "/no/such/file"],
        vec!["review", "-", "--nodes", "5"],
        vec!["review", "-", "--json", "--annotate"],
    ] {
        let out = ultima(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}

//! `ultima analyse`: the structured stream of an analysis, for people and as JSON lines (the
//! shape the browser's worker posts), and its errors.

mod common;

use common::ultima;

/// A mate in two of the tactics set (mined-s2g4p59), Black to move, solved by e6-e2.
const MATE_IN_2: &str = "5x2/3p1k1p/c3w1pp/xpp4L/6P1/8/PPP4P/IL1iKW1C b 1 30";

#[test]
fn json_lines_one_report_per_depth_with_the_lines_asked_for() {
    let out = ultima(&[
        "analyse",
        MATE_IN_2,
        "--multipv",
        "3",
        "--depth",
        "5",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let reports: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect();
    assert_eq!(reports.len(), 5);
    for (i, report) in reports.iter().enumerate() {
        assert_eq!(report["depth"], i as u64 + 1);
        for field in ["seldepth", "nodes", "timeMs", "nps"] {
            assert!(report[field].is_number(), "{field} in {report}");
        }
        let lines = report["lines"].as_array().expect("lines");
        assert_eq!(lines.len(), 3);
        for (k, line) in lines.iter().enumerate() {
            assert_eq!(line["multipv"], k as u64 + 1);
            assert!(line["pv"].as_array().is_some_and(|pv| !pv.is_empty()));
        }
    }
    let best = &reports[4]["lines"][0];
    assert_eq!(best["pv"][0], "e6-e2");
    assert_eq!(best["score"], serde_json::json!({ "mate": 2 }));
    // Black mates: from White's view, mated in two.
    assert_eq!(best["white"], serde_json::json!({ "mate": -2 }));
}

#[test]
fn for_people_each_line_with_both_views() {
    // Depth 5: at depth 4, late move pruning leaves out the mating reply of a line that is
    // not the principal variation (the mover not improving, `SearchParams::improving`).
    let out = ultima(&["analyse", MATE_IN_2, "--multipv", "2", "--depth", "5"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("depth  5"), "{text}");
    assert!(text.contains("#2 (White     #-2)  e6-e2"), "{text}");
}

#[test]
fn bad_arguments_and_finished_positions_are_errors() {
    for args in [
        vec!["analyse"],
        vec!["analyse", "nonsense"],
        vec!["analyse", "start", "--multipv", "0"],
        vec!["analyse", "start", "--json=yes"],
        vec!["analyse", "start", "--depth", "3", "--time-ms", "10"],
        // Stalemated: Black has no move.
        vec!["analyse", "8/8/8/4k3/5I2/8/8/K7 b"],
    ] {
        let out = ultima(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?} says why");
    }
}

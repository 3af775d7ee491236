//! The tactical test set through the command line: `ultima tactics --check` passes on the
//! shipped set, and a broken set file is refused with the line that is wrong.

use std::process::Command;

fn ultima(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ultima"))
        .args(args)
        .output()
        .expect("the ultima binary runs");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

#[test]
fn the_shipped_set_passes_the_fast_checks() {
    let (ok, text) = ultima(&["tactics", "--check"]);
    assert!(ok, "{text}");
    let parsed: usize = text
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(parsed >= 50, "only {parsed} positions: {text}");
}

#[test]
fn a_broken_set_is_refused_with_its_line() {
    let dir = std::env::temp_dir().join(format!("ultima-tactics-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("broken.txt");
    std::fs::write(
        &file,
        "# a wrong mate\nwrong | mate-in-1 | 8/8/8/4k3/2K2I2/8/8/8 w | f4-h2 | not a mate\n",
    )
    .expect("write");
    let path = file.to_string_lossy().to_string();
    let (ok, text) = ultima(&["tactics", "--check", "--file", &path]);
    assert!(!ok);
    assert!(text.contains("wrong (line 2)"), "{text}");
    let (ok, text) = ultima(&["tactics", "--file", "/nonexistent/set.txt"]);
    assert!(!ok && text.contains("/nonexistent/set.txt"), "{text}");
    std::fs::remove_dir_all(&dir).expect("clean up");
}

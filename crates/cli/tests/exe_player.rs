//! `ultima match` with another build as a player (`exe:<path>,<player>`), using this very
//! binary as the other build, and the errors of builds that are missing, silent, crash or
//! answer nonsense.

mod common;

use common::{ultima, ULTIMA};
use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The lines of a match's output that describe the games, without the players' names.
fn game_lines(out: &Output) -> Vec<String> {
    text(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("game") || l.starts_with("Elo"))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_same_build_as_exe_plays_the_same_games() {
    let exe = format!("exe:{ULTIMA},level:2");
    let common = [
        "--b",
        "level:1",
        "--games",
        "4",
        "--seed",
        "5",
        "--max-plies",
        "60",
    ];
    let remote = ultima(&[&["match", "--a", &exe][..], &common].concat());
    let local = ultima(&[&["match", "--a", "level:2"][..], &common].concat());
    assert!(remote.status.success(), "{}", text(&remote.stderr));
    assert!(local.status.success(), "{}", text(&local.stderr));
    let lines = game_lines(&remote);
    assert_eq!(lines.iter().filter(|l| l.starts_with("game ")).count(), 4);
    assert!(lines.iter().any(|l| l.starts_with("games 4: ")));
    assert_eq!(lines, game_lines(&local));
    // The other build's search figures reach the summary.
    let stdout = text(&remote.stdout);
    assert!(
        stdout.contains(&format!("A ({}): ", &exe[..])) && stdout.contains("nodes and depth"),
        "{stdout}"
    );
}

#[test]
fn play_engine_answers_each_request_and_refuses_bad_ones() {
    let mut child = Command::new(ULTIMA)
        .args(["play-engine", "level:1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("play-engine starts");
    let fen = "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w";
    let requests = format!(
        "new 7\ngo default\t{fen}\t\ngo default\t{fen}\ta2-a9\nfly\nnew x\ngo default\t{fen}\n"
    );
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(requests.as_bytes()).expect("written");
    drop(stdin);
    let out = child.wait_with_output().expect("play-engine ends");
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 7, "{stdout}");
    assert_eq!(lines[0], "ultima play-engine 1 level:1");
    assert_eq!(lines[1], "ok");
    let words: Vec<&str> = lines[2].split(' ').collect();
    assert_eq!(words.len(), 4, "{}", lines[2]);
    assert_eq!(words[0], "move");
    assert!(words[2].parse::<u64>().unwrap() <= 1_000);
    assert!(lines[3].starts_with("error move 1 (a2-a9)"), "{}", lines[3]);
    assert!(lines[4].starts_with("error unknown request 'fly'"));
    assert!(lines[5].starts_with("error seed 'x'"));
    assert!(lines[6].starts_with("error 'go' needs three"));
    let bad = ultima(&["play-engine", "level:12"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("unknown player 'level:12'"));
    let chained = ultima(&["play-engine", &format!("exe:{ULTIMA}")]);
    assert_eq!(chained.status.code(), Some(2));
    assert!(text(&chained.stderr).contains("not another build"));
}

/// Runs a match of `exe:<build>,level:1` against level 1 and returns its error output,
/// checking that it failed, and did so within `within`.
fn failed_match(build: &str, within: Duration) -> String {
    let start = Instant::now();
    let out = ultima(&[
        "match",
        "--a",
        &format!("exe:{build},level:1"),
        "--b",
        "level:1",
        "--games",
        "2",
        "--exe-timeout",
        "1",
    ]);
    assert!(start.elapsed() < within, "took {:?}", start.elapsed());
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    text(&out.stderr)
}

#[test]
fn a_missing_build_is_named() {
    let err = failed_match("/nonexistent/ultima", Duration::from_secs(10));
    assert!(
        err.contains("cannot start the build '/nonexistent/ultima'"),
        "{err}"
    );
}

#[cfg(unix)]
mod scripts {
    use super::*;
    use std::os::unix::fs::PermissionsExt;
    use std::path::PathBuf;

    /// A shell script standing in for another build, in a directory of its own that is
    /// removed when the script is dropped: test runs leave nothing in the temp dir, and
    /// tests running at the same time do not remove each other's scripts.
    struct Script {
        path: PathBuf,
    }

    impl Script {
        fn new(name: &str, body: &str) -> Script {
            let dir =
                std::env::temp_dir().join(format!("ultima-exe-test-{}-{name}", std::process::id()));
            std::fs::create_dir_all(&dir).expect("temp dir");
            let path = dir.join(name);
            std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("script written");
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
                .expect("script made executable");
            Script { path }
        }

        fn path(&self) -> &str {
            self.path.to_str().expect("a UTF-8 temp path")
        }
    }

    impl Drop for Script {
        fn drop(&mut self) {
            if let Some(dir) = self.path.parent() {
                let _ = std::fs::remove_dir_all(dir);
            }
        }
    }

    const GREET: &str = "echo 'ultima play-engine 1 fake'; read l; echo ok; read l";

    #[test]
    fn a_program_that_is_not_ultima_is_refused() {
        let script = Script::new("hello", "echo hello");
        let err = failed_match(script.path(), Duration::from_secs(10));
        assert!(
            err.contains("is not a build of ultima that speaks play-engine protocol 1")
                && err.contains("'hello'"),
            "{err}"
        );
    }

    #[test]
    fn a_silent_build_times_out_instead_of_hanging() {
        let script = Script::new("silent", "exec sleep 60");
        let err = failed_match(script.path(), Duration::from_secs(15));
        assert!(
            err.contains("no answer within 1.0 s, so it was stopped"),
            "{err}"
        );
    }

    #[test]
    fn a_crash_is_reported_with_its_status_and_error_output() {
        let script = Script::new(
            "crash",
            &format!("{GREET}; echo 'out of cheese' >&2; exit 3"),
        );
        let err = failed_match(script.path(), Duration::from_secs(10));
        assert!(
            err.contains("game 1: the build")
                && err.contains("failed while choosing a move: its output ended")
                && err.contains("exit status: 3")
                && err.contains("out of cheese"),
            "{err}"
        );
    }

    #[test]
    fn a_bad_move_stops_the_match() {
        let script = Script::new("liar", &format!("{GREET}; echo 'move a1-a1 5 1'; read l"));
        let err = failed_match(script.path(), Duration::from_secs(10));
        assert!(
            err.contains("answered 'go' with 'move a1-a1 5 1', which is not a valid reply")
                && err.contains("(position "),
            "{err}"
        );
    }
}

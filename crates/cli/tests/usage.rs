//! Asking for help, and getting a command wrong: help is the usage text on standard output
//! (exit 0); a mistake names what is wrong first, then the usage, on standard error (exit 2).

mod common;

use common::ultima;

/// Standard output and error of a run, as text.
fn texts(args: &[&str]) -> (Option<i32>, String, String) {
    let out = ultima(args);
    (
        out.status.code(),
        String::from_utf8(out.stdout).expect("stdout is text"),
        String::from_utf8(out.stderr).expect("stderr is text"),
    )
}

#[test]
fn help_prints_the_usage_on_standard_output() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["help"],
        &["search", "--help"],
        &["perft", "start", "3", "--help"],
    ] {
        let (code, out, err) = texts(args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(out.starts_with("usage:\n  ultima moves"), "{args:?}: {out}");
        assert!(out.contains("ultima tune"), "{args:?}: the whole usage");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

#[test]
fn a_mistake_names_what_is_wrong_first() {
    for (args, first_line) in [
        (
            &["play", "--level", "9"][..],
            "ultima: unknown command 'play'",
        ),
        (
            &["perft", "start", "3", "--depht", "2"],
            "ultima: unknown option --depht",
        ),
        (&[], "ultima: no command given"),
        (
            &["perft", "start", "x"],
            "ultima: depth 'x' is not a whole number",
        ),
        (
            &["search", "start", "--depht", "3"],
            "ultima: unknown option --depht",
        ),
    ] {
        let (code, out, err) = texts(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().next(), Some(first_line), "{args:?}: {err}");
        assert!(err.contains("\nusage:\n"), "{args:?}: then the usage");
    }
}

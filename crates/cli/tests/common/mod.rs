//! What the command-line tests share: running the `ultima` binary this build made.

use std::process::{Command, Output};

/// The binary under test.
pub const ULTIMA: &str = env!("CARGO_BIN_EXE_ultima");

/// `ultima` run with `args`, its exit status and output captured.
pub fn ultima(args: &[&str]) -> Output {
    Command::new(ULTIMA)
        .args(args)
        .output()
        .expect("the ultima binary runs")
}

//! The command line ends quietly when its reader goes away (`ultima moves start | head -1`),
//! instead of panicking on the failed write.

use std::io::Read;
use std::process::{Command, Stdio};

#[test]
fn a_closed_standard_output_ends_the_program_quietly() {
    for args in [&["moves", "start"][..], &["divide", "start", "1"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ultima"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("ultima starts");
        // Close the reading end before the program has written anything.
        drop(child.stdout.take());
        let mut errors = String::new();
        child
            .stderr
            .take()
            .expect("stderr is piped")
            .read_to_string(&mut errors)
            .expect("stderr is text");
        let status = child.wait().expect("ultima ends");
        assert!(status.success(), "{args:?}: {status}, stderr: {errors}");
        assert!(errors.is_empty(), "{args:?} wrote to stderr: {errors}");
    }
}

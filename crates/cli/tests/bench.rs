//! `ultima bench --file`: a set of positions searched to a fixed depth, and its errors.

mod common;

use common::ultima;

/// A temporary file holding `text`, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let path =
            std::env::temp_dir().join(format!("ultima-bench-test-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("a temporary file");
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        std::fs::remove_file(&self.0).ok();
    }
}

#[test]
fn a_file_of_positions_is_searched_one_by_one_and_summed() {
    let two = TempFile::new(
        "two.txt",
        "# two positions\n\nclxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1\n\
         1c2k1l1/pp2x2p/2x4p/P4P2/3P1w2/2I1i3/P1KX4/1L2WX1C w 2 25\n",
    );
    let out = ultima(&["bench", "--file", two.path(), "--depth", "3"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text.lines().filter(|l| l.contains("   3 ")).collect();
    assert_eq!(rows.len(), 2, "{text}");
    let nodes: u64 = rows
        .iter()
        .map(|row| {
            row.split_whitespace()
                .nth(5)
                .unwrap()
                .parse::<u64>()
                .unwrap()
        })
        .sum();
    let last = text.lines().last().unwrap();
    assert!(
        last.contains(&format!("total {nodes} nodes"))
            && last.contains("2 positions")
            && last.contains(&format!("signature {nodes}")),
        "{text}"
    );
}

#[test]
fn a_bad_file_is_refused_with_its_line() {
    let bad = TempFile::new("bad.txt", "# a comment\nclxwkxli/pppppppp w\n");
    let out = ultima(&["bench", "--file", bad.path(), "--depth", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("bad.txt:2:"), "{err}");

    let empty = TempFile::new("empty.txt", "# nothing here\n");
    let out = ultima(&["bench", "--file", empty.path()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("holds no position"));

    let out = ultima(&["bench", "--file", "/no/such/file"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("cannot read"));
}

//! A small fuzzing harness on proptest, for the stable toolchain (cargo fuzz needs nightly).
//!
//! Each target is a strategy (arbitrary bytes and structure-aware inputs) and a check that
//! panics on a broken invariant. [`fuzz`] runs a target for a number of inputs (`cargo test`:
//! a short pass) or for a time (`ULTIMA_FUZZ_SECONDS`), fails on any panic or on an input that
//! takes longer than [`SLOW`], shrinks the failing input and prints it in the form of the
//! committed corpus (`tests/data/fuzz-corpus/<target>/`), which [`corpus`] reads back so every
//! run replays it.

#![allow(dead_code)]

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestError, TestRunner};
use std::cell::Cell;
use std::fmt::Debug;
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime};

/// The longest one input may take. Every parser is linear in its input, so even the largest
/// generated inputs (about a megabyte) take milliseconds; this bound catches quadratic blow-ups
/// with a wide margin for a loaded machine.
pub const SLOW: Duration = Duration::from_secs(5);

/// Inputs per target in a plain `cargo test` (a few seconds each).
const DEFAULT_CASES: u32 = 300;

/// How much fuzzing a run does.
#[derive(Clone, Copy, Debug)]
pub enum Budget {
    Cases(u32),
    Time(Duration),
}

/// `ULTIMA_FUZZ_SECONDS=<n>` runs each target for n seconds; `ULTIMA_FUZZ_CASES=<n>` for n
/// inputs; neither: [`DEFAULT_CASES`] inputs.
pub fn budget() -> Budget {
    let var = |name| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    match (var("ULTIMA_FUZZ_SECONDS"), var("ULTIMA_FUZZ_CASES")) {
        (Some(s), _) => Budget::Time(Duration::from_secs(s)),
        (None, Some(n)) => Budget::Cases(n.min(u64::from(u32::MAX)) as u32),
        (None, None) => Budget::Cases(DEFAULT_CASES),
    }
}

/// The seed of the run: `ULTIMA_FUZZ_SEED`, or one drawn from the clock (printed, so a failure
/// can be repeated).
fn seed() -> u64 {
    std::env::var("ULTIMA_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(SystemTime::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        })
}

/// Runs the target `name` within [`budget`]; panics with the shrunk failing input, written
/// by `show` in corpus form.
pub fn fuzz<S>(
    name: &str,
    strategy: S,
    show: impl Fn(&S::Value) -> String,
    check: impl Fn(&S::Value),
) where
    S: Strategy,
    S::Value: Debug,
{
    let seed = seed();
    let started = Instant::now();
    let tried = Cell::new(0u64);
    let slowest = Cell::new(Duration::ZERO);
    let test = |input: S::Value| -> Result<(), TestCaseError> {
        let t = Instant::now();
        check(&input);
        let took = t.elapsed();
        tried.set(tried.get() + 1);
        slowest.set(slowest.get().max(took));
        if took > SLOW {
            return Err(TestCaseError::fail(format!("took {took:?}")));
        }
        Ok(())
    };
    let (batch, deadline) = match budget() {
        Budget::Cases(n) => (n, None),
        Budget::Time(d) => (2000, Some(started + d)),
    };
    for round in 0.. {
        let mut runner = TestRunner::new(Config {
            cases: batch,
            failure_persistence: None,
            rng_seed: RngSeed::Fixed(seed.wrapping_add(round)),
            max_shrink_time: 120_000,
            ..Config::default()
        });
        if let Err(e) = runner.run(&strategy, test) {
            let detail = match &e {
                TestError::Fail(why, input) => {
                    format!("{why}\ninput in corpus form:\n{}", show(input))
                }
                TestError::Abort(why) => why.to_string(),
            };
            panic!(
                "fuzz target {name} failed (ULTIMA_FUZZ_SEED={} repeats the failing batch): {detail}",
                seed.wrapping_add(round)
            );
        }
        if deadline.is_none_or(|d| Instant::now() >= d) {
            break;
        }
    }
    eprintln!(
        "fuzz target {name}: {} inputs in {:.1} s, slowest {:.1} ms (seed {seed})",
        tried.get(),
        started.elapsed().as_secs_f64(),
        slowest.get().as_secs_f64() * 1000.0
    );
}

/// The committed inputs of a target: `(file name, bytes)`, sorted by name.
pub fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests/data/fuzz-corpus", target]
        .iter()
        .collect();
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (
                path.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
                bytes,
            )
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus in {}", dir.display());
    files
}

/// One edit of [`mutate`].
#[derive(Clone, Debug)]
pub enum Edit {
    Insert(usize, u8),
    Delete(usize),
    Replace(usize, u8),
    /// Repeats the bytes from `.0` to `.0 + .1`.
    Duplicate(usize, usize),
    Truncate(usize),
}

/// Edits, at positions taken modulo the input's length, with bytes drawn mostly from the
/// characters that matter to the formats.
pub fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let byte = prop_oneof![
        3 => prop::sample::select(b"KWCILXPkwcilxp12345678/ wb0-9acdefghx@[]\"\\.;{}*\n\t+#!?".to_vec()),
        1 => any::<u8>(),
    ];
    let edit = prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(at, b)| Edit::Insert(at, b)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), byte).prop_map(|(at, b)| Edit::Replace(at, b)),
        (any::<usize>(), 1..40usize).prop_map(|(at, n)| Edit::Duplicate(at, n)),
        any::<usize>().prop_map(Edit::Truncate),
    ];
    prop::collection::vec(edit, 1..6)
}

/// `bytes` after `edits`.
pub fn mutate(mut bytes: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for edit in edits {
        let len = bytes.len();
        let at = |i: usize| if len == 0 { 0 } else { i % len };
        match *edit {
            Edit::Insert(i, b) => bytes.insert(if len == 0 { 0 } else { i % (len + 1) }, b),
            Edit::Delete(i) if len > 0 => {
                bytes.remove(at(i));
            }
            Edit::Replace(i, b) if len > 0 => bytes[at(i)] = b,
            Edit::Duplicate(i, n) if len > 0 => {
                let from = at(i);
                let to = (from + n).min(len);
                let copy = bytes[from..to].to_vec();
                bytes.splice(to..to, copy);
            }
            Edit::Truncate(i) => bytes.truncate(if len == 0 { 0 } else { i % (len + 1) }),
            _ => {}
        }
    }
    bytes
}

/// Large inputs: one of `patterns` repeated up to about a megabyte, which finds work that grows
/// faster than the input.
pub fn huge(patterns: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    (
        prop::sample::select(patterns),
        1000..60_000usize,
        any::<bool>(),
    )
        .prop_map(|(pattern, n, tail)| {
            let mut text = pattern.repeat(n);
            if tail {
                text.push_str(" w");
            }
            text.into_bytes()
        })
}

/// Bytes shown for the corpus: as text when they are UTF-8, else escaped.
pub fn show_bytes(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) if text.len() <= 2000 => text.to_string(),
        Ok(text) => format!(
            "({} bytes) {}…",
            text.len(),
            text.chars().take(300).collect::<String>()
        ),
        Err(_) => format!("(not UTF-8) {:?}", bytes.escape_ascii().to_string()),
    }
}

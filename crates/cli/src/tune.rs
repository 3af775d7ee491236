//! `ultima tune`: fits the evaluation's weights to the positions of `ultima datagen` and
//! writes them as the Rust source the engine compiles in (`crates/engine/src/tuned.rs`,
//! read by `EvalParams::tuned`).
//!
//! The fit is Texel's: the evaluation from White's view `e` predicts White's score as
//! `1 / (1 + 10^(−K·e/400))`, and the weights are chosen to minimise the mean squared
//! difference from the games' results. `K` is first fitted to the hand-set weights, so the
//! scale stays theirs (the Pawn's value, 100, is held too: the search's margins are in its
//! centipawns); then every other weight the data sees at least [`MIN_SEEN`] times moves by
//! full-batch Adam for a fixed number of steps.
//!
//! The evaluation is a sum of weights times counts ([`ultima_engine::eval::weight_counts`]),
//! so each position is read once into its counts. The gradient is summed in fixed blocks of
//! positions, in block order, so the result is the same bit for bit with any `--jobs`, and
//! re-running `ultima datagen` and `ultima tune` with the same options reproduces the weights.
// CITE: chessprogramming.org/Texel%27s_Tuning_Method; Kingma & Ba, "Adam" (ICLR 2015).

use crate::options::Options;
use crate::parallel;
use ultima::{Position, Rules};
use ultima_engine::eval::weight_counts;
use ultima_engine::params::Weight;
use ultima_engine::EvalParams;

/// A weight seen in fewer positions than this keeps its hand-set value.
pub const MIN_SEEN: usize = 200;
/// Positions per block of the gradient's sum.
const BLOCK: usize = 4096;
/// Adam's step, in centipawns, at the start; it falls linearly to a tenth of it at the end.
const LEARNING_RATE: f64 = 2.0;

/// One training position: its weight counts (only those not 0) and White's score.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    counts: Vec<(u16, i16)>,
    target: f64,
}

impl Sample {
    /// The sample of `pos` with White's score `target` (`0..=1`).
    pub fn new(pos: &Position, target: f64) -> Sample {
        let counts = weight_counts(pos)
            .into_iter()
            .enumerate()
            .filter(|&(_, n)| n != 0)
            .map(|(i, n)| (i as u16, n as i16))
            .collect();
        Sample { counts, target }
    }

    /// The evaluation from White's view with `weights`.
    fn eval(&self, weights: &[f64]) -> f64 {
        self.counts
            .iter()
            .map(|&(i, n)| weights[i as usize] * n as f64)
            .sum()
    }
}

/// The predicted score of an evaluation `e`.
fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// What [`fit`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    pub weights: Vec<f64>,
    pub k: f64,
    pub error_before: f64,
    pub error_after: f64,
    /// How many weights moved.
    pub tuned: usize,
}

/// `(sum of squared errors, gradient of that sum)` over the blocks of `samples`, summed in
/// block order whatever the number of threads; the gradient only `if gradient` (fitting `K`
/// needs the error alone), else all zeros.
fn error_and_gradient(
    samples: &[Sample],
    weights: &[f64],
    k: f64,
    jobs: usize,
    gradient: bool,
) -> (f64, Vec<f64>) {
    let blocks: Vec<&[Sample]> = samples.chunks(BLOCK).collect();
    let one_block = |block: &[Sample]| {
        let mut grad = vec![0.0; weights.len()];
        let mut error = 0.0;
        let slope = k * std::f64::consts::LN_10 / 400.0;
        for s in block {
            let p = sigmoid(k, s.eval(weights));
            let diff = p - s.target;
            error += diff * diff;
            if !gradient {
                continue;
            }
            let g = 2.0 * diff * p * (1.0 - p) * slope;
            for &(i, n) in &s.counts {
                grad[i as usize] += g * n as f64;
            }
        }
        (error, grad)
    };
    let parts = parallel::map_in_order(blocks.len(), jobs, || (), |_, b| one_block(blocks[b]))
        .expect("a tuning thread panicked");
    let mut total = (0.0, vec![0.0; weights.len()]);
    for (error, grad) in parts {
        total.0 += error;
        for (t, g) in total.1.iter_mut().zip(grad) {
            *t += g;
        }
    }
    total
}

/// The mean squared error of `weights` on `samples`.
pub fn mean_error(samples: &[Sample], weights: &[f64], k: f64, jobs: usize) -> f64 {
    error_and_gradient(samples, weights, k, jobs, false).0 / samples.len() as f64
}

/// The `K` that fits `weights` best, by golden-section search over `0.05..5`.
pub fn fit_k(samples: &[Sample], weights: &[f64], jobs: usize) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.05f64, 5.0f64);
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if mean_error(samples, weights, a, jobs) < mean_error(samples, weights, b, jobs) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Fits the weights to `samples`, starting from `start` (by [`Weight::index`]), in
/// `iterations` steps; `progress` hears the step and the mean error every 100 steps.
pub fn fit(
    samples: &[Sample],
    start: &[i32],
    iterations: usize,
    jobs: usize,
    mut progress: impl FnMut(usize, f64),
) -> Fit {
    let mut weights: Vec<f64> = start.iter().map(|&w| w as f64).collect();
    let mut seen = vec![0usize; Weight::COUNT];
    for s in samples {
        for &(i, _) in &s.counts {
            seen[i as usize] += 1;
        }
    }
    let free: Vec<bool> = Weight::all()
        .map(|w| {
            w.is_used() && w != Weight::Value(ultima::Role::Pawn) && seen[w.index()] >= MIN_SEEN
        })
        .collect();
    let k = fit_k(samples, &weights, jobs);
    let error_before = mean_error(samples, &weights, k, jobs);
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-12);
    let mut m = vec![0.0; weights.len()];
    let mut v = vec![0.0; weights.len()];
    for step in 1..=iterations {
        let (error, grad) = error_and_gradient(samples, &weights, k, jobs, true);
        if step % 100 == 1 {
            progress(step - 1, error / samples.len() as f64);
        }
        let rate = LEARNING_RATE * (1.0 - 0.9 * (step - 1) as f64 / iterations.max(1) as f64);
        for i in 0..weights.len() {
            if !free[i] {
                continue;
            }
            let g = grad[i] / samples.len() as f64;
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(step as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(step as i32));
            weights[i] -= rate * m_hat / (v_hat.sqrt() + epsilon);
        }
    }
    let error_after = mean_error(samples, &weights, k, jobs);
    Fit {
        weights,
        k,
        error_before,
        error_after,
        tuned: free.iter().filter(|&&f| f).count(),
    }
}

/// Reads a data file of `ultima datagen`: its recorded command (the first `#` line) and its
/// samples, read by `jobs` threads.
pub fn parse_data(text: &str, jobs: usize) -> Result<(Option<String>, Vec<Sample>), String> {
    let command = text
        .lines()
        .find_map(|l| l.strip_prefix("# ").map(str::to_string));
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let chunks: Vec<&[(usize, &str)]> = lines
        .chunks(lines.len().div_ceil(jobs.max(1)).max(1))
        .collect();
    let parsed = parallel::map_in_order(
        chunks.len(),
        jobs,
        || (),
        |_, c| -> Result<Vec<Sample>, String> {
            chunks[c]
                .iter()
                .map(|&(n, l)| parse_line(n + 1, l))
                .collect()
        },
    )?;
    let mut samples = Vec::with_capacity(lines.len());
    for part in parsed {
        samples.extend(part?);
    }
    if samples.is_empty() {
        return Err("the data has no positions".into());
    }
    Ok((command, samples))
}

/// One data line: White's score, a space, a position string.
fn parse_line(number: usize, line: &str) -> Result<Sample, String> {
    let (score, fen) = line
        .split_once(' ')
        .ok_or(format!("line {number}: not '<score> <position>'"))?;
    let target = match score {
        "1" => 1.0,
        "0.5" => 0.5,
        "0" => 0.0,
        other => return Err(format!("line {number}: score '{other}' is not 1, 0.5 or 0")),
    };
    let pos =
        Position::from_fen(fen, Rules::default()).map_err(|e| format!("line {number}: {e}"))?;
    Ok(Sample::new(&pos, target))
}

/// The Rust source of `crates/engine/src/tuned.rs` for `weights`, saying how they were made.
pub fn source(weights: &[i32], made_by: &[String], fit: &Fit, positions: usize) -> String {
    let mut s = String::from(
        "//! The evaluation's weights fitted to self-play games (`EvalParams::tuned`). Generated: \
         do not edit;\n//! re-running the commands below makes this file again.\n//!\n//! ```sh\n",
    );
    for line in made_by {
        s += &format!("//! {line}\n");
    }
    s += &format!(
        "//! ```\n//!\n//! {positions} positions, K = {:.6}, {} weights fitted; mean squared error {:.6} with \
         the hand-set\n//! weights, {:.6} with these.\n\nuse crate::params::Weight;\n\n\
         /// By [`Weight::index`].\n#[rustfmt::skip]\npub(crate) const WEIGHTS: [i32; Weight::COUNT] = [\n",
        fit.k, fit.tuned, fit.error_before, fit.error_after
    );
    for (w, v) in Weight::all().zip(weights) {
        s += &format!("    {v}, // {w}\n");
    }
    s += "];\n";
    s
}

/// `ultima tune --data F [--out F] [--iterations N] [--jobs J]`.
pub fn run(raw: &[String]) -> Result<(), String> {
    let o = Options::parse(raw, &["data", "out", "iterations", "jobs"])?;
    if let Some(extra) = o.positional.first() {
        return Err(format!("unexpected argument '{extra}'"));
    }
    let data = o
        .get("data")
        .ok_or("--data FILE (from ultima datagen) is needed")?;
    let out = o.get("out").unwrap_or("crates/engine/src/tuned.rs");
    let iterations = o.number("iterations", 1..=1_000_000usize)?.unwrap_or(2000);
    let jobs = o.number("jobs", 1..=64usize)?.unwrap_or(1);
    let text = std::fs::read_to_string(data).map_err(|e| format!("cannot read {data}: {e}"))?;
    let (made_with, samples) = parse_data(&text, jobs).map_err(|e| format!("{data}: {e}"))?;
    drop(text);
    eprintln!("tune: {} positions", samples.len());
    let start = EvalParams::hand().weights();
    let fit = fit(&samples, &start, iterations, jobs, |step, error| {
        eprintln!("tune: step {step}, mean squared error {error:.6}");
    });
    let weights: Vec<i32> = fit.weights.iter().map(|w| w.round() as i32).collect();
    eprintln!(
        "tune: K {:.4}, error {:.6} -> {:.6}, {} weights fitted",
        fit.k, fit.error_before, fit.error_after, fit.tuned
    );
    let made_by = [
        made_with.unwrap_or_else(|| "ultima datagen (command not recorded)".into())
            + &format!(" --out {data}"),
        format!("ultima tune --data {data} --iterations {iterations} --out {out}"),
    ];
    std::fs::write(out, source(&weights, &made_by, &fit, samples.len()))
        .map_err(|e| format!("cannot write {out}: {e}"))?;
    eprintln!("tune: wrote {out}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ultima::Role;
    use ultima_engine::players::random_move;
    use ultima_engine::Rng;

    /// Positions of random games, each scored by `truth`'s evaluation through the sigmoid.
    fn synthetic(truth: &EvalParams, k: f64, n: usize) -> Vec<Sample> {
        let weights: Vec<f64> = truth.weights().iter().map(|&w| w as f64).collect();
        let mut rng = Rng::new(5);
        let mut samples = Vec::new();
        while samples.len() < n {
            let mut pos = Position::default();
            for _ in 0..rng.below(60) + 4 {
                let Some(m) = random_move(&pos, &mut rng) else {
                    break;
                };
                pos.play_unchecked(m);
            }
            let mut s = Sample::new(&pos, 0.0);
            s.target = sigmoid(k, s.eval(&weights));
            samples.push(s);
        }
        samples
    }

    #[test]
    fn a_small_fit_finds_the_weights_that_made_the_data() {
        let mut truth = EvalParams::hand();
        truth.value[Role::Withdrawer.index()] = 650;
        truth.tempo = 40;
        let samples = synthetic(&truth, 1.2, 3000);
        let start = EvalParams::hand().weights();
        let fit = fit(&samples, &start, 400, 2, |_, _| {});
        assert!(fit.error_after < fit.error_before / 10.0, "{fit:?}");
        let w = |w: Weight| fit.weights[w.index()];
        // Most of the way from the hand-set weight to the true one.
        assert!(
            w(Weight::Value(Role::Withdrawer)) > 600.0,
            "{}",
            w(Weight::Value(Role::Withdrawer))
        );
        assert!(w(Weight::Tempo) > 30.0, "{}", w(Weight::Tempo));
        assert_eq!(
            w(Weight::Value(Role::Pawn)),
            100.0,
            "the Pawn anchors the scale"
        );
    }

    #[test]
    fn the_fit_is_the_same_with_any_number_of_threads() {
        let samples = synthetic(&EvalParams::hand(), 1.0, 2 * BLOCK + 100);
        let start = EvalParams::hand().weights();
        let one = fit(&samples, &start, 3, 1, |_, _| {});
        let three = fit(&samples, &start, 3, 3, |_, _| {});
        assert_eq!(one, three);
    }

    #[test]
    fn bad_data_lines_are_named() {
        let ok = "1 4k3/8/8/8/8/8/8/4K3 w";
        assert_eq!(parse_data(ok, 2).unwrap().1.len(), 1);
        for (text, expected) in [
            ("# made\n2 4k3/8/8/8/8/8/8/4K3 w", "line 2: score '2'"),
            ("1 4k3/8/8/9/8/8/8/4K3 w", "line 1:"),
            ("1", "line 1: not"),
            ("# nothing\n", "no positions"),
        ] {
            let e = parse_data(text, 2).unwrap_err();
            assert!(e.contains(expected), "{text:?}: {e}");
        }
    }

    #[test]
    fn the_source_lists_every_weight_with_its_name() {
        let p = EvalParams::hand();
        let fit = Fit {
            weights: vec![],
            k: 1.0,
            error_before: 0.1,
            error_after: 0.09,
            tuned: 3,
        };
        let s = source(&p.weights(), &["ultima datagen".into()], &fit, 10);
        assert!(s.contains("    450, // value withdrawer\n"));
        assert_eq!(s.matches(", // ").count(), Weight::COUNT);
    }
}

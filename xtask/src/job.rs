//! Long set-up commands (tool installs, the first build) run quietly: their output goes to a log
//! file under `target/xtask/`, and xtask shows one line of progress instead (what runs, for how
//! long, how many crates cargo has compiled, and how long it usually takes). A job runs on its
//! own thread, so two can overlap (the machine has more than one core, and a download or a
//! link leaves cores idle); a failed command is reported with the end of its log.

use std::fmt::Write as _;
use std::fs::{self, File};
use std::io::{BufRead, BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::Elapsed;

/// How many lines of a failed command's log are shown.
const TAIL_LINES: usize = 30;

/// One command of a job.
pub struct Task {
    /// What it does, e.g. "install trunk 0.21.14".
    pub name: String,
    /// How long it usually takes, e.g. "1–2 min on 2 cores".
    pub usually: String,
    /// About how many crates cargo compiles for it (0: not a cargo build).
    pub crates: usize,
    /// The command; when it fails, the fallback (if any) is run instead.
    pub command: Command,
    pub fallback: Option<(String, Command)>,
    /// Where its output goes.
    pub log: PathBuf,
    /// A folder to remove once it succeeded (a tool install's target directory).
    pub cleanup: Option<PathBuf>,
    /// What to try when it fails.
    pub hint: String,
}

/// What a job is doing now.
#[derive(Default)]
struct State {
    /// The task running, when it started, its estimate and crate count.
    current: Option<(String, Instant, String, usize)>,
    /// Crates compiled by the current task's cargo so far.
    compiled: usize,
    /// The tasks done, with their wall times.
    done: Vec<(String, Duration)>,
    /// The task that failed, and after how long.
    failed: Option<(String, Duration)>,
}

/// Tasks run one after the other on a thread of their own.
pub struct Job {
    state: Arc<Mutex<State>>,
    stop: Arc<AtomicBool>,
    handle: Option<JoinHandle<Result<(), String>>>,
}

impl Job {
    pub fn start(tasks: Vec<Task>) -> Job {
        let state = Arc::new(Mutex::new(State::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let handle = {
            let (state, stop) = (Arc::clone(&state), Arc::clone(&stop));
            thread::spawn(move || {
                for task in tasks {
                    run_task(task, &state, &stop)?;
                }
                Ok(())
            })
        };
        Job {
            state,
            stop,
            handle: Some(handle),
        }
    }

    /// One line on what the job is doing, e.g. "install trunk 0.21.14: 1m12s, 143 of about
    /// 310 crates compiled (usually 1–2 min on 2 cores)", or its last task's outcome.
    pub fn status(&self) -> String {
        let state = self.state.lock().unwrap();
        match &state.current {
            Some((name, since, usually, crates)) => {
                let mut line = format!("{name}: {}", Elapsed(since.elapsed()));
                if *crates > 0 {
                    let _ = write!(
                        line,
                        ", {} of about {crates} crates compiled",
                        state.compiled
                    );
                }
                let _ = write!(line, " (usually {usually})");
                line
            }
            None => match (&state.failed, state.done.last()) {
                (Some((name, took)), _) => format!("{name}: FAILED after {}", Elapsed(*took)),
                (None, Some((name, took))) => format!("{name}: done in {}", Elapsed(*took)),
                (None, None) => "starting".to_string(),
            },
        }
    }

    pub fn failed(&self) -> bool {
        self.state.lock().unwrap().failed.is_some()
    }

    pub fn is_finished(&self) -> bool {
        self.handle.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// Waits for the job; its tasks and their wall times, or what failed.
    pub fn wait(mut self) -> Result<Vec<(String, Duration)>, String> {
        let outcome = match self.handle.take() {
            Some(handle) => handle
                .join()
                .unwrap_or_else(|_| Err("the job's thread panicked".to_string())),
            None => Ok(()),
        };
        let done = std::mem::take(&mut self.state.lock().unwrap().done);
        outcome.map(|()| done)
    }
}

impl Drop for Job {
    /// A job that is dropped before it finished (another step failed) stops its command.
    fn drop(&mut self) {
        if let Some(handle) = self.handle.take() {
            self.stop.store(true, Ordering::SeqCst);
            let _ = handle.join();
        }
    }
}

/// Waits for every job, showing their progress: on a terminal one line redrawn every second,
/// otherwise a line every 30 seconds; a line for each job as it ends. Returns each job's
/// outcome, in order.
pub fn wait_all(jobs: Vec<Job>) -> Vec<Result<Vec<(String, Duration)>, String>> {
    let terminal = std::io::stdout().is_terminal();
    let every = if terminal {
        Duration::from_secs(1)
    } else {
        Duration::from_secs(30)
    };
    let mut last = Instant::now();
    let mut drawn = false;
    let mut reported = vec![false; jobs.len()];
    loop {
        let mut out = std::io::stdout().lock();
        for (job, reported) in jobs.iter().zip(&mut reported) {
            if job.is_finished() && !*reported {
                *reported = true;
                if drawn {
                    let _ = write!(out, "\r\x1b[K");
                    drawn = false;
                }
                let _ = writeln!(out, "    {}", job.status());
            }
        }
        if reported.iter().all(|r| *r) {
            break;
        }
        if last.elapsed() >= every {
            last = Instant::now();
            let line = jobs
                .iter()
                .filter(|j| !j.is_finished())
                .map(Job::status)
                .collect::<Vec<_>>()
                .join(" · ");
            if terminal {
                // Rewrite the line, cut to a usual terminal's width.
                let line: String = line.chars().take(150).collect();
                let _ = write!(out, "\r\x1b[K    … {line}");
                drawn = true;
            } else {
                let _ = writeln!(out, "    … {line}");
            }
        }
        let _ = out.flush();
        drop(out);
        thread::sleep(Duration::from_millis(100));
    }
    jobs.into_iter().map(Job::wait).collect()
}

fn run_task(task: Task, state: &Arc<Mutex<State>>, stop: &AtomicBool) -> Result<(), String> {
    let Task {
        name,
        usually,
        crates,
        mut command,
        fallback,
        log,
        cleanup,
        hint,
    } = task;
    let started = Instant::now();
    {
        let mut s = state.lock().unwrap();
        s.current = Some((name.clone(), started, usually, crates));
        s.compiled = 0;
    }
    let mut outcome = run_logged(&mut command, &log, false, state, stop);
    if let (Err(first), Some((why, mut again))) = (&outcome, fallback) {
        if !stop.load(Ordering::SeqCst) {
            append(
                &log,
                &format!("\n\n==== {first}\n==== {why}: {}\n", shown(&again)),
            );
            outcome = run_logged(&mut again, &log, true, state, stop);
        }
    }
    if let (Ok(()), Some(dir)) = (&outcome, cleanup) {
        // Only disk space is at stake: a folder that stays is reused next time.
        let _ = fs::remove_dir_all(dir);
    }
    let took = started.elapsed();
    let mut s = state.lock().unwrap();
    s.current = None;
    match outcome {
        Ok(()) => {
            s.done.push((name, took));
            Ok(())
        }
        Err(e) => {
            s.failed = Some((name.clone(), took));
            Err(format!(
                "{name} failed after {}: {e}\n{}\n    the whole output: {}\n    try: {hint}",
                Elapsed(took),
                tail(&log, TAIL_LINES),
                log.display()
            ))
        }
    }
}

/// Runs `command` with its output in `log` (appended to it when `append` is set), counting the
/// crates cargo reports compiling; stops it when `stop` is set.
fn run_logged(
    command: &mut Command,
    log: &Path,
    append: bool,
    state: &Arc<Mutex<State>>,
    stop: &AtomicBool,
) -> Result<(), String> {
    let text = shown(command);
    if let Some(dir) = log.parent() {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let file = File::options()
        .create(true)
        .write(true)
        .append(append)
        .truncate(!append)
        .open(log)
        .map_err(|e| format!("cannot write {}: {e}", log.display()))?;
    let mut out = file
        .try_clone()
        .map_err(|e| format!("cannot write {}: {e}", log.display()))?;
    let _ = writeln!(out, "$ {text}");
    let mut child = command
        .stdin(Stdio::null())
        .stdout(file)
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run `{text}`: {e}"))?;
    let stderr = child.stderr.take().expect("stderr is piped");
    let reader = {
        let state = Arc::clone(state);
        thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let _ = writeln!(out, "{line}");
                if line.trim_start().starts_with("Compiling ") {
                    state.lock().unwrap().compiled += 1;
                }
            }
        })
    };
    let status = loop {
        if stop.load(Ordering::SeqCst) {
            // The reader is not waited for: a compiler that cargo started may hold the pipe
            // open until it ends.
            let _ = child.kill();
            let _ = child.wait();
            return Err("stopped".to_string());
        }
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => thread::sleep(Duration::from_millis(100)),
            Err(e) => return Err(format!("cannot wait for `{text}`: {e}")),
        }
    };
    let _ = reader.join();
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{text}` failed ({status})"))
    }
}

fn append(log: &Path, text: &str) {
    if let Ok(mut file) = File::options().append(true).open(log) {
        let _ = file.write_all(text.as_bytes());
    }
}

/// The last `lines` lines of a log, indented.
pub fn tail(log: &Path, lines: usize) -> String {
    let text = fs::read_to_string(log).unwrap_or_default();
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..]
        .iter()
        .map(|l| format!("    | {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A command as a shell line (extra environment first, but not `PATH`).
pub fn shown(cmd: &Command) -> String {
    let mut out = String::new();
    for (key, value) in cmd.get_envs() {
        if let (Some(value), false) = (value, key == "PATH") {
            let _ = write!(
                out,
                "{}={} ",
                key.to_string_lossy(),
                value.to_string_lossy()
            );
        }
    }
    out.push_str(&cmd.get_program().to_string_lossy());
    for arg in cmd.get_args() {
        out.push(' ');
        out.push_str(&arg.to_string_lossy());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Command {
        let mut cmd = Command::new("sh");
        cmd.args(["-c", script]);
        cmd
    }

    fn task(dir: &Path, name: &str, script: &str) -> Task {
        Task {
            name: name.to_string(),
            usually: "a moment".to_string(),
            crates: 3,
            command: sh(script),
            fallback: None,
            log: dir.join(format!("{name}.log")),
            cleanup: None,
            hint: "look at the log".to_string(),
        }
    }

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xtask-job-{name}-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn runs_tasks_in_order_and_logs_their_output() {
        let dir = temp_dir("order");
        let job = Job::start(vec![
            task(&dir, "one", "echo out; echo '   Compiling a v1' >&2"),
            task(&dir, "two", "echo second"),
        ]);
        let done = job.wait().unwrap();
        assert_eq!(
            done.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
            ["one", "two"]
        );
        let log = fs::read_to_string(dir.join("one.log")).unwrap();
        assert!(log.contains("out\n"), "{log}");
        assert!(log.contains("Compiling a v1"), "{log}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failure_names_the_task_shows_the_log_tail_and_what_to_try() {
        let dir = temp_dir("fail");
        let job = Job::start(vec![
            task(
                &dir,
                "bad",
                "for i in $(seq 1 40); do echo line$i >&2; done; exit 3",
            ),
            task(&dir, "never", "touch never"),
        ]);
        let error = job.wait().unwrap_err();
        assert!(error.starts_with("bad failed after"), "{error}");
        assert!(error.contains("exit status: 3"), "{error}");
        assert!(
            error.contains("| line40") && error.contains("| line11"),
            "{error}"
        );
        assert!(!error.contains("| line10\n"), "{error}");
        assert!(error.contains("try: look at the log"), "{error}");
        assert!(!dir.join("never").exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_fallback_runs_when_the_command_fails() {
        let dir = temp_dir("fallback");
        let mut first = task(&dir, "locked", "echo first >&2; exit 1");
        first.fallback = Some(("retrying".to_string(), sh("echo second")));
        Job::start(vec![first]).wait().unwrap();
        let log = fs::read_to_string(dir.join("locked.log")).unwrap();
        assert!(log.contains("first") && log.contains("retrying: sh -c echo second"));
        assert!(log.contains("second\n"), "{log}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn progress_counts_compiled_crates_and_a_dropped_job_stops() {
        let dir = temp_dir("progress");
        let job = Job::start(vec![task(
            &dir,
            "slow",
            "echo '   Compiling a v1' >&2; echo '   Compiling b v1' >&2; sleep 30",
        )]);
        let started = Instant::now();
        while !job.status().contains("2 of about 3 crates") {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "{}",
                job.status()
            );
            thread::sleep(Duration::from_millis(20));
        }
        assert!(job.status().starts_with("slow: "));
        assert!(job.status().ends_with("(usually a moment)"));
        drop(job);
        assert!(started.elapsed() < Duration::from_secs(10));
        fs::remove_dir_all(&dir).unwrap();
    }
}

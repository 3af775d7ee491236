//! Another build of `ultima` as a match player, so that `ultima match` can play two builds
//! against each other: the player `exe:<path>[,<player>]` starts `<path> play-engine
//! <player>` and asks it for moves over its standard input and output, one line each way.
//!
//! The protocol, version 1 (lines of UTF-8 text, fields of `go` separated by tabs, since
//! position strings hold spaces):
//!
//! ```text
//! child at start:  ultima play-engine 1 <player name>
//! parent:          new <seed>                                    child: ok
//! parent:          go <rules>\t<start position>\t<moves, spaces>  child: move <move> <nodes> <depth>
//! child, on a request it cannot serve:                           error <message>
//! ```
//!
//! This module is the protocol and the parent's side; [`crate::play_engine`] is the child's.
//! The child holds the game's engine between requests, so its transposition table and seed
//! carry over from move to move exactly as for a player inside the match: the same build as
//! `exe:` plays the same games as in-process. The parent closes the child's input to end it.
//! Every wait for the child has a deadline, so a silent or crashed build stops the match
//! with a message instead of hanging it.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;
use ultima::{Game, Move, Position};
use ultima_engine::Limits;

/// The first words of the child's greeting; the version changes with the protocol.
pub const GREETING: &str = "ultima play-engine 1";
/// How much of the child's standard error is kept for error messages.
const STDERR_KEPT: usize = 2000;

/// The request for a move in `game`: its rules, start position and moves.
pub fn go_line(game: &Game) -> String {
    let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
    format!(
        "go {}\t{}\t{}",
        game.rules(),
        game.start().to_fen(),
        moves.join(" ")
    )
}

/// The game of a `go` request (the text after `go `).
pub fn parse_go(fields: &str) -> Result<Game, String> {
    let mut parts = fields.split('\t');
    let (Some(rules), Some(fen), Some(moves), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err("'go' needs three tab-separated fields: rules, position, moves".into());
    };
    let rules = rules.parse().map_err(|e| format!("{e}"))?;
    let start = Position::from_fen(fen, rules).map_err(|e| e.to_string())?;
    let mut game = Game::new(start);
    for (i, text) in moves.split_whitespace().enumerate() {
        game.play_text(text)
            .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
    }
    Ok(game)
}

/// A move chosen by the other build, with its search's figures.
pub struct Reply {
    pub mv: Move,
    pub nodes: u64,
    pub depth: u64,
}

/// The parent's side: a running child build.
pub struct Remote {
    path: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<std::io::Result<String>>,
    stderr: Arc<Mutex<String>>,
    /// Disconnects when the child's standard error has ended (its reader is done).
    stderr_ended: Receiver<()>,
    /// The longest wait for an answer.
    timeout: Duration,
}

impl Remote {
    /// Starts `<path> play-engine <player>`, passing on the match's limits and hash size, and
    /// waits up to `timeout` for its greeting.
    pub fn start(
        path: &str,
        player: &str,
        global: &Limits,
        hash: usize,
        timeout: Duration,
    ) -> Result<Remote, String> {
        let mut command = Command::new(path);
        command.arg("play-engine").arg(player);
        if let Some(t) = global.time_ms {
            command.arg(format!("--time-ms={t}"));
        }
        if let Some(n) = global.nodes {
            command.arg(format!("--nodes={n}"));
        }
        let mut child = command
            .arg(format!("--hash={hash}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start the build '{path}': {e}"))?;
        let (send, lines) = mpsc::channel();
        if let Some(stdout) = child.stdout.take() {
            thread::spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    if send.send(line).is_err() {
                        break;
                    }
                }
            });
        }
        let stderr = Arc::new(Mutex::new(String::new()));
        let (ended, stderr_ended) = mpsc::channel::<()>();
        if let Some(mut pipe) = child.stderr.take() {
            let kept = Arc::clone(&stderr);
            thread::spawn(move || {
                // Dropped when the reader returns: the end of the child's error output.
                let _ended = ended;
                let mut buf = [0u8; 512];
                while let Ok(n @ 1..) = pipe.read(&mut buf) {
                    if let Ok(mut text) = kept.lock() {
                        if text.len() < STDERR_KEPT {
                            text.push_str(&String::from_utf8_lossy(&buf[..n]));
                        }
                    }
                }
            });
        }
        let mut remote = Remote {
            path: path.to_string(),
            stdin: child.stdin.take(),
            child,
            lines,
            stderr,
            stderr_ended,
            timeout,
        };
        let greeting = remote.answer("starting")?;
        if !greeting.starts_with(GREETING) {
            return Err(format!(
                "'{path}' is not a build of ultima that speaks play-engine protocol 1: it \
                 said '{}'",
                clip(&greeting)
            ));
        }
        Ok(remote)
    }

    /// Starts a new game with `seed`.
    pub fn new_game(&mut self, seed: u64) -> Result<(), String> {
        match self
            .ask(&format!("new {seed}"), "starting a game")?
            .as_str()
        {
            "ok" => Ok(()),
            other => Err(self.bad_reply("new", other)),
        }
    }

    /// The other build's move in `game`, checked against the rules.
    pub fn choose(&mut self, game: &Game) -> Result<Reply, String> {
        let answer = self.ask(&go_line(game), "choosing a move")?;
        let mut words = answer.split(' ');
        let parsed = match (words.next(), words.next(), words.next(), words.next()) {
            (Some("move"), Some(text), Some(nodes), Some(depth)) => {
                match (
                    game.position().parse_move(text),
                    nodes.parse(),
                    depth.parse(),
                ) {
                    (Ok(mv), Ok(nodes), Ok(depth)) => Some(Reply { mv, nodes, depth }),
                    _ => None,
                }
            }
            _ => None,
        };
        parsed.ok_or_else(|| {
            format!(
                "{} (position {})",
                self.bad_reply("go", &answer),
                game.position().to_fen()
            )
        })
    }

    /// Sends `request` and waits for the answer; `doing` names the step for messages.
    fn ask(&mut self, request: &str, doing: &str) -> Result<String, String> {
        let sent = match &mut self.stdin {
            Some(stdin) => writeln!(stdin, "{request}").and_then(|()| stdin.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        match sent {
            Ok(()) => {}
            Err(e) => return Err(self.failure(doing, &format!("cannot write to it ({e})"))),
        }
        let answer = self.answer(doing)?;
        match answer.strip_prefix("error ") {
            Some(message) => Err(format!("'{}' refused {doing}: {message}", self.path)),
            None => Ok(answer),
        }
    }

    /// The child's next line, within the timeout.
    fn answer(&mut self, doing: &str) -> Result<String, String> {
        match self.lines.recv_timeout(self.timeout) {
            Ok(Ok(line)) => Ok(line),
            Ok(Err(e)) => Err(self.failure(doing, &format!("its output is unreadable ({e})"))),
            Err(RecvTimeoutError::Timeout) => {
                let _ = self.child.kill();
                Err(self.failure(
                    doing,
                    &format!(
                        "no answer within {:.1} s, so it was stopped",
                        self.timeout.as_secs_f64()
                    ),
                ))
            }
            Err(RecvTimeoutError::Disconnected) => Err(self.failure(doing, "its output ended")),
        }
    }

    /// A message for a failed step, with the child's exit status and standard error.
    fn failure(&mut self, doing: &str, what: &str) -> String {
        // The output has ended or the child was killed: it exits within moments.
        let mut status = None;
        for _ in 0..50 {
            match self.child.try_wait() {
                Ok(Some(s)) => {
                    status = Some(s);
                    break;
                }
                Ok(None) => thread::sleep(Duration::from_millis(20)),
                Err(_) => break,
            }
        }
        // Let the stderr reader collect the child's last words: it ends when the pipe closes,
        // which an exited child's does at once (a loaded machine may take a while to say so;
        // a grandchild still holding the pipe is not waited for longer than this).
        let _ = self.stderr_ended.recv_timeout(Duration::from_secs(5));
        let stderr = self
            .stderr
            .lock()
            .map(|s| s.trim().to_string())
            .unwrap_or_default();
        format!(
            "the build '{}' failed while {doing}: {what}{}{}",
            self.path,
            status.map_or(String::new(), |s| format!("; it exited with {s}")),
            if stderr.is_empty() {
                String::new()
            } else {
                format!("; its error output: {}", clip(&stderr))
            }
        )
    }

    fn bad_reply(&self, request: &str, answer: &str) -> String {
        format!(
            "the build '{}' answered '{request}' with '{}', which is not a valid reply",
            self.path,
            clip(answer)
        )
    }
}

impl Drop for Remote {
    fn drop(&mut self) {
        // Closing its input ends a healthy child; a stuck one is killed.
        self.stdin = None;
        for _ in 0..25 {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The first line of `text`, at most 200 characters of it, for messages.
fn clip(text: &str) -> String {
    let mut out: String = text
        .lines()
        .next()
        .unwrap_or("")
        .chars()
        .take(200)
        .collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_requests_round_trip() {
        let mut game = Game::new(Position::default());
        for _ in 0..6 {
            let m = game.position().legal_moves()[0];
            game.play(m).unwrap();
        }
        let line = go_line(&game);
        let back = parse_go(line.strip_prefix("go ").unwrap()).unwrap();
        assert_eq!(back.moves(), game.moves());
        assert_eq!(back.position().to_fen(), game.position().to_fen());
        assert!(parse_go("default\tstart").is_err());
        assert!(parse_go("default\tnonsense\t").is_err());
        let fen = Position::default().to_fen();
        assert!(parse_go(&format!("default\t{fen}\ta1-a9")).is_err());
        assert!(parse_go(&format!("rules_unknown\t{fen}\t")).is_err());
    }

    #[test]
    fn messages_keep_the_first_line() {
        assert_eq!(clip("unknown option\nusage: ..."), "unknown option…");
        assert_eq!(clip("short"), "short");
        assert_eq!(clip(&"x".repeat(300)).chars().count(), 201);
    }
}

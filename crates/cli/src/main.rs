//! `ultima`: the command line of the Ultima rules engine.
//!
//! ```text
//! ultima moves  "<position>" [--rules <rules>]
//! ultima perft  "<position>" <depth> [--rules <rules>]
//! ultima divide "<position>" <depth> [--rules <rules>]
//! ultima search "<position>" [--depth N | --time-ms T | --nodes N | --level N]
//! ultima analyse "<position>" [--multipv N] [--depth N | --time-ms T | --nodes N] [--json]
//! ultima review <record file | -> [--nodes N] [--json | --annotate]
//! ultima bench  [--depth N] [--player <player>] [--file F]
//! ultima match  --a <player> --b <player> --games N [--time-ms T | --nodes N]
//!               [--plies-random K] [--seed S] [--sprt elo0,elo1] [--jobs J]
//! ultima tactics [--check | --verify] [--time-ms T] [--level N] [--file F]
//! ultima play-engine <player>   (the other side of a match player exe:<path>,<player>)
//! ultima puzzles [--games N] [--seed S] [--plies-random K] [--out F] [--jobs J]
//! ultima puzzles --verify [--out F]
//! ultima datagen --out F [--games N] [--seed S] [--nodes K] [--plies-random P] [--max-plies M] [--jobs J]
//! ultima tune    --data F [--out F] [--iterations N] [--jobs J]
//! ```
//!
//! `<position>` is a position string (RULES §6.1) or `start`; `<rules>` is the rules text of
//! [`ultima::Rules`] (`default`, `king_capture`, `distance_1968`, …). Bad arguments print a
//! message on stderr and exit with code 2; `--help` (anywhere), `-h` or `help` print the usage on
//! stdout.

/// `println!` that ends the program quietly once standard output is closed, as when the
/// output is piped into `head`: the reader has all it wanted, and `println!` would panic.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

mod clock;
mod datagen;
mod matches;
mod mine;
mod mining;
mod options;
mod parallel;
mod play_engine;
mod players;
mod puzzle;
mod puzzles;
mod remote;
mod review;
mod tactics;
mod think;
mod tune;

use std::process::ExitCode;
use std::time::Instant;
use ultima::{divide, perft, Position, Rules};

const USAGE: &str = "usage:
  ultima moves  \"<position>\" [--rules <rules>]
  ultima perft  \"<position>\" <depth> [--rules <rules>]
  ultima divide \"<position>\" <depth> [--rules <rules>]
  ultima search \"<position>\" [--depth N | --time-ms T | --nodes N | --level N]
                [--rules <rules>] [--hash MB] [--seed S]
  ultima analyse \"<position>\" [--multipv N] [--depth N | --time-ms T | --nodes N]
                [--rules <rules>] [--hash MB] [--json]
  ultima review <record file | -> [--nodes N] [--json | --annotate]
  ultima bench  [--depth N] [--hash MB] [--player level:N,<setting>=<value>,...] [--file F]
  ultima match  --a <player> --b <player> --games N [--time-ms T | --nodes N]
                [--plies-random K] [--seed S] [--sprt elo0,elo1] [--rules <rules>]
                [--max-plies N] [--hash MB] [--verbose 0|1] [--exe-timeout S] [--jobs J]
  ultima tactics [--time-ms T] [--level N] [--only <id prefix>] [--file F] [--hash MB]
  ultima tactics --check | --verify [--nodes N] [--margin CP]   (the tactical test set)
  ultima tactics --mine [--games N] [--seed S] [--nodes N] [--plies-random K]
  ultima play-engine <player> [--time-ms T | --nodes N] [--hash MB]
  ultima puzzles [--games N] [--seed S] [--plies-random K] [--out F] [--jobs J]
  ultima puzzles --verify [--out F]   (mines or checks the puzzle set)
  ultima datagen --out F [--games N] [--seed S] [--nodes K] [--plies-random P]
                [--max-plies M] [--jobs J]   (training positions from self-play)
  ultima tune   --data F [--out F] [--iterations N] [--jobs J]   (fits the evaluation)
<player>: random, greedy, minimax2, level:N (1-8), or level:N,<setting>=<value>,...
          with settings time (ms), nodes, depth, noise (centipawns), vary (0/1: level 8's
          noise in its first moves, 1 by default), hash (MB), and for
          testing changes nmp, lmr, rfp (from depth; 0 = off), asp (window), qdepth, fut (margin),
          checkext (0/1), lmp (late move pruning to depth; 0 = off), unfinished (0/1: play
          the better move of an iteration the clock stops), cm (0/1: counter moves),
          ch (0/1: continuation history), hr (history score per ply of late move
          reduction, 16384 by default; 0 = off), cf (0/1: a node's captures listed and
          tried before its other moves are listed), tte (0/1: the pruning tests read
          the transposition table's score where its bound is beyond the static
          evaluation), cor (0/1: the static evaluation corrected by how far earlier
          nodes' searches found it off), lmrl (late move reductions of 0.5 + ln(depth)
          * ln(move number) / (lmrl / 100) plies, 150 by default; 0 = 1 to 3 plies),
          iir (a node without a table move searched a ply shallower, from depth; 0 = off),
          imp (0/1: prune more where the mover's evaluation is not improving),
          mob (centipawns per square of mobility), tuned (1, the default: the
          evaluation's weights fitted by ultima tune; 0: the hand-set ones);
          or exe:<path>[,<player>]: another build of ultima (default player level:8),
          run as '<path> play-engine <player>' and asked for moves, at most S seconds
          (default 60) beyond twice its time per move
<position>: a position string such as \"clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w\", or start
<rules>: default, or options joined by commas: king_capture, distance_1968,
         no_repetition_draw, no_move_limit_draw, no_bare_kings_draw";

/// The parsed command line.
struct Args {
    command: String,
    position: Position,
    depth: Option<u32>,
}

fn parse_args(raw: &[String]) -> Result<Args, String> {
    let mut rules = Rules::default();
    let mut positional = Vec::new();
    // Reported after the command is known: `ultima play --level 9` is a wrong command first.
    let mut unknown = None;
    let mut it = raw.iter();
    while let Some(arg) = it.next() {
        if arg == "--rules" {
            let value = it.next().ok_or("--rules needs a value")?;
            rules = value.parse().map_err(|e| format!("{e}"))?;
        } else if let Some(value) = arg.strip_prefix("--rules=") {
            rules = value.parse().map_err(|e| format!("{e}"))?;
        } else if arg.starts_with("--") {
            unknown.get_or_insert(arg);
        } else {
            positional.push(arg.as_str());
        }
    }
    let (command, rest) = positional.split_first().ok_or("no command given")?;
    let wants_depth = match *command {
        "moves" => false,
        "perft" | "divide" => true,
        other => return Err(format!("unknown command '{other}'")),
    };
    if let Some(arg) = unknown {
        return Err(format!("unknown option {arg}"));
    }
    let expected = if wants_depth { 2 } else { 1 };
    if rest.len() != expected {
        return Err(format!(
            "'{command}' takes {expected} argument{}, got {}",
            if expected == 1 { "" } else { "s" },
            rest.len()
        ));
    }
    let position = match rest[0] {
        "start" => Position::start(Default::default(), rules),
        text => Position::from_fen(text, rules).map_err(|e| e.to_string())?,
    };
    let depth = if wants_depth {
        let d: u32 = rest[1]
            .parse()
            .map_err(|_| format!("depth '{}' is not a whole number", rest[1]))?;
        if d > 12 {
            return Err(format!("depth {d} is too deep (at most 12)"));
        }
        Some(d)
    } else {
        None
    };
    Ok(Args {
        command: command.to_string(),
        position,
        depth,
    })
}

/// The engine's commands, which parse their own options. `Ok(false)`: the command ran but
/// its test failed (exit code 1, no usage text).
fn engine_command(raw: &[String]) -> Option<Result<bool, String>> {
    let (command, rest) = raw.split_first()?;
    Some(match command.as_str() {
        "search" => think::search(rest).map(|()| true),
        "analyse" | "analyze" => think::analyse(rest).map(|()| true),
        "review" => review::run(rest).map(|()| true),
        "bench" => think::bench(rest).map(|()| true),
        "match" => matches::run(rest).map(|()| true),
        "tactics" => tactics::Mode::split(rest).and_then(|(mode, rest)| match mode {
            tactics::Mode::Test(test) => tactics::run(test, &rest),
            tactics::Mode::Mine => mine::run(&rest).map(|()| true),
        }),
        "play-engine" => play_engine::serve(rest).map(|()| true),
        "puzzles" => puzzles::run(rest),
        "datagen" => datagen::run(rest).map(|()| true),
        "tune" => tune::run(rest).map(|()| true),
        _ => return None,
    })
}

/// Whether the command line asks for help: `--help` anywhere (so that `ultima search --help`
/// is help too), or `-h` or `help` as the command.
fn asks_for_help(raw: &[String]) -> bool {
    raw.iter().any(|arg| arg == "--help")
        || matches!(raw.first().map(String::as_str), Some("-h" | "help"))
}

fn main() -> ExitCode {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    if asks_for_help(&raw) {
        say!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    if let Some(done) = engine_command(&raw) {
        return match done {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::FAILURE,
            Err(e) => {
                eprintln!("ultima: {e}\n{USAGE}");
                ExitCode::from(2)
            }
        };
    }
    let args = match parse_args(&raw) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("ultima: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let pos = &args.position;
    match (args.command.as_str(), args.depth) {
        ("moves", _) => {
            for m in pos.legal_moves() {
                say!("{m}");
            }
        }
        ("perft", Some(depth)) => {
            let start = Instant::now();
            let nodes = perft(pos, depth);
            let secs = start.elapsed().as_secs_f64();
            say!("{nodes}");
            eprintln!(
                "{nodes} nodes in {secs:.3} s: {:.1} million nodes per second",
                nodes as f64 / secs.max(1e-9) / 1e6
            );
        }
        ("divide", Some(depth)) => {
            let mut total = 0;
            for (m, n) in divide(pos, depth.max(1)) {
                say!("{m} {n}");
                total += n;
            }
            say!("total {total}");
        }
        _ => unreachable!("parse_args checked the command"),
    }
    ExitCode::SUCCESS
}

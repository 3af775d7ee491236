//! The engine's commands: `search` (the best move of one position), `analyse` (its best
//! lines, as the browser's analysis reports them) and `bench` (speed on fixed positions).

use crate::clock;
use crate::options::Options;
use crate::players::Spec;
use ultima::{Position, Rules};
use ultima_engine::{Config, Deadline, Engine, Iteration, Level, Limits, Report};

/// Prints an iteration of `ultima search`, `ms` milliseconds after the start.
fn print_iteration(info: &Iteration<'_>, ms: f64) {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    say!(
        "depth {:>2} seldepth {:>2} score {:>7} nodes {:>10} nps {:>9.0} time {:>6} ms  pv {}",
        info.depth,
        info.seldepth,
        info.score.to_string(),
        info.nodes,
        info.nodes as f64 / (ms / 1000.0).max(1e-9),
        ms as u64,
        pv.join(" ")
    );
}

fn hash_mb(o: &Options) -> Result<usize, String> {
    Ok(o.number("hash", 1..=4096)?
        .unwrap_or(Config::DEFAULT_HASH_MB))
}

/// `ultima search "<position>" [--depth N | --time-ms T | --nodes N | --level N]`.
pub fn search(raw: &[String]) -> Result<(), String> {
    let o = Options::parse(
        raw,
        &[
            "depth", "time-ms", "nodes", "level", "rules", "hash", "seed",
        ],
    )?;
    o.exclusive(&["depth", "time-ms", "nodes", "level"])?;
    let pos = the_position("search", &o)?;
    let mut limits = Limits::default();
    if let Some(d) = o.number("depth", 1..=100)? {
        limits.depth = Some(d);
    } else if let Some(t) = o.number("time-ms", 1..=86_400_000)? {
        limits.time_ms = Some(t);
    } else if let Some(n) = o.number("nodes", 1..=u64::MAX)? {
        limits.nodes = Some(n);
    } else if let Some(l) = o.number("level", 1..=8u8)? {
        let level = Level::new(l).expect("checked range");
        limits = level.in_position(level.limits(), &pos);
    } else {
        limits.time_ms = Some(Level::DEFAULT_TIME_MS);
    }
    let seed = o.number("seed", 0..=u64::MAX)?.unwrap_or(0);
    let mut engine = Engine::new(Config {
        hash_mb: hash_mb(&o)?,
        seed,
        ..Config::default()
    });
    let mut handler = clock::deadline(limits.time_ms, print_iteration);
    let result = engine.search(&pos, &[], limits, &mut handler);
    let secs = handler.elapsed_ms() / 1000.0;
    match result.best_move {
        Some(m) => say!(
            "bestmove {m} ({}) score {} depth {} nodes {} time {} ms nps {:.0}",
            pos.display_move(m),
            result.score,
            result.depth,
            result.nodes,
            (secs * 1000.0) as u64,
            result.nodes as f64 / secs.max(1e-9)
        ),
        None => say!(
            "no legal move: {}",
            match pos.outcome() {
                Some(o) => format!("{o:?}"),
                None => "game over".to_string(),
            }
        ),
    }
    Ok(())
}

/// The one position argument of `command`: a position string, or `start`.
fn the_position(command: &str, o: &Options) -> Result<Position, String> {
    let [text] = o.positional.as_slice() else {
        return Err(format!(
            "'{command}' takes 1 argument (a position), got {}",
            o.positional.len()
        ));
    };
    let rules = o.rules()?;
    match text.as_str() {
        "start" => Ok(Position::start(Default::default(), rules)),
        t => Position::from_fen(t, rules).map_err(|e| e.to_string()),
    }
}

/// `ultima analyse "<position>" [--multipv N] [--depth N | --time-ms T | --nodes N] [--json]`:
/// the best `N` lines after each iteration, each score for the side to move and from White's
/// view — the stream the browser's analysis shows (`Report`), so that the figures of the
/// two can be compared. `--json` prints each report as one line of JSON, as the worker posts
/// it.
pub fn analyse(raw: &[String]) -> Result<(), String> {
    let o = Options::parse_with_flags(
        raw,
        &["multipv", "depth", "time-ms", "nodes", "rules", "hash"],
        &["json"],
    )?;
    o.exclusive(&["depth", "time-ms", "nodes"])?;
    let pos = the_position("analyse", &o)?;
    let mut limits = Limits {
        multipv: o.number("multipv", 1..=32)?.unwrap_or(1),
        ..Limits::default()
    };
    if let Some(d) = o.number("depth", 1..=100)? {
        limits.depth = Some(d);
    } else if let Some(n) = o.number("nodes", 1..=u64::MAX)? {
        limits.nodes = Some(n);
    } else {
        limits.time_ms = Some(
            o.number("time-ms", 1..=86_400_000)?
                .unwrap_or(Level::DEFAULT_TIME_MS),
        );
    }
    if pos.legal_moves().is_empty() {
        return Err(format!(
            "no legal move to analyse: {}",
            match pos.outcome() {
                Some(outcome) => format!("{outcome:?}"),
                None => "the game is over".to_string(),
            }
        ));
    }
    let json = o.has("json");
    let mut engine = Engine::new(Config {
        hash_mb: hash_mb(&o)?,
        ..Config::default()
    });
    let print = |info: &Iteration<'_>, ms: f64| {
        let report = Report::new(&pos, info, ms);
        if json {
            match serde_json::to_string(&report) {
                Ok(line) => say!("{line}"),
                Err(e) => say!("{{\"error\": \"{e}\"}}"),
            }
        } else {
            print_report(&report);
        }
    };
    let mut handler = Deadline::new(
        clock::Wall::start(),
        limits.time_ms.map(|t| t as f64),
        print,
    );
    engine.search(&pos, &[], limits, &mut handler);
    Ok(())
}

/// One report of `ultima analyse`, for people.
fn print_report(report: &Report) {
    say!(
        "depth {:>2} seldepth {:>2} nodes {:>10} nps {:>9} time {:>6} ms",
        report.depth,
        report.seldepth,
        report.nodes,
        report.nps,
        report.time_ms as u64
    );
    for line in &report.lines {
        say!(
            "  {:>2}. {:>7} (White {:>7})  {}",
            line.multipv,
            line.score,
            line.white,
            line.pv.join(" ")
        );
    }
}

/// The bench positions: the start and nine middlegames from level-5 self-play games after
/// four random plies (frozen pieces, checks, multi-captures, open lines).
pub const BENCH_POSITIONS: [&str; 10] = [
    "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1",
    "c1x1kxl1/lp3pp1/w6i/3pp2p/1PW3P1/L7/1P2PP1P/ILXK1X1C w 0 13",
    "2x1kxl1/4ppp1/w4l1i/p6p/1P4P1/4XW2/1P2PP1P/IL1K1X1C w 5 19",
    "1c1w1xli/pp1k2p1/2xl1P2/4p2p/P2P4/5P2/P6P/ILXKWXLC w 3 13",
    "c1xwk2i/4p1pp/1p1p4/2p5/l2P4/p1W1PCP1/PP3P1P/I1XK1X2 w 7 13",
    "c4x2/ppp1lk1p/P1w3l1/P2pi1p1/2PIpp2/X3LPWx/2KPP1PP/1L3X1C w 24 13",
    "clx1k1li/ppp2p2/LP4p1/W2P2wp/px6/X5LP/P3PP1P/I2K1X1C w 5 13",
    "c1x3l1/1lpp2kp/8/L1pPix2/P1PI1p2/5P2/PW2P2P/2XK1XL1 w 1 19",
    "3w4/1p3k1p/1p5p/1c2px1P/2WPi3/pP1CX1P1/P5I1/3K1X1l w 8 25",
    "1c2k1l1/pp2x2p/2x4p/P4P2/3P1w2/2I1i3/P1KX4/1L2WX1C w 2 25",
];

/// `ultima bench [--depth N] [--file F]`: each position searched to a fixed depth with a fresh
/// engine.
pub fn bench(raw: &[String]) -> Result<(), String> {
    let o = Options::parse(raw, &["depth", "hash", "player", "file"])?;
    if !o.positional.is_empty() {
        return Err(format!(
            "'bench' takes no argument, got {}",
            o.positional.len()
        ));
    }
    let depth = o.number("depth", 1..=30)?.unwrap_or(7);
    let hash = hash_mb(&o)?;
    // The engine's settings: the defaults, or a player's (to measure a search change).
    let config = match o.get("player") {
        None => Config {
            hash_mb: hash,
            ..Config::default()
        },
        Some(text) => Spec::parse(text)?.config(hash).ok_or(format!(
            "bench needs an engine player (level:N,...), not '{text}'"
        ))?,
    };
    let positions = match o.get("file") {
        None => BENCH_POSITIONS
            .iter()
            .map(|fen| Position::from_fen(fen, Rules::default()).map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()?,
        Some(path) => read_positions(path)?,
    };
    let mut total_nodes = 0u64;
    let mut total_secs = 0.0;
    say!(
        "{:<68} {:>5} {:>11} {:>9} {:>10}  best",
        "position",
        "depth",
        "nodes",
        "ms",
        "nps"
    );
    for pos in &positions {
        let mut engine = Engine::new(config.clone());
        let mut handler = clock::deadline(None, clock::silent);
        let r = engine.search(pos, &[], Limits::depth(depth), &mut handler);
        let secs = handler.elapsed_ms() / 1000.0;
        total_nodes += r.nodes;
        total_secs += secs;
        say!(
            "{:<68} {:>5} {:>11} {:>9.0} {:>10.0}  {} {}",
            pos.to_string(),
            r.depth,
            r.nodes,
            secs * 1000.0,
            r.nodes as f64 / secs.max(1e-9),
            r.best_move.map_or("-".to_string(), |m| m.to_string()),
            r.score
        );
    }
    say!(
        "total {total_nodes} nodes in {:.3} s: {:.0} nodes per second (depth {depth}, {} positions, signature {total_nodes})",
        total_secs,
        total_nodes as f64 / total_secs.max(1e-9),
        positions.len()
    );
    Ok(())
}

/// The positions of a `bench --file`: one position string a line, blank lines and lines
/// starting with `#` skipped (the form of `bench/positions.txt`).
fn read_positions(path: &str) -> Result<Vec<Position>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let positions = text
        .lines()
        .map(str::trim)
        .enumerate()
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .map(|(i, line)| {
            Position::from_fen(line, Rules::default()).map_err(|e| format!("{path}:{}: {e}", i + 1))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if positions.is_empty() {
        return Err(format!("{path} holds no position"));
    }
    Ok(positions)
}

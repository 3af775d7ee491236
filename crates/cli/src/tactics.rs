//! `ultima tactics`: the tactical test set of the AI (`crates/cli/data/tactics.txt`).
//!
//! Each line of the set is `id | kind | position | solution | comment`: a position string,
//! the one move that solves it in canonical move text, and what kind of tactic it is. The
//! set is a test only if the solution is unique, so three modes:
//!
//! - `--check` (fast, also run by the tests): the file parses, ids are unique, every
//!   solution is legal, and wins in one move are checked exactly with the rules crate.
//! - `--verify`: every solution proved the slow way. Forced wins (`mate-in-N`,
//!   `stalemate-in-1`) by an exhaustive search over the rules crate's moves: the solution
//!   wins within N moves, no other move does, and none wins faster. Material wins by a deep
//!   engine search: its best move is the solution, and every other move, searched on its
//!   own, scores clearly worse.
//! - default: the solve test, the engine at a level and a time per position.
//!
//! `--mine` ([`crate::mine`]) finds candidate positions in self-play.

use crate::clock;
use crate::mining;
use crate::options::Options;
use ultima::{Move, Position, PositionOutcome, Rules};
use ultima_engine::{Config, Engine, Eval, Level, Limits, NoHandler};

/// The set shipped with the CLI; `--file` reads another.
const SET: &str = include_str!("../data/tactics.txt");

/// What a tactic achieves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The side to move leaves the opponent without a legal move (checkmate or stalemate,
    /// both wins: RULES §4) in this many of its own moves, whatever the opponent does.
    Mate(u32),
    /// A win in one move by stalemate: the opponent is not in check but has no legal move.
    Stalemate,
    /// The solution wins material (or the game) by more than any other move.
    Material,
}

impl Kind {
    fn parse(text: &str) -> Result<Kind, String> {
        if text == "stalemate-in-1" {
            return Ok(Kind::Stalemate);
        }
        if text == "material" {
            return Ok(Kind::Material);
        }
        match text.strip_prefix("mate-in-").map(str::parse::<u32>) {
            Some(Ok(n)) if (1..=3).contains(&n) => Ok(Kind::Mate(n)),
            _ => Err(format!(
                "unknown kind '{text}' (mate-in-1, mate-in-2, mate-in-3, stalemate-in-1 or material)"
            )),
        }
    }

    /// The moves within which the win is forced, for the exhaustive kinds.
    fn forced_moves(self) -> Option<u32> {
        match self {
            Kind::Mate(n) => Some(n),
            Kind::Stalemate => Some(1),
            Kind::Material => None,
        }
    }
}

impl core::fmt::Display for Kind {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Kind::Mate(n) => write!(f, "mate-in-{n}"),
            Kind::Stalemate => write!(f, "stalemate-in-1"),
            Kind::Material => write!(f, "material"),
        }
    }
}

/// A plain description of a move: the piece, its path and what it takes, e.g.
/// `long leaper b1-b8 takes pawn b2, pawn b4`.
pub fn describe(pos: &Position, m: Move) -> String {
    let name = |sq| pos.piece_at(sq).map_or("?", |p| p.role.name());
    let mut s = format!("{} {m}", m.role().name());
    if let Some(to) = m.to() {
        s = format!("{} {}-{to}", m.role().name(), m.from());
    }
    let taken: Vec<String> = m
        .captures()
        .into_iter()
        .map(|sq| format!("{} {sq}", name(sq)))
        .collect();
    if !taken.is_empty() {
        s.push_str(&format!(" takes {}", taken.join(", ")));
    }
    s
}

/// One position of the set.
#[derive(Clone, Debug)]
pub struct Tactic {
    pub id: String,
    pub kind: Kind,
    pub position: Position,
    pub solution: Move,
    pub comment: String,
    /// The line of the file, for messages.
    pub line: usize,
}

/// Parses a set: blank lines and lines starting with `#` are skipped.
///
/// # Errors
///
/// The first bad line, with its number: a wrong field count, an unknown kind, a bad
/// position, an illegal solution or one not written canonically, a repeated id.
pub fn parse_set(text: &str) -> Result<Vec<Tactic>, String> {
    let mut out: Vec<Tactic> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let t = parse_line(trimmed).map_err(|e| format!("line {line}: {e}"))?;
        if out.iter().any(|o| o.id == t.id) {
            return Err(format!("line {line}: id '{}' used twice", t.id));
        }
        out.push(Tactic { line, ..t });
    }
    Ok(out)
}

fn parse_line(text: &str) -> Result<Tactic, String> {
    let fields: Vec<&str> = text.split('|').map(str::trim).collect();
    let [id, kind, fen, solution, comment] = fields.as_slice() else {
        return Err(format!(
            "expected 5 fields 'id | kind | position | solution | comment', got {}",
            fields.len()
        ));
    };
    if id.is_empty() || id.contains(char::is_whitespace) {
        return Err(format!("bad id '{id}' (one word needed)"));
    }
    if comment.is_empty() {
        return Err(format!("{id}: the comment is empty"));
    }
    let kind = Kind::parse(kind).map_err(|e| format!("{id}: {e}"))?;
    let position =
        Position::from_fen(fen, Rules::default()).map_err(|e| format!("{id}: position: {e}"))?;
    let m = position
        .parse_move(solution)
        .map_err(|e| format!("{id}: solution '{solution}': {e}"))?;
    if m.to_string() != *solution {
        return Err(format!(
            "{id}: write the solution canonically, as '{m}' (not '{solution}')"
        ));
    }
    Ok(Tactic {
        id: id.to_string(),
        kind,
        position,
        solution: m,
        comment: comment.to_string(),
        line: 0,
    })
}

/// Whether `pos` is won for the side that just moved: the side to move has no legal move.
/// Draws by the position alone (bare Kings, the move limit) are not wins.
fn lost_for_mover(pos: &Position) -> bool {
    matches!(
        pos.outcome(),
        Some(PositionOutcome::Checkmate { .. } | PositionOutcome::Stalemate { .. })
    )
}

/// Whether playing `m` in `pos` wins by force within `moves` moves of the side to move
/// (this one included): an exhaustive AND-OR search over the rules crate's legal moves.
pub fn move_wins_within(pos: &Position, m: Move, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    let mut after = *pos;
    after.play_unchecked(m);
    if lost_for_mover(&after) {
        return true;
    }
    if moves == 1 || after.outcome().is_some() {
        return false;
    }
    after.legal_moves().iter().all(|&reply| {
        let mut next = after;
        next.play_unchecked(reply);
        next.outcome().is_none() && wins_within(&next, moves - 1)
    })
}

/// Whether the side to move wins by force within `moves` of its own moves.
pub fn wins_within(pos: &Position, moves: u32) -> bool {
    pos.legal_moves()
        .iter()
        .any(|&m| move_wins_within(pos, m, moves))
}

/// The exact checks of a forced win in `n`: the solution wins within `n`, no other move
/// does, and (for `n > 1`) nothing wins within `n - 1`. `Ok` with a note, or what fails.
fn check_forced(t: &Tactic, n: u32) -> Result<String, String> {
    let pos = &t.position;
    if !move_wins_within(pos, t.solution, n) {
        return Err(format!("{} does not force a win in {n}", t.solution));
    }
    let others: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|&&m| m != t.solution && move_wins_within(pos, m, n))
        .map(|m| m.to_string())
        .collect();
    if !others.is_empty() {
        return Err(format!("also wins in {n}: {}", others.join(" ")));
    }
    if n > 1 && wins_within(pos, n - 1) {
        return Err(format!("a win in {} exists: not a mate in {n}", n - 1));
    }
    if n == 1 {
        let mut after = *pos;
        after.play_unchecked(t.solution);
        match (t.kind, after.is_check()) {
            (Kind::Stalemate, true) => {
                return Err(format!(
                    "{} gives check: checkmate, not stalemate",
                    t.solution
                ))
            }
            (Kind::Mate(_), false) => {
                return Err(format!(
                    "{} gives no check: stalemate, not mate",
                    t.solution
                ))
            }
            _ => {}
        }
    }
    Ok(format!("forced win in {n}, unique"))
}

/// The fast structural checks of `--check`: one line per failure (empty: all good).
pub fn check_set(set: &[Tactic]) -> Vec<String> {
    let mut failures = Vec::new();
    for t in set {
        if let Some(1) = t.kind.forced_moves() {
            if let Err(e) = check_forced(t, 1) {
                failures.push(format!("{} (line {}): {e}", t.id, t.line));
            }
        }
    }
    failures
}

/// The deep check of a material win: a search to `nodes` nodes whose best move must be the
/// solution, then every other move searched on its own to one ply less than that search
/// reached, each at least `margin` centipawns worse. `Ok` with the figures, or what fails.
fn check_material(t: &Tactic, nodes: u64, margin: i32) -> Result<String, String> {
    let pos = &t.position;
    let mut engine = Engine::new(mining::config(Config::DEFAULT_HASH_MB, 0));
    let deep = engine.search(pos, &[], Limits::nodes(nodes), &mut NoHandler);
    let best = deep.best_move.ok_or("no legal move")?;
    if best != t.solution {
        return Err(format!(
            "deep search (depth {}, {} nodes) prefers {best} ({}) to {}",
            deep.depth, deep.nodes, deep.score, t.solution
        ));
    }
    let child_depth = deep.depth.saturating_sub(1).max(1);
    let mut runner_up: Option<(Move, Eval)> = None;
    for m in pos.legal_moves() {
        if m == t.solution {
            continue;
        }
        let mut after = *pos;
        after.play_unchecked(m);
        let score = if lost_for_mover(&after) {
            Eval::mate_in(1)
        } else if after.outcome().is_some() {
            Eval::DRAW
        } else {
            let r = engine.search(
                &after,
                &[pos.hash()],
                Limits::depth(child_depth),
                &mut NoHandler,
            );
            -r.score
        };
        if runner_up.is_none_or(|(_, s)| score > s) {
            runner_up = Some((m, score));
        }
    }
    let note = format!("depth {} score {}", deep.depth, deep.score);
    let Some((second, second_score)) = runner_up else {
        return Ok(format!("{note}, the only legal move"));
    };
    let gap = deep.score.0 as i32 - second_score.0 as i32;
    let decisive_alone = deep.score.is_mate() && !second_score.is_mate();
    if gap < margin && !decisive_alone {
        return Err(format!(
            "{note}, but {second} scores {second_score} at depth {child_depth} (gap {gap} < {margin})"
        ));
    }
    Ok(format!(
        "{note}; runner-up {second} {second_score} at depth {child_depth}"
    ))
}

/// What `ultima tactics` is asked to do, by a bare flag (every other option takes a value).
pub enum Mode {
    /// Test the set: solve it, `--check` or `--verify` it.
    Test(Test),
    /// `--mine`: find new positions in self-play ([`crate::mine`]).
    Mine,
}

/// The tests of the set (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Test {
    Solve,
    Check,
    Verify,
}

impl Mode {
    /// The mode among `raw` (the arguments after `tactics`), and the other arguments.
    pub fn split(raw: &[String]) -> Result<(Mode, Vec<String>), String> {
        let is_mode = |a: &String| a == "--check" || a == "--verify" || a == "--mine";
        let modes: Vec<&String> = raw.iter().filter(|a| is_mode(a)).collect();
        let rest: Vec<String> = raw.iter().filter(|a| !is_mode(a)).cloned().collect();
        if modes.len() > 1 {
            return Err("--check, --verify and --mine exclude each other".to_string());
        }
        let mode = match modes.first().map(|m| m.as_str()) {
            Some("--mine") => Mode::Mine,
            Some("--check") => Mode::Test(Test::Check),
            Some("--verify") => Mode::Test(Test::Verify),
            _ => Mode::Test(Test::Solve),
        };
        Ok((mode, rest))
    }
}

/// `ultima tactics [--check | --verify] [--file F] [--time-ms T] [--level N] ...`, `raw`
/// without the mode: `Ok(true)` when every position passes, `Ok(false)` when some fail.
pub fn run(test: Test, rest: &[String]) -> Result<bool, String> {
    let o = Options::parse(
        rest,
        &[
            "file", "time-ms", "level", "nodes", "margin", "hash", "only",
        ],
    )?;
    if !o.positional.is_empty() {
        return Err(format!(
            "'tactics' takes no argument, got {}",
            o.positional.len()
        ));
    }
    let text = match o.get("file") {
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?,
        None => SET.to_string(),
    };
    let mut set = parse_set(&text)?;
    if let Some(prefix) = o.get("only") {
        set.retain(|t| t.id.starts_with(prefix));
    }
    let failures = if test == Test::Check {
        let f = check_set(&set);
        say!(
            "{} positions parsed, {} wins in one checked exactly",
            set.len(),
            set.iter()
                .filter(|t| t.kind.forced_moves() == Some(1))
                .count()
        );
        f
    } else if test == Test::Verify {
        let nodes = o.number("nodes", 1..=u64::MAX)?.unwrap_or(DEEP_NODES);
        let margin = o.number("margin", 1..=10_000)?.unwrap_or(DEEP_MARGIN);
        verify(&set, nodes, margin)
    } else {
        o.exclusive(&["nodes", "time-ms"])?;
        o.exclusive(&["nodes", "level"])?;
        let hash = o
            .number("hash", 1..=4096)?
            .unwrap_or(Config::DEFAULT_HASH_MB);
        // A node budget gives a figure that does not depend on the machine's load.
        let limits = match o.number("nodes", 1..=u64::MAX)? {
            Some(n) => Limits::nodes(n),
            None => {
                let level = o.number("level", 1..=8u8)?.unwrap_or(Level::MAX);
                let time = o.number("time-ms", 1..=3_600_000)?.unwrap_or(SOLVE_MS);
                Level::new(level)
                    .ok_or("level out of range")?
                    .limits_with_time(time)
            }
        };
        solve(&set, limits, hash)
    };
    if failures.is_empty() {
        say!("all {} positions pass", set.len());
    } else {
        for f in &failures {
            say!("FAILED {f}");
        }
        say!("{} of {} positions failed", failures.len(), set.len());
    }
    Ok(failures.is_empty())
}

/// The solve test's time per position.
const SOLVE_MS: u64 = 1000;
/// The node budget of `--verify`'s deep search: a few times what a 1 s search reaches,
/// which in these positions is three to five plies deeper (depth 10 to 13 against 7 to 9).
const DEEP_NODES: u64 = 2_000_000;
/// How much worse than the solution every other move must score in a material win.
const DEEP_MARGIN: i32 = 150;

/// The deep check of one tactic: exhaustive for forced wins, by search for material.
pub fn check(t: &Tactic, nodes: u64) -> Result<String, String> {
    check_with_margin(t, nodes, DEEP_MARGIN)
}

fn check_with_margin(t: &Tactic, nodes: u64, margin: i32) -> Result<String, String> {
    match t.kind.forced_moves() {
        Some(n) => check_forced(t, n),
        None => check_material(t, nodes, margin),
    }
}

fn verify(set: &[Tactic], nodes: u64, margin: i32) -> Vec<String> {
    let mut failures = Vec::new();
    for t in set {
        let result = check_with_margin(t, nodes, margin);
        match result {
            Ok(note) => say!("ok     {:<24} {}: {note}", t.id, t.solution),
            Err(e) => {
                say!("FAIL   {:<24} {}: {e}", t.id, t.solution);
                failures.push(format!("{} (line {}): {e}", t.id, t.line));
            }
        }
    }
    failures
}

/// The solve test: a fresh engine per position, solved when its move is the solution.
fn solve(set: &[Tactic], limits: Limits, hash_mb: usize) -> Vec<String> {
    let mut failures = Vec::new();
    for t in set {
        let mut engine = Engine::new(Config {
            hash_mb,
            ..Config::default()
        });
        let mut handler = clock::deadline(limits.time_ms, clock::silent);
        let r = engine.search(&t.position, &[], limits, &mut handler);
        let ms = handler.elapsed_ms() as u64;
        let found = r.best_move.map_or("-".to_string(), |m| m.to_string());
        let solved = r.best_move == Some(t.solution);
        say!(
            "{} {:<24} {:<18} found {:<18} score {:>7} depth {:>2} {:>5} ms",
            if solved { "solved" } else { "MISSED" },
            t.id,
            t.solution.to_string(),
            found,
            r.score.to_string(),
            r.depth,
            ms
        );
        if !solved {
            failures.push(format!("{}: played {found}, wanted {}", t.id, t.solution));
        }
    }
    let solved = set.len() - failures.len();
    say!(
        "solved {solved}/{} ({:.0}%)",
        set.len(),
        100.0 * solved as f64 / set.len().max(1) as f64
    );
    failures
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let good = "a | mate-in-1 | 8/8/8/4k3/2K2I2/8/8/8 w | c4-d5 | frozen King";
        assert_eq!(parse_set(good).unwrap().len(), 1);
        for (text, needle) in [
            (
                "x | mate-in-1 | 8/8/8/4k3/2K2I2/8/8/8 w | c4-d5",
                "5 fields",
            ),
            (
                "x | mate-in-9 | 8/8/8/4k3/2K2I2/8/8/8 w | c4-d5 | c",
                "unknown kind",
            ),
            (
                "x | material | 8/8/8/4k3/2K2I2/8/8/9 w | c4-d5 | c",
                "position",
            ),
            (
                "x | material | 8/8/8/4k3/2K2I2/8/8/8 w | c4-c8 | c",
                "solution",
            ),
            (
                "x | material | 4k3/8/8/p7/8/8/p7/L3K3 w | a1-a6 | c",
                "canonically",
            ),
        ] {
            let e = parse_set(&format!("# comment\n\n{text}")).unwrap_err();
            assert!(e.starts_with("line 3:") && e.contains(needle), "{e}");
        }
        let twice = format!("{good}\n{good}");
        assert!(parse_set(&twice).unwrap_err().contains("used twice"));
    }

    #[test]
    fn forced_wins_are_exact() {
        // RULES §7 example 11: Black's lone King is frozen, so every White move that keeps
        // the Immobilizer beside it wins at once; moving the Immobilizer away does not.
        let pos = Position::from_fen("8/8/8/4k3/2K2I2/8/8/8 w", Rules::default()).unwrap();
        let d5 = pos.parse_move("c4-d5").unwrap();
        assert!(move_wins_within(&pos, d5, 1));
        let away = pos.parse_move("f4-h2").unwrap();
        assert!(!move_wins_within(&pos, away, 1));
        // The engine's mate in two (crates/engine/tests/search.rs): not in one, but in two.
        let pos = Position::from_fen("7k/8/8/8/8/8/8/K1I5 w", Rules::default()).unwrap();
        assert!(!wins_within(&pos, 1));
        assert!(wins_within(&pos, 2));
    }
}

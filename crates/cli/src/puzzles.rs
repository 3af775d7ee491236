//! `ultima puzzles`: mines the puzzle trainer's set (`www/puzzles.json`) from engine self-play.
//!
//! Game `g` of seed `S` is a self-play game ([`crate::mine::self_play`]) whose random numbers
//! come from `S` and `g` alone, so the set is the same wherever and however often it is mined,
//! and mining is incremental: the file records the seed and how many games were mined, and a
//! run with a larger `--games` plays only the games not yet mined, rewriting the file after
//! each game or batch of games (`--jobs`: mined side by side, taken in game order, so the set
//! is the same whatever the number of jobs; a stopped run loses one batch at most). Every position of every game is tried:
//! a quick search first (does the side to move win clearly at the check's depth?), then
//! [`puzzle::find`] (exactly one winning move, and the line), then the solver must not be
//! merely defending ([`puzzle::only_defends`]), and a confirmation two plies deeper (the same
//! first move, still the only win). A game's positions just after one of its puzzles are
//! skipped (they are mostly that puzzle's line), and a position already in the set is not
//! taken again.

use crate::mine::self_play;
use crate::mining::{self, OldLevel};
use crate::options::Options;
use crate::parallel;
use crate::puzzle::{self, Ending, Lead, Puzzle};
use serde_json::{json, Value};
use std::time::Instant;
use ultima::{Position, Rules};
use ultima_engine::{Engine, Limits, NoHandler, Rng};

/// The version of the set file this code writes and reads.
const VERSION: u64 = 1;
/// Positions this close to the 100-ply draw (RULES §5) are no puzzles: the line could run into it.
const MAX_HALFMOVES: u32 = 60;
/// The self-play level: level 2 as it was, which blunders often enough to leave a puzzle in
/// most games.
const PLAYER_LEVEL: OldLevel = OldLevel::Two;
/// How much deeper than the check the generator confirms a puzzle's first move.
const CONFIRM_PLIES: u32 = 2;

/// The set's header: what produced it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub seed: u64,
    pub games: u64,
    pub plies_random: u32,
}

/// Parses a set file.
///
/// # Errors
///
/// What is wrong and where: the JSON, the version, a field, a position, a move that is not
/// legal or not canonical, a repeated id or position, or stored themes, rating or mate count
/// that are not the ones derived from the line.
pub fn parse_set(text: &str) -> Result<(Header, Vec<Puzzle>), String> {
    let root: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    if root.get("version").and_then(Value::as_u64) != Some(VERSION) {
        return Err(format!("the set's version must be {VERSION}"));
    }
    let g = root.get("generator").ok_or("no `generator`")?;
    let number = |key: &str| {
        g.get(key)
            .and_then(Value::as_u64)
            .ok_or(format!("`generator.{key}` must be a whole number"))
    };
    let header = Header {
        seed: number("seed")?,
        games: number("games")?,
        plies_random: u32::try_from(number("pliesRandom")?).map_err(|e| e.to_string())?,
    };
    if number("depth")? != u64::from(puzzle::DEPTH) {
        return Err(format!(
            "the set was mined at another depth than {}",
            puzzle::DEPTH
        ));
    }
    let items = root
        .get("puzzles")
        .and_then(Value::as_array)
        .ok_or("`puzzles` must be an array")?;
    let mut out: Vec<Puzzle> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let p = parse_puzzle(item).map_err(|e| format!("puzzle {}: {e}", i + 1))?;
        if out.iter().any(|o| o.id == p.id) {
            return Err(format!("puzzle {}: id '{}' used twice", i + 1, p.id));
        }
        if out.iter().any(|o| same_position(&o.position, &p.position)) {
            return Err(format!("puzzle {} ({}): position used twice", i + 1, p.id));
        }
        out.push(p);
    }
    Ok((header, out))
}

fn same_position(a: &Position, b: &Position) -> bool {
    a.board() == b.board() && a.turn() == b.turn()
}

fn parse_puzzle(item: &Value) -> Result<Puzzle, String> {
    let text = |key: &str| {
        item.get(key)
            .and_then(Value::as_str)
            .ok_or(format!("`{key}` must be a string"))
    };
    let id = text("id")?;
    let position =
        Position::from_fen(text("position")?, Rules::default()).map_err(|e| e.to_string())?;
    let lead = parse_lead(item, &position).map_err(|e| format!("{id}: {e}"))?;
    let moves = item
        .get("moves")
        .and_then(Value::as_array)
        .ok_or("`moves` must be an array")?;
    let mut line = Vec::new();
    let mut now = position;
    for (i, m) in moves.iter().enumerate() {
        let s = m
            .as_str()
            .ok_or(format!("move {} is not a string", i + 1))?;
        let parsed = now
            .parse_move(s)
            .map_err(|e| format!("{id}: move {} '{s}': {e}", i + 1))?;
        if parsed.to_string() != s {
            return Err(format!(
                "{id}: write move {} canonically, as '{parsed}'",
                i + 1
            ));
        }
        now.play_unchecked(parsed);
        line.push(parsed);
    }
    if line.len() % 2 == 0 {
        return Err(format!("{id}: the line must end on a solver's move"));
    }
    let ending = match now.outcome() {
        Some(ultima::PositionOutcome::Checkmate { .. }) => Ending::Checkmate,
        Some(ultima::PositionOutcome::Stalemate { .. }) => Ending::Stalemate,
        Some(other) => return Err(format!("{id}: the line ends in {other:?}")),
        None => Ending::Material,
    };
    let found_at = item
        .get("foundAt")
        .and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok())
        .filter(|n| (1..=puzzle::DEPTH).contains(n))
        .ok_or(format!(
            "{id}: `foundAt` must be a depth 1 to {}",
            puzzle::DEPTH
        ))?;
    let p = Puzzle {
        id: id.to_string(),
        position,
        lead,
        line,
        ending,
        found_at,
    };
    let derived = to_json(&p);
    for key in ["rating", "pieces", "motifs", "mate"] {
        if item.get(key) != derived.get(key) {
            return Err(format!(
                "{id}: `{key}` is {}, derived from the line: {}",
                item.get(key).unwrap_or(&Value::Null),
                derived[key]
            ));
        }
    }
    Ok(p)
}

/// A puzzle's [`Lead`], `before` and `lastMove` (both or neither): the move legal and written
/// canonically in `before`, and leading to the puzzle's `position`, counters and all.
fn parse_lead(item: &Value, position: &Position) -> Result<Option<Lead>, String> {
    let (before, last) = match (item.get("before"), item.get("lastMove")) {
        (None, None) => return Ok(None),
        (Some(Value::String(before)), Some(Value::String(last))) => (before, last),
        _ => return Err("`before` and `lastMove` must be strings, both or neither".into()),
    };
    let before =
        Position::from_fen(before, Rules::default()).map_err(|e| format!("`before`: {e}"))?;
    let m = before
        .parse_move(last)
        .map_err(|e| format!("`lastMove` '{last}': {e}"))?;
    if m.to_string() != *last {
        return Err(format!("write `lastMove` canonically, as '{m}'"));
    }
    let mut after = before;
    after.play_unchecked(m);
    if after.to_fen() != position.to_fen() {
        return Err(format!(
            "`lastMove` leads to {}, not to the puzzle's position",
            after.to_fen()
        ));
    }
    Ok(Some(Lead { before, last: m }))
}

/// A puzzle as the page reads it: the line as move text, and everything derived from it.
pub fn to_json(p: &Puzzle) -> Value {
    let (pieces, motifs) = puzzle::themes(p);
    let mut item = json!({
        "id": p.id,
        "position": p.position.to_fen(),
        "moves": p.line.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        "rating": puzzle::rating(p),
        "foundAt": p.found_at,
        "pieces": pieces.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        "motifs": motifs,
        "mate": puzzle::mate_in(p),
    });
    if let Some(lead) = p.lead {
        item["before"] = json!(lead.before.to_fen());
        item["lastMove"] = json!(lead.last.to_string());
    }
    item
}

/// The set file: the header, then one puzzle a line (readable diffs).
pub fn write_set(header: &Header, set: &[Puzzle]) -> String {
    let generator = json!({
        "command": format!(
            "ultima puzzles --seed {} --games {} --plies-random {}",
            header.seed, header.games, header.plies_random
        ),
        "seed": header.seed,
        "games": header.games,
        "pliesRandom": header.plies_random,
        "depth": puzzle::DEPTH,
        "win": puzzle::WIN,
        "margin": puzzle::MARGIN,
    });
    let lines: Vec<String> = set.iter().map(|p| to_json(p).to_string()).collect();
    format!(
        "{{\n\"version\": {VERSION},\n\"generator\": {generator},\n\"puzzles\": [\n{}\n]\n}}\n",
        lines.join(",\n")
    )
}

/// The random numbers of game `g` of seed `seed`.
fn game_rng(seed: u64, g: u64) -> Rng {
    let mut outer = Rng::new(seed);
    let base = outer.next_u64();
    Rng::new(base ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Mines game `g`: the puzzles of its positions (not of one another's lines). It depends on
/// nothing else, so games can be mined side by side; the set drops a position it already has
/// when it takes a game's puzzles, in game order.
pub fn mine_game(seed: u64, g: u64, plies_random: u32) -> Result<Vec<Puzzle>, String> {
    let mut rng = game_rng(seed, g);
    let mut player = Engine::new(mining::config(2, seed));
    let mut quick = Engine::new(mining::config(4, 0));
    let mut found: Vec<Puzzle> = Vec::new();
    let mut skip_until = 0;
    self_play(&mut rng, plies_random, PLAYER_LEVEL, &mut player, |game| {
        let ply = game.moves().len();
        let pos = game.position();
        if ply < skip_until || pos.halfmoves() > MAX_HALFMOVES {
            return;
        }
        let r = quick.search(pos, &[], Limits::depth(puzzle::DEPTH), &mut NoHandler);
        let clear = match r.score.kind() {
            ultima_engine::EvalKind::MateIn(_) => true,
            ultima_engine::EvalKind::MatedIn(_) => false,
            ultima_engine::EvalKind::Centipawns(cp) => i32::from(cp) >= puzzle::WIN,
        };
        if !clear {
            return;
        }
        let Ok(mut p) = puzzle::find(pos, &format!("{seed}-{g}-{ply}")) else {
            return;
        };
        // The opening's random plies come first, so every visited position has a move before it.
        p.lead = ply.checked_sub(1).map(|i| Lead {
            before: game.positions()[i],
            last: game.moves()[i],
        });
        if puzzle::only_defends(pos) {
            return;
        }
        match puzzle::only_move_at(pos, puzzle::DEPTH + CONFIRM_PLIES) {
            Ok(v) if v.best == p.line[0] => {
                skip_until = ply + p.line.len() + 1;
                found.push(p);
            }
            _ => {}
        }
    })?;
    Ok(found)
}

/// `ultima puzzles --verify [--out F]`: every puzzle of the set checked again as the test
/// suite does ([`puzzle::verify`]); `Ok(false)` when one fails.
fn verify(out: &str) -> Result<bool, String> {
    let text = std::fs::read_to_string(out).map_err(|e| format!("{out}: {e}"))?;
    let (_, set) = parse_set(&text).map_err(|e| format!("{out}: {e}"))?;
    let start = Instant::now();
    let mut failed = 0;
    for p in &set {
        if let Err(e) = puzzle::verify(p) {
            say!("FAIL {}: {e}", p.id);
            failed += 1;
        }
    }
    say!(
        "{} of {} puzzles verified in {:.1} s",
        set.len() - failed,
        set.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(failed == 0)
}

/// `ultima puzzles [--games N] [--seed S] [--plies-random K] [--out F] [--jobs J]`: `J` games
/// mined side by side (the set does not depend on it); with `--verify`, [`verify`].
pub fn run(raw: &[String]) -> Result<bool, String> {
    let o = Options::parse_with_flags(
        raw,
        &["games", "seed", "plies-random", "out", "jobs"],
        &["verify"],
    )?;
    if o.has("verify") {
        return verify(o.get("out").unwrap_or("www/puzzles.json"));
    }
    let jobs = o.number("jobs", 1..=64u64)?.unwrap_or(1);
    let out = o.get("out").unwrap_or("www/puzzles.json").to_string();
    let games = o.number("games", 1..=100_000u64)?.unwrap_or(10);
    let seed = o.number("seed", 0..=u64::MAX)?.unwrap_or(1);
    let plies_random = o.number("plies-random", 0..=40u32)?.unwrap_or(6);
    let (mut header, mut set) = match std::fs::read_to_string(&out) {
        Ok(text) => {
            let (h, set) = parse_set(&text).map_err(|e| format!("{out}: {e}"))?;
            if h.seed != seed || h.plies_random != plies_random {
                return Err(format!(
                    "{out} was mined with --seed {} --plies-random {}: give those to add to it, or another --out",
                    h.seed, h.plies_random
                ));
            }
            (h, set)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (
            Header {
                seed,
                games: 0,
                plies_random,
            },
            Vec::new(),
        ),
        Err(e) => return Err(format!("{out}: {e}")),
    };
    if header.games >= games {
        eprintln!(
            "{out} already holds games 0 to {}: nothing to mine",
            header.games - 1
        );
    }
    let mut g = header.games;
    while g < games {
        let start = Instant::now();
        let batch: Vec<u64> = (g..games.min(g + jobs)).collect();
        let mined = parallel::map_in_order(
            batch.len(),
            jobs as usize,
            || (),
            |_, i| mine_game(seed, batch[i], plies_random),
        )?;
        for found in mined {
            for p in found? {
                if set.iter().any(|o| same_position(&o.position, &p.position)) {
                    continue;
                }
                say!("{}", to_json(&p));
                set.push(p);
            }
        }
        g += batch.len() as u64;
        header.games = g;
        let tmp = format!("{out}.tmp");
        std::fs::write(&tmp, write_set(&header, &set)).map_err(|e| format!("{tmp}: {e}"))?;
        std::fs::rename(&tmp, &out).map_err(|e| format!("{out}: {e}"))?;
        eprintln!(
            "games to {}: {} puzzles in all, {:.1} s",
            g - 1,
            set.len(),
            start.elapsed().as_secs_f64()
        );
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ultima::Role;

    /// The set shipped in the build.
    const SHIPPED: &str = include_str!("../../../www/puzzles.json");

    #[test]
    fn the_generator_is_deterministic_and_its_puzzles_pass_the_check() {
        // Game 2 of seed 1 gives an Immobilizer freeze at its first position.
        let a = mine_game(1, 2, 6).unwrap();
        let b = mine_game(1, 2, 6).unwrap();
        assert!(!a.is_empty());
        assert_eq!(write_set(&HEADER, &a), write_set(&HEADER, &b));
        for p in &a {
            verify(p);
        }
    }

    /// Game 22 of the shipped set's seed gives three puzzles past its hundredth ply: mined
    /// again, they are the set's own, so the miner's self-play and searches still go as they
    /// did when the set was made (the whole set, 1,500 games, is remade by `ultima puzzles`,
    /// outside the test suite).
    #[test]
    fn a_game_mined_again_gives_the_shipped_set_s_puzzles() {
        let (header, shipped) = parse_set(SHIPPED).unwrap();
        let mined = mine_game(header.seed, 22, header.plies_random).unwrap();
        let game_22: Vec<Puzzle> = shipped
            .into_iter()
            .filter(|p| p.id.starts_with("1-22-"))
            .collect();
        assert_eq!(game_22.len(), 3);
        assert_eq!(write_set(&header, &mined), write_set(&header, &game_22));
    }

    const HEADER: Header = Header {
        seed: 1,
        games: 3,
        plies_random: 6,
    };

    fn verify(p: &Puzzle) {
        if let Err(e) = puzzle::verify(p) {
            panic!("puzzle {}: {e}", p.id);
        }
    }

    #[test]
    fn a_written_set_reads_back_and_bad_sets_are_refused() {
        let (_, set) = parse_set(SHIPPED).unwrap();
        let some = &set[..3];
        let text = write_set(&HEADER, some);
        let (header, back) = parse_set(&text).unwrap();
        assert_eq!(header, HEADER);
        assert_eq!(write_set(&header, &back), text);
        let first = to_json(&some[0]).to_string();
        for (from, to, needle) in [
            ("\"version\": 1", "\"version\": 2", "version"),
            ("\"moves\":[\"", "\"moves\":[\"z9-", "move 1"),
            ("\"rating\":", "\"rating\":1", "`rating`"),
            ("\"foundAt\":", "\"foundAt\":9", "foundAt"),
            ("\"lastMove\":\"", "\"lastMove\":\"z9-", "`lastMove` 'z9-"),
            ("\"before\":", "\"beforehand\":", "both or neither"),
        ] {
            let bad = text.replacen(from, to, 1);
            let e = parse_set(&bad).unwrap_err();
            assert!(e.contains(needle), "{from} -> {to}: {e}");
        }
        let twice = text.replacen(&first, &format!("{first},\n{first}"), 1);
        assert!(parse_set(&twice).unwrap_err().contains("used twice"));
        assert!(parse_set("{").unwrap_err().contains("not JSON"));
        // A last move that is legal but leads elsewhere.
        let lead = some[0].lead.unwrap();
        let other = lead
            .before
            .legal_moves()
            .into_iter()
            .find(|&m| m != lead.last)
            .unwrap();
        let elsewhere = text.replacen(
            &format!("\"lastMove\":\"{}\"", lead.last),
            &format!("\"lastMove\":\"{other}\""),
            1,
        );
        let e = parse_set(&elsewhere).unwrap_err();
        assert!(e.contains("not to the puzzle's position"), "{e}");
    }

    /// The shipped set: at least 900 puzzles, each solver move the only winning move at the
    /// fixed depth (the whole set is searched again), and every theme the trainer offers.
    #[test]
    fn the_shipped_set_is_verified_by_the_engine() {
        let (header, set) = parse_set(SHIPPED).unwrap();
        assert!(set.len() >= 900, "{} puzzles", set.len());
        assert!(header.games > 0);
        // The page plays the opponent's last move first.
        let without: Vec<&str> = set
            .iter()
            .filter(|p| p.lead.is_none())
            .map(|p| p.id.as_str())
            .collect();
        assert!(without.is_empty(), "no last move: {without:?}");
        // On every core: the searches are independent.
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        parallel::map_in_order(set.len(), threads, || (), |_, i| verify(&set[i]))
            .expect("every puzzle verifies");
        let solver_captures = |role: Role| {
            set.iter().any(|p| {
                p.line
                    .iter()
                    .step_by(2)
                    .any(|m| m.role() == role && m.is_capture())
            })
        };
        for role in Role::ALL {
            if role != Role::Immobilizer {
                assert!(solver_captures(role), "no capture by the {}", role.name());
            }
        }
        let count = |motif: &str| {
            set.iter()
                .filter(|p| puzzle::themes(p).1.contains(&motif))
                .count()
        };
        for motif in puzzle::MOTIFS {
            assert!(count(motif) > 0, "no puzzle shows {motif}");
        }
        for n in 1..=2 {
            assert!(
                set.iter().any(|p| puzzle::mate_in(p) == Some(n)),
                "no mate in {n}"
            );
        }
    }
}

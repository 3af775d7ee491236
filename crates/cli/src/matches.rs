//! `ultima match`: two players play each other from balanced openings reached by a few
//! random plies, colours swapped in pairs, the rules crate ([`ultima::Game`]) as referee.
//! Prints wins, draws and losses, the score, an Elo estimate with its 95% margin, and in
//! SPRT mode the log-likelihood ratio and the decision.

use crate::options::Options;
use crate::players::{Player, Spec};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use ultima::{Color, Game, Position, Rules};
use ultima_engine::players::random_move;
use ultima_engine::{Limits, Rng};

/// A balanced opening: `plies` random legal moves from the start, retried until the game is
/// still going.
pub(crate) fn opening(rules: Rules, plies: u32, rng: &mut Rng) -> Game {
    loop {
        let mut game = Game::new(Position::start(Default::default(), rules));
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            let m = random_move(game.position(), rng).expect("a game in progress has moves");
            game.play(m).expect("legal");
        }
        if game.outcome().is_none() {
            return game;
        }
    }
}

/// The result of one game for player A in half points (2 a win, 1 a draw, 0 a loss), and
/// why.
struct GameResult {
    score_a: u8,
    reason: String,
    plies: usize,
}

/// One game of a match, fixed by its number: the opening pair it belongs to, A's colour
/// (White in even games), and the players' noise seeds.
struct NumberedGame<'a> {
    start: &'a Game,
    a_is_white: bool,
    seed: u64,
}

impl NumberedGame<'_> {
    /// Starts both players on a new game and plays it.
    fn play(
        &self,
        a: &mut Player,
        b: &mut Player,
        global: &Limits,
        max_plies: usize,
    ) -> Result<GameResult, String> {
        a.new_game(self.seed)?;
        b.new_game(self.seed ^ 0x5555)?;
        let (white, black) = if self.a_is_white { (a, b) } else { (b, a) };
        play_game(self.start, white, black, self.a_is_white, global, max_plies)
    }
}

fn play_game(
    start: &Game,
    white: &mut Player,
    black: &mut Player,
    a_is_white: bool,
    global: &Limits,
    max_plies: usize,
) -> Result<GameResult, String> {
    let mut game = start.clone();
    let a_color = if a_is_white {
        Color::White
    } else {
        Color::Black
    };
    loop {
        if let Some(o) = game.outcome() {
            let score_a = match o.winner {
                Some(c) if c == a_color => 2,
                Some(_) => 0,
                None => 1,
            };
            return Ok(GameResult {
                score_a,
                reason: o.reason.to_string(),
                plies: game.moves().len(),
            });
        }
        if game.moves().len() >= max_plies {
            return Ok(GameResult {
                score_a: 1,
                reason: format!("adjudicated draw after {max_plies} plies"),
                plies: game.moves().len(),
            });
        }
        let mover = game.position().turn();
        let player = if mover == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        let chosen = player.choose(&game, global)?;
        let ok = chosen.is_some_and(|m| game.play(m).is_ok());
        if !ok {
            // The referee refuses the move: the mover forfeits.
            let _ = game.resign(mover);
            return Ok(GameResult {
                score_a: if mover == a_color { 0 } else { 2 },
                reason: format!(
                    "forfeit: {} played an illegal move {}",
                    mover,
                    chosen.map_or("(none)".into(), |m| m.to_string())
                ),
                plies: game.moves().len(),
            });
        }
    }
}

/// Elo difference of a score fraction (clamped away from 0 and 1).
fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected score of an Elo difference.
fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo estimate and its 95% interval from wins, draws and losses (trinomial variance).
fn elo_interval(w: u32, d: u32, l: u32) -> (f64, f64, f64) {
    let n = (w + d + l) as f64;
    let s = (w as f64 + d as f64 / 2.0) / n;
    let var =
        (w as f64 * (1.0 - s).powi(2) + d as f64 * (0.5 - s).powi(2) + l as f64 * s.powi(2)) / n;
    let se = (var / n).sqrt();
    (elo(s), elo(s - 1.96 * se), elo(s + 1.96 * se))
}

/// The generalised SPRT log-likelihood ratio of H1 (elo1) against H0 (elo0), in the
/// normal approximation of the trinomial model.
// CITE: Michel Van den Bergh, "A practical introduction to the GSPRT" (fishtest / cutechess
// use the same formula).
fn llr(w: u32, d: u32, l: u32, elo0: f64, elo1: f64) -> f64 {
    let (mut w, mut d, mut l) = (w as f64, d as f64, l as f64);
    if w + l == 0.0 {
        return 0.0;
    }
    if (w == 0.0) as u8 + (d == 0.0) as u8 + (l == 0.0) as u8 >= 2 {
        // One kind of result only: no variance yet. Half a game of each kind regularises.
        (w, d, l) = (w + 0.5, d + 0.5, l + 0.5);
    }
    let n = w + d + l;
    let (pw, pd) = (w / n, d / n);
    let s = pw + pd / 2.0;
    let var = pw + pd / 4.0 - s * s;
    if var <= 0.0 {
        return 0.0;
    }
    let (s0, s1) = (expected(elo0), expected(elo1));
    (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var / n)
}

/// `ultima match ...`.
pub fn run(raw: &[String]) -> Result<(), String> {
    let o = Options::parse(
        raw,
        &[
            "a",
            "b",
            "games",
            "time-ms",
            "nodes",
            "plies-random",
            "seed",
            "sprt",
            "rules",
            "max-plies",
            "hash",
            "verbose",
            "exe-timeout",
            "jobs",
        ],
    )?;
    if !o.positional.is_empty() {
        return Err(format!(
            "'match' takes no positional argument, got '{}'",
            o.positional[0]
        ));
    }
    o.exclusive(&["time-ms", "nodes"])?;
    let a = Spec::parse(o.get("a").ok_or("--a is required")?)?;
    let b = Spec::parse(o.get("b").ok_or("--b is required")?)?;
    let games: u32 = o
        .number("games", 1..=1_000_000)?
        .ok_or("--games is required")?;
    let global = Limits {
        time_ms: o.number("time-ms", 1..=3_600_000)?,
        nodes: o.number("nodes", 1..=u64::MAX)?,
        ..Limits::default()
    };
    let plies = o.number("plies-random", 0..=40)?.unwrap_or(4);
    let seed = o.number("seed", 0..=u64::MAX)?.unwrap_or(1);
    let max_plies = o.number("max-plies", 10..=100_000)?.unwrap_or(1000);
    let hash = o.number("hash", 1..=4096)?.unwrap_or(16);
    let verbose = o.number("verbose", 0..=1u8)?.unwrap_or(1) == 1;
    let exe_timeout = Duration::from_secs(o.number("exe-timeout", 1..=3600)?.unwrap_or(60));
    let jobs = o.number("jobs", 1..=64u32)?.unwrap_or(1);
    let rules = o.rules()?;
    let sprt = match o.get("sprt") {
        None => None,
        Some(text) => {
            let (e0, e1) = text
                .split_once(',')
                .and_then(|(x, y)| {
                    Some((x.trim().parse::<f64>().ok()?, y.trim().parse::<f64>().ok()?))
                })
                .ok_or(format!("--sprt '{text}' is not elo0,elo1 (e.g. 0,50)"))?;
            if e0 >= e1 {
                return Err(format!("--sprt needs elo0 < elo1, got {e0},{e1}"));
            }
            Some((e0, e1))
        }
    };
    // alpha = beta = 0.05.
    let (lower, upper) = ((0.05f64 / 0.95).ln(), (0.95f64 / 0.05).ln());

    say!(
        "match: A = {} vs B = {}, {games} games, {plies} random plies, seed {seed}{}{}",
        a.name(),
        b.name(),
        global
            .time_ms
            .map_or(String::new(), |t| format!(", {t} ms per move")),
        global
            .nodes
            .map_or(String::new(), |n| format!(", {n} nodes per move")),
    );
    let started = Instant::now();
    // Each job plays its own games with its own pair of players; the results are counted in
    // game order, so an SPRT decides at the same game whatever the number of jobs.
    let mut opening_rng = Rng::new(seed);
    let starts: Vec<Game> = (0..games.div_ceil(2))
        .map(|_| opening(rules, plies, &mut opening_rng))
        .collect();
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let (w, d, l, decision, totals) = std::thread::scope(|scope| -> Result<_, String> {
        let (sender, results) = mpsc::channel::<(u32, Result<GameResult, String>)>();
        let mut workers = Vec::new();
        for _ in 0..jobs {
            let (a, b, sender) = (a.clone(), b.clone(), sender.clone());
            let (next, stop, starts, global) = (&next, &stop, &starts, &global);
            workers.push(
                scope.spawn(move || -> Result<[(u64, u64, u64); 2], String> {
                    let mut pa = Player::new(a, hash, global, exe_timeout)?;
                    let mut pb = Player::new(b, hash, global, exe_timeout)?;
                    while !stop.load(Ordering::Relaxed) {
                        let g = next.fetch_add(1, Ordering::Relaxed);
                        if g >= games {
                            break;
                        }
                        let game = NumberedGame {
                            start: &starts[g as usize / 2],
                            a_is_white: g % 2 == 0,
                            seed: seed.wrapping_mul(0x9E37_79B9).wrapping_add(g as u64),
                        };
                        let r = game.play(&mut pa, &mut pb, global, max_plies as usize);
                        if sender.send((g, r)).is_err() {
                            break;
                        }
                    }
                    Ok([pa.totals(), pb.totals()])
                }),
            );
        }
        drop(sender);
        let (mut w, mut d, mut l) = (0u32, 0u32, 0u32);
        let mut decision = None;
        let mut waiting = BTreeMap::new();
        let mut counted = 0u32;
        for (g, r) in results.iter() {
            waiting.insert(g, r);
            while let Some(r) = waiting.remove(&counted) {
                let g = counted;
                counted += 1;
                let r = r.map_err(|e| format!("game {}: {e}", g + 1));
                let r = match r {
                    Ok(r) => r,
                    Err(e) => {
                        stop.store(true, Ordering::Relaxed);
                        return Err(e);
                    }
                };
                let a_is_white = g % 2 == 0;
                match r.score_a {
                    2 => w += 1,
                    0 => l += 1,
                    _ => d += 1,
                }
                if verbose {
                    say!(
                        "game {:>4}: A {} {:<3} {:>4} plies, {}   (W {w} D {d} L {l})",
                        g + 1,
                        if a_is_white { "white" } else { "black" },
                        match r.score_a {
                            2 => "1",
                            0 => "0",
                            _ => "1/2",
                        },
                        r.plies,
                        r.reason
                    );
                }
                if let Some((e0, e1)) = sprt {
                    let v = llr(w, d, l, e0, e1);
                    if v >= upper {
                        decision = Some(format!("H1 accepted (A is at least {e1} Elo stronger)"));
                    } else if v <= lower {
                        decision = Some(format!("H0 accepted (A is at most {e0} Elo stronger)"));
                    }
                }
                if decision.is_some() {
                    break;
                }
            }
            if decision.is_some() {
                stop.store(true, Ordering::Relaxed);
                break;
            }
        }
        drop(results);
        let mut totals = [(0, 0, 0); 2];
        for worker in workers {
            let player_totals = worker
                .join()
                .map_err(|_| "a match thread panicked".to_string())??;
            for (t, p) in totals.iter_mut().zip(player_totals) {
                *t = (t.0 + p.0, t.1 + p.1, t.2 + p.2);
            }
        }
        Ok((w, d, l, decision, totals))
    })?;
    let n = w + d + l;
    let score = (w as f64 + d as f64 / 2.0) / n as f64;
    let (e, lo, hi) = elo_interval(w, d, l);
    say!(
        "games {n}: A wins {w}, draws {d}, losses {l}; score {:.1}%",
        score * 100.0
    );
    let fmt_elo = |x: f64| {
        if x.abs() > 2000.0 {
            if x > 0.0 {
                "+inf".to_string()
            } else {
                "-inf".to_string()
            }
        } else {
            format!("{x:+.0}")
        }
    };
    if d == 0 && (w == 0 || l == 0) {
        // All games won (or lost): no variance to estimate from. The exact binomial bound:
        // a score p below q = 0.025^(1/n) would give n straight wins with chance under 2.5%.
        let q = 0.025f64.powf(1.0 / n as f64);
        let (side, bound) = if l == 0 {
            (">", elo(q))
        } else {
            ("<", -elo(q))
        };
        say!(
            "Elo difference A - B: {} (95%: {side} {:+.0}; every game {})",
            fmt_elo(e),
            bound,
            if l == 0 { "won" } else { "lost" }
        );
    } else {
        say!(
            "Elo difference A - B: {} ± {} (95%: {} .. {})",
            fmt_elo(e),
            if (hi - lo).is_finite() && hi.abs() < 2000.0 && lo.abs() < 2000.0 {
                format!("{:.0}", (hi - lo) / 2.0)
            } else {
                "?".to_string()
            },
            fmt_elo(lo),
            fmt_elo(hi)
        );
    }
    if let Some((e0, e1)) = sprt {
        say!(
            "SPRT elo0 {e0} elo1 {e1}: LLR {:.2} (bounds {lower:.2} .. {upper:.2}): {}",
            llr(w, d, l, e0, e1),
            decision.unwrap_or("no decision yet".to_string())
        );
    }
    for (name, spec, (moves, nodes, depth_sum)) in [("A", &a, totals[0]), ("B", &b, totals[1])] {
        if moves > 0 {
            say!(
                "{name} ({}): {moves} moves searched, {:.0} nodes and depth {:.1} per move",
                spec.name(),
                nodes as f64 / moves as f64,
                depth_sum as f64 / moves as f64
            );
        }
    }
    say!("time {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_figures() {
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.75) - 190.8).abs() < 0.1);
        let (e, lo, hi) = elo_interval(60, 20, 20);
        assert!(lo < e && e < hi && lo > 0.0);
        assert!(llr(60, 20, 20, 0.0, 50.0) > 2.94);
        assert!(llr(20, 20, 60, 0.0, 50.0) < -2.94);
        assert!(llr(30, 0, 0, 0.0, 100.0) > 2.94);
        assert!(llr(0, 0, 30, 0.0, 100.0) < -2.94);
        assert_eq!(llr(0, 5, 0, 0.0, 100.0), 0.0);
    }
}

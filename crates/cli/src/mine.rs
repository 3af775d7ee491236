//! `ultima tactics --mine`: finds tactical positions in engine self-play, for the test set.
//!
//! Games start from a few random plies and go on with a noisy low level, which leaves
//! chances on the board. A position is kept when a deep search finds a decisive move that a
//! 2-ply search does not choose, and which beats the 2-ply choice by a wide margin; then the
//! candidate must pass the same checks as `--verify` (unique solution), and is printed as a
//! line of the set with a generated comment, to be reviewed by hand.

use crate::matches::opening;
use crate::mining::{self, OldLevel};
use crate::options::Options;
use crate::tactics::{check, describe, Kind, Tactic};
use ultima::{Game, Position, Rules};
use ultima_engine::{Config, Engine, EvalKind, Limits, NoHandler, Rng};

/// How much better than the 2-ply choice the deep move must score, in centipawns.
const GAP: i32 = 250;
/// The 2-ply choice may leave the side at most this much ahead: the tactic must matter.
const QUIET_MAX: i32 = 300;

/// `ultima tactics --mine [--games N] [--seed S] [--nodes N] [--plies-random K]`, `raw`
/// without `--mine`.
pub fn run(raw: &[String]) -> Result<(), String> {
    let o = Options::parse(raw, &["games", "seed", "nodes", "plies-random"])?;
    let games = o.number("games", 1..=10_000)?.unwrap_or(10);
    let seed = o.number("seed", 0..=u64::MAX)?.unwrap_or(1);
    let nodes = o.number("nodes", 1_000..=u64::MAX)?.unwrap_or(300_000);
    let plies = o.number("plies-random", 0..=40)?.unwrap_or(6);
    let mut rng = Rng::new(seed);
    let mut deep = Engine::new(mining::config(Config::DEFAULT_HASH_MB, 0));
    let mut player = Engine::new(mining::config(2, seed));
    for g in 0..games {
        let game = self_play(&mut rng, plies, OldLevel::Three, &mut player, |game| {
            let pos = *game.position();
            if let Some(t) = candidate(
                &pos,
                &mut deep,
                nodes,
                &format!("s{seed}g{g}p{}", game.moves().len()),
            ) {
                match check(&t, nodes * 2) {
                    // The output is itself a set file: `--verify --file` reads it.
                    Ok(note) => say!(
                        "# {note}\n{} | {} | {} | {} | {}",
                        t.id,
                        t.kind,
                        pos.to_fen(),
                        t.solution,
                        t.comment
                    ),
                    Err(e) => eprintln!("rejected {}: {e}", t.id),
                }
            }
        })?;
        eprintln!("game {g} done after {} plies", game.moves().len());
    }
    Ok(())
}

/// The longest self-play game, in plies.
const MAX_PLIES: usize = 160;

/// One self-play game: `plies` random moves from the start, then `player` at a noisy low
/// `level` ([`OldLevel`]), which leaves chances on the board. `visit` sees each position of the game after the opening,
/// before its move is played. The game depends only on `rng`'s state and the player's table.
pub(crate) fn self_play(
    rng: &mut Rng,
    plies: u32,
    level: OldLevel,
    player: &mut Engine,
    mut visit: impl FnMut(&Game),
) -> Result<Game, String> {
    let play_limits = level.limits();
    let mut game = opening(Rules::default(), plies, rng);
    while game.outcome().is_none() && game.moves().len() < MAX_PLIES {
        visit(&game);
        player.set_seed(rng.next_u64());
        let r = player.search(game.position(), &[], play_limits, &mut NoHandler);
        let Some(m) = r.best_move else { break };
        game.play(m).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

fn line_text(pv: &[ultima::Move]) -> String {
    let moves: Vec<String> = pv.iter().map(|m| m.to_string()).collect();
    moves.join(" ")
}

/// A tactic of `pos`, if the deep search's move is decisive and a 2-ply search misses it.
fn candidate(pos: &Position, deep: &mut Engine, nodes: u64, id: &str) -> Option<Tactic> {
    deep.new_game();
    let d = deep.search(pos, &[], Limits::nodes(nodes), &mut NoHandler);
    let best = d.best_move?;
    let mut shallow_engine = Engine::new(mining::config(1, 0));
    let s = shallow_engine.search(pos, &[], Limits::depth(2), &mut NoHandler);
    let shallow = s.best_move?;
    if shallow == best {
        return None;
    }
    let kind = match d.score.kind() {
        EvalKind::MateIn(n) if n <= 3 => Kind::Mate(n as u32),
        EvalKind::MateIn(_) | EvalKind::MatedIn(_) => return None,
        EvalKind::Centipawns(cp) => {
            let mut after = *pos;
            after.play_unchecked(shallow);
            if after.outcome().is_some() {
                return None;
            }
            let r = deep.search(
                &after,
                &[pos.hash()],
                Limits::depth(d.depth.max(2) - 1),
                &mut NoHandler,
            );
            let quiet = -(r.score.0 as i32);
            if (cp as i32) < GAP / 2 || quiet > QUIET_MAX || cp as i32 - quiet < GAP {
                return None;
            }
            Kind::Material
        }
    };
    let kind = match kind {
        Kind::Mate(1) => {
            let mut after = *pos;
            after.play_unchecked(best);
            if after.is_check() {
                Kind::Mate(1)
            } else {
                Kind::Stalemate
            }
        }
        k => k,
    };
    Some(Tactic {
        id: id.to_string(),
        kind,
        position: *pos,
        solution: best,
        comment: format!("{}; line {}", describe(pos, best), line_text(&d.pv)),
        line: 0,
    })
}

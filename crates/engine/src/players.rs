//! Reference players for calibration: a random mover, a greedy one-ply capturer and a
//! two-ply material-only minimax. Each breaks ties with a seeded random number generator, so
//! a seed reproduces its games.

use crate::eval::{material, value_of};
use crate::params::EvalParams;
use crate::rng::Rng;
use ultima::{Move, Position};

/// Any legal move, uniformly.
pub fn random_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    Some(moves[rng.below(moves.len() as u64) as usize])
}

/// The move that takes the most material now (ties broken at random).
pub fn greedy_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let p = EvalParams::hand();
    let moves = pos.legal_moves();
    best_of(&moves, rng, |m| value_of(pos.board(), m.captures(), &p))
}

/// The move whose worst reply leaves the most material, looking two plies ahead: our move
/// and the opponent's answer, material only. A move that leaves the opponent no legal move
/// wins at once (RULES §4).
pub fn minimax2_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let p = EvalParams::hand();
    let moves = pos.legal_moves();
    let mut after = *pos;
    best_of(&moves, rng, |m| {
        let undo = after.play_unchecked(m);
        let replies = after.legal_moves();
        let score = if replies.is_empty() {
            i32::MAX
        } else {
            let mut worst = i32::MAX;
            for &r in &replies {
                let u = after.play_unchecked(r);
                // Material for us: after the reply it is our turn again.
                let m = if after.board().king_of(pos.turn()).is_none() {
                    i32::MIN + 1
                } else {
                    material(&after, &p)
                };
                after.undo(r, u);
                worst = worst.min(m);
            }
            worst
        };
        after.undo(m, undo);
        score
    })
}

/// The best-scored move, ties broken at random.
fn best_of(moves: &[Move], rng: &mut Rng, mut score: impl FnMut(Move) -> i32) -> Option<Move> {
    let mut best: Vec<Move> = Vec::new();
    let mut best_score = i32::MIN;
    for &m in moves {
        let s = score(m);
        if s > best_score {
            best_score = s;
            best.clear();
        }
        if s == best_score {
            best.push(m);
        }
    }
    if best.is_empty() {
        return None;
    }
    Some(best[rng.below(best.len() as u64) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use ultima::Rules;

    #[test]
    fn greedy_and_minimax_take_the_most() {
        // RULES §7 example 7: the Chameleon takes seven pieces at once.
        let pos =
            Position::from_fen("2P3k1/2p5/Pp1pP2c/2l5/7K/2l5/2X5/2w5 w", Rules::default()).unwrap();
        let mut rng = Rng::new(1);
        let g = greedy_move(&pos, &mut rng).unwrap();
        assert_eq!(g.to_string(), "c2-c6xc1xc3xc5xb6xd6xh6xc7");
        let m = minimax2_move(&pos, &mut rng).unwrap();
        assert!(m.captures().count() >= 5, "{m}");
        assert!(pos.is_legal(random_move(&pos, &mut rng).unwrap()));
    }

    #[test]
    fn no_move_no_answer() {
        let pos = Position::from_fen("8/8/8/4k3/5I2/8/8/K7 b", Rules::default()).unwrap();
        let mut rng = Rng::new(1);
        assert!(random_move(&pos, &mut rng).is_none());
        assert!(greedy_move(&pos, &mut rng).is_none());
        assert!(minimax2_move(&pos, &mut rng).is_none());
    }
}

//! Perft: the number of leaf nodes of the legal move tree, the standard test of a move
//! generator (RULES §7 lists figures).

use crate::{Move, Position};

/// Leaf nodes at `depth` plies, by make/unmake, counting the last ply without playing it.
///
/// # Examples
///
/// ```
/// use ultima::{perft, Position};
/// assert_eq!(perft(&Position::default(), 2), 944);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut pos = *pos;
    perft_inner(&mut pos, depth)
}

fn perft_inner(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut total = 0;
            for m in pos.legal_moves() {
                let undo = pos.play_unchecked(m);
                total += perft_inner(pos, depth - 1);
                pos.undo(m, undo);
            }
            total
        }
    }
}

/// Leaf nodes below each legal move at `depth` plies (`depth` ≥ 1), for finding where two
/// generators disagree.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = *pos;
            child.play_unchecked(m);
            (m, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}

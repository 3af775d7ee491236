//! Who can capture a King (RULES §4): the attack patterns of every capture method, tested
//! directly from the King's square, never by generating the opponent's moves.

use crate::attacks::{
    first_blocker, king_steps, queen_lines, queen_slides, ray, rook_lines, within, Dir,
};
use crate::{Bitboard, Board, Color, Role, Rules, Square};

/// The squares a piece of `color` on `sq` can reach under the distance rule.
#[inline]
pub(crate) fn reach(rules: &Rules, sq: Square, color: Color) -> Bitboard {
    if rules.distance_1968 {
        within(sq, rules.max_distance(sq, color))
    } else {
        Bitboard::FULL
    }
}

/// The pieces of `by` that, if it were `by`'s turn, could capture the King on `king`.
/// Frozen pieces give no check; `by`'s own King safety is ignored. With `FIRST`, stops at the
/// first attacker found (for legality tests); without, lists them all (to show checks).
pub(crate) fn king_attackers<const FIRST: bool>(
    board: &Board,
    rules: &Rules,
    king: Square,
    by: Color,
) -> Bitboard {
    let occupied = board.occupied();
    let theirs = board.by_color(by);
    let active = theirs & !board.frozen(by);
    let near = king_steps(king);

    // Displacement by the King, or by a Chameleon imitating it (RULES §2.1, §2.7e).
    let mut found = near & active & (board.by_role(Role::King) | board.by_role(Role::Chameleon));
    if FIRST && found.any() {
        return found;
    }

    // Withdrawal: an adjacent Withdrawer with room to step away (RULES §2.2).
    for w in near & active & board.by_role(Role::Withdrawer) {
        let away = Dir::between(king, w).and_then(|d| d.step(w));
        if away.is_some_and(|s| !occupied.contains(s)) {
            found = found.with(w);
        }
    }

    // Pinch: a Pawn arrives next to the King with a piece of its own side beyond (RULES §2.6).
    // It needs a piece of theirs orthogonally next to the King, which is rare: look first.
    let pawns = active & board.by_role(Role::Pawn);
    if pawns.any() && (near & rook_lines(king) & theirs).any() {
        for d in Dir::ORTHOGONAL {
            let (Some(arrival), Some(beyond)) = (d.opposite().step(king), d.step(king)) else {
                continue;
            };
            if occupied.contains(arrival) || !theirs.contains(beyond) {
                continue;
            }
            for e in Dir::ORTHOGONAL {
                if let Some(p) = first_blocker(arrival, e, occupied) {
                    if pawns.contains(p) && reach(rules, p, by).contains(arrival) {
                        found = found.with(p);
                    }
                }
            }
        }
    }
    if FIRST && found.any() {
        return found;
    }

    // Coordination: a Coordinator reaches a square whose rectangle with its King has the
    // attacked King on a corner (RULES §2.3).
    let coordinators = active & board.by_role(Role::Coordinator);
    if coordinators.any() {
        if let Some(own_king) = board.king_of(by) {
            let mut targets = Bitboard::EMPTY;
            if own_king.rank() == king.rank() {
                targets |= ray(king, Dir::N) | ray(king, Dir::S);
            }
            if own_king.file() == king.file() {
                targets |= ray(king, Dir::E) | ray(king, Dir::W);
            }
            targets &= !occupied;
            if targets.any() {
                for c in coordinators {
                    if (queen_slides(c, occupied) & reach(rules, c, by) & targets).any() {
                        found = found.with(c);
                    }
                }
            }
        }
    }

    // Long leap: a Long Leaper on a line through the King, over pieces each followed by an
    // empty square, landing beyond the King (RULES §2.5).
    let leapers = active & board.by_role(Role::LongLeaper);
    if (leapers & queen_lines(king)).any() {
        for d in Dir::ALL {
            let back = d.opposite();
            if (ray(king, back) & leapers).is_empty() {
                continue;
            }
            let Some(landing) = d.step(king) else {
                continue;
            };
            if occupied.contains(landing) {
                continue;
            }
            let mut next_occupied = true; // the King itself follows the first square back
            let mut s = king;
            while let Some(n) = back.step(s) {
                s = n;
                if !occupied.contains(n) {
                    next_occupied = false;
                } else if theirs.contains(n) {
                    if leapers.contains(n) && reach(rules, n, by).contains(landing) {
                        found = found.with(n);
                    }
                    break;
                } else if next_occupied {
                    break; // two pieces in a row
                } else {
                    next_occupied = true;
                }
            }
        }
    }
    found
}

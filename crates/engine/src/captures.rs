//! Capture candidates for quiescence search.
//!
//! The rules crate generates all legal moves at once, which costs far more than quiescence
//! needs: only captures are searched there. This module lists the capture moves of each piece
//! (RULES §2) without the King-safety filter, straight from the bitboards, so quiescence skips
//! the quiet moves. It decides nothing: every candidate is confirmed by
//! [`ultima::Position::is_legal`] before it is played, so the rules crate stays the only judge
//! of legality and of what a move captures. A candidate the rules crate would generate
//! differently is simply never played; the tests check that the two agree.

use crate::eval::lines::{queen_attacks, rook_attacks};
use ultima::attacks::{king_steps, neighbourhood, queen_lines, rook_lines, slide, within, Dir};
use ultima::{Bitboard, Color, Move, MoveList, Position, Role, Square};

/// The enemy pieces among `victims` pinched by a piece arriving on `to`: each orthogonal
/// neighbour in `victims` with a piece of `friends` just beyond it (RULES §2.6, §2.7c).
#[inline]
fn pinched(to: Square, victims: Bitboard, friends: Bitboard) -> Bitboard {
    let mut caught = Bitboard::EMPTY;
    for d in Dir::ORTHOGONAL {
        if let Some(n) = d.step(to) {
            if victims.contains(n) && d.step(n).is_some_and(|b| friends.contains(b)) {
                caught = caught.with(n);
            }
        }
    }
    caught
}

/// The two corners of a Coordinator's rectangle with its King (RULES §2.3).
#[inline]
fn corners(to: Square, king: Square) -> Bitboard {
    if king.file() == to.file() || king.rank() == to.rank() {
        return Bitboard::EMPTY;
    }
    let a = Square::from_coords(to.file(), king.rank());
    let b = Square::from_coords(king.file(), to.rank());
    a.into_iter().chain(b).collect()
}

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;

/// Shifts every square one step in the orthogonal direction `d`.
#[inline]
fn shift(b: Bitboard, d: Dir) -> Bitboard {
    Bitboard(match d.0 {
        0 => b.0 << 8,
        2 => (b.0 << 1) & NOT_A,
        4 => b.0 >> 8,
        _ => (b.0 >> 1) & NOT_H,
    })
}

/// The squares a piece arriving on which pinches some piece of `victims` against `friends`.
#[inline]
fn pinch_squares(victims: Bitboard, friends: Bitboard) -> Bitboard {
    let mut t = Bitboard::EMPTY;
    for d in Dir::ORTHOGONAL {
        let back = d.opposite();
        t |= shift(victims & shift(friends, back), back);
    }
    t
}

/// Where a piece of `color` on `sq` may travel (RULES §5, `distance_1968`).
#[inline]
fn reach(pos: &Position, sq: Square, color: Color) -> Bitboard {
    if pos.rules().distance_1968 {
        let n = match color {
            Color::White => sq.rank() + 1,
            Color::Black => 8 - sq.rank(),
        };
        within(sq, n as u32)
    } else {
        Bitboard::FULL
    }
}

/// Every move of the side to move that captures something, King safety not checked.
pub fn capture_candidates(pos: &Position, out: &mut MoveList) {
    let b = pos.board();
    let us = pos.turn();
    let them = !us;
    let occupied = b.occupied();
    let own = b.by_color(us);
    let enemy = b.by_color(them);
    if enemy.is_empty() || b.king_of(us).is_none() {
        return;
    }
    let movable = own & !b.frozen(us);
    let own_king = b.king_of(us);

    for from in movable & b.by_role(Role::King) {
        for to in king_steps(from) & enemy {
            out.push(Move::Normal {
                role: Role::King,
                from,
                to,
                captures: Bitboard::from_square(to),
            });
        }
    }

    for from in movable & b.by_role(Role::Withdrawer) & neighbourhood(enemy) {
        for d in Dir::ALL {
            let Some(behind) = d.opposite().step(from) else {
                continue;
            };
            if !enemy.contains(behind) {
                continue;
            }
            for to in slide(from, d, occupied) & reach(pos, from, us) {
                out.push(Move::Normal {
                    role: Role::Withdrawer,
                    from,
                    to,
                    captures: Bitboard::from_square(behind),
                });
            }
        }
    }

    if let Some(k) = own_king {
        let coordinators = movable & b.by_role(Role::Coordinator);
        if coordinators.any() {
            let targets = coordinator_targets(k, enemy);
            if targets.any() {
                for from in coordinators {
                    if (queen_lines(from) & targets).is_empty() {
                        continue;
                    }
                    for to in
                        queen_attacks(from, occupied) & !occupied & reach(pos, from, us) & targets
                    {
                        out.push(Move::Normal {
                            role: Role::Coordinator,
                            from,
                            to,
                            captures: corners(to, k) & enemy,
                        });
                    }
                }
            }
        }
    }

    let pawns = movable & b.by_role(Role::Pawn);
    if pawns.any() {
        let targets = pinch_squares(enemy, own);
        if targets.any() {
            for from in pawns {
                if (rook_lines(from) & targets).is_empty() {
                    continue;
                }
                for to in rook_attacks(from, occupied) & !occupied & reach(pos, from, us) & targets
                {
                    out.push(Move::Normal {
                        role: Role::Pawn,
                        from,
                        to,
                        captures: pinched(to, enemy, own),
                    });
                }
            }
        }
    }

    for from in movable & b.by_role(Role::LongLeaper) {
        leaper_captures(pos, from, enemy, occupied, out);
    }

    let chameleons = movable & b.by_role(Role::Chameleon);
    if chameleons.any() {
        // Only enemy Withdrawers, Long Leapers, Pawns, Coordinators and the King can be
        // taken; skip the walk when none of them is in reach.
        let adjacent = b.pieces(them, Role::Withdrawer) | b.pieces(them, Role::King);
        let pinchable = pinch_squares(b.pieces(them, Role::Pawn), own);
        let coordinated = own_king.map_or(Bitboard::EMPTY, |k| {
            coordinator_targets(k, b.pieces(them, Role::Coordinator))
        });
        let leapers = b.pieces(them, Role::LongLeaper);
        for from in chameleons {
            let lines = queen_lines(from);
            if (king_steps(from) & adjacent).any()
                || (lines & (leapers | coordinated)).any()
                || (rook_lines(from) & pinchable).any()
            {
                chameleon_captures(pos, from, own_king, out);
            }
        }
    }
}

/// Squares where a Coordinator captures, with its King on `k`: the files of the enemy pieces
/// on the King's rank and the ranks of those on its file, off the King's own lines.
#[inline]
fn coordinator_targets(k: Square, victims: Bitboard) -> Bitboard {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const RANK_1: u64 = 0xFF;
    let king_rank = Bitboard(RANK_1 << (8 * k.rank()));
    let king_file = Bitboard(FILE_A << k.file());
    let mut t = Bitboard::EMPTY;
    for v in victims & king_rank {
        t |= Bitboard(FILE_A << v.file());
    }
    for v in victims & king_file {
        t |= Bitboard(RANK_1 << (8 * v.rank()));
    }
    t & !king_rank & !king_file
}

/// Long Leaper captures (RULES §2.5): the walk of the rules crate, keeping the landings
/// after at least one leap.
fn leaper_captures(
    pos: &Position,
    from: Square,
    enemy: Bitboard,
    occupied: Bitboard,
    out: &mut MoveList,
) {
    let reach = reach(pos, from, pos.turn());
    for d in Dir::ALL {
        if (ultima::attacks::ray(from, d) & enemy).is_empty() {
            continue;
        }
        let mut captures = Bitboard::EMPTY;
        let mut s = from;
        while let Some(n) = d.step(s) {
            if !reach.contains(n) {
                break;
            }
            if !occupied.contains(n) {
                if captures.any() {
                    out.push(Move::Normal {
                        role: Role::LongLeaper,
                        from,
                        to: n,
                        captures,
                    });
                }
            } else if enemy.contains(n) && d.step(n).is_some_and(|a| !occupied.contains(a)) {
                captures = captures.with(n);
            } else {
                break;
            }
            s = n;
        }
    }
}

/// Chameleon captures (RULES §2.7): each enemy piece by its own method.
fn chameleon_captures(pos: &Position, from: Square, own_king: Option<Square>, out: &mut MoveList) {
    let b = pos.board();
    let us = pos.turn();
    let them = !us;
    let occupied = b.occupied();
    let own = b.by_color(us);
    let reach = reach(pos, from, us);
    let withdrawers = b.pieces(them, Role::Withdrawer);
    let leapers = b.pieces(them, Role::LongLeaper);
    let pawns = b.pieces(them, Role::Pawn);
    let coordinators = b.pieces(them, Role::Coordinator);
    let arrival = |d: Dir, to: Square| {
        let mut c = match d.opposite().step(from) {
            Some(s) if withdrawers.contains(s) => Bitboard::from_square(s),
            _ => Bitboard::EMPTY,
        };
        if let Some(k) = own_king {
            c |= corners(to, k) & coordinators;
        }
        if d.is_orthogonal() {
            c |= pinched(to, pawns, own);
        }
        c
    };
    for d in Dir::ALL {
        let mut leapt = Bitboard::EMPTY;
        let mut s = from;
        while let Some(n) = d.step(s) {
            if !reach.contains(n) {
                break;
            }
            if !occupied.contains(n) {
                let captures = leapt | arrival(d, n);
                if captures.any() {
                    out.push(Move::Normal {
                        role: Role::Chameleon,
                        from,
                        to: n,
                        captures,
                    });
                }
            } else if leapers.contains(n) && d.step(n).is_some_and(|a| !occupied.contains(a)) {
                leapt = leapt.with(n);
            } else {
                break;
            }
            s = n;
        }
    }
    if let Some(king) = b.king_of(them) {
        if king_steps(from).contains(king) {
            if let Some(d) = Dir::between(from, king) {
                out.push(Move::Normal {
                    role: Role::Chameleon,
                    from,
                    to: king,
                    captures: Bitboard::from_square(king) | arrival(d, king),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use ultima::{Rules, StartSetup};

    /// The legal candidates are exactly the legal captures, over random games under each
    /// rule set.
    #[test]
    fn candidates_match_the_rules_crate() {
        let mut rng = Rng::new(42);
        let rule_sets = ["default", "distance_1968", "king_capture"];
        let mut checked = 0;
        for (g, rules) in (0..90).zip(rule_sets.iter().cycle()) {
            let rules: Rules = rules.parse().unwrap();
            let mut pos = Position::start(StartSetup::Rotated, rules);
            for _ in 0..(60 + g % 80) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mut want: Vec<Move> =
                    moves.iter().copied().filter(|m| m.is_capture()).collect();
                let mut list = MoveList::new();
                capture_candidates(&pos, &mut list);
                let mut got: Vec<Move> =
                    list.iter().copied().filter(|&m| pos.is_legal(m)).collect();
                let key = |m: &Move| (m.from(), m.to());
                want.sort_by_key(key);
                got.sort_by_key(key);
                assert_eq!(got, want, "{pos}");
                checked += 1;
                // Prefer captures half of the time, to reach positions with few pieces.
                let caps: Vec<Move> = moves.iter().copied().filter(|m| m.is_capture()).collect();
                let m = if !caps.is_empty() && rng.below(2) == 0 {
                    caps[rng.below(caps.len() as u64) as usize]
                } else {
                    moves[rng.below(moves.len() as u64) as usize]
                };
                pos.play_unchecked(m);
            }
        }
        assert!(checked > 5000);
    }
}

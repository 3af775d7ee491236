//! Static evaluation written for Ultima.
//!
//! Everything is computed from the board's bitboards in one pass, with no move generation:
//! material (frozen pieces count for less), the sliding freedom of the free pieces, and the
//! safety of each King against the capture methods that reach it (RULES §2): the enemy
//! Immobilizer closing in, enemy pieces next to it, the enemy Coordinator's rectangle when
//! the Kings share a line, Long Leapers on its lines, and the King's own room.

use crate::params::EvalParams;
use ultima::attacks::{king_steps, queen_lines, within};
use ultima::{Bitboard, Board, Color, Position, Role};

/// The pieces other than the King and the Pawns.
const OFFICERS: [Role; 5] = [
    Role::Withdrawer,
    Role::Coordinator,
    Role::Immobilizer,
    Role::LongLeaper,
    Role::Chameleon,
];

/// The score of `pos` for the side to move, in centipawns.
pub fn evaluate(pos: &Position, p: &EvalParams) -> i32 {
    let b = pos.board();
    let frozen = [b.frozen(Color::White), b.frozen(Color::Black)];
    let s = material_terms(b, Color::White, &frozen, p)
        - material_terms(b, Color::Black, &frozen, p)
        + positional_terms(b, Color::White, &frozen, p)
        - positional_terms(b, Color::Black, &frozen, p);
    (if pos.turn() == Color::White { s } else { -s }) + p.tempo
}

/// [`evaluate`], or only its material part when that lies further than `p.lazy_margin`
/// outside `alpha..beta`: the rest cannot bring the score into the window then. The flag
/// tells whether the score is the full evaluation.
// CITE: chessprogramming.org/Lazy_Evaluation.
#[inline]
pub fn evaluate_lazy(pos: &Position, p: &EvalParams, alpha: i32, beta: i32) -> (i32, bool) {
    let b = pos.board();
    let frozen = [b.frozen(Color::White), b.frozen(Color::Black)];
    let m =
        material_terms(b, Color::White, &frozen, p) - material_terms(b, Color::Black, &frozen, p);
    let m = (if pos.turn() == Color::White { m } else { -m }) + p.tempo;
    if m - p.lazy_margin >= beta || m + p.lazy_margin <= alpha {
        return (m, false);
    }
    let s = positional_terms(b, Color::White, &frozen, p)
        - positional_terms(b, Color::Black, &frozen, p);
    (m + if pos.turn() == Color::White { s } else { -s }, true)
}

/// Material only, for the side to move (the reference minimax and move ordering).
pub fn material(pos: &Position, p: &EvalParams) -> i32 {
    let b = pos.board();
    let us = pos.turn();
    let of = |c: Color| -> i32 {
        Role::ALL[1..]
            .iter()
            .map(|&r| b.pieces(c, r).count() as i32 * p.value[r.index()])
            .sum()
    };
    of(us) - of(!us)
}

/// The value of the pieces on `squares` (the material a capture takes).
#[inline]
pub fn value_of(b: &Board, squares: Bitboard, p: &EvalParams) -> i32 {
    // Most captures take one piece or two: a lookup per square is cheaper than a count per
    // role (no hardware popcount in the baseline x86-64 target).
    let mut v = 0;
    for sq in squares {
        if let Some(r) = b.role_at(sq) {
            v += p.value[r.index()];
        }
    }
    v
}

/// One side's material, frozen pieces discounted.
#[inline]
fn material_terms(b: &Board, c: Color, frozen_by_color: &[Bitboard; 2], p: &EvalParams) -> i32 {
    let frozen = frozen_by_color[c.index()];
    let mut s = 0;
    for r in Role::ALL[1..].iter().copied() {
        s += b.pieces(c, r).count() as i32 * p.value[r.index()];
    }
    // Usually nothing is frozen: no count per role then (counting bits is a loop of
    // instructions in the baseline x86-64 target).
    for sq in frozen {
        if let Some(r) = b.role_at(sq) {
            let i = r.index();
            s -= p.value[i] * p.frozen_percent[i] / 100;
        }
    }
    s
}

/// One side's mobility and King safety.
#[inline]
fn positional_terms(b: &Board, c: Color, frozen_by_color: &[Bitboard; 2], p: &EvalParams) -> i32 {
    let them = !c;
    let occupied = b.occupied();
    let frozen = frozen_by_color[c.index()];
    let mut s = 0;

    // Mobility of the free officers.
    for r in OFFICERS {
        let w = p.mobility[r.index()];
        if w == 0 {
            continue;
        }
        for sq in b.pieces(c, r) & !frozen {
            s += w * (lines::queen_attacks(sq, occupied) & !occupied).count() as i32;
        }
    }

    // King safety.
    if let Some(k) = b.king_of(c) {
        let their_free = b.by_color(them) & !frozen_by_color[them.index()];
        s += p.king_freedom[(king_steps(k) & !occupied).count() as usize];
        if frozen.contains(k) {
            s -= p.king_frozen;
        } else if (b.pieces(them, Role::Immobilizer) & within(k, 2)).any() {
            s -= p.immobilizer_near_king;
        }
        // A lookup per piece in the zone (usually none or one) rather than a count per role.
        for sq in their_free & within(k, 2) {
            if let Some(r) = b.role_at(sq) {
                s -= p.king_attacker[r.index()];
            }
        }
        if (b.pieces(them, Role::Coordinator) & their_free).any() {
            if let Some(ek) = b.king_of(them) {
                let df = (ek.file() - k.file()).abs();
                let dr = (ek.rank() - k.rank()).abs();
                if df == 0 || dr == 0 {
                    s -= p.coordinator_line;
                } else if df == 1 || dr == 1 {
                    s -= p.coordinator_near_line;
                }
            }
        }
        let leapers = b.pieces(them, Role::LongLeaper) & their_free & queen_lines(k);
        s -= p.leaper_line * leapers.count() as i32;
    }
    s
}

/// Queen-line attacks by hyperbola quintessence: a few arithmetic operations per line
/// instead of a walk per direction.
// CITE: chessprogramming.org/Hyperbola_Quintessence, /First_Rank_Attacks.
pub(crate) mod lines {
    use ultima::{Bitboard, Square};

    const fn masks() -> [[u64; 3]; 64] {
        let mut t = [[0u64; 3]; 64];
        let mut sq = 0;
        while sq < 64 {
            let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
            let mut j = 0;
            while j < 64 {
                let (g, q) = ((j % 8) as i32, (j / 8) as i32);
                if j != sq {
                    if g == f {
                        t[sq][0] |= 1 << j;
                    }
                    if g - f == q - r {
                        t[sq][1] |= 1 << j;
                    }
                    if g - f == r - q {
                        t[sq][2] |= 1 << j;
                    }
                }
                j += 1;
            }
            sq += 1;
        }
        t
    }

    /// `RANK[file][inner occupancy]`: attacks along the first rank.
    const fn rank_table() -> [[u8; 64]; 8] {
        let mut t = [[0u8; 64]; 8];
        let mut f = 0;
        while f < 8 {
            let mut occ = 0;
            while occ < 64 {
                let o = (occ << 1) as u32;
                let mut a = 0u32;
                let mut x = f as i32 + 1;
                while x < 8 {
                    a |= 1 << x;
                    if o & (1 << x) != 0 {
                        break;
                    }
                    x += 1;
                }
                let mut x = f as i32 - 1;
                while x >= 0 {
                    a |= 1 << x;
                    if o & (1 << x) != 0 {
                        break;
                    }
                    x -= 1;
                }
                t[f][occ] = a as u8;
                occ += 1;
            }
            f += 1;
        }
        t
    }

    static MASKS: [[u64; 3]; 64] = masks();
    static RANK: [[u8; 64]; 8] = rank_table();

    #[inline]
    fn hq(occ: u64, s: u64, mask: u64) -> u64 {
        let o = occ & mask;
        let forward = o.wrapping_sub(s.wrapping_mul(2));
        let reverse = o.swap_bytes().wrapping_sub(s.swap_bytes().wrapping_mul(2));
        (forward ^ reverse.swap_bytes()) & mask
    }

    /// The squares a queen on `sq` attacks: the empty squares of its lines up to and
    /// including the first occupied square of each.
    #[inline]
    pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        let i = sq.index();
        let s = 1u64 << i;
        let occ = occupied.0;
        let m = &MASKS[i];
        let shift = i & 56;
        let rank = (RANK[i & 7][((occ >> shift) >> 1) as usize & 63] as u64) << shift;
        Bitboard(hq(occ, s, m[0]) | hq(occ, s, m[1]) | hq(occ, s, m[2]) | rank)
    }

    /// The squares a rook on `sq` attacks (the orthogonal half of `queen_attacks`, kept to
    /// test the rank lookup on its own).
    #[cfg(test)]
    pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        let i = sq.index();
        let occ = occupied.0;
        let shift = i & 56;
        let rank = (RANK[i & 7][((occ >> shift) >> 1) as usize & 63] as u64) << shift;
        Bitboard(hq(occ, 1u64 << i, MASKS[i][0]) | rank)
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use ultima::attacks::{queen_slides, rook_slides};

        #[test]
        fn agrees_with_the_rules_crate_slides() {
            let mut x = 0x1234_5678_9ABC_DEF0u64;
            for _ in 0..2000 {
                x = crate::rng::mix(x);
                let occ = Bitboard(x & crate::rng::mix(x ^ 1));
                for sq in Square::all() {
                    let occ = Bitboard(occ.0 & !(1 << sq.index()));
                    assert_eq!(queen_attacks(sq, occ) & !occ, queen_slides(sq, occ), "{sq}");
                    assert_eq!(rook_attacks(sq, occ) & !occ, rook_slides(sq, occ), "{sq}");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ultima::Rules;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, Rules::default()).unwrap()
    }

    #[test]
    fn start_is_balanced() {
        let p = EvalParams::default();
        let start = Position::default();
        assert_eq!(evaluate(&start, &p), p.tempo);
        assert_eq!(material(&start, &p), 0);
    }

    #[test]
    fn symmetric_for_colour_flip() {
        // The same placement turned 180° with colours swapped scores the same for the mover.
        let p = EvalParams::default();
        let a = pos("4k3/8/8/3i4/3X4/8/8/4K3 w");
        let b = pos("3k4/8/8/4x3/4I3/8/8/3K4 b");
        assert_eq!(evaluate(&a, &p), evaluate(&b, &p));
    }

    #[test]
    fn frozen_pieces_are_worth_less() {
        let p = EvalParams::default();
        // White's Withdrawer next to Black's Immobilizer, or far from it.
        let frozen = pos("4k3/8/8/3i4/3W4/8/8/4K3 w");
        let free = pos("4k3/8/8/3i4/8/8/W7/4K3 w");
        assert!(evaluate(&frozen, &p) < evaluate(&free, &p));
    }

    #[test]
    fn value_of_sums_captures() {
        let p = EvalParams::default();
        let q = pos("2P3k1/2p5/Pp1pP2c/2l5/7K/2l5/2X5/2w5 w");
        let m = q.parse_move("c2-c6").unwrap();
        // The Withdrawer on c1, the Leapers on c3 and c5, the Pawns on b6, d6 and c7 and the
        // Coordinator on h6 (RULES §7, example 7).
        let expected = p.value[Role::Withdrawer.index()]
            + 2 * p.value[Role::LongLeaper.index()]
            + 3 * p.value[Role::Pawn.index()]
            + p.value[Role::Coordinator.index()];
        assert_eq!(value_of(q.board(), m.captures(), &p), expected);
    }
}

//! Static evaluation written for Ultima.
//!
//! Everything is computed from the board's bitboards in one pass, with no move generation:
//! material (frozen pieces count for less), the sliding freedom of the free pieces, and the
//! safety of each King against the capture methods that reach it (RULES §2): the enemy
//! Immobilizer closing in, enemy pieces next to it, the enemy Coordinator's rectangle when
//! the Kings share a line, Long Leapers on its lines, and the King's own room. Where each piece
//! stands (the piece-square terms) is the exception: a move changes it only on the squares it
//! touches, so the search keeps that score as it plays ([`square_score_change`]) and hands it
//! in ([`evaluate_knowing_squares`], [`evaluate_lazy`]).

use crate::params::{EvalParams, Weight};
use ultima::attacks::{beyond, king_steps, queen_attacks, queen_lines, within};
use ultima::{Bitboard, Board, Color, Move, Position, Role, Square};

/// The pieces other than the King and the Pawns.
const OFFICERS: [Role; 5] = [
    Role::Withdrawer,
    Role::Coordinator,
    Role::Immobilizer,
    Role::LongLeaper,
    Role::Chameleon,
];

/// Where the evaluation's terms go. Each term is written once, as "weight `w` counts `n`
/// times" for one side: [`Sum`] adds up the weights in play (the search), [`Trace`] records
/// the counts (the tuner's features), so the tuner fits exactly the evaluation the search
/// runs.
trait Terms {
    /// Whether a term of `w` needs computing: a zero weight's term is skipped by the search.
    fn wants(&self, w: Weight) -> bool;
    fn add(&mut self, w: Weight, n: i32);

    /// A piece of `c` and `r` on `sq`: its [`Weight::Square`] counts once.
    #[inline(always)]
    fn add_square(&mut self, c: Color, r: Role, sq: Square) {
        self.add(Weight::Square(r, Weight::square_index(c, sq)), 1);
    }
}

/// One side's terms summed with the weights of an [`EvalParams`], the piece-square terms
/// left out: the caller adds them as one [`square_score`].
struct Sum<'a> {
    p: &'a EvalParams,
    total: i32,
}

impl<'a> Sum<'a> {
    #[inline]
    fn new(p: &'a EvalParams) -> Sum<'a> {
        Sum { p, total: 0 }
    }
}

impl Terms for Sum<'_> {
    #[inline(always)]
    fn wants(&self, w: Weight) -> bool {
        match w {
            Weight::Square(..) => false,
            w => self.p.get(w) != 0,
        }
    }

    #[inline(always)]
    fn add(&mut self, w: Weight, n: i32) {
        self.total += self.p.get(w) * n;
    }
}

/// The counts of every weight in a position, from White's view (White's terms count up,
/// Black's down): the evaluation from White's view is their dot product with the weights.
struct Trace {
    counts: Vec<i32>,
    sign: i32,
}

impl Terms for Trace {
    fn wants(&self, _: Weight) -> bool {
        true
    }

    fn add(&mut self, w: Weight, n: i32) {
        self.counts[w.index()] += self.sign * n;
    }
}

/// The score of `pos` for the side to move, in centipawns.
pub fn evaluate(pos: &Position, p: &EvalParams) -> i32 {
    evaluate_knowing_squares(pos, p, square_score(pos.board(), p))
}

/// [`evaluate`], given the position's [`square_score`] (which a search keeps as it plays
/// moves, [`square_score_change`]).
#[inline]
pub fn evaluate_knowing_squares(pos: &Position, p: &EvalParams, squares: i32) -> i32 {
    let b = pos.board();
    let frozen = [b.frozen(Color::White), b.frozen(Color::Black)];
    let side = |c: Color| {
        let mut sum = Sum::new(p);
        material_terms(b, c, &frozen, &mut sum);
        positional_terms(b, c, &frozen, &mut sum);
        sum.total
    };
    let s = side(Color::White) - side(Color::Black) + squares;
    (if pos.turn() == Color::White { s } else { -s }) + p.tempo
}

/// The piece-square terms ([`Weight::Square`]: where each piece stands) of the evaluation of
/// a placement, from White's view. A move changes only the squares it touches, so a search
/// keeps this score as it plays moves ([`square_score_change`]) rather than looking up every
/// piece at every evaluation (a fifth of the evaluation's instructions).
pub fn square_score(b: &Board, p: &EvalParams) -> i32 {
    let Some(t) = &p.squares else {
        return 0;
    };
    let mut s = 0;
    for c in Color::ALL {
        let mut side = 0;
        for r in Role::ALL {
            for sq in b.pieces(c, r) {
                side += t.at(c, r, sq);
            }
        }
        s += if c == Color::White { side } else { -side };
    }
    s
}

/// How [`square_score`] changes when the side to move of `b`, `us`, plays `m`: asked before
/// the move is played, while the captured pieces are still on the board.
#[inline(always)]
pub fn square_score_change(b: &Board, us: Color, m: Move, p: &EvalParams) -> i32 {
    let Some(t) = &p.squares else {
        return 0;
    };
    let ours = match m {
        Move::Normal {
            role,
            from,
            to,
            captures,
        } => {
            let mut change = t.at(us, role, to) - t.at(us, role, from);
            // Their pieces leaving count for us.
            for sq in captures {
                if let Some(victim) = b.role_at(sq) {
                    change += t.at(!us, victim, sq);
                }
            }
            change
        }
        Move::Suicide { role, square } => -t.at(us, role, square),
    };
    if us == Color::White {
        ours
    } else {
        -ours
    }
}

/// How many times each weight counts in `pos`, by [`Weight::index`], from White's view:
/// [`evaluate`] from White's view is `Σ counts[i] · weights[i]` ([`EvalParams::weights`]).
/// A tuner's features.
pub fn weight_counts(pos: &Position) -> Vec<i32> {
    let b = pos.board();
    let frozen = [b.frozen(Color::White), b.frozen(Color::Black)];
    let mut trace = Trace {
        counts: vec![0; Weight::COUNT],
        sign: 1,
    };
    for c in Color::ALL {
        trace.sign = if c == Color::White { 1 } else { -1 };
        material_terms(b, c, &frozen, &mut trace);
        positional_terms(b, c, &frozen, &mut trace);
    }
    trace.counts[Weight::Tempo.index()] = if pos.turn() == Color::White { 1 } else { -1 };
    trace.counts
}

/// [`evaluate_knowing_squares`], or only its material part when that lies further than
/// `p.lazy_margin` outside `alpha..beta`: the rest cannot bring the score into the window
/// then. The flag tells whether the score is the full evaluation.
// CITE: chessprogramming.org/Lazy_Evaluation.
#[inline]
pub fn evaluate_lazy(
    pos: &Position,
    p: &EvalParams,
    squares: i32,
    alpha: i32,
    beta: i32,
) -> (i32, bool) {
    let b = pos.board();
    let frozen = [b.frozen(Color::White), b.frozen(Color::Black)];
    let for_mover = |s: i32| if pos.turn() == Color::White { s } else { -s };
    let (mut white, mut black) = (Sum::new(p), Sum::new(p));
    material_terms(b, Color::White, &frozen, &mut white);
    material_terms(b, Color::Black, &frozen, &mut black);
    let m = for_mover(white.total - black.total) + p.tempo;
    if m - p.lazy_margin >= beta || m + p.lazy_margin <= alpha {
        return (m, false);
    }
    let (mut white, mut black) = (Sum::new(p), Sum::new(p));
    positional_terms(b, Color::White, &frozen, &mut white);
    positional_terms(b, Color::Black, &frozen, &mut black);
    (m + for_mover(white.total - black.total + squares), true)
}

/// Material only, for the side to move (the reference minimax and move ordering).
pub fn material(pos: &Position, p: &EvalParams) -> i32 {
    let b = pos.board();
    let us = pos.turn();
    let of = |c: Color| -> i32 {
        Role::ALL[1..]
            .iter()
            .map(|&r| b.count(c, r) as i32 * p.value[r.index()])
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
fn material_terms<T: Terms>(b: &Board, c: Color, frozen_by_color: &[Bitboard; 2], t: &mut T) {
    for r in Role::ALL[1..].iter().copied() {
        t.add(Weight::Value(r), b.count(c, r) as i32);
    }
    // Usually nothing is frozen: no count per role then (counting bits is a loop of
    // instructions in the baseline x86-64 target).
    for sq in frozen_by_color[c.index()] {
        if let Some(r) = b.role_at(sq) {
            t.add(Weight::FrozenPenalty(r), -1);
        }
    }
}

/// One side's mobility, threats, King safety and piece placement.
#[inline]
fn positional_terms<T: Terms>(b: &Board, c: Color, frozen_by_color: &[Bitboard; 2], t: &mut T) {
    let them = !c;
    let occupied = b.occupied();
    let frozen = frozen_by_color[c.index()];

    // Mobility of the free officers, and the enemy pieces our free Long Leapers could take
    // at once (from the same lines).
    let their = b.by_color(them);
    for r in OFFICERS {
        let mobility = t.wants(Weight::Mobility(r));
        let targets = r == Role::LongLeaper && t.wants(Weight::LeaperTargets);
        if !mobility && !targets {
            continue;
        }
        for sq in b.pieces(c, r) & !frozen {
            let attacks = queen_attacks(sq, occupied);
            if mobility {
                t.add(Weight::Mobility(r), (attacks & !occupied).count() as i32);
            }
            if targets {
                let mut leapable = 0;
                for target in attacks & their {
                    if beyond(sq, target).is_some_and(|landing| !occupied.contains(landing)) {
                        leapable += 1;
                    }
                }
                t.add(Weight::LeaperTargets, leapable);
            }
        }
    }

    // Enemy pieces our free Withdrawers could take at once.
    if t.wants(Weight::WithdrawerTargets) {
        for sq in b.pieces(c, Role::Withdrawer) & !frozen {
            for target in king_steps(sq) & their {
                let away = sq.offset(sq.file() - target.file(), sq.rank() - target.rank());
                if away.is_some_and(|to| !occupied.contains(to)) {
                    t.add(Weight::WithdrawerTargets, 1);
                }
            }
        }
    }

    // Where the pieces stand.
    if t.wants(Weight::Square(Role::King, 0)) {
        for r in Role::ALL {
            for sq in b.pieces(c, r) {
                t.add_square(c, r, sq);
            }
        }
    }

    // King safety.
    if let Some(k) = b.king_of(c) {
        let their_free = b.by_color(them) & !frozen_by_color[them.index()];
        t.add(
            Weight::KingFreedom((king_steps(k) & !occupied).count() as usize),
            1,
        );
        if frozen.contains(k) {
            t.add(Weight::KingFrozen, -1);
        } else if (b.pieces(them, Role::Immobilizer) & within(k, 2)).any() {
            t.add(Weight::ImmobilizerNearKing, -1);
        }
        // A test per role, and a count only for a role with a piece in the zone (usually none
        // or one), rather than a lookup of each piece's role.
        let zone = their_free & within(k, 2);
        if zone.any() {
            for r in Role::ALL {
                let attackers = zone & b.by_role(r);
                if attackers.any() {
                    t.add(Weight::KingAttacker(r), -(attackers.count() as i32));
                }
            }
        }
        if (b.pieces(them, Role::Coordinator) & their_free).any() {
            if let Some(ek) = b.king_of(them) {
                let df = (ek.file() - k.file()).abs();
                let dr = (ek.rank() - k.rank()).abs();
                if df == 0 || dr == 0 {
                    t.add(Weight::CoordinatorLine, -1);
                } else if df == 1 || dr == 1 {
                    t.add(Weight::CoordinatorNearLine, -1);
                }
            }
        }
        let leapers = b.pieces(them, Role::LongLeaper) & their_free & queen_lines(k);
        t.add(Weight::LeaperLine, -(leapers.count() as i32));
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
    fn weight_counts_times_the_weights_are_the_evaluation() {
        use crate::params::Weight;
        use crate::players::random_move;
        // The hand-set and the tuned weights, and weights with every term on.
        let mut all_on = EvalParams::hand();
        for (i, w) in Weight::all().enumerate() {
            if matches!(
                w,
                Weight::Mobility(_)
                    | Weight::Square(..)
                    | Weight::LeaperTargets
                    | Weight::WithdrawerTargets
            ) {
                all_on.set(w, (i as i32 * 7) % 23 - 11);
            }
        }
        let mut rng = crate::Rng::new(9);
        for _ in 0..300 {
            let mut pos = Position::default();
            for _ in 0..rng.below(80) {
                let Some(m) = random_move(&pos, &mut rng) else {
                    break;
                };
                pos.play_unchecked(m);
            }
            for p in [EvalParams::hand(), EvalParams::tuned(), all_on.clone()] {
                let counts = weight_counts(&pos);
                let dot: i32 = counts.iter().zip(p.weights()).map(|(c, w)| c * w).sum();
                let e = evaluate(&pos, &p);
                let white = if pos.turn() == Color::White { e } else { -e };
                assert_eq!(dot, white, "{pos}");
                // The lazy evaluation agrees when it is complete.
                let squares = square_score(pos.board(), &p);
                assert_eq!(evaluate_lazy(&pos, &p, squares, -30_000, 30_000), (e, true));
            }
        }
    }

    /// The change a move makes to the piece-square score, asked before it is played, is the
    /// score after it less the score before: captures, suicides and both colours included.
    #[test]
    fn square_score_changes_as_moves_are_played() {
        let p = EvalParams::tuned();
        assert!(p.squares.is_some(), "the tuned weights have square tables");
        let mut rng = crate::Rng::new(17);
        let (mut captures, mut suicides) = (0, 0);
        for _ in 0..200 {
            let mut pos = Position::default();
            for _ in 0..rng.below(120) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len() as u64) as usize];
                captures += usize::from(m.is_capture());
                suicides += usize::from(m.is_suicide());
                let before = square_score(pos.board(), &p);
                let change = square_score_change(pos.board(), pos.turn(), m, &p);
                pos.play_unchecked(m);
                assert_eq!(
                    before + change,
                    square_score(pos.board(), &p),
                    "{m} to {pos}"
                );
            }
        }
        assert!(
            captures > 100 && suicides > 0,
            "{captures} captures, {suicides} suicides"
        );
        // The hand-set weights have no square terms.
        let hand = EvalParams::hand();
        let m = Position::default().legal_moves()[0];
        assert_eq!(square_score(Position::default().board(), &hand), 0);
        assert_eq!(
            square_score_change(Position::default().board(), Color::White, m, &hand),
            0
        );
    }

    #[test]
    fn threats_count_what_could_be_taken_at_once() {
        use crate::params::Weight;
        let count = |fen: &str, w: Weight| weight_counts(&pos(fen))[w.index()];
        // The Leaper on a1 can leap the Pawn on a4 (a5 is empty), not the one on d4 (e5 is
        // taken), and a frozen Leaper threatens nothing.
        assert_eq!(
            count("4k3/8/8/4p3/p2p4/8/8/L3K3 w", Weight::LeaperTargets),
            1
        );
        assert_eq!(count("4k3/8/8/8/p7/8/i7/L3K3 w", Weight::LeaperTargets), 0);
        // Black's Leaper on a8 threatens the Pawn on a6: Black's count is White's minus one.
        assert_eq!(count("l3k3/8/P7/8/8/8/8/4K3 w", Weight::LeaperTargets), -1);
        // The Withdrawer on b2 can step away from the Pawn on b3 unless b1 is taken.
        assert_eq!(
            count("4k3/8/8/8/8/1p6/1W6/4K3 w", Weight::WithdrawerTargets),
            1
        );
        assert_eq!(
            count("4k3/8/8/8/8/1p6/1W6/1K6 w", Weight::WithdrawerTargets),
            0
        );
    }

    #[test]
    fn weights_round_trip_by_name() {
        use crate::params::Weight;
        assert_eq!(Weight::all().count(), Weight::COUNT);
        assert!(Weight::all().enumerate().all(|(i, w)| w.index() == i));
        let hand = EvalParams::hand();
        assert_eq!(EvalParams::from_weights(&hand.weights()), hand);
        assert_eq!(hand.squares, None, "no square tables when they are all 0");
        let tuned = EvalParams::tuned();
        assert_eq!(EvalParams::from_weights(&tuned.weights()), tuned);
        assert_eq!(
            tuned.value[Role::Pawn.index()],
            100,
            "the Pawn anchors the scale"
        );
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

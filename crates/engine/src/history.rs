//! What the search learns about quiet moves between its nodes, for ordering them: which
//! moves refuted a position, by their start and end squares (the history heuristic), and,
//! with [`SearchParams::continuation_history`], by the moves one and two plies before them
//! (continuation history).
//!
//! [`SearchParams::continuation_history`]: crate::params::SearchParams::continuation_history

use crate::tt::MoveKey;
use ultima::{Color, Role};

/// A moved piece and where it went, the index of the continuation tables:
/// `(colour · 7 + role) · 64 + destination`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct PieceTo(u16);

impl PieceTo {
    /// No move: the root, or after a null move.
    pub const NONE: PieceTo = PieceTo(u16::MAX);

    /// The piece `role` of `mover` going to the destination of `key`.
    #[inline]
    pub fn of(mover: Color, role: Role, key: MoveKey) -> PieceTo {
        PieceTo(((mover.index() * 7 + role.index()) * 64 + key.end_index()) as u16)
    }

    #[inline]
    fn is_none(self) -> bool {
        self == PieceTo::NONE
    }
}

/// Pieces of both colours times squares: the rows and the columns of the continuation table.
const PIECE_TOS: usize = 2 * 7 * 64;

/// The additive history's scores are halved, all of them, past this.
const ADDITIVE_MAX: i32 = 1 << 20;

/// The bound of a history score kept by gravity ([`gravity`]).
const GRAVITY_MAX: i32 = 1 << 14;

/// The quiet-move history of one engine, kept from search to search within a game.
pub(crate) struct QuietHistory {
    /// By side, start square and end square.
    by_squares: Box<[[[i32; 64]; 64]; 2]>,
    /// By the move before ([`PieceTo`], rows) and this move ([`PieceTo`], columns); one table
    /// serves the previous move (the opponent's) and the one before it (the mover's own),
    /// whose rows differ by colour. 1.6 MB, so on the heap and allocated row by row: a
    /// fixed-size array of it built on the way there would pass through a Web Worker's 1 MB
    /// stack. Empty when continuation history is off, which costs then neither memory nor
    /// clearing.
    continuation: Vec<[i16; PIECE_TOS]>,
}

impl QuietHistory {
    /// `continuation`: whether the continuation table is kept and counts
    /// ([`SearchParams::continuation_history`]).
    ///
    /// [`SearchParams::continuation_history`]: crate::params::SearchParams::continuation_history
    pub fn new(continuation: bool) -> QuietHistory {
        QuietHistory {
            by_squares: Box::new([[[0; 64]; 64]; 2]),
            continuation: if continuation {
                vec![[0; PIECE_TOS]; PIECE_TOS]
            } else {
                Vec::new()
            },
        }
    }

    fn continuation_on(&self) -> bool {
        !self.continuation.is_empty()
    }

    /// Forgets everything: a new game.
    pub fn clear(&mut self) {
        for side in self.by_squares.iter_mut() {
            for row in side.iter_mut() {
                row.fill(0);
            }
        }
        self.continuation.fill([0; PIECE_TOS]);
    }

    /// Between two searches: the square scores fade to an eighth, so that the new position's
    /// refutations soon outweigh the old ones. Continuation scores stay: gravity bounds them,
    /// and they describe answers to moves, which change less from move to move.
    pub fn age(&mut self) {
        for side in self.by_squares.iter_mut() {
            for row in side.iter_mut() {
                for h in row.iter_mut() {
                    *h /= 8;
                }
            }
        }
    }

    /// The ordering score of a quiet move `key` of `side`, which moves the piece `here`
    /// after the moves `before` (the previous one first).
    #[inline]
    pub fn score(&self, side: usize, key: MoveKey, here: PieceTo, before: [PieceTo; 2]) -> i32 {
        self.scores(side, before).of(key, here)
    }

    /// What scores the quiet moves of `side` after the moves `before` (the previous one
    /// first): the rows of the tables they read, found once for a node's moves.
    #[inline]
    pub fn scores(&self, side: usize, before: [PieceTo; 2]) -> QuietScores<'_> {
        let row = |b: PieceTo| {
            if b.is_none() {
                return &NO_ROW;
            }
            // No row either when the table is off (and empty).
            self.continuation.get(b.0 as usize).unwrap_or(&NO_ROW)
        };
        QuietScores {
            squares: &self.by_squares[side],
            rows: [row(before[0]), row(before[1])],
        }
    }

    /// Records that `key` refuted a position at `depth` (`good`), or was tried there and did
    /// not (`!good`).
    ///
    /// Without continuation history, the square score rises or falls by depth² and every score of
    /// the side is halved once one passes [`ADDITIVE_MAX`]. With it, every score moves by
    /// gravity towards ±[`GRAVITY_MAX`], the tables' scores on one scale so that their sum
    /// means something.
    #[inline]
    pub fn update(
        &mut self,
        side: usize,
        key: MoveKey,
        here: PieceTo,
        before: [PieceTo; 2],
        depth: i32,
        good: bool,
    ) {
        let (from, to) = (key.start_index(), key.end_index());
        if !self.continuation_on() {
            let bonus = if good { depth * depth } else { -depth * depth };
            let h = &mut self.by_squares[side][from][to];
            *h += bonus;
            if h.abs() > ADDITIVE_MAX {
                for row in self.by_squares[side].iter_mut() {
                    for x in row.iter_mut() {
                        *x /= 2;
                    }
                }
            }
            return;
        }
        // CITE: the bonus and the gravity formula after Stockfish's history
        // (chessprogramming.org/History_Heuristic#Gravity).
        let size = (depth * depth).min(324) * 32;
        let bonus = if good { size } else { -size };
        gravity(&mut self.by_squares[side][from][to], bonus);
        for b in before {
            if !b.is_none() {
                let slot = &mut self.continuation[b.0 as usize][here.0 as usize];
                let mut h = i32::from(*slot);
                gravity(&mut h, bonus);
                *slot = h as i16;
            }
        }
    }
}

/// The history of the quiet moves of one node ([`QuietHistory::scores`]). A node scores every
/// quiet move it lists: looked up once, the rows stay at hand instead of being found again
/// for each move (a sixth fewer instructions in the ordering).
pub(crate) struct QuietScores<'a> {
    /// The side's scores by start and end square.
    squares: &'a [[i32; 64]; 64],
    /// The continuation rows of the moves before ([`NO_ROW`] where there was no move or the
    /// table is not kept): two loads a move, and no test.
    rows: [&'a [i16; PIECE_TOS]; 2],
}

/// The continuation row that adds nothing.
static NO_ROW: [i16; PIECE_TOS] = [0; PIECE_TOS];

impl QuietScores<'_> {
    /// The score of the quiet move `key`, which moves the piece `here`.
    #[inline]
    pub fn of(&self, key: MoveKey, here: PieceTo) -> i32 {
        let i = here.0 as usize;
        self.squares[key.start_index()][key.end_index()]
            + i32::from(self.rows[0][i])
            + i32::from(self.rows[1][i])
    }
}

/// Moves `h` by `bonus`, less the more `h` already leans that way: `h` stays within
/// ±[`GRAVITY_MAX`] and a score that stops being earned decays.
#[inline]
fn gravity(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / GRAVITY_MAX;
}

#[cfg(test)]
mod tests {
    use super::*;
    use ultima::Position;

    #[test]
    fn gravity_keeps_scores_within_their_bound() {
        let mut h = 0;
        for _ in 0..1000 {
            gravity(&mut h, 324 * 32);
            assert!(h <= GRAVITY_MAX, "{h}");
        }
        assert!(h > GRAVITY_MAX * 9 / 10);
        for _ in 0..1000 {
            gravity(&mut h, -324 * 32);
            assert!(h >= -GRAVITY_MAX, "{h}");
        }
        assert!(h < -GRAVITY_MAX * 9 / 10);
    }

    #[test]
    fn continuation_scores_follow_the_move_before() {
        let pos = Position::default();
        let moves = pos.legal_moves();
        let (a, b) = (moves[0], moves[1]);
        let mover = pos.turn();
        let (ka, kb) = (MoveKey::of(a), MoveKey::of(b));
        let (pa, pb) = (
            PieceTo::of(mover, a.role(), ka),
            PieceTo::of(mover, b.role(), kb),
        );
        assert_ne!(pa, pb);
        let after_x = [PieceTo(5), PieceTo::NONE];
        let after_y = [PieceTo(6), PieceTo::NONE];
        let mut h = QuietHistory::new(true);
        h.update(0, ka, pa, after_x, 4, true);
        h.update(0, kb, pb, after_x, 4, false);
        // After the move it refuted, `a` is preferred by both tables; after another move,
        // by the squares only.
        let s = |h: &QuietHistory, k, p, before| h.score(0, k, p, before);
        assert_eq!(s(&h, ka, pa, after_x), 2 * 512);
        assert_eq!(s(&h, ka, pa, after_y), 512);
        assert_eq!(s(&h, kb, pb, after_x), -2 * 512);
        // The square table alone: no move before.
        assert_eq!(s(&h, ka, pa, [PieceTo::NONE; 2]), 512);
        h.clear();
        assert_eq!(s(&h, ka, pa, after_x), 0);
    }

    #[test]
    fn without_continuation_the_square_scores_add_up() {
        let pos = Position::default();
        let m = pos.legal_moves()[0];
        let k = MoveKey::of(m);
        let p = PieceTo::of(pos.turn(), m.role(), k);
        let none = [PieceTo::NONE; 2];
        let mut h = QuietHistory::new(false);
        h.update(1, k, p, none, 3, true);
        h.update(1, k, p, none, 2, true);
        assert_eq!(h.score(1, k, p, none), 13);
        h.age();
        assert_eq!(h.score(1, k, p, none), 1);
    }
}

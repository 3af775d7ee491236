//! Move ordering: each ply's moves and their ordering keys, scored by the hash move,
//! captures by what they take, killers, counter moves and history, and handed out greatest
//! first.

use super::{SearchHandler, Searcher};
use crate::eval::value_of;
use crate::history::PieceTo;
use crate::tt::MoveKey;
use arrayvec::ArrayVec;
use ultima::{Move, MoveList, MAX_MOVES};

/// The moves of one ply and their ordering keys (score in the high bits, index in the low 16).
#[derive(Default)]
pub(super) struct Frame {
    pub(super) moves: MoveList,
    /// Filled by [`push_key`]: the greatest key first, the rest in any order.
    pub(super) keys: ArrayVec<i64, MAX_MOVES>,
}

/// Adds the ordering key of the move at `index` of a [`Frame`]'s list, scored `score`, to the
/// frame's keys: the score above the index (which `next_move` reads back). The greatest key is
/// kept first, so that the first move needs no selection pass over the list: a node whose
/// first move fails high reads no other key. The keys are distinct (each holds its move's
/// index), so the order the moves come in is the same whatever order the keys are kept in.
#[inline]
pub(super) fn push_key(keys: &mut ArrayVec<i64, MAX_MOVES>, score: i32, index: usize) {
    let key = i64::from(score) << 16 | index as i64;
    match keys.first_mut() {
        Some(first) if key > *first => {
            let was_first = core::mem::replace(first, key);
            keys.push(was_first);
        }
        _ => keys.push(key),
    }
}

/// Which of a node's moves its frame lists ([`SearchParams::captures_first`](crate::SearchParams::captures_first)).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Stage {
    Unlisted,
    /// Every move, listed at once.
    All,
    Captures,
    /// The moves that capture nothing, suicides among them, listed after the captures.
    Rest,
}

/// Ordering scores.
const CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const COUNTER: i32 = KILLER - 2;
const SUICIDE: i32 = -(1 << 29);

impl<H: SearchHandler + ?Sized> Searcher<'_, H> {
    /// Scores every move of the ply's list for ordering but the hash move `tt_move`, which is
    /// left out: it was searched before any list was made, or it is not legal here. `before`
    /// is the node's [`Self::moves_before`].
    pub(super) fn order_moves(&mut self, tt_move: MoveKey, ply: usize, before: [PieceTo; 2]) {
        let b = self.pos.board();
        let turn = self.pos.turn();
        let side = turn.index();
        let killers = self.killers[ply];
        // Read now, not at the node's entry: the hash move's search, before the list was
        // made, may have recorded a new counter move for this one.
        let counter = self.counter_move(ply);
        let history = self.history.scores(side, before);
        let frame = &mut self.frames[ply];
        frame.keys.clear();
        for (i, &m) in frame.moves.iter().enumerate() {
            let k = MoveKey::of(m);
            if k == tt_move {
                continue;
            }
            let score = if m.is_capture() {
                CAPTURE + value_of(b, m.captures(), self.eval_params) * 16
                    - self.eval_params.value[m.role().index()] / 16
            } else if m.is_suicide() {
                SUICIDE + self.eval_params.value[m.role().index()]
            } else if k == killers[0] {
                KILLER
            } else if k == killers[1] {
                KILLER - 1
            } else if k == counter {
                COUNTER
            } else {
                history.of(k, PieceTo::of(turn, m.role(), k))
            };
            push_key(&mut frame.keys, score, i);
        }
    }

    /// The pieces moved, and where to, by the two moves before `ply`, the latest first.
    #[inline]
    pub(super) fn moves_before(&self, ply: usize) -> [PieceTo; 2] {
        let second = if ply > 0 {
            self.came_piece[ply - 1]
        } else {
            PieceTo::NONE
        };
        [self.came_piece[ply], second]
    }

    /// The quiet move that last refuted the move leading to `ply`, if counter moves are on.
    #[inline]
    pub(super) fn counter_move(&self, ply: usize) -> MoveKey {
        let prev = self.came_by[ply];
        if !self.params.counter_moves || prev.is_none() {
            return MoveKey::NONE;
        }
        self.counters[prev.start_index()][prev.end_index()]
    }

    /// The ply's next move by ordering key: the first is kept first as the keys are made,
    /// the next two are found by a selection step each, then the rest are sorted once.
    #[inline]
    pub(super) fn next_move(&mut self, ply: usize, next: &mut usize) -> Option<Move> {
        let frame = &mut self.frames[ply];
        let keys = &mut frame.keys;
        let n = keys.len();
        let i = *next;
        if i >= n {
            return None;
        }
        // The first is in place already (`push_key`).
        if (1..3).contains(&i) {
            // The best key so far is carried in a local. Read back from the list instead,
            // each step waited on the one before it (a load after a conditional move), and
            // in wasm the pass took twice its native time.
            let mut best = i;
            let mut best_key = keys[i];
            for (j, &k) in keys.iter().enumerate().skip(i + 1) {
                if k > best_key {
                    best = j;
                    best_key = k;
                }
            }
            keys.swap(i, best);
            if i == 2 {
                keys[3..].sort_unstable_by(|a, b| b.cmp(a));
            }
        }
        *next = i + 1;
        Some(frame.moves[(keys[i] & 0xFFFF) as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `push_key` keeps the greatest key first and every key once, so `next_move` hands out
    /// the moves in descending key order without a selection pass for the first.
    #[test]
    fn keys_come_out_greatest_first() {
        let mut rng = crate::Rng::new(5);
        let mut keys = ArrayVec::<i64, MAX_MOVES>::new();
        for len in [0, 1, 2, 3, 4, 7, 60, 300] {
            keys.clear();
            let mut expected = Vec::new();
            for i in 0..len {
                // Negative and positive scores, some equal: the index keeps keys distinct.
                let score = rng.below(41) as i32 - 20;
                push_key(&mut keys, score, i);
                expected.push(i64::from(score) << 16 | i as i64);
                assert_eq!(keys.first(), expected.iter().max());
            }
            let mut kept = keys.to_vec();
            kept.sort_unstable();
            expected.sort_unstable();
            assert_eq!(kept, expected);
        }
    }
}

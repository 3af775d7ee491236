//! Quiescence: the captures after the horizon, until the position is quiet.

use super::ordering::push_key;
use super::{SearchHandler, Searcher, INF, MATE, MAX_PLY};
use crate::eval::value_of;
use ultima::KingTest;

impl<H: SearchHandler + ?Sized> Searcher<'_, H> {
    /// Quiescence: captures only (every move while in check, near the horizon), with stand
    /// pat, delta pruning and a depth bound, so that multi-capture chains stay small.
    // CITE: chessprogramming.org/Quiescence_Search, /Delta_Pruning.
    /// `in_check` is whether the side to move is in check, known to every caller (the search
    /// has tested it, and past the first quiescence ply it does not matter): the test is not
    /// cheap.
    pub(super) fn qsearch(
        &mut self,
        ply: usize,
        alpha: i32,
        beta: i32,
        qdepth: u32,
        in_check: bool,
    ) -> i32 {
        #[cfg(test)]
        {
            let here = &ply as *const usize as usize;
            if here < self.stack_low.0 {
                self.stack_low = (here, ply);
            }
        }
        self.pv[ply].clear();
        if !self.enter_node() {
            return 0;
        }
        self.quiesce(ply, alpha, beta, qdepth, in_check)
    }

    /// The body of [`Searcher::qsearch`], for a node already counted.
    pub(super) fn quiesce(
        &mut self,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        qdepth: u32,
        in_check: bool,
    ) -> i32 {
        self.seldepth = self.seldepth.max(ply as u32);
        if self.pos.is_bare_kings_draw() {
            return 0;
        }
        if self.pos.is_move_limit_draw() {
            return self.move_limit_score(ply);
        }
        if ply >= MAX_PLY - 2 {
            return self.eval();
        }
        let in_check = qdepth == 0 && in_check;
        let stand = if in_check {
            -INF
        } else {
            self.eval_lazy(alpha, beta)
        };
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        if qdepth >= self.qsearch_depth {
            if !in_check {
                return stand;
            }
            // In check here only with no quiescence at all (see above): a mate is still a mate.
            return if self.pos.has_legal_move() {
                self.eval()
            } else {
                -MATE + ply as i32
            };
        }
        let frame = &mut self.frames[ply];
        // Captures are listed before their King-safety test (see `search`); evasions after.
        let mut king_test = None;
        if in_check {
            // Every evasion.
            self.pos.fill_legal_moves(&mut frame.moves);
            if frame.moves.is_empty() {
                return -MATE + ply as i32;
            }
        } else {
            let test = self.pos.fill_pseudo_captures(&mut frame.moves);
            // Past the first ply nobody asked.
            king_test = Some(if qdepth == 0 {
                test.knowing_check(false)
            } else {
                test
            });
        }
        let b = self.pos.board();
        frame.keys.clear();
        for i in 0..frame.moves.len() {
            let gain = value_of(b, frame.moves[i].captures(), self.eval_params);
            push_key(&mut frame.keys, gain, i);
        }
        let mut best = stand;
        let mut next = 0;
        while let Some(m) = self.next_move(ply, &mut next) {
            // The ordering key holds the gain above the move's index.
            let gain = (self.frames[ply].keys[next - 1] >> 16) as i32;
            if !in_check && stand + gain + self.params.delta_margin <= alpha {
                break; // sorted by gain: the rest gain even less
            }
            if king_test
                .as_ref()
                .is_some_and(|t: &KingTest| !t.allows(&self.pos, m))
            {
                continue;
            }
            let played = self.play(m);
            let score = -self.qsearch(ply + 1, -beta, -alpha, qdepth + 1, false);
            self.take_back(m, played);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

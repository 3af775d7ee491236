//! The search of one node: the principal variation search with its table cutoffs, pruning,
//! reductions and history updates.

use super::ordering::Stage;
use super::reduction::log_reduction;
use super::{SearchHandler, Searcher, INF, MATE, MATE_BOUND};
use crate::correction::Keys;
use crate::history::PieceTo;
use crate::score::{Eval, MAX_PLY};
use crate::tt::{Bound, MoveKey};
use arrayvec::ArrayVec;
use ultima::{KingTest, Square};

impl<H: SearchHandler + ?Sized> Searcher<'_, H> {
    /// The principal variation search of one node.
    pub(super) fn search(
        &mut self,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        null_ok: bool,
    ) -> i32 {
        self.pv[ply].clear();
        let pv_node = beta - alpha > 1;
        if ply > 0 {
            if self.is_rule_draw() {
                return 0;
            }
            // Mate distance pruning.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = self.pos.is_check();
        let mut depth = depth;
        // CITE: check extension (chessprogramming.org/Check_Extensions).
        if in_check && self.params.check_extension && ply < 2 * self.root_depth as usize {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(ply, alpha, beta, 0, in_check);
        }
        if !self.enter_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        if ply >= MAX_PLY - 8 {
            return self.eval();
        }

        let key = self.pos.hash();
        let hit = self.tt.probe(key, ply);
        let mut tt_move = MoveKey::NONE;
        // At the root of a multi-PV line, some root moves are left out.
        let excluding = ply == 0 && !self.excluded.is_empty();
        if let Some(h) = hit {
            tt_move = if excluding && self.excluded.contains(&h.mv) {
                MoveKey::NONE
            } else {
                h.mv
            };
            let s = h.score.0 as i32;
            if !pv_node
                && h.depth >= depth
                && match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                }
            {
                return s;
            }
        }
        let raw_eval = if in_check {
            -INF
        } else if let Some(h) = hit {
            h.eval as i32
        } else {
            self.eval()
        };
        // The table keeps the evaluation itself; its correction is asked anew each time.
        let corrected = (self.params.correction && !in_check).then(|| {
            let keys = Keys::of(self.pos.board(), self.pos.turn());
            let e = raw_eval + self.correction.of(keys);
            (keys, e.clamp(-MATE_BOUND + 1, MATE_BOUND - 1))
        });
        let static_eval = corrected.map_or(raw_eval, |(_, e)| e);
        self.static_evals[ply] = static_eval;
        // `None` where the test is off (`SearchParams::improving`): the pruning below then
        // judges every node alike.
        let improving = self
            .params
            .improving
            .then(|| !in_check && self.is_improving(ply, static_eval));

        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            let p = self.params;
            // What the pruning below judges the node by: the table's score where its bound
            // lies beyond the static evaluation (`SearchParams::tt_eval`). The table keeps the
            // static evaluation itself.
            let scored = hit.filter(|h| p.tt_eval && i32::from(h.score.0).abs() < MATE_BOUND);
            let estimate = scored
                .map(|h| (h.bound, i32::from(h.score.0)))
                .filter(|&(bound, s)| bound.improves_on(s, static_eval))
                .map_or(static_eval, |(_, s)| s);
            // CITE: reverse futility pruning (chessprogramming.org/Reverse_Futility_Pruning).
            let rfp_plies = depth - i32::from(improving == Some(true));
            if depth <= p.rfp_depth && estimate - p.rfp_margin * rfp_plies >= beta {
                return estimate;
            }
            // CITE: futility pruning (chessprogramming.org/Futility_Pruning). One ply from the
            // horizon and far below alpha, only captures can help: search them as
            // quiescence does, which also spares generating every legal move.
            if depth == 1 && p.futility_margin > 0 && estimate + p.futility_margin <= alpha {
                return self.quiesce(ply, alpha, beta, 0, false);
            }
            // CITE: null-move pruning (chessprogramming.org/Null_Move_Pruning). Kept away
            // from thin material, where zugzwang is common (stalemate loses, RULES §4).
            if null_ok
                && p.null_move_depth > 0
                && depth >= p.null_move_depth
                && estimate >= beta
                && self.officers_of_mover() >= 2
            {
                if let Some(score) = self.null_move(depth, ply, beta) {
                    return score;
                }
                if self.stopped {
                    return 0;
                }
            }
        }

        // CITE: internal iterative reductions
        // (chessprogramming.org/Internal_Iterative_Reductions). Not at the root, whose lines
        // after the first in a multi-PV search have their hash move left out.
        let iir = self.params.iir_depth;
        if ply > 0 && iir > 0 && depth >= iir && tt_move.is_none() {
            depth -= 1;
        }
        // Late move pruning's count of quiet moves (see below).
        let lmp_count = {
            let n = self.params.lmp_moves + (depth * depth) as usize;
            if improving == Some(false) {
                n * 2 / 3
            } else {
                n
            }
        };

        // The hash move is tried before the other moves are generated: when it fails high,
        // the generation is saved.
        let tt_first = if tt_move.is_none() {
            None
        } else {
            Square::new(tt_move.start_index() as u32).and_then(|from| {
                let frame = &mut self.frames[ply];
                self.pos.fill_legal_moves_from(from, &mut frame.moves);
                frame
                    .moves
                    .iter()
                    .copied()
                    .find(|&m| MoveKey::of(m) == tt_move)
            })
        };
        // The moves are listed before their King-safety test, which each move takes only when
        // its turn comes: a refutation found early spares testing the rest.
        let mut king_test: Option<KingTest> = None;
        let mut next = 0;

        let alpha_orig = alpha;
        let mut best = -INF;
        let mut best_key = MoveKey::NONE;
        let mut best_is_capture = false;
        let mut quiets_tried: ArrayVec<(MoveKey, PieceTo), 64> = ArrayVec::new();
        let counter = self.counter_move(ply);
        // The pieces that moved to this node, the same for every move of it: read once, for
        // the ordering, the reductions and the history updates.
        let before = self.moves_before(ply);
        let turn = self.pos.turn();
        let side = turn.index();
        let mut i = 0;
        // At the root: whether this search of it began with the move to play (see
        // `RootBest`), so that a move raising alpha is proven better than that one.
        let mut root_anchored = false;
        // What the frame lists: the captures, then the rest once they are spent, or every move
        // at once (`SearchParams::captures_first`).
        let mut stage = Stage::Unlisted;
        loop {
            let m = match tt_first {
                Some(m) if i == 0 => m,
                _ => {
                    let legal = loop {
                        match stage {
                            Stage::Unlisted => {
                                let moves = &mut self.frames[ply].moves;
                                let test = if self.params.captures_first {
                                    stage = Stage::Captures;
                                    self.pos.fill_pseudo_captures(moves)
                                } else {
                                    stage = Stage::All;
                                    self.pos.fill_pseudo_moves(moves)
                                };
                                king_test = Some(test.knowing_check(in_check));
                                if ply > 0 && self.pos.is_move_limit_draw() {
                                    return self.move_limit_score(ply);
                                }
                                self.order_moves(tt_move, ply, before);
                                // There may be no capture.
                                continue;
                            }
                            Stage::Captures if next >= self.frames[ply].keys.len() => {
                                self.pos.fill_pseudo_quiets(&mut self.frames[ply].moves);
                                self.order_moves(tt_move, ply, before);
                                next = 0;
                                stage = Stage::Rest;
                            }
                            _ => {}
                        }
                        let test = king_test.as_ref();
                        match self.next_move(ply, &mut next) {
                            Some(m) if excluding && self.excluded.contains(&MoveKey::of(m)) => {}
                            Some(m) if test.is_some_and(|t| t.allows(&self.pos, m)) => {
                                break Some(m)
                            }
                            Some(_) => {}
                            None => break None,
                        }
                    };
                    match legal {
                        Some(m) => m,
                        None if i == 0 => {
                            // No legal move: checkmate or stalemate, a loss either way
                            // (RULES §4).
                            return -MATE + ply as i32;
                        }
                        None => break,
                    }
                }
            };
            if ply == 0 && i == 0 {
                root_anchored = Some(m) == self.root.choice;
            }
            let k = MoveKey::of(m);
            let here = PieceTo::of(turn, m.role(), k);
            let quiet = !m.is_capture() && !m.is_suicide();
            // CITE: late move pruning (chessprogramming.org/Futility_Pruning#MoveCountBasedPruning).
            // The moves after the captures and killers come in history order, the suicides
            // last: past the count, every move left is a quiet move or a suicide.
            let p = self.params;
            if !pv_node
                && !in_check
                && depth <= p.lmp_depth
                && !m.is_capture()
                && k != self.killers[ply][0]
                && k != self.killers[ply][1]
                && quiets_tried.len() >= lmp_count
                && best > -MATE_BOUND
            {
                break;
            }
            let played = self.play(m);
            self.hashes.push(self.pos.hash());
            self.came_by[ply + 1] = k;
            self.came_piece[ply + 1] = here;
            let new_depth = depth - 1;
            let mut score;
            if i == 0 {
                score = -self.search(new_depth, ply + 1, -beta, -alpha, true);
            } else {
                // CITE: late move reductions (chessprogramming.org/Late_Move_Reductions).
                let mut r = 0;
                if p.lmr_depth > 0
                    && depth >= p.lmr_depth
                    && i >= p.lmr_moves
                    && quiet
                    && !in_check
                    && k != self.killers[ply][0]
                    && k != self.killers[ply][1]
                    && k != counter
                {
                    r = if p.lmr_log > 0 {
                        log_reduction(depth, i, p.lmr_log)
                    } else {
                        1 + i32::from(depth >= 6) + i32::from(i >= 12)
                    };
                    if pv_node {
                        r -= 1;
                    }
                    if p.history_reduction > 0 {
                        // A move whose history says it often cuts is reduced less; one that
                        // seldom does, more. Asked again rather than read from the ordering
                        // key: the earlier moves' subtrees have updated the tables since.
                        let h = self.history.score(side, k, here, before);
                        r -= (h / p.history_reduction).clamp(-1, 2);
                    }
                    r = r.min(new_depth - 1).max(0);
                }
                score = -self.search(new_depth - r, ply + 1, -alpha - 1, -alpha, true);
                if score > alpha && r > 0 {
                    score = -self.search(new_depth, ply + 1, -alpha - 1, -alpha, true);
                }
                if score > alpha && score < beta {
                    score = -self.search(new_depth, ply + 1, -beta, -alpha, true);
                }
            }
            self.hashes.pop();
            self.take_back(m, played);
            i += 1;
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_key = k;
                best_is_capture = m.is_capture();
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let line = &mut head[ply];
                    line.clear();
                    line.push(m);
                    let _ = line.try_extend_from_slice(&tail[0]);
                    if ply == 0 && root_anchored && !excluding {
                        self.prove_root_move(score);
                    }
                    if score >= beta {
                        if quiet {
                            if self.killers[ply][0] != k {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = k;
                            }
                            let prev = self.came_by[ply];
                            if self.params.counter_moves && !prev.is_none() {
                                self.counters[prev.start_index()][prev.end_index()] = k;
                            }
                            self.history.update(side, k, here, before, depth, true);
                            for &(q, there) in &quiets_tried {
                                self.history.update(side, q, there, before, depth, false);
                            }
                        }
                        break;
                    }
                }
            }
            if quiet {
                let _ = quiets_tried.try_push((k, here));
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if excluding {
            // Not the root's score: its best moves were left out.
            return best;
        }
        if let Some((keys, e)) = corrected {
            // Captures are left out: quiescence sees them, the evaluation is not to blame.
            if bound.improves_on(best, e) && !best_is_capture && best.abs() < MATE_BOUND {
                self.correction.update(keys, depth, best - e);
            }
        }
        let eval = if in_check { 0 } else { raw_eval };
        self.tt.store(
            key,
            ply,
            best_key,
            Eval(best as i16),
            eval as i16,
            depth,
            bound,
        );
        best
    }

    /// Whether `static_eval`, the static evaluation at `ply`, is above the mover's last
    /// one not in check, two or four plies before; with neither, it counts as improving.
    pub(super) fn is_improving(&self, ply: usize, static_eval: i32) -> bool {
        [2, 4]
            .into_iter()
            .filter(|&back| back <= ply)
            .map(|back| self.static_evals[ply - back])
            .find(|&e| e > -INF)
            .is_none_or(|e| static_eval > e)
    }

    /// The mover's pieces other than the King and Pawns.
    fn officers_of_mover(&self) -> u32 {
        let b = self.pos.board();
        let us = self.pos.turn();
        b.by_color(us).count() - b.count(us, ultima::Role::Pawn) - b.count(us, ultima::Role::King)
    }

    /// Passes the move and searches with a reduced depth: `Some(score)` if even that fails
    /// high.
    fn null_move(&mut self, depth: i32, ply: usize, beta: i32) -> Option<i32> {
        // Only called when not in check, as the rules crate's null move requires.
        let undo = self.pos.play_null();
        self.hashes.push(self.pos.hash());
        self.came_by[ply + 1] = MoveKey::NONE;
        self.came_piece[ply + 1] = PieceTo::NONE;
        let r = 2 + depth / 4;
        let score = -self.search(depth - 1 - r, ply + 1, -beta, -beta + 1, false);
        self.hashes.pop();
        self.pos.undo_null(undo);
        if self.stopped {
            return None;
        }
        (score >= beta).then_some(if score >= MATE_BOUND { beta } else { score })
    }
}

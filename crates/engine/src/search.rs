//! The search: iterative deepening over a principal variation search with aspiration
//! windows, a transposition table, quiescence over captures, and the usual move ordering and
//! pruning, all on top of the rules crate's legal moves.
//!
//! The engine reads no clock (`std::time::Instant` panics on wasm32-unknown-unknown): the
//! host passes a [`SearchHandler`] that says when to stop and hears about each iteration.

use crate::eval::{evaluate, evaluate_lazy, value_of};
use crate::history::{PieceTo, QuietHistory};
use crate::params::{EvalParams, SearchParams};
use crate::rng::mix;
use crate::score::{Eval, MAX_PLY};
use crate::tt::{Bound, MoveKey, Table};
use arrayvec::ArrayVec;
use ultima::{KingTest, Move, MoveList, Position, Square, MAX_MOVES};

/// What bounds a search. Every limit left at `None` is unbounded; a search with no limit at
/// all runs until the handler stops it (or to the deepest depth).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// The most nodes: the search never counts more, except to finish the iterations up to
    /// [`Limits::min_depth`].
    pub nodes: Option<u64>,
    /// The iterations up to this depth finish whatever the node budget (0: none). The levels
    /// set 1, so the move they play is one the search looked at: a budget that stops the
    /// first iteration leaves the first legal move as the answer, and one position in about
    /// 300 needs more than level 3's 1,000 nodes for one ply and its quiescence. Left at 0 by
    /// the data miners, whose files were made without it.
    pub min_depth: u32,
    /// The deepest quiescence line, in plies after the horizon, instead of the engine's
    /// [`SearchParams::qsearch_depth`](crate::SearchParams). Levels 1 and 2 set 0: they judge
    /// the position their search ends in as it stands, blind to the captures that follow,
    /// the way a beginner misses the answer to a move (a mate is still seen).
    pub quiescence: Option<u32>,
    /// Thinking time per move, in milliseconds. The engine has no clock: this is for the host,
    /// whose [`SearchHandler`] enforces it.
    pub time_ms: Option<u64>,
    /// Amplitude of the evaluation noise, in centipawns (0: none). The noise is a fixed
    /// function of the position and the engine's seed, so it makes a weaker player that is
    /// still deterministic.
    pub noise: i32,
    /// How many best moves to find, each with its own line (multi-PV, for analysis); 0 and 1
    /// both mean the best move only.
    pub multipv: usize,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    pub fn time_ms(ms: u64) -> Limits {
        Limits {
            time_ms: Some(ms),
            ..Limits::default()
        }
    }
}

/// One finished iteration, as reported to [`SearchHandler::on_iteration`].
#[derive(Clone, Debug)]
pub struct Iteration<'a> {
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    pub score: Eval,
    /// Nodes searched so far in this search.
    pub nodes: u64,
    /// The principal variation, best move first.
    pub pv: &'a [Move],
    /// How full the transposition table is, per mille.
    pub hashfull: u32,
    /// The best lines, best first: `lines[0]` is `score` and `pv`, then one line for each
    /// further root move asked for by [`Limits::multipv`].
    pub lines: &'a [Line],
}

/// One line of a multi-PV search: a root move's score and its principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub score: Eval,
    /// The line of play, its root move first.
    pub pv: Vec<Move>,
}

/// The host's side of a search: the clock and the stop button, and what to do with
/// progress reports.
///
/// CITE: tantabus' `SearchHandler` (analog-hors/tantabus: engine/src/search/mod.rs).
pub trait SearchHandler {
    /// Asked every 1024 nodes and before each iteration: `true` stops the search at once.
    fn should_stop(&mut self, nodes: u64) -> bool;

    /// Asked before each iteration after the first: `false` ends the search with the last
    /// completed iteration (a soft time limit: no point starting a depth that cannot finish).
    fn start_iteration(&mut self, _depth: u32, _nodes: u64) -> bool {
        true
    }

    /// Called after each completed iteration.
    fn on_iteration(&mut self, _info: &Iteration<'_>) {}
}

/// A handler that never stops the search: only the [`Limits`] do.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHandler;

impl SearchHandler for NoHandler {
    fn should_stop(&mut self, _nodes: u64) -> bool {
        false
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The best move of the last completed iteration, or the first legal move if no
    /// iteration completed; `None` only when the position has no legal move. When the search
    /// was stopped in an iteration that had already proven another move better, that move
    /// instead ([`SearchParams::play_unfinished`](crate::SearchParams)).
    pub best_move: Option<Move>,
    /// The score of the last completed iteration, for the side to move (or of the unfinished
    /// one's better move).
    pub score: Eval,
    /// The depth of the last completed iteration (0: none completed).
    pub depth: u32,
    pub seldepth: u32,
    /// Nodes searched, quiescence included.
    pub nodes: u64,
    /// The principal variation of the last completed iteration (or of the unfinished one's
    /// better move).
    pub pv: Vec<Move>,
}

/// How an engine is set up.
#[derive(Clone, Debug)]
pub struct Config {
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// Seed of the evaluation noise (see [`Limits::noise`]).
    pub seed: u64,
    pub eval: EvalParams,
    pub search: SearchParams,
}

impl Config {
    /// The default table size: 16 MB natively, 8 MB in wasm.
    pub const DEFAULT_HASH_MB: usize = if cfg!(target_arch = "wasm32") { 8 } else { 16 };
}

impl Default for Config {
    fn default() -> Config {
        Config {
            hash_mb: Config::DEFAULT_HASH_MB,
            seed: 0,
            eval: EvalParams::default(),
            search: SearchParams::default(),
        }
    }
}

/// The AI: its settings and the memory it keeps between searches (the transposition table
/// and the history of quiet moves). One engine serves one game at a time.
///
/// # Examples
///
/// ```
/// use ultima::Position;
/// use ultima_engine::{Config, Engine, Limits, NoHandler};
/// let mut engine = Engine::new(Config { hash_mb: 1, ..Config::default() });
/// let pos = Position::default();
/// let result = engine.search(&pos, &[], Limits::depth(3), &mut NoHandler);
/// assert!(pos.is_legal(result.best_move.unwrap()));
/// assert_eq!(result.depth, 3);
/// ```
pub struct Engine {
    config: Config,
    tt: Table,
    /// Move lists per ply, on the heap: a Web Worker's stack is small (1 MB by default).
    frames: Vec<Frame>,
    eval_cache: Vec<(u32, i32)>,
    history: QuietHistory,
}

impl Engine {
    pub fn new(config: Config) -> Engine {
        Engine {
            tt: Table::new(config.hash_mb),
            frames: (0..=MAX_PLY).map(|_| Frame::default()).collect(),
            eval_cache: vec![(0, i32::MIN); EVAL_CACHE],
            history: QuietHistory::new(config.search.continuation_history),
            config,
        }
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Changes the noise seed (a new game at a low level, say).
    pub fn set_seed(&mut self, seed: u64) {
        self.config.seed = seed;
    }

    /// Forgets everything learnt: the next search behaves as a fresh engine's.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.eval_cache.fill((0, i32::MIN));
        self.history.clear();
    }

    /// Searches `pos` and returns the best move found within `limits`.
    ///
    /// `history` holds the hashes ([`Position::hash`]) of the game's positions before `pos`,
    /// oldest first, for repetition draws ([`ultima::Game::history_hashes`]); the hash of
    /// `pos` itself may end the list.
    pub fn search<H: SearchHandler + ?Sized>(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: Limits,
        handler: &mut H,
    ) -> SearchResult {
        self.tt.new_search();
        // The noise depends on the limits and the seed: cached scores are only valid for
        // one search.
        self.eval_cache.fill((0, i32::MIN));
        self.history.age();
        let root_moves = pos.legal_moves();
        let mut result = SearchResult {
            best_move: root_moves.first().copied(),
            score: if root_moves.is_empty() {
                Eval::mated_in(0)
            } else {
                Eval::DRAW
            },
            depth: 0,
            seldepth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        if root_moves.is_empty() {
            return result;
        }

        let mut hashes: Vec<u64> = history.to_vec();
        if hashes.last() == Some(&pos.hash()) {
            hashes.pop();
        }
        hashes.push(pos.hash());
        let root_index = hashes.len() - 1;
        let max_depth = limits.depth.unwrap_or(u32::MAX).min(MAX_PLY as u32 - 16);
        let mut s = Searcher {
            pos: *pos,
            hashes,
            root_index,
            nodes: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            min_depth: limits.min_depth.min(i32::MAX as u32) as i32,
            stopped: false,
            out_of_nodes: false,
            handler,
            tt: &mut self.tt,
            history: &mut self.history,
            eval_params: &self.config.eval,
            params: &self.config.search,
            noise: limits.noise.max(0),
            qsearch_depth: limits
                .quiescence
                .unwrap_or(self.config.search.qsearch_depth),
            seed: self.config.seed,
            killers: [[MoveKey::NONE; 2]; MAX_PLY],
            counters: [[MoveKey::NONE; 64]; 64],
            came_by: [MoveKey::NONE; MAX_PLY + 1],
            came_piece: [PieceTo::NONE; MAX_PLY + 1],
            pv: vec![ArrayVec::new(); MAX_PLY + 1],
            root: RootBest::default(),
            excluded: Vec::new(),
            seldepth: 0,
            root_depth: 0,
            eval_cache: &mut self.eval_cache,
            frames: &mut self.frames,
            #[cfg(test)]
            stack_low: (usize::MAX, 0),
        };

        let multipv = limits.multipv.clamp(1, root_moves.len());
        let mut lines: Vec<Line> = Vec::with_capacity(multipv);
        let mut previous = 0;
        for depth in 1..=max_depth {
            if depth > 1
                && (!s.handler.start_iteration(depth, s.nodes) || s.handler.should_stop(s.nodes))
            {
                break;
            }
            s.root_depth = depth as i32;
            s.seldepth = 0;
            s.root = RootBest {
                choice: result.best_move,
                ..RootBest::default()
            };
            let p = s.params;
            let mut delta = p.aspiration;
            let use_window =
                p.aspiration > 0 && depth >= p.aspiration_depth && !Eval(previous as i16).is_mate();
            let (mut alpha, mut beta) = if use_window {
                (previous - delta, previous + delta)
            } else {
                (-INF, INF)
            };
            let score = loop {
                let v = s.search(depth as i32, 0, alpha, beta, false);
                if s.stopped {
                    break None;
                }
                if v <= alpha && alpha > -INF {
                    delta *= 2;
                    alpha = if delta > 600 {
                        -INF
                    } else {
                        (v - delta).max(-INF)
                    };
                } else if v >= beta && beta < INF {
                    delta *= 2;
                    beta = if delta > 600 {
                        INF
                    } else {
                        (v + delta).min(INF)
                    };
                } else {
                    break Some(v);
                }
            };
            let Some(score) = score else {
                // Stopped before the iteration ended: play what it has proven better, if
                // anything (the extra lines of a multi-PV search are not searched yet). Not
                // when a node budget ran out: the levels' budgets are fixed amounts of search,
                // placed by matches that replay exactly (the README's "Levels").
                if p.play_unfinished
                    && !s.out_of_nodes
                    && multipv == 1
                    && s.root.choice != result.best_move
                {
                    result.best_move = s.root.choice;
                    result.score = Eval(s.root.score as i16);
                    result.pv = s.root.line.to_vec();
                }
                break;
            };
            let pv: Vec<Move> = s.pv[0].to_vec();
            if pv.is_empty() {
                break; // cannot happen with a score inside the window
            }
            previous = score;
            lines = s.more_lines(depth, &pv, Eval(score as i16), multipv, &lines);
            result = SearchResult {
                best_move: Some(pv[0]),
                score: Eval(score as i16),
                depth,
                seldepth: s.seldepth,
                nodes: s.nodes,
                pv,
            };
            s.handler.on_iteration(&Iteration {
                depth,
                seldepth: s.seldepth,
                score: result.score,
                nodes: s.nodes,
                pv: &result.pv,
                hashfull: s.tt.hashfull(),
                lines: &lines,
            });
            if s.stopped {
                break;
            }
            if limits.depth.is_none() {
                if root_moves.len() == 1 {
                    break;
                }
                if let Some(plies) = result.score.mate_plies() {
                    // A mate is found: see `SearchParams::mate_margin`.
                    if depth > plies + p.mate_margin {
                        break;
                    }
                }
            }
        }
        result.nodes = s.nodes;
        result
    }
}

const INF: i32 = Eval::INFINITE.0 as i32;
const MATE: i32 = Eval::MATE as i32;
const MATE_BOUND: i32 = Eval::MATE_BOUND as i32;

/// The state of one search.
struct Searcher<'a, H: ?Sized> {
    pos: Position,
    /// The game's hashes, then the root's, then one per ply of the current line.
    hashes: Vec<u64>,
    root_index: usize,
    nodes: u64,
    node_limit: u64,
    /// [`Limits::min_depth`].
    min_depth: i32,
    stopped: bool,
    /// Stopped by [`Limits::nodes`], not by the handler.
    out_of_nodes: bool,
    handler: &'a mut H,
    tt: &'a mut Table,
    history: &'a mut QuietHistory,
    eval_params: &'a EvalParams,
    params: &'a SearchParams,
    noise: i32,
    /// [`Limits::quiescence`], or the engine's setting.
    qsearch_depth: u32,
    seed: u64,
    killers: [[MoveKey; 2]; MAX_PLY],
    /// The quiet move that last refuted each move, by that move's start and end squares
    /// ([`SearchParams::counter_moves`]).
    counters: [[MoveKey; 64]; 64],
    /// The move that led to each ply (none after a null move, and at the root).
    came_by: [MoveKey; MAX_PLY + 1],
    /// The piece and destination of the move that led to each ply, for continuation history
    /// ([`PieceTo::NONE`] after a null move, and at the root).
    came_piece: [PieceTo; MAX_PLY + 1],
    /// The principal variation from each ply.
    pv: Vec<ArrayVec<Move, MAX_PLY>>,
    /// The root move to play if the search stopped now: the last completed iteration's
    /// choice, or a move the current iteration has proven better (see [`RootBest`]).
    root: RootBest,
    /// Root moves left out of this search (the lines a multi-PV search has found already).
    excluded: Vec<MoveKey>,
    seldepth: u32,
    root_depth: i32,
    frames: &'a mut [Frame],
    /// The lowest stack address seen, and the ply there (to measure frame sizes in tests).
    #[cfg(test)]
    stack_low: (usize, usize),
    /// Full evaluations by hash (upper 32 bits checked), `i32::MIN` for none.
    eval_cache: &'a mut [(u32, i32)],
}

/// The root move an unfinished iteration would play, and its line and score.
///
/// Each iteration searches the last one's choice first (it is the root's hash move); a move
/// that raises alpha after it was searched to the full new depth and beat it, so it is the
/// better move even if the iteration is stopped before it ends, when the iteration's result
/// would otherwise be thrown away. A search of the root that does not begin with the current
/// choice proves nothing against it (after a fail low, the hash move may be another move),
/// so it changes nothing.
/// CITE: playing the best move of an unfinished iteration
/// (chessprogramming.org/Iterative_Deepening).
#[derive(Default)]
struct RootBest {
    choice: Option<Move>,
    line: ArrayVec<Move, MAX_PLY>,
    score: i32,
}

/// The moves of one ply and their ordering keys (score in the high bits, index in the low 16).
#[derive(Default)]
struct Frame {
    moves: MoveList,
    /// Filled by [`push_key`]: the greatest key first, the rest in any order.
    keys: ArrayVec<i64, MAX_MOVES>,
}

/// Adds the ordering key of the move at `index` of a [`Frame`]'s list, scored `score`, to the
/// frame's keys: the score above the index (which `next_move` reads back). The greatest key is
/// kept first, so that the first move needs no selection pass over the list: a node whose
/// first move fails high reads no other key. The keys are distinct (each holds its move's
/// index), so the order the moves come in is the same whatever order the keys are kept in.
#[inline]
fn push_key(keys: &mut ArrayVec<i64, MAX_MOVES>, score: i32, index: usize) {
    let key = i64::from(score) << 16 | index as i64;
    match keys.first_mut() {
        Some(first) if key > *first => {
            let was_first = core::mem::replace(first, key);
            keys.push(was_first);
        }
        _ => keys.push(key),
    }
}

/// Which of a node's moves its frame lists ([`SearchParams::captures_first`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Unlisted,
    /// Every move, listed at once.
    All,
    Captures,
    /// The moves that capture nothing, suicides among them, listed after the captures.
    Rest,
}

/// Entries of the evaluation cache (a power of two).
const EVAL_CACHE: usize = 1 << 16;

/// Ordering scores.
const CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const COUNTER: i32 = KILLER - 2;
const SUICIDE: i32 = -(1 << 29);

impl<H: SearchHandler + ?Sized> Searcher<'_, H> {
    /// The lines of a finished iteration: the main line found at `depth` (`pv`, `score`), then
    /// up to `multipv - 1` more, each the best of the root moves not yet in a line, searched
    /// with a full window. When the search is stopped before they are all found, the lines of
    /// the iteration before (`before`) fill in for the missing ones.
    ///
    /// CITE: multi-PV by excluding the root moves of the lines found
    /// (chessprogramming.org/Principal_Variation, MultiPV).
    fn more_lines(
        &mut self,
        depth: u32,
        pv: &[Move],
        score: Eval,
        multipv: usize,
        before: &[Line],
    ) -> Vec<Line> {
        let mut found = vec![Line {
            score,
            pv: pv.to_vec(),
        }];
        while found.len() < multipv {
            self.excluded = found.iter().map(|line| MoveKey::of(line.pv[0])).collect();
            let v = self.search(depth as i32, 0, -INF, INF, false);
            self.excluded.clear();
            if self.stopped || self.pv[0].is_empty() {
                break;
            }
            found.push(Line {
                score: Eval(v as i16),
                pv: self.pv[0].to_vec(),
            });
        }
        for old in before {
            if found.len() >= multipv {
                break;
            }
            if found.iter().all(|line| line.pv[0] != old.pv[0]) {
                found.push(old.clone());
            }
        }
        found.sort_by_key(|line| core::cmp::Reverse(line.score));
        found
    }

    /// Counts a node; `false` when the search must stop.
    #[inline]
    fn enter_node(&mut self) -> bool {
        if self.stopped {
            return false;
        }
        if self.nodes >= self.node_limit && self.root_depth > self.min_depth {
            self.stopped = true;
            self.out_of_nodes = true;
            return false;
        }
        self.nodes += 1;
        if self.nodes & 1023 == 0 && self.handler.should_stop(self.nodes) {
            self.stopped = true;
            return false;
        }
        true
    }

    /// Records the root's principal variation, just found, as the move to play if the search
    /// stops now (see [`RootBest`]). Out of line and copied in place: a copy of a whole line
    /// in `search` would enlarge the stack frame of every ply, not only the root's.
    #[cold]
    #[inline(never)]
    fn prove_root_move(&mut self, score: i32) {
        let line = &self.pv[0];
        self.root.choice = line.first().copied();
        self.root.line.clear();
        let _ = self.root.line.try_extend_from_slice(line);
        self.root.score = score;
    }

    /// The static evaluation, with the level's noise.
    #[inline]
    fn eval(&mut self) -> i32 {
        let key = self.pos.hash();
        let slot = &mut self.eval_cache[(key as usize) & (EVAL_CACHE - 1)];
        if slot.0 == (key >> 32) as u32 && slot.1 != i32::MIN {
            return slot.1;
        }
        let mut e = evaluate(&self.pos, self.eval_params);
        if self.noise != 0 {
            let n = self.noise as u64;
            let r = mix(key ^ self.seed) % (2 * n + 1);
            e += r as i32 - self.noise;
        }
        self.eval_cache[(key as usize) & (EVAL_CACHE - 1)] = ((key >> 32) as u32, e);
        e
    }

    /// The static evaluation for quiescence: lazy, with the level's noise.
    #[inline]
    fn eval_lazy(&mut self, alpha: i32, beta: i32) -> i32 {
        let key = self.pos.hash();
        let slot = &mut self.eval_cache[(key as usize) & (EVAL_CACHE - 1)];
        if slot.0 == (key >> 32) as u32 && slot.1 != i32::MIN {
            return slot.1;
        }
        let n = self.noise;
        let (mut e, full) = evaluate_lazy(&self.pos, self.eval_params, alpha - n, beta + n);
        if n != 0 {
            let r = mix(key ^ self.seed) % (2 * n as u64 + 1);
            e += r as i32 - n;
        }
        if full {
            self.eval_cache[(key as usize) & (EVAL_CACHE - 1)] = ((key >> 32) as u32, e);
        }
        e
    }

    /// Draws by bare Kings, and by repetition as the search counts it: the rules' threefold
    /// repetition ([`Position::repetitions`] twice in the game before the root), or once
    /// inside the search line, since a side that can repeat a position once can repeat it
    /// again. Both are tested before the decisive ends of [`Position::outcome_after`], which
    /// changes nothing in practice: two lone Kings always have a move, and a position repeated
    /// in a game had a move played from it. (In the search line a null move may have been
    /// played instead: the one, rare, case where a stalemate could score as a draw here.)
    fn is_rule_draw(&self) -> bool {
        if self.pos.is_bare_kings_draw() {
            return true;
        }
        if !self.pos.rules().repetition_draw {
            return false;
        }
        let earlier = &self.hashes[..self.hashes.len() - 1];
        let mut seen_in_game = 0;
        for i in self.pos.repetitions(earlier) {
            if i >= self.root_index {
                return true;
            }
            seen_in_game += 1;
            if seen_in_game >= 2 {
                return true;
            }
        }
        false
    }

    /// The score of a position where the move limit holds
    /// ([`Position::is_move_limit_draw`]): a draw, unless the side to move has no legal move,
    /// which loses first (RULES §4, [`Position::outcome_after`]).
    fn move_limit_score(&self, ply: usize) -> i32 {
        if self.pos.has_legal_move() {
            0
        } else {
            -MATE + ply as i32
        }
    }

    /// Scores every move of the ply's list for ordering but the hash move `tt_move`, which is
    /// left out: it was searched before any list was made, or it is not legal here. `before`
    /// is the node's [`Self::moves_before`].
    fn order_moves(&mut self, tt_move: MoveKey, ply: usize, before: [PieceTo; 2]) {
        let b = self.pos.board();
        let turn = self.pos.turn();
        let side = turn.index();
        let killers = self.killers[ply];
        // Read now, not at the node's entry: the hash move's search, before the list was
        // made, may have recorded a new counter move for this one.
        let counter = self.counter_move(ply);
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
                let here = PieceTo::of(turn, m.role(), k);
                self.history.score(side, k, here, before)
            };
            push_key(&mut frame.keys, score, i);
        }
    }

    /// The pieces moved, and where to, by the two moves before `ply`, the latest first.
    #[inline]
    fn moves_before(&self, ply: usize) -> [PieceTo; 2] {
        let second = if ply > 0 {
            self.came_piece[ply - 1]
        } else {
            PieceTo::NONE
        };
        [self.came_piece[ply], second]
    }

    /// The quiet move that last refuted the move leading to `ply`, if counter moves are on.
    #[inline]
    fn counter_move(&self, ply: usize) -> MoveKey {
        let prev = self.came_by[ply];
        if !self.params.counter_moves || prev.is_none() {
            return MoveKey::NONE;
        }
        self.counters[prev.start_index()][prev.end_index()]
    }

    /// The ply's next move by ordering key: the first is kept first as the keys are made,
    /// the next two are found by a selection step each, then the rest are sorted once.
    #[inline]
    fn next_move(&mut self, ply: usize, next: &mut usize) -> Option<Move> {
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

    /// The principal variation search of one node.
    fn search(
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
        let static_eval = if in_check {
            -INF
        } else if let Some(h) = hit {
            h.eval as i32
        } else {
            self.eval()
        };

        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            let p = self.params;
            // What the pruning below judges the node by: the table's score where its bound
            // lies beyond the static evaluation (`SearchParams::tt_eval`). The table keeps the
            // static evaluation itself.
            let scored = hit.filter(|h| p.tt_eval && i32::from(h.score.0).abs() < MATE_BOUND);
            let estimate = match scored.map(|h| (h.bound, i32::from(h.score.0))) {
                Some((Bound::Exact, s)) => s,
                Some((Bound::Lower, s)) if s > static_eval => s,
                Some((Bound::Upper, s)) if s < static_eval => s,
                _ => static_eval,
            };
            // CITE: reverse futility pruning (chessprogramming.org/Reverse_Futility_Pruning).
            if depth <= p.rfp_depth && estimate - p.rfp_margin * depth >= beta {
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
                && quiets_tried.len() >= p.lmp_moves + (depth * depth) as usize
                && best > -MATE_BOUND
            {
                break;
            }
            let undo = self.pos.play_unchecked(m);
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
                    r = 1 + i32::from(depth >= 6) + i32::from(i >= 12);
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
            self.pos.undo(m, undo);
            i += 1;
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_key = k;
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
        let eval = if in_check { 0 } else { static_eval };
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

    /// Quiescence: captures only (every move while in check, near the horizon), with stand
    /// pat, delta pruning and a depth bound, so that multi-capture chains stay small.
    // CITE: chessprogramming.org/Quiescence_Search, /Delta_Pruning.
    /// `in_check` is whether the side to move is in check, known to every caller (the search
    /// has tested it, and past the first quiescence ply it does not matter): the test is not
    /// cheap.
    fn qsearch(&mut self, ply: usize, alpha: i32, beta: i32, qdepth: u32, in_check: bool) -> i32 {
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
    fn quiesce(
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
            let undo = self.pos.play_unchecked(m);
            let score = -self.qsearch(ply + 1, -beta, -alpha, qdepth + 1, false);
            self.pos.undo(m, undo);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A host that stops the search once it has counted `self.0` nodes (it is asked every
    /// 1,024).
    struct StopAt(u64);

    impl SearchHandler for StopAt {
        fn should_stop(&mut self, nodes: u64) -> bool {
            nodes >= self.0
        }
    }

    #[test]
    fn a_stopped_iteration_plays_the_better_move_it_has_proven() {
        // Depth 3 chooses d3-d2 here and depth 4 d3-f5. Stopped by its host shortly before
        // depth 4 ends, the search has proven c3-d4xb2 better than d3-d2 and plays it,
        // reporting depth 3 (the finished iteration then settles on d3-f5).
        let pos = Position::from_fen(
            "c3kxli/pp3pp1/2p4p/8/8/2wx1K2/PPP1P1PP/ILX1W1LC b 7 13",
            ultima::Rules::default(),
        )
        .unwrap();
        let search = |limits: Limits, stop_at: u64, play_unfinished: bool| {
            let mut config = Config {
                hash_mb: 1,
                ..Config::default()
            };
            config.search.play_unfinished = play_unfinished;
            Engine::new(config).search(&pos, &[], limits, &mut StopAt(stop_at))
        };
        let three = search(Limits::depth(3), u64::MAX, true);
        let four = search(Limits::depth(4), u64::MAX, true);
        let shown = |r: &SearchResult| r.best_move.map(|m| m.to_string());
        assert_eq!(
            (shown(&three).as_deref(), shown(&four).as_deref()),
            (Some("d3-d2"), Some("d3-f5")),
            "the search changed: pick a position whose depth-3 and depth-4 moves differ"
        );
        // The last time the host is asked before depth 4 ends.
        let stop = (four.nodes - 1) / 1024 * 1024;
        let unfinished = search(Limits::depth(4), stop, true);
        assert_eq!(unfinished.nodes, stop);
        assert_eq!(unfinished.depth, 3);
        assert_eq!(shown(&unfinished).as_deref(), Some("c3-d4xb2"));
        assert_eq!(unfinished.pv.first(), unfinished.best_move.as_ref());

        // Without the rule, the unfinished iteration is thrown away; and so it is when a node
        // budget runs out, since the levels' budgets are fixed amounts of search.
        let thrown_away = search(Limits::depth(4), stop, false);
        assert_eq!(
            (thrown_away.depth, thrown_away.best_move),
            (3, three.best_move)
        );
        assert_eq!(thrown_away.pv, three.pv);
        let budget = Limits {
            depth: Some(4),
            nodes: Some(stop),
            ..Limits::default()
        };
        let out_of_nodes = search(budget, u64::MAX, true);
        assert_eq!(
            (out_of_nodes.depth, out_of_nodes.best_move),
            (3, three.best_move)
        );
    }

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

    /// The stack a search needs per ply stays small (a Web Worker's wasm stack is 1 MB by
    /// default): the move lists live on the heap.
    #[test]
    fn stack_per_ply_is_small() {
        let pos = Position::from_fen(
            "c1x1kxl1/lp3pp1/w6i/3pp2p/1PW3P1/L7/1P2PP1P/ILXK1X1C w 0 13",
            ultima::Rules::default(),
        )
        .unwrap();
        let mut engine = Engine::new(Config {
            hash_mb: 1,
            ..Config::default()
        });
        let here = 0usize;
        let top = &here as *const usize as usize;
        let mut s = Searcher {
            pos,
            hashes: vec![pos.hash()],
            root_index: 0,
            nodes: 0,
            node_limit: 200_000,
            min_depth: 0,
            stopped: false,
            out_of_nodes: false,
            handler: &mut NoHandler,
            tt: &mut engine.tt,
            history: &mut engine.history,
            eval_params: &engine.config.eval,
            params: &engine.config.search,
            noise: 0,
            qsearch_depth: engine.config.search.qsearch_depth,
            seed: 0,
            killers: [[MoveKey::NONE; 2]; MAX_PLY],
            counters: [[MoveKey::NONE; 64]; 64],
            came_by: [MoveKey::NONE; MAX_PLY + 1],
            came_piece: [PieceTo::NONE; MAX_PLY + 1],
            pv: vec![ArrayVec::new(); MAX_PLY + 1],
            root: RootBest::default(),
            excluded: Vec::new(),
            seldepth: 0,
            root_depth: 6,
            eval_cache: &mut engine.eval_cache,
            frames: &mut engine.frames,
            stack_low: (usize::MAX, 0),
        };
        s.search(6, 0, -INF, INF, false);
        let low = s.stack_low;
        let per_ply = (top - low.0) / low.1.max(1);
        // Native frames are a guide to wasm's; 120 plies must fit in 1 MB with room to spare.
        assert!(
            per_ply < 4096,
            "{per_ply} bytes per ply (deepest ply {})",
            low.1
        );
        eprintln!("{per_ply} bytes of stack per ply");
    }
}

//! The search: iterative deepening over a principal variation search with aspiration
//! windows, a transposition table, quiescence over captures, and the usual move ordering and
//! pruning, all on top of the rules crate's legal moves.
//!
//! The engine reads no clock (`std::time::Instant` panics on wasm32-unknown-unknown): the
//! host passes a [`SearchHandler`] that says when to stop and hears about each iteration.
//!
//! Here: the engine's interface, the iterative deepening and the state of one search
//! (`Searcher`). The search of a node is in `node`, quiescence in `quiescence`, and the
//! moves' ordering in `ordering`.

use crate::correction::Correction;
use crate::eval::{evaluate_knowing_squares, evaluate_lazy, square_score, square_score_change};
use crate::history::{PieceTo, QuietHistory};
use crate::params::{EvalParams, SearchParams};
use crate::rng::mix;
use crate::score::{Eval, MAX_PLY};
use crate::tt::{MoveKey, Table};
use arrayvec::ArrayVec;
use ultima::{Move, Position, Undo};

mod node;
mod ordering;
mod quiescence;
mod reduction;

use ordering::Frame;

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
    correction: Correction,
}

impl Engine {
    pub fn new(config: Config) -> Engine {
        Engine {
            tt: Table::new(config.hash_mb),
            frames: (0..=MAX_PLY).map(|_| Frame::default()).collect(),
            eval_cache: vec![(0, i32::MIN); EVAL_CACHE],
            history: QuietHistory::new(config.search.continuation_history),
            correction: Correction::new(),
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
        self.correction.clear();
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
        let max_depth = limits.depth.unwrap_or(u32::MAX).min(MAX_PLY as u32 - 16);
        let mut s = self.searcher(pos, hashes, &limits, handler);

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

    /// The state of a search of `pos` with the game's `hashes` (`pos`'s last), before its
    /// first iteration.
    fn searcher<'a, H: SearchHandler + ?Sized>(
        &'a mut self,
        pos: &Position,
        hashes: Vec<u64>,
        limits: &Limits,
        handler: &'a mut H,
    ) -> Searcher<'a, H> {
        Searcher {
            pos: *pos,
            squares: square_score(pos.board(), &self.config.eval),
            root_index: hashes.len() - 1,
            hashes,
            nodes: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            min_depth: limits.min_depth.min(i32::MAX as u32) as i32,
            stopped: false,
            out_of_nodes: false,
            handler,
            tt: &mut self.tt,
            history: &mut self.history,
            correction: &mut self.correction,
            eval_params: &self.config.eval,
            params: &self.config.search,
            noise: limits.noise.max(0),
            qsearch_depth: limits
                .quiescence
                .unwrap_or(self.config.search.qsearch_depth),
            seed: self.config.seed,
            killers: [[MoveKey::NONE; 2]; MAX_PLY],
            static_evals: [-INF; MAX_PLY + 1],
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
        }
    }
}

const INF: i32 = Eval::INFINITE.0 as i32;
const MATE: i32 = Eval::MATE as i32;
const MATE_BOUND: i32 = Eval::MATE_BOUND as i32;

/// The state of one search.
struct Searcher<'a, H: ?Sized> {
    pos: Position,
    /// The evaluation's piece-square score of `pos` ([`square_score`]), kept as moves are
    /// played ([`Searcher::play`]).
    squares: i32,
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
    /// The static evaluation's corrections ([`SearchParams::correction`]).
    correction: &'a mut Correction,
    eval_params: &'a EvalParams,
    params: &'a SearchParams,
    noise: i32,
    /// [`Limits::quiescence`], or the engine's setting.
    qsearch_depth: u32,
    seed: u64,
    killers: [[MoveKey; 2]; MAX_PLY],
    /// The static evaluation of each ply of the current line, `-INF` in check (for
    /// [`SearchParams::improving`]).
    static_evals: [i32; MAX_PLY + 1],
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

/// What [`Searcher::take_back`] restores.
struct Played {
    undo: Undo,
    squares: i32,
}

/// Entries of the evaluation cache (a power of two).
const EVAL_CACHE: usize = 1 << 16;
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

    /// Plays `m` in the search's position, keeping its piece-square score; hands back what
    /// [`Searcher::take_back`] needs.
    #[inline]
    fn play(&mut self, m: Move) -> Played {
        let squares = self.squares;
        self.squares += square_score_change(self.pos.board(), self.pos.turn(), m, self.eval_params);
        let undo = self.pos.play_unchecked(m);
        debug_assert_eq!(
            self.squares,
            square_score(self.pos.board(), self.eval_params)
        );
        Played { undo, squares }
    }

    /// Takes back `m`, the last move [`Searcher::play`] played.
    #[inline]
    fn take_back(&mut self, m: Move, played: Played) {
        self.pos.undo(m, played.undo);
        self.squares = played.squares;
    }

    /// The static evaluation, with the level's noise.
    #[inline]
    fn eval(&mut self) -> i32 {
        let key = self.pos.hash();
        let slot = &mut self.eval_cache[(key as usize) & (EVAL_CACHE - 1)];
        if slot.0 == (key >> 32) as u32 && slot.1 != i32::MIN {
            return slot.1;
        }
        let mut e = evaluate_knowing_squares(&self.pos, self.eval_params, self.squares);
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
        let (mut e, full) = evaluate_lazy(
            &self.pos,
            self.eval_params,
            self.squares,
            alpha - n,
            beta + n,
        );
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
        // Depth 5 chooses d3-d5 here and depth 6 h8-h7. Stopped by its host shortly before
        // depth 6 ends, the search has proven h8-h7 better than d3-d5 and plays it, reporting
        // depth 5.
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
        let five = search(Limits::depth(5), u64::MAX, true);
        let six = search(Limits::depth(6), u64::MAX, true);
        let shown = |r: &SearchResult| r.best_move.map(|m| m.to_string());
        assert_eq!(
            (shown(&five).as_deref(), shown(&six).as_deref()),
            (Some("d3-d5"), Some("h8-h7")),
            "the search changed: pick a position whose depth-5 and depth-6 moves differ"
        );
        // The last time the host is asked before depth 6 ends.
        let stop = (six.nodes - 1) / 1024 * 1024;
        let unfinished = search(Limits::depth(6), stop, true);
        assert_eq!(unfinished.nodes, stop);
        assert_eq!(unfinished.depth, 5);
        assert_eq!(shown(&unfinished).as_deref(), Some("h8-h7"));
        assert_eq!(unfinished.pv.first(), unfinished.best_move.as_ref());

        // Without the rule, the unfinished iteration is thrown away; and so it is when a node
        // budget runs out, since the levels' budgets are fixed amounts of search.
        let thrown_away = search(Limits::depth(6), stop, false);
        assert_eq!(
            (thrown_away.depth, thrown_away.best_move),
            (5, five.best_move)
        );
        assert_eq!(thrown_away.pv, five.pv);
        let budget = Limits {
            depth: Some(6),
            nodes: Some(stop),
            ..Limits::default()
        };
        let out_of_nodes = search(budget, u64::MAX, true);
        assert_eq!(
            (out_of_nodes.depth, out_of_nodes.best_move),
            (5, five.best_move)
        );
    }

    /// A node improves on the mover's last static evaluation not in check: two plies back,
    /// else four; with neither known it counts as improving.
    #[test]
    fn improving_compares_with_the_movers_last_evaluation() {
        let pos = Position::default();
        let mut engine = Engine::new(Config {
            hash_mb: 1,
            ..Config::default()
        });
        let mut handler = NoHandler;
        let limits = Limits::depth(1);
        let mut s = engine.searcher(&pos, vec![pos.hash()], &limits, &mut handler);
        assert!(s.is_improving(0, -500) && s.is_improving(1, -500));
        s.static_evals[..5].copy_from_slice(&[30, -INF, 10, -INF, -INF]);
        assert!(s.is_improving(2, 31) && !s.is_improving(2, 30));
        assert!(s.is_improving(4, 11) && !s.is_improving(4, 10));
        // Two plies back in check: four plies back decides.
        assert!(s.is_improving(6, 11) && !s.is_improving(6, 10));
        // Neither known.
        assert!(s.is_improving(3, -10_000) && s.is_improving(5, -10_000));
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
        let mut handler = NoHandler;
        let limits = Limits::nodes(200_000);
        let mut s = engine.searcher(&pos, vec![pos.hash()], &limits, &mut handler);
        s.root_depth = 6;
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

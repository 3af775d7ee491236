//! One puzzle of the trainer's set (`www/puzzles.json`): a position, the solution line, and
//! what the page shows of it (themes, rating), all derived here from the rules and the engine,
//! so the page never re-derives a rule.
//!
//! A position is a puzzle when **exactly one move wins clearly**: a search to the fixed depth
//! [`DEPTH`] asking for the two best lines (multi-PV) finds a best move that wins — a mate, or
//! at least [`WIN`] centipawns for the solver — while the second best move scores at least
//! [`MARGIN`] less and does not win the same way: it mates nowhere when the best move mates
//! (it may win material: the puzzle is the mate), and it wins nothing clearly otherwise. The same check, [`only_move`], is what the generator asks
//! of every solver move and what the test suite asks again of every puzzle of the shipped set:
//! the engine is deterministic (a fresh engine, a fixed table size, one thread), so the check
//! gives the same answer wherever it runs.
//!
//! The solution line alternates the solver's moves and the defender's replies (the engine's
//! best reply at the same depth). It goes on while the solver's next move is again the only
//! winning move, ends on a solver move, at most [`MAX_SOLVER_MOVES`] of them; a puzzle that
//! wins by mate must reach the mate within that many moves.

use crate::mining;
use ultima::{Color, Move, Position, PositionOutcome, Role};
use ultima_engine::{Engine, Eval, EvalKind, Iteration, Limits, SearchHandler};

/// The fixed depth of the check, in plies (the engine extends checks and searches captures to
/// the end beyond it).
pub const DEPTH: u32 = 5;
/// The least score of a clear win that is not a mate, in centipawns: more than a Pawn and a
/// half, so a won exchange counts, a Pawn's worth of position does not.
pub const WIN: i32 = 250;
/// How much worse than the solution the second best move must score, in centipawns (a mate
/// score is beyond any centipawn score).
pub const MARGIN: i32 = 200;
/// The longest solution, in solver moves.
pub const MAX_SOLVER_MOVES: usize = 3;
/// The transposition table of the check, in MB: fixed, since it shapes the search.
const HASH_MB: usize = 2;

/// What the check found in a position.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The only winning move.
    pub best: Move,
    pub score: Eval,
    /// The first iteration from which `best` stayed the best move: how deep the engine had to
    /// look to see it (1: a one-ply search already does).
    pub found_at: u32,
}

/// Hears the iterations of a search: the lines of the last one, and since when its best move
/// has been the best.
#[derive(Default)]
struct Lines {
    lines: Vec<(Eval, Move)>,
    found_at: u32,
}

impl SearchHandler for Lines {
    fn should_stop(&mut self, _nodes: u64) -> bool {
        false
    }

    fn on_iteration(&mut self, info: &Iteration<'_>) {
        let lines: Vec<(Eval, Move)> = info
            .lines
            .iter()
            .filter_map(|line| Some((line.score, *line.pv.first()?)))
            .collect();
        let kept = self.lines.first().map(|l| l.1) == lines.first().map(|l| l.1);
        if !kept {
            self.found_at = info.depth;
        }
        self.lines = lines;
    }
}

/// A fresh engine's search of `pos` to `depth` with `multipv` lines: each line's score and
/// first move, best first, and the depth since which the best move has been the best.
fn search(pos: &Position, depth: u32, multipv: usize) -> (Vec<(Eval, Move)>, u32) {
    let mut engine = Engine::new(mining::config(HASH_MB, 0));
    let mut lines = Lines::default();
    let limits = Limits {
        multipv,
        ..Limits::depth(depth)
    };
    engine.search(pos, &[], limits, &mut lines);
    (lines.lines, lines.found_at)
}

/// Whether a score is a clear win for the side to move.
fn wins(score: Eval) -> bool {
    match score.kind() {
        EvalKind::MateIn(_) => true,
        EvalKind::MatedIn(_) => false,
        EvalKind::Centipawns(cp) => i32::from(cp) >= WIN,
    }
}

/// The check: the only move of `pos` that wins clearly, or why there is none.
pub fn only_move(pos: &Position) -> Result<Verdict, String> {
    only_move_at(pos, DEPTH)
}

/// [`only_move`] at another depth (the generator's deeper confirmation).
pub fn only_move_at(pos: &Position, depth: u32) -> Result<Verdict, String> {
    let (lines, found_at) = search(pos, depth, 2);
    let [(score, best), (second, other)] = lines.as_slice() else {
        return Err("fewer than two legal moves".into());
    };
    if !wins(*score) {
        return Err(format!("{best} scores {score}: no clear win"));
    }
    let mates = |e: Eval| matches!(e.kind(), EvalKind::MateIn(_));
    // A mate is the only win when no other move mates; a material win when no other move
    // wins clearly.
    let also_wins = if mates(*score) {
        mates(*second)
    } else {
        wins(*second)
    };
    if also_wins {
        return Err(format!("{other} wins too ({second})"));
    }
    if i32::from(score.0) - i32::from(second.0) < MARGIN {
        return Err(format!(
            "{other} ({second}) is within {MARGIN} of {best} ({score})"
        ));
    }
    Ok(Verdict {
        best: *best,
        score: *score,
        found_at,
    })
}

/// Whether the solver of `pos` only defends: it is in check, or if it passed, the other side
/// would win clearly. Such an only move (a King's one escape) is no tactic; the generator
/// leaves it out.
pub fn only_defends(pos: &Position) -> bool {
    if pos.is_check() {
        return true;
    }
    let mut passed = *pos;
    passed.play_null();
    search(&passed, DEPTH - 1, 1)
        .0
        .first()
        .is_some_and(|(score, _)| wins(*score))
}

/// The defender's reply: the engine's best move at the check's depth.
pub fn reply(pos: &Position) -> Option<Move> {
    search(pos, DEPTH, 1).0.first().map(|l| l.1)
}

/// How a puzzle ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The defender is left without a legal move, in check.
    Checkmate,
    /// The defender is left without a legal move, not in check (a win in Ultima, RULES §4).
    Stalemate,
    /// The solver is clearly ahead (material, or a mate beyond the line).
    Material,
}

/// The move that led to a puzzle: the defender's last move in the game the puzzle was mined
/// from, and the position before it. The page plays it first, as lichess does, so that the
/// solver sees what the opponent just did (the threat it made, the piece it left hanging).
#[derive(Clone, Copy, Debug)]
pub struct Lead {
    pub before: Position,
    pub last: Move,
}

/// A puzzle: the position, the solution line (solver's moves at even indices) and what it is.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub id: String,
    pub position: Position,
    /// How the game came to `position`; none for a position that has no game before it.
    pub lead: Option<Lead>,
    pub line: Vec<Move>,
    pub ending: Ending,
    /// See [`Verdict::found_at`], of the first move.
    pub found_at: u32,
}

/// Builds the puzzle of `pos` if it has one: the first move by [`only_move`], then the line
/// as the module says. `None` with the reason otherwise.
pub fn find(pos: &Position, id: &str) -> Result<Puzzle, String> {
    let first = only_move(pos)?;
    let mate_wanted = matches!(first.score.kind(), EvalKind::MateIn(_));
    let mut line = vec![first.best];
    let mut now = *pos;
    now.play_unchecked(first.best);
    loop {
        if let Some(outcome) = now.outcome() {
            let ending = match outcome {
                PositionOutcome::Checkmate { .. } => Ending::Checkmate,
                PositionOutcome::Stalemate { .. } => Ending::Stalemate,
                _ => return Err(format!("the line ends in a draw ({outcome:?})")),
            };
            return Ok(Puzzle {
                id: id.to_string(),
                position: *pos,
                lead: None,
                line,
                ending,
                found_at: first.found_at,
            });
        }
        let solver_moves = line.len().div_ceil(2);
        let next = (solver_moves < MAX_SOLVER_MOVES)
            .then(|| reply(&now))
            .flatten()
            .and_then(|r| {
                let mut after = now;
                after.play_unchecked(r);
                let v = only_move(&after).ok()?;
                Some((r, v, after))
            });
        match next {
            Some((r, v, after)) => {
                line.push(r);
                line.push(v.best);
                now = after;
                now.play_unchecked(v.best);
            }
            None if mate_wanted => {
                return Err("the mate is not forced by only moves within the line".into())
            }
            None => {
                return Ok(Puzzle {
                    id: id.to_string(),
                    position: *pos,
                    lead: None,
                    line,
                    ending: Ending::Material,
                    found_at: first.found_at,
                })
            }
        }
    }
}

/// Re-checks a puzzle as the test suite does: every solver move is the position's only
/// winning move, every defender reply is legal, and the line ends as the puzzle says.
pub fn verify(p: &Puzzle) -> Result<(), String> {
    let mut now = p.position;
    for (i, &m) in p.line.iter().enumerate() {
        if !now.is_legal(m) {
            return Err(format!("move {} ({m}) is not legal", i + 1));
        }
        if i % 2 == 0 {
            let v = only_move(&now).map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
            if v.best != m {
                return Err(format!(
                    "move {} is {m}, the only winning move is {}",
                    i + 1,
                    v.best
                ));
            }
        }
        now.play_unchecked(m);
    }
    if p.line.len() % 2 == 0 {
        return Err("the line ends on a defender's move".into());
    }
    let ended = match now.outcome() {
        Some(PositionOutcome::Checkmate { .. }) => Ending::Checkmate,
        Some(PositionOutcome::Stalemate { .. }) => Ending::Stalemate,
        Some(other) => return Err(format!("the line ends in {other:?}")),
        None => Ending::Material,
    };
    if ended != p.ending {
        return Err(format!("the line ends as {ended:?}, not {:?}", p.ending));
    }
    Ok(())
}

/// What a solution shows, for the trainer's filters.
pub const MOTIFS: [&str; 7] = [
    "multiCapture",
    "chameleon",
    "freeze",
    "suicide",
    "checkmate",
    "stalemate",
    "material",
];

/// The pieces the solver moves in the line (their letters, `KWCILXP` order) and the motifs of
/// the line, from the moves themselves:
///
/// - `multiCapture`: a solver move takes two pieces or more;
/// - `chameleon`: the solver's Chameleon captures (it imitates the piece it takes);
/// - `freeze`: a solver move freezes an enemy piece that was not frozen (an Immobilizer, or a
///   Chameleon beside the enemy Immobilizer);
/// - `suicide`: a move of the line removes its own frozen piece;
/// - `checkmate`, `stalemate` or `material`: how it ends.
pub fn themes(p: &Puzzle) -> (Vec<char>, Vec<&'static str>) {
    let solver = p.position.turn();
    let mut roles: Vec<Role> = Vec::new();
    let mut motifs: Vec<&'static str> = Vec::new();
    let add = |motifs: &mut Vec<&'static str>, m: &'static str| {
        if !motifs.contains(&m) {
            motifs.push(m);
        }
    };
    let mut now = p.position;
    for (i, &m) in p.line.iter().enumerate() {
        let by_solver = i % 2 == 0;
        let frozen_before = enemy_frozen(&now, solver);
        let mut after = now;
        after.play_unchecked(m);
        if m.is_suicide() {
            add(&mut motifs, "suicide");
        }
        if by_solver {
            if !roles.contains(&m.role()) {
                roles.push(m.role());
            }
            let taken = m.captures().into_iter().count();
            if taken >= 2 {
                add(&mut motifs, "multiCapture");
            }
            if m.role() == Role::Chameleon && taken > 0 {
                add(&mut motifs, "chameleon");
            }
            let frozen_after = enemy_frozen(&after, solver);
            if frozen_after.iter().any(|sq| !frozen_before.contains(sq)) {
                add(&mut motifs, "freeze");
            }
        }
        now = after;
    }
    add(
        &mut motifs,
        match p.ending {
            Ending::Checkmate => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::Material => "material",
        },
    );
    motifs.sort_by_key(|m| MOTIFS.iter().position(|x| x == m));
    roles.sort();
    (roles.into_iter().map(Role::upper_char).collect(), motifs)
}

/// The squares of the pieces of the solver's opponent that are frozen in `pos`.
fn enemy_frozen(pos: &Position, solver: Color) -> Vec<ultima::Square> {
    pos.frozen()
        .into_iter()
        .filter(|&sq| pos.piece_at(sq).is_some_and(|piece| piece.color != solver))
        .collect()
}

/// A puzzle's rating, on the players' scale (a new player is 1500), from how hard it is to
/// see: 800, plus 150 for each ply beyond the first the engine had to look before the
/// solution became and stayed its best move (`found_at`), plus 250 for each solver move after
/// the first, plus 150 when the first move takes nothing (a quiet move is harder to find),
/// clamped to 600–2400. A capture a one-ply search sees rates 800; a quiet mate in three that
/// shows at depth 5 rates 800 + 600 + 500 + 150 = 2050.
pub fn rating(p: &Puzzle) -> u32 {
    let solver_moves = p.line.len().div_ceil(2) as u32;
    let quiet = p.line.first().is_some_and(|m| !m.is_capture());
    let r = 800
        + 150 * p.found_at.saturating_sub(1)
        + 250 * (solver_moves - 1)
        + 150 * u32::from(quiet);
    r.clamp(600, 2400)
}

/// The number of the solver's moves to the mate, for a puzzle that ends in one.
pub fn mate_in(p: &Puzzle) -> Option<usize> {
    (p.ending != Ending::Material).then(|| p.line.len().div_ceil(2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ultima::Rules;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, Rules::default()).unwrap()
    }

    /// A one-move puzzle of `fen` solved by `m` (not checked: for the themes).
    fn one_move(fen: &str, m: &str, ending: Ending) -> Puzzle {
        let position = pos(fen);
        let line = vec![position.parse_move(m).unwrap()];
        Puzzle {
            id: "t".into(),
            position,
            lead: None,
            line,
            ending,
            found_at: 1,
        }
    }

    #[test]
    fn themes_come_from_the_moves() {
        // The Long Leaper jumps two Pawns.
        let p = one_move("4k3/8/8/p7/8/8/p7/L3K3 w", "a1-a6", Ending::Material);
        assert_eq!(p.line[0].to_string(), "a1-a6xa2xa5");
        assert_eq!(themes(&p), (vec!['L'], vec!["multiCapture", "material"]));
        // The Chameleon withdraws from a Withdrawer, taking it as a Withdrawer would.
        let p = one_move("4k3/8/8/8/3w4/3X4/8/4K3 w", "d3-d2", Ending::Material);
        assert_eq!(p.line[0].to_string(), "d3-d2xd4");
        assert_eq!(themes(&p), (vec!['X'], vec!["chameleon", "material"]));
        // The Immobilizer steps beside a Pawn: it is frozen now.
        let p = one_move("k7/8/8/8/8/8/K7/I6p w", "a1-g1", Ending::Material);
        assert_eq!(themes(&p), (vec!['I'], vec!["freeze", "material"]));
        // A Pawn frozen by the Immobilizer beside it removes itself.
        let p = one_move("4k3/8/8/8/8/8/1i6/P3K3 w", "a1-", Ending::Material);
        assert_eq!(themes(&p), (vec!['P'], vec!["suicide", "material"]));
        // RULES §7 example 11: the King steps beside the frozen King; mate.
        let p = one_move("8/8/8/4k3/2K2I2/8/8/8 w", "c4-d5", Ending::Checkmate);
        assert_eq!(themes(&p), (vec!['K'], vec!["checkmate"]));
        assert_eq!(mate_in(&p), Some(1));
    }

    #[test]
    fn the_rating_follows_the_documented_formula() {
        let mut p = one_move("4k3/8/8/p7/8/8/p7/L3K3 w", "a1-a6", Ending::Material);
        assert_eq!(rating(&p), 800);
        p.found_at = 4;
        assert_eq!(rating(&p), 800 + 3 * 150);
        // A quiet first move and two more solver moves.
        let mut q = one_move("7k/8/8/8/8/8/8/K1I5 w", "a1-b2", Ending::Checkmate);
        let m = q.line[0];
        q.line = vec![m, m, m, m, m];
        q.found_at = 5;
        assert_eq!(rating(&q), 800 + 4 * 150 + 2 * 250 + 150);
    }

    #[test]
    fn a_position_with_two_winning_moves_is_no_puzzle() {
        // Every White move that keeps the Immobilizer beside the lone King wins at once.
        let e = only_move(&pos("8/8/8/4k3/2K2I2/8/8/8 w")).unwrap_err();
        assert!(e.contains("wins too"), "{e}");
        // The start position: nothing wins.
        let e = only_move(&Position::default()).unwrap_err();
        assert!(e.contains("no clear win"), "{e}");
    }

    #[test]
    fn verify_rejects_a_line_that_is_not_the_only_win() {
        let p = one_move("8/8/8/4k3/2K2I2/8/8/8 w", "c4-d5", Ending::Checkmate);
        assert!(verify(&p).unwrap_err().contains("wins too"));
    }
}

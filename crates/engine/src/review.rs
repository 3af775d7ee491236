//! Game review: every position of a game evaluated at a fixed budget, then each move judged by
//! how much of the mover's expected score it gave away. The one definition of the conversion,
//! the thresholds and the accuracy, shared by the command line (`ultima review`) and the
//! browser (the wasm `Ai.reviewPosition` and `reviewSummary`), so both give the same figures.
//!
//! - **Expected score** of White, from an engine score from White's view: a mate for White is
//!   1, a mate for Black 0, and centipawns go through the logistic curve
//!   `1 / (1 + exp(-0.00368208 × cp))` (lichess's, fitted to games: +100 cp ≈ 0.59); a
//!   finished position is its result (1, ½ or 0).
//! - **Loss** of a move: the mover's expected score before it minus after it (never below 0).
//! - **Judgement**: a loss of at least [`INACCURACY`] (0.05) is an inaccuracy, [`MISTAKE`] (0.10)
//!   a mistake, [`BLUNDER`] (0.15) a blunder (lichess's thresholds, there in winning chances
//!   0.1, 0.2, 0.3 on a −1…1 scale).
//! - **Accuracy** of a move, in per cent: `103.1668 × exp(-4.354 × loss) − 3.1669`, kept within
//!   0…100 (lichess's fit: a loss of 0 is 100, of 0.10 about 64, of 0.30 about 24); a player's
//!   accuracy is the mean over their moves.
//!
//! The budget is a number of nodes with a freshly cleared engine for each position, so a
//! review's numbers are the same on any machine, native or wasm, and whatever order the
//! positions are evaluated in (a review stopped and resumed gives the same result).

use crate::analysis::Score;
use crate::search::{Config, Engine, Limits, NoHandler};
use ultima::{Color, Game, Glyph, LineNote, Move, MoveNote, Position, RecordNotes};

/// The nodes searched in each position of a review: depth 9–11 (median 10) in an opening or
/// middlegame, a fraction of a second per position natively and in the browser. Four times as
/// many judged a few more left pieces as mistakes at four times the wait (README "Game review").
pub const REVIEW_NODES: u64 = 150_000;

/// The transposition table of a review's engine, in MB: the same natively and in wasm, since the
/// table's size changes what a search keeps and so its numbers.
pub const REVIEW_HASH_MB: usize = 8;

/// The smallest loss of expected score that is an inaccuracy.
pub const INACCURACY: f64 = 0.05;
/// The smallest loss that is a mistake.
pub const MISTAKE: f64 = 0.10;
/// The smallest loss that is a blunder.
pub const BLUNDER: f64 = 0.15;

/// The slope of the logistic curve from centipawns to expected score (lichess's).
const LOGISTIC_SLOPE: f64 = 0.003_682_08;

/// What the engine found in one position of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Evaluation {
    /// The engine's score from White's view; `None` where the game is over.
    #[cfg_attr(feature = "serde", serde(default))]
    pub white: Option<Score>,
    /// Where the game is over: its result, "1-0", "0-1" or "1/2-1/2".
    #[cfg_attr(feature = "serde", serde(default))]
    pub result: Option<String>,
    /// The best move found, as canonical text; `None` where the game is over.
    #[cfg_attr(feature = "serde", serde(default))]
    pub best: Option<String>,
    /// The depth of the last completed iteration (0 where the game is over).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// Its mark, as chess annotation writes it: `?!`, `?` or `??`.
    pub fn glyph(self) -> Glyph {
        match self {
            Judgement::Inaccuracy => Glyph::Dubious,
            Judgement::Mistake => Glyph::Mistake,
            Judgement::Blunder => Glyph::Blunder,
        }
    }

    /// Its name: "inaccuracy", "mistake" or "blunder".
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }
}

/// One move of a reviewed game.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ReviewedMove {
    /// 0 for the game's first move.
    pub ply: usize,
    /// The move's number as the record writes it (a game from a position string may start at
    /// any number, with either side).
    pub number: u32,
    /// The mover, "white" or "black" in JSON.
    #[cfg_attr(feature = "serde", serde(serialize_with = "side_name"))]
    pub side: Color,
    /// The move played, in the display form, e.g. "Wd1-d7+".
    pub played: String,
    /// The engine's best move in the display form, when it is another move than the one played.
    pub best: Option<String>,
    /// The mover's expected score before the move and after it, 0…1.
    pub before: f64,
    pub after: f64,
    /// `before - after`, at least 0.
    pub loss: f64,
    /// The loss in whole per cent as the review says it ("mistake (−12%)"), see [`loss_percent`].
    #[cfg_attr(feature = "serde", serde(rename = "lossPercent"))]
    pub loss_percent: u32,
    pub judgement: Option<Judgement>,
    /// The move's accuracy, 0…100.
    pub accuracy: f64,
    /// White's expected score after the move, 0…1: the evaluation graph's point.
    #[cfg_attr(feature = "serde", serde(rename = "whiteExpected"))]
    pub white_expected: f64,
    /// The evaluation after the move from White's view, e.g. "+0.35", "#2", or the result
    /// where the game is over ("1-0").
    pub score: String,
}

/// A side as the snapshot names it: "white" or "black".
#[cfg(feature = "serde")]
fn side_name<S: serde::Serializer>(side: &Color, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(match side {
        Color::White => "white",
        Color::Black => "black",
    })
}

/// A player's figures.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PlayerSummary {
    pub moves: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The mean of the moves' accuracies, 0…100; `None` without a move.
    pub accuracy: Option<f64>,
}

/// A whole review.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Summary {
    /// White's expected score at the start, 0…1: where the evaluation graph begins.
    pub start: f64,
    /// One per ply, in order.
    pub moves: Vec<ReviewedMove>,
    pub white: PlayerSummary,
    pub black: PlayerSummary,
}

/// White's expected score, 0…1, for an engine score from White's view.
pub fn expected_score(white: Score) -> f64 {
    match (white.mate, white.cp) {
        (Some(mate), _) => {
            if mate > 0 {
                1.0
            } else {
                0.0
            }
        }
        (None, Some(cp)) => 1.0 / (1.0 + (-LOGISTIC_SLOPE * f64::from(cp)).exp()),
        (None, None) => 0.5,
    }
}

/// A loss of expected score in whole per cent, as the review writes it beside its judgement:
/// rounded down, so that the two agree. Rounded to the nearest, a loss of 0.097 (an inaccuracy,
/// under [`MISTAKE`]'s 0.10) read "inaccuracy (−10%)" beside a legend that says 10% is a mistake.
/// (A hair is added first: 0.29 is 28.999… in binary.)
pub fn loss_percent(loss: f64) -> u32 {
    ((loss * 100.0 + 1e-9).floor().max(0.0)) as u32
}

/// The judgement a loss of expected score earns, if any.
pub fn judge(loss: f64) -> Option<Judgement> {
    if loss >= BLUNDER {
        Some(Judgement::Blunder)
    } else if loss >= MISTAKE {
        Some(Judgement::Mistake)
    } else if loss >= INACCURACY {
        Some(Judgement::Inaccuracy)
    } else {
        None
    }
}

/// A move's accuracy in per cent for a loss of expected score.
pub fn move_accuracy(loss: f64) -> f64 {
    (103.1668 * (-4.354 * loss.max(0.0)).exp() - 3.1669).clamp(0.0, 100.0)
}

/// An engine for reviews: the default settings with a [`REVIEW_HASH_MB`] table.
pub fn review_engine() -> Engine {
    Engine::new(Config {
        hash_mb: REVIEW_HASH_MB,
        ..Config::default()
    })
}

/// The game a review looks at: the record's start and moves, without a resignation or an agreed
/// draw (the last position is then evaluated like any other).
pub fn replayed(game: &Game) -> Game {
    let mut plain = Game::new(*game.start());
    for &m in game.moves() {
        // The moves were legal in `game`, whose positions are the same.
        if plain.play(m).is_err() {
            break;
        }
    }
    plain
}

/// Evaluates the position after `ply` plies of `game` (0: the start) with `nodes` nodes and a
/// cleared engine, so the answer depends on nothing searched before.
///
/// # Errors
/// A `ply` past the game's end.
pub fn evaluate(
    engine: &mut Engine,
    game: &Game,
    ply: usize,
    nodes: u64,
) -> Result<Evaluation, String> {
    let positions = game.positions();
    let pos = positions.get(ply).ok_or_else(|| {
        format!(
            "ply {ply} is past the game's end ({} plies)",
            positions.len() - 1
        )
    })?;
    let earlier: Vec<u64> = positions[..ply].iter().map(Position::hash).collect();
    if let Some(outcome) = pos.outcome_after(&earlier) {
        return Ok(Evaluation {
            white: None,
            result: Some(outcome.result_text().to_string()),
            best: None,
            depth: 0,
            nodes: 0,
        });
    }
    engine.new_game();
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let found = engine.search(pos, &earlier, limits, &mut NoHandler);
    let score = Score::of(found.score);
    Ok(Evaluation {
        white: Some(match pos.turn() {
            Color::White => score,
            Color::Black => score.flipped(),
        }),
        result: None,
        best: found.best_move.map(|m| m.to_string()),
        depth: found.depth,
        nodes: found.nodes,
    })
}

/// White's expected score in a position, and its evaluation as text, after checking that the
/// evaluation fits the position (`over`: the game is over there).
fn read(
    eval: &Evaluation,
    pos: &Position,
    over: bool,
    ply: usize,
) -> Result<(f64, String, Option<Move>), String> {
    let bad = |why: &str| Err(format!("the evaluation of position {ply} {why}"));
    match (&eval.white, &eval.result, over) {
        (Some(score), None, false) => {
            let valid = match (score.cp, score.mate) {
                (Some(cp), None) => cp.abs() <= 100_000,
                (None, Some(mate)) => mate != 0,
                _ => false,
            };
            if !valid {
                return bad("has no valid score");
            }
            let best = match &eval.best {
                Some(text) => Some(
                    pos.parse_move(text)
                        .map_err(|e| format!("the evaluation of position {ply} names a best move that is not legal there: {e}"))?,
                ),
                None => return bad("has no best move"),
            };
            Ok((expected_score(*score), score.to_string(), best))
        }
        (None, Some(result), true) => {
            let expected = match result.as_str() {
                "1-0" => 1.0,
                "0-1" => 0.0,
                "1/2-1/2" => 0.5,
                _ => return bad(&format!("has an unknown result {result:?}")),
            };
            Ok((expected, result.clone(), None))
        }
        (_, _, true) => bad("should say the game is over there"),
        (_, _, false) => bad("should have a score"),
    }
}

/// Judges every move of `game` (see [`replayed`]) from the evaluations of its positions, one
/// per position: the start, then after each move.
///
/// # Errors
/// Evaluations that are not one per position or do not fit the game (stored data from another
/// game, say): the message says which.
pub fn summarize(game: &Game, evals: &[Evaluation]) -> Result<Summary, String> {
    let positions = game.positions();
    if evals.len() != positions.len() {
        return Err(format!(
            "a review of this game has {} evaluations (one per position), not {}",
            positions.len(),
            evals.len()
        ));
    }
    let mut read_all = Vec::with_capacity(evals.len());
    for (ply, (eval, pos)) in evals.iter().zip(positions).enumerate() {
        let earlier: Vec<u64> = positions[..ply].iter().map(Position::hash).collect();
        let over = pos.outcome_after(&earlier).is_some();
        read_all.push(read(eval, pos, over, ply)?);
    }
    let mut summary = Summary {
        start: read_all[0].0,
        moves: Vec::with_capacity(game.moves().len()),
        white: PlayerSummary::default(),
        black: PlayerSummary::default(),
    };
    let (mut white_sum, mut black_sum) = (0.0, 0.0);
    for (ply, &m) in game.moves().iter().enumerate() {
        let pos = &positions[ply];
        let side = pos.turn();
        let (before_white, _, best) = &read_all[ply];
        let (after_white, score, _) = &read_all[ply + 1];
        let mine = |white: f64| match side {
            Color::White => white,
            Color::Black => 1.0 - white,
        };
        let (before, after) = (mine(*before_white), mine(*after_white));
        // The engine's own choice in the position before loses nothing by its measure, whatever
        // the search one ply on sees (what the search before did not reach): called a blunder,
        // it had no better move to show ("?? −43%" and nothing to learn), and Learn from your
        // mistakes nothing to find.
        let loss = if *best == Some(m) {
            0.0
        } else {
            (before - after).max(0.0)
        };
        let judgement = judge(loss);
        let accuracy = move_accuracy(loss);
        let player = match side {
            Color::White => {
                white_sum += accuracy;
                &mut summary.white
            }
            Color::Black => {
                black_sum += accuracy;
                &mut summary.black
            }
        };
        player.moves += 1;
        match judgement {
            Some(Judgement::Inaccuracy) => player.inaccuracies += 1,
            Some(Judgement::Mistake) => player.mistakes += 1,
            Some(Judgement::Blunder) => player.blunders += 1,
            None => {}
        }
        summary.moves.push(ReviewedMove {
            ply,
            number: pos.fullmoves(),
            side,
            played: pos.display_move(m),
            best: best.filter(|&b| b != m).map(|b| pos.display_move(b)),
            before,
            after,
            loss,
            loss_percent: loss_percent(loss),
            judgement,
            accuracy,
            white_expected: *after_white,
            score: score.clone(),
        });
    }
    for (player, sum) in [
        (&mut summary.white, white_sum),
        (&mut summary.black, black_sum),
    ] {
        player.accuracy = (player.moves > 0).then(|| sum / player.moves as f64);
    }
    Ok(summary)
}

/// The game's record annotated with its review, as lichess writes an analysed game: each
/// judged move with its glyph (`?!`, `?`, `??`) and a comment with its loss of expected score
/// and the better move, which also stands as a side line (the game to the move, then the
/// better one, so that the analysis board opens it as a variation), under an `Annotator`
/// header. `game` as recorded (its headers and result are kept); `evals` as for
/// [`summarize`]. It reads back as the same game.
///
/// # Errors
/// Evaluations that do not fit the game, as [`summarize`] says.
pub fn annotated_record(game: &Game, evals: &[Evaluation]) -> Result<String, String> {
    let summary = summarize(&replayed(game), evals)?;
    let mut notes = Vec::new();
    let mut better_lines = Vec::new();
    for m in &summary.moves {
        let Some(judgement) = m.judgement else {
            continue;
        };
        // "Blunder (-98%); better We6-e2+.", with an ASCII hyphen where the page writes a minus
        // sign: a record is PGN text, whose character set is ISO 8859-1 (PGN standard §4.1),
        // and the programs that read records may not take the minus sign.
        let name = judgement.name();
        let word = name[..1].to_uppercase() + &name[1..];
        let loss = m.loss_percent;
        let comment = match &m.best {
            Some(best) => format!("{word} (-{loss}%); better {best}."),
            None => format!("{word} (-{loss}%)."),
        };
        notes.push(LineNote {
            line: 0,
            ply: m.ply,
            note: MoveNote {
                glyph: Some(judgement.glyph()),
                comment,
            },
        });
        // The evaluation's own text of the best move (canonical, as a record writes moves).
        if let (Some(_), Some(best)) = (&m.best, &evals[m.ply].best) {
            let mut line: Vec<String> = game.moves()[..m.ply].iter().map(Move::to_string).collect();
            line.push(best.clone());
            better_lines.push(line);
        }
    }
    let mut annotated = game.clone();
    annotated
        .set_header("Annotator", "Ultima's game review")
        .map_err(|e| e.to_string())?;
    annotated
        .annotated_record(
            &RecordNotes {
                comment: String::new(),
                moves: notes,
            },
            &better_lines,
        )
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine() -> Engine {
        Engine::new(Config {
            hash_mb: 1,
            ..Config::default()
        })
    }

    fn cp(cp: i32) -> Score {
        Score {
            cp: Some(cp),
            mate: None,
        }
    }

    fn mate(n: i32) -> Score {
        Score {
            cp: None,
            mate: Some(n),
        }
    }

    #[test]
    fn expected_score_is_a_logistic_of_centipawns_and_certain_for_mates() {
        assert_eq!(expected_score(cp(0)), 0.5);
        assert!((expected_score(cp(100)) - 0.591).abs() < 0.001);
        assert!((expected_score(cp(-100)) + expected_score(cp(100)) - 1.0).abs() < 1e-12);
        assert!(expected_score(cp(2000)) > 0.99);
        assert_eq!(expected_score(mate(3)), 1.0);
        assert_eq!(expected_score(mate(-1)), 0.0);
    }

    #[test]
    fn thresholds_and_accuracy() {
        assert_eq!(judge(0.0), None);
        assert_eq!(judge(0.049), None);
        assert_eq!(judge(0.05), Some(Judgement::Inaccuracy));
        // The per cent shown agrees with the judgement at its edges.
        assert_eq!(
            [0.0, 0.049, 0.05, 0.097, 0.1, 0.29, 0.999, 1.0].map(loss_percent),
            [0, 4, 5, 9, 10, 29, 99, 100]
        );
        assert_eq!(judge(0.10), Some(Judgement::Mistake));
        assert_eq!(judge(0.15), Some(Judgement::Blunder));
        assert_eq!(judge(1.0), Some(Judgement::Blunder));
        assert!(move_accuracy(0.0) > 99.99);
        assert!((move_accuracy(0.10) - 63.9).abs() < 0.5);
        assert_eq!(move_accuracy(1.0), 0.0);
    }

    /// Three quiet opening moves.
    const GAME: &str = "[Setup \"rotated\"]\n\n1. b2-b5 g7-g4 2. c2-c4 *";

    #[test]
    fn evaluations_do_not_depend_on_what_the_engine_searched_before() {
        let game = Game::from_record(GAME).expect("a valid record");
        let mut fresh = engine();
        let alone = evaluate(&mut fresh, &game, 3, 20_000).expect("a ply of the game");
        let mut used = engine();
        for ply in 0..3 {
            evaluate(&mut used, &game, ply, 20_000).expect("a ply of the game");
        }
        assert_eq!(evaluate(&mut used, &game, 3, 20_000), Ok(alone.clone()));
        assert!(alone.white.is_some() && alone.best.is_some() && alone.depth > 0);
        assert!(alone.nodes <= 20_000);
        assert!(evaluate(&mut used, &game, 6, 20_000).is_err());
    }

    #[test]
    fn a_finished_position_is_its_result() {
        // The mate in two of the tactics set (mined-s2g4p59), played out: White is mated.
        let game = Game::from_record(
            "[Setup \"5x2/3p1k1p/c3w1pp/xpp4L/6P1/8/PPP4P/IL1iKW1C b 1 30\"]\n\n30... e6-e2 31. h1-g2xe2 a5-d2 *",
        )
        .expect("a valid record");
        assert!(game.outcome().is_some(), "the record ends in mate");
        let eval = evaluate(&mut engine(), &game, 3, 1_000).expect("a ply of the game");
        assert_eq!(eval.result.as_deref(), Some("0-1"));
        assert_eq!(eval.white, None);
    }

    /// Evaluations for each position of `game` at `nodes`.
    fn evaluate_all(game: &Game, nodes: u64) -> Vec<Evaluation> {
        let mut engine = engine();
        (0..game.positions().len())
            .map(|ply| evaluate(&mut engine, game, ply, nodes).expect("a ply of the game"))
            .collect()
    }

    #[test]
    fn a_planted_blunder_is_judged_a_blunder_with_the_better_move() {
        // Black mates in two with e6-e2; instead Black plays a quiet Pawn move, and White
        // answers.
        let game = Game::from_record(
            "[Setup \"5x2/3p1k1p/c3w1pp/xpp4L/6P1/8/PPP4P/IL1iKW1C b 1 30\"]\n\n30... d7-d6 31. b2-b3 *",
        )
        .expect("a valid record");
        let summary = summarize(&game, &evaluate_all(&game, 60_000)).expect("one per position");
        let first = &summary.moves[0];
        assert_eq!((first.side, first.number), (Color::Black, 30));
        assert_eq!(summary.moves[1].number, 31);
        assert_eq!(first.judgement, Some(Judgement::Blunder), "{first:?}");
        assert_eq!(first.before, 1.0);
        assert_eq!(
            summary.start, 0.0,
            "Black mates: White's expected score is 0"
        );
        assert_eq!(first.best.as_deref(), Some("We6-e2+"));
        assert_eq!(summary.black.blunders, 1);
        assert_eq!(summary.black.moves, 1);
        assert_eq!(summary.white.moves, 1);
        assert!(summary.black.accuracy.expect("a move") < 30.0);
        assert_eq!(summary.moves.len(), 2);
    }

    #[test]
    fn the_annotated_record_marks_the_blunder_and_opens_the_better_move_as_a_side_line() {
        let record = "[Setup \"5x2/3p1k1p/c3w1pp/xpp4L/6P1/8/PPP4P/IL1iKW1C b 1 30\"]\n[Result \"0-1\"]\n[Termination \"resignation\"]\n\n30... d7-d6 31. b2-b3 0-1";
        let game = Game::from_record(record).expect("a valid record");
        let evals = evaluate_all(&replayed(&game), 60_000);
        let annotated = annotated_record(&game, &evals).expect("the evaluations fit");
        assert!(
            annotated.contains("[Annotator \"Ultima's game review\"]\n"),
            "{annotated}"
        );
        // The blunder, its loss and the mate missed, as the review's list says it.
        let summary = summarize(&replayed(&game), &evals).expect("the evaluations fit");
        let loss = summary.moves[0].loss_percent;
        assert!(
            annotated.contains(&format!(
                "\n\n30... d7-d6?? {{Blunder (-{loss}%); better We6-e2+.}} (30... e6-e2) 31. b2-b3"
            )),
            "{annotated}"
        );
        assert!(annotated.ends_with(" 0-1\n"), "{annotated}");
        // It reads back as the game (its resignation too), with the better move as a side line.
        let back = Game::from_record(&annotated).expect("it reads back");
        assert_eq!(back.moves(), game.moves());
        assert_eq!(back.outcome(), game.outcome());
        let lines = Game::record_side_lines(&annotated).expect("its side lines");
        assert_eq!(lines[0], ["e6-e2"]);
        let judged = summary.moves.iter().filter(|m| m.judgement.is_some());
        assert_eq!(lines.len(), judged.count());
        // Evaluations of another game: refused, as the summary refuses them.
        assert!(annotated_record(&game, &evals[1..]).is_err());
    }

    #[test]
    fn a_mating_game_ends_at_its_result() {
        let game = Game::from_record(
            "[Setup \"5x2/3p1k1p/c3w1pp/xpp4L/6P1/8/PPP4P/IL1iKW1C b 1 30\"]\n\n30... e6-e2 31. h1-g2xe2 a5-d2 *",
        )
        .expect("a valid record");
        let summary = summarize(&game, &evaluate_all(&game, 60_000)).expect("one per position");
        assert_eq!(summary.moves.len(), 3);
        let last = &summary.moves[2];
        assert_eq!((last.score.as_str(), last.white_expected), ("0-1", 0.0));
        assert_eq!(summary.black.blunders + summary.black.mistakes, 0);
        assert!(summary.black.accuracy.expect("moves") > 99.99);
    }

    #[test]
    fn evaluations_that_do_not_fit_the_game_are_refused_with_a_reason() {
        let game = Game::from_record(GAME).expect("a valid record");
        let evals = evaluate_all(&game, 5_000);
        assert!(summarize(&game, &evals).is_ok());
        let short = summarize(&game, &evals[1..]).expect_err("one missing");
        assert!(short.contains("4 evaluations"), "{short}");
        let mut wrong = evals.clone();
        wrong[1].best = Some("a1-a2".into());
        assert!(summarize(&game, &wrong)
            .expect_err("a bad move")
            .contains("position 1"));
        let mut wrong = evals.clone();
        wrong[2].white = Some(Score {
            cp: Some(1),
            mate: Some(2),
        });
        assert!(summarize(&game, &wrong).is_err());
        let mut wrong = evals;
        wrong[0] = Evaluation {
            white: None,
            result: Some("1-0".into()),
            best: None,
            depth: 0,
            nodes: 0,
        };
        assert!(summarize(&game, &wrong)
            .expect_err("not over")
            .contains("should have a score"));
    }

    #[test]
    fn the_engines_own_choice_is_never_judged_though_the_next_search_scores_it_lower() {
        let game = Game::from_record(GAME).expect("a valid record");
        let mut evals = evaluate_all(&game, 5_000);
        // White's first move, b2-b5, scored much worse by the search after it (as a deeper look
        // at the position after may): a blunder, unless it was the search's own best before it.
        evals[1].white = Some(Score {
            cp: Some(-2_000),
            mate: None,
        });
        evals[0].best = Some("a2-a3".into());
        let other = summarize(&game, &evals).expect("one per position");
        assert_eq!(other.moves[0].judgement, Some(Judgement::Blunder));
        assert_eq!(other.moves[0].best.as_deref(), Some("Pa2-a3"));
        evals[0].best = Some("b2-b5".into());
        let chosen = summarize(&game, &evals).expect("one per position");
        let first = &chosen.moves[0];
        assert_eq!(
            (first.judgement, first.loss, first.best.as_deref()),
            (None, 0.0, None),
            "{first:?}"
        );
        assert_eq!(chosen.white.blunders, 0);
    }

    #[test]
    fn a_resigned_game_is_reviewed_up_to_its_last_move() {
        let game = Game::from_record("[Setup \"rotated\"]\n[Result \"0-1\"]\n[Termination \"resignation\"]\n\n1. b2-b5 g7-g4 0-1")
            .expect("a valid record");
        assert!(game.outcome().is_some());
        let plain = replayed(&game);
        assert_eq!(plain.moves(), game.moves());
        assert!(plain.outcome().is_none());
    }
}

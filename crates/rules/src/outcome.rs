//! The end of a game by the rules (RULES §4): a side with no legal move loses, a captured King
//! has lost (`king_capture`), and three draws: threefold repetition, 100 plies without a
//! capture, bare Kings. Each rule and their precedence are written here once; the game, the AI,
//! the bindings and the CLI all ask these methods.
//!
//! Precedence: a decisive end (no legal move, a captured King) comes before any draw, then
//! repetition, then bare Kings, then the move limit. In a game only the first step can decide
//! anything (a mating move may well be the 100th ply without a capture): a position that
//! repeats an earlier one had a move played from it, and two lone Kings always have a move.
//! The order makes the answer unique all the same.

use crate::{Color, Position};
use core::fmt;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    Checkmate,
    /// No legal move while not in check: a loss in Ultima (RULES §4).
    Stalemate,
    /// Under `king_capture`.
    KingCaptured,
    Resignation,
    /// Draws of RULES §4.
    Repetition,
    MoveLimit,
    BareKings,
    /// Both players agreed to a draw.
    Agreement,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::KingCaptured => "king captured",
            Reason::Resignation => "resignation",
            Reason::Repetition => "threefold repetition",
            Reason::MoveLimit => "100 plies without a capture",
            Reason::BareKings => "only the two Kings left",
            Reason::Agreement => "draw by agreement",
        })
    }
}

/// The end of a game: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(w) => write!(f, "{w} wins by {}", self.reason),
            None => write!(f, "draw: {}", self.reason),
        }
    }
}

/// Why a game is over, judged from the position alone: no repetition (which needs the
/// earlier positions, see [`Position::outcome_after`]), no resignation or agreement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionOutcome {
    /// The side to move has no legal move and is in check: it loses.
    Checkmate { winner: Color },
    /// The side to move has no legal move and is not in check: it loses too (RULES §4).
    Stalemate { winner: Color },
    /// Under `king_capture`, a side's King has been captured.
    KingCaptured { winner: Color },
    /// 100 consecutive plies without a capture or suicide.
    MoveLimit,
    /// Only the two Kings are left.
    BareKings,
}

impl PositionOutcome {
    /// The winning side, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            PositionOutcome::Checkmate { winner }
            | PositionOutcome::Stalemate { winner }
            | PositionOutcome::KingCaptured { winner } => Some(winner),
            PositionOutcome::MoveLimit | PositionOutcome::BareKings => None,
        }
    }
}

impl From<PositionOutcome> for Outcome {
    fn from(o: PositionOutcome) -> Outcome {
        let reason = match o {
            PositionOutcome::Checkmate { .. } => Reason::Checkmate,
            PositionOutcome::Stalemate { .. } => Reason::Stalemate,
            PositionOutcome::KingCaptured { .. } => Reason::KingCaptured,
            PositionOutcome::MoveLimit => Reason::MoveLimit,
            PositionOutcome::BareKings => Reason::BareKings,
        };
        Outcome {
            winner: o.winner(),
            reason,
        }
    }
}

/// Where a position stood before, as [`Position::repetitions`] finds it.
#[derive(Clone, Debug)]
pub struct Repetitions<'a> {
    earlier: &'a [u64],
    hash: u64,
    /// The index after the next one to look at (two plies back from it).
    next: usize,
    /// The oldest index that can hold the same position.
    oldest: usize,
}

impl Iterator for Repetitions<'_> {
    type Item = usize;

    /// A plain loop: the search asks at every node, and iterator adaptors are not inlined in
    /// the wasm build.
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.next >= self.oldest + 2 {
            self.next -= 2;
            if self.earlier[self.next] == self.hash {
                return Some(self.next);
            }
        }
        None
    }
}

impl Position {
    /// The end of the game as far as the position alone tells: no repetition, no resignation
    /// (see [`Position::outcome_after`] and [`crate::Game::outcome`]).
    pub fn outcome(&self) -> Option<PositionOutcome> {
        if self.king_missing() {
            let winner = if self.board.king_of(Color::White).is_some() {
                Color::White
            } else {
                Color::Black
            };
            return Some(PositionOutcome::KingCaptured { winner });
        }
        if !self.has_legal_move() {
            let winner = !self.turn;
            return Some(if self.is_check() {
                PositionOutcome::Checkmate { winner }
            } else {
                PositionOutcome::Stalemate { winner }
            });
        }
        if self.is_bare_kings_draw() {
            return Some(PositionOutcome::BareKings);
        }
        if self.is_move_limit_draw() {
            return Some(PositionOutcome::MoveLimit);
        }
        None
    }

    /// The end of the game at this position, given `earlier`: the hashes of the game's
    /// positions before it, oldest first ([`crate::Game::history_hashes`]). With the
    /// precedence of the module docs: a decisive end, then threefold repetition, then bare
    /// Kings, then the move limit. No resignation or agreement: those are the game's.
    ///
    /// # Examples
    ///
    /// ```
    /// use ultima::{Game, Position, Reason, Rules};
    /// let start = Position::from_fen("k7/8/8/8/8/8/8/7K w", "no_bare_kings_draw".parse()?)?;
    /// let mut game = Game::new(start);
    /// for m in ["h1-g1", "a8-b8", "g1-h1", "b8-a8", "h1-g1", "a8-b8", "g1-h1", "b8-a8"] {
    ///     game.play_text(m)?;
    /// }
    /// let outcome = game.position().outcome_after(&game.history_hashes());
    /// assert_eq!(outcome.map(|o| o.reason), Some(Reason::Repetition));
    /// assert_eq!(game.position().outcome(), None, "the position alone does not tell");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome_after(&self, earlier: &[u64]) -> Option<Outcome> {
        match self.outcome() {
            Some(o) if o.winner().is_some() => Some(o.into()),
            _ if self.is_repetition_draw(earlier) => Some(Outcome {
                winner: None,
                reason: Reason::Repetition,
            }),
            o => o.map(Outcome::from),
        }
    }

    /// Whether only the two Kings are left and the rules make that a draw (RULES §4). The
    /// condition alone: [`Position::outcome`] judges it after the decisive ends.
    #[inline]
    pub fn is_bare_kings_draw(&self) -> bool {
        self.rules.bare_kings_draw && self.board.occupied().is_pair()
    }

    /// Whether 100 plies have passed without a capture or suicide and the rules make that a
    /// draw (RULES §4). The condition alone: a side with no legal move still loses first.
    #[inline]
    pub fn is_move_limit_draw(&self) -> bool {
        self.rules.move_limit_draw && self.halfmoves >= 100
    }

    /// Whether this position is the third occurrence of itself (same placement, same side to
    /// move) after `earlier`, the hashes of the game's positions before it, and the rules make
    /// that a draw (RULES §4). The condition alone, as [`Position::is_bare_kings_draw`].
    pub fn is_repetition_draw(&self, earlier: &[u64]) -> bool {
        self.rules.repetition_draw && self.repetitions(earlier).nth(1).is_some()
    }

    /// The indices in `earlier` (the hashes of the game's positions before this one, oldest
    /// first) where this same position stood, most recent first, whatever the rules. Only the
    /// positions that could be the same are compared: those with the same side to move (every
    /// other ply back) since the last capture or suicide ([`Position::halfmoves`] plies back),
    /// since a capture leaves fewer pieces for good. Positions are told apart by their hash.
    #[inline]
    pub fn repetitions<'a>(&self, earlier: &'a [u64]) -> Repetitions<'a> {
        let next = earlier.len();
        let window = (self.halfmoves as usize).min(next);
        Repetitions {
            earlier,
            hash: self.hash,
            next,
            oldest: next - window,
        }
    }
}

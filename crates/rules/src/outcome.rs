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

use crate::{Color, Position, Role};
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
    /// A player ran out of time on the clock and the other can still win
    /// ([`Position::can_win`]): a loss for the player whose flag fell.
    Timeout,
    /// A player ran out of time but the other cannot win by any series of legal moves (only
    /// its King is left, [`Position::can_win`]): a draw.
    TimeoutCannotWin,
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
            Reason::Timeout => "time forfeit",
            Reason::TimeoutCannotWin => "time forfeit against a lone King",
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

    /// Whether `side` could still win this game by some series of legal moves, both sides
    /// helping: what decides whether running out of time loses (a flag falls against a side
    /// that can win) or draws ([`Reason::TimeoutCannotWin`]).
    ///
    /// The rule: a side that has nothing but its King cannot win under the default rules, and
    /// every other side can. Under `king_capture` even a lone King can win (the other King may
    /// step next to it), so every side can.
    ///
    /// Why a lone King cannot win (default rules): without a King's capture the only win is
    /// leaving the opponent no legal move (RULES §4). A lone King freezes nothing and gives no
    /// check (it would have to stand next to the other King, which the other side could then
    /// take). So every enemy piece but the King may step to any empty square orthogonally next
    /// to it (a step is a legal move of every piece, also under `distance_1968`), and to have
    /// no move, the enemy pieces other than the King must have no empty orthogonal neighbour
    /// but the two Kings' squares. One piece alone has at least two neighbours, and exactly two
    /// only in a corner, where they touch each other, so the Kings would stand next to each
    /// other; two or more pieces have at least three. The enemy King alone, with at least three
    /// neighbours, cannot have each of them next to our King without our King standing next to
    /// it. So no position reachable from here leaves the enemy without a move.
    ///
    /// Why every other side counts as able to win: with any piece besides the King a win is
    /// possible in some position the game may still reach (the other side's pieces help by
    /// blocking their own King), and where that is hard to prove for a given material (a lone
    /// Pawn against a lone King), a player whose flag fell is better told they lost, as in
    /// chess, than given a draw the position may not deserve. The rule never looks beyond the
    /// material, so it is the same in every position with that material and easy to check.
    ///
    /// # Examples
    ///
    /// ```
    /// use ultima::{Color, Position, Rules};
    /// let lone_king = Position::from_fen("4k3/8/8/8/8/8/P7/4K3 b", Rules::default())?;
    /// assert!(lone_king.can_win(Color::White));
    /// assert!(!lone_king.can_win(Color::Black));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn can_win(&self, side: Color) -> bool {
        if self.rules.king_capture {
            return true;
        }
        let others = self.board.by_color(side) & !self.board.pieces(side, Role::King);
        !others.is_empty()
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

//! Playing levels 1–8. Levels 1–7 are fixed amounts of search, so their strength does not
//! depend on the device, with evaluation noise at the low levels; level 8 thinks for the
//! player's chosen time (2 s by default), with a little noise in its first moves only to vary
//! its games ([`Level::in_position`]).
//!
//! Levels 1 and 2 are weak the way a beginner is, not by playing at random: they search one
//! and two plies and judge the position there as it stands, without the captures that follow
//! (no quiescence). Level 1 looks only at its own moves: it takes what it can and plays to
//! good squares, but does not see what the answer to its move takes, so it leaves pieces to
//! be taken. Level 2 sees the answer, not what follows it. Neither misses a mate in one.
//! Levels 3–7 are node budgets with less and less noise. The README's "Levels" has the
//! matches that place each level against the one below.

use crate::search::Limits;
use core::fmt;
use ultima::Position;

/// A playing level, `1..=8`.
///
/// # Examples
///
/// ```
/// use ultima_engine::Level;
/// let beginner = Level::new(1).unwrap();
/// assert_eq!(beginner.limits().depth, Some(1));
/// assert_eq!(beginner.limits().quiescence, Some(0));
/// assert_eq!(Level::new(8).unwrap().limits().time_ms, Some(2000));
/// assert!(Level::new(9).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// What bounds the search of each of levels 1–7.
#[derive(Clone, Copy)]
enum Budget {
    /// A full-width search of `depth` plies without quiescence, with noise in centipawns.
    Plies { depth: u32, noise: i32 },
    /// A node budget, with noise in centipawns.
    Nodes { nodes: u64, noise: i32 },
}

/// Levels 1–7.
const BUDGETS: [Budget; 7] = [
    Budget::Plies {
        depth: 1,
        noise: 100,
    },
    Budget::Plies {
        depth: 2,
        noise: 300,
    },
    Budget::Nodes {
        nodes: 1_000,
        noise: 300,
    },
    Budget::Nodes {
        nodes: 3_000,
        noise: 150,
    },
    Budget::Nodes {
        nodes: 9_000,
        noise: 80,
    },
    Budget::Nodes {
        nodes: 40_000,
        noise: 30,
    },
    // ±10 centipawns, a tenth of a pawn: not to weaken level 7 but to vary its games, which
    // without noise would answer the same moves the same way every game (the page gives each
    // game its own seed). README "Levels" has the matches that measured it.
    Budget::Nodes {
        nodes: 250_000,
        noise: 10,
    },
];

impl Level {
    pub const MIN: u8 = 1;
    pub const MAX: u8 = 8;
    /// Level 8's thinking time unless the player chooses another.
    pub const DEFAULT_TIME_MS: u64 = 2000;
    /// Level 8 varies its games in their first moves: up to this full-move number it judges
    /// with [`Level::OPENING_NOISE`] (see [`Level::in_position`]).
    pub const OPENING_MOVES: u32 = 5;
    /// Level 8's noise in the opening, in centipawns: a twentieth of a pawn. Without it level
    /// 8 answered the same moves the same way in every game (only the depth its time reached
    /// could change a move), so a game won against it could be won again move for move. The
    /// opening has many moves that close: at 1,500,000 nodes a move, ten seeds played nine
    /// different first four plies from the start (±3 did as much, ±10 less). The README's
    /// "Levels" has how that was measured and the match that measured its cost.
    pub const OPENING_NOISE: i32 = 5;

    /// The level `n`, if `1 <= n <= 8`.
    pub fn new(n: u8) -> Option<Level> {
        (Level::MIN..=Level::MAX).contains(&n).then_some(Level(n))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    /// The search limits of this level (level 8: [`Level::DEFAULT_TIME_MS`]).
    pub fn limits(self) -> Limits {
        self.limits_with_time(Level::DEFAULT_TIME_MS)
    }

    /// The search limits of a move at this level and its deadline in milliseconds, given the
    /// player's thinking time `time_ms`: level 8 thinks that long ([`Level::DEFAULT_TIME_MS`]
    /// if `None`); levels 1–7 search their node budget, the same on every device, and stop
    /// at `time_ms` only if it is given (a slow device then plays weaker rather than late).
    /// The deadline is for a [`crate::Deadline`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ultima_engine::Level;
    /// let level = |n| Level::new(n).unwrap();
    /// assert_eq!(level(8).limits_and_deadline(None).1, Some(2000.0));
    /// assert_eq!(level(8).limits_and_deadline(Some(500.0)).0.time_ms, Some(500));
    /// let (limits, deadline) = level(3).limits_and_deadline(None);
    /// assert!(limits.nodes.is_some() && deadline.is_none());
    /// assert_eq!(level(3).limits_and_deadline(Some(500.0)).1, Some(500.0));
    /// ```
    pub fn limits_and_deadline(self, time_ms: Option<f64>) -> (Limits, Option<f64>) {
        let limits = self.limits_with_time(time_ms.map_or(Level::DEFAULT_TIME_MS, |t| t as u64));
        let deadline = time_ms.or(limits.time_ms.map(|t| t as f64));
        (limits, deadline)
    }

    /// This level's `limits` for a move in `pos`: level 8 takes [`Level::OPENING_NOISE`] (or
    /// the limits' own noise, if more) while the full-move number is at most
    /// [`Level::OPENING_MOVES`] (the noise is the seed's, so a game still replays exactly);
    /// the other levels have their noise all game long, and are left as they are.
    ///
    /// # Examples
    ///
    /// ```
    /// use ultima::{Position, Rules, StartSetup};
    /// use ultima_engine::Level;
    /// let start = Position::start(StartSetup::default(), Rules::default());
    /// let level = |n| Level::new(n).unwrap();
    /// assert_eq!(level(8).in_position(level(8).limits(), &start).noise, Level::OPENING_NOISE);
    /// let later = Position::from_fen("clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 6", Rules::default()).unwrap();
    /// assert_eq!(level(8).in_position(level(8).limits(), &later).noise, 0);
    /// assert_eq!(level(3).in_position(level(3).limits(), &start), level(3).limits());
    /// ```
    pub fn in_position(self, limits: Limits, pos: &Position) -> Limits {
        if self.0 == Level::MAX && pos.fullmoves() <= Level::OPENING_MOVES {
            Limits {
                noise: limits.noise.max(Level::OPENING_NOISE),
                ..limits
            }
        } else {
            limits
        }
    }

    /// The search limits, level 8 thinking for `time_ms` milliseconds.
    pub fn limits_with_time(self, time_ms: u64) -> Limits {
        match BUDGETS.get(self.0 as usize - 1) {
            Some(&Budget::Plies { depth, noise }) => Limits {
                depth: Some(depth),
                quiescence: Some(0),
                noise,
                ..Limits::default()
            },
            Some(&Budget::Nodes { nodes, noise }) => Limits {
                nodes: Some(nodes),
                noise,
                min_depth: 1,
                ..Limits::default()
            },
            None => Limits::time_ms(time_ms),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level {}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_grow_and_noise_shrinks() {
        let level = |n| Level::new(n).unwrap().limits();
        assert!(level(1).depth < level(2).depth);
        for n in 3..7 {
            assert!(level(n).nodes.unwrap() < level(n + 1).nodes.unwrap());
            assert!(level(n).noise >= level(n + 1).noise);
        }
        assert_eq!(
            Level::new(8).unwrap().limits_with_time(200).time_ms,
            Some(200)
        );
        assert!(Level::new(0).is_none());
    }
}

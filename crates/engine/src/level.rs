//! Playing levels 1–8. Levels 1–7 are node budgets, so their strength does not depend on
//! the device, with evaluation noise at the low levels; level 8 thinks for the player's
//! chosen time (2 s by default).

use crate::search::Limits;
use core::fmt;

/// A playing level, `1..=8`.
///
/// # Examples
///
/// ```
/// use ultima_engine::Level;
/// let beginner = Level::new(1).unwrap();
/// assert!(beginner.limits().nodes.is_some() && beginner.limits().noise > 0);
/// assert_eq!(Level::new(8).unwrap().limits().time_ms, Some(2000));
/// assert!(Level::new(9).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// `(nodes, noise in centipawns)` of levels 1–7.
const BUDGETS: [(u64, i32); 7] = [
    (1_000, 300),
    (3_000, 150),
    (9_000, 80),
    (25_000, 40),
    (70_000, 20),
    (200_000, 10),
    (500_000, 0),
];

impl Level {
    pub const MIN: u8 = 1;
    pub const MAX: u8 = 8;
    /// Level 8's thinking time unless the player chooses another.
    pub const DEFAULT_TIME_MS: u64 = 2000;

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

    /// The search limits, level 8 thinking for `time_ms` milliseconds.
    pub fn limits_with_time(self, time_ms: u64) -> Limits {
        match BUDGETS.get(self.0 as usize - 1) {
            Some(&(nodes, noise)) => Limits {
                nodes: Some(nodes),
                noise,
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
        for n in 1..7 {
            let a = Level::new(n).unwrap().limits();
            let b = Level::new(n + 1).unwrap().limits();
            assert!(a.nodes.unwrap() < b.nodes.unwrap());
            assert!(a.noise >= b.noise);
        }
        assert_eq!(
            Level::new(8).unwrap().limits_with_time(200).time_ms,
            Some(200)
        );
        assert!(Level::new(0).is_none());
    }
}

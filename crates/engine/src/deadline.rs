//! The AI's rule for thinking time, for every host: stop at the deadline, and start no
//! iteration once half of the time has gone.
//!
//! The engine reads no clock (`std::time::Instant::now` panics on wasm32-unknown-unknown), so
//! the host passes one: `Instant` in the CLI, `performance.now()` in the browser.

use crate::search::{Iteration, SearchHandler};

/// A clock: milliseconds since any fixed origin.
pub trait Clock {
    fn now_ms(&self) -> f64;
}

/// A [`SearchHandler`] that bounds a search by time: it stops the search at the deadline, and
/// starts no iteration past half of it, since the next iteration would most likely not finish
/// in the time left (each costs about as much as all the ones before it) and an unfinished
/// iteration yields little: only a root move it has already proven better than the last
/// iteration's choice ([`SearchParams::play_unfinished`](crate::SearchParams)). It passes each
/// completed iteration to `report`, with the milliseconds since the start.
///
/// # Examples
///
/// ```
/// use std::cell::Cell;
/// use ultima::Position;
/// use ultima_engine::{Clock, Config, Deadline, Engine, Level};
///
/// /// A clock that moves on 1 ms each time it is read.
/// struct Ticks(Cell<f64>);
/// impl Clock for Ticks {
///     fn now_ms(&self) -> f64 {
///         self.0.set(self.0.get() + 1.0);
///         self.0.get()
///     }
/// }
///
/// let (limits, deadline_ms) = Level::new(8).unwrap().limits_and_deadline(Some(20.0));
/// let mut depths = Vec::new();
/// let mut handler = Deadline::new(Ticks(Cell::new(0.0)), deadline_ms, |info, _ms| {
///     depths.push(info.depth)
/// });
/// let mut engine = Engine::new(Config { hash_mb: 1, ..Config::default() });
/// let result = engine.search(&Position::default(), &[], limits, &mut handler);
/// drop(handler);
/// // Stopped by the clock, with the last iteration it completed.
/// assert!(result.best_move.is_some() && (1..10).contains(&result.depth));
/// assert_eq!(depths.last(), Some(&result.depth));
/// ```
pub struct Deadline<C, R> {
    clock: C,
    start_ms: f64,
    /// Infinite for no deadline.
    limit_ms: f64,
    report: R,
}

impl<C: Clock, R: FnMut(&Iteration<'_>, f64)> Deadline<C, R> {
    /// Starts the clock now: the search may think `limit_ms` milliseconds (without end for
    /// `None`), and `report` hears each completed iteration.
    pub fn new(clock: C, limit_ms: Option<f64>, report: R) -> Deadline<C, R> {
        Deadline {
            start_ms: clock.now_ms(),
            clock,
            limit_ms: limit_ms.unwrap_or(f64::INFINITY),
            report,
        }
    }

    /// Milliseconds since [`Deadline::new`].
    pub fn elapsed_ms(&self) -> f64 {
        self.clock.now_ms() - self.start_ms
    }
}

impl<C: Clock, R: FnMut(&Iteration<'_>, f64)> SearchHandler for Deadline<C, R> {
    fn should_stop(&mut self, _nodes: u64) -> bool {
        self.elapsed_ms() >= self.limit_ms
    }

    fn start_iteration(&mut self, _depth: u32, _nodes: u64) -> bool {
        self.elapsed_ms() * 2.0 < self.limit_ms
    }

    fn on_iteration(&mut self, info: &Iteration<'_>) {
        let ms = self.elapsed_ms();
        (self.report)(info, ms);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::rc::Rc;

    /// A clock the test sets.
    struct Manual(Rc<Cell<f64>>);

    impl Clock for Manual {
        fn now_ms(&self) -> f64 {
            self.0.get()
        }
    }

    #[test]
    fn stops_at_the_deadline_and_starts_no_iteration_past_half_of_it() {
        let now = Rc::new(Cell::new(100.0));
        let mut d = Deadline::new(Manual(Rc::clone(&now)), Some(50.0), |_, _| {});
        now.set(124.0);
        assert!(d.start_iteration(2, 0) && !d.should_stop(0));
        now.set(125.0);
        assert!(!d.start_iteration(2, 0) && !d.should_stop(0));
        now.set(150.0);
        assert!(d.should_stop(0));
        assert_eq!(d.elapsed_ms(), 50.0);

        let mut endless = Deadline::new(Manual(Rc::clone(&now)), None, |_, _| {});
        now.set(1e12);
        assert!(endless.start_iteration(2, 0) && !endless.should_stop(0));
    }
}

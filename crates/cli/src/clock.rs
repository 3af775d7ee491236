//! The wall clock under the engine's time rule ([`Deadline`]), for the commands that search.

use std::time::Instant;
use ultima_engine::{Clock, Deadline, Iteration};

/// The wall clock: milliseconds since it was started.
pub struct Wall(Instant);

impl Wall {
    pub fn start() -> Wall {
        Wall(Instant::now())
    }
}

impl Clock for Wall {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// What a search reports after each iteration: the iteration and the milliseconds so far.
pub type Report = fn(&Iteration<'_>, f64);

/// A search handler on the wall clock, started now, that stops the search at `time_ms`
/// (without it, only the search's own limits do) and `report`s each iteration.
pub fn deadline(time_ms: Option<u64>, report: Report) -> Deadline<Wall, Report> {
    Deadline::new(Wall::start(), time_ms.map(|t| t as f64), report)
}

/// The [`Report`] of a search that says nothing while it runs.
pub fn silent(_: &Iteration<'_>, _: f64) {}

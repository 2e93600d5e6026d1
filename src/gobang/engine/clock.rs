//! When a search stops: a deadline, and a flag another thread may raise.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// When to stop: a deadline, and a flag another thread may raise.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
}

impl Clock {
    /// A clock that runs out `budget` from now, or on `stop`.
    pub fn new(budget: Option<Duration>, stop: Option<Arc<AtomicBool>>) -> Clock {
        Clock { deadline: budget.map(|b| Instant::now() + b), stop }
    }

    /// A clock for part of this one's time: `share` of what is left.
    pub fn part(&self, share: f64) -> Clock {
        let deadline = self.deadline.map(|d| {
            let left = d.saturating_duration_since(Instant::now());
            Instant::now() + left.mul_f64(share)
        });
        Clock { deadline, stop: self.stop.clone() }
    }

    /// Whether the time is up or the flag is raised.
    pub fn out(&self) -> bool {
        self.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

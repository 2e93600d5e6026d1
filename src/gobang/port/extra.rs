//! The hook for an extra with a state of its own (the undo-lab tutorial's
//! game): `main` takes it, owns it, and gives it a turn in two marked
//! lines. Apart from [`hooks`](crate::gobang::port::hooks) because it sees
//! `State`, which holds the hooks.

use crate::error::Stop;
use crate::gobang::port::drawing::Display;
use crate::gobang::port::status::State;
use crate::io::{Event, Frontend};

/// An extra with a state of its own (the undo-lab game), which `main`
/// makes and owns, and which acts on the game between the twins' steps.
pub trait Extra {
    /// Once a frame, after the events.
    fn frame(
        &mut self,
        state: &mut State,
        display: &mut Display,
        io: &mut dyn Frontend,
    ) -> Result<(), Stop>;

    /// For each event before `checkEvents` handles it; `true` keeps it
    /// from the twin.
    fn on_event(
        &mut self,
        event: &Event,
        state: &mut State,
        display: &mut Display,
        io: &mut dyn Frontend,
    ) -> Result<bool, Stop>;

    /// When the events stop the game (the window closed, the script
    /// ended, even while the AI thinks): a last look at the game.
    fn stopped(&mut self, _state: &State) {}
}

/// Several extras: each has its turn in order; the first that takes an
/// event keeps it from the rest and from the twin.
impl Extra for Vec<Box<dyn Extra>> {
    fn frame(
        &mut self,
        state: &mut State,
        display: &mut Display,
        io: &mut dyn Frontend,
    ) -> Result<(), Stop> {
        self.iter_mut().try_for_each(|extra| extra.frame(state, display, io))
    }

    fn on_event(
        &mut self,
        event: &Event,
        state: &mut State,
        display: &mut Display,
        io: &mut dyn Frontend,
    ) -> Result<bool, Stop> {
        for extra in self.iter_mut() {
            if extra.on_event(event, state, display, io)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn stopped(&mut self, state: &State) {
        self.iter_mut().for_each(|extra| extra.stopped(state));
    }
}

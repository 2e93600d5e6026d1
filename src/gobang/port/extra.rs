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
}

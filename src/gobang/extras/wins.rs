//! `--show-wins`: when a move starts a forced win, the board shows it.
//!
//! After each move, the threat search is asked whether the player who just
//! moved has a forced win (VCF: victory by continuous fours; VCT: by
//! threes and fours) that begins with that very move. If so, the rest of
//! the winning line is marked on the board, numbered in the order of play
//! (the attacker's moves and the defender's forced answers), and a line
//! above the board says who wins and how. The marks go at the next click or
//! key, before the game draws anything, so the game's own drawing is never
//! changed.
//!
//! The search itself is the strong engine's ([`crate::gobang::engine`]);
//! this extra receives it as a function, because the engine is built on
//! the extras (its rules) and not the other way round.

use std::sync::Arc;

use crate::error::Stop;
use crate::gobang::port::drawing::{Display, Site};
use crate::gobang::port::extra::Extra;
use crate::gobang::port::robot::{Maps, Stone};
use crate::gobang::port::setup::{L_BORDER, SPACE, T_BORDER};
use crate::gobang::port::status::State;
use crate::io::draw;
use crate::io::pixels::{Display as Screen, Rgb};
use crate::io::{think, Event, Frontend};

/// A forced win the threat search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvenLine {
    /// `"VCF"` or `"VCT"`.
    pub kind: &'static str,
    /// The points `(row, col)` in the order of play, the attacker's first:
    /// its moves and the defender's answers, alternating.
    pub line: Vec<(i32, i32)>,
}

/// Finds a forced win for `stone`, to move on `maps`, if there is one.
pub type Prove = Arc<dyn Fn(&Maps, Stone) -> Option<ProvenLine> + Send + Sync>;

/// The marks' colours: the attacker's numbers, the defender's.
const ATTACKER: Rgb = Rgb(200, 20, 20);
const DEFENDER: Rgb = Rgb(20, 40, 200);
/// The disc under a number.
const PALE: Rgb = Rgb(236, 236, 228);
/// The message above the board.
const MESSAGE: Rgb = Rgb(240, 252, 255);

/// The extra: it watches the moves, and keeps the screen as it was under
/// its marks while they show.
pub struct ShowWins {
    prove: Prove,
    /// How many moves it has looked at.
    seen: usize,
    /// The screen before the marks, while they show, with the number of
    /// moves it was drawn for.
    under: Option<(Screen, usize)>,
}

impl ShowWins {
    /// The extra, asking `prove` after each move.
    pub fn new(prove: Prove) -> ShowWins {
        ShowWins { prove, seen: 0, under: None }
    }
}

impl Extra for ShowWins {
    fn frame(
        &mut self,
        state: &mut State,
        display: &mut Display,
        io: &mut dyn Frontend,
    ) -> Result<(), Stop> {
        let moves = state.step_list.len();
        if moves == self.seen {
            return Ok(());
        }
        self.seen = moves;
        // The board changed under the marks (an undo, a restart): whatever
        // redrew it drew over them, or will.
        self.under = None;
        let Some(&(_, turn, played)) = state.step_list.last() else {
            return Ok(());
        };
        if !state.starting {
            return Ok(()); // The game is over: its result says it all.
        }
        let stone = if turn == 1 { Stone::Black } else { Stone::White };
        let mut before = state.maps;
        before[played.0 as usize][played.1 as usize] = None;
        let prove = Arc::clone(&self.prove);
        let proven = think(io, move || prove(&before, stone))?;
        let Some(proven) = proven.filter(|p| p.line.first() == Some(&played)) else {
            return Ok(());
        };
        self.under = Some((display.screen.clone(), moves));
        mark(display, stone, &proven);
        Ok(())
    }

    fn on_event(
        &mut self,
        event: &Event,
        state: &mut State,
        display: &mut Display,
        _: &mut dyn Frontend,
    ) -> Result<bool, Stop> {
        let acts = matches!(event, Event::MouseButtonDown { .. } | Event::KeyDown { .. });
        if acts {
            if let Some((screen, moves)) = self.under.take() {
                if moves == state.step_list.len() {
                    display.screen = screen;
                }
            }
        }
        Ok(false) // The game sees every event.
    }
}

/// Draws `proven` for `stone`: each point of the line after the first (the
/// move just played) numbered from 2, in the attacker's or the defender's
/// colour, and the message above the board.
pub fn mark(display: &mut Display, stone: Stone, proven: &ProvenLine) {
    for (n, &(row, col)) in proven.line.iter().enumerate().skip(1) {
        let centre = (L_BORDER + col * SPACE, T_BORDER + row * SPACE);
        let colour = if n % 2 == 0 { ATTACKER } else { DEFENDER };
        // A ring in the player's colour around a pale disc, the number inside.
        draw::circle(&mut display.screen, colour, centre, 10);
        draw::circle(&mut display.screen, PALE, centre, 8);
        display.draw_text(&(n + 1).to_string(), "", 11, colour, centre, Site::Center);
    }
    let who = if stone == Stone::Black { "Black" } else { "White" };
    let moves = proven.line.len().div_ceil(2);
    let message = format!(
        "{who} wins by force ({}, {moves} moves): 1 was just played, then follow the numbers",
        proven.kind
    );
    display.draw_text(&message, "", 12, MESSAGE, (L_BORDER - 30, 6), Site::TopLeft);
}

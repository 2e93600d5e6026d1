//! Twins of `main.py`: the main loop and `checkEvents`, in the Python's order.

use std::convert::Infallible;

use crate::error::{Error, Stop};
use crate::gobang::port::drawing::{Display, Images};
use crate::gobang::port::extra::Extra;
use crate::gobang::port::hooks::{Hooks, HOT_SEAT_PLAYERS};
use crate::gobang::port::status::State;
use crate::io::{Event, Frontend, Key, Typesetter};

/// Python: main()
///
/// The Python's `main` makes its `State` and `Display`; their images and
/// text come in here, loaded where the window is made, with the extras'
/// hooks (`Hooks::default()` for the Python's game) and an extra with a
/// state of its own, if any (`None` for the Python's game). Like the Python,
/// it never ends normally: the player quits (`Err(Stop::Quit)`), or a
/// script ends.
pub fn main(
    io: &mut dyn Frontend,
    images: Images,
    text: Box<dyn Typesetter>,
    hooks: Hooks,
    mut extra: Option<Box<dyn Extra>>,
) -> Result<Infallible, Stop> {
    let mut state = State::new();
    state.hooks = hooks; // Not in the Python: the extras' hooks.
    let mut display = Display::new(State::define_screen(), images, text);
    display.players = hooks.hot_seat.then_some(HOT_SEAT_PLAYERS); // Not in the Python: the hot seat's names.
    display.draw_chess_board();
    display.draw_right_side();
    loop {
        let events = check_events(&mut state, &mut display, io, &mut extra);
        if let (Err(_), Some(extra)) = (&events, &mut extra) {
            extra.stopped(&state); // Not in the Python: an extra's last look at the game.
        }
        events?;
        if let Some(extra) = &mut extra {
            extra.frame(&mut state, &mut display, io)?; // Not in the Python: an extra's turn.
        }
        io.tick()?;
        io.display_update(&display.screen)?;
    }
}

/// Python: checkEvents(state, display)
///
/// `extra` is the extra `main` owns, if any (`None` for the Python's game).
pub fn check_events(
    state: &mut State,
    display: &mut Display,
    io: &mut dyn Frontend,
    extra: &mut Option<Box<dyn Extra>>,
) -> Result<(), Stop> {
    for event in io.get_events()? {
        if event == Event::Quit {
            return Err(Stop::Quit);
        }
        if let Some(extra) = extra {
            if extra.on_event(&event, state, display, io)? {
                continue; // Not in the Python: an extra took the event.
            }
        }
        if let Event::KeyDown { key: Key::F1, .. } = event {
            state.re_start();
            display.draw_chess_board();
            display.draw_right_side();
        }
        if let Event::MouseButtonDown { button, .. } = event {
            if button == 1 && state.start_game() {
                let human_piece = state.human_piece(io);
                if let Some(human_piece) = human_piece {
                    display.draw_main(
                        human_piece.pos,
                        human_piece.turn,
                        human_piece.result_text,
                        human_piece.starting,
                        &human_piece.step_list,
                    );
                    if !human_piece.starting {
                        return Ok(());
                    }
                    if state.hooks.hot_seat {
                        continue; // Not in the Python: the hot seat, a person plays white.
                    }
                    io.display_update(&display.screen)?;
                    let ai_piece = state.ai_piece(io)?.ok_or_else(|| {
                        Error::Internal("the AI chose a point that is taken".into())
                    })?;
                    display.draw_main(
                        ai_piece.pos,
                        ai_piece.turn,
                        ai_piece.result_text,
                        ai_piece.starting,
                        &ai_piece.step_list,
                    );
                    io.display_update(&display.screen)?;
                }
            }
        }
    }
    Ok(())
}

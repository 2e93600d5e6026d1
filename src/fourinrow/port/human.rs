//! The human's turn: `getHumanMove`, dragging a red token from the pile
//! onto the board.

use crate::error::Stop;
use crate::fourinrow::port::animate::animate_dropping_token;
use crate::fourinrow::port::board::{get_lowest_empty_space, is_valid_move, Board, Tile};
use crate::fourinrow::port::draw::{draw_board, ExtraToken};
use crate::fourinrow::port::globals::Game;
use crate::fourinrow::port::hooks::HumanMove;
use crate::fourinrow::port::settings::{SPACESIZE, WINDOWWIDTH};
use crate::io::Event;

/// Python: getHumanMove(board, isFirstMove)
///
/// Lets the human drag a red token from its pile and drop it above a
/// column; returns the column once the token has fallen into `board`
/// (or, with the extras, what the player asked for instead). While
/// `is_first_move`, the help arrow points at the pile.
///
/// Rule for rule as the Python: a press of any button on the red pile
/// starts a drag; the token follows the mouse; a release while the token is
/// above the board, between the margins, over a column with room drops it;
/// any other release puts it back. Closing the window quits. The events
/// after a drop, in the same batch, are dropped too. `tokenx, tokeny =
/// None, None` becomes one `Option` of a pair.
pub fn get_human_move(
    g: &mut Game,
    board: &mut Board,
    is_first_move: bool,
) -> Result<HumanMove, Stop> {
    let mut dragging_token = false;
    let mut token: Option<(i32, i32)> = None;
    loop {
        for event in g.io.get_events()? {
            match event {
                Event::Quit => return Err(Stop::Quit),
                Event::MouseButtonDown { pos, .. }
                    if !dragging_token && g.layout.red_pile_rect.collidepoint(pos) =>
                {
                    // A press on the red pile picks up a token.
                    dragging_token = true;
                    token = Some(pos);
                }
                Event::MouseMotion { pos } if dragging_token => token = Some(pos),
                Event::MouseButtonUp { .. } if dragging_token => {
                    // Let go: drop the token if it is above a column with room.
                    if let Some((tokenx, tokeny)) = token {
                        let (xmargin, ymargin) = (g.layout.xmargin, g.layout.ymargin);
                        if tokeny < ymargin && tokenx > xmargin && tokenx < WINDOWWIDTH - xmargin {
                            let column = ((tokenx - xmargin) / SPACESIZE) as usize;
                            if is_valid_move(board, column) {
                                animate_dropping_token(g, board, column, Tile::Red)?;
                                if let Some(lowest) = get_lowest_empty_space(board, column) {
                                    board[column][lowest] = Some(Tile::Red);
                                }
                                draw_board(g, board, None);
                                g.io.display_update(&g.display)?;
                                return Ok(HumanMove::Dropped(column));
                            }
                        }
                    }
                    token = None;
                    dragging_token = false;
                }
                // Not in the Python: a key of the extras' may end the turn with a command.
                other => {
                    if let Some(command) = g.hooks.event(other, board, g.io)? {
                        return Ok(HumanMove::Asked(command));
                    }
                }
            }
        }

        if let Some((tokenx, tokeny)) = token {
            // The token is drawn centred on the mouse. (Saturating: a replay
            // script may hold any i32 position, where Python's ints never overflow.)
            let (x, y) =
                (tokenx.saturating_sub(SPACESIZE / 2), tokeny.saturating_sub(SPACESIZE / 2));
            draw_board(g, board, Some(ExtraToken { x, y, color: Tile::Red }));
        } else {
            draw_board(g, board, None);
        }

        if is_first_move {
            // The help arrow, for the human's first move.
            g.display.blit(&g.images.arrow, g.layout.arrow_rect.topleft());
        }

        g.io.display_update(&g.display)?;
        g.io.tick()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::port::board::get_new_board;
    use crate::fourinrow::port::hooks::{Command, NoHooks};
    use crate::fourinrow::port::settings::Settings;
    use crate::fourinrow::port::testkit::{board, game, replay, RED};

    /// The board after `get_human_move` with the script's events on
    /// `start`, and how the turn ended.
    fn human_move(events: &str, start: &Board) -> (Board, Result<HumanMove, Stop>, u64) {
        let mut io = replay(&format!(r#"{{"frames": 150, "events": [{events}]}}"#), &[]);
        let mut g = game(Settings::default(), &mut io, NoHooks);
        let mut b = start.clone();
        let ended = get_human_move(&mut g, &mut b, false);
        (b, ended, io.frames_presented())
    }

    #[test]
    fn a_drag_from_the_pile_above_a_column_drops_a_red_token_there() {
        let empty = get_new_board(7, 6);
        let (b, ended, _) =
            human_move(r#"[0, "down", 50, 430], [1, "motion", 330, 60], [2, "up", 0, 0]"#, &empty);
        assert!(matches!(ended, Ok(HumanMove::Dropped(3))));
        // Column int((330 - 145) / 50) = 3; where the release is does not matter.
        assert_eq!(format!("{b:?}"), "......./......./......./......./......./...R...");
    }

    #[test]
    fn only_above_the_board_and_strictly_between_the_margins_counts() {
        let empty = get_new_board(7, 6);
        // The first release puts the token back (on the left margin, x = 145, or
        // level with the board's top, y = 90); only then does the next drag count.
        for (miss, x) in [("145, 50", 494), ("320, 90", 146), ("495, 10", 200)] {
            let events = format!(
                r#"[0, "down", 50, 430], [1, "motion", {miss}], [2, "up", 1, 1],
                   [3, "down", 25, 405], [4, "motion", {x}, -40], [5, "up", 1, 1]"#
            );
            let (b, ended, _) = human_move(&events, &empty);
            let column = ((x - 145) / 50) as usize;
            assert!(matches!(ended, Ok(HumanMove::Dropped(c)) if c == column), "{miss}");
            assert_eq!(b.token_count(), 1, "{miss}");
            assert_eq!(b[column][5], Some(Tile::Red), "{miss}: above the window still counts");
        }
    }

    #[test]
    fn presses_off_the_pile_full_columns_and_a_close_are_handled_as_in_the_python() {
        let full0 = board("R....../B....../R....../B....../R....../B......");
        let events = r#"[0, "down", 76, 430], [1, "motion", 170, 50], [2, "up", 170, 50],
                        [3, "down", 74, 454], [4, "motion", 170, 50], [5, "up", 170, 50],
                        [9, "quit"]"#;
        let (b, ended, frames) = human_move(events, &full0);
        // A press just right of the pile picks nothing up; a drop on the full
        // column 0 puts the token back; the close quits.
        assert!(matches!(ended, Err(Stop::Quit)));
        assert_eq!(b, full0);
        assert!(frames >= 9);
    }

    #[test]
    fn events_after_a_drop_in_the_same_batch_are_dropped_too() {
        let empty = get_new_board(7, 6);
        // The close comes in the same poll as the drop: getHumanMove returns first.
        let events =
            r#"[0, "down", 50, 430], [1, "motion", 330, 60], [2, "up", 0, 0], [2, "quit"]"#;
        let mut io = replay(&format!(r#"{{"frames": 150, "events": [{events}]}}"#), &[]);
        let mut g = game(Settings::default(), &mut io, NoHooks);
        let mut b = empty.clone();
        assert!(get_human_move(&mut g, &mut b, false).is_ok());
        assert!(g.io.get_events().unwrap().is_empty(), "the quit went with the batch");
    }

    /// Hooks that ask for a restart on any key.
    struct RestartOnKeys;

    impl crate::fourinrow::port::hooks::Hooks for RestartOnKeys {
        fn event(
            &mut self,
            event: Event,
            _: &Board,
            _: &mut dyn crate::io::Frontend,
        ) -> Result<Option<Command>, Stop> {
            Ok(matches!(event, Event::KeyDown { .. }).then_some(Command::Restart))
        }
    }

    #[test]
    fn a_command_from_the_hooks_ends_the_turn_with_the_board_untouched() {
        let empty = get_new_board(7, 6);
        // A drag is under way when the key comes; the release after it is never read.
        let events =
            r#"[0, "down", 50, 430], [1, "motion", 330, 60], [2, "key", "r"], [3, "up", 0, 0]"#;
        let mut io = replay(&format!(r#"{{"frames": 150, "events": [{events}]}}"#), &[]);
        let mut g = game(Settings::default(), &mut io, RestartOnKeys);
        let mut b = empty.clone();
        let ended = get_human_move(&mut g, &mut b, false);
        assert!(matches!(ended, Ok(HumanMove::Asked(Command::Restart))), "{ended:?}");
        assert_eq!(b, empty);
        assert_eq!(io.frames_presented(), 2, "it ends in the frame of the key");
    }

    #[test]
    fn the_dragged_token_is_drawn_centred_on_the_mouse() {
        // Held above the board's right side, at (560, 60): the token's 50x50
        // square is (535, 35) to (584, 84), clear of the board.
        let events = r#"[0, "down", 50, 430], [1, "motion", 560, 60]"#;
        let mut io = replay(&format!(r#"{{"frames": 3, "events": [{events}]}}"#), &[1]);
        let mut g = game(Settings::default(), &mut io, NoHooks);
        let ended = get_human_move(&mut g, &mut get_new_board(7, 6), false);
        assert!(matches!(ended, Err(Stop::ScriptEnded)));
        let frame = &io.sink.kept[&1];
        let at = |x: usize, y: usize| &frame[(y * 640 + x) * 3..][..3];
        for (x, y) in [(535, 35), (584, 35), (535, 84), (584, 84)] {
            assert_eq!(at(x, y), RED, "({x}, {y}) is the token's");
        }
        for (x, y) in [(534, 35), (585, 84), (560, 34), (560, 85)] {
            assert_eq!(at(x, y), [0, 50, 255], "({x}, {y}) is the background");
        }
    }

    /// Hooks that keep every event the twin hands them.
    #[derive(Default)]
    struct Heard(Vec<Event>);

    impl crate::fourinrow::port::hooks::Hooks for Heard {
        fn event(
            &mut self,
            event: Event,
            _: &Board,
            _: &mut dyn crate::io::Frontend,
        ) -> Result<Option<Command>, Stop> {
            self.0.push(event);
            Ok(None)
        }
    }

    #[test]
    fn only_the_events_a_drag_uses_are_kept_from_the_hooks() {
        // A motion and a release with no drag, a press off the pile: the
        // Python ignores them, so the hooks hear them. Then a drag: its press,
        // its motions and the drop are the twin's; a second press on the pile
        // while dragging starts nothing, and goes to the hooks.
        let events = r#"[0, "motion", 300, 300], [1, "up", 300, 300], [2, "down", 76, 430],
                        [3, "up", 76, 430], [4, "down", 50, 430], [5, "motion", 330, 60],
                        [6, "down", 50, 430], [7, "motion", 380, 60], [8, "up", 0, 0]"#;
        let mut io = replay(&format!(r#"{{"frames": 200, "events": [{events}]}}"#), &[]);
        let mut g = game(Settings::default(), &mut io, Heard::default());
        let mut b = get_new_board(7, 6);
        let ended = get_human_move(&mut g, &mut b, false);
        // The second press while dragging did not restart the drag from the pile.
        assert!(matches!(ended, Ok(HumanMove::Dropped(4))), "{ended:?}");
        assert_eq!(
            g.hooks.0,
            [
                Event::MouseMotion { pos: (300, 300) },
                Event::MouseButtonUp { pos: (300, 300), button: 1 },
                Event::MouseButtonDown { pos: (76, 430), button: 1 },
                Event::MouseButtonUp { pos: (76, 430), button: 1 },
                Event::MouseButtonDown { pos: (50, 430), button: 1 },
            ]
        );
    }
}

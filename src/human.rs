//! The human's turn: dragging a red token from the pile onto the board.

use crate::animate::animate_dropping_token;
use crate::board::{get_lowest_empty_space, is_valid_move, Board, Tile};
use crate::draw::{blit, draw_board, ExtraToken, Screen};
use crate::error::Stop;
use crate::frontend::{Command, Event, Frontend};
use crate::settings::{Layout, SPACESIZE, WINDOWWIDTH};

/// How the human's turn ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HumanMove {
    /// A token fell into this column (the only ending in the Python).
    Dropped(usize),
    /// Not in the Python: a key asked for an extra (restart, undo, redo, hint).
    Command(Command),
}

/// Lets the human drag a `tile` token (red, unless a second person plays
/// black in `--two-player`) from its pile and drop it above a column;
/// returns once a token has fallen into `board`. While `is_first_move`, the
/// help arrow points at the red pile.
///
/// Python: `getHumanMove(board, isFirstMove)`, rule for rule: a press of any
/// button on the red pile starts a drag; the token follows the mouse; a
/// release while the token is above the board, between the margins, over a
/// column with room drops it; any other release puts it back. Closing the
/// window quits. Events after a drop, in the same batch, are dropped too.
/// The keys of the extras, which the original ignores, end the turn with a
/// [`HumanMove::Command`] and leave the board as it was.
pub fn get_human_move(
    screen: &mut Screen,
    io: &mut dyn Frontend,
    board: &mut Board,
    is_first_move: bool,
    tile: Tile,
) -> Result<HumanMove, Stop> {
    let pile_rect = match tile {
        Tile::Red => screen.layout.red_pile_rect,
        Tile::Black => screen.layout.black_pile_rect,
    };
    let mut dragging_token = false;
    // Python: tokenx, tokeny = None, None
    let mut token: Option<(i32, i32)> = None;
    loop {
        for event in io.get_events()? {
            match event {
                Event::Quit => return Err(Stop::Quit),
                Event::MouseButtonDown { x, y, .. }
                    if !dragging_token && pile_rect.collidepoint((x, y)) =>
                {
                    // start of dragging on red token pile.
                    dragging_token = true;
                    token = Some((x, y));
                }
                Event::MouseMotion { x, y } if dragging_token => {
                    // update the position of the red token being dragged
                    token = Some((x, y));
                }
                Event::MouseButtonUp { .. } if dragging_token => {
                    // let go of the token being dragged
                    if let Some(column) = token.and_then(|t| column_under(&screen.layout, t)) {
                        if is_valid_move(board, column) {
                            animate_dropping_token(screen, io, board, column, tile)?;
                            if let Some(lowest) = get_lowest_empty_space(board, column) {
                                board[column][lowest] = Some(tile);
                            }
                            draw_board(screen, board, None);
                            io.display_update(&screen.display)?;
                            return Ok(HumanMove::Dropped(column));
                        }
                    }
                    token = None;
                    dragging_token = false;
                }
                Event::KeyDown { key, ctrl, shift } => {
                    // Not in the Python: the extras' keys.
                    if let Some(command) = Command::for_key(key, ctrl, shift) {
                        return Ok(HumanMove::Command(command));
                    }
                }
                _ => {}
            }
        }

        match token {
            Some((tokenx, tokeny)) => {
                // Saturating: a replay script may hold any i32 position (the
                // Python's ints never overflow; such a token is off-screen either way).
                let extra = ExtraToken {
                    x: tokenx.saturating_sub(SPACESIZE / 2),
                    y: tokeny.saturating_sub(SPACESIZE / 2),
                    color: tile,
                };
                draw_board(screen, board, Some(extra));
            }
            None => draw_board(screen, board, None),
        }

        if is_first_move {
            // Show the help arrow for the player's first move.
            let arrow = screen.layout.arrow_rect;
            blit(&mut screen.display, &screen.images.arrow, arrow.x, arrow.y);
        }

        io.display_update(&screen.display)?;
        io.tick()?;
    }
}

/// The column a token held at (`tokenx`, `tokeny`) would drop into: above
/// the board (`tokeny < YMARGIN`) and strictly between the margins.
/// Python: the test and the `int((tokenx - XMARGIN) / SPACESIZE)` in `getHumanMove`.
pub fn column_under(layout: &Layout, (tokenx, tokeny): (i32, i32)) -> Option<usize> {
    if tokeny < layout.ymargin && tokenx > layout.xmargin && tokenx < WINDOWWIDTH - layout.xmargin {
        Some(((tokenx - layout.xmargin) / SPACESIZE) as usize)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;

    #[test]
    fn drops_count_only_above_the_board_between_the_margins() {
        let layout = Layout::new(&Settings::default(), (281, 163), (250, 100));
        assert_eq!(column_under(&layout, (146, 89)), Some(0));
        assert_eq!(column_under(&layout, (145, 50)), None, "on the left margin");
        assert_eq!(column_under(&layout, (494, 50)), Some(6));
        assert_eq!(
            column_under(&layout, (495, 50)),
            None,
            "on the right margin"
        );
        assert_eq!(
            column_under(&layout, (320, 90)),
            None,
            "level with the board's top"
        );
        assert_eq!(
            column_under(&layout, (320, -40)),
            Some(3),
            "above the window still counts"
        );
        assert_eq!(column_under(&layout, (195, 0)), Some(1));
    }
}

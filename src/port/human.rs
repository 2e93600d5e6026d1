//! The human's turn: `getHumanMove`, dragging a red token from the pile
//! onto the board.

use crate::error::Stop;
use crate::io::Event;
use crate::port::animate::animate_dropping_token;
use crate::port::board::{get_lowest_empty_space, is_valid_move, Board, Tile};
use crate::port::draw::{draw_board, ExtraToken};
use crate::port::globals::Game;
use crate::port::settings::{SPACESIZE, WINDOWWIDTH};

/// Python: getHumanMove(board, isFirstMove)
///
/// Lets the human drag a red token from its pile and drop it above a
/// column; returns once the token has fallen into `board`. While
/// `is_first_move`, the help arrow points at the pile.
///
/// Rule for rule as the Python: a press of any button on the red pile
/// starts a drag; the token follows the mouse; a release while the token is
/// above the board, between the margins, over a column with room drops it;
/// any other release puts it back. Closing the window quits. The events
/// after a drop, in the same batch, are dropped too. `tokenx, tokeny =
/// None, None` becomes one `Option` of a pair.
pub fn get_human_move(g: &mut Game, board: &mut Board, is_first_move: bool) -> Result<(), Stop> {
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
                                return Ok(());
                            }
                        }
                    }
                    token = None;
                    dragging_token = false;
                }
                other => g.hooks.event(other, board)?, // Not in the Python: the extras' keys
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

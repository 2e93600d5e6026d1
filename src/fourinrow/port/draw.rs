//! Drawing: `drawBoard`.

use crate::fourinrow::port::board::{Board, Tile};
use crate::fourinrow::port::globals::Game;
use crate::fourinrow::port::settings::{Rect, SPACESIZE};

/// A token drawn off the board: dragged, moving to its column, or falling;
/// the Python's `extraToken` dictionary `{'x': x, 'y': y, 'color': color}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtraToken {
    /// Left edge, window coordinates.
    pub x: i32,
    /// Top edge, window coordinates.
    pub y: i32,
    /// Which token image.
    pub color: Tile,
}

/// Python: drawBoard(board, extraToken=None)
///
/// Draws the background, the tokens on the board, the extra token if any,
/// the board's cells over them, and the two piles, step for step as the
/// Python does: the tokens go under the board image, whose round holes let
/// them show through. `extraToken=None` becomes an `Option`.
pub fn draw_board(g: &mut Game, board: &Board, extra_token: Option<ExtraToken>) {
    g.display.fill(g.settings.bg_color);

    // draw tokens
    let mut space_rect = Rect::new(0, 0, SPACESIZE, SPACESIZE);
    for x in 0..board.width() {
        for y in 0..board.height() {
            space_rect.set_topleft(space_topleft(g, x, y));
            if board[x][y] == Some(Tile::Red) {
                g.display.blit(&g.images.red_token, space_rect.topleft());
            } else if board[x][y] == Some(Tile::Black) {
                g.display.blit(&g.images.black_token, space_rect.topleft());
            }
        }
    }

    // draw the extra token
    if let Some(extra_token) = extra_token {
        if extra_token.color == Tile::Red {
            g.display.blit(&g.images.red_token, (extra_token.x, extra_token.y));
        } else if extra_token.color == Tile::Black {
            g.display.blit(&g.images.black_token, (extra_token.x, extra_token.y));
        }
    }

    // draw board over the tokens
    for x in 0..board.width() {
        for y in 0..board.height() {
            space_rect.set_topleft(space_topleft(g, x, y));
            g.display.blit(&g.images.board, space_rect.topleft());
        }
    }

    // draw the red and black tokens off to the side
    g.display.blit(&g.images.red_token, g.layout.red_pile_rect.topleft());
    g.display.blit(&g.images.black_token, g.layout.black_pile_rect.topleft());
    g.hooks.draw_overlay(&mut g.display, &g.layout); // Not in the Python: the extras' overlay
}

/// Where cell (x, y) of the board is drawn:
/// `(XMARGIN + (x * SPACESIZE), YMARGIN + (y * SPACESIZE))`.
fn space_topleft(g: &Game, x: usize, y: usize) -> (i32, i32) {
    (g.layout.xmargin + x as i32 * SPACESIZE, g.layout.ymargin + y as i32 * SPACESIZE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::port::board::{get_new_board, make_move};
    use crate::fourinrow::port::hooks::NoHooks;
    use crate::fourinrow::port::settings::Settings;
    use crate::fourinrow::port::testkit::{game, replay, BLACK, FRAME, RED};

    /// The display's pixel at (x, y) as an array.
    fn at(g: &Game, x: usize, y: usize) -> [u8; 3] {
        let (r, gr, b) = g.display.pixel(x, y);
        [r, gr, b]
    }

    #[test]
    fn background_board_and_piles_are_where_the_python_puts_them() {
        let mut io = replay(r#"{"frames": 1}"#, &[]);
        let mut hooks = NoHooks;
        let mut g = game(Settings::default(), &mut io, &mut hooks);
        draw_board(&mut g, &get_new_board(7, 6), None);
        assert_eq!(at(&g, 5, 5), [0, 50, 255], "BGCOLOR");
        assert_eq!(at(&g, 639, 479), [0, 50, 255]);
        // XMARGIN 145, YMARGIN 90: a cell's frame, then its hole.
        assert_eq!(at(&g, 145, 90), FRAME);
        assert_eq!(at(&g, 145 + 25, 90 + 25), [0, 50, 255], "an empty hole");
        assert_eq!(at(&g, 144, 90), [0, 50, 255], "left of the board");
        assert_eq!(at(&g, 145 + 7 * 50 - 1, 90 + 6 * 50 - 1), FRAME);
        assert_eq!(at(&g, 145 + 7 * 50, 100), [0, 50, 255], "right of the board");
        // REDPILERECT (25, 405, 50, 50) and BLACKPILERECT (565, 405, 50, 50).
        assert_eq!(at(&g, 25, 405), RED);
        assert_eq!(at(&g, 74, 454), RED);
        assert_eq!(at(&g, 565, 405), BLACK);
        assert_eq!(at(&g, 75, 430), [0, 50, 255]);
    }

    #[test]
    fn tokens_show_through_the_holes_and_the_extra_token_goes_under_the_board() {
        let mut io = replay(r#"{"frames": 1}"#, &[]);
        let mut hooks = NoHooks;
        let mut g = game(Settings::default(), &mut io, &mut hooks);
        let mut board = get_new_board(7, 6);
        make_move(&mut board, Tile::Red, 0);
        make_move(&mut board, Tile::Black, 6);
        let extra = ExtraToken { x: 150, y: 100, color: Tile::Black };
        draw_board(&mut g, &board, Some(extra));
        let bottom = 90 + 5 * 50 + 25;
        assert_eq!(at(&g, 145 + 25, bottom), RED, "red in column 0");
        assert_eq!(at(&g, 145 + 6 * 50 + 25, bottom), BLACK, "black in column 6");
        assert_eq!(at(&g, 145 + 3 * 50 + 25, bottom), [0, 50, 255], "column 3 is empty");
        // The extra token shows in a hole, but the board's frame is drawn over it.
        assert_eq!(at(&g, 170, 120), BLACK);
        assert_eq!(at(&g, 196, 120), FRAME, "the frame between cells 0 and 1");
    }

    #[test]
    fn a_token_off_the_window_is_clipped_or_draws_nothing() {
        let mut io = replay(r#"{"frames": 1}"#, &[]);
        let mut hooks = NoHooks;
        let mut g = game(Settings::default(), &mut io, &mut hooks);
        let board = get_new_board(7, 6);
        draw_board(&mut g, &board, None);
        let plain = g.display.clone();
        draw_board(&mut g, &board, Some(ExtraToken { x: -25, y: -25, color: Tile::Red }));
        assert_eq!(at(&g, 10, 10), RED, "the clipped corner");
        draw_board(&mut g, &board, Some(ExtraToken { x: i32::MAX, y: 2000, color: Tile::Red }));
        assert_eq!(g.display, plain, "a token off screen draws nothing");
    }
}

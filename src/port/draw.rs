//! Drawing: `drawBoard`.

use crate::port::board::{Board, Tile};
use crate::port::globals::Game;
use crate::port::settings::{Rect, SPACESIZE};

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

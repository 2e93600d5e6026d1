//! The two animations: the computer's token travelling from its pile to
//! above its column, and a token dropping into its column.
//!
//! Both keep the Python's arithmetic: the speed starts at `1.0`, grows by
//! `0.5` each frame, and moves the token by `int(speed)` pixels.

use crate::error::Stop;
use crate::port::board::{get_lowest_empty_space, Board, Tile};
use crate::port::draw::{draw_board, ExtraToken};
use crate::port::globals::Game;
use crate::port::settings::SPACESIZE;

/// Python: animateComputerMoving(board, column)
///
/// Shows the computer's token moving from the black pile up to one cell
/// above the board, then left to above `column`, then falling in. The board
/// itself is not changed.
pub fn animate_computer_moving(g: &mut Game, board: &Board, column: usize) -> Result<(), Stop> {
    let mut x = g.layout.black_pile_rect.left();
    let mut y = g.layout.black_pile_rect.top();
    let mut speed = 1.0;
    // Up, faster and faster, until the token is level with the row above the board.
    while y > g.layout.ymargin - SPACESIZE {
        // Python's int() truncates toward zero; so does `as i32`.
        y -= speed as i32;
        speed += 0.5;
        draw_board(g, board, Some(ExtraToken { x, y, color: Tile::Black }));
        g.io.display_update(&g.display)?;
        g.io.tick()?;
    }
    // Then left, from a standstill, until it is above the column.
    y = g.layout.ymargin - SPACESIZE;
    speed = 1.0;
    while x > g.layout.xmargin + column as i32 * SPACESIZE {
        x -= speed as i32;
        speed += 0.5;
        draw_board(g, board, Some(ExtraToken { x, y, color: Tile::Black }));
        g.io.display_update(&g.display)?;
        g.io.tick()?;
    }
    animate_dropping_token(g, board, column, Tile::Black)
}

/// Python: animateDroppingToken(board, column, color)
///
/// Shows a token of `color` falling into `column` from one cell above the
/// board, stopping before the first position whose row
/// (`int((y - YMARGIN) / SPACESIZE)`) reaches the lowest empty space. The
/// board itself is not changed.
pub fn animate_dropping_token(
    g: &mut Game,
    board: &Board,
    column: usize,
    color: Tile,
) -> Result<(), Stop> {
    let x = g.layout.xmargin + column as i32 * SPACESIZE;
    let mut y = g.layout.ymargin - SPACESIZE;
    let mut drop_speed = 1.0;
    // The Python's -1 for a full column makes the loop stop at once; so does this.
    let Some(lowest_empty_space) = get_lowest_empty_space(board, column) else {
        return Ok(());
    };

    loop {
        y += drop_speed as i32;
        drop_speed += 0.5;
        // Integer division truncates toward zero, as the Python's int() does.
        if (y - g.layout.ymargin) / SPACESIZE >= lowest_empty_space as i32 {
            return Ok(());
        }
        draw_board(g, board, Some(ExtraToken { x, y, color }));
        g.io.display_update(&g.display)?;
        g.io.tick()?;
    }
}

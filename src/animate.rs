//! The two animations: a token dropping into its column, and the computer's
//! token travelling from its pile to above its column.
//!
//! The paths are pure functions of the layout (tested with no display), and
//! keep the Python's arithmetic: the speed starts at `1.0`, grows by `0.5`
//! each frame, and moves the token by `int(speed)` pixels.

use crate::board::{get_lowest_empty_space, Board, Tile};
use crate::draw::{draw_board, ExtraToken, Screen};
use crate::error::Stop;
use crate::frontend::Frontend;
use crate::settings::{Layout, SPACESIZE};

/// The top-left corners of a token falling into `column`, frame by frame,
/// until it reaches row `lowest_empty_space`.
///
/// Python: the `while True` loop of `animateDroppingToken`, which starts
/// one cell above the board and stops before drawing the position whose row
/// (`int((y - YMARGIN) / SPACESIZE)`) reaches the lowest empty space.
pub fn dropping_token_path(
    layout: &Layout,
    column: usize,
    lowest_empty_space: usize,
) -> Vec<(i32, i32)> {
    let x = layout.xmargin + column as i32 * SPACESIZE;
    let mut y = layout.ymargin - SPACESIZE;
    let mut drop_speed = 1.0_f64;
    let mut path = Vec::new();
    loop {
        // Python's int() truncates; so do `as i32` and integer division, toward zero.
        y += drop_speed as i32;
        drop_speed += 0.5;
        if (y - layout.ymargin) / SPACESIZE >= lowest_empty_space as i32 {
            return path;
        }
        path.push((x, y));
    }
}

/// The top-left corners of the computer's token on its way from the black
/// pile: up to one cell above the board, then left to above `column`.
///
/// Python: the two `while` loops of `animateComputerMoving`.
pub fn computer_moving_path(layout: &Layout, column: usize) -> Vec<(i32, i32)> {
    let mut x = layout.black_pile_rect.left();
    let mut y = layout.black_pile_rect.top();
    let mut speed = 1.0_f64;
    let mut path = Vec::new();
    // moving the black tile up
    while y > layout.ymargin - SPACESIZE {
        y -= speed as i32;
        speed += 0.5;
        path.push((x, y));
    }
    // moving the black tile over
    y = layout.ymargin - SPACESIZE;
    speed = 1.0;
    while x > layout.xmargin + column as i32 * SPACESIZE {
        x -= speed as i32;
        speed += 0.5;
        path.push((x, y));
    }
    path
}

/// Shows a token of `color` falling into `column`; the board itself is not
/// changed. Python: `animateDroppingToken(board, column, color)`.
pub fn animate_dropping_token(
    screen: &mut Screen,
    io: &mut dyn Frontend,
    board: &Board,
    column: usize,
    color: Tile,
) -> Result<(), Stop> {
    // Python's -1 for a full column makes the loop return at once; so does None here.
    let Some(lowest_empty_space) = get_lowest_empty_space(board, column) else {
        return Ok(());
    };
    for (x, y) in dropping_token_path(&screen.layout, column, lowest_empty_space) {
        draw_board(screen, board, Some(ExtraToken { x, y, color }));
        io.display_update(&screen.display)?;
        io.tick()?;
    }
    Ok(())
}

/// Shows the computer's token moving from its pile to above `column`, then
/// falling in. Python: `animateComputerMoving(board, column)`.
pub fn animate_computer_moving(
    screen: &mut Screen,
    io: &mut dyn Frontend,
    board: &Board,
    column: usize,
) -> Result<(), Stop> {
    for (x, y) in computer_moving_path(&screen.layout, column) {
        draw_board(
            screen,
            board,
            Some(ExtraToken {
                x,
                y,
                color: Tile::Black,
            }),
        );
        io.display_update(&screen.display)?;
        io.tick()?;
    }
    // dropping the black tile
    animate_dropping_token(screen, io, board, column, Tile::Black)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;

    fn layout(width: usize, height: usize) -> Layout {
        let s = Settings {
            board_width: width,
            board_height: height,
            ..Settings::default()
        };
        Layout::new(&s, (281, 163), (250, 100))
    }

    #[test]
    fn a_drop_accelerates_by_half_a_pixel_a_frame() {
        let path = dropping_token_path(&layout(7, 6), 3, 5);
        assert!(path.iter().all(|&(x, _)| x == 145 + 150));
        // y starts at YMARGIN - SPACESIZE = 40 and moves by int(1.0), int(1.5), int(2.0), ...
        let ys: Vec<i32> = path.iter().map(|&(_, y)| y).take(6).collect();
        assert_eq!(ys, vec![41, 42, 44, 46, 49, 52]);
        // It stops before the first position inside the lowest empty row (row 5 starts at y = 340).
        let last = path.last().unwrap().1;
        assert!((last - 90) / 50 < 5);
        let n = path.len() as f64;
        let next_speed = 1.0 + 0.5 * n;
        assert!(((last + next_speed as i32) - 90) / 50 >= 5);
    }

    #[test]
    fn a_drop_into_the_top_row_shows_no_frames() {
        // int((y - YMARGIN) / SPACESIZE) truncates toward zero, so every y above
        // the board counts as row 0: a token for the top row stops at once.
        assert!(dropping_token_path(&layout(7, 6), 0, 0).is_empty());
        // Each row deeper takes more frames, never fewer.
        let lengths: Vec<usize> = (0..6)
            .map(|row| dropping_token_path(&layout(7, 6), 0, row).len())
            .collect();
        assert!(lengths.windows(2).all(|w| w[0] <= w[1]), "{lengths:?}");
    }

    #[test]
    fn the_computer_token_goes_up_then_left() {
        let l = layout(7, 6);
        let path = computer_moving_path(&l, 2);
        let turn = path.iter().position(|&(x, _)| x != 565).unwrap();
        // Up: x stays at the pile, y falls from 405 past YMARGIN - SPACESIZE = 40.
        assert!(path[..turn].iter().all(|&(x, _)| x == 565));
        assert!(path[turn - 1].1 <= 40);
        // Over: y is pinned at 40, x falls until it is at or past column 2 (x = 245).
        assert!(path[turn..].iter().all(|&(_, y)| y == 40));
        assert!(path.last().unwrap().0 <= 245);
        assert!(path[path.len() - 2].0 > 245);
        // The first steps of each leg move by int(1.0), int(1.5), int(2.0).
        assert_eq!(&path[..3], &[(565, 404), (565, 403), (565, 401)]);
        assert_eq!(&path[turn..turn + 3], &[(564, 40), (563, 40), (561, 40)]);
    }

    #[test]
    fn paths_follow_the_board_size() {
        let small = layout(5, 5);
        let path = dropping_token_path(&small, 4, 4);
        assert!(path.iter().all(|&(x, _)| x == 195 + 200));
        assert_eq!(path[0].1, 115 - 50 + 1);
        assert!(computer_moving_path(&small, 4)
            .iter()
            .all(|&(x, _)| x >= 195 + 200 - 40));
    }
}

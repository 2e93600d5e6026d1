//! The two animations: the computer's token travelling from its pile to
//! above its column, and a token dropping into its column.
//!
//! Both keep the Python's arithmetic: the speed starts at `1.0`, grows by
//! `0.5` each frame, and moves the token by `int(speed)` pixels.

use crate::error::Stop;
use crate::fourinrow::port::board::{get_lowest_empty_space, Board, Tile};
use crate::fourinrow::port::draw::{draw_board, ExtraToken};
use crate::fourinrow::port::globals::Game;
use crate::fourinrow::port::settings::SPACESIZE;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::port::board::{get_new_board, make_move};
    use crate::fourinrow::port::hooks::Hooks;
    use crate::fourinrow::port::settings::{Layout, Settings};
    use crate::fourinrow::port::testkit::{game, image, replay};
    use crate::io::pixels::Display;

    /// Hooks that find the moving token in each frame: the top-left corner
    /// of what differs from the first frame drawn (the board with no token).
    #[derive(Default)]
    struct Track {
        baseline: Option<Display>,
        path: Vec<(i32, i32)>,
    }

    impl Hooks for Track {
        fn draw_overlay(&mut self, display: &mut Display, _layout: &Layout) {
            let Some(baseline) = &self.baseline else {
                self.baseline = Some(display.clone());
                return;
            };
            let (mut left, mut top) = (usize::MAX, usize::MAX);
            for y in 0..display.height() {
                for x in 0..display.width() {
                    if display.pixel(x, y) != baseline.pixel(x, y) {
                        (left, top) = (left.min(x), top.min(y));
                    }
                }
            }
            self.path.push((left as i32, top as i32));
        }
    }

    /// Where the token was in each frame of `animate`.
    fn path(animate: impl FnOnce(&mut Game, &Board)) -> (Vec<(i32, i32)>, u64) {
        path_in(|_| {}, animate)
    }

    /// Where the token was in each frame of `animate`, in a game changed by `setup`.
    fn path_in(
        setup: impl FnOnce(&mut Game),
        animate: impl FnOnce(&mut Game, &Board),
    ) -> (Vec<(i32, i32)>, u64) {
        let mut io = replay(r#"{"frames": 300}"#, &[]);
        let mut track = Track::default();
        let mut g = game(Settings::default(), &mut io, &mut track);
        setup(&mut g);
        // A board of holes only, so that the token shows whole wherever it is.
        g.images.board = image(50, 50, [0, 0, 0], |_, _| false);
        let board = get_new_board(7, 6);
        draw_board(&mut g, &board, None);
        animate(&mut g, &board);
        (track.path, io.frames_presented())
    }

    #[test]
    fn a_drop_accelerates_by_half_a_pixel_a_frame_and_stops_above_its_row() {
        let (path, frames) = path(|g, b| animate_dropping_token(g, b, 3, Tile::Black).unwrap());
        assert_eq!(frames, path.len() as u64, "one frame a step");
        assert!(path.iter().all(|&(x, _)| x == 145 + 150), "column 3's x");
        // y starts at YMARGIN - SPACESIZE = 40 and moves by int(1.0), int(1.5), int(2.0), ...
        let ys: Vec<i32> = path.iter().map(|&(_, y)| y).collect();
        assert_eq!(&ys[..6], &[41, 42, 44, 46, 49, 52]);
        // ... and stops before the first position in row 5, which starts at y = 340.
        let last = *ys.last().unwrap();
        let next = last + (1.0 + 0.5 * ys.len() as f64) as i32;
        assert!((last - 90) / 50 < 5 && (next - 90) / 50 >= 5, "{last} then {next}");
    }

    #[test]
    fn a_drop_into_the_top_row_or_a_full_column_shows_no_frames() {
        let mut io = replay(r#"{"frames": 300}"#, &[]);
        let mut track = Track::default();
        let mut g = game(Settings::default(), &mut io, &mut track);
        let mut board = get_new_board(7, 6);
        for _ in 0..5 {
            make_move(&mut board, Tile::Red, 0);
        }
        // int((y - YMARGIN) / SPACESIZE) truncates toward zero, so every y above
        // the board counts as row 0: a token for the top row stops at once.
        animate_dropping_token(&mut g, &board, 0, Tile::Black).unwrap();
        make_move(&mut board, Tile::Red, 0);
        animate_dropping_token(&mut g, &board, 0, Tile::Black).unwrap();
        assert_eq!(io.frames_presented(), 0);
    }

    #[test]
    fn the_computer_token_goes_up_then_left_then_drops() {
        let (path, frames) = path(|g, b| animate_computer_moving(g, b, 2).unwrap());
        assert_eq!(frames, path.len() as u64, "one frame a step");
        // Up from the black pile's corner (565, 405), by int(1.0), int(1.5), int(2.0) ...
        assert_eq!(&path[..3], &[(565, 404), (565, 403), (565, 401)]);
        let turn = path.iter().position(|&(x, _)| x != 565).unwrap();
        assert!(path[turn - 1].1 <= 40, "up to YMARGIN - SPACESIZE or past it");
        // ... then left at y = 40 from a standstill, to column 2 (x = 245) or past it ...
        assert_eq!(&path[turn..turn + 3], &[(564, 40), (563, 40), (561, 40)]);
        let drop = path.iter().rposition(|&(_, y)| y == 40).unwrap();
        assert!(path[drop].0 <= 245 && path[drop - 1].0 > 245);
        // ... then down column 2.
        assert!(!path[drop + 1..].is_empty());
        assert!(path[drop + 1..].iter().all(|&(x, y)| x == 245 && y > 40));
    }

    #[test]
    fn the_computer_token_stops_exactly_over_column_0_and_exactly_on_the_row_above() {
        // Left from x = 565 by 1, 1, 2, 2, 3, ...: the steps add up to 420 and
        // the token reaches x = 145, column 0's edge, where `x > 145` stops it.
        let (path, _) = path(|g, b| animate_computer_moving(g, b, 0).unwrap());
        let drop = path.iter().rposition(|&(_, y)| y == 40).unwrap();
        assert_eq!(path[drop], (145, 40));
        assert_eq!(path[drop - 1].0, 165);
        // Up from y = 405 the token passes y = 44; with the row above the board
        // at 44 (YMARGIN 94), `y > 44` stops it there, not one step on at 25.
        let (path, _) =
            path_in(|g| g.layout.ymargin = 94, |g, b| animate_computer_moving(g, b, 6).unwrap());
        let turn = path.iter().position(|&(x, _)| x != 565).unwrap();
        assert_eq!(&path[turn - 3..turn], &[(565, 81), (565, 63), (565, 44)]);
    }
}

//! Twins of `setup.py`: the step-list Gobang's constants, in its order.
//!
//! Where the Python computes a value with `/` (a float), the value is whole
//! and is written here as an integer. The fonts and images are named by
//! the files the Python loads; the port builds its own artwork and DejaVu
//! Sans into the binary (`images-gobang/`, the `dejavu` crate).

use crate::io::pixels::Rgb;

/// Python: ROW = 15
pub const ROW: usize = 15;
/// Python: COL = 15
pub const COL: usize = 15;
/// Python: DX = [1, 1, 0, -1, -1, -1, 0, 1]
pub const DX: [i32; 8] = [1, 1, 0, -1, -1, -1, 0, 1];
/// Python: DY = [0, 1, 1, 1, 0, -1, -1, -1]
pub const DY: [i32; 8] = [0, 1, 1, 1, 0, -1, -1, -1];

/// Python: SPACE = 30
pub const SPACE: i32 = 30;
/// Python: L_BORDER = 50
pub const L_BORDER: i32 = 50;
/// Python: R_BORDER = 30
pub const R_BORDER: i32 = 30;
/// Python: T_BORDER = 50
pub const T_BORDER: i32 = 50;
/// Python: B_BORDER = 30
pub const B_BORDER: i32 = 30;
/// Python: RIGHT_W = 150
pub const RIGHT_W: i32 = 150;

/// Python: FPS = 60
pub const FPS: u32 = 60;
/// Python: WINDOW_W = L_BORDER + SPACE * (COL - 1) + R_BORDER + RIGHT_W
pub const WINDOW_W: i32 = L_BORDER + SPACE * (COL as i32 - 1) + R_BORDER + RIGHT_W;
/// Python: WINDOW_H = T_BORDER + SPACE * (ROW - 1) + B_BORDER
pub const WINDOW_H: i32 = T_BORDER + SPACE * (ROW as i32 - 1) + B_BORDER;
/// Python: BG_COLOR = (128, 128, 128)
pub const BG_COLOR: Rgb = Rgb(128, 128, 128);
/// Python: LINE_COLOR = (22, 24, 35)
pub const LINE_COLOR: Rgb = Rgb(22, 24, 35);

/// Python: RIGHT_SIDE_TEXT_FONT = 'fonts/DejaVuSans.ttf'
pub const RIGHT_SIDE_TEXT_FONT: &str = "fonts/DejaVuSans.ttf";
/// Python: RIGHT_SIDE_STEP_TEXT_FONT = 'fonts/DejaVuSans.ttf'
pub const RIGHT_SIDE_STEP_TEXT_FONT: &str = "fonts/DejaVuSans.ttf";
/// Python: RIGHT_SIDE_TEXT_COLOR = (240, 252, 255)
pub const RIGHT_SIDE_TEXT_COLOR: Rgb = Rgb(240, 252, 255);
/// Python: RIGHT_SIDE_TEXT_SIZE = 12
pub const RIGHT_SIDE_TEXT_SIZE: u16 = 12;
/// Python: RIGHT_SIDE_STEP_TEXT_SIZE = 12
pub const RIGHT_SIDE_STEP_TEXT_SIZE: u16 = 12;
/// Python: RIGHT_SIDE_STEP_TEXT_COLOR = (66, 76, 80)
pub const RIGHT_SIDE_STEP_TEXT_COLOR: Rgb = Rgb(66, 76, 80);
/// Python: RIGHT_SIDE_BOTTOM_TEXT_SIZE = 20
pub const RIGHT_SIDE_BOTTOM_TEXT_SIZE: u16 = 20;

/// Python: RIGHT_SIDE_COLOR = (66, 76, 80)
pub const RIGHT_SIDE_COLOR: Rgb = Rgb(66, 76, 80);
/// Python: RIGHT_SIDE_CENTER_LINE_Y = T_BORDER + 180
pub const RIGHT_SIDE_CENTER_LINE_Y: i32 = T_BORDER + 180;
/// Python: RIGHT_SIDE_BLOCK_H = 20
pub const RIGHT_SIDE_BLOCK_H: i32 = 20;
/// Python: RIGHT_SIDE_BLOCK_W = 80
pub const RIGHT_SIDE_BLOCK_W: i32 = 80;

/// Python: RIGHT_SIDE_BOTTOM_BLOCK_H = 40
pub const RIGHT_SIDE_BOTTOM_BLOCK_H: i32 = 40;
/// Python: RIGHT_SIDE_BOTTOM_BLOCK_W = RIGHT_W - R_BORDER
pub const RIGHT_SIDE_BOTTOM_BLOCK_W: i32 = RIGHT_W - R_BORDER;

/// Python: POINT_LIST = [(3, 3), (3, 7), (3, 11), (7, 3), (7, 7), (7, 11), (11, 3), (11, 7), (11, 11)]
pub const POINT_LIST: [(i32, i32); 9] =
    [(3, 3), (3, 7), (3, 11), (7, 3), (7, 7), (7, 11), (11, 3), (11, 7), (11, 11)];
/// Python: POINT_R = 3
pub const POINT_R: i32 = 3;

/// Python: PIECE_R = 10
pub const PIECE_R: i32 = 10;
/// Python: PIECE_NEAR = 10
pub const PIECE_NEAR: i32 = 10;
/// Python: PIECE_BLACK_COLOR = (0, 0, 0)
pub const PIECE_BLACK_COLOR: Rgb = Rgb(0, 0, 0);
/// Python: PIECE_WHITE_COLOR = (255, 255, 255)
pub const PIECE_WHITE_COLOR: Rgb = Rgb(255, 255, 255);

/// Python: X_AXIS_LIST = [chr(ord('A') + i) for i in range(COL)]
pub const X_AXIS_LIST: [&str; COL] =
    ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O"];
/// Python: AXIS_TEXT_FONT = 'fonts/DejaVuSans.ttf'
pub const AXIS_TEXT_FONT: &str = "fonts/DejaVuSans.ttf";
/// Python: AXIS_TEXT_COLOR = (0, 0, 0)
pub const AXIS_TEXT_COLOR: Rgb = Rgb(0, 0, 0);
/// Python: AXIS_TEXT_SIZE = 10
pub const AXIS_TEXT_SIZE: u16 = 10;

/// Python: RESULT_TEXT_COLOR = (0, 0, 0)
pub const RESULT_TEXT_COLOR: Rgb = Rgb(0, 0, 0);

/// Python: LOGO_IMG = 'images/logo.png'
pub const LOGO_IMG: &str = "images/logo.png";
/// Python: BLACK_IMG = 'images/black.png'
pub const BLACK_IMG: &str = "images/black.png";
/// Python: WHITE_IMG = 'images/white.png'
pub const WHITE_IMG: &str = "images/white.png";
/// Python: BLACK_SMALL_IMG = 'images/black_small.png'
pub const BLACK_SMALL_IMG: &str = "images/black_small.png";
/// Python: WHITE_SMALL_IMG = 'images/white_small.png'
pub const WHITE_SMALL_IMG: &str = "images/white_small.png";
/// Python: RESTART_IMG = 'images/restart.png'
pub const RESTART_IMG: &str = "images/restart.png";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_is_650_by_500() {
        assert_eq!((WINDOW_W, WINDOW_H), (650, 500));
        assert_eq!(X_AXIS_LIST.concat(), "ABCDEFGHIJKLMNO");
    }
}

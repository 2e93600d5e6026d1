//! Twins of `drawing.py`: class `Display`, which draws the board, the
//! stones and the right-hand panel, in the Python's order.
//!
//! pygame's drawing is reproduced exactly ([`crate::io::draw`], the blit of
//! [`crate::io::pixels`]); text comes from a [`Typesetter`], SDL2_ttf's
//! blended rendering of DejaVu Sans in the window build, as pygame's
//! `Font.render(text, True, color)` is.
//!
//! The Python passes some positions as floats (`RIGHT_SIDE_BOTTOM_BLOCK_W / 2`);
//! every one of them is a whole number, written here in integers.

use crate::gobang::port::setup::{
    AXIS_TEXT_COLOR, AXIS_TEXT_FONT, AXIS_TEXT_SIZE, BG_COLOR, B_BORDER, COL, LINE_COLOR, L_BORDER,
    POINT_LIST, POINT_R, RIGHT_SIDE_BLOCK_H, RIGHT_SIDE_BLOCK_W, RIGHT_SIDE_BOTTOM_BLOCK_H,
    RIGHT_SIDE_BOTTOM_BLOCK_W, RIGHT_SIDE_BOTTOM_TEXT_SIZE, RIGHT_SIDE_CENTER_LINE_Y,
    RIGHT_SIDE_COLOR, RIGHT_SIDE_STEP_TEXT_COLOR, RIGHT_SIDE_STEP_TEXT_FONT,
    RIGHT_SIDE_STEP_TEXT_SIZE, RIGHT_SIDE_TEXT_COLOR, RIGHT_SIDE_TEXT_FONT, RIGHT_SIDE_TEXT_SIZE,
    RIGHT_W, ROW, R_BORDER, SPACE, T_BORDER, WINDOW_H, WINDOW_W, X_AXIS_LIST,
};
use crate::gobang::port::status::Step;
use crate::io::draw;
use crate::io::pixels::{Display as Screen, Rgb, RgbaImage};
use crate::io::{TextSize, Typesetter};

/// The images `Display.__init__` loads, by the names of `setup.py`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Images {
    /// `BLACK_IMG`, 24x24.
    pub black: RgbaImage,
    /// `WHITE_IMG`, 24x24.
    pub white: RgbaImage,
    /// `BLACK_SMALL_IMG`, 12x12.
    pub black_small: RgbaImage,
    /// `WHITE_SMALL_IMG`, 12x12.
    pub white_small: RgbaImage,
    /// `RESTART_IMG`, 300x60.
    pub restart: RgbaImage,
}

/// Which point of the text's rectangle `drawText` places: the Python's
/// `site`, a `pygame.Rect` attribute name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Site {
    /// `'topleft'`.
    TopLeft,
    /// `'bottomleft'`.
    BottomLeft,
    /// `'bottomright'`.
    BottomRight,
    /// `'center'`.
    Center,
}

impl Site {
    /// The top-left corner of a `w` x `h` rectangle whose `site` is at
    /// `(x, y)`, as `pygame.Rect` computes it (`center` uses `w / 2` in C).
    pub fn top_left(self, (x, y): (i32, i32), (w, h): (i32, i32)) -> (i32, i32) {
        match self {
            Site::TopLeft => (x, y),
            Site::BottomLeft => (x, y - h),
            Site::BottomRight => (x - w, y - h),
            Site::Center => (x - w / 2, y - h / 2),
        }
    }
}

/// The Python's `class Display`: the screen and what is drawn on it.
pub struct Display {
    /// `self.screen`: the window's picture.
    pub screen: Screen,
    /// `self.black`.
    pub black: RgbaImage,
    /// `self.white`.
    pub white: RgbaImage,
    /// `self.black_small`.
    pub black_small: RgbaImage,
    /// `self.white_small`.
    pub white_small: RgbaImage,
    /// `self.restart_surf`.
    pub restart_surf: RgbaImage,
    /// What renders text (pygame's font module).
    pub text: Box<dyn Typesetter>,
    /// Not in the Python: other names for the players than "Human" and
    /// "AI" (the hot seat's), black's first.
    pub players: Option<[&'static str; 2]>,
}

impl Display {
    /// Python: Display.__init__(self, screen)
    pub fn new(screen: Screen, images: Images, text: Box<dyn Typesetter>) -> Display {
        Display {
            screen,
            black: images.black,
            white: images.white,
            black_small: images.black_small,
            white_small: images.white_small,
            restart_surf: images.restart,
            text,
            players: None,
        }
    }

    /// Python: Display.drawMain(self, cur_pos, turn, result_text, starting, step_list)
    pub fn draw_main(
        &mut self,
        cur_pos: (i32, i32),
        turn: u8,
        result_text: Option<&str>,
        starting: bool,
        step_list: &[Step],
    ) {
        let piece_surf = if turn == 0 { self.white.clone() } else { self.black.clone() };
        self.draw_piece(cur_pos, &piece_surf);
        self.draw_step(step_list);
        self.draw_result(result_text);
        if !starting {
            let restart_surf = self.restart_surf.clone();
            self.draw_restart(&restart_surf);
        } else {
            let next_text = if turn == 0 { "Next Black" } else { "Next White" };
            self.draw_next(next_text);
        }
    }

    /// Python: Display.drawStep(self, step_list)
    pub fn draw_step(&mut self, step_list: &[Step]) {
        draw::rect(
            &mut self.screen,
            BG_COLOR,
            (
                WINDOW_W - RIGHT_W + 15,
                RIGHT_SIDE_CENTER_LINE_Y + 10,
                RIGHT_W - 15,
                WINDOW_H - B_BORDER - RIGHT_SIDE_CENTER_LINE_Y - RIGHT_SIDE_BOTTOM_BLOCK_H,
            ),
        );
        let last_ten = &step_list[step_list.len().saturating_sub(10)..];
        for (n, value) in last_ten.iter().enumerate() {
            let text =
                format!("{:03}: {}   X={:02}  Y={:02}", value.0, value.1, value.2 .0, value.2 .1);
            self.draw_text(
                &text,
                RIGHT_SIDE_STEP_TEXT_FONT,
                RIGHT_SIDE_STEP_TEXT_SIZE,
                RIGHT_SIDE_STEP_TEXT_COLOR,
                (WINDOW_W - RIGHT_W + 15, RIGHT_SIDE_CENTER_LINE_Y + 10 + n as i32 * 18),
                Site::TopLeft,
            );
        }
    }

    /// Python: Display.drawNext(self, next_text)
    pub fn draw_next(&mut self, next_text: &str) {
        draw::rect(
            &mut self.screen,
            RIGHT_SIDE_COLOR,
            (
                WINDOW_W - RIGHT_W,
                WINDOW_H - B_BORDER - RIGHT_SIDE_BOTTOM_BLOCK_H,
                RIGHT_SIDE_BOTTOM_BLOCK_W,
                RIGHT_SIDE_BOTTOM_BLOCK_H,
            ),
        );
        self.draw_text(
            next_text,
            RIGHT_SIDE_TEXT_FONT,
            RIGHT_SIDE_BOTTOM_TEXT_SIZE,
            RIGHT_SIDE_TEXT_COLOR,
            (
                WINDOW_W - R_BORDER - RIGHT_SIDE_BOTTOM_BLOCK_W / 2,
                WINDOW_H - B_BORDER - RIGHT_SIDE_BOTTOM_BLOCK_H / 2,
            ),
            Site::Center,
        );
    }

    /// Python: Display.drawRestart(self, restart_surf)
    pub fn draw_restart(&mut self, restart_surf: &RgbaImage) {
        let size = (restart_surf.width() as i32, restart_surf.height() as i32);
        let center = (L_BORDER + COL as i32 * SPACE / 2, WINDOW_H / 2);
        self.screen.blit(restart_surf, Site::Center.top_left(center, size));
    }

    /// Python: Display.drawPiece(self, cur_pos, piece_surf)
    pub fn draw_piece(&mut self, cur_pos: (i32, i32), piece_surf: &RgbaImage) {
        let size = (piece_surf.width() as i32, piece_surf.height() as i32);
        self.screen.blit(piece_surf, Site::Center.top_left(cur_pos, size));
    }

    /// Python: Display.drawRightSide(self)
    pub fn draw_right_side(&mut self) {
        let (w, h) = (WINDOW_W, WINDOW_H);
        // Not in the Python: the players' names may be others (the hot seat's).
        let [human, ai] = self.players.unwrap_or(["Human", "AI"]);
        let screen = &mut self.screen;
        draw::line(
            screen,
            RIGHT_SIDE_COLOR,
            (w - RIGHT_W + 5, T_BORDER),
            (w - RIGHT_W + 5, h - B_BORDER),
        );
        draw::line(
            screen,
            RIGHT_SIDE_COLOR,
            (w - RIGHT_W, T_BORDER + RIGHT_SIDE_BLOCK_H),
            (w - R_BORDER, T_BORDER + RIGHT_SIDE_BLOCK_H),
        );
        draw::line(
            screen,
            RIGHT_SIDE_COLOR,
            (w - RIGHT_W, RIGHT_SIDE_CENTER_LINE_Y),
            (w - R_BORDER, RIGHT_SIDE_CENTER_LINE_Y),
        );
        draw::rect(
            screen,
            RIGHT_SIDE_COLOR,
            (w - RIGHT_W, T_BORDER, RIGHT_SIDE_BLOCK_W, RIGHT_SIDE_BLOCK_H),
        );
        draw::rect(
            screen,
            RIGHT_SIDE_COLOR,
            (
                w - RIGHT_W,
                RIGHT_SIDE_CENTER_LINE_Y - RIGHT_SIDE_BLOCK_H,
                RIGHT_SIDE_BLOCK_W,
                RIGHT_SIDE_BLOCK_H,
            ),
        );
        draw::rect(
            screen,
            RIGHT_SIDE_COLOR,
            (
                w - RIGHT_W,
                h - B_BORDER - RIGHT_SIDE_BOTTOM_BLOCK_H,
                RIGHT_SIDE_BOTTOM_BLOCK_W,
                RIGHT_SIDE_BOTTOM_BLOCK_H,
            ),
        );
        self.draw_text(
            "Players",
            RIGHT_SIDE_TEXT_FONT,
            RIGHT_SIDE_TEXT_SIZE,
            RIGHT_SIDE_TEXT_COLOR,
            (w - RIGHT_W + 5, T_BORDER + RIGHT_SIDE_BLOCK_H),
            Site::BottomLeft,
        );
        self.draw_text(
            human,
            RIGHT_SIDE_TEXT_FONT,
            RIGHT_SIDE_TEXT_SIZE,
            RIGHT_SIDE_STEP_TEXT_COLOR,
            (w - RIGHT_W + 35, T_BORDER + RIGHT_SIDE_BLOCK_H + 7),
            Site::TopLeft,
        );
        self.draw_text(
            ai,
            RIGHT_SIDE_TEXT_FONT,
            RIGHT_SIDE_TEXT_SIZE,
            RIGHT_SIDE_STEP_TEXT_COLOR,
            (w - RIGHT_W + 35, T_BORDER + RIGHT_SIDE_BLOCK_H + 27),
            Site::TopLeft,
        );
        self.draw_text(
            "Step List",
            RIGHT_SIDE_TEXT_FONT,
            RIGHT_SIDE_TEXT_SIZE,
            RIGHT_SIDE_TEXT_COLOR,
            (w - RIGHT_W + 5, RIGHT_SIDE_CENTER_LINE_Y),
            Site::BottomLeft,
        );
        self.draw_text(
            "Click Start",
            RIGHT_SIDE_TEXT_FONT,
            RIGHT_SIDE_BOTTOM_TEXT_SIZE,
            RIGHT_SIDE_TEXT_COLOR,
            (
                w - R_BORDER - RIGHT_SIDE_BOTTOM_BLOCK_W / 2,
                h - B_BORDER - RIGHT_SIDE_BOTTOM_BLOCK_H / 2,
            ),
            Site::Center,
        );
        self.screen.blit(&self.black_small, (w - RIGHT_W + 15, T_BORDER + RIGHT_SIDE_BLOCK_H + 10));
        self.screen.blit(&self.white_small, (w - RIGHT_W + 15, T_BORDER + RIGHT_SIDE_BLOCK_H + 30));
    }

    /// Python: Display.drawChessBoard(self)
    // The Python's `for n in range(0, COL)`, indexing X_AXIS_LIST, kept as it reads.
    #[allow(clippy::needless_range_loop)]
    pub fn draw_chess_board(&mut self) {
        self.screen.fill(Rgb(128, 128, 128));
        for i in 0..ROW as i32 {
            draw::line(
                &mut self.screen,
                LINE_COLOR,
                (L_BORDER, T_BORDER + i * SPACE),
                (L_BORDER + SPACE * (COL as i32 - 1), T_BORDER + i * SPACE),
            );
        }
        for j in 0..COL as i32 {
            draw::line(
                &mut self.screen,
                LINE_COLOR,
                (L_BORDER + j * SPACE, T_BORDER),
                (L_BORDER + j * SPACE, T_BORDER + SPACE * (ROW as i32 - 1)),
            );
        }
        for p in POINT_LIST {
            let pos = (L_BORDER + p.0 * SPACE, T_BORDER + p.1 * SPACE);
            draw::circle(&mut self.screen, LINE_COLOR, pos, POINT_R);
        }
        let size = i32::from(AXIS_TEXT_SIZE);
        for m in 1..ROW as i32 {
            self.draw_text(
                &m.to_string(),
                AXIS_TEXT_FONT,
                AXIS_TEXT_SIZE,
                AXIS_TEXT_COLOR,
                (L_BORDER - size / 2, T_BORDER + size / 2 + m * SPACE),
                Site::BottomRight,
            );
        }
        for n in 0..COL {
            self.draw_text(
                X_AXIS_LIST[n],
                AXIS_TEXT_FONT,
                AXIS_TEXT_SIZE,
                AXIS_TEXT_COLOR,
                // int(AXIS_TEXT_SIZE / 1.5) is int(6.67): 6.
                (L_BORDER + n as i32 * SPACE, T_BORDER - size * 2 / 3),
                Site::Center,
            );
        }
    }

    /// Python: Display.drawText(self, text, font, size, color, x, y, site)
    ///
    /// Every font of `setup.py` is DejaVu Sans, the one the typesetter has.
    pub fn draw_text(
        &mut self,
        text: &str,
        _font: &str,
        size: u16,
        color: Rgb,
        (x, y): (i32, i32),
        site: Site,
    ) {
        let Rgb(r, g, b) = color;
        // pygame renders empty text as a surface 0 pixels wide: nothing to blit.
        if text.is_empty() {
            return;
        }
        if let Some(text_surf) = self.text.render(text, TextSize::Regular(size), [r, g, b]) {
            let size = (text_surf.width() as i32, text_surf.height() as i32);
            self.screen.blit(&text_surf, site.top_left((x, y), size));
        }
    }

    /// Python: Display.drawResult(self, result_text)
    ///
    /// `result_text` is `None` while the game goes on: pygame renders it as
    /// an empty text.
    pub fn draw_result(&mut self, result_text: Option<&str>) {
        draw::rect(
            &mut self.screen,
            RIGHT_SIDE_COLOR,
            (
                WINDOW_W - RIGHT_W,
                WINDOW_H - B_BORDER - RIGHT_SIDE_BOTTOM_BLOCK_H,
                RIGHT_SIDE_BOTTOM_BLOCK_W,
                RIGHT_SIDE_BOTTOM_BLOCK_H,
            ),
        );
        self.draw_text(
            result_text.unwrap_or(""),
            RIGHT_SIDE_TEXT_FONT,
            RIGHT_SIDE_BOTTOM_TEXT_SIZE,
            RIGHT_SIDE_TEXT_COLOR,
            (
                WINDOW_W - R_BORDER - RIGHT_SIDE_BOTTOM_BLOCK_W / 2,
                WINDOW_H - B_BORDER - RIGHT_SIDE_BOTTOM_BLOCK_H / 2,
            ),
            Site::Center,
        );
    }
}

//! Drawing: `drawBoard` and the display surface it draws on.
//!
//! Python draws on `DISPLAYSURF`, the window's own surface. The port draws
//! on an SDL surface of the same size and format (XRGB8888, the window
//! surface's format under SDL's dummy driver) that the frontend copies to
//! the window at each `display_update`: the same drawing code then serves a
//! window, a replay with no window, and the tests. The pixels are computed
//! with pygame's own arithmetic ([`crate::pixels`]), not SDL's blitter.

use sdl2::pixels::PixelFormatEnum;
use sdl2::surface::{Surface, SurfaceRef};

use crate::assets::Images;
use crate::board::{Board, Tile};
use crate::error::Error;
use crate::overlay::{draw_overlay, Overlay, Text};
use crate::pixels::{blit_alpha, fill, xrgb_at, RgbaImage};
use crate::settings::{Layout, Rgb, Settings, SPACESIZE, WINDOWHEIGHT, WINDOWWIDTH};

/// Everything `drawBoard` and its callers draw with: the Python's drawing globals.
pub struct Screen {
    /// Python: `DISPLAYSURF`.
    pub display: Surface<'static>,
    /// Python: `REDTOKENIMG`, `BOARDIMG` and the rest.
    pub images: Images,
    /// Python: `XMARGIN`, `YMARGIN`, `REDPILERECT` and the other positions.
    pub layout: Layout,
    /// Python: `BGCOLOR`.
    pub bg_color: Rgb,
    /// Not in the Python: what the extras draw over the game (empty by default).
    pub overlay: Overlay,
    /// Not in the Python: the fonts for the overlay, when SDL2_ttf could start.
    pub text: Option<Text>,
}

impl Screen {
    /// A blank 640x480 display and the layout for these images and settings.
    pub fn new(images: Images, settings: &Settings) -> Result<Screen, Error> {
        let display = Surface::new(
            WINDOWWIDTH as u32,
            WINDOWHEIGHT as u32,
            PixelFormatEnum::RGB888,
        )
        .map_err(|e| Error::Sdl(format!("cannot create the display surface: {e}")))?;
        let size = |image: &RgbaImage| (image.width() as i32, image.height() as i32);
        let layout = Layout::new(settings, size(&images.human_winner), size(&images.arrow));
        Ok(Screen {
            display,
            images,
            layout,
            bg_color: settings.bg_color,
            overlay: Overlay::default(),
            text: None,
        })
    }

    /// The display's pixel at (x, y) as (r, g, b).
    pub fn pixel(&self, x: usize, y: usize) -> (u8, u8, u8) {
        let pitch = self.display.pitch() as usize;
        self.display
            .without_lock()
            .map_or((0, 0, 0), |px| xrgb_at(px, pitch, x, y))
    }

    /// The display's pixels as RGB bytes, row after row.
    pub fn rgb_bytes(&self) -> Vec<u8> {
        rgb_bytes(&self.display)
    }
}

/// A surface's pixels as RGB bytes, row after row (XRGB8888 surfaces only).
pub fn rgb_bytes(surface: &SurfaceRef) -> Vec<u8> {
    let (w, h, pitch) = (
        surface.width() as usize,
        surface.height() as usize,
        surface.pitch() as usize,
    );
    let mut out = Vec::with_capacity(w * h * 3);
    if let Some(px) = surface.without_lock() {
        for y in 0..h {
            for x in 0..w {
                let (r, g, b) = xrgb_at(px, pitch, x, y);
                out.extend_from_slice(&[r, g, b]);
            }
        }
    }
    out
}

/// Fills the whole display. Python: `DISPLAYSURF.fill(color)`.
pub fn fill_display(display: &mut SurfaceRef, color: Rgb) {
    let (w, h, pitch) = (
        display.width() as usize,
        display.height() as usize,
        display.pitch() as usize,
    );
    display.with_lock_mut(|px| fill(px, pitch, w, h, (color.0, color.1, color.2)));
}

/// Draws an image with its alpha, its corner at (x, y).
/// Python: `DISPLAYSURF.blit(image, (x, y))`.
pub fn blit(display: &mut SurfaceRef, image: &RgbaImage, x: i32, y: i32) {
    let (w, h, pitch) = (
        display.width() as usize,
        display.height() as usize,
        display.pitch() as usize,
    );
    display.with_lock_mut(|px| blit_alpha(px, pitch, w, h, image, x, y));
}

/// A token drawn off the board: dragged, moving to its column, or falling.
/// Python: the `extraToken` dictionary `{'x': x, 'y': y, 'color': color}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtraToken {
    /// Left edge, window coordinates.
    pub x: i32,
    /// Top edge, window coordinates.
    pub y: i32,
    /// Which token image.
    pub color: Tile,
}

/// Draws the background, the tokens on the board, the extra token if any,
/// the board's cells over them, and the two piles.
///
/// Python: `drawBoard(board, extraToken=None)`, step for step: the tokens go
/// under the board image, whose round holes let them show through.
pub fn draw_board(screen: &mut Screen, board: &Board, extra_token: Option<ExtraToken>) {
    let Screen {
        display,
        images,
        layout,
        bg_color,
        overlay,
        text,
    } = screen;
    let token_image = |color: Tile| match color {
        Tile::Red => &images.red_token,
        Tile::Black => &images.black_token,
    };
    fill_display(display, *bg_color);

    // draw tokens
    for x in 0..board.width() {
        for y in 0..board.height() {
            let left = layout.xmargin + x as i32 * SPACESIZE;
            let top = layout.ymargin + y as i32 * SPACESIZE;
            if let Some(color) = board[x][y] {
                blit(display, token_image(color), left, top);
            }
        }
    }

    // draw the extra token
    if let Some(extra) = extra_token {
        blit(display, token_image(extra.color), extra.x, extra.y);
    }

    // draw board over the tokens
    for x in 0..board.width() {
        for y in 0..board.height() {
            let left = layout.xmargin + x as i32 * SPACESIZE;
            let top = layout.ymargin + y as i32 * SPACESIZE;
            blit(display, &images.board, left, top);
        }
    }

    // draw the red and black tokens off to the side
    blit(
        display,
        &images.red_token,
        layout.red_pile_rect.x,
        layout.red_pile_rect.y,
    );
    blit(
        display,
        &images.black_token,
        layout.black_pile_rect.x,
        layout.black_pile_rect.y,
    );

    // Not in the Python: the extras' overlay, which is empty unless one is in use.
    if let (false, Some(text)) = (overlay.is_empty(), text) {
        draw_overlay(display, layout, overlay, text, images, board.width());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::ImageSource;
    use crate::board::{get_new_board, make_move};
    use crate::pixels::ScaleBackend;

    fn screen() -> Screen {
        let images = Images::load(&ImageSource::Embedded, ScaleBackend::native()).unwrap();
        Screen::new(images, &Settings::default()).unwrap()
    }

    #[test]
    fn the_display_is_640x480_xrgb() {
        let s = screen();
        assert_eq!((s.display.width(), s.display.height()), (640, 480));
        assert_eq!(s.display.pixel_format_enum(), PixelFormatEnum::RGB888);
    }

    #[test]
    fn background_board_and_piles_are_where_the_python_puts_them() {
        let mut s = screen();
        let board = get_new_board(7, 6).unwrap();
        draw_board(&mut s, &board, None);
        assert_eq!(s.pixel(5, 5), (0, 50, 255), "background");
        assert_eq!(s.pixel(639, 479), (0, 50, 255), "background");
        // The centre of a cell is the board image's hole: the background shows.
        assert_eq!(s.pixel(145 + 25, 90 + 25), (0, 50, 255));
        // The corner of a cell is the board image's opaque frame.
        assert_ne!(s.pixel(145 + 1, 90 + 1), (0, 50, 255));
        // The piles: red at (25, 405), black at (565, 405), both 50x50.
        let (r, g, b) = s.pixel(50, 430);
        assert!(r > g && r > b, "red pile is red: {:?}", (r, g, b));
        let (r, g, b) = s.pixel(590, 430);
        assert!(
            r < 100 && g < 100 && b < 100,
            "black pile is dark: {:?}",
            (r, g, b)
        );
    }

    #[test]
    fn tokens_show_through_the_holes() {
        let mut s = screen();
        let mut board = get_new_board(7, 6).unwrap();
        make_move(&mut board, Tile::Red, 0);
        make_move(&mut board, Tile::Black, 6);
        draw_board(&mut s, &board, None);
        let bottom = 90 + 5 * 50 + 25;
        let (r, g, b) = s.pixel(145 + 25, bottom);
        assert!(
            r > 150 && g < 100 && b < 100,
            "red token in column 0: {:?}",
            (r, g, b)
        );
        let (r, g, b) = s.pixel(145 + 6 * 50 + 25, bottom);
        assert!(
            r < 100 && g < 100 && b < 100,
            "black token in column 6: {:?}",
            (r, g, b)
        );
        assert_eq!(
            s.pixel(145 + 3 * 50 + 25, bottom),
            (0, 50, 255),
            "column 3 is empty"
        );
    }

    #[test]
    fn the_extra_token_is_drawn_under_the_board_and_clipped() {
        let mut s = screen();
        let board = get_new_board(7, 6).unwrap();
        draw_board(
            &mut s,
            &board,
            Some(ExtraToken {
                x: -25,
                y: -25,
                color: Tile::Red,
            }),
        );
        let (r, _, _) = s.pixel(10, 10);
        assert!(r > 150, "clipped token in the corner");
        let before = s.rgb_bytes();
        draw_board(
            &mut s,
            &board,
            Some(ExtraToken {
                x: 2000,
                y: 2000,
                color: Tile::Black,
            }),
        );
        let mut empty = screen();
        draw_board(&mut empty, &board, None);
        assert_eq!(
            s.rgb_bytes(),
            empty.rgb_bytes(),
            "a token off screen draws nothing"
        );
        assert_ne!(before, empty.rgb_bytes());
    }
}

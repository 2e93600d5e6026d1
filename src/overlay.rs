//! The teaching overlay: text drawn over the game by the extras (never in
//! the default game). SDL2_ttf renders the text with DejaVu Sans, which is
//! built into the binary through the `dejavu` crate.
//!
//! What is drawn: each column's value above the board (`--explain` for the
//! computer's move, H for the human's), the best columns in yellow; the
//! move list in the left margin (`--moves`); and the result banners of
//! hot-seat games (`--two-player`).

use std::collections::HashMap;

use sdl2::pixels::Color;
use sdl2::rwops::RWops;
use sdl2::surface::SurfaceRef;
use sdl2::ttf::{Font, Sdl2TtfContext};

use crate::assets::surface_to_rgba;
use crate::assets::Images;
use crate::board::Tile;
use crate::draw::blit;
use crate::error::Error;
use crate::extras::Move;
use crate::pixels::{blend, smoothscale, RgbaImage, ScaleBackend};
use crate::settings::{Layout, SPACESIZE, WINDOWWIDTH};

/// Text sizes, in pixels.
const SMALL: u16 = 12;
const VALUES: u16 = 13;
const BANNER: u16 = 40;

/// Each column's value for one side, as the overlay shows them.
#[derive(Clone, Debug, PartialEq)]
pub struct ColumnValues {
    /// Whose move the values are for.
    pub tile: Tile,
    /// One value per column.
    pub values: Vec<f64>,
    /// The columns the player would choose among.
    pub best: Vec<usize>,
    /// Asked for with H (a hint), rather than shown by `--explain`.
    pub hint: bool,
}

/// What the overlay shows now. Empty (the default) draws nothing at all.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overlay {
    /// The column values above the board, if any.
    pub values: Option<ColumnValues>,
    /// The moves so far, for the list in the margin, if `--moves`.
    pub moves: Option<Vec<Move>>,
}

impl Overlay {
    /// Whether there is nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.values.is_none() && self.moves.is_none()
    }
}

/// How a value is written above its column: short enough for 50 pixels.
pub fn short_value(v: f64) -> String {
    if v == 0.0 {
        "0".to_string()
    } else if v.fract() == 0.0 && v.abs() < 1e6 {
        format!("{v:+}")
    } else {
        let s = format!("{v:+.3}");
        let s = s.trim_end_matches('0').trim_end_matches('.');
        if s == "+0" || s == "-0" {
            format!("{v:+.0e}")
        } else {
            s.to_string()
        }
    }
}

/// SDL2_ttf and the fonts, with every string rendered kept for reuse.
pub struct Text {
    regular: Font<'static, 'static>,
    values: Font<'static, 'static>,
    bold: Font<'static, 'static>,
    cache: HashMap<(String, u16, [u8; 3]), RgbaImage>,
    /// Small red and black tokens for the move list, made on first use.
    icons: Option<[RgbaImage; 2]>,
}

impl Text {
    /// Starts SDL2_ttf and loads DejaVu Sans from the binary.
    ///
    /// The ttf context lives as long as the program: it is leaked once, so
    /// that the fonts borrowing it can be kept in the [`crate::draw::Screen`].
    pub fn new() -> Result<Text, Error> {
        let context: &'static Sdl2TtfContext = Box::leak(Box::new(
            sdl2::ttf::init().map_err(|e| Error::Sdl(format!("cannot start SDL2_ttf: {e}")))?,
        ));
        let load = |bytes: &'static [u8], size: u16| -> Result<Font<'static, 'static>, Error> {
            let rwops = RWops::from_bytes(bytes)
                .map_err(|e| Error::Sdl(format!("cannot read the font: {e}")))?;
            context
                .load_font_from_rwops(rwops, size)
                .map_err(|e| Error::Sdl(format!("cannot load the font: {e}")))
        };
        Ok(Text {
            regular: load(dejavu::sans::regular(), SMALL)?,
            values: load(dejavu::sans::bold(), VALUES)?,
            bold: load(dejavu::sans::bold(), BANNER)?,
            cache: HashMap::new(),
            icons: None,
        })
    }

    /// `text` rendered in `color` at `size` (one of the three sizes), anti-aliased.
    pub fn render(&mut self, text: &str, size: u16, color: [u8; 3]) -> Option<&RgbaImage> {
        let key = (text.to_string(), size, color);
        if !self.cache.contains_key(&key) {
            let font = match size {
                VALUES => &self.values,
                BANNER => &self.bold,
                _ => &self.regular,
            };
            let surface = font
                .render(if text.is_empty() { " " } else { text })
                .blended(Color::RGB(color[0], color[1], color[2]))
                .ok()?;
            let image = surface_to_rgba(&surface).ok()?;
            self.cache.insert(key.clone(), image);
        }
        self.cache.get(&key)
    }
}

/// Darkens a rectangle of an XRGB8888 surface, for text to stand out on.
fn shade(display: &mut SurfaceRef, (x, y, w, h): (i32, i32, i32, i32), alpha: u8) {
    let (dw, dh, pitch) = (
        display.width() as i32,
        display.height() as i32,
        display.pitch() as usize,
    );
    display.with_lock_mut(|px| {
        for py in y.max(0)..(y + h).min(dh) {
            for pxl in x.max(0)..(x + w).min(dw) {
                let at = py as usize * pitch + pxl as usize * 4;
                let word = u32::from_ne_bytes([px[at], px[at + 1], px[at + 2], px[at + 3]]);
                let c = |shift: u32| u32::from(blend(0, (word >> shift) as u8, alpha)) << shift;
                px[at..at + 4].copy_from_slice(&(c(16) | c(8) | c(0)).to_ne_bytes());
            }
        }
    });
}

/// Draws `image` with its centre at (cx, cy).
fn blit_centred(display: &mut SurfaceRef, image: &RgbaImage, cx: i32, cy: i32) {
    blit(
        display,
        image,
        cx - image.width() as i32 / 2,
        cy - image.height() as i32 / 2,
    );
}

/// Draws the overlay over a finished frame. Not in the Python.
pub fn draw_overlay(
    display: &mut SurfaceRef,
    layout: &Layout,
    overlay: &Overlay,
    text: &mut Text,
    images: &Images,
    board_width: usize,
) {
    if let Some(values) = &overlay.values {
        // A row above the path of the computer's token, or at the top edge.
        let cy = (layout.ymargin - SPACESIZE - 12).max(9);
        let left = layout.xmargin;
        shade(
            display,
            (left, cy - 9, board_width as i32 * SPACESIZE, 18),
            140,
        );
        for (column, &value) in values.values.iter().enumerate() {
            let color = if values.best.contains(&column) {
                [255, 220, 40]
            } else {
                [235, 235, 235]
            };
            if let Some(image) = text.render(&short_value(value), VALUES, color) {
                blit_centred(
                    display,
                    image,
                    left + column as i32 * SPACESIZE + SPACESIZE / 2,
                    cy,
                );
            }
        }
        let caption = if values.hint {
            format!(
                "hint: {} to move, each column's value (best in yellow)",
                values.tile
            )
        } else {
            format!(
                "{}'s last choice: each column's value (best in yellow)",
                values.tile
            )
        };
        if let Some(image) = text.render(&caption, SMALL, [255, 255, 255]) {
            let image = image.clone();
            blit(
                display,
                &image,
                (WINDOWWIDTH - image.width() as i32) / 2,
                (cy - 9 - 15).max(0),
            );
        }
    }
    if let Some(moves) = &overlay.moves {
        draw_move_list(display, layout, moves, text, images);
    }
}

/// The move list in the left margin: the latest moves, numbered from 1,
/// columns counted from 0 as in the code. Seed 002's step list.
fn draw_move_list(
    display: &mut SurfaceRef,
    layout: &Layout,
    moves: &[Move],
    text: &mut Text,
    images: &Images,
) {
    let width = layout.xmargin - 24;
    if width < 30 {
        return; // no room beside a board this wide
    }
    let (top, line) = (8, 16);
    let rows = ((layout.red_pile_rect.y - 30 - top) / line - 1).max(1) as usize;
    let first = moves.len().saturating_sub(rows);
    if let Some(image) = text.render("Moves", SMALL, [255, 255, 255]) {
        let image = image.clone();
        blit(display, &image, 6, top);
    }
    let icons = text
        .icons
        .get_or_insert_with(|| {
            let small = |image: &RgbaImage| smoothscale(image, 12, 12, ScaleBackend::native());
            [small(&images.red_token), small(&images.black_token)]
        })
        .clone();
    for (row, (n, &(tile, column))) in moves.iter().enumerate().skip(first).enumerate() {
        let y = top + line * (row as i32 + 1);
        let label = if width >= 70 {
            format!("{:>2}. {tile} {column}", n + 1)
        } else {
            format!("{} {column}", n + 1)
        };
        blit(display, &icons[usize::from(tile == Tile::Black)], 6, y + 2);
        if let Some(image) = text.render(&label, SMALL, [255, 255, 255]) {
            let image = image.clone();
            blit(display, &image, 22, y);
        }
    }
}

/// A result panel for a hot-seat game, where neither "HUMAN" nor
/// "COMPUTER" fits: a rounded, semi-transparent grey card with `message`.
pub fn banner(text: &mut Text, message: &str, color: [u8; 3]) -> Option<RgbaImage> {
    let words = text.render(message, BANNER, color)?.clone();
    let hint = text
        .render("Click to continue.", SMALL, [40, 40, 50])?
        .clone();
    let (w, h) = (
        words.width().max(hint.width()) + 48,
        words.height() + hint.height() + 36,
    );
    let mut data = vec![0u8; w * h * 4];
    let radius = 14.0_f64;
    for y in 0..h {
        for x in 0..w {
            // distance outside the rounded corners, for an anti-aliased edge
            let dx = (radius - x as f64 - 0.5)
                .max(x as f64 + 0.5 - (w as f64 - radius))
                .max(0.0);
            let dy = (radius - y as f64 - 0.5)
                .max(y as f64 + 0.5 - (h as f64 - radius))
                .max(0.0);
            let outside = (dx * dx + dy * dy).sqrt() - radius;
            let coverage = (0.5 - outside).clamp(0.0, 1.0);
            let i = (y * w + x) * 4;
            data[i..i + 4].copy_from_slice(&[225, 228, 235, (215.0 * coverage) as u8]);
        }
    }
    let mut card = RgbaImage::from_rgba(w, h, data)?;
    card = paste(card, &words, (w - words.width()) / 2, 14);
    Some(paste(
        card,
        &hint,
        (w - hint.width()) / 2,
        14 + words.height() + 6,
    ))
}

/// `top` drawn over `base` at (x, y), alpha over alpha.
fn paste(base: RgbaImage, top: &RgbaImage, x: usize, y: usize) -> RgbaImage {
    let (w, h) = (base.width(), base.height());
    let mut data = base.data().to_vec();
    for ty in 0..top.height() {
        for tx in 0..top.width() {
            let (bx, by) = (x + tx, y + ty);
            if bx >= w || by >= h {
                continue;
            }
            let [r, g, b, a] = top.pixel(tx, ty);
            let i = (by * w + bx) * 4;
            for (c, s) in [r, g, b].into_iter().enumerate() {
                data[i + c] = blend(s, data[i + c], a);
            }
            data[i + 3] = data[i + 3].max(a);
        }
    }
    RgbaImage::from_rgba(w, h, data).unwrap_or(base)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_short_enough_for_a_column() {
        assert_eq!(short_value(0.0), "0");
        assert_eq!(short_value(1.0), "+1");
        assert_eq!(short_value(-1.0), "-1");
        assert_eq!(short_value(0.25), "+0.25");
        assert_eq!(short_value(-2.0 / 343.0), "-0.006");
        assert_eq!(short_value(1.0 / 2401.0 / 49.0), "+8e-6");
        assert_eq!(short_value(-80.0), "-80");
        assert!(short_value(-0.123456).len() <= 6);
    }

    #[test]
    fn the_default_overlay_is_empty() {
        assert!(Overlay::default().is_empty());
    }

    #[test]
    fn text_renders_and_banners_fit_the_window() {
        let mut text = Text::new().unwrap();
        let image = text
            .render("+0.25", VALUES, [255, 255, 255])
            .unwrap()
            .clone();
        assert!(image.width() > 10 && image.height() > 8);
        assert!(
            image.data().chunks(4).any(|p| p[3] == 255),
            "some opaque pixels"
        );
        let card = banner(&mut text, "RED WINS", [200, 0, 0]).unwrap();
        assert!(card.width() < 640 && card.height() < 480);
        assert_eq!(card.pixel(0, 0)[3], 0, "rounded corner");
        assert!(card.pixel(card.width() / 2, 4)[3] > 200);
    }
}

//! The teaching overlay: what the extras draw over the game (never in the
//! default game, whose frames stay the Python's).
//!
//! Each column's value above the board (`--explain` for the computer's
//! move, H for the human's), the best columns in yellow; the move list in
//! the left margin (`--moves`); and the result banners of hot-seat games
//! (`--two-player`). The text comes from a [`Typesetter`] (SDL2_ttf in the
//! window build); without one, the overlay draws no text.

use crate::fourinrow::extras::history::Move;
use crate::fourinrow::port::board::Tile;
use crate::fourinrow::port::settings::{Layout, SPACESIZE, WINDOWWIDTH};
use crate::io::pixels::{blend, Display, RgbaImage};
use crate::io::{TextSize, Typesetter};

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
    /// Each column's exact result, when the engine knows it (the solver):
    /// shown instead of the values.
    pub results: Option<Vec<Option<String>>>,
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

/// A column's exact result, short enough for 50 pixels: "W 7" for "win
/// in 7", "D" for a draw, "L 12" for "loss in 12", "?" when nothing is
/// proven.
pub fn short_result(result: &str) -> String {
    if let Some(n) = result.strip_prefix("win in ") {
        format!("W {n}")
    } else if let Some(n) = result.strip_prefix("loss in ") {
        format!("L {n}")
    } else if result == "draw" {
        "D".to_string()
    } else {
        "?".to_string()
    }
}

/// Darkens a rectangle of the display, for text to stand out on: a black
/// image of the rectangle's size at `alpha`, blended as pygame blends.
fn shade(display: &mut Display, (x, y, w, h): (i32, i32, i32, i32), alpha: u8) {
    let (w, h) = (w.max(0) as usize, h.max(0) as usize);
    let pixels = [0, 0, 0, alpha].repeat(w * h);
    if let Some(veil) = RgbaImage::from_rgba(w, h, pixels) {
        display.blit(&veil, (x, y));
    }
}

/// Draws `image` with its centre at (cx, cy).
fn blit_centred(display: &mut Display, image: &RgbaImage, cx: i32, cy: i32) {
    display.blit(image, (cx - image.width() as i32 / 2, cy - image.height() as i32 / 2));
}

/// Draws the overlay over a finished frame, with `icons`, small red and
/// black tokens, in the move list. Not in the Python.
pub fn draw_overlay(
    display: &mut Display,
    layout: &Layout,
    overlay: &Overlay,
    text: &mut dyn Typesetter,
    icons: &[RgbaImage; 2],
) {
    if let Some(values) = &overlay.values {
        // A row above the path of the computer's token, or at the top edge.
        let cy = (layout.ymargin - SPACESIZE - 12).max(9);
        let left = layout.xmargin;
        let width = values.values.len() as i32 * SPACESIZE;
        shade(display, (left, cy - 9, width, 18), 140);
        for (column, &value) in values.values.iter().enumerate() {
            let color =
                if values.best.contains(&column) { [255, 220, 40] } else { [235, 235, 235] };
            let result = values.results.as_ref().and_then(|r| r.get(column)?.as_deref());
            let label = result.map_or_else(|| short_value(value), short_result);
            if let Some(image) = text.render(&label, TextSize::Values, color) {
                let cx = left + column as i32 * SPACESIZE + SPACESIZE / 2;
                blit_centred(display, &image, cx, cy);
            }
        }
        let what = if values.results.is_some() {
            "each column's result, W win or L loss in so many moves (best in yellow)"
        } else {
            "each column's value (best in yellow)"
        };
        let caption = if values.hint {
            format!("hint: {} to move, {what}", values.tile)
        } else {
            format!("{}'s last choice: {what}", values.tile)
        };
        if let Some(image) = text.render(&caption, TextSize::Small, [255, 255, 255]) {
            let x = (WINDOWWIDTH - image.width() as i32) / 2;
            display.blit(&image, (x, (cy - 9 - 15).max(0)));
        }
    }
    if let Some(moves) = &overlay.moves {
        draw_move_list(display, layout, moves, text, icons);
    }
}

/// The move list in the left margin: the latest moves, numbered from 1,
/// columns counted from 0 as in the code (the Gobang lab's step list).
fn draw_move_list(
    display: &mut Display,
    layout: &Layout,
    moves: &[Move],
    text: &mut dyn Typesetter,
    icons: &[RgbaImage; 2],
) {
    let width = layout.xmargin - 24;
    if width < 30 {
        return; // no room beside a board this wide
    }
    let (top, line) = (8, 16);
    let rows = ((layout.red_pile_rect.y - 30 - top) / line - 1).max(1) as usize;
    let first = moves.len().saturating_sub(rows);
    if let Some(image) = text.render("Moves", TextSize::Small, [255, 255, 255]) {
        display.blit(&image, (6, top));
    }
    for (row, (n, &(tile, column))) in moves.iter().enumerate().skip(first).enumerate() {
        let y = top + line * (row as i32 + 1);
        let label = if width >= 70 {
            format!("{:>2}. {tile} {column}", n + 1)
        } else {
            format!("{} {column}", n + 1)
        };
        display.blit(&icons[usize::from(tile == Tile::Black)], (6, y + 2));
        if let Some(image) = text.render(&label, TextSize::Small, [255, 255, 255]) {
            display.blit(&image, (22, y));
        }
    }
}

/// A result panel for a hot-seat game, where neither "HUMAN" nor
/// "COMPUTER" fits: a rounded, semi-transparent grey card with `message`,
/// at least `min_width` pixels wide.
pub fn banner(
    text: &mut dyn Typesetter,
    message: &str,
    color: [u8; 3],
    min_width: usize,
) -> Option<RgbaImage> {
    let words = text.render(message, TextSize::Banner, color)?;
    let hint = text.render("Click to continue.", TextSize::Small, [40, 40, 50])?;
    let (w, h) = (
        (words.width().max(hint.width()) + 48).max(min_width),
        words.height() + hint.height() + 36,
    );
    let mut data = vec![0u8; w * h * 4];
    let radius = 14.0_f64;
    for y in 0..h {
        for x in 0..w {
            // distance outside the rounded corners, for an anti-aliased edge
            let dx = (radius - x as f64 - 0.5).max(x as f64 + 0.5 - (w as f64 - radius)).max(0.0);
            let dy = (radius - y as f64 - 0.5).max(y as f64 + 0.5 - (h as f64 - radius)).max(0.0);
            let outside = (dx * dx + dy * dy).sqrt() - radius;
            let coverage = (0.5 - outside).clamp(0.0, 1.0);
            let i = (y * w + x) * 4;
            data[i..i + 4].copy_from_slice(&[225, 228, 235, (215.0 * coverage) as u8]);
        }
    }
    let card = RgbaImage::from_rgba(w, h, data)?;
    let card = paste(&card, &words, (w - words.width()) / 2, 14)?;
    paste(&card, &hint, (w - hint.width()) / 2, 14 + words.height() + 6)
}

/// `top` drawn over `base` at (x, y), alpha over alpha.
fn paste(base: &RgbaImage, top: &RgbaImage, x: usize, y: usize) -> Option<RgbaImage> {
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
    RgbaImage::from_rgba(w, h, data)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Letters as solid blocks: 6 pixels a character, 10 high (banners 30).
    struct Blocks;

    impl Typesetter for Blocks {
        fn render(&mut self, text: &str, size: TextSize, color: [u8; 3]) -> Option<RgbaImage> {
            let h = if size == TextSize::Banner { 30 } else { 10 };
            let w = 6 * text.chars().count().max(1);
            let [r, g, b] = color;
            RgbaImage::from_rgba(w, h, [r, g, b, 255].repeat(w * h))
        }
    }

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
    fn results_are_short_enough_for_a_column() {
        assert_eq!(short_result("win in 7"), "W 7");
        assert_eq!(short_result("loss in 12"), "L 12");
        assert_eq!(short_result("draw"), "D");
        assert_eq!(short_result("nothing forced within 9 moves"), "?");
    }

    #[test]
    fn the_default_overlay_is_empty() {
        assert!(Overlay::default().is_empty());
    }

    #[test]
    fn banners_fit_the_window_with_rounded_corners() {
        let card = banner(&mut Blocks, "RED WINS", [200, 0, 0], 0).unwrap();
        let wide = banner(&mut Blocks, "TIE", [0, 0, 0], card.width()).unwrap();
        assert_eq!((wide.width(), wide.height()), (card.width(), card.height()));
        assert!(card.width() < 640 && card.height() < 480);
        assert_eq!(card.pixel(0, 0)[3], 0, "rounded corner");
        assert!(card.pixel(card.width() / 2, 4)[3] > 200);
        // The words are pasted in, in their colour.
        assert_eq!(&card.pixel(card.width() / 2, 20)[..3], &[200, 0, 0]);
    }

    #[test]
    fn shading_darkens_as_pygame_blends() {
        let mut display = Display::new(4, 4);
        display.fill(crate::io::pixels::Rgb(200, 100, 50));
        shade(&mut display, (1, 1, 2, 2), 140);
        assert_eq!(display.pixel(0, 0), (200, 100, 50));
        let d = |v: u8| blend(0, v, 140);
        assert_eq!(display.pixel(1, 1), (d(200), d(100), d(50)));
        assert_eq!(display.pixel(3, 3), (200, 100, 50));
    }
}

//! `pygame.draw`'s `line`, `circle` and `rect`, as pygame 2.6.1 sets their
//! pixels (its `src_c/draw.c`): Gobang's board lines, star points and panel
//! blocks. Four in a Row draws none of them; they live here, beside the
//! blit and smoothscale arithmetic, because they are pygame's, not a game's.
//!
//! The integer arithmetic is pygame's own: a Bresenham line whose last
//! point is always drawn, and a filled circle built of horizontal spans
//! that reach one pixel further left and up than right and down (a circle
//! of radius 3 about (20, 20) covers x 17 to 22). tests/fixtures/gobang/draw.txt
//! holds what pygame 2.6.1 itself set for a set of calls, the oracle of the
//! tests below.

use crate::io::pixels::{Display, Rgb};

/// One pixel, if it is on the picture (pygame's `set_and_check_rect`).
fn set(display: &mut Display, x: i32, y: i32, color: Rgb) {
    display.fill_rect((x, y), (1, 1), color);
}

/// The span from `x1` to `x2` (both drawn) on row `y` (pygame's `drawhorzlineclipbounding`).
fn span(display: &mut Display, x1: i32, y: i32, x2: i32, color: Rgb) {
    let (from, to) = (x1.min(x2), x1.max(x2));
    display.fill_rect((from, y), (to - from + 1, 1), color);
}

/// `pygame.draw.line(surface, color, start, end)`, one pixel wide.
pub fn line(display: &mut Display, color: Rgb, start: (i32, i32), end: (i32, i32)) {
    let ((mut x1, mut y1), (x2, y2)) = (start, end);
    if y1 == y2 {
        span(display, x1, y1, x2, color);
        return;
    }
    if x1 == x2 {
        let (from, to) = (y1.min(y2), y1.max(y2));
        display.fill_rect((x1, from), (1, to - from + 1), color);
        return;
    }
    let (dx, sx) = ((x2 - x1).abs(), if x1 < x2 { 1 } else { -1 });
    let (dy, sy) = ((y2 - y1).abs(), if y1 < y2 { 1 } else { -1 });
    let mut err = if dx > dy { dx } else { -dy } / 2;
    while x1 != x2 || y1 != y2 {
        set(display, x1, y1, color);
        let e2 = err;
        if e2 > -dx {
            err -= dy;
            x1 += sx;
        }
        if e2 < dy {
            err += dx;
            y1 += sy;
        }
    }
    set(display, x2, y2, color);
}

/// `pygame.draw.circle(surface, color, center, radius)`, filled.
pub fn circle(display: &mut Display, color: Rgb, (x0, y0): (i32, i32), radius: i32) {
    if radius < 1 {
        // pygame draws nothing for a radius below 1.
        return;
    }
    let (mut f, mut ddf_x, mut ddf_y) = (1 - radius, 0, -2 * radius);
    let (mut x, mut y) = (0, radius);
    while x < y {
        if f >= 0 {
            y -= 1;
            ddf_y += 2;
            f += ddf_y;
        }
        x += 1;
        ddf_x += 2;
        f += ddf_x + 1;
        if f >= 0 {
            span(display, x0 - x, y0 + y - 1, x0 + x - 1, color);
            span(display, x0 - x, y0 - y, x0 + x - 1, color);
        }
        span(display, x0 - y, y0 + x - 1, x0 + y - 1, color);
        span(display, x0 - y, y0 - x, x0 + y - 1, color);
    }
}

/// `pygame.draw.rect(surface, color, (x, y, w, h), 0)`: filled.
pub fn rect(display: &mut Display, color: Rgb, (x, y, w, h): (i32, i32, i32, i32)) {
    display.fill_rect((x, y), (w, h), color);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One call of the fixture: its kind, its numbers, the pixels pygame set.
    type Call = (String, Vec<i32>, Vec<(usize, usize)>);

    /// The calls of tests/fixtures/gobang/draw.txt.
    fn fixture() -> Vec<Call> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/gobang/draw.txt");
        let text = std::fs::read_to_string(path).unwrap();
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let (call, set) = l.split_once(':').unwrap();
                let mut words = call.split_whitespace();
                let kind = words.next().unwrap().to_string();
                let args = words.map(|w| w.parse().unwrap()).collect();
                let pixels = set
                    .split_whitespace()
                    .map(|p| {
                        let (x, y) = p.split_once(',').unwrap();
                        (x.parse().unwrap(), y.parse().unwrap())
                    })
                    .collect();
                (kind, args, pixels)
            })
            .collect()
    }

    #[test]
    fn lines_and_circles_set_the_pixels_pygame_sets() {
        let cases = fixture();
        assert!(cases.len() >= 30, "the fixture holds circles of radius 0 to 18 and 12 lines");
        for (kind, args, want) in cases {
            let mut display = Display::new(41, 41);
            let white = Rgb(255, 255, 255);
            match kind.as_str() {
                "circle" => circle(&mut display, white, (args[0], args[1]), args[2]),
                "line" => line(&mut display, white, (args[0], args[1]), (args[2], args[3])),
                other => panic!("unknown call {other}"),
            }
            let got: Vec<(usize, usize)> = (0..41)
                .flat_map(|y| (0..41).map(move |x| (x, y)))
                .filter(|&(x, y)| display.pixel(x, y) != (0, 0, 0))
                .collect();
            assert_eq!(got, want, "{kind} {args:?}");
        }
    }

    #[test]
    fn rectangles_are_clipped_to_the_picture() {
        let mut display = Display::new(10, 6);
        rect(&mut display, Rgb(1, 2, 3), (-3, 4, 5, 9));
        let set: Vec<(usize, usize)> = (0..6)
            .flat_map(|y| (0..10).map(move |x| (x, y)))
            .filter(|&(x, y)| display.pixel(x, y) == (1, 2, 3))
            .collect();
        assert_eq!(set, vec![(0, 4), (1, 4), (0, 5), (1, 5)]);
        rect(&mut display, Rgb(9, 9, 9), (0, 0, 0, 3));
        assert_eq!(display.pixel(0, 0), (0, 0, 0), "a rectangle of width 0 draws nothing");
    }
}

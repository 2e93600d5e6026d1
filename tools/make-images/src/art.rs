//! The pictures of fourinrow (and, in [`gobang`], of the step-list
//! Gobang), each drawn from geometry and shading
//! formulas (tokens, board cell, arrow) and embedded-font text (panels).

use crate::canvas::{
    clamp01, cover, pow_int, sd_polygon, sd_round_rect, smoothstep, Canvas, Mask, Rgba,
};
use crate::text::{Fonts, Line};

/// Samples per pixel along each axis for the painted (non-text) layers.
const SS: usize = 6;

/// Direction towards the light (upper left, in front); unit length.
const LIGHT: [f32; 3] = [-0.4472136, -0.5962848, 0.6666667];

/// File names and drawing functions of every image, in a fixed order.
pub fn all(fonts: &Fonts) -> Vec<(&'static str, Canvas)> {
    vec![
        ("4rowred.png", token(&RED_TOKEN)),
        ("4rowblack.png", token(&BLACK_TOKEN)),
        ("4rowboard.png", board_cell()),
        ("4rowhumanwinner.png", human_winner(fonts)),
        ("4rowcomputerwinner.png", computer_winner(fonts)),
        ("4rowtie.png", tie(fonts)),
        ("4rowarrow.png", arrow(fonts)),
    ]
}

/// Normalises a 3-vector.
fn normalise(v: [f32; 3]) -> [f32; 3] {
    let len = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    [v[0] / len, v[1] / len, v[2] / len]
}

/// Dot product of two 3-vectors.
fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Surface normal of a radially symmetric relief at offset (dx, dy) from
/// its centre, given the outward tilt `tilt` (-1..1; negative faces the centre).
fn radial_normal(dx: f32, dy: f32, tilt: f32) -> [f32; 3] {
    let r = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = if r > 1e-4 { (dx / r, dy / r) } else { (0.0, 0.0) };
    let t = tilt.clamp(-0.98, 0.98);
    [t * ux, t * uy, (1.0 - t * t).sqrt()]
}

/// Diffuse brightness factor of a surface with normal `n`: exactly 1 for a
/// flat surface, brighter facing the light, darker facing away.
fn diffuse(n: [f32; 3], ambient: f32) -> f32 {
    let lambert = dot(n, LIGHT).max(0.0);
    ambient + (1.0 - ambient) * lambert / LIGHT[2]
}

/// Blinn-Phong specular term for normal `n` with integer exponent `power`.
fn specular(n: [f32; 3], power: u32) -> f32 {
    let half = normalise([LIGHT[0], LIGHT[1], LIGHT[2] + 1.0]);
    pow_int(dot(n, half).max(0.0), power)
}

/// Colours and gloss strengths of one token.
pub struct TokenPalette {
    /// Colour of the recessed centre face.
    face: Rgba,
    /// Colour of the raised rim around it.
    rim: Rgba,
    /// Colour of the thin line on the token's very edge.
    edge: Rgba,
    /// Strength of the specular highlights.
    shine: f32,
    /// Opacity of the soft gloss reflection on the face.
    gloss: f32,
}

/// The human player's red token.
pub const RED_TOKEN: TokenPalette = TokenPalette {
    face: Rgba { r: 0.86, g: 0.10, b: 0.12, a: 1.0 },
    rim: Rgba { r: 0.74, g: 0.06, b: 0.08, a: 1.0 },
    edge: Rgba { r: 0.36, g: 0.0, b: 0.02, a: 1.0 },
    shine: 0.75,
    gloss: 0.30,
};

/// The computer's black token.
pub const BLACK_TOKEN: TokenPalette = TokenPalette {
    face: Rgba { r: 0.20, g: 0.20, b: 0.22, a: 1.0 },
    rim: Rgba { r: 0.13, g: 0.13, b: 0.145, a: 1.0 },
    edge: Rgba { r: 0.03, g: 0.03, b: 0.035, a: 1.0 },
    shine: 0.65,
    gloss: 0.22,
};

/// Outer radius of a token at 100 px scale.
const TOKEN_RADIUS: f32 = 49.6;
/// Radius where a token's recessed face meets the inner wall of its rim.
const FACE_RADIUS: f32 = 27.0;
/// Radius of the crest of a token's rim.
const CREST_RADIUS: f32 = 35.0;

/// A 100 x 100 token: a glossy disc with a raised rim around a slightly
/// dished face, lit from the upper left, transparent outside the disc.
pub fn token(p: &TokenPalette) -> Canvas {
    let mut c = Canvas::new(100, 100);
    c.paint(SS, |x, y, step| {
        let (dx, dy) = (x - 50.0, y - 50.0);
        let r = (dx * dx + dy * dy).sqrt();
        let coverage = cover(r - TOKEN_RADIUS, step);
        if coverage <= 0.0 {
            return Rgba::CLEAR;
        }
        // Profile: dished face, inner wall rising to the crest, rounded
        // outer shoulder falling steeply to the edge.
        let tilt = if r < FACE_RADIUS {
            -0.12 * r / FACE_RADIUS
        } else if r < CREST_RADIUS {
            let t = (r - FACE_RADIUS) / (CREST_RADIUS - FACE_RADIUS);
            -0.12 * (1.0 - t) - 0.55 * 4.0 * t * (1.0 - t)
        } else {
            let t = (r - CREST_RADIUS) / (TOKEN_RADIUS - CREST_RADIUS);
            0.92 * t * t.sqrt()
        };
        let n = radial_normal(dx, dy, tilt);
        let base = p.face.mix(p.rim, smoothstep(FACE_RADIUS, CREST_RADIUS, r));
        let vertical = 1.12 - 0.24 * y / 100.0;
        let mut col = base.shade(diffuse(n, 0.45) * vertical);
        col = col.mix(p.edge, smoothstep(TOKEN_RADIUS - 3.0, TOKEN_RADIUS, r));
        let white = Rgba::rgb8(255, 255, 255);
        col = col.mix(white, p.shine * specular(n, 24));
        // Soft elliptical reflection on the upper face.
        let ex = (x - 45.0) / 22.0;
        let ey = (y - 34.0) / 12.0;
        let e = ex * ex + ey * ey;
        let gloss = p.gloss * (1.0 - smoothstep(0.15, 1.0, e)) * (1.0 - smoothstep(24.0, 27.0, r));
        col = col.mix(white, gloss);
        col.fade(coverage)
    });
    c
}

/// Radius of the see-through hole in a board cell.
pub const HOLE_RADIUS: f32 = 40.0;
/// Outer radius of the bevel that slopes down into the hole.
const HOLE_BEVEL: f32 = 47.0;
/// Width of the bevelled frame along the cell's edges.
const FRAME: f32 = 4.0;

/// A 100 x 100 board cell: an opaque periwinkle square with a bevelled
/// frame and a bevelled, fully transparent round hole in the middle.
pub fn board_cell() -> Canvas {
    let face = Rgba::rgb8(150, 170, 243);
    let light = Rgba::rgb8(198, 204, 255);
    let dark = Rgba::rgb8(104, 128, 228);
    let shadow = Rgba::rgb8(96, 118, 222);
    let lip = Rgba::rgb8(88, 108, 212);
    let mut c = Canvas::new(100, 100);
    c.paint(SS, |x, y, step| {
        let (dx, dy) = (x - 50.0, y - 50.0);
        let r = (dx * dx + dy * dy).sqrt();
        let coverage = cover(HOLE_RADIUS - r, step);
        if coverage <= 0.0 {
            return Rgba::CLEAR;
        }
        // Frame: lit on the top and left edges, shaded on the bottom and right.
        let near = x.min(y).min(100.0 - x).min(100.0 - y);
        let mut col = if near < FRAME {
            if x.min(y) <= (100.0 - x).min(100.0 - y) {
                light
            } else {
                dark
            }
        } else {
            face
        };
        // Bevel sloping down into the hole, then a darker lip at its edge.
        if r < HOLE_BEVEL {
            let t = (HOLE_BEVEL - r) / (HOLE_BEVEL - HOLE_RADIUS);
            let n = radial_normal(dx, dy, -0.75 * t.sqrt());
            let d = diffuse(n, 0.5);
            col = if d < 1.0 {
                face.mix(shadow, (1.0 - d) * 2.0)
            } else {
                face.mix(light, (d - 1.0) * 4.0)
            };
            col = col.mix(lip, smoothstep(HOLE_RADIUS + 1.8, HOLE_RADIUS, r));
        }
        col.fade(coverage)
    });
    c
}

/// Colours of the big word on a result panel.
struct Word<'a> {
    /// The word.
    text: &'a str,
    /// Fill colour at its top.
    top: Rgba,
    /// Fill colour at its bottom.
    bottom: Rgba,
    /// Outline colour.
    outline: Rgba,
}

/// Paints a soft drop shadow of `shape` moved by (dx, dy).
fn drop_shadow(c: &mut Canvas, shape: &Mask, dx: isize, dy: isize, blur: usize, alpha: f32) {
    let shadow = shape.shifted(dx, dy).blur(blur);
    c.fill_mask(&shadow, |_, _| Rgba::rgb8(0, 0, 20).fade(alpha));
}

/// The rounded, semi-transparent light-grey panel filling a `w` x `h` image.
fn panel(w: usize, h: usize) -> Canvas {
    let mut c = Canvas::new(w, h);
    let (x0, y0, x1, y1) = (2.0, 2.0, w as f32 - 5.0, h as f32 - 5.0);
    let radius = 16.0;
    let body = Mask::from_fn(w, h, SS, |x, y, step| {
        cover(sd_round_rect(x, y, x0, y0, x1, y1, radius), step)
    });
    drop_shadow(&mut c, &body, 3, 3, 1, 0.45);
    let top = Rgba::rgb8(242, 243, 247);
    let bottom = Rgba::rgb8(204, 206, 216);
    let border = Rgba::rgb8(96, 100, 124);
    let height = y1 - y0;
    c.paint(SS, |x, y, step| {
        let sd = sd_round_rect(x, y, x0, y0, x1, y1, radius);
        let coverage = cover(sd, step);
        if coverage <= 0.0 {
            return Rgba::CLEAR;
        }
        let t = clamp01((y - y0) / height);
        let mut col = top.mix(bottom, t).fade(0.88);
        // A white inner highlight just inside the border, strongest on top.
        let hl = smoothstep(-5.5, -4.0, sd) * (1.0 - smoothstep(-4.0, -3.0, sd));
        col = col.mix(Rgba::rgb8(255, 255, 255), hl * (0.9 - 0.7 * t));
        col = col.mix(border, cover(-3.0 - sd, step));
        col.fade(coverage)
    });
    c
}

/// Paints `line` centred on (cx, cy) with a vertical gradient fill, a
/// soft shadow and, if `outline` is given, a stroke of that width and colour.
fn paint_text(
    c: &mut Canvas,
    line: Line,
    cx: f32,
    cy: f32,
    fill: (Rgba, Rgba),
    outline: Option<(f32, Rgba)>,
    shadow: f32,
) {
    let mask = line.mask_centred(c.width, c.height, cx, cy);
    let stroke = outline.map(|(width, colour)| (mask.dilate(width), colour));
    let silhouette = stroke.as_ref().map_or(&mask, |(m, _)| m);
    if shadow > 0.0 {
        drop_shadow(c, silhouette, 2, 2, 1, shadow);
    }
    if let Some((m, colour)) = &stroke {
        c.fill_mask(m, |_, _| *colour);
    }
    let half = line.cap_height() * 0.5;
    let (top, bottom) = fill;
    c.fill_mask(&mask, |_, y| top.mix(bottom, (y - (cy - half)) / (2.0 * half)));
}

/// A result panel: "Winner:" (optional), the big word, and the hint.
fn result_panel(fonts: &Fonts, w: usize, h: usize, heading: bool, word: &Word) -> Canvas {
    let mut c = panel(w, h);
    let (wf, hf) = (w as f32, h as f32);
    let ink = Rgba::rgb8(52, 56, 76);
    let small_y = hf - 25.0;
    let hint = Line { font: &fonts.regular, size: 17.0, text: "Click to continue." };
    paint_text(&mut c, hint, wf * 0.5 - 1.5, small_y, (ink, ink), None, 0.0);
    let big_top = if heading {
        let title = Line { font: &fonts.bold, size: 26.0, text: "Winner:" };
        paint_text(&mut c, title, wf * 0.5 - 1.5, 28.0, (ink, ink), None, 0.0);
        42.0
    } else {
        10.0
    };
    let big = Line { font: &fonts.bold, size: 0.0, text: word.text }.fit(hf * 0.55, wf - 44.0);
    let big_y = (big_top + small_y - 12.0) * 0.5;
    paint_text(
        &mut c,
        big,
        wf * 0.5 - 1.5,
        big_y,
        (word.top, word.bottom),
        Some((2.2, word.outline)),
        0.5,
    );
    c
}

/// 281 x 163: "Winner:" / red "HUMAN" / "Click to continue.".
pub fn human_winner(fonts: &Fonts) -> Canvas {
    let word = Word {
        text: "HUMAN",
        top: Rgba::rgb8(255, 86, 80),
        bottom: Rgba::rgb8(196, 10, 18),
        outline: Rgba::rgb8(92, 0, 6),
    };
    result_panel(fonts, 281, 163, true, &word)
}

/// 379 x 173: "Winner:" / black "COMPUTER" / "Click to continue.".
pub fn computer_winner(fonts: &Fonts) -> Canvas {
    let word = Word {
        text: "COMPUTER",
        top: Rgba::rgb8(84, 86, 96),
        bottom: Rgba::rgb8(16, 16, 20),
        outline: Rgba::rgb8(236, 238, 245),
    };
    result_panel(fonts, 379, 173, true, &word)
}

/// 207 x 119: yellow "TIE" / "Click to continue.".
pub fn tie(fonts: &Fonts) -> Canvas {
    let word = Word {
        text: "TIE",
        top: Rgba::rgb8(255, 236, 90),
        bottom: Rgba::rgb8(244, 176, 0),
        outline: Rgba::rgb8(110, 70, 0),
    };
    result_panel(fonts, 207, 119, false, &word)
}

/// Outline of the arrow (pointing left), before its corners are rounded.
const ARROW: [(f32, f32); 7] = [
    (8.0, 50.0),
    (66.0, 14.0),
    (66.0, 31.0),
    (244.0, 31.0),
    (244.0, 69.0),
    (66.0, 69.0),
    (66.0, 86.0),
];
/// How far the arrow's edges are pushed out (rounding its corners).
const ARROW_ROUND: f32 = 2.5;

/// 250 x 100: a glossy red arrow pointing left with "Drag token over
/// board." in white on its shaft.
pub fn arrow(fonts: &Fonts) -> Canvas {
    let mut c = Canvas::new(250, 100);
    let body = Mask::from_fn(250, 100, SS, |x, y, step| {
        cover(sd_polygon(x, y, &ARROW) - ARROW_ROUND, step)
    });
    drop_shadow(&mut c, &body, 2, 3, 1, 0.5);
    let top = Rgba::rgb8(255, 92, 84);
    let bottom = Rgba::rgb8(178, 8, 16);
    let edge = Rgba::rgb8(96, 0, 6);
    c.paint(SS, |x, y, step| {
        let sd = sd_polygon(x, y, &ARROW) - ARROW_ROUND;
        let coverage = cover(sd, step);
        if coverage <= 0.0 {
            return Rgba::CLEAR;
        }
        let t = clamp01((y - 12.0) / 76.0);
        let mut col = top.mix(bottom, t);
        // Glassy sheen over the upper part of the body.
        let sheen = (1.0 - smoothstep(44.0, 50.0, y)) * smoothstep(-4.5, -6.0, sd);
        col = col.mix(Rgba::rgb8(255, 255, 255), 0.22 * sheen);
        col = col.mix(edge, cover(-2.2 - sd, step));
        col.fade(coverage)
    });
    let label = Line { font: &fonts.condensed_bold, size: 0.0, text: "Drag token over board." }
        .fit(20.0, 188.0);
    let white = Rgba::rgb8(255, 255, 255);
    paint_text(
        &mut c,
        label,
        138.0,
        50.0,
        (white, Rgba::rgb8(255, 232, 228)),
        Some((1.6, Rgba::rgb8(110, 0, 8))),
        0.0,
    );
    c
}

/// The step-list Gobang's six images, by their paths under `images/`.
pub fn gobang(fonts: &Fonts) -> Vec<(&'static str, Canvas)> {
    vec![
        ("gobang/black.png", stone(24, &BLACK_STONE)),
        ("gobang/white.png", stone(24, &WHITE_STONE)),
        ("gobang/black_small.png", stone(12, &BLACK_STONE)),
        ("gobang/white_small.png", stone(12, &WHITE_STONE)),
        ("gobang/restart.png", restart(fonts)),
        ("gobang/logo.png", logo()),
    ]
}

/// Colours of a Go stone: its body, the colour its highlight turns to, and
/// how strong the highlight is.
pub struct StonePalette {
    /// The stone's own colour where the light does not reach.
    body: Rgba,
    /// The colour of its shine.
    shine: Rgba,
    /// How much of the shine shows at its brightest.
    gloss: f32,
}

/// A glossy black stone: slate with a soft grey highlight.
pub const BLACK_STONE: StonePalette = StonePalette {
    body: Rgba { r: 0.05, g: 0.05, b: 0.06, a: 1.0 },
    shine: Rgba { r: 0.62, g: 0.63, b: 0.66, a: 1.0 },
    gloss: 0.85,
};

/// A glossy white stone: shell white, shaded to grey at its lower edge.
pub const WHITE_STONE: StonePalette = StonePalette {
    body: Rgba { r: 0.80, g: 0.80, b: 0.78, a: 1.0 },
    shine: Rgba { r: 1.0, g: 1.0, b: 1.0, a: 1.0 },
    gloss: 1.0,
};

/// A `size` x `size` Go stone: a lens-shaped disc lit from the upper left,
/// transparent outside its circle.
pub fn stone(size: usize, p: &StonePalette) -> Canvas {
    let mut c = Canvas::new(size, size);
    let s = size as f32;
    c.paint(SS, |x, y, step| stone_at(x - s * 0.5, y - s * 0.5, s * 0.5 - 0.3, p, step));
    c
}

/// The colour of a stone of `radius` at offset (dx, dy) from its centre.
fn stone_at(dx: f32, dy: f32, radius: f32, p: &StonePalette, step: f32) -> Rgba {
    let r = (dx * dx + dy * dy).sqrt();
    let coverage = cover(r - radius, step);
    if coverage <= 0.0 {
        return Rgba::CLEAR;
    }
    // A lens: flat in the middle, curving down to the edge.
    let t = clamp01(r / radius);
    let n = radial_normal(dx, dy, 0.85 * t * t);
    let mut col = p.body.shade(diffuse(n, 0.55).min(1.25));
    // A broad shine towards the light, and a small sharp one.
    let d = radius * 2.0;
    let (hx, hy) = ((dx + d * 0.14) / (d * 0.30), (dy + d * 0.17) / (d * 0.26));
    let broad = 1.0 - smoothstep(0.0, 1.0, hx * hx + hy * hy);
    col = col.mix(p.shine, p.gloss * 0.55 * broad);
    col = col.mix(Rgba::rgb8(255, 255, 255), p.gloss * 0.6 * specular(n, 18));
    // A thin darker rim, so that white stones stand out.
    col = col.mix(p.body.shade(0.55), smoothstep(radius - 1.2, radius, r));
    col.fade(coverage)
}

/// 300 x 60: the "press F1" banner shown over the board when a game ends.
pub fn restart(fonts: &Fonts) -> Canvas {
    let (w, h) = (300usize, 60usize);
    let mut c = Canvas::new(w, h);
    let (x0, y0, x1, y1) = (2.0, 2.0, w as f32 - 4.0, h as f32 - 4.0);
    let body = Mask::from_fn(w, h, SS, |x, y, step| {
        cover(sd_round_rect(x, y, x0, y0, x1, y1, 12.0), step)
    });
    drop_shadow(&mut c, &body, 2, 2, 1, 0.45);
    let top = Rgba::rgb8(60, 66, 78);
    let bottom = Rgba::rgb8(28, 30, 38);
    let border = Rgba::rgb8(214, 176, 96);
    c.paint(SS, |x, y, step| {
        let sd = sd_round_rect(x, y, x0, y0, x1, y1, 12.0);
        let coverage = cover(sd, step);
        if coverage <= 0.0 {
            return Rgba::CLEAR;
        }
        let t = clamp01((y - y0) / (y1 - y0));
        let mut col = top.mix(bottom, t).fade(0.92);
        col = col.mix(border, cover(-2.0 - sd, step));
        col.fade(coverage)
    });
    let ink = Rgba::rgb8(250, 236, 200);
    let line =
        Line { font: &fonts.bold, size: 0.0, text: "Press F1 to play again" }.fit(24.0, 250.0);
    paint_text(&mut c, line, w as f32 * 0.5, h as f32 * 0.5 - 1.0, (ink, ink), None, 0.4);
    c
}

/// 32 x 32: the window's icon, a black and a white stone on a board's corner.
pub fn logo() -> Canvas {
    let mut c = Canvas::new(32, 32);
    c.paint(SS, |x, y, step| {
        let coverage = cover(sd_round_rect(x, y, 1.0, 1.0, 31.0, 31.0, 5.0), step);
        if coverage <= 0.0 {
            return Rgba::CLEAR;
        }
        let line = |v: f32| 1.0 - smoothstep(0.4, 1.0, (v - 16.0).abs());
        let wood = Rgba::rgb8(214, 170, 96);
        wood.mix(Rgba::rgb8(40, 30, 20), 0.8 * line(x).max(line(y))).fade(coverage)
    });
    c.paint(SS, |x, y, step| stone_at(x - 11.0, y - 11.0, 8.0, &BLACK_STONE, step));
    c.paint(SS, |x, y, step| stone_at(x - 21.0, y - 21.0, 8.0, &WHITE_STONE, step));
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Alpha of pixel (x, y) in an 8-bit RGBA buffer of width `w`.
    fn alpha(rgba: &[u8], w: usize, x: usize, y: usize) -> u8 {
        rgba[(y * w + x) * 4 + 3]
    }

    /// Gobang's six have the sizes of the step-list Gobang's images.
    #[test]
    fn gobang_sizes_match_the_reference() {
        let fonts = Fonts::load().unwrap();
        let sizes: Vec<(&str, usize, usize)> =
            gobang(&fonts).iter().map(|(n, c)| (*n, c.width, c.height)).collect();
        assert_eq!(
            sizes,
            vec![
                ("gobang/black.png", 24, 24),
                ("gobang/white.png", 24, 24),
                ("gobang/black_small.png", 12, 12),
                ("gobang/white_small.png", 12, 12),
                ("gobang/restart.png", 300, 60),
                ("gobang/logo.png", 32, 32),
            ]
        );
        // Stones are round: clear corners, opaque centres.
        for (_, c) in &gobang(&fonts)[..4] {
            let rgba = c.to_rgba8();
            assert_eq!(alpha(&rgba, c.width, 0, 0), 0);
            assert_eq!(alpha(&rgba, c.width, c.width / 2, c.height / 2), 255);
        }
    }

    /// The seven images have the names and sizes the game loads.
    #[test]
    fn sizes_match_the_game() {
        let fonts = Fonts::load().unwrap();
        let sizes: Vec<(&str, usize, usize)> =
            all(&fonts).iter().map(|(n, c)| (*n, c.width, c.height)).collect();
        assert_eq!(
            sizes,
            vec![
                ("4rowred.png", 100, 100),
                ("4rowblack.png", 100, 100),
                ("4rowboard.png", 100, 100),
                ("4rowhumanwinner.png", 281, 163),
                ("4rowcomputerwinner.png", 379, 173),
                ("4rowtie.png", 207, 119),
                ("4rowarrow.png", 250, 100),
            ]
        );
    }

    /// Tokens are opaque discs with clear corners and an anti-aliased edge.
    #[test]
    fn tokens_are_discs() {
        for palette in [&RED_TOKEN, &BLACK_TOKEN] {
            let px = token(palette).to_rgba8();
            for (x, y) in [(0, 0), (99, 0), (0, 99), (99, 99), (8, 8)] {
                assert_eq!(alpha(&px, 100, x, y), 0, "corner ({x},{y})");
            }
            for (x, y) in [(50, 50), (50, 2), (2, 50), (97, 50), (50, 97)] {
                assert_eq!(alpha(&px, 100, x, y), 255, "inside ({x},{y})");
            }
            // The edge is anti-aliased: some partly covered pixels exist.
            let partial = px.chunks(4).filter(|p| p[3] > 0 && p[3] < 255).count();
            assert!(partial > 40, "only {partial} edge pixels");
        }
    }

    /// Each token's centre has its player's colour.
    #[test]
    fn red_token_is_red_and_black_token_is_dark() {
        let red = token(&RED_TOKEN).to_rgba8();
        let black = token(&BLACK_TOKEN).to_rgba8();
        let i = (50 * 100 + 50) * 4;
        assert!(red[i] > 150 && red[i + 1] < 60 && red[i + 2] < 60);
        assert!(black[i] < 90 && black[i + 1] < 90 && black[i + 2] < 90);
    }

    /// The board cell is opaque except for its see-through hole.
    #[test]
    fn board_cell_has_a_clear_hole_in_an_opaque_square() {
        let px = board_cell().to_rgba8();
        for (x, y) in [(50, 50), (50, 12), (12, 50), (75, 75), (25, 25)] {
            assert_eq!(alpha(&px, 100, x, y), 0, "hole ({x},{y})");
        }
        for (x, y) in [(0, 0), (99, 0), (0, 99), (99, 99), (50, 0), (50, 8), (14, 14)] {
            assert_eq!(alpha(&px, 100, x, y), 255, "frame ({x},{y})");
        }
        // Opaque everywhere outside the hole's anti-aliased edge.
        for y in 0..100 {
            for x in 0..100 {
                let (dx, dy) = (x as f32 + 0.5 - 50.0, y as f32 + 0.5 - 50.0);
                if (dx * dx + dy * dy).sqrt() > HOLE_RADIUS + 1.0 {
                    assert_eq!(alpha(&px, 100, x, y), 255, "({x},{y})");
                }
            }
        }
    }

    /// Result panels have rounded clear corners, a solid border and a see-through body.
    #[test]
    fn panels_are_transparent_in_the_corners_and_solid_on_the_border() {
        let fonts = Fonts::load().unwrap();
        for (name, c) in all(&fonts).into_iter().skip(3).take(3) {
            let px = c.to_rgba8();
            assert_eq!(alpha(&px, c.width, 0, 0), 0, "{name}");
            assert_eq!(alpha(&px, c.width, c.width / 2, 3), 255, "{name}");
            let middle = alpha(&px, c.width, 12, c.height / 2);
            assert!(middle > 150 && middle < 255, "{name}: {middle}");
        }
    }

    /// Drawing twice gives identical pixels.
    #[test]
    fn drawing_is_deterministic() {
        let fonts = Fonts::load().unwrap();
        let first: Vec<Vec<u8>> = all(&fonts).iter().map(|(_, c)| c.to_rgba8()).collect();
        let second: Vec<Vec<u8>> = all(&fonts).iter().map(|(_, c)| c.to_rgba8()).collect();
        assert_eq!(first, second);
    }
}

//! Text set in the embedded DejaVu Sans fonts and rasterised to coverage
//! masks by `ab_glyph` (analytic, anti-aliased coverage).

use crate::canvas::Mask;
use ab_glyph::{point, Font, FontRef, GlyphId, PxScale, ScaleFont};

/// The typefaces the images use, parsed from the `dejavu` crate's bytes.
pub struct Fonts {
    /// DejaVu Sans Bold, for headings and the big words.
    pub bold: FontRef<'static>,
    /// DejaVu Sans (book weight), for small print.
    pub regular: FontRef<'static>,
    /// DejaVu Sans Condensed Bold, for the arrow's narrow label.
    pub condensed_bold: FontRef<'static>,
}

impl Fonts {
    /// Parses the embedded fonts; fails only if the font data is corrupt.
    pub fn load() -> Result<Fonts, String> {
        let parse = |name: &str, bytes: &'static [u8]| {
            FontRef::try_from_slice(bytes).map_err(|e| format!("embedded font {name}: {e}"))
        };
        Ok(Fonts {
            bold: parse("DejaVu Sans Bold", dejavu::sans::bold())?,
            regular: parse("DejaVu Sans", dejavu::sans::regular())?,
            condensed_bold: parse("DejaVu Sans Condensed Bold", dejavu::sans_condensed::bold())?,
        })
    }
}

/// One line of text in one font at one pixel size.
#[derive(Clone, Copy)]
pub struct Line<'a> {
    /// The typeface.
    pub font: &'a FontRef<'static>,
    /// Pixel scale as `ab_glyph` counts it (ascent minus descent).
    pub size: f32,
    /// The characters.
    pub text: &'a str,
}

/// Ink extent of a laid-out line, relative to its pen origin on the baseline.
#[derive(Clone, Copy, Debug)]
struct Ink {
    /// Leftmost inked x.
    left: f32,
    /// Rightmost inked x.
    right: f32,
}

impl<'a> Line<'a> {
    /// Glyph ids and pen x positions for the line, kerning included.
    fn layout(&self) -> Vec<(GlyphId, f32)> {
        let scaled = self.font.as_scaled(PxScale::from(self.size));
        let mut pen = 0.0;
        let mut prev: Option<GlyphId> = None;
        let mut out = Vec::new();
        for ch in self.text.chars() {
            let id = scaled.glyph_id(ch);
            if let Some(p) = prev {
                pen += scaled.kern(p, id);
            }
            out.push((id, pen));
            pen += scaled.h_advance(id);
            prev = Some(id);
        }
        out
    }

    /// Horizontal ink extent of the line drawn with its pen origin at 0.
    fn ink(&self) -> Ink {
        let mut ink = Ink { left: f32::MAX, right: f32::MIN };
        for (id, x) in self.layout() {
            let glyph = id.with_scale_and_position(self.size, point(x, 0.0));
            if let Some(outline) = self.font.outline_glyph(glyph) {
                let b = outline.px_bounds();
                ink.left = ink.left.min(b.min.x);
                ink.right = ink.right.max(b.max.x);
            }
        }
        if ink.left > ink.right {
            Ink { left: 0.0, right: 0.0 }
        } else {
            ink
        }
    }

    /// Width of the line's ink in pixels.
    pub fn ink_width(&self) -> f32 {
        let ink = self.ink();
        ink.right - ink.left
    }

    /// Height of a capital letter (the ink of "H") at this size.
    pub fn cap_height(&self) -> f32 {
        let id = self.font.glyph_id('H');
        let glyph = id.with_scale_and_position(self.size, point(0.0, 0.0));
        match self.font.outline_glyph(glyph) {
            Some(o) => -o.px_bounds().min.y,
            None => self.size * 0.7,
        }
    }

    /// The same line at the largest size not above `max_size` whose ink
    /// fits in `max_width` pixels.
    pub fn fit(self, max_size: f32, max_width: f32) -> Line<'a> {
        let probe = Line { size: max_size, ..self };
        let w = probe.ink_width();
        let size = if w > max_width { max_size * max_width / w } else { max_size };
        Line { size, ..self }
    }

    /// A `width` x `height` coverage mask with the line's ink centred
    /// horizontally on `cx` and its capitals centred vertically on `cy`.
    pub fn mask_centred(&self, width: usize, height: usize, cx: f32, cy: f32) -> Mask {
        let ink = self.ink();
        let origin_x = cx - (ink.left + ink.right) * 0.5;
        let baseline = cy + self.cap_height() * 0.5;
        let mut mask = Mask::new(width, height);
        for (id, x) in self.layout() {
            let glyph = id.with_scale_and_position(self.size, point(origin_x + x, baseline));
            if let Some(outline) = self.font.outline_glyph(glyph) {
                let b = outline.px_bounds();
                let (bx, by) = (b.min.x as isize, b.min.y as isize);
                outline.draw(|gx, gy, c| {
                    mask.add(bx + gx as isize, by + gy as isize, c);
                });
            }
        }
        mask
    }
}

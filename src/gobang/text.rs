//! Gobang's text: DejaVu Sans for everything the step-list's Python
//! writes (as its `pygame.font.Font` does), and a subset of Noto Sans CJK
//! SC for the undo-lab preset's Chinese labels. Both are built into the
//! binary; `fonts/README.md` says where the CJK subset comes from.

use std::collections::HashMap;

use sdl2::ttf::{Font, Sdl2TtfContext};

use crate::error::Error;
use crate::io::pixels::RgbaImage;
use crate::io::text::{load_font, render_blended, Fonts};
use crate::io::{TextSize, Typesetter};

/// Noto Sans CJK SC Regular, cut down to the characters of the lab's
/// Chinese labels (SIL Open Font License 1.1, `fonts/OFL.txt`).
pub static CJK_FONT: &[u8] = include_bytes!("../../fonts/NotoSansCJKsc-Regular-subset.otf");

/// DejaVu Sans for ASCII text, the CJK subset for any other.
pub struct Text {
    dejavu: Fonts,
    context: &'static Sdl2TtfContext,
    /// The CJK font at each size asked for, loaded when first asked.
    cjk: HashMap<u16, Font<'static, 'static>>,
    cache: HashMap<(String, u16, [u8; 3]), RgbaImage>,
}

impl Text {
    /// Starts SDL2_ttf with both fonts. Like [`Fonts::new`], it leaks one
    /// ttf context for the whole run, so its fonts can be kept anywhere.
    pub fn new() -> Result<Text, Error> {
        let context: &'static Sdl2TtfContext = Box::leak(Box::new(
            sdl2::ttf::init().map_err(|e| Error::Sdl(format!("cannot start SDL2_ttf: {e}")))?,
        ));
        Ok(Text { dejavu: Fonts::new()?, context, cjk: HashMap::new(), cache: HashMap::new() })
    }

    /// The CJK font at `points`.
    fn cjk(&mut self, points: u16) -> Result<&Font<'static, 'static>, Error> {
        if !self.cjk.contains_key(&points) {
            let font = load_font(self.context, CJK_FONT, points, "CJK font")?;
            self.cjk.insert(points, font);
        }
        self.cjk.get(&points).ok_or_else(|| Error::Internal("the CJK font went missing".into()))
    }

    /// Whether the CJK font has a glyph for every character of `text`.
    pub fn cjk_covers(&mut self, text: &str) -> bool {
        self.cjk(12).is_ok_and(|font| text.chars().all(|c| font.find_glyph(c).is_some()))
    }
}

impl Typesetter for Text {
    fn render(&mut self, text: &str, size: TextSize, color: [u8; 3]) -> Option<RgbaImage> {
        let TextSize::Regular(points) = size else {
            return self.dejavu.render(text, size, color);
        };
        if text.is_ascii() {
            return self.dejavu.render(text, size, color);
        }
        let key = (text.to_string(), points, color);
        if let Some(image) = self.cache.get(&key) {
            return Some(image.clone());
        }
        let image = render_blended(self.cjk(points).ok()?, text, color)?;
        self.cache.insert(key, image.clone());
        Some(image)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gobang::extras::undo_lab::Lang;

    #[test]
    fn the_cjk_subset_has_every_character_of_the_chinese_labels() {
        let mut text = Text::new().unwrap();
        for label in Lang::Zh.texts() {
            assert!(text.cjk_covers(label), "the CJK subset lacks a character of {label}");
            let image = text.render(label, TextSize::Regular(24), [0, 0, 0]).unwrap();
            let inked = image.data().chunks(4).filter(|p| p[3] > 128).count();
            assert!(inked > 20 * label.chars().count(), "{label}: {inked} pixels");
        }
        assert!(!text.cjk_covers("悔棋人"), "a character left out of the subset");
        // ASCII text is DejaVu Sans's, pixel for pixel.
        let mut fonts = Fonts::new().unwrap();
        let size = TextSize::Regular(20);
        assert_eq!(
            text.render("Next Black", size, [1, 2, 3]),
            fonts.render("Next Black", size, [1, 2, 3])
        );
    }
}

//! Text for the extras' overlay, drawn by SDL2_ttf with DejaVu Sans, which
//! is built into the binary through the `dejavu` crate.

use std::collections::HashMap;

use sdl2::pixels::Color;
use sdl2::rwops::RWops;
use sdl2::ttf::{Font, Sdl2TtfContext};

use crate::error::Error;
use crate::io::images::surface_to_rgba;
use crate::io::pixels::RgbaImage;
use crate::io::{TextSize, Typesetter};

/// SDL2_ttf and the three fonts, with every string rendered kept for reuse.
pub struct Fonts {
    small: Font<'static, 'static>,
    values: Font<'static, 'static>,
    banner: Font<'static, 'static>,
    /// DejaVu Sans at each size asked for ([`TextSize::Regular`]), loaded when first asked.
    regular: HashMap<u16, Font<'static, 'static>>,
    context: &'static Sdl2TtfContext,
    cache: HashMap<(String, TextSize, [u8; 3]), RgbaImage>,
}

impl Fonts {
    /// Starts SDL2_ttf and loads DejaVu Sans from the binary.
    ///
    /// A `Font` borrows the ttf context it came from (the `'static` in its
    /// type is that borrow's lifetime). The context must therefore outlive
    /// every font; leaking it once, for the whole run, gives it the
    /// `'static` lifetime, so the fonts can be kept anywhere.
    pub fn new() -> Result<Fonts, Error> {
        let context: &'static Sdl2TtfContext = Box::leak(Box::new(
            sdl2::ttf::init().map_err(|e| Error::Sdl(format!("cannot start SDL2_ttf: {e}")))?,
        ));
        let load = |bytes, size| load_font(context, bytes, size, "font");
        Ok(Fonts {
            small: load(dejavu::sans::regular(), 12)?,
            values: load(dejavu::sans::bold(), 13)?,
            banner: load(dejavu::sans::bold(), 40)?,
            regular: HashMap::new(),
            context,
            cache: HashMap::new(),
        })
    }
}

/// `bytes`, a TrueType font (`what`, for errors), at `size` points:
/// `TTF_OpenFontRW`, as `pygame.font.Font(file, size)` opens its file.
pub fn load_font(
    context: &'static Sdl2TtfContext,
    bytes: &'static [u8],
    size: u16,
    what: &str,
) -> Result<Font<'static, 'static>, Error> {
    let rwops =
        RWops::from_bytes(bytes).map_err(|e| Error::Sdl(format!("cannot read the {what}: {e}")))?;
    context
        .load_font_from_rwops(rwops, size)
        .map_err(|e| Error::Sdl(format!("cannot load the {what}: {e}")))
}

/// `text` in `font` and `color`, antialiased: `font.render(text, True,
/// color)`, as pixels.
pub fn render_blended(font: &Font<'_, '_>, text: &str, color: [u8; 3]) -> Option<RgbaImage> {
    let surface = font.render(text).blended(Color::RGB(color[0], color[1], color[2])).ok()?;
    surface_to_rgba(&surface).ok()
}

impl Typesetter for Fonts {
    fn render(&mut self, text: &str, size: TextSize, color: [u8; 3]) -> Option<RgbaImage> {
        let key = (text.to_string(), size, color);
        if let Some(image) = self.cache.get(&key) {
            return Some(image.clone());
        }
        let font = match size {
            TextSize::Small => &self.small,
            TextSize::Values => &self.values,
            TextSize::Banner => &self.banner,
            TextSize::Regular(points) => {
                if !self.regular.contains_key(&points) {
                    let font =
                        load_font(self.context, dejavu::sans::regular(), points, "font").ok()?;
                    self.regular.insert(points, font);
                }
                self.regular.get(&points)?
            }
        };
        let image = render_blended(font, if text.is_empty() { " " } else { text }, color)?;
        self.cache.insert(key, image.clone());
        Some(image)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_renders_with_opaque_pixels() {
        let mut fonts = Fonts::new().unwrap();
        let image = fonts.render("+0.25", TextSize::Values, [255, 255, 255]).unwrap();
        assert!(image.width() > 10 && image.height() > 8);
        assert!(image.data().chunks(4).any(|p| p[3] == 255), "some opaque pixels");
        let again = fonts.render("+0.25", TextSize::Values, [255, 255, 255]);
        assert_eq!(again, Some(image), "the cache gives the same image");
    }
}

//! pygame's own pixel arithmetic, reproduced exactly: `smoothscale` and the
//! per-pixel-alpha blit, and the two kinds of picture they work on.
//!
//! pygame does not use SDL's blitter or scaler for what `fourinrow.py` draws,
//! so neither does the port: to show the same frames, pixel for pixel, it
//! does the same integer arithmetic on plain bytes. Nothing here touches SDL,
//! so it is all tested with no display.
//!
//! - [`RgbaImage`] is a loaded image (pygame's `Surface` with per-pixel alpha).
//! - [`Display`] is the window's picture (pygame's `DISPLAYSURF`): opaque,
//!   640x480, one `0x00RRGGBB` word a pixel. The window copies it to the
//!   screen, a replay to PNG files or checksums.
//! - [`smoothscale`] is `pygame.transform.smoothscale`: a fixed-point box
//!   filter to shrink and a bilinear filter to grow, first along X into a
//!   temporary buffer, then along Y. pygame 2.6.1 picks one of two
//!   arithmetics at run time: 14-bit fixed point in MMX/SSE code on x86
//!   machines ("SSE"), and 16-bit fixed point in C elsewhere ("GENERIC").
//!   Both are here; [`ScaleBackend::native`] picks the one pygame picks.
//!   For the 100 to 50 pixel shrink of the game's tokens the two agree.
//! - [`blit_alpha`] is pygame's blend of a per-pixel-alpha image onto an
//!   opaque surface: `d' = d + (((s - d) * a + s) >> 8)` per channel.

use std::sync::Arc;

/// An opaque colour: red, green and blue. Python: a tuple like `(0, 50, 255)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// An image as 8-bit RGBA bytes, row after row, with no padding.
///
/// The bytes are shared (`Arc`), so a clone is as cheap as a Python
/// assignment like `winnerImg = HUMANWINNERIMG`: both names see one image.
#[derive(Clone, PartialEq, Eq)]
pub struct RgbaImage {
    width: usize,
    height: usize,
    data: Arc<[u8]>,
}

impl std::fmt::Debug for RgbaImage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RgbaImage({}x{})", self.width, self.height)
    }
}

impl RgbaImage {
    /// An image from RGBA bytes; `None` when the length is not `width * height * 4`.
    pub fn from_rgba(width: usize, height: usize, data: Vec<u8>) -> Option<RgbaImage> {
        (Some(data.len()) == width.checked_mul(height).and_then(|n| n.checked_mul(4)))
            .then(|| RgbaImage { width, height, data: data.into() })
    }

    /// Width in pixels.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The RGBA bytes.
    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// The pixel at (x, y) as `[r, g, b, a]`.
    pub fn pixel(&self, x: usize, y: usize) -> [u8; 4] {
        let i = (y * self.width + x) * 4;
        [self.data[i], self.data[i + 1], self.data[i + 2], self.data[i + 3]]
    }
}

/// The picture the game draws on and shows: opaque pixels, one native-endian
/// `0x00RRGGBB` word each (SDL's XRGB8888, the window surface's usual
/// format), row after row.
///
/// In the Python: `DISPLAYSURF`, the window's own surface. Here it is plain memory,
/// so the same drawing code serves a window, a replay with no window, and
/// the tests.
#[derive(Clone, PartialEq, Eq)]
pub struct Display {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

impl std::fmt::Debug for Display {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Display({}x{})", self.width, self.height)
    }
}

impl Display {
    /// A black picture of `width` by `height` pixels.
    pub fn new(width: usize, height: usize) -> Display {
        Display { width, height, pixels: vec![0; width * height * 4] }
    }

    /// Width in pixels.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The XRGB8888 bytes, `width * 4` a row.
    pub fn xrgb_bytes(&self) -> &[u8] {
        &self.pixels
    }

    /// Fills the whole picture. Python: `DISPLAYSURF.fill(color)`.
    pub fn fill(&mut self, color: Rgb) {
        let (w, h) = (self.width, self.height);
        fill(&mut self.pixels, w * 4, w, h, color);
    }

    /// Draws `image` with its alpha, its top-left corner at `(x, y)`,
    /// clipped to the picture. Python: `DISPLAYSURF.blit(image, (x, y))`.
    pub fn blit(&mut self, image: &RgbaImage, (x, y): (i32, i32)) {
        let (w, h) = (self.width, self.height);
        blit_alpha(&mut self.pixels, w * 4, w, h, image, x, y);
    }

    /// Fills the rectangle with its top-left corner at `(x, y)`, clipped to
    /// the picture. SDL's `SDL_FillRect`, which `pygame.draw.rect(..., 0)`
    /// and the pixel-setting of `pygame.draw.line` and `circle` come to.
    pub fn fill_rect(&mut self, (x, y): (i32, i32), (w, h): (i32, i32), color: Rgb) {
        let clip = |start: i32, len: i32, limit: usize| {
            let from = i64::from(start).clamp(0, limit as i64) as usize;
            let to = (i64::from(start) + i64::from(len.max(0))).clamp(0, limit as i64) as usize;
            (from, to)
        };
        let ((x0, x1), (y0, y1)) = (clip(x, w, self.width), clip(y, h, self.height));
        let Rgb(r, g, b) = color;
        let word = (u32::from(r) << 16 | u32::from(g) << 8 | u32::from(b)).to_ne_bytes();
        for row in y0..y1 {
            let start = (row * self.width + x0) * 4;
            for px in self.pixels[start..start + (x1 - x0) * 4].chunks_exact_mut(4) {
                px.copy_from_slice(&word);
            }
        }
    }

    /// The pixel at (x, y) as (r, g, b).
    pub fn pixel(&self, x: usize, y: usize) -> (u8, u8, u8) {
        xrgb_at(&self.pixels, self.width * 4, x, y)
    }

    /// The pixels as RGB bytes, row after row (what PNG frames and their
    /// checksums hold).
    pub fn rgb_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.rgb_bytes_into(&mut out);
        out
    }

    /// [`Display::rgb_bytes`] written into `out`, whose memory is reused:
    /// the replay's checksums take thousands of frames, and a fresh
    /// 900 kB buffer for each cost more than the drawing.
    pub fn rgb_bytes_into(&self, out: &mut Vec<u8>) {
        out.clear();
        out.resize(self.width * self.height * 3, 0);
        for (rgb, px) in out.chunks_exact_mut(3).zip(self.pixels.chunks_exact(4)) {
            let word = u32::from_ne_bytes([px[0], px[1], px[2], px[3]]);
            rgb[0] = (word >> 16) as u8;
            rgb[1] = (word >> 8) as u8;
            rgb[2] = word as u8;
        }
    }
}

/// Which of pygame's smoothscale arithmetics to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScaleBackend {
    /// pygame's C filters (`filter_*_ONLYC`), 16-bit fixed point.
    Generic,
    /// pygame's MMX/SSE filters for x86 (`filter_*_SSE`), 14-bit fixed point
    /// with saturating packs.
    Sse,
}

impl ScaleBackend {
    /// The backend pygame 2.6.1 uses on this kind of machine: SSE on x86 and
    /// x86-64 (every such CPU of this century has SSE), GENERIC elsewhere.
    pub fn native() -> ScaleBackend {
        if cfg!(any(target_arch = "x86", target_arch = "x86_64")) {
            ScaleBackend::Sse
        } else {
            ScaleBackend::Generic
        }
    }

    /// pygame's name for it, as `pygame.transform.get_smoothscale_backend()` says.
    pub fn name(self) -> &'static str {
        match self {
            ScaleBackend::Generic => "GENERIC",
            ScaleBackend::Sse => "SSE",
        }
    }
}

/// A run of 4-byte pixels: `count` lines of `len` pixels, `pitch` bytes apart.
struct Lines<'a> {
    data: &'a [u8],
    pitch: usize,
}

impl Lines<'_> {
    /// Channel `c` of pixel `x` on line `y`.
    fn at(&self, x: usize, y: usize, c: usize) -> u8 {
        self.data[y * self.pitch + x * 4 + c]
    }
}

/// `pygame.transform.smoothscale(src, (width, height))`, byte for byte.
///
/// Sizes of 0 give an empty image. When a source one pixel wide or high is
/// grown, pygame reads one pixel past it with a weight of 0; the port reads
/// the edge pixel instead, which gives the same bytes without the overrun.
pub fn smoothscale(
    src: &RgbaImage,
    width: usize,
    height: usize,
    backend: ScaleBackend,
) -> RgbaImage {
    let (sw, sh) = (src.width, src.height);
    if width == 0 || height == 0 || sw == 0 || sh == 0 {
        return RgbaImage { width, height, data: vec![0; width * height * 4].into() };
    }
    if sw == width && sh == height {
        return src.clone();
    }
    // First X, from the source into a buffer `width` wide and `sh` high ...
    let after_x = if width == sw {
        src.data.to_vec()
    } else {
        let mut temp = vec![0u8; width * sh * 4];
        let from = Lines { data: &src.data, pitch: sw * 4 };
        if width < sw {
            shrink(&from, &mut temp, sh, sw, width, Axis::X, backend);
        } else {
            expand(&from, &mut temp, sh, sw, width, Axis::X, backend);
        }
        temp
    };
    // ... then Y, from that buffer into the result.
    let data = if height == sh {
        after_x
    } else {
        let mut out = vec![0u8; width * height * 4];
        let from = Lines { data: &after_x, pitch: width * 4 };
        if height < sh {
            shrink(&from, &mut out, width, sh, height, Axis::Y, backend);
        } else {
            expand(&from, &mut out, width, sh, height, Axis::Y, backend);
        }
        out
    };
    RgbaImage { width, height, data: data.into() }
}

/// The direction a filter runs in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Axis {
    X,
    Y,
}

/// Where pixel `i` along the filtered axis of line `line` is, as (x, y).
fn place(axis: Axis, line: usize, i: usize) -> (usize, usize) {
    match axis {
        Axis::X => (i, line),
        Axis::Y => (line, i),
    }
}

/// The area-averaging shrink along one axis: `lines` lines of `src_len`
/// pixels become lines of `dst_len` pixels (`dst_len < src_len`).
///
/// pygame: `filter_shrink_X_*` and `filter_shrink_Y_*`. Both walk the source
/// with a fixed-point counter, adding whole pixels into a 16-bit accumulator
/// and splitting the pixel that straddles two outputs by its fractions.
/// X and Y differ only in the order they visit pixels, not in the sums.
fn shrink(
    src: &Lines,
    dst: &mut [u8],
    lines: usize,
    src_len: usize,
    dst_len: usize,
    axis: Axis,
    backend: ScaleBackend,
) {
    let dst_pitch = match axis {
        Axis::X => dst_len * 4,
        Axis::Y => lines * 4,
    };
    // `one` is 1.0 in the fixed point: 2^16 in C, 2^14 in the SSE code.
    let one: i64 = match backend {
        ScaleBackend::Generic => 0x10000,
        ScaleBackend::Sse => 0x4000,
    };
    let space = one * src_len as i64 / dst_len as i64;
    // C: 0x100000000 / space; SSE: 0x40000000 / space. Either way 2^16 * one / space.
    let recip = (one << 16) / space;
    for line in 0..lines {
        let mut accumulate = [0u16; 4];
        let mut counter = space;
        let mut out = 0;
        for i in 0..src_len {
            let (sx, sy) = place(axis, line, i);
            if counter > one {
                for (c, acc) in accumulate.iter_mut().enumerate() {
                    *acc = acc.wrapping_add(u16::from(src.at(sx, sy, c)));
                }
                counter -= one;
            } else {
                let frac = one - counter;
                if out < dst_len {
                    let (dx, dy) = place(axis, line, out);
                    let base = dy * dst_pitch + dx * 4;
                    for (c, acc) in accumulate.iter_mut().enumerate() {
                        let s = src.at(sx, sy, c);
                        let (value, rest) = split_pixel(s, counter, frac, *acc, recip, backend);
                        dst[base + c] = value;
                        *acc = rest;
                    }
                }
                out += 1;
                counter = space - frac;
            }
        }
    }
}

/// One channel of the output pixel that a straddling source pixel `s`
/// completes, and what of `s` is carried into the next output.
fn split_pixel(
    s: u8,
    counter: i64,
    frac: i64,
    acc: u16,
    recip: i64,
    backend: ScaleBackend,
) -> (u8, u16) {
    match backend {
        ScaleBackend::Generic => {
            // C: (Uint8)(((acc + ((s * counter) >> 16)) * recip) >> 16), in int.
            let s = i64::from(s);
            let total = (i64::from(acc) + ((s * counter) >> 16)) * recip;
            (((total >> 16) & 0xff) as u8, ((s * frac) >> 16) as u16)
        }
        ScaleBackend::Sse => {
            // MMX: s << 2 (psllw), unsigned high multiplies (pmulhuw) by the
            // 16-bit counter, fraction and reciprocal, wrapping adds (paddw),
            // then a signed-to-unsigned saturating pack (packuswb).
            let s4 = u32::from(s) << 2;
            let part = ((s4 * (counter as u32 & 0xffff)) >> 16) as u16;
            let rest = ((s4 * (frac as u32 & 0xffff)) >> 16) as u16;
            let sum = part.wrapping_add(acc);
            let scaled = ((u32::from(sum) * (recip as u32 & 0xffff)) >> 16) as u16;
            (pack_unsigned_saturate(scaled), rest)
        }
    }
}

/// MMX `packuswb`: a 16-bit word read as signed, clamped to 0..=255.
fn pack_unsigned_saturate(word: u16) -> u8 {
    (word as i16).clamp(0, 255) as u8
}

/// The bilinear grow along one axis: `lines` lines of `src_len` pixels
/// become lines of `dst_len` pixels (`dst_len > src_len`).
///
/// pygame: `filter_expand_X_*` and `filter_expand_Y_*`. Output pixel `i`
/// blends source pixels `i * (src_len - 1) / dst_len` and the next one, with
/// weights in 16-bit (C) or 8-bit (SSE) fixed point.
fn expand(
    src: &Lines,
    dst: &mut [u8],
    lines: usize,
    src_len: usize,
    dst_len: usize,
    axis: Axis,
    backend: ScaleBackend,
) {
    let dst_pitch = match axis {
        Axis::X => dst_len * 4,
        Axis::Y => lines * 4,
    };
    let one: i64 = match backend {
        ScaleBackend::Generic => 0x10000,
        ScaleBackend::Sse => 0x100,
    };
    let shift = match backend {
        ScaleBackend::Generic => 16,
        ScaleBackend::Sse => 8,
    };
    for i in 0..dst_len {
        let step = (i * (src_len - 1)) as i64;
        let idx0 = (step / dst_len as i64) as usize;
        let idx1 = (idx0 + 1).min(src_len - 1);
        let mult1 = one * (step % dst_len as i64) / dst_len as i64;
        let mult0 = one - mult1;
        for line in 0..lines {
            let (x0, y0) = place(axis, line, idx0);
            let (x1, y1) = place(axis, line, idx1);
            let (dx, dy) = place(axis, line, i);
            for c in 0..4 {
                let p0 = i64::from(src.at(x0, y0, c));
                let p1 = i64::from(src.at(x1, y1, c));
                // Both arithmetics stay within 16 bits here: p * mult <= 255 * 256.
                let value = (p0 * mult0 + p1 * mult1) >> shift;
                dst[dy * dst_pitch + dx * 4 + c] = (value & 0xff) as u8;
            }
        }
    }
}

/// Fills a whole XRGB8888 surface with one colour.
///
/// pygame: `DISPLAYSURF.fill(BGCOLOR)`. `pixels` holds `height` rows of
/// `pitch` bytes, each pixel a native-endian `0x00RRGGBB` word.
pub fn fill(pixels: &mut [u8], pitch: usize, width: usize, height: usize, Rgb(r, g, b): Rgb) {
    let word = (u32::from(r) << 16 | u32::from(g) << 8 | u32::from(b)).to_ne_bytes();
    for row in pixels.chunks_mut(pitch).take(height) {
        for px in row[..width * 4].chunks_exact_mut(4) {
            px.copy_from_slice(&word);
        }
    }
}

/// Draws `src` with its per-pixel alpha onto an opaque XRGB8888 surface, its
/// top-left corner at (x, y), clipped to the surface.
///
/// pygame: `DISPLAYSURF.blit(image, rect)` for an image with alpha, which
/// blends each channel as `d + (((s - d) * a + s) >> 8)` (an arithmetic,
/// flooring shift). `a = 0` leaves the pixel as it was; `a = 255` copies `s`.
pub fn blit_alpha(
    pixels: &mut [u8],
    pitch: usize,
    width: usize,
    height: usize,
    src: &RgbaImage,
    x: i32,
    y: i32,
) {
    let x0 = x.max(0);
    let y0 = y.max(0);
    // Saturating: a replay script may hold any i32 position, and an image
    // whose corner is near i32::MAX is simply off the surface.
    let x1 = x.saturating_add(src.width as i32).min(width as i32);
    let y1 = y.saturating_add(src.height as i32).min(height as i32);
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let (sx0, columns) = ((x0 - x) as usize, (x1 - x0) as usize);
    for dy in y0..y1 {
        let sy = (dy - y) as usize;
        let src_row = &src.data[(sy * src.width + sx0) * 4..][..columns * 4];
        let dst_row = &mut pixels[dy as usize * pitch + x0 as usize * 4..][..columns * 4];
        for (s, d) in src_row.chunks_exact(4).zip(dst_row.chunks_exact_mut(4)) {
            let sa = s[3];
            if sa == 0 {
                continue;
            }
            let word = u32::from_ne_bytes([d[0], d[1], d[2], d[3]]);
            let (dr, dg, db) = ((word >> 16) as u8, (word >> 8) as u8, word as u8);
            let blended = u32::from(blend(s[0], dr, sa)) << 16
                | u32::from(blend(s[1], dg, sa)) << 8
                | u32::from(blend(s[2], db, sa))
                | (word & 0xff00_0000);
            d.copy_from_slice(&blended.to_ne_bytes());
        }
    }
}

/// One channel of pygame's `ALPHA_BLEND`: `d + (((s - d) * a + s) >> 8)`.
pub fn blend(s: u8, d: u8, a: u8) -> u8 {
    let (s, d, a) = (i32::from(s), i32::from(d), i32::from(a));
    (d + (((s - d) * a + s) >> 8)) as u8
}

/// Reads one pixel of an XRGB8888 surface as (r, g, b).
pub fn xrgb_at(pixels: &[u8], pitch: usize, x: usize, y: usize) -> (u8, u8, u8) {
    let at = y * pitch + x * 4;
    let word = u32::from_ne_bytes([pixels[at], pixels[at + 1], pixels[at + 2], pixels[at + 3]]);
    ((word >> 16) as u8, (word >> 8) as u8, word as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(width: usize, height: usize, f: impl Fn(usize, usize) -> [u8; 4]) -> RgbaImage {
        let mut data = Vec::with_capacity(width * height * 4);
        for y in 0..height {
            for x in 0..width {
                data.extend_from_slice(&f(x, y));
            }
        }
        RgbaImage::from_rgba(width, height, data).unwrap()
    }

    #[test]
    fn halving_averages_pairs_then_pairs_of_rows() {
        // The rule the issue states for 100 -> 50: h0 = (a+b)>>1, h1 = (c+d)>>1, (h0+h1)>>1.
        let src = image(100, 100, |x, y| {
            let v = ((x * 37 + y * 91) % 256) as u8;
            [v, 255 - v, (x * 2) as u8, ((x + y) * 3 % 256) as u8]
        });
        for backend in [ScaleBackend::Generic, ScaleBackend::Sse] {
            let out = smoothscale(&src, 50, 50, backend);
            for y in 0..50 {
                for x in 0..50 {
                    let (a, b) = (src.pixel(2 * x, 2 * y), src.pixel(2 * x + 1, 2 * y));
                    let (c, d) = (src.pixel(2 * x, 2 * y + 1), src.pixel(2 * x + 1, 2 * y + 1));
                    for ch in 0..4 {
                        let h0 = (u16::from(a[ch]) + u16::from(b[ch])) >> 1;
                        let h1 = (u16::from(c[ch]) + u16::from(d[ch])) >> 1;
                        assert_eq!(
                            u16::from(out.pixel(x, y)[ch]),
                            (h0 + h1) >> 1,
                            "{backend:?} {x},{y}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn same_size_is_a_copy_and_empty_is_empty() {
        let src = image(7, 5, |x, y| [x as u8, y as u8, 3, 4]);
        assert_eq!(smoothscale(&src, 7, 5, ScaleBackend::Sse), src);
        assert_eq!(smoothscale(&src, 0, 5, ScaleBackend::Sse).data().len(), 0);
    }

    #[test]
    fn growing_a_flat_image_keeps_it_flat() {
        let src = image(3, 2, |_, _| [10, 20, 30, 255]);
        for backend in [ScaleBackend::Generic, ScaleBackend::Sse] {
            let out = smoothscale(&src, 8, 7, backend);
            assert!(out.data().chunks(4).all(|p| p == [10, 20, 30, 255]), "{backend:?}");
        }
    }

    #[test]
    fn blend_follows_pygames_formula() {
        assert_eq!(blend(200, 17, 0), 17);
        assert_eq!(blend(200, 17, 255), 200);
        assert_eq!(blend(0, 200, 255), 0);
        // (s - d) * a + s = (0 - 255) * 128 + 0 = -32640; >> 8 floors to -128
        assert_eq!(blend(0, 255, 128), 127);
        assert_eq!(blend(255, 0, 128), 128);
        for s in (0..=255).step_by(17) {
            for d in (0..=255).step_by(15) {
                for a in (0..=255).step_by(5) {
                    let want = i32::from(d as u8) + (((s - d) * a + s) >> 8);
                    assert_eq!(i32::from(blend(s as u8, d as u8, a as u8)), want);
                }
            }
        }
    }

    #[test]
    fn blit_clips_at_every_edge_and_skips_transparent_pixels() {
        let (w, h) = (6usize, 4usize);
        let pitch = w * 4 + 8; // padded rows, as SDL surfaces may have
        let mut px = vec![0u8; pitch * h];
        fill(&mut px, pitch, w, h, Rgb(0, 50, 255));
        let src = image(3, 3, |x, _| if x == 1 { [0, 0, 0, 0] } else { [250, 0, 0, 255] });
        blit_alpha(&mut px, pitch, w, h, &src, -1, -1);
        blit_alpha(&mut px, pitch, w, h, &src, 4, 2);
        blit_alpha(&mut px, pitch, w, h, &src, 10, 10);
        let at = |x, y| xrgb_at(&px, pitch, x, y);
        assert_eq!(at(0, 0), (0, 50, 255)); // the transparent middle column
        assert_eq!(at(1, 0), (250, 0, 0));
        assert_eq!(at(1, 1), (250, 0, 0));
        assert_eq!(at(2, 2), (0, 50, 255));
        assert_eq!(at(4, 2), (250, 0, 0));
        assert_eq!(at(5, 3), (0, 50, 255)); // transparent column of the second blit
        assert_eq!(at(3, 3), (0, 50, 255));
        assert!(
            px.chunks(pitch).all(|row| row[w * 4..].iter().all(|&b| b == 0)),
            "padding untouched"
        );
    }

    #[test]
    fn blits_far_off_the_surface_draw_nothing_and_do_not_overflow() {
        // Regression: `x + width` overflowed (a panic with overflow checks) for
        // a corner near i32::MAX, which a replay script's drag could ask for.
        let (w, h) = (6usize, 4usize);
        let mut px = vec![0u8; w * 4 * h];
        fill(&mut px, w * 4, w, h, Rgb(0, 50, 255));
        let before = px.clone();
        let src = image(3, 3, |_, _| [250, 0, 0, 255]);
        for (x, y) in [
            (i32::MAX, 0),
            (0, i32::MAX),
            (i32::MAX - 1, i32::MAX - 1),
            (i32::MIN, 0),
            (0, i32::MIN),
            (i32::MIN, i32::MAX),
        ] {
            blit_alpha(&mut px, w * 4, w, h, &src, x, y);
        }
        assert_eq!(px, before);
    }
}

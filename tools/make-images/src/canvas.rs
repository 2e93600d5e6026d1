//! A small floating-point RGBA canvas with "over" compositing, coverage
//! masks, signed-distance helpers and PNG input/output.
//!
//! Everything here is plain IEEE arithmetic (add, multiply, divide, sqrt),
//! with no transcendental functions, so the same build draws the same bits
//! on every run.

use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::path::Path;

/// A colour with straight (not premultiplied) alpha; channels are 0.0..=1.0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rgba {
    /// Red.
    pub r: f32,
    /// Green.
    pub g: f32,
    /// Blue.
    pub b: f32,
    /// Alpha (opacity).
    pub a: f32,
}

impl Rgba {
    /// Fully transparent black.
    pub const CLEAR: Rgba = Rgba { r: 0.0, g: 0.0, b: 0.0, a: 0.0 };

    /// An opaque colour from 8-bit channels.
    pub fn rgb8(r: u8, g: u8, b: u8) -> Rgba {
        Rgba { r: f32::from(r) / 255.0, g: f32::from(g) / 255.0, b: f32::from(b) / 255.0, a: 1.0 }
    }

    /// The same colour with its alpha multiplied by `k`.
    pub fn fade(self, k: f32) -> Rgba {
        Rgba { a: self.a * clamp01(k), ..self }
    }

    /// The colour with its red, green and blue multiplied by `k` (clamped).
    pub fn shade(self, k: f32) -> Rgba {
        Rgba { r: clamp01(self.r * k), g: clamp01(self.g * k), b: clamp01(self.b * k), a: self.a }
    }

    /// Linear blend from `self` (t = 0) to `other` (t = 1), alpha included.
    pub fn mix(self, other: Rgba, t: f32) -> Rgba {
        let t = clamp01(t);
        Rgba {
            r: self.r + (other.r - self.r) * t,
            g: self.g + (other.g - self.g) * t,
            b: self.b + (other.b - self.b) * t,
            a: self.a + (other.a - self.a) * t,
        }
    }
}

/// Clamps `v` into 0.0..=1.0.
pub fn clamp01(v: f32) -> f32 {
    v.clamp(0.0, 1.0)
}

/// Hermite smoothstep: 0 below `e0`, 1 above `e1`, smooth in between.
pub fn smoothstep(e0: f32, e1: f32, v: f32) -> f32 {
    let t = clamp01((v - e0) / (e1 - e0));
    t * t * (3.0 - 2.0 * t)
}

/// Anti-aliased coverage of a shape at a sample whose signed distance to
/// the shape's edge is `sd` (negative inside), for samples `step` px apart.
pub fn cover(sd: f32, step: f32) -> f32 {
    clamp01(0.5 - sd / step)
}

/// `x` raised to a non-negative integer power by repeated multiplication.
pub fn pow_int(x: f32, n: u32) -> f32 {
    let mut out = 1.0;
    for _ in 0..n {
        out *= x;
    }
    out
}

/// Signed distance from (px, py) to a rounded rectangle spanning
/// (x0, y0)..(x1, y1) with corner radius `r`; negative inside.
pub fn sd_round_rect(px: f32, py: f32, x0: f32, y0: f32, x1: f32, y1: f32, r: f32) -> f32 {
    let cx = (x0 + x1) * 0.5;
    let cy = (y0 + y1) * 0.5;
    let hx = (x1 - x0) * 0.5 - r;
    let hy = (y1 - y0) * 0.5 - r;
    let qx = (px - cx).abs() - hx;
    let qy = (py - cy).abs() - hy;
    let ox = qx.max(0.0);
    let oy = qy.max(0.0);
    (ox * ox + oy * oy).sqrt() + qx.max(qy).min(0.0) - r
}

/// Signed distance from (px, py) to a closed polygon; negative inside.
pub fn sd_polygon(px: f32, py: f32, pts: &[(f32, f32)]) -> f32 {
    let mut best = f32::MAX;
    let mut inside = false;
    for i in 0..pts.len() {
        let (ax, ay) = pts[i];
        let (bx, by) = pts[(i + 1) % pts.len()];
        let (ex, ey) = (bx - ax, by - ay);
        let (wx, wy) = (px - ax, py - ay);
        let t = clamp01((wx * ex + wy * ey) / (ex * ex + ey * ey));
        let (dx, dy) = (wx - ex * t, wy - ey * t);
        best = best.min(dx * dx + dy * dy);
        if (ay > py) != (by > py) && px < ax + (py - ay) * ex / ey {
            inside = !inside;
        }
    }
    let d = best.sqrt();
    if inside {
        -d
    } else {
        d
    }
}

/// A greyscale coverage mask (0.0..=1.0 per pixel), used for text and shadows.
#[derive(Clone, Debug)]
pub struct Mask {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    values: Vec<f32>,
}

impl Mask {
    /// An empty (all zero) mask.
    pub fn new(width: usize, height: usize) -> Mask {
        Mask { width, height, values: vec![0.0; width * height] }
    }

    /// A mask whose pixel values are `f(x, y)` at the pixel centres,
    /// averaged over `ss` x `ss` samples per pixel.
    pub fn from_fn(
        width: usize,
        height: usize,
        ss: usize,
        f: impl Fn(f32, f32, f32) -> f32,
    ) -> Mask {
        let mut mask = Mask::new(width, height);
        let step = 1.0 / ss as f32;
        for y in 0..height {
            for x in 0..width {
                let mut sum = 0.0;
                for sy in 0..ss {
                    for sx in 0..ss {
                        let px = x as f32 + (sx as f32 + 0.5) * step;
                        let py = y as f32 + (sy as f32 + 0.5) * step;
                        sum += clamp01(f(px, py, step));
                    }
                }
                mask.values[y * width + x] = sum / (ss * ss) as f32;
            }
        }
        mask
    }

    /// The value at (x, y), or 0 outside the mask.
    pub fn get(&self, x: isize, y: isize) -> f32 {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            0.0
        } else {
            self.values[y as usize * self.width + x as usize]
        }
    }

    /// Adds `v` (saturating at 1) to the pixel at (x, y); ignores outside points.
    pub fn add(&mut self, x: isize, y: isize, v: f32) {
        if x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height {
            let slot = &mut self.values[y as usize * self.width + x as usize];
            *slot = clamp01(*slot + v);
        }
    }

    /// The mask grown by `radius` pixels in every direction (a soft
    /// morphological dilation), used to stroke text outlines.
    pub fn dilate(&self, radius: f32) -> Mask {
        let reach = radius.ceil() as isize + 1;
        let mut offsets = Vec::new();
        for dy in -reach..=reach {
            for dx in -reach..=reach {
                let dist = ((dx * dx + dy * dy) as f32).sqrt();
                let weight = clamp01(radius + 0.5 - dist);
                if weight > 0.0 {
                    offsets.push((dx, dy, weight));
                }
            }
        }
        let mut out = Mask::new(self.width, self.height);
        for y in 0..self.height as isize {
            for x in 0..self.width as isize {
                let mut best: f32 = 0.0;
                for &(dx, dy, w) in &offsets {
                    best = best.max(self.get(x + dx, y + dy) * w);
                }
                out.values[y as usize * self.width + x as usize] = best;
            }
        }
        out
    }

    /// The mask moved by whole pixels (dx right, dy down).
    pub fn shifted(&self, dx: isize, dy: isize) -> Mask {
        let mut out = Mask::new(self.width, self.height);
        for y in 0..self.height as isize {
            for x in 0..self.width as isize {
                out.values[y as usize * self.width + x as usize] = self.get(x - dx, y - dy);
            }
        }
        out
    }

    /// The mask softened by three passes of a separable box blur of the
    /// given radius (close to a Gaussian), used for drop shadows.
    pub fn blur(&self, radius: usize) -> Mask {
        let mut out = self.clone();
        for _ in 0..3 {
            out = out.box_pass(radius, true).box_pass(radius, false);
        }
        out
    }

    /// One horizontal (or vertical) box-blur pass.
    fn box_pass(&self, radius: usize, horizontal: bool) -> Mask {
        let r = radius as isize;
        let norm = (2 * radius + 1) as f32;
        let mut out = Mask::new(self.width, self.height);
        for y in 0..self.height as isize {
            for x in 0..self.width as isize {
                let mut sum = 0.0;
                for k in -r..=r {
                    sum += if horizontal { self.get(x + k, y) } else { self.get(x, y + k) };
                }
                out.values[y as usize * self.width + x as usize] = sum / norm;
            }
        }
        out
    }
}

/// An RGBA picture held as premultiplied floats while it is drawn.
#[derive(Clone, Debug)]
pub struct Canvas {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// Premultiplied [r, g, b, a] per pixel, row by row.
    px: Vec<[f32; 4]>,
}

impl Canvas {
    /// A fully transparent canvas.
    pub fn new(width: usize, height: usize) -> Canvas {
        Canvas { width, height, px: vec![[0.0; 4]; width * height] }
    }

    /// Composites `colour` with extra opacity `coverage` over pixel (x, y).
    fn blend(&mut self, x: usize, y: usize, colour: Rgba, coverage: f32) {
        let a = clamp01(colour.a * coverage);
        if a <= 0.0 {
            return;
        }
        let dst = &mut self.px[y * self.width + x];
        let keep = 1.0 - a;
        dst[0] = colour.r * a + dst[0] * keep;
        dst[1] = colour.g * a + dst[1] * keep;
        dst[2] = colour.b * a + dst[2] * keep;
        dst[3] = a + dst[3] * keep;
    }

    /// Paints a layer whose colour (alpha included) at a point is
    /// `f(x, y, step)`, supersampled `ss` x `ss` times per pixel; `step` is
    /// the sample spacing in pixels, for use with [`cover`].
    pub fn paint(&mut self, ss: usize, f: impl Fn(f32, f32, f32) -> Rgba) {
        let step = 1.0 / ss as f32;
        let n = (ss * ss) as f32;
        for y in 0..self.height {
            for x in 0..self.width {
                let mut acc = [0.0f32; 4];
                for sy in 0..ss {
                    for sx in 0..ss {
                        let px = x as f32 + (sx as f32 + 0.5) * step;
                        let py = y as f32 + (sy as f32 + 0.5) * step;
                        let c = f(px, py, step);
                        let a = clamp01(c.a);
                        acc[0] += c.r * a;
                        acc[1] += c.g * a;
                        acc[2] += c.b * a;
                        acc[3] += a;
                    }
                }
                if acc[3] <= 0.0 {
                    continue;
                }
                let a = acc[3] / n;
                let layer =
                    Rgba { r: acc[0] / acc[3], g: acc[1] / acc[3], b: acc[2] / acc[3], a: 1.0 };
                self.blend(x, y, layer, a);
            }
        }
    }

    /// Paints `colour(x, y)` (at pixel centres) through the coverage `mask`,
    /// whose top-left corner sits on the canvas's.
    pub fn fill_mask(&mut self, mask: &Mask, colour: impl Fn(f32, f32) -> Rgba) {
        for y in 0..self.height.min(mask.height) {
            for x in 0..self.width.min(mask.width) {
                let m = mask.get(x as isize, y as isize);
                if m > 0.0 {
                    let c = colour(x as f32 + 0.5, y as f32 + 0.5);
                    self.blend(x, y, c, m);
                }
            }
        }
    }

    /// The picture as 8-bit straight-alpha RGBA bytes, row by row.
    pub fn to_rgba8(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.px.len() * 4);
        for p in &self.px {
            let a = clamp01(p[3]);
            let a8 = to_u8(a);
            if a8 == 0 {
                out.extend_from_slice(&[0, 0, 0, 0]);
                continue;
            }
            out.push(to_u8(p[0] / a));
            out.push(to_u8(p[1] / a));
            out.push(to_u8(p[2] / a));
            out.push(a8);
        }
        out
    }
}

/// Rounds a 0.0..=1.0 channel to 0..=255.
fn to_u8(v: f32) -> u8 {
    (clamp01(v) * 255.0 + 0.5) as u8
}

/// Writes 8-bit RGBA pixels to `path` as a PNG (colour type 6).
pub fn write_png(path: &Path, width: usize, height: usize, rgba: &[u8]) -> Result<(), String> {
    let name = path.display();
    let file = File::create(path).map_err(|e| format!("{name}: cannot create: {e}"))?;
    let (w, h) = (dim(width, path)?, dim(height, path)?);
    let mut encoder = png::Encoder::new(BufWriter::new(file), w, h);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::High);
    let mut writer =
        encoder.write_header().map_err(|e| format!("{name}: cannot write PNG header: {e}"))?;
    writer.write_image_data(rgba).map_err(|e| format!("{name}: cannot write PNG data: {e}"))?;
    writer.finish().map_err(|e| format!("{name}: cannot finish PNG: {e}"))
}

/// Converts a pixel dimension to the u32 PNG wants, naming `path` on failure.
fn dim(v: usize, path: &Path) -> Result<u32, String> {
    u32::try_from(v).map_err(|_| format!("{}: image too large", path.display()))
}

/// A decoded PNG: its size, colour type and bit depth, and its raw pixels.
pub struct Decoded {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// The PNG's colour type as stored.
    pub color_type: png::ColorType,
    /// The PNG's bit depth as stored.
    pub bit_depth: png::BitDepth,
    /// Pixel bytes as decoded, with no conversion.
    pub data: Vec<u8>,
}

/// Reads and decodes the PNG at `path`, without colour conversion.
pub fn read_png(path: &Path) -> Result<Decoded, String> {
    let name = path.display();
    let file = File::open(path).map_err(|e| format!("{name}: cannot open: {e}"))?;
    let decoder = png::Decoder::new(BufReader::new(file));
    let mut reader = decoder.read_info().map_err(|e| format!("{name}: not a readable PNG: {e}"))?;
    let size = reader.output_buffer_size().ok_or_else(|| format!("{name}: PNG too large"))?;
    let mut data = vec![0; size];
    let info =
        reader.next_frame(&mut data).map_err(|e| format!("{name}: cannot decode PNG: {e}"))?;
    data.truncate(info.buffer_size());
    Ok(Decoded {
        width: info.width as usize,
        height: info.height as usize,
        color_type: info.color_type,
        bit_depth: info.bit_depth,
        data,
    })
}

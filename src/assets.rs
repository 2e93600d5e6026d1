//! The seven images of `fourinrow.py`, loaded as pygame loads them.
//!
//! They are built into the binary (see `build.rs`), so the game runs from
//! any folder; `--images DIR` loads a folder of PNGs with the same names
//! instead, for example the original artwork, to compare the two.
//!
//! SDL2_image decodes them, as it does for pygame; every image is then
//! turned into 8-bit RGBA (an image with no alpha gets 255), and the tokens
//! and the board cell are shrunk to `SPACESIZE` with pygame's own
//! `smoothscale`. pygame itself refuses to smoothscale an 8-bit (paletted or
//! grey) PNG and the original stops there; the port takes them like any other.

use std::path::{Path, PathBuf};

use sdl2::image::ImageRWops;
use sdl2::pixels::PixelFormatEnum;
use sdl2::rwops::RWops;
use sdl2::surface::SurfaceRef;

use crate::error::Error;
use crate::pixels::{smoothscale, RgbaImage, ScaleBackend};
use crate::settings::SPACESIZE;

/// The file names, as the Python loads them from `images/`.
pub const IMAGE_NAMES: [&str; 7] = [
    "4rowred.png",
    "4rowblack.png",
    "4rowboard.png",
    "4rowhumanwinner.png",
    "4rowcomputerwinner.png",
    "4rowtie.png",
    "4rowarrow.png",
];

// `EMBEDDED_IMAGES`: the seven PNGs of images/, by name, put there by build.rs.
include!(concat!(env!("OUT_DIR"), "/embedded_images.rs"));

/// The largest image accepted from `--images`, in either direction.
pub const MAX_IMAGE_SIZE: usize = 4096;

/// Where the images come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImageSource {
    /// The project's own artwork, built into the binary.
    Embedded,
    /// A folder holding the seven PNGs.
    Folder(PathBuf),
}

/// The images the game draws with, ready to blit.
#[derive(Clone, Debug)]
pub struct Images {
    /// Python: `REDTOKENIMG`, smoothscaled to `SPACESIZE`.
    pub red_token: RgbaImage,
    /// Python: `BLACKTOKENIMG`, smoothscaled to `SPACESIZE`.
    pub black_token: RgbaImage,
    /// Python: `BOARDIMG`, one cell of the board, smoothscaled to `SPACESIZE`.
    pub board: RgbaImage,
    /// Python: `HUMANWINNERIMG`.
    pub human_winner: RgbaImage,
    /// Python: `COMPUTERWINNERIMG`.
    pub computer_winner: RgbaImage,
    /// Python: `TIEWINNERIMG`.
    pub tie_winner: RgbaImage,
    /// Python: `ARROWIMG`.
    pub arrow: RgbaImage,
}

impl Images {
    /// Loads the seven images and scales the three that the Python scales.
    pub fn load(source: &ImageSource, backend: ScaleBackend) -> Result<Images, Error> {
        let mut loaded = Vec::with_capacity(IMAGE_NAMES.len());
        for name in IMAGE_NAMES {
            loaded.push(load_image(source, name)?);
        }
        let mut loaded = loaded.into_iter();
        let mut next = || {
            loaded
                .next()
                .ok_or_else(|| Error::Internal("image list too short".into()))
        };
        let size = SPACESIZE as usize;
        Ok(Images {
            red_token: smoothscale(&next()?, size, size, backend),
            black_token: smoothscale(&next()?, size, size, backend),
            board: smoothscale(&next()?, size, size, backend),
            human_winner: next()?,
            computer_winner: next()?,
            tie_winner: next()?,
            arrow: next()?,
        })
    }
}

/// The PNG bytes of one image, from the binary or from the folder.
fn image_bytes(source: &ImageSource, name: &str) -> Result<(PathBuf, Vec<u8>), Error> {
    match source {
        ImageSource::Embedded => {
            let path = Path::new("images").join(name);
            EMBEDDED_IMAGES
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, bytes)| (path.clone(), bytes.to_vec()))
                .ok_or_else(|| Error::file(&path, "not built into this binary"))
        }
        ImageSource::Folder(dir) => {
            if !dir.is_dir() {
                return Err(Error::file(
                    dir,
                    "no such folder (--images needs a folder holding the seven PNGs)",
                ));
            }
            let path = dir.join(name);
            match std::fs::read(&path) {
                Ok(bytes) => Ok((path, bytes)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(Error::file(
                    &path,
                    "missing (--images needs all seven PNGs)",
                )),
                Err(e) => Err(Error::file(&path, format!("cannot read: {e}"))),
            }
        }
    }
}

/// Loads one image as RGBA. Python: `pygame.image.load('images/NAME')`.
pub fn load_image(source: &ImageSource, name: &str) -> Result<RgbaImage, Error> {
    let (path, bytes) = image_bytes(source, name)?;
    decode_rgba(&bytes).map_err(|message| Error::file(&path, message))
}

/// Decodes an image file held in memory into 8-bit RGBA.
pub fn decode_rgba(bytes: &[u8]) -> Result<RgbaImage, String> {
    check_png_structure(bytes)?;
    let rwops = RWops::from_bytes(bytes).map_err(|e| format!("cannot read: {e}"))?;
    let surface = rwops
        .load()
        .map_err(|e| format!("not a readable image ({})", e.trim()))?;
    let (width, height) = (surface.width() as usize, surface.height() as usize);
    if width == 0 || height == 0 || width > MAX_IMAGE_SIZE || height > MAX_IMAGE_SIZE {
        return Err(format!(
            "a {width}x{height} image is out of range (1 to {MAX_IMAGE_SIZE} pixels each way)"
        ));
    }
    surface_to_rgba(&surface)
}

/// Copies any SDL surface into 8-bit RGBA (an image with no alpha gets 255).
pub fn surface_to_rgba(surface: &SurfaceRef) -> Result<RgbaImage, String> {
    let (width, height) = (surface.width() as usize, surface.height() as usize);
    let rgba = surface
        .convert_format(PixelFormatEnum::RGBA32)
        .map_err(|e| format!("cannot convert to RGBA: {e}"))?;
    let pitch = rgba.pitch() as usize;
    let mut data = Vec::with_capacity(width * height * 4);
    rgba.with_lock(|pixels| {
        for row in pixels.chunks(pitch).take(height) {
            data.extend_from_slice(&row[..width * 4]);
        }
    });
    RgbaImage::from_rgba(width, height, data).ok_or_else(|| "truncated pixel data".to_string())
}

/// The eight bytes every PNG file starts with.
const PNG_SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

/// Checks a PNG's chunks (lengths, CRCs, IHDR first, IEND last) before
/// libpng reads it. libpng prints its own complaints about a damaged file
/// on stderr; this way a truncated or corrupt PNG gets one clear message
/// instead. Files that are not PNGs at all are left to SDL2_image, which
/// reads other formats as pygame does.
pub fn check_png_structure(bytes: &[u8]) -> Result<(), String> {
    if !bytes.starts_with(PNG_SIGNATURE) {
        return Ok(());
    }
    let mut at = PNG_SIGNATURE.len();
    let mut first = true;
    loop {
        let Some(header) = bytes.get(at..at + 8) else {
            return Err(format!(
                "truncated PNG: the file ends at byte {} with no IEND chunk",
                bytes.len()
            ));
        };
        let length = u32::from_be_bytes([header[0], header[1], header[2], header[3]]) as usize;
        let kind = &header[4..8];
        let name = String::from_utf8_lossy(kind).into_owned();
        let end = at + 8 + length + 4;
        let Some(chunk) = bytes.get(at + 4..end - 4) else {
            return Err(format!(
                "truncated PNG: the {name} chunk at byte {at} runs past the end of the file"
            ));
        };
        let stored = &bytes[end - 4..end];
        if crc32(chunk).to_be_bytes() != stored {
            return Err(format!(
                "corrupt PNG: the {name} chunk at byte {at} fails its CRC check"
            ));
        }
        if first && kind != b"IHDR" {
            return Err(format!("corrupt PNG: the first chunk is {name}, not IHDR"));
        }
        first = false;
        if kind == b"IEND" {
            return Ok(());
        }
        at = end;
    }
}

/// The CRC-32 that PNG chunks carry (ISO 3309, as zlib computes it).
pub fn crc32(data: &[u8]) -> u32 {
    !data.iter().fold(!0u32, |crc, &byte| {
        CRC32_TABLE[((crc ^ u32::from(byte)) & 0xff) as usize] ^ (crc >> 8)
    })
}

/// The CRC-32 of each byte value, computed at compile time.
const CRC32_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut n = 0;
    while n < 256 {
        let mut c = n as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xedb8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        table[n] = c;
        n += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_images_have_the_originals_sizes() {
        let images = Images::load(&ImageSource::Embedded, ScaleBackend::native()).unwrap();
        let size = |i: &RgbaImage| (i.width(), i.height());
        assert_eq!(size(&images.red_token), (50, 50));
        assert_eq!(size(&images.black_token), (50, 50));
        assert_eq!(size(&images.board), (50, 50));
        assert_eq!(size(&images.human_winner), (281, 163));
        assert_eq!(size(&images.computer_winner), (379, 173));
        assert_eq!(size(&images.tie_winner), (207, 119));
        assert_eq!(size(&images.arrow), (250, 100));
    }

    #[test]
    fn a_missing_folder_or_file_is_named() {
        let err = Images::load(
            &ImageSource::Folder("/no/such/dir".into()),
            ScaleBackend::Sse,
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "/no/such/dir: no such folder (--images needs a folder holding the seven PNGs)"
        );
        let dir = std::env::temp_dir().join(format!("fourinrow-assets-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let err = Images::load(&ImageSource::Folder(dir.clone()), ScaleBackend::Sse).unwrap_err();
        assert!(
            err.to_string()
                .ends_with("4rowred.png: missing (--images needs all seven PNGs)"),
            "{err}"
        );
        std::fs::write(dir.join("4rowred.png"), b"\x89PNG\r\n\x1a\nnot really").unwrap();
        let err = Images::load(&ImageSource::Folder(dir.clone()), ScaleBackend::Sse).unwrap_err();
        assert!(
            err.to_string().contains("4rowred.png: truncated PNG"),
            "{err}"
        );
        std::fs::write(dir.join("4rowred.png"), b"GIF89a nothing").unwrap();
        let err = Images::load(&ImageSource::Folder(dir.clone()), ScaleBackend::Sse).unwrap_err();
        assert!(
            err.to_string()
                .contains("4rowred.png: not a readable image"),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn damaged_pngs_are_caught_before_libpng_sees_them() {
        let good = EMBEDDED_IMAGES[0].1;
        assert_eq!(check_png_structure(good), Ok(()));
        assert!(decode_rgba(good).is_ok());
        let truncated = &good[..good.len() / 2];
        let err = decode_rgba(truncated).unwrap_err();
        assert!(err.starts_with("truncated PNG: the IDAT chunk"), "{err}");
        let mut flipped = good.to_vec();
        flipped[good.len() / 2] ^= 0x40;
        let err = decode_rgba(&flipped).unwrap_err();
        assert!(err.starts_with("corrupt PNG: the IDAT chunk"), "{err}");
        let no_end = &good[..good.len() - 12];
        assert!(decode_rgba(no_end).unwrap_err().contains("no IEND chunk"));
        assert_eq!(crc32(b"IEND"), 0xae42_6082);
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
    }
}

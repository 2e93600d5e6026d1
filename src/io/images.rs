//! Image files: where they are, and what is in them.
//!
//! The seven PNGs are built into the binary (see `build.rs`), so the game
//! runs from any folder; `--images DIR` reads them from a folder instead,
//! for example the original artwork, to compare the two. A folder may name
//! them as the tutorial does (`4rowred.png`) or as the book *Making Games
//! with Python & Pygame* does (`4row_red.png`), and may hold them itself or
//! in an `images/` folder beside a program that loads them from there.
//!
//! SDL2_image decodes them with libpng, as it does for pygame (the `window`
//! feature); every image is then turned into 8-bit RGBA (an image with no
//! alpha gets 255). Before that, [`check_png`] reads a PNG's structure
//! itself, so that a damaged file gets one clear message, and libpng's own
//! complaints on stderr are captured rather than shown.
//!
//! Only PNGs are read. pygame would read a JPEG, GIF or BMP saved under a
//! `.png` name too, but those formats declare their size in a header that
//! nothing checks before SDL2_image allocates it: a 30-byte GIF claiming
//! 65535x65535 pixels took 15 GB. A PNG's size is checked first.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::files;

// `EMBEDDED_IMAGES`: the seven PNGs of images/, by name, put there by build.rs.
include!(concat!(env!("OUT_DIR"), "/embedded_images.rs"));

/// The largest image accepted from `--images`, in either direction.
pub const MAX_IMAGE_SIZE: u32 = 4096;

/// The largest image file read, in bytes: room for a 4096x4096 PNG of
/// 16-bit RGBA stored uncompressed (134 MB), and a bound on what a huge
/// or endless file (`/dev/zero` behind a link, a sparse file) costs.
pub const MAX_IMAGE_FILE: u64 = 256 << 20;

/// Where the images come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImageSource {
    /// The project's own artwork, built into the binary.
    Embedded,
    /// A folder holding the seven PNGs (or holding them in `images/`).
    Folder(PathBuf),
}

/// How a folder names the image files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Naming {
    /// The tutorial's `fourinrow.py`: `4rowred.png`, ...
    Tutorial,
    /// The book's `fourinarow.py`: `4row_red.png`, ...
    Book,
}

impl Naming {
    /// The file name, in this naming, of the image the tutorial calls `name`.
    pub fn file_name(self, name: &str) -> String {
        match self {
            Naming::Tutorial => name.to_string(),
            Naming::Book => name.replacen("4row", "4row_", 1),
        }
    }
}

/// The image files to read: the built-in ones, or a folder and its naming.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImageFiles {
    /// Built into the binary.
    Embedded,
    /// In `folder`, named by `naming`.
    Folder {
        /// The folder that holds the files.
        folder: PathBuf,
        /// How they are named.
        naming: Naming,
    },
}

impl ImageFiles {
    /// Finds the images `names` (as the tutorial names them) for `source`:
    /// for a folder, in it or in its `images/`, named either way; the first
    /// place that holds them all wins. The error names a missing file of
    /// the place that holds the most of them.
    pub fn find(source: &ImageSource, names: &[&str]) -> Result<ImageFiles, Error> {
        let ImageSource::Folder(dir) = source else {
            return Ok(ImageFiles::Embedded);
        };
        match std::fs::metadata(dir) {
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => {
                return Err(Error::file(
                    dir,
                    "not a folder (--images needs a folder holding the seven PNGs)",
                ))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(Error::file(
                    dir,
                    "no such folder (--images needs a folder holding the seven PNGs)",
                ))
            }
            Err(e) => return Err(Error::file(dir, files::describe(&e))),
        }
        // Whether `path` is a file; an error other than "not there" (a
        // permission refused, a loop of links) is kept to be named.
        let mut trouble: Option<(PathBuf, std::io::Error)> = None;
        let mut is_file = |path: &Path| match std::fs::metadata(path) {
            Ok(meta) => meta.is_file(),
            Err(e) => {
                if e.kind() != std::io::ErrorKind::NotFound && trouble.is_none() {
                    trouble = Some((path.to_path_buf(), e));
                }
                false
            }
        };
        let mut best: Option<(usize, PathBuf, Naming)> = None;
        for folder in [dir.clone(), dir.join("images")] {
            for naming in [Naming::Tutorial, Naming::Book] {
                let present = names
                    .iter()
                    .filter(|name| is_file(&folder.join(naming.file_name(name))))
                    .count();
                if present == names.len() {
                    return Ok(ImageFiles::Folder { folder, naming });
                }
                if present > best.as_ref().map_or(0, |b| b.0) {
                    best = Some((present, folder.clone(), naming));
                }
            }
        }
        match best {
            Some((_, folder, naming)) => {
                let missing = names
                    .iter()
                    .map(|name| folder.join(naming.file_name(name)))
                    .find(|path| !path.is_file())
                    .unwrap_or_else(|| folder.clone());
                let what = match std::fs::metadata(&missing) {
                    Ok(_) => "not a file".to_string(),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => "missing".to_string(),
                    Err(e) => files::describe(&e),
                };
                Err(Error::file(&missing, format!("{what} (--images needs all seven PNGs)")))
            }
            None => match trouble {
                Some((path, e)) => Err(Error::file(&path, files::describe(&e))),
                None => Err(Error::file(
                    dir,
                    format!(
                        "no Four in a Row images here (looked for {} or {}, in it and in its images folder)",
                        names.first().copied().unwrap_or_default(),
                        Naming::Book.file_name(names.first().copied().unwrap_or_default())
                    ),
                )),
            },
        }
    }

    /// The bytes of the image the tutorial calls `name`, and the path to
    /// name in messages.
    pub fn read(&self, name: &str) -> Result<(PathBuf, Vec<u8>), Error> {
        match self {
            ImageFiles::Embedded => {
                let path = Path::new("images").join(name);
                EMBEDDED_IMAGES
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, bytes)| (path.clone(), bytes.to_vec()))
                    .ok_or_else(|| Error::file(&path, "not built into this binary"))
            }
            ImageFiles::Folder { folder, naming } => {
                let path = folder.join(naming.file_name(name));
                match read_at_most(&path, MAX_IMAGE_FILE) {
                    Ok(Some(bytes)) => Ok((path, bytes)),
                    Ok(None) => Err(Error::file(
                        &path,
                        format!("too large for an image (over {} MB)", MAX_IMAGE_FILE >> 20),
                    )),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                        Err(Error::file(&path, "missing (--images needs all seven PNGs)"))
                    }
                    Err(e) => {
                        Err(Error::file(&path, format!("cannot read: {}", files::describe(&e))))
                    }
                }
            }
        }
    }
}

/// The bytes of a regular file, up to a limit (a FIFO or a device is refused).
pub use crate::files::read_at_most;

/// Why an image could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImageError {
    /// Its structure is wrong (its message is this one's).
    Png(PngError),
    /// SDL2_image (libpng) could not read it: SDL's words, and what libpng
    /// printed meanwhile.
    Unreadable(String),
    /// It decoded to a size out of range.
    Size {
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
    },
    /// SDL could not convert it to RGBA: SDL's words.
    Convert(String),
    /// SDL gave fewer pixels than the size needs.
    Truncated,
}

impl fmt::Display for ImageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImageError::Png(e) => e.fmt(f),
            ImageError::Unreadable(said) => write!(f, "not a readable image ({said})"),
            ImageError::Size { width, height } => write!(
                f,
                "a {width}x{height} image is out of range (1 to {MAX_IMAGE_SIZE} pixels each way)"
            ),
            ImageError::Convert(e) => write!(f, "cannot convert to RGBA: {e}"),
            ImageError::Truncated => f.write_str("truncated pixel data"),
        }
    }
}

/// SDL's errors are strings, and a PNG fault prints its own message: no
/// variant has a cause of its own to give.
impl std::error::Error for ImageError {}

/// Decodes a PNG file held in memory into 8-bit RGBA, with SDL2_image.
///
/// Its structure is checked first ([`check_png`]). Whatever libpng or
/// SDL print on stderr meanwhile (warnings about a colour profile, say) is
/// captured, not shown: if decoding fails it becomes part of the one-line
/// message, otherwise it is dropped.
#[cfg(feature = "window")]
pub fn decode_rgba(bytes: &[u8]) -> Result<crate::io::pixels::RgbaImage, ImageError> {
    use sdl2::image::ImageRWops;
    use sdl2::rwops::RWops;

    check_png(bytes).map_err(ImageError::Png)?;
    let bytes = without_text_chunks(bytes);
    let bytes = bytes.as_ref();
    let (decoded, complaints) = quiet_stderr(|| {
        let rwops = RWops::from_bytes(bytes).map_err(|e| format!("cannot read: {e}"))?;
        // PNG only: no other decoder sees the bytes (see the module docs).
        let surface = rwops.load_png()?;
        surface_to_rgba(&surface).map_err(|e| e.to_string())
    });
    let surface = decoded.map_err(|e| {
        let also = complaints.lines().map(str::trim).filter(|l| !l.is_empty());
        let mut said: Vec<&str> = also.collect();
        said.dedup();
        if said.is_empty() {
            ImageError::Unreadable(e.trim().to_string())
        } else {
            ImageError::Unreadable(format!("{}; {}", e.trim(), said.join("; ")))
        }
    })?;
    let (width, height) = (surface.width() as u32, surface.height() as u32);
    if width == 0 || height == 0 || width > MAX_IMAGE_SIZE || height > MAX_IMAGE_SIZE {
        return Err(ImageError::Size { width, height });
    }
    Ok(surface)
}

/// Runs `f` with the process's stderr sent to a buffer; returns what `f`
/// returned and what was written there. C libraries (libpng through
/// SDL2_image) print warnings on file descriptor 2 directly, so only
/// redirecting the descriptor itself catches them. Should the redirection
/// be impossible, `f` runs as it is.
#[cfg(feature = "window")]
fn quiet_stderr<T>(f: impl FnOnce() -> T) -> (T, String) {
    use std::io::Read;

    match gag::BufferRedirect::stderr() {
        Ok(mut redirect) => {
            let value = f();
            let mut said = String::new();
            // What cannot be read back is dropped: it was only libpng's chatter.
            let _ = redirect.read_to_string(&mut said);
            (value, said)
        }
        Err(_) => (f(), String::new()),
    }
}

/// Copies any SDL surface into 8-bit RGBA (an image with no alpha gets 255;
/// a paletted one with a colour key gets 0 for the key, as pygame blits it).
#[cfg(feature = "window")]
pub fn surface_to_rgba(
    surface: &sdl2::surface::SurfaceRef,
) -> Result<crate::io::pixels::RgbaImage, ImageError> {
    let (width, height) = (surface.width() as usize, surface.height() as usize);
    let rgba = surface
        .convert_format(sdl2::pixels::PixelFormatEnum::RGBA32)
        .map_err(ImageError::Convert)?;
    let pitch = rgba.pitch() as usize;
    let mut data = Vec::with_capacity(width * height * 4);
    rgba.with_lock(|pixels| {
        for row in pixels.chunks(pitch).take(height) {
            data.extend_from_slice(row.get(..width * 4).unwrap_or(row));
        }
    });
    crate::io::pixels::RgbaImage::from_rgba(width, height, data).ok_or(ImageError::Truncated)
}

/// The eight bytes every PNG file starts with.
const PNG_SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

/// The most chunks a PNG may hold: an encoder that splits its pixels into
/// 8 kB IDAT chunks needs 16,400 for the largest image at 16 bits a channel.
pub const MAX_CHUNKS: usize = 100_000;

/// The most bytes one image may take decoded, at its own bit depth: a
/// 4096x4096 RGBA image at 8 bits a channel, not at 16.
pub const MAX_DECODED_BYTES: u64 = 64 << 20;

/// The most pixels the seven images may hold together, decoded: one
/// 4096x4096 image's worth, 64 MB as RGBA. Seven such images took 471 MB.
pub const MAX_TOTAL_PIXELS: u64 = 4096 * 4096;

/// The text chunks, which the game never reads. libpng inflates each
/// compressed one (up to 8 MB apiece): a PNG of 1,000 of them took 21 s to
/// load. They are dropped before libpng sees the file.
const TEXT_CHUNKS: [&[u8; 4]; 3] = [b"tEXt", b"zTXt", b"iTXt"];

/// `bytes` (a PNG that [`check_png`] accepted) without its text chunks;
/// borrowed as it is when it has none.
pub fn without_text_chunks(bytes: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let mut chunks = Vec::new();
    let mut at = PNG_SIGNATURE.len();
    while let Some(header) = bytes.get(at..at + 8) {
        let length = u32::from_be_bytes([header[0], header[1], header[2], header[3]]) as usize;
        let end = at.saturating_add(length).saturating_add(12).min(bytes.len());
        chunks.push((at, end, TEXT_CHUNKS.iter().any(|kind| &header[4..8] == *kind)));
        at = end;
    }
    if !chunks.iter().any(|&(_, _, text)| text) {
        return std::borrow::Cow::Borrowed(bytes);
    }
    let mut out = bytes[..PNG_SIGNATURE.len()].to_vec();
    for (start, end, text) in chunks {
        if !text {
            out.extend_from_slice(&bytes[start..end]);
        }
    }
    out.extend_from_slice(&bytes[at.min(bytes.len())..]);
    std::borrow::Cow::Owned(out)
}

/// What is wrong with a PNG's structure, found before libpng reads it:
/// the one-line message names the chunk and the byte at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PngError(pub String);

impl From<String> for PngError {
    fn from(message: String) -> PngError {
        PngError(message)
    }
}

impl From<&str> for PngError {
    fn from(message: &str) -> PngError {
        PngError(message.to_string())
    }
}

impl fmt::Display for PngError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PngError {}

/// Checks a PNG's chunks (lengths, CRCs, IHDR first with a size from 1 to
/// [`MAX_IMAGE_SIZE`], IEND last, at most [`MAX_CHUNKS`]) before libpng
/// reads it, so that a truncated or corrupt PNG gets one clear message,
/// which names the chunk and the byte at fault. Anything that is not a PNG
/// is refused. Returns the image's width and height.
pub fn check_png(bytes: &[u8]) -> Result<(u32, u32), PngError> {
    if bytes.is_empty() {
        return Err(PngError::from("an empty file, not a PNG image"));
    }
    if !bytes.starts_with(PNG_SIGNATURE) {
        return Err(PngError::from(if PNG_SIGNATURE.starts_with(bytes) {
            format!("truncated PNG: the file ends at byte {} inside the signature", bytes.len())
        } else {
            "not a PNG image (it does not start with the PNG signature)".into()
        }));
    }
    let mut at = PNG_SIGNATURE.len();
    let mut first = true;
    let mut size = (0, 0);
    let mut count = 0;
    loop {
        count += 1;
        if count > MAX_CHUNKS {
            return Err(PngError::from(format!(
                "a PNG of over {MAX_CHUNKS} chunks (byte {at} starts one more); no image needs so many"
            )));
        }
        let Some(header) = bytes.get(at..at + 8) else {
            return Err(PngError::from(format!(
                "truncated PNG: the file ends at byte {} with no IEND chunk",
                bytes.len()
            )));
        };
        let length = u32::from_be_bytes([header[0], header[1], header[2], header[3]]) as usize;
        let kind = &header[4..8];
        // Escaped: the type is any four bytes, and a line break in it
        // would break the one-line message.
        let name = kind.escape_ascii().to_string();
        // The chunk: its type and data, then a 4-byte CRC of both.
        let chunk = length.checked_add(at + 12).and_then(|end| bytes.get(at + 4..end));
        let Some(chunk) = chunk else {
            return Err(PngError::from(format!(
                "truncated PNG: the {name} chunk at byte {at} runs past the end of the file"
            )));
        };
        let (typed_data, stored) = chunk.split_at(chunk.len() - 4);
        if crc32(typed_data).to_be_bytes() != stored {
            return Err(PngError::from(format!(
                "corrupt PNG: the {name} chunk at byte {at} fails its CRC check"
            )));
        }
        if first {
            if kind != b"IHDR" {
                return Err(PngError::from(format!(
                    "corrupt PNG: the first chunk is {name}, not IHDR"
                )));
            }
            if length < 13 {
                return Err(PngError::from(format!(
                    "corrupt PNG: its IHDR chunk holds {length} bytes, not 13"
                )));
            }
            let word = |i: usize| {
                u32::from_be_bytes([
                    typed_data[4 + i],
                    typed_data[5 + i],
                    typed_data[6 + i],
                    typed_data[7 + i],
                ])
            };
            let (width, height) = (word(0), word(4));
            if width == 0 || height == 0 || width > MAX_IMAGE_SIZE || height > MAX_IMAGE_SIZE {
                return Err(PngError::from(format!(
                    "a {width}x{height} image is out of range (1 to {MAX_IMAGE_SIZE} pixels each way)"
                )));
            }
            // libpng holds the decoded image at its own depth: 16 bits a
            // channel doubles it.
            let (depth, colour) = (u64::from(typed_data[12]), typed_data[13]);
            let channels = match colour {
                0 | 3 => 1,
                4 => 2,
                2 => 3,
                _ => 4,
            };
            let decoded = u64::from(width) * u64::from(height) * channels * depth.max(8) / 8;
            if decoded > MAX_DECODED_BYTES {
                return Err(PngError::from(format!(
                    "a {width}x{height} image at {depth} bits a channel takes {} MB to decode \
                     (at most {} MB)",
                    decoded >> 20,
                    MAX_DECODED_BYTES >> 20
                )));
            }
            size = (width, height);
        }
        first = false;
        if kind == b"IEND" {
            return Ok(size);
        }
        at += length + 12;
    }
}

/// The CRC-32 that PNG chunks carry (ISO 3309, as zlib computes it).
pub fn crc32(data: &[u8]) -> u32 {
    // Slicing by 8: eight bytes a step through eight tables, about five
    // times the speed of a byte at a time (the tests check every frame's
    // CRC, 900 kB each); the bytes left over go one at a time.
    let mut crc = !0u32;
    let mut words = data.chunks_exact(8);
    for w in &mut words {
        let lo = u32::from_le_bytes([w[0], w[1], w[2], w[3]]) ^ crc;
        let hi = u32::from_le_bytes([w[4], w[5], w[6], w[7]]);
        let t = &CRC32_TABLES;
        crc = t[7][(lo & 0xff) as usize]
            ^ t[6][((lo >> 8) & 0xff) as usize]
            ^ t[5][((lo >> 16) & 0xff) as usize]
            ^ t[4][(lo >> 24) as usize]
            ^ t[3][(hi & 0xff) as usize]
            ^ t[2][((hi >> 8) & 0xff) as usize]
            ^ t[1][((hi >> 16) & 0xff) as usize]
            ^ t[0][(hi >> 24) as usize];
    }
    !words.remainder().iter().fold(crc, |crc, &byte| {
        CRC32_TABLES[0][((crc ^ u32::from(byte)) & 0xff) as usize] ^ (crc >> 8)
    })
}

/// The CRC-32 tables, computed at compile time: `[0]` of each byte value,
/// and `[k]` of that byte followed by `k` zero bytes.
const CRC32_TABLES: [[u32; 256]; 8] = {
    let mut tables = [[0u32; 256]; 8];
    let mut n = 0;
    while n < 256 {
        let mut c = n as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 { 0xedb8_8320 ^ (c >> 1) } else { c >> 1 };
            k += 1;
        }
        tables[0][n] = c;
        n += 1;
    }
    let mut t = 1;
    while t < 8 {
        let mut n = 0;
        while n < 256 {
            let previous = tables[t - 1][n];
            tables[t][n] = (previous >> 8) ^ tables[0][(previous & 0xff) as usize];
            n += 1;
        }
        t += 1;
    }
    tables
};

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: [&str; 2] = ["4rowred.png", "4rowarrow.png"];

    /// A fresh, empty folder for one test.
    fn folder(test: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("fourinrow-images-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn both_namings_are_found_in_the_folder_or_its_images_folder() {
        assert_eq!(Naming::Book.file_name("4rowhumanwinner.png"), "4row_humanwinner.png");
        let dir = folder("namings");
        std::fs::create_dir_all(dir.join("images")).unwrap();
        for name in NAMES {
            std::fs::write(dir.join("images").join(Naming::Book.file_name(name)), b"x").unwrap();
        }
        let source = ImageSource::Folder(dir.clone());
        assert_eq!(
            ImageFiles::find(&source, &NAMES).unwrap(),
            ImageFiles::Folder { folder: dir.join("images"), naming: Naming::Book }
        );
        // The folder's own files come first, in the tutorial's names first.
        for name in NAMES {
            std::fs::write(dir.join(name), b"y").unwrap();
        }
        let files = ImageFiles::find(&source, &NAMES).unwrap();
        assert_eq!(files, ImageFiles::Folder { folder: dir.clone(), naming: Naming::Tutorial });
        assert_eq!(files.read("4rowred.png").unwrap().1, b"y");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_folder_or_file_is_named() {
        let err = ImageFiles::find(&ImageSource::Folder("/no/such/dir".into()), &NAMES)
            .unwrap_err()
            .to_string();
        assert_eq!(
            err.to_string(),
            "/no/such/dir: no such folder (--images needs a folder holding the seven PNGs)"
        );
        let dir = folder("missing");
        let err =
            ImageFiles::find(&ImageSource::Folder(dir.clone()), &NAMES).unwrap_err().to_string();
        assert!(
            err.to_string().ends_with(
                "no Four in a Row images here (looked for 4rowred.png or 4row_red.png, in it and in its images folder)"
            ),
            "{err}"
        );
        std::fs::write(dir.join("4row_red.png"), b"x").unwrap();
        let err =
            ImageFiles::find(&ImageSource::Folder(dir.clone()), &NAMES).unwrap_err().to_string();
        assert!(
            err.to_string().ends_with("4row_arrow.png: missing (--images needs all seven PNGs)"),
            "{err}"
        );
        std::fs::create_dir(dir.join("4row_arrow.png")).unwrap();
        let err =
            ImageFiles::find(&ImageSource::Folder(dir.clone()), &NAMES).unwrap_err().to_string();
        assert!(
            err.to_string().ends_with("4row_arrow.png: not a file (--images needs all seven PNGs)"),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn damaged_pngs_are_caught_before_libpng_sees_them() {
        let good = EMBEDDED_IMAGES[0].1;
        assert_eq!(check_png(good), Ok((100, 100)));
        let truncated = &good[..good.len() / 2];
        let err = check_png(truncated).unwrap_err().to_string();
        assert!(err.starts_with("truncated PNG: the IDAT chunk"), "{err}");
        let mut flipped = good.to_vec();
        flipped[good.len() / 2] ^= 0x40;
        let err = check_png(&flipped).unwrap_err().to_string();
        assert!(err.starts_with("corrupt PNG: the IDAT chunk"), "{err}");
        let no_end = &good[..good.len() - 12];
        assert!(check_png(no_end).unwrap_err().to_string().contains("no IEND chunk"));
        assert_eq!(crc32(b"IEND"), 0xae42_6082);
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
        // Eight bytes at a time gives what one at a time gives, at every
        // length and alignment.
        let bytewise = |data: &[u8]| {
            !data.iter().fold(!0u32, |crc, &byte| {
                CRC32_TABLES[0][((crc ^ u32::from(byte)) & 0xff) as usize] ^ (crc >> 8)
            })
        };
        let data: Vec<u8> =
            (0..300u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
        for start in 0..9 {
            for end in start..data.len() {
                assert_eq!(crc32(&data[start..end]), bytewise(&data[start..end]), "{start}..{end}");
            }
        }
    }

    #[test]
    fn every_cut_of_a_png_is_an_error_not_a_panic() {
        // Regression: a file cut inside a chunk's CRC (31 bytes: IHDR's CRC)
        // sliced past its end and panicked.
        let good = EMBEDDED_IMAGES[0].1;
        assert!(check_png(&good[..0]).unwrap_err().to_string().contains("empty"));
        for cut in 1..good.len() {
            let err = check_png(&good[..cut]).unwrap_err().to_string();
            assert!(err.starts_with("truncated PNG"), "cut at {cut}: {err}");
        }
    }

    #[test]
    fn a_chunk_type_is_named_on_one_line() {
        // Found by fuzzing: a chunk type holding a line break broke the message.
        let mut png = EMBEDDED_IMAGES[0].1[..40].to_vec();
        png[12..16].copy_from_slice(b"\0\rI\n");
        let err = check_png(&png).unwrap_err().to_string();
        assert_eq!(err, "corrupt PNG: the \\x00\\rI\\n chunk at byte 8 fails its CRC check");
    }

    #[test]
    fn text_chunks_are_dropped_and_chunks_counted() {
        let good = EMBEDDED_IMAGES[0].1;
        let chunk = |kind: &[u8; 4], data: &[u8]| {
            let mut typed = kind.to_vec();
            typed.extend_from_slice(data);
            let mut out = (data.len() as u32).to_be_bytes().to_vec();
            out.extend_from_slice(&typed);
            out.extend_from_slice(&crc32(&typed).to_be_bytes());
            out
        };
        let mut with_text = good[..33].to_vec();
        with_text.extend(chunk(b"tEXt", b"Comment\0hi"));
        with_text.extend(chunk(b"zTXt", b"Comment\0\0not even zlib"));
        with_text.extend_from_slice(&good[33..]);
        assert_eq!(check_png(&with_text), Ok((100, 100)));
        assert_eq!(without_text_chunks(&with_text).as_ref(), good);
        assert!(matches!(without_text_chunks(good), std::borrow::Cow::Borrowed(_)));
        let mut many = good[..33].to_vec();
        many.extend(chunk(b"abCd", b"").repeat(MAX_CHUNKS));
        many.extend_from_slice(&good[33..]);
        let err = check_png(&many).unwrap_err().to_string();
        assert!(err.starts_with("a PNG of over 100000 chunks"), "{err}");
        let mut deep = good.to_vec();
        deep[24] = 16; // 16 bits a channel
        deep[16..24].copy_from_slice(&[0, 0, 16, 0, 0, 0, 16, 0]);
        let crc = crc32(&deep[12..29]).to_be_bytes();
        deep[29..33].copy_from_slice(&crc);
        let err = check_png(&deep).unwrap_err().to_string();
        assert_eq!(
            err,
            "a 4096x4096 image at 16 bits a channel takes 128 MB to decode (at most 64 MB)"
        );
    }

    #[test]
    fn images_of_no_size_or_a_huge_one_are_refused() {
        let mut png = EMBEDDED_IMAGES[0].1.to_vec();
        for (width, height) in [(0, 100), (100, 0), (5000, 100), (100, u32::MAX)] {
            png[16..20].copy_from_slice(&u32::to_be_bytes(width));
            png[20..24].copy_from_slice(&u32::to_be_bytes(height));
            let crc = crc32(&png[12..29]).to_be_bytes();
            png[29..33].copy_from_slice(&crc);
            let err = check_png(&png).unwrap_err().to_string();
            assert!(err.contains("out of range"), "{width}x{height}: {err}");
        }
    }

    #[cfg(feature = "window")]
    #[test]
    fn decoding_gives_rgba_and_names_what_is_wrong() {
        let image = decode_rgba(EMBEDDED_IMAGES[0].1).unwrap();
        assert_eq!((image.width(), image.height()), (100, 100));
        // No decoder but libpng's sees what is not a PNG: a 30-byte GIF
        // claiming 65535x65535 pixels used to take 15 GB.
        let gif = b"GIF89a\xff\xff\xff\xff\x80\0\0\0\0\0\xff\xff\xff,\0\0\0\0\xff\xff\xff\xff\0\x02\x02D\x01\0;";
        let err = decode_rgba(gif).unwrap_err().to_string();
        assert_eq!(err, "not a PNG image (it does not start with the PNG signature)");
        assert_eq!(decode_rgba(b"").unwrap_err().to_string(), "an empty file, not a PNG image");
        // A PNG whose chunks are sound but whose pixels are not: libpng's
        // complaint, captured, is part of the one line.
        let mut no_data = EMBEDDED_IMAGES[0].1[..33].to_vec();
        no_data.extend_from_slice(&[0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xae, 0x42, 0x60, 0x82]);
        let err = decode_rgba(&no_data).unwrap_err().to_string();
        assert!(err.starts_with("not a readable image"), "{err}");
        assert!(!err.contains('\n'), "{err}");
    }

    #[test]
    fn files_are_read_up_to_a_limit() {
        let dir = folder("limit");
        let path = dir.join("big.png");
        std::fs::write(&path, [7u8; 10]).unwrap();
        assert_eq!(read_at_most(&path, 10).unwrap(), Some(vec![7u8; 10]));
        assert_eq!(read_at_most(&path, 9).unwrap(), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

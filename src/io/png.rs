//! Frames written as PNG files, with SDL2_image's encoder: what
//! `--replay SCRIPT --dump-frames DIR` writes.

use std::io::Seek;
use std::path::{Path, PathBuf};

use sdl2::image::SaveSurface;
use sdl2::pixels::PixelFormatEnum;
use sdl2::rwops::RWops;
use sdl2::surface::Surface;

use crate::error::{Error, Stop};
use crate::io::pixels::{Display, RgbaImage};
use crate::io::replay::FrameSink;

/// The display as PNG file bytes (RGB), encoded by SDL2_image.
pub fn encode_png(display: &Display) -> Result<Vec<u8>, String> {
    let (w, h) = (display.width(), display.height());
    let mut pixels = display.xrgb_bytes().to_vec();
    let surface =
        Surface::from_data(&mut pixels, w as u32, h as u32, w as u32 * 4, PixelFormatEnum::RGB888)?;
    save(&surface, w, h)
}

/// An RGBA image as PNG file bytes, with its alpha, encoded by SDL2_image.
pub fn encode_image(image: &RgbaImage) -> Result<Vec<u8>, String> {
    let (w, h) = (image.width(), image.height());
    let mut pixels = image.data().to_vec();
    let surface =
        Surface::from_data(&mut pixels, w as u32, h as u32, w as u32 * 4, PixelFormatEnum::RGBA32)?;
    save(&surface, w, h)
}

/// `surface` as PNG bytes, in a buffer big enough for a `w` x `h` image
/// stored uncompressed.
fn save(surface: &Surface, w: usize, h: usize) -> Result<Vec<u8>, String> {
    let mut buffer = vec![0u8; (w * 4 + 1) * h + 65536];
    let written = {
        let mut rwops = RWops::from_bytes_mut(&mut buffer)?;
        surface.save_rw(&mut rwops)?;
        rwops.stream_position().map_err(|e| e.to_string())?
    };
    buffer.truncate(written as usize);
    Ok(buffer)
}

/// Writes each frame to `DIR/frame-NNNNN.png`, from `frame-00000.png`.
pub struct PngFolder {
    dir: PathBuf,
}

impl PngFolder {
    /// Makes the folder if needed. A folder that already holds files is
    /// refused, so that nothing of the user's is lost, unless `overwrite`:
    /// then the frames an earlier run left there are removed (other files
    /// are kept).
    pub fn create(dir: &Path, overwrite: bool) -> Result<PngFolder, Error> {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::file(dir, format!("cannot create the frames folder: {e}")))?;
        let entries: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| Error::file(dir, format!("cannot read the frames folder: {e}")))?
            .flatten()
            .collect();
        if !overwrite && !entries.is_empty() {
            return Err(Error::file(
                dir,
                format!(
                    "the frames folder is not empty ({}); choose an empty one, \
                     or add --overwrite to replace the frames in it",
                    match entries.len() {
                        1 => "1 entry".to_string(),
                        n => format!("{n} entries"),
                    }
                ),
            ));
        }
        for entry in entries {
            if is_frame_name(&entry.file_name().to_string_lossy()) {
                std::fs::remove_file(entry.path()).map_err(|e| {
                    Error::file(&entry.path(), format!("cannot remove an old frame: {e}"))
                })?;
            }
        }
        // Fail now, not after the first frame, if the folder cannot be
        // written; a file of the user's with the probe's name is left alone.
        let probe = dir.join(".fourinrow-write-test");
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&probe) {
            Ok(_) => std::fs::remove_file(&probe),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
            Err(e) => Err(e),
        }
        .map_err(|e| Error::file(dir, format!("cannot write frames here: {e}")))?;
        Ok(PngFolder { dir: dir.to_path_buf() })
    }
}

/// Whether a file name is one this program writes: `frame-` digits `.png`.
fn is_frame_name(name: &str) -> bool {
    name.strip_prefix("frame-")
        .and_then(|rest| rest.strip_suffix(".png"))
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

impl FrameSink for PngFolder {
    fn frame(&mut self, index: u64, display: &Display) -> Result<(), Stop> {
        let path = self.dir.join(format!("frame-{index:05}.png"));
        let png = encode_png(display)
            .map_err(|e| Error::file(&path, format!("cannot encode the frame: {e}")))?;
        // Written under another name first, so no half-written frame is left behind.
        let part = self.dir.join(format!(".frame-{index:05}.png.part"));
        std::fs::write(&part, &png)
            .and_then(|()| std::fs::rename(&part, &path))
            .map_err(|e| Error::file(&path, format!("cannot write the frame: {e}")))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_names_are_recognised() {
        assert!(is_frame_name("frame-00000.png"));
        assert!(is_frame_name("frame-123456.png"));
        assert!(!is_frame_name("frame-.png"));
        assert!(!is_frame_name("frame-0001.png.part"));
        assert!(!is_frame_name("notes.txt"));
    }

    #[test]
    fn a_folder_with_the_users_files_is_refused_unless_overwrite() {
        let dir = std::env::temp_dir().join(format!("fourinrow-png-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("notes.txt"), b"mine").unwrap();
        std::fs::write(dir.join("frame-00007.png"), b"old").unwrap();
        let err = PngFolder::create(&dir, false).err().unwrap().to_string();
        assert!(err.contains("not empty"), "{err}");
        assert!(dir.join("frame-00007.png").exists(), "nothing removed");
        std::fs::write(dir.join(".fourinrow-write-test"), b"also mine").unwrap();
        PngFolder::create(&dir, true).unwrap();
        assert!(!dir.join("frame-00007.png").exists(), "old frames go");
        assert_eq!(std::fs::read(dir.join("notes.txt")).unwrap(), b"mine");
        assert_eq!(std::fs::read(dir.join(".fourinrow-write-test")).unwrap(), b"also mine");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

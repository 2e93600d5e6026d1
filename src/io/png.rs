//! Frames written as PNG files, with SDL2_image's encoder: what
//! `--replay SCRIPT --dump-frames DIR` writes.

use std::fmt;
use std::io::Seek;
use std::path::{Path, PathBuf};

use sdl2::image::SaveSurface;
use sdl2::pixels::PixelFormatEnum;
use sdl2::rwops::RWops;
use sdl2::surface::Surface;

use crate::error::{Error, Stop};
use crate::files;
use crate::io::pixels::{Display, RgbaImage};
use crate::io::replay::FrameSink;
use crate::io::signals;

/// Why an image could not be encoded.
#[derive(Debug)]
pub enum EncodeError {
    /// SDL2_image refused: SDL's words (its errors are strings).
    Sdl(String),
    /// The bytes written could not be counted.
    Io(std::io::Error),
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeError::Sdl(message) => f.write_str(message),
            EncodeError::Io(e) => e.fmt(f),
        }
    }
}

/// An I/O error prints its own message, so its cause is its own.
impl std::error::Error for EncodeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EncodeError::Sdl(_) => None,
            EncodeError::Io(e) => e.source(),
        }
    }
}

impl From<String> for EncodeError {
    fn from(message: String) -> EncodeError {
        EncodeError::Sdl(message)
    }
}

/// The display as PNG file bytes (RGB), encoded by SDL2_image.
pub fn encode_png(display: &Display) -> Result<Vec<u8>, EncodeError> {
    let (w, h) = (display.width(), display.height());
    let mut pixels = display.xrgb_bytes().to_vec();
    let surface =
        Surface::from_data(&mut pixels, w as u32, h as u32, w as u32 * 4, PixelFormatEnum::RGB888)?;
    save(&surface, w, h)
}

/// An RGBA image as PNG file bytes, with its alpha, encoded by SDL2_image.
pub fn encode_image(image: &RgbaImage) -> Result<Vec<u8>, EncodeError> {
    let (w, h) = (image.width(), image.height());
    let mut pixels = image.data().to_vec();
    let surface =
        Surface::from_data(&mut pixels, w as u32, h as u32, w as u32 * 4, PixelFormatEnum::RGBA32)?;
    save(&surface, w, h)
}

/// `surface` as PNG bytes, in a buffer big enough for a `w` x `h` image
/// stored uncompressed.
fn save(surface: &Surface, w: usize, h: usize) -> Result<Vec<u8>, EncodeError> {
    let mut buffer = vec![0u8; (w * 4 + 1) * h + 65536];
    let written = {
        let mut rwops = RWops::from_bytes_mut(&mut buffer)?;
        surface.save_rw(&mut rwops)?;
        rwops.stream_position().map_err(EncodeError::Io)?
    };
    buffer.truncate(written as usize);
    Ok(buffer)
}

/// The lock file a dump holds in its folder while it writes, so that two
/// dumps into one folder cannot mix their frames. Removed at the end (if
/// this run made it).
pub const LOCK_NAME: &str = ".fourinrow-frames.lock";

/// Writes each frame to `DIR/frame-NNNNN.png`, from `frame-00000.png`.
///
/// Each frame is written to a temporary file beside it, created anew (never
/// through a link or onto a file that is there), then renamed; a frame
/// that fails is removed, and so is the lock file when the folder is
/// dropped, however the replay ended.
pub struct PngFolder {
    dir: PathBuf,
    /// The lock, held open; `Some` path if this run made the file.
    _lock: std::fs::File,
    made_lock: Option<PathBuf>,
}

impl Drop for PngFolder {
    fn drop(&mut self) {
        if let Some(path) = &self.made_lock {
            // Removed while still locked, so no one else can have taken it.
            let _ = std::fs::remove_file(path);
        }
    }
}

impl PngFolder {
    /// Makes the folder if needed and locks it (another dump writing there
    /// is refused). A folder that already holds files is refused, so that
    /// nothing of the user's is lost, unless `overwrite`: then the frames
    /// and the temporary frames an earlier run left there are removed
    /// (other files are kept).
    pub fn create(dir: &Path, overwrite: bool) -> Result<PngFolder, Error> {
        std::fs::create_dir_all(dir).map_err(|e| {
            Error::file(dir, format!("cannot create the frames folder: {}", files::describe(&e)))
        })?;
        let (lock, made_lock) = lock_folder(dir)?;
        let folder = PngFolder { dir: dir.to_path_buf(), _lock: lock, made_lock };
        let entries: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| {
                Error::file(dir, format!("cannot read the frames folder: {}", files::describe(&e)))
            })?
            .flatten()
            .filter(|entry| {
                folder.made_lock.is_none() || entry.file_name().to_str() != Some(LOCK_NAME)
            })
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
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = entry.path();
            if is_frame_name(&name) {
                std::fs::remove_file(&path).map_err(|e| {
                    Error::file(
                        &path,
                        format!("cannot remove an old frame: {}", files::describe(&e)),
                    )
                })?;
            } else if is_part_name(&name) {
                // Left by a run that was killed: removed if it is a plain
                // file, as this program writes them; anything else there is
                // not ours, and would stop the frame of that number.
                let plain = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file());
                if !plain {
                    return Err(Error::file(
                        &path,
                        "is in the way of a frame (it is not a file fourinrow wrote); move it away",
                    ));
                }
                std::fs::remove_file(&path).map_err(|e| {
                    Error::file(
                        &path,
                        format!("cannot remove an old frame: {}", files::describe(&e)),
                    )
                })?;
            }
        }
        Ok(folder)
    }
}

/// Takes the folder's lock file, making it if need be; fails at once if
/// another run holds it. Returns the open lock and, if this run made the
/// file, its path (to remove at the end).
fn lock_folder(dir: &Path) -> Result<(std::fs::File, Option<PathBuf>), Error> {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    let path = dir.join(LOCK_NAME);
    let cannot = |e: std::io::Error| {
        Error::file(dir, format!("cannot write frames here: {}", files::describe(&e)))
    };
    loop {
        let made = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .custom_flags(libc::O_NOFOLLOW)
            .open(&path);
        let (file, made) = match made {
            Ok(file) => (file, true),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                let existing = std::fs::OpenOptions::new()
                    .read(true)
                    .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
                    .open(&path);
                match existing {
                    Ok(file) => (file, false),
                    // Gone meanwhile: its maker finished; try again.
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                    // O_NOFOLLOW's answer for a link: not ours, and not followed.
                    Err(e) if e.raw_os_error() == Some(libc::ELOOP) => {
                        return Err(Error::file(
                            &path,
                            "is a link where fourinrow keeps its lock while it writes frames; \
                             move it away",
                        ))
                    }
                    Err(e) => return Err(cannot(e)),
                }
            }
            Err(e) => return Err(cannot(e)),
        };
        if !files::try_lock(&file).map_err(cannot)? {
            return Err(Error::file(
                dir,
                "another fourinrow is writing frames into this folder; wait for it, or choose another",
            ));
        }
        // The file locked must still be the one at the path: its maker may
        // have removed it between our open and our lock.
        let same = match (file.metadata(), std::fs::symlink_metadata(&path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        };
        if same {
            // An empty lock file left by a run that was killed is ours too.
            let ours = made || file.metadata().is_ok_and(|m| m.is_file() && m.len() == 0);
            return Ok((file, ours.then_some(path)));
        }
    }
}

/// Whether a file name is one this program writes: `frame-` digits `.png`.
fn is_frame_name(name: &str) -> bool {
    name.strip_prefix("frame-")
        .and_then(|rest| rest.strip_suffix(".png"))
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether a file name is one of this program's temporary frames:
/// `.frame-` digits `.png.part`.
fn is_part_name(name: &str) -> bool {
    name.strip_prefix('.').and_then(|rest| rest.strip_suffix(".part")).is_some_and(is_frame_name)
}

impl FrameSink for PngFolder {
    fn frame(&mut self, index: u64, display: &Display) -> Result<(), Stop> {
        // A signal ends the replay between frames, as closing a window
        // does: the frames written are whole and the game is recorded.
        if signals::received() {
            return Err(Stop::Quit);
        }
        let path = self.dir.join(format!("frame-{index:05}.png"));
        let png = encode_png(display)
            .map_err(|e| Error::file(&path, format!("cannot encode the frame: {e}")))?;
        // Written under another name first, so no half-written frame is
        // left behind; created anew, so nothing is written through a link.
        let part = self.dir.join(format!(".frame-{index:05}.png.part"));
        let written = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&part)
            .and_then(|mut file| {
                use std::io::Write;
                let written = file.write_all(&png);
                if written.is_err() {
                    let _ = std::fs::remove_file(&part);
                }
                written
            })
            .and_then(|()| {
                std::fs::rename(&part, &path).inspect_err(|_| {
                    let _ = std::fs::remove_file(&part);
                })
            });
        written.map_err(|e| {
            Error::file(&path, format!("cannot write the frame: {}", files::describe(&e)))
        })?;
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
        assert!(is_part_name(".frame-00001.png.part"));
        assert!(!is_part_name("frame-00001.png.part"));
        assert!(!is_part_name(".frame-x.png.part"));
    }

    #[test]
    fn a_link_in_the_locks_place_is_named_and_left_alone() {
        let dir = std::env::temp_dir().join(format!("fourinrow-png-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::os::unix::fs::symlink("elsewhere", dir.join(LOCK_NAME)).unwrap();
        let err = PngFolder::create(&dir, true).err().unwrap().to_string();
        assert!(err.ends_with(".fourinrow-frames.lock: is a link where fourinrow keeps its lock while it writes frames; move it away"), "{err}");
        assert!(std::fs::symlink_metadata(dir.join(LOCK_NAME)).unwrap().file_type().is_symlink());
        std::fs::remove_file(dir.join(LOCK_NAME)).unwrap();
        let folder = PngFolder::create(&dir, false).unwrap();
        assert!(dir.join(LOCK_NAME).is_file(), "held while the folder is in use");
        drop(folder);
        assert!(!dir.join(LOCK_NAME).exists(), "removed at the end");
        std::fs::remove_dir_all(&dir).unwrap();
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

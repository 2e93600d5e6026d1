//! A record file, which `--record FILE` appends each game to, one line
//! each: Four in a Row's (`crate::fourinrow::extras::record`) and Gobang's
//! (`crate::gobang::extras::record`) lines both go through it, so both
//! games keep a user's file the same way. It knows nothing of either
//! game: a line is anything that displays itself.

use std::fmt;
use std::fs::File;
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::files;

/// Appends finished (and abandoned) games to a record file, one line each.
#[derive(Debug)]
pub struct RecordFile {
    path: PathBuf,
    file: File,
}

impl RecordFile {
    /// Opens `path` for appending (creating it), so earlier games are kept.
    /// Only a regular file will do: a FIFO (which would block the game
    /// until someone reads it) or a device is refused at once.
    pub fn open(path: &Path) -> Result<RecordFile, Error> {
        use std::os::unix::fs::OpenOptionsExt;
        let cannot = |e: &std::io::Error| {
            Error::file(path, format!("cannot open the record file: {}", files::describe(e)))
        };
        let open = |read: bool| {
            std::fs::OpenOptions::new()
                .read(read)
                .append(true)
                .create(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(path)
        };
        // Read too, to see whether the file ends a line; a file we may only
        // write to gets a newline before each game instead (blank lines are
        // skipped when it is read).
        let file = match open(true) {
            Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => open(false),
            opened => opened,
        }
        .map_err(|e| cannot(&e))?;
        files::check_regular(&file).map_err(|e| cannot(&e))?;
        Ok(RecordFile { path: path.to_path_buf(), file })
    }

    /// Appends one game as one whole line. The file is locked meanwhile, so
    /// two games written at once (two windows, one file) land one after the
    /// other; a newline goes first if the file does not end with one (a
    /// comment typed by hand, a line cut short elsewhere); and a write that
    /// fails part way (a full disk) is taken back, so no part line is left.
    pub fn write(&mut self, record: &impl fmt::Display) -> Result<(), Error> {
        let failed = |what: &str, e: &std::io::Error| {
            Error::file(&self.path, format!("{what}: {}", files::describe(e)))
        };
        files::lock(&self.file).map_err(|e| failed("cannot lock the record file", &e))?;
        let appended = self.append_locked(&format!("{record}\n"));
        // Closing the file would release the lock too; a failed unlock
        // leaves nothing to repair.
        let _ = files::unlock(&self.file);
        appended
    }

    /// [`RecordFile::write`]'s work, with the lock held.
    fn append_locked(&mut self, line: &str) -> Result<(), Error> {
        use std::io::Write;
        use std::os::unix::fs::FileExt;
        let failed = |what: &str, e: &std::io::Error| {
            Error::file(&self.path, format!("{what}: {}", files::describe(e)))
        };
        let length =
            self.file.metadata().map_err(|e| failed("cannot read the record file", &e))?.len();
        let mut last = [0u8; 1];
        let ends_a_line = length == 0
            || (self.file.read_exact_at(&mut last, length - 1).is_ok() && last[0] == b'\n');
        let text = if ends_a_line { line.to_string() } else { format!("\n{line}") };
        if let Err(e) = self.file.write_all(text.as_bytes()).and_then(|()| self.file.flush()) {
            // Whatever part of the line went in is taken back.
            let undone = self.file.set_len(length).is_ok();
            let what = if undone {
                "cannot write the record (the file is as it was)"
            } else {
                "cannot write the record, and a part line may be left at its end"
            };
            return Err(failed(what, &e));
        }
        Ok(())
    }
}

//! The user's files and streams, read and written so that a careless or
//! hostile one costs bounded memory and time and gets one clear line:
//! regular files only where a file is expected (a FIFO would block, a
//! device never end), lines of bounded length, text that is not UTF-8
//! named by its line, quotes cut to a readable length, and an exclusive
//! lock for files that two programs may write at once.
//!
//! Nothing here knows the game: `io`, `extras` and `tools` all use it.

use std::fs::File;
use std::io::{self, BufRead, Read};
use std::path::Path;

/// The longest line read from stdin or a file of lines, in bytes: a 64x64
/// board text is 4,159 bytes and a record line at most about 12 kB, and
/// `solve < /dev/zero` must not fill the memory.
pub const MAX_LINE: usize = 1 << 20;

/// The most characters of a faulty line an error message quotes.
pub const MAX_QUOTE: usize = 80;

/// What a special file is called in messages.
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_dir() {
        "a folder"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else {
        "not a regular file"
    }
}

/// Opens `path` for reading if it is a regular file (after links). The open
/// itself never blocks (a FIFO with no writer would block it): a FIFO, a
/// device, a socket or a folder is refused at once, its kind named.
pub fn open_regular(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path)?;
    check_regular(&file)?;
    set_blocking(&file)?;
    Ok(file)
}

/// An error unless `file` is a regular file.
pub fn check_regular(file: &File) -> io::Result<()> {
    let meta = file.metadata()?;
    if meta.is_file() {
        Ok(())
    } else {
        let kind = kind_of(&meta);
        let message = if kind == "not a regular file" {
            kind.to_string()
        } else {
            format!("{kind}, not a regular file")
        };
        Err(io::Error::new(io::ErrorKind::InvalidInput, message))
    }
}

/// Clears `O_NONBLOCK`, which only mattered for the open.
fn set_blocking(file: &File) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    let fd = file.as_raw_fd();
    // SAFETY: fcntl on a descriptor this File owns; no memory is passed.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// The bytes of the regular file at `path`, or `None` if it holds more than
/// `limit`. Reads at most `limit + 1` bytes whatever the file claims to be.
pub fn read_at_most(path: &Path, limit: u64) -> io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    open_regular(path)?.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}

/// An I/O error as a message: the OS's words, but a link loop and a
/// permission refused said plainly (the OS's "Too many levels of symbolic
/// links" does not say which).
pub fn describe(e: &io::Error) -> String {
    match e.raw_os_error() {
        Some(libc::ELOOP) => "a loop of symbolic links".into(),
        Some(libc::EACCES) | Some(libc::EPERM) => "permission denied".into(),
        _ => e.to_string(),
    }
}

/// Takes an exclusive lock on `file` (`flock`), waiting for another
/// holder; it is released when the file is closed, or by [`unlock`].
pub fn lock(file: &File) -> io::Result<()> {
    flock(file, libc::LOCK_EX)
}

/// Takes an exclusive lock on `file` if no one holds it; `Ok(false)` if
/// someone does.
pub fn try_lock(file: &File) -> io::Result<bool> {
    match flock(file, libc::LOCK_EX | libc::LOCK_NB) {
        Ok(()) => Ok(true),
        Err(e) if e.raw_os_error() == Some(libc::EWOULDBLOCK) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Releases a lock taken by [`lock`].
pub fn unlock(file: &File) -> io::Result<()> {
    flock(file, libc::LOCK_UN)
}

fn flock(file: &File, operation: libc::c_int) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    loop {
        // SAFETY: flock on a descriptor this File owns; no memory is passed.
        if unsafe { libc::flock(file.as_raw_fd(), operation) } == 0 {
            return Ok(());
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

/// A line quoted in an error message: at most [`MAX_QUOTE`] characters
/// (a cut one ends in `...`), with characters that would break the line or
/// hide (control characters, U+0085, U+2028, U+2029, zero-width ones, a
/// second byte-order mark) escaped, the escapes counted in the limit.
pub fn quote(text: &str) -> String {
    let mut out = String::new();
    let mut shown = 0;
    for c in text.chars() {
        let escaped = c.is_control() || invisible(c);
        let len = if escaped { c.escape_default().count() } else { 1 };
        if shown + len > MAX_QUOTE {
            out.push_str("...");
            break;
        }
        if escaped {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
        shown += len;
    }
    out
}

/// Characters that break a line or show nothing: the line and paragraph
/// separators, zero-width spaces and joiners, direction marks and
/// overrides, and U+FEFF (a byte-order mark where it does not belong).
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{2028}'
            | '\u{2029}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{feff}'
    )
}

/// What is wrong with one line of text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineFault {
    /// Bytes that are not UTF-8, the first at this column (from 1).
    NotUtf8 {
        /// The byte.
        byte: u8,
        /// Its column, counting bytes from 1.
        column: usize,
    },
    /// NUL bytes: UTF-16 text, most likely.
    Nul,
}

impl std::fmt::Display for LineFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineFault::NotUtf8 { byte, column } => {
                write!(f, "not UTF-8 text (byte 0x{byte:02X} at column {column})")
            }
            LineFault::Nul => f.write_str("holds NUL bytes (UTF-16 text? save it as UTF-8)"),
        }
    }
}

/// Reads lines of at most [`MAX_LINE`] bytes, as text. A UTF-8 byte-order
/// mark at the start is skipped; a line that is not UTF-8 (or holds NUL
/// bytes, as UTF-16 text does) is handed over as a [`LineFault`], and the
/// lines after it are read as usual. Input starting with a UTF-16
/// byte-order mark, or a line over the limit, is an error that ends it.
pub struct Lines<R> {
    input: R,
    number: usize,
    buffer: Vec<u8>,
    what: String,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `input`, named `what` in errors (`stdin`, a path).
    pub fn new(input: R, what: impl Into<String>) -> Lines<R> {
        Lines { input, number: 0, buffer: Vec::new(), what: what.into() }
    }

    /// The next line: its number (from 1) and its text without the line
    /// break, or `None` at the end.
    pub fn next_line(&mut self) -> io::Result<Option<(usize, Result<String, LineFault>)>> {
        let fail = |what: &str, number: usize, message: &str| {
            io::Error::new(io::ErrorKind::InvalidData, format!("{what}: line {number} {message}"))
        };
        self.buffer.clear();
        let read = (&mut self.input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut self.buffer)
            .map_err(|e| io::Error::new(e.kind(), format!("reading {}: {e}", self.what)))?;
        if read == 0 {
            return Ok(None);
        }
        self.number += 1;
        let number = self.number;
        let mut line = self.buffer.as_slice();
        if line.last() == Some(&b'\n') {
            line = &line[..line.len() - 1];
        } else if line.len() > MAX_LINE {
            let message = format!("is over {} MB long", MAX_LINE >> 20);
            return Err(fail(&self.what, number, &message));
        }
        if let Some(rest) = line.strip_suffix(b"\r") {
            line = rest;
        }
        if number == 1 {
            if line.starts_with(b"\xff\xfe") || line.starts_with(b"\xfe\xff") {
                let message = "is UTF-16 text (it starts with a UTF-16 byte-order mark): \
                               save it as UTF-8";
                return Err(fail(&self.what, number, message));
            }
            line = line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(line);
        }
        if line.contains(&0) {
            return Ok(Some((number, Err(LineFault::Nul))));
        }
        Ok(Some((
            number,
            match std::str::from_utf8(line) {
                Ok(text) => Ok(text.to_string()),
                Err(e) => Err(LineFault::NotUtf8 {
                    byte: line[e.valid_up_to()],
                    column: e.valid_up_to() + 1,
                }),
            },
        )))
    }
}

/// `text` without a UTF-8 byte-order mark at its start.
pub fn skip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each line read, or the error that ended the reading.
    type Got = Result<(usize, Result<String, LineFault>), String>;

    fn lines(input: &[u8]) -> Vec<Got> {
        let mut reader = Lines::new(input, "stdin");
        let mut out = Vec::new();
        loop {
            match reader.next_line() {
                Ok(Some(line)) => out.push(Ok(line)),
                Ok(None) => return out,
                Err(e) => {
                    out.push(Err(e.to_string()));
                    return out;
                }
            }
        }
    }

    #[test]
    fn lines_skip_a_bom_and_name_bytes_that_are_not_text() {
        let got = lines(b"\xef\xbb\xbf44\r\nab\xffc\n\0x\nlast");
        assert_eq!(got[0], Ok((1, Ok("44".to_string()))));
        assert_eq!(got[1], Ok((2, Err(LineFault::NotUtf8 { byte: 0xff, column: 3 }))));
        assert_eq!(got[2], Ok((3, Err(LineFault::Nul))));
        assert_eq!(got[3], Ok((4, Ok("last".to_string()))));
        assert_eq!(got.len(), 4);
        assert_eq!(
            LineFault::NotUtf8 { byte: 0xff, column: 3 }.to_string(),
            "not UTF-8 text (byte 0xFF at column 3)"
        );
        let utf16 = lines(b"\xff\xfe4\x004\x00\n\x00");
        assert_eq!(
            utf16,
            vec![Err("stdin: line 1 is UTF-16 text (it starts with a UTF-16 byte-order mark): \
                      save it as UTF-8"
                .to_string())]
        );
    }

    #[test]
    fn a_line_is_read_up_to_a_limit() {
        let endless = std::io::BufReader::new(std::io::repeat(0).take(MAX_LINE as u64 * 3));
        let mut reader = Lines::new(endless, "stdin");
        let e = reader.next_line().unwrap_err();
        assert_eq!(e.to_string(), "stdin: line 1 is over 1 MB long");
        let mut exact = vec![b'1'; MAX_LINE];
        exact.push(b'\n');
        let mut reader = Lines::new(exact.as_slice(), "stdin");
        assert!(reader.next_line().unwrap().unwrap().1.is_ok());
    }

    #[test]
    fn quotes_are_cut_and_stay_on_one_line() {
        assert_eq!(quote("abc"), "abc");
        let long = "x".repeat(10_000_000);
        let q = quote(&long);
        assert_eq!(q.chars().count(), MAX_QUOTE + 3);
        assert!(q.ends_with("..."));
        assert_eq!(quote("a\u{2028}b\tc\u{85}"), "a\\u{2028}b\\tc\\u{85}");
        assert_eq!(quote("\u{feff}4\u{200b}"), "\\u{feff}4\\u{200b}");
        // Found by fuzzing: escapes made a quote of 80 characters longer.
        let q = quote(&"\u{1f}".repeat(100));
        assert!(q.chars().count() <= MAX_QUOTE + 3, "{q}");
        assert!(q.ends_with("..."));
    }

    #[test]
    fn special_files_are_refused_without_blocking() {
        let dir = std::env::temp_dir().join(format!("fourinrow-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid C string.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let e = open_regular(&fifo).unwrap_err();
        assert_eq!(e.to_string(), "a FIFO, not a regular file");
        assert_eq!(open_regular(&dir).unwrap_err().to_string(), "a folder, not a regular file");
        let e = open_regular(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(e.to_string(), "a character device, not a regular file");
        std::os::unix::fs::symlink("loop", dir.join("loop")).unwrap();
        assert_eq!(
            describe(&open_regular(&dir.join("loop")).unwrap_err()),
            "a loop of symbolic links"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

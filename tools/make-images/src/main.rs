//! make-images: draws fourinrow's PNG images from scratch: Four in a Row's
//! seven, and the step-list Gobang's six in `images-gobang/` beside them.
//! (Four in a Row's folder holds its seven PNGs and nothing else: the
//! Python side-by-side tools read every file in it.)
//!
//! ```text
//! make-images DIR            write the PNGs into DIR (Gobang's in images-gobang beside DIR)
//! make-images --check DIR    exit 0 iff DIR's PNGs hold exactly the pixels drawn now
//! ```

mod art;
mod canvas;
mod text;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What the command line asked for.
#[derive(Debug, PartialEq)]
enum Command {
    /// Write the images into the folder.
    Write(PathBuf),
    /// Compare the folder's images with freshly drawn ones.
    Check(PathBuf),
}

/// One-line usage text.
const USAGE: &str = "usage: make-images [--check] DIR";

/// Parses the arguments (without the program name).
fn parse_args(args: &[String]) -> Result<Command, String> {
    match args {
        [flag, dir] if flag == "--check" => Ok(Command::Check(PathBuf::from(dir))),
        [dir] if !dir.starts_with('-') => Ok(Command::Write(PathBuf::from(dir))),
        _ => Err(USAGE.to_string()),
    }
}

/// Where the image `name` goes for the folder `dir`: Four in a Row's in
/// `dir`, Gobang's (`gobang/...`) in `images-gobang` beside it.
fn place(dir: &Path, name: &str) -> PathBuf {
    match name.strip_prefix("gobang/") {
        Some(file) => dir.with_file_name("images-gobang").join(file),
        None => dir.join(name),
    }
}

/// Draws every image and writes it into `dir` (created if missing).
fn write_all(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: cannot create: {e}", dir.display()))?;
    let fonts = text::Fonts::load()?;
    for (name, image) in art::all(&fonts).into_iter().chain(art::gobang(&fonts)) {
        let path = place(dir, name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("{}: cannot create: {e}", parent.display()))?;
        }
        canvas::write_png(&path, image.width, image.height, &image.to_rgba8())?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// Describes how the PNG at `path` differs from `image`, or `None` if its
/// pixels are exactly the same 8-bit RGBA.
fn difference(path: &Path, image: &canvas::Canvas) -> Result<Option<String>, String> {
    let file = canvas::read_png(path)?;
    let name = path.display();
    if file.color_type != png::ColorType::Rgba || file.bit_depth != png::BitDepth::Eight {
        return Ok(Some(format!(
            "{name} is {:?} {:?}-bit, not 8-bit RGBA",
            file.color_type, file.bit_depth as u8
        )));
    }
    if (file.width, file.height) != (image.width, image.height) {
        return Ok(Some(format!(
            "{name} is {}x{}, expected {}x{}",
            file.width, file.height, image.width, image.height
        )));
    }
    let want = image.to_rgba8();
    let differing = want.chunks(4).zip(file.data.chunks(4)).position(|(a, b)| a != b);
    Ok(differing.map(|i| {
        let count = want.chunks(4).zip(file.data.chunks(4)).filter(|(a, b)| a != b).count();
        format!(
            "{name} differs from the generator's drawing: {count} pixel(s), first at ({}, {})",
            i % image.width,
            i / image.width
        )
    }))
}

/// Checks every image in `dir` against a fresh drawing; the error lists
/// each differing or unreadable file on one line.
fn check_all(dir: &Path) -> Result<(), String> {
    let fonts = text::Fonts::load()?;
    let mut problems = Vec::new();
    let images: Vec<_> = art::all(&fonts).into_iter().chain(art::gobang(&fonts)).collect();
    for (name, image) in &images {
        match difference(&place(dir, name), image) {
            Ok(None) => {}
            Ok(Some(msg)) | Err(msg) => problems.push(msg),
        }
    }
    if problems.is_empty() {
        println!("{}: all {} images match the generator", dir.display(), images.len());
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

/// Runs the command line; prints one line and exits 1 on any failure.
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = parse_args(&args).and_then(|cmd| match cmd {
        Command::Write(dir) => write_all(&dir),
        Command::Check(dir) => check_all(&dir),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("make-images: {msg}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Turns string slices into owned arguments.
    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    /// Both command forms parse; anything else is a usage error.
    #[test]
    fn parses_the_two_forms() {
        assert_eq!(parse_args(&args(&["images/"])), Ok(Command::Write(PathBuf::from("images/"))));
        assert_eq!(
            parse_args(&args(&["--check", "images/"])),
            Ok(Command::Check(PathBuf::from("images/")))
        );
        assert!(parse_args(&args(&[])).is_err());
        assert!(parse_args(&args(&["--bogus"])).is_err());
        assert!(parse_args(&args(&["a", "b"])).is_err());
    }

    /// Freshly written files pass --check; a replaced file is named.
    #[test]
    fn written_files_pass_the_check_and_a_changed_one_fails() {
        let dir = std::env::temp_dir().join(format!("make-images-test-{}", std::process::id()));
        write_all(&dir).unwrap();
        assert_eq!(check_all(&dir), Ok(()));
        // Overwrite one image with another image's pixels.
        let black = art::token(&art::BLACK_TOKEN);
        canvas::write_png(&dir.join("4rowred.png"), 100, 100, &black.to_rgba8()).unwrap();
        let err = check_all(&dir).unwrap_err();
        assert!(err.contains("4rowred.png"), "{err}");
        assert!(!err.contains("4rowblack.png"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A missing file makes --check fail and is named.
    #[test]
    fn a_missing_file_is_named() {
        let dir = std::env::temp_dir().join(format!("make-images-empty-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let err = check_all(&dir).unwrap_err();
        assert!(err.contains("4rowarrow.png"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

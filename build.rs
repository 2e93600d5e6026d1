//! Builds the PNGs of `images/` (Four in a Row's seven, and the step-list
//! Gobang's six in `images-gobang/`) into the binary, so that the game runs
//! from any folder, and checks them first: a missing or malformed image is a
//! build error that names the file, not a surprise at run time.

use std::fmt::Write as _;
use std::path::Path;

/// The seven images and the sizes the layout expects (those of the original artwork).
const IMAGES: [(&str, u32, u32); 7] = [
    ("4rowred.png", 100, 100),
    ("4rowblack.png", 100, 100),
    ("4rowboard.png", 100, 100),
    ("4rowhumanwinner.png", 281, 163),
    ("4rowcomputerwinner.png", 379, 173),
    ("4rowtie.png", 207, 119),
    ("4rowarrow.png", 250, 100),
];

/// The step-list Gobang's six images, in `images-gobang/`, at the reference's sizes.
const GOBANG_IMAGES: [(&str, u32, u32); 6] = [
    ("black.png", 24, 24),
    ("white.png", 24, 24),
    ("black_small.png", 12, 12),
    ("white_small.png", 12, 12),
    ("restart.png", 300, 60),
    ("logo.png", 32, 32),
];

fn main() {
    if let Err(message) = run() {
        eprintln!("error: {message}");
        std::process::exit(1);
    }
}

/// Checks each image and writes `$OUT_DIR/embedded_images.rs`.
fn run() -> Result<(), String> {
    let manifest =
        std::env::var("CARGO_MANIFEST_DIR").map_err(|e| format!("CARGO_MANIFEST_DIR: {e}"))?;
    let out_dir = std::env::var("OUT_DIR").map_err(|e| format!("OUT_DIR: {e}"))?;
    let images = Path::new(&manifest).join("images");
    println!("cargo:rerun-if-changed=images");
    println!("cargo:rerun-if-changed=images-gobang");
    let mut code = String::from(
        "/// The PNG files of `images/`, by name, built into the binary by build.rs.\n\
         pub const EMBEDDED_IMAGES: [(&str, &[u8]); 7] = [\n",
    );
    embed(&mut code, &images, &IMAGES)?;
    code.push_str(
        "];\n\n/// The PNG files of `images-gobang/`, by name, built into the binary by build.rs.\n\
         pub const EMBEDDED_GOBANG_IMAGES: [(&str, &[u8]); 6] = [\n",
    );
    embed(&mut code, &Path::new(&manifest).join("images-gobang"), &GOBANG_IMAGES)?;
    code.push_str("];\n");
    std::fs::write(Path::new(&out_dir).join("embedded_images.rs"), code)
        .map_err(|e| format!("writing embedded_images.rs: {e}"))
}

/// Checks the images `list` of folder `images` and adds a line for each to `code`.
fn embed(code: &mut String, images: &Path, list: &[(&str, u32, u32)]) -> Result<(), String> {
    for &(name, width, height) in list {
        let path = images.join(name);
        println!("cargo:rerun-if-changed={}", path.display());
        let bytes = std::fs::read(&path)
            .map_err(|e| format!("{}: {e} (regenerate with tools/make-images)", path.display()))?;
        let (w, h) =
            png_size(&bytes).ok_or_else(|| format!("{}: not a PNG file", path.display()))?;
        if (w, h) != (width, height) {
            return Err(format!(
                "{}: is {w}x{h}, but the game's layout expects {width}x{height}",
                path.display()
            ));
        }
        let _ = writeln!(code, "    ({name:?}, include_bytes!({:?})),", path.display().to_string());
    }
    Ok(())
}

/// The width and height in a PNG's IHDR chunk, if the bytes start like a PNG.
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let signature = b"\x89PNG\r\n\x1a\n";
    if bytes.len() < 24 || &bytes[..8] != signature || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let word =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    Some((word(16), word(20)))
}

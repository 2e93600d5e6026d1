//! Builds the seven PNGs of `images/` into the binary, so that the game runs
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
    let mut code = String::from(
        "/// The PNG files of `images/`, by name, built into the binary by build.rs.\n\
         pub const EMBEDDED_IMAGES: [(&str, &[u8]); 7] = [\n",
    );
    for (name, width, height) in IMAGES {
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
    code.push_str("];\n");
    std::fs::write(Path::new(&out_dir).join("embedded_images.rs"), code)
        .map_err(|e| format!("writing embedded_images.rs: {e}"))
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

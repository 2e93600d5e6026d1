//! `--images`: any bytes as a PNG file (see `../checks.rs`).
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::load_png(data));

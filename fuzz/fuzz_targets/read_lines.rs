//! `solve`, `grade`, `analyze`: any bytes as their lines of input (see `../checks.rs`).
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::read_lines(data));

//! `analyze`: any bytes as board text (see `../checks.rs`).
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::parse_board_text(data));

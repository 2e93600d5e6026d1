//! `analyze --record`: any bytes as a record file (see `../checks.rs`).
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::parse_record(data));

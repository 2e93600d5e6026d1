//! How the slow checks sample their cases: all of them in CI, or with
//! `FOURINROW_FULL_TESTS=1`, else a part that changes each day, so that a
//! plain `cargo test` stays quick and every case still runs within a few
//! days. Shared by the test files that sample (`use crate::sample;`).
#![allow(dead_code)] // each test file uses its own part of it

/// Whether to run every case (`FOURINROW_FULL_TESTS` or `FOURINROW_CI`
/// set to anything but empty or `0`), not the sample.
pub fn full() -> bool {
    ["FOURINROW_FULL_TESTS", "FOURINROW_CI"]
        .iter()
        .any(|name| std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "0"))
}

/// Today's third of the cases: `None` when [`full`], else 0, 1 or 2, a
/// different one each day. It says on stderr which, as `TEST: WHAT N of 3`.
pub fn todays_third(test: &str, what: &str) -> Option<usize> {
    if full() {
        return None;
    }
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    let part = (days % 3) as usize;
    eprintln!("{test}: {what} {part} of 3 (day {days}); FOURINROW_FULL_TESTS=1 checks all");
    Some(part)
}

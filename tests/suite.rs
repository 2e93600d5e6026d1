//! Every integration test, built as one test binary (`Cargo.toml` turns off
//! `autotests` and names this file).
//!
//! Each file beside this one is a module of it: `tests/twins.rs` is
//! `twins`, and its tests are named `twins::...`. One binary is linked once
//! instead of once per file, and its tests share one pool of threads, so a
//! long test runs beside the short tests of every other file instead of
//! holding up a binary of its own. A test that needs the process to itself
//! (the memory soak in `fuzz_games`) runs itself again in a child process.
//!
//! To run one file's tests, filter by its module:
//! `cargo test --test suite twins::` (a filter is a substring, so this also
//! runs `gobang_twins::`; `--exact` takes whole names).

// What several files share.
#[cfg(feature = "window")]
mod common;
mod sample;
mod solver_fixtures;
mod sources;

// Four in a Row: the twins against the Python original.
mod ai_parity;
mod engine_parity;
mod pixel_parity;
mod python_sum;
mod twins;

// Four in a Row: the game as a player meets it, and its extras.
mod cli;
mod extras;
mod first_lesson;
mod game_flow;

// Bad input and long random sessions.
mod fuzz_extras;
mod fuzz_games;
mod fuzz_inputs;
mod hardening;
mod parser_props;

// The solver, its book and its levels.
mod solve_cli;
mod solver;
mod solver_book;
mod solver_grade;
mod solver_levels;

// Gobang.
mod gobang_ai;
mod gobang_engine;
mod gobang_engine_pbrain;
mod gobang_fit;
mod gobang_frames;
mod gobang_manager;
mod gobang_pbrain;
mod gobang_renju;
mod gobang_twins;
mod gobang_undo_lab;

// The repository itself: its layout and its docs.
mod docs;
mod layout;

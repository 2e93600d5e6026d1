//! Times both engines at difficulties 1 to 5 on a fixed set of positions:
//! `cargo bench --bench engines`.
//!
//! A plain `harness = false` binary, so it needs no benchmarking crate.
//! The fast engine is timed twice: as `Engine::Fast` runs it (all cores),
//! and held to one thread.
//! Each case is run once to warm up, then again and again until it has
//! taken `--budget` seconds (default 1) and at least 5 runs, or once only
//! when one run takes longer than the budget; the median and the fastest
//! run are printed, as a Markdown table.
//!
//! The faithful engine takes minutes at difficulty 5 (7^10 leaves on an
//! empty 7x6 board), so by default it stops at difficulty 4 on 7x6 and at 3
//! on 12x9 (where difficulty 4 takes minutes too). Options, after `--`:
//!
//! - `--faithful-max N`: run the faithful engine up to difficulty N everywhere;
//! - `--min N`, `--max N`: run both engines at difficulties N to M (default 1 to 5);
//! - `--budget SECONDS`: time to spend on each case;
//! - any other word: only positions whose name contains it.

use std::hint::black_box;
use std::time::{Duration, Instant};

use fourinrow::fourinrow::engine::{fast, Engine, Faithful, Fast, Python};
use fourinrow::fourinrow::port::board::{Board, Tile};
use fourinrow::fourinrow::tools::boardtext::parse_board;

/// The positions: a name and a board text. Black (the computer) to move.
const POSITIONS: [(&str, &str); 7] = [
    ("7x6 empty", "......./......./......./......./......./......."),
    ("7x6 early, 1 token", "......./......./......./......./......./...R..."),
    ("7x6 early, 2 tokens", "......./......./......./......./...B.../...R..."),
    ("7x6 early, 4 tokens", "......./......./......./......./...R.../..BRB.."),
    ("7x6 mid, 12 tokens", "......./......./...B.../..RR.../..BBR../.RBRBBR"),
    ("7x6 mid, 18 tokens", "......./......./...B.../..RRB../RBBBRRR/BRBRBBR"),
    (
        "12x9 early, 2 tokens",
        "............/............/............/............/............/\
         ............/............/............/.....BR.....",
    ),
];

/// What to run.
struct Options {
    /// The lowest difficulty for both engines.
    min: u32,
    /// The highest difficulty for both engines.
    max: u32,
    /// The highest difficulty for the faithful engine, if given.
    faithful_max: Option<u32>,
    /// Time to spend on each case.
    budget: Duration,
    /// Only positions whose name contains one of these (all when empty).
    filters: Vec<String>,
}

/// Reads the options; `cargo bench` adds `--bench`, which is ignored.
fn options() -> Result<Options, String> {
    let mut options = Options {
        min: 1,
        max: 5,
        faithful_max: None,
        budget: Duration::from_secs(1),
        filters: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> Result<f64, String> {
            args.next().and_then(|v| v.parse().ok()).ok_or_else(|| format!("{name} needs a number"))
        };
        match arg.as_str() {
            "--bench" => {}
            "--min" => options.min = number("--min")? as u32,
            "--max" => options.max = number("--max")? as u32,
            "--faithful-max" => options.faithful_max = Some(number("--faithful-max")? as u32),
            "--budget" => options.budget = Duration::from_secs_f64(number("--budget")?),
            other if other.starts_with('-') => return Err(format!("unknown option {other}")),
            word => options.filters.push(word.to_string()),
        }
    }
    Ok(options)
}

/// The highest difficulty at which the faithful engine runs on `board`.
fn faithful_max(board: &Board, options: &Options) -> u32 {
    options.faithful_max.unwrap_or(if board.width() <= 7 { 4 } else { 3 })
}

/// Times `search` on `board`: (median, fastest, runs).
fn time(
    search: impl Fn(&Board, Tile, u32) -> Vec<f64>,
    board: &Board,
    difficulty: u32,
    budget: Duration,
) -> (Duration, Duration, usize) {
    let run = || {
        let start = Instant::now();
        black_box(search(black_box(board), Tile::Black, difficulty));
        start.elapsed()
    };
    let first = run();
    let mut runs = vec![first];
    if first < budget {
        // `first` was the warm-up; start again.
        runs.clear();
        let started = Instant::now();
        while runs.len() < 5 || started.elapsed() < budget {
            runs.push(run());
        }
    }
    runs.sort();
    (runs[runs.len() / 2], runs[0], runs.len())
}

/// A duration in the unit that suits it.
fn show(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{:.1} µs", s * 1e6)
    }
}

/// Times every case the options select and prints one table row each.
fn main() -> std::process::ExitCode {
    let options = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("engines bench: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    println!(
        "| position | difficulty | fast (median, fastest, runs) | fast, 1 thread | \
         faithful (median, fastest, runs) | faithful / fast |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    for (name, text) in POSITIONS {
        if !options.filters.is_empty() && !options.filters.iter().any(|f| name.contains(f.as_str()))
        {
            continue;
        }
        let board = match parse_board(text) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("engines bench: {name}: {e}");
                return std::process::ExitCode::from(2);
            }
        };
        for difficulty in options.min..=options.max {
            let all_cores = |b: &Board, t, d| Fast::default().potential_moves(b, t, d);
            let one_thread =
                |b: &Board, t, d| fast::potential_moves_with_threads(Python::default(), b, t, d, 1);
            let faithful = |b: &Board, t, d| Faithful::default().potential_moves(b, t, d);
            let (fast, fast_min, fast_runs) = time(all_cores, &board, difficulty, options.budget);
            let (single, single_min, single_runs) =
                time(one_thread, &board, difficulty, options.budget);
            let faithful = (difficulty <= faithful_max(&board, &options))
                .then(|| time(faithful, &board, difficulty, options.budget));
            let (faithful_cell, ratio) = match faithful {
                Some((median, min, runs)) => (
                    format!("{} ({}, {runs})", show(median), show(min)),
                    format!("{:.0}x", median.as_secs_f64() / fast.as_secs_f64()),
                ),
                None => ("not run".to_string(), "-".to_string()),
            };
            println!(
                "| {name} | {difficulty} | {} ({}, {fast_runs}) | {} ({}, {single_runs}) | \
                 {faithful_cell} | {ratio} |",
                show(fast),
                show(fast_min),
                show(single),
                show(single_min)
            );
        }
    }
    std::process::ExitCode::SUCCESS
}

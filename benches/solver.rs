//! Times the solver on a set of positions, in one process, with any of its
//! techniques switched on or off: `cargo bench --bench solver -- [OPTIONS] FILE...`.
//!
//! Each FILE holds `MOVES SCORE` lines (7x6 move strings and their known
//! scores, as `tools/make-solver-fixtures.py` writes them). The solver's
//! table is kept from one position to the next, as `fourinrow solve` keeps
//! it. Prints, per file, the positions, the mean and median time, the nodes
//! searched, and how many scores differ from the file's.
//!
//! Options (the defaults are [`Tuning::default`]'s):
//!
//! - `--threads N`, `--table-bits N`, `--first-try N`, `--helpers-after N`, `--mirror-until N`,
//!   `--etc-empties N`: the [`Tuning`] fields of those names;
//! - `--other-window`: helpers test the neighbouring null window;
//! - `--limit N`: only the first N positions of each file;
//! - `--weak`: solve for win/draw/loss only (scores compared by sign);
//! - `--fresh`: a new solver (and table) for each position;
//! - `--verbose`: one line per position.

use std::time::Instant;

use fourinrow::fourinrow::engine::solver::{Position, Solver, Tuning};

/// Reads a number option's value.
fn number<T: std::str::FromStr>(name: &str, value: Option<String>) -> T {
    match value.as_deref().map(str::parse) {
        Some(Ok(v)) => v,
        _ => {
            eprintln!("solver bench: {name} needs a number");
            std::process::exit(2)
        }
    }
}

/// Runs the benchmark.
fn main() {
    let mut tuning = Tuning::default();
    let mut files = Vec::new();
    let mut limit = usize::MAX;
    let mut weak = false;
    let mut verbose = false;
    let mut fresh = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--threads" => tuning.threads = number(&a, args.next()),
            "--table-bits" => tuning.table_bits = number(&a, args.next()),
            "--first-try" => tuning.first_try_nodes = number(&a, args.next()),
            "--helpers-after" => tuning.helpers_after = number(&a, args.next()),
            "--mirror-until" => tuning.mirror_until = number(&a, args.next()),
            "--etc-empties" => tuning.etc_empties = number(&a, args.next()),
            "--other-window" => tuning.helper_other_window = true,
            "--limit" => limit = number(&a, args.next()),
            "--weak" => weak = true,
            "--verbose" => verbose = true,
            "--fresh" => fresh = true,
            "--bench" => {}
            other => files.push(other.to_string()),
        }
    }
    println!("tuning: {tuning:?}");
    println!("| set | positions | mean ms | median ms | max ms | Mnodes | wrong |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    for file in files {
        let text = match std::fs::read_to_string(&file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("solver bench: {file}: {e}");
                std::process::exit(2)
            }
        };
        let mut solver = Solver::with_tuning(tuning);
        let mut times = Vec::new();
        let mut wrong = 0;
        let mut nodes = 0;
        for line in text.lines().take(limit) {
            let mut words = line.split_whitespace();
            let (Some(moves), Some(expected)) = (words.next(), words.next()) else {
                continue;
            };
            let expected: i32 = expected.parse().unwrap_or(i32::MIN);
            let Ok(position) = Position::from_moves(moves, 7, 6) else {
                eprintln!("solver bench: {file}: bad position {moves}");
                continue;
            };
            if fresh {
                solver = Solver::with_tuning(tuning);
            }
            let n0 = solver.nodes();
            let start = Instant::now();
            let score = solver.solve(&position, weak);
            let t = start.elapsed().as_secs_f64() * 1000.0;
            let ok = if weak { score == expected.signum() } else { score == expected };
            if !ok {
                wrong += 1;
            }
            if verbose {
                println!(
                    "{moves} {score} {t:.1} ms {} nodes{}",
                    solver.nodes() - n0,
                    if ok { "" } else { " WRONG" }
                );
            }
            nodes += solver.nodes() - n0;
            times.push(t);
        }
        let n = times.len().max(1) as f64;
        let mean = times.iter().sum::<f64>() / n;
        let mut sorted = times.clone();
        sorted.sort_by(f64::total_cmp);
        let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0.0);
        let max = sorted.last().copied().unwrap_or(0.0);
        let name = file.rsplit('/').next().unwrap_or(&file);
        println!(
            "| {name} | {} | {mean:.2} | {median:.2} | {max:.1} | {:.1} | {wrong} |",
            times.len(),
            nodes as f64 / 1e6
        );
    }
}

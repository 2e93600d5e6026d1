//! `gobang-fit`: fits the Gobang engine's evaluation to who won in match
//! games (see `fourinrow::gobang::engine::fit` and docs/gobang-engine.md).
//!
//!     cargo run --release --bin gobang-fit -- docs/matches/*.games
//!
//! Prints how well the engine's values and the fitted ones predict the
//! results, on the games fitted to and on every fifth game, held out, and
//! the fitted values as Rust, to put in `src/gobang/engine/board.rs`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use fourinrow::gobang::engine::board::{Fitted, FITTED};
use fourinrow::gobang::engine::fit::{fit, loss, samples, worth_fitted, Sample, Weights};
use fourinrow::gobang::extras::record::GameRecord;

/// Fits the Gobang engine's evaluation to the results of game records
/// (lines of `fourinrow gobang --record` or `gobang-manager --record`).
#[derive(Parser, Debug)]
#[command(name = "gobang-fit", version)]
struct Args {
    /// Files of game records, one game a line
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Positions from this stone on (the opening's stones are set, not played)
    #[arg(long, value_name = "N", default_value_t = 5)]
    from: usize,
    /// Steps of the descent
    #[arg(long, value_name = "N", default_value_t = 5000)]
    steps: usize,
    /// Hold out every Nth game, to measure the fit on games it did not see
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = clap::value_parser!(u32).range(2..))]
    hold_out: u32,
}

fn main() -> ExitCode {
    match run(&Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gobang-fit: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let (mut train, mut held) = (Vec::new(), Vec::new());
    let mut games = 0u32;
    for file in &args.files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = |e: &dyn std::fmt::Display| format!("{} line {}: {e}", file.display(), i + 1);
            let record = GameRecord::parse(line).map_err(|e| at(&e))?;
            let found = samples(&record, args.from).map_err(|e| at(&e))?;
            games += 1;
            if games % args.hold_out == 0 {
                held.extend(found);
            } else {
                train.extend(found);
            }
        }
    }
    if train.is_empty() || held.is_empty() {
        return Err(format!("{games} games give too few positions to fit and to check the fit"));
    }
    println!(
        "{games} games: {} positions to fit, {} held out (every {}th game)",
        train.len(),
        held.len(),
        args.hold_out
    );
    let report = |name: &str, w: &Weights, train: &[Sample], held: &[Sample]| {
        println!(
            "{name}: log-loss {:.4} on the positions fitted to, {:.4} on those held out",
            loss(w, train),
            loss(w, held)
        );
    };
    for attack in [6, 8] {
        let (worth, points) = worth_fitted(attack, &train);
        let name = format!(
            "the worth, the mover's {:.1} times ({points:.0} points a logit unit)",
            f64::from(attack) / 5.0
        );
        report(&name, &worth, &train, &held);
    }
    report("the engine's fitted values", &Weights::default(), &train, &held);
    let fitted = fit(&train, &Weights::zero(), args.steps);
    report("fitted", &fitted, &train, &held);
    let values = fitted.to_fitted();
    print_fitted(&values);
    if values == FITTED {
        println!("// (the engine's values already)");
    }
    Ok(())
}

/// Prints `f` as the Rust constant in board.rs.
fn print_fitted(f: &Fitted) {
    println!("pub const FITTED: Fitted = Fitted {{");
    println!("    mine: {:?},", f.mine);
    println!("    mine_combinations: {:?},", f.mine_combinations);
    println!("    theirs: {:?},", f.theirs);
    println!("    theirs_combinations: {:?},", f.theirs_combinations);
    println!("}};");
}

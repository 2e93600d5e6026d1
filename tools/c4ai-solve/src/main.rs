//! benjaminrall's `connect-four-ai` (crates.io, MIT) as a `c4solver`-like
//! filter, for `tools/solver-bench.sh`: reads 7x6 move strings (columns 1
//! to 7), one a line, and prints `MOVES SCORE` a line as soon as each is
//! known. With its embedded depth-8 opening book unless `--no-book`.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use connect_four_ai::{Position, Solver};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut solver = match args.as_slice() {
        [] => Solver::new(),
        [flag] if flag == "--no-book" => Solver::empty(),
        _ => {
            eprintln!("usage: c4ai-solve [--no-book] < positions");
            return ExitCode::from(2);
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (i, line) in std::io::stdin().lock().lines().enumerate() {
        let Ok(line) = line else {
            eprintln!("c4ai-solve: cannot read stdin");
            return ExitCode::from(2);
        };
        let Some(moves) = line.split_whitespace().next() else {
            continue;
        };
        match Position::from_moves(moves) {
            Ok(p) => {
                let score = solver.solve(&p);
                if writeln!(out, "{moves} {score}").and_then(|()| out.flush()).is_err() {
                    return ExitCode::SUCCESS;
                }
            }
            Err(e) => eprintln!("c4ai-solve: line {}: {e:?}: {moves}", i + 1),
        }
    }
    ExitCode::SUCCESS
}

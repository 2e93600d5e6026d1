//! Times the strong Gobang engine's alpha-beta search to fixed depths:
//! `cargo bench --bench gobang`.
//!
//! The positions are every fourth position of the games in
//! `docs/matches/strong-vs-pentazen-0.2.1.games` (from the fifth stone
//! on). Each is searched with the threat searches off, so that only the
//! search is timed, to each depth in turn, with a fresh table. Prints the
//! nodes, the time, the nodes a second, and a checksum of every move and
//! score: two versions that print the same checksum played the same moves
//! with the same scores, so a change meant only to be faster can be timed
//! side by side with the one before and shown to change nothing else.
//!
//! Options, after `--`: the depths (default `4 5 6`), and `--file FILE`
//! for another games file.

use std::time::{Duration, Instant};

use fourinrow::gobang::engine::board::{Board, Color};
use fourinrow::gobang::engine::search::Table;
use fourinrow::gobang::engine::{think, Clock, Level, Settings};
use fourinrow::gobang::extras::record::{GameRecord, RecordError};
use fourinrow::gobang::extras::rules::Rule;

/// The positions of `text` (game records) to search, with the side to move.
fn positions(text: &str) -> Result<Vec<(Board, Color)>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let at = |e: RecordError| format!("line {}: {e}", n + 1);
        let positions = GameRecord::parse(line).and_then(|r| r.positions()).map_err(at)?;
        for (maps, stone) in positions.iter().skip(4).step_by(4) {
            out.push((Board::from_maps(maps, Rule::Freestyle), Color::of(*stone)));
        }
    }
    Ok(out)
}

fn main() -> Result<(), String> {
    let mut file = "docs/matches/strong-vs-pentazen-0.2.1.games".to_string();
    let mut depths = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--bench" => {}
            "--file" => file = args.next().ok_or("--file needs a file")?,
            _ => depths.push(arg.parse::<i32>().map_err(|_| format!("'{arg}' is no depth"))?),
        }
    }
    if depths.is_empty() {
        depths = vec![4, 5, 6];
    }
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?;
    let positions = positions(&text).map_err(|e| format!("{file}: {e}"))?;
    println!("| depth | positions | nodes | time | nodes a second | checksum |");
    println!("| ---: | ---: | ---: | ---: | ---: | --- |");
    for depth in depths {
        let settings = Settings {
            depth,
            width: 14,
            vcf: false,
            vct: false,
            guard: false,
            time: Duration::from_secs(3600),
            ..Level::Master.settings()
        };
        let (mut nodes, mut checksum) = (0u64, 0u64);
        let started = Instant::now();
        for (board, colour) in &positions {
            let mut board = board.clone();
            let mut table = Table::with_bytes(1 << 20);
            let clock = Clock::new(None, None);
            let thought =
                think(&mut board, *colour, &settings, &clock, &mut table, &mut rand::rng())
                    .ok_or("a full board")?;
            nodes += thought.nodes;
            checksum = checksum.wrapping_mul(1_000_003)
                ^ (thought.point as u64) << 32
                ^ thought.score as u32 as u64;
        }
        let time = started.elapsed();
        println!(
            "| {depth} | {} | {nodes} | {:.2} s | {:.0} k | {checksum:016x} |",
            positions.len(),
            time.as_secs_f64(),
            nodes as f64 / time.as_secs_f64() / 1000.0
        );
    }
    Ok(())
}

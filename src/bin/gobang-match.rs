//! `gobang-match`: the Gobang engine against the tutorials' AIs (or
//! against itself at another level), from openings chosen to be close to
//! even, each played with both colours; prints each game and the score.
//!
//!     cargo run --release --bin gobang-match -- --opponent step-list --games 100 --ms 1000

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};

use fourinrow::gobang::engine::board::{coords, Color};
use fourinrow::gobang::engine::matches::{opening, play, Player};
use fourinrow::gobang::engine::Level;
use fourinrow::gobang::extras::rules::Rule;

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Opponent {
    /// the step-list tutorial's AI (the twin of AI.layerOne)
    StepList,
    /// the undo-lab tutorial's AI
    UndoLab,
    /// this engine at --opponent-level
    Engine,
}

/// Plays the engine against another player and reports wins, draws and losses.
#[derive(Parser, Debug)]
#[command(name = "gobang-match", version)]
struct Args {
    /// Who the engine plays
    #[arg(long, value_enum, default_value = "step-list")]
    opponent: Opponent,
    /// Games in all (an even number: each opening with both colours)
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// The engine's level
    #[arg(long, default_value = "expert")]
    level: Level,
    /// The opponent's level, with --opponent engine
    #[arg(long, default_value = "easy")]
    opponent_level: Level,
    /// Milliseconds a move for the engine (and an engine opponent)
    #[arg(long, default_value_t = 1000)]
    ms: u64,
    /// Stones in each opening
    #[arg(long, default_value_t = 3)]
    stones: usize,
    /// The first opening's number
    #[arg(long, default_value_t = 1)]
    first: u64,
    /// Exactly five wins (else five or more)
    #[arg(long)]
    standard: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let rule = if args.standard { Rule::Standard } else { Rule::Freestyle };
    let time = Duration::from_millis(args.ms);
    let me = Player::Engine(args.level, time);
    let them = match args.opponent {
        Opponent::StepList => Player::StepList,
        Opponent::UndoLab => Player::UndoLab,
        Opponent::Engine => Player::Engine(args.opponent_level, time),
    };
    println!("{} against {}, {} games, {rule:?}", me.name(), them.name(), args.games);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let started = Instant::now();
    for game in 0..args.games as u64 {
        let seed = args.first + game / 2;
        let line = opening(seed, args.stones, rule);
        let engine_black = game % 2 == 0;
        let (black, white) = if engine_black { (&me, &them) } else { (&them, &me) };
        let result = play(&line, black, white, rule, seed);
        let mine = if engine_black { Color::Black } else { Color::White };
        let outcome = match result.winner {
            Some(c) if c == mine => {
                wins += 1;
                "win"
            }
            Some(_) => {
                losses += 1;
                "LOSS"
            }
            None => {
                draws += 1;
                "draw"
            }
        };
        let moves: Vec<String> =
            result.moves.iter().map(|&p| format!("{},{}", coords(p).1, coords(p).0)).collect();
        println!(
            "game {:3} opening {seed} engine {}: {outcome} in {} moves{} [{}]",
            game + 1,
            if engine_black { "black" } else { "white" },
            result.moves.len(),
            if result.forfeit.is_some() { " (a forfeit)" } else { "" },
            moves.join(" ")
        );
    }
    println!(
        "engine {wins} wins, {draws} draws, {losses} losses in {} games ({:.0} s)",
        args.games,
        started.elapsed().as_secs_f64()
    );
    if losses == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

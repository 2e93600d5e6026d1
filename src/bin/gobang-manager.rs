//! `gobang-manager`: a small Gomocup manager. It plays two engines that
//! speak the pbrain protocol against each other, from openings close to
//! even, each opening with both colours, telling them Gomocup's time rules
//! (`INFO timeout_turn`, `timeout_match`, `time_left`, `max_memory`,
//! `rule`), and counts wins, draws, losses and time forfeits.
//!
//!     cargo run --release --bin gobang-manager -- --games 20 --turn-ms 1000 \
//!         "target/release/fourinrow gobang pbrain --engine strong" "/path/to/pbrain-other"
//!
//! A reply later than `timeout_turn` (plus `--grace-ms`), an illegal move
//! or an engine that stops counts as a forfeit: that engine loses the game.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use clap::Parser;

use fourinrow::gobang::engine::board::{coords, Color, POINTS, SIZE};
use fourinrow::gobang::engine::matches::opening;
use fourinrow::gobang::extras::rules::{winner, Rule};
use fourinrow::gobang::port::robot::Maps;

/// Plays two pbrain engines against each other.
#[derive(Parser, Debug)]
#[command(name = "gobang-manager", version)]
struct Args {
    /// The first engine's command line (split at spaces)
    first: String,
    /// The second engine's command line
    second: String,
    /// Games in all (each opening with both colours)
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// INFO timeout_turn, milliseconds
    #[arg(long, default_value_t = 1000)]
    turn_ms: u64,
    /// INFO timeout_match, milliseconds (0: none)
    #[arg(long, default_value_t = 0)]
    match_ms: u64,
    /// INFO max_memory, bytes
    #[arg(long, default_value_t = 350 << 20)]
    memory: u64,
    /// Time allowed beyond timeout_turn before a reply counts as a forfeit
    #[arg(long, default_value_t = 100)]
    grace_ms: u64,
    /// Stones in each opening
    #[arg(long, default_value_t = 3)]
    stones: usize,
    /// The first opening's number
    #[arg(long, default_value_t = 1)]
    first_opening: u64,
    /// Exactly five wins (INFO rule 1)
    #[arg(long)]
    standard: bool,
}

struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(command: &str) -> Result<Engine, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("an empty engine command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{command}': {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output: ChildStdout = child.stdout.take().ok_or("no stdout")?;
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Engine { child, input, lines })
    }

    fn send(&mut self, line: &str) -> bool {
        writeln!(self.input, "{line}").and_then(|()| self.input.flush()).is_ok()
    }

    /// The next line that is not a MESSAGE, DEBUG or ERROR, within `limit`.
    fn reply(&mut self, limit: Duration) -> Option<(String, Vec<String>)> {
        let end = Instant::now() + limit;
        let mut notes = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).ok()?;
            let upper = line.trim().to_ascii_uppercase();
            if upper.starts_with("MESSAGE")
                || upper.starts_with("DEBUG")
                || upper.starts_with("ERROR")
            {
                notes.push(line.trim().to_string());
                continue;
            }
            return Some((line.trim().to_string(), notes));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("END");
        std::thread::sleep(Duration::from_millis(50));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How a game ended, for the first engine.
enum End {
    Won(usize),
    Lost(usize),
    Draw,
}

/// One game: `black` is 0 (the first engine) or 1. Returns the end and
/// which engine forfeited, if one did, and the slowest reply of each.
fn game(
    args: &Args,
    line: &[usize],
    black: usize,
    slowest: &mut [Duration; 2],
) -> Result<(End, Option<(usize, String)>), String> {
    let rule = if args.standard { Rule::Standard } else { Rule::Freestyle };
    let mut engines = [Engine::start(&args.first)?, Engine::start(&args.second)?];
    let mut left = [args.match_ms; 2];
    for e in &mut engines {
        e.send("START 15");
        match e.reply(Duration::from_secs(30)) {
            Some((ok, _)) if ok == "OK" => {}
            other => return Err(format!("START 15 answered {other:?}")),
        }
        e.send(&format!("INFO timeout_turn {}", args.turn_ms));
        e.send(&format!("INFO timeout_match {}", args.match_ms));
        e.send(&format!("INFO max_memory {}", args.memory));
        e.send(&format!("INFO rule {}", u8::from(args.standard)));
    }
    let mut maps: Maps = [[None; SIZE]; SIZE];
    let mut stones: Vec<usize> = line.to_vec();
    for (i, &p) in stones.iter().enumerate() {
        maps[p / SIZE][p % SIZE] =
            Some(if i % 2 == 0 { Color::Black } else { Color::White }.stone());
    }
    let mut synced = [false; 2];
    let limit = Duration::from_millis(args.turn_ms + args.grace_ms);
    loop {
        let colour = if stones.len() % 2 == 0 { Color::Black } else { Color::White };
        let who = if colour == Color::Black { black } else { 1 - black };
        let e = &mut engines[who];
        if args.match_ms > 0 {
            e.send(&format!("INFO time_left {}", left[who]));
        }
        let command = if synced[who] {
            let (r, c) = coords(stones[stones.len() - 1]);
            format!("TURN {c},{r}")
        } else if stones.is_empty() {
            "BEGIN".to_string()
        } else {
            let mut block = String::from("BOARD");
            for (i, &p) in stones.iter().enumerate() {
                let (r, c) = coords(p);
                let mine = (i % 2 == 0) == (colour == Color::Black);
                block.push_str(&format!("\n{c},{r},{}", if mine { 1 } else { 2 }));
            }
            block + "\nDONE"
        };
        synced[who] = true;
        let started = Instant::now();
        e.send(&command);
        let reply = e.reply(limit);
        let took = started.elapsed();
        slowest[who] = slowest[who].max(took);
        let forfeit = |why: String| {
            Ok((
                if who == 0 { End::Lost(stones.len()) } else { End::Won(stones.len()) },
                Some((who, why)),
            ))
        };
        let Some((reply, _notes)) = reply else {
            return forfeit(format!("no reply within {limit:?}"));
        };
        if args.match_ms > 0 {
            left[who] = left[who].saturating_sub(took.as_millis() as u64);
            if left[who] == 0 {
                return forfeit("out of match time".into());
            }
        }
        let point = reply.split_once(',').and_then(|(x, y)| {
            Some((x.trim().parse::<usize>().ok()?, y.trim().parse::<usize>().ok()?))
        });
        let Some((x, y)) = point.filter(|&(x, y)| x < SIZE && y < SIZE && maps[y][x].is_none())
        else {
            return forfeit(format!("an illegal reply: {reply}"));
        };
        maps[y][x] = Some(colour.stone());
        stones.push(y * SIZE + x);
        if winner(&maps, (y as i32, x as i32), rule).is_some() {
            return Ok((
                if who == 0 { End::Won(stones.len()) } else { End::Lost(stones.len()) },
                None,
            ));
        }
        if stones.len() == POINTS {
            return Ok((End::Draw, None));
        }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let rule = if args.standard { Rule::Standard } else { Rule::Freestyle };
    println!(
        "{} against {}: {} games, timeout_turn {} ms, timeout_match {} ms, max_memory {}",
        args.first, args.second, args.games, args.turn_ms, args.match_ms, args.memory
    );
    let (mut wins, mut draws, mut losses, mut forfeits) = (0, 0, 0, [0u32; 2]);
    let mut slowest = [Duration::ZERO; 2];
    for n in 0..args.games as u64 {
        let seed = args.first_opening + n / 2;
        let line = opening(seed, args.stones, rule);
        let black = (n % 2) as usize;
        let (end, forfeit) = match game(&args, &line, black, &mut slowest) {
            Ok(result) => result,
            Err(e) => {
                eprintln!("gobang-manager: game {}: {e}", n + 1);
                return ExitCode::from(2);
            }
        };
        let (what, moves) = match end {
            End::Won(m) => {
                wins += 1;
                ("first wins", m)
            }
            End::Lost(m) => {
                losses += 1;
                ("second wins", m)
            }
            End::Draw => {
                draws += 1;
                ("draw", POINTS)
            }
        };
        let note = match forfeit {
            Some((who, why)) => {
                forfeits[who] += 1;
                format!(" (a forfeit by the {}: {why})", if who == 0 { "first" } else { "second" })
            }
            None => String::new(),
        };
        println!(
            "game {:3} opening {seed}, first plays {}: {what} at stone {moves}{note}",
            n + 1,
            if black == 0 { "black" } else { "white" }
        );
    }
    println!(
        "first: {wins} wins, {draws} draws, {losses} losses; forfeits: first {}, second {}; slowest reply: first {} ms, second {} ms",
        forfeits[0],
        forfeits[1],
        slowest[0].as_millis(),
        slowest[1].as_millis()
    );
    ExitCode::SUCCESS
}

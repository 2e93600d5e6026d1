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
//! Each engine's peak memory (VmHWM, on Linux) is read at the end of each
//! game and compared with `max_memory`.
//!
//! With `--results FILE` each game's line is written to FILE as it ends
//! (`gobang::engine::ledger` says how), and a match run again with the
//! same FILE and settings goes on from the games FILE holds: a match of a
//! thousand games can be played in steps, and `--games` can grow. With
//! `--record FILE` each game's moves are appended to FILE as a game record.
//! With `--openings FILE` the openings are FILE's, one a line, instead of
//! drawn at random: a list of one's own, or balanced ones. With
//! `--second-turn-ms MS` the second engine is told and held to a
//! `timeout_turn` of its own: time odds.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use clap::Parser;

use fourinrow::gobang::engine::board::{coords, Color, POINTS, SIZE};
use fourinrow::gobang::engine::ledger::{GameResult, Ledger, Outcome, Side};
use fourinrow::gobang::engine::matches;
use fourinrow::gobang::extras::record::{
    parse_point, point_name, GameRecord, GameResult as RecordResult, RecordError,
};
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
    /// The second engine's own timeout_turn, to give one engine time odds
    /// (default: --turn-ms)
    #[arg(long, value_name = "MS")]
    second_turn_ms: Option<u64>,
    /// INFO timeout_match, milliseconds (0: none)
    #[arg(long, default_value_t = 0)]
    match_ms: u64,
    /// INFO max_memory, bytes
    #[arg(long, default_value_t = 350 << 20)]
    memory: u64,
    /// Time allowed beyond timeout_turn before a reply counts as a forfeit
    #[arg(long, default_value_t = 100)]
    grace_ms: u64,
    /// Stones in each opening drawn (not with --openings)
    #[arg(long, default_value_t = 3, conflicts_with = "openings")]
    stones: usize,
    /// The first opening's number (with --openings, its line: the first
    /// line with an opening is 1)
    #[arg(long, default_value_t = 1)]
    first_opening: u64,
    /// Plays the openings in FILE instead of drawing them, one a line:
    /// the moves, black first, as game records name them (`H7,G9,I10`),
    /// or a whole game-record line; blank lines and lines starting with
    /// `#` are skipped
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Exactly five wins (INFO rule 1)
    #[arg(long)]
    standard: bool,
    /// Writes each game's line to FILE as it ends, and goes on from the
    /// games FILE already holds (a match of the same settings)
    #[arg(long, value_name = "FILE")]
    results: Option<PathBuf>,
    /// Appends each game's moves to FILE as a game record (the format of
    /// `fourinrow gobang --record`, which `fourinrow gobang analyze
    /// --record` reads; a forfeit's result is `unfinished`)
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
}

impl Args {
    /// The win rule the match plays by.
    fn rule(&self) -> Rule {
        if self.standard {
            Rule::Standard
        } else {
            Rule::Freestyle
        }
    }

    /// The `timeout_turn` engine `who` (0 the first, 1 the second) plays to.
    fn turn_ms(&self, who: usize) -> u64 {
        match self.second_turn_ms {
            Some(ms) if who == 1 => ms,
            _ => self.turn_ms,
        }
    }

    /// The rule's name, as the settings line and game records give it.
    fn rule_name(&self) -> &'static str {
        if self.standard {
            "standard"
        } else {
            "freestyle"
        }
    }
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

    /// The process's peak resident memory (VmHWM) in kB, where /proc
    /// tells it (Linux).
    fn peak_kb(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
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

/// One game: `black` is 0 (the first engine) or 1. Starts both engines,
/// plays, and reads each one's peak memory before they go. Returns the
/// game's line and its moves as a game record.
fn game(
    args: &Args,
    openings: &[Vec<usize>],
    number: u32,
    opening: u64,
    black: usize,
) -> Result<(GameResult, GameRecord), String> {
    let line = match usize::try_from(opening).ok().and_then(|n| openings.get(n.checked_sub(1)?)) {
        Some(line) => line.clone(),
        None => matches::opening(opening, args.stones, args.rule()),
    };
    let mut engines = [Engine::start(&args.first)?, Engine::start(&args.second)?];
    let mut slowest = [Duration::ZERO; 2];
    let Ending { outcome, moves, forfeit } = play(args, &mut engines, &line, black, &mut slowest)?;
    let record = GameRecord {
        rule: args.rule_name(),
        moves: moves.iter().map(|&p| coords(p)).map(|(r, c)| (r as i32, c as i32)).collect(),
        // A forfeit ends the game off the board.
        result: match (&forfeit, outcome) {
            (Some(_), _) => RecordResult::Unfinished,
            (None, Outcome::Draw) => RecordResult::Draw,
            (None, Outcome::Won(_)) if moves.len() % 2 == 1 => RecordResult::Black,
            (None, Outcome::Won(_)) => RecordResult::White,
        },
    };
    let stones = moves.len();
    let result = GameResult {
        game: number,
        opening,
        first_black: black == 0,
        outcome,
        stones,
        slowest_ms: slowest.map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX)),
        peak_kb: [engines[0].peak_kb(), engines[1].peak_kb()],
        forfeit,
    };
    Ok((result, record))
}

/// How a game ended.
struct Ending {
    outcome: Outcome,
    /// The points played, black first, the opening's included.
    moves: Vec<usize>,
    /// The engine that forfeited, if one did, and why.
    forfeit: Option<(Side, String)>,
}

/// Plays one game from `line` between started engines.
fn play(
    args: &Args,
    engines: &mut [Engine; 2],
    line: &[usize],
    black: usize,
    slowest: &mut [Duration; 2],
) -> Result<Ending, String> {
    let rule = args.rule();
    let side = |who: usize| if who == 0 { Side::First } else { Side::Second };
    let mut left = [args.match_ms; 2];
    for (who, e) in engines.iter_mut().enumerate() {
        e.send("START 15");
        match e.reply(Duration::from_secs(30)) {
            Some((ok, _)) if ok == "OK" => {}
            other => return Err(format!("START 15 answered {other:?}")),
        }
        e.send(&format!("INFO timeout_turn {}", args.turn_ms(who)));
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
        let limit = Duration::from_millis(args.turn_ms(who) + args.grace_ms);
        let started = Instant::now();
        e.send(&command);
        let reply = e.reply(limit);
        let took = started.elapsed();
        slowest[who] = slowest[who].max(took);
        let forfeit = |why: String| {
            Ok(Ending {
                outcome: Outcome::Won(side(1 - who)),
                moves: stones.clone(),
                forfeit: Some((side(who), why)),
            })
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
            return Ok(Ending {
                outcome: Outcome::Won(side(who)),
                moves: stones.clone(),
                forfeit: None,
            });
        }
        if stones.len() == POINTS {
            return Ok(Ending { outcome: Outcome::Draw, moves: stones, forfeit: None });
        }
    }
}

fn main() -> ExitCode {
    match run(&Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gobang-manager: {e}");
            ExitCode::from(2)
        }
    }
}

/// The match's settings line: what must stay the same for a results file
/// to go on (the number of games may grow).
fn settings(args: &Args) -> String {
    let openings = match &args.openings {
        Some(file) => format!("openings in {} from {}", file.display(), args.first_opening),
        None => format!("stones {} | openings from {}", args.stones, args.first_opening),
    };
    // Said only when it differs, so that files of matches before it go on.
    let second_turn = match args.second_turn_ms {
        Some(ms) if ms != args.turn_ms => format!(" | second turn {ms} ms"),
        _ => String::new(),
    };
    format!(
        "match | first: {} | second: {} | turn {} ms{second_turn} | match {} ms | memory {} | \
         grace {} ms | {openings} | {}",
        args.first,
        args.second,
        args.turn_ms,
        args.match_ms,
        args.memory,
        args.grace_ms,
        args.rule_name()
    )
}

/// The openings of `text` (an `--openings` file), each its points, black
/// first; an error names the line and what is wrong with it.
fn parse_openings(text: &str, args: &Args) -> Result<Vec<Vec<usize>>, String> {
    let (rule, rule_name) = (args.rule(), args.rule_name());
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: String| format!("line {}: {e}", i + 1);
        let moves = if line.starts_with("gobang") {
            GameRecord::parse(line).map_err(|e| at(e.to_string()))?.moves
        } else {
            line.split(',')
                .map(|name| parse_point(name.trim()).map_err(|e| at(e.to_string())))
                .collect::<Result<Vec<_>, _>>()?
        };
        let record = GameRecord { rule: rule_name, moves, result: RecordResult::Unfinished };
        let positions = record.positions().map_err(|e| match e {
            RecordError::Taken { point, .. } => {
                at(format!("{} is played twice", point_name(point)))
            }
            e => at(e.to_string()),
        })?;
        for ((mut maps, stone), &(row, col)) in positions.into_iter().zip(&record.moves) {
            maps[row as usize][col as usize] = Some(stone);
            if winner(&maps, (row, col), rule).is_some() {
                let five = point_name((row, col));
                return Err(at(format!("the opening already has five, at {five}")));
            }
        }
        if record.moves.len() >= POINTS {
            return Err(at("the opening fills the board".into()));
        }
        openings.push(record.moves.iter().map(|&(r, c)| r as usize * SIZE + c as usize).collect());
    }
    Ok(openings)
}

/// The openings `--openings` names (none without it), checked to be enough
/// for the match.
fn read_openings(args: &Args) -> Result<Vec<Vec<usize>>, String> {
    let Some(path) = &args.openings else { return Ok(Vec::new()) };
    let shown = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let openings = parse_openings(&text, args).map_err(|e| format!("{shown}: {e}"))?;
    let last = args.first_opening + u64::from(args.games.max(1) - 1) / 2;
    if args.first_opening == 0 || last > openings.len() as u64 {
        return Err(format!(
            "{shown} holds {} openings; {} games from opening {} need openings {} to {last}",
            openings.len(),
            args.games,
            args.first_opening,
            args.first_opening
        ));
    }
    Ok(openings)
}

/// Reads the results file to go on from, or starts it with the settings.
fn open_results(path: &Path, settings: &str) -> Result<Ledger, String> {
    let shown = path.display();
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let ledger = Ledger::parse(&text).map_err(|e| format!("{shown}: {e}"))?;
            if ledger.settings != settings {
                return Err(format!(
                    "{shown} holds a match with other settings ({}); give another --results file",
                    ledger.settings
                ));
            }
            Ok(ledger)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::write(path, format!("{settings}\n"))
                .map_err(|e| format!("cannot write {shown}: {e}"))?;
            Ok(Ledger { settings: settings.to_owned(), games: Vec::new() })
        }
        Err(e) => Err(format!("cannot read {shown}: {e}")),
    }
}

/// Appends `line` to a file, the whole line at once, so that a stop leaves
/// whole lines.
fn append(file: &mut Option<(File, PathBuf)>, line: &impl std::fmt::Display) -> Result<(), String> {
    let Some((file, path)) = file else { return Ok(()) };
    file.write_all(format!("{line}\n").as_bytes())
        .and_then(|()| file.flush())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn run(args: &Args) -> Result<(), String> {
    let openings = read_openings(args)?;
    let settings = settings(args);
    let mut ledger = match &args.results {
        Some(path) => open_results(path, &settings)?,
        None => Ledger { settings: settings.clone(), games: Vec::new() },
    };
    println!("{settings} | {} games", args.games);
    if let Some(path) = &args.results {
        let played = ledger.games.len();
        if played > 0 {
            println!("{played} games already played in {}; going on", path.display());
        }
    }
    let open = |path: &Option<PathBuf>| -> Result<Option<(File, PathBuf)>, String> {
        let Some(path) = path else { return Ok(None) };
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(Some((file, path.clone())))
    };
    let (mut results, mut records) = (open(&args.results)?, open(&args.record)?);
    for n in ledger.games.len() as u64..u64::from(args.games) {
        let number = u32::try_from(n + 1).unwrap_or(u32::MAX);
        let opening = args.first_opening + n / 2;
        let (result, record) = game(args, &openings, number, opening, (n % 2) as usize)
            .map_err(|e| format!("game {number}: {e}"))?;
        println!("{result}");
        append(&mut results, &result)?;
        append(&mut records, &record)?;
        ledger.games.push(result);
    }
    println!("{}", ledger.totals(args.memory));
    Ok(())
}

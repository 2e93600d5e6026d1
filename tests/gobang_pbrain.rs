//! Whole games through `fourinrow gobang pbrain`, engine against engine,
//! with this test as the Gomocup manager: two engine processes, `START 15`,
//! `BEGIN` to the first, then each move sent to the other with `TURN`,
//! until one has five (judged by the freestyle rule) or the board is full.
//! Every reply must be a legal move, each within the time `INFO
//! timeout_turn` gives.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use fourinrow::gobang::extras::rules::{winner, Rule};
use fourinrow::gobang::port::robot::{Stone, EMPTY_MAPS};

/// How long a move may take, as the manager tells the engines.
const TIMEOUT_TURN: Duration = Duration::from_secs(5);

struct EngineProcess {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl EngineProcess {
    fn start() -> EngineProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_fourinrow"))
            .args(["gobang", "pbrain"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        EngineProcess { child, input, output }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// Sends `line` and reads the reply, timing it.
    fn ask(&mut self, line: &str) -> (String, Duration) {
        let start = Instant::now();
        self.send(line);
        let mut reply = String::new();
        self.output.read_line(&mut reply).unwrap();
        (reply.trim().to_string(), start.elapsed())
    }
}

/// Plays one game from the stones `opening` (black first); returns how
/// many moves the engines made and which won (the stone at index i, the
/// opening's included, is engine i % 2's).
fn play_game(opening: &[(usize, usize)]) -> (usize, Option<usize>) {
    let mut engines = [EngineProcess::start(), EngineProcess::start()];
    for e in &mut engines {
        assert_eq!(e.ask("START 15").0, "OK");
        e.send(&format!("INFO timeout_turn {}", TIMEOUT_TURN.as_millis()));
        e.send("INFO rule 0");
    }
    let mut stones: Vec<(usize, usize)> = opening.to_vec();
    let mut maps = EMPTY_MAPS;
    for (i, &(x, y)) in stones.iter().enumerate() {
        maps[y][x] = Some(if i % 2 == 0 { Stone::Black } else { Stone::White });
    }
    // An engine's first command is BEGIN on an empty board, else a BOARD
    // with every stone so far; then TURN with the other's last move.
    let mut synced = [false, false];
    let winner_side = loop {
        let turn = stones.len() % 2;
        let command = if synced[turn] {
            let (x, y) = stones[stones.len() - 1];
            format!("TURN {x},{y}")
        } else if stones.is_empty() {
            "BEGIN".to_string()
        } else {
            let mut block = String::from("BOARD");
            for (i, &(x, y)) in stones.iter().enumerate() {
                block.push_str(&format!("\n{x},{y},{}", if i % 2 == turn { 1 } else { 2 }));
            }
            block + "\nDONE"
        };
        synced[turn] = true;
        let (reply, took) = engines[turn].ask(&command);
        let n = stones.len();
        assert!(took < TIMEOUT_TURN, "stone {n}: {took:?}");
        let (x, y) =
            reply.split_once(',').unwrap_or_else(|| panic!("stone {n}: not a move: {reply}"));
        let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
        assert!(x < 15 && y < 15 && maps[y][x].is_none(), "stone {n}: {x},{y} is not free");
        maps[y][x] = Some(if n % 2 == 0 { Stone::Black } else { Stone::White });
        stones.push((x, y));
        if winner(&maps, (y as i32, x as i32), Rule::Freestyle).is_some() {
            break Some(turn);
        }
        if stones.len() == 225 {
            break None;
        }
    };
    for mut e in engines {
        e.send("END");
        assert!(e.child.wait().unwrap().success());
    }
    (stones.len() - opening.len(), winner_side)
}

#[test]
fn engines_play_whole_games_against_each_other() {
    // From an empty board the AI, against itself, blocks every four: the
    // board fills up with no five (its last two points need the engine's
    // fallback, where the Python's AI finds no point).
    assert_eq!(play_game(&[]), (225, None));
    // The first engine has an open four: the second blocks one end, the
    // first makes five at the other.
    let opening = [(3, 7), (0, 0), (4, 7), (0, 14), (5, 7), (14, 0), (6, 7)];
    assert_eq!(play_game(&opening), (2, Some(0)));
}

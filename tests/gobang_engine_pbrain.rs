//! `fourinrow gobang pbrain --engine strong`: the strong engine through
//! the Gomocup protocol, as a manager drives it: the INFO rules honoured,
//! an ERROR for what it cannot do, a MESSAGE for a proven win, and every
//! move legal and within `timeout_turn`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fourinrow::gobang::engine::brain::Brain;
use fourinrow::gobang::extras::rules::{winner, Rule};
use fourinrow::gobang::pbrain::{run_pbrain_with, Ai, Engine};
use fourinrow::gobang::port::robot::{Stone, AI, EMPTY_MAPS};

fn talk(input: &str) -> Vec<String> {
    let mut engine = Engine::default();
    engine.ai = Ai::Strong(Brain::new(fourinrow::gobang::engine::Level::Hard));
    let mut out = Vec::new();
    run_pbrain_with(engine, input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap().lines().map(String::from).collect()
}

#[test]
fn what_it_cannot_do_gets_an_error_and_the_game_goes_on() {
    let replies = talk(
        "START 15\nINFO rule 4\nINFO rule 8\nINFO timeout_turn soon\nINFO rule 1\nINFO evaluate 0,0\n\
         BEGIN\nABOUT\nSTART 20\nEND\n",
    );
    assert_eq!(replies[0], "OK");
    assert!(replies[1].starts_with("ERROR INFO rule 8: caro is not supported"), "{}", replies[1]);
    assert_eq!(replies[2], "ERROR INFO timeout_turn needs a whole number, got 'soon'");
    assert_eq!(replies[3], "7,7", "rules 4 and 1 and evaluate are accepted silently");
    assert!(replies[4].starts_with("name=\"fourinrow-gobang-engine\""));
    assert!(replies[5].starts_with("ERROR unsupported size 20"));
    assert_eq!(replies.len(), 6);
}

#[test]
fn a_proven_win_is_announced_and_played() {
    // Own stones (1): three in a row with both ends open and a fourth
    // apart; the opponent's (2) far away. A four and an open four follow.
    let replies = talk("START 15\nBOARD\n5,5,1\n6,5,1\n8,5,1\n0,0,2\n14,14,2\n0,14,2\nDONE\nEND\n");
    assert_eq!(replies[0], "OK");
    assert!(replies[1].starts_with("MESSAGE a forced win (Vcf) in 2 moves: 7,5"), "{}", replies[1]);
    assert_eq!(replies[2], "7,5");
    // The standard rule: a five point that would make six is none. Own
    // stones at 2 and 4 to 7 of row 5: 3,5 makes six, 8,5 makes five.
    let board =
        "BOARD\n2,5,1\n4,5,1\n5,5,1\n6,5,1\n7,5,1\n0,0,2\n14,14,2\n0,14,2\n9,9,2\nDONE\nEND\n";
    let replies = talk(&format!("START 15\nINFO rule 1\n{board}"));
    assert_eq!(replies[1], "8,5", "standard: exactly five");
    let replies = talk(&format!("START 15\nINFO rule 0\n{board}"));
    assert_eq!(replies[1], "3,5", "freestyle: the first five point, six in a row");
}

#[test]
fn a_whole_game_within_timeout_turn_against_the_step_list_ai() {
    let turn = Duration::from_millis(1000);
    let mut child = Command::new(env!("CARGO_BIN_EXE_fourinrow"))
        .args(["gobang", "pbrain", "--engine", "strong"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |line: &str| -> (String, Duration) {
        let start = Instant::now();
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
        loop {
            let mut reply = String::new();
            output.read_line(&mut reply).unwrap();
            if !reply.starts_with("MESSAGE") {
                return (reply.trim().to_string(), start.elapsed());
            }
        }
    };
    assert_eq!(ask("START 15").0, "OK");
    let (mut maps, mut stone_at) = (EMPTY_MAPS, Vec::new());
    // The engine plays black and begins; the step-list AI answers as white.
    // INFO gets no reply: sent with BEGIN, its work counts in BEGIN's time.
    let (first, took) = ask(&format!(
        "INFO timeout_turn {}\nINFO timeout_match 180000\nINFO max_memory 83886080\nINFO rule 0\nBEGIN",
        turn.as_millis()
    ));
    assert!(took < turn, "{took:?}");
    let mut reply = first;
    let won = loop {
        let (x, y) = reply.split_once(',').unwrap();
        let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
        assert!(maps[y][x].is_none(), "{x},{y} is taken");
        maps[y][x] = Some(Stone::Black);
        stone_at.push((x, y));
        if winner(&maps, (y as i32, x as i32), Rule::Freestyle).is_some() {
            break true;
        }
        let (r, c) = AI::new(maps).layer_one(&mut |_| {});
        if maps[r as usize][c as usize].is_some() {
            break false;
        }
        maps[r as usize][c as usize] = Some(Stone::White);
        if winner(&maps, (r, c), Rule::Freestyle).is_some() {
            break false;
        }
        let (next, took) = ask(&format!("TURN {c},{r}"));
        assert!(took < turn, "move {}: {took:?}", stone_at.len());
        reply = next;
    };
    assert!(won, "the engine wins as black: {stone_at:?}");
    writeln!(input, "END").ok();
    assert!(child.wait().unwrap().success());
}

#[test]
fn a_full_board_gets_an_error_not_a_panic() {
    let mut input = String::from("START 15\nBOARD\n");
    for y in 0..15 {
        for x in 0..15 {
            input.push_str(&format!("{x},{y},{}\n", 1 + (x + 2 * y + y / 2) % 2));
        }
    }
    input.push_str("DONE\nABOUT\nEND\n");
    let replies = talk(&input);
    assert_eq!(replies[1], "ERROR the board is full");
    assert!(replies[2].starts_with("name="), "and it goes on");
}

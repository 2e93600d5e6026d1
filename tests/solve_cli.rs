//! `fourinrow solve` and `fourinrow grade` as a user runs them: the
//! binary, its output format, its errors. (They need no window.)

use crate::solver_fixtures;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use solver_fixtures::fixture;

fn fourinrow(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fourinrow"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // It may exit (a bad option) before it reads its input.
    if let Err(e) = child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The first `n` positions of one of the repository's own test sets, with
/// the reference solver's scores.
fn fixture_lines(set: &str, n: usize) -> Vec<(String, i32)> {
    fixture(set).into_iter().take(n).collect()
}

#[test]
fn solve_prints_moves_and_score_as_c4solver_does() {
    let cases = [fixture_lines("end-easy", 20), fixture_lines("middle-medium", 10)].concat();
    let input: String = cases.iter().map(|(m, _)| format!("{m}\n")).collect();
    let out = fourinrow(&["solve"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let want: String = cases.iter().map(|(m, s)| format!("{m} {s}\n")).collect();
    assert_eq!(text(&out.stdout), want);
    assert!(out.stderr.is_empty());
}

#[test]
fn solve_analyze_and_weak() {
    let out = fourinrow(&["solve", "-a"], "44\n");
    assert_eq!(text(&out.stdout), "44 -3 -3 -2 1 -2 -3 -3\n");
    let (moves, score) = &fixture_lines("middle-medium", 1)[0];
    let out = fourinrow(&["solve", "--weak"], &format!("{moves}\n"));
    assert_eq!(text(&out.stdout), format!("{moves} {}\n", score.signum()));
    // A full column is -1000 with --analyze.
    let out = fourinrow(&["solve", "-a"], "444444\n");
    let stdout = text(&out.stdout);
    let scores: Vec<&str> = stdout.split_whitespace().skip(1).collect();
    assert_eq!(scores.len(), 7);
    assert_eq!(scores[3], "-1000");
}

#[test]
fn bad_lines_are_named_and_the_others_answered() {
    let out = fourinrow(&["solve"], "44\n48\n\nabc\n4\n");
    assert_eq!(out.status.code(), Some(2));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 2, "{err}");
    assert!(err.lines().all(|l| l.starts_with("fourinrow solve: line ")), "{err}");
    assert!(err.contains("line 2") && err.contains("line 4"), "{err}");
}

#[test]
fn board_text_is_solved_for_the_side_with_fewer_tokens() {
    // The position of the move string 44: the first player's token at the
    // bottom of column 4, the second's on it, the first to move again (black,
    // with as many tokens of each colour, unless --tile says red).
    let out = fourinrow(&["solve"], "44\n......./......./......./......./...R.../...B...\n");
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2);
    let score = |l: &str| l.rsplit(' ').next().unwrap().to_string();
    assert_eq!(score(&lines[0]), score(&lines[1]));
}

#[test]
fn sizes_the_solver_cannot_hold_are_refused_on_one_line() {
    let out = fourinrow(&["solve", "--width", "13", "--height", "9"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr).lines().count(), 1);
    assert!(text(&out.stderr).contains("out of the solver's range"));
}

#[test]
fn grade_reports_each_difficulty() {
    let input: String =
        fixture_lines("middle-medium", 12).iter().map(|(m, s)| format!("{m} {s}\n")).collect();
    let out = fourinrow(&["grade", "--up-to", "3"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    assert!(table.starts_with("| DIFFICULTY | positions | perfect picks |"), "{table}");
    for d in 1..=3 {
        assert!(table.contains(&format!("\n| {d} | 12 | ")), "{table}");
    }
    assert!(!table.contains("\n| 4 |"));
    let out = fourinrow(&["grade", "--up-to", "9"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_closed_stdout_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fourinrow"))
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let input: String =
        fixture_lines("end-easy", 50).iter().map(|(m, _)| format!("{m}\n")).collect();
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

//! `gobang-fit`: fitting the engine's evaluation to match games.

use std::path::Path;
use std::process::{Command, Output};

use fourinrow::gobang::engine::board::FITTED;

fn fit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gobang-fit")).args(args).output().unwrap()
}

/// A number after `key` in `text`.
fn number_after(text: &str, key: &str) -> f64 {
    let at = text.find(key).unwrap_or_else(|| panic!("no '{key}' in {text}")) + key.len();
    text[at..].split(|c: char| c != '.' && !c.is_ascii_digit()).next().unwrap().parse().unwrap()
}

#[test]
fn the_fit_of_the_match_games_predicts_better_than_the_worth_and_prints_the_values() {
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/matches");
    let files: Vec<String> = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "games"))
        .map(|p| p.display().to_string())
        .collect();
    assert!(files.len() >= 5, "{files:?}");
    let args: Vec<&str> =
        ["--steps", "2000"].into_iter().chain(files.iter().map(String::as_str)).collect();
    let out = fit(&args);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    // On the games it did not see, the fit predicts the results better than
    // the worth (at its best scale), and better than a coin toss.
    let held = |name: &str| {
        let line = text.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{text}"));
        number_after(line, "fitted to, ")
    };
    let worth = held("the worth, the mover's 1.6 times");
    let fitted = held("fitted:");
    assert!(fitted < worth, "{text}");
    assert!(fitted < 0.693, "{text}");
    // The values come out as the Rust constant, its arrays as long as the engine's.
    for field in ["mine: [", "mine_combinations: [", "theirs: [", "theirs_combinations: ["] {
        let line = text.lines().find(|l| l.trim_start().starts_with(field)).unwrap();
        let values = line.split('[').nth(1).unwrap().trim_end_matches("],").split(", ").count();
        let expected = if field.contains("combinations") {
            FITTED.mine_combinations.len()
        } else {
            FITTED.mine.len()
        };
        assert_eq!(values, expected, "{line}");
    }
}

#[test]
fn a_bad_record_line_gets_one_line_naming_the_file_and_the_line() {
    let dir = std::env::temp_dir().join(format!("gobang-fit-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.txt");
    std::fs::write(&file, "gobang rule=freestyle moves=H7,H8 result=black\ngobang moves=H7,Z99\n")
        .unwrap();
    let out = fit(&[file.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("games.txt line 2") && err.contains("Z99"), "{err}");
    // Too few games to fit is said as plainly.
    std::fs::write(&file, "gobang rule=freestyle moves=H7,H8 result=black\n").unwrap();
    let out = fit(&[file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("too few positions"));
    let missing = dir.join("none.games");
    let out = fit(&[missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("none.games"));
    std::fs::remove_dir_all(&dir).unwrap();
}

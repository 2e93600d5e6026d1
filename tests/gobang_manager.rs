//! `gobang-manager`, the match tool for Gomocup engines, as a user runs it:
//! a results file that a stopped match goes on from, forfeits written down,
//! and one-line errors for a file it cannot go on from.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The step-list AI as a Gomocup engine: quick, and deterministic.
fn step_list() -> String {
    format!("{} gobang pbrain", env!("CARGO_BIN_EXE_fourinrow"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("gobang-manager-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `body` to `path` as an executable shell script: an engine whose
/// replies a test decides.
fn engine_script(path: &Path, body: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

fn manager(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gobang-manager")).args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The totals line's games: wins + draws + losses.
fn games_in_totals(stdout: &str) -> u32 {
    let totals = stdout.lines().last().unwrap();
    let words: Vec<&str> = totals.split_whitespace().collect();
    assert_eq!(words[0], "first:", "{totals}");
    [1, 3, 5].iter().map(|&i| words[i].parse::<u32>().unwrap()).sum()
}

/// How a game's line ends it, by colour, as a game record says it: the
/// winner is first or second, and first played black or white.
fn end_by_colour(result: &str) -> &'static str {
    let first_black = result.contains(" | first black | ");
    if result.contains(" | draw | ") {
        "draw"
    } else if result.contains(" | first wins | ") == first_black {
        "black"
    } else {
        "white"
    }
}

#[test]
fn a_match_stopped_goes_on_where_it_stopped() {
    let dir = scratch("resume");
    let results = dir.join("results.txt");
    let path = results.to_str().unwrap();
    let record = dir.join("games.txt");
    let record = record.to_str().unwrap();
    let engine = step_list();
    let first = manager(&["--games", "2", "--results", path, "--record", record, &engine, &engine]);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let after_two = std::fs::read_to_string(&results).unwrap();
    assert_eq!(after_two.lines().count(), 3, "{after_two}");
    assert_eq!(games_in_totals(&text(&first.stdout)), 2);

    let more = manager(&["--games", "4", "--results", path, "--record", record, &engine, &engine]);
    let stdout = text(&more.stdout);
    assert!(more.status.success(), "{}", text(&more.stderr));
    assert!(stdout.contains(&format!("2 games already played in {path}; going on")), "{stdout}");
    // Games 3 and 4 played now, not 1 and 2 again; the totals count all 4.
    let played: Vec<&str> = stdout.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(played.len(), 2, "{stdout}");
    assert!(played[0].starts_with("game 3 | opening 2 | first black"), "{stdout}");
    assert!(played[1].starts_with("game 4 | opening 2 | first white"), "{stdout}");
    assert_eq!(games_in_totals(&stdout), 4);
    let all = std::fs::read_to_string(&results).unwrap();
    assert!(all.starts_with(&after_two), "the first games' lines changed:\n{all}");
    assert_eq!(all.lines().count(), 5, "{all}");
    // Each line says who played black and each engine's peak memory.
    for line in all.lines().skip(1) {
        assert!(line.contains(" | peak "), "{line}");
        if cfg!(target_os = "linux") {
            assert!(!line.contains("peak -"), "no peak read from /proc: {line}");
        }
    }

    // The moves of the 4 games, as `fourinrow gobang --record` writes them:
    // `gobang analyze --record` answers their positions.
    let games = std::fs::read_to_string(record).unwrap();
    assert_eq!(games.lines().count(), 4, "{games}");
    for (line, result) in games.lines().zip(all.lines().skip(1)) {
        assert!(line.starts_with("gobang rule=freestyle moves="), "{line}");
        let stones = result.split(" | stone ").nth(1).unwrap().split(' ').next().unwrap();
        let moves = line.split("moves=").nth(1).unwrap().split(' ').next().unwrap();
        assert_eq!(moves.split(',').count().to_string(), stones, "{line}\n{result}");
        assert!(line.ends_with(&format!(" result={}", end_by_colour(result))), "{line}\n{result}");
    }
    let analyze = Command::new(env!("CARGO_BIN_EXE_fourinrow"))
        .args(["gobang", "analyze", "--record", record])
        .output()
        .unwrap();
    assert!(analyze.status.success(), "{}", text(&analyze.stderr));
    assert!(text(&analyze.stdout).lines().count() > 4);
    // `gobang review` reads it too, a line a game with its result. The
    // step-list AI draws against itself, so a won game is added: black's
    // open three on row 7, which white lets stand (move 6), forced from
    // black's move 7.
    let reviewed_file = dir.join("review.txt");
    let won = "gobang rule=freestyle moves=F7,A0,G7,D0,H7,G0,I7,J0,J7 result=black";
    std::fs::write(&reviewed_file, format!("{games}{won}\n")).unwrap();
    let review = Command::new(env!("CARGO_BIN_EXE_fourinrow"))
        .args(["gobang", "review", "--nodes", "20000"])
        .arg(&reviewed_file)
        .output()
        .unwrap();
    assert!(review.status.success(), "{}", text(&review.stderr));
    let reviewed = text(&review.stdout);
    let lines: Vec<&str> = reviewed.lines().collect();
    assert_eq!(lines.len(), 5, "{reviewed}");
    for (n, (line, game)) in lines.iter().zip(games.lines().chain([won])).enumerate() {
        let result = game.split(" result=").nth(1).unwrap();
        assert!(line.starts_with(&format!("{{\"game\": {}, ", n + 1)), "{line}");
        assert!(line.contains(&format!("\"result\": \"{result}\"")), "{line}\n{game}");
        let won = result == "black" || result == "white";
        assert_eq!(line.contains("\"forced_from\": "), won, "{line}");
    }
    assert!(lines[4].contains("\"forced_from\": 7, \"kind\": \"VCF\""), "{}", lines[4]);
    assert!(lines[4].contains("\"played\": \"G0\", \"escapes\": [\"E7\", \"I7\"]"), "{}", lines[4]);

    // The same file with other settings is refused, and left as it was.
    let other = manager(&["--games", "6", "--turn-ms", "500", "--results", path, &engine, &engine]);
    let stderr = text(&other.stderr);
    assert_eq!(other.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with(&format!("gobang-manager: {path} holds a match with other settings"))
    );
    assert_eq!(std::fs::read_to_string(&results).unwrap(), all);

    // A damaged line is named, and nothing is played or written.
    let damaged = all.replacen("game 2 | opening 1", "game 2 | opening one", 1);
    std::fs::write(&results, &damaged).unwrap();
    let refused = manager(&["--games", "6", "--results", path, &engine, &engine]);
    let stderr = text(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr, format!("gobang-manager: {path}: line 3: 'one' is not a whole number\n"));
    assert_eq!(std::fs::read_to_string(&results).unwrap(), damaged);
}

/// An engine that answers `START` but then plays a point off the board.
#[cfg(unix)]
#[test]
fn a_forfeit_is_written_down_with_its_reason() {
    let dir = scratch("forfeit");
    let cheat = dir.join("cheat.sh");
    engine_script(
        &cheat,
        "while read -r line; do\n  case \"$line\" in\n    START*) echo OK ;;\n    \
         BEGIN*|TURN*|DONE*) echo 99,99 ;;\n  esac\ndone\n",
    );
    let results = dir.join("results.txt");
    let record = dir.join("games.txt");
    let engine = step_list();
    let run = manager(&[
        "--games",
        "2",
        "--results",
        results.to_str().unwrap(),
        "--record",
        record.to_str().unwrap(),
        &engine,
        cheat.to_str().unwrap(),
    ]);
    let stdout = text(&run.stdout);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let all = std::fs::read_to_string(&results).unwrap();
    let games: Vec<&str> = all.lines().skip(1).collect();
    assert_eq!(games.len(), 2, "{all}");
    for line in games {
        assert!(line.contains(" | first wins | "), "{line}");
        assert!(line.ends_with(" | forfeit second: an illegal reply: 99,99"), "{line}");
    }
    assert!(stdout.lines().last().unwrap().contains("forfeits: first 0, second 2"), "{stdout}");
    // In the record a forfeit is a game left unfinished on the board.
    let games = std::fs::read_to_string(&record).unwrap();
    assert_eq!(games.lines().count(), 2, "{games}");
    assert!(games.lines().all(|l| l.ends_with(" result=unfinished")), "{games}");
}

/// `--second-turn-ms` gives the second engine time odds: each engine is
/// told its own `timeout_turn` and held to it, and the settings line says so.
#[test]
fn time_odds_tell_and_hold_each_engine_to_its_own_turn() {
    let dir = scratch("time-odds");
    // An engine that writes down the time it is told, and answers half a
    // second late with a point off the board.
    let slow = |name: &str| {
        let log = dir.join(format!("{name}.log"));
        let script = dir.join(format!("{name}.sh"));
        engine_script(
            &script,
            &format!(
                "while read -r line; do\n  case \"$line\" in\n    START*) echo OK ;;\n    \
                 INFO\\ timeout_turn*) echo \"$line\" >> {} ;;\n    \
                 BEGIN*|TURN*|DONE*) sleep 0.5; echo 99,99 ;;\n  esac\ndone\n",
                log.display()
            ),
        );
        (script, log)
    };
    let ((first, first_log), (second, second_log)) = (slow("first"), slow("second"));
    let results = dir.join("results.txt");
    let run = manager(&[
        "--games",
        "2",
        "--turn-ms",
        "1000",
        "--second-turn-ms",
        "200",
        "--grace-ms",
        "100",
        "--results",
        results.to_str().unwrap(),
        first.to_str().unwrap(),
        second.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let told = |log: &Path| std::fs::read_to_string(log).unwrap();
    assert_eq!(told(&first_log), "INFO timeout_turn 1000\n".repeat(2));
    assert_eq!(told(&second_log), "INFO timeout_turn 200\n".repeat(2));
    // Half a second is within the first engine's turn (its reply is judged,
    // and illegal) but not within the second's 200 ms and 100 ms of grace.
    let all = std::fs::read_to_string(&results).unwrap();
    assert!(
        all.lines().next().unwrap().contains(" | turn 1000 ms | second turn 200 ms | "),
        "{all}"
    );
    // After the opening's three stones white moves: the second engine in
    // game 1, the first in game 2.
    let ends: Vec<&str> = all.lines().skip(1).map(|l| l.rsplit(" | ").next().unwrap()).collect();
    assert_eq!(
        ends,
        ["forfeit second: no reply within 300ms", "forfeit first: an illegal reply: 99,99"],
        "{all}"
    );
}

/// The undo-lab tutorial's AI speaks the protocol too: whole games against
/// the step-list AI, every reply legal and in time.
#[test]
fn the_undo_lab_ai_plays_whole_games_through_the_protocol() {
    let undo_lab = format!("{} gobang pbrain --engine undo-lab", env!("CARGO_BIN_EXE_fourinrow"));
    let record = scratch("undo-lab").join("games.txt");
    let record = record.to_str().unwrap();
    let run = manager(&["--games", "2", "--record", record, &undo_lab, &step_list()]);
    let stdout = text(&run.stdout);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let games: Vec<&str> = stdout.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{stdout}");
    // Each game's record names the winner's colour.
    let records = std::fs::read_to_string(record).unwrap();
    for (line, result) in records.lines().zip(&games) {
        assert!(line.ends_with(&format!(" result={}", end_by_colour(result))), "{line}\n{result}");
    }
    assert_eq!(records.lines().count(), 2, "{records}");
    assert!(!stdout.contains("forfeit "), "{stdout}");
    assert!(stdout.lines().last().unwrap().contains("forfeits: first 0, second 0"), "{stdout}");
}

#[test]
fn a_match_plays_the_openings_of_a_file_each_with_both_colours() {
    let dir = scratch("openings");
    let openings = dir.join("openings.txt");
    std::fs::write(
        &openings,
        "# two openings\n\nH7,G9,I10\ngobang rule=freestyle moves=H7,H8,J9,C3 result=unfinished\n",
    )
    .unwrap();
    let record = dir.join("games.txt");
    let results = dir.join("results.txt");
    let engine = step_list();
    let run = manager(&[
        "--games",
        "4",
        "--openings",
        openings.to_str().unwrap(),
        "--record",
        record.to_str().unwrap(),
        "--results",
        results.to_str().unwrap(),
        &engine,
        &engine,
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let games = std::fs::read_to_string(&record).unwrap();
    let starts: Vec<&str> = games.lines().map(|l| l.split("moves=").nth(1).unwrap()).collect();
    assert_eq!(starts.len(), 4, "{games}");
    for (i, start) in starts.iter().enumerate() {
        let opening = if i < 2 { "H7,G9,I10," } else { "H7,H8,J9,C3," };
        assert!(start.starts_with(opening), "game {}: {start}", i + 1);
    }
    let settings = std::fs::read_to_string(&results).unwrap();
    let settings = settings.lines().next().unwrap();
    assert!(settings.contains(&format!("openings in {} from 1", openings.display())), "{settings}");
    assert!(!settings.contains("stones"), "{settings}");
}

#[test]
fn a_bad_openings_file_gets_one_line_naming_it() {
    let dir = scratch("bad-openings");
    let engine = step_list();
    let cases = [
        ("H7,Z9,I10\n", "line 1", "Z9"),
        ("# a comment\nH7,G9,H7\n", "line 2", "H7 is played twice"),
        ("H7,A0,H8,A1,H9,A2,H10,A3,H11\n", "line 1", "already has five"),
        ("H7,G9,I10\n", "holds 1 openings", "need openings 1 to 2"),
    ];
    for (i, (content, place, what)) in cases.iter().enumerate() {
        let openings = dir.join(format!("openings-{i}.txt"));
        std::fs::write(&openings, content).unwrap();
        let run =
            manager(&["--games", "4", "--openings", openings.to_str().unwrap(), &engine, &engine]);
        let stderr = text(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{content}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        for part in [&openings.display().to_string(), *place, *what] {
            assert!(stderr.contains(part), "{content}: {stderr} lacks {part}");
        }
        assert!(text(&run.stdout).is_empty(), "no game played: {}", text(&run.stdout));
    }
    // Drawn openings' size means nothing with a file of openings.
    let run = manager(&["--stones", "4", "--openings", "openings.txt", &engine, &engine]);
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("'--stones <STONES>' cannot be used with"));
}

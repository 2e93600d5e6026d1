//! The opening book: a small book built here holds what it claims and
//! resumes where it stopped; the shipped book is sound, covers what its
//! header says, and agrees with an independent solver (BitBully, a Python
//! package the tests call; CI installs it) and with this solver's own
//! search; a damaged book file is refused with one line and the search
//! answers instead. Ignored by default, as they take long: the shipped
//! book against the search, and the perfect level's matches against an
//! exact opponent (`cargo test --release --test suite solver_book:: -- --ignored
//! --nocapture`).

use crate::sample;
use crate::solver_fixtures;

use std::borrow::Cow;
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use fourinrow::fourinrow::engine::solver::book::{key, position, Coverage};
use fourinrow::fourinrow::engine::solver::{Book, Level, Position, Solver};
use fourinrow::fourinrow::tools::book::{
    build, perfect_column, read_checkpoint, turns, BuildOptions, Ended, Known,
};

use solver_fixtures::fixture;

/// The book the binary ships, read from the repository.
fn shipped() -> Book {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("book/7x6.bin");
    Book::from_file(&path).unwrap()
}

/// A fresh folder under the target directory for a test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A 5x4 book's build in a fresh folder `name`: two jobs, a small table,
/// every position of 2 moves, the lines from `lines_from` moves to `plies`.
fn small_book(name: &str, plies: usize, lines_from: usize) -> BuildOptions {
    let dir = scratch(name);
    BuildOptions {
        width: 5,
        height: 4,
        plies,
        all_plies: 2,
        lines_from,
        jobs: 2,
        table_bits: 14,
        checkpoint: dir.join("5x4.txt"),
        out: dir.join("5x4.bin"),
    }
}

/// Checks what a book claims: every position up to `all_plies` moves and
/// every position a perfect player meets up to its `plies` has every
/// column's score; every entry agrees with its children that the book
/// holds (no child scores more than minus the parent, and a parent whose
/// every child is there is the best of them), and an entry's parent whose
/// every child is known is there too. Returns the positions whose every
/// child was there.
fn check_claims(book: &Book) -> usize {
    let known = Known::from_book(book).unwrap();
    let Coverage { plies, all_plies, .. } = book.coverage();
    for ply in 0..plies {
        let lines = turns(&known, ply).unwrap_or_else(|| panic!("ply {ply}: turns unknown"));
        for line in lines {
            assert!(known.analysis(&line.position).is_some(), "turn {} lacks a column", line.moves);
        }
    }
    let (w, h) = book.size();
    let mut every = vec![Position::new(w, h).unwrap()];
    for _ in 0..all_plies {
        for p in &every {
            assert!(
                known.analysis(p).is_some(),
                "a position of {} moves lacks a column",
                p.moves_played()
            );
        }
        every = every
            .iter()
            .flat_map(|p| {
                (0..w).filter(|&c| p.can_play(c) && !p.is_winning_move(c)).map(|c| p.child(c))
            })
            .collect();
    }
    let scores: HashMap<u64, i32> = book.entries().collect();
    let mut whole = 0;
    for (k, score) in book.entries() {
        let p = position(k, w, h).unwrap_or_else(|| panic!("key {k:#x} is no position"));
        let mut best = None;
        let mut all = true;
        for c in (0..w).filter(|&c| p.can_play(c)) {
            let s = if p.is_winning_move(c) {
                Some(p.win_now_score())
            } else {
                let child = p.child(c);
                if child.can_win_next() {
                    Some(-child.win_now_score())
                } else {
                    scores.get(&key(&child).unwrap()).map(|s| -s)
                }
            };
            match s {
                Some(s) => {
                    assert!(
                        s <= score,
                        "{k:#x}: column {c} scores {s}, more than the position's {score}"
                    );
                    best = best.max(Some(s));
                }
                None => all = false,
            }
        }
        if all {
            assert_eq!(best, Some(score), "{k:#x}: the best column");
            whole += 1;
        }
        for q in p.parents().into_iter().filter(|q| !q.can_win_next()) {
            if known.analysis(&q).is_some() {
                assert!(book.get(&q).is_some(), "{k:#x}: a parent with every column known");
            }
        }
    }
    whole
}

/// Asserts that a build's `log` says each of `plies` had nothing to solve.
fn nothing_solved_again(log: Vec<u8>, plies: std::ops::RangeInclusive<usize>) {
    let log = String::from_utf8(log).unwrap();
    for ply in plies {
        let start = format!("make-book: ply {ply}: ");
        let line = log.lines().find(|l| l.starts_with(&start)).unwrap_or_else(|| panic!("{log}"));
        assert!(line.ends_with(", 0 to solve"), "ply {ply} solved again: {log}");
    }
}

#[test]
fn a_small_book_built_here_holds_what_it_claims_and_goes_on_where_it_stopped() {
    let mut options = small_book("small-book", 5, 0);
    let never = AtomicBool::new(false);
    let mut log = Vec::new();
    assert_eq!(build(&options, &never, &mut log).unwrap(), Ended::Done);
    let first = Book::from_file(&options.out).unwrap();
    assert_eq!(first.coverage(), Coverage { plies: 5, all_plies: 2, lines_from: 0 });
    // Deeper, from the same checkpoint: the first plies are not solved again.
    options.plies = 8;
    let mut log = Vec::new();
    assert_eq!(build(&options, &never, &mut log).unwrap(), Ended::Done);
    nothing_solved_again(log, 2..=5);
    let book = Book::from_file(&options.out).unwrap();
    assert_eq!(book.coverage(), Coverage { plies: 8, all_plies: 2, lines_from: 0 });
    assert!(book.len() > first.len());
    assert!(check_claims(&book) > 10);
    // Every entry is the search's score.
    let mut solver = Solver::new();
    for (k, score) in book.entries() {
        assert_eq!(solver.solve(&position(k, 5, 4).unwrap(), false), score, "{k:#x}");
    }
    // A line cut short by a stop is dropped (and solved again); a wrong
    // line elsewhere is an error naming it.
    let text = std::fs::read_to_string(&options.checkpoint).unwrap();
    let lines = text.lines().count();
    std::fs::write(&options.checkpoint, format!("{text}3322")).unwrap();
    let read = |repair| read_checkpoint(&options.checkpoint, Known::new(5, 4, 2).unwrap(), repair);
    assert_eq!(read(false).unwrap().len(), lines);
    assert!(std::fs::read_to_string(&options.checkpoint).unwrap().ends_with("3322"));
    assert_eq!(read(true).unwrap().len(), lines);
    assert_eq!(std::fs::read_to_string(&options.checkpoint).unwrap(), text);
    std::fs::write(&options.checkpoint, format!("11 0\n12 x\n{text}")).unwrap();
    let err = read(false).unwrap_err();
    assert!(err.to_string().contains("5x4.txt line 2: 'x' is not a score: 12 x"), "{err}");
    // A stop before anything is solved keeps the checkpoint as it was.
    std::fs::write(&options.checkpoint, &text).unwrap();
    options.plies = 9;
    let stop = AtomicBool::new(true);
    assert_eq!(build(&options, &stop, &mut Vec::new()).unwrap(), Ended::Stopped);
    assert_eq!(std::fs::read_to_string(&options.checkpoint).unwrap(), text);
}

#[test]
fn a_build_goes_on_from_the_book_alone() {
    // Two builds to 7 moves: one straight through, and one that stops
    // after 5, loses its checkpoint, and goes on from its book.
    let never = AtomicBool::new(false);
    let straight = small_book("from-book-straight", 7, 0);
    assert_eq!(build(&straight, &never, &mut Vec::new()).unwrap(), Ended::Done);
    let mut resumed = small_book("from-book-resumed", 5, 0);
    assert_eq!(build(&resumed, &never, &mut Vec::new()).unwrap(), Ended::Done);
    std::fs::remove_file(&resumed.checkpoint).unwrap();
    resumed.plies = 7;
    let mut log = Vec::new();
    assert_eq!(build(&resumed, &never, &mut log).unwrap(), Ended::Done);
    nothing_solved_again(log, 2..=5);
    let read = |path: &Path| std::fs::read(path).unwrap();
    assert_eq!(read(&resumed.out), read(&straight.out), "the same book either way");
    let solved_after = read(&resumed.checkpoint).iter().filter(|&&b| b == b'\n').count();
    let solved_in_all = read(&straight.checkpoint).iter().filter(|&&b| b == b'\n').count();
    assert!(0 < solved_after && solved_after < solved_in_all, "{solved_after} of {solved_in_all}");
    // A file where the book goes that is not a book is an error naming
    // it, and is left as it was.
    std::fs::write(&resumed.out, b"not a book").unwrap();
    let err = build(&resumed, &never, &mut Vec::new()).unwrap_err().to_string();
    assert!(err.contains("5x4.bin: not an opening book"), "{err}");
    assert_eq!(read(&resumed.out), b"not a book");
    // Nor is one for another board.
    std::fs::copy(&straight.out, &resumed.out).unwrap();
    std::fs::remove_file(&resumed.checkpoint).unwrap();
    let other = BuildOptions { width: 4, height: 5, ..resumed.clone() };
    let err = build(&other, &never, &mut Vec::new()).unwrap_err().to_string();
    assert!(err.contains("5x4.bin: a book for 5x4, not 4x5"), "{err}");
}

#[test]
fn a_book_going_deeper_in_every_position_claims_what_is_complete_meanwhile() {
    // 5x4: the perfect player's lines to 6 moves, then every position of
    // 4 moves as well. Stopped before ply 4 is solved, the book still
    // claims what it held; finished, it claims ply 4 too.
    let mut options = small_book("deeper-book", 6, 0);
    let never = AtomicBool::new(false);
    assert_eq!(build(&options, &never, &mut Vec::new()).unwrap(), Ended::Done);
    let lines = Book::from_file(&options.out).unwrap();
    assert_eq!(lines.coverage(), Coverage { plies: 6, all_plies: 2, lines_from: 0 });
    options.all_plies = 4;
    let stop = AtomicBool::new(true);
    assert_eq!(build(&options, &stop, &mut Vec::new()).unwrap(), Ended::Stopped);
    let stopped = Book::from_file(&options.out).unwrap();
    assert_eq!(stopped.coverage(), lines.coverage());
    assert_eq!(stopped.len(), lines.len());
    assert_eq!(build(&options, &never, &mut Vec::new()).unwrap(), Ended::Done);
    let deeper = Book::from_file(&options.out).unwrap();
    assert_eq!(deeper.coverage(), Coverage { plies: 6, all_plies: 4, lines_from: 0 });
    assert!(deeper.len() > lines.len());
    check_claims(&deeper);
}

#[test]
fn a_book_of_every_openings_lines_holds_them() {
    // 5x4, every position of 2 moves, and the perfect player's lines from
    // every position of 2 moves (as the first player) and of 3 (as the
    // second) up to 7 moves.
    let options = small_book("openings-book", 7, 2);
    let never = AtomicBool::new(false);
    assert_eq!(build(&options, &never, &mut Vec::new()).unwrap(), Ended::Done);
    let book = Book::from_file(&options.out).unwrap();
    assert_eq!(book.coverage(), Coverage { plies: 7, all_plies: 2, lines_from: 2 });
    check_claims(&book);
    // Walked here, without `turns`: from every root, the perfect player
    // (choosing by the book's scores) against every reply; each of its
    // turns has every column's score.
    let known = Known::from_book(&book).unwrap();
    let mut roots = vec![Position::new(5, 4).unwrap()];
    let mut turns_seen = 0;
    for ply in 0..=3 {
        if ply >= 2 {
            let mut frontier = roots.clone();
            let mut at = ply;
            while at < 7 && !frontier.is_empty() {
                let mut next = Vec::new();
                for p in frontier {
                    let scores = known
                        .analysis(&p)
                        .unwrap_or_else(|| panic!("a turn after {at} moves lacks a column"));
                    turns_seen += 1;
                    let col = perfect_column(&p, &scores).unwrap();
                    if p.is_winning_move(col) {
                        continue;
                    }
                    let reply = p.child(col);
                    for c in (0..5).filter(|&c| reply.can_play(c) && !reply.is_winning_move(c)) {
                        let turn = reply.child(c);
                        if !turn.is_full() && !turn.can_win_next() {
                            next.push(turn);
                        }
                    }
                }
                frontier = next;
                at += 2;
            }
        }
        roots = roots
            .iter()
            .flat_map(|p| {
                (0..5).filter(|&c| p.can_play(c) && !p.is_winning_move(c)).map(|c| p.child(c))
            })
            .collect();
    }
    assert!(turns_seen > 100, "{turns_seen} turns walked");
    // A book from the empty board's lines is smaller: the openings' lines
    // add positions.
    let from_empty = small_book("openings-book-empty", options.plies, 0);
    assert_eq!(build(&from_empty, &never, &mut Vec::new()).unwrap(), Ended::Done);
    assert!(Book::from_file(&from_empty.out).unwrap().len() < book.len());
    // Every entry is the search's score.
    let mut solver = Solver::new();
    for (k, score) in book.entries() {
        assert_eq!(solver.solve(&position(k, 5, 4).unwrap(), false), score, "{k:#x}");
    }
}

#[test]
fn the_shipped_book_is_sound_and_holds_what_its_header_claims() {
    let book = shipped();
    assert!(!book.is_empty(), "the shipped book is empty");
    assert_eq!(Book::embedded(), Some(&book), "the binary ships book/7x6.bin");
    assert_eq!(book.size(), (7, 6));
    check_claims(&book);
}

/// BitBully's scores of 7x6 positions, through tests/book/bitbully_scores.py,
/// or `None` (the test is then skipped, loudly) where BitBully is not
/// installed, except under CI (`FOURINROW_CI`), where that fails.
struct BitBully {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl BitBully {
    fn start() -> Option<BitBully> {
        let python = std::env::var("FOURINROW_BITBULLY_PYTHON").unwrap_or("python3".into());
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/book/bitbully_scores.py");
        let installed = Command::new(&python).arg(&script).arg("--check").status();
        if !installed.is_ok_and(|s| s.success()) {
            assert!(
                std::env::var_os("FOURINROW_CI").is_none(),
                "BitBully is not installed for {python}: pip install bitbully bitbully-databases"
            );
            eprintln!("*** SKIPPED: BitBully is not installed for {python} (pip install bitbully bitbully-databases)");
            return None;
        }
        let mut child = Command::new(&python)
            .arg(&script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Some(BitBully { child, input, output })
    }

    /// The score of `p` for the side to move.
    fn score(&mut self, p: &Position) -> i32 {
        // Rows from the top, 1 for the first player's stones.
        let first = p.moves_played() % 2 == 0;
        let board = p.to_board(fourinrow::fourinrow::port::board::Tile::Red);
        let mut line = String::new();
        for y in 0..6 {
            for x in 0..7 {
                line.push(match board[x][y] {
                    None => '0',
                    Some(t) => {
                        let mover = t == fourinrow::fourinrow::port::board::Tile::Red;
                        if mover == first {
                            '1'
                        } else {
                            '2'
                        }
                    }
                });
            }
        }
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
        let mut answer = String::new();
        self.output.read_line(&mut answer).unwrap();
        answer.trim().parse().unwrap_or_else(|_| panic!("BitBully answered {answer:?} for {line}"))
    }
}

impl Drop for BitBully {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_shipped_book_agrees_with_bitbully() {
    let Some(mut oracle) = BitBully::start() else {
        return;
    };
    // BitBully itself, on positions the fixtures score: the oracle is read right.
    for (moves, expected) in fixture("begin-easy").into_iter().take(5) {
        assert_eq!(oracle.score(&Position::from_moves(&moves, 7, 6).unwrap()), expected, "{moves}");
    }
    let book = shipped();
    let (part, parts) = share();
    for (k, score) in book.entries().skip(part).step_by(parts) {
        let p = position(k, 7, 6).unwrap();
        assert_eq!(oracle.score(&p), score, "{k:#x}, {} moves", p.moves_played());
    }
}

/// Which of the book's entries BitBully scores, as (first, step): every
/// one in CI ([`sample::full`]), else every third, a different third each
/// day (BitBully, through a pipe, takes most of the suite's time here), so
/// that all are checked within three days.
fn share() -> (usize, usize) {
    sample::todays_third("solver_book", "entries").map_or((0, 1), |part| (part, 3))
}

#[test]
#[ignore = "searches book positions: minutes each"]
fn the_shipped_book_agrees_with_the_search() {
    let book = shipped();
    let n = env_number("BOOK_SAMPLE", 3);
    let mut entries: Vec<(u64, i32)> = book.entries().collect();
    entries.shuffle(&mut StdRng::seed_from_u64(19));
    // The deepest positions are the quickest to search.
    entries.sort_by_key(|(k, _)| std::cmp::Reverse(position(*k, 7, 6).unwrap().moves_played()));
    let mut solver = Solver::new();
    for (k, score) in entries.into_iter().take(n) {
        let p = position(k, 7, 6).unwrap();
        let started = Instant::now();
        assert_eq!(solver.solve(&p, false), score, "{k:#x}");
        println!(
            "{k:#x} ({} moves): {score}, searched in {:.1?}",
            p.moves_played(),
            started.elapsed()
        );
    }
}

/// `fourinrow solve ARGS` on `input`: (status, stdout, stderr).
fn solve(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fourinrow"))
        .arg("solve")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // It may exit (a bad option) before it reads its input.
    if let Err(e) = child.stdin.take().unwrap().write_all(input.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    let out = child.wait_with_output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn a_damaged_book_file_gets_one_line_and_the_search_answers() {
    let dir = scratch("damaged-books");
    let cases: Vec<(String, i32)> = fixture("middle-medium").into_iter().take(6).collect();
    let input: String = cases.iter().map(|(m, _)| format!("{m}\n")).collect();
    let right: String = cases.iter().map(|(m, s)| format!("{m} {s}\n")).collect();
    let book_of = |scores: &[(String, i32)]| {
        let mut entries: Vec<(u64, i8)> = scores
            .iter()
            .map(|(m, s)| (key(&Position::from_moves(m, 7, 6).unwrap()).unwrap(), *s as i8))
            .collect();
        entries.sort_unstable();
        Book::to_bytes(7, 6, Coverage { plies: 0, all_plies: 0, lines_from: 0 }, &entries)
    };
    let good = book_of(&cases);
    let file = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_string_lossy().into_owned()
    };
    let good_path = file("good.bin", &good);
    assert_eq!(solve(&["--book", &good_path], &input), (Some(0), right.clone(), String::new()));
    // The file is what answers: one whose scores are off by one (with a
    // right hash, as a faulty builder would write it) answers them.
    let off: Vec<(String, i32)> = cases.iter().map(|(m, s)| (m.clone(), s - 1)).collect();
    let off_path = file("off.bin", &book_of(&off));
    let wrong: String = off.iter().map(|(m, s)| format!("{m} {s}\n")).collect();
    assert_eq!(solve(&["--book", &off_path], &input).1, wrong);
    let mut flipped = good.clone();
    flipped[20] ^= 1;
    let damaged = [
        ("truncated.bin", good[..good.len() / 2].to_vec(), "truncated or damaged"),
        ("flipped.bin", flipped, "do not match its hash"),
        ("foreign.bin", b"MOVES SCORE\n4 -1\n".to_vec(), "not an opening book"),
        ("empty.bin", Vec::new(), "not an opening book"),
    ];
    for (name, bytes, why) in damaged {
        let path = file(name, &bytes);
        let (status, out, err) = solve(&["--book", &path], &input);
        assert_eq!((status, out), (Some(0), right.clone()), "{name}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.starts_with(&format!("fourinrow solve: book {path}: ")), "{name}: {err}");
        assert!(err.contains(why) && err.contains("searching without a book"), "{name}: {err}");
    }
    let missing = dir.join("missing.bin").to_string_lossy().into_owned();
    let (status, out, err) = solve(&["--book", &missing], &input);
    assert_eq!((status, out), (Some(0), right.clone()));
    assert!(err.contains("missing.bin: cannot read") && err.lines().count() == 1, "{err}");
    let (status, _, err) = solve(&["--book", &good_path, "--no-book"], &input);
    assert_eq!(status, Some(2), "{err}");
    assert_eq!(solve(&["--no-book"], &input), (Some(0), right, String::new()));
}

#[test]
fn a_short_budget_finds_a_column_that_keeps_the_score_when_it_proves_the_score() {
    // Begin-medium positions take tens of milliseconds to prove: with
    // budgets of that order some columns stay open. Whatever is proven is
    // right, every bound holds the column's true score, and when the budget
    // proved the perfect level's column, or only that it keeps the
    // position's outcome, that column keeps the score, or the outcome.
    let mut solver = Solver::new();
    let stop = AtomicBool::new(false);
    let (mut kept, mut outcome_kept) = (0, 0);
    for (i, (moves, expected)) in fixture("begin-medium").into_iter().take(12).enumerate() {
        let p = Position::from_moves(&moves, 7, 6).unwrap();
        let exact = Solver::new().analyze(&p, false);
        let budget = std::time::Duration::from_millis([5, 15, 40][i % 3]);
        let a = solver.analyze_within(&p, Instant::now() + budget, &stop);
        for (c, &exact_score) in exact.iter().enumerate() {
            if a.proven[c] {
                assert_eq!(a.scores[c], exact_score, "{moves} column {c}");
            }
            if let (Some(u), Some(e)) = (a.upper[c], exact_score) {
                assert!(e <= u, "{moves} column {c}: bound {u} below {e}");
            }
            if let (Some(l), Some(e)) = (a.lower[c], exact_score) {
                assert!(e >= l, "{moves} column {c}: bound {l} above {e}");
            }
        }
        let col =
            Level::Perfect.choose(&p, &a.play_scores(), &mut StdRng::seed_from_u64(0)).unwrap();
        if a.proven[col] {
            assert_eq!(exact[col], Some(expected), "{moves}: column {col}");
            kept += 1;
        } else if a.lower[col].is_some() {
            let sign = exact[col].map(i32::signum);
            assert_eq!(sign, Some(expected.signum()), "{moves}: column {col}");
            outcome_kept += 1;
        }
    }
    println!(
        "of 12 moves, {kept} proven to keep the score within the budget, \
         {outcome_kept} more the outcome"
    );
}

#[test]
fn a_book_file_is_refused_whole_when_any_entry_is_not_a_position() {
    // A key with an empty column code (no marker bit) is not a position.
    let bytes = Book::to_bytes(7, 6, Coverage { plies: 0, all_plies: 0, lines_from: 0 }, &[(1, 0)]);
    assert!(Book::parse(Cow::Owned(bytes)).is_err());
}

/// The exact score of every column of `p` (`None`: full), from BitBully.
fn exact_columns(oracle: &mut BitBully, p: &Position) -> Vec<Option<i32>> {
    (0..7)
        .map(|c| {
            if !p.can_play(c) {
                None
            } else if p.is_winning_move(c) {
                Some(p.win_now_score())
            } else {
                Some(-oracle.score(&p.child(c)))
            }
        })
        .collect()
}

/// The number in the environment variable `name`, or `default`.
fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// The first `n` (at most 49) of the two-move openings, `11` to `77`.
fn two_move_openings(n: usize) -> Vec<String> {
    (0..n.min(49)).map(|i| format!("{}{}", i / 7 + 1, i % 7 + 1)).collect()
}

/// The openings of the match: the 49 two-move openings (`OPENINGS=N`: the
/// first N), then `RANDOM=N` random ones of 3 to 10 moves (seeded, legal,
/// no four on the board and no win at once for the side to move).
fn match_openings() -> Vec<String> {
    let env = env_number;
    let mut openings = two_move_openings(env("OPENINGS", 49));
    let mut rng = StdRng::seed_from_u64(env("SEED", 19) as u64);
    while openings.len() < env("OPENINGS", 49).min(49) + env("RANDOM", 0) {
        let length = rand::Rng::random_range(&mut rng, 3..=10);
        let mut p = Position::new(7, 6).unwrap();
        let mut line = String::new();
        while line.len() < length {
            let col = rand::Rng::random_range(&mut rng, 0..7);
            if !p.can_play(col) || p.is_winning_move(col) {
                continue;
            }
            p.play(col);
            line.push(char::from(b'1' + col as u8));
        }
        if !p.can_win_next() {
            openings.push(line);
        }
    }
    openings
}

/// The exact opponent's column: a best one by `exact` (every column's
/// exact score), the one the perfect level itself would prefer among them.
fn exact_move(p: &Position, exact: &[Option<i32>]) -> usize {
    let best = exact.iter().flatten().max().copied().unwrap();
    let order = fourinrow::fourinrow::engine::solver::levels::perfect_order(p);
    order.into_iter().find(|&c| exact[c] == Some(best)).unwrap()
}

/// Who plays against the perfect level in a match.
#[derive(Clone, Copy)]
enum Opponent {
    /// A best column by BitBully's scores, the one the perfect level
    /// itself would prefer among them.
    Exact,
    /// A random column, from a generator seeded with this.
    Random(u64),
}

/// What a match found.
#[derive(Default)]
struct MatchReport {
    games: usize,
    moves: usize,
    unproven: usize,
    slowest: std::time::Duration,
    /// Each move that gave a value away, described.
    lost_values: Vec<String>,
    /// How many of those gave the outcome away (win, draw or loss).
    lost_outcomes: usize,
    /// The hint's time in each of the opponent's positions, whether every
    /// column was proven, and the moves that reached it.
    hints: Vec<(std::time::Duration, bool, String)>,
}

/// Plays the perfect level (the built-in book, `budget` a move) from each
/// of `openings`, as each colour, against `opponent`, comparing each of its
/// moves with BitBully's exact score of every column. With `hints`, each
/// of the opponent's positions is also analysed as the H hint does (the
/// same solver, the same budget) and timed.
fn play_match(
    oracle: &mut BitBully,
    openings: &[String],
    opponent: Opponent,
    budget: std::time::Duration,
    hints: bool,
) -> MatchReport {
    let never = AtomicBool::new(false);
    let mut rng = StdRng::seed_from_u64(0);
    let mut report = MatchReport::default();
    for opening in openings {
        let start = Position::from_moves(opening, 7, 6).unwrap();
        for perfect_first in [true, false] {
            let mut solver = Solver::new().with_book(Book::embedded().cloned());
            let mut opponent_rng = StdRng::seed_from_u64(match opponent {
                Opponent::Random(seed) => seed,
                Opponent::Exact => 0,
            });
            let mut p = start;
            let mut line = opening.clone();
            // The perfect level plays the first colour (the side to move
            // after an even number of moves) or the second.
            let mut perfect_to_move = perfect_first == (p.moves_played() % 2 == 0);
            loop {
                let exact = exact_columns(oracle, &p);
                let best = exact.iter().flatten().max().copied().unwrap();
                let col = if perfect_to_move {
                    let started = Instant::now();
                    let a = solver.analyze_within(&p, started + budget, &never);
                    let col = Level::Perfect.choose(&p, &a.play_scores(), &mut rng).unwrap();
                    let took = started.elapsed();
                    report.slowest = report.slowest.max(took);
                    report.moves += 1;
                    report.unproven += usize::from(!a.proven[col]);
                    if exact[col] != Some(best) {
                        let outcome_lost = exact[col].map(i32::signum) != Some(best.signum());
                        report.lost_outcomes += usize::from(outcome_lost);
                        report.lost_values.push(format!(
                            "{line} (ply {}): played {} ({:?}, {}, {:.2} s), best {best}{}",
                            p.moves_played(),
                            col + 1,
                            exact[col],
                            if a.proven[col] { "proven" } else { "unproven" },
                            took.as_secs_f64(),
                            if outcome_lost { ", the outcome lost" } else { "" }
                        ));
                    }
                    col
                } else {
                    if hints {
                        let started = Instant::now();
                        let a = solver.analyze_within(&p, started + budget, &never);
                        let took = started.elapsed();
                        for (c, e) in exact.iter().enumerate() {
                            if a.proven[c] {
                                assert_eq!(a.scores[c], *e, "{line}: hint column {c}");
                            }
                        }
                        report.hints.push((took, a.is_proven(), line.clone()));
                    }
                    match opponent {
                        Opponent::Exact => exact_move(&p, &exact),
                        Opponent::Random(_) => loop {
                            let c = rand::Rng::random_range(&mut opponent_rng, 0..7);
                            if p.can_play(c) {
                                break c;
                            }
                        },
                    }
                };
                line.push(char::from(b'1' + col as u8));
                if p.is_winning_move(col) {
                    break;
                }
                p.play(col);
                if p.is_full() {
                    break;
                }
                perfect_to_move = !perfect_to_move;
            }
            report.games += 1;
            println!("{line}");
        }
    }
    report
}

impl MatchReport {
    fn print(&self) {
        println!(
            "{} games, {} moves of the perfect level ({} unproven, slowest {:.2} s), \
             {} gave a value away ({} of them the outcome):",
            self.games,
            self.moves,
            self.unproven,
            self.slowest.as_secs_f64(),
            self.lost_values.len(),
            self.lost_outcomes
        );
        for l in &self.lost_values {
            println!("  {l}");
        }
        print_times(["hints", "hint"], "the opponent's", &self.hints, 20);
    }
}

/// Prints how many of `times` (each analysis's time, whether it proved
/// every column, and the moves that reached it: hints or replies, as
/// `[plural, singular]` names them, in positions of `whose`) were proven,
/// and within 100 ms, their spread, and the `slowest` slowest.
fn print_times(
    [plural, label]: [&str; 2],
    whose: &str,
    times: &[(std::time::Duration, bool, String)],
    slowest: usize,
) {
    if times.is_empty() {
        return;
    }
    let mut times = times.to_vec();
    times.sort();
    let n = times.len();
    let within = times.iter().filter(|(t, p, _)| *p && t.as_millis() <= 100).count();
    let proven = times.iter().filter(|(_, p, _)| *p).count();
    let at = |q: f64| times[((n - 1) as f64 * q) as usize].0.as_secs_f64() * 1000.0;
    println!(
        "{plural}: {n} positions of {whose}, {proven} proven within the budget, \
         {within} within 100 ms; median {:.1} ms, 90% {:.1} ms, 99% {:.1} ms, max {:.1} ms",
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
    for (t, p, l) in times.iter().rev().take(slowest) {
        let open = if *p { "" } else { ", not all proven" };
        println!("  {label} {l} (ply {}): {:.1} ms{open}", l.len(), t.as_secs_f64() * 1000.0);
    }
}

/// The game's budget, or `BUDGET_MS`.
fn match_budget() -> std::time::Duration {
    std::env::var("BUDGET_MS").ok().and_then(|s| s.parse().ok()).map_or(
        fourinrow::fourinrow::engine::solver::player::DEFAULT_BUDGET,
        std::time::Duration::from_millis,
    )
}

#[test]
#[ignore = "a measured match: seconds a game"]
fn the_perfect_level_keeps_every_value_against_an_exact_opponent() {
    // From the 2-move openings (OPENINGS=N: the first N of the 49) and
    // RANDOM=N random ones, with the perfect level (the built-in book, the
    // game's budget, BUDGET_MS to change it) as each colour against an
    // opponent that always plays a best column by BitBully's scores. With
    // HINTS=1 each of the opponent's positions is also timed as the H hint.
    let mut oracle = BitBully::start().expect("the match needs BitBully");
    let hints = std::env::var_os("HINTS").is_some();
    let report = play_match(&mut oracle, &match_openings(), Opponent::Exact, match_budget(), hints);
    report.print();
    assert!(report.lost_values.is_empty());
}

#[test]
fn the_perfect_level_keeps_every_value_from_the_first_move() {
    // The games a player starts against the perfect level, on a sample: from
    // the empty board, as each colour, against the exact opponent and two
    // random ones. The book answers their first moves; the search the rest.
    // The budget is four times the game's (BUDGET_MS to change it), as the
    // other tests run beside this one: this checks what the level plays,
    // the ignored match above how it does with the game's budget.
    let Some(mut oracle) = BitBully::start() else {
        return;
    };
    let empty = [String::new()];
    let budget = std::env::var("BUDGET_MS")
        .map_or(fourinrow::fourinrow::engine::solver::player::DEFAULT_BUDGET * 4, |_| {
            match_budget()
        });
    for opponent in [Opponent::Exact, Opponent::Random(1), Opponent::Random(2)] {
        let report = play_match(&mut oracle, &empty, opponent, budget, false);
        report.print();
        assert!(report.lost_values.is_empty());
    }
}

#[test]
#[ignore = "a measurement: seconds a game"]
fn the_hint_in_games_against_the_perfect_level() {
    // How long the H hint takes to show every column's exact outcome in the
    // positions a game against the perfect level reaches: from the empty
    // board, as each colour, against the exact opponent and GAMES=N random
    // ones (8 by default), with the game's budget. Every value the hint
    // proves is checked against BitBully's; the times are printed.
    let mut oracle = BitBully::start().expect("the measurement needs BitBully");
    let games = env_number("GAMES", 8) as u64;
    let empty = [String::new()];
    let mut all = MatchReport::default();
    let opponents = std::iter::once(Opponent::Exact).chain((1..=games).map(Opponent::Random));
    for opponent in opponents {
        let report = play_match(&mut oracle, &empty, opponent, match_budget(), true);
        all.games += report.games;
        all.moves += report.moves;
        all.unproven += report.unproven;
        all.slowest = all.slowest.max(report.slowest);
        all.lost_outcomes += report.lost_outcomes;
        all.lost_values.extend(report.lost_values);
        all.hints.extend(report.hints);
    }
    all.print();
}

#[test]
#[ignore = "a measurement: a second or so a move"]
fn the_hint_after_the_player_has_thought_a_while() {
    // The H hint and the replies as the window gives them: the game's
    // engine (the perfect level, the built-in book, the game's budget)
    // ponders the player's position, then the positions after each of the
    // player's columns, from the moment it has replied; H, pressed THINK_MS
    // later (500 by default), finds the hint done or under way, and the
    // player then moves at once. From the first OPENINGS=N two-move
    // openings (12 by default), as each colour, against the exact
    // opponent. Prints the time from H to the hint and each reply's time;
    // checks every value the hint proves against BitBully's.
    use fourinrow::fourinrow::engine::solver::player::{SolverEngine, DEFAULT_BUDGET};
    use fourinrow::fourinrow::port::board::{get_new_board, make_move, Tile};
    use fourinrow::fourinrow::port::engine::Engine;
    use std::sync::atomic::Ordering;
    use std::sync::Arc;

    let mut oracle = BitBully::start().expect("the measurement needs BitBully");
    let think = std::time::Duration::from_millis(env_number("THINK_MS", 500) as u64);
    let openings = two_move_openings(env_number("OPENINGS", 12));
    let mut report = MatchReport::default();
    // The perfect level's replies: how long each took, whether every column was proven.
    let mut replies = Vec::new();
    for opening in &openings {
        for perfect_first in [true, false] {
            let engine = Arc::new(SolverEngine::new(
                Level::Perfect,
                DEFAULT_BUDGET,
                1,
                Book::embedded().cloned(),
            ));
            let (mut p, mut board) = (Position::new(7, 6).unwrap(), get_new_board(7, 6));
            let mut line = String::new();
            // Plays `col` on both boards; whether that ends the game.
            let play = |p: &mut Position, board: &mut _, col: usize, line: &mut String| {
                let tile = if p.moves_played() % 2 == 0 { Tile::Red } else { Tile::Black };
                make_move(board, tile, col);
                line.push(char::from(b'1' + col as u8));
                let over = p.is_winning_move(col);
                p.play(col);
                over || p.is_full()
            };
            for c in opening.bytes() {
                play(&mut p, &mut board, usize::from(c - b'1'), &mut line);
            }
            let mut perfect_to_move = perfect_first == (p.moves_played() % 2 == 0);
            loop {
                let tile = if p.moves_played() % 2 == 0 { Tile::Red } else { Tile::Black };
                let col = if perfect_to_move {
                    let started = Instant::now();
                    let reply = engine.reply(&board, tile, 0);
                    let proven = reply.exact.as_ref().unwrap().is_proven();
                    replies.push((started.elapsed(), proven, line.clone()));
                    reply.chosen.unwrap()[0]
                } else {
                    let exact = exact_columns(&mut oracle, &p);
                    // The player thinks while the engine ponders; then H.
                    let stop = Arc::new(AtomicBool::new(false));
                    let (e, s, b) = (Arc::clone(&engine), Arc::clone(&stop), board.clone());
                    let pondering = std::thread::spawn(move || e.ponder(&b, tile, &s));
                    std::thread::sleep(think);
                    let started = Instant::now();
                    let hint = engine.reply(&board, tile, 0);
                    let took = started.elapsed();
                    stop.store(true, Ordering::Relaxed);
                    pondering.join().unwrap();
                    let known = hint.exact.unwrap();
                    for (c, k) in known.columns.iter().enumerate() {
                        if let Some(k) = k.filter(|k| k.proven) {
                            assert_eq!(Some(k.score), exact[c], "{line}: hint column {c}");
                        }
                    }
                    report.hints.push((took, known.is_proven(), line.clone()));
                    exact_move(&p, &exact)
                };
                if play(&mut p, &mut board, col, &mut line) {
                    break;
                }
                perfect_to_move = !perfect_to_move;
            }
            report.games += 1;
            println!("{line}");
        }
    }
    report.print();
    // The replies after the player's move: the ponder had the rest of the
    // player's time for the positions after each of the player's columns.
    print_times(["replies", "reply"], "the perfect level's", &replies, 10);
}

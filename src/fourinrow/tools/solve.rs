//! `fourinrow solve`: exact scores for positions, one line each, in the
//! format of Pascal Pons' `c4solver`, so that the two can be compared with
//! `diff`.
//!
//! Each input line is a position, either
//!
//! - a **move string**: the columns played from the empty board, `1` to
//!   `W` as digits, first player first (for boards of 10 columns or more,
//!   `A` = 10, `B` = 11 ...); the board is `width` by `height`, 7x6 unless
//!   the options say otherwise; or
//! - a **board text** (rows top to bottom joined by `/`, `.` empty, `R`
//!   red, `B` black; see [`crate::fourinrow::tools::boardtext`]), of its own size. The side
//!   with fewer tokens is to move; with equal counts, `tile` is (black
//!   unless told, as for `fourinrow analyze --tile`).
//!
//! Each answer is the line as given (without surrounding white space), a
//! space and the score, written as soon as it is known:
//!
//! - by default the exact score for the side to move (see
//!   [`crate::fourinrow::engine::solver`]): positive it wins, negative it loses, 0 a
//!   draw;
//! - with `analyze`, the score of every column instead, left to right,
//!   `-1000` for a full column, as `c4solver -a` prints them;
//! - with `weak`, only who wins: `1`, `0` or `-1` (for a whole position and
//!   for each column alike; `c4solver -w` prints a bound of the same sign,
//!   such as `6`, for some positions and the full score of a column that
//!   wins at once).
//!
//! Positions in the opening book (see [`crate::fourinrow::engine::solver::book`]) are
//! looked up instead of searched, unless `book` says otherwise.
//!
//! Blank lines are skipped. A line that is not a position (or not UTF-8
//! text) gets one line on the error stream naming its number and its fault,
//! quoting at most 80 characters of it, and the lines after it are still
//! answered. A byte-order mark at the start is skipped; a line over 1 MB,
//! or UTF-16 input, ends the run with one line.

use std::fmt;
use std::io::{self, BufRead, Write};

use crate::files::{quote, Lines};
use crate::fourinrow::engine::solver::{Book, Position, PositionError, Solver};
use crate::fourinrow::port::board::Tile;
use crate::fourinrow::port::settings::{BOARDHEIGHT, BOARDWIDTH};
use crate::fourinrow::tools::boardtext::{parse_board, BoardTextError};

/// The score printed for a full column with `analyze` (as `c4solver -a`).
pub const FULL_COLUMN: i32 = -1000;

/// What to solve and how: `fourinrow solve`'s options, as clap reads them.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_help = "\
Reads positions from stdin, one a line: a move string (the columns played
from the empty board, 1 to 7, first player first, as in Pons' test sets) or
a board text. Prints each line followed by its score for the side to move:
positive it wins (22 minus the number of its own stones when it completes
four, on 7x6), negative it loses, 0 a draw. A faulty line gets one line on
stderr naming it; the others are still answered, and the status is then 2.
Early 7x6 positions are looked up in the built-in opening book (exact
scores computed ahead by this solver); --no-book searches them instead.")]
pub struct SolveOptions {
    /// Print every column's score instead (-1000 for a full column)
    #[arg(short, long)]
    pub analyze: bool,
    /// Only who wins: 1, 0 or -1
    #[arg(short, long)]
    pub weak: bool,
    /// Who moves in a board text with as many red as black tokens
    #[arg(long, value_name = "TILE", value_enum, default_value_t = Tile::Black)]
    pub tile: Tile,
    /// Columns of the board that move strings are played on
    #[arg(long, value_name = "N", default_value_t = BOARDWIDTH)]
    pub width: usize,
    /// Rows of that board
    #[arg(long, value_name = "N", default_value_t = BOARDHEIGHT)]
    pub height: usize,
    /// Search every position: no opening book
    #[arg(long, conflicts_with = "book")]
    pub no_book: bool,
    /// Look positions up in this opening book instead of the built-in one
    #[arg(long, value_name = "FILE")]
    pub book: Option<std::path::PathBuf>,
}

impl SolveOptions {
    /// Which opening book to look positions up in first.
    pub fn book_choice(&self) -> BookChoice {
        match (self.no_book, &self.book) {
            (true, _) => BookChoice::None,
            (false, Some(path)) => BookChoice::File(path.clone()),
            (false, None) => BookChoice::Builtin,
        }
    }
}

/// Which opening book `solve` looks positions up in before searching.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum BookChoice {
    /// The one built into the binary.
    #[default]
    Builtin,
    /// None: every answer is searched (`--no-book`).
    None,
    /// A book file (`--book FILE`).
    File(std::path::PathBuf),
}

/// No options: what `fourinrow solve` does with none given (a test checks
/// this against the command line's defaults).
impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            analyze: false,
            weak: false,
            tile: Tile::Black,
            width: BOARDWIDTH,
            height: BOARDHEIGHT,
            no_book: false,
            book: None,
        }
    }
}

/// The book `choice` names. A book file that cannot be used (missing,
/// damaged, truncated, not a book) gets one line on `err` and none is
/// used: the search answers every position instead.
pub fn load_book(choice: &BookChoice, mut err: impl Write) -> io::Result<Option<Book>> {
    Ok(match choice {
        BookChoice::Builtin => Book::embedded().cloned(),
        BookChoice::None => None,
        BookChoice::File(path) => match Book::from_file(path) {
            Ok(book) => Some(book),
            Err(e) => {
                writeln!(err, "fourinrow solve: book {e}; searching without a book")?;
                None
            }
        },
    })
}

/// What is wrong with a line `solve` or `grade` reads: its board text, or
/// the position it gives. Each says it in its own words (its source is
/// theirs, as with thiserror's `transparent`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// The board text does not read.
    Board(BoardTextError),
    /// The board or move string is no position the solver can hold.
    Position(PositionError),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Board(e) => e.fmt(f),
            LineError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LineError::Board(e) => e.source(),
            LineError::Position(e) => e.source(),
        }
    }
}

/// Reads one line as a position: a board text if it holds a `/`, else a
/// move string.
pub fn parse_position(line: &str, options: &SolveOptions) -> Result<Position, LineError> {
    if line.contains('/') {
        let board = parse_board(line).map_err(LineError::Board)?;
        let (red, black) = (0..board.width())
            .flat_map(|x| (0..board.height()).map(move |y| (x, y)))
            .fold((0, 0), |(r, b), (x, y)| match board[x][y] {
                Some(Tile::Red) => (r + 1, b),
                Some(Tile::Black) => (r, b + 1),
                None => (r, b),
            });
        let to_move = match red.cmp(&black) {
            std::cmp::Ordering::Less => Tile::Red,
            std::cmp::Ordering::Greater => Tile::Black,
            std::cmp::Ordering::Equal => options.tile,
        };
        Position::from_board(&board, to_move).map_err(LineError::Position)
    } else {
        Position::from_moves(line, options.width, options.height).map_err(LineError::Position)
    }
}

/// The answer for one position: the scores after the line, as printed.
pub fn answer(solver: &mut Solver, position: &Position, options: &SolveOptions) -> String {
    if options.analyze {
        let scores = solver.analyze(position, options.weak);
        let words: Vec<String> =
            scores.iter().map(|s| s.unwrap_or(FULL_COLUMN).to_string()).collect();
        words.join(" ")
    } else {
        solver.solve(position, options.weak).to_string()
    }
}

/// Answers every line of `input` on `out` (see the module docs), naming
/// each faulty line on `err`. Returns how many lines were faulty.
pub fn run_solve(
    options: &SolveOptions,
    input: impl BufRead,
    mut out: impl Write,
    mut err: impl Write,
) -> io::Result<usize> {
    let mut solver = Solver::new().with_book(load_book(&options.book_choice(), &mut err)?);
    let mut faulty = 0;
    let mut lines = Lines::new(input, "stdin");
    while let Some((number, line)) = lines.next_line()? {
        let line = match line {
            Ok(line) => line,
            Err(fault) => {
                faulty += 1;
                writeln!(err, "fourinrow solve: line {number}: {fault}")?;
                continue;
            }
        };
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        match parse_position(text, options) {
            Ok(position) => {
                let scores = answer(&mut solver, &position, options);
                writeln!(out, "{text} {scores}")?;
                out.flush()?;
            }
            Err(e) => {
                faulty += 1;
                writeln!(err, "fourinrow solve: line {number}: {e}: {}", quote(text))?;
            }
        }
    }
    Ok(faulty)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(options: &SolveOptions, input: &str) -> (String, String, usize) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let faulty = run_solve(options, input.as_bytes(), &mut out, &mut err).unwrap();
        (String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap(), faulty)
    }

    #[test]
    fn bad_lines_are_named_and_the_rest_answered() {
        let input = "44444444\n\n755733356656526372225727171133611\n12x\n";
        let (out, err, faulty) = run(&SolveOptions::default(), input);
        assert_eq!(out, "755733356656526372225727171133611 2\n");
        assert_eq!(faulty, 2);
        let lines: Vec<&str> = err.lines().collect();
        assert!(lines[0]
            .starts_with("fourinrow solve: line 1: invalid move 7 ('4'): the column is full"));
        assert!(lines[1].starts_with("fourinrow solve: line 4: invalid move 3 ('x'): not a column"));
    }

    #[test]
    fn analyze_marks_full_columns_as_c4solver_does() {
        let options = SolveOptions { analyze: true, ..SolveOptions::default() };
        let (out, _, _) = run(&options, "755733356656526372225727171133611\n");
        assert_eq!(out, "755733356656526372225727171133611 2 2 -1000 2 -1000 2 -1000\n");
    }

    #[test]
    fn board_texts_take_the_side_with_fewer_tokens() {
        // Red has three tokens and black two: black is to move.
        let options = SolveOptions::default();
        let text = "..../..../B.../RRRB";
        let (out, err, _) = run(&options, &format!("{text}\n"));
        assert_eq!(err, "");
        let board = parse_board(text).unwrap();
        let position = Position::from_board(&board, Tile::Black).unwrap();
        let score = Solver::new().solve(&position, false);
        assert_eq!(out, format!("{text} {score}\n"));
    }
}

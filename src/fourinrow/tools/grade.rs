//! Grading the tutorial's AI against perfect play (`fourinrow analyze --grade`).
//!
//! For each position the solver gives every column's exact score; the
//! *perfect* columns are those with the best score. The tutorial's AI at
//! `DIFFICULTY` d values each column with `getPotentialMoves` (here
//! [`crate::fourinrow::engine::fast::potential_moves`], the very doubles of the
//! Python) and picks uniformly among the valid columns with the greatest
//! value (the rule of `getComputerMove`'s loops, [`crate::fourinrow::engine::best_moves`]). So its chance of a perfect move is
//! `|best ∩ perfect| / |best|`, and a grade is that chance averaged over
//! the positions, with how often the pick throws away a win (a won position
//! left won no longer) or a draw (a drawn position turned into a loss).
//!
//! Why it misses wins that minimax finds: `getPotentialMoves` *averages*
//! the outcomes of the opponent's replies (each reply weighs `1/W`), where
//! minimax assumes the opponent's *best* reply. A move that leaves the
//! opponent one good reply among six bad ones looks fine on average; a move
//! that wins against every reply, but only beyond the look-ahead, looks no
//! better than a quiet one. The AI is tuned to the tutorial's horizon, so it
//! never sees that deep.

use crate::files::{self, quote, Lines};
use crate::fourinrow::engine::solver::{best_columns, Outcome, Position, Solver};
use crate::fourinrow::engine::{best_moves as get_best_moves, fast, Python};
use crate::fourinrow::port::board::Tile;
use crate::fourinrow::tools::solve::{parse_position, SolveOptions};

/// A position where a difficulty surely throws away a win: every column it
/// may pick is worse than the best.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The position, the computer (black) to move.
    pub position: Position,
    /// Its board text.
    pub board: String,
    /// A perfect column (from 0) and its outcome.
    pub perfect: (usize, Outcome),
    /// The columns the AI picks among (from 0), with their outcomes.
    pub chosen: Vec<(usize, Outcome)>,
}

/// How one difficulty did.
#[derive(Clone, Debug, PartialEq)]
pub struct Grade {
    /// The tutorial's `DIFFICULTY`.
    pub difficulty: u32,
    /// Positions graded.
    pub positions: usize,
    /// The expected share of perfect picks, over all positions.
    pub perfect: f64,
    /// Won positions (the side to move can force a win).
    pub won: usize,
    /// The expected share of won positions where the pick does not win.
    pub throws_win: f64,
    /// Drawn positions.
    pub drawn: usize,
    /// The expected share of drawn positions where the pick loses.
    pub throws_draw: f64,
    /// The first position where every pick throws a win away.
    pub example: Option<Example>,
}

/// Grades `difficulties` of the tutorial's AI on `positions`, the computer
/// (black) to move in each.
pub fn grade(
    solver: &mut Solver,
    positions: &[Position],
    difficulties: impl IntoIterator<Item = u32>,
) -> Vec<Grade> {
    let mut grades: Vec<Grade> = difficulties.into_iter().map(Grade::new).collect();
    for position in positions {
        add_position(solver, &mut grades, position);
    }
    grades.iter_mut().for_each(Grade::finish);
    grades
}

/// Solves every column of `position` and adds it to each of `grades`: one
/// position at a time, so that a long list is graded in constant memory.
fn add_position(solver: &mut Solver, grades: &mut [Grade], position: &Position) {
    let scores = solver.analyze(position, false);
    for g in grades {
        g.add(position, &scores);
    }
}

impl Grade {
    /// No position graded yet.
    fn new(difficulty: u32) -> Grade {
        Grade {
            difficulty,
            positions: 0,
            perfect: 0.0,
            won: 0,
            throws_win: 0.0,
            drawn: 0,
            throws_draw: 0.0,
            example: None,
        }
    }

    /// Adds one position, whose columns' exact scores are `scores`; the
    /// shares are sums until [`Grade::finish`].
    fn add(&mut self, position: &Position, scores: &[Option<i32>]) {
        let g = self;
        let perfect = best_columns(scores);
        let Some(best) = perfect.first().and_then(|&c| scores[c]) else {
            return;
        };
        let board = position.to_board(Tile::Black);
        let values = fast::potential_moves(Python::default(), &board, Tile::Black, g.difficulty);
        let (_, picks) = get_best_moves(&board, &values);
        if picks.is_empty() {
            return;
        }
        let n = picks.len() as f64;
        let share = |f: &dyn Fn(i32) -> bool| {
            picks.iter().filter(|&&c| scores[c].is_some_and(f)).count() as f64 / n
        };
        g.positions += 1;
        g.perfect += share(&|s| s == best);
        if best > 0 {
            g.won += 1;
            let thrown = share(&|s| s <= 0);
            g.throws_win += thrown;
            if thrown == 1.0 && g.example.is_none() {
                let outcome = |c: usize| Outcome::of(position, scores[c].unwrap_or(0));
                g.example = Some(Example {
                    position: *position,
                    board: board.to_string(),
                    perfect: (perfect[0], outcome(perfect[0])),
                    chosen: picks.iter().map(|&c| (c, outcome(c))).collect(),
                });
            }
        } else if best == 0 {
            g.drawn += 1;
            g.throws_draw += share(&|s| s < 0);
        }
    }

    /// Turns the sums into shares.
    fn finish(&mut self) {
        let share = |sum: f64, count: usize| if count == 0 { 0.0 } else { sum / count as f64 };
        self.perfect = share(self.perfect, self.positions);
        self.throws_win = share(self.throws_win, self.won);
        self.throws_draw = share(self.throws_draw, self.drawn);
    }
}

/// The grades as a Markdown table, then each difficulty's example.
pub fn format_grades(grades: &[Grade]) -> String {
    let mut s = String::from(
        "| DIFFICULTY | positions | perfect picks | won: win thrown away | drawn: draw thrown away |\n\
         | ---: | ---: | ---: | ---: | ---: |\n",
    );
    for g in grades {
        s += &format!(
            "| {} | {} | {:.1}% | {:.1}% of {} | {:.1}% of {} |\n",
            g.difficulty,
            g.positions,
            100.0 * g.perfect,
            100.0 * g.throws_win,
            g.won,
            100.0 * g.throws_draw,
            g.drawn
        );
    }
    for g in grades {
        if let Some(e) = &g.example {
            let chosen: Vec<String> =
                e.chosen.iter().map(|(c, o)| format!("column {} ({o})", c + 1)).collect();
            s += &format!(
                "\nDIFFICULTY {}: in `{}` (black to move) column {} wins ({}); it picks {}.\n",
                g.difficulty,
                e.board,
                e.perfect.0 + 1,
                e.perfect.1,
                chosen.join(" or ")
            );
        }
    }
    s
}

/// What `fourinrow grade` reads and how: its options, as clap reads them.
#[derive(clap::Args, Clone, Debug, PartialEq)]
#[command(after_help = "\
Reads positions (move strings, each optionally followed by its score as in
Pons' test sets, or board texts), one a line, from FILEs or stdin; solves
every column of each exactly; and prints, for DIFFICULTY 1 up to --up-to,
how often the tutorial's AI (choosing at random among its best-valued
columns) picks a perfect column, and how often it throws away a win or a
draw.")]
pub struct GradeOptions {
    /// Grade DIFFICULTY 1 up to N (1 to 6)
    #[arg(long, value_name = "N", default_value_t = 4, allow_negative_numbers = true)]
    pub up_to: u32,
    /// Files of positions; with none, stdin is read
    #[arg(value_name = "FILE")]
    pub files: Vec<std::path::PathBuf>,
}

/// Reads positions, one a line (a move string, as in Pons' test sets,
/// optionally followed by its score, which is ignored; or a board text),
/// grades difficulties 1 to `up_to` on them and prints the table. A faulty
/// line (or one that is not UTF-8) is named on `err` and skipped. Lines are
/// read and graded one at a time, at most 1 MB each; files must be regular
/// files (a FIFO is refused rather than waited on). Returns how many lines
/// were faulty.
pub fn run_grade(
    options: &GradeOptions,
    input: impl std::io::BufRead,
    mut out: impl std::io::Write,
    mut err: impl std::io::Write,
) -> std::io::Result<usize> {
    let mut solver = Solver::new();
    let mut grades: Vec<Grade> = (1..=options.up_to).map(Grade::new).collect();
    let mut faulty = 0;
    let mut grade_lines = |lines: &mut Lines<&mut dyn std::io::BufRead>,
                           origin: &dyn Fn(usize) -> String|
     -> std::io::Result<()> {
        let solve_options = SolveOptions::default();
        while let Some((number, line)) = lines.next_line()? {
            let line = match line {
                Ok(line) => line,
                Err(fault) => {
                    faulty += 1;
                    writeln!(err, "fourinrow grade: {}: {fault}", origin(number))?;
                    continue;
                }
            };
            let Some(first) = line.split_whitespace().next() else {
                continue;
            };
            match parse_position(first, &solve_options) {
                Ok(position) => add_position(&mut solver, &mut grades, &position),
                Err(e) => {
                    faulty += 1;
                    writeln!(err, "fourinrow grade: {}: {e}: {}", origin(number), quote(first))?;
                }
            }
        }
        Ok(())
    };
    if options.files.is_empty() {
        let mut input = input;
        let mut lines = Lines::new(&mut input as &mut dyn std::io::BufRead, "stdin");
        grade_lines(&mut lines, &|number| format!("line {number}"))?;
    } else {
        for path in &options.files {
            let file = files::open_regular(path).map_err(|e| {
                std::io::Error::new(
                    e.kind(),
                    format!("{}: cannot read: {}", path.display(), files::describe(&e)),
                )
            })?;
            let mut reader = std::io::BufReader::new(file);
            let mut lines =
                Lines::new(&mut reader as &mut dyn std::io::BufRead, path.display().to_string());
            grade_lines(&mut lines, &|number| format!("{} line {number}", path.display()))?;
        }
    }
    grades.iter_mut().for_each(Grade::finish);
    write!(out, "{}", format_grades(&grades))?;
    out.flush()?;
    Ok(faulty)
}

//! Building the opening book (`cargo run --release --bin make-book`): which
//! positions it holds, solving them on every core with progress and an
//! estimate of the time left, stopping and resuming, and compiling the
//! results into the book the binary ships ([`crate::fourinrow::engine::solver::book`]).
//!
//! # What the book holds
//!
//! - **Every position of the first `all_plies` moves** (2 by default), so
//!   that any opening's columns are exact, whoever plays it. The positions
//!   after exactly `all_plies` moves are solved; those before them follow
//!   from their children.
//! - **Every position a perfect player meets, as either colour, up to
//!   `plies` moves, with every column's score**, in the games that start
//!   from the empty board, or (`lines_from`) from any position of
//!   `lines_from` moves. The perfect level plays
//!   one column in each position, always the same (see
//!   [`crate::fourinrow::engine::solver::Level::keys`]), and the opponent may play any
//!   of the seven: so in the positions where the perfect player is to move
//!   (its *turns*), every child is solved, and its choice among them leads
//!   to the opponent's position, whose children are the perfect player's
//!   next turns. Their number grows sevenfold every two moves, not
//!   sevenfold every move as all positions do.
//!
//! Positions where the side to move wins at once are left out (the solver
//! scores them without a search), and a position and its mirror image are
//! one entry.
//!
//! # Steps and resuming
//!
//! The book is built a move number (a *ply*) at a time, in order: which
//! positions ply `k + 1` needs depends on the columns the perfect player
//! chooses at ply `k - 1`, which depend on the scores of ply `k`. Each
//! position solved is appended at once to the checkpoint file, a line
//! `MOVES SCORE` as Pons' test sets have them, and flushed, so a stopped
//! build (Ctrl-C, SIGTERM, a power cut) loses only the positions being
//! solved; run the same command again and it goes on where it stopped.
//! The book is written whenever a ply is complete, every ten minutes and
//! when the build stops, and it holds every position solved when it was
//! written; a build starts from what the book holds and the checkpoint
//! adds, so the book alone is enough to go on from (the repository keeps
//! only the book; the checkpoint is a working file).

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha12Rng;

use crate::fourinrow::engine::solver::book::{key, position, Coverage};
use crate::fourinrow::engine::solver::{Book, Level, Position, PositionError, Solver, Tuning};

/// What to build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildOptions {
    /// Columns of the board (7 for the book the binary ships).
    pub width: usize,
    /// Rows (6).
    pub height: usize,
    /// Cover the perfect player's positions up to this many moves.
    pub plies: usize,
    /// Cover every position up to this many moves.
    pub all_plies: usize,
    /// Start the perfect player's lines from every position of this many
    /// moves and one more (0: from the empty board); at most `all_plies`.
    pub lines_from: usize,
    /// Positions solved at once, one thread each.
    pub jobs: usize,
    /// `log2` of each job's transposition table buckets (64 bytes each):
    /// the table outlives one position, and the positions of a ply come in
    /// order, neighbours sharing much of their trees, so a larger table
    /// than a single `solve` uses saves work (see `docs/solver.md`).
    pub table_bits: u32,
    /// The append-only file of solved positions.
    pub checkpoint: PathBuf,
    /// The book file to write.
    pub out: PathBuf,
}

impl BuildOptions {
    /// Nothing known yet, for this book.
    fn known(&self) -> io::Result<Known> {
        Known::new(self.width, self.height, self.all_plies)
            .map(|known| known.with_lines_from(self.lines_from))
            .map_err(io::Error::other)
    }
}

/// A position and the moves that reach it.
#[derive(Clone, Debug)]
pub struct Line {
    /// The moves, as a move string.
    pub moves: String,
    /// The position.
    pub position: Position,
}

impl Line {
    fn child(&self, col: usize) -> Line {
        let mut moves = self.moves.clone();
        // Columns from 1, and A for 10 onwards, as move strings have them.
        moves.extend(char::from_digit(col as u32 + 1, 36).map(|c| c.to_ascii_uppercase()));
        Line { moves, position: self.position.child(col) }
    }

    /// Its children: every column that has room and does not win at once
    /// (a win ends the game), each position once with its mirror image.
    fn children(&self) -> Vec<Line> {
        (0..self.position.width())
            .filter(|&c| self.position.can_play(c) && !self.position.is_winning_move(c))
            .map(|c| self.child(c))
            .collect()
    }
}

/// The book key of a position ([`Known::new`] took only boards whose
/// keys fit in 64 bits; 0 for others, which it never meets).
fn book_key(p: &Position) -> u64 {
    key(p).unwrap_or(0)
}

/// Why a book cannot be made for a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookSizeError {
    /// The solver cannot hold the board (its message is this one's, so its
    /// own source is this one's, as with thiserror's `transparent`).
    Position(PositionError),
    /// Its positions need more than 64 bits, a book key's size.
    TooLarge {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
}

impl fmt::Display for BookSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookSizeError::Position(e) => e.fmt(f),
            BookSizeError::TooLarge { width, height } => write!(
                f,
                "a {width}x{height} board is too large for a book: its positions need more than 64 bits"
            ),
        }
    }
}

impl std::error::Error for BookSizeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BookSizeError::Position(e) => e.source(),
            BookSizeError::TooLarge { .. } => None,
        }
    }
}

/// What is known: solved scores, by book key.
#[derive(Clone, Debug)]
pub struct Known {
    solved: HashMap<u64, i32>,
    all_plies: usize,
    /// Where the perfect player's lines start (see [`BuildOptions`]).
    lines_from: usize,
    /// The empty board.
    root: Position,
}

impl Known {
    /// Nothing known yet, for a book of `width` by `height` that covers
    /// every position up to `all_plies` moves.
    pub fn new(width: usize, height: usize, all_plies: usize) -> Result<Known, BookSizeError> {
        let root = Position::new(width, height).map_err(BookSizeError::Position)?;
        if width * (height + 1) > 64 {
            return Err(BookSizeError::TooLarge { width, height });
        }
        Ok(Known { solved: HashMap::new(), all_plies, lines_from: 0, root })
    }

    /// The same, with the perfect player's lines starting from every
    /// position of `lines_from` moves and of one more.
    pub fn with_lines_from(self, lines_from: usize) -> Known {
        Known { lines_from, ..self }
    }

    fn root(&self) -> Line {
        Line { moves: String::new(), position: self.root }
    }

    /// The score of `p` for the side to move, if known: at once for a
    /// position the side to move wins at once, from the solved ones, or
    /// (before `all_plies`) from its children.
    pub fn score(&self, p: &Position) -> Option<i32> {
        if p.can_win_next() {
            return Some(p.win_now_score());
        }
        if p.is_full() {
            return Some(0);
        }
        if let Some(&s) = self.solved.get(&book_key(p)) {
            return Some(s);
        }
        if p.moves_played() < self.all_plies {
            return self.analysis(p)?.into_iter().flatten().max();
        }
        None
    }

    /// Every column's score in `p` (`None` inside for a full column), if
    /// every one is known.
    pub fn analysis(&self, p: &Position) -> Option<Vec<Option<i32>>> {
        (0..p.width())
            .map(|c| {
                if !p.can_play(c) {
                    Some(None)
                } else if p.is_winning_move(c) {
                    Some(Some(p.win_now_score()))
                } else {
                    self.score(&p.child(c)).map(|s| Some(-s))
                }
            })
            .collect()
    }

    /// What a book holds, as known scores (to check a book against the
    /// rule that made it).
    pub fn from_book(book: &Book) -> Result<Known, BookSizeError> {
        let (width, height) = book.size();
        let coverage = book.coverage();
        let mut known =
            Known::new(width, height, coverage.all_plies)?.with_lines_from(coverage.lines_from);
        known.solved = book.entries().collect();
        Ok(known)
    }

    /// How many positions are solved.
    pub fn len(&self) -> usize {
        self.solved.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.solved.is_empty()
    }
}

/// The column the perfect level plays in `p`, given every column's score.
pub fn perfect_column(p: &Position, scores: &[Option<i32>]) -> Option<usize> {
    // The perfect level draws nothing at random; any generator will do.
    Level::Perfect.choose(p, scores, &mut ChaCha12Rng::seed_from_u64(0))
}

/// The perfect player's turns after `ply` moves, each once with its
/// mirror image: `None` if a score they depend on is not known yet. Its
/// lines start from every position of `lines_from` moves (where it moves
/// first) or of one more (where it moves second), whichever has the
/// parity of `ply`: from the empty board (as the first player when `ply`
/// is even) and its children (as the second) when `lines_from` is 0.
/// Before `lines_from`, every position is a turn.
pub fn turns(known: &Known, ply: usize) -> Option<Vec<Line>> {
    let from = known.lines_from;
    if ply < from {
        return Some(every_position(known, ply));
    }
    let start = from + (ply - from) % 2;
    let mut lines = every_position(known, start);
    let mut at = start;
    while at < ply {
        let mut next = Vec::new();
        let mut seen = HashSet::new();
        for line in &lines {
            let scores = known.analysis(&line.position)?;
            let Some(col) = perfect_column(&line.position, &scores) else {
                continue;
            };
            if line.position.is_winning_move(col) {
                continue;
            }
            let reply = line.child(col);
            for turn in reply.children() {
                if !turn.position.is_full() && seen.insert(book_key(&turn.position)) {
                    next.push(turn);
                }
            }
        }
        lines = next;
        at += 2;
    }
    Some(lines)
}

/// Every position after `ply` moves, each once with its mirror image.
fn every_position(known: &Known, ply: usize) -> Vec<Line> {
    let mut lines = vec![known.root()];
    for _ in 0..ply {
        let mut seen = HashSet::new();
        lines = lines
            .iter()
            .flat_map(Line::children)
            .filter(|l| seen.insert(book_key(&l.position)))
            .collect();
    }
    lines
}

/// The positions the book solves after `ply` moves, each once with its
/// mirror image, leaving out those the side to move wins at once: `None`
/// if the earlier plies are not all known yet.
pub fn needed(known: &Known, ply: usize) -> Option<Vec<Line>> {
    let candidates = if ply < known.all_plies {
        Vec::new()
    } else if ply == known.all_plies {
        every_position(known, ply)
    } else {
        let mut seen = HashSet::new();
        turns(known, ply - 1)?
            .iter()
            .flat_map(Line::children)
            .filter(|l| seen.insert(book_key(&l.position)))
            .collect()
    };
    Some(
        candidates
            .into_iter()
            .filter(|l| !l.position.can_win_next() && !l.position.is_full())
            .collect(),
    )
}

/// The last ply up to which every position the book needs is known
/// (`None`: not even ply `all_plies`).
pub fn complete_ply(known: &Known, plies: usize) -> Option<usize> {
    let mut complete = None;
    for ply in known.all_plies..=plies {
        let all = needed(known, ply)?;
        if all.iter().any(|l| !known.solved.contains_key(&book_key(&l.position))) {
            break;
        }
        complete = Some(ply);
    }
    complete
}

/// Every entry of the book that `known` makes, up to `plies` moves: the
/// solved positions, the positions before `all_plies` and the perfect
/// player's turns whose every child is known, and then every parent of an
/// entry whose every child is an entry (or is scored at once), sorted by
/// key. A ply solved in part adds what it has. (The parents keep the turns
/// of an earlier build's lines, whose children a checkpoint carried over
/// still holds, and a position reached by another order of moves.)
pub fn compile(known: &Known, plies: usize) -> Vec<(u64, i8)> {
    let mut entries: HashMap<u64, i32> = known.solved.clone();
    for ply in 0..plies {
        let mut lines = turns(known, ply).unwrap_or_default();
        if ply < known.all_plies {
            lines.extend(every_position(known, ply));
        }
        for line in lines {
            let p = &line.position;
            if p.can_win_next() {
                continue;
            }
            if let Some(s) = known.analysis(p).and_then(|a| a.into_iter().flatten().max()) {
                entries.insert(book_key(p), s);
            }
        }
    }
    // The entries so far as known scores (not a clone of `known`, whose
    // own scores `entries` already holds).
    let (all_plies, lines_from, root) = (known.all_plies, known.lines_from, known.root);
    let mut all = Known { solved: entries, all_plies, lines_from, root };
    let mut parents: Vec<Position> = Vec::new();
    for &k in all.solved.keys() {
        if let Some(p) = position(k, root.width(), root.height()) {
            parents.extend(p.parents());
        }
    }
    while let Some(p) = parents.pop() {
        if p.can_win_next() || all.solved.contains_key(&book_key(&p)) {
            continue;
        }
        if let Some(s) = all.analysis(&p).and_then(|a| a.into_iter().flatten().max()) {
            all.solved.insert(book_key(&p), s);
            parents.extend(p.parents());
        }
    }
    let entries = all.solved;
    let mut sorted: Vec<(u64, i8)> = entries.into_iter().map(|(k, s)| (k, s as i8)).collect();
    sorted.sort_unstable();
    sorted
}

/// Reads the checkpoint file into `known`, if there is one. A last line
/// cut short (the build was stopped while writing it) is left out, and with
/// `repair` cut off the file, so that the next line appended starts a line
/// of its own; any other line that is not a position and its score is an
/// error naming it.
pub fn read_checkpoint(path: &Path, mut known: Known, repair: bool) -> io::Result<Known> {
    let (width, height) = (known.root.width(), known.root.height());
    let mut file = match OpenOptions::new().read(true).write(repair).open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(known),
        Err(e) => return Err(io::Error::new(e.kind(), format!("{}: {e}", path.display()))),
    };
    let mut text = String::new();
    file.read_to_string(&mut text)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    if complete < text.len() && repair {
        file.set_len(complete as u64)?;
        file.seek(SeekFrom::End(0))?;
        eprintln!(
            "make-book: {}: dropped an unfinished last line ({:?}); it will be solved again",
            path.display(),
            &text[complete..]
        );
    }
    for (i, line) in text[..complete].lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: String| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{} line {}: {why}: {line}", path.display(), i + 1),
            )
        };
        let mut words = line.split_whitespace();
        let (Some(moves), Some(score), None) = (words.next(), words.next(), words.next()) else {
            return Err(bad("not MOVES SCORE".into()));
        };
        let p = Position::from_moves(moves, width, height).map_err(|e| bad(e.to_string()))?;
        let score: i32 = score.parse().map_err(|_| bad(format!("'{score}' is not a score")))?;
        if score > p.win_now_score() || score < p.lose_next_score() {
            return Err(bad(format!("{score} is out of range after {} moves", p.moves_played())));
        }
        if let Some(old) = known.solved.insert(book_key(&p), score) {
            if old != score {
                return Err(bad(format!("an earlier line gives the same position {old}")));
            }
        }
    }
    Ok(known)
}

/// How a build ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Every ply is in the book.
    Done,
    /// `stop` was set: the checkpoint keeps what was solved.
    Stopped,
}

/// "3 min 20 s", "45 s", "2 h 5 min".
fn duration_text(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{} h {} min", s / 3600, (s % 3600) / 60)
    } else if s >= 60 {
        format!("{} min {} s", s / 60, s % 60)
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}

/// Adds what the book at `path` holds to `known`, if there is a book
/// there: its entries are exact scores, whether solved or derived from
/// their children. A file that is not a sound book for this board, or that
/// disagrees with `known`, is an error naming it (it is never overwritten
/// unread).
pub fn read_book(path: &Path, mut known: Known) -> io::Result<Known> {
    if !path.exists() {
        return Ok(known);
    }
    let book = Book::from_file(path)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.to_string()))?;
    let (width, height) = (known.root.width(), known.root.height());
    if book.size() != (width, height) {
        let (w, h) = book.size();
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: a book for {w}x{h}, not {width}x{height}", path.display()),
        ));
    }
    for (k, score) in book.entries() {
        if let Some(old) = known.solved.insert(k, score) {
            if old != score {
                let moves = position(k, width, height).map(|p| p.moves_played()).unwrap_or(0);
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "{}: a position of {moves} moves (key {k:#x}) scores {score} there \
                         but {old} in the checkpoint",
                        path.display()
                    ),
                ));
            }
        }
    }
    Ok(known)
}

/// Builds the book: solves the positions of each ply that neither the book
/// nor the checkpoint has yet, appending each to the checkpoint, and writes
/// the book after each complete ply. Progress goes to `log`; `stop` ends it
/// soon after it is set, keeping what was solved.
pub fn build(options: &BuildOptions, stop: &AtomicBool, log: &mut dyn Write) -> io::Result<Ended> {
    let known = read_checkpoint(&options.checkpoint, options.known()?, true)?;
    let mut known = read_book(&options.out, known)?;
    writeln!(
        log,
        "make-book: {} positions already known from {} and {}",
        known.len(),
        options.out.display(),
        options.checkpoint.display()
    )?;
    let mut checkpoint =
        OpenOptions::new().create(true).append(true).open(&options.checkpoint).map_err(|e| {
            io::Error::new(e.kind(), format!("{}: {e}", options.checkpoint.display()))
        })?;
    let started = Instant::now();
    for ply in options.all_plies..=options.plies {
        let Some(all) = needed(&known, ply) else {
            return Err(io::Error::other(format!("ply {ply}: an earlier ply is incomplete")));
        };
        let todo: Vec<Line> = all
            .iter()
            .filter(|l| !known.solved.contains_key(&book_key(&l.position)))
            .cloned()
            .collect();
        writeln!(log, "make-book: ply {ply}: {} positions, {} to solve", all.len(), todo.len())?;
        // What is known so far, for the searches to look up: a position of
        // this ply can reach deeper ones the book already holds.
        let book = if todo.is_empty() { None } else { book_of(&known, options.plies) };
        let mut pool = Pool { jobs: options.jobs, stop, checkpoint: &mut checkpoint, log };
        pool.solve_all(&todo, ply, &mut known, book.as_ref(), options)?;
        if stop.load(Ordering::Relaxed) {
            write_book(&known, options.plies, &options.out)?;
            writeln!(
                log,
                "make-book: stopped after {}; {} positions solved, kept in {}: \
                 run the same command to go on",
                duration_text(started.elapsed()),
                known.len(),
                options.checkpoint.display()
            )?;
            return Ok(Ended::Stopped);
        }
        write_book(&known, options.plies, &options.out)?;
        writeln!(
            log,
            "make-book: ply {ply} complete after {}; {} written",
            duration_text(started.elapsed()),
            options.out.display()
        )?;
    }
    Ok(Ended::Done)
}

/// What the book of `known` can claim to cover, up to `plies`: the last
/// ply complete, and its coverage. While a deeper `all_plies` is being
/// solved (every position of 8 moves, say, in a book of the perfect
/// player's lines to 11), it claims the deepest every-position ply that is
/// complete, and the lines as far as they are.
fn claim(known: &Known, plies: usize) -> (Option<usize>, Coverage) {
    let lines_from = known.lines_from;
    for all_plies in (lines_from.max(1)..=known.all_plies).rev() {
        let shallower = Known { all_plies, ..known.clone() };
        if let Some(ply) = complete_ply(&shallower, plies) {
            return (Some(ply), Coverage { plies: ply, all_plies, lines_from });
        }
    }
    (None, Coverage { plies: 0, all_plies: 0, lines_from: 0 })
}

/// The bytes of the book of `known` up to `plies`, its entries and the
/// ply up to which it is complete.
fn book_bytes(known: &Known, plies: usize) -> (Vec<u8>, usize, Option<usize>) {
    let entries = compile(known, plies);
    let (complete, coverage) = claim(known, plies);
    let bytes = Book::to_bytes(known.root.width(), known.root.height(), coverage, &entries);
    (bytes, entries.len(), complete)
}

/// The book of `known` up to `plies`, for the solver to look positions
/// up in (`None` only if it failed its own check, which it never should:
/// the build then searches without it).
fn book_of(known: &Known, plies: usize) -> Option<Book> {
    let (bytes, ..) = book_bytes(known, plies);
    Book::parse(Cow::Owned(bytes)).ok()
}

/// Compiles the book up to `plies` and writes it (to a temporary file
/// first, renamed over the old one, so a stop never leaves half a book).
/// Its header says up to which ply it is complete. Returns the entries
/// written and that ply.
pub fn write_book(known: &Known, plies: usize, out: &Path) -> io::Result<(usize, Option<usize>)> {
    let (bytes, entries, complete) = book_bytes(known, plies);
    let tmp = out.with_extension("bin.tmp");
    let wrap = |e: io::Error, p: &Path| io::Error::new(e.kind(), format!("{}: {e}", p.display()));
    std::fs::write(&tmp, &bytes).map_err(|e| wrap(e, &tmp))?;
    std::fs::rename(&tmp, out).map_err(|e| wrap(e, out))?;
    Ok((entries, complete))
}

/// Where solving happens and where its results go.
struct Pool<'a> {
    /// Positions solved at once, one thread each.
    jobs: usize,
    /// Set to stop.
    stop: &'a AtomicBool,
    /// Each answer is appended here at once.
    checkpoint: &'a mut File,
    /// Progress lines.
    log: &'a mut dyn Write,
}

/// How often the book is written while a ply is being solved.
const WRITE_EVERY: Duration = Duration::from_secs(600);

impl Pool<'_> {
    /// Solves `todo` (positions after `ply` moves) on `jobs` threads,
    /// appending each answer to the checkpoint and to `known` as it comes,
    /// with a progress line every ten seconds or so and the book written
    /// every ten minutes.
    fn solve_all(
        &mut self,
        todo: &[Line],
        ply: usize,
        known: &mut Known,
        book: Option<&Book>,
        options: &BuildOptions,
    ) -> io::Result<()> {
        let next = AtomicUsize::new(0);
        let (send, receive) = mpsc::channel::<(usize, i32)>();
        let started = Instant::now();
        let stop = self.stop;
        let mut done = 0;
        let mut written: io::Result<()> = Ok(());
        std::thread::scope(|scope| {
            for _ in 0..self.jobs.max(1) {
                let send = send.clone();
                let next = &next;
                scope.spawn(move || {
                    // One thread a job: the jobs themselves fill the cores.
                    let tuning =
                        Tuning { threads: 1, table_bits: options.table_bits, ..Tuning::default() };
                    let mut solver = Solver::with_tuning(tuning).with_book(book.cloned());
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= todo.len() || stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let Some(score) =
                            solver.solve_within(&todo[i].position, false, None, Some(stop))
                        else {
                            return;
                        };
                        if send.send((i, score)).is_err() {
                            return;
                        }
                    }
                });
            }
            drop(send);
            let (mut last_report, mut last_write) = (Instant::now(), Instant::now());
            for (i, score) in receive {
                let line = &todo[i];
                if written.is_ok() {
                    // One write for the whole line, so that a reader never
                    // meets half of it (a stop may still cut it short).
                    let text = format!("{} {score}\n", line.moves);
                    written = self.checkpoint.write_all(text.as_bytes());
                }
                known.solved.insert(book_key(&line.position), score);
                done += 1;
                if written.is_ok() && last_write.elapsed() >= WRITE_EVERY {
                    last_write = Instant::now();
                    written = write_book(known, options.plies, &options.out).map(|_| ());
                }
                if written.is_err() {
                    stop.store(true, Ordering::Relaxed);
                }
                if last_report.elapsed() >= Duration::from_secs(10) || done == todo.len() {
                    last_report = Instant::now();
                    let elapsed = started.elapsed();
                    let each = elapsed / done as u32;
                    let left = each * (todo.len() - done) as u32;
                    let _ = writeln!(
                        self.log,
                        "make-book: ply {ply}: {done}/{} solved ({:.0}%), {} elapsed, \
                         {:.2} s a position, about {} left",
                        todo.len(),
                        100.0 * done as f64 / todo.len() as f64,
                        duration_text(elapsed),
                        each.as_secs_f64(),
                        duration_text(left)
                    );
                }
            }
        });
        written
    }
}

/// Reads the existing book and checkpoint and writes the book of what they
/// hold, without solving anything. Returns the positions written.
pub fn compile_only(options: &BuildOptions, log: &mut dyn Write) -> io::Result<usize> {
    // Read only: a build may be appending to it meanwhile.
    let known = read_checkpoint(&options.checkpoint, options.known()?, false)?;
    let known = read_book(&options.out, known)?;
    let (n, complete) = write_book(&known, options.plies, &options.out)?;
    let complete =
        complete.map_or("no ply complete yet".to_string(), |p| format!("complete to ply {p}"));
    writeln!(log, "make-book: {n} positions, {complete}, written to {}", options.out.display())?;
    Ok(n)
}

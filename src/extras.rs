//! What the original lacks, from its tutorial and its sibling games: the
//! explain overlay, hints, hot-seat play, restart, undo and redo, a move
//! list, and a record of the games played.
//!
//! None of it changes the default game: each extra is switched on by an
//! option ([`Extras`]) or by a key the original ignores (see
//! [`crate::frontend::Command`]), so with none of them used the frames are
//! the Python's, pixel for pixel.

use std::fmt;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::analyze::python_float_repr;
use crate::board::{get_new_board, is_valid_move, make_move, Board, Tile};
use crate::boardtext::format_board;
use crate::error::Error;

/// The extras a game is played with. `Default` is none: the original game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extras {
    /// `--explain`: print and show the computer's numbers for each move.
    pub explain: bool,
    /// `--two-player`: a second person drags black (seed 001's hot seat).
    pub two_player: bool,
    /// `--moves`: list the moves in the side margins (seed 002's step list).
    pub moves: bool,
    /// `--record FILE`: append each game's moves to FILE.
    pub record: Option<PathBuf>,
}

/// One move: who played and which column (0 is the leftmost).
pub type Move = (Tile, usize);

/// The moves of the game in play, and those taken back (for redo).
///
/// Seed 004's undo keeps two lists the same way: the moves played, and the
/// moves taken back, emptied as soon as a new move is played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveHistory {
    /// The moves played so far, in order.
    pub played: Vec<Move>,
    /// The groups of moves taken back by each undo, in the order they had
    /// been played; the most recent undo last.
    pub undone: Vec<Vec<Move>>,
    /// How the game ended, once it has.
    pub result: Option<RecordResult>,
}

impl MoveHistory {
    /// Notes a new move; the moves taken back can no longer be replayed.
    pub fn play(&mut self, mv: Move) {
        self.played.push(mv);
        self.undone.clear();
    }

    /// Takes back the moves back to and including the last one by `tile`
    /// (against the computer: its reply and the human's move before it; in
    /// hot-seat play: the last move only). Returns the moves taken back,
    /// last first; none when `tile` has not moved.
    pub fn undo(&mut self, board: &mut Board, tile: Tile, hot_seat: bool) -> Vec<Move> {
        let mut taken = Vec::new();
        if hot_seat {
            if let Some(mv) = self.played.pop() {
                taken.push(mv);
            }
        } else if self.played.iter().any(|&(t, _)| t == tile) {
            while let Some(mv) = self.played.pop() {
                taken.push(mv);
                if mv.0 == tile {
                    break;
                }
            }
        }
        for &(_, column) in &taken {
            // The top token of the column is the one the move put there.
            if let Some(y) = (0..board.height()).find(|&y| board[column][y].is_some()) {
                board[column][y] = None;
            }
        }
        if !taken.is_empty() {
            self.undone.push(taken.iter().rev().copied().collect());
        }
        taken
    }

    /// Plays again what the last undo took back. Returns the moves replayed.
    pub fn redo(&mut self, board: &mut Board) -> Vec<Move> {
        let Some(group) = self.undone.pop() else {
            return Vec::new();
        };
        let mut replayed = Vec::new();
        for mv in group {
            if !is_valid_move(board, mv.1) {
                break;
            }
            make_move(board, mv.0, mv.1);
            self.played.push(mv);
            replayed.push(mv);
        }
        replayed
    }
}

/// How a recorded game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordResult {
    /// Red (the human) made four in a row.
    Red,
    /// Black made four in a row.
    Black,
    /// The board filled up.
    Tie,
    /// R or F1 started a new game.
    Restarted,
    /// The window was closed, or Esc pressed, or a replay ended.
    Unfinished,
}

impl RecordResult {
    /// The word used in record files.
    pub fn name(self) -> &'static str {
        match self {
            RecordResult::Red => "red",
            RecordResult::Black => "black",
            RecordResult::Tie => "tie",
            RecordResult::Restarted => "restarted",
            RecordResult::Unfinished => "unfinished",
        }
    }
}

/// One line of a record file:
/// `7x6 first=black moves=3,3,4,2 result=black`. Columns count from 0 at
/// the left, as `analyze`'s `best_moves` do; `first` says who moved first,
/// and the colours alternate from there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// Who moved first.
    pub first: Tile,
    /// The columns played, in order.
    pub moves: Vec<usize>,
    /// How the game ended.
    pub result: RecordResult,
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves: Vec<String> = self.moves.iter().map(usize::to_string).collect();
        write!(
            f,
            "{}x{} first={} moves={} result={}",
            self.width,
            self.height,
            self.first,
            moves.join(","),
            self.result.name()
        )
    }
}

impl GameRecord {
    /// Reads one record line; the error says what is wrong with it.
    pub fn parse(line: &str) -> Result<GameRecord, String> {
        let mut fields = line.split_whitespace();
        let size = fields.next().ok_or("empty line")?;
        let (w, h) = size
            .split_once('x')
            .ok_or_else(|| format!("'{size}' is not a size like 7x6"))?;
        let number = |s: &str, what: &str| {
            s.parse::<usize>()
                .map_err(|_| format!("{what} '{s}' is not a whole number"))
        };
        let (width, height) = (number(w, "width")?, number(h, "height")?);
        let mut first = None;
        let mut moves = None;
        let mut result = None;
        for field in fields {
            let (key, value) = field
                .split_once('=')
                .ok_or_else(|| format!("'{field}' is not key=value"))?;
            match key {
                "first" => {
                    first = Some(match value {
                        "red" => Tile::Red,
                        "black" => Tile::Black,
                        _ => return Err(format!("first={value}: give red or black")),
                    })
                }
                "moves" => {
                    moves = Some(
                        value
                            .split(',')
                            .filter(|s| !s.is_empty())
                            .map(|s| number(s, "column"))
                            .collect::<Result<Vec<_>, _>>()?,
                    )
                }
                "result" => {
                    result = Some(match value {
                        "red" => RecordResult::Red,
                        "black" => RecordResult::Black,
                        "tie" => RecordResult::Tie,
                        "restarted" => RecordResult::Restarted,
                        "unfinished" => RecordResult::Unfinished,
                        _ => {
                            return Err(format!(
                            "result={value} is not one of red, black, tie, restarted, unfinished"
                        ))
                        }
                    })
                }
                _ => return Err(format!("unknown field '{key}'")),
            }
        }
        Ok(GameRecord {
            width,
            height,
            first: first.ok_or("missing first=")?,
            moves: moves.ok_or("missing moves=")?,
            result: result.unwrap_or(RecordResult::Unfinished),
        })
    }

    /// Every position of the game before each move, with the colour to
    /// move: what the player (or the computer) faced. Fails on a move into
    /// a full or missing column, or a board smaller than 4x4.
    pub fn positions(&self) -> Result<Vec<(Board, Tile)>, String> {
        let mut board = get_new_board(self.width, self.height).map_err(|e| e.to_string())?;
        let mut tile = self.first;
        let mut out = Vec::with_capacity(self.moves.len());
        for (i, &column) in self.moves.iter().enumerate() {
            if !is_valid_move(&board, column) {
                return Err(format!(
                    "move {} (column {column}) is not a valid move",
                    i + 1
                ));
            }
            out.push((board.clone(), tile));
            make_move(&mut board, tile, column);
            tile = tile.enemy();
        }
        Ok(out)
    }
}

/// Appends finished (and abandoned) games to a record file, one line each.
pub struct RecordFile {
    path: PathBuf,
    file: File,
}

impl RecordFile {
    /// Opens `path` for appending (creating it), so earlier games are kept.
    pub fn open(path: &Path) -> Result<RecordFile, Error> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| Error::file(path, format!("cannot open the record file: {e}")))?;
        Ok(RecordFile {
            path: path.to_path_buf(),
            file,
        })
    }

    /// Writes one game and flushes it, so a game is never half-written.
    pub fn write(&mut self, record: &GameRecord) -> Result<(), Error> {
        writeln!(self.file, "{record}")
            .and_then(|()| self.file.flush())
            .map_err(|e| Error::file(&self.path, format!("cannot write the record: {e}")))
    }
}

/// The numbers behind one decision, as the tutorial prints them while it
/// teaches the AI: one readable line. `--explain` prints it for every
/// computer move (`explain: ... column=N`), H for the human's options, where
/// nothing is chosen yet (`hint: ...`, no column); `analyze` gives the same
/// numbers for the same board.
pub fn explain_line(
    board: &Board,
    tile: Tile,
    potential_moves: &[f64],
    best_move_fitness: f64,
    best_moves: &[usize],
    column: Option<usize>,
) -> String {
    let values: Vec<String> = potential_moves
        .iter()
        .map(|&v| python_float_repr(v))
        .collect();
    let mut line = format!(
        "{}: {} to move on {}: potentialMoves=[{}] bestMoveFitness={} bestMoves={:?}",
        if column.is_some() { "explain" } else { "hint" },
        tile,
        format_board(board),
        values.join(", "),
        python_float_repr(best_move_fitness),
        best_moves
    );
    if let Some(column) = column {
        line.push_str(&format!(" column={column}"));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boardtext::parse_board;

    fn play(history: &mut MoveHistory, board: &mut Board, tile: Tile, column: usize) {
        make_move(board, tile, column);
        history.play((tile, column));
    }

    #[test]
    fn undo_takes_back_the_humans_move_and_the_reply_and_redo_replays_them() {
        let mut board = get_new_board(7, 6).unwrap();
        let mut h = MoveHistory::default();
        play(&mut h, &mut board, Tile::Black, 3);
        play(&mut h, &mut board, Tile::Red, 3);
        play(&mut h, &mut board, Tile::Black, 4);
        let before_undo = board.clone();
        let taken = h.undo(&mut board, Tile::Red, false);
        assert_eq!(taken, vec![(Tile::Black, 4), (Tile::Red, 3)]);
        assert_eq!(
            format_board(&board),
            "......./......./......./......./......./...B..."
        );
        assert_eq!(h.played, vec![(Tile::Black, 3)]);
        // Nothing more to take back: the computer's opening move is not the human's.
        assert!(h.undo(&mut board, Tile::Red, false).is_empty());
        let replayed = h.redo(&mut board);
        assert_eq!(replayed, vec![(Tile::Red, 3), (Tile::Black, 4)]);
        assert_eq!(board, before_undo);
        assert!(h.redo(&mut board).is_empty());
    }

    #[test]
    fn two_undos_then_two_redos_and_a_new_move_forgets_the_rest() {
        let mut board = get_new_board(5, 5).unwrap();
        let mut h = MoveHistory::default();
        for (tile, column) in [
            (Tile::Red, 0),
            (Tile::Black, 1),
            (Tile::Red, 2),
            (Tile::Black, 3),
        ] {
            play(&mut h, &mut board, tile, column);
        }
        let full = board.clone();
        assert_eq!(h.undo(&mut board, Tile::Red, false).len(), 2);
        assert_eq!(h.undo(&mut board, Tile::Red, false).len(), 2);
        assert_eq!(board.token_count(), 0);
        assert_eq!(h.redo(&mut board), vec![(Tile::Red, 0), (Tile::Black, 1)]);
        assert_eq!(h.redo(&mut board), vec![(Tile::Red, 2), (Tile::Black, 3)]);
        assert_eq!(board, full);
        h.undo(&mut board, Tile::Red, false);
        play(&mut h, &mut board, Tile::Red, 4);
        assert!(
            h.redo(&mut board).is_empty(),
            "a new move clears the redo list"
        );
    }

    #[test]
    fn hot_seat_undo_is_one_move_at_a_time() {
        let mut board = get_new_board(4, 4).unwrap();
        let mut h = MoveHistory::default();
        play(&mut h, &mut board, Tile::Red, 0);
        play(&mut h, &mut board, Tile::Black, 0);
        assert_eq!(h.undo(&mut board, Tile::Red, true), vec![(Tile::Black, 0)]);
        assert_eq!(h.redo(&mut board), vec![(Tile::Black, 0)]);
        assert_eq!(format_board(&board), "..../..../B.../R...");
    }

    #[test]
    fn records_round_trip_and_replay_their_positions() {
        let record = GameRecord {
            width: 7,
            height: 6,
            first: Tile::Black,
            moves: vec![3, 3, 4],
            result: RecordResult::Unfinished,
        };
        let line = record.to_string();
        assert_eq!(line, "7x6 first=black moves=3,3,4 result=unfinished");
        assert_eq!(GameRecord::parse(&line).unwrap(), record);
        let positions = record.positions().unwrap();
        assert_eq!(positions.len(), 3);
        assert_eq!(positions[2].1, Tile::Black);
        assert_eq!(
            positions[2].0,
            parse_board("......./......./......./......./...R.../...B...").unwrap()
        );
        assert!(GameRecord::parse("7x6 first=green moves=1 result=tie")
            .unwrap_err()
            .contains("first=green"));
        assert!(GameRecord::parse("seven first=red moves=").is_err());
        let bad = GameRecord::parse("4x4 first=red moves=0,0,0,0,0 result=tie").unwrap();
        assert!(bad.positions().unwrap_err().contains("move 5"));
    }

    #[test]
    fn the_explain_line_reads_like_the_tutorial() {
        let board = parse_board("..../..../..../B...").unwrap();
        let line = explain_line(
            &board,
            Tile::Black,
            &[0.0, -1.0, 0.5, 0.0],
            0.5,
            &[2],
            Some(2),
        );
        assert_eq!(
            line,
            "explain: black to move on ..../..../..../B...: potentialMoves=[0.0, -1.0, 0.5, 0.0] \
             bestMoveFitness=0.5 bestMoves=[2] column=2"
        );
        let hint = explain_line(&board, Tile::Red, &[0.0; 4], 0.0, &[0, 1, 2, 3], None);
        assert!(
            hint.starts_with("hint: red to move on ..../..../..../B...: "),
            "{hint}"
        );
        assert!(hint.ends_with("bestMoves=[0, 1, 2, 3]"));
    }
}

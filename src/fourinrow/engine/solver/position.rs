//! A position of the solver: the board as two bitboards, whose turn it is
//! and how many moves were played; and what can be wrong with one.
//!
//! Its own module, below [`super`], so that the parts of the solver that
//! need a position (the search's levels, the book) take it from here and
//! never from the module that uses them.

use std::fmt;

use crate::fourinrow::engine::bits::MAX_BITS;
use crate::fourinrow::port::board::{get_new_board, Board, Tile};
use crate::fourinrow::port::settings::MIN_SIZE;

use crate::fourinrow::engine::bits::{
    has_four, playable, read_board, winning_cells, Any, Geometry,
};

/// What is wrong with a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The board is smaller than 4x4, or its bitboard needs more than 128 bits.
    Size {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A move of a move string that cannot be played.
    InvalidMove {
        /// Which move, counted from 1.
        index: usize,
        /// The character.
        found: char,
        /// Why it cannot be played.
        fault: MoveFault,
    },
    /// A token with an empty cell under it.
    Floating {
        /// The column, counted from 1.
        column: usize,
    },
    /// Token counts that alternate play cannot give: the side to move must
    /// have as many tokens as its opponent, or one fewer.
    Counts {
        /// The side to move's tokens.
        to_move: usize,
        /// The opponent's tokens.
        opponent: usize,
    },
    /// Four in a row is already on the board: the game is over.
    Finished,
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveFault {
    /// Not a digit from 1 to the width.
    NotAColumn,
    /// The column is full.
    FullColumn,
    /// The move completes four: the game ends there, so no position follows.
    Wins,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Size { width, height } => write!(
                f,
                "a {width}x{height} board cannot be solved: it must be at least \
                 {MIN_SIZE}x{MIN_SIZE} and width * (height + 1) must be at most 128"
            ),
            PositionError::InvalidMove { index, found, fault } => {
                let why = match fault {
                    MoveFault::NotAColumn => "not a column",
                    MoveFault::FullColumn => "the column is full",
                    MoveFault::Wins => "it completes four, so the game is over",
                };
                write!(f, "invalid move {index} ({found:?}): {why}")
            }
            PositionError::Floating { column } => {
                write!(f, "a token in column {column} floats above an empty cell")
            }
            PositionError::Counts { to_move, opponent } => write!(
                f,
                "the side to move has {to_move} tokens and its opponent {opponent}: \
                 alternate play gives equal counts or one fewer for the side to move"
            ),
            PositionError::Finished => write!(f, "four in a row is already on the board"),
        }
    }
}

impl std::error::Error for PositionError {}

/// Whether a `width` by `height` board can be solved here.
pub fn fits(width: usize, height: usize) -> bool {
    width >= MIN_SIZE && height >= MIN_SIZE && width * (height + 1) <= MAX_BITS
}

/// A position: the board, whose turn it is, and how many moves were played.
///
/// Held as two bitboards (see [`crate::fourinrow::engine::bits`]): the side to move's stones and
/// every filled cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) current: u128,
    pub(super) mask: u128,
    pub(super) moves: u32,
}

impl Position {
    /// The empty board of `width` by `height`.
    pub fn new(width: usize, height: usize) -> Result<Position, PositionError> {
        if !fits(width, height) {
            return Err(PositionError::Size { width, height });
        }
        Ok(Position { width: width as u32, height: height as u32, current: 0, mask: 0, moves: 0 })
    }

    /// The position after a move string: columns `1..=width` as digits
    /// (`A` onwards for columns from 10, either case), first player first.
    /// The first move that is not a column, falls into a full column or
    /// completes four is named in the error, counted from 1.
    pub fn from_moves(moves: &str, width: usize, height: usize) -> Result<Position, PositionError> {
        let mut p = Position::new(width, height)?;
        for (i, ch) in moves.chars().enumerate() {
            let fault = |fault| PositionError::InvalidMove { index: i + 1, found: ch, fault };
            let col = match ch.to_digit(36) {
                Some(d) if d >= 1 && (d as usize) <= width => d as usize - 1,
                _ => return Err(fault(MoveFault::NotAColumn)),
            };
            if !p.can_play(col) {
                return Err(fault(MoveFault::FullColumn));
            }
            if p.is_winning_move(col) {
                return Err(fault(MoveFault::Wins));
            }
            p.play(col);
        }
        Ok(p)
    }

    /// The position on the tutorial's board (`board[x][y]`, `y = 0` the top
    /// row) with `to_move` to play. The counts of tokens fix how many moves
    /// were played; the side to move must have as many tokens as its
    /// opponent (it moved first) or one fewer.
    pub fn from_board(board: &Board, to_move: Tile) -> Result<Position, PositionError> {
        let (w, h) = (board.width(), board.height());
        let mut p = Position::new(w, h)?;
        let g = Any::<u128>::new(p.width, p.height);
        (p.current, p.mask) =
            read_board(g, board, to_move).map_err(|x| PositionError::Floating { column: x + 1 })?;
        let mine = p.current.count_ones() as usize;
        let theirs = (p.current ^ p.mask).count_ones() as usize;
        if mine != theirs && mine + 1 != theirs {
            return Err(PositionError::Counts { to_move: mine, opponent: theirs });
        }
        if has_four(g, p.current) || has_four(g, p.current ^ p.mask) {
            return Err(PositionError::Finished);
        }
        p.moves = (mine + theirs) as u32;
        Ok(p)
    }

    /// The tutorial's board for this position, the side to move playing
    /// `to_move`.
    pub fn to_board(&self, to_move: Tile) -> Board {
        let (w, h) = (self.width as usize, self.height as usize);
        let mut board = get_new_board(w, h);
        for x in 0..w {
            for row in 0..h {
                let bit = 1u128 << (x as u32 * (self.height + 1) + row as u32);
                if self.mask & bit != 0 {
                    let tile = if self.current & bit != 0 { to_move } else { to_move.enemy() };
                    board[x][h - 1 - row] = Some(tile);
                }
            }
        }
        board
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Moves played so far.
    pub fn moves_played(&self) -> usize {
        self.moves as usize
    }

    /// Whether the first player is to move.
    pub fn first_player_to_move(&self) -> bool {
        self.moves % 2 == 0
    }

    /// The geometry, for the public helpers (not the search).
    fn geometry(&self) -> Any<u128> {
        Any::new(self.width, self.height)
    }

    /// Whether `col` (from 0) exists and has room.
    pub fn can_play(&self, col: usize) -> bool {
        col < self.width() && self.playable() & self.geometry().column(col as u32) != 0
    }

    /// Whether playing `col` completes four for the side to move.
    pub fn is_winning_move(&self, col: usize) -> bool {
        col < self.width() && self.winning_moves() & self.geometry().column(col as u32) != 0
    }

    /// Whether the side to move can complete four at once.
    pub fn can_win_next(&self) -> bool {
        self.winning_moves() != 0
    }

    /// The cell each column would fill next (none for a full column).
    fn playable(&self) -> u128 {
        playable(self.geometry(), self.mask)
    }

    /// The playable cells that complete four for the side to move.
    fn winning_moves(&self) -> u128 {
        let g = self.geometry();
        winning_cells(g, self.current, self.mask) & playable(g, self.mask)
    }

    /// Whether every cell is filled.
    pub fn is_full(&self) -> bool {
        self.moves == self.width * self.height
    }

    /// Plays `col` (from 0) for the side to move; a full or missing column
    /// is left as it is. The caller checks [`Position::is_winning_move`]
    /// first: a won game has no position after it.
    pub fn play(&mut self, col: usize) {
        if !self.can_play(col) {
            return;
        }
        let g = self.geometry();
        let m = playable(g, self.mask) & g.column(col as u32);
        self.current ^= self.mask;
        self.mask |= m;
        self.moves += 1;
    }

    /// The position after `col` is played.
    pub fn child(&self, col: usize) -> Position {
        let mut p = *self;
        p.play(col);
        p
    }

    /// The positions this one can follow: in each column whose top stone
    /// is the last mover's, that stone taken back. A position where the
    /// game was already over (the side to move has four) has none.
    pub fn parents(&self) -> Vec<Position> {
        let g = self.geometry();
        if self.moves == 0 || has_four(g, self.current) {
            return Vec::new();
        }
        let last = self.current ^ self.mask;
        (0..self.width)
            .filter_map(|c| {
                let stones = self.mask & g.column(c);
                if stones == 0 {
                    return None;
                }
                let top = 1u128 << (127 - stones.leading_zeros());
                (top & last != 0).then_some(Position {
                    current: last ^ top,
                    mask: self.mask ^ top,
                    moves: self.moves - 1,
                    ..*self
                })
            })
            .collect()
    }

    /// The score of winning with the very next move: `(W*H + 1 - n) / 2`,
    /// the highest there is.
    pub fn win_now_score(&self) -> i32 {
        (self.width * self.height + 1 - self.moves) as i32 / 2
    }

    /// The score of losing to the opponent's very next move: `-(W*H - n) / 2`,
    /// the lowest there is.
    pub fn lose_next_score(&self) -> i32 {
        -(((self.width * self.height - self.moves) / 2) as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn a_position_is_among_its_childrens_parents_and_each_parent_leads_back() {
        let mut rng = StdRng::seed_from_u64(7);
        for (w, h) in [(7, 6), (4, 4), (9, 7)] {
            for _ in 0..200 {
                let mut p = Position::new(w, h).unwrap();
                while !p.is_full() {
                    let col = rng.random_range(0..w);
                    if !p.can_play(col) || p.is_winning_move(col) {
                        if (0..w).all(|c| !p.can_play(c) || p.is_winning_move(c)) {
                            break;
                        }
                        continue;
                    }
                    let child = p.child(col);
                    let parents = child.parents();
                    assert!(parents.contains(&p), "{w}x{h}: {p:?} not a parent of {child:?}");
                    for q in &parents {
                        assert_eq!(q.moves_played() + 1, child.moves_played());
                        assert!((0..w).any(|c| q.can_play(c) && q.child(c) == child));
                    }
                    p = child;
                }
            }
        }
        assert!(Position::new(7, 6).unwrap().parents().is_empty());
    }
}

//! The moves of a game, and those taken back: what undo and redo work on.

use crate::fourinrow::port::board::{is_valid_move, make_move, Board, Tile, EMPTY};

/// One move: who played and which column (0 is the leftmost).
pub type Move = (Tile, usize);

/// The moves of the game in play, and those taken back (for redo).
///
/// As in the Gobang lab with undo: two lists, the moves played and the
/// moves taken back, the second emptied as soon as a new move is played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveHistory {
    /// The moves played so far, in order.
    pub played: Vec<Move>,
    /// The groups of moves taken back by each undo, in the order they had
    /// been played; the most recent undo last.
    pub undone: Vec<Vec<Move>>,
}

impl MoveHistory {
    /// Notes a new move; the moves taken back can no longer be replayed.
    pub fn play(&mut self, mv: Move) {
        self.played.push(mv);
        self.undone.clear();
    }

    /// Takes back the moves back to and including the last one by `tile`
    /// (against the computer: its reply and the human's move before it; in
    /// the hot seat, with `one_move`: the last move only). Returns the moves
    /// taken back, last first; none when `tile` has not moved.
    pub fn undo(&mut self, board: &mut Board, tile: Tile, one_move: bool) -> Vec<Move> {
        let mut taken = Vec::new();
        if one_move {
            taken.extend(self.played.pop());
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
            if let Some(y) = (0..board.height()).find(|&y| board[column][y] != EMPTY) {
                board[column][y] = EMPTY;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::port::board::get_new_board;

    fn play(history: &mut MoveHistory, board: &mut Board, tile: Tile, column: usize) {
        make_move(board, tile, column);
        history.play((tile, column));
    }

    #[test]
    fn undo_takes_back_the_humans_move_and_the_reply_and_redo_replays_them() {
        let mut board = get_new_board(7, 6);
        let mut h = MoveHistory::default();
        play(&mut h, &mut board, Tile::Black, 3);
        play(&mut h, &mut board, Tile::Red, 3);
        play(&mut h, &mut board, Tile::Black, 4);
        let before_undo = board.clone();
        let taken = h.undo(&mut board, Tile::Red, false);
        assert_eq!(taken, vec![(Tile::Black, 4), (Tile::Red, 3)]);
        assert_eq!(format!("{board:?}"), "......./......./......./......./......./...B...");
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
        let mut board = get_new_board(5, 5);
        let mut h = MoveHistory::default();
        for (tile, column) in [(Tile::Red, 0), (Tile::Black, 1), (Tile::Red, 2), (Tile::Black, 3)] {
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
        assert!(h.redo(&mut board).is_empty(), "a new move clears the redo list");
    }

    #[test]
    fn hot_seat_undo_is_one_move_at_a_time() {
        let mut board = get_new_board(4, 4);
        let mut h = MoveHistory::default();
        play(&mut h, &mut board, Tile::Red, 0);
        play(&mut h, &mut board, Tile::Black, 0);
        assert_eq!(h.undo(&mut board, Tile::Red, true), vec![(Tile::Black, 0)]);
        assert_eq!(h.redo(&mut board), vec![(Tile::Black, 0)]);
        assert_eq!(format!("{board:?}"), "..../..../B.../R...");
    }
}

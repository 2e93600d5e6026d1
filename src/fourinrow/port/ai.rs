//! The computer player of `fourinrow.py`: `getPotentialMoves` and `getComputerMove`.
//!
//! [`get_potential_moves`] is the one-to-one twin of the Python function:
//! same loops, same `break`s, same arithmetic, so it returns the very
//! doubles the Python computes. The faster engines in [`crate::fourinrow::engine`]
//! must agree with it bit for bit.
//!
//! Its list holds Python's numbers as the Python makes them, ints and
//! floats ([`Num`]), because `sum()` treats them differently; and `py`, the
//! interpreter, says whose `sum()` to compute ([`Python`]: 3.12 changed it).

use std::sync::Arc;

use crate::error::Stop;
use crate::fourinrow::port::board::{
    is_board_full, is_valid_move, is_winner, make_move, Board, Tile,
};
use crate::fourinrow::port::globals::Game;
use crate::fourinrow::port::python::Num::{self, Int};
use crate::fourinrow::port::python::Python;
use crate::io::think;

/// Python: getPotentialMoves(board, tile, lookAhead)
///
/// How good each first move is for `tile`, looking `look_ahead` moves ahead:
/// `1` wins at once, `-1` lets the enemy win at once, and in between the
/// average of the replies' values. Invalid columns stay `0`.
///
/// The quirks are kept, because they decide the numbers: the search stops
/// at the first winning column (later columns stay `0`), `isWinner` looks
/// at the whole board (a board that already holds four in a row counts as a
/// win), and each reply adds `(sum(results) / width) / width`, two divisions.
/// Not in the Python's arguments: `py`, the interpreter it runs on, whose
/// `sum()` the values follow.
// The loops index `potential_moves` by column, as the Python's `range(BOARDWIDTH)` loops do.
#[allow(clippy::needless_range_loop)]
pub fn get_potential_moves(py: Python, board: &Board, tile: Tile, look_ahead: u32) -> Vec<Num> {
    let width = board.width();
    if look_ahead == 0 || is_board_full(board) {
        return vec![Int(0); width];
    }

    let enemy_tile = tile.enemy();
    let mut potential_moves = vec![Int(0); width];
    for first_move in 0..width {
        // Python: copy.deepcopy(board). A Board owns its cells, so clone() is a deep copy.
        let mut dupe_board = board.clone();
        if !is_valid_move(&dupe_board, first_move) {
            continue;
        }
        make_move(&mut dupe_board, tile, first_move);
        if is_winner(&dupe_board, tile) {
            // Winning at once is worth 1, and ends the search: later columns stay 0.
            potential_moves[first_move] = Int(1);
            break;
        } else if is_board_full(&dupe_board) {
            potential_moves[first_move] = Int(0);
        } else {
            for counter_move in 0..width {
                let mut dupe_board2 = dupe_board.clone();
                if !is_valid_move(&dupe_board2, counter_move) {
                    continue;
                }
                make_move(&mut dupe_board2, enemy_tile, counter_move);
                if is_winner(&dupe_board2, enemy_tile) {
                    // A reply that wins for the enemy makes this move worth -1.
                    potential_moves[first_move] = Int(-1);
                    break;
                } else {
                    // Otherwise look deeper, and add this reply's share of the average.
                    let results = get_potential_moves(py, &dupe_board2, tile, look_ahead - 1);
                    // Python: (sum(results)*1.0 / BOARDWIDTH) / BOARDWIDTH; += makes a float.
                    potential_moves[first_move] +=
                        (py.sum(&results) * 1.0 / width as f64) / width as f64;
                }
            }
        }
    }
    potential_moves
}

/// Python: getComputerMove(board)
///
/// The computer's move: each column's value, the best value among the
/// valid columns (`bestMoveFitness` starts at `-1` and rises only on a
/// strictly greater value), the valid columns that have it, and a random
/// one of those. As the Python, it prints `bestMoveFitness` before its loop
/// (so always `-1`) and then `bestMoves`.
///
/// The values come from the game's engine,
/// [`Engine::reply`](crate::fourinrow::port::engine::Engine::reply): by
/// default [`crate::fourinrow::engine::Auto`], which computes them with the
/// twin above (or its bitboard copy, `fast.rs`, when the twin would be
/// slow). The search runs wherever the frontend runs searches ([`think`]):
/// on a worker thread in the window, which keeps drawing meanwhile.
// Indexed loops, as the Python's `range(len(potentialMoves))`.
#[allow(clippy::needless_range_loop)]
pub fn get_computer_move(g: &mut Game, board: &Board) -> Result<usize, Stop> {
    // Python: getPotentialMoves(board, BLACK, DIFFICULTY)
    let (engine, dupe_board, difficulty) =
        (Arc::clone(&g.engine), board.clone(), g.settings.difficulty);
    let reply = think(g.io, move || engine.reply(&dupe_board, Tile::Black, difficulty))?;
    let potential_moves = &reply.potential_moves;
    // -1 is the lowest value a column can have.
    let mut best_move_fitness = -1.0;
    g.io.print(&best_move_fitness.to_string())?; // The tutorial's print; Sweigart's has none.
    for i in 0..potential_moves.len() {
        if potential_moves[i] > best_move_fitness && is_valid_move(board, i) {
            best_move_fitness = potential_moves[i];
        }
    }
    // Every valid column with that best value; one of them is played.
    let mut best_moves = Vec::new();
    for i in 0..potential_moves.len() {
        if potential_moves[i] == best_move_fitness && is_valid_move(board, i) {
            best_moves.push(i);
        }
    }
    if let Some(chosen) = &reply.chosen {
        best_moves.clone_from(chosen); // Not in the Python: an engine that chooses (minimax, the solver).
    }
    g.io.print(&format!("{best_moves:?}"))?; // The tutorial's print, as above.
    let column = g.io.choice(&best_moves)?;
    g.hooks.computer_chose(board, &reply, column, g.io)?; // Not in the Python: --explain, pondering
    Ok(column)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::port::board::get_new_board;
    use crate::fourinrow::port::engine::{By, Reply};
    use crate::fourinrow::port::hooks::{Hooks, NoHooks};
    use crate::fourinrow::port::settings::Settings;
    use crate::fourinrow::port::testkit::{board, game, replay, within, SECONDS};
    use crate::io::Frontend;

    /// The values as doubles, as the engines hand them on.
    fn doubles(values: &[Num]) -> Vec<f64> {
        values.iter().map(|v| v.as_f64()).collect()
    }

    /// The values under `py`'s `sum()`, failing the test if the search
    /// runs on for seconds (it takes milliseconds).
    fn values_in(py: Python, b: &Board, tile: Tile, look_ahead: u32) -> Vec<Num> {
        let b = b.clone();
        within(SECONDS, move || get_potential_moves(py, &b, tile, look_ahead))
    }

    /// The default interpreter's values.
    fn values(b: &Board, tile: Tile, look_ahead: u32) -> Vec<Num> {
        values_in(Python::default(), b, tile, look_ahead)
    }

    #[test]
    fn look_ahead_zero_and_full_boards_value_nothing() {
        let b = get_new_board(7, 6);
        assert_eq!(values(&b, Tile::Black, 0), vec![Int(0); 7]);
        let full = board("RBRB/RBRB/BRBR/BRBR");
        assert_eq!(values(&full, Tile::Black, 3), vec![Int(0); 4]);
    }

    #[test]
    fn a_winning_move_scores_one_and_stops_the_search() {
        // Black wins in column 2; columns 3 and 4 are never looked at.
        let b = board("...../...../...../BB.BR/RRBRR");
        let pm = values(&b, Tile::Black, 2);
        assert_eq!(pm[2], Int(1));
        assert_eq!(&pm[3..], &[Int(0), Int(0)]);
    }

    #[test]
    fn a_move_that_lets_the_enemy_win_scores_minus_one() {
        // Red threatens column 4 (three in a row along the bottom); black must block.
        let b = board("......./......./......./......./......./BRRR.BB");
        let pm = values(&b, Tile::Black, 1);
        // Python's own mix: the -1s are ints, column 4 a float (0 += 0.0).
        let (l, z) = (Int(-1), Num::Float(0.0));
        assert_eq!(pm, vec![l, l, l, l, z, l, l]);
    }

    #[test]
    fn one_reply_adds_its_sum_divided_by_the_width_twice() {
        // Red to move on 4x4 at look-ahead 2, with two in a row. Each of
        // black's replies to red's move in column 0 adds (sum / 4) / 4 of
        // red's values one level down: the Python's arithmetic, recomputed
        // here from the level below.
        let b = board("..../..../..../.RR.");
        let pm = doubles(&values(&b, Tile::Red, 2));
        let mut want = 0.0;
        for counter_move in 0..4 {
            let mut child = b.clone();
            make_move(&mut child, Tile::Red, 0);
            make_move(&mut child, Tile::Black, counter_move);
            let results = values(&child, Tile::Red, 1);
            want += (Python::default().sum(&results) * 1.0 / 4.0) / 4.0;
        }
        assert_eq!(pm[0].to_bits(), want.to_bits());
        assert!(pm[0] != 0.0, "a real value, not the default: {pm:?}");
    }

    #[test]
    fn the_computer_prints_like_the_python_and_plays_one_of_its_best_moves() {
        within(SECONDS, || {
            // The script's choices pick bestMoves[k % len]: 1, then 1 again.
            let mut io = replay(r#"{"frames": 1, "choices": [1, 1]}"#, &[]);
            let mut hooks = NoHooks;
            let settings = Settings { difficulty: 1, ..Settings::default() };
            let mut g = game(settings, &mut io, &mut hooks);
            // Only column 4 blocks red's three along the bottom.
            let b = board("......./......./......./......./......./BRRR.BB");
            assert_eq!(get_computer_move(&mut g, &b).unwrap(), 4);
            // On the empty board every column is worth 0: the second is taken.
            assert_eq!(get_computer_move(&mut g, &get_new_board(7, 6)).unwrap(), 1);
            assert_eq!(io.printed, vec!["-1", "[4]", "-1", "[0, 1, 2, 3, 4, 5, 6]"]);
        });
    }

    /// The lines `get_computer_move` prints and the column it plays on
    /// `text` at `difficulty`, the script's choice 0 taking the first best move.
    fn computer_move(text: &str, difficulty: u32) -> (Vec<String>, Result<usize, Stop>) {
        let b = board(text);
        within(SECONDS, move || {
            let mut io = replay(r#"{"frames": 1, "choices": [0]}"#, &[]);
            let settings = Settings { difficulty, ..Settings::default() };
            let mut g = game(settings, &mut io, NoHooks);
            let column = get_computer_move(&mut g, &b);
            (io.printed, column)
        })
    }

    #[test]
    fn a_full_column_is_never_a_best_move_whatever_its_value() {
        // Column 0 is full; its value stays the int 0, as good as the others' 0.0.
        let (printed, column) = computer_move("B.../R.../B.../R...", 1);
        assert_eq!(printed, ["-1", "[1, 2, 3]"]);
        assert_eq!(column.unwrap(), 1);
        // Here every valid column lets red win (-1): the full column's 0 is
        // higher, but only valid columns can raise bestMoveFitness.
        let (printed, column) = computer_move("R.../BRR./BRR./RRR.", 1);
        assert_eq!(printed, ["-1", "[1, 2, 3]"]);
        assert_eq!(column.unwrap(), 1);
    }

    /// An engine that chooses columns 2 and 5 whatever the values say.
    struct Chooser;

    impl crate::fourinrow::port::engine::Engine for Chooser {
        fn reply(&self, board: &Board, _tile: Tile, _look_ahead: u32) -> Reply {
            let mut values = vec![0.0; board.width()];
            values[0] = 1.0;
            Reply { chosen: Some(vec![2, 5]), ..Reply::values(values, By::Fast) }
        }
    }

    /// Hooks that keep the reply behind the computer's choice.
    #[derive(Default)]
    struct Keep(Vec<(Reply, usize)>);

    impl Hooks for Keep {
        fn computer_chose(
            &mut self,
            _: &Board,
            reply: &Reply,
            column: usize,
            _: &mut dyn Frontend,
        ) -> Result<(), Stop> {
            self.0.push((reply.clone(), column));
            Ok(())
        }
    }

    #[test]
    fn an_engine_that_chooses_is_played_and_its_reply_handed_to_the_hooks() {
        let mut io = replay(r#"{"frames": 1, "choices": [1]}"#, &[]);
        let mut hooks = Keep::default();
        let mut g = game(Settings::default(), &mut io, &mut hooks);
        g.engine = std::sync::Arc::new(Chooser);
        assert_eq!(get_computer_move(&mut g, &get_new_board(7, 6)).unwrap(), 5);
        assert_eq!(io.printed, vec!["-1", "[2, 5]"]);
        let (reply, column) = &hooks.0[0];
        assert_eq!((reply.chosen.as_deref(), *column), (Some(&[2, 5][..]), 5));
    }

    #[test]
    fn on_a_full_board_there_is_no_move_to_choose() {
        within(SECONDS, || {
            let mut io = replay(r#"{"frames": 1}"#, &[]);
            let mut hooks = NoHooks;
            let mut g = game(Settings::default(), &mut io, &mut hooks);
            let full = board("RBRB/RBRB/BRBR/BRBR");
            assert!(matches!(get_computer_move(&mut g, &full), Err(Stop::Failed(_))));
        });
    }

    #[test]
    fn ints_stay_ints_until_a_reply_adds_a_float() {
        // Red wins at once in column 0: 1, an int, and the search stops
        // (later columns stay the int 0); at look-ahead 2 on the empty board
        // every column has a reply, and so a float.
        let b = board("..../R.../R.../R...");
        assert_eq!(values(&b, Tile::Red, 2), vec![Int(1), Int(0), Int(0), Int(0)]);
        let empty = crate::fourinrow::port::board::get_new_board(4, 4);
        assert!(values(&empty, Tile::Red, 2).iter().all(|v| matches!(v, Num::Float(_))));
    }

    #[test]
    fn the_interpreter_changes_the_last_digit_at_difficulty_3() {
        // One of the fixtures' positions (tests/fixtures/ai-parity-3.11.jsonl
        // and -3.13.jsonl): column 6 ends in ...762 under Python 3.11 and in
        // ...7618 under 3.13, whose sum() compensates.
        let b = board("......./......./......./......./R.RB.../BBRRBB.");
        let old = doubles(&values_in(Python::Before3_12, &b, Tile::Black, 3));
        let new = doubles(&values_in(Python::From3_12, &b, Tile::Black, 3));
        assert_eq!(old[6], -0.2403165347771762);
        assert_eq!(new[6], -0.24031653477717618);
        assert_eq!(old[..6], new[..6]);
    }
}

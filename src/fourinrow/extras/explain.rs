//! The numbers behind a decision, as the tutorial prints them while it
//! teaches the AI: `--explain` for every computer move, H for a hint.

use crate::fourinrow::port::board::{Board, Tile};
use crate::pyfmt::python_float_repr;

/// One readable line: `explain: ... column=N` for a computer move, `hint:
/// ...` (no column) for the human's options. The board is written as board
/// text, so it can be pasted into `fourinrow analyze`, which prints the
/// same numbers; `engine` says which engine computed them, and why.
pub fn explain_line(
    board: &Board,
    tile: Tile,
    potential_moves: &[f64],
    best_move_fitness: f64,
    best_moves: &[usize],
    column: Option<usize>,
    engine: &str,
) -> String {
    let values: Vec<String> = potential_moves.iter().map(|&v| python_float_repr(v)).collect();
    let chosen = column.map_or(String::new(), |c| format!(" column={c}"));
    format!(
        "{}: {tile} to move on {board:?}: potentialMoves=[{}] bestMoveFitness={} \
         bestMoves={best_moves:?}{chosen}; engine: {engine}",
        if column.is_some() { "explain" } else { "hint" },
        values.join(", "),
        python_float_repr(best_move_fitness),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::tools::boardtext::parse_board;

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
            "faithful",
        );
        assert_eq!(
            line,
            "explain: black to move on ..../..../..../B...: potentialMoves=[0.0, -1.0, 0.5, 0.0] \
             bestMoveFitness=0.5 bestMoves=[2] column=2; engine: faithful"
        );
        let hint = explain_line(&board, Tile::Red, &[0.0; 4], 0.0, &[0, 1, 2, 3], None, "fast");
        assert!(hint.starts_with("hint: red to move on ..../..../..../B...: "), "{hint}");
        assert!(hint.ends_with("bestMoves=[0, 1, 2, 3]; engine: fast"));
    }
}

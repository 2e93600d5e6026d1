//! `--two-player`: the hot seat of the Connect Four lab, two people taking
//! turns at one mouse. Not in the Python, whose second player is always the
//! computer; a loop of its own that reuses the twins.
//!
//! Black's drag is `get_human_move` itself, seen in a mirror: the twin drags
//! a red token from the red pile, so for black's turn the colours on the
//! board, the two token images and the two piles are swapped, the twin
//! runs, and everything is swapped back. The twin draws black tokens where
//! it believes it draws red ones, and the player sees black's pile at the
//! bottom right as usual.

use std::convert::Infallible;

use crate::error::Stop;
use crate::fourinrow::extras::{swap_colours, Extras};
use crate::fourinrow::port::board::{get_new_board, is_board_full, is_winner, Board, Tile};
use crate::fourinrow::port::game::show_result;
use crate::fourinrow::port::globals::Game;
use crate::fourinrow::port::hooks::{Command, Hooks, HumanMove};
use crate::fourinrow::port::human::get_human_move;

/// Plays hot-seat games one after the other, as `main` does.
pub fn main(g: &mut Game<'_, Extras>) -> Result<Infallible, Stop> {
    let mut is_first_game = true;
    loop {
        let ended = run_game(g, is_first_game);
        g.hooks.game_ended(ended)?;
        is_first_game = false;
    }
}

/// One hot-seat game, as `run_game` plays one: black opens the first game
/// (as the computer does) and a coin toss decides the later ones; the help
/// arrow shows for red's first move. The commands are carried out as in
/// `run_game`, by the same hook, and the result shows on its screen.
fn run_game(g: &mut Game<'_, Extras>, is_first_game: bool) -> Result<(), Stop> {
    let mut to_move =
        if is_first_game || g.io.randint(0, 1) == 0 { Tile::Black } else { Tile::Red };
    let mut show_help = is_first_game;
    let mut board = get_new_board(g.settings.board_width, g.settings.board_height);
    // The position last pondered: a command that changed nothing (an undo
    // with nothing to take back) leaves its pondering be.
    let mut pondered = None;
    let winner_img = loop {
        g.hooks.to_move = to_move;
        if pondered.as_ref().map(|(b, t)| (b, *t)) != Some((&board, to_move)) {
            g.hooks.ponder(board.clone(), to_move, g.io);
            pondered = Some((board.clone(), to_move));
        }
        match drag(g, &mut board, to_move, show_help && to_move == Tile::Red)? {
            HumanMove::Dropped(column) => g.hooks.moved(&board, to_move, column)?,
            HumanMove::Asked(Command::Restart) => return Ok(()),
            // Taking back or replaying one move hands the turn over.
            HumanMove::Asked(command) => {
                if g.hooks.asked(command, &mut board, to_move, g.io) {
                    to_move = to_move.enemy();
                }
                continue;
            }
        }
        show_help = show_help && to_move != Tile::Red;
        if is_winner(&board, to_move) {
            break match to_move {
                Tile::Red => g.images.human_winner.clone(),
                Tile::Black => g.images.computer_winner.clone(),
            };
        }
        if is_board_full(&board) {
            break g.images.tie_winner.clone();
        }
        to_move = to_move.enemy();
    };
    show_result(g, &board, &winner_img)
}

/// `tile`'s drag: the twin for red; for black, the twin in the mirror.
fn drag(
    g: &mut Game<'_, Extras>,
    board: &mut Board,
    tile: Tile,
    show_help: bool,
) -> Result<HumanMove, Stop> {
    if tile == Tile::Red {
        return get_human_move(g, board, show_help);
    }
    mirror(g);
    let mut mirrored = swap_colours(board);
    let dragged = get_human_move(g, &mut mirrored, false);
    mirror(g);
    *board = swap_colours(&mirrored);
    dragged
}

/// Swaps the two token images and the two piles (doing it twice undoes it).
fn mirror(g: &mut Game<'_, Extras>) {
    std::mem::swap(&mut g.images.red_token, &mut g.images.black_token);
    std::mem::swap(&mut g.layout.red_pile_rect, &mut g.layout.black_pile_rect);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::tools::boardtext::parse_board;

    #[test]
    fn swapping_colours_twice_gives_the_board_back() {
        let board = parse_board("..../..../.B../RRB.").unwrap();
        let swapped = swap_colours(&board);
        assert_eq!(format!("{swapped:?}"), "..../..../.R../BBR.");
        assert_eq!(swap_colours(&swapped), board);
    }
}

//! The game loop: `runGame` and `main`.

use std::convert::Infallible;

use crate::ai::get_computer_move;
use crate::animate::animate_computer_moving;
use crate::assets::Images;
use crate::board::{get_new_board, is_board_full, is_winner, make_move, Tile};
use crate::draw::{blit, draw_board, Screen};
use crate::error::{Error, Stop};
use crate::frontend::{Event, Frontend, Key};
use crate::human::get_human_move;
use crate::pixels::RgbaImage;
use crate::settings::Settings;

/// Whose turn it is. Python: the strings `HUMAN` and `COMPUTER`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Python: `HUMAN = 'human'`.
    Human,
    /// Python: `COMPUTER = 'computer'`.
    Computer,
}

/// How a game ended: which of the three result images to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Python: `winnerImg = HUMANWINNERIMG`.
    HumanWins,
    /// Python: `winnerImg = COMPUTERWINNERIMG`.
    ComputerWins,
    /// Python: `winnerImg = TIEWINNERIMG`.
    Tie,
}

/// Plays one game to its end, then shows the result until a click (which
/// returns, for the next game) or Esc or closing the window (which quit).
///
/// Python: `runGame(isFirstGame)`. The computer starts the first game and
/// the help arrow shows during the human's first move; after that a coin
/// toss (`random.randint(0, 1)`) decides who starts.
pub fn run_game(
    screen: &mut Screen,
    io: &mut dyn Frontend,
    settings: &Settings,
    is_first_game: bool,
) -> Result<Outcome, Stop> {
    let (mut turn, mut show_help) = if is_first_game {
        // Let the computer go first on the first game, so the player
        // can see how the tokens are dragged from the token piles.
        (Turn::Computer, true)
    } else if io.randint_0_1() == 0 {
        // Randomly choose who goes first.
        (Turn::Computer, false)
    } else {
        (Turn::Human, false)
    };

    // Set up a blank board data structure.
    let mut main_board = get_new_board(settings.board_width, settings.board_height)
        .map_err(|e| Error::Usage(e.to_string()))?;

    let outcome = loop {
        // main game loop
        match turn {
            Turn::Human => {
                // Human player's turn.
                get_human_move(screen, io, &mut main_board, show_help)?;
                // turn off help arrow after the first move
                show_help = false;
                if is_winner(&main_board, Tile::Red) {
                    break Outcome::HumanWins;
                }
                turn = Turn::Computer; // switch to other player's turn
            }
            Turn::Computer => {
                // Computer player's turn.
                let computer_move = get_computer_move(&main_board, settings.difficulty, io)?;
                // The Python prints bestMoveFitness before its loop (so always -1),
                // then bestMoves from getComputerMove, then the column from runGame.
                io.print("-1");
                io.print(&format!("{:?}", computer_move.best_moves));
                io.print(&computer_move.column.to_string());
                animate_computer_moving(screen, io, &main_board, computer_move.column)?;
                make_move(&mut main_board, Tile::Black, computer_move.column);
                if is_winner(&main_board, Tile::Black) {
                    break Outcome::ComputerWins;
                }
                turn = Turn::Human; // switch to other player's turn
            }
        }

        if is_board_full(&main_board) {
            // A completely filled board means it's a tie.
            break Outcome::Tie;
        }
    };

    loop {
        // Keep looping until player clicks the mouse or quits.
        draw_board(screen, &main_board, None);
        // Python: DISPLAYSURF.blit(winnerImg, WINNERRECT): every result image
        // goes at the corner of the human-winner image's centred rectangle.
        let corner = screen.layout.winner_rect;
        let winner_img = winner_image(&screen.images, outcome);
        blit(&mut screen.display, winner_img, corner.x, corner.y);
        io.display_update(&screen.display)?;
        io.tick()?;
        for event in io.get_events()? {
            match event {
                Event::Quit | Event::KeyUp(Key::Escape) => return Err(Stop::Quit),
                Event::MouseButtonUp { .. } => return Ok(outcome),
                _ => {}
            }
        }
    }
}

/// The image that announces an outcome. Python: `winnerImg`.
pub fn winner_image(images: &Images, outcome: Outcome) -> &RgbaImage {
    match outcome {
        Outcome::HumanWins => &images.human_winner,
        Outcome::ComputerWins => &images.computer_winner,
        Outcome::Tie => &images.tie_winner,
    }
}

/// Plays games one after the other until the player quits or the frontend
/// stops. Python: `main()`.
pub fn main(
    screen: &mut Screen,
    io: &mut dyn Frontend,
    settings: &Settings,
) -> Result<Infallible, Stop> {
    let mut is_first_game = true;
    loop {
        run_game(screen, io, settings, is_first_game)?;
        is_first_game = false;
    }
}

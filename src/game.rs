//! The game loop: `runGame` and `main`.

use std::convert::Infallible;

use crate::ai::{get_computer_move, ComputerMove};
use crate::animate::animate_computer_moving;
use crate::assets::Images;
use crate::board::{get_new_board, is_board_full, is_winner, make_move, Board, Tile};
use crate::draw::{blit, draw_board, Screen};
use crate::error::{Error, Stop};
use crate::extras::{explain_line, GameRecord, MoveHistory, RecordFile, RecordResult};
use crate::frontend::{Command, Event, Frontend, Key};
use crate::human::{get_human_move, HumanMove};
use crate::overlay::{banner, ColumnValues, Overlay};
use crate::pixels::RgbaImage;
use crate::settings::{Settings, WINDOWWIDTH};

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
    /// Not in the Python: R or F1 abandoned the game for a new one.
    Restarted,
}

impl Turn {
    /// The colour this side plays.
    pub fn tile(self) -> Tile {
        match self {
            Turn::Human => Tile::Red,
            Turn::Computer => Tile::Black,
        }
    }

    /// The side that plays `tile`.
    pub fn of(tile: Tile) -> Turn {
        match tile {
            Tile::Red => Turn::Human,
            Tile::Black => Turn::Computer,
        }
    }
}

/// Plays one game to its end, then shows the result until a click (which
/// returns, for the next game) or Esc or closing the window (which quit).
/// The moves go into `history`, for undo and for `--record`.
///
/// Python: `runGame(isFirstGame)`. The computer starts the first game and
/// the help arrow shows during the human's first move; after that a coin
/// toss (`random.randint(0, 1)`) decides who starts. The extras hook in
/// where marked; with none in use, this is the Python's game, frame for frame.
pub fn run_game(
    screen: &mut Screen,
    io: &mut dyn Frontend,
    settings: &Settings,
    is_first_game: bool,
    history: &mut MoveHistory,
) -> Result<Outcome, Stop> {
    let extras = &settings.extras;
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
    screen.overlay = Overlay {
        values: None,
        moves: extras.moves.then(Vec::new),
    };

    let outcome = loop {
        // main game loop
        if turn == Turn::Human || extras.two_player {
            // Human player's turn (and, with --two-player, the second human's).
            let tile = turn.tile();
            // The help arrow points at the red pile: only red's first move shows it.
            let help = show_help && tile == Tile::Red;
            match get_human_move(screen, io, &mut main_board, help, tile)? {
                HumanMove::Dropped(column) => note_move(screen, history, (tile, column)),
                HumanMove::Command(command) => {
                    // Not in the Python: the extras' keys; the turn goes on (or back).
                    match obey(
                        command,
                        screen,
                        io,
                        settings,
                        history,
                        &mut main_board,
                        tile,
                    )? {
                        Some(next) => {
                            turn = next;
                            continue;
                        }
                        None => break Outcome::Restarted,
                    }
                }
            }
            // turn off help arrow after the first move
            show_help = show_help && tile != Tile::Red;
            screen.overlay.values = None;
            if is_winner(&main_board, tile) {
                break if tile == Tile::Red {
                    Outcome::HumanWins
                } else {
                    Outcome::ComputerWins
                };
            }
        } else {
            // Computer player's turn.
            let computer_move = get_computer_move(&main_board, settings.difficulty, io)?;
            // The Python prints bestMoveFitness before its loop (so always -1),
            // then bestMoves from getComputerMove, then the column from runGame.
            io.print("-1");
            io.print(&format!("{:?}", computer_move.best_moves));
            io.print(&computer_move.column.to_string());
            if extras.explain {
                explain(screen, io, &main_board, Tile::Black, &computer_move);
            }
            animate_computer_moving(screen, io, &main_board, computer_move.column)?;
            make_move(&mut main_board, Tile::Black, computer_move.column);
            note_move(screen, history, (Tile::Black, computer_move.column));
            if is_winner(&main_board, Tile::Black) {
                break Outcome::ComputerWins;
            }
        }
        // switch to other player's turn
        turn = match turn {
            Turn::Human => Turn::Computer,
            Turn::Computer => Turn::Human,
        };

        if is_board_full(&main_board) {
            // A completely filled board means it's a tie.
            break Outcome::Tie;
        }
    };
    history.result = match outcome {
        Outcome::HumanWins => Some(RecordResult::Red),
        Outcome::ComputerWins => Some(RecordResult::Black),
        Outcome::Tie => Some(RecordResult::Tie),
        Outcome::Restarted => return Ok(outcome), // straight to the next game
    };
    let winner_img = result_image(screen, outcome, extras.two_player);

    loop {
        // Keep looping until player clicks the mouse or quits.
        draw_board(screen, &main_board, None);
        // Python: DISPLAYSURF.blit(winnerImg, WINNERRECT): every result image
        // goes at the corner of the human-winner image's centred rectangle.
        let corner = screen.layout.winner_rect;
        match &winner_img {
            Some(banner) => blit(
                &mut screen.display,
                banner,
                (WINDOWWIDTH - banner.width() as i32) / 2,
                corner.y,
            ),
            None => blit(
                &mut screen.display,
                winner_image(&screen.images, outcome),
                corner.x,
                corner.y,
            ),
        }
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
        Outcome::Tie | Outcome::Restarted => &images.tie_winner,
    }
}

/// Not in the Python: in a hot-seat game "HUMAN" and "COMPUTER" do not
/// fit, so a win is announced by a drawn banner instead (`None`: use the image).
fn result_image(screen: &mut Screen, outcome: Outcome, two_player: bool) -> Option<RgbaImage> {
    let (message, color) = match (two_player, outcome) {
        (true, Outcome::HumanWins) => ("RED WINS", [200, 20, 30]),
        (true, Outcome::ComputerWins) => ("BLACK WINS", [25, 25, 30]),
        _ => return None,
    };
    screen
        .text
        .as_mut()
        .and_then(|text| banner(text, message, color))
}

/// Not in the Python: prints the numbers behind a decision (the tutorial's
/// teaching point) and shows them above the board.
fn explain(
    screen: &mut Screen,
    io: &mut dyn Frontend,
    board: &Board,
    tile: Tile,
    decision: &ComputerMove,
) {
    io.say(&explain_line(
        board,
        tile,
        &decision.potential_moves,
        decision.best_move_fitness,
        &decision.best_moves,
        Some(decision.column),
    ));
    screen.overlay.values = Some(ColumnValues {
        tile,
        values: decision.potential_moves.clone(),
        best: decision.best_moves.clone(),
        hint: false,
    });
}

/// Notes a move in the history (for undo and `--record`) and in the move
/// list, if it is shown.
fn note_move(screen: &mut Screen, history: &mut MoveHistory, mv: (Tile, usize)) {
    history.play(mv);
    if let Some(moves) = &mut screen.overlay.moves {
        moves.clone_from(&history.played);
    }
}

/// Not in the Python: carries out an extra's key during `tile`'s turn.
/// Returns whose turn it is next, or `None` to abandon the game (restart).
fn obey(
    command: Command,
    screen: &mut Screen,
    io: &mut dyn Frontend,
    settings: &Settings,
    history: &mut MoveHistory,
    board: &mut Board,
    tile: Tile,
) -> Result<Option<Turn>, Stop> {
    let two_player = settings.extras.two_player;
    let next = match command {
        Command::Restart => return Ok(None),
        Command::Undo => {
            // Against the computer: the human's last move and the reply; hot seat: one move.
            let taken = history.undo(board, tile, two_player);
            screen.overlay.values = None;
            taken.last().map_or(Turn::of(tile), |&(t, _)| Turn::of(t))
        }
        Command::Redo => {
            let replayed = history.redo(board);
            screen.overlay.values = None;
            match (two_player, replayed.last()) {
                (true, Some(&(t, _))) => Turn::of(t.enemy()),
                _ => Turn::of(tile),
            }
        }
        Command::Hint => {
            if screen.overlay.values.as_ref().is_some_and(|v| v.hint) {
                screen.overlay.values = None;
            } else {
                let potential_moves = io.potential_moves(board, tile, settings.difficulty)?;
                let (fitness, best) = io.engine().best_moves(board, &potential_moves);
                io.say(&explain_line(
                    board,
                    tile,
                    &potential_moves,
                    fitness,
                    &best,
                    None,
                ));
                screen.overlay.values = Some(ColumnValues {
                    tile,
                    values: potential_moves,
                    best,
                    hint: true,
                });
            }
            Turn::of(tile)
        }
    };
    if let Some(moves) = &mut screen.overlay.moves {
        moves.clone_from(&history.played);
    }
    Ok(Some(next))
}

/// Plays games one after the other until the player quits or the frontend
/// stops. Python: `main()`. With `--record`, each game is written down as
/// it ends, and so is a game cut short.
pub fn main(
    screen: &mut Screen,
    io: &mut dyn Frontend,
    settings: &Settings,
) -> Result<Infallible, Stop> {
    let mut record = match &settings.extras.record {
        Some(path) => Some(RecordFile::open(path)?),
        None => None,
    };
    let mut is_first_game = true;
    loop {
        let mut history = MoveHistory::default();
        let played = run_game(screen, io, settings, is_first_game, &mut history);
        if let (Some(file), Some(&(first, _))) = (&mut record, history.played.first()) {
            let result = match &played {
                Ok(Outcome::Restarted) => RecordResult::Restarted,
                _ => history.result.unwrap_or(RecordResult::Unfinished),
            };
            file.write(&GameRecord {
                width: settings.board_width,
                height: settings.board_height,
                first,
                moves: history.played.iter().map(|&(_, column)| column).collect(),
                result,
            })?;
        }
        played?;
        is_first_game = false;
    }
}

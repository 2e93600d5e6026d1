//! The game loop: `main` and `runGame`.

use std::convert::Infallible;

use crate::error::Stop;
use crate::fourinrow::port::ai::get_computer_move;
use crate::fourinrow::port::animate::animate_computer_moving;
use crate::fourinrow::port::board::{
    get_new_board, is_board_full, is_winner, make_move, Board, Tile,
};
use crate::fourinrow::port::draw::draw_board;
use crate::fourinrow::port::globals::Game;
use crate::fourinrow::port::hooks::{Command, HumanMove};
use crate::fourinrow::port::human::get_human_move;
use crate::io::pixels::RgbaImage;
use crate::io::{Event, Key};

/// Whose turn it is: the strings `HUMAN` and `COMPUTER` of the Python.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Python: HUMAN = 'human'
    Human,
    /// Python: COMPUTER = 'computer'
    Computer,
}

/// Python: main()
///
/// Plays games one after the other, forever: the program ends only when
/// the player quits (`Err(Stop::Quit)`, the Python's `sys.exit()`) or
/// something fails. `Infallible` is the type with no values: this function
/// can only return an error.
pub fn main(g: &mut Game) -> Result<Infallible, Stop> {
    let mut is_first_game = true;
    loop {
        let ended = run_game(g, is_first_game);
        g.hooks.game_ended(ended)?; // Not in the Python: a --record line
        is_first_game = false;
    }
}

/// Python: runGame(isFirstGame)
///
/// Plays one game to its end, then shows the result until a click (which
/// returns, for the next game) or Esc or closing the window (which quit).
/// The computer starts the first game, and the help arrow shows during the
/// human's first move; after that a coin toss decides who starts.
pub fn run_game(g: &mut Game, is_first_game: bool) -> Result<(), Stop> {
    let (mut turn, mut show_help) = if is_first_game {
        // The computer opens the first game, so the player sees how a token is played.
        (Turn::Computer, true)
    } else if g.io.randint(0, 1) == 0 {
        (Turn::Computer, false)
    } else {
        (Turn::Human, false)
    };

    let mut main_board = get_new_board(g.settings.board_width, g.settings.board_height);
    // `loop` can give a value: each `break` below hands over the Python's `winnerImg`.
    let winner_img = loop {
        if turn == Turn::Human {
            let column = match get_human_move(g, &mut main_board, show_help)? {
                HumanMove::Dropped(column) => column,
                // Not in the Python: R abandons the game; U and Shift+U change the board, and the human plays on.
                HumanMove::Asked(Command::Restart) => return Ok(()),
                HumanMove::Asked(command) => {
                    g.hooks.asked(command, &mut main_board, Tile::Red, g.io);
                    continue;
                }
            };
            g.hooks.moved(&main_board, Tile::Red, column)?; // Not in the Python
            if show_help {
                // The arrow shows for the first move only.
                show_help = false;
            }
            if is_winner(&main_board, Tile::Red) {
                break g.images.human_winner.clone();
            }
            turn = Turn::Computer;
        } else {
            let column = get_computer_move(g, &main_board)?;
            g.io.print(&column.to_string())?; // The tutorial's print; Sweigart's has none.
            animate_computer_moving(g, &main_board, column)?;
            make_move(&mut main_board, Tile::Black, column);
            g.hooks.moved(&main_board, Tile::Black, column)?; // Not in the Python
            if is_winner(&main_board, Tile::Black) {
                break g.images.computer_winner.clone();
            }
            turn = Turn::Human;
        }

        if is_board_full(&main_board) {
            // A full board with no four in a row is a tie.
            break g.images.tie_winner.clone();
        }
    };

    // The result stays until a click (a new game) or Esc or closing the window (quit).
    show_result(g, &main_board, &winner_img)
}

/// The last loop of `runGame`, whose result screen the hot seat shares:
/// `winner_img` over `board` until a click (`Ok`, for the next game) or Esc
/// or closing the window (which quit).
pub fn show_result(g: &mut Game, board: &Board, winner_img: &RgbaImage) -> Result<(), Stop> {
    loop {
        draw_board(g, board, None);
        // Every result image goes at the corner of WINNERRECT, as in the Python.
        g.display.blit(winner_img, g.layout.winner_rect.topleft());
        g.io.display_update(&g.display)?;
        g.io.tick()?;
        for event in g.io.get_events()? {
            match event {
                Event::Quit | Event::KeyUp(Key::Escape) => return Err(Stop::Quit),
                Event::MouseButtonUp { .. } => return Ok(()),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::port::hooks::{Hooks, NoHooks};
    use crate::fourinrow::port::settings::Settings;
    use crate::fourinrow::port::testkit::{game, replay, within, SECONDS};
    use crate::io::Frontend;

    /// Plays `script` to its end with no extras; returns how it stopped,
    /// the lines printed and the frames presented.
    /// (Within a time bound: a loop that presents no frames is bounded by
    /// nothing else.)
    fn play(script: &str, settings: Settings) -> (Stop, Vec<String>, u64) {
        let script = script.to_string();
        within(SECONDS, move || {
            let mut io = replay(&script, &[]);
            let mut g = game(settings, &mut io, NoHooks);
            let Err(stop) = main(&mut g);
            let frames = io.frames_presented();
            (stop, io.printed, frames)
        })
    }

    /// 4x4 at difficulty 0.
    fn small() -> Settings {
        Settings { board_width: 4, board_height: 4, difficulty: 0, ..Settings::default() }
    }

    /// The events of three drags from the red pile to above column 1 of a
    /// 4x4 board, at frames 100, 200 and 300.
    fn drags_onto_column_1_of_4x4() -> String {
        let drag = |f: u32| {
            format!(
                r#"[{f}, "down", 50, 430], [{}, "motion", 275, 60], [{}, "up", 0, 0]"#,
                f + 1,
                f + 2
            )
        };
        [drag(100), drag(200), drag(300)].join(", ")
    }

    #[test]
    fn the_computer_opens_the_first_game_and_prints_as_the_python() {
        let (stop, printed, frames) =
            play(r#"{"frames": 300, "difficulty": 1}"#, Settings::default());
        assert!(matches!(stop, Stop::ScriptEnded));
        assert_eq!(frames, 300);
        // One computer move, then the human's turn until the script ends.
        assert_eq!(printed, vec!["-1", "[0, 1, 2, 3, 4, 5, 6]", "0"]);
    }

    #[test]
    fn a_won_game_waits_for_a_click_then_a_coin_toss_starts_the_next() {
        // 4x4 at difficulty 0: the computer plays the leftmost best column (choice
        // 0), column 0, four times, and wins; the human plays column 1 between.
        let events = drags_onto_column_1_of_4x4();
        let script = format!(
            r#"{{"width": 4, "height": 4, "difficulty": 0, "frames": 900, "first": ["human"],
                 "events": [{events}, [700, "up", 1, 1]]}}"#
        );
        let settings = small();
        let (stop, printed, _) = play(&script, settings);
        assert!(matches!(stop, Stop::ScriptEnded));
        let columns: Vec<&String> = printed.iter().skip(2).step_by(3).collect();
        assert_eq!(
            columns,
            ["0", "0", "0", "0"],
            "four black moves, then game 2 waits for the human"
        );
    }

    #[test]
    fn a_release_on_the_result_screen_starts_the_next_game_and_a_press_does_not() {
        // As above, the computer wins game 1; the result screen waits through a
        // press at frame 650 until the release at 700. No `first`: the coin
        // toss gives game 2 to the computer, which prints its fifth column.
        let events = drags_onto_column_1_of_4x4();
        let script = format!(
            r#"{{"width": 4, "height": 4, "difficulty": 0, "frames": 900,
                 "events": [{events}, [650, "down", 1, 1], [700, "up", 1, 1]]}}"#
        );
        let (stop, printed, _) = play(&script, small());
        assert!(matches!(stop, Stop::ScriptEnded));
        let columns: Vec<&String> = printed.iter().skip(2).step_by(3).collect();
        assert_eq!(columns, ["0", "0", "0", "0", "0"], "game 2's first move");
        // With no release the result stays up: four columns only.
        let script = script.replace(r#", [700, "up", 1, 1]"#, "");
        let (_, printed, _) = play(&script, small());
        assert_eq!(printed.len(), 4 * 3);
    }

    #[test]
    fn escape_on_the_result_screen_quits_and_elsewhere_it_does_not() {
        let events = drags_onto_column_1_of_4x4();
        let script = format!(
            r#"{{"width": 4, "height": 4, "difficulty": 0, "frames": 900,
                 "events": [[50, "escape"], {events}, [700, "escape"]]}}"#
        );
        let settings = small();
        let (stop, _, frames) = play(&script, settings);
        assert!(matches!(stop, Stop::Quit), "Esc on the result screen");
        assert!((700..900).contains(&frames), "{frames}: not the Esc at frame 50");
    }

    /// Hooks that ask for an undo on U and a restart on R, empty the board
    /// for an undo, and note what the twins tell them.
    #[derive(Default)]
    struct Log {
        /// Each move: who, where, and whether the top token there is theirs.
        moved: Vec<(Tile, usize, bool)>,
        /// Each command carried out: what, on which board, for whom.
        asked: Vec<(Command, String, Tile)>,
        /// How many times `game_ended` was called.
        ended: usize,
    }

    impl Hooks for Log {
        fn event(
            &mut self,
            event: Event,
            _: &Board,
            _: &mut dyn Frontend,
        ) -> Result<Option<Command>, Stop> {
            Ok(match event {
                Event::KeyDown { key: Key::U, .. } => Some(Command::Undo),
                Event::KeyDown { key: Key::R, .. } => Some(Command::Restart),
                _ => None,
            })
        }

        fn asked(
            &mut self,
            command: Command,
            board: &mut Board,
            tile: Tile,
            _: &mut dyn Frontend,
        ) -> bool {
            self.asked.push((command, format!("{board:?}"), tile));
            *board = get_new_board(board.width(), board.height());
            true
        }

        fn moved(&mut self, board: &Board, tile: Tile, column: usize) -> Result<(), Stop> {
            let top = (0..board.height()).find_map(|y| board[column][y]);
            self.moved.push((tile, column, top == Some(tile)));
            Ok(())
        }

        fn game_ended(&mut self, ended: Result<(), Stop>) -> Result<(), Stop> {
            self.ended += 1;
            ended
        }
    }

    #[test]
    fn the_hooks_hear_who_moved_where_and_run_game_acts_on_their_commands() {
        // 4x4 at difficulty 0: the computer always plays column 0, the human
        // drags onto column 1. U at frame 190 (after B0 R1 B0), a drag at 300,
        // R at 400; the coin toss gives the computer game 2.
        let drag = |f: u32| {
            format!(
                r#"[{f}, "down", 50, 430], [{}, "motion", 275, 60], [{}, "up", 0, 0]"#,
                f + 1,
                f + 2
            )
        };
        let script = format!(
            r#"{{"width": 4, "height": 4, "difficulty": 0, "frames": 600,
                 "events": [{}, [190, "key", "u"], {}, [400, "key", "r"]]}}"#,
            drag(100),
            drag(300)
        );
        let (stop, log, printed) = within(SECONDS, move || {
            let mut io = replay(&script, &[]);
            let mut g = game(small(), &mut io, Log::default());
            let Err(stop) = main(&mut g);
            (stop, g.hooks, io.printed)
        });
        assert!(matches!(stop, Stop::ScriptEnded));
        let (red, black) = (Tile::Red, Tile::Black);
        assert_eq!(
            log.moved,
            [(black, 0, true), (red, 1, true), (black, 0, true), (red, 1, true), (black, 0, true), (black, 0, true)],
            "each move as the twin made it; after the undo the human plays on, and the restart starts game 2"
        );
        assert_eq!(log.asked, [(Command::Undo, "..../..../B.../BR..".to_string(), red)]);
        assert_eq!(log.ended, 2, "the restart, then the end of the script");
        let columns: Vec<&String> = printed.iter().skip(2).step_by(3).collect();
        assert_eq!(columns, ["0", "0", "0", "0"], "no computer move answers a command");
    }
}

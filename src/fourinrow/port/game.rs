//! The game loop: `main` and `runGame`.

use std::convert::Infallible;

use crate::error::Stop;
use crate::fourinrow::port::ai::get_computer_move;
use crate::fourinrow::port::animate::animate_computer_moving;
use crate::fourinrow::port::board::{get_new_board, is_board_full, is_winner, make_move, Tile};
use crate::fourinrow::port::draw::draw_board;
use crate::fourinrow::port::globals::Game;
use crate::fourinrow::port::human::get_human_move;
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
        g.hooks.game_ended(ended)?; // Not in the Python: a restart, a --record line
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
            get_human_move(g, &mut main_board, show_help)?;
            g.hooks.moved(&main_board)?; // Not in the Python
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
            g.hooks.moved(&main_board)?; // Not in the Python
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
    loop {
        draw_board(g, &main_board, None);
        // Every result image goes at the corner of WINNERRECT, as in the Python.
        g.display.blit(&winner_img, g.layout.winner_rect.topleft());
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
    use crate::fourinrow::port::hooks::NoHooks;
    use crate::fourinrow::port::settings::Settings;
    use crate::fourinrow::port::testkit::{game, replay};

    /// Plays `script` to its end with no extras; returns how it stopped,
    /// the lines printed and the frames presented.
    fn play(script: &str, settings: Settings) -> (Stop, Vec<String>, u64) {
        let mut io = replay(script, &[]);
        let mut hooks = NoHooks;
        let mut g = game(settings, &mut io, &mut hooks);
        let Err(stop) = main(&mut g);
        let frames = io.frames_presented();
        (stop, io.printed, frames)
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
}

//! The extras' hooks: the few marked places where what the original lacks
//! reaches into the twins, and the values that come back through them.
//!
//! Every method does nothing by default, and the twins call each in one
//! line marked "Not in the Python". With [`NoHooks`] the twins are the
//! Python's logic and nothing else; the extras ([`crate::fourinrow::extras`])
//! implement the trait to add keys, hints, the overlay, undo and records.
//! The port defines the trait and never sees what implements it, so the
//! arrows point from the extras to the port only.
//!
//! A player's request (a restart, an undo) is a value, [`Command`]: the
//! event hook returns it, `get_human_move` ends with it
//! ([`HumanMove::Asked`]), and `run_game` acts on it. Failures and quitting
//! travel as `Err(Stop)`; requests never do.

use crate::error::Stop;
use crate::fourinrow::port::board::{Board, Tile};
use crate::fourinrow::port::engine::Reply;
use crate::fourinrow::port::settings::Layout;
use crate::io::pixels::Display;
use crate::io::{Event, Frontend};

/// Not in the Python: what a player may ask for with a key the original
/// ignores, beyond playing a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Abandon this game for a new one.
    Restart,
    /// Take back the last move (against the computer: the human's last
    /// move and the computer's reply).
    Undo,
    /// Play again what the last undo took back.
    Redo,
}

/// How the human's turn ended: `getHumanMove` returns once the token has
/// fallen, in `Dropped(column)`; with the extras it may instead end with
/// what the player asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HumanMove {
    /// The token fell into this column.
    Dropped(usize),
    /// Not in the Python: the player asked for this instead of moving.
    Asked(Command),
}

/// What the extras may add to a game. Every method is a no-op by default.
pub trait Hooks {
    /// At the end of `draw_board`: draws over the frame (the extras' overlay).
    fn draw_overlay(&mut self, display: &mut Display, layout: &Layout) {
        let _ = (display, layout);
    }

    /// An event `get_human_move` has no use for (a key, a press off the
    /// pile, ...), on `board`. It may search through
    /// `io` (a hint, so that the window stays alive meanwhile) or return
    /// what the player asked for, which ends the turn; by default it is
    /// ignored, as in the Python.
    fn event(
        &mut self,
        event: Event,
        board: &Board,
        io: &mut dyn Frontend,
    ) -> Result<Option<Command>, Stop> {
        let _ = (event, board, io);
        Ok(None)
    }

    /// `tile`, whose turn it was, asked for `command` (an undo or a redo)
    /// on `board`: carries it out there, and may give `io` work for the
    /// background, as after a move. Returns whether the board changed.
    fn asked(
        &mut self,
        command: Command,
        board: &mut Board,
        tile: Tile,
        io: &mut dyn Frontend,
    ) -> bool {
        let _ = (command, board, tile, io);
        false
    }

    /// After `get_computer_move` has chosen `column` on `board`, with the
    /// engine's reply behind the choice (`--explain` shows it). It may give
    /// `io` work for the background: the engine pondering the human's
    /// position while the token falls and the human thinks.
    fn computer_chose(
        &mut self,
        board: &Board,
        reply: &Reply,
        column: usize,
        io: &mut dyn Frontend,
    ) -> Result<(), Stop> {
        let _ = (board, reply, column, io);
        Ok(())
    }

    /// After `tile`'s token has fallen into `column` of `board` (the move
    /// list, undo and `--record` keep count).
    fn moved(&mut self, board: &Board, tile: Tile, column: usize) -> Result<(), Stop> {
        let _ = (board, tile, column);
        Ok(())
    }

    /// After `run_game` has returned, with what it returned: `Ok` after the
    /// result screen or a restart. The extras write the `--record` line.
    fn game_ended(&mut self, ended: Result<(), Stop>) -> Result<(), Stop> {
        ended
    }
}

/// Hooks lent: what they are lent as does what they do.
impl<H: Hooks + ?Sized> Hooks for &mut H {
    fn draw_overlay(&mut self, display: &mut Display, layout: &Layout) {
        (**self).draw_overlay(display, layout);
    }

    fn event(
        &mut self,
        event: Event,
        board: &Board,
        io: &mut dyn Frontend,
    ) -> Result<Option<Command>, Stop> {
        (**self).event(event, board, io)
    }

    fn asked(
        &mut self,
        command: Command,
        board: &mut Board,
        tile: Tile,
        io: &mut dyn Frontend,
    ) -> bool {
        (**self).asked(command, board, tile, io)
    }

    fn computer_chose(
        &mut self,
        board: &Board,
        reply: &Reply,
        column: usize,
        io: &mut dyn Frontend,
    ) -> Result<(), Stop> {
        (**self).computer_chose(board, reply, column, io)
    }

    fn moved(&mut self, board: &Board, tile: Tile, column: usize) -> Result<(), Stop> {
        (**self).moved(board, tile, column)
    }

    fn game_ended(&mut self, ended: Result<(), Stop>) -> Result<(), Stop> {
        (**self).game_ended(ended)
    }
}

/// No extras at all: the Python's game.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHooks;

impl Hooks for NoHooks {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::port::board::get_new_board;
    use crate::fourinrow::port::engine::By;
    use crate::fourinrow::port::settings::{Layout, Settings};
    use crate::fourinrow::port::testkit::replay;

    /// Hooks that note each call and answer with what they are set to.
    #[derive(Default)]
    struct Noted(Vec<String>);

    impl Hooks for Noted {
        fn draw_overlay(&mut self, _: &mut Display, _: &Layout) {
            self.0.push("overlay".into());
        }

        fn event(
            &mut self,
            _: Event,
            _: &Board,
            _: &mut dyn Frontend,
        ) -> Result<Option<Command>, Stop> {
            self.0.push("event".into());
            Ok(Some(Command::Redo))
        }

        fn asked(
            &mut self,
            command: Command,
            _: &mut Board,
            tile: Tile,
            _: &mut dyn Frontend,
        ) -> bool {
            self.0.push(format!("asked {command:?} {tile}"));
            true
        }

        fn computer_chose(
            &mut self,
            _: &Board,
            _: &Reply,
            column: usize,
            _: &mut dyn Frontend,
        ) -> Result<(), Stop> {
            self.0.push(format!("chose {column}"));
            Err(Stop::Quit)
        }

        fn moved(&mut self, _: &Board, tile: Tile, column: usize) -> Result<(), Stop> {
            self.0.push(format!("moved {tile} {column}"));
            Err(Stop::ScriptEnded)
        }

        fn game_ended(&mut self, _: Result<(), Stop>) -> Result<(), Stop> {
            self.0.push("ended".into());
            Err(Stop::Quit)
        }
    }

    /// Calls every hook of `hooks` once, in the twins' terms, and returns what
    /// the calls that answer answered.
    fn call_each<H: Hooks>(hooks: &mut H) -> (Option<Command>, bool, [bool; 3]) {
        let mut board = get_new_board(4, 4);
        let mut io = replay(r#"{"frames": 1}"#, &[]);
        let layout = Layout::new(&Settings::default(), (1, 1), (1, 1));
        let event = Event::KeyDown { key: crate::io::Key::U, ctrl: false, shift: false };
        hooks.draw_overlay(&mut Display::new(1, 1), &layout);
        let command = hooks.event(event, &board, &mut io).unwrap();
        let changed = hooks.asked(Command::Undo, &mut board, Tile::Red, &mut io);
        let errs = [
            hooks
                .computer_chose(&board, &Reply::values(vec![0.0; 4], By::Fast), 2, &mut io)
                .is_err(),
            hooks.moved(&board, Tile::Black, 3).is_err(),
            hooks.game_ended(Ok(())).is_err(),
        ];
        (command, changed, errs)
    }

    #[test]
    fn hooks_lent_do_what_their_owner_does() {
        let mut noted = Noted::default();
        // `H` is `&mut Noted` here: the lent hooks' forwarding methods are called.
        let answers = call_each(&mut &mut noted);
        assert_eq!(answers, (Some(Command::Redo), true, [true; 3]));
        assert_eq!(
            noted.0,
            ["overlay", "event", "asked Undo red", "chose 2", "moved black 3", "ended"]
        );
        assert_eq!(call_each(&mut &mut NoHooks), (None, false, [false; 3]));
    }

    #[test]
    fn no_hooks_change_nothing_and_pass_the_games_end_on() {
        let mut board = get_new_board(4, 4);
        crate::fourinrow::port::board::make_move(&mut board, Tile::Red, 1);
        let before = board.clone();
        let mut io = replay(r#"{"frames": 1}"#, &[]);
        assert!(!NoHooks.asked(Command::Undo, &mut board, Tile::Red, &mut io));
        assert_eq!(board, before);
        assert!(NoHooks.game_ended(Ok(())).is_ok());
        assert!(matches!(NoHooks.game_ended(Err(Stop::Quit)), Err(Stop::Quit)));
        assert!(matches!(NoHooks.game_ended(Err(Stop::ScriptEnded)), Err(Stop::ScriptEnded)));
    }
}

//! THE EXTRAS: what the original lacks, from its tutorial and its sibling
//! programs: the explain overlay, hints, restart, undo and redo, hot-seat
//! play, a move list, and a record of the games played.
//!
//! None of it changes the default game. Each extra is switched on by an
//! option ([`ExtrasOptions`]) or by a key the original ignores
//! ([`Command`]); it reaches the twins only through the port's
//! [`Hooks`], which [`Extras`] implements, and
//! the hot seat has a loop of its own ([`hot_seat`]) that reuses the twins.
//! With no extra used, the frames are the Python's, pixel for pixel.

pub mod explain;
pub mod history;
pub mod hot_seat;
pub mod overlay;
pub mod record;

use std::cell::RefCell;
use std::io::Write;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;

use crate::error::{Error, Stop};
use crate::fourinrow::engine::best_moves;
use crate::fourinrow::port::board::{get_new_board, is_board_full, is_winner, Board, Tile, EMPTY};
use crate::fourinrow::port::globals::{think_potential_moves, Engine};
use crate::fourinrow::port::hooks::Hooks;
use crate::fourinrow::port::images::Images;
use crate::fourinrow::port::settings::{Layout, Settings};
use crate::io::pixels::{smoothscale, Display, RgbaImage, ScaleBackend};
use crate::io::{Event, Frontend, Key, Typesetter};
use explain::explain_line;
use history::MoveHistory;
use overlay::{draw_overlay, ColumnValues, Overlay};
use record::{GameRecord, RecordFile, RecordResult};

/// The extras switched on from the command line. `Default` is none: the
/// original game (the keys below still work; they cost nothing unused).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExtrasOptions {
    /// `--explain`: print and show the computer's numbers for each move.
    pub explain: bool,
    /// `--two-player`: a second person drags black (the Connect Four lab's hot seat).
    pub two_player: bool,
    /// `--moves`: list the moves in the left margin (the Gobang lab's step list).
    pub moves: bool,
    /// `--record FILE`: append each game's moves to FILE.
    pub record: Option<PathBuf>,
}

/// What a key press asks of the extras, on keys the original ignores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// R or F1: start a new game.
    Restart,
    /// U or Ctrl+Z: take back the human's last move and the computer's reply.
    Undo,
    /// Shift+U or Ctrl+Y: play them again.
    Redo,
    /// H: show (or hide) the values of the human's columns.
    Hint,
}

impl Command {
    /// The command a key press gives, if any: the one place keys are mapped.
    pub fn for_key(key: Key, ctrl: bool, shift: bool) -> Option<Command> {
        match (key, ctrl, shift) {
            (Key::R | Key::F1, false, _) => Some(Command::Restart),
            (Key::U, false, false) | (Key::Z, true, false) => Some(Command::Undo),
            (Key::U, false, true) | (Key::Y, true, _) | (Key::Z, true, true) => Some(Command::Redo),
            (Key::H, false, _) => Some(Command::Hint),
            _ => None,
        }
    }
}

/// Everything the extras keep track of during a game.
pub struct ExtrasState {
    /// Which extras are on.
    pub options: ExtrasOptions,
    /// What computes hints (the game's own engine).
    engine: Arc<dyn Engine>,
    /// The look-ahead of hints, the game's `DIFFICULTY`.
    difficulty: u32,
    /// The board as the extras last saw it, so that each move can be told
    /// from the board alone.
    board: Board,
    /// The moves of this game, for undo, the move list and `--record`.
    pub history: MoveHistory,
    /// Whose turn it is while a human drags: red, but for the hot seat.
    pub to_move: Tile,
    /// What the overlay shows.
    pub overlay: Overlay,
    /// The text of the overlay, when it can be drawn.
    text: Option<Box<dyn Typesetter>>,
    /// The move list's small red and black tokens.
    icons: [RgbaImage; 2],
    /// Where `--record` writes.
    record: Option<RecordFile>,
    /// Whether the lines below also go to stdout.
    echo: bool,
    /// Every line `--explain` and H have printed.
    pub said: Vec<String>,
}

/// The extras, as the game's hooks. A handle on shared state: the hot seat's
/// own loop holds a second handle between the twins' calls. `Rc<RefCell<..>>`
/// is Rust's shared, mutable value for one thread: `borrow_mut` checks at
/// run time that no two borrows overlap, as the compiler checks `&mut`.
#[derive(Clone)]
pub struct Extras(pub Rc<RefCell<ExtrasState>>);

impl Extras {
    /// The extras of `options` for a game of `settings` drawn with
    /// `images`, searching hints with `engine`, writing text with `text`
    /// (if any), printing their lines on stdout if `echo`. Opens the
    /// `--record` file, if any.
    pub fn new(
        options: ExtrasOptions,
        settings: &Settings,
        images: &Images,
        engine: Arc<dyn Engine>,
        text: Option<Box<dyn Typesetter>>,
        echo: bool,
    ) -> Result<Extras, Error> {
        let record = options.record.as_deref().map(RecordFile::open).transpose()?;
        let overlay = Overlay { values: None, moves: options.moves.then(Vec::new) };
        Ok(Extras(Rc::new(RefCell::new(ExtrasState {
            options,
            engine,
            difficulty: settings.difficulty,
            board: get_new_board(settings.board_width, settings.board_height),
            history: MoveHistory::default(),
            to_move: Tile::Red,
            overlay,
            text,
            icons: [&images.red_token, &images.black_token]
                .map(|image| smoothscale(image, 12, 12, ScaleBackend::native())),
            record,
            echo,
            said: Vec::new(),
        }))))
    }
}

impl ExtrasState {
    /// Prints one line of the extras' output (and keeps it). A closed
    /// stdout ends the game quietly.
    fn say(&mut self, line: String) -> Result<(), Stop> {
        if self.echo {
            let mut out = std::io::stdout().lock();
            if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
                return Err(Stop::Quit);
            }
        }
        self.said.push(line);
        Ok(())
    }

    /// Brings the move list up to date with the history.
    fn refresh_moves(&mut self) {
        if let Some(moves) = &mut self.overlay.moves {
            moves.clone_from(&self.history.played);
        }
    }

    /// Takes back the last move of `to_move` and any reply (in the hot seat,
    /// with `one_move`, the last move only) on `board`; returns whether
    /// anything was taken back.
    pub fn undo(&mut self, board: &mut Board, one_move: bool) -> bool {
        let taken = self.history.undo(board, self.to_move, one_move);
        self.synced(board);
        !taken.is_empty()
    }

    /// Plays again what the last undo took back; returns whether anything was.
    pub fn redo(&mut self, board: &mut Board) -> bool {
        let replayed = self.history.redo(board);
        self.synced(board);
        !replayed.is_empty()
    }

    /// After `board` changed other than by a move: the hint is stale.
    fn synced(&mut self, board: &Board) {
        self.board = board.clone();
        self.overlay.values = None;
        self.refresh_moves();
    }

    /// H: shows the values of `to_move`'s columns, or hides them. The
    /// search runs where `io` runs searches (on the window's worker thread).
    fn hint(&mut self, io: &mut dyn Frontend) -> Result<(), Stop> {
        if self.overlay.values.as_ref().is_some_and(|v| v.hint) {
            self.overlay.values = None;
            return Ok(());
        }
        let board = self.board.clone();
        let values =
            think_potential_moves(io, &self.engine, &board, self.to_move, self.difficulty)?;
        self.show_values(&board, self.to_move, values, None)
    }

    /// Shows the values behind a choice (`chosen`: the computer's column)
    /// or a hint (`None`): the `--explain` line and the overlay, with each
    /// column's exact result when the engine knows it.
    fn show_values(
        &mut self,
        board: &Board,
        tile: Tile,
        values: Vec<f64>,
        chosen: Option<usize>,
    ) -> Result<(), Stop> {
        // The rule of getComputerMove's two loops: for a choice, the very
        // numbers it used.
        let (fitness, best) = best_moves(board, &values);
        let engine = self.engine.describe(board, self.difficulty);
        self.say(explain_line(board, tile, &values, fitness, &best, chosen, &engine))?;
        let results = self.engine.results(board, tile);
        let hint = chosen.is_none();
        self.overlay.values = Some(ColumnValues { tile, values, best, hint, results });
        Ok(())
    }

    /// How the game on the extras' board ended, given how `run_game` ended.
    fn result(&self, ended: &Result<(), Stop>) -> RecordResult {
        if is_winner(&self.board, Tile::Red) {
            RecordResult::Red
        } else if is_winner(&self.board, Tile::Black) {
            RecordResult::Black
        } else if is_board_full(&self.board) {
            RecordResult::Tie
        } else if matches!(ended, Err(Stop::Restart)) {
            RecordResult::Restarted
        } else {
            RecordResult::Unfinished
        }
    }
}

impl Hooks for Extras {
    fn draw_overlay(&mut self, display: &mut Display, layout: &Layout) {
        let state = &mut *self.0.borrow_mut();
        if let (false, Some(text)) = (state.overlay.is_empty(), state.text.as_deref_mut()) {
            draw_overlay(display, layout, &state.overlay, text, &state.icons);
        }
    }

    fn event(
        &mut self,
        event: Event,
        board: &mut Board,
        io: &mut dyn Frontend,
    ) -> Result<(), Stop> {
        let Event::KeyDown { key, ctrl, shift } = event else {
            return Ok(());
        };
        let mut state = self.0.borrow_mut();
        let hot_seat = state.options.two_player;
        match Command::for_key(key, ctrl, shift) {
            None => Ok(()),
            Some(Command::Restart) => Err(Stop::Restart),
            // In the hot seat taking back a move changes whose turn it is: its own loop does it.
            Some(Command::Undo) if hot_seat => Err(Stop::Undo),
            Some(Command::Redo) if hot_seat => Err(Stop::Redo),
            Some(Command::Undo) => {
                state.undo(board, false);
                Ok(())
            }
            Some(Command::Redo) => {
                state.redo(board);
                Ok(())
            }
            Some(Command::Hint) => state.hint(io),
        }
    }

    fn computer_chose(
        &mut self,
        board: &Board,
        potential_moves: &[f64],
        column: usize,
    ) -> Result<(), Stop> {
        let mut state = self.0.borrow_mut();
        if !state.options.explain {
            return Ok(());
        }
        state.show_values(board, Tile::Black, potential_moves.to_vec(), Some(column))
    }

    fn moved(&mut self, board: &Board) -> Result<(), Stop> {
        let mut state = self.0.borrow_mut();
        // The one cell that was empty and now holds a token is the move.
        let new = (0..board.width()).find_map(|x| {
            (0..board.height())
                .find(|&y| state.board[x][y] == EMPTY && board[x][y] != EMPTY)
                .and_then(|y| board[x][y].map(|tile| (tile, x)))
        });
        if let Some((tile, column)) = new {
            state.history.play((tile, column));
            // A move answers the hint; the computer's explained values stay
            // on show until the human has moved.
            if tile == Tile::Red || state.options.two_player {
                state.overlay.values = None;
            }
        }
        state.board = board.clone();
        state.refresh_moves();
        Ok(())
    }

    fn game_ended(&mut self, ended: Result<(), Stop>) -> Result<(), Stop> {
        let mut state = self.0.borrow_mut();
        let result = state.result(&ended);
        let (width, height) = (state.board.width(), state.board.height());
        let played = std::mem::take(&mut state.history).played;
        if let (Some(file), Some(&(first, _))) = (&mut state.record, played.first()) {
            file.write(&GameRecord {
                width,
                height,
                first,
                moves: played.iter().map(|&(_, column)| column).collect(),
                result,
            })?;
        }
        state.board = get_new_board(width, height);
        state.overlay.values = None;
        state.refresh_moves();
        match ended {
            Err(Stop::Restart) => Ok(()),
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_map_to_commands_in_one_place() {
        assert_eq!(Command::for_key(Key::R, false, false), Some(Command::Restart));
        assert_eq!(Command::for_key(Key::F1, false, false), Some(Command::Restart));
        assert_eq!(Command::for_key(Key::U, false, false), Some(Command::Undo));
        assert_eq!(Command::for_key(Key::Z, true, false), Some(Command::Undo));
        assert_eq!(Command::for_key(Key::U, false, true), Some(Command::Redo));
        assert_eq!(Command::for_key(Key::Y, true, false), Some(Command::Redo));
        assert_eq!(Command::for_key(Key::H, false, false), Some(Command::Hint));
        assert_eq!(Command::for_key(Key::Z, false, false), None);
        assert_eq!(Command::for_key(Key::Escape, false, false), None);
        assert_eq!(Command::for_key(Key::Other, true, true), None);
    }
}

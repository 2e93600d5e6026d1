//! THE EXTRAS: what the original lacks, from its tutorial and its sibling
//! programs: the explain overlay, hints, restart, undo and redo, hot-seat
//! play, a move list, and a record of the games played.
//!
//! None of it changes the default game. Each extra is switched on by an
//! option ([`ExtrasOptions`]) or by a key the original ignores
//! ([`Action`]); it reaches the twins only through the port's
//! [`Hooks`], which [`Extras`] implements. What the player asks for comes
//! back out of the twins as a value ([`Command`]) that the game acts on,
//! and the hot seat ([`hot_seat`]) plays its turns with the twins and shows
//! its results with theirs.
//! With no extra used, the frames are the Python's, pixel for pixel.

pub mod explain;
pub mod history;
pub mod hot_seat;
pub mod overlay;
pub mod record;

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::error::{Error, Stop};
use crate::fourinrow::engine::choice;
use crate::fourinrow::port::board::{is_board_full, is_winner, make_move, Board, Tile};
use crate::fourinrow::port::engine::{Engine, Reply};
use crate::fourinrow::port::hooks::{Command, Hooks};
use crate::fourinrow::port::images::Images;
use crate::fourinrow::port::settings::{BoardSize, Layout, Settings};
use crate::io::pixels::{smoothscale, Display, RgbaImage, ScaleBackend};
use crate::io::{think, Event, Frontend, Key, Typesetter};
use explain::{column_results, engine_words, explain_line};
use history::MoveHistory;
use overlay::{draw_overlay, ColumnValues, Overlay};
use record::{GameRecord, RecordFile, RecordResult};

/// The extras switched on from the command line: its options under
/// "Extras", declared here once (the command line flattens them into the
/// game's). `Default` is none: the original game (the keys below still
/// work; they cost nothing unused).
#[derive(clap::Args, Clone, Debug, Default, PartialEq, Eq)]
pub struct ExtrasOptions {
    /// Extra: the window's title instead of the Python's "four in row" (the
    /// comparison kit names its windows with it)
    #[arg(long, value_name = "TEXT", help_heading = "Extras")]
    pub window_title: Option<String>,
    /// Extra: print the computer's potentialMoves, bestMoveFitness,
    /// bestMoves, column and engine for each move, and show each column's
    /// value above the board (best in yellow)
    #[arg(long, help_heading = "Extras")]
    pub explain: bool,
    /// Extra: hot seat, a second person drags black from its pile
    #[arg(long, help_heading = "Extras")]
    pub two_player: bool,
    /// Extra: list the moves in the left margin
    #[arg(long, help_heading = "Extras")]
    pub moves: bool,
    /// Extra: play a variant (with --replay, the script still sets the size)
    #[arg(long, value_name = "NAME", value_enum, help_heading = "Extras", conflicts_with_all = ["width", "height"])]
    pub preset: Option<Preset>,
    /// Extra: append each game to FILE, one line per game (`7x6 first=black
    /// moves=3,3,4 result=black`); `fourinrow analyze --record FILE` reads it
    #[arg(long, value_name = "FILE", help_heading = "Extras")]
    pub record: Option<PathBuf>,
}

/// A set of settings by name (`--preset`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Preset {
    /// the 5x5 lab version: a 5x5 board on cornflower blue
    Lab,
}

/// What a key press asks of the extras, on keys the original ignores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// R or F1: start a new game ([`Command::Restart`]); U or Ctrl+Z: take
    /// back the human's last move and the computer's reply
    /// ([`Command::Undo`]); Shift+U or Ctrl+Y: play them again
    /// ([`Command::Redo`]). The game carries these out.
    Command(Command),
    /// H: show (or hide) the values of the human's columns. The extras do
    /// it themselves, and the turn goes on.
    Hint,
}

impl Action {
    /// The action a key press gives, if any: the one place keys are mapped.
    pub fn for_key(key: Key, ctrl: bool, shift: bool) -> Option<Action> {
        Some(match (key, ctrl, shift) {
            (Key::R | Key::F1, false, _) => Action::Command(Command::Restart),
            (Key::U, false, false) | (Key::Z, true, false) => Action::Command(Command::Undo),
            (Key::U, false, true) | (Key::Y, true, _) | (Key::Z, true, true) => {
                Action::Command(Command::Redo)
            }
            (Key::H, false, _) => Action::Hint,
            _ => return None,
        })
    }
}

/// The extras, with everything they keep track of during a game: the
/// hooks of the game they are given to, which owns them
/// (`Game<'_, Extras>`), so that whoever plays reads them as `g.hooks`.
pub struct Extras {
    /// Which extras are on.
    pub options: ExtrasOptions,
    /// What computes hints (the game's own engine).
    engine: Arc<dyn Engine>,
    /// The look-ahead of hints, the game's `DIFFICULTY`.
    difficulty: u32,
    /// The board's size, for `--record`.
    size: BoardSize,
    /// The moves of this game, for undo, the move list and `--record`.
    pub history: MoveHistory,
    /// How the game ended, once a move has ended it.
    outcome: Option<RecordResult>,
    /// Whether the player abandoned the game for a new one.
    restarted: bool,
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
    /// Says "stop" to the engine's pondering of the human's position, if
    /// it was given any: set once that position has gone.
    pondering: Option<Arc<AtomicBool>>,
}

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
        let size = BoardSize::new(settings.board_width, settings.board_height)
            .map_err(|e| Error::Internal(format!("the extras were given a board of {e}")))?;
        Ok(Extras {
            options,
            engine,
            difficulty: settings.difficulty,
            size,
            history: MoveHistory::default(),
            outcome: None,
            restarted: false,
            to_move: Tile::Red,
            overlay,
            text,
            icons: [&images.red_token, &images.black_token]
                .map(|image| smoothscale(image, 12, 12, ScaleBackend::native())),
            record,
            echo,
            said: Vec::new(),
            pondering: None,
        })
    }

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

    /// While `tile`'s player thinks about `after` (from the computer's
    /// choice on, while its token falls; from an undo or a redo; in the
    /// hot seat, from the start of each turn), the engine works out that
    /// player's hint and the replies to each column in the background, if
    /// it can, so that H finds them done or under way. The game never
    /// waits for it: a move, a command or the game's end stops it.
    fn ponder(&mut self, after: Board, tile: Tile, io: &mut dyn Frontend) {
        self.stop_pondering();
        if !self.engine.ponders() {
            return;
        }
        if is_winner(&after, Tile::Black) || is_winner(&after, Tile::Red) || is_board_full(&after) {
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        self.pondering = Some(Arc::clone(&stop));
        let engine = Arc::clone(&self.engine);
        io.ponder(Box::new(move || engine.ponder(&after, tile, &stop)));
    }

    /// Stops the pondering, if any: its position has gone.
    fn stop_pondering(&mut self) {
        if let Some(stop) = self.pondering.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Brings the move list up to date with the history.
    fn refresh_moves(&mut self) {
        if let Some(moves) = &mut self.overlay.moves {
            moves.clone_from(&self.history.played);
        }
    }

    /// H: shows the values of `to_move`'s columns on `board`, or hides
    /// them. The search runs where `io` runs searches (on the window's
    /// worker thread) on a copy of the board and the engine; nothing of the
    /// extras is held meanwhile.
    fn hint(&mut self, board: &Board, io: &mut dyn Frontend) -> Result<(), Stop> {
        if self.overlay.values.as_ref().is_some_and(|v| v.hint) {
            self.overlay.values = None;
            return Ok(());
        }
        let (engine, dupe_board) = (Arc::clone(&self.engine), board.clone());
        let (tile, difficulty) = (self.to_move, self.difficulty);
        let reply = think(io, move || engine.reply(&dupe_board, tile, difficulty))?;
        self.show_values(board, tile, &reply, None)
    }

    /// Shows the engine's reply behind a choice (`chosen`: the computer's
    /// column) or a hint (`None`): the `--explain` line and the overlay,
    /// with each column's exact result when the engine proved it.
    fn show_values(
        &mut self,
        board: &Board,
        tile: Tile,
        reply: &Reply,
        chosen: Option<usize>,
    ) -> Result<(), Stop> {
        // The columns getComputerMove chooses among: for a choice, the very
        // columns it used.
        let (fitness, best) = choice(board, reply);
        let values = &reply.potential_moves;
        let engine = engine_words(reply);
        self.say(explain_line(board, tile, values, fitness, &best, chosen, &engine))?;
        let results = reply.exact.as_ref().map(column_results);
        let (values, hint) = (values.clone(), chosen.is_none());
        self.overlay.values = Some(ColumnValues { tile, values, best, hint, results });
        Ok(())
    }
}

impl Hooks for Extras {
    fn draw_overlay(&mut self, display: &mut Display, layout: &Layout) {
        if let (false, Some(text)) = (self.overlay.is_empty(), self.text.as_deref_mut()) {
            draw_overlay(display, layout, &self.overlay, text, &self.icons);
        }
    }

    fn event(
        &mut self,
        event: Event,
        board: &Board,
        io: &mut dyn Frontend,
    ) -> Result<Option<Command>, Stop> {
        let Event::KeyDown { key, ctrl, shift } = event else {
            return Ok(None);
        };
        match Action::for_key(key, ctrl, shift) {
            None => Ok(None),
            Some(Action::Command(command)) => {
                // A restart ends the game as soon as the twin hands it back.
                self.restarted = command == Command::Restart;
                Ok(Some(command))
            }
            // In the hot seat black drags in the mirror (`hot_seat`): the
            // twin's board then has the colours swapped.
            Some(Action::Hint) if self.to_move == Tile::Black => {
                self.hint(&swap_colours(board), io).map(|()| None)
            }
            Some(Action::Hint) => self.hint(board, io).map(|()| None),
        }
    }

    fn asked(
        &mut self,
        command: Command,
        board: &mut Board,
        tile: Tile,
        io: &mut dyn Frontend,
    ) -> bool {
        let changed = match command {
            // In the hot seat one move goes back, and the turn with it.
            Command::Undo => !self.history.undo(board, tile, self.options.two_player).is_empty(),
            Command::Redo => !self.history.redo(board).is_empty(),
            // The game carries a restart out by leaving.
            Command::Restart => false,
        };
        // The hint is stale. A board that changed is the human's new
        // position, pondered instead of the old one (in the hot seat the
        // turn passes, and the next turn ponders it).
        self.overlay.values = None;
        self.refresh_moves();
        if changed && !self.options.two_player {
            self.ponder(board.clone(), tile, io);
        }
        changed
    }

    fn computer_chose(
        &mut self,
        board: &Board,
        reply: &Reply,
        column: usize,
        io: &mut dyn Frontend,
    ) -> Result<(), Stop> {
        let mut after = board.clone();
        make_move(&mut after, Tile::Black, column);
        self.ponder(after, Tile::Red, io);
        if !self.options.explain {
            return Ok(());
        }
        self.show_values(board, Tile::Black, reply, Some(column))
    }

    fn moved(&mut self, board: &Board, tile: Tile, column: usize) -> Result<(), Stop> {
        // The human's move ends the pondering of the position it was
        // made in; the computer's is the very position pondered.
        if tile == Tile::Red {
            self.stop_pondering();
        }
        self.history.play((tile, column));
        // A move answers the hint; the computer's explained values stay
        // on show until the human has moved.
        if tile == Tile::Red || self.options.two_player {
            self.overlay.values = None;
        }
        self.outcome = if is_winner(board, tile) {
            Some(if tile == Tile::Red { RecordResult::Red } else { RecordResult::Black })
        } else if is_board_full(board) {
            Some(RecordResult::Tie)
        } else {
            None
        };
        self.refresh_moves();
        Ok(())
    }

    fn game_ended(&mut self, ended: Result<(), Stop>) -> Result<(), Stop> {
        let result = match (self.outcome.take(), std::mem::take(&mut self.restarted)) {
            (Some(outcome), _) => outcome,
            (None, true) => RecordResult::Restarted,
            (None, false) => RecordResult::Unfinished,
        };
        self.stop_pondering();
        let played = std::mem::take(&mut self.history).played;
        if let (Some(file), Some(&(first, _))) = (&mut self.record, played.first()) {
            file.write(&GameRecord {
                size: self.size,
                first,
                moves: played.iter().map(|&(_, column)| column).collect(),
                result,
            })?;
        }
        self.overlay.values = None;
        self.refresh_moves();
        ended
    }
}

/// The board with every red token black and every black token red.
pub fn swap_colours(board: &Board) -> Board {
    let mut swapped = board.clone();
    for x in 0..board.width() {
        for y in 0..board.height() {
            swapped[x][y] = board[x][y].map(Tile::enemy);
        }
    }
    swapped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_map_to_commands_in_one_place() {
        let command = |c| Some(Action::Command(c));
        assert_eq!(Action::for_key(Key::R, false, false), command(Command::Restart));
        assert_eq!(Action::for_key(Key::F1, false, false), command(Command::Restart));
        assert_eq!(Action::for_key(Key::U, false, false), command(Command::Undo));
        assert_eq!(Action::for_key(Key::Z, true, false), command(Command::Undo));
        assert_eq!(Action::for_key(Key::U, false, true), command(Command::Redo));
        assert_eq!(Action::for_key(Key::Y, true, false), command(Command::Redo));
        assert_eq!(Action::for_key(Key::H, false, false), Some(Action::Hint));
        assert_eq!(Action::for_key(Key::Z, false, false), None);
        assert_eq!(Action::for_key(Key::Escape, false, false), None);
        assert_eq!(Action::for_key(Key::Other, true, true), None);
    }
}

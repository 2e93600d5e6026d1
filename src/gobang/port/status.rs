//! Twins of `status.py`: class `State`, the game's state, in the Python's order.

use crate::error::{Error, Stop};
use crate::gobang::port::hooks::Hooks;
use crate::gobang::port::robot::{first_empty, Maps, Stone, AI, EMPTY_MAPS, NO_POINT};
use crate::gobang::port::setup::{L_BORDER, SPACE, T_BORDER, WINDOW_H, WINDOW_W};
use crate::io::pixels::Display as Screen;
use crate::io::{think, Frontend};

/// The window's caption: `pygame.display.set_caption('五子棋')`.
pub const CAPTION: &str = "五子棋";

/// One entry of `step_list`: `(step_count, turn, (row, col))`.
pub type Step = (u32, u8, (i32, i32));

/// What `humanPiece` and `aiPiece` return: the Python's tuple
/// `(pos, turn, result_text, starting, step_list)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The point's pixel centre.
    pub pos: (i32, i32),
    /// Who moved: 1 black, 0 white.
    pub turn: u8,
    /// `'Black wins'`, `'White wins'`, `'The game has drawn'` or `None`.
    pub result_text: Option<&'static str>,
    /// Whether the game goes on.
    pub starting: bool,
    /// The moves so far.
    pub step_list: Vec<Step>,
}

/// The Python's `class State`.
///
/// Its `screen` and `clock` live elsewhere here: the screen is the
/// [`Display`](crate::gobang::port::drawing::Display)'s (made by
/// [`State::define_screen`]), and the clock is the frontend's `tick`. Its
/// `ai`, which shares `maps` in the Python, is made from `maps` when asked
/// ([`State::ai_piece`]).
#[derive(Clone, Debug)]
pub struct State {
    /// `self.maps`: `maps[row][col]`.
    pub maps: Maps,
    /// `self.step_count`.
    pub step_count: u32,
    /// `self.step_list`.
    pub step_list: Vec<Step>,
    /// `self.turn`: 1 black moved last, 0 white (or nobody yet).
    pub turn: u8,
    /// `self.starting`: the game goes on.
    pub starting: bool,
    /// Not in the Python: the extras' hooks (none by default).
    pub hooks: Hooks,
    /// Not in the Python: how many times `reStart` has run, so an extra
    /// (the record) sees a new game begin.
    pub games: u32,
}

impl Default for State {
    fn default() -> State {
        State::new()
    }
}

impl State {
    /// Python: State.__init__(self)
    pub fn new() -> State {
        State {
            maps: EMPTY_MAPS,
            step_count: 0,
            step_list: Vec::new(),
            turn: 0,
            starting: true,
            hooks: Hooks::default(),
            games: 0,
        }
    }

    /// Python: State.defineScreen()
    ///
    /// `set_mode((WINDOW_W, WINDOW_H))`; the window's icon and caption
    /// ([`CAPTION`]) are set where the window is opened.
    pub fn define_screen() -> Screen {
        Screen::new(WINDOW_W as usize, WINDOW_H as usize)
    }

    /// Python: State.reStart(self)
    pub fn re_start(&mut self) {
        self.maps = EMPTY_MAPS;
        self.turn = 0;
        self.starting = true;
        self.step_count = 0;
        self.step_list = Vec::new();
        self.games += 1; // Not in the Python: a new game, for the record.
    }

    /// Python: State.startGame(self)
    pub fn start_game(&self) -> bool {
        self.starting
    }

    /// Python: State.humanPiece(self)
    pub fn human_piece(&mut self, io: &dyn Frontend) -> Option<Piece> {
        let (x, y) = io.mouse_pos();
        let pos = AI::change_pos(x, y)?;
        if self.change_data(pos.1 .0, pos.1 .1, self.turn) {
            let result_text = self.result_text(pos.1);
            if result_text.is_some() {
                self.starting = false;
            }
            self.step_count += 1;
            self.step_list.push((self.step_count, self.turn, pos.1));
            return Some(Piece {
                pos: pos.0,
                turn: self.turn,
                result_text,
                starting: self.starting,
                step_list: self.step_list.clone(),
            });
        }
        None
    }

    /// Python: State.aiPiece(self)
    ///
    /// `self.ai.layerOne()` runs through the frontend (on a worker thread
    /// in the window) on a copy of `maps`; the line it prints is printed
    /// when it is done. A copy differs from the Python's shared board in
    /// one case only: when the AI finds a five, the Python leaves its trial
    /// stone on the board, `changeData` refuses the point and the game
    /// stops with a TypeError; here the five is played and shown. (With two
    /// points left the AI can answer no point at all, and the Python stops
    /// too; here the first empty point is played.)
    pub fn ai_piece(&mut self, io: &mut dyn Frontend) -> Result<Option<Piece>, Stop> {
        let mut ai = AI::new(self.maps);
        let (engine, stone) =
            (self.hooks.engine, if self.turn == 1 { Stone::White } else { Stone::Black });
        let (pos_n, printed) = think(io, move || {
            let mut printed = Vec::new();
            let pos = match engine {
                // Not in the Python: another engine chooses, if chosen.
                Some(engine) => engine(&ai.maps, stone).unwrap_or(NO_POINT),
                None => ai.layer_one(&mut |line| printed.push(line)),
            };
            (pos, printed)
        })?;
        for line in printed {
            io.print(&line)?;
        }
        // Not in the Python: with two points left the AI may answer
        // (-1, -1) and the Python stops with a TypeError; the port plays on.
        let Some(pos_n) =
            Some(pos_n).filter(|p| AI::in_board(p.0, p.1)).or(first_empty(&self.maps))
        else {
            return Err(Stop::Failed(Error::Internal(
                "the AI was asked to move on a full board".into(),
            )));
        };
        if self.change_data(pos_n.0, pos_n.1, self.turn) {
            let result_text = self.result_text(pos_n);
            if result_text.is_some() {
                self.starting = false;
            }
            self.step_count += 1;
            self.step_list.push((self.step_count, self.turn, pos_n));
            let pos_c = (pos_n.1 * SPACE + L_BORDER, pos_n.0 * SPACE + T_BORDER);
            return Ok(Some(Piece {
                pos: pos_c,
                turn: self.turn,
                result_text,
                starting: self.starting,
                step_list: self.step_list.clone(),
            }));
        }
        Ok(None)
    }

    /// Python: State.changeData(self, x, y, turn)
    pub fn change_data(&mut self, x: i32, y: i32, turn: u8) -> bool {
        let cell = &mut self.maps[x as usize][y as usize];
        if cell.is_none() {
            self.turn = if turn == 1 { 0 } else { 1 };
            *cell = Some(if self.turn == 1 { Stone::Black } else { Stone::White });
            return true;
        }
        false
    }

    /// Python: State.resultText(self, pos)
    pub fn result_text(&self, pos: (i32, i32)) -> Option<&'static str> {
        let result = match self.hooks.judge {
            // Not in the Python: the rules extra judges, if chosen.
            Some(judge) => judge(&self.maps, pos),
            None => AI::new(self.maps).judge_result(pos.0, pos.1),
        };
        match result {
            'B' => Some("Black wins"),
            'W' => Some("White wins"),
            'T' => Some("The game has drawn"),
            _ => None,
        }
    }

    /// Python: State.printMap(self)
    pub fn print_map(&self, io: &mut dyn Frontend) -> Result<(), Stop> {
        for row in &self.maps {
            let line: String = row
                .iter()
                .map(|s| match s {
                    Some(Stone::White) => " O",
                    Some(Stone::Black) => " X",
                    None => " .",
                })
                .collect();
            io.print(&line)?;
        }
        Ok(())
    }
}

//! The undo-lab tutorial's game on the step-list Gobang's twins
//! (`--preset undo-lab`): its AI plays black and opens at the centre;
//! undo, redo and restart buttons; its messages and their timings:
//!
//! - restart: 游戏重新开始 ("New game") for a second, then a new game;
//! - a click on a taken point: 该位置已有棋子 ("That point is taken") for 0.3 s;
//! - a win: the winner's message (黑棋获胜，游戏5秒后重新开始, "Black wins,
//!   new game in 5 s"), then a new game 5 s later.
//!
//! The labels are the lab's, in Chinese ([`Lang::Zh`], the preset's
//! default), drawn with a subset of Noto Sans CJK SC built into the binary
//! (`fonts/`): the lab is a Chinese tutorial, and a learner who puts it
//! beside the port finds its words where it puts them. `--lang en` writes
//! them in English ([`Lang::En`]), with DejaVu Sans as the rest of the panel.
//!
//! The lab blocks its loop while a message shows (`pg.time.delay`); here
//! the window keeps redrawing and ignores clicks and keys meanwhile.
//! Undo takes back the human's move and the AI's reply; redo plays them
//! again; a new move forgets what could be redone.
//!
//! With `--two-player` there is no AI: two people take turns, black first
//! (nobody opens for them), and undo and redo take back and replay one
//! move at a time, as Four in a Row's hot seat does.
//!
//! The extra owns its state ([`UndoLab`]) and reaches the twins through
//! the [`Extra`] hook, in two marked lines of `main.rs`: `frame` once a
//! frame, `on_event` for each event. It decides what to do as [`Command`]
//! values, which [`apply`] carries out on the twins' `State` and `Display`.

use crate::error::{Error, Stop};
use crate::gobang::port::drawing::{Display, Site};
use crate::gobang::port::extra::Extra;
use crate::gobang::port::robot::{Stone, AI};
use crate::gobang::port::setup::{
    L_BORDER, RIGHT_SIDE_STEP_TEXT_COLOR, RIGHT_SIDE_TEXT_SIZE, SPACE, T_BORDER,
};
use crate::gobang::port::status::State;
use crate::io::draw;
use crate::io::pixels::Rgb;
use crate::io::{Event, Frontend, Key};

/// How long "New game" shows: 1 s at 60 frames a second.
pub const RESTART_FRAMES: u32 = 60;
/// How long "That point is taken" shows: 0.3 s.
pub const TAKEN_FRAMES: u32 = 18;
/// How long the winner's message shows before a new game: 5 s.
pub const WIN_FRAMES: u32 = 300;

/// The panel's background, where the buttons stand.
const PANEL: Rgb = Rgb(128, 128, 128);
/// The messages' size and where their centre is: on the board, as the lab's.
const MESSAGE_SIZE: u16 = 24;
const MESSAGE_CENTRE: (i32, i32) = (L_BORDER + 7 * SPACE, 212);
/// The buttons' label size.
const LABEL_SIZE: u16 = 16;

/// The language of the lab's labels and messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    /// Chinese, as the lab writes them.
    #[default]
    Zh,
    /// English.
    En,
}

impl Lang {
    /// A button's label.
    pub fn label(self, button: Button) -> &'static str {
        match (self, button) {
            (Lang::Zh, Button::Undo) => "悔棋",
            (Lang::Zh, Button::Redo) => "恢复",
            (Lang::Zh, Button::Restart) => "重新开始",
            (Lang::En, Button::Undo) => "Undo",
            (Lang::En, Button::Redo) => "Redo",
            (Lang::En, Button::Restart) => "Restart",
        }
    }

    /// What the restart button shows for a second.
    pub fn new_game(self) -> &'static str {
        match self {
            Lang::Zh => "游戏重新开始",
            Lang::En => "New game",
        }
    }

    /// What a click on a taken point shows.
    pub fn taken(self) -> &'static str {
        match self {
            Lang::Zh => "该位置已有棋子",
            Lang::En => "That point is taken",
        }
    }

    /// What the end of a game shows: the winner, or a draw (which the lab,
    /// whose AI never lets the board fill, has no words for).
    pub fn result(self, winner: Option<Stone>) -> &'static str {
        match (self, winner) {
            (Lang::Zh, Some(Stone::Black)) => "黑棋获胜，游戏5秒后重新开始",
            (Lang::Zh, Some(Stone::White)) => "白棋获胜，游戏5秒后重新开始",
            (Lang::Zh, None) => "平局，游戏5秒后重新开始",
            (Lang::En, Some(Stone::Black)) => "Black wins, new game in 5 s",
            (Lang::En, Some(Stone::White)) => "White wins, new game in 5 s",
            (Lang::En, None) => "A draw, new game in 5 s",
        }
    }

    /// Every text the lab may draw in this language.
    pub fn texts(self) -> Vec<&'static str> {
        let mut texts: Vec<&str> = BUTTONS.iter().map(|b| self.label(b.0)).collect();
        texts.extend([self.new_game(), self.taken()]);
        texts.extend([Some(Stone::Black), Some(Stone::White), None].map(|w| self.result(w)));
        texts
    }
}

/// One of the lab's three buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    /// 悔棋: take back the human's move and the AI's reply (in the hot
    /// seat, the last move).
    Undo,
    /// 恢复: play again what undo took back.
    Redo,
    /// 重新开始: a new game, after "New game" for a second.
    Restart,
}

/// A box on the screen: `(x, y, w, h)`.
pub type Rect = (i32, i32, i32, i32);

/// The buttons: the lab's colour, and the box in the right-hand panel's
/// free space, between "Players" and "Step List".
pub const BUTTONS: [(Button, Rgb, Rect); 3] = [
    (Button::Undo, Rgb(255, 48, 48), (510, 125, 60, 26)),
    (Button::Redo, Rgb(65, 105, 225), (576, 125, 60, 26)),
    (Button::Restart, Rgb(0, 139, 0), (510, 160, 126, 26)),
];

/// The button at `(x, y)`, if any (inside its box, as the lab's `check_click`).
pub fn button_at((x, y): (i32, i32)) -> Option<Button> {
    BUTTONS
        .iter()
        .find(|(_, _, (bx, by, w, h))| *bx < x && x < bx + w && *by < y && y < by + h)
        .map(|b| b.0)
}

/// What the extra asks of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Take back the last moves, this many.
    TakeBack(usize),
    /// Play these points `(row, col)` again, in order.
    Replay(Vec<(i32, i32)>),
    /// Show a message (text, colour) for so many frames, then do `then`.
    Show(String, Rgb, u32, Box<Command>),
    /// A new game (the AI then opens).
    NewGame,
    /// The AI moves.
    AiMove,
    /// Draw the board again from the moves (a message goes).
    Redraw,
}

/// A message on show: frames left, and what comes after.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Message {
    frames_left: u32,
    then: Command,
}

/// The extra's own state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UndoLab {
    /// The labels' language.
    pub lang: Lang,
    /// Points taken back, the next to play again last.
    redo: Vec<(i32, i32)>,
    /// The message on show, if any.
    message: Option<Message>,
}

impl UndoLab {
    /// The lab's game, its labels in `lang`.
    pub fn new(lang: Lang) -> UndoLab {
        UndoLab { lang, ..UndoLab::default() }
    }

    /// What to do this frame: count a message down, or announce a result.
    pub fn tick(&mut self, state: &State) -> Vec<Command> {
        if let Some(message) = &mut self.message {
            message.frames_left = message.frames_left.saturating_sub(1);
            if message.frames_left == 0 {
                let then = message.then.clone();
                self.message = None;
                return vec![then];
            }
            return Vec::new();
        }
        if !state.starting {
            let result = state.step_list.last().and_then(|s| state.result_text(s.2));
            let (winner, color) = match result {
                Some("White wins") => (Some(Stone::White), Rgb(255, 255, 255)),
                Some("Black wins") => (Some(Stone::Black), Rgb(0, 0, 0)),
                _ => (None, Rgb(0, 0, 0)),
            };
            return vec![Command::Show(
                self.lang.result(winner).into(),
                color,
                WIN_FRAMES,
                Box::new(Command::NewGame),
            )];
        }
        Vec::new()
    }

    /// What to do with `event`, and whether the twin should not see it.
    pub fn event(&mut self, event: &Event, state: &State) -> (bool, Vec<Command>) {
        if self.message.is_some() {
            // The lab is asleep in pg.time.delay: nothing reaches it.
            return (!matches!(event, Event::Quit), Vec::new());
        }
        if let Event::KeyDown { key: Key::F1, .. } = event {
            // The step-list's own restart: what was taken back is gone.
            self.redo.clear();
        }
        let Event::MouseButtonDown { pos, button: 1 } = *event else {
            return (false, Vec::new());
        };
        let side_to_move = if state.turn == 1 { Rgb(255, 255, 255) } else { Rgb(0, 0, 0) };
        // The count starts with this frame's tick, after the events: one
        // more, so the message is on show for the whole time.
        let (restart_frames, taken_frames) = (RESTART_FRAMES + 1, TAKEN_FRAMES + 1);
        // How many moves undo takes back, and how many it leaves at least:
        // in the hot seat there is no AI, its move or its opening.
        let (take, keep) = if state.hooks.hot_seat { (1, 0) } else { (2, 1) };
        match button_at(pos) {
            Some(Button::Undo) => {
                // Against the AI, the human's move and the AI's reply, and
                // the AI's opening stays; in the hot seat, the last move.
                let n = state.step_list.len();
                if state.starting && n >= take + keep {
                    self.redo.extend(state.step_list[n - take..].iter().rev().map(|s| s.2));
                    return (true, vec![Command::TakeBack(take)]);
                }
                (true, Vec::new())
            }
            Some(Button::Redo) => {
                if state.starting && self.redo.len() >= take {
                    let at = self.redo.len() - take;
                    let points = self.redo.split_off(at).into_iter().rev().collect();
                    return (true, vec![Command::Replay(points)]);
                }
                (true, Vec::new())
            }
            Some(Button::Restart) => {
                self.redo.clear();
                let show = Command::Show(
                    self.lang.new_game().into(),
                    side_to_move,
                    restart_frames,
                    Box::new(Command::NewGame),
                );
                (true, vec![show])
            }
            None => match AI::change_pos(pos.0, pos.1) {
                Some((_, (x, y))) if state.starting => {
                    if state.maps[x as usize][y as usize].is_some() {
                        let show = Command::Show(
                            self.lang.taken().into(),
                            side_to_move,
                            taken_frames,
                            Box::new(Command::Redraw),
                        );
                        return (true, vec![show]);
                    }
                    // A new move: what was taken back cannot be replayed.
                    self.redo.clear();
                    (false, Vec::new())
                }
                _ => (false, Vec::new()),
            },
        }
    }
}

/// The pixel centre of point `(row, col)`.
fn centre((x, y): (i32, i32)) -> (i32, i32) {
    (y * SPACE + L_BORDER, x * SPACE + T_BORDER)
}

/// Draws the board, the panel and every move again, then the buttons.
pub fn redraw(state: &State, display: &mut Display, lang: Lang) {
    display.draw_chess_board();
    display.draw_right_side();
    for k in 0..state.step_list.len() {
        let step = state.step_list[k];
        let last = k + 1 == state.step_list.len();
        let result = if last { state.result_text(step.2) } else { None };
        display.draw_main(
            centre(step.2),
            step.1,
            result,
            !last || state.starting,
            &state.step_list[..=k],
        );
    }
    draw_buttons(display, state, lang);
}

/// The three buttons, drawn over their boxes (so drawing them again
/// changes nothing), and the players' names the other way round: the
/// AI plays black here (unless two people play).
pub fn draw_buttons(display: &mut Display, state: &State, lang: Lang) {
    if !state.hooks.hot_seat {
        draw::rect(&mut display.screen, PANEL, (535, 75, 90, 40));
        for (name, y) in [("AI", 77), ("Human", 97)] {
            display.draw_text(
                name,
                "",
                RIGHT_SIDE_TEXT_SIZE,
                RIGHT_SIDE_STEP_TEXT_COLOR,
                (535, y),
                Site::TopLeft,
            );
        }
    }
    for (button, color, (x, y, w, h)) in BUTTONS {
        let label = lang.label(button);
        draw::rect(&mut display.screen, PANEL, (x, y, w, h));
        draw::line(&mut display.screen, color, (x, y), (x + w - 1, y));
        draw::line(&mut display.screen, color, (x, y + h - 1), (x + w - 1, y + h - 1));
        draw::line(&mut display.screen, color, (x, y), (x, y + h - 1));
        draw::line(&mut display.screen, color, (x + w - 1, y), (x + w - 1, y + h - 1));
        display.draw_text(label, "", LABEL_SIZE, color, (x + w / 2, y + h / 2), Site::Center);
    }
}

/// Carries out `command` on the twins' state and display.
pub fn apply(
    command: Command,
    lab: &mut UndoLab,
    state: &mut State,
    display: &mut Display,
    io: &mut dyn Frontend,
) -> Result<(), Stop> {
    match command {
        Command::TakeBack(n) => {
            for _ in 0..n {
                if let Some((_, _, (x, y))) = state.step_list.pop() {
                    state.maps[x as usize][y as usize] = None;
                    state.step_count = state.step_count.saturating_sub(1);
                }
            }
            state.turn = state.step_list.last().map_or(0, |s| s.1);
            redraw(state, display, lab.lang);
        }
        Command::Replay(points) => {
            for (x, y) in points {
                if state.change_data(x, y, state.turn) {
                    state.step_count += 1;
                    state.step_list.push((state.step_count, state.turn, (x, y)));
                }
            }
            redraw(state, display, lab.lang);
        }
        Command::Show(text, color, frames, then) => {
            display.draw_text(&text, "", MESSAGE_SIZE, color, MESSAGE_CENTRE, Site::Center);
            lab.message = Some(Message { frames_left: frames, then: *then });
        }
        Command::NewGame => {
            state.re_start();
            lab.redo.clear();
            redraw(state, display, lab.lang);
        }
        Command::AiMove => {
            let piece = state.ai_piece(io)?.ok_or_else(|| {
                Stop::Failed(Error::Internal("the AI chose a point that is taken".into()))
            })?;
            display.draw_main(
                piece.pos,
                piece.turn,
                piece.result_text,
                piece.starting,
                &piece.step_list,
            );
            draw_buttons(display, state, lab.lang);
        }
        Command::Redraw => redraw(state, display, lab.lang),
    }
    Ok(())
}

impl Extra for UndoLab {
    /// Once a frame, after the events: the messages' timing, the
    /// announcement of a result, the AI's opening.
    fn frame(
        &mut self,
        state: &mut State,
        display: &mut Display,
        io: &mut dyn Frontend,
    ) -> Result<(), Stop> {
        for command in self.tick(state) {
            apply(command, self, state, display, io)?;
        }
        // The AI plays black: it opens each new game, in the frame it begins.
        if self.message.is_none()
            && state.starting
            && state.step_list.is_empty()
            && !state.hooks.hot_seat
        {
            apply(Command::AiMove, self, state, display, io)?;
        }
        draw_buttons(display, state, self.lang);
        Ok(())
    }

    /// For each event: whether the twin should not see it (a button, a
    /// taken point, anything while a message shows).
    fn on_event(
        &mut self,
        event: &Event,
        state: &mut State,
        display: &mut Display,
        io: &mut dyn Frontend,
    ) -> Result<bool, Stop> {
        let (swallow, commands) = self.event(event, state);
        for command in commands {
            apply(command, self, state, display, io)?;
        }
        Ok(swallow)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn click(pos: (i32, i32)) -> Event {
        Event::MouseButtonDown { pos, button: 1 }
    }

    /// A state with these points played, black first.
    fn played(points: &[(i32, i32)]) -> State {
        let mut state = State::new();
        for &(x, y) in points {
            assert!(state.change_data(x, y, state.turn));
            state.step_count += 1;
            state.step_list.push((state.step_count, state.turn, (x, y)));
        }
        state
    }

    const UNDO: (i32, i32) = (540, 138);
    const REDO: (i32, i32) = (606, 138);
    const RESTART: (i32, i32) = (573, 173);

    #[test]
    fn the_buttons_are_found_inside_their_boxes_only() {
        assert_eq!(button_at(UNDO), Some(Button::Undo));
        assert_eq!(button_at(REDO), Some(Button::Redo));
        assert_eq!(button_at(RESTART), Some(Button::Restart));
        assert_eq!(button_at((510, 138)), None, "the edge is outside, as in check_click");
        assert_eq!(button_at((260, 260)), None);
    }

    #[test]
    fn undo_takes_back_two_moves_and_keeps_the_opening() {
        let mut lab = UndoLab::default();
        let opening = played(&[(7, 7)]);
        assert_eq!(lab.event(&click(UNDO), &opening), (true, Vec::new()));
        let three = played(&[(7, 7), (7, 8), (6, 7)]);
        assert_eq!(lab.event(&click(UNDO), &three), (true, vec![Command::TakeBack(2)]));
        // Redo plays the human's move, then the AI's reply.
        assert_eq!(
            lab.event(&click(REDO), &opening),
            (true, vec![Command::Replay(vec![(7, 8), (6, 7)])])
        );
        assert_eq!(lab.event(&click(REDO), &three), (true, Vec::new()), "nothing left to redo");
    }

    #[test]
    fn in_the_hot_seat_undo_and_redo_take_one_move_down_to_none() {
        let hot = |points: &[(i32, i32)]| {
            let mut state = played(points);
            state.hooks.hot_seat = true;
            state
        };
        let mut lab = UndoLab::default();
        let (none, one, two) = (hot(&[]), hot(&[(7, 7)]), hot(&[(7, 7), (7, 8)]));
        assert_eq!(lab.event(&click(UNDO), &none), (true, Vec::new()), "nothing to take back");
        assert_eq!(lab.event(&click(UNDO), &two), (true, vec![Command::TakeBack(1)]));
        assert_eq!(lab.event(&click(UNDO), &one), (true, vec![Command::TakeBack(1)]));
        // Redo plays black's move first, then white's.
        assert_eq!(lab.event(&click(REDO), &none), (true, vec![Command::Replay(vec![(7, 7)])]));
        assert_eq!(lab.event(&click(REDO), &one), (true, vec![Command::Replay(vec![(7, 8)])]));
        assert_eq!(lab.event(&click(REDO), &two), (true, Vec::new()), "nothing left to redo");
    }

    #[test]
    fn a_new_move_or_f1_forgets_what_could_be_redone() {
        let three = played(&[(7, 7), (7, 8), (6, 7)]);
        let opening = played(&[(7, 7)]);
        for forget in
            [click((320, 320)), Event::KeyDown { key: Key::F1, ctrl: false, shift: false }]
        {
            let mut lab = UndoLab::default();
            lab.event(&click(UNDO), &three);
            assert!(!lab.event(&forget, &opening).0, "the twin sees it");
            assert_eq!(lab.event(&click(REDO), &opening), (true, Vec::new()));
        }
    }

    #[test]
    fn a_taken_point_shows_its_message_and_nothing_passes_meanwhile() {
        let mut lab = UndoLab::default();
        let state = played(&[(7, 7)]);
        let (swallowed, commands) = lab.event(&click((260, 260)), &state);
        assert!(swallowed);
        assert!(matches!(&commands[..], [Command::Show(text, _, n, then)]
            if text == "该位置已有棋子" && *n == TAKEN_FRAMES + 1 && **then == Command::Redraw));
        assert_eq!(state.maps[7][7], Some(Stone::Black));
    }
}

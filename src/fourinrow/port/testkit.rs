//! What the port's unit tests share: plain images drawn in code, and games
//! driven by replay scripts, so that the twins are tested with no SDL.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use crate::error::Stop;
use crate::fourinrow::engine::Faithful;
use crate::fourinrow::port::globals::Game;
use crate::fourinrow::port::hooks::Hooks;
use crate::fourinrow::port::images::Images;
use crate::fourinrow::port::settings::Settings;
use crate::io::pixels::{Display, RgbaImage};
use crate::io::replay::{parse_script, FrameSink, Replay};

/// The colour of the test tokens and of the board's frame.
pub const RED: [u8; 3] = [220, 10, 10];
/// See [`RED`].
pub const BLACK: [u8; 3] = [10, 10, 10];
/// See [`RED`].
pub const FRAME: [u8; 3] = [30, 30, 200];

/// An image of one colour, opaque where `inside(x, y)`.
pub fn image(
    w: usize,
    h: usize,
    [r, g, b]: [u8; 3],
    inside: impl Fn(usize, usize) -> bool,
) -> RgbaImage {
    let mut data = Vec::with_capacity(w * h * 4);
    for y in 0..h {
        for x in 0..w {
            data.extend_from_slice(&[r, g, b, if inside(x, y) { 255 } else { 0 }]);
        }
    }
    RgbaImage::from_rgba(w, h, data).expect("sizes match")
}

/// Tokens that fill their 50x50 cell, a board cell whose frame is 5 pixels
/// wide around a transparent hole, and panels and an arrow of the
/// original's sizes.
pub fn images() -> Images {
    let all = |_, _| true;
    Images {
        red_token: image(50, 50, RED, all),
        black_token: image(50, 50, BLACK, all),
        board: image(50, 50, FRAME, |x, y| x < 5 || y < 5 || x >= 45 || y >= 45),
        human_winner: image(281, 163, [0, 200, 0], all),
        computer_winner: image(379, 173, [200, 200, 0], all),
        tie_winner: image(207, 119, [200, 0, 200], all),
        arrow: image(250, 100, [250, 250, 250], |x, _| x < 10),
    }
}

/// Where a test's frames go: the frames asked for are kept whole, the rest
/// only counted (by the replay). No CRC-32 of every frame, as the frame
/// fixtures need: that was most of a game test's time.
#[derive(Default)]
pub struct Kept {
    /// Which frames to keep.
    pub keep: BTreeSet<u64>,
    /// The frames kept, RGB bytes row after row, by index.
    pub kept: BTreeMap<u64, Vec<u8>>,
}

impl FrameSink for Kept {
    fn frame(&mut self, index: u64, display: &Display) -> Result<(), Stop> {
        if self.keep.contains(&index) {
            self.kept.insert(index, display.rgb_bytes());
        }
        Ok(())
    }
}

/// A replay of the script `json` (with `"frames"`), keeping the frames `keep`.
pub fn replay(json: &str, keep: &[u64]) -> Replay<Kept> {
    let script = parse_script(json).expect("a valid test script");
    let mut sink = Kept::default();
    sink.keep.extend(keep);
    Replay::new(&script, sink)
}

/// A game of `settings` with the test images, the faithful engine, and `hooks`.
pub fn game<'a, H: Hooks>(settings: Settings, io: &'a mut Replay<Kept>, hooks: H) -> Game<'a, H> {
    Game::new(settings, images(), io, Arc::new(Faithful::default()), hooks)
}

/// A board from board text: rows top to bottom joined by `/`, `.` empty,
/// `R` red, `B` black (the tools' parser, written small for the tests).
pub fn board(text: &str) -> crate::fourinrow::port::board::Board {
    use crate::fourinrow::port::board::{get_new_board, Tile};
    let rows: Vec<&str> = text.split('/').collect();
    let mut b = get_new_board(rows[0].len(), rows.len());
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            b[x][y] = match c {
                'R' => Some(Tile::Red),
                'B' => Some(Tile::Black),
                _ => None,
            };
        }
    }
    b
}

/// How long a test's search or game may take: they take milliseconds.
pub const SECONDS: u64 = 10;

/// What `f` returns, computed on a thread of its own; the test fails if it
/// takes over `secs` seconds. A search or a game loop broken so that it
/// never ends (as cargo-mutants breaks them) then fails its test in bounded
/// time instead of hanging the test run; the runaway thread is left behind
/// and ends with the test process.
pub fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (sender, receiver) = mpsc::channel();
    let worker = thread::spawn(move || {
        let _ = sender.send(f());
    });
    match receiver.recv_timeout(Duration::from_secs(secs)) {
        Ok(value) => value,
        Err(RecvTimeoutError::Timeout) => panic!("not done within {secs} s"),
        // `f` panicked: fail with its panic.
        Err(RecvTimeoutError::Disconnected) => match worker.join() {
            Err(panic) => std::panic::resume_unwind(panic),
            Ok(()) => unreachable!("the worker sends before it ends"),
        },
    }
}

//! The real window: SDL2's event pump, the window surface, and the clock.
//!
//! Python gets all of this from `pygame.init()`, `display.set_mode()` and
//! `time.Clock()`. Here [`Window`] opens the window, copies the display to
//! it, paces frames, and turns SDL events into the game's [`Event`]s;
//! [`Live`] is the [`Frontend`] a player plays through, and [`Watch`] shows
//! a replay.
//!
//! Where the port is better than the original, on purpose: frames are
//! paced (the original's `tick()` has no frame rate and burns a core), the
//! AI's search runs on a worker thread while the window stays alive, and
//! closing the window quits within a frame, even during an animation.

use std::collections::VecDeque;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use std::io::Write;

use sdl2::event::{Event as SdlEvent, WindowEvent};
use sdl2::keyboard::{Keycode, Mod};
use sdl2::mouse::MouseButton;
use sdl2::pixels::PixelFormatEnum;
use sdl2::surface::Surface;
use sdl2::EventPump;

use crate::error::{Error, Stop};
use crate::io::chance::Chance;
use crate::io::pixels::{Display, RgbaImage};
use crate::io::replay::FrameSink;
use crate::io::signals;
use crate::io::{Answer, Event, Frontend, Key, Search, Work};

/// How the window is made: its title, size and place, and the frame rate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WindowSpec {
    /// The title: `pygame.display.set_caption(...)`.
    pub caption: String,
    /// Width and height in pixels: `pygame.display.set_mode((w, h))`.
    pub size: (u32, u32),
    /// Where its top-left corner goes on the desktop; `None` centres it.
    pub position: Option<(i32, i32)>,
    /// Frames per second that `tick` paces to.
    pub fps: u32,
}

/// The open window with its event pump and frame clock.
pub struct Window {
    // Field order is drop order: the window goes before the subsystems that made it.
    /// A surface of the display's size and format, that `show` copies the
    /// display into and SDL blits to the window (converting if it must).
    scratch: Surface<'static>,
    window: sdl2::video::Window,
    event_pump: EventPump,
    _video: sdl2::VideoSubsystem,
    _sdl: sdl2::Sdl,
    /// Events taken from SDL but not yet handed to the game.
    pending: VecDeque<Event>,
    /// Where the mouse was last seen: pygame reports a wheel notch as a
    /// click there.
    mouse: (i32, i32),
    frame_time: Duration,
    last_tick: Instant,
}

impl Window {
    /// Starts SDL and opens the window. Python: `pygame.init()`,
    /// `pygame.display.set_mode((WINDOWWIDTH, WINDOWHEIGHT))`, `set_caption`.
    pub fn open(spec: &WindowSpec) -> Result<Window, Error> {
        let no_display = |e: String| {
            Error::Sdl(format!(
                "cannot open a window ({}); with no display, run with SDL_VIDEODRIVER=dummy, \
                 or use --replay SCRIPT.json --dump-frames DIR",
                e.trim()
            ))
        };
        // The window surface is plain memory sent to the display (as pygame's
        // is), not an OpenGL texture: with software GL that costs a core.
        sdl2::hint::set("SDL_FRAMEBUFFER_ACCELERATION", "0");
        let sdl = sdl2::init().map_err(|e| Error::Sdl(format!("cannot start SDL: {e}")))?;
        let video = sdl.video().map_err(no_display)?;
        // With no display at all, SDL 2.26 quietly picks its "offscreen"
        // driver: the game would play in a window nobody can see, forever.
        let driver = video.current_video_driver();
        let asked = std::env::var("SDL_VIDEODRIVER").ok();
        if unseen_without_asking(driver, asked.as_deref()) {
            return Err(no_display(format!(
                "no display found: SDL fell back to its '{driver}' driver"
            )));
        }
        let (width, height) = spec.size;
        let mut builder = video.window(&spec.caption, width, height);
        match spec.position {
            Some((x, y)) => builder.position(x, y),
            None => builder.position_centered(),
        };
        let window = builder.build().map_err(|e| no_display(e.to_string()))?;
        if let Some((x, y)) = spec.position {
            let count = video.num_video_displays().unwrap_or(0);
            let screens: Vec<(i32, i32, u32, u32)> = (0..count)
                .filter_map(|i| video.display_bounds(i).ok())
                .map(|r| (r.x(), r.y(), r.width(), r.height()))
                .collect();
            if !screens.is_empty() && !on_a_screen((x, y, width, height), &screens) {
                // A warning, not an error: pygame puts it there too, and a
                // screen may yet be plugged in.
                let _ = writeln!(
                    std::io::stderr(),
                    "fourinrow: warning: a window at {x},{y} is off every screen; \
                     give a --window-pos on one, or none to centre it"
                );
            }
        }
        let scratch = Surface::new(width, height, PixelFormatEnum::RGB888)
            .map_err(|e| Error::Sdl(format!("cannot create the display surface: {e}")))?;
        let event_pump =
            sdl.event_pump().map_err(|e| Error::Sdl(format!("cannot read events: {e}")))?;
        Ok(Window {
            scratch,
            window,
            event_pump,
            _video: video,
            _sdl: sdl,
            pending: VecDeque::new(),
            mouse: (0, 0),
            frame_time: Duration::from_secs(1) / spec.fps.max(1),
            last_tick: Instant::now(),
        })
    }

    /// Sets the window's icon. Python: `pygame.display.set_icon(image)`.
    pub fn set_icon(&mut self, image: &RgbaImage) -> Result<(), Error> {
        let cannot = |e: String| Error::Sdl(format!("cannot set the window's icon: {e}"));
        let (w, h) = (image.width() as u32, image.height() as u32);
        // ABGR8888 is R, G, B, A in memory order on little-endian machines,
        // RGBA32 on all.
        let mut icon = Surface::new(w, h, PixelFormatEnum::RGBA32).map_err(cannot)?;
        let pitch = icon.pitch() as usize;
        icon.with_lock_mut(|pixels| {
            for (to, from) in pixels.chunks_mut(pitch).zip(image.data().chunks(image.width() * 4)) {
                to[..from.len()].copy_from_slice(from);
            }
        });
        self.window.set_icon(icon);
        Ok(())
    }

    /// Copies `display` to the window surface and shows it.
    /// The Python's `pygame.display.update()`.
    pub fn show(&mut self, display: &Display) -> Result<(), Error> {
        let row = display.width() * 4;
        let pitch = self.scratch.pitch() as usize;
        self.scratch.with_lock_mut(|pixels| {
            for (to, from) in pixels.chunks_mut(pitch).zip(display.xrgb_bytes().chunks(row)) {
                let n = row.min(to.len());
                to[..n].copy_from_slice(&from[..n]);
            }
        });
        let mut surface = self
            .window
            .surface(&self.event_pump)
            .map_err(|e| Error::Sdl(format!("cannot draw to the window: {e}")))?;
        self.scratch
            .blit(None, &mut surface, None)
            .map_err(|e| Error::Sdl(format!("cannot draw to the window: {e}")))?;
        surface.update_window().map_err(|e| Error::Sdl(format!("cannot update the window: {e}")))
    }

    /// Shows again what the window surface holds (after the window was
    /// uncovered, say), without drawing a new frame.
    fn refresh(&mut self) -> Result<(), Error> {
        let surface = self
            .window
            .surface(&self.event_pump)
            .map_err(|e| Error::Sdl(format!("cannot draw to the window: {e}")))?;
        surface.update_window().map_err(|e| Error::Sdl(format!("cannot update the window: {e}")))
    }

    /// Moves SDL's queued events into `pending`, as game events. Fails with
    /// `Stop::Quit` when the window was closed.
    fn pump(&mut self) -> Result<(), Stop> {
        let mut exposed = false;
        while let Some(event) = self.event_pump.poll_event() {
            if let SdlEvent::Window { win_event: WindowEvent::Exposed, .. } = event {
                exposed = true;
            }
            self.translate(event);
        }
        if exposed {
            self.refresh()?;
        }
        if signals::received() && !self.pending.contains(&Event::Quit) {
            self.pending.push_back(Event::Quit);
        }
        if self.pending.contains(&Event::Quit) {
            return Err(Stop::Quit);
        }
        Ok(())
    }

    /// Turns one SDL event into the events pygame would report for it.
    fn translate(&mut self, event: SdlEvent) {
        match event {
            SdlEvent::Quit { .. } => self.pending.push_back(Event::Quit),
            SdlEvent::MouseButtonDown { x, y, mouse_btn, .. } => {
                self.mouse = (x, y);
                self.pending.push_back(Event::MouseButtonDown {
                    pos: (x, y),
                    button: button_number(mouse_btn),
                });
            }
            SdlEvent::MouseButtonUp { x, y, mouse_btn, .. } => {
                self.mouse = (x, y);
                self.pending.push_back(Event::MouseButtonUp {
                    pos: (x, y),
                    button: button_number(mouse_btn),
                });
            }
            SdlEvent::MouseMotion { x, y, .. } => {
                self.mouse = (x, y);
                self.pending.push_back(Event::MouseMotion { pos: (x, y) });
            }
            SdlEvent::MouseWheel { y: notches, .. } if notches != 0 => {
                // pygame 2 reports each notch as a press and release of button 4 (up) or 5 (down).
                let button = if notches > 0 { 4 } else { 5 };
                let pos = self.mouse;
                for _ in 0..notches.unsigned_abs() {
                    self.pending.push_back(Event::MouseButtonDown { pos, button });
                    self.pending.push_back(Event::MouseButtonUp { pos, button });
                }
            }
            SdlEvent::KeyDown { keycode, keymod, repeat: false, .. } => {
                self.pending.push_back(Event::KeyDown {
                    key: key(keycode),
                    ctrl: keymod.intersects(Mod::LCTRLMOD | Mod::RCTRLMOD),
                    shift: keymod.intersects(Mod::LSHIFTMOD | Mod::RSHIFTMOD),
                })
            }
            SdlEvent::KeyUp { keycode, .. } => self.pending.push_back(Event::KeyUp(key(keycode))),
            _ => {}
        }
    }

    /// Waits until a frame's time has passed since the last tick, pumping
    /// events meanwhile so that closing the window is noticed.
    /// The Python's `FPSCLOCK.tick()` (with the frame rate the original leaves out).
    pub fn tick(&mut self) -> Result<(), Stop> {
        let deadline = self.last_tick + self.frame_time;
        loop {
            self.pump()?;
            let now = Instant::now();
            if now >= deadline {
                // Behind schedule (a slow frame): start counting afresh rather than rush.
                self.last_tick = if now - deadline > self.frame_time { now } else { deadline };
                return Ok(());
            }
            std::thread::sleep((deadline - now).min(Duration::from_millis(10)));
        }
    }

    /// Every event queued since the last call. Python: `pygame.event.get()`.
    pub fn get_events(&mut self) -> Result<Vec<Event>, Stop> {
        match self.pump() {
            Ok(()) | Err(Stop::Quit) => Ok(self.pending.drain(..).collect()),
            Err(other) => Err(other),
        }
    }
}

/// Whether SDL's video `driver` shows nothing on a screen ("offscreen",
/// "dummy") although the player did not ask for it in `SDL_VIDEODRIVER`
/// (`requested`, one name or a comma-separated list).
fn unseen_without_asking(driver: &str, requested: Option<&str>) -> bool {
    let unseen = ["offscreen", "dummy"].iter().any(|name| driver.eq_ignore_ascii_case(name));
    let asked = requested
        .is_some_and(|list| list.split(',').any(|name| name.trim().eq_ignore_ascii_case(driver)));
    unseen && !asked
}

/// Whether a window at `window` (x, y, width, height) shows at least in
/// part on one of `screens` (each x, y, width, height).
fn on_a_screen(window: (i32, i32, u32, u32), screens: &[(i32, i32, u32, u32)]) -> bool {
    let span = |at: i32, len: u32| (i64::from(at), i64::from(at) + i64::from(len));
    let (wx, wy) = (span(window.0, window.2), span(window.1, window.3));
    screens.iter().any(|&(x, y, w, h)| {
        let (sx, sy) = (span(x, w), span(y, h));
        wx.0 < sx.1 && sx.0 < wx.1 && wy.0 < sy.1 && sy.0 < wy.1
    })
}

/// pygame's number for a mouse button: 1 left, 2 middle, 3 right; the side
/// buttons come after the wheel's 4 and 5.
fn button_number(button: MouseButton) -> u8 {
    match button {
        MouseButton::Left => 1,
        MouseButton::Middle => 2,
        MouseButton::Right => 3,
        MouseButton::X1 => 6,
        MouseButton::X2 => 7,
        MouseButton::Unknown => 0,
    }
}

/// The game's name for a key.
fn key(keycode: Option<Keycode>) -> Key {
    match keycode {
        Some(Keycode::Escape) => Key::Escape,
        Some(Keycode::R) => Key::R,
        Some(Keycode::F1) => Key::F1,
        Some(Keycode::H) => Key::H,
        Some(Keycode::U) => Key::U,
        Some(Keycode::Z) => Key::Z,
        Some(Keycode::Y) => Key::Y,
        _ => Key::Other,
    }
}

/// The [`Frontend`] for playing: a window, a seeded source of random
/// choices, and a worker thread for the AI's search.
pub struct Live {
    window: Window,
    chance: Chance,
}

impl Live {
    /// Plays in `window`, choosing with `chance`.
    pub fn new(window: Window, chance: Chance) -> Live {
        Live { window, chance }
    }
}

impl Frontend for Live {
    fn get_events(&mut self) -> Result<Vec<Event>, Stop> {
        self.window.get_events()
    }

    fn display_update(&mut self, display: &Display) -> Result<(), Stop> {
        Ok(self.window.show(display)?)
    }

    fn tick(&mut self) -> Result<(), Stop> {
        self.window.tick()
    }

    fn choice(&mut self, seq: &[usize]) -> Result<usize, Stop> {
        self.chance
            .choice(seq)
            .ok_or_else(|| Stop::Failed(Error::Internal("random.choice() of an empty list".into())))
    }

    fn randint(&mut self, a: u32, b: u32) -> u32 {
        self.chance.randint(a, b)
    }

    /// Prints on stdout; a reader that went away (`fourinrow | head`) ends
    /// the game quietly.
    fn mouse_pos(&self) -> (i32, i32) {
        self.window.mouse
    }

    fn print(&mut self, line: &str) -> Result<(), Stop> {
        let mut out = std::io::stdout().lock();
        writeln!(out, "{line}").and_then(|()| out.flush()).map_err(|_| Stop::Quit)
    }

    /// Searches on a worker thread; meanwhile the window keeps being shown
    /// and its events keep being read (kept for the game, as pygame queues
    /// them), and closing it stops the game at once: the thread is left to
    /// end with the process. No new frame is drawn, so what the player sees
    /// is what the Python shows.
    fn think(&mut self, search: Search) -> Result<Answer, Stop> {
        let (sender, receiver) = mpsc::channel();
        std::thread::Builder::new()
            .name("fourinrow-ai".into())
            .spawn(move || {
                // The receiver is gone only when the game has quit meanwhile.
                let _ = sender.send(search());
            })
            .map_err(|e| Error::Internal(format!("cannot start the AI's thread: {e}")))?;
        loop {
            match receiver.recv_timeout(self.window.frame_time) {
                Ok(answer) => return Ok(answer),
                Err(mpsc::RecvTimeoutError::Timeout) => self.window.pump()?,
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(
                        Error::Internal("the AI's thread stopped without an answer".into()).into()
                    )
                }
            }
        }
    }

    /// Runs `work` on a thread of its own, left to end by itself (or with
    /// the process). Pondering only saves time later: if no thread can be
    /// started, it is skipped.
    fn ponder(&mut self, work: Work) {
        let _ = std::thread::Builder::new().name("fourinrow-ponder".into()).spawn(work);
    }
}

/// Shows a replay's frames in a window, paced, until the script ends or
/// the window is closed.
pub struct Watch {
    window: Window,
}

impl Watch {
    /// Watches in `window`.
    pub fn new(window: Window) -> Watch {
        Watch { window }
    }
}

impl FrameSink for Watch {
    fn frame(&mut self, _index: u64, display: &Display) -> Result<(), Stop> {
        Ok(self.window.show(display)?)
    }

    fn tick(&mut self) -> Result<(), Stop> {
        self.window.tick()?;
        // The script is the input: what the mouse and keys did is not kept.
        self.window.pending.clear();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_off_every_screen_is_found() {
        let screens = [(0, 0, 1920, 1080), (1920, 0, 1280, 1024)];
        assert!(on_a_screen((100, 80, 640, 480), &screens));
        assert!(on_a_screen((-600, -400, 640, 480), &screens), "a corner shows");
        assert!(on_a_screen((3000, 900, 640, 480), &screens), "on the second screen");
        assert!(!on_a_screen((100_000, 100, 640, 480), &screens));
        assert!(!on_a_screen((-640, 0, 640, 480), &screens), "just left of it");
        assert!(!on_a_screen((i32::MAX, i32::MIN, 640, 480), &screens));
    }

    #[test]
    fn a_window_nobody_sees_is_refused_unless_asked_for() {
        // What SDL picks by itself when there is no display.
        assert!(unseen_without_asking("offscreen", None));
        assert!(unseen_without_asking("offscreen", Some("x11")));
        assert!(unseen_without_asking("dummy", Some("")));
        // What a player (or the tests) may ask for.
        assert!(!unseen_without_asking("dummy", Some("dummy")));
        assert!(!unseen_without_asking("offscreen", Some("x11, Offscreen")));
        // Real displays.
        assert!(!unseen_without_asking("x11", None));
        assert!(!unseen_without_asking("wayland", Some("wayland")));
        assert!(!unseen_without_asking("KMSDRM", None));
    }
}

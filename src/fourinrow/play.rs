//! Playing: the set-up that `fourinrow.py` does at module level, wired to
//! a frontend, then the twins' `main`.
//!
//! Python, at import: `pygame.init()`, the clock, `set_mode`, `set_caption`,
//! the pile rectangles, the seven images, the winner and arrow rectangles;
//! then `main()`. Here: the images ([`load_images`]), the [`Game`] that
//! holds what the Python keeps in globals, the extras, and the frontend the
//! options ask for: a window, or a replay script shown in a window or
//! written to PNG files.

use std::sync::Arc;

use crate::cli::{parse_env_position, PlayOptions};
use crate::error::{Error, Stop};
use crate::fourinrow::extras::overlay::banner;
use crate::fourinrow::extras::{hot_seat, Extras};
use crate::fourinrow::port::engine::Engine;
use crate::fourinrow::port::game;
use crate::fourinrow::port::globals::Game;
use crate::fourinrow::port::images::{Images, IMAGE_FILES};
use crate::fourinrow::port::settings::{
    Settings, SettingsError, CAPTION, WINDOWHEIGHT, WINDOWWIDTH,
};
use crate::io::chance::Chance;
use crate::io::images::{check_png, decode_rgba, ImageFiles, ImageSource, MAX_TOTAL_PIXELS};
use crate::io::pixels::ScaleBackend;
use crate::io::png::PngFolder;
use crate::io::replay::{load_script, Replay, Script};
use crate::io::signals;
use crate::io::text::Fonts;
use crate::io::window::{Live, Watch, Window, WindowSpec};
use crate::io::{Frontend, Typesetter};

/// The seven images from `source`, decoded and scaled as the Python's
/// set-up does; the first that cannot be read stops it, named.
pub fn load_images(source: &ImageSource) -> Result<Images, Error> {
    let files = ImageFiles::find(source, &IMAGE_FILES)?;
    let mut pixels = 0;
    Images::load(
        |name| {
            let (path, bytes) = files.read(name)?;
            // The seven together are held to a budget, checked before decoding.
            let (width, height) =
                check_png(&bytes).map_err(|message| Error::file(&path, message))?;
            pixels += u64::from(width) * u64::from(height);
            if pixels > MAX_TOTAL_PIXELS {
                return Err(Error::file(
                    &path,
                    format!(
                        "too many pixels: with this {width}x{height} image the images hold \
                         {pixels} pixels, and the seven may hold {MAX_TOTAL_PIXELS} \
                         (one 4096x4096 image's worth)"
                    ),
                ));
            }
            decode_rgba(&bytes).map_err(|message| Error::file(&path, message))
        },
        ScaleBackend::native(),
    )
}

/// Plays in a window, or replays a script, as the options say.
pub fn play(options: &PlayOptions) -> Result<(), Error> {
    // Checked before anything is read or made (a --record file, say); with
    // --dump-frames no window opens, so its place does not matter.
    let window_pos = match options.window_pos {
        Some(position) => Some(position),
        None if options.dump_frames.is_some() => None,
        None => position_from_env()?,
    };
    // SIGHUP (the terminal closed), SIGTERM and SIGINT end the game as
    // closing the window does, so that it is recorded and its files whole.
    signals::install().map_err(|e| Error::Internal(format!("cannot handle signals: {e}")))?;
    let source = options.images.clone().map_or(ImageSource::Embedded, ImageSource::Folder);
    let script = options.replay.as_deref().map(load_script).transpose()?;
    let settings = match (&script, &options.replay) {
        (Some(script), Some(path)) => script_settings(script, &options.settings())
            .map_err(|message| Error::file(path, message))?,
        _ => options.settings(),
    };
    let mut images = load_images(&source)?;
    // One seed for everything random in a game: the choices and coin tosses,
    // and the solver level's mistakes.
    let seed = options.seed.unwrap_or_else(rand::random);
    let engine = options.engine.engine(options.solver(), seed, options.python);
    let mut text: Option<Box<dyn Typesetter>> = match Fonts::new() {
        Ok(fonts) => Some(Box::new(fonts)),
        Err(_) => None, // the overlay then draws no text; nothing else needs it
    };
    if options.extras.two_player {
        // In the hot seat "HUMAN" and "COMPUTER" do not fit the winners.
        if let Some(text) = text.as_deref_mut() {
            hot_seat_banners(&mut images, text);
        }
    }
    let extras =
        Extras::new(options.extras.clone(), &settings, &images, Arc::clone(&engine), text, true)?;
    let spec = WindowSpec {
        caption: options.extras.window_title.clone().unwrap_or_else(|| CAPTION.to_string()),
        size: (WINDOWWIDTH as u32, WINDOWHEIGHT as u32),
        position: window_pos,
        fps: settings.fps,
    };
    let run = |io: &mut dyn Frontend| run(settings, images, io, &engine, extras);
    let Some(script) = script else {
        let chance = Chance::seeded(seed);
        return run(&mut Live::new(Window::open(&spec)?, chance));
    };
    match &options.dump_frames {
        Some(dir) => {
            let mut replay = Replay::new(&script, PngFolder::create(dir, options.overwrite)?);
            run(&mut replay)?;
            say(&format!("{{\"frames\": {}}}", replay.frames_presented()))
        }
        None => run(&mut Replay::new(&script, Watch::new(Window::open(&spec)?))),
    }
}

/// Plays the games with `io` until they stop: the twins' `main`, or the
/// hot seat's loop with `--two-player`. Returns why they stopped (never
/// normally: like the Python's `main`, the games go on until the player
/// quits or a script ends), and the extras as the games left them.
pub fn run_games(
    settings: Settings,
    images: Images,
    io: &mut dyn Frontend,
    engine: &Arc<dyn Engine>,
    extras: Extras,
) -> (Stop, Extras) {
    let two_player = extras.options.two_player;
    let mut g = Game::new(settings, images, io, Arc::clone(engine), extras);
    let ended = if two_player { hot_seat::main(&mut g) } else { game::main(&mut g) };
    let stop = match ended {
        Ok(never) => match never {},
        Err(stop) => stop,
    };
    (stop, g.hooks)
}

/// Plays the games, and reads quitting and the end of a script as a normal
/// end and anything else as an error.
fn run(
    settings: Settings,
    images: Images,
    io: &mut dyn Frontend,
    engine: &Arc<dyn Engine>,
    extras: Extras,
) -> Result<(), Error> {
    match run_games(settings, images, io, engine, extras).0 {
        Stop::Quit | Stop::ScriptEnded => Ok(()),
        Stop::Failed(e) => Err(e),
    }
}

/// A script's size and difficulty, with the options' frame rate and
/// background; the message says what is wrong with them.
pub fn script_settings(script: &Script, options: &Settings) -> Result<Settings, SettingsError> {
    options.with_size_and_difficulty(script.width, script.height, script.difficulty)
}

/// The position pygame would take from the environment:
/// `SDL_VIDEO_WINDOW_POS=X,Y`, or `center`/`centered` (as no position).
fn position_from_env() -> Result<Option<(i32, i32)>, Error> {
    match std::env::var("SDL_VIDEO_WINDOW_POS") {
        Ok(text) if !text.trim().is_empty() => parse_env_position(&text)
            .map_err(|e| Error::Usage(format!("SDL_VIDEO_WINDOW_POS: {e}"))),
        _ => Ok(None),
    }
}

/// The hot seat's result panels, "RED WINS", "BLACK WINS" and "TIE", all
/// as wide as the widest: the Python draws every result image at the
/// corner of the first one's centred rectangle.
fn hot_seat_banners(images: &mut Images, text: &mut dyn Typesetter) {
    let panels = [("RED WINS", [200, 20, 30]), ("BLACK WINS", [25, 25, 30]), ("TIE", [40, 40, 50])];
    let width = panels
        .iter()
        .filter_map(|&(message, color)| banner(text, message, color, 0))
        .map(|card| card.width())
        .max()
        .unwrap_or(0);
    let slots = [&mut images.human_winner, &mut images.computer_winner, &mut images.tie_winner];
    for (image, (message, color)) in slots.into_iter().zip(panels) {
        if let Some(card) = banner(text, message, color, width) {
            *image = card;
        }
    }
}

/// Prints one line on stdout; a reader that went away is no error, but
/// any other failure (a full disk) is.
fn say(line: &str) -> Result<(), Error> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{line}").and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(Error::Io(format!("cannot write to stdout: {e}")))
        }
        _ => Ok(()),
    }
}

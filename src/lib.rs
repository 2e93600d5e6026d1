//! A faithful Rust + SDL2 port of `fourinrow.py`, the pygame "Four in a Row"
//! tutorial game, written to be read side by side with the Python.
//!
//! The pure half (board, rules, AI, animation paths, pixel arithmetic)
//! imports nothing from SDL's video or events and is tested with no display.
//! The game code (`get_human_move`, the animations, `run_game`) is written
//! once against the [`frontend::Frontend`] seam and driven by the real
//! window, by replay scripts and by the tests. `docs/python-to-rust.md` maps
//! every Python function and constant to its twin here.

pub mod ai;
pub mod analyze;
pub mod animate;
pub mod assets;
pub mod board;
pub mod boardtext;
pub mod cli;
pub mod draw;
pub mod engine;
pub mod error;
pub mod extras;
pub mod frontend;
pub mod game;
pub mod human;
pub mod minimax;
pub mod overlay;
pub mod pixels;
pub mod replay;
pub mod settings;
pub mod window;

use std::convert::Infallible;

use rand::SeedableRng;

use crate::assets::{ImageSource, Images};
use crate::cli::PlayOptions;
use crate::draw::Screen;
use crate::error::{Error, Stop};
use crate::overlay::Text;
use crate::pixels::ScaleBackend;
use crate::replay::{load_script, PngFolder, Replay};
use crate::settings::Settings;
use crate::window::{Live, Watch, Window};

/// Plays in a window, or replays a script, as the options say.
///
/// Python: the module-level set-up of `fourinrow.py` (`pygame.init()`, the
/// window, the images) followed by `main()`.
pub fn play(options: &PlayOptions) -> Result<(), Error> {
    let source = options
        .images
        .clone()
        .map_or(ImageSource::Embedded, ImageSource::Folder);
    let script = options.replay.as_deref().map(load_script).transpose()?;
    // A replay script sets the size and difficulty; the options add the extras.
    let settings = match &script {
        Some(script) => Settings {
            extras: options.settings.extras.clone(),
            bg_color: options.settings.bg_color,
            ..script.settings.clone()
        },
        None => options.settings.clone(),
    };
    let mut screen = Screen::new(Images::load(&source, ScaleBackend::native())?, &settings)?;
    match Text::new() {
        Ok(text) => screen.text = Some(text),
        Err(e) => eprintln!("fourinrow: warning: no text overlay for the extras: {e}"),
    }
    let Some(script) = script else {
        let rng = match options.seed {
            Some(seed) => rand::rngs::StdRng::seed_from_u64(seed),
            None => rand::rngs::StdRng::from_os_rng(),
        };
        let mut live = Live::new(Window::open(settings.fps)?, rng, options.engine);
        return finish(game::main(&mut screen, &mut live, &settings));
    };
    match &options.dump_frames {
        Some(dir) => {
            let mut replay = Replay::new(&script, options.engine, PngFolder::create(dir)?);
            finish(game::main(&mut screen, &mut replay, &settings))?;
            println!("{{\"frames\": {}}}", replay.frames_presented());
            Ok(())
        }
        None => {
            let watch = Watch::new(Window::open(settings.fps)?);
            let mut replay = Replay::new(&script, options.engine, watch);
            finish(game::main(&mut screen, &mut replay, &settings))
        }
    }
}

/// How a game's end reads to `main`: quitting and the end of a script are
/// normal; a failure is an error.
fn finish(result: Result<Infallible, Stop>) -> Result<(), Error> {
    match result {
        Ok(never) => match never {},
        Err(Stop::Quit | Stop::ScriptEnded) => Ok(()),
        Err(Stop::Failed(e)) => Err(e),
    }
}

// Declared after `play`, not among the modules above, so that the docs' line
// links into this file (docs/python-to-rust.md, docs/tutorial.md) stay put;
// it can join the others when those links are refreshed.
pub mod solve;

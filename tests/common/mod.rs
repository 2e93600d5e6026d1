//! What the integration tests share: playing a replay script through the
//! very code the binary runs (`fourinrow::fourinrow::play::run_games`), headless.
#![allow(dead_code)] // each test file uses its own part of it

pub mod bad;

use std::path::PathBuf;
use std::sync::Arc;

use fourinrow::error::Stop;
use fourinrow::fourinrow::extras::{Extras, ExtrasOptions};
use fourinrow::fourinrow::play::{load_images, run_games, script_settings};
use fourinrow::fourinrow::port::engine::Engine;
use fourinrow::fourinrow::port::settings::Settings;
use fourinrow::io::images::ImageSource;
use fourinrow::io::replay::{load_script, parse_script, Checksums, FrameSink, Replay, Script};
use fourinrow::io::text::Fonts;
use fourinrow::io::Typesetter;

/// The repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The script `tests/scripts/NAME.json`.
pub fn script(name: &str) -> Script {
    load_script(&root().join("tests/scripts").join(format!("{name}.json"))).unwrap()
}

/// How a test replay is set up.
pub struct Setup {
    /// The engine, faithful or not.
    pub engine: Arc<dyn Engine>,
    /// Where the images come from.
    pub images: ImageSource,
    /// The extras switched on.
    pub extras: ExtrasOptions,
    /// The options' settings (frame rate, background) beside the script's size.
    pub settings: Settings,
    /// Whether the overlay gets real text (SDL2_ttf).
    pub text: bool,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            engine: Arc::new(fourinrow::fourinrow::engine::Auto::default()),
            images: ImageSource::Embedded,
            extras: ExtrasOptions::default(),
            settings: Settings::default(),
            text: true,
        }
    }
}

/// What a replay gave.
pub struct Played<S> {
    /// The replay, with its sink and the lines the game printed.
    pub replay: Replay<S>,
    /// The lines `--explain` and hints printed.
    pub said: Vec<String>,
    /// Why the games stopped.
    pub stop: Stop,
}

/// Plays `script` with `setup`, its frames going to `sink`.
pub fn play_with<S: FrameSink>(script: &Script, setup: Setup, sink: S) -> Played<S> {
    let settings = script_settings(script, &setup.settings).unwrap();
    let mut images = load_images(&setup.images).unwrap();
    let text: Option<Box<dyn Typesetter>> =
        if setup.text { Some(Box::new(Fonts::new().unwrap())) } else { None };
    let _ = &mut images;
    let extras =
        Extras::new(setup.extras, &settings, &images, Arc::clone(&setup.engine), text, false)
            .unwrap();
    let mut replay = Replay::new(script, sink);
    let (stop, extras) = run_games(settings, images, &mut replay, &setup.engine, extras);
    let said = extras.said;
    Played { replay, said, stop }
}

/// Plays `script` with `setup`, keeping every frame's checksum and the frames `keep` whole.
pub fn play(script: &Script, setup: Setup, keep: &[u64]) -> Played<Checksums> {
    let mut sink = Checksums::default();
    sink.keep.extend(keep);
    play_with(script, setup, sink)
}

/// Plays the JSON script `json`.
pub fn play_json(json: &str, setup: Setup, keep: &[u64]) -> Played<Checksums> {
    play(&parse_script(json).unwrap(), setup, keep)
}

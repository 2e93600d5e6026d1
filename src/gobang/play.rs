//! Playing Gobang: the set-up the Python's `State()` and `Display(screen)`
//! do (the window, its icon and caption, the images, the fonts), wired to
//! a frontend, then the twins' `main`.
//!
//! The frontends are Four in a Row's: a window ([`Live`]), or a replay
//! script shown in a window ([`Watch`]) or written to PNG files.

use std::path::{Path, PathBuf};

use crate::cli::{GobangEngine, GobangLang, GobangOptions, GobangPreset, RuleArg};
use crate::error::{Error, Stop};
use crate::gobang::engine::{self, Level};
use crate::gobang::extras::lab;
use crate::gobang::extras::record::Recorder;
use crate::gobang::extras::rules::{self, Rule};
use crate::gobang::extras::undo_lab::{Lang, UndoLab};
use crate::gobang::extras::wins::ShowWins;
use crate::gobang::port::drawing::Images;
use crate::gobang::port::extra::Extra;
use crate::gobang::port::hooks::{Engine, Hooks};
use crate::gobang::port::main;
use crate::gobang::port::setup::{FPS, WINDOW_H, WINDOW_W};
use crate::gobang::port::status::CAPTION;
use crate::gobang::text::Text;
use crate::io::chance::Chance;
use crate::io::images::{decode_rgba, read_at_most, EMBEDDED_GOBANG_IMAGES, MAX_IMAGE_FILE};
use crate::io::pixels::RgbaImage;
use crate::io::png::PngFolder;
use crate::io::replay::{load_script, Replay};
use crate::io::window::{Live, Watch, Window, WindowSpec};
use crate::io::Frontend;

/// The six images' file names, as `setup.py` names them under `images/`.
pub const IMAGE_FILES: [&str; 6] =
    ["black.png", "white.png", "black_small.png", "white_small.png", "restart.png", "logo.png"];

/// The image `name` (one of [`IMAGE_FILES`]), built in or from `folder`.
fn image(folder: Option<&Path>, name: &str) -> Result<RgbaImage, Error> {
    let (path, bytes) = match folder {
        None => {
            let path = Path::new("images-gobang").join(name);
            let bytes = EMBEDDED_GOBANG_IMAGES
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, bytes)| bytes.to_vec())
                .ok_or_else(|| Error::file(&path, "not built into this binary"))?;
            (path, bytes)
        }
        Some(dir) => {
            let inside = dir.join("images").join(name);
            let path = if inside.is_file() { inside } else { dir.join(name) };
            let bytes = match read_at_most(&path, MAX_IMAGE_FILE) {
                Ok(Some(bytes)) => bytes,
                Ok(None) => return Err(Error::file(&path, "too large for an image")),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    return Err(Error::file(
                        &path,
                        "missing (--images needs black.png, white.png, black_small.png, \
                         white_small.png, restart.png and logo.png)",
                    ))
                }
                Err(e) => return Err(Error::file(&path, format!("cannot read: {e}"))),
            };
            (path, bytes)
        }
    };
    decode_rgba(&bytes).map_err(|message| Error::file(&path, message))
}

/// The images `Display.__init__` loads, and the window's icon.
pub fn load_images(folder: Option<&Path>) -> Result<(Images, RgbaImage), Error> {
    let images = Images {
        black: image(folder, "black.png")?,
        white: image(folder, "white.png")?,
        black_small: image(folder, "black_small.png")?,
        white_small: image(folder, "white_small.png")?,
        restart: image(folder, "restart.png")?,
    };
    Ok((images, image(folder, "logo.png")?))
}

/// The rules extra's rule for the command line's.
fn rule(arg: RuleArg) -> Rule {
    match arg {
        RuleArg::Freestyle => Rule::Freestyle,
        RuleArg::Standard => Rule::Standard,
        RuleArg::Renju => Rule::Renju,
    }
}

/// Plays in a window, or replays a script, as the options say.
pub fn play(options: &GobangOptions) -> Result<(), Error> {
    let script = options.replay.as_deref().map(load_script).transpose()?;
    let (images, logo) = load_images(options.images.as_deref())?;
    let fonts = Text::new()?;
    let spec = WindowSpec {
        caption: CAPTION.to_string(),
        size: (WINDOW_W as u32, WINDOW_H as u32),
        position: options.window_pos,
        fps: FPS,
    };
    let open = || -> Result<Window, Error> {
        let mut window = Window::open(&spec)?;
        window.set_icon(&logo)?;
        Ok(window)
    };
    let undo_lab = options.preset == Some(GobangPreset::UndoLab);
    // The strong engine plays by the rule asked for, freestyle if none.
    let strong = options.engine == GobangEngine::Strong && !undo_lab;
    let engine = match (options.engine, undo_lab) {
        (GobangEngine::UndoLab, _) | (_, true) => Some(lab::engine as Engine),
        (GobangEngine::StepList, false) => None,
        (GobangEngine::Strong, false) => Some(engine::hook_for(
            options.level.and_then(|l| Level::numbered(l as usize + 1)).unwrap_or(Level::Expert),
            options.rule.map(rule).unwrap_or(Rule::Freestyle),
        )),
    };
    // The lab and the strong engine find five or more in every direction:
    // freestyle, unless another rule is asked for.
    let rule = options.rule.map(rule).or((undo_lab || strong).then_some(Rule::Freestyle));
    let hooks = Hooks { judge: rules::judge_for(rule), hot_seat: options.two_player, engine };
    let rule_name = match rule {
        None => "original",
        Some(Rule::Freestyle) => "freestyle",
        Some(Rule::Standard) => "standard",
        Some(Rule::Renju) => "renju",
    };
    // Opened before the window, so a file that will not do stops at once.
    let recorder = options.record.as_deref().map(|f| Recorder::open(f, rule_name)).transpose()?;
    let run = |io: &mut dyn Frontend| -> Result<(), Error> {
        // The record looks first: it never keeps an event from the others.
        let mut extras: Vec<Box<dyn Extra>> = Vec::new();
        extras.extend(recorder.clone().map(|r| Box::new(r) as Box<dyn Extra>));
        // Before the undo lab, which keeps some events (its buttons) from the rest.
        if options.show_wins {
            let rule = rule.unwrap_or(Rule::Freestyle);
            extras.push(Box::new(ShowWins::new(engine::prover_for(rule))));
        }
        if undo_lab {
            let lang = match options.lang {
                GobangLang::Zh => Lang::Zh,
                GobangLang::En => Lang::En,
            };
            extras.push(Box::new(UndoLab::new(lang)));
        }
        let extra = (!extras.is_empty()).then(|| Box::new(extras) as Box<dyn Extra>);
        let stopped = match main::main(io, images.clone(), Box::new(fonts), hooks, extra) {
            Ok(never) => match never {},
            Err(Stop::Quit | Stop::ScriptEnded) => Ok(()),
            Err(Stop::Failed(e)) => Err(e),
        };
        // The game on show when the window closed or the script ended.
        let finished = recorder.as_ref().map_or(Ok(()), Recorder::finish);
        stopped.and(finished)
    };
    let Some(script) = script else {
        // Gobang draws on nothing random; the seam asks for a generator anyway.
        return run(&mut Live::new(open()?, Chance::seeded(0)));
    };
    match &options.dump_frames {
        Some(dir) => {
            let mut replay = Replay::new(&script, PngFolder::create(dir, options.overwrite)?);
            run(&mut replay)?;
            println!("{{\"frames\": {}}}", replay.frames_presented());
            Ok(())
        }
        None => run(&mut Replay::new(&script, Watch::new(open()?))),
    }
}

/// Writes the folder the Python runs in: `images/` with the port's six
/// PNGs and `fonts/DejaVuSans.ttf`, the font built into the port. With
/// these, a learner's copy of the Python draws what the port draws.
///
/// The tutorial's own `setup.py` names other files: its fonts YaHei
/// (`fonts/msyh.ttc`) and Arial (`fonts/arial.ttf`), which are not free,
/// and its icon `images/logo.ico`. Those names are written too, with
/// DejaVu Sans and the PNG logo in them (SDL_image reads a PNG by its
/// content, whatever its name), so such a copy runs as it is once its
/// paths use `/`.
pub fn write_assets(dir: &Path) -> Result<(), Error> {
    let write = |path: PathBuf, bytes: &[u8]| -> Result<(), Error> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| Error::file(parent, format!("cannot create: {e}")))?;
        }
        std::fs::write(&path, bytes).map_err(|e| Error::file(&path, format!("cannot write: {e}")))
    };
    for (name, bytes) in EMBEDDED_GOBANG_IMAGES {
        write(dir.join("images").join(name), bytes)?;
        if name == "logo.png" {
            write(dir.join("images").join("logo.ico"), bytes)?;
        }
    }
    for name in ["DejaVuSans.ttf", "msyh.ttc", "arial.ttf"] {
        write(dir.join("fonts").join(name), dejavu::sans::regular())?;
    }
    Ok(())
}

//! The Python's module globals, gathered into one struct, [`Game`], that
//! every twin that draws or plays takes as `g`, with the game's
//! [`Engine`], through which `getComputerMove` reaches `getPotentialMoves`.
//!
//! Python reads `DISPLAYSURF`, `FPSCLOCK`, `XMARGIN`, the images and the
//! `pygame` module from anywhere. Rust has no mutable globals (every access
//! would need `unsafe` or a lock), and passing one `&mut Game` says, in each
//! twin's signature, that it uses them.

use std::sync::Arc;

use crate::fourinrow::port::engine::Engine;
use crate::fourinrow::port::hooks::Hooks;
use crate::fourinrow::port::images::Images;
use crate::fourinrow::port::settings::{Layout, Settings, WINDOWHEIGHT, WINDOWWIDTH};
use crate::io::pixels::Display;
use crate::io::Frontend;

/// The state the twins share: the Python's globals, plus the doors to the
/// world outside the port.
///
/// The twins take `&mut Game`, whose hooks are any [`Hooks`] (`dyn Hooks`).
/// Whoever makes a game owns its hooks in it (`Game<'_, Extras>`, say), reads
/// and changes them between the twins' calls as `g.hooks`, and hands the
/// game to a twin as it is: Rust turns `&mut Game<'_, Extras>` into
/// `&mut Game` by itself, as it turns `&mut Extras` into `&mut dyn Hooks`.
/// (That is why `hooks` is the last field: only the last may be unsized.)
pub struct Game<'a, H: Hooks + ?Sized = dyn Hooks + 'a> {
    /// The globals a player may change: `BOARDWIDTH`, `BOARDHEIGHT`,
    /// `DIFFICULTY`, `BGCOLOR`.
    pub settings: Settings,
    /// `XMARGIN`, `YMARGIN` and the rectangles.
    pub layout: Layout,
    /// Python: DISPLAYSURF
    ///
    /// The picture the twins draw on; `display_update` shows it.
    pub display: Display,
    /// `REDTOKENIMG` and the other images.
    pub images: Images,
    /// Python: FPSCLOCK
    ///
    /// The clock, with the rest of what the Python asks pygame and `random`
    /// for: events, display updates, random choices, printing. A window,
    /// a replay script or a test answers.
    pub io: &'a mut dyn Frontend,
    /// Computes `getPotentialMoves` for the computer.
    pub engine: Arc<dyn Engine>,
    /// Not in the Python: the extras, or [`NoHooks`](crate::fourinrow::port::hooks::NoHooks).
    pub hooks: H,
}

impl<'a, H: Hooks> Game<'a, H> {
    /// A game with these settings and images, a blank 640x480 display, and
    /// the layout the Python computes from them.
    pub fn new(
        settings: Settings,
        images: Images,
        io: &'a mut dyn Frontend,
        engine: Arc<dyn Engine>,
        hooks: H,
    ) -> Game<'a, H> {
        let size =
            |image: &crate::io::pixels::RgbaImage| (image.width() as i32, image.height() as i32);
        let layout = Layout::new(&settings, size(&images.human_winner), size(&images.arrow));
        Game {
            settings,
            layout,
            display: Display::new(WINDOWWIDTH as usize, WINDOWHEIGHT as usize),
            images,
            io,
            engine,
            hooks,
        }
    }
}

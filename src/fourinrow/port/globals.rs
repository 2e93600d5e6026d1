//! The Python's module globals, gathered into one struct, [`Game`], that
//! every twin that draws or plays takes as `g`; and [`Engine`], the one small trait through
//! which the twins reach the search that computes `getPotentialMoves`.
//!
//! Python reads `DISPLAYSURF`, `FPSCLOCK`, `XMARGIN`, the images and the
//! `pygame` module from anywhere. Rust has no mutable globals (every access
//! would need `unsafe` or a lock), and passing one `&mut Game` says, in each
//! twin's signature, that it uses them.

use std::sync::Arc;

use crate::error::Stop;
use crate::fourinrow::port::board::{Board, Tile};
use crate::fourinrow::port::hooks::Hooks;
use crate::fourinrow::port::images::Images;
use crate::fourinrow::port::settings::{Layout, Settings, WINDOWHEIGHT, WINDOWWIDTH};
use crate::io::pixels::Display;
use crate::io::Frontend;

/// What computes `getPotentialMoves(board, tile, lookAhead)` for the
/// computer: the twin itself ([`crate::fourinrow::port::ai::get_potential_moves`],
/// through the `faithful` engine), or an engine that returns the same
/// doubles sooner, or another AI whose values rank the columns the same way
/// (1 wins at once, -1 lets the enemy win at once).
///
/// `Send + Sync`, so that the window can run it on a worker thread.
pub trait Engine: Send + Sync {
    /// The values of each column for `tile`, looking `look_ahead` moves ahead.
    fn potential_moves(&self, board: &Board, tile: Tile, look_ahead: u32) -> Vec<f64>;

    /// Which engine computes `board` at `look_ahead`, and why, in a few
    /// words (`--explain` prints it).
    fn describe(&self, board: &Board, look_ahead: u32) -> String;

    /// Not used by the twins: each column's exact result for `tile` on
    /// `board` ("win in 7", "draw", "loss in 12"), when the engine knows it
    /// (the solver, right after valuing that board); the extras show it.
    fn results(&self, board: &Board, tile: Tile) -> Option<Vec<Option<String>>> {
        let _ = (board, tile);
        None
    }
}

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

impl<H: Hooks + ?Sized> Game<'_, H> {
    /// `getPotentialMoves(board, tile, look_ahead)` by the game's engine,
    /// run where the frontend runs searches ([`think_potential_moves`]).
    pub fn potential_moves(
        &mut self,
        board: &Board,
        tile: Tile,
        look_ahead: u32,
    ) -> Result<Vec<f64>, Stop> {
        think_potential_moves(self.io, &self.engine, board, tile, look_ahead)
    }
}

/// `engine`'s `getPotentialMoves(board, tile, look_ahead)`, run wherever
/// `io` runs searches: on a worker thread in the window, so that it stays
/// alive meanwhile.
pub fn think_potential_moves(
    io: &mut dyn Frontend,
    engine: &Arc<dyn Engine>,
    board: &Board,
    tile: Tile,
    look_ahead: u32,
) -> Result<Vec<f64>, Stop> {
    let (engine, board) = (Arc::clone(engine), board.clone());
    crate::io::think(io, move || engine.potential_moves(&board, tile, look_ahead))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::port::board::get_new_board;

    /// An engine that values every column 0 and overrides nothing else.
    struct Zeros;

    impl Engine for Zeros {
        fn potential_moves(&self, board: &Board, _: Tile, _: u32) -> Vec<f64> {
            vec![0.0; board.width()]
        }

        fn describe(&self, _: &Board, _: u32) -> String {
            "zeros".to_string()
        }
    }

    #[test]
    fn an_engine_knows_no_exact_results_unless_it_says_so() {
        let board = get_new_board(7, 6);
        assert_eq!(Zeros.results(&board, Tile::Red), None);
        assert_eq!(Zeros.results(&board, Tile::Black), None);
    }
}

//! The seven images of `fourinrow.py`, loaded and scaled as its module-level
//! set-up does.
//!
//! Where the bytes come from (built into the binary, or a folder given with
//! `--images`) and how they are decoded is the input/output side's business
//! ([`crate::io::images`]); here they are only named, loaded in the
//! Python's order and scaled with pygame's own `smoothscale` arithmetic.

use crate::error::Error;
use crate::fourinrow::port::settings::SPACESIZE;
use crate::io::pixels::{smoothscale, RgbaImage, ScaleBackend};

/// The image files, as the Python loads them from `images/`, in its order.
pub const IMAGE_FILES: [&str; 7] = [
    "4rowred.png",
    "4rowblack.png",
    "4rowboard.png",
    "4rowhumanwinner.png",
    "4rowcomputerwinner.png",
    "4rowtie.png",
    "4rowarrow.png",
];

/// The images the game draws with, ready to blit.
#[derive(Clone, Debug)]
pub struct Images {
    /// Python: REDTOKENIMG
    ///
    /// `pygame.image.load('images/4rowred.png')`, smoothscaled to `SPACESIZE`.
    pub red_token: RgbaImage,
    /// Python: BLACKTOKENIMG
    ///
    /// `images/4rowblack.png`, smoothscaled to `SPACESIZE`.
    pub black_token: RgbaImage,
    /// Python: BOARDIMG
    ///
    /// `images/4rowboard.png`, one cell of the board with a round hole,
    /// smoothscaled to `SPACESIZE`.
    pub board: RgbaImage,
    /// Python: HUMANWINNERIMG
    ///
    /// `images/4rowhumanwinner.png`, at its own size.
    pub human_winner: RgbaImage,
    /// Python: COMPUTERWINNERIMG
    ///
    /// `images/4rowcomputerwinner.png`.
    pub computer_winner: RgbaImage,
    /// Python: TIEWINNERIMG
    ///
    /// `images/4rowtie.png`.
    pub tie_winner: RgbaImage,
    /// Python: ARROWIMG
    ///
    /// `images/4rowarrow.png`, the help arrow.
    pub arrow: RgbaImage,
}

impl Images {
    /// Loads the seven images with `load` (given each file's name from
    /// [`IMAGE_FILES`]) and shrinks or grows the tokens and the board cell
    /// to `SPACESIZE` pixels, as `pygame.transform.smoothscale` does with
    /// `backend`'s arithmetic. The first image that cannot be loaded stops it.
    pub fn load(
        mut load: impl FnMut(&str) -> Result<RgbaImage, Error>,
        backend: ScaleBackend,
    ) -> Result<Images, Error> {
        let size = SPACESIZE as usize;
        let mut scaled = |name: &str| Ok(smoothscale(&load(name)?, size, size, backend));
        Ok(Images {
            red_token: scaled(IMAGE_FILES[0])?,
            black_token: scaled(IMAGE_FILES[1])?,
            board: scaled(IMAGE_FILES[2])?,
            human_winner: load(IMAGE_FILES[3])?,
            computer_winner: load(IMAGE_FILES[4])?,
            tie_winner: load(IMAGE_FILES[5])?,
            arrow: load(IMAGE_FILES[6])?,
        })
    }
}

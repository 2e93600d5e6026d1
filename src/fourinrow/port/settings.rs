//! The constants at the top of `fourinrow.py`, and the few that became settings.
//!
//! Python keeps everything in module globals. Here the fixed ones stay
//! constants under their Python names, and the ones a player may change
//! (`BOARDWIDTH`, `BOARDHEIGHT`, `DIFFICULTY`, the frame rate, the
//! background) live in [`Settings`], passed to whoever needs them. The
//! positions computed from them (`XMARGIN`, `YMARGIN`, the pile, winner and
//! arrow rectangles) live in [`Layout`].

use std::fmt;

use crate::fourinrow::port::board::MAX_BOARD_SIZE;
pub use crate::io::pixels::Rgb;

/// Python: BOARDWIDTH = 7
///
/// Columns on the board by default (`--width` changes it).
pub const BOARDWIDTH: usize = 7;
/// Python: BOARDHEIGHT = 6
///
/// Rows on the board by default (`--height` changes it).
pub const BOARDHEIGHT: usize = 6;
/// The smallest board, in both directions: the Python's
/// `assert BOARDWIDTH >= 4 and BOARDHEIGHT >= 4, 'Board must be at least 4x4.'`
pub const MIN_SIZE: usize = 4;
/// Not in the Python: a board's size, checked. [`BoardSize::new`] is the one
/// place the limits are checked ([`MIN_SIZE`] to [`MAX_BOARD_SIZE`] columns
/// and rows); board text, records and the settings all ask it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSize {
    /// Columns.
    width: usize,
    /// Rows.
    height: usize,
}

/// Why a size is no board's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeError {
    /// Fewer than [`MIN_SIZE`] columns or rows: the Python's assertion.
    TooSmall {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// More than [`MAX_BOARD_SIZE`] columns or rows.
    TooLarge {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SizeError::TooSmall { width, height } => {
                write!(f, "Board must be at least 4x4. (this one is {width}x{height})")
            }
            SizeError::TooLarge { width, height } => write!(
                f,
                "a {width}x{height} board is too large (at most {MAX_BOARD_SIZE}x{MAX_BOARD_SIZE})"
            ),
        }
    }
}

impl std::error::Error for SizeError {}

impl BoardSize {
    /// `width` columns and `height` rows, if a board may have them.
    pub fn new(width: usize, height: usize) -> Result<BoardSize, SizeError> {
        if width < MIN_SIZE || height < MIN_SIZE {
            return Err(SizeError::TooSmall { width, height });
        }
        if width > MAX_BOARD_SIZE || height > MAX_BOARD_SIZE {
            return Err(SizeError::TooLarge { width, height });
        }
        Ok(BoardSize { width, height })
    }

    /// Columns.
    pub fn width(self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(self) -> usize {
        self.height
    }
}

/// Python: DIFFICULTY = 2
///
/// How many moves the computer looks ahead by default (`--difficulty`).
pub const DIFFICULTY: u32 = 2;
/// The deepest look-ahead accepted. The search grows as `width^(2*difficulty)`;
/// beyond this even the fast engine keeps a player waiting.
pub const MAX_DIFFICULTY: u32 = 6;
/// Python: SPACESIZE = 50
///
/// The side of a token and of a board cell, in pixels.
pub const SPACESIZE: i32 = 50;
/// Python: FPS = 30
///
/// Frames per second (which the original never passes to `tick()`).
pub const FPS: u32 = 30;
/// Python: WINDOWWIDTH = 640
pub const WINDOWWIDTH: i32 = 640;
/// Python: WINDOWHEIGHT = 480
pub const WINDOWHEIGHT: i32 = 480;
/// The window's title: `pygame.display.set_caption(u'four in row')`.
pub const CAPTION: &str = "four in row";

/// Python: BRIGHTBLUE = (0, 50, 255)
pub const BRIGHTBLUE: Rgb = Rgb(0, 50, 255);
/// Python: WHITE = (255, 255, 255)
pub const WHITE: Rgb = Rgb(255, 255, 255);
/// Python: BGCOLOR = BRIGHTBLUE
pub const BGCOLOR: Rgb = BRIGHTBLUE;
/// Python: TEXTCOLOR = WHITE
///
/// Defined there but never used, as here.
pub const TEXTCOLOR: Rgb = WHITE;
/// Not in the Python: the 5x5 lab version's background, cornflower blue,
/// for `--preset lab`.
pub const CORNFLOWERBLUE: Rgb = Rgb(100, 149, 237);

/// The largest board that fits the window: 12 columns, 9 rows of 50 pixels.
pub const MAX_BOARDWIDTH: usize = (WINDOWWIDTH / SPACESIZE) as usize;
/// See [`MAX_BOARDWIDTH`].
pub const MAX_BOARDHEIGHT: usize = (WINDOWHEIGHT / SPACESIZE) as usize;

/// A rectangle with pygame's `Rect` semantics (integer corners, half-open).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Left edge, included.
    pub x: i32,
    /// Top edge, included.
    pub y: i32,
    /// Width.
    pub w: i32,
    /// Height.
    pub h: i32,
}

impl Rect {
    /// `pygame.Rect(x, y, w, h)`.
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect { x, y, w, h }
    }

    /// `rect.left`.
    pub const fn left(&self) -> i32 {
        self.x
    }

    /// `rect.top`.
    pub const fn top(&self) -> i32 {
        self.y
    }

    /// `rect.topleft`, where `blit` puts an image.
    pub const fn topleft(&self) -> (i32, i32) {
        (self.x, self.y)
    }

    /// `rect.topleft = (x, y)`: moves the rectangle, keeping its size.
    pub fn set_topleft(&mut self, (x, y): (i32, i32)) {
        self.x = x;
        self.y = y;
    }

    /// `rect.right`, the first column past the rectangle.
    pub const fn right(&self) -> i32 {
        self.x + self.w
    }

    /// `rect.centery`, rounding as pygame does (`y + h / 2`, C division).
    pub const fn centery(&self) -> i32 {
        self.y + self.h / 2
    }

    /// `rect.collidepoint(pos)`: left and top edges in, right and bottom out.
    pub const fn collidepoint(&self, (px, py): (i32, i32)) -> bool {
        px >= self.x && px < self.x + self.w && py >= self.y && py < self.y + self.h
    }

    /// `rect.center = (cx, cy)`, which moves the corner by `w / 2`, `h / 2`.
    pub const fn with_center(self, cx: i32, cy: i32) -> Rect {
        Rect::new(cx - self.w / 2, cy - self.h / 2, self.w, self.h)
    }
}

/// What a game is played with: the Python globals a player may change.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// `BOARDWIDTH`.
    pub board_width: usize,
    /// `BOARDHEIGHT`.
    pub board_height: usize,
    /// `DIFFICULTY`.
    pub difficulty: u32,
    /// Frames per second when playing in a window: `FPS`.
    pub fps: u32,
    /// `BGCOLOR`.
    pub bg_color: Rgb,
}

impl Default for Settings {
    /// The Python original's values.
    fn default() -> Settings {
        Settings {
            board_width: BOARDWIDTH,
            board_height: BOARDHEIGHT,
            difficulty: DIFFICULTY,
            fps: FPS,
            bg_color: BGCOLOR,
        }
    }
}

impl Settings {
    /// Checks that a game can be played and drawn with these settings; the
    /// error says what is wrong, in one line.
    ///
    /// The Python checks only `assert BOARDWIDTH >= 4 and BOARDHEIGHT >= 4,
    /// 'Board must be at least 4x4.'`, and draws a board too big for the
    /// window off its edges; here that is refused too.
    pub fn validate(&self) -> Result<(), SettingsError> {
        let (w, h) = (self.board_width, self.board_height);
        // The window's limit, below, is the stricter: only a board too small is told here.
        if let Err(e @ SizeError::TooSmall { .. }) = BoardSize::new(w, h) {
            return Err(SettingsError::TooSmall(e));
        }
        if w > MAX_BOARDWIDTH || h > MAX_BOARDHEIGHT {
            return Err(SettingsError::OffWindow { width: w, height: h });
        }
        check_difficulty(self.difficulty)?;
        if self.fps == 0 || self.fps > 1000 {
            return Err(SettingsError::Fps(self.fps));
        }
        Ok(())
    }
}

impl Settings {
    /// These settings with the board size and difficulty a replay script
    /// gives (as whole numbers of any size), checked.
    pub fn with_size_and_difficulty(
        &self,
        width: u64,
        height: u64,
        difficulty: u64,
    ) -> Result<Settings, SettingsError> {
        let number = |value: u64, what: &'static str| {
            u32::try_from(value).map_err(|_| SettingsError::OutOfRange { what, value })
        };
        let settings = Settings {
            board_width: number(width, "width")? as usize,
            board_height: number(height, "height")? as usize,
            difficulty: number(difficulty, "difficulty")?,
            ..self.clone()
        };
        settings.validate()?;
        Ok(settings)
    }
}

/// Checks a look-ahead depth: 0 (random play) to [`MAX_DIFFICULTY`].
pub fn check_difficulty(difficulty: u32) -> Result<(), SettingsError> {
    if difficulty > MAX_DIFFICULTY {
        return Err(SettingsError::Difficulty(difficulty));
    }
    Ok(())
}

/// Not in the Python: what is wrong with a game's settings. Written by hand,
/// as every error type of the crate: a `Display` with the one-line message
/// and, where another error is the cause, `source()` (see `src/error.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingsError {
    /// A board smaller than 4x4: the Python's assertion.
    TooSmall(SizeError),
    /// A board larger than the window holds.
    OffWindow {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A look-ahead deeper than [`MAX_DIFFICULTY`].
    Difficulty(u32),
    /// A frame rate of 0 or over 1000.
    Fps(u32),
    /// A replay script's number too large to be a size or a look-ahead.
    OutOfRange {
        /// Which number: "width", "height" or "difficulty".
        what: &'static str,
        /// The number.
        value: u64,
    },
}

impl std::fmt::Display for SettingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            SettingsError::TooSmall(SizeError::TooSmall { width, height })
            | SettingsError::TooSmall(SizeError::TooLarge { width, height }) => {
                write!(f, "Board must be at least 4x4. (asked for {width}x{height})")
            }
            SettingsError::OffWindow { width, height } => write!(
                f,
                "a {width}x{height} board does not fit the {WINDOWWIDTH}x{WINDOWHEIGHT} window: \
                 at most {MAX_BOARDWIDTH} columns and {MAX_BOARDHEIGHT} rows of {SPACESIZE} pixels"
            ),
            SettingsError::Difficulty(difficulty) => write!(
                f,
                "difficulty {difficulty} is out of range: give 0 to {MAX_DIFFICULTY} moves of look-ahead"
            ),
            SettingsError::Fps(fps) => {
                write!(f, "{fps} frames per second is out of range: give 1 to 1000")
            }
            SettingsError::OutOfRange { what, value } => write!(f, "{what} {value} is out of range"),
        }
    }
}

impl std::error::Error for SettingsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SettingsError::TooSmall(e) => Some(e),
            _ => None,
        }
    }
}

/// Where things go in the window, computed once as the Python does at start-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Python: XMARGIN = int((WINDOWWIDTH - BOARDWIDTH * SPACESIZE) / 2)
    pub xmargin: i32,
    /// Python: YMARGIN = int((WINDOWHEIGHT - BOARDHEIGHT * SPACESIZE) / 2)
    pub ymargin: i32,
    /// Python: REDPILERECT
    ///
    /// The red pile, bottom left: `pygame.Rect(int(SPACESIZE / 2),
    /// WINDOWHEIGHT - int(3 * SPACESIZE / 2), SPACESIZE, SPACESIZE)`.
    pub red_pile_rect: Rect,
    /// Python: BLACKPILERECT
    ///
    /// The black pile, bottom right.
    pub black_pile_rect: Rect,
    /// Python: WINNERRECT
    ///
    /// The human-winner image's rectangle, centred in the window. All three
    /// result images are drawn at its corner, as in the Python.
    pub winner_rect: Rect,
    /// Python: ARROWRECT
    ///
    /// The help arrow's rectangle: right of the red pile, centred on it vertically.
    pub arrow_rect: Rect,
}

impl Layout {
    /// Computes the layout for a board size and the sizes (width, height) of
    /// the human-winner and arrow images, which the Python reads off them.
    pub fn new(
        settings: &Settings,
        human_winner_size: (i32, i32),
        arrow_size: (i32, i32),
    ) -> Layout {
        let board_width = settings.board_width as i32;
        let board_height = settings.board_height as i32;
        // Python's int() truncates toward zero; so does Rust's integer division.
        let xmargin = (WINDOWWIDTH - board_width * SPACESIZE) / 2;
        let ymargin = (WINDOWHEIGHT - board_height * SPACESIZE) / 2;
        let red_pile_rect =
            Rect::new(SPACESIZE / 2, WINDOWHEIGHT - (3 * SPACESIZE) / 2, SPACESIZE, SPACESIZE);
        let black_pile_rect = Rect::new(
            WINDOWWIDTH - (3 * SPACESIZE) / 2,
            WINDOWHEIGHT - (3 * SPACESIZE) / 2,
            SPACESIZE,
            SPACESIZE,
        );
        let winner_rect = Rect::new(0, 0, human_winner_size.0, human_winner_size.1)
            .with_center(WINDOWWIDTH / 2, WINDOWHEIGHT / 2);
        let (arrow_w, arrow_h) = arrow_size;
        let arrow_rect = Rect::new(
            red_pile_rect.right() + 10,
            red_pile_rect.centery() - arrow_h / 2,
            arrow_w,
            arrow_h,
        );
        Layout { xmargin, ymargin, red_pile_rect, black_pile_rect, winner_rect, arrow_rect }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_size_is_4_to_64_columns_and_rows() {
        for w in [0, 3, 4, 5, 63, 64, 65, usize::MAX] {
            for h in [0, 3, 4, 7, 64, 65] {
                let fits = |n: usize| (4..=64).contains(&n);
                let size = BoardSize::new(w, h);
                assert_eq!(size.is_ok(), fits(w) && fits(h), "{w}x{h}");
                if let Ok(size) = size {
                    assert_eq!((size.width(), size.height()), (w, h));
                }
            }
        }
        let small = BoardSize::new(3, 9).unwrap_err().to_string();
        assert_eq!(small, "Board must be at least 4x4. (this one is 3x9)");
        let large = BoardSize::new(65, 9).unwrap_err().to_string();
        assert_eq!(large, "a 65x9 board is too large (at most 64x64)");
    }

    #[test]
    fn default_layout_matches_the_python_numbers() {
        let layout = Layout::new(&Settings::default(), (281, 163), (250, 100));
        assert_eq!((layout.xmargin, layout.ymargin), (145, 90));
        assert_eq!(layout.red_pile_rect, Rect::new(25, 405, 50, 50));
        assert_eq!(layout.black_pile_rect, Rect::new(565, 405, 50, 50));
        assert_eq!(layout.winner_rect, Rect::new(180, 159, 281, 163));
        assert_eq!(layout.arrow_rect, Rect::new(85, 380, 250, 100));
    }

    #[test]
    fn margins_follow_the_board_size() {
        let s = Settings { board_width: 5, board_height: 5, ..Settings::default() };
        let layout = Layout::new(&s, (281, 163), (250, 100));
        assert_eq!((layout.xmargin, layout.ymargin), (195, 115));
        let s = Settings { board_width: 12, board_height: 9, ..Settings::default() };
        let layout = Layout::new(&s, (281, 163), (250, 100));
        assert_eq!((layout.xmargin, layout.ymargin), (20, 15));
    }

    #[test]
    fn odd_image_sizes_round_like_pygame() {
        // pygame: rect.center = (c, d) sets x = c - w / 2 with C division.
        let layout = Layout::new(&Settings::default(), (379, 173), (251, 99));
        assert_eq!(layout.winner_rect, Rect::new(131, 154, 379, 173));
        assert_eq!(layout.arrow_rect.y, 430 - 49);
    }

    #[test]
    fn topleft_moves_a_rect_and_keeps_its_size() {
        let mut r = Rect::new(0, 0, 50, 50);
        r.set_topleft((145, 90));
        assert_eq!(r, Rect::new(145, 90, 50, 50));
        assert_eq!(r.topleft(), (145, 90));
    }

    #[test]
    fn collidepoint_is_half_open() {
        let r = Rect::new(25, 405, 50, 50);
        assert!(r.collidepoint((25, 405)));
        assert!(r.collidepoint((74, 454)));
        assert!(!r.collidepoint((75, 430)));
        assert!(!r.collidepoint((50, 455)));
        assert!(!r.collidepoint((24, 430)));
    }

    #[test]
    fn validation_names_the_fault() {
        assert!(Settings::default().validate().is_ok());
        let small = Settings { board_width: 3, ..Settings::default() };
        assert!(small
            .validate()
            .unwrap_err()
            .to_string()
            .starts_with("Board must be at least 4x4."));
        let wide = Settings { board_width: 13, ..Settings::default() };
        assert!(wide.validate().unwrap_err().to_string().contains("does not fit"));
        let tall = Settings { board_height: 10, ..Settings::default() };
        assert!(tall.validate().unwrap_err().to_string().contains("at most 12 columns and 9 rows"));
        let deep = Settings { difficulty: 7, ..Settings::default() };
        assert!(deep.validate().unwrap_err().to_string().contains("give 0 to 6"));
        let still = Settings { fps: 0, ..Settings::default() };
        assert!(still
            .validate()
            .unwrap_err()
            .to_string()
            .contains("0 frames per second is out of range"));
        let biggest = Settings { board_width: 12, board_height: 9, ..Settings::default() };
        assert!(biggest.validate().is_ok());
        // The limits themselves are allowed; one past them is not.
        let fastest = Settings { fps: 1000, ..Settings::default() };
        assert!(fastest.validate().is_ok());
        let faster = Settings { fps: 1001, ..Settings::default() };
        assert_eq!(faster.validate(), Err(SettingsError::Fps(1001)));
        let deepest = Settings { difficulty: MAX_DIFFICULTY, ..Settings::default() };
        assert!(deepest.validate().is_ok());
        assert_eq!(check_difficulty(6), Ok(()));
        assert_eq!(check_difficulty(7), Err(SettingsError::Difficulty(7)));
    }

    #[test]
    fn a_replay_scripts_size_and_difficulty_replace_the_settings_own() {
        let lab = Settings { fps: 60, bg_color: CORNFLOWERBLUE, ..Settings::default() };
        let s = lab.with_size_and_difficulty(5, 4, 3).unwrap();
        assert_eq!(s, Settings { board_width: 5, board_height: 4, difficulty: 3, ..lab.clone() });
        assert_eq!(
            lab.with_size_and_difficulty(7, 1 << 32, 2),
            Err(SettingsError::OutOfRange { what: "height", value: 1 << 32 })
        );
        assert_eq!(lab.with_size_and_difficulty(7, 6, 9), Err(SettingsError::Difficulty(9)));
        assert_eq!(lab.with_size_and_difficulty(7, 10, 2).unwrap_err().to_string(), {
            "a 7x10 board does not fit the 640x480 window: at most 12 columns and 9 rows of 50 pixels"
        });
    }

    #[test]
    fn a_board_too_small_keeps_the_size_check_as_its_source() {
        use std::error::Error;
        let small = Settings { board_width: 3, ..Settings::default() };
        let e = small.validate().unwrap_err();
        assert_eq!(e.to_string(), "Board must be at least 4x4. (asked for 3x6)");
        let source = e.source().map(ToString::to_string);
        assert_eq!(source.as_deref(), Some("Board must be at least 4x4. (this one is 3x6)"));
        let big = Settings::default().with_size_and_difficulty(1 << 40, 6, 2).unwrap_err();
        assert_eq!(big.to_string(), "width 1099511627776 is out of range");
        assert!(big.source().is_none());
    }
}

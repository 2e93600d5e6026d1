//! A first lesson in rust-sdl2: Four in a Row in one file, written the
//! direct way, as most SDL2 programs are.
//!
//!     cargo run --example first_lesson
//!     cargo run --example first_lesson -- --moves 3,3,4 --quit-after 900
//!
//! What it shows, in the order a pygame programmer meets them:
//!
//! - `sdl2::init()` and the video subsystem: `pygame.init()`;
//! - a window and its *surface*, the picture SDL shows: `set_mode`;
//! - `Surface::from_file` (the `LoadSurface` trait of `sdl2::image`), one
//!   per PNG: `pygame.image.load`;
//! - `blit` and `blit_scaled` onto the window surface, then
//!   `update_window`: `DISPLAYSURF.blit(...)` and `pygame.display.update()`;
//! - the event pump, polled once a frame: `pygame.event.get()`;
//! - a frame clock, sleeping to 30 frames a second: `FPSCLOCK.tick(FPS)`.
//!
//! The rules and the AI are the port's own twins (`fourinrow::fourinrow::port`), so
//! this file is only the SDL part. It plays the same game, but it is not
//! the port: the tokens are scaled by SDL, not with pygame's smoothscale, and
//! there are no animations. docs/tutorial.md says why the port itself draws
//! with its own pixel arithmetic, behind a seam.
//!
//! `--moves 3,3,4` plays the human's columns (from 0) instead of the mouse,
//! and `--quit-after N` stops after N frames; with `SDL_VIDEODRIVER=dummy`
//! it needs no display (tests/first_lesson.rs plays a game so).

use std::path::Path;
use std::time::{Duration, Instant};

use sdl2::event::Event;
use sdl2::image::LoadSurface;
use sdl2::keyboard::Keycode;
use sdl2::mouse::MouseButton;
use sdl2::rect::Rect;
use sdl2::surface::{Surface, SurfaceRef};

use fourinrow::fourinrow::port::ai::get_potential_moves;
use fourinrow::fourinrow::port::board::{
    get_new_board, is_board_full, is_valid_move, is_winner, make_move, Board, Tile,
};
use fourinrow::fourinrow::port::python::Python;

const WIDTH: usize = 7;
const HEIGHT: usize = 6;
const SPACE: i32 = 50;
const FPS: u32 = 30;
const WINDOW: (u32, u32) = (640, 480);
const X_MARGIN: i32 = (WINDOW.0 as i32 - WIDTH as i32 * SPACE) / 2;
const Y_MARGIN: i32 = (WINDOW.1 as i32 - HEIGHT as i32 * SPACE) / 2;
const DIFFICULTY: u32 = 2;

/// The seven pictures, each an SDL surface loaded from a PNG.
struct Pictures {
    red: Surface<'static>,
    black: Surface<'static>,
    board: Surface<'static>,
    human_winner: Surface<'static>,
    computer_winner: Surface<'static>,
    tie: Surface<'static>,
}

impl Pictures {
    /// `pygame.image.load('images/4rowred.png')` ...
    fn load(folder: &Path) -> Result<Pictures, String> {
        let load = |name: &str| {
            let path = folder.join(name);
            Surface::from_file(&path).map_err(|e| format!("{}: {e}", path.display()))
        };
        Ok(Pictures {
            red: load("4rowred.png")?,
            black: load("4rowblack.png")?,
            board: load("4rowboard.png")?,
            human_winner: load("4rowhumanwinner.png")?,
            computer_winner: load("4rowcomputerwinner.png")?,
            tie: load("4rowtie.png")?,
        })
    }
}

/// How the game ended, or that it goes on.
#[derive(Clone, Copy, Debug, PartialEq)]
enum State {
    HumansTurn,
    Won(Tile),
    Tie,
}

/// Draws the board, its tokens and, at the end, the result, onto `screen`.
fn draw(
    screen: &mut SurfaceRef,
    pictures: &Pictures,
    board: &Board,
    state: State,
) -> Result<(), String> {
    screen.fill_rect(None, sdl2::pixels::Color::RGB(0, 50, 255))?;
    let cell = |x: usize, y: usize| {
        Rect::new(
            X_MARGIN + x as i32 * SPACE,
            Y_MARGIN + y as i32 * SPACE,
            SPACE as u32,
            SPACE as u32,
        )
    };
    for x in 0..WIDTH {
        for y in 0..HEIGHT {
            let token = match board[x][y] {
                Some(Tile::Red) => &pictures.red,
                Some(Tile::Black) => &pictures.black,
                None => continue,
            };
            // The PNGs are 100x100: SDL scales them to a cell.
            token.blit_scaled(None, screen, cell(x, y))?;
        }
    }
    for x in 0..WIDTH {
        for y in 0..HEIGHT {
            pictures.board.blit_scaled(None, screen, cell(x, y))?;
        }
    }
    // The piles, bottom left and bottom right.
    let pile = |x: i32| Rect::new(x, WINDOW.1 as i32 - SPACE * 3 / 2, SPACE as u32, SPACE as u32);
    pictures.red.blit_scaled(None, screen, pile(SPACE / 2))?;
    pictures.black.blit_scaled(None, screen, pile(WINDOW.0 as i32 - SPACE * 3 / 2))?;
    let banner = match state {
        State::HumansTurn => None,
        State::Won(Tile::Red) => Some(&pictures.human_winner),
        State::Won(Tile::Black) => Some(&pictures.computer_winner),
        State::Tie => Some(&pictures.tie),
    };
    if let Some(banner) = banner {
        let (w, h) = banner.size();
        let at = Rect::new((WINDOW.0 - w) as i32 / 2, (WINDOW.1 - h) as i32 / 2, w, h);
        banner.blit(None, screen, at)?;
    }
    Ok(())
}

/// The computer's column: the first of its best-valued columns, by the
/// port's twin of `getPotentialMoves`.
fn computer_move(board: &Board) -> Option<usize> {
    let values = get_potential_moves(Python::default(), board, Tile::Black, DIFFICULTY);
    let valid: Vec<usize> = (0..WIDTH).filter(|&x| is_valid_move(board, x)).collect();
    let best = valid.iter().map(|&x| values[x].as_f64()).fold(-1.0, f64::max);
    valid.into_iter().find(|&x| values[x].as_f64() == best)
}

/// After `tile` moved: the game's state.
fn after_move(board: &Board, tile: Tile) -> State {
    if is_winner(board, tile) {
        State::Won(tile)
    } else if is_board_full(board) {
        State::Tie
    } else {
        State::HumansTurn
    }
}

/// The command line: `--moves 3,3,4` and `--quit-after N`.
fn options() -> Result<(Option<Vec<usize>>, Option<u64>), String> {
    let mut args = std::env::args().skip(1);
    let (mut moves, mut quit_after) = (None, None);
    while let Some(arg) = args.next() {
        let value = args.next().ok_or(format!("{arg} needs a value"))?;
        match arg.as_str() {
            "--moves" => {
                let parsed: Result<Vec<usize>, _> = value.split(',').map(str::parse).collect();
                moves =
                    Some(parsed.map_err(|_| format!("--moves {value}: not columns like 3,3,4"))?);
            }
            "--quit-after" => {
                quit_after =
                    Some(value.parse().map_err(|_| format!("--quit-after {value}: not a number"))?);
            }
            _ => {
                return Err(format!("unknown option {arg} (try --moves 3,3,4 or --quit-after 900)"))
            }
        }
    }
    Ok((moves, quit_after))
}

fn main() {
    if let Err(message) = run() {
        eprintln!("first_lesson: {message}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let (mut scripted, quit_after) = options()?;
    // pygame.init(); DISPLAYSURF = pygame.display.set_mode((640, 480))
    let sdl = sdl2::init()?;
    let video = sdl.video()?;
    let window = video
        .window("four in row: a first lesson", WINDOW.0, WINDOW.1)
        .position_centered()
        .build()
        .map_err(|e| e.to_string())?;
    let mut events = sdl.event_pump()?;
    let pictures = Pictures::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("images"))?;

    let mut board = get_new_board(WIDTH, HEIGHT);
    let mut state = State::HumansTurn;
    let frame = Duration::from_secs(1) / FPS;
    let mut frames: u64 = 0;
    loop {
        let started = Instant::now();
        // pygame.event.get(): every event since the last frame.
        let mut column = None;
        for event in events.poll_iter() {
            match event {
                Event::Quit { .. } | Event::KeyUp { keycode: Some(Keycode::Escape), .. } => {
                    println!("{state:?} after {frames} frames");
                    return Ok(());
                }
                Event::MouseButtonUp { mouse_btn: MouseButton::Left, x, .. } => {
                    let x = (x - X_MARGIN).div_euclid(SPACE);
                    column = usize::try_from(x).ok().filter(|&x| x < WIDTH);
                }
                _ => {}
            }
        }
        // Scripted moves, one every 10 frames, instead of the mouse.
        if let Some(moves) = scripted.as_mut() {
            if frames % 10 == 9 && !moves.is_empty() {
                column = Some(moves.remove(0));
            }
        }
        if let (State::HumansTurn, Some(x)) = (state, column) {
            if is_valid_move(&board, x) {
                make_move(&mut board, Tile::Red, x);
                state = after_move(&board, Tile::Red);
                if state == State::HumansTurn {
                    if let Some(x) = computer_move(&board) {
                        make_move(&mut board, Tile::Black, x);
                        state = after_move(&board, Tile::Black);
                    }
                }
            }
        }
        // Draw onto the window's surface, then show it: display.update().
        let mut screen = window.surface(&events)?;
        draw(&mut screen, &pictures, &board, state)?;
        screen.update_window()?;
        frames += 1;
        if quit_after.is_some_and(|n| frames >= n) {
            println!("{state:?} after {frames} frames");
            return Ok(());
        }
        // FPSCLOCK.tick(30): sleep what is left of the frame.
        if let Some(rest) = frame.checked_sub(started.elapsed()) {
            std::thread::sleep(rest);
        }
    }
}

//! What the fuzz targets check, one function per target: every parser and
//! loader that reads a user's file, fed arbitrary bytes. Each must return
//! a value that obeys its limits or a one-line error, and never panic,
//! hang or allocate by a number it read.
//!
//! Shared, as source, by the cargo-fuzz targets (`fuzz_targets/`) and by
//! `tests/fuzz_inputs.rs`, which runs the committed inputs through the same
//! checks on every `cargo test`, without libFuzzer.
#![allow(dead_code)] // each target uses one of these

use fourinrow::cli::EngineChoice;
use fourinrow::files::{quote, Lines, MAX_LINE, MAX_QUOTE};
use fourinrow::fourinrow::engine::solver::book::position;
use fourinrow::fourinrow::engine::solver::{Book, Position};
use fourinrow::fourinrow::engine::Fast;
use fourinrow::fourinrow::extras::record::GameRecord;
use fourinrow::fourinrow::port::board::{Tile, MAX_BOARD_SIZE};
use fourinrow::fourinrow::port::images::Images;
use fourinrow::fourinrow::port::settings::{
    Layout, Settings, MAX_BOARDHEIGHT, MAX_BOARDWIDTH, MIN_SIZE,
};
use fourinrow::fourinrow::tools::analyze::{analyze_board, check_search};
use fourinrow::fourinrow::tools::boardtext::parse_board;
use fourinrow::fourinrow::tools::solve::{parse_position, SolveOptions};
use fourinrow::io::images::{check_png, decode_rgba, MAX_IMAGE_SIZE};
use fourinrow::io::pixels::{Display, ScaleBackend};
use fourinrow::io::replay::{parse_script, Checksums, Replay};
use fourinrow::io::Frontend;

/// An error message: one line, not empty.
fn one_line(message: &str) {
    let breaks = ['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}'];
    assert!(!message.trim().is_empty() && !message.contains(breaks), "{message:?}");
}

/// `--images`: [`check_png`] and [`decode_rgba`] (SDL2_image's libpng),
/// then the set-up the game does with the image in every one of the seven
/// places: the tokens and the cell smoothscaled to 50x50, the layout made
/// from the panel's and the arrow's sizes, and each image blitted there.
/// Mutations rarely keep a chunk's CRC right, so the bytes are also tried
/// with every CRC made right: libpng then sees what the fuzzer made.
pub fn load_png(data: &[u8]) {
    load_one_png(data);
    let fixed = with_crcs_made_right(data);
    if fixed != data {
        load_one_png(&fixed);
    }
}

/// `data` with the CRC of every whole chunk after the signature recomputed.
fn with_crcs_made_right(data: &[u8]) -> Vec<u8> {
    let mut out = data.to_vec();
    let mut at = 8;
    while let Some(header) = out.get(at..at + 8) {
        let length = u32::from_be_bytes([header[0], header[1], header[2], header[3]]) as usize;
        let Some(end) = length.checked_add(at + 12).filter(|&end| end <= out.len()) else { break };
        let crc = fourinrow::io::images::crc32(&out[at + 4..end - 4]).to_be_bytes();
        out[end - 4..end].copy_from_slice(&crc);
        at = end;
    }
    out
}

/// One try of [`load_png`].
fn load_one_png(data: &[u8]) {
    let checked = check_png(data);
    if let Err(e) = &checked {
        one_line(&e.to_string());
    }
    let image = match decode_rgba(data) {
        Ok(image) => image,
        Err(e) => return one_line(&e.to_string()),
    };
    assert!(checked.is_ok(), "decoded what check_png refused: {checked:?}");
    let (w, h) = (image.width(), image.height());
    assert!(
        (1..=MAX_IMAGE_SIZE as usize).contains(&w) && (1..=MAX_IMAGE_SIZE as usize).contains(&h)
    );
    assert_eq!(image.data().len(), w * h * 4);
    let images = Images::load(|_| Ok(image.clone()), ScaleBackend::native()).unwrap();
    assert_eq!((images.red_token.width(), images.red_token.height()), (50, 50));
    let size = (w as i32, h as i32);
    let layout = Layout::new(&Settings::default(), size, size);
    let mut display = Display::new(640, 480);
    display.blit(&images.board, (layout.xmargin, layout.ymargin));
    display.blit(&images.human_winner, layout.winner_rect.topleft());
    display.blit(&images.arrow, layout.arrow_rect.topleft());
}

/// `--record` files read by `analyze --record`: [`GameRecord::parse`] on
/// every line, and [`GameRecord::positions`] and the search check on what
/// it accepts.
pub fn parse_record(data: &[u8]) {
    let mut lines = Lines::new(data, "rec.txt");
    loop {
        let line = match lines.next_line() {
            Ok(Some((_, Ok(line)))) => line,
            Ok(Some((_, Err(fault)))) => {
                one_line(&fault.to_string());
                continue;
            }
            Ok(None) => break,
            Err(e) => return one_line(&e.to_string()),
        };
        let line = line.as_str();
        let record = match GameRecord::parse(line) {
            Ok(record) => record,
            Err(e) => {
                one_line(&e.to_string());
                continue;
            }
        };
        let (width, height) = (record.size.width(), record.size.height());
        let sizes = MIN_SIZE..=MAX_BOARD_SIZE;
        assert!(sizes.contains(&width) && sizes.contains(&height), "{line}");
        assert!(record.moves.len() <= width * height, "{line}");
        assert_eq!(GameRecord::parse(&record.to_string()).as_ref(), Ok(&record), "{line}");
        match record.positions() {
            Ok(positions) => {
                assert_eq!(positions.len(), record.moves.len());
                let mut tile = record.first;
                for (i, (board, to_move)) in positions.iter().enumerate() {
                    assert_eq!((board.width(), board.height()), (width, height));
                    assert_eq!(board.token_count(), i);
                    assert_eq!(*to_move, tile);
                    tile = tile.enemy();
                }
                if let Some((board, _)) = positions.first() {
                    for difficulty in 0..=6 {
                        if let Err(e) = check_search(board, difficulty, EngineChoice::Fast) {
                            one_line(&e.to_string());
                        }
                    }
                }
            }
            Err(e) => one_line(&e.to_string()),
        }
    }
}

/// `--replay` scripts: [`parse_script`], the script's size and difficulty
/// through [`Settings::with_size_and_difficulty`], and the replay's side of
/// the seam for a few frames (nothing may be allocated by `frames`).
pub fn parse_script_file(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let script = match parse_script(&text) {
        Ok(script) => script,
        Err(e) => return one_line(&e.0),
    };
    assert!(script.events.windows(2).all(|w| w[0].0 <= w[1].0), "events in frame order");
    match Settings::default().with_size_and_difficulty(
        script.width,
        script.height,
        script.difficulty,
    ) {
        Ok(settings) => {
            assert!(settings.validate().is_ok());
            assert!((MIN_SIZE..=MAX_BOARDWIDTH).contains(&settings.board_width));
            assert!((MIN_SIZE..=MAX_BOARDHEIGHT).contains(&settings.board_height));
        }
        Err(e) => one_line(&e.to_string()),
    }
    let mut replay = Replay::new(&script, Checksums::default());
    let display = Display::new(2, 2);
    let mut handed = 0;
    for _ in 0..4 {
        handed += replay.get_events().unwrap().len();
        if replay.display_update(&display).is_err() {
            break;
        }
    }
    assert!(replay.frames_presented() <= script.frames.min(4));
    assert!(handed <= script.events.len());
    let column = replay.choice(&[2, 3, 5]).unwrap();
    assert!([2, 3, 5].contains(&column));
}

/// Board text, as `analyze` reads it: [`parse_board`]; what it accepts
/// writes back as the same text, has a size within the limits, passes or
/// fails the search check in one line, and is answered at difficulty 0.
pub fn parse_board_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let board = match parse_board(text) {
        Ok(board) => board,
        Err(e) => return one_line(&e.to_string()),
    };
    assert_eq!(board.to_string(), text.trim());
    let sizes = MIN_SIZE..=MAX_BOARD_SIZE;
    assert!(sizes.contains(&board.width()) && sizes.contains(&board.height()));
    for difficulty in 0..=6 {
        if let Err(e) = check_search(&board, difficulty, EngineChoice::Fast) {
            one_line(&e.to_string());
        }
    }
    let line = analyze_board(text, 0, Tile::Black, &Fast::default()).unwrap();
    assert!(line.starts_with("{\"board\": \"") && !line.contains('\n'), "{line}");
}

/// Lines of `solve`, `grade` and `analyze` (stdin or a file): [`Lines`]
/// (bounded, a byte-order mark skipped, bytes that are not UTF-8 named),
/// then each line as `solve` reads a position (not solved: a position may
/// take minutes) and as `grade` does (its first word), with the faulty
/// line quoted as the messages quote it.
pub fn read_lines(data: &[u8]) {
    let mut lines = Lines::new(data, "stdin");
    let options = SolveOptions::default();
    let mut last = 0;
    loop {
        let (number, line) = match lines.next_line() {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(e) => return one_line(&e.to_string()),
        };
        assert_eq!(number, last + 1, "lines are numbered one by one");
        last = number;
        let text = match line {
            Ok(text) => text,
            Err(fault) => {
                one_line(&fault.to_string());
                continue;
            }
        };
        assert!(text.len() <= MAX_LINE && !text.contains('\n'));
        // One byte-order mark is skipped (a second is text, and quoted escaped).
        let bom = "\u{feff}".as_bytes();
        let skipped = number == 1 && data.starts_with(bom);
        assert!(!skipped || text.starts_with('\u{feff}') == data[3..].starts_with(bom));
        for word in [text.trim(), text.split_whitespace().next().unwrap_or("")] {
            if word.is_empty() {
                continue;
            }
            if let Err(e) = parse_position(word, &options) {
                let quoted = quote(word);
                assert!(quoted.chars().count() <= MAX_QUOTE + 3);
                one_line(&format!("line {number}: {e}: {quoted}"));
            }
        }
    }
}

/// `solve --book FILE`: [`Book::parse`], also with the hash made right, so
/// that the fuzzer's bytes reach the checks behind it. A book it accepts
/// reads every entry back through a look-up, as a position with a score
/// such a position can have, and answers every position of up to 3 moves
/// on its board with such a score or none.
pub fn parse_book(data: &[u8]) {
    parse_one_book(data);
    let fixed = with_hash_made_right(data);
    if fixed != data {
        parse_one_book(&fixed);
    }
}

/// `data` with its last 8 bytes made the FNV-1a hash of the rest.
fn with_hash_made_right(data: &[u8]) -> Vec<u8> {
    let mut out = data.to_vec();
    if let Some(body) = data.len().checked_sub(8) {
        let hash = data[..body].iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        out[body..].copy_from_slice(&hash.to_le_bytes());
    }
    out
}

fn parse_one_book(data: &[u8]) {
    let book = match Book::parse(std::borrow::Cow::Owned(data.to_vec())) {
        Ok(book) => book,
        Err(e) => return one_line(&e.to_string()),
    };
    let (width, height) = book.size();
    let possible = |p: &Position, score: i32| {
        let (cells, n) = ((width * height) as i32, p.moves_played() as i32);
        score <= (cells + 1 - n) / 2 && score >= -(cells - n) / 2
    };
    for (key, score) in book.entries().take(10_000) {
        let p = position(key, width, height).expect("an entry is a position");
        assert!(possible(&p, score), "{key:#x} scores {score}");
        assert_eq!(book.get(&p), Some(score), "{key:#x}");
    }
    let mut ply = vec![Position::new(width, height).expect("the book's board")];
    for _ in 0..=3 {
        for p in &ply {
            assert!(book.get(p).is_none_or(|s| possible(p, s)));
        }
        ply = ply
            .iter()
            .flat_map(|p| (0..width).filter(|&c| p.can_play(c)).map(move |c| p.child(c)))
            .collect();
    }
}

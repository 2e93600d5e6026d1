//! The fuzz targets' committed inputs (`fuzz/inputs/TARGET/`, the corpus
//! each target starts from), run through the targets' own checks
//! (`fuzz/checks.rs`) on every `cargo test`, with no libFuzzer and no
//! nightly compiler; and kept holding every input that once crashed or hung
//! the program (made by `tests/common/bad.rs`).
//!
//! `FOURINROW_WRITE_FUZZ_INPUTS=1 cargo test --test suite fuzz_inputs::` writes the
//! made inputs into `fuzz/inputs/` (commit them); otherwise a missing or
//! changed one fails. Other files in `fuzz/inputs/` (a crash the fuzzer
//! found, minimised, say) are run through the checks too.
#![cfg(feature = "window")]

use crate::common;

#[path = "../fuzz/checks.rs"]
mod checks;

use std::panic::catch_unwind;
use std::path::{Path, PathBuf};

use common::bad;
use fourinrow::io::images::EMBEDDED_IMAGES;

/// `fuzz/inputs/TARGET`.
fn input_dir(target: &str) -> PathBuf {
    common::root().join("fuzz/inputs").join(target)
}

/// Every input made here: (target, file name, bytes).
fn made_inputs() -> Vec<(&'static str, String, Vec<u8>)> {
    let mut inputs = Vec::new();
    let mut add =
        |target, name: &str, bytes: Vec<u8>| inputs.push((target, name.to_string(), bytes));

    // PNGs: the built-in ones, cut, damaged and forged; other formats; the
    // colour types libpng converts.
    for (name, bytes) in EMBEDDED_IMAGES {
        add("load_png", name, bytes.to_vec());
    }
    let red = bad::red();
    add("load_png", "cut-31-in-ihdr-crc.png", red[..31].to_vec());
    add("load_png", "cut-in-idat.png", red[..red.len() / 2].to_vec());
    add("load_png", "cut-in-iend-crc.png", red[..red.len() - 2].to_vec());
    let mut flipped = red.to_vec();
    flipped[red.len() / 2] ^= 0x40;
    add("load_png", "flipped-byte.png", flipped);
    add(
        "load_png",
        "iccp-known-incorrect-srgb.png",
        bad::with_profile(&bad::srgb_profile_known_incorrect()),
    );
    add("load_png", "iccp-edited-srgb.png", bad::with_profile(&bad::srgb_profile_edited()));
    add("load_png", "zero-width.png", bad::sized(0, 100));
    add("load_png", "5000-wide.png", bad::sized(5000, 100));
    add("load_png", "u32-max.png", bad::sized(u32::MAX, u32::MAX));
    add("load_png", "no-pixels.png", bad::no_pixels());
    add("load_png", "garbage-pixels.png", bad::garbage_pixels());
    add("load_png", "bit-depth-3.png", bad::bad_bit_depth());
    add("load_png", "line-break-in-chunk-type.png", bad::line_break_in_chunk_type());
    add("load_png", "huge.gif", bad::huge_gif());
    add("load_png", "huge.bmp", bad::huge_bmp());
    add("load_png", "text.txt", b"a text file, not a PNG\n".to_vec());
    let mut texts = bad::chunk(b"tEXt", b"Comment\0hello");
    texts.extend(bad::chunk(
        b"zTXt",
        &[&b"Comment\0\0"[..], &bad::zlib_deflated_zeros(100_000)].concat(),
    ));
    add("load_png", "text-chunks.png", bad::after_ihdr(red, &texts));
    let plte = bad::chunk(b"PLTE", &[255, 0, 0, 0, 0, 255]);
    let trns = bad::chunk(b"tRNS", &[0]);
    add("load_png", "grey-1x1.png", bad::tiny_png(1, 1, 8, 0, &[], &[0, 128]));
    add("load_png", "grey-alpha-1x1.png", bad::tiny_png(1, 1, 8, 4, &[], &[0, 128, 64]));
    add("load_png", "palette-2x1.png", bad::tiny_png(2, 1, 8, 3, &[plte, trns], &[0, 0, 1]));
    add("load_png", "rgb16-1x1.png", bad::tiny_png(1, 1, 16, 2, &[], &[0, 1, 2, 3, 4, 5, 6]));

    // Records: the lines that overflowed or hung, and sound ones.
    add("parse_record", "huge-width.txt", b"4611686018427387904x4 first=red moves=0\n".to_vec());
    add("parse_record", "huge-both.txt", b"70000x70000 first=red moves=0,1,2\n".to_vec());
    add("parse_record", "64x64.txt", b"64x64 first=red moves=0 result=unfinished\n".to_vec());
    let full: Vec<String> = (0..256).map(|i| (i % 64).to_string()).collect();
    add(
        "parse_record",
        "full-64x4.txt",
        format!("64x4 first=black moves={}\n", full.join(",")).into_bytes(),
    );
    add(
        "parse_record",
        "games.txt",
        b"# games\n7x6 first=black moves=3,3,4,2 result=black\n4x4 first=red moves=0,0,0,0,0 result=tie\n\n5x5 first=red moves= result=restarted\n".to_vec(),
    );
    add(
        "parse_record",
        "seventeen-moves.txt",
        format!("4x4 first=red moves={}\n", vec!["0"; 17].join(",")).into_bytes(),
    );
    add("parse_record", "huge-column.txt", b"7x6 first=red moves=18446744073709551615\n".to_vec());

    // Scripts: frames 0, sizes and counts at and past their limits.
    add("parse_script", "frames-0.json", br#"{"frames": 0}"#.to_vec());
    add(
        "parse_script",
        "frames-u64-max.json",
        br#"{"width": 4, "height": 4, "frames": 18446744073709551615, "events": [[3, "quit"]]}"#
            .to_vec(),
    );
    add("parse_script", "width-13.json", br#"{"frames": 1, "width": 13}"#.to_vec());
    add(
        "parse_script",
        "width-u64-max.json",
        br#"{"frames": 1, "width": 18446744073709551615}"#.to_vec(),
    );
    add("parse_script", "difficulty-7.json", br#"{"frames": 1, "difficulty": 7}"#.to_vec());
    add(
        "parse_script",
        "choices-i64.json",
        br#"{"frames": 9, "choices": [-9223372036854775808, 9223372036854775807, -1, 4]}"#.to_vec(),
    );
    add(
        "parse_script",
        "events-i32.json",
        br#"{"frames": 9, "events": [[0, "down", -2147483648, 2147483647], [18446744073709551615, "quit"], [2, "motion", 2147483648, 0]]}"#.to_vec(),
    );
    add(
        "parse_script",
        "keys.json",
        br#"{"frames": 9, "first": ["human", "computer"], "events": [[1, "key", "ctrl+z"], [2, "keydown", "shift+u"], [3, "keyup", "f1"], [4, "escape"]]}"#.to_vec(),
    );
    add(
        "parse_script",
        "deep-nesting.json",
        format!("{{\"frames\": {}1{}}}", "[".repeat(1000), "]".repeat(1000)).into_bytes(),
    );

    // Board text.
    add("parse_board", "readme.txt", b"......./......./......./......./...R.../...B...".to_vec());
    add("parse_board", "empty-4x4.txt", b"..../..../..../....".to_vec());
    add("parse_board", "empty-64x64.txt", vec![".".repeat(64); 64].join("/").into_bytes());
    add("parse_board", "65x4.txt", vec![".".repeat(65); 4].join("/").into_bytes());
    add("parse_board", "ragged.txt", b"..../.../..../....".to_vec());
    add("parse_board", "floating.txt", b"..../.R../..../....".to_vec());
    add("parse_board", "unknown.txt", b"..../..x./..../....\n".to_vec());
    add("parse_board", "full-4x4.txt", b"RBRB/RBRB/BRBR/BRBR".to_vec());

    // Lines of solve, grade and analyze: a byte-order mark, bytes that are
    // not UTF-8, UTF-16 with and without its mark, NULs, a long faulty line.
    let position = "755733356656526372225727171133611";
    add(
        "read_lines",
        "positions.txt",
        format!("{position}\n\n..../..../..../....\n{position} 2\n").into_bytes(),
    );
    add("read_lines", "bom.txt", format!("\u{feff}{position}\n").into_bytes());
    add("read_lines", "not-utf8.txt", b"44\nab\xffc\n\xc3\n4\r\n".to_vec());
    let utf16: Vec<u8> =
        format!("\u{feff}{position}\n").encode_utf16().flat_map(u16::to_le_bytes).collect();
    add("read_lines", "utf16-bom.txt", utf16.clone());
    add("read_lines", "utf16.txt", utf16[2..].to_vec());
    add(
        "read_lines",
        "long-faulty-line.txt",
        format!("{}\n{position}\n", "x".repeat(100_000)).into_bytes(),
    );
    // Found by fuzzing: escaped control characters made a quote too long.
    let mut escapes = vec![b'['; 38];
    escapes.extend_from_slice(&[31, 40]);
    escapes.extend(vec![b'['; 50]);
    escapes.extend_from_slice(b"44\nab\xffc\n\xc3\n4\r\n");
    add("read_lines", "control-characters.txt", escapes);
    add("read_lines", "u2028.txt", "12\u{2028}3\n\u{85}\n".as_bytes().to_vec());
    add(
        "parse_record",
        "bom.txt",
        "\u{feff}7x6 first=black moves=3 result=unfinished\n".as_bytes().to_vec(),
    );
    add(
        "parse_record",
        "no-newline-then-game.txt",
        b"# games against my brother7x6 first=red moves=0\n".to_vec(),
    );
    add("parse_script", "bom.json", "\u{feff}{\"frames\": 2}".as_bytes().to_vec());
    add(
        "parse_script",
        "many-events.json",
        format!("{{\"frames\": 3, \"events\": [{}]}}", vec![r#"[0, "quit"]"#; 2000].join(", "))
            .into_bytes(),
    );
    add(
        "parse_script",
        "compound-values.json",
        br#"{"frames": 2, "width": [1, [2]], "first": {"a": 1}}"#.to_vec(),
    );

    // Opening books: a sound one, cut, damaged, of the first format, for a
    // board too large, and with a block that does not fit.
    let book = bad::small_book();
    add("parse_book", "sound.bin", book.clone());
    add("parse_book", "cut.bin", book[..book.len() - 9].to_vec());
    let mut flipped = book.clone();
    flipped[book.len() / 2] ^= 0x08;
    add("parse_book", "flipped-byte.bin", flipped);
    add("parse_book", "first-format.bin", [&b"FIRBOOK1"[..], &book[8..]].concat());
    let mut huge = book.clone();
    huge[8..10].copy_from_slice(&[64, 64]);
    add("parse_book", "64x64.bin", huge);
    let mut misplaced = book.clone();
    misplaced[16 + 13 + 8] ^= 1;
    add("parse_book", "misplaced-block.bin", misplaced);
    add("parse_book", "empty.bin", Vec::new());
    inputs
}

/// The made inputs are in `fuzz/inputs/`, byte for byte (or written there
/// with `FOURINROW_WRITE_FUZZ_INPUTS=1`).
#[test]
fn the_committed_inputs_hold_every_known_bad_input() {
    let write = std::env::var_os("FOURINROW_WRITE_FUZZ_INPUTS").is_some();
    let mut stale = Vec::new();
    for (target, name, bytes) in made_inputs() {
        let path = input_dir(target).join(&name);
        if write {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &bytes).unwrap();
        } else if std::fs::read(&path).ok().as_ref() != Some(&bytes) {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "missing or changed inputs (FOURINROW_WRITE_FUZZ_INPUTS=1 cargo test --test suite fuzz_inputs:: \
         writes them): {stale:?}"
    );
}

/// Runs every file in `dirs` through `check`; fails naming each that panics.
fn replay(dirs: &[PathBuf], check: fn(&[u8])) {
    let mut files: Vec<PathBuf> = dirs
        .iter()
        .flat_map(|dir| std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 5, "only {} inputs in {dirs:?}", files.len());
    let failed: Vec<String> = files
        .iter()
        .filter(|path| {
            let bytes = std::fs::read(path).unwrap();
            catch_unwind(|| check(&bytes)).is_err()
        })
        .map(|path| path.display().to_string())
        .collect();
    assert!(
        failed.is_empty(),
        "{} of {} inputs fail the check: {failed:?}",
        failed.len(),
        files.len()
    );
}

#[test]
fn png_inputs_pass_the_load_png_checks() {
    replay(&[input_dir("load_png")], checks::load_png);
}

#[test]
fn record_inputs_pass_the_parse_record_checks() {
    replay(&[input_dir("parse_record")], checks::parse_record);
}

#[test]
fn script_inputs_and_the_test_scripts_pass_the_parse_script_checks() {
    replay(
        &[input_dir("parse_script"), common::root().join("tests/scripts")],
        checks::parse_script_file,
    );
}

#[test]
fn board_inputs_pass_the_parse_board_checks() {
    replay(&[input_dir("parse_board")], checks::parse_board_text);
}

#[test]
fn line_inputs_pass_the_read_lines_checks() {
    replay(&[input_dir("read_lines")], checks::read_lines);
}

#[test]
fn book_inputs_pass_the_parse_book_checks() {
    replay(&[input_dir("parse_book")], checks::parse_book);
}

/// Every target has a folder of inputs, named after it.
#[test]
fn every_target_has_inputs() {
    for target in
        ["load_png", "parse_record", "parse_script", "parse_board", "read_lines", "parse_book"]
    {
        assert!(Path::new(&input_dir(target)).is_dir(), "{target}");
        assert!(common::root().join("fuzz/fuzz_targets").join(format!("{target}.rs")).is_file());
    }
}

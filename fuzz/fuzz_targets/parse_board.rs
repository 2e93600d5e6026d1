//! `parse_board` on any text: it must not panic, whatever it accepts must
//! write back as the same text, and its errors must be one line.
#![no_main]

use fourinrow::boardtext::{format_board, parse_board};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_board(text) {
        Ok(board) => assert_eq!(format_board(&board), text.trim()),
        Err(e) => {
            let message = e.to_string();
            assert!(
                !message.is_empty()
                    && !message.contains(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}']),
                "{message:?}"
            );
        }
    }
});

//! `parse_script` on any text: it must not panic, whatever it accepts must
//! be playable settings with its events in frame order, and its errors must
//! be one line.
#![no_main]

use fourinrow::replay::parse_script;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match parse_script(&text) {
        Ok(script) => {
            assert!(script.settings.validate().is_ok());
            assert!(script.events.windows(2).all(|w| w[0].0 <= w[1].0));
        }
        Err(e) => {
            let message = e.0;
            assert!(
                !message.is_empty()
                    && !message.contains(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}']),
                "{message:?}"
            );
        }
    }
});

//! The strong engine's answer for `fourinrow gobang analyze --engine
//! strong`: one JSON line, with the proven win's whole line when there is one.

use std::time::Duration;

use crate::gobang::boardtext::{to_move, Board as BoardText, BoardTextError};
use crate::gobang::extras::rules::Rule;

use super::board::{coords, Board, Color};
use super::search::{Table, WON};
use super::threat::Kind;
use super::{think, Clock, Level};

/// `[row, col]` of point `p`.
fn json_point(p: usize) -> String {
    let (r, c) = coords(p);
    format!("[{r}, {c}]")
}

/// The JSON line for `text` (freestyle): the side to move, the point, its
/// score, how deep the search went, and the proven win if one is found.
pub fn analyze_line(text: &BoardText, level: Level) -> Result<String, BoardTextError> {
    let me = Color::of(to_move(text));
    let mut board = Board::from_maps(&text.0, Rule::Freestyle);
    let settings = level.settings();
    let clock = Clock::new(Some(settings.time.max(Duration::from_millis(1))), None);
    let mut table = Table::with_bytes(32 << 20);
    let thought = think(&mut board, me, &settings, &clock, &mut table, &mut rand::rng())
        .ok_or_else(|| BoardTextError("the board is full: there is no point to play".into()))?;
    let proof = match &thought.proof {
        None => "null".to_string(),
        Some(proof) => {
            let kind = match proof.kind {
                Kind::Five => "five",
                Kind::Vcf => "VCF",
                Kind::Vct => "VCT",
            };
            let line: Vec<String> = proof.line.iter().map(|&p| json_point(p)).collect();
            format!(
                "{{\"kind\": \"{kind}\", \"moves\": {}, \"line\": [{}]}}",
                proof.line.len().div_ceil(2),
                line.join(", ")
            )
        }
    };
    let verdict = if thought.score > WON {
        "win"
    } else if thought.score < -WON {
        "loss"
    } else {
        "open"
    };
    Ok(format!(
        "{{\"board\": \"{text}\", \"engine\": \"strong\", \"level\": \"{level}\", \"plays\": \"{}\", \"point\": {}, \"score\": {}, \"verdict\": \"{verdict}\", \"depth\": {}, \"nodes\": {}, \"proof\": {proof}}}",
        if me == Color::Black { "X" } else { "O" },
        json_point(thought.point),
        thought.score,
        thought.depth,
        thought.nodes,
    ))
}

//! The strong engine's answer for `fourinrow gobang analyze --engine
//! strong`: one JSON line, with the proven win's whole line when there is one.

use std::time::Duration;

use crate::gobang::extras::rules::Rule;
use crate::gobang::port::robot::Maps;

use super::board::{coords, Board, Color};
use super::clock::Clock;
use super::search::{Table, WON};
use super::threat::Kind;
use super::{think, Level};

/// `[row, col]` of point `p`.
fn json_point(p: usize) -> String {
    let (r, c) = coords(p);
    format!("[{r}, {c}]")
}

/// The JSON line for `maps` (freestyle), written `text`: the side to
/// move, the point, its score, how deep the search went, and the proven
/// win if one is found; `None` on a full board.
pub fn analyze_line(maps: &Maps, text: &str, level: Level) -> Option<String> {
    let mut board = Board::from_maps(maps, Rule::Freestyle);
    let me = board.to_move();
    let settings = level.settings();
    let clock = Clock::new(Some(settings.time.max(Duration::from_millis(1))), None);
    let mut table = Table::with_bytes(32 << 20);
    let thought = think(&mut board, me, &settings, &clock, &mut table, &mut rand::rng())?;
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
    Some(format!(
        "{{\"board\": \"{text}\", \"engine\": \"strong\", \"level\": \"{level}\", \"plays\": \"{}\", \"point\": {}, \"score\": {}, \"verdict\": \"{verdict}\", \"depth\": {}, \"nodes\": {}, \"proof\": {proof}}}",
        if me == Color::Black { "X" } else { "O" },
        json_point(thought.point),
        thought.score,
        thought.depth,
        thought.nodes,
    ))
}

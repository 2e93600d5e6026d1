//! The strong engine's answer for `fourinrow gobang analyze --engine
//! strong`: one JSON line, with the proven win's whole line when there is one.

use std::time::Duration;

use crate::gobang::extras::rules::Rule;
use crate::gobang::port::robot::Maps;

use super::board::{coords, Board, Color};
use super::clock::Clock;
use super::search::{Table, WON};
use super::threat::{Kind, Prover};
use super::{think, Level, Settings, Thought, SHOWN_VCT_THREES};

/// How long analysis looks for a proven win with up to
/// [`SHOWN_VCT_THREES`] threes before the level's own move: this many
/// positions for each millisecond of the level's time, on top of it. A
/// move in play looks for wins with up to [`VCT_THREES`](super::VCT_THREES)
/// threes, in a part of its time; a puzzle's win may need more threes, and
/// analysis can take the time. A count of positions rather than a time, so
/// that a board gets the same answer on any machine, however busy: 150 a
/// millisecond took about half the level's time on the development machine
/// (2 cores, AMD EPYC, 6 December 2026), 150,000 positions at expert and
/// 450,000 at master. There, on the 1,653 positions of the games in
/// `docs/matches/strong-98c0aea-vs-pentazen-0.2.1-even-1001.games`, five
/// threes in 1 s had proved 446 wins where three in 240 ms proved 360.
const PROOF_NODES_PER_MS: u64 = 150;

/// What looking for a proven win found.
enum Looked {
    /// A win, as the level's answer.
    Won(Thought),
    /// No win with up to [`SHOWN_VCT_THREES`] threes: every line searched.
    NoWin,
    /// Nothing either way: the budget ran out, or the level looks for no VCT.
    Unknown,
}

/// Looks for a proven win for `me` on `board` with up to
/// [`SHOWN_VCT_THREES`] threes, within [`PROOF_NODES_PER_MS`].
fn proven_win(board: &mut Board, me: Color, settings: &Settings, bytes: usize) -> Looked {
    if !settings.vct {
        return Looked::Unknown;
    }
    let clock = Clock::new(None, None);
    let nodes = PROOF_NODES_PER_MS * settings.time.as_millis() as u64;
    let mut prover = Prover::with_bytes(&clock, bytes).with_max_nodes(nodes);
    match prover.prove(board, me, 16, SHOWN_VCT_THREES) {
        Some(proof) => Looked::Won(Thought::proven(proof, prover.nodes)),
        None if prover.aborted() => Looked::Unknown,
        None => Looked::NoWin,
    }
}

/// `[row, col]` of point `p`.
fn json_point(p: usize) -> String {
    let (r, c) = coords(p);
    format!("[{r}, {c}]")
}

/// The JSON line for `maps` (freestyle), written `text`: the side to
/// move, the point, its score, how deep the search went, and the proven
/// win if one is found; `None` on a full board. At the levels that look
/// for VCTs, a win with more threes than play looks for is looked for
/// first (`PROOF_NODES_PER_MS`).
pub fn analyze_line(maps: &Maps, text: &str, level: Level) -> Option<String> {
    let mut board = Board::from_maps(maps, Rule::Freestyle);
    let me = board.to_move();
    let settings = level.settings();
    let mut table = Table::with_bytes(32 << 20);
    let thought = match proven_win(&mut board, me, &settings, table.bytes()) {
        Looked::Won(thought) => thought,
        looked => {
            // No win with five threes rules out the VCF and the VCT with
            // three that `think` looks for first (the same depth, fewer
            // threes): their time goes to its alpha-beta instead.
            let settings = match looked {
                Looked::NoWin => Settings { vcf: false, vct: false, ..settings },
                _ => settings,
            };
            let clock = Clock::new(Some(settings.time.max(Duration::from_millis(1))), None);
            think(&mut board, me, &settings, &clock, &mut table, &mut rand::rng())?
        }
    };
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

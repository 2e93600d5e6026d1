//! The engine behind the Gomocup protocol (`fourinrow gobang pbrain
//! --engine strong`): Gomocup's time and memory rules read from `INFO`.
//!
//! - `timeout_turn` (ms, 0: as fast as possible) bounds each move;
//! - `time_left` (ms, with a `timeout_match` other than 0) is shared out
//!   over the moves still to come;
//! - `max_memory` (bytes, 0: no limit) bounds the tables;
//! - `rule`: 0 five or more, 1 exactly five; renju (4) and caro (8) are
//!   refused with an `ERROR`, and the game goes on by the other bits.

use std::time::Duration;

use crate::gobang::extras::rules::Rule;
use crate::gobang::port::robot::{Maps, Stone};

use super::board::{coords, Board, Color};
use super::clock::Clock;
use super::search::Table;
use super::threat::Kind;
use super::{think, Level};

/// The table's bytes when `max_memory` sets no limit, and at most: a
/// second's search fills a few megabytes, and a larger table costs time
/// to clear.
const DEFAULT_MEMORY: usize = 32 << 20;
/// The share of a move's time the engine thinks, and the time kept back
/// besides, for the reply to reach the manager and for a busy machine:
/// 870 ms of a 1 s turn, whose slowest reply in 160 games against Pela
/// 2023 took 879 ms (Pela itself takes up to 979). Until 6 December 2026
/// it was 0.75 less 50 ms (700 ms); on the same 80 openings against Pela
/// the larger share scored 65.0% and the smaller 63.8%, no difference the
/// games can show, but the time is the engine's to use
/// (docs/gobang-engine-log.md, "More of the turn's time").
const SHARE: f64 = 0.9;
const MARGIN: Duration = Duration::from_millis(30);

/// The strong engine as a Gomocup brain: its level and its table.
#[derive(Clone, Debug)]
pub struct Brain {
    level: Level,
    table: Table,
}

/// An `INFO` number, if given and a number.
fn number(info: &[(String, String)], key: &str) -> Option<u64> {
    info.iter().rev().find(|(k, _)| k == key).and_then(|(_, v)| v.parse().ok())
}

impl Brain {
    /// A brain at `level`.
    pub fn new(level: Level) -> Brain {
        Brain { level, table: Table::with_bytes(1 << 16) }
    }

    /// The `ABOUT` line.
    pub fn about() -> String {
        format!(
            "name=\"fourinrow-gobang-engine\", version=\"{}\", author=\"the fourinrow project\", \
             country=\"-\", www=\"threat search (VCF, VCT) and alpha-beta, in Rust\"",
            env!("CARGO_PKG_VERSION")
        )
    }

    /// What is wrong with `INFO key value`, if this engine cannot do it.
    pub fn refuses(&self, key: &str, value: &str) -> Option<String> {
        let numeric = ["timeout_turn", "timeout_match", "time_left", "max_memory", "rule"];
        if !numeric.contains(&key) {
            return None;
        }
        let Ok(n) = value.parse::<u64>() else {
            return Some(format!("INFO {key} needs a whole number, got '{value}'"));
        };
        match key {
            "rule" if n & 8 != 0 => Some(format!("INFO rule {n}: caro is not supported")),
            _ => None,
        }
    }

    /// The rule `INFO rule` asks for.
    pub fn rule(info: &[(String, String)]) -> Rule {
        match number(info, "rule") {
            Some(n) if n & 4 != 0 => Rule::Renju,
            Some(n) if n & 1 != 0 => Rule::Standard,
            _ => Rule::Freestyle,
        }
    }

    /// The time for the next move, by the `INFO` values.
    pub fn budget(&self, info: &[(String, String)], stones: usize) -> Duration {
        let mut ms =
            number(info, "timeout_turn").unwrap_or(self.level.settings().time.as_millis() as u64);
        if number(info, "timeout_match").unwrap_or(0) > 0 {
            if let Some(left) = number(info, "time_left") {
                // Share what is left over the moves a game may still take.
                let to_come = (60u64.saturating_sub(stones as u64 / 2)).max(12);
                ms = ms.min(left / to_come);
            }
        }
        let ms = Duration::from_millis(ms);
        (ms.mul_f64(SHARE).saturating_sub(MARGIN)).max(Duration::from_millis(5))
    }

    /// The bytes the tables may take, by `INFO max_memory`.
    pub fn memory(info: &[(String, String)]) -> usize {
        match number(info, "max_memory") {
            Some(0) | None => DEFAULT_MEMORY,
            // The search's table and the threat search's each get a third.
            Some(n) => (n as usize / 3).clamp(1 << 16, DEFAULT_MEMORY),
        }
    }

    /// Builds the line tables and sizes the table by `INFO max_memory`:
    /// done at `START` and `INFO`, so that a move's time goes to the search.
    pub fn prepare(&mut self, info: &[(String, String)]) {
        super::shape::table(Rule::Freestyle);
        super::shape::table(Rule::Standard);
        let want = Table::bytes_for(Brain::memory(info));
        if self.table.bytes() != want {
            // The old table goes first: both at once could pass max_memory.
            self.table = Table::with_bytes(1);
            self.table = Table::with_bytes(want);
        }
    }

    /// The move on `maps` (own stones white): played there and written
    /// `x,y`, after a `MESSAGE` line when a win is proven.
    pub fn answer(&mut self, maps: &mut Maps, info: &[(String, String)]) -> String {
        let stones = maps.iter().flatten().filter(|c| c.is_some()).count();
        let budget = self.budget(info, stones);
        let clock = Clock::new(Some(budget), None);
        self.prepare(info);
        let mut board = Board::from_maps(maps, Brain::rule(info));
        let settings = super::Settings { time: budget, ..self.level.settings() };
        let thought =
            think(&mut board, Color::White, &settings, &clock, &mut self.table, &mut rand::rng());
        let Some(thought) = thought else {
            return "ERROR the board is full".into();
        };
        let (row, col) = thought.row_col();
        maps[row][col] = Some(Stone::White);
        let mut reply = String::new();
        if let Some(proof) = thought.proof.filter(|p| p.kind != Kind::Five) {
            let line: Vec<String> = proof
                .line
                .iter()
                .map(|&p| {
                    let (r, c) = coords(p);
                    format!("{c},{r}")
                })
                .collect();
            reply = format!(
                "MESSAGE a forced win ({:?}) in {} moves: {}\n",
                proof.kind,
                proof.line.len().div_ceil(2),
                line.join(" ")
            );
        }
        reply + &format!("{col},{row}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|&(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn the_budget_is_a_share_of_the_turn_or_of_the_match_time_left() {
        let brain = Brain::new(Level::Master);
        let ms = |i: &[(&str, &str)], stones| brain.budget(&info(i), stones).as_millis();
        assert_eq!(ms(&[("timeout_turn", "1000")], 10), 870);
        assert_eq!(ms(&[("timeout_turn", "300")], 10), 240);
        // As fast as possible: the least there is.
        assert_eq!(ms(&[("timeout_turn", "0")], 10), 5);
        // With match time, what is left shared over the moves to come:
        // 60 less half the stones, at least 12.
        let matched = [("timeout_turn", "30000"), ("timeout_match", "180000")];
        let left = |t| [matched[0], matched[1], ("time_left", t)];
        assert_eq!(ms(&left("55000"), 10), 870);
        assert_eq!(ms(&left("12000"), 200), 870);
        assert_eq!(ms(&left("2000000"), 10), 26_970, "never more than the turn");
        // No timeout_turn: the level's own time.
        assert_eq!(ms(&[], 10), 2_670);
    }
}

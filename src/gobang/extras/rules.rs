//! Win detection done right: the extra that fixes the twin's
//! `judgeResult`, which counts from the new stone one way at a time and
//! needs exactly five (so a five completed in its middle, or six in a
//! row, is no win there).
//!
//! Here a new stone wins when the line through it, counted both ways, is
//! long enough: five or more in **freestyle**, exactly five in
//! **standard** (an overline of six or more does not win). The four lines
//! through a point are the row, the column and the two diagonals.

use crate::gobang::port::hooks::Judge;
use crate::gobang::port::robot::{Maps, Stone};
use crate::gobang::port::setup::{COL, ROW};

/// Which lines win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Five or more in a row.
    Freestyle,
    /// Exactly five in a row; six or more do not win.
    Standard,
    /// Renju: black wins with exactly five and loses by a forbidden move
    /// (an overline, a double four or a double three: [`super::renju`]);
    /// white wins with five or more.
    Renju,
}

impl Rule {
    /// How a line of `stone`'s wins under this rule: renju counts black's
    /// lines as standard does and white's as freestyle does.
    pub fn for_stone(self, stone: Stone) -> Rule {
        match (self, stone) {
            (Rule::Renju, Stone::Black) => Rule::Standard,
            (Rule::Renju, Stone::White) => Rule::Freestyle,
            (rule, _) => rule,
        }
    }
}

/// The four directions of a line: along a row, a column and both diagonals.
const LINES: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// How many stones of the colour at `(x, y)` stand in an unbroken line
/// through it in direction `(dx, dy)`, counted both ways; 0 on an empty point.
pub fn run_length(maps: &Maps, (x, y): (i32, i32), (dx, dy): (i32, i32)) -> usize {
    let on_board = |x: i32, y: i32| (0..COL as i32).contains(&x) && (0..ROW as i32).contains(&y);
    if !on_board(x, y) {
        return 0;
    }
    let Some(stone) = maps[x as usize][y as usize] else {
        return 0;
    };
    let mut count = 1;
    for sign in [1, -1] {
        let (mut i, mut j) = (x + sign * dx, y + sign * dy);
        while on_board(i, j) && maps[i as usize][j as usize] == Some(stone) {
            count += 1;
            i += sign * dx;
            j += sign * dy;
        }
    }
    count
}

/// The colour that wins with the stone at `(x, y)` under `rule`, if any:
/// under renju, white also wins when black's stone there was forbidden.
pub fn winner(maps: &Maps, point: (i32, i32), rule: Rule) -> Option<Stone> {
    let stone = maps.get(point.0 as usize)?.get(point.1 as usize).copied().flatten()?;
    let wins = LINES.iter().any(|&d| match (rule.for_stone(stone), run_length(maps, point, d)) {
        (Rule::Standard, n) => n == 5,
        (_, n) => n >= 5,
    });
    if wins {
        return Some(stone);
    }
    if rule == Rule::Renju && stone == Stone::Black {
        let mut before = *maps;
        before[point.0 as usize][point.1 as usize] = None;
        return super::renju::foul(&before, point).map(|_| Stone::White);
    }
    None
}

/// Judges as `AI.judgeResult` answers (`'B'`, `'W'`, `'T'` a full board,
/// `'C'` play on), but by `rule`: the rules extra's hook.
pub fn judge(maps: &Maps, point: (i32, i32), rule: Rule) -> char {
    match winner(maps, point, rule) {
        Some(Stone::Black) => 'B',
        Some(Stone::White) => 'W',
        None if maps.iter().flatten().all(Option::is_some) => 'T',
        None => 'C',
    }
}

/// The hook for freestyle: five or more win.
pub fn judge_freestyle(maps: &Maps, point: (i32, i32)) -> char {
    judge(maps, point, Rule::Freestyle)
}

/// The hook for standard: exactly five win.
pub fn judge_standard(maps: &Maps, point: (i32, i32)) -> char {
    judge(maps, point, Rule::Standard)
}

/// The hook for renju: exactly five wins for black, five or more for
/// white, and a forbidden stone loses.
pub fn judge_renju(maps: &Maps, point: (i32, i32)) -> char {
    judge(maps, point, Rule::Renju)
}

/// The hook for `rule`: the judge that `Hooks::judge` holds.
pub fn judge_for(rule: Option<Rule>) -> Option<Judge> {
    rule.map(|rule| match rule {
        Rule::Freestyle => judge_freestyle as Judge,
        Rule::Standard => judge_standard as Judge,
        Rule::Renju => judge_renju as Judge,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gobang::port::robot::{AI, EMPTY_MAPS};

    /// Every pattern of `len` points (empty, black, white) laid along each
    /// of the four directions through the centre, the new stone black in
    /// the pattern's middle; `check` gets the board and the longest run of
    /// black through the middle, counted by hand.
    fn every_pattern(len: usize, mut check: impl FnMut(&Maps, (i32, i32), (i32, i32), usize)) {
        let mid = len / 2;
        let patterns = 3usize.pow(len as u32 - 1);
        for (dx, dy) in LINES {
            for code in 0..patterns {
                let mut cells = Vec::with_capacity(len);
                let mut c = code;
                for k in 0..len {
                    if k == mid {
                        cells.push(Some(Stone::Black));
                        continue;
                    }
                    cells.push([None, Some(Stone::Black), Some(Stone::White)][c % 3]);
                    c /= 3;
                }
                let mut maps = EMPTY_MAPS;
                let start = (7 - mid as i32 * dx, 7 - mid as i32 * dy);
                for (k, cell) in cells.iter().enumerate() {
                    let (x, y) = (start.0 + k as i32 * dx, start.1 + k as i32 * dy);
                    maps[x as usize][y as usize] = *cell;
                }
                // The run through the middle, counted on the pattern itself.
                let black = |k: usize| cells[k] == Some(Stone::Black);
                let left = (0..mid).rev().take_while(|&k| black(k)).count();
                let right = (mid + 1..len).take_while(|&k| black(k)).count();
                check(&maps, (7, 7), (dx, dy), left + 1 + right);
            }
        }
    }

    #[test]
    fn every_line_of_eleven_points_is_judged_by_its_run_through_the_new_stone() {
        let mut cases = 0;
        every_pattern(11, |maps, point, direction, run| {
            assert_eq!(run_length(maps, point, direction), run);
            let free = winner(maps, point, Rule::Freestyle);
            let standard = winner(maps, point, Rule::Standard);
            assert_eq!(free, (run >= 5).then_some(Stone::Black), "freestyle, run {run}");
            assert_eq!(standard, (run == 5).then_some(Stone::Black), "standard, run {run}");
            // Renju: exactly five wins, an overline loses (one line can
            // hold no double three, but it can hold a double four).
            let renju = winner(maps, point, Rule::Renju);
            if run == 5 {
                assert_eq!(renju, Some(Stone::Black), "renju, five");
            } else if run > 5 {
                assert_eq!(renju, Some(Stone::White), "renju, overline {run}");
            } else {
                assert_ne!(renju, Some(Stone::Black), "renju, run {run}");
            }
            cases += 1;
        });
        assert_eq!(cases, 4 * 3usize.pow(10), "all 236,196 patterns");
    }

    #[test]
    fn the_twins_check_misses_fives_these_rules_see() {
        let (mut missed, mut fives) = (0, 0);
        every_pattern(9, |maps, point, _, run| {
            if run == 5 {
                fives += 1;
                let twin = AI::new(*maps).judge_result(point.0, point.1);
                assert_eq!(winner(maps, point, Rule::Standard), Some(Stone::Black));
                if twin != 'B' {
                    missed += 1;
                }
            }
        });
        // Only the fives in which the new stone is an end are the twin's.
        assert!(fives > 0 && missed > 0 && missed < fives, "{missed} of {fives}");
    }

    #[test]
    fn the_hook_makes_the_state_judge_by_the_rule() {
        use crate::gobang::port::status::State;
        let mut state = State::new();
        for y in [3, 5, 6, 7] {
            state.maps[7][y] = Some(Stone::Black);
        }
        state.maps[7][4] = Some(Stone::Black); // the middle of five
        assert_eq!(state.result_text((7, 4)), None, "the Python's check misses it");
        state.hooks.judge = judge_for(Some(Rule::Standard));
        assert_eq!(state.result_text((7, 4)), Some("Black wins"));
        state.maps[7][8] = Some(Stone::Black);
        assert_eq!(state.result_text((7, 4)), None, "six is no standard win");
        state.hooks.judge = judge_for(Some(Rule::Freestyle));
        assert_eq!(state.result_text((7, 4)), Some("Black wins"));
        assert!(judge_for(None).is_none());
    }

    #[test]
    fn lines_at_the_edges_and_empty_points() {
        let mut maps = EMPTY_MAPS;
        for cell in &mut maps[14][10..15] {
            *cell = Some(Stone::White);
        }
        assert_eq!(winner(&maps, (14, 14), Rule::Standard), Some(Stone::White));
        assert_eq!(winner(&maps, (14, 12), Rule::Freestyle), Some(Stone::White));
        assert_eq!(winner(&maps, (0, 0), Rule::Freestyle), None, "an empty point");
        assert_eq!(run_length(&maps, (15, 3), (0, 1)), 0, "off the board");
        maps[14][9] = Some(Stone::White);
        assert_eq!(winner(&maps, (14, 12), Rule::Standard), None, "six: an overline");
        assert_eq!(winner(&maps, (14, 12), Rule::Freestyle), Some(Stone::White));
    }
}

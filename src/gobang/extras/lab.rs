//! The undo-lab tutorial's AI, an alternative engine: it scores a board
//! by matching each line's slices against about forty pattern values
//! (five 1000, open four 400, fours 82 to 120, threes 21 to 60, twos 2 to
//! 8), adds combination bonuses, and plays the point that best raises its
//! own score (weighted 1.1) while lowering the opponent's.
//!
//! The lab's AI plays black (`'X'`); here it plays either colour: the
//! board is read with the engine's own stones as `X` and the opponent's as
//! `O`. Its functions follow the lab's `value`, `additional`, `value_all`
//! and `value_chess`. The printed page lost the loops over each line's
//! slices in `value`; docs/gobang.md says how they were rebuilt.
//!
//! Pure logic: no SDL, no I/O.

use crate::gobang::port::robot::{Maps, Stone};
use crate::gobang::port::setup::{COL, ROW};

/// A point as the lab's board holds it: `b'X'`, `b'O'` or `b' '`.
type Point = u8;

/// One pattern of the lab's value model: its name (`"4_0"`), its points
/// with the side being valued as `X`, and its value for that side. The lab
/// values its two sides by two tables that differ in one number: `4_9`
/// is worth 82 to black and 84 to white.
#[derive(Clone, Copy, Debug)]
struct Shape {
    name: &'static str,
    points: &'static str,
    black: i32,
    white: i32,
}

const fn shape(name: &'static str, points: &'static str, value: i32) -> Shape {
    Shape { name, points, black: value, white: value }
}

/// The patterns looked for anywhere in a line (the lab's "中间检测" table,
/// which its start and end tables also hold).
const ANYWHERE: [Shape; 31] = [
    shape("5", "XXXXX", 1000),
    shape("4_0", " XXXX ", 400),
    shape("4_1", " XXXXO", 100),
    shape("4_2", "OXXXX ", 100),
    shape("4_3", "X XXX  ", 120),
    shape("4_4", "   XX XX   ", 110),
    shape("4_5", "  XXX X", 120),
    shape("4_6", "X XXXO", 82),
    shape("4_7", "XX XXO", 84),
    shape("4_8", "OXX XX", 84),
    Shape { name: "4_9", points: "OXXX X", black: 82, white: 84 },
    shape("4_16", "OX XXX", 86),
    shape("4_17", "XXX XO", 86),
    shape("3_0", "  XXX  ", 60),
    shape("3_1", "  XXXO", 25),
    shape("3_2", "OXXX  ", 25),
    shape("3_3", " XXX  ", 30),
    shape("3_4", "  XXX ", 30),
    shape("3_5", " X XX ", 37),
    shape("3_6", " XX X ", 37),
    shape("3_7", " X X X ", 27),
    shape("3_8", "OXX X ", 21),
    shape("3_9", " X XXO", 21),
    shape("3_14", "OX XX ", 23),
    shape("3_15", " XX XO", 23),
    shape("2_0", "   XX   ", 8),
    shape("2_1", "   XXO", 2),
    shape("2_2", "OXX   ", 2),
    shape("2_3", "  XX   ", 5),
    shape("2_4", " XX   ", 4),
    shape("2_5", " X X ", 4),
];

/// The patterns looked for only at a line's start ("开头检测").
const AT_START: [Shape; 8] = [
    shape("4_11", "XXXX ", 100),
    shape("4_13", "XX XX ", 84),
    shape("4_15", "XXX X", 82),
    shape("4_18", "X XXX", 86),
    shape("3_10", "XXX  ", 25),
    shape("3_11", "XX X ", 21),
    shape("3_16", "X XX ", 23),
    shape("2_6", "XX   ", 2),
];

/// The patterns looked for only at a line's end ("结尾检测").
const AT_END: [Shape; 8] = [
    shape("4_10", " XXXX", 100),
    shape("4_12", "X XXX", 82),
    shape("4_14", "XX XX", 84),
    shape("4_19", "XXX X", 86),
    shape("3_12", "  XXX", 25),
    shape("3_13", " X XX", 21),
    shape("3_17", " XX X", 23),
    shape("2_7", "   XX", 2),
];

/// Fours and live threes: two or more of them earn 30 (`additional`).
const FOURS_AND_LIVE_THREES: [&str; 24] = [
    "3_0", "3_3", "3_4", "3_5", "3_6", "4_1", "4_2", "4_3", "4_4", "4_5", "4_6", "4_7", "4_8",
    "4_9", "4_10", "4_11", "4_12", "4_13", "4_14", "4_15", "4_16", "4_17", "4_18", "4_19",
];
/// Threes, live or not: two or more, one of them live, earn 15.
const THREES: [&str; 18] = [
    "3_0", "3_3", "3_4", "3_5", "3_6", "3_1", "3_2", "3_7", "3_8", "3_9", "3_10", "3_11", "3_12",
    "3_13", "3_14", "3_15", "3_16", "3_17",
];
/// Live threes.
const LIVE_THREES: [&str; 5] = ["3_0", "3_3", "3_4", "3_5", "3_6"];

/// Which side a table values: the lab's `value_model_X` or `value_model_O`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    X,
    O,
}

impl Side {
    /// The pattern's points for this side (the `O` table swaps the letters).
    fn matches(self, shape: &Shape, slice: &[Point]) -> bool {
        shape.points.len() == slice.len()
            && shape.points.bytes().zip(slice).all(|(p, &s)| match (self, p) {
                (Side::O, b'X') => s == b'O',
                (Side::O, b'O') => s == b'X',
                _ => s == p,
            })
    }

    fn value(self, shape: &Shape) -> i32 {
        match self {
            Side::X => shape.black,
            Side::O => shape.white,
        }
    }
}

/// The lab's board: `board[x][y]`, rows of `X`, `O` and spaces.
type LabBoard = [[Point; ROW]; COL];

/// Lab: `value(board_inner, temp_list, value_model)`: the score of every
/// line's patterns for `side`; each match's name is pushed on `found`.
fn value(lines: &[Vec<Point>], found: &mut Vec<&'static str>, side: Side) -> i32 {
    let mut score = 0;
    for line in lines {
        // A line with fewer than two stones scores nothing.
        if line.iter().filter(|&&p| p != b' ').count() < 2 {
            continue;
        }
        // Rebuilt: `a` counts down the positions skipped after some shapes.
        let mut a = 1;
        for i in 0..line.len() {
            let mut temp: Vec<&Shape> = Vec::new();
            if a == 1 {
                // Rebuilt: slices of 5 to 11 points, the patterns' lengths.
                for j in 5..=11 {
                    if i + j > line.len() {
                        break;
                    }
                    let slice = &line[i..i + j];
                    let tables: [&[Shape]; 2] = if i == 0 {
                        [&ANYWHERE, &AT_START]
                    } else if i + j < line.len() {
                        [&ANYWHERE, &[]]
                    } else {
                        [&ANYWHERE, &AT_END]
                    };
                    temp.extend(
                        tables.iter().flat_map(|t| t.iter()).filter(|s| side.matches(s, slice)),
                    );
                }
            } else {
                a -= 1;
            }
            // The best match here; the first found (the shortest) on a tie.
            let Some(best) = temp.iter().map(|s| side.value(s)).max() else {
                continue;
            };
            let Some(shape) = temp.iter().find(|s| side.value(s) == best) else {
                continue;
            };
            match shape.name {
                "4_3" | "3_0" | "3_16" | "2_3" => a = 1,
                "4_5" | "4_13" | "3_5" | "2_0" => a = 2,
                "4_4" => a = 5,
                _ => {}
            }
            found.push(shape.name);
            score += best;
        }
    }
    score
}

/// Lab: `additional(te_list)`: 30 for two fours or live threes, else 15
/// for two threes of which one is live.
fn additional(found: &[&str]) -> i32 {
    let count = |names: &[&str]| found.iter().filter(|f| names.contains(f)).count();
    if count(&FOURS_AND_LIVE_THREES) >= 2 {
        30
    } else if count(&THREES) >= 2 && count(&LIVE_THREES) > 0 {
        15
    } else {
        0
    }
}

/// The lab's four sets of lines: rows, columns, and the two diagonals,
/// each line's points in the order the lab collects them.
fn lines(board: &LabBoard) -> [Vec<Vec<Point>>; 4] {
    let rows = board.iter().map(|r| r.to_vec()).collect();
    let columns = (0..ROW).map(|y| board.iter().map(|r| r[y]).collect()).collect();
    let mut sums = vec![Vec::new(); ROW + COL - 1];
    let mut diffs = vec![Vec::new(); ROW + COL - 1];
    for (x, row) in board.iter().enumerate() {
        for (y, &p) in row.iter().enumerate() {
            sums[x + y].push(p);
            // Python's board_d[x - y]: a negative index counts from the end.
            diffs[(x + ROW + COL - 1 - y) % (ROW + COL - 1)].push(p);
        }
    }
    [rows, columns, sums, diffs]
}

/// Lab: `value_all(board_inner, temp_list, value_model)`: the four
/// directions' scores and the combination bonus over all of them.
fn value_all(board: &LabBoard, side: Side) -> i32 {
    let mut found = Vec::new();
    let total: i32 = lines(board).iter().map(|l| value(l, &mut found, side)).sum();
    total + additional(&found)
}

/// Which of the lab's three ways chose the point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// The board was empty: the centre.
    Centre,
    /// 策略1: a point that scores 1000 or more for the engine: it wins.
    Win,
    /// 策略2: the opponent's point that would score 1000 or more: block it.
    Block,
    /// 策略3: the best of 1.1 x own gain + the opponent's loss.
    Balance,
}

/// The engine's answer: the point, its score and how it was chosen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabChoice {
    /// `(row, col)`.
    pub point: (i32, i32),
    /// The engine's own score with its stone there (`value_chess`'s third value).
    pub score: i32,
    /// Which way it chose.
    pub strategy: Strategy,
    /// The best `diff` it found (策略3's measure).
    pub diff: f64,
}

/// The board as the lab sees it, with `me` as `X`.
fn lab_board(maps: &Maps, me: Stone) -> LabBoard {
    let mut board = [[b' '; ROW]; COL];
    for (x, row) in maps.iter().enumerate() {
        for (y, cell) in row.iter().enumerate() {
            board[x][y] = match cell {
                None => b' ',
                Some(s) if *s == me => b'X',
                Some(_) => b'O',
            };
        }
    }
    board
}

/// Lab: `value_chess(board_inner)`: the point the engine plays as `me`
/// on `maps`, or `None` on a full board.
pub fn value_chess(maps: &Maps, me: Stone) -> Option<LabChoice> {
    let mut board = lab_board(maps, me);
    if board.iter().flatten().all(|&p| p == b' ') {
        let point = (7, 7);
        return Some(LabChoice { point, score: 0, strategy: Strategy::Centre, diff: 0.0 });
    }
    let score_x = value_all(&board, Side::X);
    let score_o = value_all(&board, Side::O);
    let (mut pos_x, mut pos_o, mut pos_d) = ((0, 0), (0, 0), (0, 0));
    let (mut score_x_2, mut score_o_2, mut score_diff) = (0, 0, 0.0f64);
    // Only rows and columns within four of a stone are tried (the lab's
    // range stops one short after the last: `min(max + 4, 15)` exclusive).
    let span = |used: Vec<usize>| -> (usize, usize) {
        let lo = used.iter().min().copied().unwrap_or(0);
        let hi = used.iter().max().copied().unwrap_or(0);
        (lo.saturating_sub(4), (hi + 4).min(ROW))
    };
    let rows = span((0..COL).filter(|&x| board[x].iter().any(|&p| p != b' ')).collect());
    let cols = span((0..ROW).filter(|&y| board.iter().any(|r| r[y] != b' ')).collect());
    for x in rows.0..rows.1 {
        for y in cols.0..cols.1 {
            if board[x][y] != b' ' {
                continue;
            }
            board[x][y] = b'X';
            let score_a = value_all(&board, Side::X);
            let score_c = value_all(&board, Side::O);
            if score_a > score_x_2 {
                pos_x = (x, y);
                score_x_2 = score_a;
            }
            board[x][y] = b'O';
            let score_b = value_all(&board, Side::O);
            if score_b > score_o_2 {
                pos_o = (x, y);
                score_o_2 = score_b;
            }
            board[x][y] = b' ';
            // In the lab's order of float operations, so ties break as there.
            let diff = 1.1 * f64::from(score_a - score_x) + f64::from(score_o) - f64::from(score_c)
                + f64::from(score_b)
                - f64::from(score_c);
            if diff > score_diff {
                pos_d = (x, y);
                score_diff = diff;
            }
        }
    }
    let (strategy, pos) = if score_x_2 >= 1000 {
        (Strategy::Win, pos_x)
    } else if score_o_2 >= 1000 {
        (Strategy::Block, pos_o)
    } else {
        (Strategy::Balance, pos_d)
    };
    // Not in the lab: when no point raised `diff` above 0 the lab answers
    // (0, 0) even if it is taken, and its game then waits for ever; the
    // first empty point tried is played instead.
    let pos = if board[pos.0][pos.1] == b' ' {
        pos
    } else {
        (rows.0..rows.1)
            .flat_map(|x| (cols.0..cols.1).map(move |y| (x, y)))
            .find(|&(x, y)| board[x][y] == b' ')
            .or_else(|| {
                (0..COL)
                    .flat_map(|x| (0..ROW).map(move |y| (x, y)))
                    .find(|&(x, y)| board[x][y] == b' ')
            })?
    };
    let score = if strategy == Strategy::Win {
        score_x_2
    } else {
        board[pos.0][pos.1] = b'X';
        value_all(&board, Side::X)
    };
    Some(LabChoice { point: (pos.0 as i32, pos.1 as i32), score, strategy, diff: score_diff })
}

/// The engine's hook ([`Engine`](crate::gobang::port::hooks::Engine)):
/// the point it plays as `me`.
pub fn engine(maps: &Maps, me: Stone) -> Option<(i32, i32)> {
    value_chess(maps, me).map(|c| c.point)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gobang::port::robot::EMPTY_MAPS;

    /// A board from `(row, "row text")` pairs: `X` black, `O` white.
    fn board(rows: &[(usize, &str)]) -> Maps {
        let mut maps = EMPTY_MAPS;
        for &(x, text) in rows {
            for (y, c) in text.chars().enumerate() {
                maps[x][y] = match c {
                    'X' => Some(Stone::Black),
                    'O' => Some(Stone::White),
                    _ => None,
                };
            }
        }
        maps
    }

    fn lab(text: &str) -> Vec<Point> {
        text.bytes().collect()
    }

    #[test]
    fn an_empty_board_opens_at_the_centre() {
        let c = value_chess(&EMPTY_MAPS, Stone::Black).unwrap();
        assert_eq!((c.point, c.score, c.strategy), ((7, 7), 0, Strategy::Centre));
    }

    #[test]
    fn lines_score_by_their_best_pattern_with_skips() {
        let mut found = Vec::new();
        // An open four in the middle of a row: ' XXXX ' (400), and
        // nothing else counted from the same stones' later positions but
        // the fours that fit.
        let score = value(&[lab("    XXXX       ")], &mut found, Side::X);
        assert!(found.contains(&"4_0"), "{found:?}");
        assert!(score >= 400, "{score}");
        // One stone only: nothing.
        assert_eq!(value(&[lab("       X       ")], &mut Vec::new(), Side::X), 0);
        // The O table sees the same shapes with the letters swapped, and
        // values 4_9 at 84 where X's values it at 82.
        let mut found = Vec::new();
        assert_eq!(value(&[lab(" XOOO O ")], &mut found, Side::O), 84);
        assert_eq!(found, ["4_9"]);
        assert_eq!(value(&[lab(" OXXX X ")], &mut Vec::new(), Side::X), 82);
        // Start-only and end-only shapes count at the ends alone (a slice
        // that starts the line is matched as a start, even if it ends it).
        assert_eq!(value(&[lab("XX   ")], &mut Vec::new(), Side::X), 2);
        assert_eq!(value(&[lab("    XX")], &mut Vec::new(), Side::X), 2);
        assert_eq!(value(&[lab("   XX")], &mut Vec::new(), Side::X), 0);
        assert_eq!(value(&[lab(" XX    ")], &mut Vec::new(), Side::X), 4);
    }

    #[test]
    fn combinations_earn_bonuses() {
        assert_eq!(additional(&["4_1", "3_0"]), 30);
        assert_eq!(additional(&["3_1", "3_3"]), 15);
        assert_eq!(additional(&["3_1", "3_2"]), 0);
        assert_eq!(additional(&["4_0", "2_0"]), 0);
    }

    #[test]
    fn it_takes_a_five() {
        // Black (the engine) has four in a row with one end open; white
        // has an open four it could block instead: winning comes first.
        let maps = board(&[(7, "   OXXXX"), (9, "  OOOO ")]);
        let c = value_chess(&maps, Stone::Black).unwrap();
        assert_eq!((c.point, c.strategy), ((7, 8), Strategy::Win));
        assert!(c.score >= 1000);
    }

    #[test]
    fn it_blocks_a_four() {
        // White has four in a column, open at one end only.
        let maps = board(&[
            (3, "     X"),
            (4, "     O"),
            (5, "     O"),
            (6, "     O"),
            (7, "     O"),
            (9, "  X X"),
        ]);
        let c = value_chess(&maps, Stone::Black).unwrap();
        assert_eq!((c.point, c.strategy), ((8, 5), Strategy::Block));
    }

    #[test]
    fn it_blocks_an_open_three_before_it_becomes_an_open_four() {
        // White's open three in row 7; black has scattered stones.
        let maps = board(&[(7, "     OOO"), (10, "  X"), (4, "          X")]);
        let c = value_chess(&maps, Stone::Black).unwrap();
        assert_eq!(c.strategy, Strategy::Balance);
        assert!(c.point == (7, 4) || c.point == (7, 8), "{:?}", c.point);
    }

    #[test]
    fn it_plays_either_colour() {
        // The same position with the colours swapped, asked of white.
        let maps = board(&[(7, "   XOOOO"), (9, "  XXXX ")]);
        let c = value_chess(&maps, Stone::White).unwrap();
        assert_eq!((c.point, c.strategy), ((7, 8), Strategy::Win));
    }

    #[test]
    fn a_full_board_has_no_point() {
        let mut maps = EMPTY_MAPS;
        for (x, row) in maps.iter_mut().enumerate() {
            for (y, cell) in row.iter_mut().enumerate() {
                *cell = Some(if (x / 2 + y) % 2 == 0 { Stone::Black } else { Stone::White });
            }
        }
        assert_eq!(value_chess(&maps, Stone::Black), None);
    }
}

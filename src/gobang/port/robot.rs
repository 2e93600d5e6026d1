//! Twins of `robot.py`: class `AI`, its rules and its three-ply search, in
//! the Python's order.
//!
//! The original's faults stay, each marked `FAULT (kept)`: the win check
//! counts one way from the new stone and needs exactly five; several
//! `y + DX[...]` typos make the AI look at the wrong cells; the search
//! visits index 8 first, where the centre is 7. Rules done right are not
//! here: the twins are the Python's logic, faults and all.
//!
//! Coordinates are the Python's: `maps[x][y]`, `x` the row and `y` the
//! column, as `i32` because the scans step off the board (`inBoard` checks
//! every step before a cell is read, as in the Python).

use crate::gobang::port::setup::{COL, DX, DY, L_BORDER, PIECE_NEAR, ROW, SPACE, T_BORDER};

/// What a point holds: the Python stores `None`, `'1'` (black) or `'0'` (white).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stone {
    /// `'1'`: the human, who moves first.
    Black,
    /// `'0'`: the AI.
    White,
}

impl Stone {
    /// The Python's string for it: `'1'` or `'0'`.
    pub fn python(self) -> &'static str {
        match self {
            Stone::Black => "1",
            Stone::White => "0",
        }
    }
}

/// A point of the board: `None` or a stone.
pub type Cell = Option<Stone>;

/// The board, `maps[x][y]`: `COL` lists of `ROW` points, as the Python's.
pub type Maps = [[Cell; ROW]; COL];

/// An empty board. Python: `[[None for j in range(ROW)] for i in range(COL)]`.
pub const EMPTY_MAPS: Maps = [[None; ROW]; COL];

/// The order every layer of the search visits rows and columns.
/// FAULT (kept): it starts from index 8, where the centre is 7.
const SEARCH_ORDER: [i32; 15] = [8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 0];

/// The search's point when nothing scored: the Python's `pos_x = -1`, `pos_y = -1`.
pub const NO_POINT: (i32, i32) = (-1, -1);

/// Not in the Python: the first empty point, row by row, for where
/// `layerOne` answers [`NO_POINT`]. It does so with two empty points left,
/// when neither scores above its floor of -100000; the Python then stops
/// with a TypeError (its `maps[-1][-1]` is taken).
pub fn first_empty(maps: &Maps) -> Option<(i32, i32)> {
    (0..COL as i32)
        .flat_map(|x| (0..ROW as i32).map(move |y| (x, y)))
        .find(|&(x, y)| maps[x as usize][y as usize].is_none())
}

/// The Python's `class AI`: the board it judges and searches.
///
/// In the Python, `AI(maps)` shares `State`'s list of lists, and
/// `layerOne` tries stones on it and takes them back. Here an `AI` owns a
/// copy of the board (`Maps` is a plain array): `State` makes one when it
/// asks, which lets the search run on another thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AI {
    /// `self.maps`.
    pub maps: Maps,
    /// `self.is_end`: set by the Python, read by nothing.
    pub is_end: bool,
}

impl AI {
    /// Python: AI.__init__(self, maps)
    pub fn new(maps: Maps) -> AI {
        AI { maps, is_end: false }
    }

    /// The point at (x, y), which the caller has checked is on the board.
    fn at(&self, x: i32, y: i32) -> Cell {
        self.maps[x as usize][y as usize]
    }

    /// Python: AI.inBoard(x, y)
    pub fn in_board(x: i32, y: i32) -> bool {
        ROW as i32 > x && x >= 0 && COL as i32 > y && y >= 0
    }

    /// Python: AI.downOk(self, x, y)
    pub fn down_ok(&self, x: i32, y: i32) -> bool {
        AI::in_board(x, y) && self.at(x, y).is_none()
    }

    /// Python: AI.sameColor(self, x, y, i)
    pub fn same_color(&self, x: i32, y: i32, i: Cell) -> bool {
        AI::in_board(x, y) && self.at(x, y) == i
    }

    /// Python: AI.numInLine(self, x, y, d)
    pub fn num_in_line(&self, x: i32, y: i32, d: usize) -> i32 {
        let mut i = x + DX[d];
        let mut j = y + DY[d];
        let mut same_num = 0;
        let piece = self.at(x, y);
        if piece.is_none() {
            return 0;
        }
        while self.same_color(i, j, piece) {
            same_num += 1;
            i += DX[d];
            j += DY[d];
        }
        same_num
    }

    /// Python: AI.numOfSameKey(self, x, y, d, i, key, same_key)
    pub fn num_of_same_key(
        &self,
        x: i32,
        y: i32,
        d: usize,
        mut i: i32,
        key: Cell,
        mut same_key: i32,
    ) -> (i32, i32) {
        if i == 1 {
            while self.same_color(x + DX[d] * i, y + DY[d] * i, key) {
                same_key += 1;
                i += 1;
            }
        } else if i == -1 {
            while self.same_color(x + DX[d] * i, y + DY[d] * i, key) {
                same_key += 1;
                i -= 1;
            }
        }
        (same_key, i)
    }

    /// Python: AI.judgeResult(self, x, y)
    ///
    /// `'B'` black has five, `'W'` white, `'T'` the board is full, `'C'` play on.
    pub fn judge_result(&self, x: i32, y: i32) -> char {
        let piece = self.at(x, y);
        for d in 0..8 {
            // FAULT (kept): counts one way only, from the new stone, and
            // needs exactly five: a five completed in its middle, or six,
            // is not seen.
            let (same_key, _i) = self.num_of_same_key(x, y, d, 1, piece, 1);
            if same_key == 5 {
                if piece == Some(Stone::Black) {
                    return 'B';
                } else if piece == Some(Stone::White) {
                    return 'W';
                }
            }
        }

        let mut none_count = 0;
        for row in &self.maps {
            for i in row {
                if i.is_none() {
                    none_count += 1;
                }
            }
        }
        if none_count == 0 {
            return 'T';
        }
        'C'
    }

    /// Python: AI.liveFour(self, x, y)
    pub fn live_four(&self, x: i32, y: i32) -> i32 {
        let key = self.at(x, y);
        let mut s = 0;
        for d in 0..4 {
            let same_key = 1;
            let (same_key, i) = self.num_of_same_key(x, y, d, 1, key, same_key);
            if !self.down_ok(x + DX[d] * i, y + DY[d] * i) {
                continue;
            }
            let (same_key, i) = self.num_of_same_key(x, y, d, -1, key, same_key);
            // FAULT (kept): `y + DX[d] * i`, where DY was meant.
            if !self.down_ok(x + DX[d] * i, y + DX[d] * i) {
                continue;
            }
            if same_key == 4 {
                s += 1;
            }
        }
        s
    }

    /// Python: AI.chongFour(self, x, y)
    pub fn chong_four(&self, x: i32, y: i32) -> i32 {
        let key = self.at(x, y);
        let mut s = 0;
        for d in 0..8 {
            let mut same_key = 0;
            let mut flag = true;
            let mut i = 1;
            while self.same_color(x + DX[d] * i, y + DY[d] * i, key) || flag {
                if !self.same_color(x + DX[d] * i, y + DY[d] * i, key) {
                    if flag
                        && AI::in_board(x + DX[d] * i, y + DY[d] * i)
                        && self.at(x + DX[d] * i, y + DY[d] * i).is_some()
                    {
                        same_key -= 10;
                    }
                    flag = false;
                }
                same_key += 1;
                i += 1;
            }
            i -= 1;
            if !AI::in_board(x + DX[d] * i, y + DY[d] * i) {
                continue;
            }
            let (same_key, _i) = self.num_of_same_key(x, y, d, -1, key, same_key);
            if same_key == 4 {
                s += 1;
            }
        }
        s - self.live_four(x, y) * 2
    }

    /// Python: AI.liveThree(self, x, y)
    pub fn live_three(&self, x: i32, y: i32) -> i32 {
        let key = self.at(x, y);
        let mut s = 0;
        for d in 0..4 {
            let same_key = 1;
            let (same_key, i) = self.num_of_same_key(x, y, d, 1, key, same_key);
            if !self.down_ok(x + DX[d] * i, y + DY[d] * i) {
                continue;
            }
            if !self.down_ok(x + DX[d] * (i + 1), y + DY[d] * (i + 1)) {
                continue;
            }
            let (same_key, i) = self.num_of_same_key(x, y, d, -1, key, same_key);
            if !self.down_ok(x + DX[d] * i, y + DY[d] * i) {
                continue;
            }
            // FAULT (kept): `y + DX[d] * (i - 1)`, where DY was meant.
            if !self.down_ok(x + DX[d] * (i - 1), y + DX[d] * (i - 1)) {
                continue;
            }
            if same_key == 3 {
                s += 1;
            }
        }
        for d in 0..8 {
            let mut same_key = 0;
            let mut flag = true;
            let mut i = 1;
            while self.same_color(x + DX[d] * i, y + DY[d] * i, key) || flag {
                if !self.same_color(x + DX[d] * i, y + DY[d] * i, key) {
                    if flag
                        && AI::in_board(x + DX[d] * i, y + DY[d] * i)
                        && self.at(x + DX[d] * i, y + DY[d] * i).is_some()
                    {
                        same_key -= 10;
                    }
                    flag = false;
                }
                same_key += 1;
                i += 1;
            }
            if !self.down_ok(x + DX[d] * i, y + DY[d] * i) {
                continue;
            }
            // FAULT (kept): `y + DX[d] * (i - 1)`, twice, where DY was meant.
            if AI::in_board(x + DX[d] * (i - 1), y + DX[d] * (i - 1))
                && self.at(x + DX[d] * (i - 1), y + DX[d] * (i - 1)).is_none()
            {
                continue;
            }
            let (same_key, i) = self.num_of_same_key(x, y, d, -1, key, same_key);
            if !self.down_ok(x + DX[d] * i, y + DY[d] * i) {
                continue;
            }
            if same_key == 3 {
                s += 1;
            }
        }
        s
    }

    /// Python: AI.gameOver(self, x, y)
    pub fn game_over(&self, x: i32, y: i32) -> bool {
        for d in 0..4 {
            if (self.num_in_line(x, y, d) + self.num_in_line(x, y, d + 4)) >= 4 {
                return true;
            }
        }
        false
    }

    /// Python: AI.getScore(self, x, y)
    pub fn get_score(&self, x: i32, y: i32) -> i32 {
        if self.alone(x, y) {
            return 0; // Not in the Python: the score below is 0 here; said at once.
        }
        if self.game_over(x, y) {
            return 10000;
        }
        let mut score =
            self.live_four(x, y) * 1000 + (self.chong_four(x, y) + self.live_three(x, y)) * 100;
        for d in 0..8 {
            if AI::in_board(x + DX[d], y + DY[d]) && self.at(x + DX[d], y + DY[d]).is_some() {
                score += 1;
            }
        }
        score
    }

    /// Python: AI.layerOne(self)
    ///
    /// The Python prints `(x, y), score:s` when it has searched; here that
    /// line goes to `print`, so that a search on another thread can hand it
    /// back to be printed where the game prints.
    pub fn layer_one(&mut self, print: &mut dyn FnMut(String)) -> (i32, i32) {
        let mut l1_max = -100000;
        let centre = ((COL as i32 - 1) / 2, (ROW as i32 - 1) / 2);
        if self.at(centre.0, centre.1).is_none() {
            return centre;
        }
        let (mut pos_x, mut pos_y) = NO_POINT;
        for y in SEARCH_ORDER {
            for x in SEARCH_ORDER {
                if !self.down_ok(x, y) {
                    continue;
                }
                self.set(x, y, Some(Stone::White));
                let score = self.get_score(x, y);
                if score == 0 {
                    self.set(x, y, None);
                    continue;
                }
                if score == 10000 {
                    // FAULT (kept): returns with its trial stone still on
                    // the board. In the Python that board is State's, whose
                    // changeData then refuses the point: aiPiece returns
                    // None and checkEvents stops with a TypeError. Here the
                    // AI searched a copy (see State::ai_piece).
                    return (x, y);
                }
                let score = self.layer_two(l1_max);
                self.set(x, y, None);
                if score > l1_max {
                    l1_max = score;
                    pos_x = x;
                    pos_y = y;
                }
            }
        }
        print(format!("({pos_x}, {pos_y}), score:{l1_max}"));
        (pos_x, pos_y)
    }

    /// Python: AI.layerTwo(self, l1_max)
    pub fn layer_two(&mut self, l1_max: i32) -> i32 {
        let mut l2_min = 100000;
        for y in SEARCH_ORDER {
            for x in SEARCH_ORDER {
                if !self.down_ok(x, y) {
                    continue;
                }
                self.set(x, y, Some(Stone::Black));
                let score = self.get_score(x, y);
                if score == 0 {
                    self.set(x, y, None);
                    continue;
                }
                if score == 10000 {
                    self.set(x, y, None);
                    return -10000;
                }
                let score = self.layer_three(score, l2_min);
                if score < l1_max {
                    self.set(x, y, None);
                    return -10000;
                }
                self.set(x, y, None);
                if score < l2_min {
                    l2_min = score;
                }
            }
        }
        l2_min
    }

    /// Python: AI.layerThree(self, l2_score, l2_min)
    pub fn layer_three(&mut self, l2_score: i32, l2_min: i32) -> i32 {
        let mut three_max = -100000;
        for y in SEARCH_ORDER {
            for x in SEARCH_ORDER {
                if !self.down_ok(x, y) {
                    continue;
                }
                self.set(x, y, Some(Stone::White));
                let score = self.get_score(x, y);
                if score == 0 {
                    self.set(x, y, None);
                    continue;
                }
                if score == 10000 {
                    self.set(x, y, None);
                    return -10000;
                }
                if score - l2_score * 2 > l2_min {
                    self.set(x, y, None);
                    return 10000;
                }
                self.set(x, y, None);
                if score - l2_score * 2 > three_max {
                    three_max = score - l2_score * 2;
                }
            }
        }
        three_max
    }

    /// Python: AI.changePos(x, y)
    ///
    /// The Python returns `False` off the points, else
    /// `[(x_c, y_c), (x_n, y_n)]`: the point's pixel centre and its
    /// `maps` index (row, column).
    pub fn change_pos(x: i32, y: i32) -> Option<((i32, i32), (i32, i32))> {
        // Determine whether the coordinates are in the chessboard
        if x < L_BORDER - PIECE_NEAR || x > L_BORDER + (ROW as i32 - 1) * SPACE + PIECE_NEAR {
            return None;
        }
        if y < T_BORDER - PIECE_NEAR || y > T_BORDER + (COL as i32 - 1) * SPACE + PIECE_NEAR {
            return None;
        }
        // Convert the coordinates to those that match the points on the
        // chessboard (`//` floors, as div_euclid does by a positive SPACE)
        let x_int = (x - L_BORDER).div_euclid(SPACE);
        let y_int = (y - T_BORDER).div_euclid(SPACE);
        let x_c = if x - L_BORDER - PIECE_NEAR <= x_int * SPACE {
            L_BORDER + x_int * SPACE
        } else if x - L_BORDER + PIECE_NEAR >= (x_int + 1) * SPACE {
            L_BORDER + (x_int + 1) * SPACE
        } else {
            return None;
        };
        let y_c = if y - T_BORDER - PIECE_NEAR <= y_int * SPACE {
            T_BORDER + y_int * SPACE
        } else if y - T_BORDER + PIECE_NEAR >= (y_int + 1) * SPACE {
            T_BORDER + (y_int + 1) * SPACE
        } else {
            return None;
        };
        // To convert coordinates to array coordinates, you need to transpose X and y
        let x_n = (y_c - T_BORDER).div_euclid(SPACE);
        let y_n = (x_c - L_BORDER).div_euclid(SPACE);
        Some(((x_c, y_c), (x_n, y_n)))
    }

    /// Not in the Python: whether the stone at `(x, y)` has no stone next
    /// to it on any of its eight lines, and none of its own colour two
    /// points away. `getScore` is then 0, term by term: a run of the
    /// stone's colour (`numInLine`, `numOfSameKey`) starts at the next
    /// point; the scans past a gap (`chongFour`, `liveThree`) go on only if
    /// the point two away holds the stone's colour; a stone next to it is
    /// the only other thing a term counts (`-10`, the neighbours); and the
    /// checks of empty points only ever skip a direction. Most points the
    /// search tries are such points (half its time went on scoring them 0),
    /// so `getScore` answers them first. Tested against the whole sum on
    /// many boards.
    fn alone(&self, x: i32, y: i32) -> bool {
        let key = self.at(x, y);
        (0..8).all(|d| {
            let (i, j) = (x + DX[d], y + DY[d]);
            let next_to = AI::in_board(i, j) && self.at(i, j).is_some();
            let own_two_away = self.same_color(x + DX[d] * 2, y + DY[d] * 2, key);
            !(next_to || own_two_away)
        })
    }

    /// `self.maps[x][y] = value`, for a point the caller has checked is on the board.
    fn set(&mut self, x: i32, y: i32, value: Cell) {
        self.maps[x as usize][y as usize] = value;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board from rows of `.`, `X` (black) and `O` (white), the rest empty.
    fn board(rows: &[&str]) -> Maps {
        let mut maps = EMPTY_MAPS;
        for (x, row) in rows.iter().enumerate() {
            for (y, c) in row.chars().enumerate() {
                maps[x][y] = match c {
                    'X' => Some(Stone::Black),
                    'O' => Some(Stone::White),
                    _ => None,
                };
            }
        }
        maps
    }

    #[test]
    fn the_win_check_sees_only_a_five_counted_one_way_from_the_new_stone() {
        let ai = AI::new(board(&["XXXXX"]));
        assert_eq!(ai.judge_result(0, 0), 'B', "from the end: five");
        assert_eq!(ai.judge_result(0, 4), 'B', "from the other end");
        assert_eq!(ai.judge_result(0, 2), 'C', "FAULT: from the middle it counts three");
        let six = AI::new(board(&["OOOOOO"]));
        assert_eq!(six.judge_result(0, 0), 'C', "FAULT: six is not five");
        assert_eq!(six.judge_result(0, 1), 'W', "but from the second stone it counts five");
    }

    /// `getScore` as the Python sums it, without the shortcut.
    fn full_score(ai: &AI, x: i32, y: i32) -> i32 {
        if ai.game_over(x, y) {
            return 10000;
        }
        let mut score =
            ai.live_four(x, y) * 1000 + (ai.chong_four(x, y) + ai.live_three(x, y)) * 100;
        for d in 0..8 {
            if AI::in_board(x + DX[d], y + DY[d]) && ai.at(x + DX[d], y + DY[d]).is_some() {
                score += 1;
            }
        }
        score
    }

    #[test]
    fn a_point_alone_scores_0_as_the_whole_sum_does() {
        // Random boards of 0 to 120 stones, each empty point tried with
        // either stone, as the search tries them.
        let mut seed = 0x9e37_79b9_u32;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        let (mut alone, mut scored) = (0, 0);
        for n in 0..400 {
            let mut maps = EMPTY_MAPS;
            for _ in 0..n % 121 {
                let (x, y) = ((next() % 15) as usize, (next() % 15) as usize);
                maps[x][y] = Some(if next() % 2 == 0 { Stone::Black } else { Stone::White });
            }
            let mut ai = AI::new(maps);
            for x in 0..15 {
                for y in 0..15 {
                    if !ai.down_ok(x, y) {
                        continue;
                    }
                    for stone in [Stone::Black, Stone::White] {
                        ai.set(x, y, Some(stone));
                        assert_eq!(
                            ai.get_score(x, y),
                            full_score(&ai, x, y),
                            "({x}, {y}) {maps:?}"
                        );
                        if ai.alone(x, y) {
                            alone += 1;
                        } else if full_score(&ai, x, y) != 0 {
                            scored += 1;
                        }
                        ai.set(x, y, None);
                    }
                }
            }
        }
        assert!(alone > 10_000 && scored > 10_000, "both kinds tried: {alone} {scored}");
        // A stone two points away counts if it is of the same colour; three
        // points away, none does.
        let mut ai = AI::new(board(&["", "", "", "", "", "", "", ".....X.O"]));
        let alone = |ai: &mut AI, (x, y), stone| {
            ai.set(x, y, Some(stone));
            let alone = ai.alone(x, y);
            ai.set(x, y, None);
            alone
        };
        assert!(!alone(&mut ai, (7, 3), Stone::Black) && alone(&mut ai, (7, 3), Stone::White));
        assert!(!alone(&mut ai, (7, 9), Stone::White) && alone(&mut ai, (7, 9), Stone::Black));
        assert!(alone(&mut ai, (7, 2), Stone::Black) && !alone(&mut ai, (7, 6), Stone::White));
    }

    #[test]
    fn a_full_board_without_five_is_a_draw() {
        let mut maps = EMPTY_MAPS;
        for (x, row) in maps.iter_mut().enumerate() {
            for (y, cell) in row.iter_mut().enumerate() {
                // Pairs of columns, alternating by row: no five anywhere.
                *cell = Some(if (y / 2 + x) % 2 == 0 { Stone::Black } else { Stone::White });
            }
        }
        assert_eq!(AI::new(maps).judge_result(7, 7), 'T');
    }

    #[test]
    fn clicks_within_ten_pixels_of_a_point_find_it() {
        assert_eq!(AI::change_pos(50, 50), Some(((50, 50), (0, 0))));
        assert_eq!(AI::change_pos(41, 59), Some(((50, 50), (0, 0))), "floor division below 0");
        assert_eq!(
            AI::change_pos(260, 291),
            Some(((260, 290), (8, 7))),
            "row from y, column from x"
        );
        assert_eq!(AI::change_pos(39, 50), None);
        assert_eq!(AI::change_pos(65, 50), None, "between two points");
        assert_eq!(AI::change_pos(470, 470), Some(((470, 470), (14, 14))));
        assert_eq!(AI::change_pos(481, 470), None);
    }

    #[test]
    fn the_search_opens_at_the_centre_and_takes_a_winning_point_at_once() {
        let mut printed = Vec::new();
        assert_eq!(AI::new(EMPTY_MAPS).layer_one(&mut |l| printed.push(l)), (7, 7));
        let mut ai = AI::new(board(&["", "", "", "", "", "", "", "....OOOO"]));
        assert_eq!(ai.layer_one(&mut |l| printed.push(l)), (7, 8), "the fifth stone, row 8 first");
        assert!(printed.is_empty(), "neither prints");
        assert_eq!(ai.maps[7][8], Some(Stone::White), "the Python leaves its trial stone there");
    }
}

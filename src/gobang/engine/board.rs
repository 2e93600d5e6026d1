//! The engine's board: stones, and for every point, line and colour the
//! key of its line shape ([`shape`]) and what a stone there would make,
//! kept up to date as stones are played and taken back, with a Zobrist
//! hash.

use std::sync::OnceLock;

use crate::gobang::extras::renju;
use crate::gobang::extras::rules::Rule;
use crate::gobang::port::robot::{Maps, Stone};

use super::shape::{self, digit, Shape, Table, POW3, SHAPES};

/// The board's side.
pub const SIZE: usize = 15;
/// Its points, numbered `row * 15 + col`.
pub const POINTS: usize = SIZE * SIZE;
/// The four lines through a point: a row, a column, two diagonals (row, col steps).
pub const LINES: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// A colour, 0 black and 1 white.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves first.
    Black = 0,
    /// Moves second.
    White = 1,
}

impl Color {
    /// The other colour.
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The port's stone of this colour.
    pub fn stone(self) -> Stone {
        match self {
            Color::Black => Stone::Black,
            Color::White => Stone::White,
        }
    }

    /// The colour of the port's stone.
    pub fn of(stone: Stone) -> Color {
        match stone {
            Stone::Black => Color::Black,
            Stone::White => Color::White,
        }
    }
}

/// A point's `(row, col)`.
pub fn coords(p: usize) -> (usize, usize) {
    (p / SIZE, p % SIZE)
}

/// The point at `(row, col)` plus `k` steps along `line`, if on the board.
#[inline]
pub fn step(p: usize, (dr, dc): (i32, i32), k: i32) -> Option<usize> {
    let r = (p / SIZE) as i32 + dr * k;
    let c = (p % SIZE) as i32 + dc * k;
    ((0..SIZE as i32).contains(&r) && (0..SIZE as i32).contains(&c))
        .then(|| r as usize * SIZE + c as usize)
}

/// No point: off the board.
const OFF: u16 = u16::MAX;

/// `ALONG[p][l][d]`: the point at offset `k` from `p` along line `l`, for
/// the key digit `d = digit(k)` ([`shape::digit`]), or [`OFF`]: [`step`]
/// worked out once, for the board's updates.
static ALONG: [[[u16; 10]; 4]; POINTS] = along();

const fn along() -> [[[u16; 10]; 4]; POINTS] {
    let mut out = [[[OFF; 10]; 4]; POINTS];
    let mut p = 0;
    while p < POINTS {
        let mut l = 0;
        while l < 4 {
            let (dr, dc) = LINES[l];
            let mut d = 0;
            while d < 10 {
                let k = if d < 5 { d as i32 - 5 } else { d as i32 - 4 };
                let (r, c) = ((p / SIZE) as i32 + dr * k, (p % SIZE) as i32 + dc * k);
                if r >= 0 && r < SIZE as i32 && c >= 0 && c < SIZE as i32 {
                    out[p][l][d] = (r as usize * SIZE + c as usize) as u16;
                }
                d += 1;
            }
            l += 1;
        }
        p += 1;
    }
    out
}

/// A fixed pseudo-random number for each point and colour (splitmix64).
fn zobrist() -> [[u64; POINTS]; 2] {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut keys = [[0; POINTS]; 2];
    for colour in &mut keys {
        for key in colour.iter_mut() {
            *key = next();
        }
    }
    keys
}

/// The board and everything kept about it.
#[derive(Clone)]
pub struct Board {
    /// Each point: `None` or its stone's colour.
    cells: [Option<Color>; POINTS],
    /// `keys[colour][point][line]`: the line's key as `colour` sees it.
    keys: Box<[[[u16; 4]; POINTS]; 2]>,
    /// How many stones stand within two points (a 5x5 square) of each point.
    near: [u8; POINTS],
    /// The points that are empty and near a stone, as bits (point `p` is
    /// bit `p % 64` of word `p / 64`): the search walks them at every
    /// node, and a few words of bits are quicker to walk than 225 points.
    open: [u64; 4],
    zobrist: Box<[[u64; POINTS]; 2]>,
    hash: u64,
    /// The stones played, in order.
    moves: Vec<usize>,
    rule: Rule,
    /// The line shapes as each colour reads them (renju reads black's as
    /// standard and white's as freestyle).
    tables: [&'static Table; 2],
    /// [`combos`], looked up once rather than at every update.
    combos: &'static [Combo],
    /// For every empty point and colour: the shapes a stone there would
    /// make, what it would threaten, and what it would be worth
    /// ([`worth_of`]). Kept up to date with the keys (a stone changes one
    /// line's shape of each point near it), because the search asks them
    /// of every point near the stones at every node.
    shapes: Box<[[[Shape; 4]; POINTS]; 2]>,
    threats: Box<[[Threat; POINTS]; 2]>,
    /// For each colour and [`Threat`], how many empty points hold it: no
    /// five or open four, most of the time, and then no point need be
    /// looked at for one.
    counts: [[u16; THREATS]; 2],
    worths: Box<[[i32; POINTS]; 2]>,
    /// And what the fitted evaluation makes of it ([`fitted`]): for the
    /// side to move, and for the other side.
    fitted: Box<[[(i32, i32); POINTS]; 2]>,
}

/// The points of [`Board::near_points`], lowest first, from a copy of its bits.
struct NearPoints {
    words: [u64; 4],
    word: usize,
}

impl Iterator for NearPoints {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

/// What a point's four shapes are: their threat, worth, fitted values and
/// combination.
type Combo = (Threat, i32, (i32, i32), Option<Combination>);

/// The threat, worth, fitted values and combination of every four shapes,
/// by [`combo`].
fn combos() -> &'static [Combo] {
    static COMBOS: OnceLock<Vec<Combo>> = OnceLock::new();
    COMBOS.get_or_init(|| {
        let mut out = Vec::with_capacity(9 * 9 * 9 * 9);
        for a in SHAPES {
            for b in SHAPES {
                for c in SHAPES {
                    for d in SHAPES {
                        let shapes = [a, b, c, d];
                        let (threat, worth) = (Threat::of(shapes), worth_of(shapes));
                        out.push((threat, worth, fitted(shapes), combination(shapes)));
                    }
                }
            }
        }
        out
    })
}

/// Four shapes' index in [`combos`].
#[inline]
fn combo(s: [Shape; 4]) -> usize {
    ((s[0] as usize * 9 + s[1] as usize) * 9 + s[2] as usize) * 9 + s[3] as usize
}

/// What each shape a stone would make is worth, to order moves and to
/// value positions.
pub const WORTH: [i32; 9] = [0, 1, 4, 12, 10, 45, 55, 400, 10_000];

/// What each [`Combination`] adds to that (open four, four-three, double
/// three; nothing for the others, which only the fitted values count).
pub const WORTH_COMBINATIONS: [i32; COMBINATIONS] = [400, 300, 150, 0, 0, 0, 0];

/// What a stone making `shapes` along its four lines is worth: each
/// shape's worth, and more for the threats they make together.
pub fn worth_of(shapes: [Shape; 4]) -> i32 {
    let sum: i32 = shapes.iter().map(|&s| WORTH[s as usize]).sum();
    sum + combination(shapes).map_or(0, |c| WORTH_COMBINATIONS[c as usize])
}

/// What a stone makes with two of its lines together, which its shapes
/// one by one do not say: a threat, or a move that builds the next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combination {
    /// An open four, or two fours: a win in two moves.
    OpenFour,
    /// A four and an open three.
    FourThree,
    /// Two open threes or more.
    DoubleThree,
    /// A four, and a closed three or an open two on another line: a
    /// forcing move that builds the next threat.
    FourTwo,
    /// An open three and a closed three.
    ThreeThree,
    /// A three, open or closed, and an open two.
    ThreeTwo,
    /// Two open twos or more.
    TwoTwos,
}

/// How many kinds of [`Combination`] there are (the last one's number,
/// plus one).
pub const COMBINATIONS: usize = Combination::TwoTwos as usize + 1;

impl Combination {
    /// Whether a stone making it builds the next threat, beyond any threat
    /// it makes now: a four with a three or an open two beside it, an open
    /// three with a closed three, a three with an open two.
    pub fn builds(self) -> bool {
        matches!(self, Combination::FourTwo | Combination::ThreeThree | Combination::ThreeTwo)
    }
}

/// The combination a stone making `shapes` makes, if any.
pub fn combination(shapes: [Shape; 4]) -> Option<Combination> {
    let count = |kinds: &[Shape]| shapes.iter().filter(|s| kinds.contains(s)).count();
    match Threat::of(shapes) {
        Threat::OpenFour => Some(Combination::OpenFour),
        Threat::FourThree => Some(Combination::FourThree),
        Threat::Three if count(&[Shape::OpenThree]) > 1 => Some(Combination::DoubleThree),
        _ => {
            // The shapes that build the next threat, the strongest first.
            let twos = count(&[Shape::OpenTwo]);
            let threes = count(&[Shape::Three, Shape::OpenThree]);
            if count(&[Shape::Four]) > 0 && twos + threes > 0 {
                Some(Combination::FourTwo)
            } else if count(&[Shape::OpenThree]) > 0 && count(&[Shape::Three]) > 0 {
                Some(Combination::ThreeThree)
            } else if threes > 0 && twos > 0 {
                Some(Combination::ThreeTwo)
            } else if twos > 1 {
                Some(Combination::TwoTwos)
            } else {
                None
            }
        }
    }
}

/// The fitted evaluation's values, for the side to move (`mine`) and for
/// the other side (`theirs`): of each shape a stone would make along a
/// line, by [`Shape`] (`Dead` to `Five`), and of each [`Combination`] it
/// would make, on top.
///
/// `cargo run --release --bin gobang-fit` fits them to who won in match
/// games: a position's values summed over its points, mine less theirs,
/// is the logit of the side to move's chance to win, times 1,000
/// (docs/gobang-engine.md, "The evaluation, fitted"). Where a side to
/// move could make an open four or a five, or the other side a five, the
/// search scores the position without them, so the fit never sees those
/// values, and they are 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fitted {
    /// By shape, for the side to move.
    pub mine: [i32; 9],
    /// By combination, for the side to move.
    pub mine_combinations: [i32; COMBINATIONS],
    /// By shape, for the other side.
    pub theirs: [i32; 9],
    /// By combination, for the other side.
    pub theirs_combinations: [i32; COMBINATIONS],
}

/// The values the engine's deepening levels evaluate positions with.
pub const FITTED: Fitted = Fitted {
    mine: [0, -10, -1, 20, 47, 136, 119, 0, 0],
    mine_combinations: [0, 3473, -99, 465, 109, 63, -4],
    theirs: [0, -12, -3, 16, 48, 94, 133, 73, 0],
    theirs_combinations: [718, 1126, -144, 346, -6, 44, 3],
};

/// What [`FITTED`] makes of a stone making `shapes`: for the side to move
/// and for the other side.
pub fn fitted(shapes: [Shape; 4]) -> (i32, i32) {
    let f = &FITTED;
    let mut mine: i32 = shapes.iter().map(|&s| f.mine[s as usize]).sum();
    let mut theirs: i32 = shapes.iter().map(|&s| f.theirs[s as usize]).sum();
    if let Some(c) = combination(shapes) {
        mine += f.mine_combinations[c as usize];
        theirs += f.theirs_combinations[c as usize];
    }
    (mine, theirs)
}

impl Board {
    /// An empty board under `rule`.
    pub fn new(rule: Rule) -> Board {
        let mut keys = Box::new([[[0u16; 4]; POINTS]; 2]);
        for p in 0..POINTS {
            for (l, &line) in LINES.iter().enumerate() {
                for k in (-5..=5).filter(|&k| k != 0) {
                    if step(p, line, k).is_none() {
                        // The edge blocks both colours.
                        keys[0][p][l] += 2 * POW3[digit(k)];
                        keys[1][p][l] += 2 * POW3[digit(k)];
                    }
                }
            }
        }
        let mut board = Board {
            cells: [None; POINTS],
            keys,
            near: [0; POINTS],
            open: [0; 4],
            zobrist: Box::new(zobrist()),
            hash: 0,
            moves: Vec::new(),
            rule,
            tables: [
                shape::table(rule.for_stone(Stone::Black)),
                shape::table(rule.for_stone(Stone::White)),
            ],
            combos: combos(),
            shapes: Box::new([[[Shape::Dead; 4]; POINTS]; 2]),
            threats: Box::new([[Threat::Quiet; POINTS]; 2]),
            // `refresh` below moves each point to its threat.
            counts: [ALL_QUIET; 2],
            worths: Box::new([[0; POINTS]; 2]),
            fitted: Box::new([[(0, 0); POINTS]; 2]),
        };
        for p in 0..POINTS {
            board.refresh(p);
        }
        board
    }

    /// Works out again what a stone of either colour on `p` would make
    /// along all four lines.
    fn refresh(&mut self, p: usize) {
        for c in 0..2 {
            for l in 0..4 {
                self.shapes[c][p][l] = self.tables[c].shape(self.keys[c][p][l]);
            }
            self.combine(c, p);
        }
    }

    /// The threat and worth of colour `c` on `p` from its four shapes.
    #[inline]
    fn combine(&mut self, c: usize, p: usize) {
        let (threat, worth, fitted, _) = self.combos[combo(self.shapes[c][p])];
        self.counts[c][self.threats[c][p] as usize] -= 1;
        self.counts[c][threat as usize] += 1;
        self.threats[c][p] = threat;
        self.worths[c][p] = worth;
        self.fitted[c][p] = fitted;
    }

    /// The board of the port's `maps` (`maps[row][col]`).
    pub fn from_maps(maps: &Maps, rule: Rule) -> Board {
        let mut board = Board::new(rule);
        for (r, row) in maps.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                if let Some(stone) = cell {
                    board.play(r * SIZE + c, Color::of(*stone));
                }
            }
        }
        board
    }

    /// The port's `maps` of this board.
    pub fn maps(&self) -> Maps {
        let mut maps = [[None; SIZE]; SIZE];
        for p in 0..POINTS {
            let (r, c) = coords(p);
            maps[r][c] = self.cells[p].map(Color::stone);
        }
        maps
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// What stands on `p`.
    #[inline]
    pub fn at(&self, p: usize) -> Option<Color> {
        self.cells[p]
    }

    /// The stones played, in order (from `from_maps`: row by row).
    pub fn moves(&self) -> &[usize] {
        &self.moves
    }

    /// The hash of the stones (not of the side to move).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether `p` is empty with a stone within two points.
    #[inline]
    pub fn is_near(&self, p: usize) -> bool {
        self.cells[p].is_none() && self.near[p] > 0
    }

    /// The empty points near stones.
    pub fn near_points(&self) -> impl Iterator<Item = usize> + '_ {
        NearPoints { words: self.open, word: 0 }
    }

    /// Whether no point is empty.
    pub fn full(&self) -> bool {
        self.moves.len() == POINTS
    }

    fn update(&mut self, p: usize, colour: Color, add: bool) {
        for (l, along) in ALONG[p].iter().enumerate() {
            for (d, &q) in along.iter().enumerate() {
                let q = q as usize;
                if q != OFF as usize {
                    // `p` is at offset -k from `q`, whose digit is 9 - d.
                    let place = POW3[9 - d];
                    let own = &mut self.keys[colour as usize][q][l];
                    *own = if add { *own + place } else { *own - place };
                    let other = &mut self.keys[colour.other() as usize][q][l];
                    *other = if add { *other + 2 * place } else { *other - 2 * place };
                    if self.cells[q].is_none() {
                        // Only this one of q's lines changed. A stone's own
                        // point is left as it was: stones are taken back
                        // last first, so by the time it is, every change to
                        // its lines since it was played is undone too.
                        for c in 0..2 {
                            let shape = self.tables[c].shape(self.keys[c][q][l]);
                            // Most stones change a key but not its shape.
                            if shape != self.shapes[c][q][l] {
                                self.shapes[c][q][l] = shape;
                                self.combine(c, q);
                            }
                        }
                    }
                }
            }
        }
        let (r, c) = coords(p);
        for rr in r.saturating_sub(2)..=(r + 2).min(SIZE - 1) {
            for cc in c.saturating_sub(2)..=(c + 2).min(SIZE - 1) {
                let q = rr * SIZE + cc;
                self.near[q] = if add { self.near[q] + 1 } else { self.near[q] - 1 };
                let bit = 1u64 << (q % 64);
                if self.is_near(q) {
                    self.open[q / 64] |= bit;
                } else {
                    self.open[q / 64] &= !bit;
                }
            }
        }
        self.hash ^= self.zobrist[colour as usize][p];
    }

    /// Plays `colour` on the empty point `p`.
    pub fn play(&mut self, p: usize, colour: Color) {
        debug_assert!(self.cells[p].is_none());
        self.cells[p] = Some(colour);
        self.count_threats(p, false);
        self.update(p, colour, true);
        self.moves.push(p);
    }

    /// Counts `p`'s threats in [`Board::count`] again (`add`: it is empty
    /// again) or no more (a stone was played there).
    fn count_threats(&mut self, p: usize, add: bool) {
        for c in 0..2 {
            let n = &mut self.counts[c][self.threats[c][p] as usize];
            *n = if add { *n + 1 } else { *n - 1 };
        }
    }

    /// How many empty points hold `threat` for `colour`.
    #[inline]
    pub fn count(&self, threat: Threat, colour: Color) -> usize {
        self.counts[colour as usize][threat as usize] as usize
    }

    /// Takes back the last stone (only the last: what the board keeps for
    /// each point relies on it).
    pub fn undo(&mut self) {
        if let Some(p) = self.moves.pop() {
            if let Some(colour) = self.cells[p].take() {
                self.count_threats(p, true);
                self.update(p, colour, false);
            }
        }
    }

    /// The shape `colour` makes along line `l` by playing on the empty `p`.
    #[inline]
    pub fn shape(&self, p: usize, colour: Color, l: usize) -> Shape {
        self.tables[colour as usize].shape(self.keys[colour as usize][p][l])
    }

    /// The shapes along the four lines.
    #[inline]
    pub fn shapes(&self, p: usize, colour: Color) -> [Shape; 4] {
        self.shapes[colour as usize][p]
    }

    /// What a stone of `colour` on the empty `p` threatens.
    #[inline]
    pub fn threat(&self, p: usize, colour: Color) -> Threat {
        self.threats[colour as usize][p]
    }

    /// What a stone of `colour` on the empty `p` is worth ([`worth_of`]).
    #[inline]
    pub fn worth(&self, p: usize, colour: Color) -> i32 {
        self.worths[colour as usize][p]
    }

    /// What [`FITTED`] makes of a stone of `colour` on the empty `p`
    /// ([`fitted`]): for `colour` to move, and for the other to move.
    #[inline]
    pub fn fitted(&self, p: usize, colour: Color) -> (i32, i32) {
        self.fitted[colour as usize][p]
    }

    /// The [`Combination`] a stone of `colour` on the empty `p` would make,
    /// looked up rather than worked out: the search asks it at every node.
    #[inline]
    pub fn combination(&self, p: usize, colour: Color) -> Option<Combination> {
        self.combos[combo(self.shapes[colour as usize][p])].3
    }

    /// Whether a stone of `colour` on `p` wins.
    #[inline]
    pub fn wins_at(&self, p: usize, colour: Color) -> bool {
        self.cells[p].is_none() && self.threats[colour as usize][p] == Threat::Five
    }

    /// Whether `colour` may not play the empty point `p`: under renju,
    /// black's forbidden points (an overline, a double four, a double
    /// three). The line shapes rule out most points at once; the rest are
    /// judged on the stones by [`renju::foul`].
    pub fn forbidden(&self, p: usize, colour: Color) -> bool {
        if self.rule != Rule::Renju || colour != Color::Black || self.cells[p].is_some() {
            return false;
        }
        let shapes = self.shapes(p, colour);
        let threes = shapes.iter().filter(|&&s| s >= Shape::Three).count();
        let long = LINES.iter().any(|&line| {
            let count = |sign: i32| {
                (1..)
                    .map_while(|k| {
                        step(p, line, sign * k).filter(|&q| self.cells[q] == Some(Color::Black))
                    })
                    .count()
            };
            1 + count(1) + count(-1) > 5
        });
        if !long && threes < 2 && !shapes.iter().any(|&s| s >= Shape::Four) {
            return false;
        }
        let (r, c) = coords(p);
        renju::foul(&self.maps(), (r as i32, c as i32)).is_some()
    }

    /// Whether the stone on `p` stands in a winning line (checked on the stones).
    pub fn won_at(&self, p: usize) -> bool {
        let Some(colour) = self.cells[p] else {
            return false;
        };
        LINES.iter().any(|&line| {
            let count = |sign: i32| {
                (1..)
                    .map_while(|k| {
                        step(p, line, sign * k).filter(|&q| self.cells[q] == Some(colour))
                    })
                    .count()
            };
            let n = 1 + count(1) + count(-1);
            match self.rule.for_stone(colour.stone()) {
                Rule::Standard => n == 5,
                _ => n >= 5,
            }
        })
    }

    /// The colour to move: black when both have as many stones.
    pub fn to_move(&self) -> Color {
        let black = self.cells.iter().filter(|&&c| c == Some(Color::Black)).count();
        if black * 2 > self.moves.len() {
            Color::White
        } else {
            Color::Black
        }
    }
}

/// What one stone threatens, from its four lines' shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Threat {
    /// Nothing forcing.
    Quiet,
    /// An open three, or more than one: the other must answer or lose to
    /// an open four.
    Three,
    /// A four: the other must block its five point.
    Four,
    /// A four and an open three at once.
    FourThree,
    /// An open four or two fours: a win in two moves.
    OpenFour,
    /// Five.
    Five,
}

/// How many kinds of [`Threat`] there are (the last one's number, plus one).
pub const THREATS: usize = Threat::Five as usize + 1;

/// The threat counts of a board whose points are all empty and not yet
/// worked out: every point quiet.
const ALL_QUIET: [u16; THREATS] = {
    let mut counts = [0; THREATS];
    counts[Threat::Quiet as usize] = POINTS as u16;
    counts
};

impl Threat {
    /// The threat of the four shapes.
    pub fn of(shapes: [Shape; 4]) -> Threat {
        let (mut fours, mut threes) = (0, 0);
        for s in shapes {
            match s {
                Shape::Five => return Threat::Five,
                Shape::OpenFour => fours += 2,
                Shape::Four => fours += 1,
                Shape::OpenThree => threes += 1,
                _ => {}
            }
        }
        match (fours, threes) {
            (2.., _) => Threat::OpenFour,
            (1, 1..) => Threat::FourThree,
            (1, 0) => Threat::Four,
            (0, 1..) => Threat::Three,
            _ => Threat::Quiet,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_follow_plays_and_undos() {
        let mut board = Board::new(Rule::Freestyle);
        let fresh = Board::new(Rule::Freestyle);
        let centre = 7 * SIZE + 7;
        for k in 0..4 {
            board.play(centre + k, Color::Black);
        }
        assert_eq!(board.shape(centre + 4, Color::Black, 0), Shape::Five);
        assert_eq!(board.shape(centre - 1, Color::Black, 0), Shape::Five);
        assert_eq!(board.threat(centre + 4, Color::Black), Threat::Five);
        assert!(board.wins_at(centre + 4, Color::Black));
        assert!(!board.wins_at(centre + 4, Color::White));
        board.play(centre + 4, Color::White);
        assert_eq!(board.shape(centre - 1, Color::Black, 0), Shape::Five);
        assert_eq!(board.shape(centre - 2, Color::Black, 0), Shape::Four);
        for _ in 0..5 {
            board.undo();
        }
        assert!(
            board.keys == fresh.keys
                && board.near == fresh.near
                && board.open == fresh.open
                && board.hash == 0
        );
    }

    #[test]
    fn what_each_point_would_make_follows_plays_and_undos() {
        // Stones played and taken back at random, near the centre so that
        // they meet: after each step every empty point's shapes, threat
        // and worth are as a board built afresh from the same stones says.
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha12Rng::seed_from_u64(7);
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let mut board = Board::new(rule);
            let mut colour = Color::Black;
            for step in 0..600 {
                if board.moves().len() > 40 || (!board.moves().is_empty() && rng.random_bool(0.3)) {
                    board.undo();
                    colour = colour.other();
                } else {
                    let p = rng.random_range(4..11) * SIZE + rng.random_range(4..11);
                    if board.at(p).is_some() {
                        continue;
                    }
                    board.play(p, colour);
                    colour = colour.other();
                }
                let mut fresh = Board::new(rule);
                for (i, &p) in board.moves().iter().enumerate() {
                    fresh.play(p, if i % 2 == 0 { Color::Black } else { Color::White });
                }
                // The near points' bits: the empty points with a stone
                // within two, lowest first.
                let near: Vec<usize> = (0..POINTS)
                    .filter(|&p| {
                        let (r, c) = coords(p);
                        board.at(p).is_none()
                            && board.moves().iter().any(|&q| {
                                let (qr, qc) = coords(q);
                                r.abs_diff(qr) <= 2 && c.abs_diff(qc) <= 2
                            })
                    })
                    .collect();
                assert_eq!(board.near_points().collect::<Vec<_>>(), near, "step {step}");
                for c in [Color::Black, Color::White] {
                    for t in [
                        Threat::Quiet,
                        Threat::Three,
                        Threat::Four,
                        Threat::FourThree,
                        Threat::OpenFour,
                        Threat::Five,
                    ] {
                        let empty = (0..POINTS).filter(|&p| board.at(p).is_none());
                        let n = empty.filter(|&p| board.threat(p, c) == t).count();
                        assert_eq!(board.count(t, c), n, "step {step}, {t:?}");
                    }
                }
                for p in (0..POINTS).filter(|&p| board.at(p).is_none()) {
                    for c in [Color::Black, Color::White] {
                        let from_keys = [0, 1, 2, 3].map(|l| board.shape(p, c, l));
                        assert_eq!(board.shapes(p, c), from_keys, "step {step}, point {p}");
                        assert_eq!(
                            board.shapes(p, c),
                            fresh.shapes(p, c),
                            "step {step}, point {p}"
                        );
                        assert_eq!(board.threat(p, c), Threat::of(from_keys));
                        assert_eq!(board.worth(p, c), worth_of(from_keys));
                        assert_eq!(board.combination(p, c), combination(from_keys));
                    }
                }
            }
        }
    }

    #[test]
    fn the_edge_blocks() {
        let mut board = Board::new(Rule::Freestyle);
        for c in 0..3 {
            board.play(c, Color::White);
        }
        // Row 0 from the corner: OOO at 0..2, a stone on 3 makes a four.
        assert_eq!(board.shape(3, Color::White, 0), Shape::Four);
        assert_eq!(board.threat(3, Color::White), Threat::Four);
        board.play(SIZE * 5, Color::White);
        assert!(!board.won_at(SIZE * 5));
    }
}

//! Line shapes: what one stone makes along one line, looked up in a table.
//!
//! Along each of the four lines through an empty point, the shape that a
//! stone of one colour would make there depends only on the five points on
//! each side (ten in all: empty, own, or blocked by the other colour or
//! the edge). The ten points are a number in base 3, 59,049 of them, and a
//! table built once holds each one's shape, for each rule.

use std::sync::OnceLock;

use crate::gobang::extras::rules::Rule;

/// What a stone makes along one line, weakest first. A *five point* is an
/// empty point where a stone completes a five that holds the new stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Shape {
    /// No five can ever hold this stone along this line.
    Dead,
    /// A five is still possible, with nothing more yet.
    One,
    /// A two that can only become a closed three.
    Two,
    /// A two that can become an open three.
    OpenTwo,
    /// A three that can become a four, but not an open four.
    Three,
    /// An open three: one more stone makes an open four.
    OpenThree,
    /// A four: exactly one five point.
    Four,
    /// An open four (or two fives in one line): two five points, unstoppable.
    OpenFour,
    /// Five: the game is won (exactly five in standard).
    Five,
}

/// Every shape, weakest first (`SHAPES[s as usize] == s`).
pub const SHAPES: [Shape; 9] = [
    Shape::Dead,
    Shape::One,
    Shape::Two,
    Shape::OpenTwo,
    Shape::Three,
    Shape::OpenThree,
    Shape::Four,
    Shape::OpenFour,
    Shape::Five,
];

/// How many keys a table has: ten points, three states each.
pub const KEYS: usize = 59_049;

/// The centre of the eleven points of a line.
const MID: u32 = 5;

/// The run of own stones through point `p`, as a mask.
fn run(own: u16, p: u32) -> u16 {
    let mut mask = 1u16 << p;
    let mut q = p;
    while q > 0 && own & (1 << (q - 1)) != 0 {
        q -= 1;
        mask |= 1 << q;
    }
    let mut q = p;
    while q < 10 && own & (1 << (q + 1)) != 0 {
        q += 1;
        mask |= 1 << q;
    }
    mask
}

/// Whether the run through `p` (an own stone) wins under `rule`.
fn wins(own: u16, p: u32, rule: Rule) -> bool {
    let n = run(own, p).count_ones();
    match rule {
        Rule::Freestyle => n >= 5,
        // Renju's lines are read per colour (`Rule::for_stone`); its own
        // table is black's, which is standard's.
        Rule::Standard | Rule::Renju => n == 5,
    }
}

/// The empty points where a stone completes a five holding the centre.
fn five_points(own: u16, blocked: u16, rule: Rule) -> u32 {
    (0..11)
        .filter(|&e| (own | blocked) & (1 << e) == 0)
        .filter(|&e| {
            let with = own | 1 << e;
            wins(with, e, rule) && run(with, e) & (1 << MID) != 0
        })
        .count() as u32
}

/// The best of `a` and `b` for a three (two five points after one more stone).
fn threes(own: u16, blocked: u16, rule: Rule) -> Option<Shape> {
    let mut best = None;
    for e in (0..11).filter(|&e| (own | blocked) & (1 << e) == 0) {
        match five_points(own | 1 << e, blocked, rule) {
            0 => {}
            1 => best = best.max(Some(Shape::Three)),
            _ => return Some(Shape::OpenThree),
        }
    }
    best
}

/// The shape the centre's stone makes, with the centre already own.
fn classify(own: u16, blocked: u16, rule: Rule) -> Shape {
    if wins(own, MID, rule) {
        return Shape::Five;
    }
    if rule != Rule::Freestyle && run(own, MID).count_ones() > 5 {
        // An overline never becomes exactly five.
        return Shape::Dead;
    }
    match five_points(own, blocked, rule) {
        0 => {}
        1 => return Shape::Four,
        _ => return Shape::OpenFour,
    }
    if let Some(three) = threes(own, blocked, rule) {
        return three;
    }
    let mut best = None;
    for e in (0..11).filter(|&e| (own | blocked) & (1 << e) == 0) {
        match threes(own | 1 << e, blocked, rule) {
            Some(Shape::OpenThree) => return Shape::OpenTwo,
            Some(_) => best = Some(Shape::Two),
            None => {}
        }
    }
    if let Some(two) = best {
        return two;
    }
    // Five points in a row holding the centre, none blocked.
    let open = (1..=MID).any(|start| (start..start + 5).all(|i| blocked & (1 << i) == 0))
        || (0..5).all(|i| blocked & (1 << i) == 0);
    if open {
        Shape::One
    } else {
        Shape::Dead
    }
}

/// The digit (0 empty, 1 own, 2 blocked) of the point at `offset` from the
/// centre (-5..=-1, 1..=5) is the key's digit number `digit(offset)`.
pub const fn digit(offset: i32) -> usize {
    if offset < 0 {
        (offset + 5) as usize
    } else {
        (offset + 4) as usize
    }
}

/// 3 to the power of each digit's place.
pub const POW3: [u16; 10] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683];

/// The shape of every key, for one rule.
pub struct Table(Vec<u8>);

impl Table {
    fn build(rule: Rule) -> Table {
        let mut shapes = Vec::with_capacity(KEYS);
        for key in 0..KEYS {
            let (mut own, mut blocked, mut k) = (1u16 << MID, 0u16, key);
            for d in 0..10 {
                let point = if d < 5 { d } else { d + 1 };
                match k % 3 {
                    1 => own |= 1 << point,
                    2 => blocked |= 1 << point,
                    _ => {}
                }
                k /= 3;
            }
            shapes.push(classify(own, blocked, rule) as u8);
        }
        Table(shapes)
    }

    /// The shape for `key` (below [`KEYS`]).
    #[inline]
    pub fn shape(&self, key: u16) -> Shape {
        SHAPES[self.0[key as usize] as usize]
    }
}

/// The table for `rule`, built on first use (a few tens of milliseconds).
pub fn table(rule: Rule) -> &'static Table {
    static FREESTYLE: OnceLock<Table> = OnceLock::new();
    static STANDARD: OnceLock<Table> = OnceLock::new();
    match rule {
        Rule::Freestyle => FREESTYLE.get_or_init(|| Table::build(Rule::Freestyle)),
        Rule::Standard | Rule::Renju => STANDARD.get_or_init(|| Table::build(Rule::Standard)),
    }
}

/// The key of a line written as text, `.` empty, `X` own, `O` blocked,
/// eleven points with `_` (the empty centre) in the middle.
#[cfg(test)]
pub fn key_of(line: &str) -> u16 {
    let points: Vec<char> = line.chars().collect();
    assert_eq!(points.len(), 11, "{line}");
    let mut key = 0;
    for (i, &c) in points.iter().enumerate() {
        if i == MID as usize {
            continue;
        }
        let d = digit(i as i32 - MID as i32);
        key += POW3[d]
            * match c {
                'X' => 1,
                'O' => 2,
                _ => 0,
            };
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(line: &str, rule: Rule) -> Shape {
        table(rule).shape(key_of(line))
    }

    #[test]
    fn shapes_of_lines_by_hand() {
        let f = Rule::Freestyle;
        assert_eq!(shape("...XX_XX...", f), Shape::Five);
        assert_eq!(shape("..XXX_XX...", f), Shape::Five, "six wins in freestyle");
        assert_eq!(shape("..XXX_XX...", Rule::Standard), Shape::Dead, "and nothing in standard");
        assert_eq!(shape("....._XXX..", f), Shape::OpenFour);
        assert_eq!(shape("....O_XXX..", f), Shape::Four);
        assert_eq!(shape("...X._XX.X.", f), Shape::OpenFour, "two fives in one line");
        assert_eq!(shape("....._XX...", f), Shape::OpenThree);
        assert_eq!(shape("....._X.X..", f), Shape::OpenThree);
        assert_eq!(shape("....O_XX...", f), Shape::Three);
        assert_eq!(shape("...O._XX.O.", f), Shape::Three, "no room for an open four");
        assert_eq!(shape("....._X....", f), Shape::OpenTwo);
        assert_eq!(shape("....O_X....", f), Shape::Two);
        assert_eq!(shape("....._.....", f), Shape::One);
        assert_eq!(shape("....O_...O.", f), Shape::Dead, "four points between blocks");
        assert_eq!(shape("...O._...O.", f), Shape::One, "five points between blocks");
        assert_eq!(shape("..O.._...O.", f), Shape::One, "six points between blocks");
        // Standard: a four whose five would be six is no four.
        assert_eq!(shape("...XX_X.X..", Rule::Standard), Shape::Four, "one of two fives is six");
        assert_eq!(shape("...XX_X.X..", f), Shape::OpenFour);
    }

    #[test]
    fn tables_are_built_for_every_key() {
        for rule in [Rule::Freestyle, Rule::Standard] {
            assert_eq!(table(rule).0.len(), KEYS);
            assert!(table(rule).0.iter().all(|&s| (s as usize) < SHAPES.len()));
        }
    }
}

//! The opening book: exact scores of early 7x6 positions, computed ahead by
//! this solver (`cargo run --release --bin make-book`, see
//! [`crate::fourinrow::tools::book`] and `docs/solver.md`) and shipped inside the
//! binary, so that the first moves, which the search needs minutes for,
//! are answered at once.
//!
//! # Format
//!
//! A book is one little-endian byte string. Its positions are sorted by
//! key and cut into blocks of [`BLOCK`]; a block stores each key as its
//! difference from the block's first key, in as few bits as the block's
//! largest difference needs, so that neighbouring keys, which differ in a
//! few low bits, take about 3.7 bytes a position instead of 9:
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | the magic `FIRBOOK2` |
//! | 1, 1 | the board's width and height |
//! | 1, 1 | what it covers: the perfect player's positions up to this many moves; every position up to that many (the low 4 bits), the perfect player's lines starting from every position of that many moves and one more (the high 4 bits; 0: from the empty board) |
//! | 4 | `n`, the number of positions |
//! | 13 a block | for each block of `BLOCK` positions (the last may have fewer): its first key (8 bytes), where its entries start among the entries' bytes (4), and the bits of each key's difference `w` (1) |
//! | the rest but 8 | each block's entries, from a byte boundary: for each position, its key minus the block's first key (`w` bits), then its score plus 31 (6 bits), packed from the lowest bit of each byte up |
//! | 8 | an FNV-1a hash of everything before it |
//!
//! A key is the position's code (see [`crate::fourinrow::engine::bits::code`]: the side to
//! move's stones plus every filled cell plus the bottom row, unique for each
//! position), or its mirror image's if that is smaller: a position and its
//! mirror image have the same score, so one entry serves both. A look-up
//! is a binary search over the blocks' first keys and then over the
//! block's differences, read from the bytes as they are, with nothing to
//! unpack at start-up.
//!
//! A book is checked whole before use: its magic, its length, its blocks,
//! its hash, the order of its keys, and that each score is one a position
//! with that many stones can have. A book that fails any of these is
//! refused with one line saying why, and the search answers instead.

use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::position::{fits, Position};
use crate::fourinrow::engine::bits::{code, mirror_code, Any};

/// The magic that starts every book.
pub const MAGIC: &[u8; 8] = b"FIRBOOK2";

/// Bytes before the blocks.
const HEADER: usize = 16;

/// Positions a block (the last may have fewer). Smaller blocks cost more
/// of their 13 bytes a position, larger ones wider differences; 32 made
/// the smallest 7x6 book of 16 to 256.
pub const BLOCK: usize = 32;

/// Bytes of a block's record: first key, where its entries start, bits.
const RECORD: usize = 13;

/// Bits of a score, stored plus [`SCORE_OFFSET`]: every board a key fits
/// has at most 63 cells, so scores run from -31 to 32.
const SCORE_BITS: u32 = 6;
const SCORE_OFFSET: i32 = 31;

/// The book shipped in the binary (built by `make-book`; see the module docs).
static EMBEDDED: &[u8] = include_bytes!("../../../../book/7x6.bin");

/// Why a book cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// It does not start with the magic: not a book at all.
    Foreign,
    /// It is shorter or longer than its header says.
    Length {
        /// Bytes there are.
        found: usize,
        /// Bytes the header calls for.
        expected: usize,
    },
    /// Its bytes do not match its hash: damaged.
    Hash,
    /// Its board cannot be keyed in 64 bits, or the solver cannot take it.
    Size {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A block's record does not fit its neighbours (where its entries
    /// start, or a difference wider than a key).
    Block {
        /// Which block, counted from 0.
        index: usize,
    },
    /// A key out of order, not a position, or a score no position with
    /// that many stones can have.
    Entry {
        /// Which entry, counted from 0.
        index: usize,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Foreign => {
                write!(f, "not an opening book of this version (no FIRBOOK2 header)")
            }
            BookError::Length { found, expected } => write!(
                f,
                "the book is {found} bytes but its header calls for {expected}: truncated or damaged"
            ),
            BookError::Hash => write!(f, "the book's bytes do not match its hash: damaged"),
            BookError::Size { width, height } => {
                write!(f, "the book is for a {width}x{height} board, which books do not support")
            }
            BookError::Block { index } => {
                write!(f, "block {index} of the book does not fit its neighbours: damaged")
            }
            BookError::Entry { index } => {
                write!(f, "entry {index} of the book is not a valid position and score: damaged")
            }
        }
    }
}

impl std::error::Error for BookError {}

/// Why a book file cannot be used: the file, and what went wrong with it.
#[derive(Debug)]
pub enum BookFileError {
    /// The file cannot be read.
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Its bytes are not a sound book.
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong with them.
        source: BookError,
    },
}

impl fmt::Display for BookFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookFileError::Read { path, source } => {
                write!(f, "{}: cannot read: {source}", path.display())
            }
            BookFileError::Invalid { path, source } => write!(f, "{}: {source}", path.display()),
        }
    }
}

impl std::error::Error for BookFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BookFileError::Read { source, .. } => Some(source),
            BookFileError::Invalid { source, .. } => Some(source),
        }
    }
}

/// An opening book, checked and ready for look-ups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    bytes: Cow<'static, [u8]>,
    width: usize,
    height: usize,
    len: usize,
    /// Where the entries' bytes start (after the blocks' records).
    data: usize,
}

/// What a book covers (see [`crate::fourinrow::tools::book`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coverage {
    /// Every position a perfect player meets, as either colour, up to this
    /// many moves, with every column's score.
    pub plies: usize,
    /// Every position up to this many moves (at most 15).
    pub all_plies: usize,
    /// Where the perfect player's lines start: from every position of
    /// this many moves (as the player to move there) and of one more (as
    /// the other), at most `all_plies`. 0 is the empty board and its
    /// children: the games a player starts.
    pub lines_from: usize,
}

/// FNV-1a, 64 bits: a hash that any damage to a few bytes changes.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// How many stones the position with this key has, if the key is one.
fn stones_of(key: u64, width: usize, height: usize) -> Option<usize> {
    let stride = height + 1;
    let column = (1u64 << stride) - 1;
    let mut stones = 0;
    for c in 0..width {
        let bits = (key >> (c * stride)) & column;
        if bits == 0 {
            return None;
        }
        stones += 63 - bits.leading_zeros() as usize;
    }
    // Nothing above the last column.
    (width * stride >= 64 || key >> (width * stride) == 0).then_some(stones)
}

/// `count` bits (at most 64) of `bytes` from bit `at`, the lowest first;
/// bits past the end read as 0 (a framed book never reads there).
fn bits(bytes: &[u8], at: usize, count: u32) -> u64 {
    let mut window = [0u8; 16];
    let start = at / 8;
    let end = bytes.len().min(start + 16);
    if let Some(part) = bytes.get(start..end) {
        window[..part.len()].copy_from_slice(part);
    }
    let value = u128::from_le_bytes(window) >> (at % 8);
    (value & ((1u128 << count) - 1)) as u64
}

/// Appends values of a given number of bits to bytes, the lowest first.
struct BitWriter {
    bytes: Vec<u8>,
    /// Bits written into the last byte (0: it is full, or there is none).
    used: u32,
}

impl BitWriter {
    fn push(&mut self, value: u64, count: u32) {
        for i in 0..count {
            if self.used == 0 {
                self.bytes.push(0);
            }
            if let Some(last) = self.bytes.last_mut() {
                *last |= (((value >> i) & 1) as u8) << self.used;
            }
            self.used = (self.used + 1) % 8;
        }
    }

    /// Goes on from the next byte boundary.
    fn align(&mut self) {
        self.used = 0;
    }
}

/// Bytes of a block of `len` entries whose differences take `width` bits.
fn block_bytes(len: usize, width: u32) -> usize {
    (len * (width + SCORE_BITS) as usize).div_ceil(8)
}

impl Book {
    /// The book shipped in the binary; `None` (and the search answers
    /// everything) if it is empty. A damaged one is a build error caught by
    /// the tests, so this does not say why.
    ///
    /// Only its header, length and blocks are checked here: the tests check
    /// its every entry and its hash (the same bytes, read from `book/`), and
    /// doing so again at every start took 2 ms, more than `fourinrow
    /// solve`'s whole start-up without it.
    pub fn embedded() -> Option<&'static Book> {
        static BOOK: OnceLock<Option<Book>> = OnceLock::new();
        BOOK.get_or_init(|| Book::frame(Cow::Borrowed(EMBEDDED)).ok().filter(|b| b.len > 0))
            .as_ref()
    }

    /// Checks `bytes` as a whole book (see the module docs).
    pub fn parse(bytes: Cow<'static, [u8]>) -> Result<Book, BookError> {
        let book = Book::frame(bytes)?;
        let body = book.bytes.len() - 8;
        let mut hash = [0u8; 8];
        hash.copy_from_slice(&book.bytes[body..]);
        if fnv1a(&book.bytes[..body]) != u64::from_le_bytes(hash) {
            return Err(BookError::Hash);
        }
        let (width, height) = (book.width, book.height);
        let cells = (width * height) as i32;
        let mut previous = None;
        for (index, (k, score)) in book.entries().enumerate() {
            // A key is that of a position alternate play reaches, and the
            // smaller of its code and its mirror image's: any other is
            // never looked up, and means the book is not what was written.
            let position = position(k, width, height).filter(|p| key(p) == Some(k));
            let n = position.ok_or(BookError::Entry { index })?.moves_played() as i32;
            // A win scores at most (cells + 1 - n) / 2 for the side to move
            // after n stones, a loss at least minus (cells - n) / 2.
            let first_of_block = index % BLOCK == 0 && book.record(index / BLOCK).0 != k;
            if previous.is_some_and(|p| k <= p)
                || first_of_block
                || score > (cells + 1 - n) / 2
                || score < -(cells - n) / 2
            {
                return Err(BookError::Entry { index });
            }
            previous = Some(k);
        }
        Ok(book)
    }

    /// Checks what a book's reader relies on not to read out of bounds:
    /// its magic, its size, its blocks and its length.
    fn frame(bytes: Cow<'static, [u8]>) -> Result<Book, BookError> {
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(BookError::Foreign);
        }
        let (width, height) = (usize::from(bytes[8]), usize::from(bytes[9]));
        let mut count = [0u8; 4];
        count.copy_from_slice(&bytes[12..16]);
        let len = u32::from_le_bytes(count) as usize;
        let data = HEADER + RECORD * len.div_ceil(BLOCK);
        let book = Book { bytes, width, height, len, data };
        if book.bytes.len() < data + 8 {
            let expected = data + 8;
            return Err(BookError::Length { found: book.bytes.len(), expected });
        }
        // Each block starts where the one before it ends.
        let mut entry_bytes = 0;
        for block in 0..len.div_ceil(BLOCK) {
            let (_, start, width) = book.record(block);
            if start != entry_bytes || width > 64 {
                return Err(BookError::Block { index: block });
            }
            entry_bytes += block_bytes(book.block_len(block), width);
        }
        let expected = data + entry_bytes + 8;
        if book.bytes.len() != expected {
            return Err(BookError::Length { found: book.bytes.len(), expected });
        }
        if !fits(width, height) || width * (height + 1) > 64 {
            return Err(BookError::Size { width, height });
        }
        Ok(book)
    }

    /// Reads and checks a book file; the error names the file.
    pub fn from_file(path: &Path) -> Result<Book, BookFileError> {
        let path_buf = || path.to_path_buf();
        let bytes = std::fs::read(path)
            .map_err(|source| BookFileError::Read { path: path_buf(), source })?;
        Book::parse(Cow::Owned(bytes))
            .map_err(|source| BookFileError::Invalid { path: path_buf(), source })
    }

    /// The bytes of a book of `width` by `height` covering `coverage` and
    /// holding `entries` (key, score), which must be sorted by key with no
    /// key twice, each score between -31 and 32.
    pub fn to_bytes(
        width: usize,
        height: usize,
        coverage: Coverage,
        entries: &[(u64, i8)],
    ) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + 4 * entries.len() + 8);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&[
            width as u8,
            height as u8,
            coverage.plies as u8,
            (coverage.all_plies & 15 | coverage.lines_from << 4) as u8,
        ]);
        out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
        let mut packed = BitWriter { bytes: Vec::new(), used: 0 };
        for block in entries.chunks(BLOCK) {
            let first = block[0].0;
            // The largest difference, not just the last key's, so that even
            // a block out of order reads back as written (and `parse` names
            // the entry out of place).
            let widest = block.iter().map(|&(key, _)| key.wrapping_sub(first)).max();
            let width = 64 - widest.unwrap_or(0).leading_zeros();
            out.extend_from_slice(&first.to_le_bytes());
            out.extend_from_slice(&(packed.bytes.len() as u32).to_le_bytes());
            out.push(width as u8);
            for &(key, score) in block {
                packed.push(key.wrapping_sub(first), width);
                packed.push((i32::from(score) + SCORE_OFFSET) as u64, SCORE_BITS);
            }
            packed.align();
        }
        out.extend_from_slice(&packed.bytes);
        let hash = fnv1a(&out);
        out.extend_from_slice(&hash.to_le_bytes());
        out
    }

    /// How many positions the book holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The board's width and height.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// What the book covers, as its header says.
    pub fn coverage(&self) -> Coverage {
        Coverage {
            plies: usize::from(self.bytes[10]),
            all_plies: usize::from(self.bytes[11] & 15),
            lines_from: usize::from(self.bytes[11] >> 4),
        }
    }

    /// Every entry, in key order.
    pub fn entries(&self) -> impl Iterator<Item = (u64, i32)> + '_ {
        (0..self.len.div_ceil(BLOCK))
            .flat_map(move |block| (0..self.block_len(block)).map(move |i| self.entry(block, i)))
    }

    /// Block `block`'s record: its first key, where its entries start
    /// among the entries' bytes, and the bits of its keys' differences.
    fn record(&self, block: usize) -> (u64, usize, u32) {
        let at = HEADER + RECORD * block;
        let field =
            |from: usize, bytes: usize| bits(&self.bytes, 8 * (at + from), 8 * bytes as u32);
        (field(0, 8), field(8, 4) as usize, field(12, 1) as u32)
    }

    /// How many entries block `block` has.
    fn block_len(&self, block: usize) -> usize {
        BLOCK.min(self.len - block * BLOCK)
    }

    /// Entry `i` of block `block`: its key and score.
    fn entry(&self, block: usize, i: usize) -> (u64, i32) {
        let (first, start, width) = self.record(block);
        let at = 8 * (self.data + start) + i * (width + SCORE_BITS) as usize;
        let difference = bits(&self.bytes, at, width);
        let score = bits(&self.bytes, at + width as usize, SCORE_BITS) as i32 - SCORE_OFFSET;
        (first.wrapping_add(difference), score)
    }

    /// The exact score of `position` for the side to move, if the book
    /// holds it (or its mirror image).
    pub fn get(&self, position: &Position) -> Option<i32> {
        if (position.width(), position.height()) != (self.width, self.height) {
            return None;
        }
        self.get_key(key(position)?)
    }

    /// The exact score of the position whose book key is `key` (see
    /// [`key`]), if the book holds it.
    pub fn get_key(&self, key: u64) -> Option<i32> {
        // The last block whose first key is at most `key`, then the entry.
        let after = partition_point(self.len.div_ceil(BLOCK), |b| self.record(b).0 <= key);
        let block = after.checked_sub(1)?;
        let len = self.block_len(block);
        let i = partition_point(len, |i| self.entry(block, i).0 < key);
        let (found, score) = self.entry(block, i.min(len - 1));
        (found == key).then_some(score)
    }
}

/// The first of `0..len` for which `before` is false, where it is true for
/// a prefix (a binary search, as [`slice::partition_point`] over indices).
fn partition_point(len: usize, before: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (0, len);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if before(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The position whose code is `key` on a `width` by `height` board, if it
/// is one that alternate play gives (a book's keys, read back).
pub fn position(key: u64, width: usize, height: usize) -> Option<Position> {
    let stones = stones_of(key, width, height)?;
    let mut p = Position::new(width, height).ok()?;
    let stride = height + 1;
    for c in 0..width {
        let bits = (key >> (c * stride)) & ((1 << stride) - 1);
        let filled = 63 - bits.leading_zeros() as usize;
        // A column's code is its side-to-move stones plus 2^filled.
        p.current |= u128::from(bits - (1 << filled)) << (c * stride);
        p.mask |= ((1u128 << filled) - 1) << (c * stride);
    }
    p.moves = stones as u32;
    let mine = p.current.count_ones() as usize;
    (mine == stones / 2).then_some(p)
}

/// A position's book key: the smaller of its code and its mirror image's
/// (`None` for boards whose code needs more than 64 bits).
pub fn key(position: &Position) -> Option<u64> {
    if position.width * (position.height + 1) > 64 {
        return None;
    }
    let g = Any::<u64>::new(position.width, position.height);
    let c = code(g, position.current as u64, position.mask as u64);
    Some(c.min(mirror_code(g, c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const COVER: Coverage = Coverage { plies: 3, all_plies: 2, lines_from: 1 };

    fn sample() -> (Vec<(u64, i8)>, Vec<Position>) {
        let positions: Vec<Position> = ["", "4", "43", "4455"]
            .iter()
            .map(|m| Position::from_moves(m, 7, 6).unwrap())
            .collect();
        let mut entries: Vec<(u64, i8)> =
            positions.iter().zip([1i8, -1, 2, -3]).map(|(p, s)| (key(p).unwrap(), s)).collect();
        entries.sort_unstable();
        (entries, positions)
    }

    #[test]
    fn a_book_reads_back_what_was_written_for_a_position_and_its_mirror() {
        let (entries, _) = sample();
        let book = Book::parse(Cow::Owned(Book::to_bytes(7, 6, COVER, &entries))).unwrap();
        assert_eq!(book.len(), 4);
        assert_eq!(book.coverage(), COVER);
        let get = |m: &str| book.get(&Position::from_moves(m, 7, 6).unwrap());
        assert_eq!(get(""), Some(1));
        assert_eq!(get("43"), Some(2));
        assert_eq!(get("45"), Some(2), "the mirror image of 43");
        assert_eq!(get("4455"), Some(-3));
        assert_eq!(get("4433"), Some(-3), "the mirror image of 4455");
        assert_eq!(get("44"), None);
        assert_eq!(book.get(&Position::new(6, 7).unwrap()), None, "another size");
    }

    #[test]
    fn damaged_books_are_refused_saying_why() {
        let (entries, _) = sample();
        let good = Book::to_bytes(7, 6, COVER, &entries);
        let parse = |b: Vec<u8>| Book::parse(Cow::Owned(b)).unwrap_err();
        assert_eq!(parse(b"PK\x03\x04 a zip file, say".to_vec()), BookError::Foreign);
        assert_eq!(parse(Vec::new()), BookError::Foreign);
        let short = good[..good.len() - 3].to_vec();
        assert_eq!(parse(short), BookError::Length { found: good.len() - 3, expected: good.len() });
        for at in [17, good.len() - 12, good.len() - 1] {
            let mut flipped = good.clone();
            flipped[at] ^= 0x10;
            assert_eq!(parse(flipped), BookError::Hash, "byte {at}");
        }
        // Keys out of order, and a score no position of its stones can have,
        // with a correct hash (as a faulty builder would write them).
        let mut swapped = entries.clone();
        swapped.swap(0, 1);
        assert_eq!(parse(Book::to_bytes(7, 6, COVER, &swapped)), BookError::Entry { index: 1 });
        let mut huge = entries.clone();
        huge[2].1 = 30;
        assert_eq!(parse(Book::to_bytes(7, 6, COVER, &huge)), BookError::Entry { index: 2 });
        // Keys no look-up meets: a mirror image's larger code, and a column
        // of the side to move's stones that alternate play never gives.
        let p = Position::from_moves("12", 7, 6).unwrap();
        let g = Any::<u64>::new(7, 6);
        let c = code(g, p.current as u64, p.mask as u64);
        let larger = c.max(mirror_code(g, c));
        assert_eq!(
            parse(Book::to_bytes(7, 6, COVER, &[(larger, 0)])),
            BookError::Entry { index: 0 }
        );
        // Column 1 holding two of the side to move's stones, on an empty board.
        let two_mine = 0b111u64 | (1..7).fold(0, |k, c| k | 1 << (7 * c));
        assert_eq!(stones_of(two_mine, 7, 6), Some(2));
        assert_eq!(
            parse(Book::to_bytes(7, 6, COVER, &[(two_mine, 0)])),
            BookError::Entry { index: 0 }
        );
        assert_eq!(
            parse(Book::to_bytes(9, 7, COVER, &entries)),
            BookError::Size { width: 9, height: 7 }
        );
    }

    #[test]
    fn a_book_of_many_blocks_finds_every_entry_and_nothing_else() {
        // Every position of up to 4 moves, each scored by its number of
        // stones (a score such a position can have), in a few dozen blocks.
        let mut positions = vec![Position::new(7, 6).unwrap()];
        let mut next = positions.clone();
        for _ in 0..4 {
            next = next.iter().flat_map(|p| (0..7).map(move |c| p.child(c))).collect();
            positions.extend(next.iter().copied());
        }
        let mut entries: Vec<(u64, i8)> =
            positions.iter().map(|p| (key(p).unwrap(), p.moves_played() as i8)).collect();
        entries.sort_unstable();
        entries.dedup();
        assert!(entries.len() > 10 * BLOCK, "{} entries", entries.len());
        let book = Book::parse(Cow::Owned(Book::to_bytes(7, 6, COVER, &entries))).unwrap();
        assert_eq!(book.entries().map(|(k, s)| (k, s as i8)).collect::<Vec<_>>(), entries);
        for p in &positions {
            assert_eq!(book.get(p), Some(p.moves_played() as i32));
        }
        for p in next.iter().flat_map(|p| (0..7).map(move |c| p.child(c))) {
            assert_eq!(book.get(&p), None, "a position of 5 moves");
        }
        // A block that does not start where the one before it ends, with
        // a correct hash.
        let mut bytes = Book::to_bytes(7, 6, COVER, &entries);
        bytes[HEADER + RECORD * 3 + 8] ^= 1;
        let body = bytes.len() - 8;
        let hash = fnv1a(&bytes[..body]);
        bytes[body..].copy_from_slice(&hash.to_le_bytes());
        assert_eq!(Book::parse(Cow::Owned(bytes)).unwrap_err(), BookError::Block { index: 3 });
    }

    #[test]
    fn keys_read_back_as_positions() {
        let (_, positions) = sample();
        for p in positions {
            let k = key(&p).unwrap();
            assert_eq!(stones_of(k, 7, 6), Some(p.moves_played()));
            let back = position(k, 7, 6).unwrap();
            assert_eq!(key(&back), Some(k));
            assert_eq!(back.moves_played(), p.moves_played());
        }
        assert_eq!(stones_of(0, 7, 6), None);
    }

    #[test]
    fn a_book_file_that_cannot_be_used_names_the_file_and_keeps_the_cause() {
        use std::error::Error as _;
        let dir = std::env::temp_dir().join(format!("fourinrow-book-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let missing = dir.join("missing.book");
        let err = Book::from_file(&missing).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("{}: cannot read: {}", missing.display(), {
                std::fs::read(&missing).unwrap_err()
            })
        );
        let io = err.source().and_then(|s| s.downcast_ref::<std::io::Error>()).unwrap();
        assert_eq!(io.kind(), std::io::ErrorKind::NotFound);
        let foreign = dir.join("foreign.book");
        std::fs::write(&foreign, b"not a book at all, just some words").unwrap();
        let err = Book::from_file(&foreign).unwrap_err();
        assert_eq!(err.to_string(), format!("{}: {}", foreign.display(), BookError::Foreign));
        let cause = err.source().and_then(|s| s.downcast_ref::<BookError>());
        assert_eq!(cause, Some(&BookError::Foreign));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

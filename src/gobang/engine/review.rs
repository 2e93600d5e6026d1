//! Where a finished game was decided, by the threat search: the first of
//! the winner's moves from which every position had a forced win (a VCF
//! or a VCT), and the moves the loser could have played just before it
//! instead, after which no forced win was left.
//!
//! A forced win found is a proof. A forced win not found is not a proof
//! of the opposite: the search has a budget and looks for wins with at
//! most [`SHOWN_VCT_THREES`] threes. So the moves it names as escapes are
//! those after which it searched every line within the budget and found
//! none, and the ones it ran out of budget on are named apart.

use crate::gobang::extras::rules::Rule;

use super::board::{Board, Color};
use super::clock::Clock;
use super::search::moves;
use super::threat::{Proof, Prover};
use super::SHOWN_VCT_THREES;

/// How many of the loser's moves are tried at its last chance, best
/// first by the engine's move ordering, as its search would try them
/// (every answer, when the winner threatens).
pub const TRIED: usize = 25;

/// The positions each search of a review may visit, by default: about a
/// third of a second on the development machine.
pub const DEFAULT_NODES: u64 = 100_000;

/// The deepest win looked for, in the attacker's moves.
const DEPTH: u8 = 20;

/// What one search for a forced win found.
enum Found {
    /// A win.
    Win(Proof),
    /// No win: every line searched.
    None,
    /// The budget ran out first.
    Unknown,
}

/// A forced win for `attacker`, to move on `board`, within `nodes`.
fn forced_win(board: &mut Board, attacker: Color, nodes: u64) -> Found {
    let clock = Clock::new(None, None);
    let mut prover = Prover::new(&clock).with_max_nodes(nodes);
    match prover.prove(board, attacker, DEPTH, SHOWN_VCT_THREES) {
        Some(proof) => Found::Win(proof),
        None if prover.aborted() => Found::Unknown,
        None => Found::None,
    }
}

/// The loser's last chance: its move just before the winner's forced win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chance {
    /// Which move it was (0 the game's first).
    pub index: usize,
    /// The point played.
    pub played: usize,
    /// The moves after which the winner had no forced win (every line
    /// searched), best first.
    pub escapes: Vec<usize>,
    /// The moves after which the search ran out of budget.
    pub unclear: Vec<usize>,
    /// How many moves were tried, the one played left out.
    pub tried: usize,
}

/// Where a game was decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// The winner's move from which every position before the winner's
    /// moves had a forced win (0 the game's first).
    pub forced_from: usize,
    /// The forced win found there.
    pub proof: Proof,
    /// The loser's move before it, if the game had one.
    pub chance: Option<Chance>,
}

/// The colour that plays move `index` (black the even ones).
fn mover(index: usize) -> Color {
    if index % 2 == 0 {
        Color::Black
    } else {
        Color::White
    }
}

/// The board of `moves` before move `n` (the first `n` played).
fn before(moves: &[usize], rule: Rule, n: usize) -> Board {
    let mut board = Board::new(rule);
    for (i, &p) in moves[..n].iter().enumerate() {
        board.play(p, mover(i));
    }
    board
}

/// Reviews the game of `moves` (points, black's first) under `rule`, won
/// by `winner`, each search within `nodes` positions. `None` when not even
/// the winner's last move was forced by a win found (a game not won by
/// five, or cut short).
pub fn review(moves: &[usize], rule: Rule, winner: Color, nodes: u64) -> Option<Review> {
    let last = (0..moves.len()).rev().find(|&i| mover(i) == winner)?;
    let mut board = before(moves, rule, last);
    // The winner's moves, last first, while each position before them
    // has a forced win; the board is the one before move `k`.
    let mut found = None;
    let mut k = last;
    while let Found::Win(proof) = forced_win(&mut board, winner, nodes) {
        found = Some((k, proof));
        if k < 2 {
            break;
        }
        board.undo();
        board.undo();
        k -= 2;
    }
    let (forced_from, proof) = found?;
    let chance = (forced_from > 0).then(|| {
        let index = forced_from - 1;
        last_chance(&mut before(moves, rule, index), index, moves[index], winner, nodes)
    });
    Some(Review { forced_from, proof, chance })
}

/// The loser's moves other than `played` on `board` (before move `index`),
/// and which of them leave `winner` no forced win.
fn last_chance(
    board: &mut Board,
    index: usize,
    played: usize,
    winner: Color,
    nodes: u64,
) -> Chance {
    let loser = winner.other();
    let (mut escapes, mut unclear, mut tried) = (Vec::new(), Vec::new(), 0);
    for p in moves(board, loser, TRIED).into_iter().filter(|&p| p != played) {
        tried += 1;
        board.play(p, loser);
        let found = if board.won_at(p) { Found::None } else { forced_win(board, winner, nodes) };
        board.undo();
        match found {
            Found::Win(_) => {}
            Found::None => escapes.push(p),
            Found::Unknown => unclear.push(p),
        }
    }
    Chance { index, played, escapes, unclear, tried }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gobang::engine::board::SIZE;
    use crate::gobang::engine::threat::Kind;

    fn at(row: usize, col: usize) -> usize {
        row * SIZE + col
    }

    #[test]
    fn a_game_lost_to_an_open_three_is_decided_where_it_stood() {
        // Black plays three in a row on row 7 while white plays far away,
        // three points apart on row 0 (no threat); black's open three
        // becomes an open four, and five.
        let moves = [
            at(7, 5),
            at(0, 0),
            at(7, 6),
            at(0, 3),
            at(7, 7),
            at(0, 6),
            at(7, 8),
            at(0, 9),
            at(7, 9),
        ];
        let review = review(&moves, Rule::Freestyle, Color::Black, DEFAULT_NODES).unwrap();
        // Every position from the found move on has a forced win for black.
        let mut board = Board::new(Rule::Freestyle);
        for (i, &p) in moves.iter().enumerate() {
            if i >= review.forced_from && mover(i) == Color::Black {
                assert!(matches!(forced_win(&mut board, Color::Black, 1_000_000), Found::Win(_)));
            }
            board.play(p, mover(i));
        }
        let chance = review.chance.unwrap();
        assert_eq!(chance.index, review.forced_from - 1);
        assert_eq!(chance.played, moves[chance.index]);
        assert!(chance.tried > 0);
        // Each escape named leaves black no forced win, on a larger budget too.
        let mut board = before(&moves, Rule::Freestyle, chance.index);
        // Before black's open four, white's last chance was to block the
        // open three at either end, and nothing else would do.
        assert_eq!(review.forced_from, 6);
        assert_eq!(review.proof.kind, Kind::Vcf);
        let mut escapes = chance.escapes.clone();
        escapes.sort_unstable();
        assert_eq!(escapes, [at(7, 4), at(7, 8)], "{chance:?}");
        assert!(chance.unclear.is_empty(), "{chance:?}");
        for &p in &chance.escapes {
            board.play(p, Color::White);
            assert!(matches!(forced_win(&mut board, Color::Black, 1_000_000), Found::None));
            board.undo();
        }
    }
}

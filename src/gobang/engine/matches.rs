//! Matches between the engine and other players: the tutorials' AIs, or
//! another level, from opening positions, each opening played with both
//! colours. `cargo run --release --bin gobang-match` runs them.

use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha12Rng;

use crate::gobang::extras::lab;
use crate::gobang::extras::rules::{self, Rule};
use crate::gobang::port::robot::{first_empty, Maps, Stone, AI};

use super::board::{coords, Board, Color, POINTS, SIZE};
use super::clock::Clock;
use super::search::{evaluate, Eval, Table, ATTACK};
use super::{think, Level};

/// A player in a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// This engine at a level, with a time for each move.
    Engine(Level, Duration),
    /// The step-list tutorial's AI (`AI.layerOne`, the twin).
    StepList,
    /// The undo-lab tutorial's AI.
    UndoLab,
}

impl Player {
    /// The player's name in reports.
    pub fn name(&self) -> String {
        match self {
            Player::Engine(level, time) => format!("engine {level} at {} ms", time.as_millis()),
            Player::StepList => "step-list AI".into(),
            Player::UndoLab => "undo-lab AI".into(),
        }
    }
}

/// `maps` with the colours swapped.
fn swapped(maps: &Maps) -> Maps {
    let mut out = *maps;
    for cell in out.iter_mut().flatten() {
        *cell = cell.map(|s| if s == Stone::Black { Stone::White } else { Stone::Black });
    }
    out
}

/// `player`'s move as `me` on `maps`, `row * 15 + col`.
pub fn choose(
    player: &Player,
    maps: &Maps,
    me: Color,
    rule: Rule,
    table: &mut Table,
    rng: &mut impl Rng,
) -> Option<usize> {
    let point = match player {
        Player::Engine(level, time) => {
            let mut board = Board::from_maps(maps, rule);
            let settings = super::Settings { time: *time, ..level.settings() };
            let clock = Clock::new(Some(*time), None);
            return think(&mut board, me, &settings, &clock, table, rng).map(|t| t.point);
        }
        Player::StepList => {
            // The twin always plays white ('0').
            let view = if me == Color::White { *maps } else { swapped(maps) };
            let p = AI::new(view).layer_one(&mut |_| {});
            Some(p).filter(|p| AI::in_board(p.0, p.1)).or(first_empty(maps))?
        }
        Player::UndoLab => lab::engine(maps, me.stone())?,
    };
    let p = point.0 as usize * SIZE + point.1 as usize;
    (point.0 >= 0 && point.1 >= 0 && p < POINTS && maps[p / SIZE][p % SIZE].is_none()).then_some(p)
}

/// An opening: `stones` stones, black first, near the centre, chosen by
/// `seed` among those the engine's evaluation finds close to even.
pub fn opening(seed: u64, stones: usize, rule: Rule) -> Vec<usize> {
    let mut rng = ChaCha12Rng::seed_from_u64(seed);
    let mut best: Option<(i32, Vec<usize>)> = None;
    // The closest to even of twenty random ones.
    for _ in 0..20 {
        let mut board = Board::new(rule);
        let mut line = vec![7 * SIZE + 7];
        board.play(line[0], Color::Black);
        let mut colour = Color::White;
        while line.len() < stones.clamp(1, 20) {
            let (r, c) = (rng.random_range(4..11), rng.random_range(4..11));
            let p = r * SIZE + c;
            if board.at(p).is_none() {
                board.play(p, colour);
                line.push(p);
                colour = colour.other();
            }
        }
        let unevenness = evaluate(&board, colour, Eval::Worth { attack: ATTACK }).abs();
        if best.as_ref().is_none_or(|(u, _)| unevenness < *u) {
            best = Some((unevenness, line));
        }
    }
    best.map(|(_, line)| line).unwrap_or_default()
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The winner, or `None` for a full board.
    pub winner: Option<Color>,
    /// Every move, the opening's first.
    pub moves: Vec<usize>,
    /// A player that answered no legal point, if one did (it loses).
    pub forfeit: Option<Color>,
}

/// Plays `opening` out between `black` and `white` under `rule`; wins are
/// judged by the rules extra, not by the engine.
pub fn play(opening: &[usize], black: &Player, white: &Player, rule: Rule, seed: u64) -> Game {
    let mut rng = ChaCha12Rng::seed_from_u64(seed);
    let mut table = Table::with_bytes(32 << 20);
    let mut maps: Maps = [[None; SIZE]; SIZE];
    let mut moves = Vec::new();
    let mut colour = Color::Black;
    for &p in opening {
        maps[p / SIZE][p % SIZE] = Some(colour.stone());
        moves.push(p);
        colour = colour.other();
    }
    while moves.len() < POINTS {
        let player = if colour == Color::Black { black } else { white };
        let Some(p) = choose(player, &maps, colour, rule, &mut table, &mut rng) else {
            return Game { winner: Some(colour.other()), moves, forfeit: Some(colour) };
        };
        let (r, c) = coords(p);
        maps[r][c] = Some(colour.stone());
        moves.push(p);
        if rules::winner(&maps, (r as i32, c as i32), rule).is_some() {
            return Game { winner: Some(colour), moves, forfeit: None };
        }
        colour = colour.other();
    }
    Game { winner: None, moves, forfeit: None }
}

//! Threat search: proofs that the side to move wins by force.
//!
//! - **VCF**, victory by continuous fours: every attacking move makes a
//!   four, so every defence is forced (block the five point, or lose).
//! - **VCT**, victory by continuous threats: moves may also make an open
//!   three (a *threat point*: one more stone makes an open four or two
//!   fours). The defender then has more answers; the search tries every
//!   answer that could matter: each point whose stone would change what
//!   all the attacker's threat points make (the points within five along
//!   their four lines), and each of the defender's own fours. Any other
//!   answer leaves a threat point standing, and the attacker wins with it
//!   (the defender has no four left to interpose).
//!
//! A proof found here is a real win against every defence; the tests
//! replay proofs against every answer on the board.

use std::collections::HashMap;

use super::board::{step, Board, Color, Threat, LINES, POINTS};
use super::clock::Clock;

/// A proof's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Five now.
    Five,
    /// Victory by continuous fours.
    Vcf,
    /// Victory by continuous threats (fours and threes).
    Vct,
}

/// A found win: its kind, and its main line (the attacker's moves and the
/// defender's answers, alternating, the attacker's first; against a three
/// the defender's answer shown is one of several, all of them lost).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// VCF or VCT (or a five on the board's next move).
    pub kind: Kind,
    /// The points played, the attacker's first.
    pub line: Vec<usize>,
}

#[derive(Clone, Copy)]
struct Entry {
    win: bool,
    depth: u8,
    threes: u8,
    mv: u16,
}

/// The search's state: its table of results and its budget.
pub struct Prover<'c> {
    clock: &'c Clock,
    table: HashMap<u64, Entry>,
    /// Nodes visited.
    pub nodes: u64,
    aborted: bool,
    /// The most results kept: the table is emptied when it has this many.
    limit: usize,
    /// The most nodes to visit, whatever the clock says.
    max_nodes: u64,
}

/// Up to two empty points where `colour` makes five.
pub fn five_points(board: &Board, colour: Color) -> ([usize; 2], usize) {
    let mut found = ([0; 2], 0);
    if board.count(Threat::Five, colour) == 0 {
        return found;
    }
    for p in board.near_points() {
        if board.wins_at(p, colour) {
            found.0[found.1] = p;
            found.1 += 1;
            if found.1 == 2 {
                break;
            }
        }
    }
    found
}

/// The points where `colour` makes an open four or two fours.
pub fn threat_points(board: &Board, colour: Color) -> Vec<usize> {
    if board.count(Threat::OpenFour, colour) + board.count(Threat::Five, colour) == 0 {
        return Vec::new();
    }
    board.near_points().filter(|&p| board.threat(p, colour) >= Threat::OpenFour).collect()
}

/// The empty points on the four lines through `p`, within five of it, and `p`.
fn star(board: &Board, p: usize, into: &mut [bool; POINTS]) {
    into[p] = true;
    for &line in &LINES {
        for k in (-5..=5).filter(|&k| k != 0) {
            if let Some(q) = step(p, line, k) {
                into[q] = board.at(q).is_none();
            }
        }
    }
}

/// The defender's answers to the attacker's `threats` (threat points) that
/// could matter: the points where a stone changes what every threat point
/// makes, and the defender's fours.
pub fn defences(board: &Board, threats: &[usize], defender: Color) -> Vec<usize> {
    let mut common = [true; POINTS];
    for &t in threats {
        let mut mine = [false; POINTS];
        star(board, t, &mut mine);
        for (c, m) in common.iter_mut().zip(mine) {
            *c &= m;
        }
    }
    (0..POINTS)
        .filter(|&p| board.at(p).is_none())
        .filter(|&p| common[p] || (board.is_near(p) && board.threat(p, defender) >= Threat::Four))
        .collect()
}

impl<'c> Prover<'c> {
    /// A prover that stops when `clock` says.
    pub fn new(clock: &'c Clock) -> Prover<'c> {
        Prover {
            clock,
            table: HashMap::new(),
            nodes: 0,
            aborted: false,
            limit: 1 << 20,
            max_nodes: u64::MAX,
        }
    }

    /// The same prover, stopping after `nodes` nodes as well: a budget
    /// that gives the same answer on every machine, however busy.
    pub fn with_max_nodes(self, nodes: u64) -> Prover<'c> {
        Prover { max_nodes: nodes, ..self }
    }

    /// The same, keeping at most about `bytes` of results.
    pub fn with_bytes(clock: &'c Clock, bytes: usize) -> Prover<'c> {
        Prover { limit: (bytes / 48).max(1 << 12), ..Prover::new(clock) }
    }

    fn keep(&mut self, key: u64, entry: Entry) {
        if self.table.len() >= self.limit && !self.table.contains_key(&key) {
            // Full: start afresh rather than grow past the memory allowed.
            self.table.retain(|_, e| e.win);
            if self.table.len() >= self.limit / 2 {
                self.table.clear();
            }
        }
        self.table.insert(key, entry);
    }

    /// Whether the search ran out of time or was stopped.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    fn key(board: &Board, attacker: Color) -> u64 {
        board.hash() ^ if attacker == Color::White { 0x5bd1_e995_1234_5678 } else { 0 }
    }

    /// A win for `attacker`, to move, in at most `depth` of its moves of
    /// which at most `threes` make no four (threes, or blocks of the
    /// defender's fours; 0: VCF only). It looks for wins with none of
    /// those first, then one, then two and so on: such wins have fewer
    /// defences to try and are found soonest, and the results kept on the
    /// way spare the later rounds work.
    pub fn prove(
        &mut self,
        board: &mut Board,
        attacker: Color,
        depth: u8,
        threes: u8,
    ) -> Option<Proof> {
        let (fives, n) = five_points(board, attacker);
        if n > 0 {
            return Some(Proof { kind: Kind::Five, line: vec![fives[0]] });
        }
        let won = (0..=threes).any(|t| self.attack(board, attacker, depth, t) || self.aborted);
        if !won || self.aborted {
            return None;
        }
        let line = self.main_line(board, attacker);
        let kind = if self.uses_threes(board, attacker, &line) { Kind::Vct } else { Kind::Vcf };
        Some(Proof { kind, line })
    }

    /// Whether any of the attacker's moves in `line` makes no four.
    fn uses_threes(&self, board: &mut Board, attacker: Color, line: &[usize]) -> bool {
        let mut threes = false;
        let mut colour = attacker;
        for &p in line {
            if colour == attacker && board.threat(p, attacker) < Threat::Four {
                threes = true;
            }
            board.play(p, colour);
            colour = colour.other();
        }
        for _ in line {
            board.undo();
        }
        threes
    }

    /// The proof's main line, from the table's winning moves.
    fn main_line(&self, board: &mut Board, attacker: Color) -> Vec<usize> {
        let defender = attacker.other();
        let mut line = Vec::new();
        loop {
            let (fives, n) = five_points(board, attacker);
            let mv = if n > 0 {
                fives[0]
            } else {
                match self.table.get(&Self::key(board, attacker)) {
                    Some(e) if e.win => e.mv as usize,
                    _ => break,
                }
            };
            line.push(mv);
            board.play(mv, attacker);
            if board.won_at(mv) || line.len() > 2 * POINTS {
                break;
            }
            // The defender's answer: the five point, or the first defence.
            let (fives, n) = five_points(board, attacker);
            let answer = if n > 0 {
                Some(fives[0])
            } else {
                defences(board, &threat_points(board, attacker), defender).first().copied()
            };
            let Some(answer) = answer else { break };
            line.push(answer);
            board.play(answer, defender);
        }
        for _ in 0..line.len() {
            board.undo();
        }
        line
    }

    fn attack(&mut self, board: &mut Board, attacker: Color, depth: u8, threes: u8) -> bool {
        self.nodes += 1;
        if self.nodes & 63 == 0 && (self.clock.out() || self.nodes >= self.max_nodes) {
            self.aborted = true;
        }
        if self.aborted {
            return false;
        }
        let defender = attacker.other();
        if five_points(board, attacker).1 > 0 {
            return true;
        }
        let (their, n) = five_points(board, defender);
        if n >= 2 || depth == 0 {
            return false;
        }
        let key = Self::key(board, attacker);
        if let Some(e) = self.table.get(&key) {
            if e.win || (e.depth >= depth && e.threes >= threes) {
                return e.win;
            }
        }
        let mut moves: Vec<(Threat, usize)> = if n == 1 {
            vec![(board.threat(their[0], attacker), their[0])]
        } else {
            board
                .near_points()
                .map(|p| (board.threat(p, attacker), p))
                .filter(|&(t, _)| t >= Threat::Four || (threes > 0 && t == Threat::Three))
                .collect()
        };
        // Renju: black's forbidden points are no moves.
        moves.retain(|&(_, p)| !board.forbidden(p, attacker));
        moves.sort_by_key(|x| std::cmp::Reverse(x.0));
        for (t, p) in moves {
            let spent = u8::from(t < Threat::Four);
            if spent > threes {
                continue;
            }
            board.play(p, attacker);
            let win = self.defend(board, attacker, depth - 1, threes - spent);
            board.undo();
            if win {
                self.keep(key, Entry { win, depth, threes, mv: p as u16 });
                return true;
            }
        }
        if !self.aborted {
            self.keep(key, Entry { win: false, depth, threes, mv: 0 });
        }
        false
    }

    fn defend(&mut self, board: &mut Board, attacker: Color, depth: u8, threes: u8) -> bool {
        let defender = attacker.other();
        if five_points(board, defender).1 > 0 {
            return false;
        }
        let (fives, n) = five_points(board, attacker);
        if n >= 2 {
            return true;
        }
        if n == 1 {
            if board.forbidden(fives[0], defender) {
                // Renju: black cannot block there.
                return true;
            }
            board.play(fives[0], defender);
            let win = self.attack(board, attacker, depth, threes);
            board.undo();
            return win;
        }
        let threats = threat_points(board, attacker);
        if threats.is_empty() {
            return false;
        }
        for p in defences(board, &threats, defender) {
            if board.forbidden(p, defender) {
                continue;
            }
            board.play(p, defender);
            let win = self.attack(board, attacker, depth, threes);
            board.undo();
            if !win {
                return false;
            }
        }
        true
    }
}

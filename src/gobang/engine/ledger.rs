//! The results file of a long match between two Gomocup engines
//! (`gobang-manager --results FILE`): a line for the match's settings, then
//! a line for each game, written as the game ends. A match of hours can
//! then stop at any point (a closed terminal, the end of a working day) and
//! go on where it stopped, and its totals are those of every game in the
//! file.
//!
//! The lines are meant to be read by people too:
//!
//! ```text
//! match | first: fourinrow gobang pbrain --engine strong | second: ... | turn 1000 ms | ...
//! game 1 | opening 1 | first black | first wins | stone 23 | slowest 744 2 ms | peak 46120 3320 kB
//! game 2 | opening 1 | first white | second wins | stone 30 | slowest 1113 5 ms | peak 45904 3312 kB | forfeit first: no reply within 1.1s
//! ```

use std::fmt;
use std::time::Duration;

/// Which engine: the first named on the command line, or the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    First,
    Second,
}

impl Side {
    /// 0 for the first, 1 for the second: the index into per-engine pairs.
    pub fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }

    fn word(self) -> &'static str {
        match self {
            Side::First => "first",
            Side::Second => "second",
        }
    }

    fn from_word(word: &str) -> Option<Side> {
        match word {
            "first" => Some(Side::First),
            "second" => Some(Side::Second),
            _ => None,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Won(Side),
    Draw,
}

/// One finished game, as its line in the file says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The game's number in the match, from 1.
    pub game: u32,
    /// The opening's number (`matches::opening` makes it from it).
    pub opening: u64,
    /// Whether the first engine had black.
    pub first_black: bool,
    pub outcome: Outcome,
    /// Stones on the board at the end.
    pub stones: usize,
    /// Each engine's slowest reply, in milliseconds.
    pub slowest_ms: [u64; 2],
    /// Each engine's peak resident memory (VmHWM), in kB, where the system
    /// tells it.
    pub peak_kb: [Option<u64>; 2],
    /// The engine that forfeited, and why (late, illegal, gone).
    pub forfeit: Option<(Side, String)>,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let colour = if self.first_black { "black" } else { "white" };
        let outcome = match self.outcome {
            Outcome::Won(side) => format!("{} wins", side.word()),
            Outcome::Draw => "draw".to_owned(),
        };
        let peak = |p: Option<u64>| p.map_or_else(|| "-".to_owned(), |kb| kb.to_string());
        write!(
            f,
            "game {} | opening {} | first {colour} | {outcome} | stone {} | slowest {} {} ms | peak {} {} kB",
            self.game,
            self.opening,
            self.stones,
            self.slowest_ms[0],
            self.slowest_ms[1],
            peak(self.peak_kb[0]),
            peak(self.peak_kb[1]),
        )?;
        if let Some((side, why)) = &self.forfeit {
            // One line whatever the engine sent.
            write!(f, " | forfeit {}: {}", side.word(), why.replace(['\n', '\r'], " "))?;
        }
        Ok(())
    }
}

impl GameResult {
    /// Reads a game's line back, or says what is wrong with it.
    pub fn parse(line: &str) -> Result<GameResult, String> {
        let fields: Vec<&str> = line.splitn(8, " | ").collect();
        if fields.len() < 7 {
            return Err(format!("not a game's line (7 or 8 fields split by ' | '): {line}"));
        }
        fn word<'a>(field: &'a str, prefix: &str) -> Result<&'a str, String> {
            field
                .strip_prefix(prefix)
                .map(str::trim)
                .ok_or_else(|| format!("expected '{prefix}...', found '{field}'"))
        }
        let number =
            |text: &str| text.parse::<u64>().map_err(|_| format!("'{text}' is not a whole number"));
        let pair = |text: &str, unit: &str| -> Result<[String; 2], String> {
            let text = text
                .strip_suffix(unit)
                .ok_or_else(|| format!("expected '{unit}' at the end of '{text}'"))?;
            match text.split_whitespace().collect::<Vec<_>>()[..] {
                [a, b] => Ok([a.to_owned(), b.to_owned()]),
                _ => Err(format!("expected two numbers in '{text}'")),
            }
        };
        let game = u32::try_from(number(word(fields[0], "game ")?)?)
            .map_err(|_| format!("game number too large: {}", fields[0]))?;
        let opening = number(word(fields[1], "opening ")?)?;
        let first_black = match word(fields[2], "first ")? {
            "black" => true,
            "white" => false,
            other => return Err(format!("'{other}' is neither black nor white")),
        };
        let outcome = match fields[3] {
            "draw" => Outcome::Draw,
            text => {
                Outcome::Won(text.strip_suffix(" wins").and_then(Side::from_word).ok_or_else(
                    || format!("'{text}' is not 'first wins', 'second wins' or 'draw'"),
                )?)
            }
        };
        let stones = usize::try_from(number(word(fields[4], "stone ")?)?)
            .map_err(|_| format!("too many stones: {}", fields[4]))?;
        let [a, b] = pair(word(fields[5], "slowest ")?, " ms")?;
        let slowest_ms = [number(&a)?, number(&b)?];
        let [a, b] = pair(word(fields[6], "peak ")?, " kB")?;
        let peak = |text: &str| if text == "-" { Ok(None) } else { number(text).map(Some) };
        let peak_kb = [peak(&a)?, peak(&b)?];
        let forfeit = match fields.get(7) {
            None => None,
            Some(field) => {
                let rest = word(field, "forfeit ")?;
                let (who, why) = rest
                    .split_once(": ")
                    .ok_or_else(|| format!("expected 'forfeit first: why', found '{field}'"))?;
                let side = Side::from_word(who)
                    .ok_or_else(|| format!("'{who}' is neither first nor second"))?;
                Some((side, why.to_owned()))
            }
        };
        Ok(GameResult { game, opening, first_black, outcome, stones, slowest_ms, peak_kb, forfeit })
    }
}

/// A match's file: its settings line and the games played so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ledger {
    /// The first line: the engines and the rules they played under. A
    /// match goes on only with the same settings.
    pub settings: String,
    pub games: Vec<GameResult>,
}

impl Ledger {
    /// Reads a results file. A last line cut short (the match stopped while
    /// writing it) is left out, as its game will be played again; any other
    /// bad line is an error naming its number.
    pub fn parse(text: &str) -> Result<Ledger, String> {
        // Each line is written whole, with its newline: a last line without
        // one was cut short, even where what is left of it reads as a game.
        let complete = text.rfind('\n').map_or(text, |end| &text[..=end]);
        let mut lines = complete.lines().enumerate();
        let settings = match lines.next() {
            Some((_, line)) if line.starts_with("match | ") => line.to_owned(),
            Some((_, line)) => return Err(format!("line 1: not a match's settings: {line}")),
            None => return Err("empty: no match's settings".into()),
        };
        let mut games = Vec::new();
        for (i, line) in lines {
            match GameResult::parse(line) {
                Ok(game) if game.game as usize == games.len() + 1 => games.push(game),
                Ok(game) => {
                    return Err(format!(
                        "line {}: game {} where game {} was expected",
                        i + 1,
                        game.game,
                        games.len() + 1
                    ))
                }
                Err(e) => return Err(format!("line {}: {e}", i + 1)),
            }
        }
        Ok(Ledger { settings, games })
    }

    /// The totals over every game so far.
    pub fn totals(&self, max_memory_bytes: u64) -> Totals {
        let mut t = Totals::default();
        for g in &self.games {
            match g.outcome {
                Outcome::Won(Side::First) => t.wins += 1,
                Outcome::Won(Side::Second) => t.losses += 1,
                Outcome::Draw => t.draws += 1,
            }
            if let Some((side, _)) = &g.forfeit {
                t.forfeits[side.index()] += 1;
            }
            let colour = usize::from(!g.first_black);
            t.by_colour[colour].1 += 1;
            if g.outcome == Outcome::Won(Side::First) {
                t.by_colour[colour].0 += 1;
            }
            for i in 0..2 {
                t.slowest[i] = t.slowest[i].max(Duration::from_millis(g.slowest_ms[i]));
                if let Some(kb) = g.peak_kb[i] {
                    t.peak_kb[i] = Some(t.peak_kb[i].unwrap_or(0).max(kb));
                    if kb.saturating_mul(1024) > max_memory_bytes {
                        t.over_memory[i] += 1;
                    }
                }
            }
        }
        t
    }
}

/// A match's totals, for the first engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Games lost by a forfeit, for each engine.
    pub forfeits: [u32; 2],
    /// Each engine's slowest reply.
    pub slowest: [Duration; 2],
    /// Each engine's highest peak memory, in kB.
    pub peak_kb: [Option<u64>; 2],
    /// Games in which each engine's peak went over `max_memory`.
    pub over_memory: [u32; 2],
    /// The first engine's wins and games as black, then as white.
    pub by_colour: [(u32, u32); 2],
}

impl Totals {
    /// The first engine's score: a win 1, a draw a half.
    pub fn score(&self) -> f64 {
        let games = self.wins + self.draws + self.losses;
        if games == 0 {
            return 0.0;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(games)
    }
}

impl fmt::Display for Totals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let peak = |p: Option<u64>| p.map_or_else(|| "unknown".to_owned(), |kb| format!("{kb} kB"));
        write!(
            f,
            "first: {} wins, {} draws, {} losses ({:.1}%; as black {} of {}, as white {} of {}); \
             forfeits: first {}, second {}; \
             slowest reply: first {} ms, second {} ms; peak memory: first {}, second {}; \
             over max_memory: first {}, second {}",
            self.wins,
            self.draws,
            self.losses,
            self.score() * 100.0,
            self.by_colour[0].0,
            self.by_colour[0].1,
            self.by_colour[1].0,
            self.by_colour[1].1,
            self.forfeits[0],
            self.forfeits[1],
            self.slowest[0].as_millis(),
            self.slowest[1].as_millis(),
            peak(self.peak_kb[0]),
            peak(self.peak_kb[1]),
            self.over_memory[0],
            self.over_memory[1],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(n: u32) -> GameResult {
        GameResult {
            game: n,
            opening: 7,
            first_black: n % 2 == 1,
            outcome: Outcome::Won(Side::First),
            stones: 23,
            slowest_ms: [744, 2],
            peak_kb: [Some(46_120), None],
            forfeit: None,
        }
    }

    #[test]
    fn a_games_line_reads_back_as_the_game() {
        let mut g = game(3);
        assert_eq!(GameResult::parse(&g.to_string()), Ok(g.clone()));
        g.outcome = Outcome::Draw;
        g.forfeit = Some((Side::Second, "an illegal reply: 99,99 | or | worse\nnext".into()));
        let line = g.to_string();
        assert!(!line.contains('\n'), "{line}");
        let back = GameResult::parse(&line).unwrap();
        assert_eq!(
            back.forfeit,
            Some((Side::Second, "an illegal reply: 99,99 | or | worse next".into()))
        );
        assert_eq!(GameResult { forfeit: None, ..back }, GameResult { forfeit: None, ..g });
    }

    #[test]
    fn a_bad_line_says_what_is_wrong() {
        let line = game(1).to_string();
        for (bad, says) in [
            (line.replace("first black", "first red"), "'red' is neither black nor white"),
            (line.replace("first wins", "third wins"), "'third wins' is not"),
            (line.replace("stone 23", "stone x"), "'x' is not a whole number"),
            (line.replace(" ms |", " |"), "expected ' ms' at the end"),
            ("game 1 | opening 7".to_owned(), "not a game's line"),
        ] {
            let e = GameResult::parse(&bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn a_file_reads_back_and_a_line_cut_short_at_the_end_is_left_out() {
        let settings = "match | first: a | second: b";
        let text = format!("{settings}\n{}\n{}\n", game(1), game(2));
        let ledger = Ledger::parse(&text).unwrap();
        assert_eq!(ledger.settings, settings);
        assert_eq!(ledger.games, vec![game(1), game(2)]);
        // Stopped while writing game 3's line: games 1 and 2 stand.
        let cut = format!("{text}game 3 | opening 7 | first bl");
        assert_eq!(Ledger::parse(&cut).unwrap().games.len(), 2);
        // Cut inside a forfeit's reason, what is left reads as a game: it
        // is left out all the same.
        let mut forfeited = game(3);
        forfeited.forfeit = Some((Side::First, "no reply within 1.1s".into()));
        let line = forfeited.to_string();
        let cut_reason = format!("{text}{}", &line[..line.len() - 4]);
        assert_eq!(Ledger::parse(&cut_reason).unwrap().games.len(), 2);
        assert_eq!(Ledger::parse(&format!("{text}{line}\n")).unwrap().games[2], forfeited);
        // The same bad line with its newline is damage, not a cut.
        let e = Ledger::parse(&format!("{cut}\n")).unwrap_err();
        assert!(e.starts_with("line 4: "), "{e}");
        let e = Ledger::parse(&format!("{settings}\n{}\n", game(2))).unwrap_err();
        assert_eq!(e, "line 2: game 2 where game 1 was expected");
        assert!(Ledger::parse("game 1\n").unwrap_err().starts_with("line 1: not a match's"));
        assert!(Ledger::parse("").is_err());
    }

    #[test]
    fn totals_count_every_game_forfeit_and_peak() {
        let mut games = vec![game(1), game(2), game(3), game(4)];
        games[1].outcome = Outcome::Won(Side::Second);
        games[1].forfeit = Some((Side::First, "no reply within 1.1s".into()));
        games[2].outcome = Outcome::Draw;
        games[3].slowest_ms = [10, 1200];
        games[3].peak_kb = [Some(400_000), Some(5)];
        let ledger = Ledger { settings: "match | x".into(), games };
        let t = ledger.totals(350 << 20);
        assert_eq!((t.wins, t.draws, t.losses), (2, 1, 1));
        assert_eq!(t.forfeits, [1, 0]);
        assert_eq!(t.slowest, [Duration::from_millis(744), Duration::from_millis(1200)]);
        assert_eq!(t.peak_kb, [Some(400_000), Some(5)]);
        // 400,000 kB is over 350 MB (358,400 kB); 46,120 kB is not.
        assert_eq!(t.over_memory, [1, 0]);
        assert_eq!(t.score(), 0.625);
        // Games 1 and 3 with black (a win, a draw), 2 and 4 with white (a
        // loss, a win).
        assert_eq!(t.by_colour, [(1, 2), (1, 2)]);
        assert!(
            t.to_string().starts_with(
                "first: 2 wins, 1 draws, 1 losses (62.5%; as black 1 of 2, as white 1 of 2); "
            ),
            "{t}"
        );
    }
}

//! `fourinrow gobang review FILE`: where each game of a record file was
//! decided ([`crate::gobang::engine::review`]), one JSON line a game.
//!
//! For a game with a winner: from which of the winner's moves the strong
//! engine's threat search finds a forced win at every turn, the win it
//! found there, and the loser's move just before: what was played, and the
//! moves that would have left no forced win (`escapes`) or that the search
//! could not settle within its budget (`unclear`). Draws and unfinished
//! games get a line with their result and nothing more.
//!
//! Each search visits at most `--nodes` positions, so a file gets the same
//! answer on any machine, however busy.

use std::io::{self, Write};
use std::path::Path;

use crate::gobang::analyze::each_game;
use crate::gobang::engine::board::{Color, SIZE};
use crate::gobang::engine::review::{review, Review};
use crate::gobang::engine::threat::Kind;
use crate::gobang::extras::record::{point_name, GameRecord, GameResult};
use crate::gobang::extras::rules::Rule;

/// The engine's rule for a record's: the original game's is searched as
/// freestyle (five or more), as the strong engine plays it.
fn rule_of(record: &GameRecord) -> Rule {
    match record.rule {
        "standard" => Rule::Standard,
        "renju" => Rule::Renju,
        _ => Rule::Freestyle,
    }
}

/// A point's name in quotes, as JSON.
fn name(p: usize) -> String {
    format!("\"{}\"", point_name(((p / SIZE) as i32, (p % SIZE) as i32)))
}

/// Names in a JSON list.
fn names(points: &[usize]) -> String {
    let names: Vec<String> = points.iter().map(|&p| name(p)).collect();
    format!("[{}]", names.join(", "))
}

/// The JSON fields of a review: from which move (counted from 1) the win
/// was forced, its kind and line, and the loser's last chance.
fn fields(found: Option<&Review>) -> String {
    let Some(r) = found else {
        return "\"forced_from\": null, \"kind\": null, \"line\": [], \"last_chance\": null".into();
    };
    let kind = match r.proof.kind {
        Kind::Five => "five",
        Kind::Vcf => "VCF",
        Kind::Vct => "VCT",
    };
    let chance = match &r.chance {
        None => "null".to_string(),
        Some(c) => format!(
            "{{\"move\": {}, \"played\": {}, \"escapes\": {}, \"unclear\": {}, \"tried\": {}}}",
            c.index + 1,
            name(c.played),
            names(&c.escapes),
            names(&c.unclear),
            c.tried
        ),
    };
    format!(
        "\"forced_from\": {}, \"kind\": \"{kind}\", \"line\": {}, \"last_chance\": {chance}",
        r.forced_from + 1,
        names(&r.proof.line)
    )
}

/// Reviews every game in the record file `path`, each search within
/// `nodes` positions, one JSON line a game on `out`. A faulty line gets
/// one line on `errors`, naming it; the others are reviewed. Returns how
/// many were faulty.
pub fn run_review(
    path: &Path,
    nodes: u64,
    mut out: impl Write,
    errors: impl Write,
) -> io::Result<usize> {
    each_game(path, "gobang review", errors, |game, record, _| {
        let winner = match record.result {
            GameResult::Black => Some(Color::Black),
            GameResult::White => Some(Color::White),
            _ => None,
        };
        let moves: Vec<usize> =
            record.moves.iter().map(|&(r, c)| r as usize * SIZE + c as usize).collect();
        let found = winner.and_then(|w| review(&moves, rule_of(record), w, nodes));
        let fields = match winner {
            Some(_) => format!(", {}", fields(found.as_ref())),
            None => String::new(),
        };
        writeln!(
            out,
            "{{\"game\": {game}, \"rule\": \"{}\", \"result\": \"{}\", \"moves\": {}{fields}}}",
            record.rule,
            record.result.name(),
            moves.len()
        )?;
        out.flush()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_gets_a_line_and_faulty_ones_are_named() {
        let path =
            std::env::temp_dir().join(format!("fourinrow-gobang-review-{}", std::process::id()));
        std::fs::write(
            &path,
            "# black's open three on row 7, white far away\n\
             gobang rule=freestyle moves=F7,A0,G7,D0,H7,G0,I7,J0,J7 result=black\n\
             gobang rule=standard moves=H7,I7 result=unfinished\n\
             gobang moves=H7,H7 result=black\n",
        )
        .unwrap();
        let (mut out, mut errors) = (Vec::new(), Vec::new());
        let faulty = run_review(&path, 100_000, &mut out, &mut errors).unwrap();
        let (out, errors) = (String::from_utf8(out).unwrap(), String::from_utf8(errors).unwrap());
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        // Forced from black's open three (before move 7): an open four at
        // E7, white's block at D7, five at I7. White's move 6 was its last
        // chance, and blocking either end of the three would have done.
        assert_eq!(
            lines[0],
            "{\"game\": 1, \"rule\": \"freestyle\", \"result\": \"black\", \"moves\": 9, \
             \"forced_from\": 7, \"kind\": \"VCF\", \"line\": [\"E7\", \"D7\", \"I7\"], \
             \"last_chance\": {\"move\": 6, \"played\": \"G0\", \"escapes\": [\"E7\", \"I7\"], \
             \"unclear\": [], \"tried\": 10}}"
        );
        assert_eq!(
            lines[1],
            "{\"game\": 2, \"rule\": \"standard\", \"result\": \"unfinished\", \"moves\": 2}"
        );
        assert_eq!(faulty, 1);
        assert!(
            errors.starts_with("fourinrow: gobang review: ")
                && errors.contains("line 4: move 2 (H7) is onto a taken point"),
            "{errors}"
        );
        std::fs::remove_file(&path).unwrap();
        let missing = run_review(&path, 100_000, Vec::new(), Vec::new());
        assert!(missing.unwrap_err().to_string().contains("cannot read the record"));
    }
}

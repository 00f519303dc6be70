//! The `.mat` text of a match (Jellyfish's, as GNU Backgammon exports it):
//!
//! ```text
//!  0 point match
//!
//!  Game 1
//!  Black : 0                      White : 0
//!   1)                             21: 13/11 24/23
//!   2) 52: 13/8 24/22              63: 8/5 11/5
//!   …
//!  19)  Doubles => 2                Drops
//!       Wins 1 point
//! ```
//!
//! A game is a list of numbered lines, each with a cell for each player: player 0 on the left,
//! player 1 on the right (Gamester's Black and White, as in GNU Backgammon's Match ID, so that
//! White is gnubg's player 1). A cell is a throw and its play, each man's step written
//! `from/to` in the mover's own numbering (25 the bar, 0 off, `*` a hit); or a cube action
//! (`Doubles => 2`, `Takes`, `Drops`). A length of 0 is a money session.
//!
//! Only rules the format can say are written: modern backgammon's (two dice, doublets played
//! four times, the opening's single dice played, the usual array, the modern bearing off).
//! A file read is replayed through the rules, [`Game::apply`]: what breaks them is refused
//! with the game, the line and the rule.

use std::fmt::Write as _;

use thiserror::Error;

use super::{
    ReadTurn, Turn, apply_turn, expressible, file_result, length_of, name_of, rules, score_of,
    turns,
};
use crate::players::Seats;
use crate::save::GameRecord;
use crate::tables::{Crawford, Game, Phase, Side, Tally};

pub use super::Imported;

/// Why a `.mat` text cannot be read as games Gamester plays.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MatError {
    #[error("it names no match length (a line such as ` 5 point match`)")]
    NoLength,
    #[error("it has no game (a line such as ` Game 1`)")]
    NoGame,
    #[error("a match to {0} points; Gamester plays matches to 25 points at most")]
    TooLong(String),
    #[error("game {game}, line {line}: {reason}")]
    Game {
        game: usize,
        line: usize,
        reason: String,
    },
}

/// The most games a file's first game may say came before it.
const GAMES_MOST: u32 = 1_000_000;

/// The player a side is in a `.mat` file: Black on the left (player 0), White on the right.
fn column(side: Side) -> usize {
    match side {
        Side::Black => 0,
        Side::White => 1,
    }
}

/// The lines of one game: each a pair of cells, and the game's last words.
struct Lines {
    rows: Vec<[String; 2]>,
    /// Which column the next cell goes in: a row is full once its right cell is written.
    wins: Option<(usize, u32)>,
}

impl Lines {
    fn put(&mut self, col: usize, text: String) {
        match self.rows.last_mut() {
            Some(row) if col == 1 && row[1].is_empty() => row[1] = text,
            _ => {
                let mut row = [String::new(), String::new()];
                row[col] = text;
                self.rows.push(row);
            }
        }
    }
}

/// A game's record as a `.mat` text: a match (or a money session, ` 0 point match`) of one
/// game, its score before the game the session's tally, the names the table's. Refused for
/// rules the format cannot say.
pub fn export(record: &GameRecord, seats: &Seats) -> Result<String, String> {
    export_games(std::slice::from_ref(record), seats)
}

/// A match's games (or a session's), in order, as one `.mat` text: ` Game 1`, ` Game 2`…,
/// each numbered as in its match and with the score before it.
///
/// The format has no word for the Crawford rule: a reader takes the first game in which one
/// side alone is a point away for the Crawford game. A file that begins after the Crawford
/// game at such a score therefore begins with the Crawford game's mark, an empty game at that
/// score, so that the game after it is read as the game after the Crawford game; a match
/// without the Crawford rule says so as eXtreme Gammon does, `; [Crawford "Off"]`.
pub fn export_games(records: &[GameRecord], seats: &Seats) -> Result<String, String> {
    let first = records.first().ok_or("there is no game to write")?;
    let rules = first.rules();
    let mut out = String::new();
    if rules.match_to > 0 && !rules.crawford {
        out.push_str("; [Crawford \"Off\"]\n\n");
    }
    let _ = writeln!(out, " {} point match", rules.match_to);
    let before = first.tally_before();
    let mut number = before.games + 1;
    if after_crawford(first) {
        let _ = write!(out, "\n Game {}\n", before.games.max(1));
        let _ = writeln!(out, "{}", names_line(seats, before));
        number = number.max(2);
    }
    for record in records {
        let _ = write!(out, "\n Game {number}\n");
        out.push_str(&game_text(record, seats)?);
        number += 1;
    }
    Ok(out)
}

/// Whether a game is after the Crawford game at a score that, alone in a file, reads as the
/// Crawford game's: one side, not both, a point from the match.
fn after_crawford(record: &GameRecord) -> bool {
    let rules = record.rules();
    let tally = record.tally_before();
    let away = |score: u32| score + 1 == u32::from(rules.match_to);
    rules.match_to > 1
        && rules.crawford
        && tally.crawford == Crawford::Played
        && (away(tally.black) != away(tally.white))
}

/// A game's first line: each side's name and score.
fn names_line(seats: &Seats, tally: Tally) -> String {
    let left = format!(" {} : {}", name_of(seats, Side::Black), tally.black);
    format!(
        "{left:<31}{} : {}",
        name_of(seats, Side::White),
        tally.white
    )
}

/// One game's lines: the names and scores, the numbered turns, and who won.
fn game_text(record: &GameRecord, seats: &Seats) -> Result<String, String> {
    let rules = record.rules();
    expressible(rules)?;
    let (turns, game) = turns(record)?;
    let mut lines = Lines {
        rows: Vec::new(),
        wins: None,
    };
    for (side, turn) in turns {
        let text = match turn {
            Turn::Play { dice, steps } => {
                let d: String = dice.iter().map(u8::to_string).collect();
                let words: Vec<String> = steps
                    .iter()
                    .map(|(from, to, hit)| format!("{from}/{to}{}", if *hit { "*" } else { "" }))
                    .collect();
                format!("{d}: {}", words.join(" "))
            }
            Turn::Thrown(dice) => {
                let d: String = dice.iter().map(u8::to_string).collect();
                format!("{d}: ")
            }
            Turn::Double(value) => format!(" Doubles => {value}"),
            Turn::Take => " Takes".to_string(),
            Turn::Drop => " Drops".to_string(),
        };
        lines.put(column(side), text);
    }
    if let Some(outcome) = game.outcome()
        && let Some(winner) = outcome.winner
    {
        lines.wins = Some((column(winner), points_said(&game, outcome.stake)));
    }
    let mut out = String::new();
    let _ = writeln!(out, "{}", names_line(seats, record.tally_before()));
    for (i, row) in lines.rows.iter().enumerate() {
        let _ = writeln!(out, "{:>3}) {:<28} {}", i + 1, row[0], row[1]);
    }
    if let Some((col, points)) = lines.wins {
        let words = format!(
            "Wins {points} point{}{}",
            if points == 1 { "" } else { "s" },
            if game.match_winner().is_some() {
                " and the match"
            } else {
                ""
            }
        );
        let indent = if col == 0 { 6 } else { 34 };
        let _ = writeln!(out, "{:indent$}{words}", "");
    }
    Ok(out)
}

/// One cell's words, read.
enum Cell {
    Empty,
    Play {
        dice: [u8; 2],
        moves: String,
    },
    /// `Doubles => 4`: the cube's new value, if the cell gives one.
    Double(Option<u32>),
    Take,
    Drop,
    Beaver,
    /// `Wins 2 points`: the game's last words, in the winner's column.
    Wins(u32),
}

fn read_cell(text: &str) -> Result<Cell, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(Cell::Empty);
    }
    let lower = t.to_ascii_lowercase();
    if lower.starts_with("doubles") {
        return match t.split_once("=>") {
            None => Ok(Cell::Double(None)),
            Some((_, value)) => value
                .split_whitespace()
                .next()
                .and_then(|v| v.parse().ok())
                .map(|v| Cell::Double(Some(v)))
                .ok_or_else(|| format!("`{t}` does not give the cube's value as a number")),
        };
    }
    if lower.starts_with("beavers") || lower.starts_with("raccoons") {
        return Ok(Cell::Beaver);
    }
    if lower.starts_with("takes") {
        return Ok(Cell::Take);
    }
    if lower.starts_with("drops") || lower.starts_with("passes") {
        return Ok(Cell::Drop);
    }
    if lower.starts_with("wins") {
        let said = t
            .split_whitespace()
            .nth(1)
            .ok_or_else(|| format!("`{t}` does not say how many points"))?;
        return score_of(said)
            .map(Cell::Wins)
            .map_err(|_| format!("`{t}` does not say how many points as a number Gamester keeps"));
    }
    if lower.starts_with("resigns") {
        // gnubg passes this line over: the points the winner takes follow as `Wins N points`.
        return Ok(Cell::Empty);
    }
    let (dice, moves) = t
        .split_once(':')
        .ok_or_else(|| format!("`{t}` is neither a throw and its play nor a cube action"))?;
    let faces: Vec<u8> = dice
        .trim()
        .chars()
        .map(|c| c.to_digit(10).map_or(0, |d| d as u8))
        .collect();
    match faces[..] {
        [a, b] if (1..=6).contains(&a) && (1..=6).contains(&b) => Ok(Cell::Play {
            dice: [a, b],
            moves: moves.trim().to_string(),
        }),
        _ => Err(format!("`{}` is not a throw of two dice", dice.trim())),
    }
}

/// Where cells begin in a line: a throw (`52:`) or a cube action or the end.
fn cell_starts(line: &str) -> Vec<usize> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    for (i, _) in line.char_indices() {
        let at_word = i == 0 || bytes[i - 1] == b' ';
        if !at_word {
            continue;
        }
        let rest = &line[i..];
        let throw = rest.len() >= 3
            && rest.as_bytes()[0].is_ascii_digit()
            && rest.as_bytes()[1].is_ascii_digit()
            && rest.as_bytes()[2] == b':';
        let word = [
            "Doubles", "Takes", "Drops", "Beavers", "Passes", "Wins", "Resigns",
        ]
        .iter()
        .any(|w| rest.starts_with(w));
        if throw || word {
            out.push(i);
        }
    }
    out
}

/// The moves of a cell in Gamester's words for the bar and off: `25/21` is `bar/21`, `6/0` is
/// `6/off`.
fn moves_text(moves: &str) -> String {
    moves
        .split_whitespace()
        .map(|token| {
            token
                .split('/')
                .enumerate()
                .map(|(i, part)| {
                    let (n, star) = part.strip_suffix('*').map_or((part, ""), |n| (n, "*"));
                    match (i, n) {
                        (0, "25") => format!("bar{star}"),
                        (i, "0") if i > 0 => format!("off{star}"),
                        _ => part.to_string(),
                    }
                })
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads every game of a `.mat` text, each replayed through the rules; the first thing that
/// breaks them ends the reading with the game, the line and the rule.
pub fn import(text: &str) -> Result<Vec<Imported>, MatError> {
    let text = text.trim_start_matches('\u{feff}');
    // A money session's file does not say whether the Jacoby rule was played; GNU Backgammon
    // and eXtreme Gammon play it unless told not to. A file read both ways takes it; one that
    // only reads without it (a gammon scored in full with the cube in the middle) is without.
    import_as(text, true).or_else(|first| import_as(text, false).map_err(|_| first))
}

/// Whether the file's header (its `;` lines before the match's length) says the match is
/// played without the Crawford rule, as eXtreme Gammon writes it: `; [Crawford "Off"]`.
fn crawford_off(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .take_while(|l| l.is_empty() || l.starts_with(';') || l.starts_with('#'))
        .any(|l| {
            let l: String = l.to_ascii_lowercase().split_whitespace().collect();
            l.contains("[crawford\"off\"]")
        })
}

/// [`import`], a money session under the Jacoby rule or without it.
#[allow(clippy::too_many_lines, reason = "one pass over the file's lines")]
fn import_as(text: &str, jacoby: bool) -> Result<Vec<Imported>, MatError> {
    let crawford = !crawford_off(text);
    let rules = |length: u16| {
        let mut r = rules(length);
        r.jacoby = jacoby && length == 0;
        r.crawford = crawford;
        r
    };
    // The length read whole: one too long for any match is refused as such, never wrapped.
    let length16 = text
        .lines()
        .find_map(|l| {
            let l = l.trim().to_ascii_lowercase();
            l.strip_suffix("point match").and_then(length_of)
        })
        .ok_or(MatError::NoLength)?
        .map_err(MatError::TooLong)?;
    let length = u32::from(length16);
    let mut games = Vec::new();
    // The game being read, its names, its number in the file, and whether its names' line
    // has been read.
    let mut current: Option<(Game, [String; 2], usize, bool)> = None;
    let mut tally = Tally::default();
    let mut number = 0usize;
    // A throw the file left unplayed, which only a resignation may follow.
    let mut unplayed: Option<String> = None;
    let all: Vec<&str> = text.lines().collect();
    for (at, raw) in all.iter().enumerate() {
        let line = raw.trim_end();
        let trimmed = line.trim();
        if let Some(said) = trimmed
            .get(..5)
            .filter(|w| w.eq_ignore_ascii_case("game "))
            .map(|_| &trimmed[5..])
        {
            if let Some((game, names, n, _)) = current.take() {
                if n == 1 && game.record().is_empty() && game.is_crawford_game() {
                    // The Crawford game's mark before a game after it: an empty first game
                    // at a score a point from the match, which only tells that game was
                    // played. The next game's header gives its own number.
                    tally = Tally {
                        crawford: Crawford::Played,
                        ..game.tally_before()
                    };
                    number = 0;
                } else {
                    tally = game.tally();
                    games.push(Imported {
                        game,
                        names,
                        length,
                    });
                }
            }
            number += 1;
            unplayed = None;
            // The first game keeps its number in the match: ` Game 5` had four before it.
            if number == 1 {
                let n: u32 = said.trim().parse().unwrap_or(1);
                tally.games = n.saturating_sub(1).min(GAMES_MOST);
            }
            let game = Game::with_tally(rules(length16), tally).map_err(|e| MatError::Game {
                game: number,
                line: 0,
                reason: e.to_string(),
            })?;
            current = Some((game, [String::new(), String::new()], number, false));
            continue;
        }
        let Some((game, names, n, named)) = current.as_mut() else {
            continue;
        };
        let fail = |line: usize, reason: String| MatError::Game {
            game: *n,
            line,
            reason,
        };
        // The names' line: `Name : score    Name : score`.
        if !*named && is_names_line(trimmed) {
            *named = true;
            let (said, scores) = read_names(trimmed).map_err(|r| fail(0, r))?;
            *names = said;
            // The first game of a file may begin a match part-way: its score is the file's,
            // and a side one point away makes it the Crawford game unless the cube turns in
            // it (then the Crawford game was before it).
            let before = game.tally_before();
            let differ = [before.black, before.white] != scores;
            if differ && *n > 1 {
                return Err(fail(
                    0,
                    format!(
                        "the file gives the score as {} to {}, the games before it as {} to {}",
                        scores[0], scores[1], before.black, before.white
                    ),
                ));
            }
            if differ && game.record().is_empty() {
                let block_doubles = all[at..]
                    .iter()
                    .skip(1)
                    .take_while(|l| !l.trim().to_ascii_lowercase().starts_with("game "))
                    .any(|l| l.contains("Doubles"));
                let near = length > 1 && scores.iter().any(|&s| s + 1 == length);
                let crawford = match (near && crawford, block_doubles) {
                    (false, _) => Crawford::Ahead,
                    (true, false) => Crawford::ThisGame,
                    (true, true) => Crawford::Played,
                };
                let tally = Tally {
                    black: scores[0],
                    white: scores[1],
                    crawford,
                    ..before
                };
                *game =
                    Game::with_tally(rules(length16), tally).map_err(|e| fail(0, e.to_string()))?;
            }
            continue;
        }
        // The game's last words: `Wins 2 points` in the winner's column.
        if trimmed.starts_with("Wins") {
            let winner = if line.find("Wins").unwrap_or(0) >= 33 {
                Side::White
            } else {
                Side::Black
            };
            let Cell::Wins(points) = read_cell(trimmed).map_err(|r| fail(0, r))? else {
                continue;
            };
            unplayed = None;
            file_wins(game, winner, points).map_err(|r| fail(0, r))?;
            continue;
        }
        let Some((num, rest)) = trimmed.split_once(')') else {
            continue;
        };
        let Ok(row) = num.trim().parse::<usize>() else {
            continue;
        };
        // The cells: the right one is the cell that begins at the 34th column of the line or
        // after it (0-based 33), as every program that writes the format aligns it; a long left
        // cell pushes it further.
        let start = line.len() - rest.len();
        let split = cell_starts(line)
            .into_iter()
            .find(|&i| i >= 33 && i >= start)
            .unwrap_or(line.len());
        let (left, right) = (&line[start..split.max(start)], &line[split.max(start)..]);
        for (col, cell) in [(0usize, left), (1usize, right)] {
            let side = if col == 0 { Side::Black } else { Side::White };
            match read_cell(cell).map_err(|r| fail(row, r))? {
                // A game's last words on a turn's line (after a drop, or a last man off).
                Cell::Wins(points) => {
                    unplayed = None;
                    file_wins(game, side, points).map_err(|r| fail(row, r))?;
                }
                Cell::Empty => {}
                cell => {
                    if let Some(dice) = unplayed.take() {
                        return Err(fail(
                            row,
                            format!("{dice} is left unplayed, but it can be played"),
                        ));
                    }
                    // A throw with no moves that can be played: thrown, its play to come (gnubg
                    // writes a throw so when its player resigns after it).
                    let thrown = match &cell {
                        Cell::Play { dice, moves } if moves.trim().is_empty() => {
                            Some(format!("{}{}", dice[0], dice[1]))
                        }
                        _ => None,
                    };
                    apply_cell(game, side, cell).map_err(|r| fail(row, r))?;
                    if game.phase() == Phase::Playing && game.turn() == side {
                        unplayed = thrown;
                    }
                }
            }
        }
    }
    if let Some((game, names, _, _)) = current.take() {
        games.push(Imported {
            game,
            names,
            length,
        });
    }
    if games.is_empty() {
        return Err(MatError::NoGame);
    }
    Ok(games)
}

/// Whether a line of a game is its players' line, `Name : score    Name : score`: a line with
/// a colon that is not a numbered turn's, a game's last words or a comment.
fn is_names_line(line: &str) -> bool {
    let numbered = line
        .split_once(')')
        .is_some_and(|(n, _)| !n.is_empty() && n.trim().bytes().all(|b| b.is_ascii_digit()));
    line.contains(':')
        && !numbered
        && !line.starts_with(';')
        && !line.starts_with('#')
        && !line.to_ascii_lowercase().starts_with("wins")
}

/// A game's players' line read: each side's name (spaces about it passed over, as about the
/// colons) and score. A line that is not two names each with a colon and a score is refused,
/// saying so.
fn read_names(line: &str) -> Result<([String; 2], [u32; 2]), String> {
    let example = "each player's name, a colon and the score, as ` Ann : 0    Lee : 0`";
    let parts: Vec<&str> = line.split(':').map(str::trim).collect();
    let [left, middle, right] = parts[..] else {
        return Err(format!(
            "the players' line `{line}` does not give {example}"
        ));
    };
    let (first_score, second_name) = middle
        .split_once(char::is_whitespace)
        .map_or((middle, ""), |(s, n)| (s, n.trim()));
    if second_name.is_empty() {
        return Err(format!(
            "the players' line `{line}` does not give {example}"
        ));
    }
    let score = |said: &str| score_of(said).map_err(|e| format!("the players' line: {e}"));
    Ok((
        [left.to_string(), second_name.to_string()],
        [score(first_score)?, score(right)?],
    ))
}

/// Ends the game as a `Wins N points` line says ([`file_result`]). After a double offered
/// and not answered, the side doubled resigned instead, and gnubg writes the points at the
/// cube offered: `Doubles => 2` then `Wins 6 points` is a backgammon resigned at the cube of 1
/// (3 points, as its `.sgf` of the game says and as it reads its own `.mat` back).
fn file_wins(game: &mut Game, winner: Side, said: u32) -> Result<(), String> {
    let points = if game.phase() == Phase::DoubleOffered && game.turn() == winner {
        let offered = game.cube().value.saturating_mul(2);
        let cube = game.cube().value;
        if said.is_multiple_of(offered) {
            said / offered * cube
        } else {
            said
        }
    } else {
        said
    };
    file_result(game, winner, points)
}

/// The points a `Wins` line says for a game that ended with `points` won, as gnubg writes
/// them: at the cube offered when the side doubled resigned instead of answering (see
/// [`file_wins`]), else as won.
fn points_said(game: &Game, points: u32) -> u32 {
    use crate::tables::Action;
    let before_resigning = game.record().iter().rev().find(|a| {
        !matches!(
            a,
            Action::Resign(_) | Action::AcceptResignation | Action::DeclineResignation
        )
    });
    if game
        .outcome()
        .is_some_and(|o| o.reason == crate::tables::EndReason::Resigned)
        && before_resigning == Some(&Action::Double)
    {
        points.saturating_mul(2)
    } else {
        points
    }
}

/// Plays one cell of `side`'s through the rules.
fn apply_cell(game: &mut Game, side: Side, cell: Cell) -> Result<(), String> {
    let turn = match cell {
        Cell::Empty | Cell::Wins(_) => return Ok(()),
        Cell::Double(value) => ReadTurn::Double(value),
        Cell::Take => ReadTurn::Take,
        Cell::Drop => ReadTurn::Drop,
        Cell::Beaver => ReadTurn::Beaver,
        Cell::Play { dice, moves } if moves.trim().is_empty() => ReadTurn::Throw(dice),
        Cell::Play { dice, moves } => ReadTurn::Play {
            dice,
            moves: moves_text(&moves),
        },
    };
    apply_turn(game, side, turn)
}

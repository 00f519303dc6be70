//! GNU Backgammon's `.sgf`: the Smart Game Format with backgammon's moves (`GM[6]`), as
//! gnubg 1.07 writes (`save match`) and reads (`load match`) it.
//!
//! ```text
//! (;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:3][game:0][ws:0][bs:0]
//!   PW[gnubg]PB[Ann]RU[Crawford]RE[W+1]
//! ;B[21abln]
//! ;W[52xvmh]
//! …
//! ;W[double]
//! ;B[drop])
//! (;FF[4]GM[6]…MI[length:3][game:1][ws:1][bs:0]…)
//! ```
//!
//! A file is a list of game trees, one a game; each begins with a root node saying the match
//! (`MI`: its length, the game's number from 0, each side's score before it), the names, the
//! rules (`RU`: `Crawford`, `CrawfordGame` for the Crawford game itself, `NoCube`) and the
//! result (`RE[W+2]`, with `R` after a resignation). Then a node a turn: the colour that acts
//! (`W`, gnubg's player 0, is Gamester's Black; `B` is White), then its two dice and a pair of
//! letters for each man's step, from and to. The letters are places seen from `W`: `a` is its
//! ace point (its adversary's 24), `x` its 24, `y` the bar, `z` off. A throw with no letters
//! could not be played; `double`, `take` and `drop` are the cube's actions. Other properties
//! (gnubg's analysis, statistics, comments) are passed over; a variation's other lines too,
//! as gnubg does.
//!
//! gnubg checks nothing it reads; Gamester replays every turn through the rules, and the
//! first that breaks one refuses the file with the game, the turn and the rule.

use std::fmt::Write as _;

use thiserror::Error;

use super::{
    Imported, ReadTurn, Turn, apply_turn, expressible, file_result, length_of, name_of, rules,
    score_of, turns,
};
use crate::players::Seats;
use crate::save::GameRecord;
use crate::tables::{Crawford, EndReason, Game, Side, Tally};

/// Why an `.sgf` text cannot be read as games Gamester plays.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SgfError {
    #[error("it is not an SGF file: {0}")]
    Syntax(String),
    #[error("it has no game of backgammon (a game tree whose root says GM[6])")]
    NoGame,
    #[error("a match to {0} points; Gamester plays matches to 25 points at most")]
    TooLong(String),
    #[error("game {game}, turn {turn}: {reason}")]
    Game {
        game: usize,
        turn: usize,
        reason: String,
    },
}

/// One node: its properties, each an identifier and its values.
type Node = Vec<(String, Vec<String>)>;

/// The most games a file's first game may say came before it.
const GAMES_MOST: u32 = 1_000_000;

/// The most nodes a file may hold: a long match of long games has a few thousand.
const MOST_NODES: usize = 200_000;

struct Parser<'a> {
    text: &'a [u8],
    at: usize,
    nodes: usize,
}

impl Parser<'_> {
    fn error(&self, what: &str) -> SgfError {
        SgfError::Syntax(format!("{what} at byte {}", self.at))
    }

    fn skip_space(&mut self) {
        while self.at < self.text.len() && self.text[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.text.get(self.at).copied()
    }

    /// A value: the text between `[` and its `]`, a backslash escaping the next character.
    fn value(&mut self) -> Result<String, SgfError> {
        self.at += 1;
        let mut out = Vec::new();
        loop {
            match self.text.get(self.at) {
                None => return Err(self.error("a value runs to the end of the file")),
                Some(b']') => {
                    self.at += 1;
                    return Ok(String::from_utf8_lossy(&out).into_owned());
                }
                Some(b'\\') => {
                    // A backslash before a line's end joins the lines.
                    match self.text.get(self.at + 1) {
                        Some(b'\n') | Some(b'\r') => {}
                        Some(&c) => out.push(c),
                        None => return Err(self.error("a value runs to the end of the file")),
                    }
                    self.at += 2;
                }
                Some(&c) => {
                    out.push(c);
                    self.at += 1;
                }
            }
        }
    }

    fn node(&mut self) -> Result<Node, SgfError> {
        self.at += 1;
        self.nodes += 1;
        if self.nodes > MOST_NODES {
            return Err(self.error("more nodes than any match has"));
        }
        let mut node = Node::new();
        loop {
            match self.peek() {
                Some(c) if c.is_ascii_alphabetic() => {
                    let mut ident = String::new();
                    while let Some(&c) = self.text.get(self.at) {
                        if !c.is_ascii_alphabetic() {
                            break;
                        }
                        // Lower-case letters of the old format's names are passed over.
                        if c.is_ascii_uppercase() {
                            ident.push(char::from(c));
                        }
                        self.at += 1;
                    }
                    let mut values = Vec::new();
                    while self.peek() == Some(b'[') {
                        values.push(self.value()?);
                    }
                    if values.is_empty() {
                        return Err(self.error(&format!("the property {ident} has no value")));
                    }
                    node.push((ident, values));
                }
                Some(b';' | b'(' | b')') | None => return Ok(node),
                Some(c) => {
                    return Err(self.error(&format!("`{}` is out of place", char::from(c))));
                }
            }
        }
    }

    /// Passes over a whole game tree (a variation not followed), brackets and values counted.
    fn skip_tree(&mut self) -> Result<(), SgfError> {
        let mut depth = 0usize;
        loop {
            match self.text.get(self.at) {
                None => return Err(self.error("a game tree is not closed")),
                Some(b'[') => {
                    self.value()?;
                    continue;
                }
                Some(b'(') => depth += 1,
                Some(b')') => {
                    depth -= 1;
                    if depth == 0 {
                        self.at += 1;
                        return Ok(());
                    }
                }
                Some(_) => {}
            }
            self.at += 1;
        }
    }

    /// A game tree's main line: its nodes, then its first variation's, and so on.
    fn tree(&mut self) -> Result<Vec<Node>, SgfError> {
        let mut nodes = Vec::new();
        let mut open = 0usize;
        loop {
            match self.peek() {
                Some(b'(') if nodes.is_empty() || open > 0 => {
                    self.at += 1;
                    open += 1;
                }
                Some(b';') if open > 0 => nodes.push(self.node()?),
                Some(b')') if open > 0 => {
                    self.at += 1;
                    open -= 1;
                    // The other variations of the levels closed are passed over.
                    while open > 0 && self.peek() == Some(b'(') {
                        self.skip_tree()?;
                    }
                    if open == 0 {
                        return Ok(nodes);
                    }
                }
                None => return Err(self.error("a game tree is not closed")),
                Some(c) => {
                    return Err(self.error(&format!("`{}` is out of place", char::from(c))));
                }
            }
        }
    }
}

/// The game trees of an SGF text, each as its main line of nodes.
fn parse(text: &str) -> Result<Vec<Vec<Node>>, SgfError> {
    let mut parser = Parser {
        text: text.trim_start_matches('\u{feff}').as_bytes(),
        at: 0,
        nodes: 0,
    };
    let mut trees = Vec::new();
    while parser.peek().is_some() {
        if parser.peek() != Some(b'(') {
            return Err(parser.error("a game tree must begin with `(`"));
        }
        trees.push(parser.tree()?);
    }
    Ok(trees)
}

/// The values of `ident` in a node.
fn values<'a>(node: &'a Node, ident: &str) -> Option<&'a [String]> {
    node.iter()
        .find(|(i, _)| i == ident)
        .map(|(_, v)| v.as_slice())
}

fn first<'a>(node: &'a Node, ident: &str) -> Option<&'a str> {
    values(node, ident)
        .and_then(|v| v.first())
        .map(String::as_str)
}

/// The SGF colour of a side: gnubg's player 0 (Black) is `W`.
fn colour(side: Side) -> char {
    match side {
        Side::Black => 'W',
        Side::White => 'B',
    }
}

/// The letter of a place in `side`'s own numbering (25 the bar, 0 off).
fn letter(side: Side, place: u8) -> char {
    match (place, side) {
        (25, _) => 'y',
        (0, _) => 'z',
        (p, Side::Black) => char::from(b'a' + p.min(24) - 1),
        (p, Side::White) => char::from(b'a' + 24 - p.min(24)),
    }
}

/// The place in `side`'s own numbering of a letter, in Gamester's notation.
fn place(side: Side, letter: u8) -> Option<String> {
    match (letter, side) {
        (b'y', _) => Some("bar".into()),
        (b'z', _) => Some("off".into()),
        (b'a'..=b'x', Side::Black) => Some((letter - b'a' + 1).to_string()),
        (b'a'..=b'x', Side::White) => Some((24 - (letter - b'a')).to_string()),
        _ => None,
    }
}

/// A move node's value read as a turn of `side`'s.
fn read_turn(side: Side, value: &str) -> Result<ReadTurn, String> {
    let v = value.trim();
    match v.to_ascii_lowercase().as_str() {
        "double" => return Ok(ReadTurn::Double(None)),
        "take" => return Ok(ReadTurn::Take),
        "drop" | "pass" => return Ok(ReadTurn::Drop),
        "beaver" => return Ok(ReadTurn::Beaver),
        "resign" => return Err("a resignation, which Gamester does not play".into()),
        _ => {}
    }
    let bytes = v.as_bytes();
    let die = |i: usize| {
        bytes
            .get(i)
            .filter(|c| (b'1'..=b'6').contains(c))
            .map(|c| c - b'0')
    };
    let (Some(a), Some(b)) = (die(0), die(1)) else {
        return Err(format!(
            "`{v}` is neither two dice and their moves nor a cube action"
        ));
    };
    let letters = &bytes[2..];
    if letters.len() % 2 == 1 || letters.len() > 8 {
        return Err(format!("`{v}` has a move with no end"));
    }
    let mut moves = Vec::new();
    for pair in letters.chunks(2) {
        let (Some(from), Some(to)) = (place(side, pair[0]), place(side, pair[1])) else {
            return Err(format!("`{v}` names a place that is not one"));
        };
        moves.push(format!("{from}/{to}"));
    }
    Ok(ReadTurn::Play {
        dice: [a, b],
        moves: moves.join(" "),
    })
}

/// A throw not played: `PL[B]DI[65]`, the player's colour and the two dice.
fn thrown(player: &str, dice: &str) -> Result<(Side, ReadTurn), String> {
    let side = match player.trim() {
        "W" | "w" => Side::Black,
        "B" | "b" => Side::White,
        other => return Err(format!("`{other}` is not a player's colour")),
    };
    let faces: Vec<u8> = dice
        .trim()
        .bytes()
        .filter(|c| (b'1'..=b'6').contains(c))
        .map(|c| c - b'0')
        .collect();
    match faces[..] {
        [a, b] if dice.trim().len() == 2 => Ok((side, ReadTurn::Throw([a, b]))),
        _ => Err(format!("`{}` is not a throw of two dice", dice.trim())),
    }
}

/// The match's information in a root node: length, Black's and White's scores, and the
/// game's number (from 0). A length longer than Gamester plays is refused as such, a score
/// that is no number or too large to keep in words: neither is ever read as another number.
fn match_info(
    root: &Node,
    fail: impl Fn(usize, String) -> SgfError,
) -> Result<(u16, [u32; 2], u32), SgfError> {
    let mut length = 0u16;
    let mut score = [0u32; 2];
    let mut number = 0u32;
    let scored = |n: &str| score_of(n).map_err(|r| fail(0, r));
    for value in values(root, "MI").unwrap_or(&[]) {
        let Some((key, n)) = value.split_once(':') else {
            continue;
        };
        match key.trim() {
            "length" => {
                length = match length_of(n) {
                    Some(Ok(l)) => l,
                    Some(Err(said)) => return Err(SgfError::TooLong(said)),
                    None => 0,
                };
            }
            "ws" => score[0] = scored(n)?,
            "bs" => score[1] = scored(n)?,
            "game" => {
                number = n.trim().parse::<u64>().map_or(0, |g| {
                    u32::try_from(g).unwrap_or(GAMES_MOST).min(GAMES_MOST)
                });
            }
            _ => {}
        }
    }
    Ok((length, score, number))
}

/// The result a root node gives: the winner, the points, and whether by resignation. Points
/// too many for Gamester to keep are refused in words, never wrapped to a few.
fn result(root: &Node) -> Result<Option<(Side, u32, bool)>, String> {
    let Some(re) = first(root, "RE").map(str::trim) else {
        return Ok(None);
    };
    let winner = match re.chars().next() {
        Some('W' | 'w') => Side::Black,
        Some('B' | 'b') => Side::White,
        _ => return Ok(None),
    };
    let Some(rest) = re.get(1..).map(|r| r.trim_start_matches('+')) else {
        return Ok(None);
    };
    let resigned = rest.ends_with('R') || rest.ends_with('r');
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    // No number is a single game (gnubg writes `RE[W+1]` for one).
    let points = if digits.is_empty() {
        1
    } else {
        score_of(&digits)?.max(1)
    };
    Ok(Some((winner, points, resigned)))
}

/// Reads every game of an `.sgf` text, each replayed through the rules; the first thing that
/// breaks them ends the reading with the game, the turn and the rule.
pub fn import(text: &str) -> Result<Vec<Imported>, SgfError> {
    let trees: Vec<Vec<Node>> = parse(text)?
        .into_iter()
        .filter(|t| {
            t.first()
                .and_then(|root| first(root, "GM"))
                .is_some_and(|g| g.trim() == "6")
        })
        .collect();
    let mut games: Vec<Imported> = Vec::new();
    let mut tally: Option<Tally> = None;
    for (i, tree) in trees.iter().enumerate() {
        let n = i + 1;
        let fail = |turn: usize, reason: String| SgfError::Game {
            game: n,
            turn,
            reason,
        };
        let Some(root) = tree.first() else {
            continue;
        };
        let (length16, score, number) = match_info(root, fail)?;
        let length = u32::from(length16);
        let said: Vec<&str> = values(root, "RU")
            .and_then(<[String]>::first)
            .map(|r| r.split(':').map(str::trim).collect())
            .unwrap_or_default();
        if let Some(other) = said
            .iter()
            .find(|t| t.starts_with("Nackgammon") || t.starts_with("Hypergammon"))
        {
            return Err(fail(0, format!("{other}, a game Gamester does not play")));
        }
        if first(root, "CV").is_some_and(|c| c.trim() != "1") {
            return Err(fail(
                0,
                "the cube starts above 1 (automatic doubles), which Gamester does not play".into(),
            ));
        }
        let mut rules = rules(length16);
        rules.cube = !said.contains(&"NoCube");
        rules.crawford = length > 0 && said.contains(&"Crawford");
        rules.jacoby = length == 0 && said.contains(&"Jacoby");
        let crawford_game = said.contains(&"CrawfordGame");
        let scores_said = [score[0], score[1]];
        let start = match tally {
            // The first game may begin a match part-way: its score is the file's.
            None => {
                let near = length > 1 && scores_said.iter().any(|&s| s + 1 == length);
                Tally {
                    black: score[0],
                    white: score[1],
                    games: number,
                    crawford: match (near, crawford_game) {
                        (false, _) => Crawford::Ahead,
                        (true, true) => Crawford::ThisGame,
                        (true, false) => Crawford::Played,
                    },
                    ..Tally::default()
                }
            }
            Some(t) => {
                if length > 0 && [t.black, t.white] != scores_said {
                    return Err(fail(
                        0,
                        format!(
                            "the file gives the score as {} to {}, the games before it as {} to {}",
                            score[0], score[1], t.black, t.white
                        ),
                    ));
                }
                // After the Crawford game's mark, the first game keeps its number.
                Tally {
                    games: if games.is_empty() { number } else { t.games },
                    ..t
                }
            }
        };
        let mut game = Game::with_tally(rules, start).map_err(|e| fail(0, e.to_string()))?;
        if length > 1 && game.is_crawford_game() != crawford_game {
            return Err(fail(
                0,
                format!(
                    "the file says this game is {}the Crawford game, the score says otherwise",
                    if crawford_game { "" } else { "not " }
                ),
            ));
        }
        let mut turn = 0usize;
        for node in &tree[1..] {
            if ["AE", "AW", "AB"].iter().any(|p| values(node, p).is_some()) {
                return Err(fail(
                    turn,
                    "men set up by hand, which a game replayed from its start cannot have".into(),
                ));
            }
            let acting = [("W", Side::Black), ("B", Side::White)]
                .into_iter()
                .find_map(|(p, side)| first(node, p).map(|v| (side, v)));
            let read = match acting {
                Some((side, value)) => {
                    turn += 1;
                    read_turn(side, value).map(|r| (side, r))
                }
                // A throw not played (gnubg writes its player's dice so, `PL[B]DI[65]`, when
                // the player resigns after throwing)
                None => match (first(node, "PL"), first(node, "DI")) {
                    (Some(player), Some(dice)) => {
                        turn += 1;
                        thrown(player, dice)
                    }
                    _ => continue,
                },
            };
            let (side, read) = read.map_err(|r| fail(turn, r))?;
            if game.is_over() {
                return Err(fail(turn, "the game is over, but the file plays on".into()));
            }
            apply_turn(&mut game, side, read).map_err(|r| fail(turn, r))?;
        }
        let said = result(root).map_err(|r| fail(turn, r))?;
        if i == 0
            && trees.len() > 1
            && said.is_none()
            && game.record().is_empty()
            && game.is_crawford_game()
        {
            // The Crawford game's mark before a game after it (as a `.mat` file must write
            // it): an empty first game at a score a point from the match, which only tells
            // that game was played.
            tally = Some(Tally {
                crawford: Crawford::Played,
                ..game.tally_before()
            });
            continue;
        }
        // The result: where the rules play on, a resignation (`RE[W+2R]`) ends the game.
        if let Some((winner, points, _)) = said {
            file_result(&mut game, winner, points).map_err(|r| fail(turn, r))?;
        }
        let after = game.tally();
        tally = Some(after);
        games.push(Imported {
            game,
            names: [
                first(root, "PW").unwrap_or("").to_string(),
                first(root, "PB").unwrap_or("").to_string(),
            ],
            length,
        });
    }
    if games.is_empty() {
        return Err(SgfError::NoGame);
    }
    Ok(games)
}

/// A match's games (or a session's), in order, as one `.sgf` text: a game tree each, as
/// gnubg's `save match` writes them.
pub fn export_games(records: &[GameRecord], seats: &Seats) -> Result<String, String> {
    if records.is_empty() {
        return Err("there is no game to write".into());
    }
    records.iter().map(|r| export(r, seats)).collect()
}

/// Escapes a text for an SGF value.
fn escaped(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// A game's record as an `.sgf` text of one game tree: its match, its score before the game
/// and its number in the match the session's tally, the names the table's. Refused for rules
/// the format cannot say.
pub fn export(record: &GameRecord, seats: &Seats) -> Result<String, String> {
    let rules = record.rules();
    expressible(rules)?;
    let (turns, game) = turns(record)?;
    let tally = record.tally_before();
    let in_match = rules.match_to > 0;
    // A money session's score too, as gnubg writes a session's (`[ws:0][bs:4]`).
    let (black, white) = (tally.black, tally.white);
    let mut out = format!(
        "(;FF[4]GM[6]CA[UTF-8]AP[Gamester:{}]MI[length:{}][game:{}][ws:{black}][bs:{white}]",
        env!("CARGO_PKG_VERSION"),
        rules.match_to,
        tally.games,
    );
    let _ = write!(
        out,
        "PW[{}]PB[{}]",
        escaped(&name_of(seats, Side::Black)),
        escaped(&name_of(seats, Side::White))
    );
    let mut said = Vec::new();
    if !rules.cube {
        said.push("NoCube");
    }
    // gnubg says nothing of the rule in a match to 1 point, where it cannot apply.
    if in_match && rules.crawford && rules.match_to > 1 {
        said.push("Crawford");
        if game.is_crawford_game() {
            said.push("CrawfordGame");
        }
    }
    if !in_match && rules.jacoby {
        said.push("Jacoby");
    }
    if !said.is_empty() {
        let _ = write!(out, "RU[{}]", said.join(":"));
    }
    if let Some(outcome) = game.outcome()
        && let Some(winner) = outcome.winner
    {
        let resigned = if outcome.reason == EndReason::Resigned {
            "R"
        } else {
            ""
        };
        let _ = write!(out, "RE[{}+{}{resigned}]", colour(winner), outcome.stake);
    }
    for (side, turn) in turns {
        let value = match turn {
            Turn::Play { dice, steps } => {
                let mut v: String = dice.iter().take(2).map(u8::to_string).collect();
                if dice.len() == 1 {
                    v.push_str(&dice[0].to_string());
                }
                for (from, to, _) in steps {
                    v.push(letter(side, from));
                    v.push(letter(side, to));
                }
                v
            }
            Turn::Thrown(dice) => {
                let d: String = dice.iter().take(2).map(u8::to_string).collect();
                let _ = write!(out, "\n;PL[{}]DI[{d}]", colour(side));
                continue;
            }
            Turn::Double(_) => "double".into(),
            Turn::Take => "take".into(),
            Turn::Drop => "drop".into(),
        };
        let _ = write!(out, "\n;{}[{value}]", colour(side));
    }
    out.push_str(")\n");
    Ok(out)
}

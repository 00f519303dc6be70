//! Games to and from the backgammon world's files: [`mat`], the Jellyfish/Snowie `.mat` text
//! that GNU Backgammon, eXtreme Gammon and most programs read and write, and [`sgf`], GNU
//! Backgammon's own Smart Game Format.
//!
//! Both formats say the same things (a throw and the men it moved, a double, a take, a drop),
//! so what they share is written once here: a saved game walked turn by turn for the writers
//! ([`turns`]), and a turn read from a file played through the rules for the readers
//! ([`apply_turn`]), where whatever breaks a rule is refused with the rule's words.
//!
//! In both, Gamester's Black is GNU Backgammon's player 0 and White its player 1, as in the
//! Match ID: in a `.mat` file Black is the left column, in an `.sgf` file Black is the colour
//! the format calls `W` (gnubg's own naming) and White the colour it calls `B`.

pub mod mat;
pub mod sgf;

use thiserror::Error;

use crate::players::{Controller, Player, Seats, clean_name};
use crate::save::GameRecord;
use crate::tables::movegen::play_step;
use crate::tables::{Action, Game, Phase, Preset, Rules, Side, Step, Throw};

/// A format of the backgammon world.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Jellyfish's `.mat` text.
    Mat,
    /// GNU Backgammon's `.sgf`.
    Sgf,
}

impl Format {
    /// The format of a name: `mat` or `sgf`.
    #[must_use]
    pub fn named(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().as_str() {
            "mat" => Some(Format::Mat),
            "sgf" => Some(Format::Sgf),
            _ => None,
        }
    }

    /// The format a file's name ends in, if it names one.
    #[must_use]
    pub fn of_path(path: &std::path::Path) -> Option<Format> {
        path.extension()
            .and_then(|e| e.to_str())
            .and_then(Format::named)
    }

    /// The file name's ending.
    #[must_use]
    pub fn extension(self) -> &'static str {
        match self {
            Format::Mat => "mat",
            Format::Sgf => "sgf",
        }
    }

    /// The format of a file's text: an SGF collection begins with `(;`.
    #[must_use]
    pub fn of_text(text: &str) -> Format {
        let start: String = text
            .trim_start_matches('\u{feff}')
            .chars()
            .filter(|c| !c.is_whitespace())
            .take(2)
            .collect();
        if start == "(;" {
            Format::Sgf
        } else {
            Format::Mat
        }
    }
}

/// Why a file of the backgammon world cannot be read as games Gamester plays.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ExchangeError {
    #[error("{0}")]
    Mat(#[from] mat::MatError),
    #[error("{0}")]
    Sgf(#[from] sgf::SgfError),
}

/// A game read from a file, replayed through the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    /// The game, as far as the file takes it.
    pub game: Game,
    /// The players' names: Black's (gnubg's player 0), White's.
    pub names: [String; 2],
    /// The match's length (0: a money session).
    pub length: u32,
}

impl Imported {
    /// The table of an imported game: a person at each side, named as the file names them.
    #[must_use]
    pub fn seats(&self) -> Seats {
        let mut seats = Seats::two_people();
        for (side, name) in [(Side::Black, &self.names[0]), (Side::White, &self.names[1])] {
            let name = clean_name(name);
            if !name.trim().is_empty() {
                seats.seat_mut(side).players = vec![Player {
                    name,
                    controller: Controller::Person,
                }];
            }
        }
        seats
    }
}

/// A file's bytes as text: UTF-8, a byte-order mark before it passed over; bytes that are not
/// UTF-8 are Latin-1 (ISO-8859-1), as older programs and eXtreme Gammon write names such as
/// `Jürgen`, each byte the character of its number.
#[must_use]
pub fn text_of(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => std::borrow::Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

/// Every game of a file's bytes ([`text_of`]), in whichever format its text is.
pub fn import_bytes(bytes: &[u8]) -> Result<Vec<Imported>, ExchangeError> {
    import(&text_of(bytes))
}

/// Every game of a file, in whichever format its text is.
pub fn import(text: &str) -> Result<Vec<Imported>, ExchangeError> {
    let text = text.trim_start_matches('\u{feff}');
    match Format::of_text(text) {
        Format::Mat => Ok(mat::import(text)?),
        Format::Sgf => Ok(sgf::import(text)?),
    }
}

/// A file's games up to its `game`th (counted from 1) as a match to replay game by game: the
/// games before it, each as a record, and that game, to play on from. In a money session each
/// game stands alone (a session keeps no earlier games), so only the chosen game is given.
/// `None` if the file has fewer games.
#[must_use]
pub fn as_match(games: Vec<Imported>, game: usize) -> Option<(Vec<GameRecord>, Imported)> {
    let mut games: Vec<Imported> = games.into_iter().take(game).collect();
    if game == 0 || games.len() < game {
        return None;
    }
    let chosen = games.pop()?;
    let earlier = if chosen.length == 0 {
        Vec::new()
    } else {
        games
            .iter()
            .filter_map(|g| GameRecord::of_game(&g.game).ok())
            .collect()
    };
    Some((earlier, chosen))
}

/// A saved game written in `format`; refused, in words, for rules the format cannot say.
pub fn export(record: &GameRecord, seats: &Seats, format: Format) -> Result<String, String> {
    export_games(std::slice::from_ref(record), seats, format)
}

/// A match's games, in order (the one in play last), written in `format` as one file.
pub fn export_games(
    records: &[GameRecord],
    seats: &Seats,
    format: Format,
) -> Result<String, String> {
    match format {
        Format::Mat => mat::export_games(records, seats),
        Format::Sgf => sgf::export_games(records, seats),
    }
}

/// The rules a file's games are replayed under: modern backgammon's, with the cube, in a match
/// to `length` points (0: a money session) under the Crawford rule.
#[must_use]
pub fn rules(length: u16) -> Rules {
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.match_to = length;
    rules
}

/// A score a file gives, read whole: a number larger than a saved game may keep is refused in
/// words, never wrapped or read as 0; text that is no number is refused too.
pub(crate) fn score_of(text: &str) -> Result<u32, String> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{t}` is not a score"));
    }
    let most = crate::save::TALLY_MAX;
    t.parse::<u32>()
        .ok()
        .filter(|&n| n <= most)
        .ok_or_else(|| format!("a score of {t}, more than Gamester keeps ({most} at most)"))
}

/// A match's length a file gives, read whole: `None` if it is no number, `Some(Err(said))` for
/// a match longer than Gamester plays (however many digits: never wrapped to a short one).
pub(crate) fn length_of(text: &str) -> Option<Result<u16, String>> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(
        t.parse::<u16>()
            .ok()
            .filter(|&n| n <= crate::tables::MATCH_MOST)
            .ok_or_else(|| t.trim_start_matches('0').to_string()),
    )
}

/// Whether `rules` are rules the formats can say; if not, which of them they cannot.
pub fn expressible(rules: &Rules) -> Result<(), String> {
    let modern = Rules::preset(Preset::Modern);
    let mut differ: Vec<&str> = Vec::new();
    if rules.layout != modern.layout {
        differ.push("the array of the men");
    }
    if rules.dice != modern.dice {
        differ.push("the dice");
    }
    if rules.doublets != modern.doublets {
        differ.push("what doublets give");
    }
    if rules.opening != modern.opening {
        differ.push("who begins");
    }
    if rules.bear_off != modern.bear_off {
        differ.push("bearing off");
    }
    if rules.compulsion != modern.compulsion {
        differ.push("how much must be played");
    }
    if rules.players != modern.players {
        differ.push("the players");
    }
    if differ.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the backgammon world's files say modern backgammon's rules only, and these differ \
             in {}",
            differ.join(", ")
        ))
    }
}

/// One turn's worth of a game, as a file says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    /// A throw (the higher die first) and the men it moved, each step `(from, to, hit)` in the
    /// mover's own numbering (25 the bar, 0 off). No steps: the throw could not be played.
    Play {
        dice: Vec<u8>,
        steps: Vec<(u8, u8, bool)>,
    },
    /// A double, to the cube's new value.
    Double(u32),
    Take,
    Drop,
    /// A throw (the higher die first) not played: the game stops before its play (a
    /// resignation after the throw, or the record's end).
    Thrown(Vec<u8>),
}

/// A saved game walked turn by turn, with the side of each turn, and the game as it ends.
/// Refused for a game with a throw-off or a choice the files cannot say.
pub fn turns(record: &GameRecord) -> Result<(Vec<(Side, Turn)>, Game), String> {
    let rules = record.rules();
    let mut game =
        Game::with_tally(rules.clone(), record.tally_before()).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    let mut dice: Option<Vec<u8>> = None;
    let mut steps: Vec<Step> = Vec::new();
    let mut before = game.position_for(game.turn());
    let sorted = |faces: &[u8]| {
        let mut d = faces.to_vec();
        d.sort_unstable_by(|a, b| b.cmp(a));
        d
    };
    for &action in record.record() {
        let mover = game.turn();
        match action {
            Action::Throw(t) => {
                dice = Some(t.faces().to_vec());
                before = game.position_for(mover);
                steps.clear();
            }
            Action::Step(s) => steps.push(s),
            Action::Undo => {
                steps.pop();
            }
            Action::Confirm => {
                let faces = dice.take().unwrap_or_default();
                let mut pos = before;
                let mut moved = Vec::new();
                for &s in &steps {
                    let after = play_step(&pos, s, rules.bear_off);
                    moved.push((s.from(), s.to(), after.is_some_and(|(_, hit)| hit)));
                    pos = after.map_or(pos, |(p, _)| p);
                }
                out.push((
                    mover,
                    Turn::Play {
                        dice: sorted(&faces),
                        steps: moved,
                    },
                ));
                steps.clear();
            }
            Action::Double => out.push((mover, Turn::Double(game.cube().raised(game.rules().vie)))),
            Action::Take => out.push((mover.other(), Turn::Take)),
            Action::Drop => out.push((mover.other(), Turn::Drop)),
            Action::ThrowOff { .. } => {}
            // A resignation is said by the game's result alone (`Wins 2 points`, `RE[W+2R]`);
            // one declined, by nothing: neither format keeps it.
            Action::Resign(_) | Action::AcceptResignation | Action::DeclineResignation => {}
            Action::Claim(_) => {
                return Err("the game has a claim of Tick-tack these files cannot say".into());
            }
            Action::BreakThrowOff { .. } | Action::ChooseThrow(_) | Action::Break(_) => {
                return Err("the game has a throw-off or a choice these files cannot say".into());
            }
        }
        game.apply(action).map_err(|e| e.to_string())?;
        // A throw that cannot be played passes the turn at once: its turn is the throw alone.
        if let Action::Throw(t) = action
            && (game.turn() != mover || game.phase() != Phase::Playing)
        {
            out.push((
                mover,
                Turn::Play {
                    dice: sorted(t.faces()),
                    steps: Vec::new(),
                },
            ));
            dice = None;
        }
        // The opening's single dice are the first throw: the play that follows is theirs.
        if let Action::ThrowOff { white, black } = action
            && game.phase() == Phase::Playing
        {
            dice = Some(vec![white, black]);
            before = game.position_for(game.turn());
            steps.clear();
        }
    }
    if let Some(faces) = dice {
        out.push((game.turn(), Turn::Thrown(sorted(&faces))));
    }
    Ok((out, game))
}

/// The name of a side's players, for a file: joined by "and", with no character the formats
/// use for their own marks.
#[must_use]
pub fn name_of(seats: &Seats, side: Side) -> String {
    seats
        .seat(side)
        .players
        .iter()
        .map(|p| p.name.replace([':', '\n', '\r', '[', ']', '\\'], " "))
        .collect::<Vec<_>>()
        .join(" and ")
}

/// Plays one turn read from a file for `side` through the rules: a play given as its throw and
/// its moves in Gamester's notation (`24/23 13/11`, `bar/21`, `6/off`; empty when nothing was
/// played), or a cube action. What breaks a rule is refused in the rule's words.
pub fn apply_turn(game: &mut Game, side: Side, turn: ReadTurn) -> Result<(), String> {
    let said = |e: crate::tables::RuleError| e.to_string();
    match turn {
        ReadTurn::Double(value) => {
            let real = game.cube().value.saturating_mul(2);
            if let Some(said) = value
                && said != real
            {
                return Err(Misread::CubeValue { said, real }.to_string());
            }
            game.apply(Action::Double).map(drop).map_err(said)
        }
        ReadTurn::Beaver => Err(Misread::Beaver.to_string()),
        ReadTurn::Take => game.apply(Action::Take).map(drop).map_err(said),
        ReadTurn::Drop => game.apply(Action::Drop).map(drop).map_err(said),
        ReadTurn::Throw(dice) => throw_dice(game, side, dice),
        ReadTurn::Play { dice, moves } => {
            throw_dice(game, side, dice)?;
            if game.phase() != Phase::Playing {
                return if moves.trim().is_empty() {
                    Ok(())
                } else {
                    Err(format!(
                        "{}{} cannot be played, but the file moves {moves}",
                        dice[0], dice[1]
                    ))
                };
            }
            let plays = game.legal_plays();
            let pos = game.position_for(game.turn());
            let play = if moves.trim().is_empty() {
                plays
                    .iter()
                    .find(|p| p.steps.is_empty())
                    .copied()
                    .ok_or_else(|| {
                        format!(
                            "{}{} is left unplayed, but it can be played",
                            dice[0], dice[1]
                        )
                    })?
            } else {
                crate::tables::notation::parse_play(&moves, &pos, &plays)
                    .map_err(|e| format!("{}{}: {e}", dice[0], dice[1]))?
            };
            game.apply_play(&play).map(drop).map_err(said)
        }
    }
}

/// Throws `dice` for `side`: the opening's single dice (the higher, this side's, to play) at
/// the throw-off, else a throw of the side to move.
fn throw_dice(game: &mut Game, side: Side, dice: [u8; 2]) -> Result<(), String> {
    let said = |e: crate::tables::RuleError| e.to_string();
    if game.phase() == Phase::ThrowOff {
        if dice[0] == dice[1] {
            return Err("an opening throw of doublets, which the throw-off cannot give".into());
        }
        let (high, low) = (dice[0].max(dice[1]), dice[0].min(dice[1]));
        let (white, black) = match side {
            Side::White => (high, low),
            Side::Black => (low, high),
        };
        return game
            .apply(Action::ThrowOff { white, black })
            .map(drop)
            .map_err(said);
    }
    if game.turn() != side {
        return Err(format!(
            "{} plays, but it is {}'s turn",
            side.name(),
            game.turn().name()
        ));
    }
    let throw = Throw::two(dice[0], dice[1]).map_err(|e| e.to_string())?;
    game.apply(Action::Throw(throw)).map(drop).map_err(said)
}

/// Ends the game as a file's result says, `winner` winning `points`: if the rules have ended
/// it, they must have ended it so; if they play on, the file ends it by a resignation (its
/// only word for one): the loser resigns what gives `points` with the cube as it stands, and
/// the winner accepts. A result the game cannot give is refused in words.
pub fn file_result(game: &mut Game, winner: Side, points: u32) -> Result<(), String> {
    if game.outcome().is_none() {
        resign_for(game, winner, points)?;
    }
    match game.outcome() {
        Some(o) if o.winner == Some(winner) && o.stake == points => Ok(()),
        None => Err(format!(
            "the file says {} wins {points}, but the game goes on",
            winner.name()
        )),
        Some(o) => Err(format!(
            "the file says {} wins {points}, but the rules end the game with {}",
            winner.name(),
            o.winner.map_or("a draw".to_string(), |w| format!(
                "{} winning {}",
                w.name(),
                o.stake
            ))
        )),
    }
}

/// The loser's resignation that gives `winner` `points` with the cube as it stands, offered
/// and accepted through the rules.
fn resign_for(game: &mut Game, winner: Side, points: u32) -> Result<(), String> {
    let loser = winner.other();
    let cube = game.cube().value.max(1);
    let most = game.most_resigned();
    let stake = u8::try_from(points / cube)
        .ok()
        .filter(|&s| points.is_multiple_of(cube) && (1..=most).contains(&s))
        .ok_or_else(|| {
            Misread::NoResignation {
                winner: winner.name(),
                points,
                cube,
            }
            .to_string()
        })?;
    match game.may_resign() {
        Some(side) if side == loser => {}
        Some(side) => {
            return Err(Misread::ResignedOutOfTurn {
                loser: loser.name(),
                actor: side.name(),
            }
            .to_string());
        }
        None => {
            return Err(format!(
                "the file ends the game by {}'s resignation where none can be offered",
                loser.name()
            ));
        }
    }
    let said = |e: crate::tables::RuleError| e.to_string();
    game.apply(Action::Resign(stake)).map_err(said)?;
    game.apply(Action::AcceptResignation)
        .map(drop)
        .map_err(said)
}

/// A turn read from a file, to play through the rules ([`apply_turn`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadTurn {
    /// The two dice and the moves in Gamester's notation.
    Play {
        dice: [u8; 2],
        moves: String,
    },
    /// A double, to the value the file gives, if it gives one (`.mat`: `Doubles => 4`).
    Double(Option<u32>),
    Take,
    Drop,
    /// A beaver: the side doubled takes and turns the cube over at once, keeping it.
    Beaver,
    /// A throw whose play the file does not give (gnubg's `65:` with no moves, or SGF's
    /// `PL[B]DI[65]`): thrown, the play still to come (or a resignation, or the file's end).
    Throw([u8; 2]),
}

/// What a file says that the game, replayed through the rules, does not allow or contradicts:
/// the reason a turn is refused, in a player's words.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Misread {
    #[error(
        "a beaver (the player doubled takes and turns the cube over at once); Gamester's \
         rules have no beavers"
    )]
    Beaver,
    #[error("the file doubles the cube to {said}, but a double now turns it to {real}")]
    CubeValue { said: u32, real: u32 },
    #[error(
        "the file says {winner} wins {points} where the game goes on, which no resignation \
         gives with the cube at {cube}"
    )]
    NoResignation {
        winner: &'static str,
        points: u32,
        cube: u32,
    },
    #[error(
        "the file ends the game by {loser}'s resignation, but only the side to act may \
         resign, and that is {actor}"
    )]
    ResignedOutOfTurn {
        loser: &'static str,
        actor: &'static str,
    },
}

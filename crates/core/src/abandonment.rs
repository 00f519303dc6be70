//! A game at a distance ended because a side left it (kept the others waiting on its share of
//! a throw, or dropped and did not come back): who left, why, when, and the last entry of the
//! record every side had signed; and what the game then counts, written once for every family,
//! so that the window, the command line, the saves and the tests count it the same way. The
//! side that left loses, at the stake on the board then:
//!
//! - at tables, a single game at the cube's value ([`at_tables`]), counted in the session's
//!   tally as any game is (in a match, those points, and the Crawford rule moved on);
//! - at the tiles, the game ([`at_tiles`]): the other side wins it, or with more than two sides
//!   the side that stayed with the most points (none on equal points);
//! - at a pastime, the game ([`at_pastime`]): the one who left is the loser; his one adversary
//!   wins, and at a table of more the rest go free.
//!
//! A game already over when it was left has counted itself: leaving it counts nothing more. The
//! network's own record of it (`gamester_net::party::Abandoned`) names a party; a screen turns
//! that into the seats the party played, for this core knows nothing of the network.

use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use crate::tables::{Side, Tally};
use crate::{pastimes, tables, tiles};

/// Who left a game at a distance, why, when, and how far the record both sides signed went.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Abandonment {
    /// The seats of the party that left, as its game numbers them: at tables 0 is White and 1
    /// Black; at the tiles and the pastimes each player's place, the first 0. Empty for an
    /// abandonment an older Gamester kept as words alone: who left is not known, and the game
    /// counts for nobody.
    #[serde(default)]
    pub seats: Vec<usize>,
    /// Why, in words: "abandoned by Robin, who did not come back".
    pub reason: String,
    /// When the game was ended (none where an older Gamester did not say).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "moment")]
    pub when: Option<SystemTime>,
    /// The last link of the record every side had signed, in hexadecimal (none where it was
    /// not kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_signed: Option<String>,
    /// How many actions the signed record held then.
    #[serde(default)]
    pub moves: usize,
}

impl Abandonment {
    /// An abandonment known only by its words (as an older Gamester kept it): it counts for
    /// nobody.
    #[must_use]
    pub fn in_words(reason: impl Into<String>) -> Abandonment {
        Abandonment {
            seats: Vec::new(),
            reason: reason.into(),
            when: None,
            last_signed: None,
            moves: 0,
        }
    }

    /// A file's abandonment: the record it keeps, else the words an older file kept.
    #[must_use]
    pub fn of_file(kept: Option<Abandonment>, words: Option<String>) -> Option<Abandonment> {
        kept.or_else(|| words.map(Abandonment::in_words))
    }
}

/// `when` as the file writes it: a date and time in UTC as RFC 3339 has it
/// (`Some("2026-11-29T08:33:42Z")`, with the fraction of the second where there is one, so
/// that a game read back is the game that was written).
mod moment {
    use std::time::SystemTime;

    use chrono::{DateTime, SecondsFormat, Utc};
    use serde::{Deserialize, Deserializer, Serializer};

    #[allow(
        clippy::ref_option,
        reason = "serde's `with` hands the field over by reference"
    )]
    pub fn serialize<S: Serializer>(when: &Option<SystemTime>, s: S) -> Result<S::Ok, S::Error> {
        match when {
            Some(t) => s.serialize_some(
                &DateTime::<Utc>::from(*t).to_rfc3339_opts(SecondsFormat::AutoSi, true),
            ),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<SystemTime>, D::Error> {
        let Some(text) = Option::<String>::deserialize(d)? else {
            return Ok(None);
        };
        DateTime::parse_from_rfc3339(&text)
            .map(|t| Some(SystemTime::from(t.with_timezone(&Utc))))
            .map_err(|_| {
                serde::de::Error::custom(format!(
                    "{text:?} is not a date and time such as \"2026-11-29T08:33:42Z\""
                ))
            })
    }
}

/// The sides of a game at tables that `seats` name (0 White, 1 Black; any other seat is no
/// side of it).
fn side_of_seat(seat: usize) -> Option<Side> {
    match seat {
        0 => Some(Side::White),
        1 => Some(Side::Black),
        _ => None,
    }
}

/// The one thing all of `items` are, if they are one and there is one.
fn the_one<T: PartialEq + Copy>(items: impl IntoIterator<Item = T>) -> Option<T> {
    let mut items = items.into_iter();
    let first = items.next()?;
    items.all(|i| i == first).then_some(first)
}

/// What a game at tables left by a side counts: that side loses a single game at the cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TablesLoss {
    /// The side that left.
    pub loser: Side,
    /// What the other side wins: a single game times the cube (points in a match, stakes in a
    /// session for stakes).
    pub won: u32,
    /// The session's tally with the game counted.
    pub tally: Tally,
}

/// What `game` counts when it is left as `abandonment` says: the side that left loses a single
/// game at the cube's value, counted in the tally as the rules count any game (in a match the
/// Crawford rule moved on). None when the game was over already (it has counted itself), or
/// when the abandonment names no one side of it.
#[must_use]
pub fn at_tables(game: &tables::Game, abandonment: &Abandonment) -> Option<TablesLoss> {
    if game.is_over() {
        return None;
    }
    let loser = the_one(abandonment.seats.iter().map(|&s| side_of_seat(s)))??;
    let rules = game.rules();
    let won = game.cube().scored(1, rules);
    let mut tally = game.tally();
    tally.record_in_match(Some(loser.other()), won, rules.match_to, rules.crawford);
    Some(TablesLoss { loser, won, tally })
}

/// What a tiles game left by a side counts: that side loses, and the side that wins it, if one
/// does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TilesLoss {
    /// The side that left (a player, or a partnership).
    pub loser: usize,
    /// The side that wins the game: the other side, or with more than two sides the side that
    /// stayed with the most points; none when those share the most.
    pub winner: Option<usize>,
}

/// What a tiles `game` counts when it is left as `abandonment` says. None when the game was
/// over already, or when the abandonment names no one side of it.
#[must_use]
pub fn at_tiles(game: &tiles::Game, abandonment: &Abandonment) -> Option<TilesLoss> {
    if game.phase() == tiles::Phase::GameOver {
        return None;
    }
    let rules = game.rules();
    let players = usize::from(rules.players);
    let loser = the_one(
        abandonment
            .seats
            .iter()
            .map(|&s| (s < players).then(|| rules.side_of(s))),
    )??;
    let points = |side: usize| game.scores().get(side).copied().unwrap_or(0);
    let stayed: Vec<usize> = (0..rules.sides()).filter(|&s| s != loser).collect();
    let most = stayed.iter().map(|&s| points(s)).max();
    let mut ahead = stayed.iter().filter(|&&s| Some(points(s)) == most);
    let winner = match (ahead.next(), ahead.next()) {
        (Some(&one), None) => Some(one),
        _ => None,
    };
    Some(TilesLoss { loser, winner })
}

/// What a pastime left by a player counts, as the game's own end is told: he loses; his one
/// adversary wins, and at a table of more the rest go free (no winner). None when the game was
/// over already, or when the abandonment names no seat of it (or every seat).
#[must_use]
pub fn at_pastime(game: &pastimes::Game, abandonment: &Abandonment) -> Option<pastimes::Outcome> {
    if game.phase() == pastimes::Phase::GameOver {
        return None;
    }
    let seats = game.seats();
    let seat = |i: usize| pastimes::Seat(u8::try_from(i).unwrap_or(u8::MAX));
    let losers: Vec<pastimes::Seat> = (0..seats)
        .filter(|i| abandonment.seats.contains(i))
        .map(seat)
        .collect();
    let rest: Vec<pastimes::Seat> = (0..seats)
        .filter(|i| !abandonment.seats.contains(i))
        .map(seat)
        .collect();
    if losers.is_empty() || rest.is_empty() {
        return None;
    }
    let winners = if rest.len() == 1 { rest } else { Vec::new() };
    Some(pastimes::Outcome { winners, losers })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn left(seats: &[usize]) -> Abandonment {
        Abandonment {
            seats: seats.to_vec(),
            reason: "abandoned by Robin, who did not come back".into(),
            when: Some(SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_795_000_000)),
            last_signed: Some("ab".repeat(32)),
            moves: 12,
        }
    }

    #[test]
    fn the_time_is_written_as_a_date_and_read_back_the_same() {
        // Given an abandonment with its time
        let a = left(&[1]);
        // When it is written and read back
        let text = ron::to_string(&a).unwrap();
        // Then the file says the date in words of RFC 3339, and reads back the same
        assert!(text.contains("when:Some(\"2026-11-18T"), "{text}");
        assert_eq!(ron::from_str::<Abandonment>(&text).unwrap(), a);
        // And a time with a fraction of a second keeps it
        let finer = Abandonment {
            when: a
                .when
                .map(|t| t + std::time::Duration::from_nanos(666_395_044)),
            ..a.clone()
        };
        let text = ron::to_string(&finer).unwrap();
        assert!(text.contains(".666395044Z"), "{text}");
        assert_eq!(ron::from_str::<Abandonment>(&text).unwrap(), finer);
        // And a date that is not one is refused, saying what one looks like
        let bad = text.replace("2026-11-18T", "yesterday ");
        let err = ron::from_str::<Abandonment>(&bad).unwrap_err();
        assert!(err.to_string().contains("not a date and time"), "{err}");
    }

    #[test]
    fn words_alone_count_for_nobody() {
        // Given an older file's abandonment, known by its words only
        let old = Abandonment::of_file(None, Some("abandoned by Robin".into())).unwrap();
        let game = tables::Game::new(tables::Rules::preset(tables::Preset::Irish)).unwrap();
        // Then it names no one, and counts nothing
        assert!(old.seats.is_empty());
        assert_eq!(at_tables(&game, &old), None);
        // And a file's record is preferred to its words
        let kept = Abandonment::of_file(Some(left(&[0])), Some("older words".into())).unwrap();
        assert_eq!(kept.seats, vec![0]);
    }

    #[test]
    fn a_pastime_for_two_is_won_by_the_one_who_stayed_and_for_three_lost_by_the_leaver_alone() {
        use pastimes::{Game, Preset, Rules, Seat};
        // Given Ketch-Dolt for two, and Sice-Ace for three, each under way
        let two = Game::new(Rules::preset(Preset::KetchDolt)).unwrap();
        let mut rules = Rules::preset(Preset::SiceAce);
        rules.seats = 3;
        let three = Game::new(rules).unwrap();
        // When the second player leaves each
        // Then at Ketch-Dolt he loses and the first wins; at Sice-Ace he loses and the rest go free
        assert_eq!(
            at_pastime(&two, &left(&[1])),
            Some(pastimes::Outcome {
                winners: vec![Seat(0)],
                losers: vec![Seat(1)]
            })
        );
        assert_eq!(
            at_pastime(&three, &left(&[1])),
            Some(pastimes::Outcome {
                winners: Vec::new(),
                losers: vec![Seat(1)]
            })
        );
        // And a seat that is not at the table counts nothing
        assert_eq!(at_pastime(&three, &left(&[7])), None);
    }
}

//! What a game is worth: the stakes tables of RULES.md, the doubling cube and the session's
//! running tally.

use serde::{Deserialize, Serialize};

use super::board::{BAR, Position};
use super::rules::Stakes;
use super::side::Side;

/// The highest face of the doubling cube.
pub const CUBE_MAX: u32 = 64;

/// How a game was won at the end of the bearing off, as the stakes table sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinKind {
    /// A plain win.
    Plain,
    /// The last throw was doublets (Willughby's and Cotton's stakes).
    Doublets,
    /// Back-gammon: the loser still had a man outside his home table or on the bar.
    BackGammon,
    /// Back-gammon on doublets.
    BackGammonOnDoublets,
    /// Gammon: the loser had borne off no man.
    Gammon,
    /// Backgammon (modern): a gammon with a man of the loser on the bar or in the winner's
    /// home table.
    Backgammon,
    /// Nard: the loser's men counted by where they stand.
    NardCount,
}

/// The most one game can score under `stakes`, before the cube: a plain win (1), a
/// back-gammon on doublets (Willughby 3, Cotton 4), a modern backgammon (3), or in Nard every
/// one of the loser's fifteen men counted at 4.
#[must_use]
pub fn most_stake(stakes: Stakes) -> u32 {
    match stakes {
        Stakes::Single => 1,
        Stakes::Willughby | Stakes::Gammons => 3,
        Stakes::Cotton => 4,
        Stakes::Nard => 15 * 4,
    }
}

/// The stake a bearing-off win is worth before the cube, and what kind of win it was.
///
/// `loser` is the position seen from the loser; `doublets` says whether the winner's last throw
/// was doublets.
#[must_use]
pub fn bear_off_stake(stakes: Stakes, loser: &Position, doublets: bool) -> (u32, WinKind) {
    let pips = loser.pips();
    let outside_home = pips[7..=BAR].iter().any(|&n| n > 0);
    match stakes {
        Stakes::Single => (1, WinKind::Plain),
        Stakes::Willughby | Stakes::Cotton => {
            let cotton = stakes == Stakes::Cotton;
            match (outside_home, doublets) {
                (false, false) => (1, WinKind::Plain),
                (false, true) => (2, WinKind::Doublets),
                (true, false) => (if cotton { 3 } else { 2 }, WinKind::BackGammon),
                (true, true) => (if cotton { 4 } else { 3 }, WinKind::BackGammonOnDoublets),
            }
        }
        Stakes::Gammons => {
            if loser.off() > 0 {
                (1, WinKind::Plain)
            } else if pips[19..=BAR].iter().any(|&n| n > 0) {
                (3, WinKind::Backgammon)
            } else {
                (2, WinKind::Gammon)
            }
        }
        Stakes::Nard => {
            let count = (1..=BAR)
                .map(|p| {
                    let men = u32::from(pips[p].max(0) as u8);
                    let worth = match p {
                        1..=6 => 1,
                        7..=12 => 2,
                        13..=18 => 3,
                        _ => 4,
                    };
                    men * worth
                })
                .sum::<u32>();
            (count.max(1), WinKind::NardCount)
        }
    }
}

/// A number of stakes in words: "1 stake", "3 stakes".
#[must_use]
pub fn stake_words(stakes: u32) -> String {
    if stakes == 1 {
        "1 stake".to_string()
    } else {
        format!("{stakes} stakes")
    }
}

/// What a game is won by, in words: points in a match to `match_to` points ("4 points"),
/// stakes in a session for stakes (`match_to` 0: "1 stake").
#[must_use]
pub fn won_words(amount: u32, match_to: u16) -> String {
    match (match_to, amount) {
        (0, _) => stake_words(amount),
        (_, 1) => "1 point".to_string(),
        _ => format!("{amount} points"),
    }
}

/// What a resignation of `stake` stakes (before the cube) gives up, in words: under modern
/// stakes "a single game", "a gammon", "a backgammon"; under the others "a single game",
/// "2 stakes" …
#[must_use]
pub fn resignation_words(stake: u32, stakes: Stakes) -> String {
    match (stakes, stake) {
        (_, 1) => "a single game".to_string(),
        (Stakes::Gammons, 2) => "a gammon".to_string(),
        (Stakes::Gammons, 3) => "a backgammon".to_string(),
        _ => stake_words(stake),
    }
}

/// The doubling cube: its face (1 while centred, then 2 … 64) and who owns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cube {
    pub value: u32,
    pub owner: Option<Side>,
}

impl Cube {
    /// What a game won for `stake` (before the cube) scores with this cube under `rules`: the
    /// stake times the cube; under the Jacoby rule, in a session for stakes, a single game
    /// while the cube is in the middle.
    #[must_use]
    pub fn scored(&self, stake: u32, rules: &super::rules::Rules) -> u32 {
        let stake = if self.single_only(rules) {
            stake.min(1)
        } else {
            stake
        };
        stake.saturating_mul(self.value)
    }

    /// Whether the Jacoby rule holds every game's end to a single game as the cube stands: in
    /// a session for stakes under the rule, the cube in the middle.
    #[must_use]
    pub fn single_only(&self, rules: &super::rules::Rules) -> bool {
        rules.jacoby && rules.match_to == 0 && self.owner.is_none()
    }
}

impl Default for Cube {
    fn default() -> Cube {
        Cube {
            value: 1,
            owner: None,
        }
    }
}

impl Cube {
    /// The cube's face once raised: doubled, or under `vie` one stake more (Willughby's Vie
    /// Ticktack: "I vie", "I see it", the stake 2, 3, 4 …). The one place a raise is reckoned.
    #[must_use]
    pub fn raised(&self, vie: bool) -> u32 {
        if vie {
            self.value.saturating_add(1)
        } else {
            self.value.saturating_mul(2)
        }
    }

    /// Whether `side` may offer to double: the cube is centred or his, and below 64.
    #[must_use]
    pub fn may_double(&self, side: Side) -> bool {
        self.value < CUBE_MAX && self.owner.is_none_or(|o| o == side)
    }
}

/// The running score of a session: stakes won by each side and games played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    pub white: u32,
    pub black: u32,
    pub games: u32,
    pub draws: u32,
    /// In a match, where the Crawford rule stands (kept in saves; none before it was).
    #[serde(default, skip_serializing_if = "Crawford::is_ahead")]
    pub crawford: Crawford,
}

impl Crawford {
    /// Whether no side has yet come near the match (or there is none): left out of files.
    #[allow(
        clippy::trivially_copy_pass_by_ref,
        reason = "serde's skip_serializing_if takes a reference"
    )]
    fn is_ahead(&self) -> bool {
        *self == Crawford::Ahead
    }
}

/// Where a match stands with the Crawford rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Crawford {
    /// No side has yet come within one point of the match (or there is no match).
    #[default]
    Ahead,
    /// This game is the Crawford game: no cube.
    ThisGame,
    /// The Crawford game has been played: the cube is back.
    Played,
}

impl Tally {
    /// Stakes won so far by `side`.
    #[must_use]
    pub fn stakes(&self, side: Side) -> u32 {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }

    /// Where a match stands with the Crawford rule: its game not yet come, this game, or played.
    #[must_use]
    pub fn crawford(&self) -> Crawford {
        self.crawford
    }

    /// The side that has won a match to `match_to` points, if one has (none in a session
    /// for stakes, `match_to` 0).
    #[must_use]
    pub fn match_winner(&self, match_to: u16) -> Option<Side> {
        let to = u32::from(match_to);
        if to == 0 {
            return None;
        }
        Side::BOTH.into_iter().find(|&s| self.stakes(s) >= to)
    }

    /// Counts one finished game of a match to `match_to` points (0: a session for stakes),
    /// and moves the Crawford rule on (`crawford`: the rule is played): the game after a side
    /// first comes within one point of the match is the Crawford game, and after it the
    /// rule is spent.
    pub fn record_in_match(
        &mut self,
        winner: Option<Side>,
        stake: u32,
        match_to: u16,
        crawford: bool,
    ) {
        self.record(winner, stake);
        let to = u32::from(match_to);
        self.crawford = match self.crawford {
            Crawford::Ahead
                if crawford
                    && to > 1
                    && self.match_winner(match_to).is_none()
                    && Side::BOTH.iter().any(|&s| self.stakes(s) == to - 1) =>
            {
                Crawford::ThisGame
            }
            Crawford::Ahead => Crawford::Ahead,
            Crawford::ThisGame | Crawford::Played => Crawford::Played,
        };
    }

    /// Counts one finished game.
    pub fn record(&mut self, winner: Option<Side>, stake: u32) {
        self.games += 1;
        match winner {
            Some(Side::White) => self.white = self.white.saturating_add(stake),
            Some(Side::Black) => self.black = self.black.saturating_add(stake),
            None => self.draws += 1,
        }
    }
}

/// A choice about the cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CubeChoice {
    Double,
    /// The side that might have doubled threw instead.
    NoDouble,
    Take,
    Drop,
}

impl CubeChoice {
    /// The word the command line and the record use: `double`, `no-double`, `take`, `drop`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            CubeChoice::Double => "double",
            CubeChoice::NoDouble => "no-double",
            CubeChoice::Take => "take",
            CubeChoice::Drop => "drop",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loser(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn no_win_scores_more_than_the_most_and_some_win_scores_it() {
        for stakes in [
            Stakes::Single,
            Stakes::Willughby,
            Stakes::Cotton,
            Stakes::Gammons,
            Stakes::Nard,
        ] {
            // Every loser with all fifteen men on one place, none borne off, or some borne
            // off and the rest on one place; each with and without doublets.
            let mut highest = 0;
            for place in (1..=24).map(|p| format!("{p}")).chain(["bar".to_string()]) {
                for off in [0, 3, 14] {
                    let text = if off == 0 {
                        format!("{place}:15 / off:15")
                    } else {
                        format!("{place}:{} off:{off} / off:15", 15 - off)
                    };
                    for d in [false, true] {
                        let (stake, _) = bear_off_stake(stakes, &loser(&text), d);
                        assert!(stake <= most_stake(stakes), "{stakes:?} {text} {d}");
                        highest = highest.max(stake);
                    }
                }
            }
            assert_eq!(highest, most_stake(stakes), "{stakes:?}");
        }
    }

    #[test]
    fn single_stakes_are_always_one() {
        // Given a loser with men still in the winner's home table
        let l = loser("22:2 5:13 / off:15");
        for d in [false, true] {
            assert_eq!(bear_off_stake(Stakes::Single, &l, d).0, 1);
        }
    }

    #[test]
    fn willughby_and_cotton_stakes_follow_the_table() {
        let home = loser("5:13 off:2 / off:15");
        let outside = loser("13:1 5:12 off:2 / off:15");
        let on_bar = loser("bar:1 5:12 off:2 / off:15");
        let table = [
            (Stakes::Willughby, [1, 2, 2, 3]),
            (Stakes::Cotton, [1, 2, 3, 4]),
        ];
        for (stakes, [plain, doublets, bg, bg_doublets]) in table {
            assert_eq!(
                bear_off_stake(stakes, &home, false),
                (plain, WinKind::Plain)
            );
            assert_eq!(
                bear_off_stake(stakes, &home, true),
                (doublets, WinKind::Doublets)
            );
            assert_eq!(
                bear_off_stake(stakes, &outside, false),
                (bg, WinKind::BackGammon)
            );
            assert_eq!(
                bear_off_stake(stakes, &on_bar, false),
                (bg, WinKind::BackGammon)
            );
            assert_eq!(
                bear_off_stake(stakes, &outside, true),
                (bg_doublets, WinKind::BackGammonOnDoublets)
            );
        }
    }

    #[test]
    fn gammons_count_men_borne_off_and_men_far_back() {
        assert_eq!(
            bear_off_stake(Stakes::Gammons, &loser("13:1 5:13 off:1 / off:15"), false).0,
            1
        );
        assert_eq!(
            bear_off_stake(Stakes::Gammons, &loser("13:2 5:13 / off:15"), false),
            (2, WinKind::Gammon)
        );
        assert_eq!(
            bear_off_stake(Stakes::Gammons, &loser("19:1 5:14 / off:15"), false),
            (3, WinKind::Backgammon)
        );
        assert_eq!(
            bear_off_stake(Stakes::Gammons, &loser("bar:1 5:14 / off:15"), false),
            (3, WinKind::Backgammon)
        );
        // Doublets mean nothing to gammons
        assert_eq!(
            bear_off_stake(Stakes::Gammons, &loser("13:2 5:13 / off:15"), true).0,
            2
        );
    }

    #[test]
    fn nard_counts_each_man_by_where_he_stands() {
        // 2 in his home (1 each), 1 in his outer (2), 1 in the winner's outer (3),
        // 1 in the winner's home (4), 1 on the bar (4): 2 + 2 + 3 + 4 + 4 = 15
        let l = loser("bar:1 20:1 15:1 9:1 3:2 off:9 / off:15");
        assert_eq!(
            bear_off_stake(Stakes::Nard, &l, false),
            (15, WinKind::NardCount)
        );
    }

    #[test]
    fn the_cube_goes_to_64_and_only_its_owner_redoubles() {
        let mut cube = Cube::default();
        assert!(cube.may_double(Side::White) && cube.may_double(Side::Black));
        cube = Cube {
            value: 2,
            owner: Some(Side::Black),
        };
        assert!(!cube.may_double(Side::White) && cube.may_double(Side::Black));
        cube.value = 64;
        assert!(!cube.may_double(Side::Black));
    }
}

//! How a turn starts and how a game ends, written once: pure functions of a position and the
//! rules, in the manner of wildbg's `Position::game_state()` and shakmaty's `outcome()`.
//!
//! [`Game`](super::Game) calls them as it plays, and the computer's search calls the same
//! functions as it looks ahead, so the two can never disagree about when a game is over:
//! - at the start of a turn, a bound table to break, wait out or lose to, and a board where
//!   neither side can move (a draw where the rules say so): [`Endings::turn_start`];
//! - when a throw is thrown, Fails' die that cannot be played: [`Endings::throw_loses`];
//! - when a play is made, the last man borne off (with the stakes) or all the adversary's men
//!   captured: [`Endings::after_play`].

use serde::{Deserialize, Serialize};

use super::board::Position;
use super::dice::Moves;
use super::movegen::{Landing, MoveRules, Reach, can_move, legal_plays};
use super::rules::{BearOff, BoundTable, Compulsion, Rules, Stakes};
use super::side::Side;
use super::stakes::{WinKind, bear_off_stake};
use super::stepwise::{Movers, reach};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The winner bore off all his men.
    BoreOff(WinKind),
    /// The loser dropped a double.
    Dropped,
    /// The loser resigned (yielded the game), and the winner accepted.
    Resigned,
    /// Fails: a die of the loser's throw could not be played.
    UnplayableDie,
    /// Todas Tablas: the loser had to enter and found all six points held.
    PrimeOfTables,
    /// Todas Tablas: all the loser's men left were on the bar.
    AllCaptured,
    /// Neither side could move whatever it threw: a draw.
    Blocked,
    /// Tick-tack: the first score won the game (the winner is the side it counts for).
    Scored(super::ticktack::Score),
    /// Tick-tack with scores added up: a side reached the target or bore off his last man,
    /// and the side ahead won.
    MostPoints,
}

/// How a game ended: who won (none for a draw), the stakes won (cube included), and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub stake: u32,
    pub reason: EndReason,
}

/// What the start of a turn holds for the side on roll, before it throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnStart {
    /// It throws as usual (a bound table it must wait out changes nothing here: it simply
    /// cannot enter).
    Throw,
    /// It must enter against the adversary's bound table, which is to be broken: both sides
    /// throw off, and the winner breaks a point of it.
    BreakTable,
    /// It must enter against the adversary's bound table and loses the game (the prime of
    /// tables), a single stake before the cube.
    LosesToPrime,
    /// Neither side could move whatever it threw: the game is drawn.
    Drawn,
}

/// A game's end brought about by the side that moved: it wins this stake (before the cube).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Win {
    pub stake: u32,
    pub reason: EndReason,
}

/// The options that decide how turns start and games end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Endings {
    pub bound_table: BoundTable,
    pub bear_off: BearOff,
    pub stakes: Stakes,
    pub unplayable_die_loses: bool,
    pub all_captured_wins: bool,
    pub blocked_is_draw: bool,
    /// Tick-tack: no man is hit; a game is won by its scores, and bearing off wins a double
    /// game.
    pub tick_tack: bool,
}

impl From<&Rules> for Endings {
    fn from(rules: &Rules) -> Endings {
        Endings {
            bound_table: rules.bound_table,
            bear_off: rules.bear_off,
            stakes: rules.stakes,
            unplayable_die_loses: rules.unplayable_die_loses,
            all_captured_wins: rules.all_captured_wins,
            blocked_is_draw: rules.blocked_is_draw,
            tick_tack: rules.tick_tack,
        }
    }
}

impl Endings {
    /// The start of the turn of the side `pos` is seen from: first the bound table, then a
    /// blocked board.
    #[must_use]
    pub fn turn_start(&self, pos: &Position) -> TurnStart {
        if must_enter_against_bound_table(pos) {
            match self.bound_table {
                BoundTable::Loses => return TurnStart::LosesToPrime,
                BoundTable::Break => return TurnStart::BreakTable,
                BoundTable::Wait => {}
            }
        }
        if self.blocked_is_draw && self.stuck(pos) && self.stuck(&pos.switched()) {
            return TurnStart::Drawn;
        }
        TurnStart::Throw
    }

    /// How a step lands under these rules.
    fn landing(&self) -> Landing {
        Landing {
            bear_off: self.bear_off,
            no_hitting: self.tick_tack,
        }
    }

    /// Whether the side `pos` is seen from could move nothing whatever it threw (a bound table
    /// it would break does not count as stuck).
    #[must_use]
    pub fn stuck(&self, pos: &Position) -> bool {
        if self.bound_table == BoundTable::Break && must_enter_against_bound_table(pos) {
            return false;
        }
        !(1..=6).any(|die| can_move(pos, die, self.landing()))
    }

    /// Fails: whether a throw that gives `moves`, of which at most `best` can be played from
    /// `pos`, loses the game outright for the side that threw it: a die is left unplayed, and
    /// no fullest play bears off his last man (that wins the game there and then, and the dice
    /// it leaves are not "a die that cannot be played"; 003: "The winner is the first person to
    /// bear-off all of their pieces").
    #[must_use]
    pub fn unplayable(&self, pos: &Position, best: Reach, moves: Moves) -> bool {
        self.unplayable_die_loses
            && usize::from(best.dice) < moves.len()
            && !self.bears_off_the_last_man(pos, moves)
    }

    /// Whether a fullest play of `moves` bears off every man the side `pos` is seen from has.
    fn bears_off_the_last_man(&self, pos: &Position, moves: Moves) -> bool {
        let men_left: usize = pos.pips()[1..=6].iter().map(|&n| n.max(0) as usize).sum();
        if !pos.all_home() || men_left > moves.len() {
            return false;
        }
        let rules = MoveRules {
            bear_off: self.bear_off,
            compulsion: Compulsion::Max,
            no_hitting: self.tick_tack,
        };
        legal_plays(pos, moves, rules)
            .iter()
            .any(|play| play.position.borne_off_all())
    }

    /// Fails: whether the throw giving `moves` loses outright for the side `pos` is seen from.
    #[must_use]
    pub fn throw_loses(&self, pos: &Position, moves: Moves) -> bool {
        self.unplayable_die_loses && self.unplayable(pos, reach(pos, moves, self.landing()), moves)
    }

    /// Fails: [`Endings::throw_loses`] for many throws from one position, quicker: most throws
    /// are seen at once to be playable in full ([`Movers::surely_all`]), and only the others
    /// have their plays walked.
    pub fn throws_lose<'a>(&'a self, pos: &'a Position) -> impl Fn(Moves) -> bool + 'a {
        let movers = self
            .unplayable_die_loses
            .then(|| Movers::new(pos, self.landing()));
        move |moves| movers.is_some_and(|m| !m.surely_all(moves) && self.throw_loses(pos, moves))
    }

    /// The end a finished play brings about: `pos` is the position it leaves, seen from the
    /// side that played, and `doublets` whether its throw was doublets. The mover wins.
    #[must_use]
    pub fn after_play(&self, pos: &Position, doublets: bool) -> Option<Win> {
        if pos.borne_off_all() && self.tick_tack {
            return Some(Win {
                stake: 2,
                reason: EndReason::Scored(super::ticktack::Score::BearingOff),
            });
        }
        if pos.borne_off_all() {
            let (stake, kind) = bear_off_stake(self.stakes, &pos.switched(), doublets);
            return Some(Win {
                stake,
                reason: EndReason::BoreOff(kind),
            });
        }
        if self.all_captured_wins && pos.adversary_bar() > 0 && (1..=24).all(|p| pos.at(p) >= 0) {
            return Some(Win {
                stake: 1,
                reason: EndReason::AllCaptured,
            });
        }
        None
    }
}

/// Whether the side `pos` is seen from has men on the bar and the adversary's home table is
/// bound (all six points held).
#[must_use]
pub fn must_enter_against_bound_table(pos: &Position) -> bool {
    pos.bar() > 0 && pos.adversary_home_bound()
}

/// The points of a bound table that may be broken (in the binder's numbering, 1 to 6): those
/// holding two men or more, since breaking a point sends all but one of its men to the bar.
/// `binder` is the position seen from the side whose table is bound.
pub fn breakable_points(binder: &Position) -> impl Iterator<Item = u8> + '_ {
    (1..=6u8).filter(|&p| binder.at(usize::from(p)) >= 2)
}

/// The binder's position after his table is broken on `point`, and how many men went to the
/// bar; `None` if that point may not be broken.
#[must_use]
pub fn break_table(binder: &Position, point: u8) -> Option<(Position, u8)> {
    if !(1..=6).contains(&point) {
        return None;
    }
    let men = binder.at(usize::from(point));
    if men < 2 {
        return None;
    }
    let taken = (men - 1) as u8;
    let mut after = *binder;
    after.send_to_bar(usize::from(point), taken);
    Some((after, taken))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::rules::Preset;

    fn endings(preset: Preset) -> Endings {
        Endings::from(&Rules::preset(preset))
    }

    #[test]
    fn a_bound_table_breaks_waits_or_loses_as_the_rules_say() {
        // Given Black has bound his table and White has a man on the bar
        let pos: Position = "bar:1 13:6 8:3 6:5 / 1:2 2:2 3:2 4:2 5:2 6:2 13:3"
            .parse()
            .unwrap();
        assert!(must_enter_against_bound_table(&pos));
        // Then Irish breaks it, modern waits, Todas Tablas loses
        assert_eq!(
            endings(Preset::Irish).turn_start(&pos),
            TurnStart::BreakTable
        );
        assert_eq!(endings(Preset::Modern).turn_start(&pos), TurnStart::Throw);
        assert_eq!(
            endings(Preset::TodasTablas).turn_start(&pos),
            TurnStart::LosesToPrime
        );
        // And every point of it may be broken, each leaving one man behind
        assert_eq!(
            breakable_points(&pos.switched()).collect::<Vec<_>>(),
            vec![1, 2, 3, 4, 5, 6]
        );
        let (after, men) = break_table(&pos.switched(), 4).unwrap();
        assert_eq!((after.at(4), after.bar(), men), (1, 1, 1));
        assert!(break_table(&pos.switched(), 7).is_none());
    }

    #[test]
    fn a_point_of_one_man_is_not_offered_for_breaking() {
        let binder: Position = "1:1 2:2 3:2 4:2 5:2 6:2 13:4 / bar:1 18:14"
            .parse()
            .unwrap();
        assert_eq!(
            breakable_points(&binder).collect::<Vec<_>>(),
            vec![2, 3, 4, 5, 6]
        );
        assert!(break_table(&binder, 1).is_none());
    }

    #[test]
    fn the_last_man_off_wins_the_stakes_table() {
        // Given White bears off his last man while Black has borne off none
        let pos: Position = "/ 1:15".parse().unwrap();
        let win = endings(Preset::Modern).after_play(&pos, false).unwrap();
        assert_eq!(win.reason, EndReason::BoreOff(WinKind::Gammon));
        assert_eq!(win.stake, 2);
        assert_eq!(
            endings(Preset::Irish)
                .after_play(&pos, false)
                .unwrap()
                .stake,
            1
        );
    }
}

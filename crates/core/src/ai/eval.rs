//! The static evaluation: what a position is worth to the side on roll, in stakes, before it
//! throws, under any combination of the rules' options.
//!
//! A position is seen from the side on roll ("A"; the other side is "B"). The evaluation
//! estimates three chances for A: to win, to win big and to lose big ("big" is whatever the
//! stakes table pays more for: a gammon, Willughby's or Cotton's back-gammon, a large Nard
//! count), then turns them into expected stakes with the rules' stakes table. Races with every
//! man of both sides home are judged by the bear-off databases of the rules' dice and
//! bearing-off rule ([`super::bearoff`]), and a result already certain is valued exactly
//! ([`super::certain`]); other races (no more contact) by a model of throws still needed,
//! whose mean and spread come from the rules' own dice and bearing-off rule; positions with
//! contact by the network of
//! [`super::net`], fed with the men on every point and a few hand-made features (race, shots,
//! made points, primes, anchors, men back, the bar). A network may judge races too
//! ([`Net::races`]), and a network of the stakes ([`Outputs::Stakes`], Nard's) judges every
//! position and gives the stakes each side may expect, not chances: Nard's count is no
//! chance. Should the network's weights be missing,
//! a logistic model over the same features (`data/weights.rs`) stands in. Both were fitted to GNU
//! Backgammon's evaluations of modern positions by `examples/fit_eval.rs`.
//!
//! Rules that end a game outright at the start of a turn (a bound table, a blocked board, an
//! unplayable die) are the search's business ([`super::search`]); the evaluation only adds
//! Fails' chance that the side on roll throws a die it cannot play.

use crate::tables::{BearOff, Dice, Endings, MoveRules, Players, Position, Rules, Stakes, Throw};

pub use super::throws::ThrowInfo;

/// Features of the contact model before the made points.
const HEAD: usize = 27;
/// Number of features of the contact model: the head, then each side's made points 1 to 12.
pub const FEATURES: usize = HEAD + 24;

/// What each head feature of [`Evaluator::features`] measures (A is on roll, B is not).
pub const FEATURE_NAMES: [&str; HEAD] = [
    "bias",
    "race probit (A on roll)",
    "pip lead / 50",
    "A's men on the bar",
    "B's men on the bar",
    "A on the bar x B's home points / 6",
    "B on the bar x A's home points / 6",
    "A's shots",
    "A's shots x pips B's blot would lose / 24",
    "A's shots x A's home points / 6",
    "B's shots",
    "B's shots x pips A's blot would lose / 24",
    "B's shots x B's home points / 6",
    "A's prime beyond 2",
    "B's prime beyond 2",
    "A's anchors",
    "B's anchors",
    "A's stacked men / 4",
    "B's stacked men / 4",
    "B closed out",
    "A closed out",
    "A's men back / 4",
    "B's men back / 4",
    "A's men off / 5",
    "B's men off / 5",
    "A's blots / 3",
    "B's blots / 3",
];

use super::data::weights::{W_LOSE_BIG, W_WIN, W_WIN_BIG};
// The fitted weights are plain lists (they import nothing from here): one weight a feature.
const _: () =
    assert!(W_WIN.len() == FEATURES && W_WIN_BIG.len() == FEATURES && W_LOSE_BIG.len() == FEATURES);
use super::Kind;
use super::bearoff;
use super::net::{Net, Outputs};
use std::sync::Arc;

/// The hand-made features the networks read beside the men, and the shots they count.
mod features;

/// What a position is worth, for one set of rules. Cheap to build; `Send` and `Sync`.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// The network that judges positions with contact: the family's own, or one given.
    net: Option<Arc<Net>>,
    /// A small network that imitates `net` from where the men stand alone, by which a search
    /// ranks a throw's plays before judging the best few in full
    /// ([`super::search::Searcher::worth_judging`]); `None`: every play is judged in full.
    screen: Option<Arc<Net>>,
    /// A network of its own for crashed positions ([`Evaluator::crashed`]), which the main
    /// network judges least well, as GNU Backgammon has one; `None`: the main network judges
    /// them too.
    crashed: Option<Arc<Net>>,
    pub(crate) throws: Vec<ThrowInfo>,
    pub(crate) move_rules: MoveRules,
    /// Pips a turn moves on average, and the variance, for the side on roll.
    mean: f32,
    var: f32,
    stakes: Stakes,
    double_hand: bool,
    endings: Endings,
    /// Pips lost in bearing off: a fixed part and a part per man left.
    waste: (f32, f32),
    /// The most a game can score, if the network judges the stakes itself, in every position
    /// ([`Outputs::Stakes`]).
    stakes_scale: Option<f32>,
    /// Whether the network judges races too ([`Net::races`], or the stakes).
    races: bool,
    /// In a match, what each way a game may end is worth to the side the search decides for.
    match_weights: Option<MatchWeights>,
    /// The bear-off databases of these rules, where races and certain results are valued
    /// exactly ([`super::bearoff`], [`super::certain`]): not for a network of the stakes,
    /// Tick-tack's scores or Fails' unplayable die.
    bearoff: Option<bearoff::Link>,
}

use super::ends::Outcomes;
pub use super::ends::{Chances, MatchWeights};

/// The standard normal distribution function (logistic approximation, within 0.01).
#[inline]
pub(crate) fn phi(x: f32) -> f32 {
    1.0 / (1.0 + (-1.702 * x).exp())
}

impl Evaluator {
    /// The rules of movement the evaluation's positions are played under.
    #[must_use]
    pub fn move_rules(&self) -> MoveRules {
        self.move_rules
    }

    /// The evaluator for these rules, with the network of their family.
    #[must_use]
    pub fn new(rules: &Rules) -> Evaluator {
        let kind = Kind::of(rules);
        Evaluator::with_net(rules, kind.shipped())
            .with_screen(kind.shipped_screen())
            .with_crashed(kind.shipped_crashed())
    }

    /// The same evaluation judging crashed positions ([`Evaluator::crashed`]) by `net`: only
    /// beside a main network of chances, whose inputs it shares.
    #[must_use]
    pub fn with_crashed(self, net: Option<Arc<Net>>) -> Evaluator {
        let chances = self.judged_by_chances();
        Evaluator {
            crashed: net.filter(|n| chances && n.outputs == Outputs::Chances),
            ..self
        }
    }

    /// Whether `pos` is crashed: contact is left, and one side has borne off eight men or more,
    /// so that what few men it has left must hold or break against the other's (GNU
    /// Backgammon's class of the same name counts the men left in much the same way).
    #[must_use]
    pub fn crashed(pos: &Position) -> bool {
        (pos.off() >= 8 || pos.adversary_off() >= 8) && Evaluator::contact(pos)
    }

    /// The same evaluation with `screen` as its screening network (see
    /// [`Evaluator::quick_value_for`]): only for a network of chances, which it imitates.
    #[must_use]
    pub fn with_screen(self, screen: Option<Arc<Net>>) -> Evaluator {
        let chances = self.judged_by_chances();
        Evaluator {
            screen: screen.filter(|_| chances),
            ..self
        }
    }

    /// Whether the main network judges chances (not the stakes, as Nard's does).
    fn judged_by_chances(&self) -> bool {
        self.net
            .as_ref()
            .is_some_and(|n| n.outputs == Outputs::Chances)
    }

    /// Whether a search ranks a throw's plays by the screening network first.
    #[must_use]
    pub fn screens(&self) -> bool {
        self.screen.is_some()
    }

    /// A quick value of `pos` (as [`Evaluator::value_for`]), for ranking the plays of a throw:
    /// where the network would judge it, the screening network's, which reads only the men's
    /// places and has few hidden units; elsewhere (races the race model judges, bear-offs the
    /// databases hold) the value itself, quick already. `None` without a screening network.
    #[must_use]
    pub fn quick_value_for(&self, pos: &Position, mine: bool) -> Option<f32> {
        let screen = self.screen.as_ref()?;
        let exact = self.bearoff.is_some() && bearoff::homes(pos).is_some();
        if exact || !(self.races || Evaluator::contact(pos)) {
            return Some(self.value_for(pos, mine));
        }
        let c = self.net_chances(screen, &screen.forward_position(pos, &[]));
        Some(self.worth(pos, c, mine))
    }

    /// The evaluator for these rules with this network (`None`: the logistic model).
    #[must_use]
    pub fn with_net(rules: &Rules, net: Option<Arc<Net>>) -> Evaluator {
        let throws: Vec<ThrowInfo> = Throw::all(rules.dice_count())
            .into_iter()
            .map(|(throw, ways)| ThrowInfo {
                throw,
                moves: throw.moves(rules.dice, rules.doublets),
                chance: ways as f32
                    / if rules.dice == Dice::Three {
                        216.0
                    } else {
                        36.0
                    },
                doublets: throw.is_doublets(),
            })
            .collect();
        let double_hand = rules.players == Players::DoubleHand;
        let pips = |t: &ThrowInfo| t.moves.faces().iter().map(|&f| f32::from(f)).sum::<f32>();
        let (mut mean, mut sq) = (0.0f32, 0.0f32);
        if double_hand {
            // The side plays the better of two throws: count it as the one with more pips.
            for a in &throws {
                for b in &throws {
                    let p = pips(a).max(pips(b));
                    mean += a.chance * b.chance * p;
                    sq += a.chance * b.chance * p * p;
                }
            }
        } else {
            for t in &throws {
                mean += t.chance * pips(t);
                sq += t.chance * pips(t) * pips(t);
            }
        }
        let waste = match rules.bear_off {
            BearOff::OverEdge => (1.0, 0.2),
            BearOff::Modern => (2.0, 0.45),
            BearOff::Exact => (4.0, 1.5),
        };
        let stakes_scale = net
            .as_ref()
            .is_some_and(|n| n.outputs == Outputs::Stakes)
            .then(|| crate::tables::most_stake(rules.stakes) as f32);
        let move_rules = MoveRules::from(rules);
        let bearoff = (stakes_scale.is_none() && !rules.tick_tack && !rules.unplayable_die_loses)
            .then(|| {
                bearoff::Link::new(bearoff::Key::new(
                    bearoff::rule(
                        rules.bear_off,
                        move_rules.compulsion == crate::tables::Compulsion::Free,
                    ),
                    throws.iter().map(|t| (t.moves, t.chance)),
                    double_hand,
                ))
            });
        Evaluator {
            throws,
            move_rules,
            mean,
            var: (sq - mean * mean).max(1.0),
            stakes: rules.stakes,
            double_hand,
            endings: Endings::from(rules),
            waste,
            stakes_scale,
            races: stakes_scale.is_some() || net.as_ref().is_some_and(|n| n.races),
            net,
            screen: None,
            crashed: None,
            match_weights: None,
            bearoff,
        }
    }

    /// The same evaluation valuing a game's ends by a match's score (none for a network of
    /// the stakes, whose count is no chance).
    #[must_use]
    pub fn in_match(&self, weights: MatchWeights) -> Evaluator {
        Evaluator {
            match_weights: self.stakes_scale.is_none().then_some(weights),
            ..self.clone()
        }
    }

    /// The match's weights this evaluation values ends by, if it is for a match.
    #[must_use]
    pub fn match_weights(&self) -> Option<&MatchWeights> {
        self.match_weights.as_ref()
    }

    /// What `pos` is worth to the side on roll, in a match seen from the side deciding
    /// (`mine`: the side on roll is it) in the units of [`MatchWeights`]; for stakes, as
    /// [`Evaluator::value`].
    #[must_use]
    pub fn value_for(&self, pos: &Position, mine: bool) -> f32 {
        if self.match_weights.is_none() {
            return self.value(pos);
        }
        self.worth(pos, self.chances(pos), mine)
    }

    /// What chances `c` of `pos` are worth to the side on roll (as [`Evaluator::value_for`]):
    /// in a match by its weights, for stakes by the stakes table; Fails' chance to throw a die
    /// that cannot be played a loss.
    fn worth(&self, pos: &Position, c: Chances, mine: bool) -> f32 {
        let v = match &self.match_weights {
            Some(w) => {
                let o = Outcomes::of(c, self.stakes);
                let won: f32 = (1..).zip(o.wins).map(|(k, s)| s * w.win(k, mine)).sum();
                let lost: f32 = (1..).zip(o.losses).map(|(k, s)| s * w.loss(k, mine)).sum();
                o.win * won + (1.0 - o.win) * lost
            }
            None => self.equity(pos, c),
        };
        if self.endings.unplayable_die_loses {
            let lose = self.unplayable_chance(pos);
            let lost = self
                .match_weights
                .as_ref()
                .map_or(-1.0, |w| w.loss(1, mine));
            return lose * lost + (1.0 - lose) * v;
        }
        v
    }

    /// What a game won by `stake` times the cube is worth to its winner, the side deciding
    /// (`mine`) or its adversary: the stake itself for stakes.
    #[must_use]
    pub fn won_value(&self, stake: u32, mine: bool) -> f32 {
        match &self.match_weights {
            Some(w) => w.win(stake, mine),
            None => stake as f32,
        }
    }

    /// What `pos` is worth to the side on roll (the side it is seen from), in stakes at a cube
    /// of 1: from −(the most a game can cost) to +(the most it can win).
    #[must_use]
    pub fn value(&self, pos: &Position) -> f32 {
        let v = match (self.stakes_scale, &self.net) {
            (Some(most), Some(net)) => {
                let out = net.forward_position(pos, &self.net_features(pos)[1..]);
                most * (out[1] - out[3])
            }
            _ => self.equity(pos, self.chances(pos)),
        };
        if self.endings.unplayable_die_loses {
            let lose = self.unplayable_chance(pos);
            return -lose + (1.0 - lose) * v;
        }
        v
    }

    /// The rules' stakes table.
    #[must_use]
    pub fn stakes(&self) -> Stakes {
        self.stakes
    }

    /// The most a game can score, by which a network of [`Outputs::Stakes`] divides the stakes;
    /// `None` for a network of chances.
    #[must_use]
    pub fn stakes_scale(&self) -> Option<f32> {
        self.stakes_scale
    }

    /// Fails: the chance that the side on roll throws a die it cannot play (and so loses);
    /// 0 under rules where an unplayable die does not lose.
    #[must_use]
    pub fn unplayable_chance(&self, pos: &Position) -> f32 {
        let loses = self.endings.throws_lose(pos);
        let p: f32 = self
            .throws
            .iter()
            .filter(|t| loses(t.moves))
            .map(|t| t.chance)
            .sum();
        if self.double_hand { p * p } else { p }
    }

    /// Turns chances into expected stakes under the rules' stakes table.
    fn equity(&self, pos: &Position, c: Chances) -> f32 {
        let lose = 1.0 - c.win;
        match self.stakes {
            Stakes::Single => c.win - lose,
            Stakes::Gammons => c.win - lose + c.win_big - c.lose_big + c.win_triple - c.lose_triple,
            // A plain win is doubled by a last throw of doublets (about one in six);
            // a back-gammon is worth 2 (Willughby) or 3 (Cotton), plus one on doublets.
            Stakes::Willughby | Stakes::Cotton => {
                let big = if self.stakes == Stakes::Cotton {
                    3.0
                } else {
                    2.0
                };
                let d = 1.0 / 6.0;
                let win = (c.win - c.win_big) * (1.0 + d) + c.win_big * (big + d);
                let loss = (lose - c.lose_big) * (1.0 + d) + c.lose_big * (big + d);
                win - loss
            }
            Stakes::Nard => {
                let (a, b) = (pos, &pos.switched());
                let win = c.win * self.nard_stake(a, b, true);
                let loss = lose * self.nard_stake(b, a, false);
                win - loss
            }
        }
    }

    /// Nard: what the winner may expect the loser's men to count when he finishes, from how
    /// far each has still to go (both seen from themselves).
    fn nard_stake(&self, winner: &Position, loser: &Position, winner_on_roll: bool) -> f32 {
        let count = crate::tables::bear_off_stake(Stakes::Nard, loser, false).0 as f32;
        let t_win = self.throws_needed(winner) - if winner_on_roll { 0.5 } else { 0.0 };
        let travel = t_win * self.mean;
        let left = (1.0 - travel / (loser.pip_count() as f32).max(1.0)).clamp(0.0, 1.0);
        (count * left).max(1.0)
    }

    /// The throws a side needs to bear all its men off, were there no contact.
    fn throws_needed(&self, pos: &Position) -> f32 {
        let left = f32::from(15 - pos.off());
        let pips = pos.pip_count() as f32 + self.waste.0 + self.waste.1 * left;
        let by_pips = pips / self.mean;
        // No throw bears off more men than it has moves.
        let most = if self.double_hand { 3.0 } else { 2.3 };
        by_pips.max(left / most)
    }

    /// Whether any man of either side still has to pass an adversary's man.
    #[must_use]
    pub fn contact(pos: &Position) -> bool {
        let p = pos.pips();
        let my_back = (1..=25).rev().find(|&i| p[i] > 0).unwrap_or(0);
        let their_back = (0..=24).find(|&i| p[i] < 0).unwrap_or(25);
        my_back > their_back
    }

    /// The race model's judgement of A's chances, in standard deviations (A on roll), and the
    /// throws each side needs.
    #[must_use]
    pub fn race_probit(&self, pos: &Position) -> (f32, f32, f32) {
        let b = pos.switched();
        let (ta, tb) = (self.throws_needed(pos), self.throws_needed(&b));
        let spread = |t: f32| t * self.var / (self.mean * self.mean);
        let sigma = (spread(ta) + spread(tb) + 0.25).sqrt();
        ((tb - ta + 0.5) / sigma, ta, tb)
    }

    /// The network's inputs for `pos`, if the network judges it: if it has contact (without
    /// contact the race model judges it), or always when the network judges races too.
    #[must_use]
    pub fn inputs(&self, pos: &Position) -> Option<[f32; super::net::INPUTS]> {
        (self.races || Evaluator::contact(pos)).then(|| self.encoded(pos))
    }

    fn encoded(&self, pos: &Position) -> [f32; super::net::INPUTS] {
        Net::encode(pos, &self.net_features(pos)[1..])
    }

    /// The hand-made features the network reads with `pos` (the bias first).
    fn net_features(&self, pos: &Position) -> [f32; FEATURES] {
        self.features(pos, self.race_probit(pos).0)
    }

    /// A's chances in `pos`: exact if the result is certain ([`super::certain`]) or if both
    /// sides have every man left on their home points (the bear-off databases); else by the
    /// network, or the race model.
    #[must_use]
    pub fn chances(&self, pos: &Position) -> Chances {
        if let Some(link) = &self.bearoff {
            if let Some((a, b)) = bearoff::homes(pos) {
                let gammons = self.stakes == Stakes::Gammons;
                let race = link.get().race(&a, &b, gammons);
                return Chances {
                    win: race.win,
                    win_big: race.win_gammon,
                    lose_big: race.lose_gammon,
                    win_triple: 0.0,
                    lose_triple: 0.0,
                };
            }
            if let Some(c) = self.certain(pos) {
                return c;
            }
        }
        let b = pos.switched();
        let (race_z, ta, tb) = self.race_probit(pos);
        if self.races || Evaluator::contact(pos) {
            let f = self.features(pos, race_z);
            let big = !matches!(self.stakes, Stakes::Single | Stakes::Nard);
            let crashed = self.crashed.as_ref().filter(|_| Evaluator::crashed(pos));
            if let Some(net) = crashed.or(self.net.as_ref()) {
                return self.net_chances(net, &net.forward_position(pos, &f[1..]));
            }
            let logit = |w: &[f32; FEATURES]| {
                let z: f32 = w.iter().zip(&f).map(|(w, x)| w * x).sum();
                1.0 / (1.0 + (-z).exp())
            };
            let win = logit(&W_WIN);
            return Chances {
                win,
                win_big: if big { logit(&W_WIN_BIG).min(win) } else { 0.0 },
                lose_big: if big {
                    logit(&W_LOSE_BIG).min(1.0 - win)
                } else {
                    0.0
                },
                win_triple: 0.0,
                lose_triple: 0.0,
            };
        }
        let win = phi(race_z);
        Chances {
            win,
            win_big: win * self.big_given_win(ta, &b, 0.5),
            lose_big: (1.0 - win) * self.big_given_win(tb, pos, -0.5),
            win_triple: 0.0,
            lose_triple: 0.0,
        }
    }

    /// The chances a network's outputs `out` give under these rules' stakes.
    fn net_chances(&self, net: &Net, out: &[f32; super::net::OUTPUTS]) -> Chances {
        // A network of the stakes judges no chance of winning big.
        let big = !matches!(self.stakes, Stakes::Single | Stakes::Nard)
            && net.outputs == Outputs::Chances;
        let win = out[0];
        let triple = self.stakes == Stakes::Gammons;
        let win_big = if big { out[1].min(win) } else { 0.0 };
        let lose_big = if big { out[3].min(1.0 - win) } else { 0.0 };
        Chances {
            win,
            win_big,
            lose_big,
            win_triple: if triple { out[2].min(win_big) } else { 0.0 },
            lose_triple: if triple { out[4].min(lose_big) } else { 0.0 },
        }
    }

    /// The chances of `pos` if its result is certain before the side on roll throws
    /// ([`super::certain`]); `None` if it is not, or where these rules leave it to the
    /// evaluation.
    #[must_use]
    pub fn certain(&self, pos: &Position) -> Option<Chances> {
        self.bearoff.as_ref()?;
        super::certain::chances(
            pos,
            &self.throws,
            self.move_rules,
            self.stakes,
            self.double_hand,
        )
    }

    /// The same evaluation without the bear-off databases and the certain results: races and
    /// certain ends judged as before them (to measure what they change).
    #[must_use]
    pub fn without_bearoff(&self) -> Evaluator {
        Evaluator {
            bearoff: None,
            ..self.clone()
        }
    }

    /// What the side on roll in `pos` has for stakes with perfect cube play, in units of the
    /// cube, with the cube in the middle, its own and its adversary's: exact when both sides
    /// are bearing off with few enough men for the two-sided database, else `None`.
    #[must_use]
    pub fn bearoff_cube(&self, pos: &Position) -> Option<[f32; 3]> {
        let (a, b) = bearoff::homes(pos)?;
        self.bearoff()?.cube(&a, &b)
    }

    /// The bear-off databases of these rules, if the evaluation uses them (made on first use).
    #[must_use]
    pub fn bearoff(&self) -> Option<&bearoff::Databases> {
        self.bearoff.as_ref().map(bearoff::Link::get)
    }

    /// The chance that the winner, needing `t_win` throws, wins big against `loser`.
    fn big_given_win(&self, t_win: f32, loser: &Position, on_roll: f32) -> f32 {
        let deficit = match self.stakes {
            Stakes::Single | Stakes::Nard => return 0.0,
            Stakes::Gammons => {
                if loser.off() > 0 {
                    return 0.0;
                }
                let p = loser.pips();
                let outside: u32 = (7..=25).map(|i| (i as u32 - 6) * p[i].max(0) as u32).sum();
                let lowest = (1..=6).find(|&i| p[i] > 0).unwrap_or(6) as u32;
                outside + lowest
            }
            Stakes::Willughby | Stakes::Cotton => {
                let p = loser.pips();
                (7..=25).map(|i| (i as u32 - 6) * p[i].max(0) as u32).sum()
            }
        };
        if deficit == 0 {
            return 0.0;
        }
        let d = deficit as f32 / self.mean + 0.5;
        let sigma = ((t_win + d) * self.var / (self.mean * self.mean) + 0.25).sqrt();
        phi((d - t_win + on_roll) / sigma)
    }
}

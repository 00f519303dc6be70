//! Rollouts: a position played out to the end many times by the computer, under any rules of
//! the games at tables, and what the games came to: the chances of each way the game may end
//! for either side, the equity in stakes without a cube and, by the cube model of
//! [`super::cube`] (Janowski's), with one.
//!
//! As GNU Backgammon rolls out:
//! - quasi-random dice: trial `i` throws the `(i mod 36)`-th of the 36 ordered throws first
//!   (216 with three dice), and its second throw is rotated by `i / 36`, so that every 1,296
//!   trials (46,656 with three dice) throw every pair of first and second throws once; the
//!   throws after those come from a generator seeded by the seed and the trial's number;
//! - variance reduction: at each turn, the luck of the throw, what the best play of the throw
//!   thrown is worth at the evaluation (depth 0) less the mean of that over every throw, is
//!   counted for the side that threw; a trial's equity is its result less the luck of the side
//!   rolled out for and plus its adversary's. The luck has a mean of zero whatever the
//!   evaluation, so the mean is not biased, and a good evaluation takes out most of the dice's
//!   noise. The chances are counted plainly.
//!
//! Trials are dealt to threads by number and counted in their order, so a seed gives the same
//! rollout whatever the number of threads; a rollout that stops when its interval is narrow
//! enough stops at a multiple of 36 trials (216 with three dice), counted in order.
//!
//! The games are played cubeless, for stakes (no match, no cube, no Jacoby rule, no
//! resignation). Tick-tack's games are rolled out without the variance reduction: its
//! computer judges by its own counts, not by the evaluation's equity.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use thiserror::Error;

use super::contest::MAX_ACTIONS;
use super::cube::Access;
use super::decide::{Decision, decide_with};
use super::ends::{Chances, Outcomes};
use super::search::{Depth, Searcher};
use crate::level::Level;
use crate::tables::{
    Action, EndReason, Game, Outcome, Phase, Players, Position, RuleError, Rules, Side, Stakes,
    Throw, WinKind,
};

/// How a rollout is run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The most trials (games played out).
    pub trials: usize,
    /// The level the computer plays both sides at.
    pub level: Level,
    /// The seed of the dice.
    pub seed: u64,
    /// Stop once the 95% interval of the cubeless equity is at most this wide (from its low
    /// end to its high end), at a multiple of 36 trials (216 with three dice).
    pub width: Option<f64>,
    /// Count the luck of each throw out of the equity.
    pub variance_reduction: bool,
    /// Threads to play on (`None`: every core).
    pub threads: Option<usize>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            trials: 1296,
            level: Level::Fair,
            seed: 1,
            width: None,
            variance_reduction: true,
            threads: None,
        }
    }
}

/// Why a position cannot be rolled out.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RolloutError {
    /// The rules refused an action of the computer's (a fault of the program's).
    #[error("the rules refused an action while playing out a game: {0}")]
    Rule(#[from] RuleError),
    /// The computer found nothing to do where the game waited for it.
    #[error("the computer found nothing to do while playing out a game")]
    Stuck,
}

/// A mean over the trials and its standard error.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Estimate {
    pub mean: f64,
    pub se: f64,
}

impl Estimate {
    /// Half the width of the 95% interval.
    #[must_use]
    pub fn half_width(&self) -> f64 {
        1.96 * self.se
    }

    /// The 95% interval.
    #[must_use]
    pub fn interval(&self) -> (f64, f64) {
        (self.mean - self.half_width(), self.mean + self.half_width())
    }
}

/// What a rollout found, for the side on roll at the position rolled out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rollout {
    /// Trials counted.
    pub trials: usize,
    /// The rules' stakes table (which names [`Rollout::win_kinds`]).
    pub stakes: Stakes,
    /// The side's chance of winning, and of losing (the rest are draws).
    pub win: Estimate,
    pub lose: Estimate,
    pub draw: Estimate,
    /// The chances of winning in each of the two ways the stakes table pays more for (see
    /// [`kind_names`]): a gammon and a backgammon, a back-gammon and a last throw of doublets.
    pub win_kinds: [Estimate; 2],
    pub lose_kinds: [Estimate; 2],
    /// The equity without a cube, in stakes (luck counted out when `variance_reduction`).
    pub equity: Estimate,
    /// The same without counting the luck out: the plain mean of the games' results.
    pub plain_equity: Estimate,
    /// Whether the luck was counted out of [`Rollout::equity`].
    pub variance_reduction: bool,
}

/// The names of the two ways a game may be won for more under a stakes table, as the command
/// line writes them: `gammon` and `backgammon` under modern stakes, `back-gammon` and
/// `doublets` (the last throw doublets) under Willughby's and Cotton's; none under the others.
#[must_use]
pub fn kind_names(stakes: Stakes) -> [Option<&'static str>; 2] {
    match stakes {
        Stakes::Gammons => [Some("gammon"), Some("backgammon")],
        Stakes::Willughby | Stakes::Cotton => [Some("back-gammon"), Some("doublets")],
        Stakes::Single | Stakes::Nard => [None, None],
    }
}

/// Which of the two ways of [`kind_names`] a win was.
fn kinds_of(reason: EndReason) -> [bool; 2] {
    match reason {
        EndReason::BoreOff(kind) => [
            matches!(
                kind,
                WinKind::Gammon
                    | WinKind::Backgammon
                    | WinKind::BackGammon
                    | WinKind::BackGammonOnDoublets
            ),
            matches!(
                kind,
                WinKind::Backgammon | WinKind::Doublets | WinKind::BackGammonOnDoublets
            ),
        ],
        _ => [false, false],
    }
}

impl Rollout {
    /// The equity with a cube in the given access, by the cube's model at a leaf
    /// ([`super::cubeful::money_live`]: Janowski's with the gammons and back-gammons rolled out,
    /// the middle game's efficiency), from the cubeless equity rolled out (its interval the
    /// model's image of the cubeless one).
    #[must_use]
    pub fn cubeful(&self, access: Access) -> Estimate {
        let chances = Chances {
            win: self.win.mean as f32,
            win_big: self.win_kinds[0].mean as f32,
            lose_big: self.lose_kinds[0].mean as f32,
            win_triple: self.win_kinds[1].mean as f32,
            lose_triple: self.lose_kinds[1].mean as f32,
        };
        let shares = Outcomes::of(chances, self.stakes);
        let at = |equity: f64| {
            f64::from(super::cubeful::money_live(
                &shares.valued(equity as f32),
                access,
                super::cube::EFFICIENCY,
            ))
        };
        let (lo, hi) = self.equity.interval();
        let (lo, hi) = (at(lo), at(hi));
        Estimate {
            mean: at(self.equity.mean),
            se: (hi - lo).abs() / (2.0 * 1.96),
        }
    }

    /// Whether the 95% interval of the equity is at most `width` wide.
    #[must_use]
    pub fn narrower_than(&self, width: f64) -> bool {
        self.trials > 1 && 2.0 * self.equity.half_width() <= width
    }
}

/// One game played out.
#[derive(Clone, Copy, Debug, Default)]
struct Trial {
    /// The side rolled out for won (`Some(true)`), lost, or drew.
    won: Option<bool>,
    kinds: [bool; 2],
    /// Its result in stakes, and the luck it had.
    result: f64,
    luck: f64,
}

/// Running sums of one quantity over the trials.
#[derive(Clone, Copy, Debug, Default)]
struct Sum {
    sum: f64,
    squares: f64,
}

impl Sum {
    fn add(&mut self, x: f64) {
        self.sum += x;
        self.squares += x * x;
    }

    fn estimate(&self, n: usize) -> Estimate {
        if n == 0 {
            return Estimate::default();
        }
        let n = n as f64;
        let mean = self.sum / n;
        let var = if n > 1.0 {
            ((self.squares - n * mean * mean) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        Estimate {
            mean,
            se: (var / n).sqrt(),
        }
    }
}

/// The sums of every quantity a rollout reports.
#[derive(Clone, Copy, Debug, Default)]
struct Sums {
    n: usize,
    win: Sum,
    lose: Sum,
    draw: Sum,
    win_kinds: [Sum; 2],
    lose_kinds: [Sum; 2],
    equity: Sum,
    plain: Sum,
}

impl Sums {
    fn add(&mut self, t: &Trial, reduce: bool) {
        let one = |b: bool| if b { 1.0 } else { 0.0 };
        self.n += 1;
        self.win.add(one(t.won == Some(true)));
        self.lose.add(one(t.won == Some(false)));
        self.draw.add(one(t.won.is_none()));
        for k in 0..2 {
            self.win_kinds[k].add(one(t.won == Some(true) && t.kinds[k]));
            self.lose_kinds[k].add(one(t.won == Some(false) && t.kinds[k]));
        }
        self.plain.add(t.result);
        self.equity
            .add(if reduce { t.result - t.luck } else { t.result });
    }

    fn rollout(&self, stakes: Stakes, reduce: bool) -> Rollout {
        let n = self.n;
        Rollout {
            trials: n,
            stakes,
            win: self.win.estimate(n),
            lose: self.lose.estimate(n),
            draw: self.draw.estimate(n),
            win_kinds: self.win_kinds.map(|s| s.estimate(n)),
            lose_kinds: self.lose_kinds.map(|s| s.estimate(n)),
            equity: self.equity.estimate(n),
            plain_equity: self.plain.estimate(n),
            variance_reduction: reduce,
        }
    }
}

/// Everything a trial needs, shared by the threads.
struct Runner {
    start: Game,
    searcher: Searcher,
    level: Level,
    seed: u64,
    reduce: bool,
    double_hand: bool,
    dice: usize,
    /// Ordered throws: 36, or 216 with three dice.
    ordered: usize,
    /// The orders in which the first and the second throws are dealt to the trials.
    orders: [Vec<usize>; 2],
    /// For each ordered throw, its index among the searcher's throws.
    info: Vec<usize>,
}

impl Runner {
    fn new(rules: &Rules, position: &Position, settings: &Settings) -> Runner {
        let rules = Rules {
            cube: false,
            match_to: 0,
            jacoby: false,
            ..rules.clone()
        };
        let searcher = Searcher::new(&rules);
        let dice = rules.dice_count();
        let ordered = 6usize.pow(dice as u32);
        let mut rng = StdRng::seed_from_u64(settings.seed);
        let mut orders = [(0..ordered).collect::<Vec<_>>(), (0..ordered).collect()];
        for order in &mut orders {
            order.shuffle(&mut rng);
        }
        let sorted = |faces: &[u8]| {
            let mut f = faces.to_vec();
            f.sort_unstable();
            f
        };
        let info = (0..ordered)
            .map(|code| {
                let wanted = sorted(Runner::faces(code, dice).as_slice());
                searcher
                    .throws()
                    .iter()
                    .position(|t| sorted(t.throw.faces()) == wanted)
                    .unwrap_or(0)
            })
            .collect();
        Runner {
            start: Game::on_roll(rules.clone(), *position, Side::White),
            reduce: settings.variance_reduction && !rules.tick_tack,
            double_hand: rules.players == Players::DoubleHand,
            searcher,
            level: settings.level,
            seed: settings.seed,
            dice,
            ordered,
            orders,
            info,
        }
    }

    /// The faces of ordered throw `code` (its digits in base 6).
    fn faces(code: usize, dice: usize) -> Vec<u8> {
        (0..dice)
            .rev()
            .map(|k| (code / 6usize.pow(k as u32) % 6) as u8 + 1)
            .collect()
    }

    /// The ordered throw that is throw `k` of trial `i`.
    fn code(&self, i: usize, k: usize, rng: &mut StdRng) -> usize {
        let n = self.ordered;
        match k {
            0 => self.orders[0][i % n],
            1 => self.orders[1][(i % n + i / n) % n],
            _ => rng.random_range(0..n),
        }
    }

    /// The value at depth 0 of the best play of each of the rules' throws, for the side on
    /// roll in `pos`, and their mean (over the better of two throws in Double-hand), counted
    /// by the throws' ways exactly so that a sure result has no luck at all.
    fn throw_values(&self, pos: &Position) -> (Vec<f64>, f64) {
        let depth = Depth {
            plies: 1,
            root_candidates: 1,
            inner_candidates: 1,
        };
        let throws = self.searcher.throws();
        let values: Vec<f64> = throws
            .iter()
            .map(|t| f64::from(self.searcher.best_of_throw(pos, t, depth, true)))
            .collect();
        let total = self.ordered as f64;
        let ways: Vec<f64> = throws
            .iter()
            .map(|t| (f64::from(t.chance) * total).round())
            .collect();
        let mean = if self.double_hand {
            let mut sum = 0.0;
            for (wa, va) in ways.iter().zip(&values) {
                for (wb, vb) in ways.iter().zip(&values) {
                    sum += wa * wb * va.max(*vb);
                }
            }
            sum / (total * total)
        } else {
            ways.iter().zip(&values).map(|(w, v)| w * v).sum::<f64>() / total
        };
        (values, mean)
    }

    /// Trial `i`: a game played out from the start.
    fn trial(&self, i: usize) -> Result<Trial, RolloutError> {
        let mut game = self.start.clone();
        let mut rng =
            StdRng::seed_from_u64(self.seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let mut thrown = 0usize;
        let mut luck = 0.0f64;
        // The throws' values at this turn and the first throw's, while a second is awaited.
        let mut turn: Option<(Vec<f64>, f64, Option<usize>)> = None;
        let tick_tack = game.rules().tick_tack;
        for _ in 0..MAX_ACTIONS {
            if let Some(outcome) = game.outcome() {
                return Ok(Trial::of(outcome, luck));
            }
            match game.phase() {
                phase @ (Phase::ToThrow | Phase::SecondThrow) => {
                    if tick_tack && phase == Phase::ToThrow {
                        // Tick-tack: chances missed are claimed before the throw.
                        if let Some(Decision::Action(claim @ Action::Claim(_))) =
                            decide_with(&game, self.level, &self.searcher)
                        {
                            game.apply(claim)?;
                            continue;
                        }
                    }
                    let code = self.code(i, thrown, &mut rng);
                    thrown += 1;
                    let side = game.turn();
                    if self.reduce && phase == Phase::ToThrow {
                        let (values, mean) = self.throw_values(&game.position_for(side));
                        turn = Some((values, mean, None));
                    }
                    let throw = Throw::new(&Runner::faces(code, self.dice))
                        .map_err(|_| RolloutError::Stuck)?;
                    if let Some((values, mean, first)) = turn.take() {
                        let here = self.info[code];
                        match (self.double_hand, first) {
                            (true, None) => turn = Some((values, mean, Some(here))),
                            (true, Some(first)) => {
                                let best = values[first].max(values[here]);
                                luck += Runner::sign(side) * (best - mean);
                            }
                            (false, _) => {
                                luck += Runner::sign(side) * (values[here] - mean);
                            }
                        }
                    }
                    game.apply(Action::Throw(throw))?;
                }
                Phase::BreakThrowOff { .. } => {
                    let mut die = || rng.random_range(1..=6u8);
                    game.apply(Action::BreakThrowOff {
                        white: [die(), die()],
                        black: [die(), die()],
                    })?;
                }
                _ => match decide_with(&game, self.level, &self.searcher) {
                    Some(Decision::Play(play)) => {
                        game.apply_play(&play)?;
                    }
                    Some(Decision::Action(action)) => {
                        game.apply(action)?;
                    }
                    None => return Err(RolloutError::Stuck),
                },
            }
        }
        // A game that never ends (no such game has been seen) counts as a draw.
        Ok(Trial {
            luck,
            ..Trial::default()
        })
    }

    fn sign(side: Side) -> f64 {
        if side == Side::White { 1.0 } else { -1.0 }
    }
}

impl Trial {
    fn of(outcome: Outcome, luck: f64) -> Trial {
        let won = outcome.winner.map(|w| w == Side::White);
        let stake = f64::from(outcome.stake);
        Trial {
            won,
            kinds: kinds_of(outcome.reason),
            result: match won {
                Some(true) => stake,
                Some(false) => -stake,
                None => 0.0,
            },
            luck,
        }
    }
}

/// Rolls out `position` (seen from the side on roll, before it throws) under `rules`.
/// `progress` sees the rollout so far each time a trial is counted (from the calling thread);
/// setting `stop` ends the rollout with the trials counted so far. The same rules, position
/// and settings give the same rollout, whatever the number of threads.
pub fn rollout(
    rules: &Rules,
    position: &Position,
    settings: &Settings,
    progress: &mut dyn FnMut(&Rollout),
    stop: &AtomicBool,
) -> Result<Rollout, RolloutError> {
    let runner = Runner::new(rules, position, settings);
    let trials = settings.trials.max(1);
    let threads = settings
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get))
        .clamp(1, trials);
    let step = runner.ordered;
    let stakes = rules.stakes;
    let reduce = runner.reduce;
    let next = AtomicUsize::new(0);
    let halt = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for _ in 0..threads {
            let tx = tx.clone();
            let (runner, next, halt) = (&runner, &next, &halt);
            scope.spawn(move || {
                while !halt.load(Ordering::Relaxed) && !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= trials || tx.send((i, runner.trial(i))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut done: Vec<Option<Trial>> = vec![None; trials];
        let mut sums = Sums::default();
        let mut counted = 0;
        let finish = |sums: &Sums| sums.rollout(stakes, reduce);
        for (i, trial) in rx {
            let trial = match trial {
                Ok(t) => t,
                Err(e) => {
                    halt.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            };
            done[i] = Some(trial);
            while let Some(Some(t)) = done.get(counted) {
                sums.add(t, reduce);
                counted += 1;
                let so_far = finish(&sums);
                progress(&so_far);
                let narrow = settings
                    .width
                    .is_some_and(|w| counted.is_multiple_of(step) && so_far.narrower_than(w));
                if narrow || counted == trials {
                    halt.store(true, Ordering::Relaxed);
                    return Ok(so_far);
                }
            }
        }
        // Stopped from outside: the trials counted so far.
        halt.store(true, Ordering::Relaxed);
        Ok(finish(&sums))
    })
}

#[cfg(test)]
mod tests;

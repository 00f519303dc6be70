//! The analysis of a game: every decision of its record where there was a choice, judged at a
//! level by [`Judge`], and each side's mean loss and marks.
//!
//! The decisions are the plays (at the lifting of the dice), the cube's double, take and drop
//! (and a double not made where the judge would have doubled), the point broken of a bound
//! table, in Double-hand Irish the throw chosen, and at Tick-tack each score a player could
//! have claimed and let pass (a hit, a why-not, a going in missed). The record is replayed through the
//! engine's gate, so a record the rules refuse is refused here too, and the game itself is
//! never touched.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::level::Level;
use crate::tables::ticktack::Claim;
use crate::tables::{Action, Game, Phase, Position, RuleError, Side, Throw};

use super::cube::CubeChoice;
use super::judge::{Judge, Mark, PlayJudgement};

/// The level a game is judged at unless the person says otherwise: the strongest that judges a
/// game of 60 turns in under 30 s on two cores (`gamester bench analyse`). The command line and
/// the window both judge at it.
pub const DEFAULT_LEVEL: Level = Level::Expert;

/// What was chosen at one decision, and the best choice.
#[derive(Clone, Debug, PartialEq)]
pub enum Choice {
    /// A play of `throw` from `before` (seen from the mover).
    Play {
        throw: Throw,
        before: Position,
        judgement: PlayJudgement,
    },
    /// A cube action.
    Cube {
        chosen: CubeChoice,
        best: CubeChoice,
    },
    /// The point broken of a bound table (in the binder's numbering).
    Break { chosen: u8, best: u8 },
    /// Double-hand Irish: the throw played, 0 or 1.
    Throw { chosen: u8, best: u8 },
    /// Tick-tack: a score that could have been claimed, and was let pass.
    Claim { missed: Claim },
}

/// One decision judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    /// The turn it belongs to, counted from 1 (the turns completed before it, plus one).
    pub turn: u32,
    /// The side that chose.
    pub side: Side,
    /// How many actions of the record stood before the decision: the game after them waits
    /// for it (a play: with the dice thrown and no man yet moved).
    pub at: usize,
    /// How many actions of the record stood once it was made (a play: up to its lifting).
    pub made: usize,
    pub choice: Choice,
    /// What the choice lost against the best (never below 0).
    pub loss: f32,
}

impl Judged {
    #[must_use]
    pub fn mark(&self) -> Mark {
        Mark::of(self.loss)
    }
}

/// One side's figures: decisions with a choice, their mean loss, and how many earned each mark.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideSummary {
    pub decisions: usize,
    pub mean_loss: f32,
    /// Counts by mark, in the order of [`Mark::ALL`].
    pub marks: [usize; 4],
}

impl SideSummary {
    #[must_use]
    pub fn count(&self, mark: Mark) -> usize {
        self.marks[mark as usize]
    }

    /// GNU Backgammon's one-word rating of a mean loss per decision.
    #[must_use]
    pub fn rating(&self) -> &'static str {
        rating(self.mean_loss)
    }
}

/// GNU Backgammon's rating of an error rate (mean loss per decision): from "supernatural"
/// under 0.002 to "awful" from 0.035.
#[must_use]
pub fn rating(mean_loss: f32) -> &'static str {
    const SCALE: [(f32, &str); 7] = [
        (0.002, "supernatural"),
        (0.005, "world class"),
        (0.008, "expert"),
        (0.012, "advanced"),
        (0.018, "intermediate"),
        (0.026, "casual"),
        (0.035, "beginner"),
    ];
    SCALE
        .iter()
        .find(|(below, _)| mean_loss < *below)
        .map_or("awful", |(_, word)| word)
}

/// A game's analysis: the level it was judged at and the decisions in the record's order.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    pub level: Level,
    pub decisions: Vec<Judged>,
}

impl Analysis {
    /// The figures of one side.
    #[must_use]
    pub fn summary(&self, side: Side) -> SideSummary {
        let mut s = SideSummary::default();
        let mut total = 0.0;
        for d in self.decisions.iter().filter(|d| d.side == side) {
            s.decisions += 1;
            total += d.loss;
            s.marks[d.mark() as usize] += 1;
        }
        if s.decisions > 0 {
            s.mean_loss = total / s.decisions as f32;
        }
        s
    }
}

/// A decision found in the record, still to be judged.
pub(super) enum Task {
    Play {
        game: Game,
        after: Position,
    },
    Cube {
        game: Game,
        chosen: CubeChoice,
    },
    Break {
        game: Game,
        point: u8,
    },
    Throw {
        game: Game,
        chosen: u8,
    },
    /// A claim open before an action and gone after it, not made.
    Claim {
        game: Game,
        missed: Claim,
    },
}

/// A decision found in the record: whose, where, and what was chosen.
pub(super) struct Found {
    pub(super) turn: u32,
    pub(super) side: Side,
    pub(super) at: usize,
    pub(super) made: usize,
    pub(super) task: Task,
}

/// Analyses the game that began as `start` (only its beginning is read: its rules, and in a
/// match the score and the Crawford rule where they stood) and was played with this record, at
/// `level`, on as many threads as the machine has cores. Every decision is judged at the
/// game's own score: in the Crawford game the cube is never asked for, after it the trailer's
/// free double is right. `progress(done, total)` is called once the decisions are found (with
/// none done) and then as each is judged (from any of the threads). An action the rules
/// refuse is the error, as loading a save says it.
pub fn analyse(
    start: &Game,
    record: &[Action],
    level: Level,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Analysis, RuleError> {
    analyse_until(start, record, level, progress, &AtomicBool::new(false))
}

/// [`analyse`], stopped early once `stop` is set (the window's analysis, cancelled or about a
/// game no longer in play): each thread finishes the decision it is judging and judges no
/// more, and the analysis returned holds only the decisions judged. Whoever set `stop` throws
/// it away.
pub fn analyse_until(
    start: &Game,
    record: &[Action],
    level: Level,
    progress: &(dyn Fn(usize, usize) + Sync),
    stop: &AtomicBool,
) -> Result<Analysis, RuleError> {
    let found = decisions(start, record)?;
    let judge = Judge::new(start.rules(), level);
    let total = found.len();
    let done = AtomicUsize::new(0);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Judged>>> = Mutex::new(vec![None; total]);
    progress(0, total);
    let workers = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .clamp(1, total.max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(f) = found.get(i) else { break };
                    let judged = judge_one(&judge, f);
                    if let Ok(mut r) = results.lock() {
                        r[i] = judged;
                    }
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                }
            });
        }
    });
    let decisions = results
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .into_iter()
        .flatten()
        .collect();
    Ok(Analysis { level, decisions })
}

/// What letting `missed` pass cost, in points: what the claim would have scored, or where
/// the first score ends the game, the game's stake.
fn missed_claim_loss(game: &Game, missed: Claim) -> f32 {
    let rules = game.rules();
    if rules.first_score_ends {
        game.cube().value as f32
    } else {
        missed.score().worth(rules) as f32
    }
}

/// Judges one decision; `None` when it turns out there was no choice after all.
fn judge_one(judge: &Judge, f: &Found) -> Option<Judged> {
    let (choice, loss) = match &f.task {
        Task::Play { game, after } => {
            let before = game.position_for(f.side);
            let throw = game.throw()?;
            let j = judge.play_in(game, &before, throw, after)?;
            let loss = j.loss();
            (
                Choice::Play {
                    throw,
                    before,
                    judgement: j,
                },
                loss,
            )
        }
        Task::Cube { game, chosen } => {
            let (best, loss) = judge.cube(game, *chosen)?;
            // A double not made is a decision only where doubling was right.
            if *chosen == CubeChoice::NoDouble && best == CubeChoice::NoDouble {
                return None;
            }
            (
                Choice::Cube {
                    chosen: *chosen,
                    best,
                },
                loss,
            )
        }
        Task::Break { game, point } => {
            let (best, loss) = judge.broken(game, *point)?;
            (
                Choice::Break {
                    chosen: *point,
                    best,
                },
                loss,
            )
        }
        Task::Throw { game, chosen } => {
            let (best, loss) = judge.chosen_throw(game, *chosen)?;
            (
                Choice::Throw {
                    chosen: *chosen,
                    best,
                },
                loss,
            )
        }
        Task::Claim { game, missed } => (
            Choice::Claim { missed: *missed },
            missed_claim_loss(game, *missed),
        ),
    };
    Some(Judged {
        turn: f.turn,
        side: f.side,
        at: f.at,
        made: f.made,
        choice,
        loss,
    })
}

/// Replays the record from `start` (the game before its first action) and collects every
/// decision that may have had a choice.
pub(super) fn decisions(start: &Game, record: &[Action]) -> Result<Vec<Found>, RuleError> {
    let mut game = start.beginning();
    let mut found = Vec::new();
    // The game as the play being made began (dice thrown, no man moved), and where.
    let mut playing: Option<(Game, usize)> = None;
    for (i, &action) in record.iter().enumerate() {
        let turn = game.turns() + 1;
        let at = |side: Side, task: Task| Found {
            turn,
            side,
            at: i,
            made: i + 1,
            task,
        };
        match (game.phase(), action) {
            (Phase::Playing, Action::Confirm) => {
                if let Some((start, at_start)) = playing.take() {
                    let side = game.turn();
                    let mut f = at(
                        side,
                        Task::Play {
                            game: start,
                            after: game.position_for(side),
                        },
                    );
                    f.at = at_start;
                    found.push(f);
                }
            }
            (Phase::ToThrow, Action::Double) => {
                found.push(at(
                    game.turn(),
                    Task::Cube {
                        game: game.clone(),
                        chosen: CubeChoice::Double,
                    },
                ));
            }
            (Phase::ToThrow, Action::Throw(_)) if game.choices().contains(&Action::Double) => {
                found.push(at(
                    game.turn(),
                    Task::Cube {
                        game: game.clone(),
                        chosen: CubeChoice::NoDouble,
                    },
                ));
            }
            (Phase::DoubleOffered, Action::Take | Action::Drop) => {
                let chosen = if action == Action::Take {
                    CubeChoice::Take
                } else {
                    CubeChoice::Drop
                };
                found.push(at(
                    game.turn().other(),
                    Task::Cube {
                        game: game.clone(),
                        chosen,
                    },
                ));
            }
            (Phase::ChooseBreak { chooser, .. }, Action::Break(point)) => {
                found.push(at(
                    chooser,
                    Task::Break {
                        game: game.clone(),
                        point,
                    },
                ));
            }
            (Phase::ChooseThrow, Action::ChooseThrow(chosen)) => {
                found.push(at(
                    game.turn(),
                    Task::Throw {
                        game: game.clone(),
                        chosen,
                    },
                ));
            }
            _ => {}
        }
        let was_playing = game.phase() == Phase::Playing;
        let claimer = game.turn();
        let mut open = game.open_claims(claimer);
        // A hit that would lose two (Cotton: going in was open) is no score let pass.
        if game.hit_loses_two() {
            open.retain(|c| *c != Claim::Hit);
        }
        // In the order a save keeps them: a going in missed before a why-not.
        open.sort_by_key(|c| matches!(c, Claim::WhyNot));
        let before = (!open.is_empty()).then(|| game.clone());
        game.apply(action)?;
        if let Some(before) = before
            && !game.is_over()
        {
            let still = game.open_claims(claimer);
            for missed in open {
                if action != Action::Claim(missed) && !still.contains(&missed) {
                    found.push(at(
                        claimer,
                        Task::Claim {
                            game: before.clone(),
                            missed,
                        },
                    ));
                }
            }
        }
        if game.phase() == Phase::Playing && !was_playing {
            playing = (game.legal_plays().len() > 1).then(|| (game.clone(), i + 1));
        }
    }
    Ok(found)
}

//! An analysis as a saved game keeps it: for each decision, where it stands in the record, the
//! best choice and what the choice made lost, so that the analysis is given back without judging
//! the game again. Given back, it is checked against the record replayed through the engine's
//! gate: every decision kept must be one the record has, its best choice one the rules offered
//! there, its figures numbers. What does not fit is refused whole, never half believed.

use crate::level::Level;
use crate::tables::ticktack::Claim;
use crate::tables::{Action, Game, Phase, RuleError};

use super::analysis::{Analysis, Choice, Found, Judged, Task, decisions};
use super::cube::CubeChoice;
use super::judge::{Judge, PlayJudgement};

/// The most a decision may be said to lose, in stakes per unit of the cube: a game's stake
/// at its highest (a triple game, redoubled) is far below it; a figure above it is nonsense.
pub const MAX_LOSS: f32 = 1000.0;

/// The best choice of a decision, as kept.
#[derive(Clone, Debug, PartialEq)]
pub enum KeptBest {
    /// The best play's steps as `(from, die)`, in the mover's numbering: as kept, not yet
    /// known to be steps at all.
    Play(Vec<(u8, u8)>),
    Cube(CubeChoice),
    /// The best point to break, in the binder's numbering.
    Break(u8),
    /// The better of Double-hand's two throws, 0 or 1.
    Throw(u8),
    /// Tick-tack: the claim that was let pass (to claim it was best).
    Claim(Claim),
}

/// One decision as kept.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    /// How many actions of the record stood before the decision ([`Judged::at`]).
    pub at: usize,
    /// How many stood once it was made ([`Judged::made`]): it names the decision.
    pub made: usize,
    pub best: KeptBest,
    pub loss: f32,
    /// For a play, what the play made and the best play were worth to the mover.
    pub values: Option<(f32, f32)>,
}

/// Why a kept analysis does not fit its game. Decisions are counted from 1, as kept.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Unfit {
    #[error("its game's record is refused: {0}")]
    Record(RuleError),
    #[error(
        "it was made by an earlier Gamester, which judged every game of a match as if the score \
         were 0-0: analyse the game again to judge it at its score"
    )]
    BeforeTheScore,
    #[error("it keeps {kept} decisions, but the game has only {found} where a choice was made")]
    TooMany { kept: usize, found: usize },
    #[error("its decision {number} (after {made} actions) is no decision of the game")]
    NoSuchDecision { number: usize, made: usize },
    #[error("its decision {number} does not start where the game's does")]
    Start { number: usize },
    #[error("its decision {number} is out of the game's order")]
    Order { number: usize },
    #[error("its decision {number} says it lost {loss} stakes, which is no loss")]
    Loss { number: usize, loss: f32 },
    #[error("its decision {number} keeps the best choice of another kind of decision")]
    Kind { number: usize },
    #[error("its decision {number} keeps a best choice the rules did not offer there")]
    Best { number: usize },
    #[error("its decision {number} keeps no values for its play, or values that are no numbers")]
    Values { number: usize },
}

/// What to keep of `analysis`.
#[must_use]
pub fn kept(analysis: &Analysis) -> Vec<Kept> {
    analysis
        .decisions
        .iter()
        .map(|d| {
            let (best, values) = match &d.choice {
                Choice::Play { judgement, .. } => (
                    KeptBest::Play(
                        judgement
                            .best
                            .steps
                            .iter()
                            .map(|s| (s.from(), s.die()))
                            .collect(),
                    ),
                    Some((judgement.played_value, judgement.best_value)),
                ),
                Choice::Cube { best, .. } => (KeptBest::Cube(*best), None),
                Choice::Break { best, .. } => (KeptBest::Break(*best), None),
                Choice::Throw { best, .. } => (KeptBest::Throw(*best), None),
                Choice::Claim { missed } => (KeptBest::Claim(*missed), None),
            };
            Kept {
                at: d.at,
                made: d.made,
                best,
                loss: d.loss,
                values,
            }
        })
        .collect()
}

/// The analysis at `level` of the game that began as `start` and was played with this record
/// (at its own match score), given back from what was kept of it, or why what was kept does
/// not fit that game.
pub fn rebuild(
    start: &Game,
    record: &[Action],
    level: Level,
    kept: &[Kept],
) -> Result<Analysis, Unfit> {
    let found = decisions(start, record).map_err(Unfit::Record)?;
    if kept.len() > found.len() {
        return Err(Unfit::TooMany {
            kept: kept.len(),
            found: found.len(),
        });
    }
    let judge = Judge::new(start.rules(), level);
    let mut out = Vec::with_capacity(kept.len());
    let mut last = None;
    for (i, k) in kept.iter().enumerate() {
        let number = i + 1;
        let key = (k.made, kept_rank(&k.best));
        if last.is_some_and(|l| key <= l) {
            return Err(Unfit::Order { number });
        }
        last = Some(key);
        let f = found
            .binary_search_by_key(&key, |f| (f.made, found_rank(&f.task)))
            .ok()
            .and_then(|j| found.get(j))
            .ok_or(Unfit::NoSuchDecision {
                number,
                made: k.made,
            })?;
        if f.at != k.at {
            return Err(Unfit::Start { number });
        }
        if !(k.loss.is_finite() && (0.0..=MAX_LOSS).contains(&k.loss)) {
            return Err(Unfit::Loss {
                number,
                loss: k.loss,
            });
        }
        out.push(Judged {
            turn: f.turn,
            side: f.side,
            at: f.at,
            made: f.made,
            choice: choice(&judge, f, k, number)?,
            loss: k.loss,
        });
    }
    Ok(Analysis {
        level,
        decisions: out,
    })
}

/// Where a decision stands among those made with the same action (a Tick-tack score let pass
/// by the lifting of the dice or by a throw comes after the play or the cube's decision made
/// with it, a going in missed before a why-not), as `decisions` finds them: with `made`, the
/// key that orders the decisions of a game and finds each again.
fn found_rank(task: &Task) -> u8 {
    match task {
        Task::Claim { missed, .. } => claim_rank(*missed),
        _ => 0,
    }
}

fn kept_rank(best: &KeptBest) -> u8 {
    match best {
        KeptBest::Claim(claim) => claim_rank(*claim),
        _ => 0,
    }
}

fn claim_rank(claim: Claim) -> u8 {
    match claim {
        Claim::Hit => 1,
        Claim::MissedGoingIn => 2,
        Claim::WhyNot => 3,
    }
}

/// The choice of decision `f` as `k` kept it.
fn choice(judge: &Judge, f: &Found, k: &Kept, number: usize) -> Result<Choice, Unfit> {
    let best_offered = |ok: bool| {
        if ok {
            Ok(())
        } else {
            Err(Unfit::Best { number })
        }
    };
    match (&f.task, &k.best) {
        (Task::Play { game, after }, KeptBest::Play(steps)) => {
            let before = game.position_for(f.side);
            let throw = game.throw().ok_or(Unfit::NoSuchDecision {
                number,
                made: k.made,
            })?;
            let plays = judge
                .plays_of(&before, throw)
                .map(|(plays, _)| plays)
                .unwrap_or_default();
            let played = plays.iter().find(|p| p.position == *after);
            let best = plays.iter().find(|p| {
                p.steps
                    .iter()
                    .map(|s| (s.from(), s.die()))
                    .eq(steps.iter().copied())
            });
            let (Some(&played), Some(&best)) = (played, best) else {
                return Err(Unfit::Best { number });
            };
            // The analysis judges only a throw with two plays or more.
            best_offered(plays.len() >= 2)?;
            let Some((played_value, best_value)) =
                k.values.filter(|(a, b)| a.is_finite() && b.is_finite())
            else {
                return Err(Unfit::Values { number });
            };
            Ok(Choice::Play {
                throw,
                before,
                judgement: PlayJudgement {
                    played,
                    best,
                    played_value,
                    best_value,
                },
            })
        }
        (Task::Cube { game, chosen }, KeptBest::Cube(best)) => {
            let fits = match game.phase() {
                Phase::ToThrow => matches!(best, CubeChoice::Double | CubeChoice::NoDouble),
                Phase::DoubleOffered => matches!(best, CubeChoice::Take | CubeChoice::Drop),
                _ => false,
            };
            // A double not made is a decision only where doubling was right.
            best_offered(fits && (*chosen, *best) != (CubeChoice::NoDouble, CubeChoice::NoDouble))?;
            Ok(Choice::Cube {
                chosen: *chosen,
                best: *best,
            })
        }
        (Task::Break { game, point }, KeptBest::Break(best)) => {
            best_offered(game.choices().contains(&Action::Break(*best)))?;
            Ok(Choice::Break {
                chosen: *point,
                best: *best,
            })
        }
        (Task::Claim { missed, .. }, KeptBest::Claim(best)) => {
            best_offered(missed == best)?;
            Ok(Choice::Claim { missed: *missed })
        }
        (Task::Throw { game, chosen }, KeptBest::Throw(best)) => {
            best_offered(usize::from(*best) < game.throws().len())?;
            Ok(Choice::Throw {
                chosen: *chosen,
                best: *best,
            })
        }
        _ => Err(Unfit::Kind { number }),
    }
}

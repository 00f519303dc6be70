//! A game's analysis kept in its save file: the computer's [`Analysis`] written as the save
//! format's plain data ([`SavedAnalysis`]), and read back, checked against the game's record,
//! without judging the game again. The computer and the saves know nothing of each other; this
//! is where they meet.

use crate::ai::analysis::Analysis;
use crate::ai::cube::CubeChoice;
use crate::ai::kept::{self, Kept, KeptBest, Unfit};
use crate::save::{GameRecord, SavedAnalysis, SavedBest, SavedCube, SavedDecision, SavedStep};
use crate::tables::Crawford;

/// What a save file keeps of `analysis`.
#[must_use]
pub fn to_saved(analysis: &Analysis) -> SavedAnalysis {
    SavedAnalysis {
        level: analysis.level,
        at_score: true,
        decisions: kept::kept(analysis)
            .into_iter()
            .map(|k| SavedDecision {
                at: k.at,
                made: k.made,
                best: match k.best {
                    KeptBest::Play(steps) => SavedBest::Play(
                        steps
                            .into_iter()
                            .map(|(from, die)| SavedStep { from, die })
                            .collect(),
                    ),
                    KeptBest::Cube(c) => SavedBest::Cube(match c {
                        CubeChoice::Double => SavedCube::Double,
                        CubeChoice::NoDouble => SavedCube::NoDouble,
                        CubeChoice::Take => SavedCube::Take,
                        CubeChoice::Drop => SavedCube::Drop,
                    }),
                    KeptBest::Break(p) => SavedBest::Break(p),
                    KeptBest::Throw(i) => SavedBest::Throw(i),
                    KeptBest::Claim(c) => SavedBest::Claim(c),
                },
                loss: k.loss,
                values: k.values,
            })
            .collect(),
    }
}

/// The analysis a save file kept, given back for the game whose checked record is `replay`;
/// or why it does not fit that game (the game itself is not in question).
pub fn from_saved(saved: &SavedAnalysis, replay: &GameRecord) -> Result<Analysis, Unfit> {
    let t = replay.tally_before();
    let scored = (t.white, t.black, t.crawford) != (0, 0, Crawford::Ahead);
    if !saved.at_score && replay.rules().match_to > 0 && scored {
        return Err(Unfit::BeforeTheScore);
    }
    let kept: Vec<Kept> = saved
        .decisions
        .iter()
        .map(|d| Kept {
            at: d.at,
            made: d.made,
            best: match &d.best {
                SavedBest::Play(steps) => {
                    KeptBest::Play(steps.iter().map(|s| (s.from, s.die)).collect())
                }
                SavedBest::Cube(c) => KeptBest::Cube(match c {
                    SavedCube::Double => CubeChoice::Double,
                    SavedCube::NoDouble => CubeChoice::NoDouble,
                    SavedCube::Take => CubeChoice::Take,
                    SavedCube::Drop => CubeChoice::Drop,
                }),
                SavedBest::Break(p) => KeptBest::Break(*p),
                SavedBest::Throw(i) => KeptBest::Throw(*i),
                SavedBest::Claim(c) => KeptBest::Claim(*c),
            },
            loss: d.loss,
            values: d.values,
        })
        .collect();
    kept::rebuild(replay.start(), replay.record(), saved.level, &kept)
}

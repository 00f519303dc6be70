//! What one decision lost: every choice the rules offered at that moment valued at a level, and
//! the one made compared with the best. The analysis of a game ([`super::analysis`]) and the
//! tutor at the table both ask here, so a play is judged the same way by both.
//!
//! Losses are in the units of [`super::decide`]: stakes per unit of the cube, cubeless for
//! plays, the break and the choice of throw; the cube's own actions are judged by the cube
//! model of [`super::cube`], in units of the cube before the double.

use crate::level::Level;
use crate::tables::{Action, Game, Phase, Play, Position, Rules, Throw, legal_plays};

use super::cube::CubeChoice;
use super::decide::{break_values, cube_values, cube_values_deeper, play_depth, throw_values};
use super::search::{Depth, Searcher};

/// How bad a decision was, on GNU Backgammon's default scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// Lost under 0.04.
    Ok,
    /// Lost 0.04 or more.
    Doubtful,
    /// Lost 0.08 or more.
    Bad,
    /// Lost 0.16 or more.
    VeryBad,
}

impl Mark {
    pub const ALL: [Mark; 4] = [Mark::Ok, Mark::Doubtful, Mark::Bad, Mark::VeryBad];

    /// The least loss, in stakes, that earns the mark (0 for ok).
    #[must_use]
    pub fn least_loss(self) -> f32 {
        match self {
            Mark::Ok => 0.0,
            Mark::Doubtful => 0.04,
            Mark::Bad => 0.08,
            Mark::VeryBad => 0.16,
        }
    }

    /// The mark a loss earns.
    #[must_use]
    pub fn of(loss: f32) -> Mark {
        Mark::ALL
            .into_iter()
            .rev()
            .find(|m| loss >= m.least_loss())
            .unwrap_or(Mark::Ok)
    }

    /// As the command line prints it: `ok`, `doubtful`, `bad`, `very-bad`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Mark::Ok => "ok",
            Mark::Doubtful => "doubtful",
            Mark::Bad => "bad",
            Mark::VeryBad => "very-bad",
        }
    }
}

/// A play judged against the best play of the same throw.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayJudgement {
    /// The play made.
    pub played: Play,
    /// The best play found.
    pub best: Play,
    /// What the play made is worth to the mover, and the best.
    pub played_value: f32,
    pub best_value: f32,
}

impl PlayJudgement {
    /// What the play lost against the best (never below 0).
    #[must_use]
    pub fn loss(&self) -> f32 {
        (self.best_value - self.played_value).max(0.0)
    }
}

/// Judges decisions under one set of rules at one level.
#[derive(Clone, Debug)]
pub struct Judge {
    searcher: Searcher,
    level: Level,
    /// Tick-tack's rules, whose plays are judged by their own scores, not by a network.
    tick_tack: Option<Box<Rules>>,
}

impl Judge {
    #[must_use]
    pub fn new(rules: &Rules, level: Level) -> Judge {
        Judge {
            searcher: Searcher::new(rules),
            level,
            tick_tack: rules.tick_tack.then(|| Box::new(rules.clone())),
        }
    }

    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// The play of `throw` from `pos` (seen from the mover) that leaves `after`, against the
    /// best play of that throw. `None` when the throw had fewer than two plays (nothing was
    /// chosen) or when no legal play leaves `after`.
    ///
    /// Every play is valued at depth 0; the plays the level's filter keeps
    /// ([`super::search::Searcher::deepen`]) and the play made are then searched to the level's
    /// full depth, and the best of those is the best play. The judging never adds a novice's leanings: novice judges as fair does.
    #[must_use]
    pub fn play(&self, pos: &Position, throw: Throw, after: &Position) -> Option<PlayJudgement> {
        self.play_by(&self.searcher, pos, throw, after, None)
    }

    /// [`Judge::play`] of the play being made in `game`, by the game's stakes: in a match,
    /// each way the game may end valued by the match's score from the side playing.
    #[must_use]
    pub fn play_in(
        &self,
        game: &Game,
        pos: &Position,
        throw: Throw,
        after: &Position,
    ) -> Option<PlayJudgement> {
        let cube = super::decide::PlaysWithCube::of(game, &self.searcher, self.level);
        self.play_by(
            &super::decide::for_plays(game, &self.searcher),
            pos,
            throw,
            after,
            cube.as_ref(),
        )
    }

    fn play_by(
        &self,
        searcher: &Searcher,
        pos: &Position,
        throw: Throw,
        after: &Position,
        cube: Option<&super::decide::PlaysWithCube>,
    ) -> Option<PlayJudgement> {
        let (plays, doublets) = self.plays_of(pos, throw)?;
        if plays.len() < 2 {
            return None;
        }
        let made = plays.iter().position(|p| p.position == *after)?;
        if let Some(rules) = &self.tick_tack {
            return Some(Self::tick_tack_play(rules, pos, throw, &plays, made));
        }
        let depth = play_depth(self.level, searcher);
        let zero = Depth { plies: 0, ..depth };
        let scored: Vec<(usize, f32)> = plays
            .iter()
            .enumerate()
            .map(|(i, p)| (i, searcher.after_play(&p.position, doublets, zero)))
            .collect();
        let positions: Vec<Position> = plays.iter().map(|p| p.position).collect();
        let with_cube = cube.map(|c| |i: usize| c.value(&positions[i], doublets));
        let last = with_cube
            .as_ref()
            .map(|f| f as &(dyn Fn(usize) -> f32 + Sync));
        let carried = super::search::Carried {
            keep: 1,
            also: Some(made),
            last,
        };
        let scored = searcher.deepen(&positions, doublets, depth, scored, carried);
        let (best, best_value) = scored[0];
        let played_value = scored
            .iter()
            .find(|(i, _)| *i == made)
            .map_or(best_value, |(_, v)| *v);
        Some(PlayJudgement {
            played: plays[made],
            best: plays[best],
            played_value,
            best_value,
        })
    }

    /// Tick-tack: every play of the throw valued by what it scores and leaves to be scored
    /// ([`super::ticktack::worth`]), the play made (`plays[made]`) against the best.
    fn tick_tack_play(
        rules: &Rules,
        pos: &Position,
        throw: Throw,
        plays: &[Play],
        made: usize,
    ) -> PlayJudgement {
        let moves = throw.moves(rules.dice, rules.doublets);
        let chances = crate::tables::ticktack::chances(pos, moves, rules);
        let values: Vec<f32> = plays
            .iter()
            .map(|p| super::ticktack::worth(rules, pos, chances, &p.position))
            .collect();
        let best = (0..plays.len())
            .max_by(|&a, &b| values[a].total_cmp(&values[b]))
            .unwrap_or(made);
        PlayJudgement {
            played: plays[made],
            best: plays[best],
            played_value: values[made],
            best_value: values[best],
        }
    }

    /// The plays of `throw` from `pos` (seen from the mover) that the judge weighs, in the
    /// order it weighs them, and whether the throw is doublets; `None` for a throw the rules'
    /// dice cannot show. A play kept with a saved analysis is found again here.
    #[must_use]
    pub fn plays_of(&self, pos: &Position, throw: Throw) -> Option<(Vec<Play>, bool)> {
        let t = self.searcher.throw_info(throw)?;
        let plays = legal_plays(pos, t.moves, self.searcher.eval.move_rules);
        Some((plays, t.doublets))
    }

    /// A cube decision in `game` (waiting for the side on roll to throw or double, or for the
    /// taker's answer): the best choice, and what `chosen` lost against it. `None` when the
    /// game waits for no cube decision.
    #[must_use]
    pub fn cube(&self, game: &Game, chosen: CubeChoice) -> Option<(CubeChoice, f32)> {
        let fits = match game.phase() {
            Phase::ToThrow => {
                game.choices().contains(&Action::Double)
                    && matches!(chosen, CubeChoice::Double | CubeChoice::NoDouble)
            }
            Phase::DoubleOffered => matches!(chosen, CubeChoice::Take | CubeChoice::Drop),
            _ => false,
        };
        fits.then(|| {
            let (best, loss) = cube_values(game, &self.searcher, self.level).judge(chosen);
            if Mark::of(loss) < Mark::Bad {
                return (best, loss);
            }
            // A choice the search calls bad or worse is looked at two throws further before it
            // is called so: the network errs most in the few positions where a double is
            // worth much more or less than it finds, and the deeper look finds most of them
            // (docs/computer.md).
            cube_values_deeper(game, &self.searcher, self.level).judge(chosen)
        })
    }

    /// The point broken of a bound table in `game` (waiting for the choice), against the
    /// best point: `(best point, loss)`. `None` when no break is chosen now, when the table has
    /// fewer than two points to break, or when `point` is not one of them.
    #[must_use]
    pub fn broken(&self, game: &Game, point: u8) -> Option<(u8, f32)> {
        let values = break_values(game, &self.searcher, self.level);
        if values.len() < 2 {
            return None;
        }
        let chosen = values.iter().find(|(p, _)| *p == point)?.1;
        let (best, best_v) = values
            .iter()
            .copied()
            .fold((0, f32::MIN), |b, c| if c.1 > b.1 { c } else { b });
        Some((best, (best_v - chosen).max(0.0)))
    }

    /// Double-hand Irish: the throw chosen (0 or 1) in `game`, against the better one:
    /// `(better, loss)`. `None` unless the game waits for that choice.
    #[must_use]
    pub fn chosen_throw(&self, game: &Game, chosen: u8) -> Option<(u8, f32)> {
        if game.phase() != Phase::ChooseThrow {
            return None;
        }
        let values = throw_values(game, &self.searcher, self.level);
        let chosen_v = *values.get(usize::from(chosen))?;
        let (best, best_v) = values
            .iter()
            .copied()
            .enumerate()
            .fold((0, f32::MIN), |b, (i, v)| if v > b.1 { (i, v) } else { b });
        Some((best as u8, (best_v - chosen_v).max(0.0)))
    }
}

//! What the computer does now: its play, its cube actions, which throw it plays in
//! Double-hand Irish and which point of a bound table it breaks, at the chosen [`Level`].
//!
//! It reads the game only through the engine's public view (the position, the throw thrown,
//! the legal plays, the choices) and answers only with what the engine offers: a play from
//! [`Game::legal_plays`] or an action from [`Game::choices`]. It never sees a throw before it is
//! thrown: the search averages over every throw the dice could give.
//!
//! Values are in stakes per unit of the cube, from the point of view of the side deciding:
//! +1 is as good as a sure single game won, −1 a sure single game lost; stakes tables that pay
//! more (gammons, back-gammons, Nard's count) give values beyond ±1.

use crate::tables::{Action, Game, Phase, Play, Position, Rules, Throw};

pub use super::cube::match_score;
use super::cube::{Access, CubeValues, MatchChances, MatchScore};
use super::cubeful::{Cube, Cubeful};
use super::ends::{MatchWeights, Outcomes};
use super::learner;
pub(crate) use super::search::position_depth;
use super::search::{Depth, Searcher};
use crate::level::Level;

pub use super::decision::Decision;

/// How a level searches plays.
pub(crate) fn play_depth(level: Level, searcher: &Searcher) -> Depth {
    // Three dice, or a free choice of how much to play, multiply the plays to look at: the
    // expert then looks one throw ahead instead of two.
    let many_throws = searcher.throws().len() > 21 || searcher.free_compulsion();
    match level {
        Level::Novice | Level::Fair => Depth {
            plies: 0,
            root_candidates: 0,
            inner_candidates: 0,
        },
        Level::Expert if many_throws => Depth {
            plies: 1,
            root_candidates: 6,
            inner_candidates: 1,
        },
        Level::Expert => Depth {
            plies: 2,
            root_candidates: 8,
            inner_candidates: 1,
        },
    }
}

/// Every play of `plays` with its value to the mover, best first; at a level that looks ahead,
/// only the plays [`Searcher::deepen`] carries to the full depth (the best `keep` among them)
/// are returned, valued with the cube where `cube` is given.
pub(crate) fn ranked(
    searcher: &Searcher,
    plays: &[Play],
    doublets: bool,
    level: Level,
    keep: usize,
    cube: Option<&PlaysWithCube>,
) -> Vec<(Play, f32)> {
    let depth = play_depth(level, searcher);
    let zero = Depth { plies: 0, ..depth };
    let learner = level == Level::Novice;
    let scored: Vec<(usize, f32)> = plays
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let v = searcher.after_play(&p.position, doublets, zero);
            let lean = if learner {
                learner::lean(searcher, &p.position)
            } else {
                0.0
            };
            (i, v + lean)
        })
        .collect();
    let positions: Vec<Position> = plays.iter().map(|p| p.position).collect();
    let at = &positions;
    let with_cube = cube.map(|c| move |i: usize| c.value(&at[i], doublets));
    let last = with_cube
        .as_ref()
        .map(|f| f as &(dyn Fn(usize) -> f32 + Sync));
    let carried = super::search::Carried {
        keep,
        also: None,
        last,
    };
    let mut ranked = searcher.deepen(&positions, doublets, depth, scored, carried);
    ranked.truncate(keep.max(1));
    ranked.into_iter().map(|(i, v)| (plays[i], v)).collect()
}

/// The best `n` plays of the throw being played, best first, each with its value to the side
/// playing (stakes per unit of the cube; see the module's documentation). Empty unless the game
/// is in [`Phase::Playing`].
#[must_use]
pub fn rank_plays(game: &Game, level: Level, n: usize) -> Vec<(Play, f32)> {
    if game.phase() != Phase::Playing || n == 0 {
        return Vec::new();
    }
    if game.rules().tick_tack {
        return super::ticktack::rank_plays(game, level, n);
    }
    let plain = Searcher::new(game.rules());
    let searcher = for_plays(game, &plain);
    let doublets = game.throw().is_some_and(|t| t.is_doublets());
    let cube = PlaysWithCube::of(game, &plain, level);
    ranked(
        &searcher,
        &game.legal_plays(),
        doublets,
        level,
        n,
        cube.as_ref(),
    )
}

/// The search that chooses the side on roll's play: in a match, `searcher` valuing each way
/// the game may end by the match's score from that side (a gammon may be worth nothing, or
/// the match); for stakes under the Jacoby rule with the cube in the middle, every end a
/// single game; else `searcher` itself.
#[must_use]
pub fn for_plays(game: &Game, searcher: &Searcher) -> Searcher {
    match match_score(game, game.turn()) {
        Some(score) => searcher.in_match(&score),
        None if jacoby_single(game) => searcher.weighed(MatchWeights::single()),
        None => searcher.clone(),
    }
}

/// What the computer does now for the side whose decision it is, or `None` when the game
/// waits for dice or is over. In [`Phase::ToThrow`] it is `Some(Action::Double)` when the
/// computer would double, else `None` (it simply throws). The same game gives the same
/// decision.
#[must_use]
pub fn decide(game: &Game, level: Level) -> Option<Decision> {
    decide_with(game, level, &Searcher::new(game.rules()))
}

/// [`decide`], judging with `searcher` (built for the game's rules, perhaps with a network of
/// its own).
#[must_use]
pub fn decide_with(game: &Game, level: Level, searcher: &Searcher) -> Option<Decision> {
    // Tick-tack's scores are weighed by its own judge, not by the networks of the games
    // where men are taken up.
    if game.rules().tick_tack {
        return super::ticktack::decide(game, level);
    }
    match game.phase() {
        Phase::Playing => {
            let doublets = game.throw().is_some_and(|t| t.is_doublets());
            let plays = game.legal_plays();
            if let [only] = plays[..] {
                return Some(Decision::Play(only));
            }
            let cube = PlaysWithCube::of(game, searcher, level);
            ranked(
                &for_plays(game, searcher),
                &plays,
                doublets,
                level,
                1,
                cube.as_ref(),
            )
            .first()
            .map(|(p, _)| Decision::Play(*p))
        }
        Phase::ToThrow => {
            if let Some(stake) = super::resign::offer(game, searcher, level) {
                return Some(Decision::Action(Action::Resign(stake)));
            }
            if !game.choices().contains(&Action::Double) {
                return None;
            }
            cube_values(game, searcher, level)
                .should_double()
                .then_some(Decision::Action(Action::Double))
        }
        Phase::DoubleOffered => Some(Decision::Action(
            if cube_values(game, searcher, level).should_take() {
                Action::Take
            } else {
                Action::Drop
            },
        )),
        Phase::ResignOffered { .. } => Some(Decision::Action(
            if super::resign::accepts(game, searcher, level) {
                Action::AcceptResignation
            } else {
                Action::DeclineResignation
            },
        )),
        Phase::ChooseThrow => {
            let values = throw_values(game, searcher, level);
            Some(Decision::Action(Action::ChooseThrow(u8::from(
                values.get(1).copied().unwrap_or(f32::MIN)
                    > values.first().copied().unwrap_or(f32::MIN),
            ))))
        }
        Phase::ChooseBreak { .. } => break_values(game, searcher, level)
            .into_iter()
            .fold(None, |best: Option<(u8, f32)>, (p, v)| match best {
                Some((_, bv)) if bv >= v => best,
                _ => Some((p, v)),
            })
            .map(|(p, _)| Decision::Action(Action::Break(p))),
        Phase::ThrowOff | Phase::BreakThrowOff { .. } | Phase::SecondThrow | Phase::Over(_) => None,
    }
}

/// The cube's values to the side on roll, who doubles or has doubled (in [`Phase::ToThrow`]
/// and [`Phase::DoubleOffered`]), judged at `level`.
pub(crate) fn cube_values(game: &Game, searcher: &Searcher, level: Level) -> CubeValues {
    cube_values_at(&CubeAt::of(game), searcher, level).0
}

/// [`cube_values`] with the game's own searcher, for tests and tools: what the computer
/// doubles, takes and drops by.
#[must_use]
pub fn cube_values_for(game: &Game, level: Level) -> CubeValues {
    cube_values(game, &Searcher::new(game.rules()), level)
}

/// A cube decision as the cube model sees it, with or without a game: the position seen
/// from the side that may double (or has doubled), on roll; who may turn the cube; the
/// match's score from that side (`None` for stakes); and whether, for stakes under the
/// Jacoby rule, every end is still a single game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeAt {
    pub position: Position,
    pub access: Access,
    pub score: Option<MatchScore>,
    pub jacoby_single: bool,
    /// The rules' stakes table (what a gammon scores).
    pub stakes: crate::tables::Stakes,
}

impl CubeAt {
    /// The cube as the cubeful search carries it, from the side on roll.
    fn cube(&self) -> Cube {
        Cube {
            value: self.score.map_or(1, |s| s.cube.max(1)),
            access: self.access,
            score: self.score,
            jacoby: self.jacoby_single,
            live: true,
        }
    }

    /// A value of the cubeful search from the side on roll (money times the cube, or a chance
    /// of winning the match) in the units of [`CubeValues`]: a single game at the cube's value
    /// is 1.
    fn in_units(&self, raw: f32) -> f32 {
        match &self.score {
            Some(score) => {
                let chances = MatchChances {
                    no_double: raw,
                    double_take: raw,
                    double_drop: raw,
                };
                CubeValues::of_chances(&chances, score).no_double
            }
            None => raw / self.cube().value as f32,
        }
    }

    /// The decision in `game`, from the side on roll.
    #[must_use]
    pub fn of(game: &Game) -> CubeAt {
        let doubler = game.turn();
        CubeAt {
            position: game.position_for(doubler),
            access: match game.cube().owner {
                None => Access::Centred,
                Some(owner) if owner == doubler => Access::Mine,
                Some(_) => Access::Theirs,
            },
            score: match_score(game, doubler),
            jacoby_single: jacoby_single(game),
            stakes: game.rules().stakes,
        }
    }
}

/// The cube's values at `at` judged at `level` (in units of the cube), and in a match the
/// doubler's chances of winning the match after each way the double can go.
pub(crate) fn cube_values_at(
    at: &CubeAt,
    searcher: &Searcher,
    level: Level,
) -> (CubeValues, Option<MatchChances>) {
    // A network of the stakes (Nard's count) gives no chances for the cube's leaves: its
    // value, searched, is mixed with the live cube at the root.
    if searcher.eval.stakes_scale().is_none() {
        return cubeful_values(at, searcher, level);
    }
    let v = searcher.thrown(&at.position, position_depth(level));
    match at.score {
        Some(score) => {
            let chances = searcher.eval.chances(&at.position);
            let outcomes = Outcomes::of(chances, at.stakes).valued(v);
            let chances = MatchChances::of(&outcomes, &score, at.access);
            (CubeValues::of_chances(&chances, &score), Some(chances))
        }
        None if at.jacoby_single => {
            let single = searcher
                .weighed(MatchWeights::single())
                .thrown(&at.position, position_depth(level));
            (CubeValues::jacoby(single, v), None)
        }
        None => (CubeValues::new(v, at.access), None),
    }
}

/// Whether the Jacoby rule makes every end of the game a single game as things stand: a
/// session for stakes under the rule, the cube not yet turned.
#[must_use]
pub fn jacoby_single(game: &Game) -> bool {
    game.cube().single_only(game.rules())
}

/// Double-hand Irish: what each throw on offer is worth to the side choosing, by its best play
/// at `level` (one value a throw, in the order of [`Game::throws`]).
pub(crate) fn throw_values(game: &Game, searcher: &Searcher, level: Level) -> Vec<f32> {
    let pos = game.position_for(game.turn());
    game.throws()
        .iter()
        .map(|throw| {
            let Some(t) = searcher.throw_info(*throw) else {
                return f32::MIN;
            };
            if searcher.throw_loses(&pos, t) {
                return -1.0;
            }
            let plays = crate::tables::legal_plays(&pos, t.moves, searcher.eval.move_rules);
            ranked(searcher, &plays, t.doublets, level, 1, None)
                .first()
                .map_or(f32::MIN, |(_, v)| *v)
        })
        .collect()
}

/// Each point of the bound table that may be broken, with what breaking it is worth to the
/// chooser (whether the table is his own or his adversary's), in [`Phase::ChooseBreak`].
pub(crate) fn break_values(game: &Game, searcher: &Searcher, level: Level) -> Vec<(u8, f32)> {
    let Phase::ChooseBreak { chooser, .. } = game.phase() else {
        return Vec::new();
    };
    // The side to move (on roll after the break) has men to enter.
    let pos = game.position_for(game.turn());
    let sign = if chooser == game.turn() { 1.0 } else { -1.0 };
    let depth = position_depth(level);
    Searcher::break_points(&pos)
        .into_iter()
        .map(|(p, after)| (p, sign * searcher.thrown(&after, depth)))
        .collect()
}

/// The computer's play of `throw` from `pos` (seen from the side to play) under `rules`, with
/// its value; `None` only if the rules have no such throw. A throw of which nothing can be
/// played gives the empty play.
#[must_use]
pub fn best_play(rules: &Rules, pos: &Position, throw: Throw, level: Level) -> Option<(Play, f32)> {
    let searcher = Searcher::new(rules);
    let moves = throw.moves(rules.dice, rules.doublets);
    let plays = crate::tables::legal_plays(pos, moves, searcher.eval.move_rules);
    ranked(&searcher, &plays, throw.is_doublets(), level, 1, None)
        .into_iter()
        .next()
}

/// The cube's part in the plays, where the cube is in the game and the level looks ahead: each
/// play searched deep is worth what the cubeful search gives the position it leaves, the
/// adversary taking his own cube decision first, as GNU Backgammon values plays (its cubeful
/// equity), in the units of [`CubeValues`]. The computer's play, the hint's plays and the
/// analysis's verdicts all take it.
pub(crate) struct PlaysWithCube {
    at: CubeAt,
    chooser: Searcher,
    plies: u8,
}

impl PlaysWithCube {
    /// `None` where the cube plays no part: no cube in the rules, the Crawford game (played
    /// without it), a level that does not look ahead, a network that gives no chances
    /// (Nard's), Tick-tack.
    pub(crate) fn of(game: &Game, searcher: &Searcher, level: Level) -> Option<PlaysWithCube> {
        let plies = cube_plies(level);
        let rules = game.rules();
        if plies == 0
            || !rules.cube
            || game.is_crawford_game()
            || rules.tick_tack
            || searcher.eval.stakes_scale().is_some()
        {
            return None;
        }
        Some(PlaysWithCube {
            at: CubeAt::of(game),
            chooser: for_plays(game, searcher),
            plies,
        })
    }

    /// What the play that leaves `after` (seen from the side playing) is worth with the cube.
    pub(crate) fn value(&self, after: &Position, doublets: bool) -> f32 {
        let search = Cubeful {
            searcher: &self.chooser,
            stakes: self.at.stakes,
            plays_by: self.at.cube(),
        };
        let raw = search.after_play(after, doublets, &[self.at.cube()], self.plies, true)[0];
        self.at.in_units(raw)
    }
}

/// How many throws the cube's decisions look ahead at `level`: the expert two, as GNU
/// Backgammon's 2-ply analysis does (measured in docs/computer.md: one throw agrees with it
/// no more often than the cube at the root), the others none.
pub(crate) fn cube_plies(level: Level) -> u8 {
    if level == Level::Expert { 2 } else { 0 }
}

/// The cube's values at `at` by the cubeful search ([`super::cubeful`]).
fn cubeful_values(
    at: &CubeAt,
    searcher: &Searcher,
    level: Level,
) -> (CubeValues, Option<MatchChances>) {
    cubeful_values_looking(at, searcher, cube_plies(level))
}

/// The cube's values in `game` as [`cube_values`] finds them, but looking two throws further
/// than `level` does: how the analysis and the tutor check a cube choice before they call it
/// bad. A network of the stakes (Nard's count) values the cube at the root alone, and is not
/// looked at further.
pub(crate) fn cube_values_deeper(game: &Game, searcher: &Searcher, level: Level) -> CubeValues {
    let at = CubeAt::of(game);
    if searcher.eval.stakes_scale().is_none() {
        return cubeful_values_looking(&at, searcher, cube_plies(level) + 2).0;
    }
    cube_values_at(&at, searcher, level).0
}

/// The cube's values at `at` by the cubeful search, `plies` throws deep.
fn cubeful_values_looking(
    at: &CubeAt,
    searcher: &Searcher,
    plies: u8,
) -> (CubeValues, Option<MatchChances>) {
    let cube = at.cube();
    let value = cube.value;
    let chooser = match &at.score {
        Some(score) => searcher.in_match(score),
        None => searcher.clone(),
    };
    let search = Cubeful {
        searcher: &chooser,
        stakes: at.stakes,
        plays_by: cube,
    };
    let vals = search.no_double(&at.position, &[cube, cube.doubled()], plies, true);
    let (nd, dt, dp) = (vals[0], vals[1], cube.cashed());
    match at.score {
        Some(score) => {
            let chances = MatchChances {
                no_double: nd,
                double_take: dt,
                double_drop: dp,
            };
            (CubeValues::of_chances(&chances, &score), Some(chances))
        }
        None => {
            let unit = value as f32;
            (
                CubeValues {
                    no_double: nd / unit,
                    double_take: dt / unit,
                    double_drop: dp / unit,
                },
                None,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::Preset;

    /// A race the mover's play leaves, the adversary on roll: the mover 75 pips (five men on
    /// each of his 6, 5 and 4 points), the adversary 60 (five on each of his 5, 4 and 3
    /// points): past the adversary's cash point, and no gammon for either.
    fn behind_in_the_race() -> Position {
        let mut pips = [0i8; 26];
        pips[6] = 5;
        pips[5] = 5;
        pips[4] = 5;
        pips[25 - 5] = -5;
        pips[25 - 4] = -5;
        pips[25 - 3] = -5;
        Position::from_pips(pips).expect("a position")
    }

    #[test]
    fn a_play_that_gives_the_adversary_his_cash_is_worth_the_cube_lost() {
        let mut rules = Rules::preset(Preset::Modern);
        rules.cube = true;
        let game = Game::new(rules.clone()).expect("the modern rules");
        let searcher = Searcher::new(&rules);
        let after = behind_in_the_race();
        let cubeless = searcher.after_play(&after, false, position_depth(Level::Expert));
        assert!(cubeless > -0.95 && cubeless < -0.4, "{cubeless}");
        let cube = PlaysWithCube::of(&game, &searcher, Level::Expert).expect("a cube in play");
        // He doubles and the mover passes: one game at the cube's value, exactly.
        assert_eq!(cube.value(&after, false), -1.0);
        // No cube in the rules, or a level that does not look ahead: the plays are cubeless.
        rules.cube = false;
        let game = Game::new(rules).expect("the modern rules");
        assert!(PlaysWithCube::of(&game, &searcher, Level::Expert).is_none());
        let mut rules = Rules::preset(Preset::Modern);
        rules.cube = true;
        let game = Game::new(rules).expect("the modern rules");
        assert!(PlaysWithCube::of(&game, &searcher, Level::Fair).is_none());
    }
}

//! The cube hint (`ai::cube_hint`): offered only at a cube decision, never in the Crawford
//! game; the leader's dead cube after it is never doubled and the trailer's free double is;
//! the hint's action is the computer's own decision; in a match it gives the chances of
//! winning the match.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gamester_core::ai::cube_hint::CubeAction;
use gamester_core::ai::decide::{cube_values_for, match_score};
use gamester_core::ai::random::random_decision;
use gamester_core::ai::{Decision, cube_hint, decide};
use gamester_core::level::Level;
use gamester_rules::tables::{
    Action, Crawford, FairDice, Game, LoadedDice, Phase, Preset, Rules, Side, Tally,
};

fn match_rules(length: u16) -> Rules {
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.match_to = length;
    rules
}

/// A game of a match to 5 at `white`-`black`, White having opened with 3-1 (8/5 6/5): Black
/// is then to throw, or to double.
fn opened(white: u32, black: u32, crawford: Crawford) -> Game {
    let tally = Tally {
        white,
        black,
        crawford,
        ..Tally::default()
    };
    let mut game = Game::with_tally(match_rules(5), tally).unwrap();
    game.throw_with(&mut LoadedDice::new(&[3, 1])).unwrap();
    let play = game
        .legal_plays()
        .into_iter()
        .find(|p| p.position.at(5) == 2)
        .unwrap();
    game.apply_play(&play).unwrap();
    assert_eq!((game.turn(), game.phase()), (Side::Black, Phase::ToThrow));
    game
}

#[test]
fn after_the_crawford_game_the_trailers_free_double_is_right_and_the_leaders_cube_dead() {
    let mut game = opened(4, 0, Crawford::Played);
    let hint = cube_hint(&game, Level::Fair).unwrap();
    assert_eq!(hint.doubler, Side::Black);
    assert!(hint.action.doubles(), "{hint:?}");
    assert!(!hint.offered && !hint.redouble);
    let chances = hint
        .chances
        .expect("a match gives the chances of winning it");
    // The pass gives the trailer (5 away) his point: 4 away against 1 away after the Crawford
    // game
    let passed = gamester_core::ai::cube::match_equity(4, 1, true);
    assert!((chances.double_drop - passed).abs() < 1e-6, "{chances:?}");
    assert!(
        chances.no_double > 0.0 && chances.no_double < 0.5,
        "{chances:?}"
    );
    assert!(chances.double_take >= chances.no_double, "{chances:?}");
    // Black doubles; White's answer is hinted from the same values
    game.apply(Action::Double).unwrap();
    let answer = cube_hint(&game, Level::Fair).unwrap();
    assert!(answer.offered);
    assert_eq!(answer.values, hint.values);
    // The leader, on roll with the cube in the middle, never doubles: his cube is dead
    let mut game = opened(4, 0, Crawford::Played);
    game.throw_with(&mut LoadedDice::new(&[6, 5])).unwrap();
    let play = game.legal_plays()[0];
    game.apply_play(&play).unwrap();
    assert_eq!((game.turn(), game.phase()), (Side::White, Phase::ToThrow));
    let hint = cube_hint(&game, Level::Fair).expect("the rules let the leader double");
    assert_eq!(hint.action, CubeAction::DeadCube, "{hint:?}");
    assert_eq!(hint.gnubg_words(), "Never double, take (dead cube)");
    assert_eq!(decide(&game, Level::Fair), None);
}

#[test]
fn in_the_crawford_game_there_is_no_cube_hint() {
    let game = opened(4, 0, Crawford::ThisGame);
    assert!(game.is_crawford_game());
    assert_eq!(cube_hint(&game, Level::Fair), None);
    // Nor while a throw is played
    let mut game = opened(2, 0, Crawford::Ahead);
    game.throw_with(&mut LoadedDice::new(&[6, 5])).unwrap();
    assert_eq!(cube_hint(&game, Level::Fair), None);
}

#[test]
fn the_hints_action_is_the_computers_own_decision_at_every_cube_decision() {
    // Random games of matches of every length and score, and for stakes: wherever a side may
    // double, the hint doubles exactly when the computer would (the dead cube never; a tie
    // aside, and where the computer resigns instead), and at a double offered it takes
    // exactly when the computer would.
    let (mut doubling, mut answers, mut in_match) = (0, 0, 0);
    for seed in 0..60u64 {
        let length = [0u16, 3, 5, 7, 9, 11][(seed % 6) as usize];
        let tally = Tally {
            white: (seed as u32 * 7) % u32::from(length.max(1)),
            black: (seed as u32 * 3) % u32::from(length.max(1)),
            ..Tally::default()
        };
        let Ok(mut game) = Game::with_tally(match_rules(length), tally) else {
            continue;
        };
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(seed);
        let mut dice = FairDice::seeded(seed);
        for _ in 0..120 {
            if game.is_over() {
                break;
            }
            if let Some(hint) = cube_hint(&game, Level::Fair) {
                let decided = decide(&game, Level::Fair);
                let values = cube_values_for(&game, Level::Fair);
                assert_eq!(hint.values, values, "seed {seed}");
                if hint.offered {
                    answers += 1;
                    let takes = decided == Some(Decision::Action(Action::Take));
                    assert_eq!(hint.action.takes(), takes, "seed {seed}: {hint:?}");
                } else {
                    doubling += 1;
                    let doubles = decided == Some(Decision::Action(Action::Double));
                    let resigns = matches!(decided, Some(Decision::Action(Action::Resign(_))));
                    if resigns {
                        // The computer gives the game up rather than play the cube
                    } else if hint.action == CubeAction::DeadCube {
                        assert!(!doubles, "seed {seed}: a dead cube doubled");
                    } else if (values.double() - values.no_double).abs() > 1e-6 {
                        assert_eq!(hint.action.doubles(), doubles, "seed {seed}: {hint:?}");
                    }
                }
                assert_eq!(hint.chances.is_some(), length > 0);
                if let Some(c) = hint.chances {
                    in_match += 1;
                    for p in [c.no_double, c.double_take, c.double_drop] {
                        assert!((0.0..=1.0).contains(&p), "{c:?}");
                    }
                    let score = match_score(&game, game.turn()).unwrap();
                    assert!((c.double_drop - score.after(i64::from(score.cube))).abs() < 1e-6);
                }
            }
            match random_decision(&game, &mut rng) {
                Some(Decision::Play(p)) => {
                    game.apply_play(&p).unwrap();
                }
                Some(Decision::Action(a)) => {
                    game.apply(a).unwrap();
                }
                None => {
                    game.throw_with(&mut dice).unwrap();
                }
            }
        }
    }
    assert!(
        doubling > 200 && answers > 10 && in_match > 100,
        "{doubling} {answers} {in_match}"
    );
}

/// `bench ai` times the cube over real cube decisions: games where the side on roll may double
/// before it throws, and doubles offered, from fair play with the cube, for stakes and in a
/// match; the hint has an answer at each. Under rules without the cube there are none.
#[test]
fn the_cube_sample_holds_chances_to_double_and_doubles_offered() {
    use gamester_core::sample::cube_sample;
    use gamester_rules::tables::{Action, Phase, Preset, Rules};
    let mut stakes = Rules::preset(Preset::Modern);
    stakes.cube = true;
    let mut to_seven = stakes.clone();
    to_seven.match_to = 7;
    for rules in [stakes, to_seven] {
        let sample = cube_sample(&rules, 6, 3);
        let offered = sample
            .iter()
            .filter(|g| g.phase() == Phase::DoubleOffered)
            .count();
        let before = sample
            .iter()
            .filter(|g| g.phase() == Phase::ToThrow && g.choices().contains(&Action::Double))
            .count();
        assert!(
            offered > 0 && before > 0,
            "{offered} offered, {before} before"
        );
        assert_eq!(offered + before, sample.len());
        for g in &sample {
            assert!(cube_hint(g, Level::Fair).is_some());
        }
    }
    assert!(cube_sample(&Rules::preset(Preset::Modern), 2, 1).is_empty());
}

/// Two points from the match against seven, the cube in the middle (`dJtpAChstzEwAA`, the
/// thirteenth gnubg set's): once doubled, any game the doubler wins is the match, so after
/// the double its plays should be safe ones, not those that play for the gammon. GNU
/// Backgammon chooses every play inside its search by its cubeful value with the cube at the
/// root, and finds the double too good, pass at 2 plies (no double 91.57%, double and take
/// 91.28%, pass 90.72%). Chosen by their cubeless value, in which the gammon still wins the
/// match at the cube of 1, the search double-hit with 6-5 and the like and put the take at
/// 88.9%, and the hint called a right pass a blunder.
#[test]
fn two_from_the_match_the_plays_inside_the_search_are_chosen_as_gnubg_chooses_them() {
    use gamester_core::ai::cube::{Access, MatchScore};
    use gamester_core::ai::cube_hint::cube_hint_at;
    use gamester_core::ai::decide::CubeAt;
    let rules = match_rules(9);
    let at = CubeAt {
        position: gamester_rules::tables::position_id::decode("dJtpAChstzEwAA").unwrap(),
        access: Access::Centred,
        score: Some(MatchScore {
            me: 2,
            them: 7,
            cube: 1,
            crawford_to_come: true,
        }),
        jacoby_single: false,
        stakes: rules.stakes,
    };
    let hint = cube_hint_at(&rules, &at, Side::White, false, false, Level::Expert);
    let chances = hint.chances.expect("a match");
    assert!((chances.double_take - 0.9128).abs() < 0.006, "{hint:?}");
    assert!((chances.no_double - 0.9157).abs() < 0.006, "{hint:?}");
    assert_eq!(hint.action, CubeAction::TooGoodPass, "{hint:?}");
}

/// The Crawford game is played without the cube, so its plays are judged by the match's
/// chances with the cube dead. Judged with the cube taken for live, the trailer's double pinned
/// many of a Crawford game's values at a game cashed, and plays far apart were judged alike:
/// in this Crawford game of the thirteenth gnubg set (`tests/data/crawford_game.sgf`, game 4),
/// at turn 47 White's 5-3 played 15/10 5/2, which gnubg 2-ply finds 0.238 worse than 23/18
/// 6/3, and the analysis judged it as good as the best.
#[test]
fn in_the_crawford_game_plays_are_judged_with_the_cube_dead() {
    use gamester_core::ai::analysis::{Choice, analyse};
    use gamester_core::exchange::sgf;
    let text = include_str!("../../../../tests/data/crawford_game.sgf");
    let games = sgf::import(text).unwrap();
    let game = &games[3].game;
    assert!(game.is_crawford_game());
    let analysis = analyse(&game.beginning(), game.record(), Level::Expert, &|_, _| {}).unwrap();
    let judged = analysis
        .decisions
        .iter()
        .find(|d| d.turn == 47 && d.side == Side::White)
        .expect("turn 47 judged");
    assert!(matches!(judged.choice, Choice::Play { .. }));
    assert!(
        (0.14..0.4).contains(&judged.loss),
        "{} {:?}",
        judged.loss,
        judged.choice
    );
}

//! Resignations (yielding the game): who may offer one and when, what it gives up, the answer,
//! the score it makes, and over random games with offers and answers at random moments, that a
//! declined offer leaves the game as it was and the record replays to the same game.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use gamester_rules::tables::{
    Action, Attempt, DiceRoller, EndReason, Game, Phase, Preset, RuleError, Rules, Side,
};

use crate::common::{arb_rules, play, step, throw};

fn modern(cube: bool, match_to: u16) -> Rules {
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = cube;
    rules.match_to = match_to;
    rules
}

/// A modern game after White's opening 3-1 (8/5 6/5), Black to throw.
fn opened(rules: Rules) -> Game {
    let mut game = Game::new(rules).unwrap();
    play(
        &mut game,
        &[
            Action::ThrowOff { white: 3, black: 1 },
            step(8, 3),
            step(6, 1),
            Action::Confirm,
        ],
    );
    assert_eq!((game.phase(), game.turn()), (Phase::ToThrow, Side::Black));
    game
}

#[test]
fn a_resignation_accepted_ends_the_game_for_its_stakes_times_the_cube() {
    for (stake, cube_taken) in [(1, false), (2, false), (3, true), (2, true)] {
        // Given Black to throw, the cube at 1 or, taken by White, at 2
        let mut game = opened(modern(true, 0));
        if cube_taken {
            play(&mut game, &[Action::Double, Action::Take]);
        }
        let cube = game.cube().value;
        // When Black offers to resign and White accepts
        let events = play(&mut game, &[Action::Resign(stake)]);
        assert_eq!(
            game.phase(),
            Phase::ResignOffered {
                by: Side::Black,
                stake
            }
        );
        assert_eq!(game.phase().actor(game.turn()), Some(Side::White));
        assert!(events.iter().any(|e| matches!(
            e,
            gamester_rules::tables::Event::ResignationOffered {
                by: Side::Black,
                ..
            }
        )));
        play(&mut game, &[Action::AcceptResignation]);
        // Then White has won the stakes given up, times the cube, and the tally counts them
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.winner, Some(Side::White));
        assert_eq!(outcome.reason, EndReason::Resigned);
        assert_eq!(outcome.stake, u32::from(stake) * cube);
        assert_eq!(game.tally().white, u32::from(stake) * cube);
        assert!(game.is_over());
    }
}

#[test]
fn a_resignation_declined_leaves_the_game_where_it_stood() {
    // Given White in the middle of a play, one step made, and Black facing a double
    let mut playing = opened(modern(true, 0));
    play(&mut playing, &[throw(&[6, 5]), step(24, 6)]);
    let mut facing = opened(modern(true, 0));
    play(&mut facing, &[Action::Double]);
    for mut game in [playing, facing] {
        let before = game.clone();
        let by = game.phase().actor(game.turn()).unwrap();
        // When the side to act offers to resign and the adversary declines
        play(&mut game, &[Action::Resign(1)]);
        let events = play(&mut game, &[Action::DeclineResignation]);
        // Then the game waits for what it waited for, the men, dice and cube as they were
        assert_eq!(
            events,
            vec![gamester_rules::tables::Event::ResignationDeclined { by: by.other() }]
        );
        assert_eq!(game.phase(), before.phase());
        assert_eq!(game.position(), before.position());
        assert_eq!(game.moves_left(), before.moves_left());
        assert_eq!(game.steps_played(), before.steps_played());
        assert_eq!(game.cube(), before.cube());
        assert_eq!(game.choices(), before.choices());
        assert_eq!(game.record().len(), before.record().len() + 2);
    }
}

#[test]
fn the_taker_may_resign_instead_of_answering_a_double() {
    // Given Black offers the cube
    let mut game = opened(modern(true, 0));
    play(&mut game, &[Action::Double]);
    // When White resigns a single game and Black accepts
    play(&mut game, &[Action::Resign(1), Action::AcceptResignation]);
    // Then Black wins a single game at the cube as it stood (the double was never taken)
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.stake), (Some(Side::Black), 1));
}

#[test]
fn a_resignation_is_refused_when_nobody_is_to_act_or_for_stakes_the_rules_do_not_know() {
    let mut rules = modern(false, 0);
    // Before the throw-off, nobody is to act
    let mut game = Game::new(rules.clone()).unwrap();
    assert!(matches!(
        game.apply(Action::Resign(1)),
        Err(RuleError::NotNow {
            attempt: Attempt::Resign,
            ..
        })
    ));
    // Nothing offered: nothing to answer
    let mut game = opened(rules.clone());
    for answer in [Action::AcceptResignation, Action::DeclineResignation] {
        assert!(matches!(game.apply(answer), Err(RuleError::NotNow { .. })));
    }
    // No stake, or more than a backgammon
    for stake in [0, 4, 255] {
        assert_eq!(
            game.apply(Action::Resign(stake)),
            Err(RuleError::BadResignation { stake, most: 3 })
        );
    }
    // One offer at a time
    play(&mut game, &[Action::Resign(1)]);
    assert!(game.apply(Action::Resign(2)).is_err());
    // A single game's rules give up a single game, no more
    rules.stakes = gamester_rules::tables::Stakes::Single;
    let mut single = opened(rules);
    assert_eq!(
        single.apply(Action::Resign(2)),
        Err(RuleError::BadResignation { stake: 2, most: 1 })
    );
    // Once the game is over, nobody resigns
    play(&mut single, &[Action::Resign(1), Action::AcceptResignation]);
    assert!(single.apply(Action::Resign(1)).is_err());
}

#[test]
fn in_a_match_a_resignation_scores_its_points_and_under_jacoby_a_gammon_is_single() {
    // Given a match to 3, Black resigns a backgammon: White wins the match
    let mut game = opened(modern(true, 3));
    play(&mut game, &[Action::Resign(3), Action::AcceptResignation]);
    assert_eq!(game.match_winner(), Some(Side::White));
    assert!(matches!(
        game.next_game(),
        Err(RuleError::MatchOver(Side::White))
    ));
    // Given a session for stakes under the Jacoby rule, the cube in the middle
    let mut rules = modern(true, 0);
    rules.jacoby = true;
    let mut game = opened(rules);
    play(&mut game, &[Action::Resign(2), Action::AcceptResignation]);
    // Then a gammon given up scores as a single game
    assert_eq!(game.outcome().unwrap().stake, 1);
}

/// Dice from a seeded generator.
struct Seeded(StdRng);

impl DiceRoller for Seeded {
    fn die(&mut self) -> u8 {
        self.0.random_range(1..=6)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Over random games under random rules, with offers to resign made now and then by
    /// whoever is to act and answered at random: a declined offer changes nothing but the
    /// record, an accepted one ends the game for the offerer's adversary, and the record
    /// replays to the same game.
    #[test]
    fn offers_and_answers_at_random_keep_the_game_whole(rules in arb_rules(), seed in 0u64..10_000) {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut dice = Seeded(StdRng::seed_from_u64(seed ^ 0x5eed));
        let mut game = Game::new(rules.clone()).unwrap();
        for _ in 0..3_000 {
            if game.is_over() {
                break;
            }
            if let Some(by) = game.may_resign() && rng.random_ratio(1, 150) {
                let before = game.clone();
                let stake = rng.random_range(1..=game.most_resigned());
                game.apply(Action::Resign(stake)).unwrap();
                prop_assert_eq!(game.may_resign(), None);
                if rng.random_bool(0.7) {
                    game.apply(Action::DeclineResignation).unwrap();
                    prop_assert_eq!(game.phase(), before.phase());
                    prop_assert_eq!(game.position(), before.position());
                    prop_assert_eq!(game.choices(), before.choices());
                } else {
                    game.apply(Action::AcceptResignation).unwrap();
                    let outcome = game.outcome().unwrap();
                    prop_assert_eq!(outcome.winner, Some(by.other()));
                    prop_assert_eq!(outcome.reason, EndReason::Resigned);
                    prop_assert!(outcome.stake >= 1);
                }
                continue;
            }
            if let Some(action) = game.throw_action(&mut dice) {
                game.apply(action).unwrap();
                continue;
            }
            let choices = game.choices();
            prop_assert!(!choices.is_empty(), "{:?}", game.phase());
            let pick = choices[rng.random_range(0..choices.len())];
            game.apply(pick).unwrap();
        }
        let mut again = Game::new(rules).unwrap();
        for &a in game.record() {
            again.apply(a).unwrap();
        }
        prop_assert_eq!(again, game);
    }
}

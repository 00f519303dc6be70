//! The computer opponent: it only ever chooses what the engine offers, under any rules; it
//! beats random play; and it gets constructed decisions right (a hit, a shot left, a bound
//! table broken, the cube, the better throw in Double-hand, Fails' unplayable die). What a
//! game is worth to it is in `ai_stakes`; Tick-tack is in `ai_ticktack`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::arb_rules;

use proptest::prelude::*;

use common::{game_at, offered, play, throw};
use gamester_core::ai::contest::{Contender, Score, play_game};
use gamester_core::ai::{Decision, decide, rank_plays};
use gamester_core::level::Level;
use gamester_rules::tables::{Action, FairDice, Game, Phase, Preset, Rules, Side};

/// Plays a game to its end with the computer deciding for both sides (`level_at(turn)` for
/// each decision), checking that each decision is one the engine offers.
fn check_game(
    rules: Rules,
    seed: u64,
    level_at: impl Fn(usize) -> Level,
) -> Result<(), TestCaseError> {
    let mut game = Game::new(rules).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut dice = FairDice::seeded(seed);
    for n in 0..3000 {
        if game.is_over() {
            return Ok(());
        }
        match decide(&game, level_at(n)) {
            Some(Decision::Play(play)) => {
                prop_assert_eq!(game.phase(), Phase::Playing);
                prop_assert!(
                    game.legal_plays().contains(&play),
                    "{:?} is not a legal play",
                    play
                );
                game.apply_play(&play)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
            Some(Decision::Action(action)) => {
                // An offer to resign is open to whoever may resign, for what the rules allow;
                // any other action is among the choices.
                let offered = match action {
                    Action::Resign(k) => {
                        game.may_resign().is_some() && (1..=game.most_resigned()).contains(&k)
                    }
                    _ => game.choices().contains(&action),
                };
                prop_assert!(offered, "{:?} is not among {:?}", action, game.choices());
                game.apply(action)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
                // The computer stands behind its resignations: at the same level, the other
                // side accepts what it offers (both weigh the same worth).
                if matches!(action, Action::Resign(_)) && level_at(n) == level_at(n + 1) {
                    prop_assert_eq!(
                        decide(&game, level_at(n + 1)),
                        Some(Decision::Action(Action::AcceptResignation)),
                        "{:?} declined",
                        action
                    );
                }
            }
            None => {
                prop_assert!(
                    !matches!(
                        game.phase(),
                        Phase::Playing
                            | Phase::ChooseThrow
                            | Phase::ChooseBreak { .. }
                            | Phase::DoubleOffered
                    ),
                    "no decision in {:?}",
                    game.phase()
                );
                game.throw_with(&mut dice)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn every_decision_is_one_the_engine_offers(rules in arb_rules(), seed in any::<u64>()) {
        // Given any rules, when the quick levels play a whole game and the expert takes every
        // fortieth decision, then every play is legal and every action is a choice offered
        check_game(rules, seed, |n| match n % 40 {
            0 => Level::Expert,
            k if k % 2 == 0 => Level::Novice,
            _ => Level::Fair,
        })?;
    }
}

#[test]
fn decisions_are_repeatable_and_send() {
    fn is_send<T: Send + 'static>(_: &T) {}
    // Given a game in the middle of a play
    let (mut game, _) = game_at(
        Rules::preset(Preset::Irish),
        "24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5",
        Side::White,
    );
    play(&mut game, &[throw(&[6, 2])]);
    // When asked twice, then the same decision comes back, and it can cross threads
    let a = decide(&game, Level::Expert);
    assert_eq!(a, decide(&game, Level::Expert));
    is_send(&a);
    is_send(&game.clone());
    let handle = std::thread::spawn(move || decide(&game, Level::Fair));
    assert!(matches!(handle.join(), Ok(Some(Decision::Play(_)))));
}

/// The score of `games` seeded games under `preset` between `white` and `black`.
pub(super) fn contest(
    preset: Preset,
    white: Contender,
    black: Contender,
    games: u64,
    seed: u64,
) -> Score {
    let rules = Rules::preset(preset);
    let mut score = Score::default();
    for g in 0..games {
        let outcome = play_game(&rules, white, black, seed + g, &mut |_, _| {}).unwrap();
        score.record(outcome);
    }
    score
}

#[test]
fn the_levels_beat_random_play_by_a_wide_margin() {
    // Given seeded games of Irish against the random player
    // When the fair level plays 40 games and the expert 3 (it thinks longer)
    let fair = contest(
        Preset::Irish,
        Contender::Computer(Level::Fair),
        Contender::Random,
        40,
        100,
    );
    let expert = contest(
        Preset::Irish,
        Contender::Random,
        Contender::Computer(Level::Expert),
        3,
        200,
    );
    // Then they lose almost none
    assert!(fair.white_wins >= 38, "{fair:?}");
    assert_eq!(expert.black_wins, 3, "{expert:?}");
}

#[test]
fn fair_beats_novice_over_many_games() {
    // Given 200 seeded games of modern backgammon, fair as White against novice
    let s = contest(
        Preset::Modern,
        Contender::Computer(Level::Fair),
        Contender::Computer(Level::Novice),
        200,
        7,
    );
    // Then fair wins more stakes than it loses
    assert!(s.white_stakes > s.black_stakes, "{s:?}");
}

/// The play the computer chooses for White in `text` (White's view) with the throw `faces`.
fn chosen(rules: Rules, text: &str, faces: &[u8], level: Level) -> (Game, Game) {
    let (mut game, _) = game_at(rules, text, Side::White);
    play(&mut game, &[throw(faces)]);
    let Some(Decision::Play(p)) = decide(&game, level) else {
        panic!("no play decided");
    };
    let mut after = game.clone();
    after.apply_play(&p).unwrap();
    (game, after)
}

#[test]
fn it_hits_a_blot_on_its_bar_point_with_six_one() {
    for level in Level::ALL {
        // Given Black's blot on White's bar point and a 6-1
        let (_, after) = chosen(
            Rules::preset(Preset::Modern),
            "24:2 13:5 8:3 6:5 / 24:2 18:1 13:4 8:3 6:5",
            &[6, 1],
            level,
        );
        // Then the computer hits it (13/7* 8/7 or 8/7* 13/7)
        assert_eq!(after.position_for(Side::Black).bar(), 1, "{level}");
        assert!(after.position().at(7) >= 2, "{level}");
    }
}

#[test]
fn it_does_not_leave_a_shot_it_can_avoid() {
    for level in Level::ALL {
        // Given White 29 pips ahead, bearing in, with Black anchored on White's trey point,
        // and a 6-5 that can bring the last man safely behind the anchor (13/2) or leave a
        // direct shot (13/7 6/1)
        let text = "13:1 6:4 5:4 4:6 / 22:2 6:5 5:4 4:4";
        let (game, after) = chosen(Rules::preset(Preset::Modern), text, &[6, 5], level);
        assert!(game.legal_plays().len() > 1);
        // Then it plays 13/2
        let pos = after.position();
        assert_eq!(
            (pos.at(13), pos.at(7), pos.at(2)),
            (0, 0, 1),
            "{level}: {pos}"
        );
    }
}

#[test]
fn it_runs_its_last_man_out_to_save_the_back_gammon() {
    for level in [Level::Fair, Level::Expert] {
        // Given White's last man on Black's ace point, Black with one man left to bear off (it
        // bears off next turn with almost any throw), and 3-3 (issue 13: AgAA2G0zAoAAAA, where
        // gnubg plays 24/12 and an evaluation blind to back-gammons played 11/5 8/5(2))
        let text = "24:1 11:1 8:2 6:2 5:2 4:2 3:3 2:2 / 2:1 off:14";
        let (game, after) = chosen(Rules::preset(Preset::Modern), text, &[3, 3], level);
        assert!(game.legal_plays().len() > 1);
        // Then it runs that man out of Black's home table: a gammon, not a back-gammon
        let pos = after.position();
        assert_eq!((pos.at(24), pos.at(12)), (0, 1), "{level}: {pos}");
    }
}

/// A game of Irish where White must enter against Black's bound table, the break throw-off
/// won by `chooser`.
fn bound_table_game(chooser: Side) -> Game {
    let (mut game, _) = game_at(
        Rules::preset(Preset::Irish),
        "bar:1 13:5 8:4 6:5 / 6:2 5:5 4:2 3:2 2:2 1:2",
        Side::White,
    );
    assert_eq!(
        game.phase(),
        Phase::BreakThrowOff {
            binder: Side::Black
        }
    );
    let (w, b) = if chooser == Side::White {
        ([6, 6], [1, 1])
    } else {
        ([1, 1], [6, 6])
    };
    play(&mut game, &[Action::BreakThrowOff { white: w, black: b }]);
    game
}

#[test]
fn it_breaks_the_point_that_sends_the_most_men_back() {
    // Given White won the throw-off to break Black's bound table, whose cinque point holds five
    let game = bound_table_game(Side::White);
    // When the computer chooses for White, then it breaks the cinque point (four men back)
    for level in Level::ALL {
        assert_eq!(
            decide(&game, level),
            Some(Decision::Action(Action::Break(5))),
            "{level}"
        );
    }
}

#[test]
fn the_binder_breaks_a_point_of_two() {
    // Given Black (the binder) won the throw-off and must break his own table
    let game = bound_table_game(Side::Black);
    // Then he breaks a point of two men (one man back), never the cinque point of five
    let Some(Decision::Action(Action::Break(p))) = decide(&game, Level::Expert) else {
        panic!("no break decided");
    };
    assert_ne!(p, 5);
}

#[test]
fn it_drops_a_hopeless_double_and_takes_a_good_one() {
    // Given Black bearing off his last two men while White is far behind
    let hopeless = offered("22:2 13:5 8:3 6:5 / 2:1 1:1 off:13");
    // And a pure race that White leads by far
    let good = offered("3:3 2:3 1:3 off:6 / 6:5 5:5 4:5");
    for level in Level::ALL {
        assert_eq!(
            decide(&hopeless, level),
            Some(Decision::Action(Action::Drop)),
            "{level}"
        );
        assert_eq!(
            decide(&good, level),
            Some(Decision::Action(Action::Take)),
            "{level}"
        );
    }
}

#[test]
fn it_doubles_when_well_ahead_and_not_when_behind() {
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    // Given White to throw, 20 pips ahead in a 60-pip race
    let (ahead, _) = game_at(
        rules.clone(),
        "6:2 5:3 4:3 3:2 2:2 1:2 off:1 / 6:3 5:3 4:3 3:3 2:2 1:1",
        Side::White,
    );
    // And the same position with the sides swapped
    let (behind, _) = game_at(
        rules,
        "6:3 5:3 4:3 3:3 2:2 1:1 / 6:2 5:3 4:3 3:2 2:2 1:2 off:1",
        Side::White,
    );
    assert_eq!(ahead.phase(), Phase::ToThrow);
    assert_eq!(
        decide(&ahead, Level::Expert),
        Some(Decision::Action(Action::Double))
    );
    assert_eq!(decide(&behind, Level::Expert), None);
}

#[test]
fn in_double_hand_it_plays_the_throw_that_wins() {
    for (first, second, want) in [([2, 1], [6, 6], 1u8), ([6, 6], [2, 1], 0u8)] {
        // Given White with two men left on his sice point, Black likewise, and Black's first
        // (single) throw played, after which Black will bear off with any throw
        let (mut game, _) = game_at(
            Rules::preset(Preset::DoubleHandIrish),
            "6:2 off:13 / 6:2 off:13",
            Side::Black,
        );
        play(&mut game, &[throw(&[2, 1])]);
        let Some(Decision::Play(p)) = decide(&game, Level::Fair) else {
            panic!("no play for Black");
        };
        game.apply_play(&p).unwrap();
        // When White's partners throw 2-1 and 6-6 (in either order)
        play(&mut game, &[throw(&first), throw(&second)]);
        assert_eq!(game.phase(), Phase::ChooseThrow);
        // Then the computer plays the 6-6, which bears both men off and wins
        for level in Level::ALL {
            assert_eq!(
                decide(&game, level),
                Some(Decision::Action(Action::ChooseThrow(want))),
                "{level}"
            );
        }
    }
}

#[test]
fn in_fails_it_brings_its_last_man_home_so_every_die_can_be_played() {
    // Given Fails: White's last man outside his table on the 8 point, the rest on his trey
    // and deuce points, Black far away, and a throw of 1-1-1 (every play moves three pips)
    let text = "8:1 3:7 2:7 / 13:15";
    let (game, after) = chosen(
        Rules::preset(Preset::Fails),
        text,
        &[1, 1, 1],
        Level::Expert,
    );
    assert!(game.legal_plays().len() > 3);
    // Then it plays 8/5: with all men home any die bears a man off, whereas a man left outside
    // could not play a second six or five (and the thrower would lose)
    assert!(after.position().all_home(), "{}", after.position());
}

#[test]
fn the_hint_ranks_the_best_plays_best_first() {
    // Given White to play 3-1 from the start of modern backgammon
    let (mut game, _) = game_at(
        Rules::preset(Preset::Modern),
        "24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5",
        Side::White,
    );
    play(&mut game, &[throw(&[3, 1])]);
    for level in Level::ALL {
        // When the hint asks for the best five
        let ranked = rank_plays(&game, level, 5);
        // Then it gets five legal plays, best first, the first being the computer's choice
        assert_eq!(ranked.len(), 5);
        assert!(ranked.windows(2).all(|w| w[0].1 >= w[1].1));
        assert!(ranked.iter().all(|(p, _)| game.legal_plays().contains(p)));
        assert_eq!(decide(&game, level), Some(Decision::Play(ranked[0].0)));
        // And 8/5 6/5 (making the cinque point) is the best
        assert_eq!(ranked[0].0.position.at(5), 2, "{level}");
    }
    // And the deciding side is the one to move
    assert_eq!(game.actor(), Some(Side::White));
}

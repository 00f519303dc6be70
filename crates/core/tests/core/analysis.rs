//! The analysis of a game: constructed decisions where one choice is clearly bad, under Irish,
//! Fails, Nard and modern rules, the cube, the break and Double-hand's choice; and, over random
//! games under random options, that every decision it reports is one the record made.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{arb_rules, game_at, offered, play, pos, step, throw};
use proptest::prelude::*;

use gamester_core::ai::analysis::{Analysis, Choice, analyse};
use gamester_core::ai::judge::Mark;
use gamester_core::ai::random::RandomPlayer;
use gamester_core::level::Level;
use gamester_rules::tables::notation::format_play;
use gamester_rules::tables::{
    Action, Crawford, CubeChoice, Game, Layout, Opening, Phase, Preset, Rules, Side, Tally,
};

fn analysed(game: &Game, level: Level) -> Analysis {
    analyse(game, game.record(), level, &|_, _| {}).unwrap()
}

/// A game under `preset` from `text` (White's view) with White to play `faces`, played as
/// `move_text`, and the dice lifted.
fn played(preset: Preset, text: &str, faces: &[u8], move_text: &str) -> Game {
    let (mut game, _) = game_at(Rules::preset(preset), text, Side::White);
    play(&mut game, &[throw(faces)]);
    let before = game.position_for(Side::White);
    let bear_off = game.rules().bear_off;
    let chosen = game
        .legal_plays()
        .into_iter()
        .find(|p| format_play(&before, &p.steps.to_vec(), bear_off) == move_text)
        .unwrap_or_else(|| panic!("{move_text} is not a play of {faces:?}"));
    game.apply_play(&chosen).unwrap();
    game
}

/// The one play judged in `game`, at each level: (mark, loss, best play's text).
fn judged_play(game: &Game) -> Vec<(Level, Mark, f32, String)> {
    [Level::Fair, Level::Expert]
        .into_iter()
        .map(|level| {
            let a = analysed(game, level);
            assert_eq!(a.decisions.len(), 1, "{:?}", a.decisions);
            let d = &a.decisions[0];
            assert_eq!((d.turn, d.side), (1, Side::White));
            let Choice::Play {
                before, judgement, ..
            } = &d.choice
            else {
                panic!("not a play: {:?}", d.choice);
            };
            let best = format_play(
                before,
                &judgement.best.steps.to_vec(),
                game.rules().bear_off,
            );
            (level, d.mark(), d.loss, best)
        })
        .collect()
}

/// Given `text` and `faces`, `bad` is marked at least `least` and `good` is the best play,
/// with no loss, at every level.
fn bad_and_good(preset: Preset, text: &str, faces: &[u8], (bad, least): (&str, Mark), good: &str) {
    for (level, mark, loss, best) in judged_play(&played(preset, text, faces, bad)) {
        assert!(mark >= least, "{preset:?} {level}: {bad} lost {loss}");
        assert_eq!(best, good, "{preset:?} {level}");
    }
    for (level, mark, loss, best) in judged_play(&played(preset, text, faces, good)) {
        assert_eq!((mark, loss), (Mark::Ok, 0.0), "{preset:?} {level}");
        assert_eq!(best, good, "{preset:?} {level}");
    }
}

#[test]
fn modern_not_hitting_on_the_bar_point_is_very_bad() {
    // Given Black's blot on White's bar point and a 6-1: 13/7* 8/7 hits and makes the point;
    // 24/23 8/2 neither hits nor makes anything
    bad_and_good(
        Preset::Modern,
        "24:2 13:5 8:3 6:5 / 24:2 18:1 13:4 8:3 6:5",
        &[6, 1],
        ("24/23 8/2", Mark::VeryBad),
        "13/7* 8/7",
    );
}

#[test]
fn irish_not_hitting_on_the_bar_point_is_bad_too() {
    bad_and_good(
        Preset::Irish,
        "24:2 13:5 8:3 6:5 / 24:2 18:1 13:4 8:3 6:5",
        &[6, 1],
        ("8/2 6/5", Mark::Bad),
        "13/7* 8/7",
    );
}

#[test]
fn fails_leaving_a_direct_shot_in_the_bearing_in_is_very_bad() {
    // Given White bearing in against Black's anchor on White's trey point, with three dice:
    // 13/2 6/5 brings the last man home safe; 13/7 6/5 6/1 leaves him six away from the anchor
    let text = "13:1 6:4 5:4 4:6 / 22:2 6:5 5:4 4:4";
    for (level, mark, loss, _) in
        judged_play(&played(Preset::Fails, text, &[6, 5, 1], "13/7 6/5 6/1"))
    {
        assert_eq!(mark, Mark::VeryBad, "{level}: {loss}");
    }
    for (level, mark, loss, _) in judged_play(&played(Preset::Fails, text, &[6, 5, 1], "13/2 6/5"))
    {
        assert_eq!(mark, Mark::Ok, "{level}: {loss}");
    }
}

#[test]
fn nard_a_man_not_borne_off_costs_the_count() {
    // Given a race at Nard, scored by the men left, and a 6-2: 8/off bears a man off; 8/2 5/3
    // bears none
    bad_and_good(
        Preset::Nard,
        "8:1 6:2 5:3 4:3 3:3 2:3 / 6:3 5:3 4:3 3:3 2:3",
        &[6, 2],
        ("8/2 5/3", Mark::Bad),
        "8/off",
    );
}

#[test]
fn dropping_a_good_take_and_taking_a_hopeless_one_are_very_bad() {
    // Given Black doubles from a race White leads
    let mut good = offered("6:2 5:2 / 24:2 13:5 8:3 6:5");
    // When White drops
    play(&mut good, &[Action::Drop]);
    let a = analysed(&good, Level::Expert);
    // Then Black's double was wrong, and the drop very bad: the take was right
    let cube: Vec<(Side, CubeChoice, CubeChoice, Mark)> = a
        .decisions
        .iter()
        .map(|d| match d.choice {
            Choice::Cube { chosen, best } => (d.side, chosen, best, d.mark()),
            _ => panic!("{:?}", d.choice),
        })
        .collect();
    assert_eq!(cube[0].0, Side::Black);
    assert_eq!(
        (cube[0].1, cube[0].2),
        (CubeChoice::Double, CubeChoice::NoDouble)
    );
    assert_eq!(
        cube[1],
        (
            Side::White,
            CubeChoice::Drop,
            CubeChoice::Take,
            Mark::VeryBad
        )
    );
    // Given Black bearing off his last two men, White far behind, White takes
    let mut hopeless = offered("22:2 13:5 8:3 6:5 / 2:1 1:1 off:13");
    play(&mut hopeless, &[Action::Take]);
    let a = analysed(&hopeless, Level::Expert);
    let take = a.decisions.iter().find(|d| d.side == Side::White).unwrap();
    assert_eq!(
        take.choice,
        Choice::Cube {
            chosen: CubeChoice::Take,
            best: CubeChoice::Drop
        }
    );
    assert_eq!(take.mark(), Mark::VeryBad);
}

/// A modern match to 5 points with the cube and the Crawford rule, at this score.
fn match_game(white: u32, black: u32, crawford: Crawford) -> Game {
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.match_to = 5;
    rules.crawford = true;
    let tally = Tally {
        white,
        black,
        games: 1,
        draws: 0,
        crawford,
    };
    Game::with_tally(rules, tally).unwrap()
}

/// The cube decisions of an analysis: who, what was chosen, what was best, and the mark.
fn cube_decisions(a: &Analysis) -> Vec<(Side, CubeChoice, CubeChoice, Mark)> {
    a.decisions
        .iter()
        .filter_map(|d| match d.choice {
            Choice::Cube { chosen, best } => Some((d.side, chosen, best, d.mark())),
            _ => None,
        })
        .collect()
}

#[test]
fn the_crawford_game_is_judged_without_the_cube() {
    for seed in 0..6 {
        // Given the Crawford game of a match to 5, White 4 and Black 2, played out at random
        let mut game = match_game(4, 2, Crawford::ThisGame);
        assert!(game.is_crawford_game());
        RandomPlayer::seeded(seed)
            .play_out(&mut game, 20_000)
            .unwrap();
        // When it is analysed
        let a = analysed(&game, Level::Fair);
        // Then no cube decision is judged: the cube is not in play, so none was missed
        assert_eq!(cube_decisions(&a), vec![], "seed {seed}");
        assert!(!a.decisions.is_empty());
    }
}

#[test]
fn after_the_crawford_game_the_trailers_double_is_free_and_the_leader_drops_a_race_he_trails() {
    for (answer, chosen, answer_mark) in [
        (Action::Drop, CubeChoice::Drop, Mark::Ok),
        (Action::Take, CubeChoice::Take, Mark::VeryBad),
    ] {
        // Given a match to 5 after the Crawford game, White 4 (one point away) and Black 3,
        // and a race in which Black, on roll, leads by six pips (84 to 90): a take for money,
        // but White, once he drops, is only tied at 4-4, and taken, must win this game
        let mut game = match_game(4, 3, Crawford::Played);
        let mut rules = game.rules().clone();
        rules.layout = Layout::Custom(
            pos("8:3 7:3 6:3 5:3 4:3 / 8:2 7:3 6:3 5:3 4:2 3:2").to_setup(Side::White),
        );
        rules.opening = Opening::ThrowAgain;
        game = Game::with_tally(rules, game.tally_before()).unwrap();
        // When Black doubles at once and White answers
        play(
            &mut game,
            &[
                Action::ThrowOff { white: 1, black: 6 },
                Action::Double,
                answer,
            ],
        );
        let cube = cube_decisions(&analysed(&game, Level::Expert));
        // Then Black's double is the best choice (the cube can only help the trailer), the drop
        // is right and the take very bad
        assert_eq!(
            cube,
            vec![
                (
                    Side::Black,
                    CubeChoice::Double,
                    CubeChoice::Double,
                    Mark::Ok
                ),
                (Side::White, chosen, CubeChoice::Drop, answer_mark),
            ]
        );
    }
}

#[test]
fn breaking_a_point_of_two_when_the_cinque_point_sends_four_men_back_is_bad() {
    // Given White won the throw-off to break Black's bound table, whose cinque point holds five
    let (mut game, _) = game_at(
        Rules::preset(Preset::Irish),
        "bar:1 13:5 8:4 6:5 / 6:2 5:5 4:2 3:2 2:2 1:2",
        Side::White,
    );
    play(
        &mut game,
        &[Action::BreakThrowOff {
            white: [6, 6],
            black: [1, 1],
        }],
    );
    let mut good = game.clone();
    // When White breaks the ace point (one man back) or the cinque point (four)
    play(&mut game, &[Action::Break(1)]);
    play(&mut good, &[Action::Break(5)]);
    // Then the first is at least bad, the second right
    let d = &analysed(&game, Level::Expert).decisions[0];
    assert_eq!(d.choice, Choice::Break { chosen: 1, best: 5 });
    assert!(d.mark() >= Mark::Bad, "{}", d.loss);
    let d = &analysed(&good, Level::Expert).decisions[0];
    assert_eq!(
        (&d.choice, d.loss),
        (&Choice::Break { chosen: 5, best: 5 }, 0.0)
    );
}

#[test]
fn double_hand_choosing_the_throw_that_cannot_hit_is_judged() {
    // Given Double-hand Irish, Black's blots on White's bar point and 17 after Black's 8/6 8/7,
    // and White's partners' throws 2-1 and 6-1
    let (mut game, _) = game_at(
        Rules::preset(Preset::DoubleHandIrish),
        "24:2 13:5 8:3 6:5 / 24:2 18:1 13:4 8:3 6:5",
        Side::Black,
    );
    play(
        &mut game,
        &[throw(&[2, 1]), step(8, 2), step(8, 1), Action::Confirm],
    );
    play(&mut game, &[throw(&[2, 1]), throw(&[6, 1])]);
    assert_eq!(game.phase(), Phase::ChooseThrow);
    // When White plays the 2-1
    play(&mut game, &[Action::ChooseThrow(0)]);
    // Then the choice lost against the 6-1, which hits and makes the bar point
    let a = analysed(&game, Level::Fair);
    let d = a.decisions.iter().find(|d| d.side == Side::White).unwrap();
    assert_eq!(d.choice, Choice::Throw { chosen: 0, best: 1 });
    assert!(d.mark() >= Mark::Doubtful, "{}", d.loss);
}

#[test]
fn the_figures_of_a_side_count_its_decisions_and_marks() {
    let game = played(
        Preset::Modern,
        "24:2 13:5 8:3 6:5 / 24:2 18:1 13:4 8:3 6:5",
        &[6, 1],
        "24/23 8/2",
    );
    let a = analysed(&game, Level::Fair);
    let white = a.summary(Side::White);
    assert_eq!(white.decisions, 1);
    assert_eq!(white.count(Mark::VeryBad), 1);
    assert!((white.mean_loss - a.decisions[0].loss).abs() < 1e-6);
    assert_eq!(white.rating(), "awful");
    assert_eq!(a.summary(Side::Black).decisions, 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Over random games under random options, every decision reported stands in the record:
    /// a play judged is the play the record made, from the position the record shows, and
    /// every loss is a number at least 0.
    #[test]
    fn every_decision_judged_is_one_the_record_made(rules in arb_rules(), seed in 0u64..1000) {
        let mut game = Game::new(rules).unwrap();
        let mut player = RandomPlayer::seeded(seed);
        let _ = player.play_out(&mut game, 400);
        let record = game.record().to_vec();
        let a = analyse(&game, &record, Level::Fair, &|_, _| {}).unwrap();
        prop_assert_eq!(game.record(), &record[..]);
        let mut replay = Game::new(game.rules().clone()).unwrap();
        let mut applied = 0;
        for d in &a.decisions {
            prop_assert!(d.loss.is_finite() && d.loss >= 0.0, "{:?}", d);
            prop_assert!(d.at < d.made && d.made <= record.len());
            while applied < d.at {
                replay.apply(record[applied]).unwrap();
                applied += 1;
            }
            let side = replay.actor().unwrap_or(replay.turn());
            prop_assert_eq!(side, d.side);
            prop_assert_eq!(replay.turns() + 1, d.turn);
            if let Choice::Play { before, judgement, throw } = &d.choice {
                prop_assert_eq!(replay.phase(), Phase::Playing);
                prop_assert_eq!(*before, replay.position_for(side));
                prop_assert_eq!(Some(*throw), replay.throw());
                prop_assert!(replay.legal_plays().len() > 1);
                let mut after = replay.clone();
                for &action in &record[d.at..d.made - 1] {
                    after.apply(action).unwrap();
                }
                prop_assert_eq!(judgement.played.position, after.position_for(side));
                prop_assert_eq!(record[d.made - 1], Action::Confirm);
            }
        }
    }
}

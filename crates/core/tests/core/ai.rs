//! The computer opponent: it only ever chooses what the engine offers, under any rules; it
//! beats random play; and it gets constructed decisions right (a hit, a shot left, a bound
//! table broken, the cube, the better throw in Double-hand, Fails' unplayable die).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::arb_rules;

use proptest::prelude::*;

use common::{game_at, offered, play, throw};
use gamester_core::ai::contest::{Contender, Score, play_game};
use gamester_core::ai::{Decision, decide, rank_plays};
use gamester_core::level::Level;
use gamester_rules::tables::{
    Action, Claim, EndReason, FairDice, Game, Phase, Preset, Rules, Side,
};

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

fn contest(preset: Preset, white: Contender, black: Contender, games: u64, seed: u64) -> Score {
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

/// A game of modern backgammon with the cube at `white` and `black` points in a match to 5
/// (`crawford`: where the Crawford rule stands), played at random for `actions` actions.
fn match_game_at(
    white: u32,
    black: u32,
    crawford: gamester_rules::tables::Crawford,
    seed: u64,
) -> Game {
    use gamester_rules::tables::Tally;
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.match_to = 5;
    let tally = Tally {
        white,
        black,
        crawford,
        ..Tally::default()
    };
    let mut game = Game::with_tally(rules, tally).unwrap();
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(seed);
    let mut dice = FairDice::seeded(seed);
    play_without_doubling(&mut game, &mut rng, &mut dice, 20 + (seed % 60) as usize);
    game
}

/// Plays `actions` random actions of `game` (fewer if it ends), never doubling.
fn play_without_doubling(
    game: &mut Game,
    rng: &mut rand::rngs::StdRng,
    dice: &mut FairDice,
    actions: usize,
) {
    for _ in 0..actions {
        if game.is_over() {
            break;
        }
        match gamester_core::ai::random::random_decision(game, rng) {
            Some(Decision::Play(p)) => {
                game.apply_play(&p).unwrap();
            }
            Some(Decision::Action(a)) if a != Action::Double => {
                game.apply(a).unwrap();
            }
            _ => {
                game.throw_with(dice).unwrap();
            }
        }
    }
}

#[test]
fn at_double_match_point_the_computer_plays_only_to_win_never_for_a_gammon() {
    use gamester_core::ai::eval::Evaluator;
    use gamester_rules::tables::Crawford;
    // At 4-4 in a match to 5 after the Crawford game, one game decides the match: a gammon is
    // worth no more than a single win. The fair level judges each play by the evaluation of
    // the position it leaves, so its best play is the one that leaves the adversary the
    // least chance of winning, whatever the gammons; for stakes it is not always so.
    let eval = Evaluator::new(&Rules::preset(Preset::Modern));
    let (mut checked, mut differ) = (0, 0);
    for seed in 0..400u64 {
        let game = match_game_at(4, 4, Crawford::Played, seed);
        if game.phase() != Phase::Playing || game.legal_plays().len() < 2 {
            continue;
        }
        let plays = game.legal_plays();
        let ends = |p: &gamester_rules::tables::Play| p.position.borne_off_all();
        if plays.iter().any(ends) {
            continue;
        }
        let their_chance =
            |p: &gamester_rules::tables::Play| eval.chances(&p.position.switched()).win;
        let least = plays.iter().map(their_chance).fold(f32::MAX, f32::min);
        let chosen = rank_plays(&game, Level::Fair, 1)[0].0;
        assert!(
            their_chance(&chosen) <= least + 1e-5,
            "seed {seed}: the play chosen leaves {} where {least} was possible",
            their_chance(&chosen)
        );
        // The same game for stakes
        let mut money = game.rules().clone();
        money.match_to = 0;
        let mut for_stakes = Game::new(money).unwrap();
        for &a in game.record() {
            for_stakes.apply(a).unwrap();
        }
        if rank_plays(&for_stakes, Level::Fair, 1)[0].0 != chosen {
            differ += 1;
        }
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
    assert!(differ > 0, "the score changed no play in {checked}");
}

#[test]
fn a_gammon_is_worth_what_the_score_makes_it() {
    use gamester_core::ai::cube::MatchScore;
    use gamester_core::ai::eval::MatchWeights;
    let score = |me, them, cube| MatchScore {
        me,
        them,
        cube,
        crawford_to_come: false,
    };
    // One away (after the Crawford game) against four away: my gammon wins me no more than
    // my single game, while the adversary's gammon (to two away, not three) costs about twice
    // his single
    let w = MatchWeights::of(&score(1, 4, 1));
    assert_eq!((w.won[0], w.lost[0]), (1.0, -1.0));
    assert_eq!(w.won[1], w.won[0]);
    assert!(w.lost[1] < w.lost[0] - 0.8, "{w:?}");
    // Four away each, the cube on 2: a gammon (4 points) wins the match outright
    let w = MatchWeights::of(&score(4, 4, 2));
    assert_eq!(w.won[1], w.won[2]);
    assert!(w.won[1] > w.won[0]);
    // A long match weighs a gammon near its double stake, as for stakes
    let w = MatchWeights::of(&score(25, 25, 1));
    assert!(
        (w.won[1] - 2.0).abs() < 0.25 && (w.lost[1] + 2.0).abs() < 0.25,
        "{w:?}"
    );
}

#[test]
fn after_the_crawford_game_the_trailer_doubles_at_once_as_it_would_not_for_stakes() {
    use gamester_rules::tables::{Crawford, LoadedDice, Tally};
    // Black trails 0 to 4 in a match to 5, the Crawford game played: the leader's cube is
    // dead (one game wins him the match), so the trailer doubles at his first turn. The same
    // early position for stakes is no double.
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.match_to = 5;
    for (white, black) in [(4u32, 0u32), (4, 2)] {
        let tally = Tally {
            white,
            black,
            crawford: Crawford::Played,
            ..Tally::default()
        };
        let mut game = Game::with_tally(rules.clone(), tally).unwrap();
        // White opens with 3-1 (8/5 6/5); Black is then to throw, or to double
        let mut dice = LoadedDice::new(&[3, 1]);
        game.throw_with(&mut dice).unwrap();
        let play = game
            .legal_plays()
            .into_iter()
            .find(|p| p.position.at(5) == 2)
            .unwrap();
        game.apply_play(&play).unwrap();
        assert_eq!((game.turn(), game.phase()), (Side::Black, Phase::ToThrow));
        assert_eq!(
            decide(&game, Level::Fair),
            Some(Decision::Action(Action::Double)),
            "{white}-{black}"
        );
        let mut money = rules.clone();
        money.match_to = 0;
        let mut for_stakes = Game::new(money).unwrap();
        for &a in game.record() {
            for_stakes.apply(a).unwrap();
        }
        assert_eq!(decide(&for_stakes, Level::Fair), None);
    }
}

#[test]
fn under_the_jacoby_rule_with_the_cube_in_the_middle_plays_are_judged_as_single_games() {
    // Gammons count only once the cube has turned: until then the computer values every play
    // exactly as under single stakes, and once it has turned, as for full stakes
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(3);
    let mut jacoby = Rules::preset(Preset::Modern);
    jacoby.cube = true;
    jacoby.jacoby = true;
    let (mut checked, mut differ) = (0, 0);
    for seed in 0..200u64 {
        let mut game = Game::new(jacoby.clone()).unwrap();
        let mut dice = FairDice::seeded(seed);
        play_without_doubling(&mut game, &mut rng, &mut dice, 30 + (seed % 50) as usize);
        if game.phase() != Phase::Playing || game.legal_plays().len() < 2 {
            continue;
        }
        let replayed = |rules: Rules| {
            let mut g = Game::new(rules).unwrap();
            for &a in game.record() {
                g.apply(a).unwrap();
            }
            g
        };
        let mut single = jacoby.clone();
        single.jacoby = false;
        single.stakes = gamester_rules::tables::Stakes::Single;
        let mut full = jacoby.clone();
        full.jacoby = false;
        let n = game.legal_plays().len();
        let ranked = rank_plays(&game, Level::Fair, n);
        let as_single = rank_plays(&replayed(single), Level::Fair, n);
        // The same values to rounding (the same plays in the same order, where not tied)
        for ((p, v), (q, w)) in ranked.iter().zip(&as_single) {
            assert!((v - w).abs() < 1e-5, "seed {seed}: {v} {w}");
            let tied = ranked.iter().filter(|(_, u)| (u - v).abs() < 1e-5).count() > 1;
            assert!(tied || p == q, "seed {seed}");
        }
        if ranked[0].0 != rank_plays(&replayed(full), Level::Fair, n)[0].0 {
            differ += 1;
        }
        checked += 1;
    }
    assert!(checked > 50 && differ > 0, "{checked} {differ}");
}

/// A modern game from `text` (White's view / Black's own) with `starter` to throw.
fn to_throw(text: &str, starter: Side, match_to: u16) -> Game {
    let mut rules = Rules::preset(Preset::Modern);
    rules.match_to = match_to;
    let (game, _) = game_at(rules, text, starter);
    assert_eq!((game.phase(), game.turn()), (Phase::ToThrow, starter));
    game
}

#[test]
fn the_computer_resigns_what_a_lost_game_is_lost_by_and_no_more() {
    for level in [Level::Fair, Level::Expert] {
        for match_to in [0, 5] {
            // Given White with one man left on his ace point and Black to throw: Black gives up
            // a gammon when his men are too far from home to bear one off first, a single game
            // when any throw bears one off (all on his ace and deuce points)
            let gammoned = to_throw("1:1 off:14 / 13:15", Side::Black, match_to);
            assert_eq!(
                decide(&gammoned, level),
                Some(Decision::Action(Action::Resign(2))),
                "{level} {match_to}"
            );
            let single = to_throw("1:1 off:14 / 2:5 1:10", Side::Black, match_to);
            assert_eq!(
                decide(&single, level),
                Some(Decision::Action(Action::Resign(1))),
                "{level} {match_to}"
            );
            // Given the opening position, nobody resigns
            let even = to_throw(
                "24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5",
                Side::Black,
                match_to,
            );
            assert!(
                !matches!(
                    decide(&even, level),
                    Some(Decision::Action(Action::Resign(_)))
                ),
                "{level} {match_to}"
            );
        }
    }
}

#[test]
fn the_computer_accepts_a_resignation_that_gives_what_the_game_is_worth_and_declines_less() {
    // Given White, to throw, hopelessly gammoned: he offers a single game, then a gammon
    let lost = to_throw("6:5 5:5 4:5 / 1:1 off:14", Side::White, 0);
    let answer = |stake: u8| {
        let mut g = lost.clone();
        play(&mut g, &[Action::Resign(stake)]);
        decide(&g, Level::Fair)
    };
    // Then Black declines the single game and accepts the gammon
    assert_eq!(
        answer(1),
        Some(Decision::Action(Action::DeclineResignation))
    );
    assert_eq!(answer(2), Some(Decision::Action(Action::AcceptResignation)));
    // Given the opening position, a single game given up is accepted at once
    let even = to_throw("24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5", Side::White, 0);
    let mut g = even.clone();
    play(&mut g, &[Action::Resign(1)]);
    assert_eq!(
        decide(&g, Level::Fair),
        Some(Decision::Action(Action::AcceptResignation))
    );
    // And once a resignation is declined, the computer does not offer one again that game
    let mut declined = to_throw("1:1 off:14 / 6:5 5:5 4:5", Side::Black, 0);
    play(
        &mut declined,
        &[Action::Resign(1), Action::DeclineResignation],
    );
    assert!(!matches!(
        decide(&declined, Level::Fair),
        Some(Decision::Action(Action::Resign(_)))
    ));
}

#[test]
fn the_computer_plays_tick_tack_the_expert_claiming_every_score_open() {
    // Given Tick-tack, its claims by the players, its vies, and its scores adding up
    let mut vie = Rules::preset(Preset::VieTickTack);
    vie.first_score_ends = false;
    for (k, rules) in [Rules::preset(Preset::TickTack), vie]
        .into_iter()
        .enumerate()
    {
        for seed in 0..6u64 {
            let mut game = Game::new(rules.clone()).unwrap();
            let mut dice = FairDice::seeded(seed * 7 + k as u64);
            let level = Level::ALL[(seed % 3) as usize];
            for _ in 0..3000 {
                if game.is_over() {
                    break;
                }
                let open = game
                    .actor()
                    .map(|s| game.open_claims(s))
                    .unwrap_or_default();
                let decision = decide(&game, level);
                // Then the expert makes every claim open (a hit only when no play scores
                // more), before anything else
                if level == Level::Expert
                    && let Some(&claim) = open.first()
                {
                    let outscored = claim == Claim::Hit
                        && matches!(decision, Some(Decision::Play(p)) if {
                            let mut g = game.clone();
                            g.apply_play(&p).unwrap();
                            g.outcome().is_some_and(|o| o.stake >= 2)
                                || !rules.first_score_ends
                        });
                    if !outscored {
                        assert_eq!(decision, Some(Decision::Action(Action::Claim(claim))));
                    }
                }
                match decision {
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
            // And every game, at every level, comes to its end by its scores (or a vie
            // yielded)
            assert!(
                matches!(
                    game.outcome().map(|o| o.reason),
                    Some(EndReason::Scored(_) | EndReason::MostPoints | EndReason::Dropped)
                ),
                "{rules:?} {seed}: {:?}",
                game.outcome()
            );
        }
    }
}

#[test]
fn at_tick_tack_the_expert_beats_random_play_and_the_novice_clearly() {
    // Given 60 seeded games of Tick-tack, the expert as White, then as Black
    let random = contest(
        Preset::TickTack,
        Contender::Computer(Level::Expert),
        Contender::Random,
        60,
        300,
    );
    let novice = contest(
        Preset::TickTack,
        Contender::Computer(Level::Novice),
        Contender::Computer(Level::Expert),
        60,
        400,
    );
    // Then it wins far more than half against the random player, and more than half against
    // the novice
    assert!(random.white_wins >= 45, "{random:?}");
    assert!(novice.black_wins > novice.white_wins, "{novice:?}");
}

#[test]
fn the_judge_at_tick_tack_weighs_its_scores_not_a_network() {
    use gamester_core::ai::judge::Judge;
    use gamester_rules::tables::{Position, Throw};
    // Given a Tick-tack throw of trey and deuce that lets White go in with two men
    let rules = Rules::preset(Preset::TickTack);
    let pos: Position = "14:1 13:1 24:13 / 24:15".parse().unwrap();
    let throw = Throw::two(3, 2).unwrap();
    let judge = Judge::new(&rules, Level::Fair);
    let (plays, _) = judge.plays_of(&pos, throw).unwrap();
    let went_in = plays.iter().find(|p| p.position.at(11) == 2).unwrap();
    let other = plays.iter().find(|p| p.position.at(11) < 2).unwrap();
    // When a play that does not go in is judged
    let j = judge.play(&pos, throw, &other.position).unwrap();
    // Then the best was going in, and the play lost the double game it missed and more
    assert_eq!(j.best.position, went_in.position);
    assert!(j.loss() >= 2.0, "{j:?}");
    // And going in lost nothing
    let j = judge.play(&pos, throw, &went_in.position).unwrap();
    assert_eq!(j.loss(), 0.0);
}

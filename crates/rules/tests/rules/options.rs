//! Every option of RULES.md, value by value: Given a position, When something is thrown or
//! played, Then the behaviour RULES.md gives that value.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::collections::BTreeSet;

use common::{game_at, play, pos, step, throw};
use gamester_rules::tables::{
    Action, BearOff, BoundTable, Compulsion, Cube, CubeRefusal, Dice, Doublets, EndReason, Event,
    Game, Layout, MoveRules, Opening, Outcome, Phase, Position, Preset, RuleError, Rules, Setup,
    Side, Stakes, Throw, WinKind, legal_plays,
};

fn irish() -> Rules {
    Rules::preset(Preset::Irish)
}

fn results(position: &Position, faces: &[u8], rules: &Rules) -> BTreeSet<String> {
    let moves = Throw::new(faces).unwrap().moves(rules.dice, rules.doublets);
    legal_plays(position, moves, MoveRules::from(rules))
        .iter()
        .map(|p| p.position.to_string())
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|t| pos(t).to_string()).collect()
}

const START: &str = "24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5";

// ---- layout ----

#[test]
fn each_layout_arrays_the_men_as_rules_md_says() {
    let table = [
        (Layout::Willughby, "24:2 13:5 8:3 6:5"),
        (Layout::CottonFirst, "24:2 19:5 17:3 13:5"),
        (Layout::Fails, "24:2 6:13"),
        (Layout::Nard, "24:2 13:3 8:3 7:2 6:3 3:2"),
    ];
    for (layout, men) in table {
        let mut rules = irish();
        rules.layout = layout.clone();
        let game = Game::new(rules).unwrap();
        assert_eq!(
            game.position(),
            pos(&format!("{men} / {men}")),
            "{}",
            layout.name()
        );
    }
}

#[test]
fn a_custom_layout_is_played_from_and_a_bad_one_refused() {
    let (game, _) = game_at(irish(), "bar:1 20:3 6:11 / 24:2 13:13", Side::White);
    assert_eq!(game.position().bar(), 1);
    let mut rules = irish();
    rules.layout = Layout::Custom(Setup::default());
    assert!(matches!(Game::new(rules), Err(RuleError::Layout(_))));
}

// ---- dice ----

#[test]
fn two_dice_games_refuse_a_throw_of_three_and_change_nothing() {
    let (mut game, _) = game_at(irish(), START, Side::White);
    let before = game.clone();
    assert_eq!(
        game.apply(throw(&[3, 1, 2])),
        Err(RuleError::WrongDiceCount {
            expected: 2,
            got: 3
        })
    );
    assert_eq!(game, before);
}

#[test]
fn three_dice_are_each_played() {
    // Given Fails from its array, When White throws sice, cater and ace
    let (mut game, _) = game_at(
        Rules::preset(Preset::Fails),
        "24:2 6:13 / 24:2 6:13",
        Side::White,
    );
    play(&mut game, &[throw(&[6, 4, 1])]);
    // Then every legal play uses the three dice
    assert_eq!(game.moves_left().faces(), &[6, 4, 1]);
    assert!(game.legal_plays().iter().all(|p| p.steps.len() == 3));
}

#[test]
fn minoret_plays_the_lower_die_a_third_time() {
    let mut rules = Rules::preset(Preset::Fails);
    rules.dice = Dice::TwoMinoret;
    let (mut game, _) = game_at(rules, "24:2 6:13 / 24:2 6:13", Side::White);
    assert_eq!(
        game.apply(throw(&[5, 2, 1])),
        Err(RuleError::WrongDiceCount {
            expected: 2,
            got: 3
        })
    );
    play(&mut game, &[throw(&[5, 2])]);
    assert_eq!(game.moves_left().faces(), &[5, 2, 2]);
    assert!(game.legal_plays().iter().all(|p| p.steps.len() == 3));
}

// ---- doublets ----

#[test]
fn doublets_are_played_twice_four_times_or_three_times() {
    for (doublets, steps) in [
        (Doublets::Single, 2),
        (Doublets::Double, 4),
        (Doublets::Treble, 3),
    ] {
        let mut rules = irish();
        rules.doublets = doublets;
        let (mut game, _) = game_at(rules, START, Side::White);
        play(&mut game, &[throw(&[3, 3])]);
        assert!(
            game.legal_plays().iter().all(|p| p.steps.len() == steps),
            "{doublets}"
        );
    }
}

#[test]
fn the_irish_counts_of_rules_md_hold() {
    // Irish from the Willughby layout: 6-6 gives 6 plays, 5-5 gives 3, 6-5 gives 7, 1-1 gives 9
    for (faces, n) in [([6, 6], 6), ([5, 5], 3), ([6, 5], 7), ([1, 1], 9)] {
        assert_eq!(
            results(&Position::default(), &faces, &irish()).len(),
            n,
            "{faces:?}"
        );
    }
}

// ---- opening ----

#[test]
fn throw_again_the_higher_die_begins_and_throws_both() {
    let mut game = Game::new(irish()).unwrap();
    let events = game.apply(Action::ThrowOff { white: 3, black: 3 }).unwrap();
    assert!(events.contains(&Event::ThrowOffTied));
    assert_eq!(game.phase(), Phase::ThrowOff);
    let events = game.apply(Action::ThrowOff { white: 2, black: 5 }).unwrap();
    assert!(events.contains(&Event::Begins(Side::Black)));
    assert_eq!((game.turn(), game.phase()), (Side::Black, Phase::ToThrow));
}

#[test]
fn play_opening_the_two_single_dice_are_the_first_throw() {
    let mut game = Game::new(Rules::preset(Preset::Modern)).unwrap();
    game.apply(Action::ThrowOff { white: 2, black: 5 }).unwrap();
    assert_eq!((game.turn(), game.phase()), (Side::Black, Phase::Playing));
    assert_eq!(game.throw().unwrap().faces(), &[5, 2]);
}

#[test]
fn play_opening_with_three_dice_throws_again() {
    let mut rules = Rules::preset(Preset::Fails);
    rules.opening = Opening::PlayOpening;
    let mut game = Game::new(rules).unwrap();
    game.apply(Action::ThrowOff { white: 2, black: 5 }).unwrap();
    assert_eq!(game.phase(), Phase::ToThrow);
}

// ---- bound_table ----

/// White's home table bound (six points of two or more), Black on the bar.
const BOUND: &str = "13:2 6:3 5:2 4:2 3:2 2:2 1:2 / bar:1 13:14";

#[test]
fn break_the_bound_table_is_broken_before_the_throw() {
    // Given Black on the bar against White's bound table, Black to play
    let (mut game, events) = game_at(irish(), BOUND, Side::Black);
    // Then both must throw to break it
    assert!(events.contains(&Event::TableMustBreak {
        binder: Side::White
    }));
    assert_eq!(
        game.phase(),
        Phase::BreakThrowOff {
            binder: Side::White
        }
    );
    assert!(game.apply(throw(&[6, 5])).is_err());
    // When the throw-off ties it is thrown again
    let events = play(
        &mut game,
        &[Action::BreakThrowOff {
            white: [3, 3],
            black: [4, 2],
        }],
    );
    assert!(events.contains(&Event::ThrowOffTied));
    // When White, the binder, wins the throw-off he must still break
    let events = play(
        &mut game,
        &[Action::BreakThrowOff {
            white: [6, 5],
            black: [1, 1],
        }],
    );
    assert!(events.contains(&Event::ChoosesBreak {
        chooser: Side::White,
        binder: Side::White
    }));
    assert_eq!(
        game.apply(Action::Break(7)),
        Err(RuleError::BadBreakPoint(7))
    );
    // And the point chosen keeps one man; the others go to White's bar
    let events = play(&mut game, &[Action::Break(6)]);
    assert!(events.contains(&Event::TableBroken {
        binder: Side::White,
        point: 6,
        men: 2
    }));
    assert_eq!(
        game.position(),
        pos("bar:2 13:2 6:1 5:2 4:2 3:2 2:2 1:2 / bar:1 13:14")
    );
    // Then Black's turn goes on with its throw, and he may enter, hitting the man left
    assert_eq!((game.turn(), game.phase()), (Side::Black, Phase::ToThrow));
    let events = play(&mut game, &[throw(&[6, 1]), step(25, 6)]);
    assert!(events.contains(&Event::Moved {
        side: Side::Black,
        step: gamester_rules::tables::Step::new(25, 6).unwrap(),
        hit: true
    }));
    assert_eq!(game.position().bar(), 3);
}

#[test]
fn wait_the_side_on_the_bar_simply_cannot_enter() {
    let mut rules = irish();
    rules.bound_table = BoundTable::Wait;
    let (mut game, _) = game_at(rules, BOUND, Side::Black);
    assert_eq!(game.phase(), Phase::ToThrow);
    let events = play(&mut game, &[throw(&[6, 5])]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Forfeited {
            side: Side::Black,
            ..
        }
    )));
    assert_eq!((game.turn(), game.phase()), (Side::White, Phase::ToThrow));
}

#[test]
fn loses_the_side_that_must_enter_against_six_held_points_loses() {
    let mut rules = irish();
    rules.bound_table = BoundTable::Loses;
    let (game, _) = game_at(rules, BOUND, Side::Black);
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Side::White),
            stake: 1,
            reason: EndReason::PrimeOfTables
        })
    );
}

// ---- bear_off ----

#[test]
fn each_bearing_off_mode_allows_its_own_dice() {
    // Given all White's men home, two on the cinque point and thirteen on the trey; sice-cater
    let home = pos("5:2 3:13 / 13:15");
    let mut rules = irish();
    // over_edge: any die that carries a man past the ace point bears it off
    rules.bear_off = BearOff::OverEdge;
    let over = results(&home, &[6, 4], &rules);
    assert!(over.contains(&pos("5:2 3:11 off:2 / 13:15").to_string()));
    assert!(over.contains(&pos("5:1 3:12 off:2 / 13:15").to_string()));
    // modern: the sice only from the highest point; the cater must then move the other cinque man
    rules.bear_off = BearOff::Modern;
    assert_eq!(
        results(&home, &[6, 4], &rules),
        set(&["3:13 1:1 off:1 / 13:15"])
    );
    // exact: only an exact die bears off: the sice cannot be played at all
    rules.bear_off = BearOff::Exact;
    assert_eq!(
        results(&home, &[6, 4], &rules),
        set(&["5:1 3:13 1:1 / 13:15"])
    );
}

#[test]
fn no_man_bears_off_while_one_is_outside_the_home_table() {
    let rules = irish();
    let outside = pos("7:1 3:14 / 13:15");
    // The sice must carry the man on 7 home first; only then may the ace... and only then bear off
    let got = results(&outside, &[6, 1], &rules);
    assert!(!got.contains(&pos("7:1 3:13 off:1 / 13:15").to_string()));
    assert!(
        got.contains(&pos("3:14 off:1 / 13:15").to_string()),
        "7/1 then 1/off: {got:?}"
    );
}

// ---- compulsion ----

#[test]
fn max_plays_the_larger_die_when_only_one_can_be_played() {
    // Given one man free to move, whose cinque-sice at length is blocked on the deuce point
    let p = pos("13:1 1:14 / 23:2 13:13");
    let mut rules = irish();
    assert_eq!(
        results(&p, &[6, 5], &rules),
        set(&["7:1 1:14 / 23:2 13:13"])
    );
    // free: he may play either die alone, or nothing
    rules.compulsion = Compulsion::Free;
    assert_eq!(
        results(&p, &[6, 5], &rules),
        set(&[
            "13:1 1:14 / 23:2 13:13",
            "7:1 1:14 / 23:2 13:13",
            "8:1 1:14 / 23:2 13:13"
        ])
    );
}

#[test]
fn free_lets_the_player_lift_the_dice_at_any_step() {
    let mut rules = irish();
    rules.compulsion = Compulsion::Free;
    let (mut game, _) = game_at(rules, START, Side::White);
    play(&mut game, &[throw(&[3, 1]), step(8, 3)]);
    assert!(game.may_confirm());
    play(&mut game, &[Action::Confirm]);
    assert_eq!(game.turn(), Side::Black);
    // Under max the same half-play is refused
    let (mut game, _) = game_at(irish(), START, Side::White);
    play(&mut game, &[throw(&[3, 1]), step(8, 3)]);
    assert_eq!(
        game.apply(Action::Confirm),
        Err(RuleError::PlayNotFinished(1))
    );
}

// ---- stakes ----

/// White about to bear off his last man with `faces`; Black arrayed as `black`.
fn last_man_off(stakes: Stakes, black: &str, faces: &[u8], cube: bool) -> Outcome {
    let mut rules = irish();
    rules.stakes = stakes;
    rules.cube = cube;
    let (mut game, _) = game_at(rules, &format!("1:1 off:14 / {black}"), Side::White);
    if cube {
        play(&mut game, &[Action::Double, Action::Take]);
    }
    play(
        &mut game,
        &[throw(faces), step(1, faces[0]), Action::Confirm],
    );
    game.outcome().expect("the game is over")
}

#[test]
fn each_stakes_table_scores_as_rules_md_says() {
    let home = "6:15"; // all Black's men home, none borne off
    let far = "20:1 6:14"; // one of Black's men in White's home table
    let cases = [
        (Stakes::Single, home, [2, 1], 1),
        (Stakes::Single, far, [2, 2], 1),
        (Stakes::Willughby, home, [2, 1], 1),
        (Stakes::Willughby, home, [2, 2], 2),
        (Stakes::Willughby, far, [2, 1], 2),
        (Stakes::Willughby, far, [2, 2], 3),
        (Stakes::Cotton, home, [2, 1], 1),
        (Stakes::Cotton, home, [2, 2], 2),
        (Stakes::Cotton, far, [2, 1], 3),
        (Stakes::Cotton, far, [2, 2], 4),
        (Stakes::Gammons, home, [2, 1], 2),
        (Stakes::Gammons, far, [2, 1], 3),
        (Stakes::Gammons, "6:14 off:1", [2, 2], 1),
        (Stakes::Nard, far, [2, 1], 4 + 14),
    ];
    for (stakes, black, faces, stake) in cases {
        let o = last_man_off(stakes, black, &faces, false);
        assert_eq!(
            (o.winner, o.stake),
            (Some(Side::White), stake),
            "{stakes} {black} {faces:?}"
        );
        assert!(matches!(o.reason, EndReason::BoreOff(_)));
    }
    assert_eq!(
        last_man_off(Stakes::Willughby, far, &[2, 2], false).reason,
        EndReason::BoreOff(WinKind::BackGammonOnDoublets)
    );
}

#[test]
fn the_cube_multiplies_the_stake() {
    let o = last_man_off(Stakes::Cotton, "20:1 6:14", &[2, 2], true);
    assert_eq!(o.stake, 8);
}

// ---- unplayable_die_loses ----

/// White with two men on the bar; only the sice enters.
const ONE_ENTRY: &str = "bar:2 1:13 / 13:5 5:2 4:2 3:2 2:2 1:2";

#[test]
fn fails_a_die_that_cannot_be_played_loses_outright() {
    let (mut game, _) = game_at(Rules::preset(Preset::Fails), ONE_ENTRY, Side::White);
    play(&mut game, &[throw(&[6, 5, 4])]);
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Side::Black),
            stake: 1,
            reason: EndReason::UnplayableDie
        })
    );
}

#[test]
fn without_fails_loss_the_playable_die_is_played_and_the_rest_forgone() {
    let mut rules = Rules::preset(Preset::Fails);
    rules.unplayable_die_loses = false;
    let (mut game, _) = game_at(rules, ONE_ENTRY, Side::White);
    play(&mut game, &[throw(&[6, 5, 4])]);
    assert_eq!(
        game.allowed_steps(),
        vec![gamester_rules::tables::Step::new(25, 6).unwrap()]
    );
    play(&mut game, &[step(25, 6), Action::Confirm]);
    assert_eq!(game.turn(), Side::Black);
}

/// Fails: bearing off the last man wins the game there and then; the dice he leaves unused are
/// not "a die that cannot be played" (003: "The winner is the first person to bear-off all of
/// their pieces").
#[test]
fn fails_the_last_man_borne_off_wins_though_dice_are_left() {
    // Given White's last man on his ace point
    let (mut game, _) = game_at(
        Rules::preset(Preset::Fails),
        "1:1 off:14 / 13:15",
        Side::White,
    );
    // When White throws three dice, of which one bears the man off
    play(&mut game, &[throw(&[6, 5, 4])]);
    assert_eq!(game.outcome(), None, "the throw does not lose");
    play(&mut game, &[step(1, 6), Action::Confirm]);
    // Then White has won by bearing off
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winner, Some(Side::White));
    assert!(
        matches!(outcome.reason, EndReason::BoreOff(_)),
        "{outcome:?}"
    );
}

// ---- all_captured_wins ----

#[test]
fn all_captured_a_side_with_no_man_left_on_the_points_loses() {
    // Given Black's last man on the board a blot on White's 22 (Black's trey point)
    let text = "24:1 6:14 / 3:1 off:14";
    let mut rules = Rules::preset(Preset::TodasTablas);
    rules.layout = Layout::Willughby;
    let (mut game, _) = game_at(rules.clone(), text, Side::White);
    // When White hits it
    play(
        &mut game,
        &[throw(&[2, 1]), step(24, 2), step(6, 1), Action::Confirm],
    );
    // Then Black, all on the bar or off, has lost
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Side::White),
            stake: 1,
            reason: EndReason::AllCaptured
        })
    );
    // And without the option the game goes on
    rules.all_captured_wins = false;
    let (mut game, _) = game_at(rules, text, Side::White);
    play(
        &mut game,
        &[throw(&[2, 1]), step(24, 2), step(6, 1), Action::Confirm],
    );
    assert!(!game.is_over());
}

// ---- blocked_is_draw ----

/// Both sides on the bar against the other's bound table.
const DEADLOCK: &str = "bar:1 13:2 6:2 5:2 4:2 3:2 2:2 1:2 / bar:1 13:2 6:2 5:2 4:2 3:2 2:2 1:2";

#[test]
fn blocked_is_draw_when_neither_side_could_move_whatever_it_threw() {
    let mut rules = Rules::preset(Preset::TodasTablas);
    rules.bound_table = BoundTable::Wait;
    let (game, _) = game_at(rules.clone(), DEADLOCK, Side::White);
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: None,
            stake: 0,
            reason: EndReason::Blocked
        })
    );
    assert_eq!(game.tally().draws, 1);
    // Without the option each throw is simply forfeit
    rules.blocked_is_draw = false;
    let (mut game, _) = game_at(rules, DEADLOCK, Side::White);
    play(&mut game, &[throw(&[6, 5]), throw(&[4, 4])]);
    assert!(!game.is_over());
    assert_eq!(game.turns(), 2);
}

// ---- cube ----

#[test]
fn the_cube_is_offered_taken_owned_and_dropped() {
    let mut rules = irish();
    rules.cube = true;
    let (mut game, _) = game_at(rules, START, Side::White);
    let events = play(&mut game, &[Action::Double]);
    assert!(events.contains(&Event::DoubleOffered {
        by: Side::White,
        value: 2
    }));
    assert!(game.apply(throw(&[3, 1])).is_err());
    play(&mut game, &[Action::Take]);
    assert_eq!(
        game.cube(),
        Cube {
            value: 2,
            owner: Some(Side::Black)
        }
    );
    // White no longer owns the cube
    assert!(matches!(
        game.apply(Action::Double),
        Err(RuleError::CubeRefused(_))
    ));
    play(
        &mut game,
        &[throw(&[3, 1]), step(8, 3), step(6, 1), Action::Confirm],
    );
    // Black redoubles to 4, White drops and loses the 2 at stake
    play(&mut game, &[Action::Double, Action::Drop]);
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Side::Black),
            stake: 2,
            reason: EndReason::Dropped
        })
    );
}

#[test]
fn the_cube_stops_at_64_and_is_refused_without_the_option() {
    let (mut game, _) = game_at(irish(), START, Side::White);
    assert!(matches!(
        game.apply(Action::Double),
        Err(RuleError::CubeRefused(_))
    ));
    let mut rules = irish();
    rules.cube = true;
    let (mut game, _) = game_at(rules, START, Side::White);
    // Six takes: 2, 4, 8, 16, 32, 64, each side redoubling in turn with a play between
    let mut faces_turn = 0;
    while game.cube().value < 64 {
        play(&mut game, &[Action::Double, Action::Take]);
        let plays = game.legal_plays();
        assert!(plays.is_empty());
        play(
            &mut game,
            &[throw(&[if faces_turn % 2 == 0 { 1 } else { 2 }, 1])],
        );
        let first = game.legal_plays()[0];
        game.apply_play(&first).unwrap();
        faces_turn += 1;
    }
    assert!(matches!(
        game.apply(Action::Double),
        Err(RuleError::CubeRefused(CubeRefusal::AtMost))
    ));
}

// ---- players ----

#[test]
fn double_hand_one_throw_first_then_two_to_choose_from() {
    let mut game = Game::new(Rules::preset(Preset::DoubleHandIrish)).unwrap();
    play(
        &mut game,
        &[Action::ThrowOff { white: 6, black: 1 }, throw(&[3, 1])],
    );
    // The very first turn: one throw only
    assert_eq!(game.phase(), Phase::Playing);
    play(&mut game, &[step(8, 3), step(6, 1), Action::Confirm]);
    // Then both partners throw, and the side chooses
    play(&mut game, &[throw(&[6, 5])]);
    assert_eq!(game.phase(), Phase::SecondThrow);
    play(&mut game, &[throw(&[2, 1])]);
    assert_eq!(game.phase(), Phase::ChooseThrow);
    assert_eq!(game.throws().len(), 2);
    assert_eq!(
        game.apply(Action::ChooseThrow(2)),
        Err(RuleError::BadChoice(2))
    );
    play(&mut game, &[Action::ChooseThrow(1)]);
    assert_eq!((game.turn(), game.phase()), (Side::Black, Phase::Playing));
    assert_eq!(game.throw().unwrap().faces(), &[2, 1]);
}

#[test]
fn two_players_throw_once_a_turn() {
    let (mut game, _) = game_at(irish(), START, Side::White);
    play(
        &mut game,
        &[
            throw(&[3, 1]),
            step(8, 3),
            step(6, 1),
            Action::Confirm,
            throw(&[6, 5]),
        ],
    );
    assert_eq!(game.phase(), Phase::Playing);
}

// ---- the session ----

#[test]
fn the_tally_runs_across_the_games_of_a_session() {
    let first = last_man_off(Stakes::Cotton, "20:1 6:14", &[2, 1], false);
    assert_eq!(first.stake, 3);
    let mut rules = irish();
    rules.stakes = Stakes::Cotton;
    let (mut game, _) = game_at(rules, "1:1 off:14 / 20:1 6:14", Side::White);
    play(&mut game, &[throw(&[2, 1]), step(1, 2), Action::Confirm]);
    assert_eq!(game.tally().white, 3);
    let mut next = game.next_game().unwrap();
    assert_eq!(next.tally().white, 3);
    assert_eq!(next.phase(), Phase::ThrowOff);
    next.apply(Action::ThrowOff { white: 1, black: 2 }).unwrap();
    assert_eq!(next.tally().games, 1);
}

//! The engine answers the window's questions, so the window never works a rule out for itself:
//! where a man may go (`destinations`), which dice are spent, whether an event ends a turn, who
//! must act and whether dice are due, what the game waits for in words; several steps apply all
//! or nothing; and the endings the game applies are the engine's one set of ending functions.
//! Checked at every state of random games under random options.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{RandomPlayer, arb_rules, game_at, play, step, throw};

use proptest::prelude::*;

use gamester_rules::tables::{
    Action, DieRefusal, EndReason, Endings, Event, FairDice, Game, Phase, Position, Preset,
    RuleError, Rules, Side, Step, StepRefusal, TurnStart,
};

/// At a play: every destination's steps are accepted together, carry the man from where he
/// stood to that place, and every step the man may take now leads to one of them.
fn check_destinations(game: &Game) -> Result<(), TestCaseError> {
    let mover = game.turn();
    let allowed = game.allowed_steps();
    for from in 1..=25u8 {
        let found = game.destinations(from);
        let here: Vec<Step> = allowed
            .iter()
            .copied()
            .filter(|s| s.from() == from)
            .collect();
        prop_assert_eq!(found.is_empty(), here.is_empty(), "from {}", from);
        for s in &here {
            prop_assert!(found.iter().any(|(to, _)| *to == s.to()), "{:?}", s);
        }
        for (to, steps) in &found {
            prop_assert!(!steps.is_empty());
            prop_assert_eq!(steps[0].from(), from);
            prop_assert_eq!(steps[steps.len() - 1].to(), *to);
            prop_assert!(steps.windows(2).all(|w| w[0].to() == w[1].from()));
            let before = game.position_for(mover);
            let mut g = game.clone();
            let events = g.apply_steps(steps);
            prop_assert!(events.is_ok(), "{:?} refused: {:?}", steps, events);
            let after = g.position_for(mover);
            if *to == 0 {
                prop_assert_eq!(after.off(), before.off() + 1);
            } else {
                prop_assert!(after.at(usize::from(*to)) > 0);
            }
        }
    }
    Ok(())
}

/// The dice shown spent: none at the start of a play, all when the moves are, and (when each
/// die is one move) exactly the dice no longer among the moves left.
fn check_spent_dice(game: &Game) -> Result<(), TestCaseError> {
    let Some(throw) = game.throw() else {
        return Ok(());
    };
    let spent = game.spent_dice();
    prop_assert_eq!(spent.len(), throw.faces().len());
    if game.moves_left().is_empty() {
        prop_assert!(spent.iter().all(|&s| s));
    }
    if game.steps_played().is_empty() {
        prop_assert!(spent.iter().all(|&s| !s));
    }
    let moves = throw.moves(game.rules().dice, game.rules().doublets).len();
    if !throw.is_doublets() && moves == throw.faces().len() {
        let unspent = spent.iter().filter(|&&s| !s).count();
        prop_assert_eq!(unspent, game.moves_left().len());
    }
    Ok(())
}

/// The dice the game calls unplayable are exactly the faces left that no allowed step plays,
/// and each reason holds: an entry point held, or no landing for any man, or (only when a man
/// could move) the most of the throw already played.
fn check_unplayable(game: &Game) -> Result<(), TestCaseError> {
    let allowed = game.allowed_steps();
    let pos = game.position_for(game.turn());
    let rules = gamester_rules::tables::MoveRules::from(game.rules());
    // A point is held against a landing by two adversary men, or at Tick-tack by one.
    let held = if rules.no_hitting { -1 } else { -2 };
    let lost = game.unplayable_dice();
    for &face in game.moves_left().faces() {
        let playable = allowed.iter().any(|s| s.die() == face);
        prop_assert_eq!(
            playable,
            !lost.iter().any(|(f, _)| *f == face),
            "face {}",
            face
        );
    }
    for (face, why) in lost {
        let movable = gamester_rules::tables::movegen::can_move(&pos, face, rules);
        match why {
            DieRefusal::EntryHeld(p) => {
                prop_assert!(pos.bar() > 0 && !movable);
                prop_assert_eq!(p, 25 - face);
                prop_assert!(pos.at(usize::from(p)) <= -2, "the entry point is held");
            }
            DieRefusal::AllHeld { .. } => {
                prop_assert!(pos.bar() == 0 && !movable);
                let far = (usize::from(face) + 1..=24).filter(|&p| pos.at(p) > 0);
                prop_assert!(
                    far.clone().count() > 0,
                    "a man stands where the die would land him on a point"
                );
                for p in far {
                    prop_assert!(pos.at(p - usize::from(face)) <= held, "the landing is held");
                }
            }
            DieRefusal::BearsNone => {
                prop_assert!(pos.bar() == 0 && !movable && pos.all_home());
                prop_assert!((usize::from(face) + 1..=24).all(|p| pos.at(p) <= 0));
            }
            DieRefusal::NoManLeft => prop_assert!(pos.borne_off_all()),
            DieRefusal::RestUnplayable => prop_assert!(movable),
        }
    }
    Ok(())
}

/// Who acts and whether dice are due agree with the phase and with the dice the game asks for.
fn check_actor(game: &Game) -> Result<(), TestCaseError> {
    let mut dice = FairDice::seeded(1);
    prop_assert_eq!(
        game.waits_for_dice(),
        game.throw_action(&mut dice).is_some()
    );
    let together = matches!(
        game.phase(),
        Phase::ThrowOff | Phase::BreakThrowOff { .. } | Phase::Over(_)
    );
    prop_assert_eq!(game.actor().is_none(), together);
    if let Phase::ChooseBreak { chooser, binder } = game.phase() {
        prop_assert_eq!(game.actor(), Some(chooser));
        // Only the points that may really be broken are offered, and each is accepted.
        let binder_pos = game.position_for(binder);
        for choice in game.choices() {
            let Action::Break(p) = choice else {
                return Err(TestCaseError::fail(format!("{choice:?} at a break")));
            };
            prop_assert!(binder_pos.at(usize::from(p)) >= 2);
            prop_assert!(game.clone().apply(choice).is_ok());
        }
    }
    if game.phase() == Phase::DoubleOffered {
        prop_assert_eq!(game.actor(), Some(game.turn().other()));
    }
    Ok(())
}

/// A game ended by a play ended as the engine's ending functions say, seen from the winner.
fn check_ending(before: &Game, after: &Game, events: &[Event]) -> Result<(), TestCaseError> {
    let Some(outcome) = after.outcome() else {
        return Ok(());
    };
    if !events.iter().any(|e| matches!(e, Event::Played { .. })) {
        return Ok(());
    }
    let Some(winner) = outcome.winner else {
        return Ok(());
    };
    // Tick-tack's plays end games by its scores, which its own tests check (tests/ticktack.rs).
    if after.rules().tick_tack {
        prop_assert!(
            matches!(outcome.reason, EndReason::Scored(_) | EndReason::MostPoints),
            "{:?}",
            outcome
        );
        return Ok(());
    }
    let doublets = before.throw().is_some_and(|t| t.is_doublets());
    let endings = Endings::from(after.rules());
    match endings.after_play(&after.position_for(winner), doublets) {
        Some(win) => {
            prop_assert_eq!(win.reason, outcome.reason);
            prop_assert_eq!(
                before.cube().scored(win.stake, after.rules()),
                outcome.stake
            );
        }
        // Else the play ended the game at the next turn's start, in the same action: the
        // loser, on the bar against a table the play bound, loses to the prime of tables.
        None => {
            prop_assert_eq!(
                endings.turn_start(&after.position_for(winner.other())),
                TurnStart::LosesToPrime,
                "{:?}",
                outcome
            );
            prop_assert_eq!(outcome.reason, EndReason::PrimeOfTables);
            prop_assert_eq!(outcome.stake, before.cube().value);
        }
    }
    Ok(())
}

/// Plays a random game under `rules` (the moves from `seed`), checking the engine's answers at
/// every state.
fn check_random_game(rules: Rules, seed: u64) -> Result<(), TestCaseError> {
    let mut game = Game::new(rules).unwrap();
    let mut player = RandomPlayer::seeded(seed);
    let mut guard = 0;
    while !game.is_over() && guard < 20_000 {
        guard += 1;
        check_actor(&game)?;
        if game.phase() == Phase::Playing {
            check_destinations(&game)?;
            check_spent_dice(&game)?;
            check_unplayable(&game)?;
        }
        let before = game.clone();
        let turns = game.turns();
        player
            .act(&mut game)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        // Whether a turn ended, read from the events, as the window and saves read it.
        let mut replay = before.clone();
        let mut events = Vec::new();
        for &a in &game.record()[before.record().len()..] {
            events.extend(replay.apply(a).unwrap());
        }
        let ended = events.iter().any(Event::ends_turn);
        prop_assert_eq!(ended, game.turns() > turns || game.is_over());
        check_ending(&before, &game, &events)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, failure_persistence: None, ..ProptestConfig::default() })]

    /// At every state of random games: the engine's answers hold.
    #[test]
    fn the_engine_answers_the_windows_questions(rules in arb_rules(), seed in any::<u64>()) {
        check_random_game(rules, seed)?;
    }
}

/// A case the property above once found (CI, 2026-11-21): a play binds the player's table while
/// the adversary is on the bar, under "the bound table loses"; the game ends in that same action,
/// at the start of the adversary's turn, by the prime of tables rather than by the play itself.
#[test]
fn a_play_that_binds_a_table_against_a_man_on_the_bar_can_end_the_game_at_once() {
    use gamester_rules::tables::{
        BearOff, BoundTable, Compulsion, Dice, Doublets, Layout, Opening,
    };
    use gamester_rules::tables::{Players, Stakes};
    let rules = Rules {
        layout: Layout::Fails,
        dice: Dice::TwoMinoret,
        doublets: Doublets::Single,
        opening: Opening::PlayOpening,
        bound_table: BoundTable::Loses,
        bear_off: BearOff::Modern,
        compulsion: Compulsion::Free,
        stakes: Stakes::Single,
        unplayable_die_loses: false,
        all_captured_wins: false,
        blocked_is_draw: false,
        cube: false,
        players: Players::DoubleHand,
        match_to: 0,
        crawford: true,
        jacoby: false,
        ..Rules::default()
    };
    check_random_game(rules, 4_994_656_411_828_300_048).unwrap();
}

#[test]
fn a_man_carried_at_length_is_offered_every_stop() {
    // Given White to play cinque and trey (Irish), with a man on his 13 point
    let (mut game, _) = game_at(
        Rules::preset(Preset::Irish),
        "13:2 8:3 6:5 2:5 / 24:2 13:5 8:3 6:5",
        Side::White,
    );
    play(&mut game, &[throw(&[5, 3])]);
    // When the window asks where the man on 13 may go
    let found = game.destinations(13);
    let places: Vec<u8> = found.iter().map(|(to, _)| *to).collect();
    // Then the cinque (8), the trey (10) and both at length (5) are offered, fewest steps
    // first
    let mut sorted = places.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, vec![5, 8, 10]);
    assert_eq!(places[2], 5);
    let (_, at_length) = &found[2];
    assert_eq!(at_length.len(), 2);
    // And a man on a point where he cannot stand is offered nothing
    assert!(game.destinations(20).is_empty());
}

#[test]
fn several_steps_are_played_all_or_none() {
    // Given White to play cinque and trey
    let (mut game, _) = game_at(
        Rules::preset(Preset::Irish),
        "13:2 8:3 6:5 2:5 / 24:2 13:5 8:3 6:5",
        Side::White,
    );
    play(&mut game, &[throw(&[5, 3])]);
    let before = game.clone();
    // When a good step is followed by one the throw does not have
    let good = Step::new(13, 5).unwrap();
    let bad = Step::new(8, 6).unwrap();
    let refused = game.apply_steps(&[good, bad]);
    // Then both are refused, with the reason, and the game is as it was
    assert_eq!(
        refused,
        Err(RuleError::StepNotAllowed(StepRefusal::NoSuchDie(6)))
    );
    assert_eq!(game, before);
    // And the good steps together are played
    game.apply_steps(&[good, Step::new(8, 3).unwrap()]).unwrap();
    assert_eq!(game.steps_played().len(), 2);
    assert_eq!(game.spent_dice(), vec![true, true]);
}

#[test]
fn a_refused_step_says_why_in_terms_a_caller_can_act_on() {
    // Given White on the bar, to play cinque and trey
    let (mut game, _) = game_at(
        Rules::preset(Preset::Irish),
        "bar:1 13:1 8:3 6:5 2:5 / 24:2 13:5 8:3 6:5",
        Side::White,
    );
    play(&mut game, &[throw(&[5, 3])]);
    // Then a man elsewhere may not move, and the reason says the bar comes first
    assert_eq!(
        game.apply(step(13, 5)),
        Err(RuleError::StepNotAllowed(StepRefusal::MustEnterFirst))
    );
    // And an action out of its time names what the game waits for
    let err = game.apply(Action::Double).unwrap_err();
    assert!(matches!(err, RuleError::NotNow { .. }));
    assert_eq!(
        err.to_string(),
        "doubling is not possible now: White is to play"
    );
    assert_eq!(
        game.waiting().words(&|s: Side| s.name().to_string()),
        "White to play 5-3"
    );
}

#[test]
fn the_point_of_a_bound_table_is_chosen_among_those_that_may_break() {
    // Given Black has bound his table and White, on the bar, is to throw (Irish)
    let pos: Position = "bar:1 13:6 8:3 6:5 / 1:2 2:2 3:2 4:2 5:2 6:2 13:3"
        .parse()
        .unwrap();
    let (mut game, _) = game_at(Rules::preset(Preset::Irish), &pos.to_string(), Side::Black);
    // (Black began: he throws a six and a cinque and plays them keeping his table bound)
    play(&mut game, &[throw(&[6, 5])]);
    let keeps_bound = game
        .legal_plays()
        .into_iter()
        .find(|p| p.position.home_bound())
        .unwrap();
    game.apply_play(&keeps_bound).unwrap();
    assert!(matches!(game.phase(), Phase::BreakThrowOff { .. }));
    // When White wins the break throw-off
    play(
        &mut game,
        &[Action::BreakThrowOff {
            white: [6, 6],
            black: [1, 1],
        }],
    );
    // Then the points offered are those of two men or more, and White chooses
    assert_eq!(game.actor(), Some(Side::White));
    assert!(!game.waits_for_dice());
    let offered: Vec<Action> = game.choices();
    assert!(!offered.is_empty());
    let binder = game.position_for(Side::Black);
    for a in &offered {
        let Action::Break(p) = a else { panic!("{a:?}") };
        assert!(binder.at(usize::from(*p)) >= 2);
    }
}

//! Invariants over many random games under random rule options (seeded by proptest):
//! 15 men a side always; every game ends; undo restores exactly; every legal play is accepted
//! by `Game::apply` and nothing else is; refused actions change nothing; random actions never
//! panic; the record replays to the same game.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{RandomPlayer, arb_rules};

use std::collections::BTreeSet;

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use gamester_rules::tables::{
    Action, BearOff, Claim, Game, MoveRules, Phase, Position, Rules, Side, Step, Throw, movegen,
    stepwise,
};

/// 15 men a side, counted on the points, the bar and off.
fn fifteen_a_side(game: &Game) -> Result<(), TestCaseError> {
    let setup = game.position().to_setup(Side::White);
    for men in [&setup.white, &setup.black] {
        let total: u32 = men.points.iter().map(|&n| u32::from(n)).sum::<u32>()
            + u32::from(men.bar)
            + u32::from(men.off);
        prop_assert_eq!(total, 15);
    }
    prop_assert_eq!(
        Position::from_setup(&setup, Side::White).ok(),
        Some(game.position())
    );
    Ok(())
}

/// Every step a man could take by the landing rules alone, ignoring compulsion.
fn physical_steps(pos: &Position, faces: &[u8], bear_off: BearOff) -> Vec<Step> {
    let mut out = Vec::new();
    for from in 1..=25u8 {
        for &die in faces {
            if movegen::landing(pos, usize::from(from), die, bear_off).is_some() {
                out.push(Step::new(from, die).unwrap());
            }
        }
    }
    out
}

/// At a play: undo restores exactly; each legal play is accepted; random step sequences are
/// accepted only when they end on a legal play.
fn check_play(game: &Game, rng: &mut StdRng) -> Result<(), TestCaseError> {
    let mover = game.turn();
    let plays = game.legal_plays();
    let legal: BTreeSet<Position> = plays.iter().map(|p| p.position).collect();

    // Undo restores exactly (under touch and take, it is refused and changes nothing).
    for step in game.allowed_steps().into_iter().take(3) {
        let mut g = game.clone();
        g.apply(Action::Step(step))
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        fifteen_a_side(&g)?;
        if g.rules().touch_and_take {
            let stepped = g.clone();
            prop_assert!(g.apply(Action::Undo).is_err());
            prop_assert_eq!(&g, &stepped);
            continue;
        }
        g.apply(Action::Undo)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(g.position(), game.position());
        prop_assert_eq!(g.moves_left(), game.moves_left());
        prop_assert_eq!(g.allowed_steps(), game.allowed_steps());
        prop_assert_eq!(g.may_confirm(), game.may_confirm());
        prop_assert_eq!(g.phase(), game.phase());
    }

    // Every legal play is accepted.
    for play in plays.iter().take(8) {
        let mut g = game.clone();
        prop_assert!(g.apply_play(play).is_ok(), "legal play refused: {:?}", play);
    }

    // Nothing else is: random sequences of steps the landing rules allow.
    for _ in 0..4 {
        let mut g = game.clone();
        loop {
            let pos = g.position_for(mover);
            let candidates = physical_steps(&pos, g.moves_left().faces(), g.rules().bear_off);
            // (Under Tick-tack some of them would hit: the gate must refuse those.)
            if candidates.is_empty() || rng.random_ratio(1, 6) {
                break;
            }
            let s = candidates[rng.random_range(0..candidates.len())];
            let before = g.clone();
            if g.apply(Action::Step(s)).is_err() {
                prop_assert_eq!(&g, &before, "a refused step changed the game");
            }
        }
        let after = g.position_for(mover);
        let before = g.clone();
        match g.apply(Action::Confirm) {
            Ok(_) => prop_assert!(
                legal.contains(&after),
                "confirmed a play not in the legal list: {}",
                after
            ),
            Err(_) => prop_assert_eq!(&g, &before),
        }
    }
    Ok(())
}

fn play_checked_game(rules: Rules, seed: u64, deep: bool) -> Result<Game, TestCaseError> {
    let mut game = Game::new(rules.clone()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut player = RandomPlayer::seeded(seed);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut actions = 0;
    while !game.is_over() {
        if deep && game.phase() == Phase::Playing {
            check_play(&game, &mut rng)?;
        }
        player
            .act(&mut game)
            .map_err(|e| TestCaseError::fail(format!("random player refused: {e}")))?;
        fifteen_a_side(&game)?;
        actions += 1;
        prop_assert!(actions < 50_000, "the game did not end: {:?}", rules);
    }
    Ok(game)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Thousands of whole games: every one ends, with 15 men a side throughout, and its record
    /// replays to the same game.
    #[test]
    fn every_game_ends_and_replays(rules in arb_rules(), seed in any::<u64>()) {
        let game = play_checked_game(rules.clone(), seed, false)?;
        prop_assert!(game.outcome().is_some());
        let mut replay = Game::new(rules).unwrap();
        for &a in game.record() {
            prop_assert!(replay.apply(a).is_ok());
        }
        prop_assert_eq!(replay, game);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, failure_persistence: None, ..ProptestConfig::default() })]

    /// At every play of these games: undo, the legal list, and the gate agree.
    #[test]
    fn the_gate_accepts_the_legal_plays_and_nothing_else(rules in arb_rules(), seed in any::<u64>()) {
        play_checked_game(rules, seed, true)?;
    }

    /// Random actions, most of them nonsense, never panic; a refused one changes nothing.
    #[test]
    fn random_actions_never_panic(rules in arb_rules(), seed in any::<u64>()) {
        let mut game = Game::new(rules).unwrap();
        let mut player = RandomPlayer::seeded(seed);
        let mut rng = StdRng::seed_from_u64(seed);
        for _ in 0..3000 {
            if game.is_over() {
                break;
            }
            if rng.random_ratio(1, 3) {
                player.act(&mut game).map_err(|e| TestCaseError::fail(e.to_string()))?;
                continue;
            }
            let action = match rng.random_range(0..12) {
                0 => Action::ThrowOff { white: rng.random(), black: rng.random() },
                1 => Action::BreakThrowOff { white: [rng.random(), rng.random()], black: [rng.random(), rng.random()] },
                2 => {
                    let n = rng.random_range(2..=3);
                    let faces: Vec<u8> = (0..n).map(|_| rng.random_range(1..=6)).collect();
                    Action::Throw(Throw::new(&faces).unwrap())
                }
                3 => Action::ChooseThrow(rng.random()),
                4 => Action::Break(rng.random()),
                5 => Action::Step(Step::new(rng.random_range(1..=25), rng.random_range(1..=6)).unwrap()),
                6 => Action::Undo,
                7 => Action::Confirm,
                8 => Action::Double,
                9 => Action::Take,
                10 => Action::Claim([Claim::Hit, Claim::WhyNot, Claim::MissedGoingIn][rng.random_range(0..3)]),
                _ => Action::Drop,
            };
            let before = game.clone();
            if game.apply(action).is_err() {
                prop_assert_eq!(&game, &before);
            }
            fifteen_a_side(&game)?;
        }
    }
}

#[test]
fn legal_plays_agree_with_allowed_steps_at_the_start() {
    // Every first step of every legal play is an allowed step, and every allowed step begins
    // some legal play (modern and Irish, all 21 throws from the start).
    for preset in [
        gamester_rules::tables::Preset::Modern,
        gamester_rules::tables::Preset::Irish,
    ] {
        let rules = Rules::preset(preset);
        for (throw, _) in Throw::all(2) {
            let moves = throw.moves(rules.dice, rules.doublets);
            let mr = MoveRules::from(&rules);
            let pos = Position::default();
            let best = stepwise::reach(&pos, moves, rules.bear_off);
            let allowed: BTreeSet<Step> =
                stepwise::allowed_steps(&pos, moves, movegen::Reach::default(), best, mr)
                    .into_iter()
                    .collect();
            let firsts: BTreeSet<Step> = movegen::legal_plays(&pos, moves, mr)
                .iter()
                .filter_map(|p| p.steps.iter().next())
                .collect();
            assert!(firsts.is_subset(&allowed), "{throw}");
            for s in &allowed {
                let (next, _) = movegen::play_step(&pos, *s, rules.bear_off).unwrap();
                let rest = moves.without(s.die()).unwrap();
                assert_eq!(
                    stepwise::reach(&next, rest, rules.bear_off).dice + 1,
                    best.dice,
                    "{throw} {s:?}"
                );
            }
        }
    }
}

/// At every turn of a game, for every throw of two dice and of three: the walk's reach
/// (`stepwise::reach`, which meets its branches again) is the most dice and pips of the legal
/// plays that the whole list (`movegen`) finds, and whenever the quick test of the men able to
/// move each die (`stepwise::Movers`) says a throw can be played in full, it can.
/// Returns how many throws the quick test called playable, and at how many turns it was asked.
fn reach_agrees_with_the_whole_list(rules: Rules, seed: u64) -> Result<(u32, u32), TestCaseError> {
    let mut game = Game::new(rules.clone()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut player = RandomPlayer::seeded(seed);
    let mr = gamester_rules::tables::MoveRules {
        compulsion: gamester_rules::tables::Compulsion::Max,
        ..MoveRules::from(&rules)
    };
    let throws: Vec<_> = Throw::all(2).into_iter().chain(Throw::all(3)).collect();
    let (mut sure, mut turns, mut actions) = (0, 0, 0);
    while !game.is_over() && actions < 2_000 {
        if game.phase() == Phase::Playing && game.steps_played().is_empty() {
            turns += 1;
            let pos = game.position_for(game.turn());
            let movers = stepwise::Movers::new(&pos, mr);
            for (throw, _) in &throws {
                let moves = throw.moves(rules.dice, rules.doublets);
                let reach = stepwise::reach(&pos, moves, mr);
                let most = movegen::legal_plays(&pos, moves, mr)
                    .iter()
                    .map(|p| {
                        let dice = p.steps.len();
                        let pips: u16 = p.steps.iter().map(|s| u16::from(s.die())).sum();
                        (dice, pips)
                    })
                    .max()
                    .unwrap_or((0, 0));
                prop_assert_eq!(
                    (usize::from(reach.dice), reach.pips),
                    most,
                    "{} {}",
                    pos,
                    throw
                );
                if movers.surely_all(moves) {
                    sure += 1;
                    prop_assert_eq!(usize::from(reach.dice), moves.len(), "{} {}", pos, throw);
                }
            }
        }
        player
            .act(&mut game)
            .map_err(|e| TestCaseError::fail(format!("random player refused: {e}")))?;
        actions += 1;
    }
    Ok((sure, turns))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_reach_of_a_throw_is_the_whole_lists_and_the_quick_test_never_errs(rules in arb_rules(), seed in any::<u64>()) {
        let (sure, turns) = reach_agrees_with_the_whole_list(rules, seed)?;
        // The quick test must say something: in any game that reaches a play, some throws are
        // plainly playable. (Where an unplayable die loses, a game may end at its first throw.)
        prop_assert!(turns == 0 || sure > 0, "{} turns, none sure", turns);
    }
}

/// The case the property test once failed on (Fails' array with two dice, an unplayable die
/// losing): the game ends before any play is made, so the quick test is asked nothing, and the
/// property must not call that a quick test that says nothing.
#[test]
fn a_game_over_before_any_play_asks_the_quick_test_nothing() {
    use gamester_rules::tables::{
        BearOff, BoundTable, Compulsion, Dice, Doublets, Opening, Preset,
    };
    let rules = Rules {
        dice: Dice::Two,
        doublets: Doublets::Single,
        opening: Opening::ThrowAgain,
        bound_table: BoundTable::Break,
        bear_off: BearOff::OverEdge,
        compulsion: Compulsion::Max,
        ..Rules::preset(Preset::Fails)
    };
    let (sure, turns) = reach_agrees_with_the_whole_list(rules, 8_781_217_693_534_106_951)
        .expect("the walk agrees with the whole list");
    assert_eq!((sure, turns), (0, 0), "no play was made in this game");
}

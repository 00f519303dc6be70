//! Tick-tack over thousands of random games under random options (RULES.md, "Tick-tack"):
//! the men sound throughout, every claim the engine accepts or refuses matched against the
//! chances worked out afresh from the throw, every game ended with a single or double game,
//! and its record replaying to the same game.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use gamester_rules::tables::ticktack::{going_in_open, hit_open, went_in};
use gamester_rules::tables::{
    Action, Claim, Claims, Event, FairDice, Game, GoingInOpen, HitBy, MoveRules, Phase, Position,
    Preset, Rules, Score, Side,
};

/// Tick-tack with every one of its options, and a few of the tables', at random.
fn arb_tick_tack() -> impl Strategy<Value = Rules> {
    (
        (
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            prop::sample::select(vec![6u8, 12, 24]),
            any::<bool>(),
            any::<bool>(),
        ),
        (
            prop::sample::select(vec![0u8, 1, 2]),
            prop::sample::select(vec![0u8, 1, 2]),
            prop::sample::select(vec![0u8, 1, 2]),
            prop::sample::select(vec!["single", "double"]),
            prop::sample::select(vec!["over_edge", "modern", "exact"]),
            prop::sample::select(vec!["max", "free"]),
        ),
        (
            prop::sample::select(vec!["two", "double_hand"]),
            any::<bool>(),
            prop::sample::select(vec!["throw_again", "play_opening"]),
            any::<bool>(),
        ),
    )
        .prop_map(
            |(
                (one_die, by_rules, first, score_to, touch, vie),
                (toots, boveries, flyers, doublets, bear_off, compulsion),
                (players, blocked_is_draw, opening, hit_scores),
            )| {
                let mut rules = Rules::preset(Preset::TickTack);
                rules.hit_by = if one_die {
                    HitBy::OneDie
                } else {
                    HitBy::DieOrBoth
                };
                rules.claims = if by_rules {
                    Claims::ByRules
                } else {
                    Claims::ByAdversary
                };
                rules.first_score_ends = first;
                rules.score_to = score_to;
                rules.touch_and_take = touch;
                rules.vie = vie;
                rules.toots = toots;
                rules.boveries = boveries;
                rules.flyers = flyers;
                rules.blocked_is_draw = blocked_is_draw;
                rules.going_in_open = if hit_scores {
                    GoingInOpen::HitScores
                } else {
                    GoingInOpen::HitLosesTwo
                };
                for (o, v) in [
                    ("doublets", doublets),
                    ("bear_off", bear_off),
                    ("compulsion", compulsion),
                    ("players", players),
                    ("opening", opening),
                ] {
                    rules.set(o, v).unwrap();
                }
                rules
            },
        )
}

/// No man on the bar, none borne off but by bearing off, fifteen a side.
fn sound(game: &Game) -> Result<(), TestCaseError> {
    let p = game.position();
    prop_assert_eq!(p.bar(), 0);
    prop_assert_eq!(p.adversary_bar(), 0);
    let setup = p.to_setup(Side::White);
    for men in [&setup.white, &setup.black] {
        let total: u32 = men.points.iter().map(|&n| u32::from(n)).sum::<u32>()
            + u32::from(men.bar)
            + u32::from(men.off);
        prop_assert_eq!(total, 15);
    }
    prop_assert_eq!(Position::from_setup(&setup, Side::White).ok(), Some(p));
    Ok(())
}

/// The scores events tell, in order: who scored what.
fn scores_of(events: &[Event]) -> Vec<(Side, Score)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Scored { side, score, .. } => Some((*side, *score)),
            _ => None,
        })
        .collect()
}

/// The throw being played, as the test works it out itself.
struct Thrown {
    side: Side,
    before: Position,
    hit: bool,
    going_in: bool,
    hit_claimed: bool,
}

/// One random game, checking every claim against the chances worked out afresh.
fn play_checked(rules: &Rules, seed: u64) -> Result<Game, TestCaseError> {
    let mut game = Game::new(rules.clone()).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut dice = FairDice::seeded(seed ^ 0x5151);
    let mut thrown: Option<Thrown> = None;
    let by_adversary = rules.claims == Claims::ByAdversary;
    // Cotton: when going in was open, a hit taken or the going in let pass loses two
    let cotton = rules.going_in_open == GoingInOpen::HitLosesTwo;
    let mut recorded = false;
    for _ in 0..20_000 {
        if game.is_over() {
            return Ok(game);
        }
        sound(&game)?;
        if game.phase() != Phase::Playing {
            recorded = false;
        } else if !recorded {
            // A throw to play: what it allows, worked out afresh
            recorded = true;
            let side = game.turn();
            let before = game.position_for(side);
            let moves = game.moves_left();
            let hit = hit_open(&before, moves, rules.hit_by);
            let going_in = going_in_open(&before, moves, MoveRules::from(rules));
            prop_assert_eq!(game.chances().hit, hit);
            prop_assert_eq!(game.chances().going_in, going_in);
            thrown = Some(Thrown {
                side,
                before,
                hit,
                going_in,
                hit_claimed: false,
            });
        }
        // Every claim not open is refused, and changes nothing
        if let Some(actor) = game.actor() {
            let open = game.open_claims(actor);
            for claim in [Claim::Hit, Claim::WhyNot, Claim::MissedGoingIn] {
                if !open.contains(&claim) {
                    let before = game.clone();
                    prop_assert!(game.apply(Action::Claim(claim)).is_err());
                    prop_assert_eq!(&game, &before);
                }
            }
            // An open claim is one the throw (or the adversary's play) gave
            for claim in &open {
                prop_assert!(by_adversary);
                let t = thrown.as_ref().expect("a claim before any throw");
                match claim {
                    Claim::Hit => {
                        prop_assert!(t.side == actor && t.hit && !t.hit_claimed);
                        prop_assert_eq!(game.phase(), Phase::Playing);
                    }
                    Claim::WhyNot | Claim::MissedGoingIn => {
                        prop_assert!(t.side == actor.other());
                        prop_assert_eq!(game.phase(), Phase::ToThrow);
                    }
                }
            }
            if !open.is_empty() && rng.random_ratio(1, 2) {
                let claim = open[rng.random_range(0..open.len())];
                let events = game
                    .apply(Action::Claim(claim))
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
                let first = scores_of(&events).into_iter().next();
                if claim == Claim::Hit
                    && let Some(t) = &mut thrown
                {
                    t.hit_claimed = true;
                    // The hit taken when going in was open is two to the adversary (Cotton)
                    let expected = if cotton && t.going_in {
                        (actor.other(), Score::MissedGoingIn)
                    } else {
                        (actor, Score::Hit)
                    };
                    prop_assert_eq!(first, Some(expected));
                }
                continue;
            }
        }
        match game.phase() {
            Phase::Playing => {
                let side = game.turn();
                let plays = game.legal_plays();
                let play = plays[rng.random_range(0..plays.len())];
                let events = game
                    .apply_play(&play)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
                if !by_adversary {
                    // Counted by the rules: under Cotton a going in let pass loses two before
                    // anything, and no hit counts when going in was open
                    let t = thrown.as_ref().unwrap();
                    let went = went_in(&t.before, &game.position_for(t.side));
                    let scores = scores_of(&events);
                    if cotton && t.going_in {
                        prop_assert!(!scores.contains(&(side, Score::Hit)), "{:?}", scores);
                        if !went {
                            prop_assert_eq!(
                                scores.first().copied(),
                                Some((side.other(), Score::MissedGoingIn))
                            );
                        }
                    }
                }
                if game.phase() == Phase::ToThrow && by_adversary {
                    // The chances missed are exactly those the throw gave and the play let pass
                    let t = thrown.as_ref().unwrap();
                    let after = game.position_for(t.side);
                    let went = went_in(&t.before, &after);
                    let mut expected = Vec::new();
                    // Under Cotton a hit claimed has paid the two, and a hit is no why-not
                    // when going in was the play
                    let paid = cotton && t.hit_claimed;
                    let hit_was_the_play = !(cotton && t.going_in);
                    if t.going_in && !went && !paid {
                        expected.push(Claim::MissedGoingIn);
                    }
                    if t.hit && !t.hit_claimed && !went && hit_was_the_play {
                        expected.push(Claim::WhyNot);
                    }
                    prop_assert_eq!(game.open_claims(side.other()), expected);
                }
            }
            Phase::ToThrow
                if game.choices().contains(&Action::Double) && rng.random_ratio(1, 30) =>
            {
                game.apply(Action::Double).unwrap();
            }
            Phase::ToThrow | Phase::SecondThrow if rng.random_ratio(1, 400) => {
                let stake = rng.random_range(1..=2);
                game.apply(Action::Resign(stake)).unwrap();
            }
            Phase::DoubleOffered => {
                let a = if rng.random_ratio(3, 4) {
                    Action::Take
                } else {
                    Action::Drop
                };
                game.apply(a).unwrap();
            }
            Phase::ResignOffered { .. } => {
                let a = if rng.random_ratio(1, 2) {
                    Action::AcceptResignation
                } else {
                    Action::DeclineResignation
                };
                game.apply(a).unwrap();
            }
            Phase::ChooseThrow => {
                game.apply(Action::ChooseThrow(rng.random_range(0..2)))
                    .unwrap();
            }
            _ if game.waits_for_dice() => {
                game.throw_with(&mut dice)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
            phase => return Err(TestCaseError::fail(format!("stuck at {phase:?}"))),
        }
    }
    Err(TestCaseError::fail(format!(
        "the game did not end: {rules:?}"
    )))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Thousands of Tick-tack games under random options: sound positions throughout, every
    /// claim checked, every game over with a single or double game (times the vies), and its
    /// record replaying to the same game.
    #[test]
    fn random_tick_tack_games_keep_the_rules(rules in arb_tick_tack(), seed in any::<u64>()) {
        let game = play_checked(&rules, seed)?;
        let outcome = game.outcome().unwrap();
        let cube = game.cube().value;
        match outcome.winner {
            Some(_) => {
                prop_assert_eq!(outcome.stake % cube, 0);
                prop_assert!((1..=2).contains(&(outcome.stake / cube)), "{:?}", outcome);
            }
            None => prop_assert_eq!(outcome.stake, 0),
        }
        let mut replay = Game::new(rules).unwrap();
        for &a in game.record() {
            prop_assert!(replay.apply(a).is_ok());
        }
        prop_assert_eq!(replay, game);
    }
}

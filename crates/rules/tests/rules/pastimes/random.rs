//! The pastimes over random games under random options and seats.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proptest::prelude::*;

use gamester_rules::pastimes::{
    Action, DoltClaimed, DoubletsCount, DrawnBecomes, Draws, Ending, Event, Game, Kind, LoadTo,
    Phase, Preset, Rules, Seat,
};

// ---- over random games ----

fn arb_rules() -> impl Strategy<Value = Rules> {
    (
        prop::sample::select(Preset::ALL.to_vec()),
        2u8..=5,
        6u8..=10,
        any::<bool>(),
        prop::sample::select(vec![
            DoubletsCount::Pips,
            DoubletsCount::Four,
            DoubletsCount::Two,
        ]),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop::sample::select(vec![
            Ending::LastOutLoses,
            Ending::LastTwoLose,
            Ending::FirstOutWins,
        ]),
    )
        .prop_map(
            |(preset, seats, men, uses, doublets, drawers, one, next, ending)| {
                let mut r = Rules::preset(preset);
                if r.kind == Kind::SiceAce {
                    r.seats = seats;
                    r.men = men;
                    r.result = if ending == Ending::LastTwoLose && seats < 3 {
                        Ending::LastOutLoses
                    } else {
                        ending
                    };
                }
                r.adversary_uses = uses;
                r.doublets = doublets;
                r.drawn_becomes = if drawers {
                    DrawnBecomes::Drawers
                } else {
                    DrawnBecomes::OwnersHeap
                };
                r.draws = if one { Draws::One } else { Draws::All };
                r.load_to = if next { LoadTo::Next } else { LoadTo::Chosen };
                // (the seats drawn matter only at Sice-Ace: their parity picks who finds a dolt)
                r.dolt_claimed = if seats % 2 == 0 {
                    DoltClaimed::ByRules
                } else {
                    DoltClaimed::ByAdversary
                };
                r
            },
        )
}

/// Every action a player might try, sensible or not.
fn every_play() -> Vec<Action> {
    let mut all = Vec::new();
    for point in 0..=7 {
        all.extend([
            Action::Lay { point },
            Action::Draw { point },
            Action::Bear { point },
        ]);
    }
    for s in 0..=6 {
        all.push(Action::Load { seat: Seat(s) });
    }
    all.push(Action::Claim);
    all
}

/// The men at the table are as many as at the start, and every man is somewhere.
fn men_conserved(g: &Game, r: &Rules) -> Result<(), TestCaseError> {
    let each = u32::from(r.men_each());
    prop_assert_eq!(g.total_men(), each * u32::from(r.seats));
    for s in 0..r.seats {
        let m = g.men(Seat(s)).unwrap();
        match r.kind {
            Kind::Doublets => {
                prop_assert_eq!(m.total(), 15);
                prop_assert_eq!(m.heap, 0);
                if m.borne > 0 {
                    prop_assert!(!m.laying(), "a man borne before all were down");
                }
            }
            Kind::KetchDolt => prop_assert_eq!(m.standing, [0; 6]),
            Kind::SiceAce => {
                prop_assert_eq!(m.standing, [0; 6]);
                prop_assert_eq!(m.laid, [0; 6]);
            }
        }
    }
    Ok(())
}

/// The end is right: who won and lost, by the game's rule.
fn result_is_right(g: &Game, r: &Rules, last: &[Event]) -> Result<(), TestCaseError> {
    let result = g.result().unwrap();
    let mut all: Vec<Seat> = result
        .winners
        .iter()
        .chain(&result.losers)
        .copied()
        .collect();
    all.sort();
    prop_assert_eq!(all, (0..r.seats).map(Seat).collect::<Vec<_>>());
    let out = |s: &Seat| !g.is_in(*s);
    match r.kind {
        Kind::Doublets => {
            prop_assert_eq!(result.winners.len(), 1);
            prop_assert_eq!(g.men(result.winners[0]).unwrap().borne, 15);
            prop_assert!(g.men(result.losers[0]).unwrap().borne < 15);
        }
        Kind::KetchDolt => {
            prop_assert_eq!(result.winners.len(), 1);
            let dolted = last
                .iter()
                .any(|e| matches!(e, Event::Dolted { seat, .. } if *seat == result.losers[0]));
            prop_assert!(dolted || !g.is_in(result.winners[0]));
        }
        Kind::SiceAce => match r.result {
            Ending::LastOutLoses => {
                prop_assert_eq!(result.losers.len(), 1);
                prop_assert!(g.is_in(result.losers[0]));
                prop_assert!(result.winners.iter().all(out));
            }
            Ending::LastTwoLose => {
                prop_assert_eq!(result.losers.len(), 2);
                prop_assert!(result.losers.iter().all(|s| g.is_in(*s)));
                prop_assert!(result.winners.iter().all(out));
            }
            Ending::FirstOutWins => {
                prop_assert_eq!(result.winners.len(), 1);
                prop_assert!(out(&result.winners[0]));
                prop_assert!(result.losers.iter().all(|s| g.is_in(*s)));
                prop_assert_eq!(g.out_order().len(), 1);
            }
        },
    }
    Ok(())
}

/// What one action did is what the rules say it does.
fn events_are_right(
    before: &Game,
    action: &Action,
    events: &[Event],
    r: &Rules,
) -> Result<(), TestCaseError> {
    let over = before.phase() != Phase::GameOver
        && events.iter().any(|e| matches!(e, Event::GameOver { .. }));
    if let (Action::Throw { dice }, Phase::ToThrow) = (action, before.phase()) {
        let (a, b) = (dice[0], dice[1]);
        let Some(Event::Threw { uses, .. }) = events.first() else {
            return Err(TestCaseError::fail("a throw tells its numbers first"));
        };
        let want = match (a == b, r.kind, r.doublets) {
            (false, _, _) | (true, Kind::SiceAce, _) | (true, _, DoubletsCount::Two) => 2,
            (true, _, DoubletsCount::Four) => 4,
            (true, _, DoubletsCount::Pips) => 2 * usize::from(a),
        };
        prop_assert_eq!(uses.len(), want);
        if r.kind == Kind::Doublets {
            // Each number is used once: laid, borne or lost (unless the game ended)
            let used = events
                .iter()
                .filter(|e| {
                    matches!(
                        e,
                        Event::LaidDown { .. } | Event::Bore { .. } | Event::Lost { .. }
                    )
                })
                .count();
            if over {
                prop_assert!(used <= want);
            } else {
                prop_assert_eq!(used, want);
            }
        }
        if r.kind == Kind::SiceAce && r.load_to == LoadTo::Next {
            let bore = events
                .iter()
                .filter(|e| matches!(e, Event::Bore { .. }))
                .count();
            let loaded = events
                .iter()
                .filter(|e| matches!(e, Event::Loaded { .. }))
                .count();
            prop_assert!(bore <= dice.iter().filter(|&&d| d == 6).count());
            prop_assert!(loaded <= dice.iter().filter(|&&d| d == 1).count());
            let again = events
                .iter()
                .any(|e| matches!(e, Event::ThrowsAgain { .. }));
            let thrower = before.turn();
            prop_assert_eq!(
                again,
                a == b
                    && !over
                    && before.men(thrower).unwrap().heap > 0
                    && events.iter().all(|e| *e != Event::Out { seat: thrower })
            );
        }
    }
    for e in events {
        match e {
            Event::Loaded { to, .. } => prop_assert!(before.is_in(*to), "loaded one out"),
            Event::Dolted { seat, point } if *action == Action::Claim => {
                // A claim is upheld only for the dolt the adversary made in his turn
                prop_assert_eq!(r.dolt_claimed, DoltClaimed::ByAdversary);
                prop_assert_eq!(before.claimable(), Some((*seat, *point)));
                prop_assert_ne!(*seat, before.turn());
            }
            Event::Dolted { seat, point } => {
                prop_assert_eq!(r.kind, Kind::KetchDolt);
                prop_assert_eq!(r.dolt_claimed, DoltClaimed::ByRules);
                prop_assert_eq!(*seat, before.turn(), "only the thrower dolts");
                prop_assert!(before.draw_owed(*point));
                let from_heap_or_bearing =
                    matches!(action, Action::Lay { .. } | Action::Bear { .. });
                prop_assert!(from_heap_or_bearing);
            }
            Event::Bore { seat, .. } if r.kind == Kind::KetchDolt => {
                prop_assert_eq!(
                    before.men(*seat).unwrap().heap,
                    0,
                    "bore with men in the heap"
                );
            }
            _ => {}
        }
    }
    // At Ketch-Dolt a lay or a bear where a draw is owed always dolts, and nothing else does
    if r.kind == Kind::KetchDolt
        && let Action::Lay { point } | Action::Bear { point } = action
    {
        let adv = Seat(1 - before.turn().0);
        let there = before.men(adv).unwrap().laid[usize::from(*point - 1)];
        // Cotton: any men there; Ludii's reading (men sent back to the heap): a lone man
        let owed = match r.drawn_becomes {
            DrawnBecomes::Drawers => there > 0,
            DrawnBecomes::OwnersHeap => there == 1,
        };
        let by_rules = r.dolt_claimed == DoltClaimed::ByRules;
        prop_assert_eq!(
            owed && by_rules,
            events.iter().any(|e| matches!(e, Event::Dolted { .. }))
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6000))]

    #[test]
    fn random_games_keep_their_men_take_only_legal_actions_and_end_as_the_rules_say(
        r in arb_rules(),
        seed in any::<u64>(),
        dolt_often in any::<bool>(),
    ) {
        let mut g = Game::new(r).unwrap();
        let mut rng = seed;
        let mut next = move || { rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407); rng >> 33 };
        let mut steps = 0;
        let mut last = Vec::new();
        let mut saved = false;
        while g.phase() != Phase::GameOver {
            steps += 1;
            prop_assert!(steps < 50_000, "the game does not end");
            men_conserved(&g, &r)?;
            // Anything not legal now is refused and changes nothing
            let legal = g.legal_actions();
            let before = g.clone();
            let plays = every_play();
            for k in 0..3 {
                // every play now and then, else three at random
                let tried: Vec<&Action> = if steps % 16 == 0 { plays.iter().collect() } else { vec![&plays[(next() as usize + k) % plays.len()]] };
                for play in tried {
                    if !legal.contains(play) {
                        prop_assert!(g.apply(play.clone()).is_err());
                        prop_assert_eq!(&g, &before);
                    }
                }
            }
            let count = if g.phase() == Phase::ThrowOff { usize::from(r.seats) } else { 2 };
            for bad in [vec![0; count], vec![3; count + 1], vec![7; count]] {
                let refused = g.apply(Action::Throw { dice: bad }).is_err();
                prop_assert!(refused);
            }
            prop_assert_eq!(&g, &before);
            // And everything legal is taken, each once; chance's throw is a throw the gate takes
            if steps % 16 == 0 {
                for (i, play) in legal.iter().enumerate() {
                    prop_assert!(!legal[..i].contains(play), "listed twice");
                    prop_assert!(g.clone().apply(play.clone()).is_ok());
                }
            }
            if let Some(chance) = g.chance_action(&mut rand::rng()) {
                prop_assert!(legal.iter().all(|a| *a == Action::Claim));
                prop_assert!(g.clone().apply(chance).is_ok());
            }
            let action = match g.phase() {
                Phase::ToThrow if !legal.is_empty() && next() % 2 == 0 => {
                    prop_assert_eq!(g.actor(), Some(g.turn()));
                    Action::Claim
                }
                Phase::ThrowOff | Phase::ToThrow => {
                    prop_assert_eq!(legal.is_empty(), g.actor().is_none());
                    Action::Throw { dice: (0..count).map(|_| (next() % 6) as u8 + 1).collect() }
                }
                _ => {
                    prop_assert!(!legal.is_empty(), "a player to act with nothing to do");
                    prop_assert_eq!(g.actor(), Some(g.turn()));
                    let refused = g.apply(Action::Throw { dice: vec![1, 2] }).is_err();
                    prop_assert!(refused, "no throw while the dice are used");
                    prop_assert_eq!(&g, &before);
                    // Players dolt now and then: always when `dolt_often` allows, else rarely
                    let safe: Vec<Action> = legal.iter().filter(|a| !g.dolts(a)).cloned().collect();
                    let pool = if safe.is_empty() || (dolt_often && next() % 4 == 0) { &legal } else { &safe };
                    pool[(next() as usize) % pool.len()].clone()
                }
            };
            last = g.apply(action.clone()).unwrap();
            events_are_right(&before, &action, &last, &r)?;
            // A game half played goes to text and comes back the same
            if !saved && steps > 20 {
                saved = true;
                let text = ron::to_string(&g).unwrap();
                let back: Game = ron::from_str(&text).unwrap();
                prop_assert_eq!(&back, &g);
            }
        }
        men_conserved(&g, &r)?;
        result_is_right(&g, &r, &last)?;
        prop_assert!(g.legal_actions().is_empty());
        prop_assert!(g.chance_action(&mut rand::rng()).is_none());
        // The replay of the record is the same game
        let again = Game::replay(r, g.record()).unwrap();
        prop_assert_eq!(again, g);
    }
}

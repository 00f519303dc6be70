//! Doublets, rule by rule, with chosen dice.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gamester_rules::pastimes::{Action, DoubletsCount, Event, Game, PastimeError, Phase};

use super::{S0, S1, doublets, laid, standing, started, throw};

// ---- Doublets ----

#[test]
fn doublets_piles_three_on_sice_cinque_cater_and_two_on_trey_deuce_ace() {
    let g = Game::new(doublets()).unwrap();
    for s in [S0, S1] {
        assert_eq!(standing(&g, s), [2, 2, 2, 3, 3, 3]);
        assert_eq!(laid(&g, s), [0; 6]);
        assert_eq!(g.men(s).unwrap().heap, 0);
    }
    assert_eq!(g.total_men(), 30);
}

#[test]
fn a_die_lays_down_a_standing_man_of_its_point_and_the_turn_passes() {
    let mut g = started(doublets(), S0);
    let events = throw(&mut g, &[6, 4]);
    assert_eq!(standing(&g, S0), [2, 2, 2, 2, 3, 2]);
    assert_eq!(laid(&g, S0), [0, 0, 0, 1, 0, 1]);
    assert_eq!(standing(&g, S1), [2, 2, 2, 3, 3, 3]);
    assert!(events.contains(&Event::LaidDown {
        seat: S0,
        point: 4,
        by_adversary: false
    }));
    assert_eq!(g.thrower(), Some(S1));
    // Doublets needs no choice: nothing for a player to do between throws
    assert!(g.legal_actions().is_empty());
    let before = g.clone();
    assert!(matches!(
        g.apply(Action::Lay { point: 6 }),
        Err(PastimeError::NotNow(_))
    ));
    assert_eq!(g, before);
}

#[test]
fn a_pip_doublet_takes_as_many_men_as_its_pips_from_its_point_then_below_then_above() {
    // Given a fresh array; When sice-sice is thrown ("if two fours ... eight")
    let mut g = started(doublets(), S0);
    throw(&mut g, &[6, 6]);
    // Then twelve are laid down: the three sices, then cinques, caters, treys, one deuce
    assert_eq!(standing(&g, S0), [2, 1, 0, 0, 0, 0]);
    assert_eq!(laid(&g, S0), [0, 1, 2, 3, 3, 3]);
    throw(&mut g, &[3, 2]);
    // When deuce-deuce: four men, the last deuce, then the aces below it, then one borne
    throw(&mut g, &[2, 2]);
    assert_eq!(standing(&g, S0), [0; 6], "all down");
    assert_eq!(laid(&g, S0), [2, 1, 2, 3, 3, 3]);
    assert_eq!(g.men(S0).unwrap().borne, 1, "the rest of the doublet bears");
    // And from the point above when none is left at or below: trey-trey bears six
    throw(&mut g, &[3, 2]);
    throw(&mut g, &[3, 3]);
    assert_eq!(laid(&g, S0), [0, 0, 0, 2, 3, 3]);
    assert_eq!(g.men(S0).unwrap().borne, 7);
}

#[test]
fn doublets_four_times_takes_four_of_the_point_and_two_as_any_throw() {
    let mut r = doublets();
    r.doublets = DoubletsCount::Four;
    let mut g = started(r, S0);
    throw(&mut g, &[5, 5]);
    // Three cinques stand: three laid, the fourth the adversary lays down for himself
    assert_eq!(standing(&g, S0), [2, 2, 2, 3, 0, 3]);
    assert_eq!(standing(&g, S1), [2, 2, 2, 3, 2, 3]);
    r.doublets = DoubletsCount::Two;
    let mut g = started(r, S0);
    throw(&mut g, &[5, 5]);
    assert_eq!(standing(&g, S0), [2, 2, 2, 3, 1, 3]);
    assert_eq!(standing(&g, S1), [2, 2, 2, 3, 3, 3]);
}

#[test]
fn a_number_the_thrower_cannot_use_the_adversary_lays_down_unless_the_option_is_off() {
    for uses in [true, false] {
        let mut r = doublets();
        r.adversary_uses = uses;
        let mut g = started(r, S0);
        throw(&mut g, &[6, 6]); // S0: [2,1,0,0,0,0] standing
        throw(&mut g, &[3, 2]); // S1 lays a trey and a deuce
        let events = throw(&mut g, &[6, 5]); // S0 has no sice or cinque standing, none borne
        assert_eq!(standing(&g, S0), [2, 1, 0, 0, 0, 0]);
        assert_eq!(g.men(S0).unwrap().borne, 0, "not till they are down");
        if uses {
            assert_eq!(standing(&g, S1), [2, 1, 1, 3, 2, 2]);
            assert!(events.contains(&Event::LaidDown {
                seat: S1,
                point: 6,
                by_adversary: true
            }));
        } else {
            assert_eq!(standing(&g, S1), [2, 1, 1, 3, 3, 3]);
            assert!(events.contains(&Event::Lost { seat: S0, point: 6 }));
        }
    }
}

#[test]
fn the_adversary_only_lays_down_with_a_lost_number_and_never_bears_with_it() {
    let mut g = started(doublets(), S0);
    throw(&mut g, &[6, 6]); // S0 standing [2,1,0,0,0,0]
    throw(&mut g, &[4, 4]); // S1: eight, caters 3, trey 2, deuce 2, ace 1: standing [1,0,0,0,3,3]
    assert_eq!(standing(&g, S1), [1, 0, 0, 0, 3, 3]);
    throw(&mut g, &[2, 2]); // S0: deuce, ace, ace (all down), bears a deuce
    assert_eq!(g.men(S0).unwrap().borne, 1);
    // When S1 throws trey-deuce, which he cannot use, S0 (bearing) does not bear with them
    let before = *g.men(S0).unwrap();
    let events = throw(&mut g, &[3, 2]);
    assert_eq!(*g.men(S0).unwrap(), before);
    assert!(events.contains(&Event::Lost { seat: S1, point: 3 }));
    // And when S0 (bearing) throws a number he cannot bear, S1 (laying) lays it down
    throw(&mut g, &[3, 3]); // S0 bears six: treys 2, deuce 1... from trey, then below, then above
    assert_eq!(laid(&g, S0)[..3], [0, 0, 0]);
    throw(&mut g, &[5, 4]); // S1 lays a cinque, cannot use the cater (none standing)
    let events = throw(&mut g, &[1, 1]); // S0 has no ace left: the first two... pips
    // (under pips a doublet always finds a man: it bears two from above the ace)
    assert_eq!(g.men(S0).unwrap().borne, 9);
    assert!(!events.iter().any(|e| matches!(e, Event::Lost { .. })));
    let events = throw(&mut g, &[3, 2]); // S1 cannot use them; S0, bearing, does not either
    assert!(events.contains(&Event::Lost { seat: S1, point: 2 }));
    let s1 = *g.men(S1).unwrap();
    throw(&mut g, &[6, 1]); // S0 bears a sice; no ace of his: S1 lays his last ace for himself
    assert_eq!(g.men(S1).unwrap().standing[0], s1.standing[0] - 1);
    assert_eq!(g.men(S1).unwrap().standing[0], 0);
}

#[test]
fn two_numbers_are_used_in_the_order_that_lets_the_thrower_use_both() {
    let mut g = started(doublets(), S0);
    throw(&mut g, &[6, 6]); // S0 standing [2,1,0,0,0,0]
    throw(&mut g, &[3, 2]);
    throw(&mut g, &[1, 1]); // both aces: standing [0,1,0,0,0,0]
    throw(&mut g, &[3, 2]);
    // When cinque-deuce: the deuce lays the last man down, then the cinque bears
    let s1 = *g.men(S1).unwrap();
    throw(&mut g, &[5, 2]);
    assert_eq!(standing(&g, S0), [0; 6]);
    assert_eq!(g.men(S0).unwrap().borne, 1);
    assert_eq!(laid(&g, S0)[4], 2);
    assert_eq!(
        *g.men(S1).unwrap(),
        s1,
        "nothing was left for the adversary"
    );
}

#[test]
fn the_first_to_bear_all_his_men_wins_and_the_game_takes_nothing_more() {
    let mut g = started(doublets(), S0);
    throw(&mut g, &[6, 6]);
    throw(&mut g, &[3, 2]);
    throw(&mut g, &[2, 2]); // all down, one deuce borne
    throw(&mut g, &[3, 2]);
    throw(&mut g, &[6, 6]); // twelve borne: thirteen
    throw(&mut g, &[5, 4]);
    assert_eq!(laid(&g, S0), [2, 0, 0, 0, 0, 0]);
    let events = throw(&mut g, &[1, 1]);
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.men(S0).unwrap().borne, 15);
    let result = g.result().unwrap();
    assert_eq!(
        (result.winners.as_slice(), result.losers.as_slice()),
        (&[S0][..], &[S1][..])
    );
    assert!(events.contains(&Event::GameOver {
        winners: vec![S0],
        losers: vec![S1]
    }));
    let before = g.clone();
    assert!(g.apply(Action::Throw { dice: vec![3, 3] }).is_err());
    assert_eq!(g, before);
}

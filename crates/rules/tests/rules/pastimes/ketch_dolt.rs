//! Ketch-Dolt, rule by rule, with chosen dice.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gamester_rules::pastimes::{
    Action, DoltClaimed, DoubletsCount, DrawnBecomes, Draws, Event, Phase, Preset, Rules,
};

use super::{S0, S1, act, laid, started, throw};

// ---- Ketch-Dolt ----

pub(super) fn ketch_dolt() -> Rules {
    Rules::preset(Preset::KetchDolt)
}

#[test]
fn ketch_dolt_lays_from_the_heap_on_the_points_thrown() {
    let mut g = started(ketch_dolt(), S0);
    assert_eq!(g.men(S0).unwrap().heap, 15);
    throw(&mut g, &[6, 2]);
    assert_eq!(g.actor(), Some(S0));
    let mut legal = g.legal_actions();
    legal.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        legal,
        vec![Action::Lay { point: 2 }, Action::Lay { point: 6 }]
    );
    // A number not thrown, or a draw with nothing to draw, is refused
    let before = g.clone();
    assert!(g.apply(Action::Lay { point: 5 }).is_err());
    assert!(g.apply(Action::Draw { point: 6 }).is_err());
    assert!(
        g.apply(Action::Bear { point: 6 }).is_err(),
        "the heap is full"
    );
    assert!(g.apply(Action::Throw { dice: vec![1, 1] }).is_err());
    assert_eq!(g, before);
    act(&mut g, Action::Lay { point: 6 });
    assert_eq!(g.actor(), Some(S0), "one number left");
    act(&mut g, Action::Lay { point: 2 });
    assert_eq!(laid(&g, S0), [0, 1, 0, 0, 0, 1]);
    assert_eq!(g.men(S0).unwrap().heap, 13);
    assert_eq!(g.thrower(), Some(S1));
}

#[test]
fn a_number_showing_the_adversarys_point_draws_his_man_to_the_same_point() {
    let mut g = started(ketch_dolt(), S0);
    throw(&mut g, &[6, 2]);
    act(&mut g, Action::Lay { point: 6 });
    act(&mut g, Action::Lay { point: 2 });
    throw(&mut g, &[6, 1]);
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Draw { point: 6 }));
    assert!(
        legal.contains(&Action::Lay { point: 6 }),
        "the engine does not force the draw: taking from the heap is legal, and dolts"
    );
    assert!(g.dolts(&Action::Lay { point: 6 }));
    assert!(!g.dolts(&Action::Lay { point: 1 }));
    assert!(!g.dolts(&Action::Draw { point: 6 }));
    act(&mut g, Action::Draw { point: 6 });
    assert_eq!(laid(&g, S0)[5], 0);
    assert_eq!(laid(&g, S1)[5], 1, "drawn to the same point of his own");
    assert_eq!(g.men(S1).unwrap().heap, 15, "not from his heap");
    act(&mut g, Action::Lay { point: 1 });
    assert_eq!(g.total_men(), 30);
}

#[test]
fn taking_from_the_heap_where_a_draw_is_owed_dolts_him_and_he_loses_at_once() {
    let mut g = started(ketch_dolt(), S0);
    throw(&mut g, &[6, 2]);
    act(&mut g, Action::Lay { point: 6 });
    act(&mut g, Action::Lay { point: 2 });
    throw(&mut g, &[6, 1]);
    let events = act(&mut g, Action::Lay { point: 6 });
    assert!(events.contains(&Event::Dolted { seat: S1, point: 6 }));
    assert_eq!(g.phase(), Phase::GameOver);
    let result = g.result().unwrap();
    assert_eq!(result.winners, vec![S0]);
    assert_eq!(result.losers, vec![S1]);
    assert!(g.legal_actions().is_empty());
}

#[test]
fn a_draw_may_take_the_whole_point() {
    let mut r = ketch_dolt();
    r.draws = Draws::All;
    let mut g = started(r, S0);
    throw(&mut g, &[6, 6]); // as two: two men on the sice point
    act(&mut g, Action::Lay { point: 6 });
    act(&mut g, Action::Lay { point: 6 });
    assert_eq!(laid(&g, S0)[5], 2);
    throw(&mut g, &[6, 3]);
    act(&mut g, Action::Draw { point: 6 });
    assert_eq!(
        (laid(&g, S0)[5], laid(&g, S1)[5]),
        (0, 2),
        "the whole point"
    );
    // And by default one man, which becomes the drawer's
    let mut g = started(ketch_dolt(), S0);
    throw(&mut g, &[6, 6]);
    act(&mut g, Action::Lay { point: 6 });
    act(&mut g, Action::Lay { point: 6 });
    throw(&mut g, &[6, 3]);
    act(&mut g, Action::Draw { point: 6 });
    assert_eq!((laid(&g, S0)[5], laid(&g, S1)[5]), (1, 1));
}

#[test]
fn a_lone_man_drawn_may_go_back_to_his_owners_heap_and_two_hold_the_point() {
    let mut r = ketch_dolt();
    r.drawn_becomes = DrawnBecomes::OwnersHeap;
    let mut g = started(r, S0);
    throw(&mut g, &[6, 3]);
    act(&mut g, Action::Lay { point: 6 });
    act(&mut g, Action::Lay { point: 3 });
    throw(&mut g, &[3, 3]);
    // A lone man on the trey: the draw is owed, and sends him home to his heap
    assert!(g.draw_owed(3));
    act(&mut g, Action::Draw { point: 3 });
    assert_eq!(laid(&g, S0)[2], 0);
    assert_eq!(laid(&g, S1)[2], 0, "not the drawer's");
    assert_eq!(g.men(S0).unwrap().heap, 14, "back to his heap");
    act(&mut g, Action::Lay { point: 3 });
    throw(&mut g, &[6, 6]);
    act(&mut g, Action::Lay { point: 6 });
    act(&mut g, Action::Lay { point: 6 });
    assert_eq!(laid(&g, S0)[5], 3);
    // Three on the sice hold it: no draw is owed, and laying from the heap does not dolt
    throw(&mut g, &[6, 5]);
    assert!(!g.draw_owed(6));
    assert!(!g.legal_actions().contains(&Action::Draw { point: 6 }));
    assert!(!g.dolts(&Action::Lay { point: 6 }));
    act(&mut g, Action::Lay { point: 6 });
    assert_eq!(g.phase(), Phase::ToPlay);
}

#[test]
fn he_bears_only_with_his_heap_empty_a_useless_number_is_lost_and_the_first_off_wins() {
    let mut r = ketch_dolt();
    r.doublets = DoubletsCount::Pips;
    let mut g = started(r, S0);
    throw(&mut g, &[6, 6]); // twelve sices
    for _ in 0..12 {
        act(&mut g, Action::Lay { point: 6 });
    }
    throw(&mut g, &[2, 1]);
    act(&mut g, Action::Lay { point: 2 });
    act(&mut g, Action::Lay { point: 1 });
    throw(&mut g, &[5, 5]); // ten cinques: three laid, then three borne, four lost
    act(&mut g, Action::Lay { point: 5 });
    act(&mut g, Action::Lay { point: 5 });
    let before = g.clone();
    assert!(
        g.apply(Action::Bear { point: 5 }).is_err(),
        "a man in the heap"
    );
    assert_eq!(g, before);
    act(&mut g, Action::Lay { point: 5 });
    assert_eq!(g.men(S0).unwrap().heap, 0);
    assert_eq!(g.legal_actions(), vec![Action::Bear { point: 5 }]);
    act(&mut g, Action::Bear { point: 5 });
    act(&mut g, Action::Bear { point: 5 });
    let events = act(&mut g, Action::Bear { point: 5 });
    assert_eq!(
        events
            .iter()
            .filter(|e| **e == Event::Lost { seat: S0, point: 5 })
            .count(),
        4
    );
    assert_eq!(g.thrower(), Some(S1));
    throw(&mut g, &[2, 1]);
    act(&mut g, Action::Lay { point: 2 });
    act(&mut g, Action::Lay { point: 1 });
    throw(&mut g, &[6, 6]);
    for _ in 0..11 {
        act(&mut g, Action::Bear { point: 6 });
    }
    assert_eq!(g.phase(), Phase::ToPlay);
    let events = act(&mut g, Action::Bear { point: 6 });
    assert!(events.contains(&Event::GameOver {
        winners: vec![S0],
        losers: vec![S1]
    }));
    assert_eq!(g.men(S0).unwrap().borne, 15);
}

#[test]
fn bearing_where_a_draw_is_owed_dolts_him_too() {
    let mut r = ketch_dolt();
    r.doublets = DoubletsCount::Pips;
    let mut g = started(r, S0);
    throw(&mut g, &[6, 6]);
    for _ in 0..12 {
        act(&mut g, Action::Lay { point: 6 });
    }
    throw(&mut g, &[5, 3]);
    act(&mut g, Action::Lay { point: 5 });
    act(&mut g, Action::Lay { point: 3 });
    throw(&mut g, &[3, 3]); // six treys: S1 has a man on the trey: drawn, then three laid
    act(&mut g, Action::Draw { point: 3 });
    for _ in 0..3 {
        act(&mut g, Action::Lay { point: 3 });
    }
    assert_eq!(g.men(S0).unwrap().heap, 0);
    // S0 holds 4 treys; two treys left to use: bearing is legal
    assert!(g.legal_actions().contains(&Action::Bear { point: 3 }));
    act(&mut g, Action::Bear { point: 3 });
    act(&mut g, Action::Bear { point: 3 });
    throw(&mut g, &[5, 1]);
    act(&mut g, Action::Lay { point: 5 });
    act(&mut g, Action::Lay { point: 1 });
    throw(&mut g, &[5, 4]); // S1 has men on the cinque: bearing with it dolts S0
    let bear = Action::Bear { point: 5 };
    assert!(
        !g.legal_actions().contains(&bear),
        "no man of S0 on the cinque"
    );
    let draw = Action::Draw { point: 5 };
    assert!(g.legal_actions().contains(&draw));
    act(&mut g, draw);
    // Now S0 has a man on the cinque and S1 still has one: bearing it dolts him
    assert_eq!((laid(&g, S0)[4], laid(&g, S1)[4]), (1, 1));
    throw(&mut g, &[2, 2]); // doublets by the pips: four deuces
    for _ in 0..4 {
        act(&mut g, Action::Lay { point: 2 });
    }
    throw(&mut g, &[5, 6]);
    assert!(g.dolts(&bear));
    let events = act(&mut g, bear);
    assert!(events.contains(&Event::Dolted { seat: S0, point: 5 }));
    assert_eq!(g.result().unwrap().winners, vec![S1]);
}

#[test]
fn a_dolt_claimed_by_the_adversary_loses_only_if_he_claims_it_before_he_throws() {
    let mut r = ketch_dolt();
    r.dolt_claimed = DoltClaimed::ByAdversary;
    let dolted = || {
        let mut g = started(r, S0);
        throw(&mut g, &[6, 2]);
        act(&mut g, Action::Lay { point: 6 });
        act(&mut g, Action::Lay { point: 2 });
        assert!(g.legal_actions().is_empty(), "nothing to claim yet");
        throw(&mut g, &[6, 1]);
        // S1 takes from the heap where he owed a draw: nothing is said, and play goes on
        let events = act(&mut g, Action::Lay { point: 6 });
        assert!(!events.iter().any(|e| matches!(e, Event::Dolted { .. })));
        assert_eq!(g.phase(), Phase::ToPlay);
        assert_eq!(laid(&g, S1)[5], 1);
        act(&mut g, Action::Lay { point: 1 });
        g
    };
    // When S0 claims before he throws, S1 loses
    let mut g = dolted();
    assert_eq!(g.actor(), Some(S0));
    assert_eq!(g.legal_actions(), vec![Action::Claim]);
    let events = act(&mut g, Action::Claim);
    assert!(events.contains(&Event::Dolted { seat: S1, point: 6 }));
    assert_eq!(g.result().unwrap().winners, vec![S0]);
    // When he throws instead, the dolt is forgiven and can no longer be claimed
    let mut g = dolted();
    throw(&mut g, &[3, 4]);
    act(&mut g, Action::Lay { point: 3 });
    act(&mut g, Action::Lay { point: 4 });
    let before = g.clone();
    assert!(g.legal_actions().is_empty());
    assert!(
        g.apply(Action::Claim).is_err(),
        "S1 cannot claim his own dolt"
    );
    assert_eq!(g, before);
    // And with no dolt there is nothing to claim
    let mut g = started(r, S0);
    assert!(g.apply(Action::Claim).is_err());
}

//! Sice-Ace, rule by rule, with chosen dice.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gamester_rules::pastimes::{Action, Ending, Event, LoadTo, Phase, Preset, Rules, Seat};

use super::{S0, S1, S2, act, started, throw};

// ---- Sice-Ace ----

fn sice_ace(seats: u8) -> Rules {
    Rules::preset(Preset::SiceAce).with_seats(seats)
}

#[test]
fn an_ace_loads_the_next_player_and_a_sice_bears_one_of_the_throwers_men() {
    let mut g = started(sice_ace(5), Seat(4));
    for s in 0..5 {
        assert_eq!(g.men(Seat(s)).unwrap().heap, 6);
    }
    throw(&mut g, &[1, 6]);
    assert_eq!(g.men(Seat(4)).unwrap().heap, 4);
    assert_eq!(g.men(Seat(4)).unwrap().borne, 1);
    assert_eq!(g.men(S0).unwrap().heap, 7, "the next round the table");
    assert_eq!(g.thrower(), Some(S0));
    // Other faces do nothing
    let before: Vec<_> = (0..5).map(|s| *g.men(Seat(s)).unwrap()).collect();
    throw(&mut g, &[2, 5]);
    let after: Vec<_> = (0..5).map(|s| *g.men(Seat(s)).unwrap()).collect();
    assert_eq!(before, after);
    assert_eq!(g.thrower(), Some(S1));
    assert_eq!(g.total_men(), 30);
}

#[test]
fn doublets_throw_again_and_count_both_dice() {
    let mut g = started(sice_ace(3), S0);
    let events = throw(&mut g, &[1, 1]);
    assert_eq!(g.men(S0).unwrap().heap, 4);
    assert_eq!(g.men(S1).unwrap().heap, 8);
    assert!(events.contains(&Event::ThrowsAgain { seat: S0 }));
    assert_eq!(g.thrower(), Some(S0));
    throw(&mut g, &[3, 3]);
    assert_eq!(g.thrower(), Some(S0), "every doublet");
    throw(&mut g, &[6, 6]);
    assert_eq!(g.men(S0).unwrap().heap, 2);
    throw(&mut g, &[4, 3]);
    assert_eq!(g.thrower(), Some(S1));
}

#[test]
fn a_player_with_no_men_is_out_skipped_and_never_loaded() {
    let mut g = started(sice_ace(3), S1);
    throw(&mut g, &[6, 6]);
    throw(&mut g, &[6, 6]);
    let events = throw(&mut g, &[6, 6]);
    assert!(events.contains(&Event::Out { seat: S1 }));
    assert!(
        !events.contains(&Event::ThrowsAgain { seat: S1 }),
        "out, he does not throw again"
    );
    assert_eq!(g.out_order(), &[S1]);
    assert_eq!(g.phase(), Phase::ToThrow, "two are still in");
    assert_eq!(g.thrower(), Some(S2));
    throw(&mut g, &[3, 4]);
    assert_eq!(g.thrower(), Some(S0));
    throw(&mut g, &[1, 3]);
    assert_eq!(g.men(S1).unwrap().heap, 0);
    assert_eq!(
        g.men(S2).unwrap().heap,
        7,
        "loaded past the player who is out"
    );
    assert_eq!(g.thrower(), Some(S2), "the player who is out is skipped");
}

#[test]
fn a_thrower_with_no_man_left_to_load_loses_the_load() {
    let mut g = started(sice_ace(3), S0);
    throw(&mut g, &[6, 6]);
    throw(&mut g, &[6, 6]);
    throw(&mut g, &[6, 5]); // one man left
    throw(&mut g, &[2, 3]);
    throw(&mut g, &[2, 3]);
    let events = throw(&mut g, &[6, 1]);
    assert!(events.contains(&Event::Out { seat: S0 }));
    assert!(events.contains(&Event::Lost { seat: S0, point: 1 }));
    assert_eq!(g.men(S1).unwrap().heap, 6);
    // Loading his last man away puts him out too
    let mut g = started(sice_ace(3), S0);
    throw(&mut g, &[6, 6]);
    throw(&mut g, &[6, 6]);
    throw(&mut g, &[6, 5]);
    throw(&mut g, &[2, 3]);
    throw(&mut g, &[2, 3]);
    let events = throw(&mut g, &[1, 4]);
    assert!(events.contains(&Event::Loaded { from: S0, to: S1 }));
    assert!(events.contains(&Event::Out { seat: S0 }));
}

#[test]
fn a_chosen_load_goes_where_the_thrower_says_but_never_to_himself_or_one_out() {
    let mut r = sice_ace(3);
    r.load_to = LoadTo::Chosen;
    let mut g = started(r, S1);
    throw(&mut g, &[6, 6]);
    throw(&mut g, &[6, 6]);
    throw(&mut g, &[6, 6]); // S1 out
    throw(&mut g, &[2, 3]); // S2
    throw(&mut g, &[1, 1]); // S0 loads twice
    assert_eq!(g.actor(), Some(S0));
    assert_eq!(g.loads_left(), 2);
    assert_eq!(g.legal_actions(), vec![Action::Load { seat: S2 }]);
    let before = g.clone();
    assert!(g.apply(Action::Load { seat: S1 }).is_err(), "out");
    assert!(g.apply(Action::Load { seat: S0 }).is_err(), "himself");
    assert!(g.apply(Action::Load { seat: Seat(9) }).is_err());
    assert!(g.apply(Action::Lay { point: 1 }).is_err());
    assert_eq!(g, before);
    act(&mut g, Action::Load { seat: S2 });
    act(&mut g, Action::Load { seat: S2 });
    assert_eq!(g.men(S2).unwrap().heap, 8);
    assert_eq!(g.thrower(), Some(S0), "and throws again");
    // With four players he may choose any still in
    let mut g = started(r.with_seats(4), S0);
    throw(&mut g, &[1, 5]);
    act(&mut g, Action::Load { seat: Seat(3) });
    assert_eq!(g.men(Seat(3)).unwrap().heap, 7);
}

#[test]
fn the_result_is_the_last_out_the_last_two_or_the_first_out_as_chosen() {
    for (ending, seats) in [
        (Ending::LastOutLoses, 2),
        (Ending::LastOutLoses, 3),
        (Ending::LastTwoLose, 3),
        (Ending::FirstOutWins, 3),
    ] {
        let mut r = sice_ace(seats);
        r.result = ending;
        let mut g = started(r, S0);
        throw(&mut g, &[6, 6]);
        throw(&mut g, &[6, 6]);
        throw(&mut g, &[6, 6]); // S0 out first
        let rest: Vec<Seat> = (1..seats).map(Seat).collect();
        match (ending, seats) {
            (Ending::LastOutLoses, 2) | (Ending::LastTwoLose, 3) => {
                let result = g.result().unwrap();
                assert_eq!(result.winners, vec![S0], "{ending:?}");
                assert_eq!(result.losers, rest, "{ending:?}");
            }
            (Ending::FirstOutWins, _) => {
                assert_eq!(g.result().unwrap().winners, vec![S0]);
                assert_eq!(g.result().unwrap().losers, rest);
            }
            _ => {
                assert!(g.result().is_none(), "two still in");
                throw(&mut g, &[6, 6]); // S1
                throw(&mut g, &[6, 6]);
                throw(&mut g, &[6, 6]);
                let result = g.result().unwrap();
                assert_eq!(result.winners, vec![S0, S1], "the rest go free");
                assert_eq!(result.losers, vec![S2], "the last out loses");
            }
        }
        assert_eq!(g.phase(), Phase::GameOver);
    }
}

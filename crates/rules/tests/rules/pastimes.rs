//! Cotton's pastimes (Doublets, Ketch-Dolt, Sice-Ace), rule by rule with chosen dice (Given /
//! When / Then), and over thousands of random games under random options and seats: the men
//! conserved, only legal actions taken, nonsense refused without a change, every game ended
//! with the right winners and losers.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proptest::prelude::*;

use gamester_rules::pastimes::{
    Action, DoubletsCount, DrawnBecomes, Draws, Ending, Event, Game, Kind, LoadTo, OPTIONS,
    PastimeError, Phase, Preset, Rules, Seat,
};

const S0: Seat = Seat(0);
const S1: Seat = Seat(1);
const S2: Seat = Seat(2);

fn throw(g: &mut Game, dice: &[u8]) -> Vec<Event> {
    g.apply(Action::Throw {
        dice: dice.to_vec(),
    })
    .unwrap_or_else(|e| panic!("{dice:?} refused: {e}"))
}

fn act(g: &mut Game, action: Action) -> Vec<Event> {
    g.apply(action.clone())
        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"))
}

/// A game of these rules whose throw-off gave the first throw to `first`.
fn started(rules: Rules, first: Seat) -> Game {
    let mut g = Game::new(rules).unwrap();
    let dice: Vec<u8> = (0..rules.seats)
        .map(|s| if s == first.0 { 6 } else { 1 })
        .collect();
    throw(&mut g, &dice);
    assert_eq!(g.thrower(), Some(first));
    g
}

fn standing(g: &Game, s: Seat) -> [u8; 6] {
    g.men(s).unwrap().standing
}

fn laid(g: &Game, s: Seat) -> [u8; 6] {
    g.men(s).unwrap().laid
}

fn doublets() -> Rules {
    Rules::preset(Preset::Doublets)
}

// ---- the options and presets ----

#[test]
fn the_presets_are_the_three_games_with_their_titles() {
    for (p, name, title, kind, seats) in [
        (Preset::Doublets, "doublets", "Doublets", Kind::Doublets, 2),
        (
            Preset::KetchDolt,
            "ketch-dolt",
            "Ketch-Dolt",
            Kind::KetchDolt,
            2,
        ),
        (Preset::SiceAce, "sice-ace", "Sice-Ace", Kind::SiceAce, 5),
    ] {
        let r = Rules::preset(p);
        assert_eq!((p.name(), p.title()), (name, title));
        assert_eq!(Preset::from_name(name), Some(p));
        assert_eq!((r.kind, r.seats), (kind, seats));
        assert!(r.check().is_ok());
    }
    let r = Rules::preset(Preset::SiceAce);
    assert_eq!(r.men_each(), 6, "Cotton: six men apiece");
    assert_eq!(r.result, Ending::LastOutLoses);
    assert_eq!(r.load_to, LoadTo::Next);
    let r = doublets();
    assert!(r.adversary_uses);
    assert_eq!(r.doublets, DoubletsCount::Pips);
    let r = Rules::preset(Preset::KetchDolt);
    assert_eq!(
        (r.drawn_becomes, r.draws, r.doublets),
        (DrawnBecomes::Drawers, Draws::One, DoubletsCount::Two)
    );
}

#[test]
fn every_value_of_every_option_is_set_by_name_and_read_back() {
    for option in &OPTIONS {
        assert!(!option.words.is_empty() && !option.explanation.is_empty());
        for value in option.values {
            let mut r = Rules::preset(Preset::SiceAce);
            r.set(option.name, value.name).unwrap();
            assert_eq!(r.value(option.name).as_deref(), Some(value.name));
            assert!(!value.words.is_empty());
        }
    }
    let mut r = doublets();
    let before = r;
    assert!(matches!(
        r.set("doublets", "eight"),
        Err(PastimeError::UnknownValue { .. })
    ));
    assert!(matches!(
        r.set("dice", "two"),
        Err(PastimeError::UnknownOption { .. })
    ));
    assert_eq!(r, before, "a refused value changes nothing");
    r.set("adversary_uses", "false").unwrap();
    assert!(!r.adversary_uses);
}

/// The words in backticks in `text`.
fn quoted(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

#[test]
fn the_table_of_options_is_rules_md_s() {
    // Given RULES.md's table of the pastimes' options
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/RULES.md");
    let md = std::fs::read_to_string(path).unwrap();
    let table = md.split("\n### The pastimes' options\n").nth(1).unwrap();
    let rows: Vec<&str> = table
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .collect();
    // Then it names every option in OPTIONS' order, with the same values
    assert_eq!(rows.len(), OPTIONS.len());
    for (row, option) in rows.iter().zip(&OPTIONS) {
        let cells: Vec<&str> = row.trim().trim_matches('|').split('|').collect();
        assert_eq!(quoted(cells[0]), vec![option.name.to_string()]);
        let mut values = quoted(cells[1]);
        if values == ["false", "true"] || values.is_empty() {
            values = vec!["false".into(), "true".into()];
        }
        let names: Vec<String> = option.values.iter().map(|v| v.name.to_string()).collect();
        assert_eq!(values, names, "{}", option.name);
        // And each default it gives is the value of a preset of a game the option is read by
        let defaults = quoted(cells[2]);
        for default in &defaults {
            assert!(
                Preset::ALL.into_iter().any(|p| {
                    let r = Rules::preset(p);
                    option.games.contains(&r.kind)
                        && r.value(option.name).as_deref() == Some(default)
                }) || option.name == "seats",
                "{} = {default}",
                option.name
            );
        }
    }
}

#[test]
fn rules_no_game_can_be_played_by_are_refused() {
    assert!(doublets().with_seats(3).check().is_err());
    assert!(
        Rules::preset(Preset::KetchDolt)
            .with_seats(1)
            .check()
            .is_err()
    );
    let sa = Rules::preset(Preset::SiceAce);
    assert!(sa.with_seats(6).check().is_err());
    assert!(sa.with_seats(1).check().is_err());
    assert!(sa.with_seats(2).check().is_ok());
    let mut last_two = sa.with_seats(2);
    last_two.result = Ending::LastTwoLose;
    assert!(Game::new(last_two).is_err(), "the last two of two");
    let mut many = sa;
    many.men = 11;
    assert!(many.check().is_err());
}

// ---- the throw-off ----

#[test]
fn the_higher_single_die_throws_first_and_a_tie_throws_again() {
    let mut g = Game::new(doublets()).unwrap();
    assert_eq!(g.phase(), Phase::ThrowOff);
    // A throw-off needs a die for each player
    let before = g.clone();
    assert_eq!(
        g.apply(Action::Throw { dice: vec![3] }),
        Err(PastimeError::BadThrow(2))
    );
    assert_eq!(
        g.apply(Action::Throw { dice: vec![7, 1] }),
        Err(PastimeError::BadThrow(2))
    );
    assert_eq!(g, before);
    // A tie throws again
    throw(&mut g, &[4, 4]);
    assert_eq!(g.phase(), Phase::ThrowOff);
    // The higher throws first
    throw(&mut g, &[2, 5]);
    assert_eq!(g.thrower(), Some(S1));
    // At Sice-Ace too, for every seat: a tie for highest throws again, a tie below does not
    let mut g = Game::new(Rules::preset(Preset::SiceAce)).unwrap();
    throw(&mut g, &[6, 2, 6, 1, 1]);
    assert_eq!(g.phase(), Phase::ThrowOff);
    throw(&mut g, &[2, 2, 3, 5, 1]);
    assert_eq!(g.thrower(), Some(Seat(3)));
}

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

// ---- Ketch-Dolt ----

fn ketch_dolt() -> Rules {
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

#[test]
fn a_written_game_that_its_rules_could_not_have_made_is_refused() {
    let mut g = started(ketch_dolt(), S0);
    throw(&mut g, &[6, 2]);
    let text = ron::to_string(&g).unwrap();
    let back: Game = ron::from_str(&text).unwrap();
    assert_eq!(back, g);
    // A lay of a number not thrown, slipped into the record, is refused on reading
    let forged = text.replace("Throw(dice:[6,2])", "Throw(dice:[6,2]),Lay(point:5)");
    assert_ne!(forged, text);
    assert!(ron::from_str::<Game>(&forged).is_err());
    // And so is a record for more players than the rules seat
    let seats = text.replace("seats:2", "seats:9");
    assert_ne!(seats, text);
    assert!(ron::from_str::<Game>(&seats).is_err());
}

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
            Event::Dolted { seat, point } => {
                prop_assert_eq!(r.kind, Kind::KetchDolt);
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
        prop_assert_eq!(
            owed,
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
            let action = match g.phase() {
                Phase::ThrowOff | Phase::ToThrow => {
                    prop_assert!(legal.is_empty());
                    prop_assert_eq!(g.actor(), None);
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

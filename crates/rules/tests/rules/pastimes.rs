//! Cotton's pastimes (Doublets, Ketch-Dolt, Sice-Ace), rule by rule with chosen dice (Given /
//! When / Then), and over thousands of random games under random options and seats: the men
//! conserved, only legal actions taken, nonsense refused without a change, every game ended
//! with the right winners and losers.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod doublets;
mod ketch_dolt;
mod random;
mod sice_ace;

use gamester_rules::pastimes::{
    Action, DoubletsCount, DrawnBecomes, Draws, Ending, Event, Game, Kind, LoadTo, OPTIONS,
    PastimeError, Phase, Preset, Rules, Seat,
};

pub(super) const S0: Seat = Seat(0);
pub(super) const S1: Seat = Seat(1);
pub(super) const S2: Seat = Seat(2);

pub(super) fn throw(g: &mut Game, dice: &[u8]) -> Vec<Event> {
    g.apply(Action::Throw {
        dice: dice.to_vec(),
    })
    .unwrap_or_else(|e| panic!("{dice:?} refused: {e}"))
}

pub(super) fn act(g: &mut Game, action: Action) -> Vec<Event> {
    g.apply(action.clone())
        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"))
}

/// A game of these rules whose throw-off gave the first throw to `first`.
pub(super) fn started(rules: Rules, first: Seat) -> Game {
    let mut g = Game::new(rules).unwrap();
    let dice: Vec<u8> = (0..rules.seats)
        .map(|s| if s == first.0 { 6 } else { 1 })
        .collect();
    throw(&mut g, &dice);
    assert_eq!(g.thrower(), Some(first));
    g
}

pub(super) fn standing(g: &Game, s: Seat) -> [u8; 6] {
    g.men(s).unwrap().standing
}

pub(super) fn laid(g: &Game, s: Seat) -> [u8; 6] {
    g.men(s).unwrap().laid
}

pub(super) fn doublets() -> Rules {
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

#[test]
fn a_written_game_that_its_rules_could_not_have_made_is_refused() {
    let mut g = started(ketch_dolt::ketch_dolt(), S0);
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

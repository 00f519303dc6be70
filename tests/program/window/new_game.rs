//! New game reads like a game, not a config file: every option and every value in words, each
//! option's sources named once and short, the whole preset list in view, a window large enough
//! for its content, checkboxes that stand out, Double-hand partners of the same kind, and names
//! that keep to the rule of names as they are typed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::Modifiers;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};

use gamester::ui::tables::board_access;
use gamester::ui::{GamesterApp, Settings};
use gamester_core::players::{Controller, NAME_LIMIT, Seats};
use gamester_rules::tables::options::OPTIONS;
use gamester_rules::tables::{Preset, Rules, Side};

use super::support;
use support::*;

/// A window with New game open and its house rules unfolded.
fn new_game_open(settings: Settings) -> Harness<'static, GamesterApp> {
    let mut h = harness(8, settings);
    h.run();
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("House rules: every option").click();
    h.run();
    h
}

fn open_the_list_of_games(h: &mut Harness<'static, GamesterApp>) {
    h.get_by(|n| n.role() == Role::ComboBox && n.value().as_deref() == Some(Preset::Irish.title()))
        .click();
    h.run();
}

#[test]
fn every_option_and_value_is_offered_in_words() {
    let mut h = new_game_open(Settings::default());
    for option in OPTIONS {
        // An option of many values (a match's length) is a list, opened to show them all
        if option.values.len() > 6 {
            let chosen = option.chosen(&Rules::default()).unwrap().words;
            h.get_by(|n| n.role() == Role::ComboBox && n.value().as_deref() == Some(chosen))
                .click_accesskit();
            h.run();
            for value in option.values.iter().skip(1) {
                assert!(
                    h.query_by_label(value.words).is_some(),
                    "{}: the value {:?} is offered in words",
                    option.name,
                    value.words
                );
            }
            h.key_press(egui::Key::Escape);
            h.run();
            continue;
        }
        if option.is_flag() {
            assert!(
                h.query_by_label(option.words).is_some(),
                "{} is a checkbox named in words",
                option.name
            );
            continue;
        }
        assert!(
            h.query_by_label(&format!("{}:", option.words)).is_some(),
            "{} is named in words",
            option.name
        );
        // Every value is in view at once, in words, not hidden in a list, and named for a
        // screen reader with the option it answers
        for value in option.values.iter().filter(|v| v.parameter.is_none()) {
            assert!(
                h.query_by_label(&format!("{}: {}", option.words, value.words))
                    .is_some(),
                "{}: the value {:?} is offered in words",
                option.name,
                value.words
            );
        }
    }
    // And no RULES.md identifier is written out as text
    for option in OPTIONS {
        assert!(
            h.query_by_label_contains(&format!("{} =", option.name))
                .is_none(),
            "{} is shown as an identifier",
            option.name
        );
    }
}

#[test]
fn each_option_names_its_sources_once_and_short() {
    let h = new_game_open(Settings::default());
    let lines: Vec<String> = h
        .query_all_by_label_contains("Sources: ")
        .map(|n| format!("{n:?}"))
        .collect();
    assert_eq!(lines.len(), OPTIONS.len(), "one sources line per option");
    for line in lines {
        // The long references ("A History of Board-Games", "(after Willughby)") are on hover
        assert!(!line.contains("History of Board-Games"), "{line}");
        assert!(!line.contains("after Willughby"), "{line}");
    }
}

#[test]
fn the_window_is_large_and_the_preset_list_is_whole() {
    // (Pointer clicks, not accessibility actions: a widget scrolled out of sight is laid out
    // all the same, but a click at its place reaches it only if it is in view.)
    for preset in Preset::ALL {
        let mut h = harness(8, Settings::default());
        h.run();
        h.get_by_label("New game…").click();
        h.run();
        // With the house rules unfolded, the window is tall enough that the button that starts
        // the game is in view, not scrolled below a small box
        h.get_by_label("House rules: every option").click();
        h.run();
        // When the list of games is opened, a click on any preset, the last one too, chooses
        // it: none is scrolled out of the list's sight
        open_the_list_of_games(&mut h);
        let item = h
            .query_all_by_label(preset.title())
            .last()
            .expect("the preset is listed")
            .rect();
        click_at(&mut h, item.center());
        h.run();
        assert_eq!(
            h.state().draft().and_then(|d| d.preset),
            Some(preset),
            "{} could not be clicked in the list",
            preset.title()
        );
        let start = h.get_by_label("Start the new game").rect();
        click_at(&mut h, start.center());
        h.run();
        assert!(
            h.state().draft().is_none(),
            "Start the new game is out of sight in a window of {} points",
            start.bottom()
        );
        assert_eq!(h.state().session().game().rules(), &Rules::preset(preset));
    }
}

#[test]
fn checkboxes_stand_out_against_the_parchment() {
    let h = harness(8, Settings::default());
    let visuals = h.ctx.style_of(egui::Theme::Light).visuals.clone();
    let edge = visuals.widgets.inactive.bg_stroke;
    let fill = visuals.window_fill;
    let lum = |c: egui::Color32| {
        0.3 * f32::from(c.r()) + 0.59 * f32::from(c.g()) + 0.11 * f32::from(c.b())
    };
    assert!(edge.width >= 1.0, "a checkbox has an edge");
    assert!(
        lum(fill) - lum(edge.color) > 80.0,
        "the edge {:?} is too faint on {:?}",
        edge.color,
        fill
    );
}

#[test]
fn a_double_hand_partner_is_at_first_the_same_kind_as_his_side() {
    // Given a person against the computer, When Double-hand Irish is chosen and started
    let mut h = harness(8, Settings::default());
    h.run();
    h.get_by_label("New game…").click();
    h.run();
    open_the_list_of_games(&mut h);
    h.query_all_by_label(Preset::DoubleHandIrish.title())
        .last()
        .unwrap()
        .click();
    h.run();
    h.get_by_label("Start the new game").click();
    h.run();
    // Then the computer's partner is the computer, and the person's a person
    let table = h.state().session().seats().clone();
    let kinds = |side: Side| -> Vec<bool> {
        table
            .seat(side)
            .players
            .iter()
            .map(|p| p.controller == Controller::Person)
            .collect()
    };
    assert_eq!(kinds(Side::White), vec![true, true]);
    assert_eq!(kinds(Side::Black), vec![false, false]);
}

#[test]
fn the_story_says_which_partner_threw() {
    let mut table = Seats::two_people();
    for side in Side::BOTH {
        let seat = table.seat_mut(side);
        let mut partner = seat.players[0].clone();
        partner.name = format!("{side}'s partner");
        seat.players[0].name = format!("{side}'s first");
        seat.players.push(partner);
    }
    let mut session = gamester_core::session::Session::new(
        Rules::preset(Preset::DoubleHandIrish),
        table,
        gamester_rules::tables::Tally::default(),
        Box::new(gamester_rules::tables::FairDice::seeded(5)),
    )
    .unwrap();
    // Play until both partners of a side have thrown and one throw is chosen
    for _ in 0..200 {
        let game = session.game().clone();
        if game.waits_for_dice() {
            session.throw().unwrap();
        } else if let Some(play) = game.legal_plays().first() {
            session.apply_play(play).unwrap();
        } else if let Some(&choice) = game.choices().first() {
            session.apply(choice).unwrap();
        }
        if session
            .log()
            .iter()
            .any(|e| e.words.contains("chooses to play"))
        {
            break;
        }
    }
    let story: Vec<&str> = session.log().iter().map(|e| e.words.as_str()).collect();
    assert!(
        story
            .iter()
            .any(|w| w.contains("(White's partner) throws")
                || w.contains("(Black's partner) throws")),
        "{story:#?}"
    );
    assert!(
        story
            .iter()
            .any(|w| w.contains("chooses to play") && w.contains("'s throw)")),
        "{story:#?}"
    );
}

/// Types `text` over the whole of the `n`th name field of New game.
fn type_name(h: &mut Harness<'static, GamesterApp>, n: usize, text: &str) {
    h.query_all_by_role(Role::TextInput).nth(n).unwrap().focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.query_all_by_role(Role::TextInput)
        .nth(n)
        .unwrap()
        .type_text(text);
    h.run();
}

#[test]
fn a_name_typed_in_new_game_keeps_to_the_rule_of_names() {
    // Given New game open for two people
    let mut h = harness(8, two_people());
    h.run();
    h.get_by_label("New game…").click();
    h.run();
    // When a name of 100 characters is typed for the first side, and one with a tab, a bell
    // and a newline for the second
    type_name(&mut h, 0, &"x".repeat(100));
    type_name(&mut h, 1, "Ann\tof\u{7} Bath\n");
    // Then the draft holds the first 64 characters, and the name without its control
    // characters
    let names = |table: &Seats| -> Vec<String> {
        Side::BOTH
            .iter()
            .map(|&side| table.seat(side).players[0].name.clone())
            .collect()
    };
    let draft = h.state().draft().expect("New game is open").table.clone();
    assert_eq!(
        names(&draft),
        ["x".repeat(NAME_LIMIT), "Annof Bath".to_string()]
    );
    // And the game started has those names
    h.get_by_label("Start the new game").click();
    h.run();
    assert!(h.state().draft().is_none());
    assert_eq!(
        names(h.state().session().seats()),
        ["x".repeat(NAME_LIMIT), "Annof Bath".to_string()]
    );
}

#[test]
fn a_match_is_chosen_from_its_list_and_the_game_begins_as_a_match() {
    let mut h = new_game_open(Settings::default());
    h.get_by(|n| {
        n.role() == Role::ComboBox && n.value().as_deref() == Some("a session for stakes")
    })
    .click_accesskit();
    h.run();
    h.get_by_label("a match to 7").click_accesskit();
    h.run();
    h.get_by_label("Start the new game").click();
    h.run();
    let game = h.state().session().game();
    assert_eq!(game.rules().match_to, 7);
    assert!(game.rules().crawford);
    assert!(
        h.query_by_label_contains("Match to 7: White 0, Black 0")
            .is_some()
    );
}

#[test]
fn the_match_and_the_cube_are_in_view_and_leave_the_game_its_name() {
    // Given New game under Modern backgammon, the house rules folded
    let settings = Settings {
        preset: Some(Preset::Modern),
        rules: Rules::preset(Preset::Modern),
        ..Settings::default()
    };
    let mut h = harness(8, settings);
    h.run();
    h.get_by_label("New game…").click();
    h.run();
    // When the cube is ticked and a match to 5 chosen, both in view at the top level
    h.get_by_label("The doubling cube").click_accesskit();
    h.run();
    h.get_by(|n| {
        n.role() == Role::ComboBox && n.value().as_deref() == Some("a session for stakes")
    })
    .click_accesskit();
    h.run();
    h.get_by_label("a match to 5").click_accesskit();
    h.run();
    // Then the game is still Modern backgammon, not "House rules (changed)"
    let modern = Some(Preset::Modern.title());
    assert!(
        h.query_by(|n| n.role() == Role::ComboBox && n.value().as_deref() == modern)
            .is_some(),
        "the preset keeps its name"
    );
    assert!(h.query_by_label("House rules (changed)").is_none());
    // And choosing another game starts it as its preset says: the modern match and cube
    // are not carried to Tick-tack, and New game says so
    assert!(
        h.query_by_label_contains("its match and its cube too, as its preset says")
            .is_some()
    );
    h.get_by(|n| n.role() == Role::ComboBox && n.value().as_deref() == modern)
        .click();
    h.run();
    h.get_by_label(Preset::TickTack.title()).click();
    h.run();
    h.get_by_label("Start the new game").click();
    h.run();
    let rules = h.state().session().game().rules().clone();
    assert_eq!(rules, Rules::preset(Preset::TickTack));
    assert_eq!((rules.cube, rules.match_to), (false, 0));
}

#[test]
fn each_option_says_what_its_value_means_with_the_engines_numbers() {
    // Given New game under Cotton's Early Backgammon, its house rules unfolded
    let settings = Settings {
        preset: Some(Preset::BackgammonCotton),
        rules: Rules::preset(Preset::BackgammonCotton),
        ..Settings::default()
    };
    let h = new_game_open(settings);
    // Then the stakes say what each win scores, as the engine scores them
    assert!(
        h.query_by_label_contains(
            "1 stake for a plain win, 2 for the last man borne off with doublets, 3 for a \
             back-gammon"
        )
        .is_some(),
        "Cotton's stakes carry their numbers"
    );
    assert!(
        h.query_by_label_contains("4 for a back-gammon on doublets, as Cotton scores")
            .is_some()
    );
    // And the array says where the men stand, in words
    assert!(
        h.query_by_label_contains("Two on the 24 point, five on the 13 point, three on the 8 point and five on the sice point")
            .is_some()
    );
}

#[test]
fn new_game_shows_no_developers_words_for_either_family() {
    use gamester_core::teaching::plain::developer_words;
    // Given New game with every option unfolded, at tables and at the tiles
    let mut h = new_game_open(Settings::default());
    let mut texts = shown(&h);
    h.get_by_label("a tiles game: Block, Draw or Muggins dominoes")
        .click();
    h.run();
    texts.extend(shown(&h));
    // Then none is a developer's: no file, identifier, setting or source number
    assert!(texts.iter().any(|t| t.contains("Incompleat Gamester")));
    for text in texts {
        assert!(developer_words(&text).is_empty(), "{text}");
    }
}

/// Every list and text field shown, with the name a screen reader gives it.
fn fields(h: &Harness<'static, GamesterApp>) -> Vec<(Role, String)> {
    h.query_all(By::new())
        .filter(|n| {
            matches!(
                n.accesskit_node().role(),
                Role::ComboBox | Role::TextInput | Role::MultilineTextInput
            )
        })
        .map(|n| {
            (
                n.accesskit_node().role(),
                n.accesskit_node().label().unwrap_or_default(),
            )
        })
        .collect()
}

#[test]
fn every_list_and_field_of_new_game_is_named_with_its_choice() {
    // Given New game open, at a game at tables and then at a pastime
    let mut h = harness(3, Settings::default());
    h.run();
    h.get_by_label("New game…").click();
    h.run();
    // Then every list and text field has a name, and a list's name says its choice, since a
    // screen reader over AT-SPI reads a list's name and not its value
    let at_tables = fields(&h);
    assert!(at_tables.len() >= 7, "{at_tables:?}");
    for (role, name) in &at_tables {
        assert!(!name.is_empty(), "a {role:?} without a name: {at_tables:?}");
    }
    for expected in [
        "Game: Irish (Willughby)",
        "First side, men of: White",
        "The first side's player played by: a person",
        "The second side's player played by: the computer (fair)",
        "The first side's player's name",
    ] {
        assert!(
            at_tables.iter().any(|(_, n)| n == expected),
            "no {expected}: {at_tables:?}"
        );
    }
    h.get_by_label("a pastime at the tables: Doublets, Ketch-Dolt or Sice-Ace")
        .click();
    h.run();
    let at_a_pastime = fields(&h);
    assert!(
        at_a_pastime
            .iter()
            .any(|(_, n)| n == "Player 2 played by: the computer (fair)"),
        "{at_a_pastime:?}"
    );
    for (role, name) in &at_a_pastime {
        assert!(
            !name.is_empty(),
            "a {role:?} without a name: {at_a_pastime:?}"
        );
    }
}

/// The label of whatever has the keyboard's focus.
fn focused_anywhere(h: &Harness<'static, GamesterApp>) -> Option<String> {
    h.query(By::new().predicate(|n| n.is_focused()))
        .and_then(|n| n.accesskit_node().label())
}

#[test]
fn new_game_opened_by_its_key_takes_the_keys_at_the_game_chosen() {
    // Given a game at tables in the window
    let mut h = harness(3, Settings::default());
    h.run();
    // When New game is opened by Ctrl+N
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    // Then the keys begin in it, at the kind of game chosen, not on the menu bar behind it
    assert_eq!(focused_anywhere(&h).as_deref(), Some("a game at tables"));
    // And Tab goes on within it, to the game's list
    press_key(&mut h, egui::Key::Tab);
    press_key(&mut h, egui::Key::Tab);
    press_key(&mut h, egui::Key::Tab);
    let at = focused_anywhere(&h).unwrap_or_default();
    assert!(at.starts_with("Game: "), "{at}");
    // And no key takes the focus onto the board behind it, where Escape would be the board's
    for k in [
        egui::Key::ArrowRight,
        egui::Key::ArrowDown,
        egui::Key::ArrowLeft,
        egui::Key::Tab,
        egui::Key::Tab,
        egui::Key::Tab,
    ] {
        press_key(&mut h, k);
        assert!(
            board_access::focused(&h.ctx).is_none(),
            "{k:?} took the focus to {:?}",
            focused_anywhere(&h)
        );
    }
    // So Escape closes New game
    press_key(&mut h, egui::Key::Escape);
    assert!(h.query_by_label("Start the new game").is_none());
}

fn press_key(h: &mut Harness<'static, GamesterApp>, k: egui::Key) {
    h.key_press(k);
    h.run();
}

//! The board, the hover text and the story name every point with the same word: each table
//! from its owner's side, ace … sice in the home tables and 7 … 12 in the outer tables.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::accesskit::Role;
use egui_kittest::kittest::{By, Queryable};

use gamester::ui::Settings;
use gamester_core::level::Level;
use gamester_core::players::Seats;
use gamester_core::teaching::points::PointName;
use gamester_core::teaching::terms::describe_play;
use gamester_rules::tables::{BearOff, Position, Side, Step};

use super::support;
use support::*;

/// A person against the computer, sitting on `person`'s side (so that side is at the bottom),
/// with the ace point on the left or the right.
fn seated(person: Side, ace_left: bool) -> Settings {
    let mut table = Seats::against_computer(Level::Fair);
    if person == Side::Black {
        std::mem::swap(&mut table.white.players, &mut table.black.players);
    }
    Settings {
        table,
        ace_left,
        ..Settings::default()
    }
}

#[test]
fn every_label_on_the_board_is_the_name_the_hover_text_uses() {
    for person in Side::BOTH {
        for ace_left in [false, true] {
            let mut h = harness(4, seated(person, ace_left));
            h.run();
            for side in Side::BOTH {
                for point in 1..=24u8 {
                    // Given the label drawn beside a point of either side
                    let (at, label) = h.state().point_label(side, point).unwrap();
                    let centre = h.state().screen_pos(side, point).unwrap();
                    assert!(
                        (at.x - centre.x).abs() < 1.0,
                        "the label stands at its point"
                    );
                    // When the pointer rests on the point
                    h.hover_at(centre);
                    h.run();
                    // Then the hover text names the point by that same word, as its owner's
                    let name = PointName::of(point);
                    let owner = if name.own { side } else { side.other() };
                    // ("Your cater point …" starts with a capital, so "our" is sought.)
                    let whose = if owner == person {
                        "our".to_string()
                    } else {
                        format!("{}'s", colour(owner))
                    };
                    let words = format!("{whose} {label} point");
                    // (The board's own nodes name the points too; the hover text is sought.)
                    let found = h
                        .query_all(
                            By::new()
                                .label_contains(&words)
                                .predicate(|n| n.role() != Role::Button),
                        )
                        .next()
                        .is_some();
                    assert!(
                        found,
                        "{side:?}'s point {point} (person {person:?}, ace left {ace_left}): \
                         the label is {label:?}, but no hover text says {words:?}"
                    );
                }
            }
        }
    }
}

fn colour(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

#[test]
fn the_story_names_each_point_as_the_board_labels_it() {
    // For every point a man may come to, a step of an ace onto it from the point behind
    for to in 1..=23u8 {
        let from = to + 1;
        let pos: Position = format!("{from}:1 off:14 / off:15").parse().unwrap();
        let step = Step::new(from, 1).unwrap();
        let story = describe_play(
            &pos,
            &[step],
            BearOff::OverEdge,
            "Black's",
            gamester_core::teaching::points::Naming::Homeward,
        );
        // The story names both points as the board labels them, each by its owner
        for p in [from, to] {
            let name = PointName::of(p);
            let words = name.words("his", "Black's");
            assert!(story.contains(&words), "{story:?} should say {words:?}");
        }
    }
}

#[test]
fn the_side_panel_words_the_options_and_names_a_changed_preset_after_its_change() {
    // Given modern backgammon with the doubling cube turned on
    let mut rules = gamester_rules::tables::Rules::preset(gamester_rules::tables::Preset::Modern);
    rules.cube = true;
    let settings = Settings {
        preset: None,
        rules,
        ..Settings::default()
    };
    let mut h = harness(4, settings);
    h.run();
    // Then the panel is headed by the preset and the change, not "House rules"
    assert!(
        h.query_by_label("Modern backgammon (reference), with the doubling cube")
            .is_some()
    );
    // and its options, opened, read in words, with no RULES.md identifier
    h.get_by_label("Its options").click();
    h.run();
    assert!(h.query_by_label("The doubling cube: yes").is_some());
    assert!(
        h.query_by_label("Bearing off: exact, or higher from the highest point")
            .is_some()
    );
    assert!(
        h.query_all(By::new().label_contains(" = "))
            .next()
            .is_none(),
        "no option is shown as name = value"
    );
}

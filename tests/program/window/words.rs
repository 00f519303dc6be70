//! What a player reads in the window is in Gamester's words: no source file, identifier,
//! setting, source number or timing, in any phase of a game, its end, the rules and the
//! glossary; and a match is counted in points.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui_kittest::kittest::Queryable;

use gamester::ui::Settings;
use gamester_core::teaching::plain::developer_words;
use gamester_rules::tables::{Phase, Preset, Rules};

use super::access::quick;
use super::support::{games_in_every_phase, harness, shown, two_people};

fn said_plainly(texts: &[String]) {
    for text in texts {
        assert!(developer_words(text).is_empty(), "{text}");
    }
}

#[test]
fn every_phase_the_rules_and_the_glossary_are_in_a_players_words() {
    for mut h in games_in_every_phase() {
        h.run();
        said_plainly(&shown(&h));
        for item in ["The rules of this game", "Glossary of the games"] {
            h.get_by_label("Help").click();
            h.run();
            h.get_by_label(item).click();
            h.run();
            said_plainly(&shown(&h));
        }
    }
}

#[test]
fn a_game_of_a_match_ends_in_points_in_a_players_words() {
    // Given a game of a match to 3 with the cube, played to its end
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.match_to = 3;
    let settings = Settings {
        preset: Some(Preset::Modern),
        rules,
        ..quick(two_people())
    };
    let mut h = harness(6, settings);
    h.run();
    super::matches::finish(&mut h, 2);
    // Then the window says it was won in points, never stakes, in a player's words
    let texts = shown(&h);
    said_plainly(&texts);
    let Phase::Over(outcome) = h.state().session().game().phase() else {
        panic!("the game is over");
    };
    let n = outcome.stake;
    let read = texts
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let points = if n == 1 { "point" } else { "points" };
    assert!(
        read.contains(&format!("won {n} {points}")),
        "the status: {read}"
    );
    assert!(
        read.contains(&format!("wins {n} {points}")),
        "the story: {read}"
    );
    assert!(!read.contains(&format!("{n} stake")), "{read}");
}

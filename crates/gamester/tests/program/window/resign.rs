//! Giving a game up in the window: the menu under the board offers each resignation the rules
//! know (modern words, or the period's "yield the game"), the adversary answers with a button
//! or a Ctrl key, and the story and the score say what came of it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::Modifiers;
use egui_kittest::kittest::Queryable;

use gamester::ui::Settings;
use gamester_rules::tables::{Action, EndReason, Phase, Preset, Rules};

use super::support;
use support::*;

fn people_at(preset: Preset) -> Settings {
    Settings {
        rules: Rules::preset(preset),
        preset: Some(preset),
        ..two_people()
    }
}

#[test]
fn a_person_resigns_a_gammon_from_the_menu_and_the_other_accepts_with_the_button() {
    // Given two people at modern backgammon, the first play under way
    let mut h = harness(11, people_at(Preset::Modern));
    h.run();
    throw_until_playing(&mut h);
    let mover = h.state().session().game().turn();
    // When the mover opens Resign… and chooses a gammon
    h.get_by_label("Resign…").click();
    h.run();
    h.get_by_label("Resign a gammon").click();
    h.run();
    // Then the game waits for the adversary's answer, and says so
    assert_eq!(
        h.state().session().game().phase(),
        Phase::ResignOffered {
            by: mover,
            stake: 2
        }
    );
    assert!(
        shown(&h)
            .iter()
            .any(|t| t.contains("offers to resign a gammon")),
        "{:?}",
        shown(&h)
    );
    // When the adversary accepts
    h.get_by_label("Accept  (Ctrl+Y)").click();
    h.run();
    // Then the game is over, won by the adversary for a gammon, and the story says why
    let outcome = h.state().session().game().outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.stake, outcome.reason),
        (Some(mover.other()), 2, EndReason::Resigned)
    );
    assert!(
        h.state()
            .session()
            .log()
            .iter()
            .any(|e| e.words.contains("gives the game up")),
    );
}

#[test]
fn a_yield_at_irish_is_declined_by_ctrl_g_and_the_play_goes_on_where_it_stood() {
    // Given two people at Irish, a man already moved
    let mut h = harness(11, people_at(Preset::Irish));
    h.run();
    throw_until_playing(&mut h);
    let step = h.state().session().game().allowed_steps()[0];
    h.state_mut()
        .session_mut()
        .apply(Action::Step(step))
        .unwrap();
    h.run();
    let before = h.state().session().game().clone();
    // When the mover yields the game for a single stake, in the period's words
    assert!(h.query_by_label("Resign…").is_none());
    h.get_by_label("Yield the game…").click();
    h.run();
    h.get_by_label("Yield the game for 1 stake").click();
    h.run();
    assert!(matches!(
        h.state().session().game().phase(),
        Phase::ResignOffered { stake: 1, .. }
    ));
    // And the adversary declines by Ctrl+G (G alone does nothing)
    h.key_press(egui::Key::G);
    h.run();
    assert!(matches!(
        h.state().session().game().phase(),
        Phase::ResignOffered { .. }
    ));
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::G);
    h.run();
    // Then the play goes on: the same man moved, the same dice left
    let game = h.state().session().game();
    assert_eq!(game.phase(), Phase::Playing);
    assert_eq!(game.position(), before.position());
    assert_eq!(game.moves_left(), before.moves_left());
    assert_eq!(game.record().last(), Some(&Action::DeclineResignation));
    assert!(h.query_by_label("Accept  (Ctrl+Y)").is_none());
}

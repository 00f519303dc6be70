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
    // And the status line says the offer in its own word, then the answer due: never "the
    // resignation" beside "yield" (issue 57, item 10)
    let status = h.state().session().status();
    assert!(
        status.contains(" offers to yield the game for 1 stake: ")
            && status.ends_with(" to accept or decline"),
        "{status}"
    );
    assert!(!status.contains("resignation"), "{status}");
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

#[test]
fn the_computer_yields_a_lost_game_at_irish_and_the_person_accepts_by_ctrl_y() {
    use gamester_core::level::Level;
    use gamester_core::players::Controller;
    use gamester_rules::tables::{Layout, Opening, Position, Side};
    // Given a person (White) bearing his last six men off, and the computer (Black) with every
    // man still in the far table, at Irish
    let mut settings = people_at(Preset::Irish);
    settings.table.black.players[0].controller = Controller::Computer(Level::Fair);
    let pos: Position = "1:6 off:9 / 13:15".parse().unwrap();
    settings.rules.layout = Layout::Custom(pos.to_setup(Side::White));
    settings.rules.opening = Opening::ThrowAgain;
    settings.preset = None;
    let mut h = harness(3, settings);
    h.run();
    // When the game is played until the computer is to throw
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while std::time::Instant::now() < deadline {
        let game = h.state().session().game().clone();
        if matches!(game.phase(), Phase::ResignOffered { .. }) || game.is_over() {
            break;
        }
        if game.turn() == Side::White || game.phase() == Phase::ThrowOff {
            let session = h.state_mut().session_mut();
            if game.waits_for_dice() {
                session.throw().unwrap();
            } else if let Some(play) = game.legal_plays().first() {
                session.apply_play(play).unwrap();
            }
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    // Then it yields the game for a single stake before throwing, and says so
    assert_eq!(
        h.state().session().game().phase(),
        Phase::ResignOffered {
            by: Side::Black,
            stake: 1
        }
    );
    h.run();
    assert!(
        shown(&h)
            .iter()
            .any(|t| t.contains("offers to yield the game for 1 stake")),
        "{:?}",
        shown(&h)
    );
    // When the person accepts by Ctrl+Y, Then White has won the game
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Y);
    h.run();
    let outcome = h.state().session().game().outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::White), EndReason::Resigned)
    );
}

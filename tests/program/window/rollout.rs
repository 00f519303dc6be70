#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Game → Roll out this position… (headless, egui_kittest): offered only before a throw, with
//! a word on why not otherwise; the rollout runs off the window's thread, and its window shows
//! how many games were played out and what they came to, in words a screen reader reads.

use super::support;
use support::*;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use gamester::ui::GamesterApp;
use gamester_core::level::Level;
use gamester_rules::tables::{Phase, Position, position_id};

/// Opens the Game menu and clicks `item`.
fn game_menu(h: &mut Harness<'static, GamesterApp>, item: &str) {
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label(item).click();
}

/// Each side's last man on its ace point, the rest borne off: whoever is on roll wins.
fn both_on_the_ace() -> String {
    let mut pips = [0i8; 26];
    pips[1] = 1;
    pips[24] = -1;
    position_id::encode(&Position::from_pips(pips).unwrap())
}

/// The labels of the window's nodes that contain `text`.
fn labels(h: &Harness<'static, GamesterApp>, text: &str) -> Vec<String> {
    h.query_all_by_label_contains(text)
        .map(|n| {
            // A label's words are its value; a progress bar's, its label.
            let node = n.accesskit_node();
            node.label().or_else(|| node.value()).unwrap_or_default()
        })
        .collect()
}

/// Steps the window, letting real time pass for the rollout's threads, until the rollout has
/// ended (or some twenty seconds have gone by), then lets the frames settle.
fn run_until_the_rollout_ends(h: &mut Harness<'static, GamesterApp>) {
    for _ in 0..4000 {
        if !h.state().rollout_view().is_running() {
            break;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    h.run();
}

#[test]
fn a_position_before_the_throw_is_rolled_out_off_the_windows_thread() {
    // Given a game of Irish between two people set up at a sure win for the side on roll,
    // before the throw-off
    let mut h = harness(5, two_people());
    h.run();
    game_menu(&mut h, "Set up a position…");
    h.run();
    h.get_by_role(Role::TextInput).focus();
    h.run();
    h.get_by_role(Role::TextInput).type_text(&both_on_the_ace());
    h.run();
    h.get_by_label("Set up").click();
    h.run();
    if let Some(leave) = h.query_by_label("Leave it and start the new game") {
        leave.click();
        h.run();
    }
    assert_eq!(h.state().session().game().phase(), Phase::ThrowOff);
    // Then before the throw-off there is nothing to roll out, and the item says why
    h.get_by_label("Game").click();
    h.run();
    let item = h.get_by_label("Roll out this position…");
    assert!(item.accesskit_node().is_disabled());
    item.hover();
    h.run();
    assert!(
        h.query_by_label_contains("make the throw-off first")
            .is_some()
    );
    h.key_press(egui::Key::Escape);
    h.run();
    // When the throw-off is made and the side to begin is to throw
    for _ in 0..20 {
        if h.state().session().game().phase() == Phase::ToThrow {
            break;
        }
        h.get_by_label("Throw  (Space)").click();
        h.run();
    }
    let game = h.state().session().game().clone();
    assert_eq!(game.phase(), Phase::ToThrow);
    let on_roll = h.state().session().colour_name(game.turn()).to_string();
    let other = h
        .state()
        .session()
        .colour_name(game.turn().other())
        .to_string();
    // And the position is rolled out, 72 games
    h.state_mut().rollout_view_mut().settings.trials = 72;
    game_menu(&mut h, "Roll out this position…");
    h.step();
    assert!(h.state().rollout_view().is_open());
    run_until_the_rollout_ends(&mut h);
    // Then the window tells how many games were played out and what they came to, in words:
    // the worth known exactly after the first 36, the rollout stops there
    assert!(!h.state().rollout_view().is_running());
    assert_eq!(h.state().rollout_view().rollout().unwrap().trials, 36);
    assert!(
        labels(&h, "Games played out: ")
            .iter()
            .any(|l| l == "Games played out: 36 of at most 72"),
        "{:?}",
        labels(&h, "Games played out: ")
    );
    assert!(h.query_by_label("Finished: 36 games played out.").is_some());
    assert!(
        h.query_by_label(&format!("{on_roll} wins 100.0% (95%: 100.0% to 100.0%)"))
            .is_some(),
        "{:?}",
        labels(&h, "wins")
    );
    assert!(
        h.query_by_label(&format!("{other} wins 0.0% (95%: 0.0% to 0.0%)"))
            .is_some()
    );
    assert!(
        h.query_by_label(&format!(
            "Worth to {on_roll} without a cube: +1.000 stakes (95%: +1.000 to +1.000)"
        ))
        .is_some()
    );
    // A worth with a cube only where the game is played with the cube
    assert_eq!(
        h.query_by_label_contains("with a cube").is_some(),
        game.rules().cube,
        "{:?}",
        labels(&h, "Worth")
    );
    // And the game itself is as it was, and no Stop is offered once it is done
    assert_eq!(h.state().session().game(), &game);
    assert!(h.query_by_label("Stop").is_none());
    // When the expert is chosen and the position rolled out again
    h.get_by_label("expert").click();
    h.run();
    h.get_by_label("Roll out again").click();
    h.step();
    assert!(h.state().rollout_view().is_running());
    run_until_the_rollout_ends(&mut h);
    // Then the computer played it out at that level, with the same result
    assert_eq!(h.state().rollout_view().settings.level, Level::Expert);
    assert!(h.query_by_label("Finished: 36 games played out.").is_some());
    assert!(
        h.query_by_label(&format!("{on_roll} wins 100.0% (95%: 100.0% to 100.0%)"))
            .is_some()
    );
}

#[test]
fn stop_ends_a_rollout_with_the_games_played_so_far() {
    // Given a game of Irish between two people, its first side to throw
    let mut h = harness(7, two_people());
    h.run();
    for _ in 0..20 {
        if h.state().session().game().phase() == Phase::ToThrow {
            break;
        }
        h.get_by_label("Throw  (Space)").click();
        h.run();
    }
    assert_eq!(h.state().session().game().phase(), Phase::ToThrow);
    // When the array is rolled out, 1296 games, and Stop is pressed at once
    game_menu(&mut h, "Roll out this position…");
    for _ in 0..20 {
        if h.query_by_label("Stop").is_some() {
            break;
        }
        h.step();
    }
    assert!(h.state().rollout_view().is_running());
    h.get_by_label("Stop").click();
    run_until_the_rollout_ends(&mut h);
    // Then it ends with fewer games, and says so
    let done = h.state().rollout_view().rollout().map_or(0, |r| r.trials);
    assert!(done < 1296, "{done}");
    assert!(
        h.query_by_label(&format!("Stopped after {done} games."))
            .is_some()
    );
}

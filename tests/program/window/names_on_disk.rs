#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! A game's name on disk and in the window (issue 57, items 7 and 8): a set-up game keeps its
//! game's name in the title, Open recent and the files kept, and a file is named as a person
//! knows it, never by the path of a hidden folder. Every folder written is a temporary one.

use super::files::{menu, message};
use super::support;
use support::*;

use std::path::PathBuf;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use gamester::ui::{GamesterApp, Launch};

/// The titles the window asked for over the next few frames.
fn titles(h: &mut Harness<'static, GamesterApp>) -> Vec<String> {
    let mut out = Vec::new();
    for _ in 0..4 {
        h.step();
        if let Some(viewport) = h.output().viewport_output.get(&egui::ViewportId::ROOT) {
            for c in &viewport.commands {
                if let egui::ViewportCommand::Title(t) = c {
                    out.push(t.clone());
                }
            }
        }
    }
    out
}

#[test]
fn a_set_up_game_keeps_its_name_and_a_kept_file_is_named_without_its_hidden_folder() {
    // Given a game of Irish, its games kept in a folder of Gamester's (a hidden one, as
    // ~/.local/share/Gamester is)
    let data = tempfile::tempdir().unwrap();
    assert!(data.path().to_string_lossy().contains("/."));
    let mut h = harness_with(
        Launch {
            seed: Some(17),
            data_dir: Some(data.path().to_path_buf()),
            ..Launch::default()
        },
        two_people(),
    );
    h.run();
    // When a position is set up from an ID (issue 57, item 7)
    menu(&mut h, "Set up a position…");
    h.get_by_role(Role::TextInput).focus();
    h.run();
    h.get_by_role(Role::TextInput).type_text("z3kBAFGwUcsCZA");
    h.run();
    h.get_by_label("Set up").click();
    h.run();
    // Then the title still names the game, never "Gamester — Gamester"
    let asked = titles(&mut h);
    assert!(asked.iter().all(|t| t == "Irish — Gamester"), "{asked:?}");
    // When it is played a little and left for a new game, it is kept under its game's name
    h.get_by_label("Throw  (Space)").click();
    h.run();
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Start the new game").click();
    h.run();
    h.get_by_label("Leave it and start the new game").click();
    h.run();
    let kept: PathBuf = h.state().settings().recent.latest().unwrap().to_path_buf();
    let name = kept.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("Irish 20"), "{name}");
    // And the message and Open recent name the file by its name, never by the hidden folder's
    // path (issue 57, item 8)
    let (text, _) = message(&h).unwrap();
    assert!(text.contains(&name), "{text}");
    assert!(!text.contains("/."), "{text}");
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Open recent").click();
    h.run();
    assert!(
        h.query_by_label(&name).is_some(),
        "Open recent lists {name}"
    );
    for shown in shown(&h) {
        assert!(!shown.contains("/."), "{shown}");
    }
}

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! "Show in its folder" (issue 57): a message that tells of a game saved or kept has a button
//! that shows the file in the desktop's file manager, and Game → Show Gamester's games folder
//! opens the folder where the games kept in Open recent are. The launch notes what is asked
//! and starts no file manager.

use super::support;
use support::*;

use std::path::PathBuf;

use egui_kittest::kittest::Queryable;

use gamester::ui::shell::message::SHOW_IN_FOLDER;
use gamester::ui::{Launch, Settings};

#[test]
fn a_game_saved_is_shown_in_its_folder_from_the_message() {
    // Given a game saved by the in-window chooser, with no file manager to start
    let docs = tempfile::tempdir().unwrap();
    let mut h = harness_with(
        Launch {
            seed: Some(5),
            documents_dir: Some(docs.path().to_path_buf()),
            in_window_chooser: true,
            no_file_manager: true,
            ..Launch::default()
        },
        two_people(),
    );
    h.set_size(egui::vec2(800.0, 600.0));
    h.run();
    h.run();
    assert!(
        h.query_by_label(SHOW_IN_FOLDER).is_none(),
        "no message names a file yet"
    );
    let board = h.state().board_drawn().unwrap().0;
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Save  (Ctrl+S)").click();
    h.run();
    h.get_by_label("Save").click();
    h.run();
    let saved = h.state().current_file().unwrap().to_path_buf();
    assert!(saved.starts_with(docs.path()), "{}", saved.display());
    // Then the message says where it went, with the button after it
    let said = h.state().message().unwrap().text.clone();
    assert!(said.starts_with("Saved to "), "{said}");
    assert_eq!(
        h.state().board_drawn().unwrap().0,
        board,
        "the message and its button take the room of a message alone: the board stays put"
    );
    // When the button is pressed
    h.get_by_label(SHOW_IN_FOLDER).click();
    h.run();
    // Then the file manager is asked to show that file, and the message stays
    assert_eq!(h.state().folders_asked(), [saved]);
    assert_eq!(h.state().message().unwrap().text, said);
}

#[test]
fn the_games_folder_opens_from_the_game_menu() {
    // Given a window keeping its games in a folder of its own
    let data = tempfile::tempdir().unwrap();
    let mut h = harness_with(
        Launch {
            seed: Some(5),
            data_dir: Some(data.path().to_path_buf()),
            no_file_manager: true,
            ..Launch::default()
        },
        Settings::default(),
    );
    h.run();
    // When Game → Show Gamester's games folder is chosen
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Show Gamester's games folder").click();
    h.run();
    // Then that folder is asked to be opened
    assert_eq!(
        h.state().folders_asked(),
        [PathBuf::from(data.path())],
        "the window's own games folder"
    );
}

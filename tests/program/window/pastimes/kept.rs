//! A pastime kept: there again when the window opens again, opened from its file and saved
//! back to it, named at start, and a file against the rules refused with the game in play left
//! as it was.

use gamester::ui::Settings;
use gamester::ui::pastimes::screen::{THROW, choice_label_named};
use gamester_core::level::Level;
use gamester_core::players::Controller;
use gamester_rules::pastimes::{Action, Preset, Rules};

use super::super::support::{finish_opening, harness, harness_with};
use super::super::tiles::with_data;
use super::{
    PERSON, at_pastime, choice, pastime_settings, press, start, wait_for_person,
    you_and_the_computer,
};

#[test]
fn the_pastime_in_progress_is_there_again_when_the_window_opens_again() {
    let data = tempfile::tempdir().unwrap();
    let settings = pastime_settings(Rules::preset(Preset::KetchDolt), you_and_the_computer());
    let mut h = with_data(data.path(), 10, settings);
    start(&mut h);
    for _ in 0..4 {
        wait_for_person(&mut h);
        let t = h.state().pastime().unwrap();
        if t.person_throws() {
            press(&mut h, THROW);
        } else {
            let (i, action) = choice(&h);
            let label = choice_label_named(
                h.state().pastime().unwrap().game(),
                i,
                &action,
                h.state().pastime().unwrap().names(),
            );
            press(&mut h, &label);
        }
    }
    wait_for_person(&mut h);
    let record = h.state().pastime().unwrap().game().record().to_vec();
    assert!(record.len() > 3);
    for _ in 0..50 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let settings = h.state().settings().clone();
    assert!(settings.pastimes.at_table);
    drop(h);
    let mut again = with_data(data.path(), 11, settings);
    for _ in 0..3 {
        again.step();
    }
    let t = again
        .state()
        .pastime()
        .expect("the pastime is resumed and shown");
    assert_eq!(t.game().record(), record.as_slice());
}

#[test]
fn a_pastime_is_opened_from_its_file_and_saved_back_to_it() {
    // Given a game of Ketch-Dolt saved in a file, two throws in
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join("ketch-dolt.ron");
    let mut game = gamester_rules::pastimes::Game::new(Rules::preset(Preset::KetchDolt)).unwrap();
    game.apply(Action::Throw { dice: vec![6, 2] }).unwrap();
    game.apply(Action::Throw { dice: vec![5, 3] }).unwrap();
    let seats = vec![PERSON, Controller::Computer(Level::Novice)];
    gamester_core::save::pastimes::write_atomic(
        &path,
        &gamester_core::save::pastimes::PastimesFile::of(&game, &seats),
    )
    .unwrap();
    // When the window opens it (as Open recent does)
    let mut h = harness(31, Settings::default());
    h.run();
    h.state_mut().open_file(path.clone());
    for _ in 0..200 {
        h.step();
        if h.state().playing_pastime() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    // Then the pastime is at the table, as the file has it, its story told again (the person
    // alone with the computer is "You" in it, as on the board)
    let t = h.state().pastime().expect("the pastime is shown");
    assert_eq!(t.game(), &game);
    assert_eq!(t.sitters(), seats.as_slice());
    assert!(
        t.story()
            .iter()
            .any(|l| l.starts_with("You throw cinque and trey")),
        "{:#?}",
        t.story()
    );
    // And after a choice, Save (Ctrl+S) writes it back to the same file
    let (i, action) = choice(&h);
    let label = choice_label_named(
        h.state().pastime().unwrap().game(),
        i,
        &action,
        h.state().pastime().unwrap().names(),
    );
    press(&mut h, &label);
    let now = h.state().pastime_held().unwrap().game().clone();
    assert_ne!(now, game);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.step();
    let read = gamester_core::save::pastimes::load(&path).unwrap();
    assert_eq!(read.game, now);
}

#[test]
fn a_pastime_file_against_the_rules_is_refused_and_the_game_in_play_stays() {
    let mut h = at_pastime(
        32,
        pastime_settings(Rules::preset(Preset::Doublets), you_and_the_computer()),
    );
    wait_for_person(&mut h);
    press(&mut h, THROW);
    wait_for_person(&mut h);
    let before = h.state().pastime().unwrap().game().clone();
    // A file whose first action is a player's, where only the throw-off may come
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join("broken.ron");
    let mut text = gamester_core::save::pastimes::PastimesFile::of(
        &gamester_rules::pastimes::Game::new(Rules::preset(Preset::KetchDolt)).unwrap(),
        &[PERSON, PERSON],
    )
    .to_ron()
    .unwrap();
    text = text.replace("record: []", "record: [Lay(point: 3)]");
    assert!(text.contains("Lay"), "{text}");
    std::fs::write(&path, text).unwrap();
    h.state_mut().open_file(path.clone());
    finish_opening(&mut h);
    let said = h
        .state()
        .message()
        .map(|m| m.text.clone())
        .unwrap_or_default();
    assert!(said.contains("broken.ron"), "{said}");
    assert_eq!(h.state().pastime().unwrap().game(), &before);
}

#[test]
fn a_pastime_named_at_start_is_opened_and_shown_and_the_game_at_tables_is_untouched() {
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join("sice-ace.ron");
    let mut game = gamester_rules::pastimes::Game::new(Rules::preset(Preset::SiceAce)).unwrap();
    game.apply(Action::Throw {
        dice: vec![6, 2, 3, 1, 4],
    })
    .unwrap();
    gamester_core::save::pastimes::write_atomic(
        &path,
        &gamester_core::save::pastimes::PastimesFile::of(&game, &[PERSON; 5]),
    )
    .unwrap();
    let mut h = harness_with(
        gamester::ui::Launch {
            seed: Some(14),
            open: Some(path.clone()),
            ..gamester::ui::Launch::default()
        },
        Settings::default(),
    );
    for _ in 0..3 {
        h.step();
    }
    let t = h
        .state()
        .pastime()
        .expect("the pastime named at start is shown");
    assert_eq!(t.game(), &game);
    // The game at tables is a new one, not the file read as one
    assert!(h.state().session().game().record().is_empty());
    let said = h
        .state()
        .message()
        .map(|m| m.text.clone())
        .unwrap_or_default();
    assert!(!said.contains("not a saved game"), "{said}");
}

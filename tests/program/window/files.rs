#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The window and the disk, headless (egui_kittest): the in-window file chooser (saving,
//! folders, replacing, refusing what is not a file), messages that name a file once and are
//! not all errors, a broken file that never costs the game in progress, a new game that keeps
//! the game it leaves, the computer's answer matched to its own game, and a failing autosave
//! told once. Every folder written is a temporary one, named through `Launch`.

use super::support;
use support::*;

use std::path::{Path, PathBuf};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use gamester::ui::shell::message::Kind;
use gamester::ui::{GamesterApp, Launch, Settings};
use gamester_core::players::Controller;
use gamester_core::save::{self, SaveFile};
use gamester_core::session::Session;
use gamester_rules::tables::{Action, Phase, Throw};

/// A window whose file dialogs are the in-window chooser, starting in `documents`.
pub(super) fn with_chooser(documents: &Path, seed: u64) -> Harness<'static, GamesterApp> {
    let mut h = harness_with(
        Launch {
            seed: Some(seed),
            documents_dir: Some(documents.to_path_buf()),
            in_window_chooser: true,
            ..Launch::default()
        },
        two_people(),
    );
    h.run();
    h
}

pub(super) fn menu(h: &mut Harness<'static, GamesterApp>, item: &str) {
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label(item).click();
    h.run();
}

fn name_field(h: &Harness<'static, GamesterApp>) -> String {
    h.get_by_role(Role::TextInput).value().unwrap_or_default()
}

fn type_name(h: &mut Harness<'static, GamesterApp>, name: &str) {
    h.get_by_role(Role::TextInput)
        .set_text_value_accesskit(name);
    h.run();
}

fn record(h: &Harness<'static, GamesterApp>) -> Vec<Action> {
    h.state().session().game().record().to_vec()
}

/// Writes a game of `actions` (from a new Irish game between two people) to `path`.
fn write_game(path: &Path, seed: u64, throws: usize) -> Vec<Action> {
    let mut session = Session::new(
        Settings::default().rules,
        gamester_core::players::Seats::two_people(),
        Default::default(),
        Box::new(gamester_rules::tables::FairDice::seeded(seed)),
    )
    .unwrap();
    for _ in 0..throws {
        let game = session.game().clone();
        if game.waits_for_dice() {
            session.throw().unwrap();
        } else if let Some(play) = game.legal_plays().first() {
            session.apply_play(play).unwrap();
        }
    }
    let file = SaveFile::from_game(session.game(), session.seats());
    save::write_atomic(path, &file).unwrap();
    session.game().record().to_vec()
}

pub(super) fn message(h: &Harness<'static, GamesterApp>) -> Option<(String, Kind)> {
    h.state().message().map(|m| (m.text.clone(), m.kind))
}

#[test]
fn with_no_desktop_dialog_a_game_is_saved_in_the_window_under_a_dated_name() {
    // Given a game under way, and no desktop file dialog
    let docs = tempfile::tempdir().unwrap();
    let mut h = with_chooser(docs.path(), 11);
    h.get_by_label("Throw  (Space)").click();
    h.run();
    // When Save is asked for a game that belongs to no file
    menu(&mut h, "Save  (Ctrl+S)");
    // Then the chooser opens in the documents folder, offering the game's name and the date
    assert!(h.query_by_label("Save the game").is_some());
    assert!(
        h.query_by_label(&docs.path().display().to_string())
            .is_some()
    );
    let offered = name_field(&h);
    assert!(
        offered.starts_with("Irish 20") && offered.ends_with(".ron"),
        "{offered}"
    );
    assert_eq!(
        offered.len(),
        "Irish 2026-11-21 14.05.ron".len(),
        "{offered}"
    );
    // When another name is typed and Save clicked
    type_name(&mut h, "my game");
    h.get_by_label("Save").click();
    h.run();
    // Then the game is in that file, which loads as the game in play
    let path = docs.path().join("my game.ron");
    let loaded = save::load(&path).unwrap();
    assert_eq!(loaded.game.record(), record(&h).as_slice());
    assert_eq!(h.state().current_file(), Some(path.as_path()));
    assert!(
        h.query_by_label("Save the game").is_none(),
        "the chooser closed"
    );
    // And the news is told as news, not in the error colour
    let (text, kind) = message(&h).unwrap();
    assert_eq!(
        text, "Saved to my game.ron",
        "the file by its name, not its hidden folder"
    );
    assert_eq!(kind, Kind::Info);
}

#[test]
fn the_chooser_goes_into_folders_and_up_and_opens_a_game() {
    // Given a saved game in a folder of the documents folder
    let docs = tempfile::tempdir().unwrap();
    std::fs::create_dir(docs.path().join("games")).unwrap();
    std::fs::write(docs.path().join("notes.txt"), "not a game").unwrap();
    let path = docs.path().join("games").join("old.ron");
    let saved = write_game(&path, 4, 6);
    let mut h = with_chooser(docs.path(), 12);
    // When Open is asked: the folder is listed, and text files are not
    menu(&mut h, "Open…  (Ctrl+O)");
    assert!(h.query_by_label("Open a saved game").is_some());
    assert!(h.query_by_label("notes.txt").is_none());
    // When the folder is gone into, up again, and into it again
    h.get_by_label("games/").click();
    h.run();
    assert!(h.query_by_label("old.ron").is_some());
    h.get_by_label("Up").click();
    h.run();
    assert!(h.query_by_label("old.ron").is_none());
    h.get_by_label("games/").click();
    h.run();
    // And the game is clicked and opened
    h.get_by_label("old.ron").click();
    h.run();
    assert_eq!(name_field(&h), "old.ron");
    h.get_by_label("Open").click();
    h.run();
    finish_opening(&mut h);
    // Then it is the game in play
    assert_eq!(record(&h), saved);
    assert_eq!(h.state().current_file(), Some(path.as_path()));
    assert_eq!(message(&h).unwrap().1, Kind::Info);
}

#[test]
fn the_chooser_asks_before_replacing_a_file() {
    // Given a file of that name in the folder already
    let docs = tempfile::tempdir().unwrap();
    let path = docs.path().join("mine.ron");
    std::fs::write(&path, "the old game").unwrap();
    let mut h = with_chooser(docs.path(), 13);
    // When the game is saved under that name
    menu(&mut h, "Save as…  (Ctrl+Shift+S)");
    type_name(&mut h, "mine");
    h.get_by_label("Save").click();
    h.run();
    // Then the person is asked, and the file is untouched
    assert!(
        h.query_by_label_contains("is there already. Replace it")
            .is_some()
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "the old game");
    // When he keeps it, nothing is written; when he replaces it, it is
    h.get_by_label("Keep it").click();
    h.run();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "the old game");
    h.get_by_label("Save").click();
    h.run();
    h.get_by_label("Replace").click();
    h.run();
    assert!(save::load(&path).is_ok());
    assert_eq!(h.state().current_file(), Some(path.as_path()));
}

#[cfg(unix)]
#[test]
fn the_chooser_refuses_what_is_not_a_regular_file() {
    // Given a pipe named like a saved game (reading it would block for ever)
    let docs = tempfile::tempdir().unwrap();
    let pipe = docs.path().join("pipe.ron");
    let made = std::process::Command::new("mkfifo")
        .arg(&pipe)
        .status()
        .unwrap();
    assert!(made.success());
    let mut h = with_chooser(docs.path(), 14);
    h.get_by_label("Throw  (Space)").click();
    h.run();
    let before = record(&h);
    // When it is opened
    menu(&mut h, "Open…  (Ctrl+O)");
    type_name(&mut h, "pipe.ron");
    h.get_by_label("Open").click();
    h.run();
    // Then it is refused in the chooser, and the game in play is as it was
    assert!(h.query_by_label_contains("is not a regular file").is_some());
    assert_eq!(record(&h), before);
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.query_by_label("Open a saved game").is_none());
    // When the game is saved over it, it is refused too
    menu(&mut h, "Save as…  (Ctrl+Shift+S)");
    type_name(&mut h, "pipe.ron");
    h.get_by_label("Save").click();
    h.run();
    assert!(h.query_by_label_contains("is not a regular file").is_some());
    assert!(h.query_by_label("Replace").is_none());
    assert_eq!(h.state().current_file(), None);
}

#[test]
fn a_file_refused_is_an_error_that_names_the_file_once() {
    // Given a broken file among the recent ones
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.ron");
    std::fs::write(&broken, "(format: 1, rules: (").unwrap();
    let mut settings = two_people();
    settings.recent.add(broken.clone());
    let mut h = harness(15, settings);
    h.run();
    // When it is opened from Open recent
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Open recent").click();
    h.run();
    h.get_by_label(&broken.file_name().unwrap().to_string_lossy())
        .click();
    h.run();
    finish_opening(&mut h);
    // Then the message is an error that names the file once
    let (text, kind) = message(&h).unwrap();
    assert_eq!(kind, Kind::Error);
    assert!(text.starts_with("Could not open"), "{text}");
    assert_eq!(
        text.matches(&broken.file_name().unwrap().to_string_lossy().into_owned())
            .count(),
        1,
        "{text}"
    );
}

#[test]
fn a_broken_file_at_start_keeps_the_game_in_progress() {
    // Given a game in progress in the autosave, and a broken file named at start
    let data = tempfile::tempdir().unwrap();
    let in_progress = write_game(&data.path().join(save::AUTOSAVE_FILE), 7, 5);
    let broken = data.path().join("broken.ron");
    std::fs::write(&broken, "not a game at all").unwrap();
    let mut h = harness_with(
        Launch {
            seed: Some(16),
            open: Some(broken.clone()),
            data_dir: Some(data.path().to_path_buf()),
            ..Launch::default()
        },
        two_people(),
    );
    h.run();
    // Then the file is refused with its reason, and the game in play is the one in progress
    let (text, kind) = message(&h).unwrap();
    assert_eq!(kind, Kind::Error);
    assert!(text.contains("Could not open"), "{text}");
    assert_eq!(
        text.matches(&broken.file_name().unwrap().to_string_lossy().into_owned())
            .count(),
        1,
        "{text}"
    );
    assert_eq!(record(&h), in_progress);
    assert_eq!(h.state().current_file(), None);
}

#[test]
fn a_new_game_over_an_unfinished_one_asks_and_keeps_it_in_open_recent() {
    // Given a game under way
    let data = tempfile::tempdir().unwrap();
    let mut h = harness_with(
        Launch {
            seed: Some(17),
            data_dir: Some(data.path().to_path_buf()),
            ..Launch::default()
        },
        two_people(),
    );
    h.run();
    h.get_by_label("Throw  (Space)").click();
    h.run();
    let before = record(&h);
    assert!(!before.is_empty());
    // When a new game is started
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Start the new game").click();
    h.run();
    // Then the person is asked first, and the game is still in play
    assert!(h.query_by_label("Leave this game?").is_some());
    assert_eq!(record(&h), before);
    // When he goes back to it, it stays
    h.get_by_label("Go back to it").click();
    h.run();
    assert!(h.query_by_label("Leave this game?").is_none());
    assert_eq!(record(&h), before);
    // When he leaves it after all
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Start the new game").click();
    h.run();
    h.get_by_label("Leave it and start the new game").click();
    h.run();
    // Then a new game is in play, and the old one is kept in the data folder, first in Open
    // recent, under the game's name and the date
    assert!(record(&h).is_empty());
    let kept: PathBuf = h.state().settings().recent.latest().unwrap().to_path_buf();
    assert_eq!(kept.parent(), Some(data.path()));
    let name = kept.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with("Irish 20") && name.ends_with(".ron"),
        "{name}"
    );
    assert_eq!(save::load(&kept).unwrap().game.record(), before.as_slice());
    assert_eq!(message(&h).unwrap().1, Kind::Info);
    // And a game not yet begun is left without a question
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Start the new game").click();
    h.run();
    assert!(h.query_by_label("Leave this game?").is_none());
}

#[test]
fn opening_a_game_over_an_unfinished_one_asks_and_keeps_it_in_open_recent() {
    // Given a game under way, and a saved game on disk
    let data = tempfile::tempdir().unwrap();
    let saved = data.path().join("saved.ron");
    let saved_record = write_game(&saved, 3, 4);
    let mut h = harness_with(
        Launch {
            seed: Some(17),
            data_dir: Some(data.path().to_path_buf()),
            ..Launch::default()
        },
        two_people(),
    );
    h.run();
    h.get_by_label("Throw  (Space)").click();
    h.run();
    let before = record(&h);
    assert!(!before.is_empty());
    // When the saved game is opened (as Open and Open recent open it)
    h.state_mut().open_file(saved.clone());
    finish_opening(&mut h);
    // Then the person is asked first, and the game under way is still in play, not tied to
    // the file
    assert!(h.query_by_label("Leave this game?").is_some());
    assert_eq!(record(&h), before);
    // When he goes back to it, it stays, and the file is not taken for its own
    h.get_by_label("Go back to it").click();
    h.run();
    assert!(h.query_by_label("Leave this game?").is_none());
    assert_eq!(record(&h), before);
    assert_eq!(h.state().current_file(), None);
    // When he opens it again and leaves the game under way after all
    h.state_mut().open_file(saved.clone());
    finish_opening(&mut h);
    h.get_by_label("Leave it and open the saved game").click();
    h.run();
    // Then the saved game is in play, its file the current one, and the game left is kept
    assert_eq!(record(&h), saved_record);
    assert_eq!(h.state().current_file(), Some(saved.as_path()));
    let (text, kind) = message(&h).unwrap();
    assert_eq!(kind, Kind::Info);
    assert!(
        text.contains("Game opened") && text.contains("kept in Open recent"),
        "{text}"
    );
    let kept = h
        .state()
        .settings()
        .recent
        .paths()
        .iter()
        .find(|p| p.as_path() != saved.as_path())
        .map(|p| p.to_path_buf())
        .unwrap();
    assert_eq!(kept.parent(), Some(data.path()));
    assert_eq!(save::load(&kept).unwrap().game.record(), before.as_slice());
}

#[test]
fn the_computers_answer_is_never_applied_to_another_game() {
    // Given the computer about to play a throw with a choice of plays
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness_with(
        Launch {
            seed: Some(18),
            ..Launch::default()
        },
        Settings::default(),
    );
    h.run();
    let computer = |h: &Harness<'static, GamesterApp>| {
        let s = h.state().session();
        let side = s.game().turn();
        matches!(
            s.seats().seat(side).players[0].controller,
            Controller::Computer(_)
        )
    };
    for _ in 0..200 {
        let game = h.state().session().game().clone();
        if game.phase() == Phase::Playing && computer(&h) && game.legal_plays().len() > 1 {
            break;
        }
        let session = h.state_mut().session_mut();
        if game.waits_for_dice() {
            session.throw().unwrap();
        } else if let Some(play) = game.legal_plays().first() {
            session.apply_play(play).unwrap();
        } else {
            session.apply(game.choices()[0]).unwrap();
        }
    }
    let asked = h.state().session().game().clone();
    assert!(computer(&h) && asked.phase() == Phase::Playing);
    // And another game, its record as long, the same but for the computer's throw
    let Some(Action::Throw(thrown)) = asked.record().last().copied() else {
        panic!("the computer's throw is last: {:?}", asked.record().last());
    };
    let table = h.state().session().seats().clone();
    let other = (1..=6u8)
        .flat_map(|a| (1..a).map(move |b| (a, b)))
        .filter(|(a, b)| !thrown.faces().contains(a) && !thrown.faces().contains(b))
        .find_map(|(a, b)| {
            let mut record = asked.record().to_vec();
            *record.last_mut().unwrap() = Action::Throw(Throw::two(a, b).unwrap());
            let s = Session::from_record(
                asked.rules().clone(),
                Default::default(),
                &record,
                table.clone(),
                Box::new(gamester_rules::tables::FairDice::seeded(1)),
            )
            .ok()?;
            (s.game().phase() == Phase::Playing && !s.game().legal_plays().is_empty()).then_some(s)
        })
        .unwrap();
    let path = dir.path().join("other.ron");
    save::write_atomic(&path, &SaveFile::from_game(other.game(), &table)).unwrap();
    // When the computer starts thinking, and the other game is opened before its answer is
    // taken
    h.step();
    assert!(h.state().computer_thinking());
    std::thread::sleep(std::time::Duration::from_millis(400));
    h.state_mut().open_file(path);
    finish_opening(&mut h);
    h.get_by_label("Leave it and open the saved game").click();
    // Then the answer about the first game is never applied to the other: the computer plays
    // the other game's own throw
    for _ in 0..400 {
        h.step();
        if h.state().session().game().record().len() > other.game().record().len() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let text = message(&h).map(|m| m.0).unwrap_or_default();
    assert!(!text.contains("refused"), "{text}");
    let now = h.state().session().game().record().to_vec();
    assert_eq!(&now[..other.game().record().len()], other.game().record());
    let faces = match other.game().record().last() {
        Some(Action::Throw(t)) => t.faces().to_vec(),
        _ => unreachable!(),
    };
    for action in &now[other.game().record().len()..] {
        if let Action::Step(step) = action {
            assert!(faces.contains(&step.die()), "{action:?} with {faces:?}");
        }
    }
}

/// Plays one turn through the window: throws, clicks the steps of a legal play, and lifts
/// the dice (so an autosave is written).
fn play_a_turn(h: &mut Harness<'static, GamesterApp>) {
    let turns = h.state().session().game().turns();
    for _ in 0..40 {
        if h.state().session().game().turns() > turns {
            return;
        }
        let game = h.state().session().game().clone();
        if game.phase() == Phase::Playing && !game.allowed_steps().is_empty() {
            let mover = game.turn();
            let play = game
                .legal_plays()
                .into_iter()
                .max_by_key(|p| p.steps.len())
                .unwrap();
            for s in play.steps.iter() {
                let from = h.state().screen_pos(mover, s.from()).unwrap();
                click_at(h, from);
                let to = h.state().screen_pos(mover, s.to()).unwrap();
                click_at(h, to);
            }
            h.get_by_label("Lift the dice  (Enter)").click();
        } else {
            h.get_by_label("Throw  (Space)").click();
        }
        h.run();
    }
    panic!("the turn never passed");
}

/// Gives the autosave's thread time to finish and the window a frame to hear of it.
fn let_the_autosave_finish(h: &mut Harness<'static, GamesterApp>) {
    for _ in 0..20 {
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
}

#[test]
fn a_failing_autosave_is_said_once_and_again_only_after_it_worked() {
    // Given a data folder that cannot be made: a file stands where it should be
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::write(&data, "in the way").unwrap();
    let mut settings = two_people();
    settings.speed = gamester::ui::shell::settings::Speed::Instant;
    let mut h = harness_with(
        Launch {
            seed: Some(19),
            data_dir: Some(data.clone()),
            ..Launch::default()
        },
        settings,
    );
    h.run();
    // When a turn ends and the autosave fails
    play_a_turn(&mut h);
    let_the_autosave_finish(&mut h);
    // Then the window says so, as an error
    let (text, kind) = message(&h).unwrap();
    assert_eq!(kind, Kind::Error);
    assert!(text.contains("not being saved automatically"), "{text}");
    // And it stays said while the game goes on and the autosave keeps failing: a step played
    // does not wipe it, as it wipes a message about the position
    let said = message(&h);
    play_a_turn(&mut h);
    let_the_autosave_finish(&mut h);
    assert_eq!(message(&h), said);
    // When it works again (at the next throw), that is said; then a new failure is said anew
    std::fs::remove_file(&data).unwrap();
    assert!(h.state().session().game().waits_for_dice());
    h.get_by_label("Throw  (Space)").click();
    h.run();
    let_the_autosave_finish(&mut h);
    assert!(data.join(save::AUTOSAVE_FILE).is_file());
    assert_eq!(message(&h).unwrap().1, Kind::Info);
    std::fs::remove_dir_all(&data).unwrap();
    std::fs::write(&data, "in the way").unwrap();
    play_a_turn(&mut h);
    let_the_autosave_finish(&mut h);
    let (text, kind) = message(&h).unwrap();
    assert_eq!(kind, Kind::Error);
    assert!(text.contains("not being saved automatically"), "{text}");
}

#[test]
fn a_finished_game_left_for_a_new_one_is_kept_in_open_recent_to_analyse_and_print() {
    // Given a game played to its end
    let data = tempfile::tempdir().unwrap();
    let mut h = harness_with(
        Launch {
            seed: Some(23),
            data_dir: Some(data.path().to_path_buf()),
            ..Launch::default()
        },
        two_people(),
    );
    h.run();
    super::matches::finish(&mut h, 3);
    assert!(h.state().session().game().is_over());
    let played = record(&h);
    // When a new game is started
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Start the new game").click();
    h.run();
    // Then nobody is asked (nothing is lost), and the finished game is kept in the data
    // folder, first in Open recent, under a name that says it is finished
    assert!(h.query_by_label("Leave this game?").is_none());
    assert!(record(&h).is_empty());
    let kept: PathBuf = h.state().settings().recent.latest().unwrap().to_path_buf();
    assert_eq!(kept.parent(), Some(data.path()));
    let name = kept.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with("Irish 20") && name.ends_with(" (finished).ron"),
        "{name}"
    );
    let loaded = save::load(&kept).unwrap();
    assert!(loaded.game.is_over());
    assert_eq!(loaded.game.record(), played.as_slice());
    let (said, kind) = message(&h).unwrap();
    assert!(
        said.contains("The finished game is kept in Open recent"),
        "{said}"
    );
    assert_eq!(kind, Kind::Info);
    // And a game not begun, left in its turn, keeps nothing more
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Start the new game").click();
    h.run();
    assert_eq!(h.state().settings().recent.latest(), Some(kept.as_path()));
}

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The autosave keeps up with the record (headless, egui_kittest): a throw-off, a throw, a
//! step and an undo are each on disk before the person can act again, so a crash or a kill
//! never buys a second throw; and the window closing leaves the newest game on disk, never an
//! older one that a slow write delivered late. Every folder is a temporary one.

use super::support;
use support::*;

use std::path::Path;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use gamester::ui::{GamesterApp, Launch};
use gamester_core::save;
use gamester_rules::tables::{Action, Phase};

/// A window of two people at the same screen whose autosave goes to `data`.
fn window(data: &Path, seed: u64) -> Harness<'static, GamesterApp> {
    let mut settings = two_people();
    settings.speed = gamester::ui::shell::settings::Speed::Instant;
    harness_with(
        Launch {
            seed: Some(seed),
            data_dir: Some(data.to_path_buf()),
            ..Launch::default()
        },
        settings,
    )
}

/// The record on disk in the autosave, once the writer has had time to finish.
fn on_disk(h: &mut Harness<'static, GamesterApp>, data: &Path) -> Option<Vec<Action>> {
    let path = data.join(save::AUTOSAVE_FILE);
    let want = h.state().session().game().record().to_vec();
    let mut last = None;
    for _ in 0..200 {
        h.step();
        last = save::load(&path).ok().map(|l| l.game.record().to_vec());
        if last.as_ref() == Some(&want) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    last
}

fn record(h: &Harness<'static, GamesterApp>) -> Vec<Action> {
    h.state().session().game().record().to_vec()
}

#[test]
fn every_throw_step_and_undo_is_autosaved_before_the_next_action() {
    let data = tempfile::tempdir().unwrap();
    let mut h = window(data.path(), 23);
    h.run();
    // Given a new game, nothing is written until something happens in it
    assert!(!data.path().join(save::AUTOSAVE_FILE).exists());
    // When the throw-off is thrown, it is on disk (a kill now cannot throw it again)
    h.get_by_label("Throw  (Space)").click();
    h.run();
    assert!(!record(&h).is_empty());
    assert_eq!(on_disk(&mut h, data.path()), Some(record(&h)));
    // When the dice are thrown for a play, that throw is on disk before a man is moved
    throw_until_playing(&mut h);
    assert!(matches!(record(&h).last(), Some(Action::Throw(_))));
    assert_eq!(on_disk(&mut h, data.path()), Some(record(&h)));
    // When a man is moved, the step is on disk
    let game = h.state().session().game().clone();
    assert_eq!(game.phase(), Phase::Playing);
    let step = game.allowed_steps()[0];
    let from = h.state().screen_pos(game.turn(), step.from()).unwrap();
    click_at(&mut h, from);
    let to = h.state().screen_pos(game.turn(), step.to()).unwrap();
    click_at(&mut h, to);
    h.run();
    assert!(matches!(record(&h).last(), Some(Action::Step(_))));
    assert_eq!(on_disk(&mut h, data.path()), Some(record(&h)));
    // When it is taken back, the disk knows that too
    let stepped = record(&h);
    h.get_by_label("Undo  (U)").click();
    h.run();
    assert_ne!(record(&h), stepped);
    assert_eq!(on_disk(&mut h, data.path()), Some(record(&h)));
}

#[test]
fn closing_the_window_leaves_the_newest_game_on_disk() {
    let data = tempfile::tempdir().unwrap();
    let mut h = window(data.path(), 29);
    h.run();
    // Given many changes in quick succession, each frame handing a new version to the writer
    for _ in 0..60 {
        let game = h.state().session().game().clone();
        if game.is_over() {
            break;
        }
        let session = h.state_mut().session_mut();
        if game.waits_for_dice() {
            session.throw().unwrap();
        } else if let Some(step) = game.allowed_steps().first() {
            session.apply(Action::Step(*step)).unwrap();
        } else if let Some(choice) = game.choices().first() {
            session.apply(*choice).unwrap();
        }
        h.step();
    }
    // And one last change made after the last frame
    let game = h.state().session().game().clone();
    if game.waits_for_dice() {
        h.state_mut().session_mut().throw().unwrap();
    } else if let Some(step) = game.allowed_steps().first() {
        h.state_mut()
            .session_mut()
            .apply(Action::Step(*step))
            .unwrap();
    }
    let last = record(&h);
    // When the window closes
    eframe::App::on_exit(h.state_mut(), None);
    // Then the autosave holds the very last game, not a version written late by the writer
    let path = data.path().join(save::AUTOSAVE_FILE);
    let saved = save::load(&path).unwrap();
    assert_eq!(saved.game.record(), last.as_slice());
    // And no temporary file is left beside it
    let left: Vec<_> = std::fs::read_dir(data.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// Writes a game of two people after `throws` throws and plays to `path`, dated `ago`
/// seconds back; its record.
fn write_game(path: &Path, throws: usize, ago: u64) -> Vec<Action> {
    let mut s = gamester_core::session::Session::new(
        gamester_rules::tables::Rules::default(),
        gamester_core::players::Seats::two_people(),
        Default::default(),
        Box::new(gamester_rules::tables::FairDice::seeded(31)),
    )
    .unwrap();
    for _ in 0..throws {
        let g = s.game().clone();
        if g.waits_for_dice() {
            s.throw().unwrap();
        } else if let Some(p) = g.legal_plays().first() {
            s.apply_play(p).unwrap();
        }
    }
    let text = save::to_string(&save::SaveFile::from_game(s.game(), s.seats())).unwrap();
    std::fs::write(path, text).unwrap();
    let when = std::time::SystemTime::now() - std::time::Duration::from_secs(ago);
    std::fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(when)
        .unwrap();
    s.game().record().to_vec()
}

#[test]
fn a_whole_save_cut_off_before_its_rename_is_recovered_at_start() {
    // Given an autosave, and beside it what a kill left: a whole newer game not yet renamed
    // into place, an older one, and one cut short (their writer, process 4194305, is gone)
    let data = tempfile::tempdir().unwrap();
    write_game(&data.path().join(save::AUTOSAVE_FILE), 3, 100);
    let newest = write_game(&data.path().join(".autosave.ron.4194305-7.tmp"), 9, 40);
    write_game(&data.path().join(".autosave.ron.4194305-6.tmp"), 6, 60);
    std::fs::write(
        data.path().join(".autosave.ron.4194305-8.tmp"),
        "(format: 1, ru",
    )
    .unwrap();
    // When the window starts
    let mut h = window(data.path(), 37);
    h.run();
    // Then it plays on from the newest whole game, says so, and no leftover is left
    assert_eq!(record(&h), newest);
    assert!(
        h.state()
            .message()
            .is_some_and(|m| m.text.contains("recovered"))
    );
    let mut left: Vec<String> = std::fs::read_dir(data.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != gamester::ui::shell::slot::LOCK)
        .collect();
    left.sort();
    assert_eq!(left, vec![save::AUTOSAVE_FILE.to_string()]);
}

#[test]
fn a_file_opened_at_start_keeps_the_unfinished_game_it_displaces() {
    // Given an unfinished game in the autosave, and another game saved in a file
    let data = tempfile::tempdir().unwrap();
    let autosaved = write_game(&data.path().join(save::AUTOSAVE_FILE), 7, 10);
    let other = data.path().join("other.ron");
    let opened = write_game(&other, 3, 10);
    assert_ne!(autosaved, opened);
    // When Gamester starts with the file (a double-click on it, `gamester other.ron`)
    let mut settings = two_people();
    settings.speed = gamester::ui::shell::settings::Speed::Instant;
    let mut h = harness_with(
        Launch {
            seed: Some(43),
            data_dir: Some(data.path().to_path_buf()),
            open: Some(other.clone()),
            ..Launch::default()
        },
        settings,
    );
    h.run();
    // Then the file's game is in play, and the game that was in progress is kept in the data
    // folder and listed in Open recent, the window saying where
    assert_eq!(record(&h), opened);
    let kept = h
        .state()
        .settings()
        .recent
        .latest()
        .map(Path::to_path_buf)
        .unwrap();
    assert_eq!(kept.parent(), Some(data.path()));
    assert_eq!(
        save::load(&kept).unwrap().game.record(),
        autosaved.as_slice()
    );
    assert!(
        h.state()
            .message()
            .is_some_and(|m| m.text.contains("kept in Open recent"))
    );
}

#[test]
fn on_a_slow_disk_no_throw_is_shown_before_it_is_on_disk() {
    // Given a window whose every write takes a third of a second, as on a slow disk
    let data = tempfile::tempdir().unwrap();
    let mut settings = two_people();
    settings.speed = gamester::ui::shell::settings::Speed::Instant;
    let mut h = harness_with(
        Launch {
            seed: Some(41),
            data_dir: Some(data.path().to_path_buf()),
            slow_disk: Some(std::time::Duration::from_millis(300)),
            ..Launch::default()
        },
        settings,
    );
    h.run();
    let path = data.path().join(save::AUTOSAVE_FILE);
    // When the throw-off and then the throws are made, each shown in a frame
    for _ in 0..4 {
        h.get_by_label("Throw  (Space)").click();
        h.step();
        // Then, the moment a frame has shown a throw, and without waiting, it is on the disk:
        // a kill now cannot buy a second throw
        let shown = record(&h);
        assert!(
            shown.last().is_some_and(Action::is_chance),
            "{:?}",
            shown.last()
        );
        let saved = save::load(&path).unwrap();
        assert_eq!(saved.game.record(), shown.as_slice());
        throw_until_playing(&mut h);
        let game = h.state().session().game().clone();
        if let Some(play) = game.legal_plays().first() {
            h.state_mut().session_mut().apply_play(play).unwrap();
        }
        h.run();
    }
}

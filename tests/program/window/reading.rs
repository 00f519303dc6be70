#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![cfg(unix)]
//! No file can freeze the window (headless, egui_kittest): a named pipe, given on the command
//! line or opened from the menu, is refused in words at once, and a file is read off the
//! window's thread, the window drawing frames while it is read.

use super::support;
use support::*;

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use gamester::ui::shell::message::Kind;
use gamester::ui::{GamesterApp, Launch};

/// A named pipe in `dir` that nothing ever writes to: reading it would wait for ever.
fn pipe_in(dir: &Path) -> PathBuf {
    let path = dir.join("pipe.ron");
    let made = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .unwrap();
    assert!(made.success());
    path
}

/// Runs `f` on a thread of its own; a panic if it has not finished within a minute, rather than
/// a test run that never ends.
fn within_a_minute<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(60))
        .expect("the window froze on the file")
}

#[test]
fn a_named_pipe_on_the_command_line_is_refused_and_the_window_starts() {
    let dir = tempfile::tempdir().unwrap();
    let pipe = pipe_in(dir.path());
    let told = within_a_minute(move || {
        let mut h = harness_with(
            Launch {
                seed: Some(3),
                open: Some(pipe),
                ..Launch::default()
            },
            two_people(),
        );
        h.run();
        let m = h.state().message().cloned().unwrap();
        (m.text, m.kind, h.state().session().game().record().len())
    });
    assert_eq!(told.1, Kind::Error);
    assert!(told.0.contains("is not a regular file"), "{}", told.0);
    assert_eq!(told.2, 0, "a new game is ready");
}

#[test]
fn a_named_pipe_opened_in_the_window_is_refused_and_the_game_kept() {
    let dir = tempfile::tempdir().unwrap();
    let pipe = pipe_in(dir.path());
    let (text, kept) = within_a_minute(move || {
        let mut h = harness(3, two_people());
        h.run();
        throw_until_playing(&mut h);
        let before = h.state().session().game().clone();
        h.state_mut().open_file(pipe);
        finish_opening(&mut h);
        let m = h.state().message().cloned().unwrap();
        (m.text, h.state().session().game() == &before)
    });
    assert!(text.contains("is not a regular file"), "{text}");
    assert!(kept);
}

#[test]
fn a_file_is_read_off_the_windows_thread() {
    // Given a saved game of many turns
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.ron");
    let mut s = gamester_core::session::Session::new(
        gamester_rules::tables::Rules::default(),
        gamester_core::players::Seats::two_people(),
        Default::default(),
        Box::new(gamester_rules::tables::FairDice::seeded(41)),
    )
    .unwrap();
    while !s.game().is_over() {
        let g = s.game().clone();
        if g.waits_for_dice() {
            s.throw().unwrap();
        } else if let Some(p) = g.legal_plays().first() {
            s.apply_play(p).unwrap();
        } else {
            s.apply(g.choices()[0]).unwrap();
        }
    }
    let file = gamester_core::save::SaveFile::from_game(s.game(), s.seats());
    gamester_core::save::write_atomic(&path, &file).unwrap();
    let mut h: egui_kittest::Harness<'static, GamesterApp> = harness(3, two_people());
    h.run();
    // When it is opened, the call returns with the file still to be read, the window saying
    // so, and frames go on being drawn
    h.state_mut().open_file(path.clone());
    assert_eq!(h.state().opening(), Some(path.as_path()));
    assert!(
        h.state()
            .message()
            .is_some_and(|m| m.text.starts_with("Opening"))
    );
    h.step();
    // Then, once read, the game is in play
    finish_opening(&mut h);
    assert_eq!(h.state().opening(), None);
    assert_eq!(h.state().session().game().record(), s.game().record());
}

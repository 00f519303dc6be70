//! Files that are not files, run as the real `gamester` binary: a named pipe, a device, an
//! endless file and a huge one are refused at once, in words, with a non-zero exit code; the
//! command never waits on them and never reads them into memory. (A hang fails the test after
//! a minute rather than never ending.)
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs gamester with `args`, killed after a minute (a panic then: it hung).
fn within_a_minute(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamester"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("gamester {args:?} hung on its file");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A game of self-play, all but its network.
const SELFPLAY: &[&str] = &[
    "selfplay", "--preset", "modern", "--white", "fair", "--black", "random", "--games", "1",
];

fn pipe_in(dir: &Path) -> PathBuf {
    let path = dir.join("game.ron");
    assert!(
        Command::new("mkfifo")
            .arg(&path)
            .status()
            .unwrap()
            .success()
    );
    path
}

/// The refusal: a failure exit, no panic, and the reason on standard error.
fn refused(out: &Output, reason: &str) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains(reason), "{err}");
    err
}

#[test]
fn check_and_analyse_refuse_a_named_pipe_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let pipe = pipe_in(dir.path());
    let pipe = pipe.to_str().unwrap();
    for command in ["check", "analyse"] {
        let out = within_a_minute(&[command, pipe]);
        refused(&out, "not a regular file but a named pipe");
    }
}

#[test]
fn an_endless_network_or_list_of_positions_is_refused_not_read() {
    // /dev/zero never ends: reading it whole would take all the memory there is
    let out = within_a_minute(&[SELFPLAY, &["--white-net", "/dev/zero"]].concat());
    refused(&out, "not a regular file but a device");
    let out = within_a_minute(&["bench", "movegen", "--positions", "/dev/zero"]);
    refused(&out, "not a regular file but a device");
}

#[test]
fn a_huge_save_or_network_is_refused_by_its_size_before_it_is_read() {
    // Given files of ten gigabytes (sparse: they take no room on the disk)
    let dir = tempfile::tempdir().unwrap();
    let huge = dir.path().join("huge.ron");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(10 << 30)
        .unwrap();
    let huge = huge.to_str().unwrap();
    refused(&within_a_minute(&["check", huge]), "bytes");
    refused(
        &within_a_minute(&[SELFPLAY, &["--white-net", huge]].concat()),
        "bytes or more",
    );
    refused(
        &within_a_minute(&["bench", "movegen", "--positions", huge]),
        "bytes or more",
    );
}

#[test]
fn a_network_file_many_times_a_networks_size_is_refused_by_its_size() {
    // Given a file of two megabytes where a network is asked for (the largest network a file
    // may hold, of 512 hidden units, is about 467 KB)
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.bin");
    std::fs::write(&big, vec![b'x'; 2 << 20]).unwrap();
    // When self-play is given it, it is refused for its size, not read and parsed
    let out = within_a_minute(&[SELFPLAY, &["--white-net", big.to_str().unwrap()]].concat());
    refused(&out, "2097152 bytes or more; no more than 1867856 are read");
}

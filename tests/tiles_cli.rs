//! `gamester selfplay` at tiles, run as a real process: its report, and a clear refusal of
//! what it does not take.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::{Command, Output};

fn gamester(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamester"))
        .args(args)
        .output()
        .expect("run gamester")
}

/// The number after `key` on the line starting with `line`.
fn figure(text: &str, line: &str, key: &str) -> u64 {
    let l = text.lines().find(|l| l.starts_with(line)).unwrap();
    let words: Vec<&str> = l.split_whitespace().collect();
    let at = words.iter().position(|w| *w == key).unwrap();
    words[at + 1].parse().unwrap()
}

#[test]
fn selfplay_at_tiles_reports_every_hand_and_the_expert_outscores_random_play() {
    for preset in ["block", "draw", "muggins", "muggins-teams"] {
        // When the expert plays 60 hands against random play
        let out = gamester(&[
            "selfplay", "--preset", preset, "--first", "expert", "--second", "random", "--hands",
            "60", "--seed", "3",
        ]);
        assert!(out.status.success(), "{preset}");
        let text = String::from_utf8_lossy(&out.stdout);
        // Then every hand is won or drawn, and the expert's side scored more points
        let (a, b) = (
            figure(&text, "first", "wins"),
            figure(&text, "second", "wins"),
        );
        let drawn: u64 = text
            .lines()
            .find_map(|l| l.strip_prefix("drawn "))
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(a + b + drawn, 60, "{text}");
        assert!(
            figure(&text, "first", "points") > figure(&text, "second", "points"),
            "{preset}: {text}"
        );
    }
}

#[test]
fn selfplay_at_tiles_refuses_what_it_does_not_take() {
    for args in [
        &["selfplay", "--preset", "muggins", "--first", "expert"][..],
        &[
            "selfplay", "--preset", "muggins", "--first", "best", "--second", "fair",
        ],
        &[
            "selfplay", "--preset", "draw", "--first", "fair", "--second", "fair", "--dice", "3",
        ],
        &[
            "selfplay",
            "--preset",
            "draw",
            "--first",
            "fair",
            "--second",
            "fair",
            "--players",
            "9",
        ],
    ] {
        let out = gamester(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}

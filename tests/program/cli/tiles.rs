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

#[test]
fn selfplay_at_tiles_takes_the_tables_names_and_ends_on_the_same_line() {
    // When selfplay at tiles is asked as at tables, with --white, --black and --games
    let out = gamester(&[
        "selfplay", "--preset", "draw", "--white", "fair", "--black", "random", "--games", "40",
        "--seed", "2",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    // Then it plays that many hands, and its last line is the win rate with its interval
    assert!(text.starts_with("hands 40 "), "{text}");
    let last = text.lines().last().unwrap();
    let words: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(words[..3], ["first", "win", "rate"], "{last}");
    let rate: f64 = words[3].trim_end_matches('%').parse().unwrap();
    let won = figure(&text, "first", "wins") as f64;
    let decided = won + figure(&text, "second", "wins") as f64;
    assert!((rate - 100.0 * won / decided).abs() < 0.06, "{text}");
    assert!(last.contains("(95% CI ") && last.ends_with("%)"), "{last}");
}

#[test]
fn best_at_tiles_lays_where_the_tile_fits_and_draws_or_knocks_when_none_does() {
    // Given a line open at a deuce (left) and a cater (right)
    let line = "2-6,6-6,6-4";
    // When the hand holds one tile that fits only the cater
    let out = gamester(&[
        "best",
        "--preset",
        "draw",
        "--hand",
        "4-1,5-5,3-3",
        "--line",
        line,
        "--others",
        "7",
        "--level",
        "fair",
    ]);
    // Then it is laid there, said in the period words
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "lay 4-1 right: the cater-ace on the cater at the right end\n"
    );
    // When nothing fits and the boneyard has tiles: draw; in Block: knock
    let draw = gamester(&[
        "best", "--preset", "draw", "--hand", "1-1,0-0", "--line", line, "--others", "7",
    ]);
    assert!(String::from_utf8_lossy(&draw.stdout).starts_with("draw"));
    let knock = gamester(&[
        "best", "--preset", "block", "--hand", "1-1,0-0", "--line", line, "--others", "7",
    ]);
    assert!(
        String::from_utf8_lossy(&knock.stdout).starts_with("knock"),
        "{knock:?}"
    );
}

#[test]
fn best_at_tiles_refuses_a_position_that_cannot_be() {
    for args in [
        // a tile twice
        &[
            "best", "--preset", "draw", "--hand", "6-1,1-6", "--line", "6-6", "--others", "5",
        ][..],
        // a line whose tiles do not match where they meet
        &[
            "best", "--preset", "draw", "--hand", "6-1", "--line", "6-6,4-2", "--others", "5",
        ],
        // not a tile
        &[
            "best", "--preset", "draw", "--hand", "6-x", "--line", "6-6", "--others", "5",
        ],
        // more tiles than the set
        &[
            "best", "--preset", "draw", "--hand", "6-1", "--line", "6-6", "--others", "30",
        ],
        // no line
        &["best", "--preset", "draw", "--hand", "6-1", "--others", "5"],
    ] {
        let out = gamester(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("gamester: "), "{err}");
    }
}

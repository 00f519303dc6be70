//! `gamester rollout` run as a real process: its lines, its refusals, its seed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::{Command, Output};

use gamester_rules::tables::{Position, position_id};

fn gamester(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamester"))
        .args(args)
        .output()
        .expect("run gamester")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The Position ID of a position given as the side on roll's pips (+ its men, − the
/// adversary's), the rest borne off.
fn id(pairs: &[(usize, i8)]) -> String {
    let mut pips = [0i8; 26];
    for &(p, n) in pairs {
        pips[p] = n;
    }
    position_id::encode(&Position::from_pips(pips).unwrap())
}

/// The side on roll's last man on its ace point, the adversary's fifteen on his own ace.
fn sure_win() -> String {
    id(&[(1, 1), (24, -15)])
}

#[test]
fn rollout_of_a_sure_win_wins_every_game() {
    let position = sure_win();
    let out = gamester(&[
        "rollout",
        "--preset",
        "irish",
        "--position",
        &position,
        "--trials",
        "36",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Standard error is no terminal here: no progress bar.
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(
        lines,
        [
            "win 1.000 ± 0.000 se 0.0000",
            "lose 0.000 ± 0.000 se 0.0000",
            "equity-cubeless +1.000 ± 0.000 se 0.0000",
            "equity-cubeful +1.000 ± 0.000 se 0.0000",
            "trials 36",
        ]
    );
    // Modern stakes: the adversary has borne off no man, so every game is a gammon.
    let out = gamester(&["rollout", "--position", &position, "--trials", "36"]);
    let lines: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(lines[0], "win 1.000 ± 0.000 se 0.0000");
    assert_eq!(lines[1], "win-gammon 1.000 ± 0.000 se 0.0000");
    assert_eq!(lines[2], "win-backgammon 0.000 ± 0.000 se 0.0000");
    assert_eq!(lines[3], "lose 0.000 ± 0.000 se 0.0000");
    assert_eq!(lines[6], "equity-cubeless +2.000 ± 0.000 se 0.0000");
    assert_eq!(lines[8], "trials 36");
}

#[test]
fn rollout_is_the_same_for_the_same_seed() {
    // A short race: five men a side.
    let race = id(&[
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 1),
        (19, -1),
        (20, -1),
        (21, -1),
        (22, -1),
        (23, -1),
    ]);
    let run = |seed: &str| {
        let out = gamester(&[
            "rollout",
            "--preset",
            "backgammon-willughby",
            "--position",
            &race,
            "--trials",
            "72",
            "--seed",
            seed,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        stdout(&out)
    };
    let first = run("7");
    assert_eq!(first, run("7"));
    assert_ne!(first, run("8"));
    // Willughby's stakes: a back-gammon, and a last throw of doublets, for each side.
    let names: Vec<&str> = first
        .lines()
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "win",
            "win-back-gammon",
            "win-doublets",
            "lose",
            "lose-back-gammon",
            "lose-doublets",
            "equity-cubeless",
            "equity-cubeful",
            "trials"
        ]
    );
    // A width reached stops at a multiple of 36 trials.
    let out = gamester(&[
        "rollout",
        "--position",
        &race,
        "--trials",
        "3600",
        "--width",
        "0.5",
    ]);
    let last = stdout(&out).lines().last().unwrap().to_string();
    let trials: usize = last.strip_prefix("trials ").unwrap().parse().unwrap();
    assert!(trials < 3600 && trials.is_multiple_of(36), "{last}");
}

#[test]
fn rollout_refuses_what_it_cannot_roll_out_in_words() {
    for (args, says) in [
        (&["--position", "nonsense"][..], "is not a Position ID"),
        (
            &["--position", &sure_win(), "--width", "0"][..],
            "a number above 0",
        ),
        (
            &["--position", &sure_win(), "--trials", "0"][..],
            "at least 1",
        ),
        (
            &["--position", &sure_win(), "--level", "master"][..],
            "master",
        ),
        (
            &["--position", &sure_win(), "--preset", "doublets"][..],
            "at tables",
        ),
    ] {
        let out = gamester(&[&["rollout"], args].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

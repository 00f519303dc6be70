//! Cotton's pastimes on the command line, run as a real process: the computer against the
//! random player at each, the seats of Sice-Ace, and every command that has nothing to say of
//! a pastime refusing in words.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::{Command, Output};

fn gamester(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamester"))
        .args(args)
        .output()
        .expect("run gamester")
}

/// The numbers of a `selfplay` report: the first seat's wins and the other seats'.
fn selfplay(args: &[&str]) -> (u64, u64) {
    let out = gamester(&[&["selfplay"], args].concat());
    assert!(out.status.success(), "{args:?}: {out:?}");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let wins = |who: &str| -> u64 {
        let line = text
            .lines()
            .find(|l| l.starts_with(who))
            .unwrap_or_else(|| panic!("{text}"));
        line.split_whitespace()
            .last()
            .unwrap()
            .parse()
            .unwrap_or_else(|_| panic!("{line}"))
    };
    assert!(text.lines().last().unwrap().starts_with("first win rate"));
    assert!(text.contains("unfinished 0"), "{text}");
    (wins("first "), wins("second "))
}

#[test]
fn at_ketch_dolt_the_expert_beats_random_play_and_the_novice() {
    // Given 100 seeded games of Ketch-Dolt, the expert first
    for other in ["random", "novice"] {
        let (won, lost) = selfplay(&[
            "--preset",
            "ketch-dolt",
            "--first",
            "expert",
            "--second",
            other,
            "--games",
            "100",
            "--seed",
            "3",
        ]);
        // Then the expert, who never dolts himself, wins nearly all
        assert_eq!(won + lost, 100);
        assert!(won >= 90, "{other}: {won} to {lost}");
    }
}

#[test]
fn doublets_is_chance_alone_and_sice_ace_seats_two_to_five() {
    // Doublets leaves no choice: the expert does no better than the random player
    let doublets = |first: &str| {
        selfplay(&[
            "--preset", "doublets", "--first", first, "--second", "random", "--games", "60",
            "--seed", "4",
        ])
    };
    assert_eq!(doublets("expert"), doublets("random"));
    // Sice-Ace plays with two to five, and no other number
    for players in ["2", "3", "4", "5"] {
        let (free, lost) = selfplay(&[
            "--preset",
            "sice-ace",
            "--players",
            players,
            "--first",
            "expert",
            "--second",
            "random",
            "--games",
            "20",
        ]);
        assert_eq!(free + lost, 20, "{players}");
    }
    for args in [
        &["--preset", "sice-ace", "--players", "6"][..],
        &["--preset", "doublets", "--players", "3"][..],
        &["--preset", "ketch-dolt", "--set", "draws=seven"][..],
    ] {
        let out = gamester(
            &[
                &["selfplay", "--first", "expert", "--second", "random"][..],
                args,
            ]
            .concat(),
        );
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn commands_of_the_games_at_tables_refuse_a_pastime_in_words() {
    for args in [
        &[
            "hint",
            "--preset",
            "doublets",
            "--position",
            "4HPwATDgc/ABMA",
        ][..],
        &[
            "plays",
            "--preset",
            "sice-ace",
            "--position",
            "4HPwATDgc/ABMA",
            "--dice",
            "3,1",
        ][..],
        &[
            "best",
            "--preset",
            "ketch-dolt",
            "--position",
            "4HPwATDgc/ABMA",
            "--dice",
            "3,1",
        ][..],
        &["bench", "ai", "--preset", "doublets"][..],
    ] {
        let out = gamester(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("is a pastime at the tables"),
            "{args:?}: {err}"
        );
    }
}

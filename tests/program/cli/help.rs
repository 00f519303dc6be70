//! The command line as one declaration: help and the version everywhere, the presets of both
//! families, bad input refused by name with exit code 2, file names that are not UTF-8, and
//! completion scripts.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt as _;
use std::process::{Command, Output};

fn gamester<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamester"))
        .args(args)
        .output()
        .expect("run gamester")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Bad input: exit code 2, one line on standard error, nothing on standard output, no panic.
fn refused(args: &[&str]) -> String {
    let out = gamester(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("gamester: "), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
    err
}

#[test]
fn selfplay_help_succeeds_and_names_its_flags() {
    // When selfplay is asked for its help
    let out = gamester(&["selfplay", "--help"]);
    // Then it is printed on standard output, with exit code 0
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stderr.is_empty());
    let help = stdout(&out);
    assert!(help.contains("Usage: gamester selfplay"), "{help}");
    // And it names every flag selfplay takes, with the players and the presets it accepts
    for flag in [
        "--preset",
        "--set",
        "--white",
        "--black",
        "--games",
        "--seed",
        "--jobs",
        "--log-plays",
        "--white-net",
        "--black-net",
        "--players",
        "--first",
        "--second",
        "--hands",
    ] {
        assert!(help.contains(flag), "{flag}: {help}");
    }
    for value in ["random", "expert", "irish", "muggins"] {
        assert!(help.contains(value), "{value}: {help}");
    }
}

#[test]
fn every_command_has_help_and_the_program_a_version() {
    let top = stdout(&gamester(&["--help"]));
    for command in [
        "plays", "presets", "check", "bench", "best", "analyse", "selfplay",
    ] {
        // The program's help lists the command, and the command answers --help and -h
        assert!(top.contains(&format!("  {command} ")), "{command}: {top}");
        for flag in ["--help", "-h"] {
            let out = gamester(&[command, flag]);
            assert_eq!(out.status.code(), Some(0), "{command} {flag}");
            assert!(
                stdout(&out).contains(&format!("Usage: gamester {command}")),
                "{command} {flag}: {}",
                stdout(&out)
            );
        }
    }
    for bench in ["movegen", "draw", "ai", "analyse"] {
        let out = gamester(&["bench", bench, "--help"]);
        assert_eq!(out.status.code(), Some(0), "bench {bench}");
        assert!(stdout(&out).contains(&format!("Usage: gamester bench {bench}")));
    }
    let version = gamester(&["--version"]);
    assert_eq!(version.status.code(), Some(0));
    assert_eq!(
        stdout(&version),
        format!("gamester {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn presets_lists_the_tiles_games_with_a_description() {
    let text = stdout(&gamester(&["presets"]));
    for game in ["block", "draw", "muggins", "muggins-teams"] {
        // Each tiles game has its line: its name, its players, and what it is
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(game))
            .unwrap_or_else(|| panic!("{game}: {text}"));
        let (_, title) = line.split_once("  # ").unwrap();
        assert!(
            title.contains("dominoes") || title.contains("Muggins"),
            "{line}"
        );
    }
}

#[test]
fn an_unknown_flag_is_refused_by_name_with_exit_code_2() {
    for (args, flag) in [
        (
            &[
                "selfplay", "--preset", "irish", "--white", "fair", "--black", "fair", "--bogus",
            ][..],
            "--bogus",
        ),
        (&["bench", "movegen", "--seconds", "1"], "--seconds"),
        (&["presets", "--preset", "modern"], "--preset"),
        (&["--window", "big"], "--window"),
        (
            &[
                "best", "--preset", "draw", "--hand", "6-1", "--colour", "red",
            ],
            "--colour",
        ),
    ] {
        let err = refused(args);
        assert!(err.contains(&format!("'{flag}'")), "{args:?}: {err}");
    }
    // And a near miss is answered with the flag that was meant
    let err = refused(&[
        "selfplay", "--preset", "irish", "--white", "fair", "--black", "fair", "--game", "5",
    ]);
    assert!(
        err.contains("'--game'") && err.contains("'--games'"),
        "{err}"
    );
}

#[test]
fn a_flag_takes_its_value_after_an_equals_sign_too() {
    let spaced = gamester(&[
        "plays",
        "--preset",
        "modern",
        "--position",
        "4HPwATDgc/ABMA",
        "--dice",
        "3,1",
    ]);
    let joined = gamester(&[
        "plays",
        "--preset=modern",
        "--position=4HPwATDgc/ABMA",
        "--dice=3,1",
    ]);
    assert_eq!(joined.status.code(), Some(0), "{}", stderr(&joined));
    assert_eq!(stdout(&joined), stdout(&spaced));
}

#[test]
fn a_file_name_that_is_not_utf8_is_read_or_refused_but_never_panics() {
    // Given a saved game under a name that is not UTF-8, and such a name that is not there
    let dir = tempfile::tempdir().unwrap();
    let odd = dir.path().join(OsStr::from_bytes(b"partie-\xe9t\xe9.ron"));
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/irish_short.ron"),
        &odd,
    )
    .unwrap();
    let missing = dir.path().join(OsStr::from_bytes(b"no-such-\xff.ron"));
    // When the game is checked, it is read
    let out = gamester(&[OsString::from("check"), odd.into_os_string()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("ok irish, "), "{}", stdout(&out));
    // And a name that is not there is refused in one line, exit code 2, without a panic
    for args in [
        vec![OsString::from("check"), missing.clone().into_os_string()],
        vec![OsString::from("analyse"), missing.clone().into_os_string()],
        vec![missing.clone().into_os_string()],
        vec![
            OsString::from("plays"),
            OsString::from("--preset"),
            OsStr::from_bytes(b"iri\xffsh").to_os_string(),
        ],
    ] {
        let out = gamester(&args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn preset_muggins_still_routes_to_the_tiles_selfplay() {
    for preset in [&["--preset", "muggins"][..], &["--preset=muggins"]] {
        // When selfplay is given a tiles game, however the flag is written
        let args = [
            &["selfplay"][..],
            preset,
            &["--white", "fair", "--black", "random", "--games", "4"],
        ]
        .concat();
        let out = gamester(&args);
        // Then it plays hands at the tiles
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert!(
            stdout(&out).starts_with("hands 4 (2 players, muggins)\n"),
            "{}",
            stdout(&out)
        );
    }
    // And what only the games at tables take is refused at the tiles, by name
    let err = refused(&[
        "selfplay", "--preset", "muggins", "--white", "fair", "--black", "fair", "--jobs", "2",
    ]);
    assert!(err.contains("--jobs") && err.contains("tiles"), "{err}");
    let err = refused(&[
        "best",
        "--preset",
        "irish",
        "--hand",
        "6-1",
        "--position",
        "4HPwATDgc/ABMA",
        "--dice",
        "3,1",
    ]);
    assert!(err.contains("--hand") && err.contains("tables"), "{err}");
}

#[test]
fn a_preset_typo_is_refused_listing_the_valid_ones() {
    // When a preset is misspelt
    let err = refused(&[
        "selfplay", "--preset", "mugins", "--white", "fair", "--black", "fair",
    ]);
    // Then the refusal names it, lists every preset of both families, and offers the near one
    assert!(err.contains("'mugins'"), "{err}");
    let presets = stdout(&gamester(&["presets"]));
    for name in presets
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
    {
        assert!(err.contains(name), "{name}: {err}");
    }
    assert!(err.contains("similar value exists: 'muggins'"), "{err}");
}

#[test]
fn completions_are_written_for_bash_zsh_and_fish() {
    for shell in ["bash", "zsh", "fish"] {
        let out = gamester(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        for word in ["selfplay", "white-net", "muggins-teams"] {
            assert!(script.contains(word), "{shell} {word}");
        }
    }
    refused(&["completions", "powershell-core"]);
}

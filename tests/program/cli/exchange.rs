//! `gamester export` and `gamester import`: a game to and from the `.mat` files of the
//! backgammon world, the real binary run as a person would.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

fn gamester() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gamester"))
}

const MATCH: &str = "tests/data/gnubg_match3.mat";

#[test]
fn a_game_of_a_gnubg_match_is_imported_checked_and_exported_again() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("g1.ron");
    let run = gamester()
        .args(["import", MATCH, "--game", "1", "--out"])
        .arg(&saved)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert_eq!(
        String::from_utf8(run.stdout).unwrap(),
        format!("import {} game 1 of 3\n", saved.display())
    );
    // The save loads (its record replayed), the game as the file ended it, the names kept
    let check = gamester().arg("check").arg(&saved).output().unwrap();
    let said = String::from_utf8(check.stdout).unwrap();
    assert!(said.contains("over: Black won 1 point"), "{said}");
    assert!(
        std::fs::read_to_string(&saved)
            .unwrap()
            .contains("\"gnubg\"")
    );
    // Exported again, it is game 1 of the same 3-point match, the same plays, read back the
    // same
    let mat = dir.path().join("g1.mat");
    let run = gamester()
        .arg("export")
        .arg(&saved)
        .arg("--out")
        .arg(&mat)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = std::fs::read_to_string(&mat).unwrap();
    assert!(
        text.starts_with(" 3 point match\n\n Game 1\n gnubg : 0"),
        "{text}"
    );
    assert!(text.contains(" Doubles => 2") && text.contains("Drops"));
    assert!(text.trim_end().ends_with("Wins 1 point"));
    let again = dir.path().join("again.ron");
    let run = gamester()
        .arg("import")
        .arg(&mat)
        .arg("--out")
        .arg(&again)
        .output()
        .unwrap();
    assert!(run.status.success());
    let check = gamester().arg("check").arg(&again).output().unwrap();
    assert_eq!(String::from_utf8(check.stdout).unwrap(), said);
}

#[test]
fn a_resigned_game_is_ended_by_the_resignation_its_match_kept_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("g3.ron");
    let run = gamester()
        .args(["import", MATCH, "--game", "3", "--out"])
        .arg(&saved)
        .output()
        .unwrap();
    assert!(run.status.success());
    // root resigned a gammon in game 3 (gnubg writes only "Wins 2 points"): gnubg wins 2
    let check = gamester().arg("check").arg(&saved).output().unwrap();
    let said = String::from_utf8(check.stdout).unwrap();
    assert!(said.contains("over: Black won 2 points"), "{said}");
    // and the match's first two games are kept in the save before it
    let loaded = gamester_core::save::load(&saved).unwrap();
    assert_eq!(loaded.earlier.len(), 2);
    assert_eq!(loaded.earlier_unread, None);
}

#[test]
fn what_cannot_be_imported_or_exported_is_refused_with_the_reason_and_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.mat");
    std::fs::write(
        &broken,
        std::fs::read_to_string(MATCH)
            .unwrap()
            .replacen("52: 13/8 24/22 ", "52: 13/7 24/22 ", 1),
    )
    .unwrap();
    let irish = dir.path().join("irish.ron");
    std::fs::write(&irish, include_str!("../../data/irish_short.ron")).unwrap();
    let out = dir.path().join("out");
    for (args, words) in [
        (vec![broken.to_str().unwrap()], "game 1, line 2"),
        (vec![MATCH, "--game", "4"], "has 3 game(s), not 4"),
        (vec!["/nonexistent.mat"], "cannot be read"),
    ] {
        let run = gamester()
            .arg("import")
            .args(&args)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(err.contains(words), "{args:?}: {err}");
        assert!(!out.exists());
    }
    let run = gamester()
        .arg("export")
        .arg(&irish)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("what doublets give"));
    assert!(!out.exists());
}

const MATCH_SGF: &str = "tests/data/gnubg_match5.sgf";

#[test]
fn a_game_of_a_gnubg_sgf_is_imported_and_exported_as_sgf_or_as_mat() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("g3.ron");
    // Game 3 of gnubg's 5-point match, saved by gnubg as .sgf (the format told by its text)
    let run = gamester()
        .args(["import", MATCH_SGF, "--game", "3", "--out"])
        .arg(&saved)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert_eq!(
        String::from_utf8(run.stdout).unwrap(),
        format!("import {} game 3 of 6\n", saved.display())
    );
    let check = gamester().arg("check").arg(&saved).output().unwrap();
    let said = String::from_utf8(check.stdout).unwrap();
    assert!(said.contains("over: Black won 1"), "{said}");
    // Written with --to sgf to a name without the extension, and by the name's .sgf alone
    let named = dir.path().join("game3");
    let by_ext = dir.path().join("game3.sgf");
    for (out, to) in [(&named, Some("sgf")), (&by_ext, None)] {
        let mut cmd = gamester();
        cmd.arg("export").arg(&saved).arg("--out").arg(out);
        if let Some(to) = to {
            cmd.args(["--to", to]);
        }
        let run = cmd.output().unwrap();
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        let text = std::fs::read_to_string(out).unwrap();
        // Game 3 (gnubg counts from 0) at 2 to 1 in a 5-point match, Black gnubg's player 0 (W)
        assert!(text.starts_with("(;FF[4]GM[6]"), "{text}");
        assert!(text.contains("MI[length:5][game:2][ws:2][bs:1]"), "{text}");
        assert!(text.contains("PW[gnubg]PB[root]"), "{text}");
        assert!(text.contains("RE[W+1]"), "{text}");
    }
    // And read back, the same game
    let again = dir.path().join("again.ron");
    let run = gamester()
        .arg("import")
        .arg(&by_ext)
        .arg("--out")
        .arg(&again)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let check = gamester().arg("check").arg(&again).output().unwrap();
    assert_eq!(String::from_utf8(check.stdout).unwrap(), said);
    // --to mat writes the .mat text whatever the name
    let run = gamester()
        .arg("export")
        .arg(&saved)
        .args(["--to", "mat", "--out"])
        .arg(&named)
        .output()
        .unwrap();
    assert!(run.status.success());
    assert!(
        std::fs::read_to_string(&named)
            .unwrap()
            .starts_with(" 5 point match")
    );
    // An unknown format is refused by name, nothing written
    let run = gamester()
        .arg("export")
        .arg(&saved)
        .args(["--to", "xg", "--out"])
        .arg(dir.path().join("x"))
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("sgf"));
    assert!(!dir.path().join("x").exists());
}

#[test]
fn a_file_of_too_many_games_for_a_save_is_refused_at_import_as_check_would_refuse_it() {
    // Given a 25-point match file of 20,000 games (each an opening play and a resignation)
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from(" 25 point match\n\n");
    for g in 1..=20_000 {
        text.push_str(&format!(
            " Game {g}\n Ann : {}                      Lee : 0\n  1) 21: 13/11 24/23\n      \
             Wins 1 point\n\n",
            g - 1
        ));
    }
    let file = dir.path().join("many.mat");
    std::fs::write(&file, text).unwrap();
    // When it is imported, it is refused in the words `check` and `export` use for a save
    // that large, and nothing is written
    let saved = dir.path().join("many.ron");
    let run = gamester()
        .arg("import")
        .arg(&file)
        .arg("--out")
        .arg(&saved)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("a saved game is never more than 1048576 bytes"),
        "{err}"
    );
    assert!(!saved.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

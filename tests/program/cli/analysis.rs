//! `gamester analyse`: its exact format, its figures agreeing with its lines, the file left as
//! it was, and bad input refused as `check` refuses it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::{Command, Output};

fn gamester(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamester"))
        .args(args)
        .output()
        .unwrap()
}

const MARKS: [&str; 4] = ["ok", "doubtful", "bad", "very-bad"];

fn mark_of(loss: f64) -> &'static str {
    if loss >= 0.16 {
        "very-bad"
    } else if loss >= 0.08 {
        "bad"
    } else if loss >= 0.04 {
        "doubtful"
    } else {
        "ok"
    }
}

/// Checks one decision line; returns (colour, loss, mark).
fn decision_line(line: &str) -> (String, f64, String) {
    let w: Vec<&str> = line.split(' ').collect();
    assert_eq!(w[0], "turn", "{line}");
    assert!(w[1].parse::<u32>().unwrap() >= 1, "{line}");
    let colour = w[2].to_string();
    match w[3] {
        "cube" => {
            assert!(
                ["double", "take", "drop", "no-double"].contains(&w[4]),
                "{line}"
            );
            assert_eq!(w[5], "best", "{line}");
        }
        "break" | "choose" => {
            w[4].parse::<u8>().unwrap();
            assert_eq!(w[5], "best", "{line}");
            w[6].parse::<u8>().unwrap();
        }
        dice => {
            let faces: Vec<u8> = dice.split('-').map(|f| f.parse().unwrap()).collect();
            assert!((2..=3).contains(&faces.len()), "{line}");
            assert!(faces.iter().all(|f| (1..=6).contains(f)), "{line}");
            assert_eq!(w[4], "played", "{line}");
            assert!(w.contains(&"best"), "{line}");
        }
    }
    let n = w.len();
    assert_eq!(w[n - 3], "loss", "{line}");
    let loss_text = w[n - 2];
    assert_eq!(loss_text.split('.').nth(1).map(str::len), Some(4), "{line}");
    let loss: f64 = loss_text.parse().unwrap();
    let mark = w[n - 1].to_string();
    assert!(MARKS.contains(&mark.as_str()), "{line}");
    assert_eq!(mark, mark_of(loss), "{line}");
    (colour, loss, mark)
}

#[test]
fn analyse_prints_a_line_a_decision_then_each_sides_figures() {
    for file in [
        "tests/data/irish_short.ron",
        "tests/data/double_hand.ron",
        "tests/data/broken_table.ron",
        "tests/data/cube_dropped.ron",
    ] {
        let before = std::fs::read(file).unwrap();
        let out = gamester(&["analyse", file, "--level", "fair"]);
        assert_eq!(out.status.code(), Some(0), "{file}");
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let (decisions, sides) = lines.split_at(lines.len() - 2);
        let judged: Vec<_> = decisions.iter().map(|l| decision_line(l)).collect();
        assert!(!judged.is_empty(), "{file}");
        for side in sides {
            // <colour> <k> decisions mean loss <x> doubtful <a> bad <b> very-bad <c>
            let w: Vec<&str> = side.split(' ').collect();
            assert_eq!(w.len(), 12, "{side}");
            assert_eq!(
                (w[2], w[3], w[4], w[6], w[8], w[10]),
                ("decisions", "mean", "loss", "doubtful", "bad", "very-bad"),
                "{side}"
            );
            let own: Vec<&(String, f64, String)> =
                judged.iter().filter(|(c, ..)| c == w[0]).collect();
            assert_eq!(w[1].parse::<usize>().unwrap(), own.len(), "{side}");
            let count = |m: &str| own.iter().filter(|(_, _, k)| k == m).count();
            assert_eq!(w[7].parse::<usize>().unwrap(), count("doubtful"), "{side}");
            assert_eq!(w[9].parse::<usize>().unwrap(), count("bad"), "{side}");
            assert_eq!(w[11].parse::<usize>().unwrap(), count("very-bad"), "{side}");
            if !own.is_empty() {
                let mean = own.iter().map(|(_, l, _)| l).sum::<f64>() / own.len() as f64;
                let said: f64 = w[5].parse().unwrap();
                // Each line's loss is rounded to 4 places; the mean of the exact losses is too.
                assert!((mean - said).abs() < 0.0002, "{side}: {mean}");
            }
        }
        // The saved game is read, never written.
        assert_eq!(std::fs::read(file).unwrap(), before, "{file}");
    }
}

#[test]
fn a_play_line_names_the_dice_the_play_and_the_best_play_as_plays_prints_them() {
    let out = gamester(&["analyse", "tests/data/irish_short.ron", "--level", "fair"]);
    let text = String::from_utf8(out.stdout).unwrap();
    // White threw 6-6 on the second turn and played 8/2(2) (the file's record).
    let line = text
        .lines()
        .find(|l| l.starts_with("turn 2 White 6-6 played 8/2(2) best "))
        .unwrap_or_else(|| panic!("{text}"));
    decision_line(line);
}

#[test]
fn a_file_that_cannot_be_loaded_gets_checks_error_and_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.ron");
    let text = include_str!("../../data/irish_short.ron").replacen(
        "step(from: 6, die: 4)",
        "step(from: 20, die: 4)",
        1,
    );
    std::fs::write(&broken, text).unwrap();
    let missing = dir.path().join("missing.ron");
    for path in [&broken, &missing] {
        let path = path.to_str().unwrap();
        let analysed = gamester(&["analyse", path]);
        let checked = gamester(&["check", path]);
        assert_eq!(analysed.status.code(), Some(2), "{path}");
        assert!(analysed.stdout.is_empty());
        assert_eq!(analysed.stderr, checked.stderr, "{path}");
        assert_eq!(String::from_utf8_lossy(&analysed.stderr).lines().count(), 1);
    }
}

#[test]
fn bad_arguments_are_one_line_and_exit_code_2() {
    for args in [
        &["analyse"][..],
        &[
            "analyse",
            "tests/data/irish_short.ron",
            "--level",
            "grandmaster",
        ],
        &["analyse", "tests/data/irish_short.ron", "--level"],
        &["analyse", "tests/data/irish_short.ron", "--depth", "3"],
        &["analyse", "tests/data/irish_short.ron", "other.ron"],
    ] {
        let out = gamester(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr).lines().count(),
            1,
            "{args:?}"
        );
    }
}

#[test]
fn analyse_judges_a_match_game_at_its_score_not_at_0_0() {
    use gamester_core::players::Seats;
    use gamester_core::save::{self, SaveFile};
    use gamester_rules::tables::{
        Action, Crawford, Game, Layout, Opening, Position, Preset, Rules, Side, Tally,
    };
    // Given a saved game of a match to 5 after the Crawford game, White 4 and Black 3, in which
    // Black, leading a race by six pips on roll, doubles at once and White drops
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.match_to = 5;
    let pos: Position = "8:3 7:3 6:3 5:3 4:3 / 8:2 7:3 6:3 5:3 4:2 3:2"
        .parse()
        .unwrap();
    rules.layout = Layout::Custom(pos.to_setup(Side::White));
    rules.opening = Opening::ThrowAgain;
    let tally = Tally {
        white: 4,
        black: 3,
        games: 5,
        draws: 0,
        crawford: Crawford::Played,
    };
    let mut game = Game::with_tally(rules, tally).unwrap();
    for a in [
        Action::ThrowOff { white: 1, black: 6 },
        Action::Double,
        Action::Drop,
    ] {
        game.apply(a).unwrap();
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("post-crawford.ron");
    let text = save::to_string(&SaveFile::from_game(&game, &Seats::two_people())).unwrap();
    std::fs::write(&path, text).unwrap();
    // When it is analysed from the command line
    let out = gamester(&["analyse", path.to_str().unwrap(), "--level", "expert"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    // Then the free double and the drop are both right, as they are at 4-3 (for stakes, or at
    // 0-0, the drop would be a blunder)
    let cube: Vec<(String, f64, String)> = text
        .lines()
        .filter(|l| l.split(' ').nth(3) == Some("cube"))
        .map(decision_line)
        .collect();
    assert_eq!(cube.len(), 2, "{text}");
    assert!(text.contains("cube double best double"), "{text}");
    assert!(text.contains("cube drop best drop"), "{text}");
    assert!(cube.iter().all(|(_, _, mark)| mark == "ok"), "{text}");
}

/// `gamester analyse` of the one game of `file` (a `.sgf` in tests/data), imported first.
fn analysed_sgf(file: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("game.ron");
    let saved = saved.to_str().unwrap();
    let out = gamester(&["import", file, "--out", saved]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let out = gamester(&["analyse", saved]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_right_drop_the_search_misjudged_is_looked_at_deeper_and_not_called_bad() {
    // GNU Backgammon against itself (tests/data/README.md): at turn 24 White redoubles to 4
    // and Black drops, which gnubg 2-ply finds right. Two throws deep, the cube's search valued
    // the take 0.085 above the drop, and the drop was marked bad; four throws deep, the look a
    // bad mark now has first, the two are 0.022 apart.
    let text = analysed_sgf("tests/data/gnubg_right_drop.sgf");
    let line = text
        .lines()
        .find(|l| l.starts_with("turn 24 Black cube drop"))
        .unwrap_or_else(|| panic!("no drop at turn 24: {text}"));
    let (_, loss, mark) = decision_line(line);
    assert!(loss < 0.08, "{line}");
    assert!(mark == "ok" || mark == "doubtful", "{line}");
    // The redouble itself was right by both.
    assert!(
        text.contains("turn 24 White cube double best double loss 0.0000 ok"),
        "{text}"
    );
}

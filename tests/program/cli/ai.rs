//! The computer's commands run as a real process: `best`, `selfplay`, their formats and exit
//! codes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::{Command, Output};

fn gamester(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamester"))
        .args(args)
        .output()
        .expect("run gamester")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn best_prints_one_of_the_legal_plays() {
    // Given the legal plays of 3-1 from the start of modern backgammon
    let start = [
        "--preset",
        "modern",
        "--position",
        "4HPwATDgc/ABMA",
        "--dice",
        "3,1",
    ];
    let plays = stdout(&gamester(&[&["plays"], &start[..]].concat()));
    for level in ["novice", "fair", "expert"] {
        // When the computer is asked for its play
        let out = gamester(&[&["best"], &start[..], &["--level", level]].concat());
        assert!(out.status.success());
        let line = stdout(&out);
        // Then it is one line, one of the plays listed, and at every level 8/5 6/5
        assert_eq!(line.lines().count(), 1);
        assert!(plays.lines().any(|l| format!("{l}\n") == line), "{line}");
        assert!(line.ends_with(" 8/5 6/5\n"), "{level}: {line}");
    }
}

#[test]
fn selfplay_reports_wins_stakes_and_the_win_rate_last() {
    // Given ten seeded games of Irish, fair against random
    let args = [
        "selfplay", "--preset", "irish", "--white", "fair", "--black", "random", "--games", "10",
        "--seed", "3",
    ];
    let out = gamester(&args);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    // Then each side's wins and stakes and the draws come first, and the win rate last
    assert_eq!(lines[0], "games 10");
    assert!(lines[1].starts_with("white fair wins "), "{text}");
    assert!(lines[2].starts_with("black random wins "), "{text}");
    assert!(lines[3].starts_with("draws "), "{text}");
    let last = lines.last().copied().unwrap_or_default();
    assert!(last.starts_with("white win rate "), "{last}");
    assert!(
        last.contains("% (95% CI ") && last.ends_with("%)"),
        "{last}"
    );
    // And the same seed gives the same games
    assert_eq!(stdout(&gamester(&args)), text);
}

#[test]
fn bad_input_to_the_computer_is_one_line_on_stderr_and_exit_code_2() {
    let cases: &[&[&str]] = &[
        &[
            "best",
            "--preset",
            "irish",
            "--position",
            "4HPwATDgc/ABMA",
            "--dice",
            "3,1",
            "--level",
            "grandmaster",
        ],
        &[
            "best",
            "--preset",
            "irish",
            "--position",
            "4HPwATDgc/ABMA",
            "--dice",
            "3,9",
        ],
        &["best", "--preset", "irish", "--position", "4HPwATDgc/ABMA"],
        &[
            "best",
            "--preset",
            "irish",
            "--position",
            "nonsense",
            "--dice",
            "3,1",
        ],
        &[
            "best",
            "--preset",
            "fails",
            "--position",
            "4HPwATDgc/ABMA",
            "--dice",
            "3,1",
        ],
        &[
            "selfplay", "--preset", "irish", "--white", "expert", "--games", "1",
        ],
        &[
            "selfplay", "--preset", "irish", "--white", "expert", "--black", "god", "--games", "1",
        ],
        &[
            "selfplay", "--preset", "irish", "--white", "fair", "--black", "fair", "--games",
            "many",
        ],
        &[
            "selfplay", "--preset", "irish", "--white", "fair", "--black", "fair", "--seed", "-1",
        ],
        &["bench", "ai", "--preset", "chess"],
        &[
            "selfplay", "--preset", "irish", "--white", "fair", "--black", "fair", "--games", "0",
        ],
        &[
            "selfplay", "--preset", "irish", "--white", "fair", "--black", "fair", "--jobs", "0",
        ],
        &[
            "selfplay", "--preset", "irish", "--white", "fair", "--black", "fair", "--jobs", "all",
        ],
        &["bench", "ai", "novice"],
        &[
            "selfplay",
            "--preset",
            "irish",
            "--white",
            "fair",
            "--black",
            "fair",
            "--position",
            "4HPwATDgc/ABMA",
        ],
    ];
    for args in cases {
        let out = gamester(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn selfplay_gives_the_same_games_on_one_thread_or_two() {
    // Given a few seeded games of the quickest level, with White's plays logged
    let dir = tempfile::tempdir().unwrap();
    let run = |jobs: &str| {
        let log = dir.path().join(format!("plays-{jobs}.txt"));
        let out = gamester(&[
            "selfplay",
            "--preset",
            "irish",
            "--white",
            "novice",
            "--black",
            "random",
            "--games",
            "6",
            "--seed",
            "9",
            "--jobs",
            jobs,
            "--log-plays",
            log.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        (out, std::fs::read_to_string(log).unwrap())
    };
    // When they are played on one thread and on two
    let (one, one_log) = run("1");
    let (two, two_log) = run("2");
    // Then the report and the log are the same, byte for byte
    assert_eq!(stdout(&one), stdout(&two));
    assert_eq!(one_log, two_log);
    assert!(!one_log.is_empty());
    // And the report is only the report: progress goes to standard error
    let text = stdout(&two);
    assert_eq!(text.lines().count(), 5, "{text}");
    assert!(text.starts_with("games 6\n"), "{text}");
    let progress = String::from_utf8_lossy(&two.stderr);
    assert!(progress.contains("6/6 games"), "{progress}");
}

#[test]
fn selfplay_into_a_closed_pipe_ends_quietly() {
    // Given a reader that goes away before the report is written (as `| head -1` does)
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamester"))
        .args([
            "selfplay", "--preset", "irish", "--white", "novice", "--black", "random", "--games",
            "2",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run gamester");
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    // Then it ends with no panic and no error
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        !err.contains("panicked") && !err.contains("gamester:"),
        "{err}"
    );
}

/// The shipped network file of a family.
fn shipped(family: &str) -> String {
    format!(
        "{}/crates/core/src/ai/data/net-{family}.bin",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn selfplay_pits_two_networks_with_all_else_equal() {
    // Given the same seeded games of Willughby's Backgammon, fair against fair
    let base = [
        "selfplay",
        "--preset",
        "backgammon-willughby",
        "--white",
        "fair",
        "--black",
        "fair",
        "--games",
        "6",
        "--seed",
        "4",
        "--jobs",
        "1",
    ];
    let modern = shipped("modern");
    let plain = stdout(&gamester(&base));
    // When White is given by file the network the early Backgammons are judged by (the
    // modern one: none trained for them has beaten it)
    let same = gamester(&[&base[..], &["--white-net", &modern]].concat());
    assert!(same.status.success());
    let same_err = same.stderr.clone();
    // Then the games are the same, and the report names the file
    let same = stdout(&same);
    assert!(same.contains("white fair (net-modern.bin) wins "), "{same}");
    let wins = |t: &str| -> Vec<String> {
        t.lines()
            .map(|l| l.split_once(" wins ").map_or(l, |(_, r)| r).to_string())
            .collect()
    };
    assert_eq!(wins(&same), wins(&plain));
    // And stderr notes that the network was trained for another family than theirs
    let err = String::from_utf8_lossy(&same_err);
    assert!(err.contains("trained for the modern family"), "{err}");
    // And another network plays other games
    let dir = std::env::temp_dir().join(format!("gamester-nets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut bytes = std::fs::read(&modern).unwrap();
    let at = bytes.len() - 4 * 5; // the outputs' biases, last in the file
    bytes[at..].copy_from_slice(&[0x00, 0x00, 0x80, 0x40].repeat(5)); // 4.0 each
    let odd = dir.join("odd.bin");
    std::fs::write(&odd, bytes).unwrap();
    let log = |net: &str, name: &str| {
        let path = dir.join(name);
        let mut args = [&base[..], &["--log-plays", path.to_str().unwrap()]].concat();
        if !net.is_empty() {
            args.extend(["--white-net", net]);
        }
        assert!(gamester(&args).status.success());
        std::fs::read_to_string(path).unwrap()
    };
    let (mine, theirs) = (log("", "plain.txt"), log(odd.to_str().unwrap(), "odd.txt"));
    assert!(!mine.is_empty());
    assert_ne!(mine, theirs, "White plays alike with another network");
    assert_eq!(log(&modern, "same.txt"), mine);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_network_file_that_cannot_be_read_is_one_line_and_exit_code_2() {
    let dir = std::env::temp_dir().join(format!("gamester-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken = dir.join("broken.bin");
    let mut bytes = std::fs::read(shipped("modern")).unwrap();
    bytes.truncate(bytes.len() - 10);
    std::fs::write(&broken, bytes).unwrap();
    let not_a_net = dir.join("words.bin");
    std::fs::write(&not_a_net, "hello\n\nworld").unwrap();
    for (path, says) in [
        (broken.to_str().unwrap(), "bytes of weights"),
        (not_a_net.to_str().unwrap(), "not a Gamester network"),
        ("/no/such/net.bin", "cannot read the network"),
    ] {
        let out = gamester(&[
            "selfplay",
            "--preset",
            "irish",
            "--white",
            "fair",
            "--black",
            "fair",
            "--games",
            "1",
            "--white-net",
            path,
        ]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{err}");
        assert!(out.stdout.is_empty());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The lines of `gamester hint` for `position`, checked to end with exit code 0.
fn hint(position: &str) -> Vec<String> {
    let out = gamester(&["hint", "--position", position]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout(&out).lines().map(str::to_string).collect()
}

#[test]
fn hint_gives_the_three_cube_values_and_gnubgs_action() {
    // Given the opening position for stakes: no double, the take far below no double
    let lines = hint("4HPwATDgc/ABMA");
    assert_eq!(lines[0], "cube 1 centred money");
    assert_eq!(lines[1], "resign none");
    assert!(lines[2].starts_with("no-double +0.1"), "{lines:?}");
    assert!(lines[3].starts_with("double-take -0.1"), "{lines:?}");
    assert_eq!(lines[4], "double-pass +1.000");
    assert_eq!(lines[5], "action No double, take");
    assert_eq!(lines.len(), 6);
    // Under the Jacoby rule (the rules', for a Position ID alone) no double is worth less: no
    // gammon counts until the cube turns
    let out = gamester(&[
        "hint",
        "--set",
        "jacoby=true",
        "--position",
        "4HPwATDgc/ABMA",
    ]);
    let jacoby: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(jacoby[0], "cube 1 centred money jacoby");
    let value = |line: &str| line.split(' ').nth(1).unwrap().parse::<f32>().unwrap();
    assert!(
        value(&jacoby[2]) < value(&lines[2]) - 0.01,
        "{jacoby:?} {lines:?}"
    );
    // The same position as gnubg's whole ID at 3-away 3-away in a match to 3: each value has
    // the chances of winning the match, the pass's those of 2-away against 3-away (59.9%)
    let lines = hint("4HPwATDgc/ABMA:cAlgAAAAAAAE");
    assert_eq!(lines[0], "cube 1 centred match 3 away 3 3");
    assert!(lines[2].starts_with("no-double ") && lines[2].ends_with('%'));
    assert_eq!(lines[4], "double-pass +1.000 59.9%");
    assert_eq!(lines[5], "action No double, take");
    // A race won for sure at once, cube owned, 5 away against 3 (an XGID): gnubg's words for a
    // cube already turned
    let lines = hint("XGID=-A----------------------a-:1:1:1:00:2:4:0:7:10");
    assert_eq!(lines[0], "cube 2 on-roll match 7 away 5 3");
    assert_eq!(lines[2], "no-double +1.000 50.0%");
    assert_eq!(lines[5], "action Redouble, pass");
    // A double offered (the Match ID's doubled bit): the taker's answer follows
    let lines = hint("4HPwATDgc/ABMA:cBmgAAAAAAAE");
    assert_eq!(lines[0], "cube 1 centred match 5 away 5 5");
    assert_eq!(lines[6], "answer take");
}

#[test]
fn hint_says_when_there_is_no_cube_decision_and_refuses_what_is_no_id() {
    // The Crawford game (the Match ID's Crawford bit), and a cube the opponent owns
    let crawford = hint("4HPwATDgc/ABMA:8AlgACAAAAAE");
    assert_eq!(
        crawford,
        [
            "cube 1 centred match 3 away 3 1 crawford",
            "resign none",
            "no-cube the Crawford game is played without the cube"
        ]
    );
    let theirs = hint("XGID=-b----E-C---eE---c-e----B-:1:-1:1:00:2:4:0:7:10");
    assert_eq!(theirs[2], "no-cube the cube is the opponent's");
    // The dice already thrown: no cube decision; text that is no ID
    for bad in ["4HPwATDgc/ABMA:cIllAAAAAAAE", "nonsense"] {
        let out = gamester(&["hint", "--position", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(stdout(&out).is_empty());
    }
}

#[test]
fn hint_says_what_the_side_on_roll_would_resign_and_values_a_certain_loss_exactly() {
    // Given fifteen men on the bar against the adversary's last two men on his ace point (the
    // hint said −1.640 before the cube was searched): a back-gammon is certain, so playing on is worth exactly three games lost, and the side
    // on roll resigns a back-gammon
    let lost = hint("AwAAAAAA+P8DAA");
    assert_eq!(lost[1], "resign backgammon");
    assert_eq!(lost[2], "no-double -3.000");
    assert_eq!(lost[3], "double-take -6.000");
    assert_eq!(lost[5], "action No double, take");
    // Turned about, the side on roll wins three for sure: it resigns nothing and plays on
    let won = hint("AAAA/38DAAAAAA");
    assert_eq!(won[1], "resign none");
    assert_eq!(won[2], "no-double +3.000");
    assert_eq!(won[5], "action Too good to double, pass");
    // One man left on the adversary's ace point, the side on roll's men all home with none
    // off: any throw bears a man off, so the loss is a single game, and it resigns a single
    let single = hint("AQAA/O8DAAAAAA");
    assert_eq!(single[1], "resign single", "{single:?}");
    // A single loss all but certain (of the fourteenth gnubg set, cube 2 owned): playing on
    // was shown worth −0.999 and a single resigned for −1.000. A resignation is offered only
    // where it is worth no less than playing on, as the values are shown.
    for id in ["VQAAoO8DAAAAAA:UQlgAQAAAAAE", "dwEAAN/3AgAAAA:UQmgACAAEAAE"] {
        let lines = hint(id);
        let played_on = lines[2]
            .strip_prefix("no-double ")
            .and_then(|v| v.split(' ').next())
            .and_then(|v| v.parse::<f32>().ok())
            .expect("a value");
        assert!(played_on < -0.9, "{lines:?}");
        if lines[1] == "resign single" {
            assert!(played_on <= -1.0, "{lines:?}");
        } else {
            assert_eq!(lines[1], "resign none", "{lines:?}");
        }
    }
}

#[test]
fn the_bear_off_databases_are_kept_where_the_environment_says_and_the_tests_keep_theirs_out_of_the_users_cache()
 {
    // Given `cargo test`, which names the databases' folder (`.cargo/config.toml`): it is
    // under the workspace's `target/`, so the tests leave nothing in the user's cache folder
    let named = std::env::var_os("GAMESTER_CACHE_DIR").expect("cargo names the cache folder");
    let named = std::path::PathBuf::from(named);
    assert!(named.ends_with("target/gamester-cache"), "{named:?}");
    // And a folder of its own for one run
    let dir = tempfile::tempdir().unwrap();
    // When the computer judges a bear-off with that folder named
    let out = Command::new(env!("CARGO_BIN_EXE_gamester"))
        .env("GAMESTER_CACHE_DIR", dir.path())
        .args([
            "hint",
            "--position",
            "XGID=-BBBBB--------------bbbbb-:0:0:1:00:0:0:0:0:10",
        ])
        .output()
        .expect("run gamester");
    assert!(out.status.success(), "{out:?}");
    // Then both databases it used are kept in that folder
    let kept = |kind: &str| {
        std::fs::read_dir(dir.path().join("bear-off"))
            .map(|files| {
                files
                    .filter_map(Result::ok)
                    .filter(|f| f.file_name().to_string_lossy().starts_with(kind))
                    .count()
            })
            .unwrap_or(0)
    };
    assert_eq!((kept("one-sided"), kept("two-sided")), (1, 1));
}

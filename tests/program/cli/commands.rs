//! The headless command line, run as a real process: exact formats and exit codes.
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
fn plays_lists_gnubgs_plays_from_the_start() {
    let out = gamester(&[
        "plays",
        "--preset",
        "modern",
        "--position",
        "4HPwATDgc/ABMA",
        "--dice",
        "3,1",
    ]);
    assert!(out.status.success());
    let text = stdout(&out);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("plays 16"));
    let mut ids: Vec<&str> = lines
        .map(|l| l.split_once(' ').expect("id and move").0)
        .collect();
    ids.sort_unstable();
    let fixture = include_str!("../../data/modern_plays.txt");
    let line = fixture
        .lines()
        .find(|l| l.starts_with("F 4HPwATDgc/ABMA 3-1 "))
        .unwrap();
    let expected: Vec<&str> = line.split_whitespace().skip(4).collect();
    assert_eq!(ids, expected);
    assert!(text.contains(" 8/5 6/5\n"), "{text}");
}

#[test]
fn plays_takes_option_changes() {
    let count = |extra: &[&str]| {
        let mut args = vec![
            "plays",
            "--preset",
            "irish",
            "--position",
            "4HPwATDgc/ABMA",
            "--dice",
            "6,6",
        ];
        args.extend_from_slice(extra);
        stdout(&gamester(&args)).lines().next().unwrap().to_string()
    };
    assert_eq!(count(&[]), "plays 6");
    assert_ne!(count(&["--set", "doublets=double"]), "plays 6");
}

#[test]
fn a_throw_with_no_play_lists_none() {
    // White on the bar against six held points (gnubg fixture line with 0 plays)
    let fixture = include_str!("../../data/modern_plays.txt");
    let line = fixture
        .lines()
        .find(|l| l.starts_with("F ") && l.split_whitespace().nth(3) == Some("0"))
        .unwrap();
    let t: Vec<&str> = line.split_whitespace().collect();
    let dice = t[2].replace('-', ",");
    let out = gamester(&[
        "plays",
        "--preset",
        "modern",
        "--position",
        t[1],
        "--dice",
        &dice,
    ]);
    assert_eq!(stdout(&out), "plays 0\n");
}

#[test]
fn bad_input_is_one_line_on_stderr_and_exit_code_2() {
    let cases: &[&[&str]] = &[
        &[
            "plays",
            "--preset",
            "chess",
            "--position",
            "4HPwATDgc/ABMA",
            "--dice",
            "3,1",
        ],
        &[
            "plays",
            "--preset",
            "irish",
            "--set",
            "castling=true",
            "--position",
            "4HPwATDgc/ABMA",
            "--dice",
            "3,1",
        ],
        &[
            "plays",
            "--preset",
            "irish",
            "--set",
            "bear_off=sideways",
            "--position",
            "4HPwATDgc/ABMA",
            "--dice",
            "3,1",
        ],
        &[
            "plays",
            "--preset",
            "irish",
            "--position",
            "nonsense",
            "--dice",
            "3,1",
        ],
        &[
            "plays",
            "--preset",
            "irish",
            "--position",
            "4HPwATDgc/ABMA",
            "--dice",
            "7,1",
        ],
        &[
            "plays",
            "--preset",
            "irish",
            "--position",
            "4HPwATDgc/ABMA",
            "--dice",
            "3,1,2",
        ],
        &[
            "plays",
            "--preset",
            "irish",
            "--position",
            "4HPwATDgc/ABMA",
            "--dice",
            "three",
        ],
        &["plays", "--preset", "irish", "--position", "4HPwATDgc/ABMA"],
        &["frobnicate"],
    ];
    for args in cases {
        let out = gamester(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn presets_lists_every_preset_with_every_option() {
    let text = stdout(&gamester(&["presets"]));
    let names: Vec<&str> = text
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "irish",
            "irish-cotton",
            "backgammon-willughby",
            "backgammon-cotton",
            "backgammon-incompleat",
            "modern",
            "todas-tablas",
            "fails",
            "nard",
            "double-hand-irish",
            "tick-tack",
            "vie-tick-tack",
            "doublets",
            "ketch-dolt",
            "sice-ace",
            "block",
            "draw",
            "muggins",
            "muggins-teams"
        ]
    );
    // The games at tables with every option; the pastimes with the options of each; the
    // tiles games with their players
    let lines: Vec<&str> = text.lines().collect();
    for line in &lines[..12] {
        assert_eq!(line.matches('=').count(), 27, "{line}");
    }
    for (line, options) in lines[12..15].iter().zip([2, 4, 4]) {
        assert_eq!(line.matches('=').count(), options, "{line}");
    }
    for line in &lines[15..] {
        assert_eq!(line.matches('=').count(), 1, "{line}");
    }
    assert!(text.contains("sice-ace seats=5 men=6 load_to=next result=last_out_loses"));
    assert!(text.contains("modern layout=willughby dice=two doublets=double opening=play_opening bound_table=wait bear_off=modern"));
}

#[test]
fn check_says_ok_and_what_the_game_is() {
    // Given the example saved games
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/");
    let cases = [
        (
            "irish_short.ron",
            "ok irish, 5 turns played, White to play 6-4, score White 0 Black 0\n",
        ),
        (
            "double_hand.ron",
            "ok double-hand-irish, 6 turns played, Red to throw, score Red 0 Blue 0\n",
        ),
    ];
    for (name, expected) in cases {
        // When each is checked
        let out = gamester(&["check", &format!("{data}{name}")]);
        // Then it is ok, with a one-line summary, and exit code 0
        assert_eq!(out.status.code(), Some(0), "{name}");
        assert_eq!(stdout(&out), expected);
    }
    let over = stdout(&gamester(&["check", &format!("{data}finished.ron")]));
    assert!(
        over.starts_with("ok irish, ") && over.contains(", over: "),
        "{over}"
    );
    let cube = stdout(&gamester(&["check", &format!("{data}cube_dropped.ron")]));
    assert!(cube.starts_with("ok custom, "), "{cube}");
}

#[test]
fn check_counts_a_game_left_by_a_side_as_lost_by_it_in_every_family() {
    use gamester_core::abandonment::Abandonment;
    let left = |seat: usize| Abandonment {
        seats: vec![seat],
        reason: "abandoned by Robin, who did not come back".into(),
        when: Some(std::time::SystemTime::UNIX_EPOCH),
        last_signed: Some("0a".repeat(32)),
        moves: 0,
    };
    let dir = tempfile::tempdir().unwrap();
    let check = |name: &str, text: String| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let out = gamester(&["check", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{name}");
        stdout(&out)
    };
    // Given a game at tables left by Black, a game of Draw left by the second place, and
    // Ketch-Dolt left by the second player, each under way
    let loaded = gamester_core::save::from_str(include_str!("../../data/irish_short.ron")).unwrap();
    let mut tables = gamester_core::save::SaveFile::from_game(&loaded.game, &loaded.table);
    tables.abandonment = Some(left(1));
    let mut tiles = gamester_rules::tiles::Game::new(gamester_rules::tiles::Rules::preset(
        gamester_rules::tiles::Preset::Draw,
    ))
    .unwrap();
    tiles
        .apply(gamester_rules::tiles::Action::Deal(
            gamester_rules::tiles::Deck::shuffled(3),
        ))
        .unwrap();
    let people = [
        gamester_core::players::Controller::Person,
        gamester_core::players::Controller::Person,
    ];
    let mut tiles = gamester_core::save::tiles::TilesFile::of(&tiles, &people, &[2, 1]);
    tiles.abandonment = Some(left(1));
    let ketch = gamester_rules::pastimes::Game::new(gamester_rules::pastimes::Rules::preset(
        gamester_rules::pastimes::Preset::KetchDolt,
    ))
    .unwrap();
    let mut ketch = gamester_core::save::pastimes::PastimesFile::of(&ketch, &people);
    ketch.abandonment = Some(left(1));
    // When each is checked, Then each says it was left, who lost, and counts it
    assert_eq!(
        check(
            "tables.ron",
            gamester_core::save::to_string(&tables).unwrap()
        ),
        "ok irish, 5 turns played, abandoned: Black loses 1, score White 1 Black 0\n"
    );
    let said = check("tiles.ron", tiles.to_ron().unwrap());
    assert!(
        said.contains(", abandoned: side 2 loses, ") && said.ends_with(", games 3-1\n"),
        "{said}"
    );
    assert_eq!(
        check("ketch.ron", ketch.to_ron().unwrap()),
        "ok pastime ketch-dolt for 2, 0 actions, abandoned: won by player 1, lost by player 2\n"
    );
}

#[test]
fn check_refuses_a_broken_file_with_exit_code_2() {
    // Given a saved game whose first play moves a man White does not have
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.ron");
    let text = include_str!("../../data/irish_short.ron").replacen(
        "step(from: 13, die: 6)",
        "step(from: 20, die: 6)",
        1,
    );
    std::fs::write(&path, text).unwrap();
    // When it is checked
    let out = gamester(&["check", path.to_str().unwrap()]);
    // Then one line names the file, the turn and the reason; the exit code is 2
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("broken.ron") && err.contains("turn 1, action 3"),
        "{err}"
    );
    assert_eq!(gamester(&["check"]).status.code(), Some(2));
}

#[test]
fn a_word_that_is_neither_a_command_nor_a_file_is_refused_without_a_window() {
    // Given a typo of a command, and a saved game that is not there
    for word in ["analyze", "no-such-game.ron"] {
        // When it is given to gamester
        let out = gamester(&[word]);
        // Then it is refused with exit code 2, naming the word and the commands, before any
        // window is tried (the message says so, not that a window failed)
        assert_eq!(out.status.code(), Some(2), "{word}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("{word:?} is neither a command")),
            "{err}"
        );
        assert!(err.contains("plays, presets, check"), "{err}");
        assert!(!err.contains("window"), "{err}");
    }
}

/// Runs gamester with its standard output going to `stdout`.
fn gamester_into(args: &[&str], stdout: std::process::Stdio) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamester"))
        .args(args)
        .stdout(stdout)
        .stderr(std::process::Stdio::piped())
        .output()
        .expect("run gamester")
}

fn example(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn output_that_cannot_be_written_is_one_line_on_stderr_and_exit_code_2() {
    let irish = example("irish_short.ron");
    let cases: &[&[&str]] = &[
        &["presets"],
        &["check", &irish],
        &[
            "plays",
            "--preset",
            "modern",
            "--position",
            "4HPwATDgc/ABMA",
            "--dice",
            "3,1",
        ],
        &["--help"],
    ];
    for args in cases {
        // Given a standard output on a full disk
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        // When a command prints to it
        let out = gamester_into(args, full.into());
        // Then it says so in one line on stderr and exits with 2, without a panic
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(err.contains("cannot write"), "{args:?}: {err}");
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let irish = example("irish_short.ron");
    let cases: &[&[&str]] = &[&["presets"], &["check", &irish], &["--help"]];
    for args in cases {
        // Given a reader that goes away before gamester writes (as `| head -1` does)
        let mut child = Command::new(env!("CARGO_BIN_EXE_gamester"))
            .args(*args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run gamester");
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        // Then gamester ends without a word and without a panic
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

#[test]
fn extra_arguments_are_refused() {
    let irish = example("irish_short.ron");
    let cases: &[&[&str]] = &[
        &["presets", "modern"],
        &["presets", "--preset", "modern"],
        &["bench", "movegen", "--seconds", "1"],
        &["bench", "draw", "500"],
        &["bench"],
        &["bench", "nothing"],
        &["check", &irish, &irish],
        &[
            "plays",
            "--preset",
            "modern",
            "--position",
            "4HPwATDgc/ABMA",
            "--dice",
            "3,1",
            "8/5",
        ],
    ];
    for args in cases {
        // When a command is given an argument it does not take
        let out = gamester(args);
        // Then it is refused in one line, exit code 2, before any work
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // And two saved games to open are refused before any window is tried
    let out = gamester(&[&irish, &irish]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("one saved game at a time"), "{err}");
}

#[test]
fn a_newline_in_an_argument_cannot_split_the_error() {
    let cases: &[&[&str]] = &[
        &["presets", "a\nb"],
        &["plays", "--preset", "irish", "--bogus\nline"],
        &["plays", "--preset", "irish\nmodern"],
        &["plays", "--preset", "irish", "--set", "bear_off=exact\nfoo"],
        &["plays", "--preset", "irish", "--dice", "3\nx"],
        &["check", "no\nsuch.ron"],
        &["bench", "move\ngen"],
    ];
    for args in cases {
        let out = gamester(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("\\n"), "{args:?}: {err}");
    }
}

#[test]
fn a_custom_layout_without_fifteen_men_a_side_is_refused() {
    // Given a Position ID with sixteen White men (8 on each of two points)
    let sixteen = "layout=custom:4P8HAADw7x8AAA";
    let players = ["--white", "random", "--black", "random"];
    let throw = ["--position", "4HPwATDgc/ABMA", "--dice", "3,1"];
    for (command, own) in [("selfplay", players), ("plays", throw), ("best", throw)] {
        // When it is the layout of a command
        let args = [&[command, "--preset", "irish", "--set", sixteen][..], &own].concat();
        let out = gamester(&args);
        // Then it is refused as a saved game's setup is: by the count of men
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("White has 16 men"), "{err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn bench_movegen_times_a_file_of_positions_and_refuses_a_bad_one() {
    let dir = tempfile::tempdir().unwrap();
    // Given a file with the starting position, and one with a line that is no Position ID
    let good = dir.path().join("good.txt");
    std::fs::write(&good, "# the start\n4HPwATDgc/ABMA\n").unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "4HPwATDgc/ABMA\nnot-an-id\n").unwrap();
    // When each is timed
    let out = gamester(&["bench", "movegen", "--positions", good.to_str().unwrap()]);
    // Then the good one reports its speed and, for one round, the plays the engine finds for
    // the 21 opening throws
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.starts_with("movegen "), "{text}");
    let opening: usize = gamester_rules::tables::Throw::all(2)
        .into_iter()
        .map(|(t, _)| {
            let rules =
                gamester_rules::tables::Rules::preset(gamester_rules::tables::Preset::Modern);
            gamester_rules::tables::legal_plays(
                &gamester_rules::tables::position_id::decode("4HPwATDgc/ABMA").unwrap(),
                t.moves(rules.dice, rules.doublets),
                gamester_rules::tables::MoveRules::from(&rules),
            )
            .len()
        })
        .sum();
    assert!(text.contains(&format!("plays {opening}\n")), "{text}");
    // And the bad one is refused in one line naming the line
    let out = gamester(&["bench", "movegen", "--positions", bad.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("line 2"), "{err}");
    assert!(out.stdout.is_empty());
}

/// Issue 58's case, as a save: White throws 6-4 and may hit Black's lone man or bring two men
/// into Black's eleventh point; he claims the hit. By Cotton he loses two, and `check` says so;
/// naming the other reading in the save gives White his single game.
#[test]
fn check_says_a_hit_taken_when_going_in_was_open_loses_two_by_cotton() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/ticktack_hit_over_going_in.ron"
    );
    let out = gamester(&["check", path]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "ok custom, 0 turns played, over: Black won 2 stakes, score White 0 Black 2\n"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let other = text.replacen(
        "    touch_and_take: true,\n",
        "    touch_and_take: true,\n    going_in_open: hit_scores,\n",
        1,
    );
    assert_ne!(other, text);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("other reading.ron");
    std::fs::write(&file, other).unwrap();
    let out = gamester(&["check", file.to_str().unwrap()]);
    assert_eq!(
        stdout(&out),
        "ok custom, 0 turns played, over: White won 1 stake, score White 1 Black 0\n"
    );
}

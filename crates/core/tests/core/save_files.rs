//! Saved games in files: the example files of `tests/data` load and say what they hold; the
//! window's steps (write, load, replay, take over) work; and a corpus of broken files is each
//! refused with its own reason.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::Path;

use gamester_core::ai::random::RandomPlayer;
use gamester_core::level::Level;
use gamester_core::players::{Colour, Controller, Player, Seat, Seats};
use gamester_core::save::{self, SaveError, SaveFile, SavedAction};
use gamester_rules::tables::{
    Action, Event, Game, Phase, PositionError, Preset, RuleError, Rules, Side, Step, Tally,
};

fn data(name: &str) -> String {
    fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/data")
            .join(name),
    )
    .unwrap_or_else(|e| panic!("tests/data/{name}: {e}"))
}

fn refused(text: &str) -> SaveError {
    match save::from_str(text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e,
    }
}

fn double_hand_table() -> Seats {
    let player = |name: &str, controller| Player {
        name: name.into(),
        controller,
    };
    Seats {
        white: Seat {
            colour: Colour::Red,
            players: vec![
                player("Anne", Controller::Person),
                player("Bess", Controller::Person),
            ],
        },
        black: Seat {
            colour: Colour::Blue,
            players: vec![
                player("Hal", Controller::Computer(Level::Novice)),
                player("Kit", Controller::Computer(Level::Expert)),
            ],
        },
    }
}

/// Plays `seed`'s random game under `rules` until `stop` says so (or the game ends).
fn random_game(rules: Rules, seed: u64, stop: impl Fn(&Game) -> bool) -> Game {
    let mut game = Game::new(rules).unwrap();
    let mut player = RandomPlayer::seeded(seed);
    while !game.is_over() && !stop(&game) {
        player.act(&mut game).unwrap();
    }
    game
}

/// The example files of `tests/data`, as the generator below makes them.
fn examples() -> Vec<(&'static str, Game, Seats)> {
    // A short Irish game, with a step taken back in the sixth turn.
    let mut short = random_game(Rules::default(), 1, |g| g.turns() >= 5);
    short
        .apply(Action::Throw(
            gamester_rules::tables::Throw::two(6, 4).unwrap(),
        ))
        .unwrap();
    let first = short.allowed_steps()[0];
    short.apply(Action::Step(first)).unwrap();
    short.apply(Action::Undo).unwrap();
    // Irish where a bound table is broken, stopped at the play after the break.
    let broken = random_game(Rules::default(), 5170, |g| {
        g.record().iter().any(|a| matches!(a, Action::Break(_)))
            && g.record().last() == Some(&Action::Confirm)
    });
    let double_hand = random_game(Rules::preset(Preset::DoubleHandIrish), 7, |g| {
        g.turns() >= 6
    });
    let finished = random_game(Rules::default(), 2649, |_| false);
    let mut cube_rules = Rules::preset(Preset::BackgammonIncompleat);
    cube_rules.cube = true;
    let dropped = random_game(cube_rules, 193, |_| false);
    vec![
        (
            "irish_short.ron",
            short,
            Seats::against_computer(Level::Fair),
        ),
        ("broken_table.ron", broken, Seats::two_people()),
        ("double_hand.ron", double_hand, double_hand_table()),
        ("finished.ron", finished, Seats::two_people()),
        (
            "cube_dropped.ron",
            dropped,
            Seats::against_computer(Level::Expert),
        ),
    ]
}

/// Writes the example files: `cargo test -p gamester-core --test core -- --ignored write_the_examples`.
#[test]
#[ignore = "writes tests/data; run by hand when the examples change"]
fn write_the_examples() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data");
    for (name, game, table) in examples() {
        save::write_atomic(&dir.join(name), &SaveFile::from_game(&game, &table)).unwrap();
    }
}

#[test]
fn the_examples_are_what_the_generator_made() {
    // Given the games the example files were made from
    for (name, game, table) in examples() {
        // When their files are loaded
        let loaded = save::from_str(&data(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        // Then they are those games, at those tables
        assert_eq!(loaded.game, game, "{name}");
        assert_eq!(loaded.table, table, "{name}");
    }
}

#[test]
fn the_short_example_keeps_the_step_taken_back() {
    let loaded = save::from_str(&data("irish_short.ron")).unwrap();
    let record = loaded.replay.record();
    assert!(matches!(record[record.len() - 2], Action::Step(_)));
    assert_eq!(record[record.len() - 1], Action::Undo);
    assert_eq!(loaded.game.phase(), Phase::Playing);
    assert!(loaded.game.steps_played().is_empty());
    assert_eq!(loaded.game.turns(), 5);
}

#[test]
fn the_broken_table_example_breaks_a_point() {
    let loaded = save::from_str(&data("broken_table.ron")).unwrap();
    let record = loaded.replay.record();
    let at = record
        .iter()
        .position(|a| matches!(a, Action::Break(_)))
        .unwrap();
    assert!(matches!(record[at - 1], Action::BreakThrowOff { .. }));
    // Replaying the break itself tells of men taken from the table
    let mut game = loaded.replay.game_at(at);
    let events = game.apply(record[at]).unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TableBroken { .. }))
    );
}

#[test]
fn the_double_hand_example_chooses_throws() {
    let loaded = save::from_str(&data("double_hand.ron")).unwrap();
    assert_eq!(loaded.game.rules(), &Rules::preset(Preset::DoubleHandIrish));
    assert_eq!(loaded.table.white.players.len(), 2);
    assert!(
        loaded
            .replay
            .record()
            .iter()
            .any(|a| matches!(a, Action::ChooseThrow(_)))
    );
}

#[test]
fn the_finished_examples_are_over_and_counted() {
    let finished = save::from_str(&data("finished.ron")).unwrap();
    let outcome = finished.game.outcome().unwrap();
    assert_eq!(finished.game.tally().games, 1);
    assert_eq!(finished.game.tally().stakes(outcome.winner.unwrap()), 1);
    let dropped = save::from_str(&data("cube_dropped.ron")).unwrap();
    assert_eq!(dropped.replay.record().last(), Some(&Action::Drop));
    assert!(dropped.game.is_over());
}

#[test]
fn a_game_written_to_disk_loads_again_and_the_old_file_is_replaced() {
    // Given a game saved once, then played on and saved again to the same path
    let dir = tempfile::tempdir().unwrap();
    let path = dir
        .path()
        .join("folder that does not exist yet")
        .join("game.ron");
    let table = Seats::against_computer(Level::Novice);
    let mut game = random_game(Rules::default(), 5, |g| g.turns() >= 3);
    save::write_atomic(&path, &SaveFile::from_game(&game, &table)).unwrap();
    RandomPlayer::seeded(6).play_out(&mut game, 20).unwrap();
    save::write_atomic(&path, &SaveFile::from_game(&game, &table)).unwrap();
    // When it is loaded
    let loaded = save::load(&path).unwrap();
    // Then it is the game as last saved, and only the file is in the folder
    assert_eq!(loaded.game, game);
    assert_eq!(fs::read_dir(path.parent().unwrap()).unwrap().count(), 1);
}

#[test]
fn a_write_that_cannot_happen_names_the_file_and_leaves_the_old_one() {
    // Given a saved game, and a path whose folder is in fact a file
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("game.ron");
    let game = Game::new(Rules::default()).unwrap();
    let file = SaveFile::from_game(&game, &Seats::two_people());
    save::write_atomic(&old, &file).unwrap();
    let before = fs::read(&old).unwrap();
    let impossible = old.join("inside.ron");
    // When saving there
    let err = save::write_atomic(&impossible, &file).unwrap_err();
    // Then the error names the path, and the old file is untouched
    assert_eq!(err.path(), Some(impossible.as_path()));
    assert!(matches!(err.reason(), SaveError::Write(_)));
    assert_eq!(fs::read(&old).unwrap(), before);
}

#[test]
fn replay_steps_turn_by_turn_and_play_can_be_taken_over() {
    // Given a loaded game of several turns
    let loaded = save::from_str(&data("finished.ron")).unwrap();
    let replay = &loaded.replay;
    let ends = replay.turn_ends();
    // Then each turn end is where a play was lifted, a throw forfeit, or the game ended
    assert_eq!(ends.len() as u32, loaded.game.turns() + 1);
    assert_eq!(ends.last(), Some(&replay.len()));
    for (i, &n) in ends.iter().enumerate() {
        let game = replay.game_at(n);
        assert_eq!(game.turns(), (i as u32 + 1).min(loaded.game.turns()));
        assert!(matches!(game.phase(), Phase::ToThrow | Phase::Over(_)) || n == replay.len());
    }
    // And stepping back and forth moves between turn ends
    let third = ends[2];
    assert_eq!(replay.turn_before(third), ends[1]);
    assert_eq!(replay.turn_after(ends[1]), third);
    assert_eq!(replay.turn_after(third - 1), third);
    assert_eq!(replay.turn_before(1), 0);
    assert_eq!(replay.game_at(0), Game::new(Rules::default()).unwrap());
    assert_eq!(replay.game_at(usize::MAX), loaded.game);
    // When play is taken over after the third turn
    let mut game = replay.game_at(third);
    let mut player = RandomPlayer::seeded(99);
    player.play_out(&mut game, 10_000).unwrap();
    // Then the new game goes its own way, from the same first three turns
    assert_eq!(&game.record()[..third], &replay.record()[..third]);
    assert!(game.is_over());
    // And the free function agrees
    let again =
        save::replay_to(Rules::default(), Tally::default(), replay.record(), third).unwrap();
    assert_eq!(again, replay.game_at(third));
}

// ---- The corpus of broken files -----------------------------------------------------------

fn short() -> String {
    data("irish_short.ron")
}

#[test]
fn an_empty_file_is_refused() {
    assert!(matches!(refused(""), SaveError::Empty));
    assert!(matches!(refused(" \n\t\n"), SaveError::Empty));
}

#[test]
fn text_that_is_not_ron_is_refused_with_its_line_and_column() {
    // Given a file whose third line has a stray semicolon
    let mut lines: Vec<String> = short().lines().map(String::from).collect();
    lines[2].push(';');
    let text = lines.join("\n");
    // Then the error says where
    match refused(&text) {
        SaveError::Syntax { line, column, .. } => {
            assert_eq!(line, 3);
            assert_eq!(column, lines[2].len());
        }
        other => panic!("{other}"),
    }
    assert!(matches!(
        refused("Irish, by Willughby"),
        SaveError::Syntax { line: 1, .. }
    ));
}

#[test]
fn every_truncation_is_refused() {
    let text = short();
    let end = text.rfind(')').unwrap();
    for k in (0..end).filter(|&k| text.is_char_boundary(k)) {
        match refused(&text[..k]) {
            SaveError::Syntax { message, .. } => {
                assert!(message.contains("cut short"), "truncated at {k}: {message}");
            }
            SaveError::Empty if k == 0 => {}
            other => panic!("truncated at {k}: {other}"),
        }
    }
}

#[test]
fn a_newer_or_unknown_format_is_refused() {
    let text = short();
    let newer = text.replacen("format: 1,", "format: 2,", 1);
    let err = refused(&newer);
    assert!(matches!(err, SaveError::NewerFormat { found: 2 }));
    assert!(err.to_string().contains("newer Gamester"));
    // A newer file is recognised even when the rest is not this version's format
    let future = "(format: 7, board: \"something new\", moves: [[1, 2], [3, 4]])";
    assert!(matches!(
        refused(future),
        SaveError::NewerFormat { found: 7 }
    ));
    let zero = text.replacen("format: 1,", "format: 0,", 1);
    assert!(matches!(refused(&zero), SaveError::UnknownFormat(0)));
}

/// The short example with its `n`-th record line (counted from 1) replaced by `line`.
fn with_action(n: usize, line: &str) -> String {
    let text = short();
    let start = text.find("record: [").unwrap();
    let mut out: Vec<String> = text.lines().map(String::from).collect();
    let first = text[..start].lines().count();
    out[first + n - 1] = format!("    {line},");
    out.join("\n")
}

#[test]
fn an_illegal_play_in_the_record_names_its_turn_and_the_rule() {
    // Given the record's first play (turn 1) moved from a point where White has no man
    let text = with_action(3, "step(from: 20, die: 6)");
    // Then the file is refused at turn 1, action 3, with the engine's reason
    match refused(&text) {
        SaveError::Illegal {
            turn,
            number,
            action,
            reason,
        } => {
            assert_eq!((turn, number), (1, 3));
            assert_eq!(action, "step(from:20,die:6)");
            assert!(matches!(reason, RuleError::StepNotAllowed(_)), "{reason}");
        }
        other => panic!("{other}"),
    }
}

#[test]
fn an_action_out_of_its_time_is_refused() {
    // Given a second throw-off where the first throw is due
    let err = refused(&with_action(2, "throw_off(white: 3, black: 4)"));
    assert!(matches!(
        err,
        SaveError::Illegal {
            turn: 1,
            number: 2,
            reason: RuleError::NotNow { .. },
            ..
        }
    ));
    assert!(err.to_string().contains("is to throw"), "{err}");
}

#[test]
fn later_turns_are_counted_as_people_count() {
    // Given the sixth turn's throw made of three dice in a game of two
    let text = short();
    let loaded = save::from_str(&text).unwrap();
    let sixth = loaded.replay.turn_ends()[4] + 1;
    let err = refused(&with_action(sixth, "throw([6, 4, 1])"));
    assert!(
        matches!(
            err,
            SaveError::Illegal {
                turn: 6,
                reason: RuleError::WrongDiceCount {
                    expected: 2,
                    got: 3
                },
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn a_die_of_seven_is_refused_wherever_it_is() {
    for line in [
        "throw([7, 2])",
        "step(from: 13, die: 7)",
        "throw_off(white: 7, black: 1)",
    ] {
        let n = if line.starts_with("throw_off") { 1 } else { 2 };
        let n = if line.starts_with("step") { 3 } else { n };
        match refused(&with_action(n, line)) {
            SaveError::BadDie {
                face: 7, number, ..
            } => assert_eq!(number, n),
            other => panic!("{line}: {other}"),
        }
    }
    let text = with_action(1, "break_throw_off(white: (1, 2), black: (0, 3))");
    assert!(matches!(refused(&text), SaveError::BadDie { face: 0, .. }));
}

#[test]
fn things_that_are_not_actions_are_refused() {
    for line in ["step(from: 30, die: 3)", "throw([6, 5, 4, 3])", "throw([])"] {
        let err = refused(&with_action(3, line));
        assert!(
            matches!(err, SaveError::NotAnAction { number: 3, .. }),
            "{line}: {err}"
        );
    }
}

#[test]
fn sixteen_men_are_refused() {
    // Given a starting setup where White has a sixteenth man on his ace point
    let text = short().replacen("white: (points: (0,", "white: (points: (1,", 1);
    assert_ne!(text, short(), "the example's layout changed");
    assert!(matches!(
        refused(&text),
        SaveError::Setup(PositionError::WrongMenCount {
            side: Side::White,
            count: 16
        })
    ));
    // And a custom layout of sixteen men is refused the same way
    let mut rules = Rules::default();
    let mut setup = gamester_rules::tables::Position::default().to_setup(Side::White);
    setup.black.points[5] += 1;
    rules.layout = gamester_rules::tables::Layout::Custom(setup.clone());
    let game = Game::new(Rules::default()).unwrap();
    let mut file = SaveFile::from_game(&game, &Seats::two_people());
    file.rules = rules;
    file.start = setup;
    assert!(matches!(
        save::replay_file(file),
        Err(SaveError::Setup(PositionError::WrongMenCount {
            count: 16,
            ..
        }))
    ));
}

#[test]
fn a_start_that_is_not_the_layout_is_refused() {
    let text = short().replacen("layout: willughby", "layout: nard", 1);
    let refusal = refused(&text);
    assert!(matches!(refusal, SaveError::SetupNotLayout { .. }));
    // Said in a player's words, not by the option's identifier
    let said = refusal.to_string();
    assert!(said.contains("the array of Nard"), "{said}");
    assert!(
        gamester_core::teaching::plain::developer_words(&said).is_empty() && !said.contains('`'),
        "{said}"
    );
}

#[test]
fn absurd_numbers_are_refused() {
    let text = short();
    // Too big for their type: a parse error where they stand
    for (from, to) in [
        ("format: 1,", "format: 99999999999999999999999999,"),
        ("white: (points: (0,", "white: (points: (300,"),
        ("throw_off(white: ", "throw_off(white: -"),
    ] {
        let bad = text.replacen(from, to, 1);
        assert!(matches!(refused(&bad), SaveError::Syntax { .. }), "{to}");
    }
    // Fitting their type but not believable: a tally that would overflow
    for (from, to) in [
        ("games: 0", "games: 4294967295"),
        (
            "white: 0,\n    black: 0,\n    games",
            "white: 4000000000,\n    black: 0,\n    games",
        ),
        ("draws: 0", "draws: 1"),
    ] {
        let bad = text.replacen(from, to, 1);
        assert_ne!(bad, text, "{from}");
        assert!(matches!(refused(&bad), SaveError::Tally(_)), "{to}");
    }
    // In the record: points and choices out of range
    assert!(matches!(
        refused(&with_action(2, "break(200)")),
        SaveError::Illegal { .. }
    ));
}

#[test]
fn deep_nesting_is_refused_without_exhausting_the_stack() {
    let deep =
        |open: &str, close: &str| format!("{}{}", open.repeat(100_000), close.repeat(100_000));
    let cases = [
        format!("(format: 1, extra: {})", deep("[", "]")),
        format!("(format: 2, extra: {})", deep("(", ")")),
        format!("(format: 1, rules: {})", deep("(", ")")),
        format!("(format: 1, record: [{}])", deep("[", "]")),
        format!("(format: 1, table: (white: {}))", deep("Some(", ")")),
        deep("[", "]"),
    ];
    for text in cases {
        let err = refused(&text);
        assert!(
            matches!(err, SaveError::Syntax { .. }),
            "{}…: {err}",
            &text[..30]
        );
    }
    // The guard is the parser's recursion limit, set by the loader
    let limited = ron::Options::default().with_recursion_limit(save::RECURSION_LIMIT);
    let err = limited.from_str::<ron::Value>(&deep("[", "]")).unwrap_err();
    assert_eq!(err.code, ron::Error::ExceededRecursionLimit);
}

#[test]
fn a_file_too_large_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.ron");
    let file = fs::File::create(&path).unwrap();
    file.set_len(5 << 20).unwrap();
    let err = save::load(&path).unwrap_err();
    assert!(matches!(err.reason(), SaveError::TooLarge { size, .. } if *size == 5 << 20));
    assert_eq!(err.path(), Some(path.as_path()));
    let text = " ".repeat(save::MAX_FILE_BYTES as usize + 1);
    assert!(matches!(refused(&text), SaveError::TooLarge { .. }));
}

#[test]
fn bytes_that_are_not_text_are_refused_with_their_place() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("binary.ron");
    fs::write(&path, b"(\n  format: 1,\n  ru\xff\xfeles").unwrap();
    let err = save::load(&path).unwrap_err();
    assert!(
        matches!(err.reason(), SaveError::NotText { line: 3, column: 5 }),
        "{err}"
    );
    let missing = save::load(&dir.path().join("no such game.ron")).unwrap_err();
    assert!(matches!(missing.reason(), SaveError::Read(_)));
    assert!(missing.to_string().contains("no such game.ron"));
}

#[test]
fn a_table_that_cannot_be_is_refused() {
    let text = short();
    let same = text.replacen("colour: black", "colour: white", 1);
    assert!(matches!(refused(&same), SaveError::Players(_)));
    let game = Game::new(Rules::default()).unwrap();
    let mut file = SaveFile::from_game(&game, &Seats::two_people());
    file.table.black.players.clear();
    assert!(matches!(
        save::replay_file(file),
        Err(SaveError::Players(_))
    ));
}

#[test]
fn unknown_fields_and_values_are_refused_with_their_place() {
    let text = short().replacen("cube: false", "cube: sometimes", 1);
    assert!(matches!(refused(&text), SaveError::Syntax { .. }));
    let text = short().replacen("tally_before", "tally_after", 1);
    let err = refused(&text);
    assert!(matches!(err, SaveError::Syntax { .. }));
    assert!(err.to_string().contains("tally_after"), "{err}");
}

#[test]
fn saved_actions_read_back_as_the_same_actions() {
    let step = Step::new(25, 3).unwrap();
    let saved = SavedAction::from(Action::Step(step));
    assert_eq!(saved.to_ron(), "step(from:25,die:3)");
    assert_eq!(
        ron::from_str::<SavedAction>("step(from: 25, die: 3)").unwrap(),
        saved
    );
}

#[test]
fn a_game_in_play_can_be_stepped_through() {
    // Given a game played on from a session's tally, and finished
    let mut game = Game::with_tally(
        Rules::default(),
        Tally {
            white: 3,
            black: 2,
            games: 5,
            draws: 0,
            ..Tally::default()
        },
    )
    .unwrap();
    RandomPlayer::seeded(8).play_out(&mut game, 10_000).unwrap();
    // When its replay is taken
    let replay = save::GameRecord::of_game(&game).unwrap();
    // Then it begins from the tally before the game and ends at the game
    assert_eq!(replay.tally_before().games, 5);
    assert_eq!(replay.game_at(0).tally().games, 5);
    assert_eq!(replay.game_at(replay.len()), game);
}

#[test]
fn partners_are_refused_out_of_double_hand() {
    // Given the Double-hand example, read well
    let text = data("double_hand.ron");
    assert!(save::from_str(&text).is_ok());
    // When its rules are plain Irish (two players, one a side), its partners are refused
    let plain = text.replacen("players: double_hand,", "players: two,", 1);
    assert_ne!(plain, text);
    let e = refused(&plain).to_string();
    assert!(e.contains("only Double-hand has partners"), "{e}");
}

#[test]
fn names_that_turn_the_text_around_or_break_the_line_are_refused() {
    let text = data("irish_short.ron");
    for c in ['\u{202E}', '\u{2028}', '\u{2029}', '\u{200F}', '\u{FEFF}'] {
        // A name that would show "You" as "uoY" and turn the status line around
        let named = text.replacen("\"You\"", &format!("\"{c}You\""), 1);
        assert_ne!(named, text);
        let e = refused(&named).to_string();
        assert!(e.contains("invisible character"), "{c:?}: {e}");
    }
    // The joiners some scripts need are names' own
    let joined = text.replacen("\"You\"", "\"Y\u{200D}ou\"", 1);
    assert!(save::from_str(&joined).is_ok());
}

/// Issue 58, the audit's case: a Tick-tack save written before the rules named
/// `going_in_open` reads it as Cotton's, and White's hit claimed when his throw let him go in
/// loses two to Black.
#[test]
fn a_tick_tack_save_without_the_reading_of_the_hit_plays_cottons() {
    use gamester_rules::tables::{EndReason, GoingInOpen, Score};
    // Given the save, which does not name the option
    let text = data("ticktack_hit_over_going_in.ron");
    assert!(!text.contains("going_in_open"));
    let loaded = save::from_str(&text).unwrap();
    // Then the rules are Cotton's, and Black has won two by the going in White missed
    assert_eq!(loaded.game.rules().going_in_open, GoingInOpen::HitLosesTwo);
    let outcome = loaded.game.outcome().expect("the game is over");
    assert_eq!((outcome.winner, outcome.stake), (Some(Side::Black), 2));
    assert_eq!(outcome.reason, EndReason::Scored(Score::MissedGoingIn));
    // While the same save naming the other reading gives White his single game
    let other = text.replacen(
        "    touch_and_take: true,\n",
        "    touch_and_take: true,\n    going_in_open: hit_scores,\n",
        1,
    );
    assert_ne!(other, text);
    let loaded = save::from_str(&other).unwrap();
    let outcome = loaded.game.outcome().expect("the game is over");
    assert_eq!((outcome.winner, outcome.stake), (Some(Side::White), 1));
}

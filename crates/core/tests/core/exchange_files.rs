//! What match files of the backgammon world hold that Gamester misread or refused (issue 44):
//! a byte-order mark, eXtreme Gammon's `; [Crawford "Off"]`, a beaver, a `Wins` or `Doubles`
//! value that the game contradicts, Latin-1 names, names with a colon; the game's number in
//! its match; a game after the Crawford game written alone; and a file read as a whole match
//! whose games replay one by one.

use gamester_core::ai::random::RandomPlayer;
use gamester_core::exchange::{self, Format, mat, sgf};
use gamester_core::players::Seats;
use gamester_core::save::{self, GameRecord, SaveFile};
use gamester_rules::tables::{Action, Crawford, EndReason, Game, Preset, Rules, Side, Tally};

const MATCH3: &str = include_str!("../../../../tests/data/gnubg_match3.mat");
const MATCH5: &str = include_str!("../../../../tests/data/gnubg_match5.mat");
const MATCH5_SGF: &str = include_str!("../../../../tests/data/gnubg_match5.sgf");
/// A game after the Crawford game, written alone by Gamester as a `.mat` file, imported into
/// GNU Backgammon 1.07 and saved again (see tests/data/README.md).
const POST_CRAWFORD_SGF: &str = include_str!("../../../../tests/data/gnubg_post_crawford.sgf");

fn match_rules(length: u16) -> Rules {
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.match_to = length;
    rules
}

fn error_of(text: &str) -> String {
    exchange::import(text).unwrap_err().to_string()
}

#[test]
fn a_byte_order_mark_before_the_match_length_is_passed_over() {
    // Given gnubg's 5-point match with the mark Notepad and XG write before its text
    let marked = format!(
        "\u{feff}{}",
        &MATCH5[MATCH5.find(" 5 point match").unwrap()..]
    );
    assert!(marked.starts_with("\u{feff} 5 point match"));
    // Then it reads as the match it is, as text and as the file's bytes
    let games = mat::import(&marked).unwrap();
    assert_eq!(games.len(), 6);
    assert_eq!(exchange::import(&marked).unwrap().len(), 6);
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(MATCH5.as_bytes());
    assert_eq!(exchange::import_bytes(&bytes).unwrap().len(), 6);
}

#[test]
fn xgs_crawford_off_is_a_match_without_the_crawford_rule_both_ways() {
    // Given game 6 of gnubg's match (no double in it) at 4 to 2 in a match XG says is played
    // without the Crawford rule
    let game6 = &MATCH5[MATCH5.find(" Game 6").unwrap()..];
    let text = format!(
        "; [Crawford \"Off\"]\n\n 5 point match\n\n{}",
        game6.replacen(
            "gnubg : 3                      root : 4",
            "gnubg : 2                      root : 4",
            1
        )
    );
    let read = mat::import(&text).unwrap().remove(0);
    // Then the match is without the rule: root one away, and this is no Crawford game
    assert!(!read.game.rules().crawford);
    assert!(!read.game.is_crawford_game());
    assert_eq!(read.game.tally_before().crawford, Crawford::Ahead);
    // And a match without the rule is written so, and read back so
    let record = GameRecord::of_game(&read.game).unwrap();
    let written = mat::export(&record, &read.seats()).unwrap();
    assert!(written.starts_with("; [Crawford \"Off\"]\n"), "{written}");
    assert!(!mat::import(&written).unwrap()[0].game.rules().crawford);
    // While a match with it says nothing of it
    let with = mat::import(MATCH3).unwrap().remove(0);
    let record = GameRecord::of_game(&with.game).unwrap();
    assert!(
        !mat::export(&record, &with.seats())
            .unwrap()
            .contains("Crawford")
    );
}

#[test]
fn a_beaver_is_refused_by_name_in_either_format() {
    // Given gnubg's game 2, where root takes gnubg's double: make the take a beaver
    let beavered = MATCH5.replacen(
        " Doubles => 2                Takes",
        " Doubles => 2                Beavers",
        1,
    );
    assert_ne!(beavered, MATCH5);
    let said = error_of(&beavered);
    assert!(
        said.contains("game 2, line 3") && said.contains("beaver"),
        "{said}"
    );
    let beavered = MATCH5_SGF.replacen(";B[take]", ";B[beaver]", 1);
    assert_ne!(beavered, MATCH5_SGF);
    let said = error_of(&beavered);
    assert!(said.contains("beaver"), "{said}");
}

#[test]
fn the_points_on_a_cells_row_and_the_cubes_value_are_checked() {
    // Game 1 ends on line 12: gnubg drops and root wins 1 point, on the same line
    let row = " 12)  Drops                       Wins 1 point";
    assert!(MATCH5.contains(row));
    let wrong = MATCH5.replacen(row, " 12)  Drops                       Wins 2 points", 1);
    let said = error_of(&wrong);
    assert!(
        said.contains("game 1, line 12") && said.contains("White wins 2"),
        "{said}"
    );
    // And root's double on line 11 turns the cube from 1 to 2, not to 4
    let wrong = MATCH5.replacen(
        "52: 25/23 6/1                Doubles => 2",
        "52: 25/23 6/1                Doubles => 4",
        1,
    );
    assert_ne!(wrong, MATCH5);
    let said = error_of(&wrong);
    assert!(
        said.contains("game 1, line 11") && said.contains("to 4"),
        "{said}"
    );
}

#[test]
fn latin_1_names_are_read_as_latin_1() {
    // Given the match with gnubg renamed Jürgen in Latin-1, a byte 0xFC for the ü
    let mut bytes = Vec::new();
    for (i, part) in MATCH3.split("gnubg : ").enumerate() {
        if i > 0 {
            bytes.extend_from_slice(b"J\xFCrgen : ");
        }
        bytes.extend_from_slice(part.as_bytes());
    }
    assert!(std::str::from_utf8(&bytes).is_err());
    let games = exchange::import_bytes(&bytes).unwrap();
    assert_eq!(games[0].names[0], "Jürgen");
    // UTF-8 stays UTF-8
    let utf8 = MATCH3.replace("gnubg : ", "Jürgen : ");
    assert_eq!(
        exchange::import_bytes(utf8.as_bytes()).unwrap()[0].names[0],
        "Jürgen"
    );
}

#[test]
fn a_name_with_a_colon_is_written_so_that_the_names_line_still_reads() {
    let game = Game::new(match_rules(3)).unwrap();
    let mut seats = Seats::two_people();
    seats.seat_mut(Side::Black).players[0].name = "Ann : the first".into();
    let record = GameRecord::of_game(&game).unwrap();
    for format in [Format::Mat, Format::Sgf] {
        let text = exchange::export(&record, &seats, format).unwrap();
        let back = exchange::import(&text).unwrap().remove(0);
        assert_eq!(
            back.names[0].split_whitespace().collect::<Vec<_>>(),
            ["Ann", "the", "first"]
        );
        assert_eq!(back.names[1], "White");
    }
}

/// A game of a 5-point match from `tally`, played at random from `seed` to its end.
fn match_game(tally: Tally, seed: u64) -> Game {
    let mut game = Game::with_tally(match_rules(5), tally).unwrap();
    RandomPlayer::seeded(seed)
        .play_out(&mut game, 20_000)
        .unwrap();
    game
}

#[test]
fn a_game_keeps_its_number_in_the_match_both_ways() {
    // Given game 5 of a match (four before it), at 2 to 1
    let tally = Tally {
        black: 2,
        white: 1,
        games: 4,
        ..Tally::default()
    };
    let game = match_game(tally, 3);
    let record = GameRecord::of_game(&game).unwrap();
    let seats = Seats::two_people();
    let text = mat::export(&record, &seats).unwrap();
    assert!(text.contains("\n Game 5\n"), "{text}");
    let text_sgf = sgf::export(&record, &seats).unwrap();
    assert!(text_sgf.contains("[game:4]"), "{text_sgf}");
    // Then read back, it is game 5 again
    for text in [text, text_sgf] {
        let back = exchange::import(&text).unwrap().remove(0).game;
        assert_eq!(back.tally_before().games, 4);
        assert_eq!(back.position(), game.position());
        assert_eq!(back.outcome(), game.outcome());
    }
}

#[test]
fn a_game_after_the_crawford_game_written_alone_is_not_read_as_the_crawford_game() {
    // Given a game after the Crawford game at 4 to 2 in a 5-point match, with a double in it
    let tally = Tally {
        black: 4,
        white: 2,
        games: 6,
        crawford: Crawford::Played,
        ..Tally::default()
    };
    let game = (0..200)
        .map(|seed| match_game(tally, seed))
        .find(|g| g.record().contains(&Action::Double))
        .unwrap();
    assert!(!game.is_crawford_game());
    let record = GameRecord::of_game(&game).unwrap();
    let seats = Seats::two_people();
    // When it is written alone as a .mat file
    let text = mat::export(&record, &seats).unwrap();
    if let Ok(path) = std::env::var("WRITE_POST_CRAWFORD") {
        std::fs::write(path, &text).unwrap();
    }
    // Then the Crawford game's mark comes first: an empty game 6 at that score, which tells
    // gnubg (and any reader that takes the first game at 4 to 2 for the Crawford game) that
    // game 7 comes after it
    assert!(
        text.starts_with(
            " 5 point match\n\n Game 6\n Black : 4                     White : 2\n\n Game 7\n"
        ),
        "{text}"
    );
    // And Gamester reads it back as the one game it is, after the Crawford game
    let back = mat::import(&text).unwrap();
    assert_eq!(back.len(), 1);
    assert!(!back[0].game.is_crawford_game());
    assert_eq!(back[0].game.tally_before(), tally);
    assert_eq!(back[0].game.position(), game.position());
    assert_eq!(back[0].game.outcome(), game.outcome());
    // So does gnubg's own copy of such a file (imported and saved by gnubg): the mark is an
    // empty Crawford game, and the game after it is not the Crawford game
    assert!(POST_CRAWFORD_SGF.contains("RU[Crawford:CrawfordGame]"));
    let back = sgf::import(POST_CRAWFORD_SGF).unwrap();
    assert_eq!(back.len(), 1);
    assert!(!back[0].game.is_crawford_game());
    assert!(back[0].game.is_over());
    assert_eq!(back[0].game.tally_before().crawford, Crawford::Played);
    // An .sgf file says it in its rules, and needs no mark
    let text = sgf::export(&record, &seats).unwrap();
    assert!(text.contains("RU[Crawford]") && !text.contains("CrawfordGame"));
    assert_eq!(text.matches("(;").count(), 1);
}

#[test]
fn a_whole_match_file_becomes_a_save_whose_games_replay_one_by_one() {
    // Given gnubg's 3-point match: two games, then a third gnubg ended by a resignation
    let games = mat::import(MATCH3).unwrap();
    let (earlier, last) = exchange::as_match(games.clone(), 3).unwrap();
    assert_eq!(earlier.len(), 2);
    // When it is saved as a match, the earlier games with it
    let file = SaveFile::from_match(&last.game, &last.seats(), &earlier);
    let loaded = save::from_str(&save::to_string(&file).unwrap()).unwrap();
    // Then each earlier game replays to its end from the score it began at
    assert_eq!(loaded.earlier_unread, None);
    assert_eq!(loaded.earlier.len(), 2);
    for (i, record) in loaded.earlier.iter().enumerate() {
        assert!(record.record() == games[i].game.record());
        assert_eq!(record.tally_before(), games[i].game.tally_before());
        assert!(record.game_at(record.len()).is_over());
    }
    assert_eq!(loaded.game.tally_before(), games[2].game.tally_before());
    assert!(loaded.game.is_crawford_game());
    // the last ended as gnubg ended it: root resigned a gammon
    assert_eq!(loaded.game.outcome(), games[2].game.outcome());
    assert_eq!(loaded.game.outcome().unwrap().reason, EndReason::Resigned);
    // And written again, the file holds the three games, numbered 1 to 3, with their scores
    let mut all = loaded.earlier.clone();
    all.push(loaded.replay.clone());
    let text = exchange::export_games(&all, &loaded.table, Format::Mat).unwrap();
    for (n, score) in [(1, " gnubg : 0"), (2, " gnubg : 1"), (3, " gnubg : 2")] {
        assert!(text.contains(&format!(" Game {n}\n{score}")), "{text}");
    }
    // Asked for game 2, the file gives game 1 before it; for game 4, nothing
    let (earlier, second) = exchange::as_match(games.clone(), 2).unwrap();
    assert_eq!(earlier.len(), 1);
    assert!(second.game.record() == games[1].game.record());
    assert!(exchange::as_match(games, 4).is_none());
}

const RESIGNED_AFTER_THROW: &str =
    include_str!("../../../../tests/data/gnubg_resigned_after_throw.mat");
const RESIGNED_AFTER_THROW_SGF: &str =
    include_str!("../../../../tests/data/gnubg_resigned_after_throw.sgf");

#[test]
fn a_throw_its_player_resigned_after_is_read_as_thrown_and_written_so() {
    // Given gnubg's match where root threw 65 and resigned before playing it, in both formats
    for text in [RESIGNED_AFTER_THROW, RESIGNED_AFTER_THROW_SGF] {
        let games = exchange::import(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(games.len(), 2);
        // Then root's 65 is thrown, its play not made, and root resigns a single game, which
        // gnubg accepts (the gammon gnubg offered before and root declined is in neither file)
        let first = &games[0].game;
        assert_eq!(first.turn(), Side::White);
        assert_eq!(first.throw().map(|t| t.faces().to_vec()), Some(vec![6, 5]));
        let o = first.outcome().unwrap();
        assert_eq!(
            (o.winner, o.stake, o.reason),
            (Some(Side::Black), 1, EndReason::Resigned)
        );
        assert!(
            first
                .record()
                .ends_with(&[Action::Resign(1), Action::AcceptResignation])
        );
        // and game 2 goes on from gnubg's point, gnubg's 21 thrown
        assert_eq!(games[1].game.tally_before().black, 1);
        assert_eq!(
            games[1].game.throw().map(|t| t.faces().to_vec()),
            Some(vec![2, 1])
        );
        // And written again, the throw is written as thrown and read back so
        for format in [Format::Mat, Format::Sgf] {
            let records: Vec<GameRecord> = games
                .iter()
                .map(|g| GameRecord::of_game(&g.game).unwrap())
                .collect();
            let written = exchange::export_games(&records, &games[0].seats(), format).unwrap();
            match format {
                Format::Mat => assert!(written.contains("65: \n      Wins 1 point\n"), "{written}"),
                Format::Sgf => assert!(
                    written.contains("RE[W+1R]") && written.contains(";PL[B]DI[65])"),
                    "{written}"
                ),
            }
            let back = exchange::import(&written).unwrap();
            for (back, game) in back.iter().zip(&games) {
                assert_eq!(back.game.throw(), game.game.throw(), "{written}");
                assert_eq!(back.game.outcome(), game.game.outcome(), "{written}");
                assert!(back.game.record() == game.game.record(), "{written}");
            }
        }
    }
    // But a throw left unplayed that a play follows is refused: it could have been played
    let played_on = RESIGNED_AFTER_THROW.replacen(
        "  1) 41: 13/9 24/23              65: \n      Wins 1 point",
        "  1) 41: 13/9 24/23              65: \n  2) 21: 13/11 6/5",
        1,
    );
    assert_ne!(played_on, RESIGNED_AFTER_THROW);
    let said = error_of(&played_on);
    assert!(said.contains("65 is left unplayed"), "{said}");
}

#[test]
fn a_resignation_made_in_gamester_is_written_as_gnubg_writes_one_and_read_back() {
    // Given a game of a 7-point match: a double taken, then the side to act offers a gammon,
    // which is declined, and a single game, which is accepted
    let game = resigned_game();
    let outcome = game.outcome().unwrap();
    let points = outcome.stake;
    assert_eq!(
        (points, outcome.reason),
        (game.cube().value, EndReason::Resigned)
    );
    assert!(points >= 2);
    let winner = outcome.winner.unwrap();
    let record = GameRecord::of_game(&game).unwrap();
    let seats = Seats::two_people();
    // When it is written: the .mat as `Wins 2 points` in the winner's column, the .sgf with
    // gnubg's `R`; the declined offer in neither (gnubg keeps none)
    let mat_text = mat::export(&record, &seats).unwrap();
    assert!(
        mat_text
            .trim_end()
            .ends_with(&format!("Wins {points} points")),
        "{mat_text}"
    );
    let sgf_text = sgf::export(&record, &seats).unwrap();
    let colour = if winner == Side::Black { 'W' } else { 'B' };
    assert!(
        sgf_text.contains(&format!("RE[{colour}+{points}R]")),
        "{sgf_text}"
    );
    // Then read back, the game ends so: the loser resigned a single game with the cube turned
    for text in [mat_text, sgf_text] {
        let back = exchange::import(&text).unwrap().remove(0).game;
        assert_eq!(back.outcome(), game.outcome(), "{text}");
        assert_eq!(back.position(), game.position());
        assert!(
            back.record()
                .ends_with(&[Action::Resign(1), Action::AcceptResignation])
        );
        assert_eq!(back.tally(), game.tally());
    }
}

/// A game of a 7-point match: a double taken, then the side to act offers a gammon, which is
/// declined, and a single game, which is accepted.
pub(crate) fn resigned_game() -> Game {
    let mut game = Game::with_tally(match_rules(7), Tally::default()).unwrap();
    let mut random = RandomPlayer::seeded(11);
    let to_throw = |g: &Game| g.phase() == gamester_rules::tables::Phase::ToThrow;
    while !game.is_over() {
        if to_throw(&game) && game.cube().value == 1 && game.turns() > 6 {
            game.apply(Action::Double).unwrap();
            game.apply(Action::Take).unwrap();
        } else if to_throw(&game) && game.cube().value > 1 && game.turns() > 12 {
            game.apply(Action::Resign(2)).unwrap();
            game.apply(Action::DeclineResignation).unwrap();
            game.apply(Action::Resign(1)).unwrap();
            game.apply(Action::AcceptResignation).unwrap();
        } else {
            random.act(&mut game).unwrap();
        }
    }
    game
}

/// gnubg's 5-point match where root doubled and gnubg, instead of taking or dropping, resigned
/// a backgammon, which root accepted (see tests/data/README.md).
const RESIGNED_TO_DOUBLE: &str =
    include_str!("../../../../tests/data/gnubg_resigned_to_double.mat");
const RESIGNED_TO_DOUBLE_SGF: &str =
    include_str!("../../../../tests/data/gnubg_resigned_to_double.sgf");

#[test]
fn a_resignation_instead_of_answering_a_double_reads_as_gnubg_means_it_both_ways() {
    // Given gnubg's files of the game: the .mat says `Wins 6 points` (the cube offered), the
    // .sgf `RE[B+3R]`, and gnubg's score after it is 0 to 3
    assert!(
        RESIGNED_TO_DOUBLE
            .contains("Doubles => 2\n                                  Wins 6 points")
    );
    assert!(RESIGNED_TO_DOUBLE_SGF.contains("RE[B+3R]"));
    let mut read = Vec::new();
    for text in [RESIGNED_TO_DOUBLE, RESIGNED_TO_DOUBLE_SGF] {
        let games = exchange::import(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        // Then both read the same game: gnubg resigned a backgammon at a cube of 1, 3 points
        let first = &games[0].game;
        let o = first.outcome().unwrap();
        assert_eq!(
            (o.winner, o.stake, o.reason),
            (Some(Side::White), 3, EndReason::Resigned),
            "{text}"
        );
        assert!(first.record().ends_with(&[
            Action::Double,
            Action::Resign(3),
            Action::AcceptResignation
        ]));
        assert_eq!(games[1].game.tally_before().white, 3);
        read.push(games);
    }
    assert!(read[0][0].game.record() == read[1][0].game.record());
    // And written again as .mat, it says the points as gnubg does, and reads back the same
    let record = GameRecord::of_game(&read[0][0].game).unwrap();
    let written = mat::export(&record, &read[0][0].seats()).unwrap();
    assert!(written.trim_end().ends_with("Wins 6 points"), "{written}");
    let back = exchange::import(&written).unwrap().remove(0).game;
    assert_eq!(back.outcome(), read[0][0].game.outcome());
}

#[test]
fn a_match_length_or_a_score_too_large_is_refused_in_words_never_wrapped() {
    // A length past 2^32 is a match too long, as 26 and 99 are, not a money session
    let sgf_long = "(;GM[6]MI[length:4294967297][game:0][ws:0][bs:0])";
    assert_eq!(
        sgf::import(sgf_long).unwrap_err().to_string(),
        "a match to 4294967297 points; Gamester plays matches to 25 points at most"
    );
    let mat_long = MATCH3.replacen(" 3 point match", " 4294967297 point match", 1);
    assert_ne!(mat_long, MATCH3);
    assert_eq!(
        error_of(&mat_long),
        "a match to 4294967297 points; Gamester plays matches to 25 points at most"
    );
    // A score of 2^64 is refused, not read as 0, wherever a score is read
    let big = "18446744073709551616";
    let sgf_score = format!("(;GM[6]MI[length:0][game:0][ws:{big}][bs:0]PW[a]PB[b])");
    let said = error_of(&sgf_score);
    assert!(said.contains(&format!("a score of {big}")), "{said}");
    let sgf_result = format!("(;GM[6]MI[length:0][game:0][ws:0][bs:0]RE[W+{big}R])");
    let said = error_of(&sgf_result);
    assert!(said.contains(&format!("a score of {big}")), "{said}");
    let mat_score = MATCH3.replacen(
        "gnubg : 0                      root : 0",
        &format!("gnubg : {big}                      root : 0"),
        1,
    );
    assert_ne!(mat_score, MATCH3);
    let said = error_of(&mat_score);
    assert!(said.contains(&format!("a score of {big}")), "{said}");
    let mat_wins = MATCH3.replacen("Wins 1 point", &format!("Wins {big} points"), 1);
    assert_ne!(mat_wins, MATCH3);
    let said = error_of(&mat_wins);
    assert!(said.contains(&format!("Wins {big} points")), "{said}");
}

#[test]
fn the_players_line_is_read_with_spaces_about_the_names_and_refused_for_what_is_wrong() {
    let line = "gnubg : 0                      root : 0";
    assert!(MATCH3.contains(line));
    // Spaces about the colons and the names, or none, read the same names and scores
    for spaced in ["  gnubg  :  0     root  :  0  ", "gnubg:0 root:0"] {
        let text = MATCH3.replacen(line, spaced, 1);
        let games = mat::import(&text).unwrap_or_else(|e| panic!("{e}\n{spaced}"));
        assert_eq!(games[0].names, ["gnubg", "root"]);
    }
    // A line without the scores is refused for that, with the line and what it should say
    let text = MATCH3.replacen(line, "Ann : Lee", 1);
    let said = error_of(&text);
    assert!(
        said.contains("game 1")
            && said.contains("`Ann : Lee`")
            && said.contains("each player's name, a colon and the score"),
        "{said}"
    );
    // And a score that is no number is said to be none
    let text = MATCH3.replacen(line, "Ann : x    Lee : 0", 1);
    let said = error_of(&text);
    assert!(said.contains("`x` is not a score"), "{said}");
}

//! Matches to N points kept by the core: a match kept in a save and taken up again, its earlier
//! games in a session, written as `.mat` and `.sgf`, and the end of a match game said in points.
//! (The matches by the rules alone, the Crawford game and the Jacoby rule, are the rules' tests:
//! crates/rules/tests/rules/matches.rs.)

use crate::common::{match_rules, play_match};
use gamester_core::ai::random::RandomPlayer;
use gamester_core::players::Seats;
use gamester_core::save::{self, SaveFile};
use gamester_rules::tables::Side;

#[test]
fn a_match_is_kept_in_a_save_and_taken_up_where_it_stood() {
    let dir = tempfile::tempdir().unwrap();
    let rules = match_rules(5, true);
    let games = play_match(&rules, 3);
    for (i, g) in games.iter().enumerate() {
        // Saved as it ended, then the next game begun from the save
        let path = dir.path().join(format!("g{i}.ron"));
        save::write_atomic(&path, &SaveFile::from_game(g, &Seats::two_people())).unwrap();
        let loaded = save::load(&path).unwrap();
        assert_eq!(loaded.replay.rules().match_to, 5);
        assert_eq!(loaded.replay.tally_before(), g.tally_before());
        let resumed = loaded.replay.game_at(loaded.replay.len());
        assert_eq!(resumed.tally(), g.tally());
        assert_eq!(resumed.is_crawford_game(), g.is_crawford_game());
        assert_eq!(resumed.match_winner(), g.match_winner());
    }
}

/// A match to `to` played at random through a session (as the window plays it), stopped after
/// `games` games or at its end.
fn session_match(to: u16, seed: u64, games: usize) -> gamester_core::session::Session {
    use gamester_core::session::Session;
    use gamester_rules::tables::FairDice;
    let mut session = Session::new(
        match_rules(to, true),
        Seats::two_people(),
        Default::default(),
        Box::new(FairDice::seeded(seed)),
    )
    .unwrap();
    for g in 0..games {
        let mut game = session.game().clone();
        RandomPlayer::seeded(seed * 100 + g as u64)
            .play_out(&mut game, 20_000)
            .unwrap();
        for &a in game.record() {
            session.apply(a).unwrap();
        }
        if session.game().match_winner().is_some() || g + 1 == games {
            break;
        }
        session.next_game().unwrap();
    }
    session
}

#[test]
fn a_match_saved_keeps_its_earlier_games_and_gives_them_back() {
    for seed in 0..8 {
        let session = session_match(7, seed, 100);
        let games = session.match_records().unwrap();
        assert_eq!(games.len(), session.earlier().len() + 1);
        // Each earlier game is finished and the next begins at the score it left
        for pair in games.windows(2) {
            let end = pair[0].game_at(pair[0].len());
            assert!(end.is_over());
            assert_eq!(end.tally(), pair[1].tally_before());
        }
        let text = save::to_string(&SaveFile::from_session(&session)).unwrap();
        let loaded = save::from_str(&text).unwrap();
        assert_eq!(loaded.earlier_unread, None);
        assert_eq!(loaded.earlier, session.earlier(), "seed {seed}");
        assert_eq!(&loaded.game, session.game());
    }
}

#[test]
fn a_session_for_stakes_keeps_no_earlier_games() {
    use gamester_core::session::Session;
    use gamester_rules::tables::FairDice;
    let mut rules = match_rules(0, true);
    rules.match_to = 0;
    let mut session = Session::new(
        rules,
        Seats::two_people(),
        Default::default(),
        Box::new(FairDice::seeded(1)),
    )
    .unwrap();
    for g in 0..3 {
        let mut game = session.game().clone();
        RandomPlayer::seeded(g).play_out(&mut game, 20_000).unwrap();
        for &a in game.record() {
            session.apply(a).unwrap();
        }
        session.next_game().unwrap();
    }
    assert!(session.earlier().is_empty());
    let text = save::to_string(&SaveFile::from_session(&session)).unwrap();
    assert!(!text.contains("earlier"));
}

#[test]
fn earlier_games_that_do_not_hold_together_are_set_aside_and_the_game_in_play_kept() {
    let session = (0..)
        .map(|seed| session_match(7, seed, 100))
        .find(|s| s.earlier().len() >= 2)
        .unwrap();
    let file = SaveFile::from_session(&session);
    let broken = |change: &dyn Fn(&mut SaveFile)| {
        let mut f = file.clone();
        change(&mut f);
        save::from_str(&save::to_string(&f).unwrap()).unwrap()
    };
    for (loaded, says) in [
        // A game left out between two others: the score does not run on
        (
            broken(&|f| {
                f.earlier.remove(1);
            }),
            "score",
        ),
        // A game cut short
        (
            broken(&|f| {
                f.earlier[0].record.truncate(10);
            }),
            "not finished",
        ),
        // A game's score changed: it no longer follows the game before it
        (broken(&|f| f.earlier[1].tally_before.white += 1), "score"),
    ] {
        let why = loaded.earlier_unread.clone().unwrap();
        assert!(why.contains(says), "{why}");
        assert!(loaded.earlier.is_empty());
        assert_eq!(&loaded.game, session.game());
    }
}

#[test]
fn a_whole_match_is_written_as_mat_and_sgf_and_read_back_game_by_game() {
    use gamester_core::exchange::{self, Format};
    for seed in 0..6 {
        let session = session_match(5, 10 + seed, 100);
        let games = session.match_records().unwrap();
        for format in [Format::Mat, Format::Sgf] {
            let text = exchange::export_games(&games, session.seats(), format).unwrap();
            let read = exchange::import(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(read.len(), games.len(), "{format:?}");
            for (back, record) in read.iter().zip(&games) {
                let end = record.game_at(record.len());
                assert_eq!(
                    back.game.tally_before(),
                    record.tally_before(),
                    "{format:?}"
                );
                assert_eq!(back.game.tally(), end.tally(), "{format:?}");
                assert_eq!(back.game.position(), end.position());
                assert_eq!(back.game.is_crawford_game(), end.is_crawford_game());
            }
        }
    }
}

#[test]
fn a_match_game_is_won_in_points_and_a_session_game_in_stakes() {
    for (to, unit) in [(7u16, "point"), (0, "stake")] {
        // Given a game of a match to 7 (or of a session for stakes) played to its end
        let mut rules = match_rules(7, true);
        rules.match_to = to;
        let mut session = session_match(7, 3, 1);
        if to == 0 {
            session = gamester_core::session::Session::new(
                rules,
                Seats::two_people(),
                Default::default(),
                Box::new(gamester_rules::tables::FairDice::seeded(3)),
            )
            .unwrap();
            let mut game = session.game().clone();
            RandomPlayer::seeded(300)
                .play_out(&mut game, 20_000)
                .unwrap();
            for &a in game.record() {
                session.apply(a).unwrap();
            }
        }
        let other = if unit == "point" { "stake" } else { "point" };
        // When the game's end is said, by the status line and by the story
        let name = |s: Side| s.name().to_string();
        let status = session.game().waiting().words(&name);
        let story = &session.log().last().unwrap().words;
        // Then a match counts in points and a session in stakes
        for said in [&status, story] {
            assert!(said.contains(&format!(" {unit}")), "{said}");
            assert!(!said.contains(&format!(" {other}")), "{said}");
        }
    }
}

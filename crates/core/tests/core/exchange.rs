//! The `.mat` files of the backgammon world: a match GNU Backgammon exported replays through
//! Gamester's rules game by game, as gnubg scored it; a game Gamester writes is read back as
//! the same game; and what breaks the rules, or what the format cannot say, is refused with
//! the reason.

use gamester_core::ai::random::RandomPlayer;
use gamester_core::exchange::mat::{self, MatError};
use gamester_core::players::Seats;
use gamester_core::save::GameRecord;
use gamester_rules::tables::{Action, EndReason, Game, Preset, Rules, Side};

const GNUBG_MATCH: &str = include_str!("../../../../tests/data/gnubg_match3.mat");

#[test]
fn a_match_gnubg_exported_replays_game_by_game_as_gnubg_scored_it() {
    let games = mat::import(GNUBG_MATCH).unwrap();
    assert_eq!(games.len(), 3);
    assert!(games.iter().all(|g| g.length == 3));
    assert_eq!(games[0].names, ["gnubg".to_string(), "root".to_string()]);
    // Game 1: gnubg (the left column, Black here) doubles on line 19 and root drops: Black
    // wins a point, as the file says. Game 2 the same at line 9.
    let outcome = |i: usize| games[i].game.outcome().unwrap();
    assert_eq!(
        (outcome(0).winner, outcome(0).stake),
        (Some(Side::Black), 1)
    );
    assert_eq!(
        (outcome(1).winner, outcome(1).stake),
        (Some(Side::Black), 1)
    );
    // The scores run on from game to game, as the file's own score lines say
    assert_eq!(games[2].game.tally_before().black, 2);
    assert!(GNUBG_MATCH.contains(" gnubg : 2                      root : 0"));
    // Game 3: root resigned a gammon, none of his men borne off (the file says only "Wins 2
    // points"): the game ends by root's resignation of a gammon, which gnubg accepted
    let third = &games[2];
    let o = third.game.outcome().unwrap();
    assert_eq!(
        (o.winner, o.stake, o.reason),
        (Some(Side::Black), 2, EndReason::Resigned)
    );
    assert_eq!(third.game.position_for(Side::White).off(), 0);
    assert!(
        third
            .game
            .record()
            .ends_with(&[Action::Resign(2), Action::AcceptResignation])
    );
    // A match to 3 under the Crawford rule: gnubg at 2 (one away) after game 2, so game 3
    // is the Crawford game, and the file has no double in it
    assert!(games.iter().all(|g| g.game.rules().match_to == 3));
    assert!(!games[0].game.is_crawford_game() && !games[1].game.is_crawford_game());
    assert!(games[2].game.is_crawford_game());
    // Game 1's first play is root's (White's) 21: 13/11 24/23
    let first = games[0].game.record();
    assert_eq!(first[0], Action::ThrowOff { white: 2, black: 1 });
}

/// Modern backgammon with the cube, played at random to its end from `seed`.
fn random_game(seed: u64) -> Game {
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    let mut game = Game::new(rules).unwrap();
    RandomPlayer::seeded(seed)
        .play_out(&mut game, 5000)
        .unwrap();
    game
}

/// A record with what it took back left out: the steps played and confirmed.
fn made(record: &[Action]) -> Vec<Action> {
    let mut out: Vec<Action> = Vec::new();
    for &a in record {
        if a == Action::Undo {
            out.pop();
        } else {
            out.push(a);
        }
    }
    out
}

#[test]
fn a_game_written_as_mat_is_read_back_as_the_same_game() {
    for seed in 0..40 {
        let game = random_game(seed);
        assert!(game.is_over(), "seed {seed}");
        let record = GameRecord::of_game(&game).unwrap();
        let text = mat::export(&record, &Seats::two_people()).unwrap();
        assert!(text.starts_with(" 0 point match\n"));
        let read = mat::import(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(read.len(), 1);
        let back = &read[0].game;
        // The same outcome, and the same plays (the order of one throw's steps may differ,
        // so compare the positions each turn leaves)
        assert_eq!(back.outcome(), game.outcome(), "seed {seed}\n{text}");
        assert_eq!(back.position(), game.position(), "seed {seed}");
        let turns = |g: &Game| {
            let mut replay = Game::new(g.rules().clone()).unwrap();
            let mut out = Vec::new();
            for &a in &made(g.record()) {
                replay.apply(a).unwrap();
                if a == Action::Confirm || matches!(a, Action::Double | Action::Take | Action::Drop)
                {
                    out.push((replay.position(), replay.cube()));
                }
            }
            out
        };
        assert_eq!(turns(back), turns(&game), "seed {seed}");
    }
}

#[test]
fn an_illegal_play_in_a_file_is_refused_with_the_game_the_line_and_the_rule() {
    // Line 2 of game 1: gnubg's 52 played 13/8 24/22; make it 13/7, which the 5 cannot do
    let broken = GNUBG_MATCH.replacen("52: 13/8 24/22 ", "52: 13/7 24/22 ", 1);
    match mat::import(&broken) {
        Err(MatError::Game { game, line, reason }) => {
            assert_eq!((game, line), (1, 2));
            assert!(reason.contains("13/7 24/22"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    // A play out of turn, a throw of three, a resignation, no match line, no game
    let out_of_turn = GNUBG_MATCH.replacen(
        "  2) 52: 13/8 24/22              63: 8/5 11/5 ",
        "  2)                             63: 8/5 11/5 ",
        1,
    );
    assert!(matches!(
        mat::import(&out_of_turn),
        Err(MatError::Game {
            game: 1,
            line: 2,
            ..
        })
    ));
    // A file's score that the rules do not give
    let wrong_score = GNUBG_MATCH.replacen("      Wins 1 point", "      Wins 2 points", 1);
    assert!(
        matches!(mat::import(&wrong_score), Err(MatError::Game { game: 1, reason, .. }) if reason.contains("Black winning 1")),
    );
    // A file's score that the rules do not give
    let wrong_score = GNUBG_MATCH.replacen("      Wins 1 point", "      Wins 2 points", 1);
    assert!(matches!(
        mat::import(&wrong_score),
        Err(MatError::Game { game: 1, reason, .. }) if reason.contains("Black winning 1")
    ));
    // A `Resigns` line is passed over, as gnubg does: the `Wins` after it says what the
    // resignation gave. Here gnubg is to act (it doubled on that line), so root cannot resign
    let resigned = GNUBG_MATCH.replacen(" Doubles => 2                Drops", " Resigns", 1);
    assert!(matches!(
        mat::import(&resigned),
        Err(MatError::Game { game: 1, reason, .. }) if reason.contains("only the side to act")
    ));
    // On root's own line it can: it resigns instead of taking, and gnubg wins the cube's 1
    let resigned = GNUBG_MATCH.replacen(
        " Doubles => 2                Drops",
        " Doubles => 2                Resigns",
        1,
    );
    let o = mat::import(&resigned).unwrap()[0].game.outcome().unwrap();
    assert_eq!(
        (o.winner, o.stake, o.reason),
        (Some(Side::Black), 1, EndReason::Resigned)
    );
    assert_eq!(mat::import("Game 1\n"), Err(MatError::NoLength));
    assert_eq!(mat::import(" 5 point match\n"), Err(MatError::NoGame));
}

#[test]
fn rules_a_mat_file_cannot_say_are_refused_by_name() {
    let game = {
        let mut g = Game::new(Rules::preset(Preset::Irish)).unwrap();
        RandomPlayer::seeded(1).play_out(&mut g, 30).unwrap();
        g
    };
    let record = GameRecord::of_game(&game).unwrap();
    let refused = mat::export(&record, &Seats::two_people()).unwrap_err();
    assert!(refused.contains("what doublets give"), "{refused}");
    assert!(refused.contains("who begins"), "{refused}");
    assert!(gamester_core::exchange::expressible(&Rules::preset(Preset::Modern)).is_ok());
}

#[test]
fn a_match_game_is_written_with_its_length_and_score_and_read_back_so() {
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.match_to = 5;
    let mut game = Game::new(rules).unwrap();
    for g in 0..40u64 {
        RandomPlayer::seeded(g).play_out(&mut game, 20_000).unwrap();
        let record = GameRecord::of_game(&game).unwrap();
        let text = mat::export(&record, &Seats::two_people()).unwrap();
        assert!(text.starts_with(" 5 point match\n"), "{text}");
        let before = game.tally_before();
        assert!(text.contains(&format!(" Black : {}", before.black)));
        // Read back alone, the game begins at the file's score, the Crawford game as it was
        let back = mat::import(&text).unwrap().remove(0).game;
        assert_eq!(
            (back.tally_before().black, back.tally_before().white),
            (before.black, before.white)
        );
        assert_eq!(back.is_crawford_game(), game.is_crawford_game(), "game {g}");
        // (the file does not say how many games came before)
        let (t, u) = (back.tally(), game.tally());
        assert_eq!(
            (t.white, t.black, t.crawford()),
            (u.white, u.black, u.crawford()),
            "game {g}"
        );
        if game.match_winner().is_some() {
            assert!(text.contains("and the match"));
            break;
        }
        game = game.next_game().unwrap();
    }
}

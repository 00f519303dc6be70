//! Matches to N points: played to their end over random games, under the Crawford rule and
//! without it, the score, the Crawford game without the cube and the cube back after it, and
//! the match kept in a save and taken up again.

use gamester_core::ai::random::RandomPlayer;
use gamester_core::players::Seats;
use gamester_core::save::{self, SaveFile};
use gamester_rules::tables::{
    Action, Crawford, CubeRefusal, Game, Phase, Preset, RuleError, Rules, Side,
};

fn match_rules(to: u16, crawford: bool) -> Rules {
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.match_to = to;
    rules.crawford = crawford;
    rules
}

/// Every game of a match played at random from `seed`, in order, each as it ended.
fn play_match(rules: &Rules, seed: u64) -> Vec<Game> {
    let mut games = Vec::new();
    let mut game = Game::new(rules.clone()).unwrap();
    for g in 0..200u64 {
        RandomPlayer::seeded(seed * 1000 + g)
            .play_out(&mut game, 20_000)
            .unwrap();
        assert!(game.is_over());
        let next = game.next_game();
        games.push(game.clone());
        match next {
            Ok(n) => game = n,
            Err(RuleError::MatchOver(winner)) => {
                assert_eq!(game.match_winner(), Some(winner));
                return games;
            }
            Err(e) => panic!("{e}"),
        }
    }
    panic!("a match of 200 games");
}

#[test]
fn a_match_ends_when_a_side_reaches_its_points_and_no_game_follows() {
    for seed in 0..12 {
        for to in [1u16, 3, 5, 7] {
            let games = play_match(&match_rules(to, true), seed);
            let last = games.last().unwrap().tally();
            let winner = games.last().unwrap().match_winner().unwrap();
            assert!(last.stakes(winner) >= u32::from(to));
            assert!(last.stakes(winner.other()) < u32::from(to));
            // No game before the last had a winner of the match
            for g in &games[..games.len() - 1] {
                assert_eq!(g.match_winner(), None);
            }
        }
    }
}

#[test]
fn the_crawford_game_has_no_cube_and_the_cube_comes_back_after_it() {
    let mut crawford_games = 0;
    for seed in 0..30 {
        let to = 5u16;
        let games = play_match(&match_rules(to, true), seed);
        let mut seen_crawford = false;
        for g in &games {
            let before = g.tally_before();
            let near = Side::BOTH
                .into_iter()
                .any(|s| before.stakes(s) == u32::from(to) - 1);
            // The Crawford game: the first game begun with a side one point away
            let is_first_near = near && !seen_crawford;
            assert_eq!(
                g.is_crawford_game(),
                is_first_near,
                "seed {seed}: {before:?}"
            );
            if g.is_crawford_game() {
                seen_crawford = true;
                crawford_games += 1;
                assert_eq!(before.crawford(), Crawford::ThisGame);
                // No double in its record, and one asked for is refused as the Crawford rule's
                assert!(!g.record().contains(&Action::Double));
                let mut fresh = Game::with_tally(g.rules().clone(), before).unwrap();
                let first = g.record()[0];
                fresh.apply(first).unwrap();
                let mut player = RandomPlayer::seeded(seed);
                for _ in 0..1000 {
                    if fresh.phase() == Phase::ToThrow || fresh.is_over() {
                        break;
                    }
                    player.act(&mut fresh).unwrap();
                }
                if !fresh.is_over() {
                    assert!(!fresh.choices().contains(&Action::Double));
                    assert_eq!(
                        fresh.apply(Action::Double),
                        Err(RuleError::CubeRefused(CubeRefusal::Crawford))
                    );
                }
            } else if seen_crawford {
                assert_eq!(before.crawford(), Crawford::Played);
            }
        }
    }
    assert!(crawford_games > 10, "{crawford_games}");
}

#[test]
fn without_the_crawford_rule_no_game_is_the_crawford_game() {
    for seed in 0..10 {
        for g in play_match(&match_rules(5, false), seed) {
            assert!(!g.is_crawford_game());
        }
    }
    // And a session for stakes never ends
    let mut game = Game::new(match_rules(0, true)).unwrap();
    for g in 0..20 {
        RandomPlayer::seeded(g).play_out(&mut game, 20_000).unwrap();
        assert_eq!(game.match_winner(), None);
        game = game.next_game().unwrap();
    }
}

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

//! Matches to N points, by the rules alone: played to their end over random games, under the
//! Crawford rule and without it, the score, the Crawford game without the cube and the cube back
//! after it, and the Jacoby rule for stakes and in a match.

use crate::common::{RandomPlayer, match_rules, play_match};
use gamester_rules::tables::{
    Action, Crawford, CubeRefusal, Game, Phase, Preset, RuleError, Rules, Side,
};

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
fn the_jacoby_rule_counts_a_gammon_single_until_the_cube_turns_and_never_in_a_match() {
    // The same random games replayed with the rule and without it, for stakes and in a match
    let (mut gammons_centred, mut gammons_turned) = (0, 0);
    for seed in 0..300u64 {
        let mut rules = Rules::preset(Preset::Modern);
        rules.cube = true;
        rules.stakes = gamester_rules::tables::Stakes::Gammons;
        let mut plain = Game::new(rules.clone()).unwrap();
        RandomPlayer::seeded(seed)
            .play_out(&mut plain, 20_000)
            .unwrap();
        let Some(without) = plain.outcome() else {
            continue;
        };
        for match_to in [0u16, 7] {
            let mut with_rule = rules.clone();
            with_rule.jacoby = true;
            with_rule.match_to = match_to;
            let mut replay = Game::new(with_rule).unwrap();
            for &a in plain.record() {
                replay.apply(a).unwrap();
            }
            let with = replay.outcome().unwrap();
            assert_eq!(with.winner, without.winner);
            let centred = plain.cube().owner.is_none();
            let single = without.stake / plain.cube().value;
            if match_to == 0 && centred && single > 1 {
                assert_eq!(
                    with.stake, 1,
                    "seed {seed}: a gammon before the cube turned"
                );
                gammons_centred += 1;
            } else {
                assert_eq!(with.stake, without.stake, "seed {seed}, match {match_to}");
                if match_to == 0 && !centred && single > 1 {
                    gammons_turned += 1;
                }
            }
        }
    }
    assert!(
        gammons_centred > 0 && gammons_turned > 0,
        "{gammons_centred} {gammons_turned}"
    );
}

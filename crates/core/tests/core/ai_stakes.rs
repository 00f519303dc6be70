//! What a game is worth, as the computer weighs it: at a match's score (double match point,
//! the gammon's worth, the trailer's double after the Crawford game), under the Jacoby rule,
//! and when it gives up a game or answers another's offer to give one up.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common::{game_at, play};
use gamester_core::ai::{Decision, decide, rank_plays};
use gamester_core::level::Level;
use gamester_rules::tables::{Action, FairDice, Game, Phase, Preset, Rules, Side};

/// A game of modern backgammon with the cube at `white` and `black` points in a match to 5
/// (`crawford`: where the Crawford rule stands), played at random for `actions` actions.
fn match_game_at(
    white: u32,
    black: u32,
    crawford: gamester_rules::tables::Crawford,
    seed: u64,
) -> Game {
    use gamester_rules::tables::Tally;
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.match_to = 5;
    let tally = Tally {
        white,
        black,
        crawford,
        ..Tally::default()
    };
    let mut game = Game::with_tally(rules, tally).unwrap();
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(seed);
    let mut dice = FairDice::seeded(seed);
    play_without_doubling(&mut game, &mut rng, &mut dice, 20 + (seed % 60) as usize);
    game
}

/// Plays `actions` random actions of `game` (fewer if it ends), never doubling.
fn play_without_doubling(
    game: &mut Game,
    rng: &mut rand::rngs::StdRng,
    dice: &mut FairDice,
    actions: usize,
) {
    for _ in 0..actions {
        if game.is_over() {
            break;
        }
        match gamester_core::ai::random::random_decision(game, rng) {
            Some(Decision::Play(p)) => {
                game.apply_play(&p).unwrap();
            }
            Some(Decision::Action(a)) if a != Action::Double => {
                game.apply(a).unwrap();
            }
            _ => {
                game.throw_with(dice).unwrap();
            }
        }
    }
}

#[test]
fn at_double_match_point_the_computer_plays_only_to_win_never_for_a_gammon() {
    use gamester_core::ai::eval::Evaluator;
    use gamester_rules::tables::Crawford;
    // At 4-4 in a match to 5 after the Crawford game, one game decides the match: a gammon is
    // worth no more than a single win. The fair level judges each play by the evaluation of
    // the position it leaves, so its best play is the one that leaves the adversary the
    // least chance of winning, whatever the gammons; for stakes it is not always so.
    let eval = Evaluator::new(&Rules::preset(Preset::Modern));
    let (mut checked, mut differ) = (0, 0);
    for seed in 0..400u64 {
        let game = match_game_at(4, 4, Crawford::Played, seed);
        if game.phase() != Phase::Playing || game.legal_plays().len() < 2 {
            continue;
        }
        let plays = game.legal_plays();
        let ends = |p: &gamester_rules::tables::Play| p.position.borne_off_all();
        if plays.iter().any(ends) {
            continue;
        }
        let their_chance =
            |p: &gamester_rules::tables::Play| eval.chances(&p.position.switched()).win;
        let least = plays.iter().map(their_chance).fold(f32::MAX, f32::min);
        let chosen = rank_plays(&game, Level::Fair, 1)[0].0;
        assert!(
            their_chance(&chosen) <= least + 1e-5,
            "seed {seed}: the play chosen leaves {} where {least} was possible",
            their_chance(&chosen)
        );
        // The same game for stakes
        let mut money = game.rules().clone();
        money.match_to = 0;
        let mut for_stakes = Game::new(money).unwrap();
        for &a in game.record() {
            for_stakes.apply(a).unwrap();
        }
        if rank_plays(&for_stakes, Level::Fair, 1)[0].0 != chosen {
            differ += 1;
        }
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
    assert!(differ > 0, "the score changed no play in {checked}");
}

#[test]
fn a_gammon_is_worth_what_the_score_makes_it() {
    use gamester_core::ai::cube::MatchScore;
    use gamester_core::ai::eval::MatchWeights;
    let score = |me, them, cube| MatchScore {
        me,
        them,
        cube,
        crawford_to_come: false,
    };
    // One away (after the Crawford game) against four away: my gammon wins me no more than
    // my single game, while the adversary's gammon (to two away, not three) costs about twice
    // his single
    let w = MatchWeights::of(&score(1, 4, 1));
    assert_eq!((w.won[0], w.lost[0]), (1.0, -1.0));
    assert_eq!(w.won[1], w.won[0]);
    assert!(w.lost[1] < w.lost[0] - 0.8, "{w:?}");
    // Four away each, the cube on 2: a gammon (4 points) wins the match outright
    let w = MatchWeights::of(&score(4, 4, 2));
    assert_eq!(w.won[1], w.won[2]);
    assert!(w.won[1] > w.won[0]);
    // A long match weighs a gammon near its double stake, as for stakes
    let w = MatchWeights::of(&score(25, 25, 1));
    assert!(
        (w.won[1] - 2.0).abs() < 0.25 && (w.lost[1] + 2.0).abs() < 0.25,
        "{w:?}"
    );
}

#[test]
fn after_the_crawford_game_the_trailer_doubles_at_once_as_it_would_not_for_stakes() {
    use gamester_rules::tables::{Crawford, LoadedDice, Tally};
    // Black trails 0 to 4 in a match to 5, the Crawford game played: the leader's cube is
    // dead (one game wins him the match), so the trailer doubles at his first turn. The same
    // early position for stakes is no double.
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.match_to = 5;
    for (white, black) in [(4u32, 0u32), (4, 2)] {
        let tally = Tally {
            white,
            black,
            crawford: Crawford::Played,
            ..Tally::default()
        };
        let mut game = Game::with_tally(rules.clone(), tally).unwrap();
        // White opens with 3-1 (8/5 6/5); Black is then to throw, or to double
        let mut dice = LoadedDice::new(&[3, 1]);
        game.throw_with(&mut dice).unwrap();
        let play = game
            .legal_plays()
            .into_iter()
            .find(|p| p.position.at(5) == 2)
            .unwrap();
        game.apply_play(&play).unwrap();
        assert_eq!((game.turn(), game.phase()), (Side::Black, Phase::ToThrow));
        assert_eq!(
            decide(&game, Level::Fair),
            Some(Decision::Action(Action::Double)),
            "{white}-{black}"
        );
        let mut money = rules.clone();
        money.match_to = 0;
        let mut for_stakes = Game::new(money).unwrap();
        for &a in game.record() {
            for_stakes.apply(a).unwrap();
        }
        assert_eq!(decide(&for_stakes, Level::Fair), None);
    }
}

#[test]
fn under_the_jacoby_rule_with_the_cube_in_the_middle_plays_are_judged_as_single_games() {
    // Gammons count only once the cube has turned: until then the computer values every play
    // exactly as under single stakes, and once it has turned, as for full stakes
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(3);
    let mut jacoby = Rules::preset(Preset::Modern);
    jacoby.cube = true;
    jacoby.jacoby = true;
    let (mut checked, mut differ) = (0, 0);
    for seed in 0..200u64 {
        let mut game = Game::new(jacoby.clone()).unwrap();
        let mut dice = FairDice::seeded(seed);
        play_without_doubling(&mut game, &mut rng, &mut dice, 30 + (seed % 50) as usize);
        if game.phase() != Phase::Playing || game.legal_plays().len() < 2 {
            continue;
        }
        let replayed = |rules: Rules| {
            let mut g = Game::new(rules).unwrap();
            for &a in game.record() {
                g.apply(a).unwrap();
            }
            g
        };
        let mut single = jacoby.clone();
        single.jacoby = false;
        single.stakes = gamester_rules::tables::Stakes::Single;
        let mut full = jacoby.clone();
        full.jacoby = false;
        let n = game.legal_plays().len();
        let ranked = rank_plays(&game, Level::Fair, n);
        let as_single = rank_plays(&replayed(single), Level::Fair, n);
        // The same values to rounding (the same plays in the same order, where not tied)
        for ((p, v), (q, w)) in ranked.iter().zip(&as_single) {
            assert!((v - w).abs() < 1e-5, "seed {seed}: {v} {w}");
            let tied = ranked.iter().filter(|(_, u)| (u - v).abs() < 1e-5).count() > 1;
            assert!(tied || p == q, "seed {seed}");
        }
        if ranked[0].0 != rank_plays(&replayed(full), Level::Fair, n)[0].0 {
            differ += 1;
        }
        checked += 1;
    }
    assert!(checked > 50 && differ > 0, "{checked} {differ}");
}

/// A modern game from `text` (White's view / Black's own) with `starter` to throw.
fn to_throw(text: &str, starter: Side, match_to: u16) -> Game {
    let mut rules = Rules::preset(Preset::Modern);
    rules.match_to = match_to;
    let (game, _) = game_at(rules, text, starter);
    assert_eq!((game.phase(), game.turn()), (Phase::ToThrow, starter));
    game
}

#[test]
fn the_computer_resigns_what_a_lost_game_is_lost_by_and_no_more() {
    for level in [Level::Fair, Level::Expert] {
        for match_to in [0, 5] {
            // Given White with one man left on his ace point and Black to throw: Black gives up
            // a gammon when his men are too far from home to bear one off first, a single game
            // when any throw bears one off (all on his ace and deuce points)
            let gammoned = to_throw("1:1 off:14 / 13:15", Side::Black, match_to);
            assert_eq!(
                decide(&gammoned, level),
                Some(Decision::Action(Action::Resign(2))),
                "{level} {match_to}"
            );
            let single = to_throw("1:1 off:14 / 2:5 1:10", Side::Black, match_to);
            assert_eq!(
                decide(&single, level),
                Some(Decision::Action(Action::Resign(1))),
                "{level} {match_to}"
            );
            // Given the opening position, nobody resigns
            let even = to_throw(
                "24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5",
                Side::Black,
                match_to,
            );
            assert!(
                !matches!(
                    decide(&even, level),
                    Some(Decision::Action(Action::Resign(_)))
                ),
                "{level} {match_to}"
            );
        }
    }
}

#[test]
fn the_computer_accepts_a_resignation_that_gives_what_the_game_is_worth_and_declines_less() {
    // Given White, to throw, hopelessly gammoned: he offers a single game, then a gammon, for
    // stakes and in a match to 7 (where a gammon is worth more to Black than a single game)
    for match_to in [0, 7] {
        let lost = to_throw("6:5 5:5 4:5 / 1:1 off:14", Side::White, match_to);
        let answer = |stake: u8, level: Level| {
            let mut g = lost.clone();
            play(&mut g, &[Action::Resign(stake)]);
            decide(&g, level)
        };
        // Then Black declines the single game and accepts the gammon, at every level
        for level in [Level::Fair, Level::Expert] {
            assert_eq!(
                answer(1, level),
                Some(Decision::Action(Action::DeclineResignation)),
                "{match_to} {level}"
            );
            assert_eq!(
                answer(2, level),
                Some(Decision::Action(Action::AcceptResignation)),
                "{match_to} {level}"
            );
        }
    }
    // Given the opening position, a single game given up is accepted at once
    let even = to_throw("24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5", Side::White, 0);
    let mut g = even.clone();
    play(&mut g, &[Action::Resign(1)]);
    assert_eq!(
        decide(&g, Level::Fair),
        Some(Decision::Action(Action::AcceptResignation))
    );
    // And once a resignation is declined, the computer does not offer one again that game
    let mut declined = to_throw("1:1 off:14 / 6:5 5:5 4:5", Side::Black, 0);
    play(
        &mut declined,
        &[Action::Resign(1), Action::DeclineResignation],
    );
    assert!(!matches!(
        decide(&declined, Level::Fair),
        Some(Decision::Action(Action::Resign(_)))
    ));
}

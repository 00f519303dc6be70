//! Exact races and certain results (`ai::bearoff`, `ai::certain`): a certain backgammon is
//! valued −3 by the evaluation, the search and the cube hint; a race with both sides home is
//! judged by the bear-off databases, so plays that are equal are valued equal.

use gamester_core::ai::cube::{Access, MatchScore};
use gamester_core::ai::cube_hint::CubeAction;
use gamester_core::ai::cube_hint::cube_hint_at;
use gamester_core::ai::decide::CubeAt;
use gamester_core::ai::eval::Evaluator;
use gamester_core::ai::judge::Judge;
use gamester_core::ai::search::{Depth, Searcher};
use gamester_core::level::Level;
use gamester_rules::tables::{Position, Preset, Rules, Side, Throw, legal_plays, position_id};

fn modern() -> Rules {
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules
}

/// The issue's position: the side on roll has all 15 men on the bar; the adversary has his
/// last two men on his ace point.
fn fifteen_on_the_bar() -> Position {
    let mut pips = [0i8; 26];
    pips[25] = 15;
    pips[24] = -2;
    Position::from_pips(pips).unwrap()
}

#[test]
fn a_certain_backgammon_is_valued_minus_three_everywhere() {
    let rules = modern();
    let pos = fifteen_on_the_bar();
    let eval = Evaluator::new(&rules);
    let c = eval.chances(&pos);
    assert_eq!((c.win, c.lose_big, c.lose_triple), (0.0, 1.0, 1.0), "{c:?}");
    assert_eq!(eval.value(&pos), -3.0);
    let searcher = Searcher::new(&rules);
    for plies in 0..=2 {
        let depth = Depth {
            plies,
            root_candidates: 4,
            inner_candidates: 2,
        };
        assert_eq!(searcher.on_roll(&pos, depth), -3.0, "at {plies} plies");
    }
    let at = CubeAt {
        position: pos,
        access: Access::Centred,
        score: None,
        jacoby_single: false,
        stakes: rules.stakes,
    };
    let hint = cube_hint_at(&rules, &at, Side::White, false, false, Level::Expert);
    assert_eq!(hint.values.no_double, -3.0, "{hint:?}");
    assert!(!hint.action.doubles(), "{hint:?}");
}

#[test]
fn a_side_that_bears_off_with_every_throw_wins_now() {
    let rules = modern();
    // Two men on the ace point against fifteen men still on the adversary's six point: a gammon.
    let mut pips = [0i8; 26];
    pips[1] = 2;
    pips[19] = -15;
    let pos = Position::from_pips(pips).unwrap();
    let c = Evaluator::new(&rules).chances(&pos);
    assert_eq!((c.win, c.win_big, c.win_triple), (1.0, 1.0, 0.0), "{c:?}");
}

#[test]
fn equal_bear_offs_are_valued_equal() {
    // gnubg: the best plays of 3-1 here are worth exactly the same. Either leaves the mover
    // three or four men on the ace point, off in two turns or with any doublet; the adversary,
    // still outside, is judged by the network, which may answer the two a little differently:
    // the two are within a quarter of what the analysis marks doubtful (0.04), where the issue
    // measured 0.175 between them.
    let rules = modern();
    let pos = position_id::decode("zPscBAAvAAAAAA").unwrap();
    let throw = Throw::two(3, 1).unwrap();
    let judge = Judge::new(&rules, Level::Expert);
    let moves = throw.moves(rules.dice, rules.doublets);
    let plays = legal_plays(&pos, moves, gamester_rules::tables::MoveRules::from(&rules));
    let mut values: Vec<(f32, String)> = plays
        .iter()
        .map(|p| {
            let j = judge.play(&pos, throw, &p.position).unwrap();
            (j.played_value, position_id::encode(&p.position))
        })
        .collect();
    values.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("{values:?} {:?}", pos.pips());
    assert!(values.len() >= 2);
    assert!((values[0].0 - values[1].0).abs() < 0.01, "{values:?}");
}

/// Not a check: what the databases cost the expert a decision, and how often they change its
/// play, over `bench ai`'s sample and over races with every man home (run with `--ignored
/// --nocapture`; docs/computer.md quotes it).
#[test]
#[ignore = "a measurement"]
fn measure_the_experts_decisions_with_and_without_the_databases() {
    use gamester_core::ai::{Decision, decide_with};
    use gamester_core::sample::decision_sample;
    use gamester_rules::tables::Phase;
    use std::time::Instant;
    for preset in [Preset::Modern, Preset::Irish] {
        let rules = Rules::preset(preset);
        let with = Searcher::new(&rules);
        let start = Instant::now();
        let _ = with.eval().bearoff().map(|d| {
            (
                d.one_sided().mean(&[1; 6]),
                d.two_sided().win(&[1; 6], &[1; 6]),
            )
        });
        let built = start.elapsed().as_secs_f64();
        let without = Searcher::with(&rules, with.eval().without_bearoff());
        let sample: Vec<_> = decision_sample(&rules, 6, 5)
            .into_iter()
            .filter(|g| g.phase() == Phase::Playing)
            .collect();
        let races: Vec<_> = decision_sample(&rules, 30, 1)
            .into_iter()
            .filter(|g| {
                g.phase() == Phase::Playing
                    && gamester_core::ai::bearoff::homes(&g.position_for(g.turn())).is_some()
            })
            .take(150)
            .collect();
        for (name, games) in [("bench sample", &sample), ("all-home races", &races)] {
            let mut times = [Vec::new(), Vec::new()];
            let mut differ = 0;
            for (i, g) in games.iter().enumerate() {
                let mut chosen: [Option<Decision>; 2] = [None, None];
                // Each first in turn, so that neither gains from the other's warm caches.
                let order = if i % 2 == 0 { [0, 1] } else { [1, 0] };
                for k in order {
                    let s = if k == 0 { &with } else { &without };
                    let t = Instant::now();
                    chosen[k] = decide_with(g, Level::Expert, s);
                    times[k].push(t.elapsed().as_secs_f64() * 1000.0);
                }
                differ += usize::from(chosen[0] != chosen[1]);
            }
            let q = |v: &mut Vec<f64>, q: f64| {
                v.sort_by(f64::total_cmp);
                v.get(((v.len() as f64 - 1.0) * q).round() as usize)
                    .copied()
                    .unwrap_or(0.0)
            };
            let [a, b] = &mut times;
            println!(
                "{preset:?} {name} ({} decisions; databases made in {built:.2} s): with median {:.2} ms p90 {:.2} ms, without median {:.2} ms p90 {:.2} ms; {differ} plays differ",
                games.len(),
                q(a, 0.5),
                q(a, 0.9),
                q(b, 0.5),
                q(b, 0.9)
            );
        }
    }
}

/// Not a check: how far the race network of the Incompleat Gamester's Backgammon (exact
/// bearing off; the one network that judges races) and the race model are from the exact
/// two-sided database, in the chance of winning (run with `--ignored --nocapture`).
#[test]
#[ignore = "a measurement"]
fn measure_the_race_network_against_the_exact_database() {
    for preset in [Preset::BackgammonIncompleat, Preset::Modern, Preset::Irish] {
        let rules = Rules::preset(preset);
        let exact = Evaluator::new(&rules);
        let before = exact.without_bearoff();
        let db = exact.bearoff().unwrap();
        let two = db.two_sided();
        let homes = &two.universe.homes;
        let (mut sum, mut worst, mut n) = (0.0f64, 0.0f32, 0);
        for (i, a) in homes.iter().enumerate().step_by(7) {
            for b in homes.iter().skip(i % 11).step_by(11) {
                let (ma, mb) = (a.iter().sum::<u8>(), b.iter().sum::<u8>());
                if ma == 0 || mb == 0 {
                    continue;
                }
                let mut pips = [0i8; 26];
                for k in 0..6 {
                    pips[k + 1] = a[k] as i8;
                    pips[24 - k] = -(b[k] as i8);
                }
                let pos = Position::from_pips(pips).unwrap();
                let truth = two.win(a, b).unwrap();
                let d = (before.chances(&pos).win - truth).abs();
                assert!((exact.chances(&pos).win - truth).abs() < 1e-6);
                sum += f64::from(d);
                worst = worst.max(d);
                n += 1;
            }
        }
        println!(
            "{preset:?}: {n} races of at most 6 men a side; before the databases the chance of winning was off by {:.4} on average, {worst:.3} at worst",
            sum / f64::from(n)
        );
    }
}

#[test]
fn a_certain_backgammon_is_resigned_as_one() {
    use gamester_core::ai::{Decision, decide};
    use gamester_rules::tables::{Action, Game, Layout, Opening, Phase};
    // Given a game at the issue's position, the side with fifteen men on the bar to throw
    let mut rules = modern();
    rules.layout = Layout::Custom(fifteen_on_the_bar().to_setup(Side::White));
    rules.opening = Opening::ThrowAgain;
    let mut game = Game::new(rules).unwrap();
    game.apply(Action::ThrowOff { white: 6, black: 1 }).unwrap();
    assert_eq!((game.turn(), game.phase()), (Side::White, Phase::ToThrow));
    // Then it gives up the backgammon it cannot save, and the cube is worth nothing to it
    assert_eq!(
        decide(&game, Level::Expert),
        Some(Decision::Action(Action::Resign(3)))
    );
    let values = gamester_core::ai::decide::cube_values_for(&game, Level::Expert);
    assert_eq!(values.no_double, -3.0, "{values:?}");
}

#[test]
fn a_gammon_saved_with_every_throw_is_a_single_loss_and_a_shot_is_no_certainty() {
    let rules = modern();
    let eval = Evaluator::new(&rules);
    // The adversary bears his last two men off with any throw; the side on roll brings its
    // last man home and bears a man off with any throw: it loses a single game, exactly
    let pos: Position = "7:1 6:2 5:2 4:2 3:3 2:2 1:3 / 1:2 off:13".parse().unwrap();
    assert!(eval.certain(&pos).is_some());
    assert_eq!(eval.value(&pos), -1.0);
    // With one man left on his ace point, fifteen men on the bar may hit it with a 1: no
    // certainty
    let mut pips = [0i8; 26];
    pips[25] = 15;
    pips[24] = -1;
    let shot = Position::from_pips(pips).unwrap();
    assert_eq!(eval.certain(&shot), None);
}

#[test]
fn the_issues_position_has_this_id() {
    // The ID `gamester hint` is tested with (tests/program/cli/ai.rs).
    assert_eq!(
        position_id::decode("AwAAAAAA+P8DAA").unwrap(),
        fifteen_on_the_bar()
    );
}

/// A bear-off of five men against six in an 11-point match at 0–0, the roller owning the cube
/// at 2 (a position of gnubg's matches): GNU Backgammon 1.07 values it from its two-sided
/// database, the cube's efficiency for each owner taken from the exact stakes values. Its
/// values: no redouble 0.7338 and redouble, take 1.0128 at 0 plies; 0.7402 and 1.0135 at 2
/// plies, "Redouble, pass". Janowski's mix at a fixed efficiency made it a take (0.870).
#[test]
fn a_small_bear_off_is_cubed_as_gnubg_cubes_it_by_its_exact_stakes_values() {
    let rules = modern();
    let at = CubeAt {
        position: position_id::decode("ewAAgCUBAAAAAA").unwrap(),
        access: Access::Mine,
        score: Some(MatchScore {
            me: 11,
            them: 11,
            cube: 2,
            crawford_to_come: true,
        }),
        jacoby_single: false,
        stakes: rules.stakes,
    };
    let fair = cube_hint_at(&rules, &at, Side::White, true, false, Level::Fair);
    assert!((fair.values.no_double - 0.7338).abs() < 0.002, "{fair:?}");
    assert!((fair.values.double_take - 1.0128).abs() < 0.002, "{fair:?}");
    let expert = cube_hint_at(&rules, &at, Side::White, true, false, Level::Expert);
    assert!(
        (expert.values.no_double - 0.7402).abs() < 0.005,
        "{expert:?}"
    );
    assert!(
        (expert.values.double_take - 1.0135).abs() < 0.005,
        "{expert:?}"
    );
    assert_eq!(expert.action, CubeAction::DoublePass, "{expert:?}");
}

//! Exact races and certain results (`ai::bearoff`, `ai::certain`): a certain backgammon is
//! valued −3 by the evaluation, the search and the cube hint; a race with both sides home is
//! judged by the bear-off databases, so plays that are equal are valued equal.

use gamester_core::ai::cube::Access;
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

/// The position: the side on roll has all 15 men on the bar; the adversary has his
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
    // gnubg: the best plays of 3-1 here are worth exactly the same.
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
    assert!((values[0].0 - values[1].0).abs() < 1e-4, "{values:?}");
}

//! Crashed positions (contact, and a side with eight men or more borne off), which the modern
//! network judged worst: the network of their own must judge them as GNU Backgammon does better
//! than the main network alone, on positions neither was trained on: every crashed position
//! before a throw in four sets of gnubg's matches against itself (tests/data/gnubg_crashed.txt,
//! with gnubg's 0-ply chances).

use std::sync::Arc;

use gamester_core::ai::Kind;
use gamester_core::ai::eval::Evaluator;
use gamester_core::ai::net::Net;
use gamester_rules::tables::{Position, Preset, Rules, position_id};

/// The fixture's positions and gnubg's cubeless equity for the side on roll.
fn fixture() -> Vec<(Position, f32)> {
    include_str!("../../../../tests/data/gnubg_crashed.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let t: Vec<&str> = line.split_whitespace().collect();
            let p: Vec<f32> = t[1..6].iter().map(|x| x.parse().unwrap()).collect();
            let equity = 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4];
            (position_id::decode(t[0]).unwrap(), equity)
        })
        .collect()
}

fn rms(ev: &Evaluator, positions: &[(Position, f32)]) -> f32 {
    let sum: f32 = positions
        .iter()
        .map(|(pos, e)| (ev.value(pos) - e).powi(2))
        .sum();
    (sum / positions.len() as f32).sqrt()
}

#[test]
fn crashed_positions_are_judged_by_their_own_network_and_nearer_gnubg() {
    let rules = Rules::preset(Preset::Modern);
    let positions = fixture();
    assert!(positions.len() >= 500, "{}", positions.len());
    assert!(positions.iter().all(|(p, _)| Evaluator::crashed(p)));
    let with = Evaluator::new(&rules);
    let without = Evaluator::with_net(&rules, Kind::Modern.shipped())
        .with_screen(Kind::Modern.shipped_screen());
    let (own, main) = (rms(&with, &positions), rms(&without, &positions));
    eprintln!("equity error (rms) against gnubg 0-ply: own network {own:.4}, main {main:.4}");
    // The main network's error is about 0.09 here; its own network's must be well below.
    assert!(own < 0.8 * main, "own {own:.4}, main {main:.4}");
    assert!(own < 0.075, "own {own:.4}");
}

#[test]
fn only_crashed_positions_are_judged_by_the_crashed_network_and_only_in_modern_backgammon() {
    let crashed: Arc<Net> = Kind::Modern
        .shipped_crashed()
        .expect("the modern crashed network");
    for kind in Kind::ALL {
        assert_eq!(
            kind.shipped_crashed().is_some(),
            kind == Kind::Modern,
            "{kind}"
        );
    }
    let rules = Rules::preset(Preset::Modern);
    let with = Evaluator::new(&rules);
    let without = Evaluator::with_net(&rules, Kind::Modern.shipped());
    let (pos, _) = fixture()[0];
    // A crashed position: the two evaluations differ, and the crashed one is that network's.
    let inputs = with.inputs(&pos).unwrap();
    let out = crashed.forward(&inputs);
    assert!((with.chances(&pos).win - out[0]).abs() < 1e-6);
    assert!((with.chances(&pos).win - without.chances(&pos).win).abs() > 1e-4);
    // The start, and a position with contact where seven men are off: the main network's.
    let start = gamester_rules::tables::Game::new(rules.clone())
        .unwrap()
        .start();
    assert!(!Evaluator::crashed(&start));
    assert_eq!(with.chances(&start), without.chances(&start));
    let seven_off = crate::common::pos("24:2 6:6 off:7 / 2:1 13:14");
    assert!(Evaluator::contact(&seven_off) && !Evaluator::crashed(&seven_off));
    assert_eq!(with.chances(&seven_off), without.chances(&seven_off));
    let eight_off = crate::common::pos("24:1 6:6 off:8 / 2:1 13:14");
    assert!(Evaluator::crashed(&eight_off));
    assert_ne!(with.chances(&eight_off), without.chances(&eight_off));
}

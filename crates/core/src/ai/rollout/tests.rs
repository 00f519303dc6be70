use super::*;
use crate::tables::Preset;

fn quiet(rules: &Rules, pos: &Position, settings: &Settings) -> Result<Rollout, RolloutError> {
    rollout(rules, pos, settings, &mut |_| {}, &AtomicBool::new(false))
}

/// The side on roll's last man on its ace point; the adversary's fifteen on his own ace.
fn last_man() -> Position {
    let mut pips = [0i8; 26];
    pips[1] = 1;
    pips[24] = -15;
    Position::from_pips(pips).unwrap()
}

/// A race: the side on roll five men on its points 1 to 5, the adversary five on its 2 to 6;
/// the rest borne off.
fn race() -> Position {
    let mut pips = [0i8; 26];
    for p in 1..=5 {
        pips[p] = 1;
    }
    for p in 2..=6 {
        pips[25 - p] = -1;
    }
    Position::from_pips(pips).unwrap()
}

fn settings(trials: usize) -> Settings {
    Settings {
        trials,
        ..Settings::default()
    }
}

#[test]
fn rollout_of_a_sure_win_wins_every_game_for_what_the_stakes_pay() {
    let irish = Rules::preset(Preset::Irish);
    let r = quiet(&irish, &last_man(), &settings(36)).unwrap();
    assert_eq!(r.trials, 36);
    assert_eq!((r.win.mean, r.win.se, r.lose.mean), (1.0, 0.0, 0.0));
    assert_eq!((r.equity.mean, r.equity.se), (1.0, 0.0));
    // Modern stakes: the adversary has borne off no man, a gammon every time.
    let modern = Rules::preset(Preset::Modern);
    let r = quiet(&modern, &last_man(), &settings(36)).unwrap();
    assert_eq!(r.win_kinds[0].mean, 1.0);
    assert_eq!(r.win_kinds[1].mean, 0.0);
    assert_eq!(r.equity.mean, 2.0);
    assert!(r.cubeful(Access::Centred).mean > 0.99);
}

#[test]
fn rollout_is_the_same_on_one_thread_as_on_three() {
    let rules = Rules::preset(Preset::Modern);
    let one = Settings {
        threads: Some(1),
        ..settings(72)
    };
    let three = Settings {
        threads: Some(3),
        ..one
    };
    let a = quiet(&rules, &race(), &one).unwrap();
    assert_eq!(a, quiet(&rules, &race(), &three).unwrap());
    assert_eq!(a.trials, 72);
    // Another seed, other games.
    let other = Settings { seed: 2, ..one };
    assert_ne!(a, quiet(&rules, &race(), &other).unwrap());
}

#[test]
fn rollout_variance_reduction_narrows_the_interval_without_moving_the_mean() {
    let rules = Rules::preset(Preset::Modern);
    let r = quiet(&rules, &race(), &settings(432)).unwrap();
    assert!(r.variance_reduction);
    let (reduced, plain) = (r.equity, r.plain_equity);
    assert!(
        reduced.se < 0.7 * plain.se,
        "reduced {reduced:?} plain {plain:?}"
    );
    // The two means are of the same games: they differ by the mean luck, which is within
    // its own noise of zero.
    let apart = (reduced.mean - plain.mean).abs();
    assert!(
        apart < 3.0 * plain.se,
        "reduced {reduced:?} plain {plain:?}"
    );
    // Without the reduction the equity is the plain one.
    let off = Settings {
        variance_reduction: false,
        ..settings(432)
    };
    let r_off = quiet(&rules, &race(), &off).unwrap();
    assert_eq!(r_off.equity, plain);
    assert_eq!(r_off.win, r.win);
}

#[test]
fn rollout_stops_when_the_interval_is_narrow_enough_at_a_multiple_of_36() {
    let rules = Rules::preset(Preset::Irish);
    let narrow = Settings {
        width: Some(0.3),
        ..settings(3600)
    };
    let mut seen = 0;
    let r = rollout(
        &rules,
        &race(),
        &narrow,
        &mut |so_far| seen = so_far.trials,
        &AtomicBool::new(false),
    )
    .unwrap();
    assert!(
        r.trials < 3600 && r.trials.is_multiple_of(36),
        "{}",
        r.trials
    );
    assert!(r.narrower_than(0.3));
    assert_eq!(seen, r.trials);
}

#[test]
fn rollout_stopped_from_outside_counts_what_it_has() {
    let rules = Rules::preset(Preset::Irish);
    let r = rollout(
        &rules,
        &race(),
        &settings(360),
        &mut |_| {},
        &AtomicBool::new(true),
    )
    .unwrap();
    assert_eq!(r.trials, 0);
}

#[test]
fn rollout_plays_out_every_game_at_tables_from_its_start() {
    for preset in Preset::ALL {
        let rules = Rules::preset(preset);
        let start = rules.layout.position(Side::White).unwrap();
        let r = quiet(&rules, &start, &settings(4)).unwrap();
        assert_eq!(r.trials, 4, "{preset:?}");
        let total = r.win.mean + r.lose.mean + r.draw.mean;
        assert!((total - 1.0).abs() < 1e-9, "{preset:?}");
        if preset == Preset::TickTack {
            assert!(!r.variance_reduction);
        }
    }
}

#[test]
fn quasi_random_dice_throw_every_pair_of_first_and_second_throws_once() {
    let rules = Rules::preset(Preset::Irish);
    let runner = Runner::new(&rules, &race(), &settings(1296));
    let mut rng = StdRng::seed_from_u64(0);
    let mut seen = std::collections::HashSet::new();
    for i in 0..1296 {
        seen.insert((runner.code(i, 0, &mut rng), runner.code(i, 1, &mut rng)));
    }
    assert_eq!(seen.len(), 1296);
    let firsts: std::collections::HashSet<_> =
        (0..36).map(|i| runner.code(i, 0, &mut rng)).collect();
    assert_eq!(firsts.len(), 36);
    let fails = Rules::preset(Preset::Fails);
    let runner = Runner::new(&fails, &race(), &settings(216));
    let firsts: std::collections::HashSet<_> =
        (0..216).map(|i| runner.code(i, 0, &mut rng)).collect();
    assert_eq!(firsts.len(), 216);
}

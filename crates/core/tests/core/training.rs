//! Training the networks (`gamester_train`): TD self-play's targets and rounds, and the
//! optimiser that distillation and fitting share.

mod td {
    use std::sync::Arc;

    use gamester_core::ai::net::Net;
    use gamester_core::ai::search::Searcher;
    use gamester_rules::tables::{EndReason, Outcome, Position, Rules, Side, WinKind};
    use gamester_train::td::*;

    use gamester_core::ai::net::Outputs;
    use gamester_rules::tables::Preset;

    #[test]
    fn the_end_of_a_game_is_told_from_each_side() {
        let gammon = Outcome {
            winner: Some(Side::White),
            stake: 2,
            reason: EndReason::BoreOff(WinKind::Gammon),
        };
        assert_eq!(
            outcome_chances(&gammon, Side::White, None),
            [1.0, 1.0, 0.0, 0.0, 0.0]
        );
        assert_eq!(
            outcome_chances(&gammon, Side::Black, None),
            [0.0, 0.0, 0.0, 1.0, 0.0]
        );
        let backgammon = Outcome {
            reason: EndReason::BoreOff(WinKind::Backgammon),
            ..gammon
        };
        assert_eq!(
            outcome_chances(&backgammon, Side::Black, None),
            [0.0, 0.0, 0.0, 1.0, 1.0]
        );
        let doublets = Outcome {
            reason: EndReason::BoreOff(WinKind::Doublets),
            ..gammon
        };
        assert_eq!(
            outcome_chances(&doublets, Side::White, None),
            [1.0, 0.0, 0.0, 0.0, 0.0]
        );
        let unplayable = Outcome {
            winner: Some(Side::Black),
            stake: 1,
            reason: EndReason::UnplayableDie,
        };
        assert_eq!(outcome_chances(&unplayable, Side::White, None), [0.0; 5]);
        let blocked = Outcome {
            winner: None,
            stake: 0,
            reason: EndReason::Blocked,
        };
        assert_eq!(outcome_chances(&blocked, Side::Black, None)[0], 0.5);
        let c = [0.6, 0.2, 0.05, 0.1, 0.01];
        assert_eq!(flip(flip(c)), c);
        assert_eq!(flip(c), [1.0 - 0.6, 0.1, 0.01, 0.2, 0.05]);
    }

    #[test]
    fn with_lambda_one_every_target_is_the_end_of_the_game() {
        let rules = Rules::preset(Preset::Irish);
        let net = Arc::new(Net::seeded(5));
        let settings = TdSettings {
            lambda: 1.0,
            ..TdSettings::default()
        };
        let g = game_samples(&rules, &net, 17, settings).unwrap();
        assert!(!g.samples.is_empty());
        // Under Irish's single stakes nothing is big; the targets are 0 or 1 for the side on
        // roll, and both appear (each side's positions are learned).
        for s in &g.samples {
            assert!(s.target[0] == 0.0 || s.target[0] == 1.0, "{:?}", s.target);
            assert_eq!(s.target[1..], [0.0; 4]);
        }
        assert!(g.samples.iter().any(|s| s.target[0] == 1.0));
        assert!(g.samples.iter().any(|s| s.target[0] == 0.0));
    }

    #[test]
    fn a_network_of_the_stakes_learns_nards_count_from_every_position() {
        let nard = Outcome {
            winner: Some(Side::Black),
            stake: 12,
            reason: EndReason::BoreOff(WinKind::NardCount),
        };
        assert_eq!(
            outcome_chances(&nard, Side::Black, Some(60.0)),
            [1.0, 0.2, 0.0, 0.0, 0.0]
        );
        assert_eq!(
            outcome_chances(&nard, Side::White, Some(60.0)),
            [0.0, 0.0, 0.0, 0.2, 0.0]
        );
        let rules = Rules::preset(Preset::Nard);
        let mut net = Net::seeded(5);
        net.outputs = Outputs::Stakes;
        let net = Arc::new(net);
        let settings = TdSettings {
            lambda: 1.0,
            ..TdSettings::default()
        };
        let counted = game_samples(&rules, &net, 17, settings).unwrap();
        // Every target is the one count the game was won by, on the winner's side or the
        // loser's, and it is a whole count of at least 1.
        let count = counted.samples[0].target[1].max(counted.samples[0].target[3]);
        let whole = count * 60.0;
        assert!(
            whole >= 1.0 && (whole - whole.round()).abs() < 1e-4,
            "{count}"
        );
        for s in &counted.samples {
            assert!(
                s.target == [1.0, count, 0.0, 0.0, 0.0] || s.target == [0.0, 0.0, 0.0, count, 0.0],
                "{:?}",
                s.target
            );
        }
        // The race at the end is learned too (a network of chances learns contact only).
        assert!(counted.samples.iter().any(|s| !has_contact(&s.x)));
        let chances = Arc::new(Net {
            outputs: Outputs::Chances,
            ..(*net).clone()
        });
        let contact = game_samples(&rules, &chances, 17, settings).unwrap();
        assert!(contact.samples.iter().all(|s| has_contact(&s.x)));
    }

    #[test]
    fn a_network_that_judges_races_learns_them() {
        let rules = Rules::preset(Preset::Irish);
        let settings = TdSettings {
            lambda: 1.0,
            ..TdSettings::default()
        };
        let mut net = Net::seeded(5);
        let contact = game_samples(&rules, &Arc::new(net.clone()), 17, settings).unwrap();
        assert!(contact.samples.iter().all(|s| has_contact(&s.x)));
        net.races = true;
        let all = game_samples(&rules, &Arc::new(net), 17, settings).unwrap();
        assert!(all.samples.iter().any(|s| !has_contact(&s.x)));
        // Still the chances of Irish's single game: won or lost.
        assert!(
            all.samples
                .iter()
                .all(|s| s.target[1..] == [0.0; 4] && (s.target[0] == 0.0 || s.target[0] == 1.0))
        );
    }

    /// Whether the position whose inputs are `x` has contact, read back from the men's inputs
    /// (a man on a point sets the first of its four; a side's bar is its 97th input).
    fn has_contact(x: &[f32; gamester_core::ai::net::INPUTS]) -> bool {
        const SIDE: usize = 98;
        let rearmost = |base: usize| {
            if x[base + 96] > 0.0 {
                return 25;
            }
            (1..=24)
                .rev()
                .find(|&i| x[base + (i - 1) * 4] > 0.0)
                .unwrap_or(0)
        };
        // Each side counts its own points from its home; the adversary's point j is our 25 − j.
        rearmost(0) + rearmost(SIDE) > 25
    }

    #[test]
    fn with_lambda_zero_each_target_is_the_next_judgement() {
        let rules = Rules::preset(Preset::Irish);
        let net = Arc::new(Net::seeded(5));
        let settings = TdSettings {
            lambda: 0.0,
            ..TdSettings::default()
        };
        let g = game_samples(&rules, &net, 17, settings).unwrap();
        // The seeded network judges every position near its mean, so no target but the last
        // may be 0 or 1.
        let inner = &g.samples[1..];
        assert!(inner.iter().all(|s| s.target[0] > 0.0 && s.target[0] < 1.0));
    }

    #[test]
    fn one_throw_ahead_a_side_that_bears_off_with_any_throw_has_won() {
        // Each side has one man left on its ace point, or two: the side on roll bears them off
        // whatever it throws (Irish doublets give two moves, as any throw).
        let net = Net::seeded(5);
        let rules = Rules::preset(Preset::Irish);
        let searcher = Searcher::new(&rules);
        let board = |men: i8| {
            let mut pips = [0i8; 26];
            (pips[1], pips[24]) = (men, -men);
            Position::from_pips(pips).unwrap()
        };
        let last = board(1);
        let c = looked_ahead(&searcher, &net, &last);
        assert!((c[0] - 1.0).abs() < 1e-6 && c[1..] == [0.0; 4], "{c:?}");
        let two = board(2);
        let c = looked_ahead(&searcher, &net, &two);
        assert!((c[0] - 1.0).abs() < 1e-6, "{c:?}");
    }

    #[test]
    fn a_round_is_the_same_whatever_the_threads() {
        let rules = Rules::preset(Preset::Irish);
        let settings = |threads| TdSettings {
            games_per_round: 4,
            threads,
            ..TdSettings::default()
        };
        let mut one = Training::new(rules.clone(), Net::seeded(2), settings(1), 9, 0);
        let mut two = Training::new(rules, Net::seeded(2), settings(2), 9, 0);
        let (a, b) = (one.round().unwrap(), two.round().unwrap());
        assert_eq!(a.positions, b.positions);
        assert_eq!(one.net, two.net);
        assert_eq!(one.games, 4);
    }
}

mod learn {
    use gamester_core::ai::net::{INPUTS, Net, OUTPUTS};
    use gamester_train::learn::*;

    #[test]
    fn a_few_steps_lower_the_error_on_a_fixed_set() {
        // A fixed set of sparse inputs with targets a smooth function of them.
        let samples: Vec<Sample> = (0..64)
            .map(|k| {
                let mut x = [0.0f32; INPUTS];
                for i in 0..12 {
                    x[(k * 7 + i * 13) % INPUTS] = 1.0;
                }
                let a = (k % 8) as f32 / 8.0;
                Sample {
                    x,
                    target: [a, a * 0.5, 0.0, 1.0 - a, 0.1],
                }
            })
            .collect();
        let mut net = Net::seeded(11);
        let before = mean_squared_error(&net, &samples);
        let mut adam = Adam::new(0.003);
        let all: Vec<&Sample> = samples.iter().collect();
        for _ in 0..30 {
            for batch in all.chunks(16) {
                adam.step(&mut net, batch, &[1.0; OUTPUTS]);
            }
        }
        let after = mean_squared_error(&net, &samples);
        for o in 0..OUTPUTS {
            assert!(
                after[o] < before[o] * 0.5,
                "output {o}: {} before, {} after",
                before[o],
                after[o]
            );
        }
    }
}

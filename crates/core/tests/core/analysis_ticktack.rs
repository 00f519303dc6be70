//! The analysis of a game of Tick-tack: each score a player could have claimed and let pass is
//! a decision of his, judged at what the claim would have counted, and nothing else is; the
//! decisions survive being kept in a save and given back.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use gamester_core::ai::analysis::{Choice, analyse};
use gamester_core::ai::judge::Mark;
use gamester_core::kept_analysis;
use gamester_core::level::Level;
use gamester_core::save::GameRecord;
use gamester_rules::tables::ticktack::Claim;
use gamester_rules::tables::{Action, FairDice, Game, Phase, Preset, Rules, Side};

/// A game of `rules` played at random, each open claim made or let pass at the toss of a
/// coin; with the claims let pass (side, claim, what it would have counted) as the player
/// chose them, those the play that followed made moot (the game ended by it) left out.
fn played_at_random(rules: &Rules, seed: u64) -> (Game, Vec<(Side, Claim)>) {
    let mut game = Game::new(rules.clone()).unwrap();
    let mut dice = FairDice::seeded(seed);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut passed = Vec::new();
    for _ in 0..2000 {
        if game.is_over() {
            break;
        }
        let side = game.turn();
        let mut let_pass = Vec::new();
        if matches!(game.phase(), Phase::ToThrow | Phase::Playing) {
            for claim in game.open_claims(side) {
                if !game.open_claims(side).contains(&claim) {
                    continue;
                }
                if rng.random_bool(0.5) {
                    game.apply(Action::Claim(claim)).unwrap();
                } else if !(claim == Claim::Hit && game.hit_loses_two()) {
                    // (a hit that would lose two, going in being open, is no score let pass)
                    let_pass.push((side, claim));
                }
            }
        }
        if game.is_over() {
            break;
        }
        match game.phase() {
            Phase::Playing => {
                let plays = game.legal_plays();
                let play = plays[rng.random_range(0..plays.len())];
                game.apply_play(&play).unwrap();
            }
            _ => {
                game.throw_with(&mut dice).unwrap();
            }
        }
        if !game.is_over() {
            passed.extend(let_pass);
        }
    }
    (game, passed)
}

fn tick_tack(first_score_ends: bool) -> Rules {
    let mut rules = Rules::preset(Preset::TickTack);
    rules.first_score_ends = first_score_ends;
    rules
}

#[test]
fn every_score_let_pass_at_tick_tack_is_a_decision_judged_at_what_it_would_have_counted() {
    let mut seen = [0usize; 3];
    for (k, first_score_ends) in [false, true].into_iter().enumerate() {
        let rules = tick_tack(first_score_ends);
        for seed in 0..24u64 {
            let (game, passed) = played_at_random(&rules, seed * 2 + k as u64);
            let analysis = analyse(&game, game.record(), Level::Fair, &|_, _| {}).unwrap();
            let found: Vec<(Side, Claim, f32)> = analysis
                .decisions
                .iter()
                .filter_map(|d| match d.choice {
                    Choice::Claim { missed } => Some((d.side, missed, d.loss)),
                    _ => None,
                })
                .collect();
            // Each claim the player let pass is found, in order, and only those
            let sides_and_claims: Vec<(Side, Claim)> =
                found.iter().map(|&(s, c, _)| (s, c)).collect();
            assert_eq!(sides_and_claims, passed, "seed {seed}, {first_score_ends}");
            for &(_, claim, loss) in &found {
                // judged at the claim's points, or where the first score ends, the game
                let counted = if first_score_ends {
                    game.cube().value as f32
                } else {
                    claim.score().worth(&rules) as f32
                };
                assert!(
                    (loss - counted).abs() < 1e-6,
                    "{claim:?}: {loss} for {counted}"
                );
                assert_eq!(Mark::of(loss), Mark::VeryBad);
                seen[claim as usize] += 1;
            }
        }
    }
    // The games let pass every kind of claim
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn a_claim_made_is_no_decision() {
    // A game whose every open claim is made: no claim is judged
    let rules = tick_tack(false);
    let mut game = Game::new(rules).unwrap();
    let mut dice = FairDice::seeded(5);
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..2000 {
        if game.is_over() {
            break;
        }
        if let Some(&claim) = game.open_claims(game.turn()).first() {
            game.apply(Action::Claim(claim)).unwrap();
            continue;
        }
        if game.phase() == Phase::Playing {
            let plays = game.legal_plays();
            game.apply_play(&plays[rng.random_range(0..plays.len())])
                .unwrap();
        } else {
            game.throw_with(&mut dice).unwrap();
        }
    }
    assert!(game.record().iter().any(|a| matches!(a, Action::Claim(_))));
    let analysis = analyse(&game, game.record(), Level::Novice, &|_, _| {}).unwrap();
    assert!(
        !analysis
            .decisions
            .iter()
            .any(|d| matches!(d.choice, Choice::Claim { .. }))
    );
}

#[test]
fn the_scores_let_pass_are_kept_in_the_save_and_given_back() {
    let rules = tick_tack(false);
    let (game, passed) = (0..40u64)
        .map(|seed| played_at_random(&rules, seed))
        .find(|(_, passed)| passed.len() >= 2)
        .unwrap();
    let analysis = analyse(&game, game.record(), Level::Novice, &|_, _| {}).unwrap();
    let saved = kept_analysis::to_saved(&analysis);
    let record = GameRecord::of_game(&game).unwrap();
    let back = kept_analysis::from_saved(&saved, &record).unwrap();
    assert_eq!(back, analysis);
    assert!(
        back.decisions
            .iter()
            .filter(|d| matches!(d.choice, Choice::Claim { .. }))
            .count()
            >= passed.len().min(2)
    );
}

//! The computer at Tick-tack: it claims every score open to it (the expert), every game it
//! plays ends by the scores, it beats random play and the novice, and its judge weighs the
//! scores of a play, not a network.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gamester_core::ai::contest::Contender;
use gamester_core::ai::{Decision, decide};
use gamester_core::level::Level;
use gamester_rules::tables::{Action, Claim, EndReason, FairDice, Game, Preset, Rules};

use super::ai::contest;

#[test]
fn the_computer_plays_tick_tack_the_expert_claiming_every_score_open() {
    // Given Tick-tack, its claims by the players, its vies, and its scores adding up
    let mut vie = Rules::preset(Preset::VieTickTack);
    vie.first_score_ends = false;
    for (k, rules) in [Rules::preset(Preset::TickTack), vie]
        .into_iter()
        .enumerate()
    {
        for seed in 0..6u64 {
            let mut game = Game::new(rules.clone()).unwrap();
            let mut dice = FairDice::seeded(seed * 7 + k as u64);
            let level = Level::ALL[(seed % 3) as usize];
            for _ in 0..3000 {
                if game.is_over() {
                    break;
                }
                let open = game
                    .actor()
                    .map(|s| game.open_claims(s))
                    .unwrap_or_default();
                let decision = decide(&game, level);
                // Then the expert makes every claim open (a hit only when no play scores
                // more), before anything else
                if level == Level::Expert
                    && let Some(&claim) = open.first()
                {
                    let outscored = claim == Claim::Hit
                        && matches!(decision, Some(Decision::Play(p)) if {
                            let mut g = game.clone();
                            g.apply_play(&p).unwrap();
                            g.outcome().is_some_and(|o| o.stake >= 2)
                                || !rules.first_score_ends
                        });
                    if !outscored {
                        assert_eq!(decision, Some(Decision::Action(Action::Claim(claim))));
                    }
                }
                match decision {
                    Some(Decision::Play(p)) => {
                        game.apply_play(&p).unwrap();
                    }
                    Some(Decision::Action(a)) => {
                        game.apply(a).unwrap();
                    }
                    None => {
                        game.throw_with(&mut dice).unwrap();
                    }
                }
            }
            // And every game, at every level, comes to its end by its scores (or a vie
            // yielded)
            assert!(
                matches!(
                    game.outcome().map(|o| o.reason),
                    Some(EndReason::Scored(_) | EndReason::MostPoints | EndReason::Dropped)
                ),
                "{rules:?} {seed}: {:?}",
                game.outcome()
            );
        }
    }
}

#[test]
fn at_tick_tack_the_expert_beats_random_play_and_the_novice_clearly() {
    // Given 60 seeded games of Tick-tack, the expert as White, then as Black
    let random = contest(
        Preset::TickTack,
        Contender::Computer(Level::Expert),
        Contender::Random,
        60,
        300,
    );
    let novice = contest(
        Preset::TickTack,
        Contender::Computer(Level::Novice),
        Contender::Computer(Level::Expert),
        60,
        400,
    );
    // Then it wins far more than half against the random player, and more than half against
    // the novice
    assert!(random.white_wins >= 45, "{random:?}");
    assert!(novice.black_wins > novice.white_wins, "{novice:?}");
}

#[test]
fn the_judge_at_tick_tack_weighs_its_scores_not_a_network() {
    use gamester_core::ai::judge::Judge;
    use gamester_rules::tables::{Position, Throw};
    // Given a Tick-tack throw of trey and deuce that lets White go in with two men
    let rules = Rules::preset(Preset::TickTack);
    let pos: Position = "14:1 13:1 24:13 / 24:15".parse().unwrap();
    let throw = Throw::two(3, 2).unwrap();
    let judge = Judge::new(&rules, Level::Fair);
    let (plays, _) = judge.plays_of(&pos, throw).unwrap();
    let went_in = plays.iter().find(|p| p.position.at(11) == 2).unwrap();
    let other = plays.iter().find(|p| p.position.at(11) < 2).unwrap();
    // When a play that does not go in is judged
    let j = judge.play(&pos, throw, &other.position).unwrap();
    // Then the best was going in, and the play lost the double game it missed and more
    assert_eq!(j.best.position, went_in.position);
    assert!(j.loss() >= 2.0, "{j:?}");
    // And going in lost nothing
    let j = judge.play(&pos, throw, &went_in.position).unwrap();
    assert_eq!(j.loss(), 0.0);
}

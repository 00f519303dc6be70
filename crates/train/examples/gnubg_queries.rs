//! Plays to be judged by GNU Backgammon, for the fixture `tests/data/gnubg_judged.txt` that
//! `crates/core/tests/core/analysis_gnubg.rs` compares the analysis with (issue 12).
//!
//! `cargo run --release -p gamester-train --example gnubg_queries -- [GAMES] [SEED] [EVERY]` plays GAMES seeded
//! games of modern backgammon (default 40, seeds from SEED, default 1) in which each play is the
//! fair level's in three cases of four and a random legal play in the fourth, so that the
//! positions are those of real games but varied. At every EVERY-th play (default 5) with at
//! least two legal plays it prints the position, the throw and a play to judge, chosen in one of
//! three ways as often each: a random legal play (mostly bad or very bad), the fair level's
//! choice (mostly good, sometimes a mistake at depth 2), or one of the fair level's second to
//! fourth choices (mostly ok to bad: the plays near the marks' thresholds). Each distinct
//! (position, throw, play) is printed once.
//!
//! Each line is `<query>\t<id after>\t<move text>\t<random|fair|near>`, the query being what
//! `/work/shared/oracle/gnubg_eval.py` reads: `<position id> <d1> <d2> <26 ints>`, the ints being
//! the board after the play from the mover's side (his bar, points 1 to 24 with his men positive,
//! the adversary's bar). `scripts/gnubg_judged.py` runs gnubg on the queries and writes the
//! fixture.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::HashSet;

use gamester_core::ai::random::random_decision;
use gamester_core::ai::{Decision, decide, rank_plays};
use gamester_core::level::Level;
use gamester_rules::tables::notation::format_play;
use gamester_rules::tables::{ADVERSARY_BAR, BAR};
use gamester_rules::tables::{FairDice, Game, Phase, Position, Preset, Rules, position_id};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Actions after which a game is given up (none comes near it).
const MAX_ACTIONS: usize = 5000;

/// The board as gnubg's "simple" layout: the mover's bar, points 1 to 24 (his men positive),
/// the adversary's bar.
fn simple(pos: &Position) -> String {
    let p = pos.pips();
    let mut out = vec![p[BAR].to_string()];
    out.extend(p[1..=24].iter().map(i8::to_string));
    out.push((-p[ADVERSARY_BAR]).to_string());
    out.join(" ")
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("GAMES SEED EVERY are numbers"))
        .collect();
    let games = args.first().copied().unwrap_or(40);
    let seed0 = args.get(1).copied().unwrap_or(1);
    let every = args.get(2).copied().unwrap_or(5).max(1);
    let rules = Rules::preset(Preset::Modern);
    let mut seen = HashSet::new();
    let mut k = 0u64;
    for seed in seed0..seed0 + games {
        let mut game = Game::new(rules.clone()).expect("the modern preset starts");
        let mut dice = FairDice::seeded(seed);
        let mut rng = StdRng::seed_from_u64(seed ^ 0x2545_f491_4f6c_dd1d);
        for _ in 0..MAX_ACTIONS {
            if game.is_over() {
                break;
            }
            if game.phase() == Phase::Playing {
                let plays = game.legal_plays();
                let Some(throw) = game.throw() else { break };
                let fair = match decide(&game, Level::Fair) {
                    Some(Decision::Play(p)) => p,
                    other => panic!("fair gave {other:?} for a play"),
                };
                if plays.len() >= 2 {
                    k += 1;
                    if k.is_multiple_of(every) {
                        let (judged, how) = match rng.random_range(0..3) {
                            0 => (plays[rng.random_range(0..plays.len())], "random"),
                            1 => (fair, "fair"),
                            _ => {
                                let next = rank_plays(&game, Level::Fair, 4);
                                (next[rng.random_range(1..next.len())].0, "near")
                            }
                        };
                        let before = game.position_for(game.turn());
                        let id = position_id::encode(&before);
                        let after = position_id::encode(&judged.position);
                        let f = throw.faces();
                        if seen.insert((id.clone(), f[0].min(f[1]), f[0].max(f[1]), after.clone()))
                        {
                            println!(
                                "{id} {} {} {}\t{after}\t{}\t{}",
                                f[0],
                                f[1],
                                simple(&judged.position),
                                format_play(&before, &judged.steps.to_vec(), rules.bear_off),
                                how
                            );
                        }
                    }
                }
                // The game goes on with the fair play three times in four.
                let next = if rng.random_ratio(1, 4) {
                    plays[rng.random_range(0..plays.len())]
                } else {
                    fair
                };
                game.apply_play(&next).expect("a legal play");
                continue;
            }
            let decision = if game.waits_for_dice() {
                None
            } else {
                random_decision(&game, &mut rng)
            };
            match decision {
                Some(Decision::Action(a)) => {
                    game.apply(a).expect("an offered action");
                }
                Some(Decision::Play(p)) => {
                    game.apply_play(&p).expect("a legal play");
                }
                None => {
                    game.throw_with(&mut dice).expect("dice are due");
                }
            }
        }
    }
}

//! Fixed, seeded samples of play for the benchmarks: positions and throws from random games
//! (`bench movegen` and benches/movegen.rs), and games at a real choice from fair play
//! (`bench ai`). The same seeds give the same sample on every machine.

use crate::ai::contest::{Contender, PlayMade, play_game, play_game_seeing};
use crate::ai::random::RandomPlayer;
use crate::level::Level;
use crate::tables::{Action, Game, Phase, Position, Preset, Rules, Throw};

/// A fixed, seeded set of positions and throws from random games under `preset`.
#[must_use]
pub fn sample_positions(preset: Preset, games: u64) -> Vec<(Rules, Position, Throw)> {
    let rules = Rules::preset(preset);
    let mut out = Vec::new();
    for seed in 0..games {
        let Ok(mut game) = Game::new(rules.clone()) else {
            continue;
        };
        let mut player = RandomPlayer::seeded(seed);
        for _ in 0..2000 {
            if game.is_over() {
                break;
            }
            if game.phase() == Phase::Playing
                && let Some(t) = game.throw()
            {
                out.push((rules.clone(), game.position_for(game.turn()), t));
            }
            if player.act(&mut game).is_err() {
                break;
            }
        }
    }
    out
}

/// Games in the middle of a play with a real choice, from fair-against-fair games under
/// `rules`: the positions `bench ai` times.
#[must_use]
pub fn decision_sample(rules: &Rules, games: u64, every: usize) -> Vec<Game> {
    let mut out = Vec::new();
    let mut k = 0usize;
    for seed in 0..games {
        let fair = Contender::Computer(Level::Fair);
        let mut take = |game: &Game, made: PlayMade| {
            k += 1;
            if made.choices > 1 && k.is_multiple_of(every) {
                out.push(game.clone());
            }
        };
        if play_game(rules, fair, fair, seed, &mut take).is_err() {
            continue;
        }
    }
    out
}

/// Games at a cube decision from fair-against-fair games under `rules` (with the cube): every
/// `every`-th time a side may double before it throws, and every double offered: the cube
/// decisions `bench ai` times.
#[must_use]
pub fn cube_sample(rules: &Rules, games: u64, every: usize) -> Vec<Game> {
    let mut out = Vec::new();
    let mut k = 0usize;
    let fair = Contender::Computer(Level::Fair);
    for seed in 0..games {
        let mut see = |game: &Game| match game.phase() {
            Phase::ToThrow if game.choices().contains(&Action::Double) => {
                k += 1;
                if k.is_multiple_of(every) {
                    out.push(game.clone());
                }
            }
            Phase::DoubleOffered => out.push(game.clone()),
            _ => {}
        };
        if play_game_seeing(rules, fair, fair, seed, &mut |_, _| {}, &mut see).is_err() {
            continue;
        }
    }
    out
}

/// The first game of fair play against fair play under `rules` (seeds from 0 up) that lasts
/// at least `turns` turns, as it stood when its `turns`-th turn was played: the game
/// `bench analyse` judges. `None` if no game of the first hundred lasts that long.
#[must_use]
pub fn long_game(rules: &Rules, turns: u32) -> Option<Game> {
    let fair = Contender::Computer(Level::Fair);
    for seed in 0..100 {
        let mut found = None;
        let mut keep = |game: &Game, made: PlayMade| {
            if found.is_none() && game.turns() + 1 == turns {
                let mut done = game.clone();
                if done.apply_play(&made.play).is_ok() {
                    found = Some(done);
                }
            }
        };
        if play_game(rules, fair, fair, seed, &mut keep).is_ok() && found.is_some() {
            return found;
        }
    }
    None
}

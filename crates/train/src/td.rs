//! Learning a family's network by self-play: temporal-difference learning, TD(λ) in its
//! forward view (Sutton and Barto's λ-return).
//!
//! The network plays both sides at the fair level (the best play by its own judgement, no
//! look-ahead), through the engine's gate, so every rule of the game is the engine's. After
//! each game, each position with contact where a side played is given as target the λ-return:
//! the game's end (win, win big, win a modern back-gammon, and the same for the loser) mixed
//! with the network's judgement of the positions that followed, `λ` the weight of the later
//! ones. Race positions are not learned (the race model judges them) but their judgement is
//! part of the earlier positions' targets. A network of the stakes
//! ([`crate::ai::net::Outputs::Stakes`], Nard's count for one) judges and learns every position,
//! races too, and learns the stakes won or lost rather than the chances of winning big.
//! Under Fails the judgement of a position includes the chance that its side throws a die it
//! cannot play.
//!
//! Games are played a round at a time, on several threads, each with the same copy of the
//! network; the round's positions are then learned by [`Adam`] in small batches. Every game's
//! dice come from the training's seed and the game's number, so a training run is repeatable
//! whatever the number of threads.

use std::sync::Arc;

use crate::level::Level;
use crate::tables::{EndReason, Outcome, Position, Rules, Side, WinKind};

use crate::ai::contest::{Contender, ContestError, Seat, play_game};
use crate::ai::eval::Evaluator;
use crate::ai::net::{Net, OUTPUTS};
use crate::ai::search::{Depth, Searcher};
use crate::learn::{Adam, Sample, shuffle};
use crate::tables::{TurnStart, legal_plays};

/// How a training plays and learns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TdSettings {
    /// The weight of later judgements in a position's target (0: the next position's only;
    /// 1: the game's end only).
    pub lambda: f32,
    /// Adam's step size.
    pub rate: f32,
    /// Positions per step.
    pub batch: usize,
    /// Games a round, shared between the threads.
    pub games_per_round: usize,
    /// Threads that play the games.
    pub threads: usize,
    /// Whether a position's own judgement in its target is looked one throw ahead (the mean,
    /// over the throws, of what the best play of each leaves) rather than the network's
    /// judgement of the next position played: slower, but with less of the dice's noise and
    /// with the search's better judgement.
    pub lookahead: bool,
}

impl Default for TdSettings {
    fn default() -> TdSettings {
        TdSettings {
            lambda: 0.7,
            rate: 2e-4,
            batch: 32,
            games_per_round: 32,
            threads: 2,
            lookahead: false,
        }
    }
}

/// What a round of training did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoundReport {
    /// Games played so far in the whole training.
    pub games: u64,
    /// Positions learned in this round.
    pub positions: usize,
    /// Their mean squared error against their targets, per output, before learning them.
    pub error: [f32; OUTPUTS],
    /// Games of the round won by the side that moved first.
    pub first_wins: usize,
}

/// A training in progress.
#[derive(Clone, Debug)]
pub struct Training {
    pub rules: Rules,
    pub net: Net,
    pub settings: TdSettings,
    /// Games played so far; the next game is number `games`.
    pub games: u64,
    pub seed: u64,
    adam: Adam,
}

impl Training {
    /// A training of `net` under `rules`, having played `games` games already.
    #[must_use]
    pub fn new(rules: Rules, net: Net, settings: TdSettings, seed: u64, games: u64) -> Training {
        Training {
            rules,
            net,
            settings,
            games,
            seed,
            adam: Adam::new(settings.rate),
        }
    }

    /// Plays one round of games and learns from them.
    ///
    /// # Errors
    /// A [`ContestError`] if the rules refuse an action of the self-play (a bug).
    pub fn round(&mut self) -> Result<RoundReport, ContestError> {
        let net = Arc::new(self.net.clone());
        let n = self.settings.games_per_round.max(1);
        let threads = self.settings.threads.clamp(1, n);
        let first = self.games;
        let (rules, seed, settings) = (&self.rules, self.seed, self.settings);
        type Played = Vec<(usize, Result<GameSamples, ContestError>)>;
        let played: Vec<Played> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let net = Arc::clone(&net);
                    scope.spawn(move || {
                        (t..n)
                            .step_by(threads)
                            .map(|k| {
                                let game = first + k as u64;
                                (
                                    k,
                                    game_samples(rules, &net, game_seed(seed, game), settings),
                                )
                            })
                            .collect()
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        // In the order of the games, whichever thread played them.
        let mut played: Played = played.into_iter().flatten().collect();
        played.sort_by_key(|(k, _)| *k);
        let mut samples = Vec::new();
        let mut first_wins = 0;
        for (_, g) in played {
            let g = g?;
            first_wins += usize::from(g.first_won);
            samples.extend(g.samples);
        }
        self.games += n as u64;
        shuffle(&mut samples, game_seed(self.seed, self.games));
        let mut error = [0.0f32; OUTPUTS];
        let refs: Vec<&Sample> = samples.iter().collect();
        for batch in refs.chunks(self.settings.batch.max(1)) {
            let e = self.adam.step(&mut self.net, batch, &[1.0; OUTPUTS]);
            for (acc, e) in error.iter_mut().zip(e) {
                *acc += e;
            }
        }
        let count = samples.len().max(1) as f32;
        Ok(RoundReport {
            games: self.games,
            positions: samples.len(),
            error: error.map(|e| e / count),
            first_wins,
        })
    }
}

/// The dice seed of game number `game` of a training seeded `seed`.
#[must_use]
pub fn game_seed(seed: u64, game: u64) -> u64 {
    let mut h = seed ^ 0x9e37_79b9_7f4a_7c15_u64.wrapping_mul(game.wrapping_add(1));
    h ^= h >> 31;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^ (h >> 29)
}

/// One self-play game's positions to learn, and whether the first side to move won.
#[derive(Clone, Debug)]
pub struct GameSamples {
    pub samples: Vec<Sample>,
    pub first_won: bool,
}

/// What the game's end teaches a network, from `side`: its chances to win, win big, win a
/// modern back-gammon, lose big, lose a modern back-gammon; or for a network of the stakes
/// (`stakes_scale`, the most a game can score: [`Evaluator::stakes_scale`]), the stakes it wins
/// or loses (the game played without the cube) over that most. A draw is half a win.
#[must_use]
pub fn outcome_chances(outcome: &Outcome, side: Side, stakes_scale: Option<f32>) -> [f32; OUTPUTS] {
    end_chances(
        outcome.reason,
        outcome.winner.map(|w| w == side),
        outcome.stake,
        stakes_scale,
    )
}

/// What a game's end teaches, for a side: `won` whether it won (`None`: a draw), `stake` the
/// stakes the winner scored.
fn end_chances(
    reason: EndReason,
    won: Option<bool>,
    stake: u32,
    stakes_scale: Option<f32>,
) -> [f32; OUTPUTS] {
    if let Some(most) = stakes_scale {
        let share = (stake as f32 / most).min(1.0);
        return match won {
            Some(true) => [1.0, share, 0.0, 0.0, 0.0],
            Some(false) => [0.0, 0.0, 0.0, share, 0.0],
            None => [0.5, 0.0, 0.0, 0.0, 0.0],
        };
    }
    let (big, triple) = match reason {
        EndReason::BoreOff(kind) => (
            matches!(
                kind,
                WinKind::BackGammon
                    | WinKind::BackGammonOnDoublets
                    | WinKind::Gammon
                    | WinKind::Backgammon
            ),
            kind == WinKind::Backgammon,
        ),
        _ => (false, false),
    };
    let (big, triple) = (f32::from(u8::from(big)), f32::from(u8::from(triple)));
    match won {
        Some(true) => [1.0, big, triple, 0.0, 0.0],
        Some(false) => [0.0, 0.0, 0.0, big, triple],
        None => [0.5, 0.0, 0.0, 0.0, 0.0],
    }
}

/// The same chances seen from the other side.
#[must_use]
pub fn flip(c: [f32; OUTPUTS]) -> [f32; OUTPUTS] {
    [1.0 - c[0], c[3], c[4], c[1], c[2]]
}

/// What the evaluation (with its network) gives the side on roll in `pos`, before it throws:
/// the network's outputs with contact, the race model's without, and under Fails the chance of
/// a die it cannot play counted as a single game lost.
fn judged(eval: &Evaluator, net: &Net, pos: &Position) -> [f32; OUTPUTS] {
    let mut c = match eval.inputs(pos) {
        Some(x) => net.forward(&x),
        None => {
            let c = eval.chances(pos);
            [c.win, c.win_big, c.win_triple, c.lose_big, c.lose_triple]
        }
    };
    let lose = eval.unplayable_chance(pos);
    if lose > 0.0 {
        for v in &mut c {
            *v *= 1.0 - lose;
        }
        // A network of the stakes counts the single game so lost among the stakes lost.
        if let Some(most) = eval.stakes_scale() {
            c[3] += lose / most;
        }
    }
    c
}

/// A's chances in `pos` one throw ahead: over the throws, the mean of the chances the best
/// play of each (by the searcher's judgement) leaves. Under Fails a throw with a die that
/// cannot be played is a single game lost.
pub fn looked_ahead(searcher: &Searcher, net: &Net, pos: &Position) -> [f32; OUTPUTS] {
    let zero = Depth {
        plies: 0,
        root_candidates: 0,
        inner_candidates: 0,
    };
    let eval = searcher.eval();
    let endings = searcher.endings();
    let mut mean = [0.0f32; OUTPUTS];
    for t in searcher.throws() {
        let chances = if searcher.throw_loses(pos, t) {
            [0.0; OUTPUTS]
        } else {
            let plays = legal_plays(pos, t.moves, eval.move_rules());
            let best = plays
                .iter()
                .map(|p| {
                    (
                        p.position,
                        searcher.after_play(&p.position, t.doublets, zero),
                    )
                })
                .max_by(|a, b| a.1.total_cmp(&b.1))
                .map_or(*pos, |(p, _)| p);
            if let Some(win) = endings.after_play(&best, t.doublets) {
                end_chances(win.reason, Some(true), win.stake, eval.stakes_scale())
            } else {
                let next = best.switched();
                match endings.turn_start(&next) {
                    TurnStart::LosesToPrime => [1.0, 0.0, 0.0, 0.0, 0.0],
                    TurnStart::Drawn => [0.5, 0.0, 0.0, 0.0, 0.0],
                    TurnStart::Throw | TurnStart::BreakTable => flip(judged(eval, net, &next)),
                }
            }
        };
        for (m, c) in mean.iter_mut().zip(chances) {
            *m += t.chance * c;
        }
    }
    mean
}

/// Plays one game of self-play with `net` and gives its positions with contact, each with its
/// λ-return as target (see the module's documentation). A game given up as endless gives none.
///
/// # Errors
/// A [`ContestError`] if the rules refuse an action of the self-play (a bug).
pub fn game_samples(
    rules: &Rules,
    net: &Arc<Net>,
    seed: u64,
    settings: TdSettings,
) -> Result<GameSamples, ContestError> {
    let lambda = settings.lambda;
    let seat = || Seat {
        contender: Contender::Computer(Level::Fair),
        net: Some(Arc::clone(net)),
    };
    let mut states: Vec<(Side, Position)> = Vec::new();
    let outcome = play_game(rules, seat(), seat(), seed, &mut |_, made| {
        states.push((made.side, made.before));
    })?;
    let (Some(outcome), Some(&(first, _))) = (outcome, states.first()) else {
        return Ok(GameSamples {
            samples: Vec::new(),
            first_won: false,
        });
    };
    let eval = Evaluator::with_net(rules, Some(Arc::clone(net)));
    let searcher = Searcher::with(rules, eval.clone());
    let mut samples = Vec::new();
    let scale = eval.stakes_scale();
    let mut g = outcome_chances(&outcome, first, scale);
    let mut next_side = None;
    for &(side, pos) in states.iter().rev() {
        // `g`, the λ-return of the state after this one (or the game's end), seen from it.
        let later = match next_side {
            Some(s) if s != side => flip(g),
            Some(_) => g,
            None => outcome_chances(&outcome, side, scale),
        };
        if settings.lookahead {
            // This state's own judgement, one throw ahead, mixed with what followed.
            let own = looked_ahead(&searcher, net, &pos);
            g = std::array::from_fn(|o| (1.0 - lambda) * own[o] + lambda * later[o]);
        } else {
            g = later;
        }
        if let Some(x) = eval.inputs(&pos) {
            samples.push(Sample { x, target: g });
        }
        if !settings.lookahead {
            // The λ-return of the state before: this state's judgement mixed with `g`.
            let own = judged(&eval, net, &pos);
            g = std::array::from_fn(|o| (1.0 - lambda) * own[o] + lambda * g[o]);
        }
        next_side = Some(side);
    }
    Ok(GameSamples {
        samples,
        first_won: outcome.winner == Some(first),
    })
}

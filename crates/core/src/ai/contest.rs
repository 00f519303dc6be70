//! Games between computer players (levels or the random player) with seeded dice: for
//! `gamester selfplay`, the strength tests and the benchmark.

use rand::SeedableRng;
use rand::rngs::StdRng;
use thiserror::Error;

use crate::tables::{FairDice, Game, Outcome, Play, Position, RuleError, Rules, Side};

use std::sync::Arc;

use super::decide::{Decision, decide_with};
use super::eval::Evaluator;
use super::net::Net;
use super::search::Searcher;
use crate::level::Level;

/// Why a contest game could not be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ContestError {
    #[error("`{0}` is not a player (players: novice, fair, expert, random)")]
    UnknownPlayer(String),
    #[error("the rules refused an action: {0}")]
    Rule(#[from] RuleError),
}

/// Who plays a side in a contest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contender {
    /// The computer at a level.
    Computer(Level),
    /// Uniformly random legal plays and choices (the cube offered now and then, doubles taken
    /// three times in four).
    Random,
}

impl std::str::FromStr for Contender {
    type Err = ContestError;
    fn from_str(s: &str) -> Result<Contender, ContestError> {
        if s == "random" {
            return Ok(Contender::Random);
        }
        s.parse::<Level>()
            .map(Contender::Computer)
            .map_err(|_| ContestError::UnknownPlayer(s.to_string()))
    }
}

impl std::fmt::Display for Contender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Contender::Computer(l) => write!(f, "{l}"),
            Contender::Random => f.write_str("random"),
        }
    }
}

/// A side in a contest: who plays it, and the network it judges with (`None`: the family's
/// own).
#[derive(Clone, Debug)]
pub struct Seat {
    pub contender: Contender,
    pub net: Option<Arc<Net>>,
}

impl From<Contender> for Seat {
    fn from(contender: Contender) -> Seat {
        Seat {
            contender,
            net: None,
        }
    }
}

impl Seat {
    /// The searcher this seat judges with under `rules`.
    fn searcher(&self, rules: &Rules) -> Searcher {
        match &self.net {
            Some(net) => Searcher::with(rules, Evaluator::with_net(rules, Some(Arc::clone(net)))),
            None => Searcher::new(rules),
        }
    }
}

/// Actions after which an unfinished game is given up as a draw (no game at tables this long
/// has been seen; it only guards against a board where neither side can ever finish).
pub const MAX_ACTIONS: usize = 20_000;

/// One play made by a computer player, for judging it afterwards: the position before it (seen
/// from the mover), the throw, and the play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayMade {
    /// The side that played.
    pub side: Side,
    /// The position before the play, seen from that side.
    pub before: Position,
    /// The throw played.
    pub throw: crate::tables::Throw,
    /// The play chosen.
    pub play: Play,
    /// How many legal plays there were.
    pub choices: usize,
}

/// Plays one game to its end with dice seeded from `seed`; `on_play` sees every play made.
/// Returns the outcome (`None` if the game was given up after [`MAX_ACTIONS`]).
pub fn play_game(
    rules: &Rules,
    white: impl Into<Seat>,
    black: impl Into<Seat>,
    seed: u64,
    on_play: &mut dyn FnMut(&Game, PlayMade),
) -> Result<Option<Outcome>, ContestError> {
    play_game_seeing(rules, white, black, seed, on_play, &mut |_| {})
}

/// [`play_game`], `on_turn` seeing the game each time a player is asked what it does (before
/// a throw, at a double or a resignation offered, at a throw to play).
pub fn play_game_seeing(
    rules: &Rules,
    white: impl Into<Seat>,
    black: impl Into<Seat>,
    seed: u64,
    on_play: &mut dyn FnMut(&Game, PlayMade),
    on_turn: &mut dyn FnMut(&Game),
) -> Result<Option<Outcome>, ContestError> {
    let (white, black): (Seat, Seat) = (white.into(), black.into());
    let searchers = [white.searcher(rules), black.searcher(rules)];
    let mut game = Game::new(rules.clone())?;
    let mut dice = FairDice::seeded(seed);
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5bd1_e995_7f4a_7c15);
    for _ in 0..MAX_ACTIONS {
        if let Some(outcome) = game.outcome() {
            return Ok(Some(outcome));
        }
        let side = game.actor().unwrap_or(game.turn());
        let (who, searcher) = if side == Side::White {
            (&white, &searchers[0])
        } else {
            (&black, &searchers[1])
        };
        on_turn(&game);
        let decision = match who.contender {
            Contender::Computer(level) => decide_with(&game, level, searcher),
            Contender::Random => super::random::random_decision(&game, &mut rng),
        };
        match decision {
            Some(Decision::Play(play)) => {
                if let Some(throw) = game.throw() {
                    let made = PlayMade {
                        side,
                        before: game.position_for(side),
                        throw,
                        play,
                        choices: game.legal_plays().len(),
                    };
                    on_play(&game, made);
                }
                game.apply_play(&play)?;
            }
            Some(Decision::Action(action)) => {
                game.apply(action)?;
            }
            None => {
                game.throw_with(&mut dice)?;
            }
        }
    }
    Ok(None)
}

/// The score of a contest, from White's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games played.
    pub games: u32,
    /// Games White won.
    pub white_wins: u32,
    /// Games Black won.
    pub black_wins: u32,
    /// Drawn games, and games given up after [`MAX_ACTIONS`].
    pub draws: u32,
    /// Stakes White won (the cube included).
    pub white_stakes: u32,
    /// Stakes Black won.
    pub black_stakes: u32,
}

impl Score {
    /// Counts one game.
    pub fn record(&mut self, outcome: Option<Outcome>) {
        self.games += 1;
        match outcome.and_then(|o| o.winner.map(|w| (w, o.stake))) {
            Some((Side::White, s)) => {
                self.white_wins += 1;
                self.white_stakes += s;
            }
            Some((Side::Black, s)) => {
                self.black_wins += 1;
                self.black_stakes += s;
            }
            None => self.draws += 1,
        }
    }

    /// White's win rate (a draw counts half) and its 95% Wilson interval, as fractions.
    #[must_use]
    pub fn white_rate(&self) -> (f64, f64, f64) {
        wilson(
            f64::from(self.white_wins) + 0.5 * f64::from(self.draws),
            f64::from(self.games),
        )
    }
}

/// The share `wins / of` and its 95% Wilson interval, as fractions (`of` taken as at least 1).
#[must_use]
pub fn wilson(wins: f64, of: f64) -> (f64, f64, f64) {
    let n = of.max(1.0);
    let p = wins / n;
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (p, (centre - half).max(0.0), (centre + half).min(1.0))
}

//! What every lesson draws on: the sides named to the learner, the sources cited, a position
//! found by random play, and the choices shuffled.

use super::Answer;
use crate::ai::random::RandomPlayer;
use crate::tables::options::{RuleOption, source_name};
use crate::tables::{BAR, Game, Phase, Position, Rules, Side, Throw};
use crate::teaching::glossary::{Term, term};
use crate::teaching::points::PointName;
use crate::teaching::terms::possessive;
use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

/// How the sides are named to the learner.
pub(super) struct Names {
    /// "Black".
    pub(super) adversary: String,
    /// "Black's".
    pub(super) theirs: String,
}

impl Names {
    pub(super) fn new(adversary: &str) -> Names {
        Names {
            adversary: adversary.to_string(),
            theirs: possessive(adversary),
        }
    }

    /// A point of the learner's numbering as its owner names it: "your cinque point",
    /// "Black's 9 point".
    pub(super) fn point(&self, p: u8) -> String {
        PointName::of(p).words("your", &self.theirs)
    }

    /// Where a step starts or lands: a point, the bar, or off the board.
    pub(super) fn place(&self, p: usize) -> String {
        match p {
            0 => "off the board".to_string(),
            BAR => "the bar".to_string(),
            p => self.point(p as u8),
        }
    }
}

/// The glossary's sources for a word, by name.
pub(super) fn cite(words: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in words {
        for name in term(w).map(Term::source_names).unwrap_or_default() {
            if !out.iter().any(|o| o == name) {
                out.push(name.to_string());
            }
        }
    }
    out
}

/// An option's sources, by name.
pub(super) fn option_sources(option: &RuleOption) -> Vec<String> {
    option
        .sources
        .iter()
        .map(|s| source_name(s).to_string())
        .collect()
}

pub(super) fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A position from a random game of `rules`, White to play a throw, that `wanted` accepts: the
/// position (White's numbering) and the throw. Random play finds most kinds of positions within
/// a few games; `None` if forty games show none.
pub(super) fn from_play(
    rng: &mut StdRng,
    rules: &Rules,
    wanted: &dyn Fn(&Position, &Throw) -> bool,
) -> Option<(Position, Throw)> {
    for _ in 0..40 {
        let mut game = Game::new(rules.clone()).ok()?;
        let mut player = RandomPlayer::seeded(rng.random());
        let skip = rng.random_range(0..60u32);
        let mut seen = 0u32;
        for _ in 0..3000 {
            if game.is_over() {
                break;
            }
            if game.phase() == Phase::Playing
                && game.turn() == Side::White
                && let Some(throw) = game.throw()
            {
                seen += 1;
                let pos = game.position_for(Side::White);
                if seen > skip && wanted(&pos, &throw) {
                    return Some((pos, throw));
                }
            }
            if player.act(&mut game).is_err() {
                break;
            }
        }
    }
    None
}

/// The start of Irish, for when random play finds nothing wanted (never seen in the tests).
pub(super) fn fallback() -> Position {
    Game::new(Rules::default()).map_or_else(|_| Position::default(), |g| g.position())
}

/// Shuffles `options` (each with its note), keeping track of the right one.
pub(super) fn shuffled(rng: &mut StdRng, options: Vec<(String, String)>, right: usize) -> Answer {
    let mut order: Vec<usize> = (0..options.len()).collect();
    order.shuffle(rng);
    let right = order.iter().position(|&i| i == right).unwrap_or(0);
    let (options, notes) = order.into_iter().map(|i| options[i].clone()).unzip();
    Answer::Choice {
        options,
        right,
        notes,
    }
}

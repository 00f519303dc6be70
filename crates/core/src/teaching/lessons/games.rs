//! How the games differ ([`super::Lesson::Games`]): a rule on which the games at tables
//! differ, asked of one game.

use super::draw::{capital, option_sources, shuffled};
use super::{Exercise, Lesson};
use crate::tables::options::{FLAG, OPTIONS, RuleOption};
use crate::tables::{Preset, Rules};
use rand::Rng;
use rand::rngs::StdRng;

/// "In Fails, how many dice?": a rule on which the games differ, asked of one game.
pub(super) fn games_differ(rng: &mut StdRng) -> Exercise {
    // The options on which the presets differ (the players aside: Double-hand is its own).
    let differing: Vec<&RuleOption> = OPTIONS
        .iter()
        .filter(|o| !matches!(o.name, "players" | "layout" | "cube" | "compulsion"))
        .filter(|o| {
            let first = o.value(&Rules::preset(Preset::ALL[0]));
            Preset::ALL
                .iter()
                .any(|&p| o.value(&Rules::preset(p)) != first)
        })
        .collect();
    let option = differing[rng.random_range(0..differing.len())];
    let preset = Preset::ALL[rng.random_range(0..Preset::ALL.len())];
    let rules = Rules::preset(preset);
    let chosen = option.chosen(&rules);
    let right_words = chosen.map_or_else(|| option.value(&rules), |v| v.words.to_string());
    let playing = |value: &str| {
        let games: Vec<&str> = Preset::ALL
            .iter()
            .filter(|&&p| {
                option
                    .chosen(&Rules::preset(p))
                    .is_some_and(|v| v.words == value)
            })
            .map(|p| p.title())
            .collect();
        if games.is_empty() {
            "no game of the presets; a house rule".to_string()
        } else {
            games.join(", ")
        }
    };
    let options: Vec<(String, String)> = option
        .values
        .iter()
        .map(|v| {
            let note = if option.is_flag() {
                let games = playing(FLAG[1].words);
                let verb = if games.contains(", ") {
                    "play"
                } else {
                    "plays"
                };
                format!(
                    "{} {} it: of the games here, {games} {verb} it.",
                    preset.title(),
                    if right_words == FLAG[1].words {
                        "plays"
                    } else {
                        "does not play"
                    }
                )
            } else if v.words == right_words {
                format!("{} has {}: {}", preset.title(), v.words, v.explanation)
            } else {
                format!(
                    "That is the rule of {}: {} {} has {} instead.",
                    playing(v.words),
                    v.explanation,
                    preset.title(),
                    right_words
                )
            };
            (capital(v.words), note)
        })
        .collect();
    let right = option
        .values
        .iter()
        .position(|v| v.words == right_words)
        .unwrap_or(0);
    let answer = shuffled(rng, options, right);
    Exercise {
        lesson: Lesson::Games,
        prompt: if option.is_flag() {
            format!(
                "In {}, is this a rule: \u{201c}{}\u{201d}?",
                preset.title(),
                option.words
            )
        } else {
            format!(
                "In {}, what is the rule for {}?",
                preset.title(),
                option.words.to_lowercase()
            )
        },
        board: None,
        line: None,
        pastime: None,
        answer,
        why: if option.disagreement.is_empty() {
            option.explanation.to_string()
        } else {
            option.disagreement.to_string()
        },
        sources: option_sources(option),
    }
}

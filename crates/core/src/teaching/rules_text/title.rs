//! The name of a game under its rules, and the house rules it plays told in full.

use crate::tables::options;
use crate::tables::options::RuleOption;
use crate::tables::{Preset, Rules};

/// The name of a game under `rules`, as the side panel and the rules window head it: the
/// preset's title when the rules are a preset's; a preset with one or two options changed,
/// named after them ("Irish (Willughby), bearing off: exact"), or after the nearest preset with
/// more changed ("Nard, with house rules"); then the match and the cube, which change no rule of
/// the game ("Modern backgammon (reference), with the doubling cube, a match to 5").
#[must_use]
pub fn title(rules: &Rules) -> String {
    let game = rules.without_the_match();
    let name = match (Preset::of(&game), changes(&game)) {
        (Some(p), _) => p.title().to_string(),
        (None, Some((p, c))) if c.len() <= 2 => format!("{}, {}", p.title(), c.join(", ")),
        // Many rules changed: still named after the game nearest them.
        (None, Some((p, _))) => format!("{}, with house rules", p.title()),
        (None, None) => "House rules".to_string(),
    };
    let play: Vec<String> = options::OF_THE_MATCH
        .iter()
        .filter(|o| o.value(rules) != o.value(&game))
        .map(|o| change_words(o, rules))
        .collect();
    if play.is_empty() {
        name
    } else {
        format!("{name}, {}", play.join(", "))
    }
}

/// House rules told in full: the preset nearest `rules` (the fewest options changed) and each
/// option changed from it, in the words a title uses ("with the doubling cube", "bearing off:
/// exact"). `None` when the rules are a preset's own.
#[must_use]
pub fn changes(rules: &Rules) -> Option<(crate::tables::Preset, Vec<String>)> {
    if crate::tables::Preset::of(rules).is_some() {
        return None;
    }
    let changed = |p: crate::tables::Preset| -> Vec<String> {
        let preset = Rules::preset(p);
        options::OPTIONS
            .iter()
            .filter(|o| o.value(rules) != o.value(&preset))
            .map(|o| change_words(o, rules))
            .collect()
    };
    crate::tables::Preset::ALL
        .into_iter()
        .map(|p| (p, changed(p)))
        .min_by_key(|(_, c)| c.len())
}

/// One option as a title names it changed: "with the doubling cube", "without the doubling
/// cube", "an unplayable die loses", "bearing off: exact".
pub(super) fn change_words(option: &RuleOption, rules: &Rules) -> String {
    let lower = {
        let mut w = option.words.to_string();
        if let Some(first) = w.get(0..1) {
            w.replace_range(0..1, &first.to_lowercase());
        }
        w
    };
    let value = option.value(rules);
    if option.is_flag() {
        let on = value == "true";
        return match (lower.starts_with("the "), on) {
            (true, true) => format!("with {lower}"),
            (true, false) => format!("without {lower}"),
            (false, true) => lower,
            (false, false) => format!("{lower}: no"),
        };
    }
    let words = option
        .chosen(rules)
        .map_or(value.clone(), |v| v.words.to_string());
    // A value that names its option ("a match to 5") needs no name before it.
    if words.to_lowercase().contains(&lower) {
        words
    } else {
        format!("{lower}: {words}")
    }
}

//! The rules in force, explained in plain sentences: generated from a [`Rules`] value, so the
//! explanation is always true to the options chosen. Each section names its sources, says where
//! they disagree, and says plainly where the sources left a choice open that Gamester settles.
//!
//! ```
//! use gamester_rules::tables::{Preset, Rules};
//! use gamester_core::teaching::rules_text::explain;
//!
//! let sections = explain(&Rules::preset(Preset::Fails));
//! let dice = sections.iter().find(|s| s.title == "Dice").unwrap();
//! assert!(dice.text.contains("three dice"));
//! ```

mod board;
mod play;
mod stakes;
mod ticktack;
mod title;

pub use title::{changes, title};

use super::plain::capitalised;
use crate::tables::options::{self, RuleOption, SOURCES, source_name};
use crate::tables::{Layout, Rules, Side, Stakes};
use board::{board, game, men_words};
use play::{
    bearing_off, bound_table, compulsion, dice, doublets, entering, moving, opening, players,
};
use stakes::{cube, endings, matches, stakes, stakes_scale};
use ticktack::tick_tack;

/// One part of the explanation: a heading, plain sentences, the sources they rest on (as the
/// app names them), and what the sources disagree on, where they do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub title: String,
    pub text: String,
    pub sources: Vec<&'static str>,
    pub disagreement: Option<String>,
}

impl Section {
    fn new(title: &str, text: String, ids: &[&'static str]) -> Section {
        let mut ids = ids.to_vec();
        ids.sort_unstable();
        ids.dedup();
        Section {
            title: title.to_string(),
            text,
            sources: ids.into_iter().map(source_name).collect(),
            disagreement: None,
        }
    }

    /// Adds what the sources disagree on about `option`, from the table of options (a source's
    /// number there becomes its name), then `more`.
    fn disagreeing(mut self, option: &RuleOption, more: &str) -> Section {
        let mut note = option.disagreement.to_string();
        for (id, name) in SOURCES {
            note = note.replace(id, name);
        }
        let text = [note.as_str(), more]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        self.disagreement = (!text.is_empty()).then_some(text);
        self
    }
}

/// The rules in force explained, in reading order: the game, the board and the array, moving,
/// hitting and entering, dice, doublets, who begins, bearing off, the bound table, how much
/// must be played, stakes, how a game ends, the cube, the players.
#[must_use]
pub fn explain(rules: &Rules) -> Vec<Section> {
    let mut sections = vec![
        game(rules),
        board(rules),
        moving(),
        entering(),
        dice(rules.dice),
        doublets(rules.dice, rules.doublets),
        opening(rules.opening, rules.dice),
        bearing_off(rules.bear_off),
        bound_table(rules.bound_table),
        compulsion(rules.compulsion, rules.unplayable_die_loses),
        stakes(rules),
        endings(rules),
        tick_tack(rules),
        cube(rules.cube),
        players(rules.players),
        matches(rules),
    ];
    if rules.tick_tack {
        ticktack::at_tick_tack(&mut sections, rules.vie);
    }
    sections
}

/// The rules in words, one option a line, in the order of the table of options: each option's
/// name and its value as a player reads them ("Bearing off", "exact, or higher from the highest
/// point"); a flag reads "yes" or "no".
#[must_use]
pub fn in_words(rules: &Rules) -> Vec<(&'static str, String)> {
    options::OPTIONS
        .iter()
        .filter(|option| bears_on(option, rules))
        .map(|option| {
            let value = option
                .chosen(rules)
                .map_or_else(|| option.value(rules), |v| v.words.to_string());
            (option.words, value)
        })
        .collect()
}

/// Whether `option` bears on a game under `rules`: the Crawford rule only in a match, the
/// Jacoby rule only in a session for stakes with the cube, Tick-tack's own options only at
/// Tick-tack; every other option always.
fn bears_on(option: &RuleOption, rules: &Rules) -> bool {
    if option.of_tick_tack() {
        rules.tick_tack
    } else if option.name == options::CRAWFORD.name {
        rules.match_to > 0
    } else if option.name == options::JACOBY.name {
        rules.match_to == 0 && rules.cube
    } else {
        true
    }
}

/// What one value of an option means, in words with its numbers, for a line beside the option
/// (New game): a named array says where the men stand, as the engine arrays them; a table of
/// stakes says what each win scores, as the engine scores it; any other value, its explanation.
#[must_use]
pub fn value_explanation(option: &RuleOption, value: &options::OptionValue) -> String {
    if option.name == options::LAYOUT.name {
        let named = Layout::NAMED.into_iter().find(|l| l.name() == value.name);
        if let Some((l, Ok(pos))) = named.map(|l| {
            let pos = l.position(Side::White);
            (l, pos)
        }) {
            let naming = if l == Layout::TickTack {
                crate::teaching::points::Naming::Outward
            } else {
                crate::teaching::points::Naming::Homeward
            };
            let men = capitalised(&men_words(&pos.to_setup(Side::White).white, naming));
            return format!("{men}. {}", value.explanation);
        }
    }
    if option.name == options::STAKES.name
        && let Ok(stakes) = value.name.parse::<Stakes>()
    {
        return stakes_scale(stakes);
    }
    value.explanation.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::{Position, Preset};

    fn section(rules: &Rules, title: &str) -> Section {
        explain(rules)
            .into_iter()
            .find(|s| s.title == title)
            .unwrap_or_else(|| panic!("no section {title}"))
    }

    #[test]
    fn tick_tack_whose_scores_add_up_is_titled_in_plain_english() {
        let mut rules = Rules::preset(Preset::TickTack);
        rules.first_score_ends = false;
        assert_eq!(
            title(&rules),
            "Tick-tack, without the first score winning the game"
        );
    }

    #[test]
    fn the_options_in_force_leave_out_those_that_bear_on_nothing() {
        let named = |rules: &Rules| -> Vec<&str> { in_words(rules).iter().map(|o| o.0).collect() };
        // A session for stakes without the cube: neither the Crawford nor the Jacoby rule
        let irish = Rules::preset(Preset::Irish);
        assert!(!named(&irish).contains(&options::CRAWFORD.words));
        assert!(!named(&irish).contains(&options::JACOBY.words));
        // A session with the cube: the Jacoby rule; a match: the Crawford rule
        let mut cube = irish.clone();
        cube.cube = true;
        assert!(named(&cube).contains(&options::JACOBY.words));
        let mut matched = cube.clone();
        matched.match_to = 5;
        assert!(named(&matched).contains(&options::CRAWFORD.words));
        assert!(!named(&matched).contains(&options::JACOBY.words));
        // Tick-tack's own options only at Tick-tack (a game of Irish listed its toots)
        for option in options::OF_TICK_TACK {
            assert!(!named(&irish).contains(&option.words), "{}", option.words);
            assert!(named(&Rules::preset(Preset::TickTack)).contains(&option.words));
        }
        // And every other option is there, always
        assert_eq!(
            named(&irish).len(),
            options::OPTIONS.len() - 2 - options::OF_TICK_TACK.len()
        );
    }

    #[test]
    fn tick_tacks_rules_say_no_man_is_hit_and_name_the_points_from_where_the_men_start() {
        for preset in [Preset::TickTack, Preset::VieTickTack] {
            let rules = Rules::preset(preset);
            let sections = explain(&rules);
            let all: String = sections.iter().map(|s| s.text.as_str()).collect();
            // No sentence of the games where men are hit
            for wrong in [
                "may be hit and sent back",
                "the blot is hit and goes to the bar",
                "waits on the bar. While",
                "The first side to bear off all fifteen men wins",
                "by by",
            ] {
                assert!(!all.contains(wrong), "{preset:?}: {wrong}");
            }
            // Tick-tack's own words instead
            assert!(
                section(&rules, "Moving")
                    .text
                    .contains("no man is ever hit")
            );
            assert!(
                section(&rules, "The bar and entering")
                    .text
                    .starts_with("No man is ever hit")
            );
            assert!(
                section(&rules, "The board and the array")
                    .text
                    .contains("a side's ace point is where all its men start")
            );
            assert!(
                section(&rules, "Stakes")
                    .text
                    .contains("a double game, 2 stakes")
            );
            assert_eq!(
                section(&rules, "Stakes").text.contains("every vie"),
                rules.vie,
                "{preset:?}"
            );
            assert!(
                section(&rules, "Tick-tack")
                    .text
                    .contains("a hit reaches by: one die or both"),
                "{}",
                section(&rules, "Tick-tack").text
            );
            // A going in is what the engine counts: two men more on the point than before.
            assert!(
                section(&rules, "Tick-tack").text.contains(
                    "two men more on that point after one throw's play than before the throw"
                ),
                "{}",
                section(&rules, "Tick-tack").text
            );
        }
        // And Irish keeps its own
        let irish = explain(&Rules::preset(Preset::Irish));
        assert!(irish.iter().any(|s| s.title == "Moving and hitting"));
    }

    #[test]
    fn the_irish_array_is_told_in_period_words() {
        let text = section(&Rules::default(), "The board and the array").text;
        assert!(
            text.contains("two on the 24 point, five on the 13 point, three on the 8 point and five on the sice point"),
            "{text}"
        );
    }

    #[test]
    fn the_tick_tack_array_is_counted_as_its_board_counts_and_no_formula_is_given() {
        // Given Tick-tack's rules window (issue 57, item 10: "all fifteen men stand on the ace
        // point" beside "fifteen on the 24 point", and "25 − p")
        let rules = Rules::preset(Preset::TickTack);
        let text = section(&rules, "The board and the array").text;
        // Then the array and its words agree, and no formula is given, at Irish either
        assert!(
            text.contains("in its own numbering: fifteen on the ace point."),
            "{text}"
        );
        assert!(!text.contains("24 point."), "{text}");
        for rules in [rules, Rules::default()] {
            for s in explain(&rules) {
                let found = crate::teaching::plain::developer_words(&s.text);
                assert!(found.is_empty(), "{}: {found:?}", s.title);
            }
        }
    }

    #[test]
    fn a_custom_array_that_differs_names_each_side() {
        let mut rules = Rules::default();
        rules.set("layout", "custom:4HPwATDgc/ABMA").unwrap();
        let text = section(&rules, "The board and the array").text;
        assert!(text.contains("your own choosing"), "{text}");
        let pos: Position = "bar:1 24:1 6:13 / 13:15".parse().unwrap();
        rules.layout = Layout::Custom(pos.to_setup(Side::White));
        let text = section(&rules, "The board and the array").text;
        assert!(
            text.contains("White's men stand one on the bar, one on the 24 point and thirteen on the sice point; Black's, in Black's own numbering, fifteen on the 13 point"),
            "{text}"
        );
    }

    #[test]
    fn stakes_quote_the_engines_numbers() {
        let cotton = section(&Rules::preset(Preset::BackgammonCotton), "Stakes").text;
        assert!(cotton.contains("A plain win is worth 1 stake; bearing off the last man with doublets, 2 stakes; a back-gammon, when the loser still has a man outside his home table or on the bar, 3 stakes; and a back-gammon on doublets, 4 stakes"), "{cotton}");
        let willughby = section(&Rules::preset(Preset::BackgammonWillughby), "Stakes").text;
        assert!(
            willughby.contains("or on the bar, 2 stakes; and a back-gammon on doublets, 3 stakes"),
            "{willughby}"
        );
        let nard = section(&Rules::preset(Preset::Nard), "Stakes").text;
        assert!(nard.contains("1 stake for each in the loser's home table, 2 stakes for each in his outer table, 3 stakes for each in the winner's outer table, and 4 stakes"), "{nard}");
        let modern = section(&Rules::preset(Preset::Modern), "Stakes").text;
        assert!(
            modern
                .contains("a gammon, when the loser has borne off no man, 2 stakes; a backgammon"),
            "{modern}"
        );
        assert!(modern.contains("home table, 3 stakes."), "{modern}");
    }
}

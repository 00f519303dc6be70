//! The rules explanation follows the options, and a game is titled after its preset and the
//! options changed from it.

use gamester_core::teaching::rules_text::{Section, explain};
use gamester_core::teaching::terms::{MODERN, links};
use gamester_rules::tables::options::{OPTIONS, RuleOption, SOURCES};
use gamester_rules::tables::{Opening, Position, Preset, Rules, position_id};
use std::collections::BTreeMap;

/// Every value of an option as `Rules::set` takes it (two custom arrays for `layout`).
fn values_of(option: &RuleOption) -> Vec<String> {
    let mut values = Vec::new();
    for value in option.values {
        if value.parameter.is_none() {
            values.push(value.name.to_string());
        } else {
            // A custom layout: the starting position, and another
            let other: Position = "24:3 13:4 8:3 6:5 / 24:2 13:5 8:3 6:5".parse().unwrap();
            for pos in [Position::default(), other] {
                values.push(format!("{}:{}", value.name, position_id::encode(&pos)));
            }
        }
    }
    values
}

/// The section that explains an option.
fn section_of(option: &str) -> &'static str {
    match option {
        "layout" => "The board and the array",
        "dice" => "Dice",
        "doublets" => "Doublets",
        "opening" => "Who begins",
        "bound_table" => "The bound table",
        "bear_off" => "Bearing off",
        "compulsion" => "How much must be played",
        "stakes" => "Stakes",
        "unplayable_die_loses" | "all_captured_wins" | "blocked_is_draw" => "How a game ends",
        "cube" => "The cube",
        "players" => "Players",
        "match" | "crawford" | "jacoby" => "Match or stakes",
        "tick_tack" | "hit_by" | "claims" | "going_in_open" | "first_score_ends" | "score_to"
        | "touch_and_take" | "vie" | "toots" | "boveries" | "flyers" => "Tick-tack",
        other => panic!("no section for {other}"),
    }
}

fn section<'a>(sections: &'a [Section], title: &str) -> &'a Section {
    sections
        .iter()
        .find(|s| s.title == title)
        .unwrap_or_else(|| panic!("no section {title:?}"))
}

fn rules_with(base: Preset, option: &str, value: &str) -> Rules {
    let mut rules = Rules::preset(base);
    rules
        .set(option, value)
        .unwrap_or_else(|e| panic!("{option}={value}: {e}"));
    rules
}

#[test]
fn every_value_of_every_option_reads_differently() {
    for base in Preset::ALL {
        for option in OPTIONS {
            // Given the rules of a preset with one option set to each of its values in turn
            let values = values_of(option);
            let option = option.name;
            assert!(values.len() >= 2, "{option}");
            let mut texts: BTreeMap<String, String> = BTreeMap::new();
            for value in &values {
                let sections = explain(&rules_with(base, option, value));
                // Then the option's own section reads differently for every value
                let own = &section(&sections, section_of(option)).text;
                if let Some(same) = texts.insert(own.clone(), value.clone()) {
                    panic!("{base}: {option}={same} and {option}={value} read alike: {own}");
                }
            }
        }
    }
}

#[test]
fn each_section_is_complete_and_names_its_sources() {
    let known: Vec<&str> = SOURCES
        .iter()
        .map(|(_, name)| *name)
        .chain([MODERN])
        .collect();
    for preset in Preset::ALL {
        let sections = explain(&Rules::preset(preset));
        let titles: Vec<&str> = sections.iter().map(|s| s.title.as_str()).collect();
        // Every option has its section, and the game is introduced first
        assert_eq!(titles[0], "The game");
        for option in OPTIONS.iter().map(|o| o.name) {
            assert!(titles.contains(&section_of(option)), "{option}");
        }
        for s in &sections {
            assert!(s.text.ends_with('.'), "{preset}: {}: {}", s.title, s.text);
            assert!(!s.sources.is_empty(), "{preset}: {} has no source", s.title);
            for src in &s.sources {
                assert!(known.contains(src), "{preset}: {}: unknown {src}", s.title);
            }
            // Each section speaks the period's language: it names some glossary term
            assert!(!links(&s.text).is_empty(), "{preset}: {}", s.title);
        }
        // The first section names the preset
        assert!(sections[0].text.contains(preset.title()), "{preset}");
    }
}

#[test]
fn where_the_sources_disagree_the_explanation_says_so() {
    let irish = explain(&Rules::default());
    for title in [
        "The board and the array",
        "Doublets",
        "Who begins",
        "Bearing off",
        "The bound table",
        "How much must be played",
        "Stakes",
        "The cube",
        "Players",
    ] {
        assert!(section(&irish, title).disagreement.is_some(), "{title}");
    }
    // 002's reading of Cotton's back-gammon is mentioned where back-gammons are scored
    for preset in [Preset::BackgammonCotton, Preset::BackgammonWillughby] {
        let sections = explain(&Rules::preset(preset));
        let stakes = section(&sections, "Stakes").disagreement.clone().unwrap();
        assert!(
            stakes.contains("before any of the loser's men reached his home table"),
            "{stakes}"
        );
    }
    // Scholars' doubt about Alfonso's array is mentioned with that array
    let todas = explain(&Rules::preset(Preset::TodasTablas));
    let array = section(&todas, "The board and the array");
    assert!(array.disagreement.as_ref().unwrap().contains("Alfonso"));
}

#[test]
fn what_the_engine_settled_is_said_plainly() {
    // Doublets with three dice, and with minoret
    for dice in ["three", "two_minoret"] {
        let sections = explain(&rules_with(Preset::BackgammonWillughby, "dice", dice));
        let text = &section(&sections, "Doublets").text;
        assert!(text.contains("Gamester settles it so"), "{text}");
        assert!(text.contains("doublets give four moves"), "{text}");
    }
    // play_opening with three dice throws again
    let mut rules = Rules::preset(Preset::Fails);
    rules.opening = Opening::PlayOpening;
    let text = section(&explain(&rules), "Who begins").text.clone();
    assert!(
        text.contains("the higher throws again") && text.contains("settles"),
        "{text}"
    );
    // Outright losses are one stake times the cube
    rules.cube = true;
    let text = section(&explain(&rules), "Stakes").text.clone();
    assert!(
        text.contains("A game lost outright (by a die that cannot be played or by dropping a double) is worth one stake times the cube"),
        "{text}"
    );
    // Free compulsion may stop before the first step
    let text = section(
        &explain(&rules_with(Preset::Irish, "compulsion", "free")),
        "How much must be played",
    )
    .text
    .clone();
    assert!(text.contains("even before he has moved a man"), "{text}");
    // blocked_is_draw is looked at when each turn begins
    let todas = explain(&Rules::preset(Preset::TodasTablas));
    let text = &section(&todas, "How a game ends").text;
    assert!(text.contains("at the start of each turn"), "{text}");
    assert!(text.contains("prime of tables"), "{text}");
}

#[test]
fn a_preset_with_one_option_changed_is_no_longer_that_preset() {
    // Given Irish with the bearing off made exact
    let rules = rules_with(Preset::Irish, "bear_off", "exact");
    // Then the explanation says these are the player's own mixture
    let first = &explain(&rules)[0];
    assert!(
        first.text.contains("a mixture of your own"),
        "{}",
        first.text
    );
    assert!(!first.text.contains(Preset::Irish.title()));
}

#[test]
fn a_game_is_titled_after_its_preset_and_the_options_changed_from_it() {
    use gamester_core::teaching::rules_text::title;
    // A preset is its own title
    for p in Preset::ALL {
        assert_eq!(title(&Rules::preset(p)), p.title());
    }
    // One option changed names it, in words: a flag by "with" or "without"
    let mut modern = Rules::preset(Preset::Modern);
    modern.cube = !modern.cube;
    let named = title(&modern);
    assert!(named.starts_with(Preset::Modern.title()), "{named}");
    assert!(
        named.ends_with(if modern.cube {
            ", with the doubling cube"
        } else {
            ", without the doubling cube"
        }),
        "{named}"
    );
    // another option by its words and its value's words, never by its identifiers
    let mut irish = Rules::preset(Preset::Irish);
    irish.set("bear_off", "exact").unwrap();
    assert_eq!(
        title(&irish),
        "Irish (Willughby), bearing off: only an exact die"
    );
    // a value that names its option alone ("a match to 5", not "match: a match to 5")
    let mut match5 = Rules::preset(Preset::Modern);
    match5.cube = true;
    match5.set("match", "5").unwrap();
    let named = title(&match5);
    assert!(named.ends_with(", a match to 5"), "{named}");
    assert!(!named.contains("match:"), "{named}");
    // and rules far from every preset are house rules named after the nearest game, the cube
    // apart (it changes no rule of the game)
    let mut far = Rules::preset(Preset::Modern);
    far.set("layout", "willughby").unwrap();
    far.set("dice", "three").unwrap();
    far.set("bound_table", "break").unwrap();
    far.cube = !far.cube;
    assert_eq!(
        title(&far),
        "Modern backgammon (reference), three dice, the bound table: the table is broken, \
         with the doubling cube"
    );
    far.set("compulsion", "free").unwrap();
    assert_eq!(
        title(&far),
        "Modern backgammon (reference), with house rules, with the doubling cube"
    );
}

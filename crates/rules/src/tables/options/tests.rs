//! The options' tests: each set, refused or read back as the rules say.

use super::*;
use crate::tables::rules::Preset;

#[test]
fn every_value_of_every_option_is_set_and_read_back() {
    for preset in Preset::ALL {
        for option in OPTIONS {
            for value in option.values.iter().filter(|v| v.parameter.is_none()) {
                // Given the rules of a preset, When one option is set to one of its values
                let mut rules = Rules::preset(preset);
                option.set(&mut rules, value.name).unwrap();
                // Then the option reads it back, and it is the value in force
                assert_eq!(option.value(&rules), value.name);
                assert_eq!(option.chosen(&rules), Some(value));
            }
        }
    }
}

#[test]
fn an_unknown_value_is_refused_with_the_list_of_values() {
    // Given Irish, When a value no option has is set
    for option in OPTIONS {
        let mut rules = Rules::default();
        let err = option.set(&mut rules, "sideways").unwrap_err();
        // Then the rules are unchanged and the error lists the option's values
        assert_eq!(rules, Rules::default());
        assert!(err.to_string().contains(&option.value_list()), "{err}");
    }
    assert_eq!(BEAR_OFF.value_list(), "over_edge modern exact");
    assert_eq!(
        LAYOUT.value_list(),
        "willughby cotton_first fails nard tick_tack custom:<position id>"
    );
}

#[test]
fn the_match_and_the_cube_leave_the_game_its_preset() {
    // Given Modern backgammon, with the cube, in a match to 5 without the Crawford rule
    let mut rules = Rules::preset(Preset::Modern);
    for (option, value) in [("cube", "true"), ("match", "5"), ("crawford", "false")] {
        rules.set(option, value).unwrap();
    }
    // Then it is no preset's rules, but its game is Modern backgammon's
    assert_eq!(Preset::of(&rules), None);
    assert_eq!(Preset::of_game(&rules), Some(Preset::Modern));
    assert_eq!(rules.without_the_match(), Rules::preset(Preset::Modern));
    // And Irish chosen keeps the match and the cube
    let irish = Rules::preset(Preset::Irish).with_the_match_of(&rules);
    assert_eq!(
        (irish.cube, irish.match_to, irish.crawford),
        (true, 5, false)
    );
    assert_eq!(Preset::of_game(&irish), Some(Preset::Irish));
    // While a rule of the game changed is no preset's game
    rules.set("bear_off", "exact").unwrap();
    assert_eq!(Preset::of_game(&rules), None);
    assert!(CUBE.of_the_match() && !BEAR_OFF.of_the_match());
}

#[test]
fn the_numbers_an_option_says_are_the_engines() {
    // The cube's highest face and the longest match, as the rules hold them
    let cube_max = super::super::stakes::CUBE_MAX;
    assert!(CUBE.explanation.contains(&format!("2 to {cube_max}")));
    let longest = MATCH.values.last().unwrap().name;
    assert_eq!(longest, super::super::rules::MATCH_MOST.to_string());
}

#[test]
fn every_option_names_known_sources_and_says_something() {
    for option in OPTIONS {
        assert!(!option.words.is_empty() && option.explanation.ends_with('.'));
        assert!(!option.sources.is_empty(), "{}", option.name);
        for id in option.sources.iter().filter(|&&id| id != MODERN) {
            assert_ne!(source_name(id), *id, "{}: source {id}", option.name);
        }
        for value in option.values {
            assert!(!value.words.is_empty(), "{}={}", option.name, value.name);
            assert!(value.explanation.ends_with('.'), "{}", value.name);
        }
    }
    assert_eq!(
        OPTIONS.iter().filter(|o| o.is_flag()).count(),
        10,
        "ten flags"
    );
}
#[test]
fn a_match_of_modern_backgammon_turns_the_cube_on_as_gnubg_plays_one() {
    // Given Modern backgammon, its cube off for a session for stakes
    let mut modern = Rules::preset(Preset::Modern);
    assert!(!modern.cube);
    // When a match is set, the cube is on, as gnubg plays a match; off again if asked
    modern.set_assignment("match=5").unwrap();
    assert!(modern.cube && modern.crawford);
    modern.set_assignment("cube=false").unwrap();
    modern.set_assignment("match=7").unwrap();
    assert!(!modern.cube, "a match lengthened keeps the cube as chosen");
    // And a preset chosen keeps the match and the cube chosen
    let kept = Rules::preset(Preset::Modern).with_the_match_of(&modern);
    assert_eq!((kept.match_to, kept.cube), (7, false));
    // But a game the backgammon world does not play keeps its cube as it is
    let mut irish = Rules::preset(Preset::Irish);
    irish.set_assignment("match=5").unwrap();
    assert!(!irish.cube);
}

//! The teaching content: the glossary has an entry for every term RULES.md asks the app to use
//! and for every word of the games the app's story and status line use; the rules explanation
//! follows every option; the glossary's words are our own, not the sources'.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use gamester_core::players::{Colour, Seats};
use gamester_core::session::Session;
use gamester_core::teaching::rules_text::{Section, explain};
use gamester_core::teaching::terms::{FACE_NAMES, GLOSSARY, MODERN, links, term};
use gamester_rules::tables::options::{OPTIONS, RuleOption, SOURCES};
use gamester_rules::tables::{
    Action, Compulsion, FairDice, Layout, Opening, Phase, Position, Preset, Rules, Side, Tally,
    position_id,
};

/// A file of the repository's `docs/` (RULES.md, the spec of the rules, is kept there).
fn docs(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs")
        .join(path)
}

fn rules_md() -> String {
    let path = docs("RULES.md");
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Text with everything in brackets taken out.
fn without_brackets(text: &str) -> String {
    let mut depth = 0;
    text.chars()
        .filter(|&c| {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => return depth == 0,
            }
            false
        })
        .collect()
}

/// The list after "Terms the app must use and explain:" in RULES.md: one bullet, perhaps over
/// several lines; bracketed words are explanations; "hit / nip" is two terms.
fn terms_rules_md_asks_for(md: &str) -> Vec<String> {
    let marker = "Terms the app must use and explain:";
    let start = md.find(marker).expect("RULES.md lists the terms") + marker.len();
    let mut list = String::new();
    for (i, line) in md[start..].lines().enumerate() {
        let trimmed = line.trim();
        if i > 0 && (trimmed.is_empty() || trimmed.starts_with("- ")) {
            break;
        }
        list.push(' ');
        list.push_str(trimmed);
    }
    without_brackets(&list)
        .split(',')
        .flat_map(|item| item.split(" / "))
        .map(|t| t.trim().trim_end_matches('.').trim().to_string())
        .filter(|t| !t.is_empty())
        .collect()
}

/// The words in bold in "The board and its words": there a bracket holds another spelling.
fn bold_words_of_the_board(md: &str) -> Vec<String> {
    let start = md
        .find("## The board and its words")
        .expect("the board section");
    let end = md[start + 3..]
        .find("\n## ")
        .map_or(md.len(), |i| start + 3 + i);
    md[start..end]
        .split("**")
        .skip(1)
        .step_by(2)
        .flat_map(|bold| {
            bold.replace(['(', ')'], ",")
                .split(',')
                .map(|w| w.trim().to_string())
                .collect::<Vec<_>>()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

#[test]
fn every_term_rules_md_asks_for_has_an_entry() {
    // Given the terms RULES.md says the app must use and explain
    let md = rules_md();
    let asked = terms_rules_md_asks_for(&md);
    assert!(asked.len() >= 16, "parsed too few terms: {asked:?}");
    for expected in [
        "blot",
        "nip",
        "take a point",
        "bind a man",
        "minoret",
        "back-gammon",
    ] {
        assert!(
            asked.iter().any(|t| t == expected),
            "{expected} in {asked:?}"
        );
    }
    // Then each has an entry, found by its own words
    let missing: Vec<&String> = asked.iter().filter(|t| term(t).is_none()).collect();
    assert!(missing.is_empty(), "no glossary entry for {missing:?}");
}

#[test]
fn every_word_of_the_board_has_an_entry() {
    // Given the words in bold where RULES.md describes the board (faces, points, tables)
    let bold = bold_words_of_the_board(&rules_md());
    for expected in [
        "ace point",
        "home table",
        "outer table",
        "bar",
        "off",
        "kater",
        "sice",
    ] {
        assert!(bold.iter().any(|w| w == expected), "{expected} in {bold:?}");
    }
    // Then each has an entry
    let missing: Vec<&String> = bold.iter().filter(|w| term(w).is_none()).collect();
    assert!(missing.is_empty(), "no glossary entry for {missing:?}");
}

// ---------------------------------------------------------------------------------------------
// The words of the story and the status line, from random games under every preset.

/// Everyday English the story and status line use, which needs no glossary entry. A word of the
/// games that appears in them and is not linked fails the test below: give it an entry (or, if
/// it truly is everyday English, add it here).
#[rustfmt::skip]
const EVERYDAY: &[&str] = &[
    "a", "again", "all", "an", "and", "any", "are", "be", "before", "begins", "both", "by", "can", "carries", "carry",
    "cannot", "choose", "chooses", "could", "counted", "each", "equal", "every", "fifteen", "finds", "for", "from",
    "game", "go", "goes", "has", "he", "higher", "his", "in", "is", "it", "last", "left", "loses", "may", "move",
    "must", "nearer", "neither", "new", "next", "no", "none", "not", "now", "of", "on", "one", "opening", "or", "outside", "over", "own",
    "play", "played", "plays", "rule", "second", "side", "six", "stand", "stands", "still", "taken", "than", "the", "them",
    "there", "they", "this", "to", "two", "until", "what", "whatever", "where", "which", "while", "wins",
    "with", "won", "would",
];

/// Plays one game through a session with random choices, collecting every log line and every
/// status line on the way.
fn random_game(rules: &Rules, table: &Seats, seed: u64, texts: &mut Vec<String>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut dice = FairDice::seeded(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut s = Session::new(
        rules.clone(),
        table.clone(),
        Tally::default(),
        Box::new(FairDice::seeded(seed)),
    )
    .expect("a preset starts a game");
    for _ in 0..4000 {
        texts.push(s.status());
        if s.game().is_over() {
            break;
        }
        let game = s.game();
        let choices = game.choices();
        let action = if game.phase() == Phase::ToThrow
            && choices.contains(&Action::Double)
            && rng.random_ratio(1, 20)
        {
            Action::Double
        } else if let Some(thrown) = game.throw_action(&mut dice) {
            thrown
        } else {
            match game.phase() {
                Phase::DoubleOffered if rng.random_ratio(3, 4) => Action::Take,
                _ => {
                    // Step by step, never taking back, so that every status is seen.
                    let onward: Vec<Action> =
                        choices.into_iter().filter(|a| *a != Action::Undo).collect();
                    onward[rng.random_range(0..onward.len())]
                }
            }
        };
        s.apply(action)
            .unwrap_or_else(|e| panic!("seed {seed}: {action:?} refused: {e}"));
    }
    texts.extend(s.log().iter().map(|entry| entry.words.clone()));
}

/// Every log and status line of many seeded games under every preset (and the cube, free
/// compulsion and other colours here and there).
fn story_texts() -> Vec<String> {
    let mut texts = Vec::new();
    for (i, preset) in Preset::ALL.into_iter().enumerate() {
        for g in 0..24u64 {
            let mut rules = Rules::preset(preset);
            rules.cube = g % 3 == 0;
            if g % 4 == 1 {
                rules.compulsion = Compulsion::Free;
            }
            let mut table = Seats::two_people();
            if g % 5 == 2 {
                table.white.colour = Colour::Red;
                table.black.colour = Colour::Green;
            }
            random_game(&rules, &table, (i as u64) * 1000 + g, &mut texts);
        }
    }
    // And games that begin with a man on the bar against a bound table: broken (Irish), the
    // prime of tables (Todas Tablas), or waiting (Nard).
    let bound: Position = "bar:1 13:14 / 6:2 5:2 4:2 3:2 2:2 1:2 13:3"
        .parse()
        .unwrap();
    for preset in [Preset::Irish, Preset::TodasTablas, Preset::Nard] {
        for g in 0..8u64 {
            let mut rules = Rules::preset(preset);
            rules.layout = Layout::Custom(bound.to_setup(Side::White));
            random_game(&rules, &Seats::two_people(), 90_000 + g, &mut texts);
        }
    }
    texts
}

/// The words of a text (letters, with inner hyphens and apostrophes), each with its byte range.
fn words(text: &str) -> Vec<(std::ops::Range<usize>, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    let bytes = text.as_bytes();
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        let inner = (c == '-' || c == '\'')
            && start.is_some()
            && bytes.get(i + 1).is_some_and(|b| b.is_ascii_alphabetic());
        if c.is_alphabetic() || inner {
            start.get_or_insert(i);
        } else if let Some(s) = start.take() {
            out.push((s..i, &text[s..i]));
        }
    }
    out
}

#[test]
fn every_word_of_the_games_in_the_story_has_an_entry() {
    // Given the story and status lines of many random games under every preset
    let texts = story_texts();
    let everyday: BTreeSet<String> = EVERYDAY
        .iter()
        .map(|w| w.to_string())
        .chain(Colour::ALL.iter().map(|c| c.name().to_lowercase()))
        .collect();
    let mut unlinked: BTreeMap<String, String> = BTreeMap::new();
    let mut linked: BTreeSet<&'static str> = BTreeSet::new();
    for text in &texts {
        let found = links(text);
        // Then every link resolves to its own term, in order, without overlaps
        let mut end = 0;
        for (range, t) in &found {
            assert!(range.start >= end, "overlapping links in {text:?}");
            end = range.end;
            assert_eq!(term(&text[range.clone()]), Some(*t), "in {text:?}");
            linked.insert(t.name);
        }
        // And every word is either linked or everyday English
        for (range, word) in words(text) {
            let inside = found
                .iter()
                .any(|(r, _)| r.start <= range.start && range.end <= r.end);
            let lower = word.to_lowercase();
            let base = lower.trim_end_matches("'s");
            if !inside && !everyday.contains(&lower) && !everyday.contains(base) {
                unlinked.entry(lower).or_insert_with(|| text.clone());
            }
        }
    }
    assert!(
        unlinked.is_empty(),
        "words of the story with no glossary entry (word: an example line): {unlinked:#?}"
    );
    // And the games really told of the period's words (so this test can fail)
    let missing = [
        "ace",
        "deuce",
        "trey",
        "cater",
        "cinque",
        "sice",
        "blot",
        "hit",
        "nip",
        "playing at length",
        "enter",
        "bar",
        "bear off",
        "forfeit",
        "stake",
        "doublets",
        "back-gammon",
        "gammon",
        "lose outright",
        "prime of tables",
        "double",
        "take",
        "partner",
        "throw",
        "lift the dice",
        "home table",
        "session",
        "bound table",
        "break the table",
    ]
    .into_iter()
    .filter(|name| !linked.contains(name))
    .collect::<Vec<_>>();
    assert!(missing.is_empty(), "no story line named {missing:?}");
}

#[test]
fn the_period_words_of_the_story_are_linked_to_their_entries() {
    // Given the period words as the story writes them, and the entry each must link to
    let expected: &[(&str, &str)] = &[
        ("ace", "ace"),
        ("aces", "ace"),
        ("deuce", "deuce"),
        ("trey", "trey"),
        ("cater", "cater"),
        ("cinque", "cinque"),
        ("sices", "sice"),
        ("blot", "blot"),
        ("nipping", "nip"),
        ("hitting", "hit"),
        ("plays at length", "playing at length"),
        ("enters", "enter"),
        ("enter", "enter"),
        ("bears off", "bear off"),
        ("borne off", "bear off"),
        ("forfeit", "forfeit"),
        ("stake", "stake"),
        ("stakes", "stake"),
        ("doublet", "doublets"),
        ("doublets", "doublets"),
        ("back-gammon", "back-gammon"),
        ("bar", "bar"),
        ("home table", "home table"),
    ];
    let texts = story_texts();
    // Then wherever such a word stands as a whole word, a link to its entry covers it
    let mut seen = BTreeSet::new();
    for text in &texts {
        let found = links(text);
        let lower = text.to_lowercase();
        for &(word, name) in expected {
            for (at, _) in lower.match_indices(word) {
                let end = at + word.len();
                let whole = !lower[..at].ends_with(|c: char| c.is_alphanumeric())
                    && !lower[end..].starts_with(|c: char| c.is_alphanumeric() || c == '-');
                if !whole {
                    continue;
                }
                seen.insert(word);
                let covered = found
                    .iter()
                    .any(|(r, t)| r.start <= at && end <= r.end && t.name == name);
                assert!(covered, "{word:?} not linked to {name} in {text:?}");
            }
        }
    }
    assert_eq!(
        seen.len(),
        expected.len(),
        "some words never appeared: {:?}",
        expected
            .iter()
            .filter(|(w, _)| !seen.contains(w))
            .collect::<Vec<_>>()
    );
}

// ---------------------------------------------------------------------------------------------
// The rules explanation follows the options.

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

// ---------------------------------------------------------------------------------------------
// Our own words.

/// The words of a text in lower case, letters only.
fn plain_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// How many words make a run that would be copying.
const RUN: usize = 8;

/// The fingerprints of the sources' runs of words, recorded in `tests/data/source_runs.txt`
/// (the texts themselves are not the repository's to ship).
const SOURCE_RUNS: &str = "../../tests/data/source_runs.txt";

/// A fingerprint of a run of words: FNV-1a over its bytes, the same on every machine and every
/// version of Rust (std's hasher promises neither).
fn fingerprint(run: &str) -> u64 {
    run.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The fingerprint of every run of [`RUN`] words in the source texts in `dir`.
fn runs_of_sources(dir: &Path) -> (usize, BTreeSet<u64>) {
    let mut runs = BTreeSet::new();
    let mut files = 0;
    let mut paths: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    for path in paths {
        let text = fs::read_to_string(&path).unwrap();
        let words = plain_words(&text);
        runs.extend(words.windows(RUN).map(|w| fingerprint(&w.join(" "))));
        files += 1;
    }
    (files, runs)
}

/// Writes `tests/data/source_runs.txt` from the source texts beside the repository
/// (`../shared/sources/`): `cargo test -p gamester-core --test core -- --ignored
/// record_the_sources_runs`.
#[test]
#[ignore = "writes the fixture from the source texts, which live outside the repository"]
fn record_the_sources_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let (files, runs) = runs_of_sources(&root.join("../shared/sources"));
    assert_eq!(files, SOURCES.len());
    let mut out = format!(
        "# The fingerprint (FNV-1a, 64 bits, in hex) of every run of {RUN} words in the {files} \
         source texts of RULES.md, in lower case, letters only, joined by one space.\n# Made by \
         `cargo test -p gamester-core --test core -- --ignored record_the_sources_runs`.\n"
    );
    for run in runs {
        out.push_str(&format!("{run:016x}\n"));
    }
    fs::write(Path::new(env!("CARGO_MANIFEST_DIR")).join(SOURCE_RUNS), out).unwrap();
}

#[test]
fn the_glossary_does_not_copy_the_sources_sentences() {
    // Given every run of eight words in the source texts, by its fingerprint
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(SOURCE_RUNS);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let runs: BTreeSet<u64> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| u64::from_str_radix(l, 16).unwrap())
        .collect();
    assert!(runs.len() > 5_000, "{} runs", runs.len());
    // (the fingerprints do find a source's own sentence)
    let sample = fingerprints_of(
        "Eche syde of eche box shews six points, making in all .24. points to be played upon",
    );
    assert!(sample.iter().all(|r| runs.contains(r)));
    // Then no meaning, and no rules explanation, shares one
    let mut ours: Vec<(String, String)> = GLOSSARY
        .iter()
        .map(|t| (t.name.to_string(), t.meaning.to_string()))
        .collect();
    for preset in Preset::ALL {
        for s in explain(&Rules::preset(preset)) {
            ours.push((s.title.clone(), s.text.clone()));
        }
    }
    for (name, text) in ours {
        for run in plain_words(&text).windows(RUN) {
            let run = run.join(" ");
            assert!(
                !runs.contains(&fingerprint(&run)),
                "{name} copies a source: {run:?}"
            );
        }
    }
}

/// The fingerprints of the runs of words in one text.
fn fingerprints_of(text: &str) -> Vec<u64> {
    plain_words(text)
        .windows(RUN)
        .map(|w| fingerprint(&w.join(" ")))
        .collect()
}

#[test]
fn glossary_entries_name_their_sources_by_the_apps_names() {
    for t in GLOSSARY {
        for name in t.source_names() {
            assert!(
                name == MODERN || SOURCES.iter().any(|(_, n)| *n == name),
                "{}: {name}",
                t.name
            );
        }
    }
}

/// No line of the story or the status reads badly: no space or comma at either end, no comma
/// with nothing before it, no doubled spaces or punctuation.
#[test]
fn the_story_has_no_orphan_commas_or_stray_spaces() {
    let mut bad = Vec::new();
    for text in story_texts() {
        let flaws = [
            (text.trim() != text, "space at an end"),
            (text.starts_with([',', '.', ';', ':']), "punctuation first"),
            (
                text.ends_with([',', ';', ':']),
                "a dangling comma at the end",
            ),
            (text.contains("  "), "two spaces"),
            (
                text.contains(" ,") || text.contains(" ."),
                "a space before a comma",
            ),
            (
                text.contains(",,")
                    || text.contains(", ,")
                    || text.contains(",.")
                    || text.contains(". ."),
                "empty between commas",
            ),
            (
                text.contains(": .") || text.contains(":."),
                "nothing after a colon",
            ),
            (text.is_empty(), "an empty line"),
        ];
        for (flawed, what) in flaws {
            if flawed {
                bad.push(format!("{what}: {text:?}"));
            }
        }
    }
    bad.sort();
    bad.dedup();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The throw-off to break a bound table is told in words, like every other throw.
#[test]
fn a_break_throw_off_is_told_in_words() {
    let texts = story_texts();
    let breaks: Vec<&String> = texts
        .iter()
        .filter(|t| t.starts_with("For the break"))
        .collect();
    assert!(!breaks.is_empty(), "some games break a bound table");
    for text in breaks {
        assert!(!text.chars().any(|c| c.is_ascii_digit()), "{text}");
        assert!(FACE_NAMES.iter().any(|f| text.contains(f)), "{text}");
    }
}

/// Words that, after a lone name other than "You", would not read as English ("Robin win").
const PLAIN_VERBS: [&str; 6] = ["win ", "lay ", "score ", "draw ", "knock", "set "];
/// Words that, after "You", would not read as English ("You wins").
const THIRD_VERBS: [&str; 8] = [
    "wins", "lays", "scores", "draws", "knocks", "sets", "is ", "has ",
];

/// Every sentence in `lines` that misuses a name of `names`: "You's", "You wins", "Robin win".
fn misread(lines: &[String], names: &[&str]) -> Vec<String> {
    let mut bad = Vec::new();
    for line in lines {
        if line.contains("You's") || line.contains("you's") {
            bad.push(line.clone());
        }
        for verb in THIRD_VERBS {
            if line.contains(&format!("You {verb}")) {
                bad.push(line.clone());
            }
        }
        for name in names.iter().filter(|n| **n != "You") {
            for verb in PLAIN_VERBS {
                // A lone name (not one of a pair joined by "and") before a plain verb.
                if let Some(i) = line.find(&format!("{name} {verb}"))
                    && !line[..i].ends_with(" and ")
                {
                    bad.push(line.clone());
                }
            }
        }
    }
    bad
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// Whatever the players are called, "You" included, every line the story and the status
    /// build around their names reads as English: at Double-hand Irish (the partners' throws)
    /// and at the tiles (who lays, knocks, scores and wins).
    #[test]
    fn the_story_reads_as_english_for_every_name(
        seed in 0u64..1_000_000,
        picks in proptest::collection::vec(0usize..5, 4),
    ) {
        use gamester_core::ai::random::random_decision;
        use gamester_core::ai::decide::Decision;
        use gamester_core::players::Controller;
        use gamester_core::tiles_session::TilesSession;
        const POOL: [&str; 5] = ["You", "Robin", "James", "Anne", "Moll"];
        let names: Vec<&str> = picks.iter().map(|&i| POOL[i]).collect();
        // Double-hand Irish, each partner named from the pool.
        let mut table = Seats::two_people();
        table.fit(true);
        for (i, p) in table
            .white
            .players
            .iter_mut()
            .chain(table.black.players.iter_mut())
            .enumerate()
        {
            p.name = names[i].to_string();
        }
        let rules = Rules::preset(Preset::DoubleHandIrish);
        let mut session =
            Session::new(rules, table, Tally::default(), Box::new(FairDice::seeded(seed))).unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        let mut lines = Vec::new();
        for _ in 0..300 {
            if session.game().is_over() {
                break;
            }
            lines.push(session.status());
            match random_decision(session.game(), &mut rng) {
                Some(Decision::Play(play)) => {
                    session.apply_play(&play).unwrap();
                }
                Some(Decision::Action(a)) => {
                    session.apply(a).unwrap();
                }
                None => {
                    session.throw().unwrap();
                }
            }
        }
        lines.extend(session.log().iter().map(|e| e.words.clone()));
        proptest::prop_assert!(misread(&lines, &names).is_empty(), "{:?}", misread(&lines, &names));
        // Muggins for three (no partners) and for four in teams, named from the pool.
        for (preset, players) in [
            (gamester_rules::tiles::Preset::Muggins, 3),
            (gamester_rules::tiles::Preset::MugginsTeams, 4),
        ] {
            let rules = gamester_rules::tiles::Rules::preset(preset).with_players(players);
            let sitters = vec![Controller::Computer(gamester_core::level::Level::Novice); 4];
            let mut tiles = TilesSession::new(rules, sitters, Some(seed)).unwrap();
            let mut distinct: Vec<String> = Vec::new();
            for n in &names[..usize::from(players)] {
                let mut n = n.to_string();
                while distinct.contains(&n) {
                    n.push('e');
                }
                distinct.push(n);
            }
            tiles.rename(distinct.clone());
            for _ in 0..2000 {
                let game = tiles.game();
                match game.phase() {
                    gamester_rules::tiles::Phase::GameOver => break,
                    gamester_rules::tiles::Phase::ToDeal => tiles.go_on().unwrap(),
                    gamester_rules::tiles::Phase::ToThrow => tiles.throw_for_set(0.0).unwrap(),
                    gamester_rules::tiles::Phase::Playing => {
                        let a = gamester_core::ai::tiles::random_action(game, &mut rng).unwrap();
                        tiles.apply(a, 0.0).unwrap();
                    }
                }
            }
            let mut lines: Vec<String> = tiles.story().to_vec();
            for side in 0..rules.sides() {
                lines.push(tiles.winner_words(side));
            }
            let names: Vec<&str> = distinct.iter().map(String::as_str).collect();
            proptest::prop_assert!(misread(&lines, &names).is_empty(), "{:?}", misread(&lines, &names));
        }
    }
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

//! Our own words: the glossary, the rules explained and the lessons do not copy the sources' sentences, and names its sources by
//! the app's names.

use gamester_core::teaching::lessons::{Answer, Lesson};
use gamester_core::teaching::rules_text::explain;
use gamester_core::teaching::terms::{GLOSSARY, MODERN};
use gamester_rules::tables::options::SOURCES;
use gamester_rules::tables::{Preset, Rules};
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

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
    // Nor do the pastimes' rules
    for rules in gamester_rules::pastimes::Preset::ALL.map(gamester_rules::pastimes::Rules::preset)
    {
        for s in gamester_core::teaching::pastime_rules::explain(&rules) {
            ours.push((s.title.clone(), s.text.clone()));
        }
    }
    // Nor does a lesson's question, answer or explanation
    for lesson in Lesson::ALL {
        for seed in 0..30 {
            let e = lesson.exercise(seed, "Black");
            let notes = match &e.answer {
                Answer::Choice { options, notes, .. } => [options.clone(), notes.clone()].concat(),
                Answer::Point { notes, .. } => notes.clone(),
            };
            for text in [vec![e.prompt.clone(), e.why.clone()], notes].concat() {
                ours.push((lesson.title().to_string(), text));
            }
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

//! The glossary has an entry for every term RULES.md asks the app to use, and for every word of
//! the board.

use gamester_core::teaching::terms::term;
use std::fs;
use std::path::{Path, PathBuf};

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

//! The glossary: every word of the games at Tables that Gamester uses, what it means, and
//! where it comes from; with lookup by any form of a word, a search for the glossary's search
//! box, and [`links`] to find the glossary's words in any text the app shows.
//!
//! ```
//! use gamester_core::teaching::terms::{links, term};
//!
//! assert_eq!(term("Nipping").map(|t| t.name), Some("nip"));
//! let text = "White plays at length from his 13 to his 7, nipping a blot on his 10";
//! let named: Vec<&str> = links(text).into_iter().map(|(r, _)| &text[r]).collect();
//! assert_eq!(named, ["plays at length", "nipping", "blot"]);
//! ```

mod entries;

pub use entries::{GLOSSARY, MODERN};

use std::ops::Range;
use std::sync::OnceLock;

use crate::tables::options::source_name;

/// One entry of the glossary.
///
/// Invariant (checked by the tests): no name or form, compared without regard to case, belongs
/// to two terms, so [`term`] and [`links`] are never ambiguous.
#[derive(Debug, PartialEq, Eq)]
pub struct Term {
    /// The word as the glossary heads it ("playing at length", "cater").
    pub name: &'static str,
    /// Other ways the app or the sources write it: inflections ("nipping", "borne off"),
    /// period spellings ("kater"), phrases ("cater point").
    pub forms: &'static [&'static str],
    /// What it means, in our own words, naming the sources.
    pub meaning: &'static str,
    /// The sources it comes from: RULES.md's numbers ("000" … "004") or [`MODERN`]; empty for
    /// Gamester's own words.
    pub sources: &'static [&'static str],
}

impl Term {
    /// The sources as the app names them ("003" → "Murray, A History of Board-Games: …").
    #[must_use]
    pub fn source_names(&self) -> Vec<&'static str> {
        self.sources.iter().map(|s| source_name(s)).collect()
    }

    /// The name and every form.
    pub fn spellings(&self) -> impl Iterator<Item = &'static str> {
        std::iter::once(self.name).chain(self.forms.iter().copied())
    }
}

/// The term a word names, by its name or any of its forms, without regard to case or to
/// surrounding spaces: `term("Borne off")` is "bear off", `term("cater point")` is "cater".
#[must_use]
pub fn term(name_or_form: &str) -> Option<&'static Term> {
    let wanted = name_or_form.trim();
    GLOSSARY
        .iter()
        .find(|t| t.spellings().any(|s| s.eq_ignore_ascii_case(wanted)))
}

/// The terms that match a search: every word of the query must occur (without regard to case)
/// in the term's name, forms or meaning. Terms whose name or a form is the query come first,
/// then those whose name contains it, then those with a form that contains it, then those that
/// only mention it; otherwise in glossary order. An empty query gives the whole glossary.
#[must_use]
pub fn search(query: &str) -> Vec<&'static Term> {
    let query = query.trim().to_lowercase();
    let words: Vec<&str> = query.split_whitespace().collect();
    let mut found: Vec<(u8, &'static Term)> = GLOSSARY
        .iter()
        .filter_map(|t| {
            let spellings: Vec<String> = t.spellings().map(str::to_lowercase).collect();
            let meaning = t.meaning.to_lowercase();
            let all_there = words
                .iter()
                .all(|w| meaning.contains(w) || spellings.iter().any(|s| s.contains(w)));
            if !all_there {
                return None;
            }
            let rank = if spellings.contains(&query) {
                0
            } else if spellings[0].contains(&query) {
                1
            } else if spellings.iter().any(|s| s.contains(&query)) {
                2
            } else {
                3
            };
            Some((rank, t))
        })
        .collect();
    found.sort_by_key(|&(rank, _)| rank);
    found.into_iter().map(|(_, t)| t).collect()
}

/// A spelling as [`links`] looks for it.
struct Spelling {
    lower: String,
    /// A proper name ("Fails", "Irish") links only where the text capitalises it too, so that
    /// "the move fails" names no game.
    capital: bool,
    term: &'static Term,
}

/// Every spelling with its term, longest first, kept by its first letter (in lower case):
/// a word of the text is compared only with the spellings that begin as it does.
fn spellings_by_first_letter() -> &'static [Vec<Spelling>; 128] {
    static SPELLINGS: OnceLock<[Vec<Spelling>; 128]> = OnceLock::new();
    SPELLINGS.get_or_init(|| {
        let mut all: Vec<Spelling> = GLOSSARY
            .iter()
            .flat_map(|term| {
                term.spellings().map(move |s| Spelling {
                    lower: s.to_lowercase(),
                    capital: s.starts_with(|c: char| c.is_ascii_uppercase()),
                    term,
                })
            })
            .collect();
        all.sort_by_key(|s| std::cmp::Reverse(s.lower.len()));
        let mut by_letter: [Vec<Spelling>; 128] = std::array::from_fn(|_| Vec::new());
        for spelling in all {
            if let Some(&first) = spelling.lower.as_bytes().first()
                && first.is_ascii()
            {
                by_letter[usize::from(first)].push(spelling);
            }
        }
        by_letter
    })
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric()
}

/// The places in `text` that name a glossary term: byte ranges, in order and never
/// overlapping, each a whole word or phrase (not part of a longer word), matched without
/// regard to case, except that a proper name (a game: "Fails", "Irish") must begin with a
/// capital in the text too. Where spellings overlap the longest wins ("plays at length"
/// rather than "plays"; "throw-off" rather than "throw").
#[must_use]
pub fn links(text: &str) -> Vec<(Range<usize>, &'static Term)> {
    let by_letter = spellings_by_first_letter();
    let mut found = Vec::new();
    let mut prev: Option<char> = None;
    let mut skip_to = 0;
    for (i, c) in text.char_indices() {
        let starts_word = is_word_char(c) && !prev.is_some_and(is_word_char);
        prev = Some(c);
        if i < skip_to || !starts_word {
            continue;
        }
        let rest = &text.as_bytes()[i..];
        // Spellings are ASCII: a word that begins otherwise names no term.
        let Some(spellings) = by_letter.get(usize::from(rest[0].to_ascii_lowercase())) else {
            continue;
        };
        let hit = spellings.iter().find(|s| {
            let len = s.lower.len();
            // Spellings are ASCII, so a match ends on a character boundary.
            rest.len() >= len
                && rest[..len].eq_ignore_ascii_case(s.lower.as_bytes())
                && (!s.capital || rest[0].is_ascii_uppercase())
                && !text[i + len..].chars().next().is_some_and(is_word_char)
        });
        if let Some(s) = hit {
            found.push((i..i + s.lower.len(), s.term));
            skip_to = i + s.lower.len();
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::options::SOURCES;
    use crate::teaching::faces::FACE_NAMES;

    fn linked(text: &str) -> Vec<(&str, &'static str)> {
        links(text)
            .into_iter()
            .map(|(r, t)| (&text[r], t.name))
            .collect()
    }

    #[test]
    fn no_spelling_belongs_to_two_terms() {
        // Given every name and form, in lower case
        let mut seen: Vec<(String, &str)> = Vec::new();
        for t in GLOSSARY {
            for s in t.spellings() {
                // Then none is used twice, and each is ASCII with no stray spaces
                assert!(s.is_ascii() && s.trim() == s, "{s:?}");
                let lower = s.to_lowercase();
                if let Some((_, other)) = seen.iter().find(|(x, _)| *x == lower) {
                    panic!("{s:?} is both {other} and {}", t.name);
                }
                seen.push((lower, t.name));
            }
        }
    }

    #[test]
    fn the_faces_come_first_then_the_rest_alphabetically() {
        let names: Vec<&str> = GLOSSARY.iter().map(|t| t.name).collect();
        assert_eq!(names[..6], FACE_NAMES);
        let rest: Vec<String> = names[6..].iter().map(|n| n.to_lowercase()).collect();
        let mut sorted = rest.clone();
        sorted.sort();
        assert_eq!(rest, sorted);
    }

    #[test]
    fn every_entry_has_a_meaning_and_known_sources() {
        for t in GLOSSARY {
            assert!(
                t.meaning.len() > 40 && t.meaning.ends_with('.'),
                "{}: {}",
                t.name,
                t.meaning
            );
            for s in t.sources {
                assert!(
                    *s == MODERN || SOURCES.iter().any(|(id, _)| id == s),
                    "{}: unknown source {s}",
                    t.name
                );
            }
        }
        // Gamester's own words are few, and say so.
        for t in GLOSSARY.iter().filter(|t| t.sources.is_empty()) {
            assert!(t.meaning.contains("Gamester"), "{}", t.name);
        }
    }

    #[test]
    fn a_term_is_found_by_any_form_in_any_case() {
        for (form, name) in [
            ("nipping", "nip"),
            ("Blots", "blot"),
            ("borne off", "bear off"),
            ("CATER POINT", "cater"),
            ("kater", "cater"),
            (" duce ", "deuce"),
            ("playing at length", "playing at length"),
            ("back-gammon", "back-gammon"),
            ("backgammon", "backgammon"),
            ("binds a man", "bind a man"),
            ("takes a point", "take a point"),
            ("takes", "take"),
        ] {
            assert_eq!(term(form).map(|t| t.name), Some(name), "{form}");
        }
        assert_eq!(term("chess"), None);
        assert_eq!(term(""), None);
        for t in GLOSSARY {
            for s in t.spellings() {
                assert_eq!(term(s), Some(t), "{s}");
            }
        }
    }

    #[test]
    fn the_source_names_are_the_apps() {
        let nip = term("nip").unwrap();
        assert_eq!(nip.source_names(), [source_name("002")]);
        assert!(nip.source_names()[0].contains("Irish Game"));
        assert!(term("cube").unwrap().source_names().contains(&MODERN));
    }

    #[test]
    fn search_finds_names_first_then_meanings() {
        // When the search is for "length"
        let found: Vec<&str> = search("length").iter().map(|t| t.name).collect();
        // Then playing at length leads, and nip (which mentions it) follows
        assert_eq!(found[0], "playing at length");
        assert!(found.contains(&"nip"), "{found:?}");
        // Exact names and forms come before names that contain the query
        assert_eq!(search("Bar")[0].name, "bar");
        assert_eq!(search("bound")[0].name, "bound table");
        // Every word must be there
        let both: Vec<&str> = search("alfonso prime").iter().map(|t| t.name).collect();
        assert!(both.contains(&"prime of tables"), "{both:?}");
        assert!(!both.contains(&"draw"), "{both:?}");
        assert!(search("xylophone").is_empty());
        assert_eq!(search("  ").len(), GLOSSARY.len());
    }

    #[test]
    fn links_take_the_longest_whole_words() {
        assert_eq!(
            linked("White plays at length from his 13 to his 7, nipping a blot on his 10"),
            [
                ("plays at length", "playing at length"),
                ("nipping", "nip"),
                ("blot", "blot")
            ]
        );
        assert_eq!(
            linked("Black throws doublet sices: sice, sice to play"),
            [
                ("throws", "throw"),
                ("doublet", "doublets"),
                ("sices", "sice"),
                ("sice", "sice"),
                ("sice", "sice")
            ]
        );
        assert_eq!(
            linked("enters a man on the adversary's cater point, hitting"),
            [
                ("enters", "enter"),
                ("man", "man"),
                ("adversary's", "adversary"),
                ("cater point", "cater"),
                ("hitting", "hit")
            ]
        );
        // Not inside longer words: "aces" is a form, "acer" is not; "offers" is not "off"
        assert_eq!(linked("acer offers Embar"), []);
        assert_eq!(
            linked("the throw-off; a back-gammon"),
            [("throw-off", "throw-off"), ("back-gammon", "back-gammon")]
        );
        assert_eq!(linked(""), []);
    }

    #[test]
    fn games_are_linked_only_by_their_proper_names() {
        assert_eq!(linked("if the move fails"), []);
        assert_eq!(
            linked("Fails is older than Double-hand Irish"),
            [
                ("Fails", "Fails"),
                ("Double-hand Irish", "Double-hand Irish")
            ]
        );
        // The glossary still finds them in any case
        assert_eq!(term("fails").map(|t| t.name), Some("Fails"));
    }

    #[test]
    fn links_are_in_order_and_resolve_to_their_terms() {
        let text = "Ω Bound table — BEARS OFF his last man… the stake: 2 Stakes. Blot's end";
        let found = links(text);
        let mut end = 0;
        for (range, t) in &found {
            assert!(range.start >= end, "overlap at {range:?}");
            end = range.end;
            assert_eq!(term(&text[range.clone()]), Some(*t));
        }
        let words: Vec<&str> = found.iter().map(|(r, _)| &text[r.clone()]).collect();
        assert_eq!(
            words,
            ["Bound table", "BEARS OFF", "man", "stake", "Stakes", "Blot"]
        );
    }
}

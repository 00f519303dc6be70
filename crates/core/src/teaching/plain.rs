//! Whether words are a player's: a page to print, a message or a window's text may name the
//! games, their options and their numbers in words, but never as a developer writes them (a
//! file of the source like `RULES.md`, an identifier like `bear_off`, a setting like
//! `dice=two`, a source by its number like "seed 004", a time in milliseconds). The pages and
//! the window are checked against it.
//!
//! ```
//! use gamester_core::teaching::plain::developer_words;
//!
//! assert!(developer_words("Bearing off: only an exact die.").is_empty());
//! assert_eq!(developer_words("as RULES.md does (layout=willughby)"), ["RULES.md", "layout=willughby"]);
//! ```

/// Each developer's word of `text`, in order (none for a player's text). Markup is not
/// looked into: give the text a reader sees.
#[must_use]
pub fn developer_words(text: &str) -> Vec<String> {
    let trim = |w: &str| {
        w.trim_matches(|c: char| !(c.is_alphanumeric() || c == '_' || c == '='))
            .to_string()
    };
    let raws: Vec<&str> = text
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| "()[]{},;:!?.\"'".contains(c)))
        .collect();
    let words: Vec<String> = raws.iter().map(|w| trim(w)).collect();
    let mut found = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let next = words.get(i + 1).map_or("", String::as_str);
        let number = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit());
        let joined = |c: char| {
            word.split(c).count() > 1
                && word
                    .split(c)
                    .all(|part| part.chars().any(char::is_alphanumeric))
        };
        let raw = raws[i];
        let file = [".md", ".rs", ".ron"]
            .iter()
            .any(|end| raw.len() > end.len() && raw.to_lowercase().ends_with(end));
        let timing = (number(word) && next == "ms") || word.strip_suffix("ms").is_some_and(number);
        let source = word.eq_ignore_ascii_case("seed") && number(next);
        // A formula: a number and a letter standing for one, joined by a sign ("25 − p").
        let letter = |w: &str| w.len() == 1 && w.chars().all(|c| c.is_ascii_lowercase());
        let op = raws.get(i + 1).copied().unwrap_or("");
        let sign = ["−", "-", "+", "×", "minus", "plus", "times"].contains(&op);
        let after = words.get(i + 2).map_or("", String::as_str);
        let formula = sign
            && ((number(word) && letter(after)) || (letter(word) && number(after)))
            && !(word == "a" || after == "a");
        if formula {
            found.push(format!("{word} {op} {after}"));
        } else if file {
            found.push(raw.to_string());
        } else if joined('_') || joined('=') || timing {
            found.push(word.clone());
        } else if source {
            found.push(format!("{word} {next}"));
        }
    }
    found
}

/// `text` with its first letter a capital, as a sentence begins.
#[must_use]
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_players_words_pass_and_a_developers_are_found() {
        for plain in [
            "The winner takes 1 stake for a single game, 2 for a gammon.",
            "Your 24 point is the adversary's ace point; the cube (2 to 64).",
            "Position ID 4HPwATDgc/ABMA, set up by the players.",
            "over: Black won 4 points",
        ] {
            assert!(developer_words(plain).is_empty(), "{plain}");
        }
        for (text, word) in [
            ("as RULES.md does", "RULES.md"),
            ("the tiles (seed 004)", "seed 004"),
            ("Gamester (layout=willughby, dice=two)", "layout=willughby"),
            ("came 92399 ms after", "92399"),
            ("in 250ms", "250ms"),
            ("bear_off is exact", "bear_off"),
            ("see src/ui/settings.rs.", "src/ui/settings.rs"),
            ("kept in save.ron", "save.ron"),
            ("the adversary's point 25 − p.", "25 − p"),
            ("so p is his 25 minus p", "25 minus p"),
        ] {
            assert_eq!(
                developer_words(text).first().map(String::as_str),
                Some(word),
                "{text}"
            );
        }
    }
}

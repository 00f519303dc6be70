//! The tiles ([`super::Lesson::Tiles`]): which tiles fit the line, and what the ends score at
//! Muggins.

use super::draw::{capital, cite, shuffled};
use super::{Exercise, Lesson};
use crate::tiles::{Line, MugginsScore, Tile, end_word};
use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};

/// A line of tiles from a random deal: a set, then tiles laid at either end.
pub(super) fn random_line(rng: &mut StdRng, len: usize) -> Line {
    let mut tiles = Tile::set();
    tiles.shuffle(rng);
    let mut line = Line::default();
    for tile in tiles {
        if line.len() >= len {
            break;
        }
        if let Some(&end) = line.fits(tile).choose(rng) {
            // `fits` said so: the tile is laid.
            let _ = line.lay(tile, end);
        }
    }
    line
}

/// The line's ends in words: "a deuce at the left and the double cinque at the right".
pub(super) fn ends_words(line: &Line) -> String {
    let laid: Vec<_> = line.laid().collect();
    let end = |l: &crate::tiles::Laid, open: u8| {
        if l.tile.is_double() {
            format!("the double {} (laid crosswise)", end_word(open))
        } else {
            let word = end_word(open);
            let article = if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            format!("{article} {word}")
        }
    };
    match (laid.first(), laid.last()) {
        (Some(first), Some(last)) if laid.len() > 1 => format!(
            "{} open at the left and {} at the right",
            end(first, first.left),
            end(last, last.right)
        ),
        (Some(first), _) => format!("only the set, the {}", first.tile.words()),
        _ => "nothing".to_string(),
    }
}

/// "Which of these tiles may be laid?"
pub(super) fn tiles_fit(rng: &mut StdRng) -> Exercise {
    let line = {
        let len = rng.random_range(2..=6);
        random_line(rng, len)
    };
    let laid: Vec<Tile> = line.laid().map(|l| l.tile).collect();
    let mut free: Vec<Tile> = Tile::set()
        .into_iter()
        .filter(|t| !laid.contains(t))
        .collect();
    free.shuffle(rng);
    let fitting = free.iter().copied().find(|&t| !line.fits(t).is_empty());
    let others: Vec<Tile> = free
        .iter()
        .copied()
        .filter(|&t| line.fits(t).is_empty())
        .take(3)
        .collect();
    let (open_l, open_r) = (
        line.open(crate::tiles::End::Left).unwrap_or(0),
        line.open(crate::tiles::End::Right).unwrap_or(0),
    );
    let mut options = Vec::new();
    if let Some(t) = fitting {
        let ends: Vec<&str> = line.fits(t).iter().map(|e| e.words()).collect();
        options.push((
            capital(&t.words()),
            format!(
                "The {} fits: it matches the {} end.",
                t.words(),
                ends.join(" and the ")
            ),
        ));
    }
    for t in others {
        options.push((
            capital(&t.words()),
            if open_l == open_r {
                format!(
                    "The {} has no {}: it fits neither end.",
                    t.words(),
                    end_word(open_l)
                )
            } else {
                format!(
                    "The {} has neither a {} nor a {}: it fits neither end.",
                    t.words(),
                    end_word(open_l),
                    end_word(open_r)
                )
            },
        ));
    }
    Exercise {
        lesson: Lesson::Tiles,
        prompt: format!(
            "The line shows {}. Which of these tiles may be laid?",
            ends_words(&line)
        ),
        board: None,
        line: Some(line),
        pastime: None,
        answer: shuffled(rng, options, 0),
        why: "A tile is laid at an open end of the line with the matching half against it; a double is laid crosswise, and nothing is played on its sides.".to_string(),
        sources: cite(&["domino"]),
    }
}

/// "What do the ends score at Muggins?"
pub(super) fn muggins_score(rng: &mut StdRng) -> Exercise {
    // Lines whose count is a multiple of five half the time.
    let want_five = rng.random_bool(0.5);
    let mut line = {
        let len = rng.random_range(2..=6);
        random_line(rng, len)
    };
    for _ in 0..200 {
        let count = line.end_count();
        if count.is_multiple_of(5) == want_five && count > 0 {
            break;
        }
        line = {
            let len = rng.random_range(2..=6);
            random_line(rng, len)
        };
    }
    let count = line.end_count();
    let scores = |score: MugginsScore| {
        if count > 0 && count.is_multiple_of(5) {
            match score {
                MugginsScore::PerFive => count / 5,
                MugginsScore::Pips => count,
            }
        } else {
            0
        }
    };
    let score = scores(MugginsScore::PerFive);
    let words = |n: u32| match n {
        0 => "Nothing".to_string(),
        1 => "1 point".to_string(),
        n => format!("{n} points"),
    };
    let mut values = vec![score];
    for c in [count / 5, count, (count / 5) + 1, count.div_ceil(5), 0] {
        if !values.contains(&c) && values.len() < 4 {
            values.push(c);
        }
    }
    let options = values
        .iter()
        .map(|&v| {
            let note = if v == score {
                if score == 0 {
                    format!("The ends count {count}, which is not a multiple of five: nothing is scored.")
                } else {
                    format!("The ends count {count}, a multiple of five: one point for each five.")
                }
            } else if v == count && count.is_multiple_of(5) {
                format!(
                    "Scoring the pips themselves, {count}, is a house rule; the Incompleat Gamester scores one point for each five: {}.",
                    words(score).to_lowercase()
                )
            } else {
                format!(
                    "The ends count {count}: {}.",
                    if score == 0 {
                        "not a multiple of five, so nothing".to_string()
                    } else {
                        format!("one point for each five, {}", words(score).to_lowercase())
                    }
                )
            };
            (words(v), note)
        })
        .collect();
    Exercise {
        lesson: Lesson::Tiles,
        prompt: format!(
            "At Muggins the line shows {}. What do the ends score for the player who laid the last tile?",
            ends_words(&line)
        ),
        board: None,
        line: Some(line),
        pastime: None,
        answer: shuffled(rng, options, 0),
        why: "At Muggins the open ends are added up, a double at an end counting both its halves; when they make a multiple of five, the player who laid scores one point for each five.".to_string(),
        sources: cite(&["Muggins"]),
    }
}

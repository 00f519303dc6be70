//! The names of the points ([`super::Lesson::Points`]): a point to click by its name, or a
//! ringed point to name.

use super::draw::{Names, capital, cite, fallback, shuffled};
use super::{Answer, Board, Exercise, Lesson};
use crate::teaching::points::PointName;
use rand::Rng;
use rand::rngs::StdRng;

pub(super) const POINT_WHY: &str = "Each side counts the points from its own ace point: ace, deuce, trey, cater, cinque and sice in its home table, then 7 to 12 in its outer table. A point past your 12 is the adversary's, and is named in his count: your 13 is his 12, your 24 his ace point.";

/// "Click Black's cinque point": a point named in words, or in the learner's numbers.
pub(super) fn click_point(rng: &mut StdRng, to: &Names) -> Exercise {
    let pos = fallback();
    let numbers = rng.random_bool(0.3);
    let (prompt, right) = if numbers {
        let p = rng.random_range(1..=24u8);
        (
            format!("Click the point you count as your {p}, counting from your ace point."),
            p,
        )
    } else {
        let own = rng.random_bool(0.5);
        let n = rng.random_range(1..=12u8);
        let p = if own { n } else { 25 - n };
        (format!("Click {}.", to.point(p)), p)
    };
    let notes = (1..=24u8)
        .map(|p| {
            format!(
                "That is {}: in numbers, your {p} and {} {}.",
                to.point(p),
                to.theirs,
                25 - p
            )
        })
        .collect();
    Exercise {
        lesson: Lesson::Points,
        prompt,
        board: Some(Board::plain(pos)),
        line: None,
        pastime: None,
        answer: Answer::Point {
            right: vec![right],
            notes,
        },
        why: POINT_WHY.to_string(),
        sources: cite(&["ace", "point"]),
    }
}

/// "What do you call the ringed point?": its name in the owner's words, or its number.
pub(super) fn name_point(rng: &mut StdRng, to: &Names) -> Exercise {
    let p = rng.random_range(1..=24u8);
    let numbers = rng.random_bool(0.3);
    let mut options: Vec<(String, String)> = Vec::new();
    let prompt;
    if numbers {
        prompt = "What is the ringed point in your numbers, counted from your ace point?".into();
        let mut candidates = vec![p, 25 - p, p % 24 + 1, (p + 22) % 24 + 1];
        candidates.dedup();
        let mut seen = Vec::new();
        for c in candidates {
            if !seen.contains(&c) {
                seen.push(c);
                let note = if c == p {
                    format!("It is your {p}: {}.", to.point(p))
                } else {
                    format!("Your {c} is {}; the ringed point is your {p}.", to.point(c))
                };
                options.push((format!("Your {c}"), note));
            }
        }
    } else {
        prompt = "What do you call the ringed point?".into();
        let name = PointName::of(p);
        // The same number on the other side, and the points either side of it.
        let mut candidates = vec![p, 25 - p];
        for q in [p.saturating_sub(1), p + 1] {
            if (1..=24).contains(&q) {
                candidates.push(q);
            }
        }
        let mut names: Vec<String> = Vec::new();
        for c in candidates {
            let words = capital(&to.point(c));
            if names.contains(&words) {
                continue;
            }
            names.push(words.clone());
            let note = if c == p {
                format!(
                    "It is the {} point of {} {}.",
                    name.label(),
                    if name.own { "your" } else { &to.theirs },
                    name.table()
                )
            } else {
                format!(
                    "{} is your {c} in numbers; the ringed point is your {p}, {}.",
                    words,
                    to.point(p)
                )
            };
            options.push((words, note));
        }
    }
    let answer = shuffled(rng, options, 0);
    Exercise {
        lesson: Lesson::Points,
        prompt,
        board: Some(Board {
            position: fallback(),
            dice: Vec::new(),
            marked: Some(p),
            naming: crate::teaching::points::Naming::Homeward,
        }),
        line: None,
        pastime: None,
        answer,
        why: POINT_WHY.to_string(),
        sources: cite(&["ace", "point"]),
    }
}

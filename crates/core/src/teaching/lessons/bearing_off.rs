//! Bearing off ([`super::Lesson::BearingOff`]): which die bears a man off under each rule.

use super::draw::{Names, option_sources};
use super::{Answer, Board, Exercise, Lesson};
use crate::tables::movegen::landing;
use crate::tables::{BearOff, Position};
use crate::teaching::faces::face_name;
use rand::Rng;
use rand::rngs::StdRng;

/// "With a cinque, under the exact rule, from which point may you bear a man off?"
pub(super) fn bear_off(rng: &mut StdRng, to: &Names) -> Exercise {
    let which = rng.random_range(0..BearOff::ALL.len());
    let rule = BearOff::ALL[which];
    let value = &BearOff::VALUES[which];
    let mut tries = 0;
    let (pos, die) = loop {
        tries += 1;
        // All the learner's men home, a few on each of some points.
        let mut pips = [0i8; 26];
        let mut left = rng.random_range(3..=15i8);
        while left > 0 {
            let p = rng.random_range(1..=6usize);
            pips[p] += 1;
            left -= 1;
        }
        pips[20] = -5;
        pips[19] = -5;
        pips[13] = -5;
        let die = rng.random_range(1..=6u8);
        let Ok(pos) = Position::from_pips(pips) else {
            continue;
        };
        let can = (1..=6).any(|p| pos.at(p) > 0 && landing(&pos, p, die, rule) == Some(0));
        let cannot = (1..=6).any(|p| pos.at(p) > 0 && landing(&pos, p, die, rule) != Some(0));
        if (can && cannot) || tries > 50 {
            break (pos, die);
        }
    };
    let right: Vec<u8> = (1..=6u8)
        .filter(|&p| {
            pos.at(usize::from(p)) > 0 && landing(&pos, usize::from(p), die, rule) == Some(0)
        })
        .collect();
    let d = face_name(die);
    let notes = (1..=24u8)
        .map(|p| {
            let point = to.point(p);
            if pos.at(usize::from(p)) <= 0 {
                return format!("You have no man on {point}.");
            }
            match landing(&pos, usize::from(p), die, rule) {
                Some(0) => format!("The {d} bears a man off from {point}."),
                Some(q) => format!(
                    "The {d} carries a man from {point} only to {}.",
                    to.point(q as u8)
                ),
                None if usize::from(die) > usize::from(p) && rule == BearOff::Exact => format!(
                    "The {d} is more than your {point} needs, and under this rule only an exact die bears off."
                ),
                None => format!(
                    "The {d} is more than {point} needs, and a man stands on a higher point: under the modern rule a higher die bears off only from the highest point."
                ),
            }
        })
        .collect();
    let why = format!("Bearing off, {}: {}", value.words, value.explanation);
    Exercise {
        lesson: Lesson::BearingOff,
        prompt: format!(
            "All your men are home. Bearing off by the rule \u{201c}{}\u{201d}, from which point may the {d} bear a man off?",
            value.words
        ),
        board: Some(Board {
            position: pos,
            dice: vec![die],
            marked: None,
            naming: crate::teaching::points::Naming::Homeward,
        }),
        line: None,
        pastime: None,
        answer: Answer::Point { right, notes },
        why,
        sources: option_sources(&crate::tables::options::BEAR_OFF),
    }
}

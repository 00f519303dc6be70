//! Blots and shots ([`super::Lesson::Blots`]): the men that stand alone, and the throws that
//! hit one.

use super::draw::{Names, capital, cite, fallback, from_play, shuffled};
use super::{Answer, Board, Exercise, Lesson};
use crate::tables::{Position, Rules};
use crate::teaching::blots::hitting_throws;
use rand::Rng;
use rand::rngs::StdRng;

/// "Click one of your blots."
pub(super) fn find_blots(rng: &mut StdRng, to: &Names) -> Exercise {
    let rules = Rules::default();
    let found = from_play(rng, &rules, &|pos, _| {
        let blots = (1..=24).filter(|&p| pos.at(p) == 1).count();
        let held = (1..=24).filter(|&p| pos.at(p) >= 2).count();
        blots >= 1 && held >= 1
    });
    let pos = found.map_or_else(fallback, |(p, _)| p);
    let right: Vec<u8> = (1..=24u8)
        .filter(|&p| pos.at(usize::from(p)) == 1)
        .collect();
    let notes = (1..=24u8)
        .map(|p| {
            let n = pos.at(usize::from(p));
            let point = to.point(p);
            match n {
                1 => format!("Your man on {point} stands alone: a blot."),
                0 => format!("{} is empty.", capital(&point)),
                n if n > 1 => format!("You have {n} men on {point}: together they are safe."),
                -1 => format!(
                    "The man on {point} is {}, a blot of {}, not yours.",
                    to.theirs, to.theirs
                ),
                n => format!("{} has {} men on {point}.", to.adversary, n.unsigned_abs()),
            }
        })
        .collect();
    Exercise {
        lesson: Lesson::Blots,
        prompt: "Click one of your blots.".to_string(),
        board: Some(Board::plain(pos)),
        line: None,
        pastime: None,
        answer: Answer::Point { right, notes },
        why: "A blot is a man standing alone on a point, which the adversary may hit by landing there; two men or more on a point are safe.".to_string(),
        sources: cite(&["blot"]),
    }
}

/// "How many throws let Black hit your blot on the ringed point?"
pub(super) fn count_shots(rng: &mut StdRng, to: &Names) -> Exercise {
    let rules = Rules::default();
    let shots = |pos: &Position| -> Option<(u8, u32, u32)> {
        let black = pos.switched();
        (1..=24u8)
            .filter(|&p| pos.at(usize::from(p)) == 1)
            .map(|p| {
                let (hits, all) = hitting_throws(&black, usize::from(25 - p), &rules);
                (p, hits, all)
            })
            .find(|&(_, hits, _)| hits > 0)
    };
    let found = from_play(rng, &rules, &|pos, _| shots(pos).is_some());
    let pos = found.map_or_else(fallback, |(p, _)| p);
    let (p, hits, all) = shots(&pos).unwrap_or((1, 0, 36));
    let mut counts = vec![hits];
    while counts.len() < 4 {
        let delta = rng.random_range(1..=12u32);
        let c = if rng.random_bool(0.5) {
            hits + delta
        } else {
            hits.saturating_sub(delta)
        };
        if c <= all && !counts.contains(&c) {
            counts.push(c);
        }
    }
    let options = counts
        .iter()
        .map(|&c| {
            let note = if c == hits {
                format!("{} hits it with {hits} throws of the {all}.", to.adversary)
            } else {
                format!(
                    "Not {c}: {} hits it with {hits} throws of the {all}.",
                    to.adversary
                )
            };
            (format!("{c} of {all}"), note)
        })
        .collect();
    let answer = shuffled(rng, options, 0);
    Exercise {
        lesson: Lesson::Blots,
        prompt: format!(
            "How many throws of the dice let {} hit your blot on {}, ringed?",
            to.adversary,
            to.point(p)
        ),
        board: Some(Board {
            position: pos,
            dice: Vec::new(),
            marked: Some(p),
            naming: crate::teaching::points::Naming::Homeward,
        }),
        line: None,
        pastime: None,
        answer,
        why: "Count every throw with a die that reaches the blot from one of the adversary's men, and every throw whose two dice reach it together, the man pausing on an open point on the way; doublets play as the rules of Irish play them.".to_string(),
        sources: cite(&["blot", "hit"]),
    }
}

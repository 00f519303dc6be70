//! Binding and breaking ([`super::Lesson::Binding`]): whether a table is bound, and which
//! point to break.

use super::draw::{Names, capital, cite, fallback};
use super::{Answer, Board, Exercise, Lesson};
use crate::tables::{BAR, Position};
use crate::teaching::faces::face_name;
use rand::Rng;
use rand::rngs::StdRng;

/// A home table built to be bound, or all but bound, with the other side's man on the bar.
pub(super) fn binding_position(rng: &mut StdRng, bound: bool, yours: bool) -> Position {
    let mut pips = [0i8; 26];
    // The binder's home table: two or three men a point, one point short when not bound.
    let short = rng.random_range(1..=6usize);
    let mut binder = [0i8; 7];
    for (p, slot) in binder.iter_mut().enumerate().skip(1) {
        *slot = if !bound && p == short {
            rng.random_range(0..=1)
        } else {
            2
        };
    }
    // A few more on the points held, at random.
    for _ in 0..rng.random_range(0..=3) {
        let p = rng.random_range(1..=6usize);
        if binder[p] >= 2 {
            binder[p] += 1;
        }
    }
    let men: i8 = binder.iter().sum();
    // The rest of the binder's men on his 8 and 13 points.
    let rest = 15 - men;
    let other = 15 - 2 - 1; // the other side: 2 on the binder's 12 point, 1 on the bar
    for p in 1..=6 {
        let at = if yours { p } else { 25 - p };
        pips[at] = if yours { binder[p] } else { -binder[p] };
    }
    let (eight, thirteen) = (rest / 2, rest - rest / 2);
    if yours {
        pips[8] = eight;
        pips[13] = thirteen;
        pips[12] = -other;
        pips[14] = -2;
        pips[0] = -1;
    } else {
        pips[17] = -eight;
        pips[12] = -thirteen;
        pips[13] = other;
        pips[11] = 2;
        pips[BAR] = 1;
    }
    Position::from_pips(pips).unwrap_or_else(|_| fallback())
}

/// "Is Black's table bound?"
pub(super) fn is_bound(rng: &mut StdRng, to: &Names) -> Exercise {
    let bound = rng.random_bool(0.5);
    let yours = rng.random_bool(0.5);
    let pos = binding_position(rng, bound, yours);
    // Asked of the rules: the table of the side named.
    let seen = if yours { pos } else { pos.switched() };
    let is = seen.home_bound();
    let whose = if yours {
        "your".to_string()
    } else {
        to.theirs.clone()
    };
    let short: Vec<String> = (1..=6u8)
        .filter(|&p| seen.at(usize::from(p)) < 2)
        .map(|p| {
            let n = seen.at(usize::from(p)).max(0);
            format!(
                "the {} point has {}",
                face_name(p),
                match n {
                    0 => "no man".to_string(),
                    1 => "only one man".to_string(),
                    n => format!("{n} men"),
                }
            )
        })
        .collect();
    let yes_note = if is {
        format!("Every point of {whose} home table holds two men or more.")
    } else {
        format!(
            "It is not bound: in {whose} home table {}.",
            short.join(", and ")
        )
    };
    let no_note = if is {
        format!("It is bound: every point of {whose} home table holds two men or more.")
    } else {
        format!("Not bound: {}.", short.join(", and "))
    };
    let options = vec![
        ("Yes, it is bound".to_string(), yes_note),
        ("No, it is not bound".to_string(), no_note),
    ];
    let right = usize::from(!is);
    Exercise {
        lesson: Lesson::Binding,
        prompt: format!("Is {whose} home table bound?"),
        board: Some(Board::plain(pos)),
        line: None,
        pastime: None,
        answer: Answer::Choice {
            options: options.iter().map(|o| o.0.clone()).collect(),
            right,
            notes: options.into_iter().map(|o| o.1).collect(),
        },
        why: "A home table is bound when each of its six points holds two men or more, so that a man on the bar has nowhere to enter.".to_string(),
        sources: cite(&["bound table"]),
    }
}

/// "Your table is bound and Black must enter: which point would you break?"
pub(super) fn break_point(rng: &mut StdRng, to: &Names) -> Exercise {
    // A table whose points are not all alike, so that the choice is one.
    let mut pos = binding_position(rng, true, true);
    for _ in 0..50 {
        if (1..=6).any(|p| pos.at(p) != pos.at(1)) {
            break;
        }
        pos = binding_position(rng, true, true);
    }
    let breakable: Vec<u8> = crate::tables::endings::breakable_points(&pos).collect();
    let sent =
        |p: u8| crate::tables::endings::break_table(&pos, p).map_or(u8::MAX, |(_, taken)| taken);
    let fewest = breakable.iter().map(|&p| sent(p)).min().unwrap_or(0);
    let right: Vec<u8> = breakable
        .iter()
        .copied()
        .filter(|&p| sent(p) == fewest)
        .collect();
    let notes = (1..=24u8)
        .map(|p| {
            if breakable.contains(&p) {
                let n = sent(p);
                let men = if n == 1 { "man" } else { "men" };
                if n == fewest {
                    format!(
                        "Breaking {} sends {n} {men} to the bar, the fewest of any point.",
                        to.point(p)
                    )
                } else {
                    format!(
                        "Breaking {} sends {n} {men} to the bar; another point sends only {fewest}.",
                        to.point(p)
                    )
                }
            } else {
                format!(
                    "{} is not a point of your bound table.",
                    capital(&to.point(p))
                )
            }
        })
        .collect();
    Exercise {
        lesson: Lesson::Binding,
        prompt: format!(
            "Your home table is bound and {} has a man to enter. Under Willughby's rule you must break it: which point would you break, to lose the fewest men?",
            to.adversary
        ),
        board: Some(Board::plain(pos)),
        line: None,
        pastime: None,
        answer: Answer::Point { right, notes },
        why: "Breaking a point of the bound table sends all but one of its men to the bar, as if hit, to come round again.".to_string(),
        sources: cite(&["break the table"]),
    }
}

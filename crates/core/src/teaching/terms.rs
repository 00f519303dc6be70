//! The period words: the names of the die faces and the home points, plays told in them, and
//! the glossary that explains every word the app uses (from [`super::glossary`]).

pub use super::faces::{FACE_NAMES, face_name};
use super::points::{Naming, point_words_in};
use crate::tables::movegen;
use crate::tables::{BearOff, Position, Step, Throw};

pub use super::glossary::{GLOSSARY, MODERN, Term, links, search, term};

/// A throw in words, higher face first: "cinque and ace", "sice, cater and ace",
/// "doublet sices".
#[must_use]
pub fn throw_words(throw: &Throw) -> String {
    let faces = throw.faces();
    if throw.is_doublets() {
        return format!("doublet {}s", face_name(faces[0]));
    }
    // The higher face is named first, as players call a throw.
    let mut sorted = faces.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let names: Vec<String> = sorted.iter().map(|&f| face_name(f)).collect();
    join_and(&names)
}

fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A play told in period words, as the log writes it after the player's name. Each point is
/// named by its owner ([`point_words`]); `adversary` names the other side: "plays at length
/// from Black's 12 point to his 7 point, nipping a blot on his 10 point".
#[must_use]
pub fn describe_play(
    pos: &Position,
    steps: &[Step],
    bear_off: BearOff,
    adversary: &str,
    naming: Naming,
) -> String {
    describe_play_as(pos, steps, bear_off, "his", adversary, naming)
}

/// A play told as [`describe_play`] tells it, the mover's own points called `mine` ("his",
/// "your"): the lessons speak to the learner.
#[must_use]
pub fn describe_play_as(
    pos: &Position,
    steps: &[Step],
    bear_off: BearOff,
    mine: &str,
    adversary: &str,
    naming: Naming,
) -> String {
    let his_point = |p: u8| point_words_in(p, naming, mine, adversary);
    if steps.is_empty() {
        return "cannot play: the throw is forfeit".to_string();
    }
    let mut pos = *pos;
    // Each man's path: start, landings with hits.
    let mut paths: Vec<(u8, Vec<(u8, bool)>)> = Vec::new();
    for &step in steps {
        let (next, hit) = movegen::play_step(&pos, step, bear_off).unwrap_or((pos, false));
        pos = next;
        match paths.iter_mut().rev().find(|(_, l)| {
            l.last()
                .is_some_and(|&(to, _)| to == step.from() && to != 0)
        }) {
            Some((_, landings)) => landings.push((step.to(), hit)),
            None => paths.push((step.from(), vec![(step.to(), hit)])),
        }
    }
    let phrases: Vec<String> = paths
        .iter()
        .map(|(from, landings)| {
            let (end, end_hit) = landings.last().copied().unwrap_or((*from, false));
            let mut phrase = if *from == 25 {
                let entry = landings[0].0;
                let mut p = format!("enters a man on {}", his_point(entry));
                if landings.len() > 1 {
                    p.push_str(&if end == 0 {
                        " and bears him off".to_string()
                    } else {
                        format!(" and plays on to {}", his_point(end))
                    });
                }
                p
            } else if end == 0 && landings.len() == 1 {
                format!("bears a man off from {}", his_point(*from))
            } else {
                let how = if landings.len() > 1 {
                    "plays at length"
                } else {
                    "plays"
                };
                let dest = if end == 0 {
                    "off the board".to_string()
                } else {
                    format!("to {}", his_point(end))
                };
                format!("{how} from {} {dest}", his_point(*from))
            };
            for &(to, hit) in &landings[..landings.len() - 1] {
                if hit && *from != 25 {
                    phrase.push_str(&format!(", nipping a blot on {}", his_point(to)));
                } else if hit {
                    phrase.push_str(&format!(", hitting a blot on {}", his_point(to)));
                }
            }
            if end_hit {
                // The phrase has just named the point he came to.
                phrase.push_str(", hitting a blot there");
            }
            phrase
        })
        .collect();
    if phrases.iter().any(|p| p.contains(',')) {
        // A phrase with its own commas: the plays are set apart by semicolons, so that no
        // comma is left dangling between two men's plays.
        match phrases.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{}; and {last}", rest.join("; ")),
            _ => phrases.concat(),
        }
    } else {
        join_and(&phrases)
    }
}

/// A way a man would reach a lone man at Tick-tack, in words: "the man on your sice point
/// reaches Black's lone man on Black's 11 point with the cinque and then the deuce". `name`
/// names a point of the mover's numbering; `lone` names the man reached ("Black's lone man").
#[must_use]
pub fn reach_words(
    reach: &crate::tables::ticktack::Reach,
    name: &dyn Fn(usize) -> String,
    lone: &str,
) -> String {
    let dice: Vec<String> = reach
        .dice
        .iter()
        .map(|&d| format!("the {}", face_name(d)))
        .collect();
    format!(
        "the man on {} reaches {lone} on {} with {}",
        name(reach.from),
        name(reach.to),
        dice.join(" and then ")
    )
}

/// Where the men of a play that goes in set out from (the thrower's numbering): the men whose
/// steps end on the adversary's eleventh point, each traced back to where he stood.
fn going_in_men(steps: &[crate::tables::Step]) -> Vec<u8> {
    let mut men: Vec<(u8, u8)> = Vec::new();
    for step in steps {
        match men.iter_mut().rev().find(|(_, at)| *at == step.from()) {
            Some(man) => man.1 = step.to(),
            None => men.push((step.from(), step.to())),
        }
    }
    let point = u8::try_from(crate::tables::ticktack::GOING_IN_POINT).unwrap_or(11);
    men.into_iter()
        .filter(|&(_, at)| at == point)
        .map(|(from, _)| from)
        .collect()
}

/// A Tick-tack score as the story tells it, saying how it came about: which man hit which
/// lone man with which die, which men went in or could have, and why two were lost. `scorer`
/// and `other` name the sides ("Black", "White"); `naming` is the game's way of naming points.
#[must_use]
pub fn score_words(
    score: crate::tables::ticktack::Score,
    games: u32,
    why: &crate::tables::ticktack::Why,
    scorer: &str,
    other: &str,
    naming: super::points::Naming,
) -> String {
    use crate::tables::ticktack::Score;
    let worth = if games == 1 {
        "one game".to_string()
    } else {
        format!("{games} games")
    };
    // The side whose throw it was names his own points "his", the other's by name.
    let thrower = match score {
        Score::WhyNot | Score::MissedGoingIn => other,
        _ => scorer,
    };
    let adversary = if thrower == scorer { other } else { scorer };
    let theirs = format!("{adversary}'s");
    let name = |p: u8| super::points::point_words_in(p, naming, "his", &theirs);
    let mine = format!("{thrower}'s");
    let named = |p: u8| super::points::point_words_in(p, naming, &mine, &theirs);
    let hit = |reach: &crate::tables::ticktack::Reach| {
        let dice: Vec<String> = reach
            .dice
            .iter()
            .map(|&d| format!("the {}", face_name(d)))
            .collect();
        format!(
            "{thrower}'s man on {} hits {adversary}'s lone man on {} with {}",
            name(u8::try_from(reach.from).unwrap_or(0)),
            named(u8::try_from(reach.to).unwrap_or(0)),
            dice.join(" and then ")
        )
    };
    let eleventh = name(u8::try_from(crate::tables::ticktack::GOING_IN_POINT).unwrap_or(11));
    let men = |steps: &[crate::tables::Step]| {
        let from: Vec<String> = going_in_men(steps).into_iter().map(name).collect();
        if from.is_empty() {
            String::new()
        } else {
            format!(" from {}", join_and(&from))
        }
    };
    match (score, &why.hit, &why.going_in) {
        (Score::Hit, Some(reach), _) => format!("{}: a hit, {worth}", hit(reach)),
        (Score::GoingIn, _, going_in) => format!(
            "{scorer} goes in with two men on {eleventh}{}: going in, {worth}",
            going_in.as_deref().map_or_else(String::new, men)
        ),
        (Score::WhyNot, Some(reach), _) => format!(
            "{}, and {thrower} neither took the hit nor went in: {scorer} takes him with a \
             why-not, {worth}",
            hit(reach)
        ),
        (Score::MissedGoingIn, reach, going_in) => {
            let could = going_in.as_deref().map_or_else(String::new, |steps| {
                let from = men(steps);
                if from.is_empty() {
                    String::new()
                } else {
                    format!(" (two men{from})")
                }
            });
            let instead = match reach {
                Some(reach) if why.hit_taken => format!(
                    "{thrower} took the hit ({}) when his throw let him go in on {eleventh}{could}",
                    hit(reach).replacen(&format!("{thrower}'s man"), "his man", 1)
                ),
                _ => {
                    format!("{thrower}'s throw let him go in on {eleventh}{could}, and he did not")
                }
            };
            format!("{instead}: he loses two irrecoverably, and {scorer} scores {worth}")
        }
        _ => format!("{scorer} scores {}: {worth}", score.words()),
    }
}

/// "Robin lays", "You lay", "Robin and Kate win": the names, joined, and the verb that agrees
/// with them. The person at the screen is "You", which takes the plain verb, as several names
/// do. The one rule of agreement for every sentence built around a player's name.
#[must_use]
pub fn does(names: &[&str], third: &str, plain: &str) -> String {
    format!("{} {}", names.join(" and "), agrees(names, third, plain))
}

/// The verb alone that agrees with these names: `third` ("lays") for one name but "You",
/// `plain` ("lay") for "You" or several.
#[must_use]
pub fn agrees<'a>(names: &[&str], third: &'a str, plain: &'a str) -> &'a str {
    if names.len() > 1 || names.first().is_some_and(|n| *n == "You") {
        plain
    } else {
        third
    }
}

/// "Anne's", "your": a player's name made to own something.
#[must_use]
pub fn possessive(name: &str) -> String {
    if name == "You" {
        "your".to_string()
    } else {
        format!("{name}'s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(list: &[(u8, u8)]) -> Vec<Step> {
        list.iter()
            .map(|&(f, d)| Step::new(f, d).unwrap())
            .collect()
    }

    #[test]
    fn faces_have_their_period_names() {
        assert_eq!(
            (1..=6).map(face_name).collect::<Vec<_>>(),
            ["ace", "deuce", "trey", "cater", "cinque", "sice"]
        );
        assert_eq!(throw_words(&Throw::two(5, 1).unwrap()), "cinque and ace");
        assert_eq!(throw_words(&Throw::two(6, 6).unwrap()), "doublet sices");
        assert_eq!(
            throw_words(&Throw::new(&[6, 4, 1]).unwrap()),
            "sice, cater and ace"
        );
    }

    #[test]
    fn a_play_at_length_with_a_nip_is_told_so() {
        // Given a blot of the adversary on the mover's 10
        let pos: Position = "24:2 13:5 8:3 6:5 / 24:1 15:1 13:5 8:3 6:5"
            .parse()
            .unwrap();
        assert_eq!(
            describe_play(
                &pos,
                &steps(&[(13, 3), (10, 3)]),
                BearOff::OverEdge,
                "Black's",
                Naming::Homeward
            ),
            "plays at length from Black's 12 point to his 7 point, nipping a blot on his 10 point"
        );
    }

    #[test]
    fn entering_bearing_off_and_hitting_are_told() {
        let pos: Position = "bar:1 13:5 8:3 6:6 / 13:5 8:3 6:6 3:1".parse().unwrap();
        assert_eq!(
            describe_play(
                &pos,
                &steps(&[(25, 3)]),
                BearOff::OverEdge,
                "Black's",
                Naming::Homeward
            ),
            "enters a man on Black's trey point, hitting a blot there"
        );
        let home: Position = "6:2 3:13 / 24:15".parse().unwrap();
        assert_eq!(
            describe_play(
                &home,
                &steps(&[(6, 6), (3, 5)]),
                BearOff::OverEdge,
                "Black's",
                Naming::Homeward
            ),
            "bears a man off from his sice point and bears a man off from his trey point"
        );
        assert_eq!(
            describe_play(&home, &[], BearOff::OverEdge, "Black's", Naming::Homeward),
            "cannot play: the throw is forfeit"
        );
    }
}

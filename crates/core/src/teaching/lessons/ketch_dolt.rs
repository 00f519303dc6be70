//! Ketch-Dolt's draw ([`super::Lesson::KetchDolt`]): a throw shown on a position of a random game
//! of Ketch-Dolt, where a number of it owes a draw from the adversary's point, and the question
//! what the learner must do with one die: lay a man from his heap, draw from the adversary's
//! point, bear a man off, or nothing. The answer and every note are the engine's:
//! [`Game::refusal`] says what may not be done, [`Game::dolts`] what loses, and the events of
//! the action applied to a copy of the game what it does. The rules are the Ketch-Dolt preset's.

use super::draw::{Names, cite, shuffled};
use super::{Exercise, Lesson, PastimeTable};
use crate::pastimes::{Action, Event, Game, OPTIONS, Phase, Preset, Rules, Seat};
use crate::teaching::faces::face_name;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

/// The learner's seat: the first, drawn at the bottom of the table.
const YOU: Seat = Seat(0);

/// The rules an exercise is played and judged under: the Ketch-Dolt preset.
fn rules() -> Rules {
    Rules::preset(Preset::KetchDolt)
}

/// Whether `game` waits for the learner to use a throw he has just made, a number of which owes
/// a draw.
fn asked_of(game: &Game) -> bool {
    game.phase() == Phase::ToPlay
        && game.turn() == YOU
        && matches!(game.record().last(), Some(Action::Throw { .. }))
        && game.uses_left().iter().any(|&p| game.draw_owed(p))
}

/// What an exercise asks about: a number that owes a draw, one that owes none, or any number
/// once the learner's heap is empty and he bears.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Asked {
    Owed,
    Free,
    Bearing,
}

impl Asked {
    /// Whether `game`, where [`asked_of`] holds, has a number of this kind to ask about.
    fn fits(self, game: &Game) -> bool {
        match self {
            Asked::Owed => true,
            Asked::Free => game.uses_left().iter().any(|&p| !game.draw_owed(p)),
            Asked::Bearing => game.men(YOU).is_some_and(|m| m.heap == 0),
        }
    }
}

/// A position of a random game of Ketch-Dolt where [`asked_of`] holds and `wanted` fits, the
/// players never dolting themselves (they choose among the engine's actions those it says do
/// not dolt); the last where [`asked_of`] held if none fits.
fn from_play(rng: &mut StdRng, wanted: Asked) -> Option<Game> {
    let mut last = None;
    for _ in 0..60 {
        let mut game = Game::new(rules()).ok()?;
        let mut chance = StdRng::seed_from_u64(rng.random());
        let skip = rng.random_range(0..12u32);
        let mut seen = 0u32;
        for _ in 0..3000 {
            if game.phase() == Phase::GameOver {
                break;
            }
            if asked_of(&game) {
                if wanted.fits(&game) {
                    seen += 1;
                    if seen > skip {
                        return Some(game);
                    }
                }
                last = Some(game.clone());
            }
            let action = match game.chance_action(&mut chance) {
                Some(throw) => throw,
                None => {
                    let all = game.legal_actions();
                    let safe: Vec<Action> =
                        all.iter().filter(|a| !game.dolts(a)).cloned().collect();
                    match safe.choose(&mut chance).or_else(|| all.first()) {
                        Some(a) => a.clone(),
                        None => break,
                    }
                }
            };
            if game.apply(action).is_err() {
                break;
            }
        }
    }
    last
}

/// The engine's reason for a refusal, said to the learner: "you bear only when your heap is
/// empty", "Black has no man on that point to draw".
fn to_you(why: &str, to: &Names) -> String {
    why.replace("the adversary", &to.adversary)
        .replace("he bears", "you bear")
        .replace("he has", "you have")
        .replace("his heap is empty", "your heap is empty")
}

pub(super) fn men(n: impl Into<u32>) -> String {
    match n.into() {
        0 => "no man".to_string(),
        1 => "1 man".to_string(),
        n => format!("{n} men"),
    }
}

/// A throw in words: "sice and deuce", "two treys".
pub(super) fn throw_words(dice: &[u8]) -> String {
    match dice {
        [a, b] if a == b => format!("two {}s", face_name(*a)),
        [a, b] => format!("{} and {}", face_name(*a), face_name(*b)),
        _ => dice
            .iter()
            .map(|&d| face_name(d))
            .collect::<Vec<_>>()
            .join(" and "),
    }
}

/// The three things a number may do at Ketch-Dolt, on its point.
fn candidates(point: u8) -> [Action; 3] {
    [
        Action::Draw { point },
        Action::Lay { point },
        Action::Bear { point },
    ]
}

/// An action offered, in the words of a choice.
fn choice_words(game: &Game, action: &Action, to: &Names) -> String {
    let draws_one = game.rules().draws == crate::pastimes::Draws::One;
    let to_heap = game.rules().drawn_becomes == crate::pastimes::DrawnBecomes::OwnersHeap;
    match *action {
        Action::Draw { point } => format!(
            "Draw {} from {} {} point {}",
            if draws_one { "a man" } else { "his men" },
            to.theirs,
            face_name(point),
            if to_heap {
                "back to his heap"
            } else {
                "to your own"
            }
        ),
        Action::Lay { point } => {
            format!(
                "Lay a man from your heap on your {} point",
                face_name(point)
            )
        }
        Action::Bear { point } => format!("Bear a man off your {} point", face_name(point)),
        _ => String::new(),
    }
}

/// What an action did, told from its events: "it draws 1 man from Black's sice point to your
/// own".
fn done_words(events: &[Event], to: &Names) -> String {
    let said: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Drew {
                seat,
                point,
                men: n,
                to_heap,
                ..
            } if *seat == YOU => Some(format!(
                "it draws {} from {} {} point {}",
                men(*n),
                to.theirs,
                face_name(*point),
                if *to_heap {
                    "back to his heap"
                } else {
                    "to the same point in your own tables"
                }
            )),
            Event::Entered { seat, point } if *seat == YOU => Some(format!(
                "it lays a man from your heap on your {} point",
                face_name(*point)
            )),
            Event::Bore {
                seat,
                point: Some(point),
            } if *seat == YOU => Some(format!(
                "it bears a man off your {} point",
                face_name(*point)
            )),
            _ => None,
        })
        .collect();
    said.join(", and ")
}

/// What the adversary has on his point of `point`, and whether the number owes a draw there.
fn owed_words(game: &Game, point: u8, to: &Names) -> String {
    let there = game
        .men(Seat(1))
        .map_or(0, |m| m.laid[usize::from(point - 1)]);
    let face = face_name(point);
    if game.draw_owed(point) {
        format!(
            "{} has {} on his {face} point, so the {face} owes a draw from there",
            to.adversary,
            men(there)
        )
    } else if there == 0 {
        format!(
            "{} has no man on his {face} point, so the {face} owes no draw",
            to.adversary
        )
    } else {
        format!(
            "{} has {} on his {face} point, which hold it: the {face} owes no draw",
            to.adversary,
            men(there)
        )
    }
}

/// The rule in force on what a draw takes, where the man drawn goes and when a dolt loses,
/// in the words of the pastimes' table of options.
fn options_words(rules: &Rules) -> String {
    OPTIONS
        .iter()
        .filter(|o| matches!(o.name, "drawn_becomes" | "draws" | "dolt_claimed"))
        .map(|o| {
            let value = o.value(rules);
            let words = o
                .values
                .iter()
                .find(|v| v.name == value)
                .map_or(value.clone(), |v| v.words.to_string());
            format!("{} {words}", o.words.to_lowercase())
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The note on one choice, from the engine: refused, dolting, or what it does.
fn note_on(game: &Game, action: &Action, to: &Names) -> String {
    let words = choice_words(game, action, to);
    let Some(point) = point_of(action) else {
        return String::new();
    };
    if let Some(why) = game.refusal(action) {
        return format!("{words}: not allowed now, for {}.", to_you(why, to));
    }
    let mut after = game.clone();
    let events = after.apply(action.clone()).unwrap_or_default();
    if game.dolts(action) {
        let lost = events
            .iter()
            .any(|e| matches!(e, Event::GameOver { losers, .. } if losers.contains(&YOU)));
        return format!(
            "{words}: that dolts you. {}, and you {} instead; {}.",
            owed_words(game, point, to),
            if matches!(action, Action::Lay { .. }) {
                "took a man from the heap"
            } else {
                "bore a man off"
            },
            if lost {
                "you lose the game at once".to_string()
            } else {
                format!("{} may claim it before he throws, and win", to.adversary)
            }
        );
    }
    format!(
        "{words}: so you must. {}: {}.",
        owed_words(game, point, to),
        done_words(&events, to)
    )
}

pub(super) fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_lowercase().collect::<String>() + chars.as_str()
    })
}

fn point_of(action: &Action) -> Option<u8> {
    match *action {
        Action::Draw { point } | Action::Lay { point } | Action::Bear { point } => Some(point),
        _ => None,
    }
}

/// The actions with `point` the engine allows and says do not dolt: the right answers.
fn right_actions(game: &Game, point: u8) -> Vec<Action> {
    candidates(point)
        .into_iter()
        .filter(|a| game.refusal(a).is_none() && !game.dolts(a))
        .collect()
}

/// "Ketch-Dolt: you have thrown sice and deuce. What must you do with the sice?"
pub(super) fn draw_or_dolt(rng: &mut StdRng, to: &Names) -> Exercise {
    let wanted = *[
        Asked::Owed,
        Asked::Owed,
        Asked::Free,
        Asked::Free,
        Asked::Bearing,
    ]
    .choose(rng)
    .unwrap_or(&Asked::Owed);
    let Some(game) = from_play(rng, wanted) else {
        return super::games::games_differ(rng);
    };
    let uses = game.uses_left().to_vec();
    let owed: Vec<u8> = uses
        .iter()
        .copied()
        .filter(|&p| game.draw_owed(p))
        .collect();
    let free: Vec<u8> = uses
        .iter()
        .copied()
        .filter(|&p| !game.draw_owed(p))
        .collect();
    let pick = match wanted {
        Asked::Free if !free.is_empty() => &free,
        Asked::Bearing => &uses,
        _ => &owed,
    };
    let point = pick.choose(rng).copied().unwrap_or(uses[0]);
    let face = face_name(point);
    let right = right_actions(&game, point);
    let mut options: Vec<(String, String)> = candidates(point)
        .iter()
        .map(|a| (choice_words(&game, a, to), note_on(&game, a, to)))
        .collect();
    let refusals: Vec<String> = candidates(point)
        .iter()
        .filter_map(|a| game.refusal(a).map(|why| to_you(why, to)))
        .collect();
    options.push((
        format!("Nothing: the {face} is lost"),
        match right.first() {
            None => format!(
                "So it is: the {face} can neither draw, nor lay, nor bear ({}), and it is lost.",
                refusals.join("; ")
            ),
            Some(a) => format!(
                "The {face} is not lost: {}.",
                lower_first(&choice_words(&game, a, to))
            ),
        },
    ));
    let right_index = match right.first() {
        Some(a) => candidates(point).iter().position(|c| c == a).unwrap_or(3),
        None => 3,
    };
    let answer = shuffled(rng, options, right_index);
    let dice = game.last_throw().to_vec();
    let which = if dice.len() == 2 && dice[0] == dice[1] {
        format!("a {face}")
    } else {
        format!("the {face}")
    };
    let rules = *game.rules();
    Exercise {
        lesson: Lesson::KetchDolt,
        prompt: format!(
            "Ketch-Dolt: you have thrown {}. What must you do with {which}?",
            throw_words(&dice)
        ),
        board: None,
        line: None,
        pastime: Some(PastimeTable {
            game,
            seats: vec!["You".to_string(), to.adversary.clone()],
        }),
        answer,
        why: format!(
            "At Ketch-Dolt each number thrown lays a man from your heap, without the tables, on your point of that number; but where {adv} has men on his point of the number you must draw them from his tables to the same point in your own, and if you take from the heap instead you are dolted and lose the game, as Cotton's Compleat Gamester says. Once your heap is empty each number bears a man off its point, where no draw is owed, and a number that can do none of these is lost. Under the rules played here {}.",
            options_words(&rules),
            adv = to.adversary
        ),
        sources: cite(&["dolt", "Ketch-Dolt"]),
    }
}

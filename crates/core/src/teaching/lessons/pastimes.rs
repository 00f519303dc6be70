//! Doublets and Sice-Ace ([`super::Lesson::Pastimes`]): a throw on the table of a random game,
//! and what it does. At Doublets, what becomes of one number of it: laid down by the thrower,
//! laid down by the adversary, borne, or lost; at Sice-Ace, what the whole throw does (the sices
//! bear, the aces load, a doublet throws again). Every answer is read from the events of the
//! throw applied to a copy of the game: the lesson never works a rule out for itself. The rules
//! are each pastime's preset.

use super::draw::{Names, cite, shuffled};
use super::ketch_dolt::{lower_first, men, throw_words};
use super::{Exercise, Lesson, PastimeTable};
use crate::pastimes::{Action, Event, Game, OPTIONS, Phase, Preset, Rules, Seat};
use crate::teaching::faces::face_name;
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};

/// The learner's seat: the first, drawn at the bottom of the table.
const YOU: Seat = Seat(0);

/// Positions of a random game of `preset` where the learner is to throw, in order, up to
/// `wanted` of them (the game has no choices: at Sice-Ace the loads go to the next player).
fn to_throw(rng: &mut StdRng, preset: Preset, wanted: usize) -> Vec<Game> {
    let mut found = Vec::new();
    let Ok(mut game) = Game::new(Rules::preset(preset)) else {
        return found;
    };
    let mut chance = StdRng::seed_from_u64(rng.random());
    for _ in 0..2000 {
        if game.phase() == Phase::GameOver || found.len() >= wanted {
            break;
        }
        if game.thrower() == Some(YOU) && game.is_in(YOU) {
            found.push(game.clone());
        }
        let action = match game.chance_action(&mut chance) {
            Some(throw) => throw,
            None => match game.legal_actions().first() {
                Some(a) => a.clone(),
                None => break,
            },
        };
        if game.apply(action).is_err() {
            break;
        }
    }
    found
}

/// The events of `dice` thrown in `game`, on a copy of it.
fn thrown(game: &Game, dice: [u8; 2]) -> Vec<Event> {
    let mut after = game.clone();
    after
        .apply(Action::Throw {
            dice: dice.to_vec(),
        })
        .unwrap_or_default()
}

/// The name of each seat: the learner "You", his adversary as the caller names him, the
/// others by their numbers.
fn seat_names(game: &Game, to: &Names) -> Vec<String> {
    (0..game.seats())
        .map(|s| match s {
            0 => "You".to_string(),
            1 => to.adversary.clone(),
            s => format!("Player {}", s + 1),
        })
        .collect()
}

/// The rules in force, in the words of the pastimes' table of options, for the options of
/// `rules`'s game but the number of players and men.
fn options_words(rules: &Rules) -> String {
    OPTIONS
        .iter()
        .filter(|o| o.games.contains(&rules.kind) && !matches!(o.name, "seats" | "men"))
        .map(|o| {
            let words = o.value_words(rules);
            format!("{}: {words}", o.words.to_lowercase())
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// What became of a number at Doublets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Became {
    LaidByYou,
    LaidByAdversary,
    Borne,
    Lost,
}

/// What became of `point`'s number in the events of a throw of two different numbers.
fn became(events: &[Event], point: u8) -> Option<Became> {
    events.iter().find_map(|e| match *e {
        Event::LaidDown {
            point: p,
            by_adversary,
            ..
        } if p == point => Some(if by_adversary {
            Became::LaidByAdversary
        } else {
            Became::LaidByYou
        }),
        Event::Bore { point: Some(p), .. } if p == point => Some(Became::Borne),
        Event::Lost { point: p, .. } if p == point => Some(Became::Lost),
        _ => None,
    })
}

/// How a seat's men stand on `point` and in all, in words: "your cinque point has 1 standing
/// and 2 laid down (6 standing in all)".
fn stand_words(game: &Game, seat: Seat, point: u8, whose: &str) -> String {
    let m = game.men(seat).copied().unwrap_or_default();
    let i = usize::from(point - 1);
    let standing: u32 = m.standing.iter().map(|&n| u32::from(n)).sum();
    format!(
        "{whose} {} point has {} standing and {} laid down ({standing} standing in all)",
        face_name(point),
        m.standing[i],
        m.laid[i],
    )
}

/// "Doublets: you throw cinque and deuce. What becomes of the deuce?"
pub(super) fn doublets_number(rng: &mut StdRng, to: &Names) -> Exercise {
    let wanted = *[
        Became::LaidByYou,
        Became::LaidByAdversary,
        Became::LaidByAdversary,
        Became::Borne,
        Became::Lost,
    ]
    .choose(rng)
    .unwrap_or(&Became::LaidByYou);
    let mut chosen = None;
    'search: for _ in 0..30 {
        let mut games = to_throw(rng, Preset::Doublets, 60);
        games.shuffle(rng);
        for game in games {
            let mut throws: Vec<[u8; 2]> = (1..=6u8)
                .flat_map(|a| (1..=6u8).filter(move |&b| b != a).map(move |b| [a, b]))
                .collect();
            throws.shuffle(rng);
            for dice in throws {
                let events = thrown(&game, dice);
                let point = dice[0];
                if let Some(was) = became(&events, point) {
                    let fallback = chosen.is_none();
                    if was == wanted || fallback {
                        chosen = Some((game.clone(), dice, point, was, events));
                    }
                    if was == wanted {
                        break 'search;
                    }
                }
            }
        }
    }
    let Some((game, dice, point, was, events)) = chosen else {
        return super::games::games_differ(rng);
    };
    let face = face_name(point);
    let adv = &to.adversary;
    let told = events_words(&events, to);
    let facts = format!(
        "{}; {}.",
        stand_words(&game, YOU, point, "your"),
        stand_words(&game, Seat(1), point, &to.theirs)
    );
    let options = [
        (
            Became::LaidByYou,
            format!("You lay down a man on your {face} point"),
        ),
        (
            Became::LaidByAdversary,
            format!("{adv} lays down a man on his {face} point"),
        ),
        (
            Became::Borne,
            format!("You bear a man off your {face} point"),
        ),
        (Became::Lost, format!("Nobody uses it: the {face} is lost")),
    ];
    let right = options.iter().position(|(b, _)| *b == was).unwrap_or(0);
    let options: Vec<(String, String)> = options
        .into_iter()
        .map(|(b, words)| {
            let note = if b == was {
                format!("So it is. The throw: {told}. Before it, {facts}")
            } else {
                format!("Not what the throw does: {told}. Before it, {facts}")
            };
            (words, note)
        })
        .collect();
    let rules = *game.rules();
    Exercise {
        lesson: Lesson::Pastimes,
        prompt: format!(
            "Doublets: you throw {}. What becomes of the {face}?",
            throw_words(&dice)
        ),
        board: None,
        line: None,
        pastime: Some(PastimeTable {
            seats: seat_names(&game, to),
            game,
        }),
        answer: shuffled(rng, options.clone(), right),
        why: format!(
            "At Doublets each number you throw lays down one of your standing men on its point; when all your men are down, and not before, each number bears a man off its point. A number you cannot use, {adv} uses instead, laying down a man of his own on that point if one stands there; else it is lost. Of two numbers, the order that lets you use more of them is taken, the higher first when either order does as well (Cotton is silent on it). Cotton's Compleat Gamester gives the game; under the rules played here {}.",
            options_words(&rules)
        ),
        sources: cite(&["lay down"]),
    }
}

/// The events of a throw in words, the seats named as at the lesson: "you lay down a man on
/// your cinque point, and Black lays down a man on his deuce point".
fn events_words(events: &[Event], to: &Names) -> String {
    let whose = |seat: Seat| {
        if seat == YOU {
            "your".to_string()
        } else {
            "his".to_string()
        }
    };
    let who = |seat: Seat| {
        if seat == YOU {
            "you".to_string()
        } else {
            to.adversary.clone()
        }
    };
    let said: Vec<String> = events
        .iter()
        .filter_map(|e| match *e {
            Event::LaidDown { seat, point, .. } => Some(format!(
                "{} {} down a man on {} {} point",
                who(seat),
                if seat == YOU { "lay" } else { "lays" },
                whose(seat),
                face_name(point)
            )),
            Event::Bore {
                seat,
                point: Some(point),
            } => Some(format!(
                "{} {} a man off {} {} point",
                who(seat),
                if seat == YOU { "bear" } else { "bears" },
                whose(seat),
                face_name(point)
            )),
            Event::Lost { point, .. } => Some(format!("the {} is lost", face_name(point))),
            Event::GameOver { ref winners, .. } if winners.contains(&YOU) => {
                Some("you have borne your last man and win".to_string())
            }
            _ => None,
        })
        .collect();
    said.join(", then ")
}

/// What a throw at Sice-Ace does for the learner, in words: "you bear 1 man off and load 1 on
/// Black, and throw again"; the seats named by `names`.
fn sice_ace_words(events: &[Event], names: &[String]) -> String {
    let mut borne = 0u32;
    let mut loads: Vec<(Seat, u32)> = Vec::new();
    let mut lost = 0u32;
    let mut again = false;
    let mut out = false;
    for e in events {
        match *e {
            Event::Bore { seat, .. } if seat == YOU => borne += 1,
            Event::Loaded { from, to } if from == YOU => match loads.iter_mut().find(|l| l.0 == to)
            {
                Some(l) => l.1 += 1,
                None => loads.push((to, 1)),
            },
            Event::Lost { seat, .. } if seat == YOU => lost += 1,
            Event::ThrowsAgain { seat } if seat == YOU => again = true,
            Event::Out { seat } if seat == YOU => out = true,
            _ => {}
        }
    }
    let name = |seat: Seat| names.get(seat.index()).cloned().unwrap_or_default();
    let mut parts = Vec::new();
    if borne > 0 {
        parts.push(format!("you bear {} off", men(borne)));
    }
    for (seat, n) in loads {
        parts.push(format!("you load {} on {}", men(n), name(seat)));
    }
    if lost > 0 {
        parts.push(format!(
            "{} of it {} lost, for you have no man left",
            if lost == 1 {
                "one number"
            } else {
                "two numbers"
            },
            if lost == 1 { "is" } else { "are" }
        ));
    }
    if out {
        parts.push("you are out".to_string());
    }
    if again {
        parts.push("you throw again".to_string());
    }
    match parts.split_last() {
        None => "Nothing: the dice pass on".to_string(),
        Some((last, [])) => super::draw::capital(last),
        Some((last, rest)) => super::draw::capital(&format!("{}, and {last}", rest.join(", "))),
    }
}

/// "Sice-Ace: you throw sice and ace. What does the throw do?"
pub(super) fn sice_ace_throw(rng: &mut StdRng, to: &Names) -> Exercise {
    let games = {
        let mut all = Vec::new();
        for _ in 0..5 {
            all.extend(to_throw(rng, Preset::SiceAce, 40));
            if all.len() >= 10 {
                break;
            }
        }
        all
    };
    let Some(game) = games.choose(rng).cloned() else {
        return super::games::games_differ(rng);
    };
    let names = seat_names(&game, to);
    // Every throw, by what it does here: the throw asked, and three others that do otherwise.
    let throws: Vec<[u8; 2]> = (1..=6u8)
        .flat_map(|a| (a..=6u8).map(move |b| [b, a]))
        .collect();
    let done: Vec<([u8; 2], String)> = throws
        .iter()
        .map(|&dice| (dice, sice_ace_words(&thrown(&game, dice), &names)))
        .collect();
    // A throw with an ace or a sice most often.
    let asked = {
        let telling: Vec<&([u8; 2], String)> = done
            .iter()
            .filter(|(d, _)| d.contains(&1) || d.contains(&6) || d[0] == d[1])
            .collect();
        if rng.random_bool(0.8) && !telling.is_empty() {
            telling.choose(rng).map(|d| (*d).clone())
        } else {
            done.choose(rng).cloned()
        }
    };
    let Some((dice, right_words)) = asked else {
        return super::games::games_differ(rng);
    };
    let mut others: Vec<([u8; 2], String)> = Vec::new();
    let mut shuffled_done = done.clone();
    shuffled_done.shuffle(rng);
    for (d, words) in shuffled_done {
        if words != right_words && !others.iter().any(|(_, w)| *w == words) && others.len() < 3 {
            others.push((d, words));
        }
    }
    let held = game.men(YOU).map_or(0, |m| m.heap);
    let next = (1..game.seats())
        .map(|k| Seat(u8::try_from(k).unwrap_or(0)))
        .find(|&s| game.is_in(s))
        .map(|s| names[s.index()].clone())
        .unwrap_or_default();
    let facts = format!(
        "You hold {}, and the next player round the table still in is {next}",
        men(u32::from(held))
    );
    let mut options = vec![(right_words.clone(), format!("So it does. {facts}."))];
    for (d, words) in others {
        options.push((
            words,
            format!(
                "That is what {} would do. {} does this: {}. {facts}.",
                throw_words(&d),
                super::draw::capital(&throw_words(&dice)),
                lower_first(&right_words)
            ),
        ));
    }
    let rules = *game.rules();
    Exercise {
        lesson: Lesson::Pastimes,
        prompt: format!(
            "Sice-Ace: you throw {}. What does the throw do?",
            throw_words(&dice)
        ),
        board: None,
        line: None,
        pastime: Some(PastimeTable { seats: names, game }),
        answer: shuffled(rng, options, 0),
        why: format!(
            "At Sice-Ace each sice you throw bears one of your men off, out of play, and each ace loads one of your men on another player; the other numbers do nothing, and a doublet is thrown again. So Cotton's Compleat Gamester has it, with Holme. That the sices bear before the aces load, and that a player with no man left is out and never loaded, is Gamester's reading, for neither says; under the rules played here {}.",
            options_words(&rules)
        ),
        sources: cite(&["Sice-Ace"]),
    }
}

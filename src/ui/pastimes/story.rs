//! What happened at a pastime, in the period words a player reads: the story beside the board,
//! told from the engine's events, and the words of the actions the buttons offer.

use crate::pastimes::{Action, Event, Game, Kind, Seat};
use crate::teaching::faces::FACE_NAMES;

/// A die's face in the period words: ace, deuce, trey, cater, cinque, sice.
#[must_use]
pub fn face(n: u8) -> &'static str {
    FACE_NAMES
        .get(usize::from(n).wrapping_sub(1))
        .copied()
        .unwrap_or("?")
}

/// A seat as the story names it: "Player 2" (capitalised at a sentence's start).
#[must_use]
pub fn player(seat: Seat) -> String {
    format!("Player {}", u16::from(seat.0) + 1)
}

/// A throw in words: "cinque and deuce", "two cinques"; at the throw-off, one die each.
fn throw_words(dice: &[u8]) -> String {
    match dice {
        [a, b] if a == b => format!("two {}s", face(*a)),
        [a, b] => format!("{} and {}", face(*a), face(*b)),
        _ => dice.iter().map(|&d| face(d)).collect::<Vec<_>>().join(", "),
    }
}

fn men(n: u8) -> String {
    if n == 1 {
        "a man".to_string()
    } else {
        format!("{n} men")
    }
}

fn seats_words(seats: &[Seat]) -> String {
    let names: Vec<String> = seats.iter().map(|&s| player(s).to_lowercase()).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// One line of the story for `event`, if it says something (a turn passing says nothing: the
/// next throw says it).
#[must_use]
pub fn tell(event: &Event) -> Option<String> {
    Some(match event {
        Event::ThrewOff { dice, first } => {
            let each: Vec<String> = dice
                .iter()
                .enumerate()
                .map(|(i, &d)| {
                    format!(
                        "{} {}",
                        player(Seat(u8::try_from(i).unwrap_or(0))).to_lowercase(),
                        face(d)
                    )
                })
                .collect();
            match first {
                Some(first) => format!(
                    "Each throws one die: {}. {} throws first.",
                    each.join(", "),
                    player(*first)
                ),
                None => format!(
                    "Each throws one die: {}. A tie for the highest: they throw again.",
                    each.join(", ")
                ),
            }
        }
        Event::Threw { seat, dice, .. } => {
            format!("{} throws {}.", player(*seat), throw_words(dice))
        }
        Event::LaidDown {
            seat,
            point,
            by_adversary,
        } => format!(
            "{} lays down a man on his {} point{}.",
            player(*seat),
            face(*point),
            if *by_adversary {
                ", with the number his adversary could not use"
            } else {
                ""
            }
        ),
        Event::Entered { seat, point } => format!(
            "{} lays a man from his heap on his {} point.",
            player(*seat),
            face(*point)
        ),
        Event::Drew {
            seat,
            from,
            point,
            men: n,
            to_heap,
        } => format!(
            "{} draws {} from {}'s {} point{}.",
            player(*seat),
            men(*n),
            player(*from).to_lowercase(),
            face(*point),
            if *to_heap {
                ", back to his heap"
            } else {
                " to his own"
            }
        ),
        Event::Bore {
            seat,
            point: Some(point),
        } => format!(
            "{} bears a man off his {} point.",
            player(*seat),
            face(*point)
        ),
        Event::Bore { seat, point: None } => format!("{} bears a man off.", player(*seat)),
        Event::Loaded { from, to } => format!(
            "{} loads a man on {}.",
            player(*from),
            player(*to).to_lowercase()
        ),
        Event::Lost { seat, point } => format!(
            "{} cannot use his {}: it is lost.",
            player(*seat),
            face(*point)
        ),
        Event::Dolted { seat, point } => format!(
            "{} is dolted and loses: he owed a draw on the {} point.",
            player(*seat),
            face(*point)
        ),
        Event::Out { seat } => format!("{} has no man left: he is out.", player(*seat)),
        Event::ThrowsAgain { seat } => {
            format!(
                "Doublets drink: {} throws again.",
                player(*seat).to_lowercase()
            )
        }
        Event::Turn { .. } => return None,
        Event::GameOver { winners, losers } => match (winners.as_slice(), losers.as_slice()) {
            ([], losers) => format!("{} loses; the rest go free.", cap(&seats_words(losers))),
            (winners, []) => format!("{} wins.", cap(&seats_words(winners))),
            (winners, losers) if losers.len() == 1 && winners.len() > 1 => format!(
                "{} loses; {} go free.",
                cap(&seats_words(losers)),
                seats_words(winners)
            ),
            (winners, losers) => format!(
                "{} {}; {} {}.",
                cap(&seats_words(winners)),
                if winners.len() == 1 { "wins" } else { "win" },
                seats_words(losers),
                if losers.len() == 1 { "loses" } else { "lose" }
            ),
        },
    })
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// The words of a button for `action`, said to the player whose choice it is.
#[must_use]
pub fn action_words(game: &Game, action: &Action) -> String {
    let other = |g: &Game| Seat(1 - g.turn().0.min(1));
    match action {
        Action::Throw { .. } => "Throw the dice".to_string(),
        Action::Lay { point } => format!("Lay a man from your heap on your {} point", face(*point)),
        Action::Draw { point } => format!(
            "Draw from {}'s {} point",
            player(other(game)).to_lowercase(),
            face(*point)
        ),
        Action::Bear { point } => format!("Bear a man off your {} point", face(*point)),
        Action::Claim => format!(
            "Claim that {} was dolted",
            player(other(game)).to_lowercase()
        ),
        Action::Load { seat } => format!("Load a man on {}", player(*seat).to_lowercase()),
    }
}

/// The name of a pastime, as New game and the title bar say it.
#[must_use]
pub fn title(kind: Kind) -> &'static str {
    match kind {
        Kind::Doublets => "Doublets",
        Kind::KetchDolt => "Ketch-Dolt",
        Kind::SiceAce => "Sice-Ace",
    }
}

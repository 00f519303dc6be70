//! What happened at a pastime, in the period words a player reads: the story beside the board
//! (and on the score sheet the command line prints),
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

/// The name of the computer alone at a table with the person: "The computer" (within a
/// sentence, "the computer").
pub const COMPUTER: &str = "The computer";

/// Who sits at each seat, as the story, the status line and the buttons name them: "Player 2"
/// at this screen; with friends at a distance "You" and each friend by the name he sits
/// under. "You" takes the plain verb and "your", as the house's sentences say it elsewhere.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names(Vec<String>);

impl Names {
    /// These names, seat by seat; an empty name (or one a sentence would take for the person)
    /// is said as "Player 2".
    #[must_use]
    pub fn of(names: Vec<String>) -> Names {
        Names(names)
    }

    /// Every seat's name as given, the first seat's first.
    #[must_use]
    pub fn all(&self) -> &[String] {
        &self.0
    }

    fn given(&self, seat: Seat) -> Option<&str> {
        self.0
            .get(seat.index())
            .map(String::as_str)
            .filter(|n| !n.trim().is_empty())
    }

    fn is_you(&self, seat: Seat) -> bool {
        self.given(seat) == Some("You")
    }

    /// The seat at a sentence's start: "Player 2", "You", "Robin".
    #[must_use]
    pub fn lead(&self, seat: Seat) -> String {
        self.given(seat)
            .map_or_else(|| player(seat), str::to_string)
    }

    /// The seat within a sentence: "player 2", "you", "the computer", "Robin".
    #[must_use]
    pub fn within(&self, seat: Seat) -> String {
        match self.given(seat) {
            Some("You") => "you".to_string(),
            Some(COMPUTER) => "the computer".to_string(),
            Some(name) => name.to_string(),
            None => player(seat).to_lowercase(),
        }
    }

    /// The seat owning something, within a sentence: "player 2's", "your", "Robin's".
    #[must_use]
    pub fn owning(&self, seat: Seat) -> String {
        if self.is_you(seat) {
            "your".to_string()
        } else {
            format!("{}'s", self.within(seat))
        }
    }

    /// "his", or "your" for the person.
    fn his(&self, seat: Seat) -> &'static str {
        if self.is_you(seat) { "your" } else { "his" }
    }

    /// "he", or "you" for the person.
    fn he(&self, seat: Seat) -> &'static str {
        if self.is_you(seat) { "you" } else { "he" }
    }

    /// The verb that agrees with the seat: `third` ("throws"), or `plain` ("throw") for "You".
    fn verb<'a>(&self, seat: Seat, third: &'a str, plain: &'a str) -> &'a str {
        if self.is_you(seat) { plain } else { third }
    }

    /// "Player 2 throws", "You throw": the seat at a sentence's start and its verb.
    fn does(&self, seat: Seat, third: &str, plain: &str) -> String {
        format!("{} {}", self.lead(seat), self.verb(seat, third, plain))
    }

    /// "player 1, player 2 and Robin": several seats within a sentence.
    fn seats(&self, seats: &[Seat]) -> String {
        let names: Vec<String> = seats.iter().map(|&s| self.within(s)).collect();
        match names.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        }
    }

    /// "Robin loses", "Player 2 and player 3 lose": who lost, at a sentence's start.
    #[must_use]
    pub fn lose(&self, seats: &[Seat]) -> String {
        format!(
            "{} {}",
            cap(&self.seats(seats)),
            self.agree(seats, "loses", "lose")
        )
    }

    /// The verb that agrees with several seats: `third` for one but "You", else `plain`.
    fn agree<'a>(&self, seats: &[Seat], third: &'a str, plain: &'a str) -> &'a str {
        match seats {
            [one] => self.verb(*one, third, plain),
            _ => plain,
        }
    }
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

/// One line of the story for `event`, the seats named by `names`, if it says something (a
/// turn passing says nothing: the next throw says it).
#[must_use]
pub fn tell(event: &Event, names: &Names) -> Option<String> {
    let n = names;
    Some(match event {
        // A tie is told by who tied and with what, not every die of the table: at a table of
        // five, ties would else fill the story with long lines before play begins.
        Event::ThrewOff { dice, first: None } => {
            let highest = dice.iter().copied().max().unwrap_or(0);
            let tied: Vec<Seat> = (0..dice.len())
                .filter(|&i| dice[i] == highest)
                .map(|i| Seat(u8::try_from(i).unwrap_or(0)))
                .collect();
            let a = if highest == 1 { "an" } else { "a" };
            format!(
                "Throw-off: {} tie with {a} {}; all throw again.",
                cap(&n.seats(&tied)),
                face(highest)
            )
        }
        Event::ThrewOff {
            dice,
            first: Some(first),
        } => {
            let each: Vec<String> = dice
                .iter()
                .enumerate()
                .map(|(i, &d)| {
                    format!(
                        "{} {}",
                        n.within(Seat(u8::try_from(i).unwrap_or(0))),
                        face(d)
                    )
                })
                .collect();
            format!(
                "Each throws one die: {}. {} first.",
                each.join(", "),
                n.does(*first, "throws", "throw")
            )
        }
        Event::Threw { seat, dice, .. } => {
            format!(
                "{} {}.",
                n.does(*seat, "throws", "throw"),
                throw_words(dice)
            )
        }
        Event::LaidDown {
            seat,
            point,
            by_adversary,
        } => format!(
            "{} down a man on {} {} point{}.",
            n.does(*seat, "lays", "lay"),
            n.his(*seat),
            face(*point),
            if *by_adversary {
                format!(", with the number {} adversary could not use", n.his(*seat))
            } else {
                String::new()
            }
        ),
        Event::Entered { seat, point } => format!(
            "{} a man from {} heap on {} {} point.",
            n.does(*seat, "lays", "lay"),
            n.his(*seat),
            n.his(*seat),
            face(*point)
        ),
        Event::Drew {
            seat,
            from,
            point,
            men: m,
            to_heap,
        } => format!(
            "{} {} from {} {} point{}.",
            n.does(*seat, "draws", "draw"),
            men(*m),
            n.owning(*from),
            face(*point),
            if *to_heap {
                format!(", back to {} heap", n.his(*seat))
            } else {
                format!(" to {} own", n.his(*seat))
            }
        ),
        Event::Bore {
            seat,
            point: Some(point),
        } => format!(
            "{} a man off {} {} point.",
            n.does(*seat, "bears", "bear"),
            n.his(*seat),
            face(*point)
        ),
        Event::Bore { seat, point: None } => {
            format!("{} a man off.", n.does(*seat, "bears", "bear"))
        }
        Event::Loaded { from, to } => format!(
            "{} a man on {}.",
            n.does(*from, "loads", "load"),
            n.within(*to)
        ),
        Event::Lost { seat, point } => format!(
            "{} cannot use {} {}: it is lost.",
            n.lead(*seat),
            n.his(*seat),
            face(*point)
        ),
        // Ketch-Dolt is for two: the draw owed was from the other's point.
        Event::Dolted { seat, point } => format!(
            "{} dolted and {}: {} owed a draw from {} {} point.",
            n.does(*seat, "is", "are"),
            n.verb(*seat, "loses", "lose"),
            n.he(*seat),
            n.owning(Seat(u8::from(seat.0 == 0))),
            face(*point)
        ),
        Event::Out { seat } => format!(
            "{} no man left: {} {} out.",
            n.does(*seat, "has", "have"),
            n.he(*seat),
            n.verb(*seat, "is", "are")
        ),
        Event::ThrowsAgain { seat } => format!(
            "Doublets drink: {} {} again.",
            n.within(*seat),
            n.verb(*seat, "throws", "throw")
        ),
        Event::Turn { .. } => return None,
        Event::GameOver { winners, losers } => match (winners.as_slice(), losers.as_slice()) {
            ([], losers) => format!(
                "{} {}; the rest go free.",
                cap(&n.seats(losers)),
                n.agree(losers, "loses", "lose")
            ),
            (winners, []) => format!(
                "{} {}.",
                cap(&n.seats(winners)),
                n.agree(winners, "wins", "win")
            ),
            (winners, losers) if losers.len() == 1 && winners.len() > 1 => format!(
                "{} {}; {} go free.",
                cap(&n.seats(losers)),
                n.agree(losers, "loses", "lose"),
                n.seats(winners)
            ),
            (winners, losers) => format!(
                "{} {}; {} {}.",
                cap(&n.seats(winners)),
                n.agree(winners, "wins", "win"),
                n.seats(losers),
                n.agree(losers, "loses", "lose")
            ),
        },
    })
}

/// The story of `game` told again from its record, a line for each event, the seats named by
/// `names`: the story beside the board of a game read back, and the score sheet's.
#[must_use]
pub fn retold(game: &Game, names: &Names) -> Vec<String> {
    let Ok(mut replay) = Game::new(*game.rules()) else {
        return Vec::new();
    };
    let mut story = Vec::new();
    for action in game.record() {
        match replay.apply(action.clone()) {
            Ok(events) => story.extend(events.iter().filter_map(|e| tell(e, names))),
            Err(_) => break,
        }
    }
    story
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// The words of a button for `action`, said to the player whose choice it is, the others
/// named by `names`.
#[must_use]
pub fn action_words(game: &Game, action: &Action, names: &Names) -> String {
    let other = |g: &Game| Seat(1 - g.turn().0.min(1));
    match action {
        Action::Throw { .. } => "Throw the dice".to_string(),
        Action::Lay { point } => format!("Lay a man from your heap on your {} point", face(*point)),
        Action::Draw { point } => format!(
            "Draw from {} {} point",
            names.owning(other(game)),
            face(*point)
        ),
        Action::Bear { point } => format!("Bear a man off your {} point", face(*point)),
        Action::Claim => format!("Claim that {} was dolted", names.within(other(game))),
        Action::Load { seat } => format!("Load a man on {}", names.within(*seat)),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn at_a_distance() -> Names {
        Names::of(vec!["You".into(), "Robin".into(), "Kate".into()])
    }

    #[test]
    fn at_a_distance_the_person_is_you_and_the_friends_are_named_in_agreement() {
        let n = at_a_distance();
        let tell = |e: Event| tell(&e, &n).unwrap();
        let threw = |seat| Event::Threw {
            seat: Seat(seat),
            dice: vec![5, 1],
            uses: vec![5, 1],
        };
        assert_eq!(tell(threw(0)), "You throw cinque and ace.");
        assert_eq!(tell(threw(1)), "Robin throws cinque and ace.");
        assert_eq!(
            tell(Event::LaidDown {
                seat: Seat(0),
                point: 4,
                by_adversary: true
            }),
            "You lay down a man on your cater point, with the number your adversary could not use."
        );
        assert_eq!(
            tell(Event::Drew {
                seat: Seat(1),
                from: Seat(0),
                point: 4,
                men: 1,
                to_heap: false
            }),
            "Robin draws a man from your cater point to his own."
        );
        assert_eq!(
            tell(Event::Dolted {
                seat: Seat(0),
                point: 2
            }),
            "You are dolted and lose: you owed a draw from Robin's deuce point."
        );
        assert_eq!(
            tell(Event::Out { seat: Seat(0) }),
            "You have no man left: you are out."
        );
        assert_eq!(
            tell(Event::ThrewOff {
                dice: vec![2, 6, 3],
                first: Some(Seat(1))
            }),
            "Each throws one die: you deuce, Robin sice, Kate trey. Robin throws first."
        );
        assert_eq!(
            tell(Event::GameOver {
                winners: vec![Seat(0)],
                losers: vec![]
            }),
            "You win."
        );
        assert_eq!(
            tell(Event::GameOver {
                winners: vec![Seat(1), Seat(2)],
                losers: vec![Seat(0)]
            }),
            "You lose; Robin and Kate go free."
        );
        assert_eq!(
            tell(Event::Loaded {
                from: Seat(2),
                to: Seat(0)
            }),
            "Kate loads a man on you."
        );
    }

    #[test]
    fn a_tied_throw_off_names_only_who_tied_and_with_what() {
        // Given five at Sice-Ace, two of them tied for the highest (issue 57, item 10)
        let tied = Event::ThrewOff {
            dice: vec![2, 5, 1, 5, 3],
            first: None,
        };
        assert_eq!(
            tell(&tied, &Names::of(vec!["You".into()])).unwrap(),
            "Throw-off: Player 2 and player 4 tie with a cinque; all throw again."
        );
        let aces = Event::ThrewOff {
            dice: vec![1, 1],
            first: None,
        };
        assert_eq!(
            tell(&aces, &Names::of(vec!["You".into(), COMPUTER.into()])).unwrap(),
            "Throw-off: You and the computer tie with an ace; all throw again."
        );
    }

    #[test]
    fn the_computer_alone_with_the_person_is_the_computer() {
        let n = Names::of(vec!["You".into(), COMPUTER.into()]);
        let threw = Event::Threw {
            seat: Seat(1),
            dice: vec![3, 3],
            uses: vec![3, 3],
        };
        assert_eq!(tell(&threw, &n).unwrap(), "The computer throws two treys.");
        assert_eq!(n.owning(Seat(1)), "the computer's");
    }

    #[test]
    fn at_the_screen_and_without_a_name_a_seat_is_its_number() {
        let threw = Event::Threw {
            seat: Seat(1),
            dice: vec![3, 3],
            uses: vec![3, 3],
        };
        assert_eq!(
            tell(&threw, &Names::default()).unwrap(),
            "Player 2 throws two treys."
        );
        let nameless = Names::of(vec!["You".into(), "  ".into()]);
        assert_eq!(nameless.owning(Seat(1)), "player 2's");
        assert_eq!(nameless.lead(Seat(4)), "Player 5");
    }
}

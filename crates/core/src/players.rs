//! Who sits at the tables: each side's colour and its player (two players each in Double-hand
//! Irish), each a person or the computer at a level.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::level::Level;
use crate::tables::Side;

/// Who moves for a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Controller {
    Person,
    Computer(Level),
    /// A friend at a distance: his moves come over the line, and neither the person here nor
    /// the computer ever makes them, even while the line is down or the window starts again.
    Distance,
}

impl Controller {
    /// Who moves, in a player's words: "a person", "the computer (fair)", "a friend at a
    /// distance".
    #[must_use]
    pub fn words(self) -> String {
        match self {
            Controller::Person => "a person".to_string(),
            Controller::Computer(level) => format!("the computer ({level})"),
            Controller::Distance => "a friend at a distance".to_string(),
        }
    }
}

/// The most characters a player's name may have: enough for any name, short enough to fit the
/// window's lines.
pub const NAME_LIMIT: usize = 64;

/// Why a name cannot be a player's name.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NameError {
    #[error("is {length} characters long; at most {NAME_LIMIT}")]
    TooLong { length: usize },
    #[error(
        "holds a control character (U+{:04X}); a name is one line of text, without tabs",
        u32::from(*.0)
    )]
    Control(char),
    #[error(
        "holds an invisible character that turns text around or breaks the line (U+{:04X})",
        u32::from(*.0)
    )]
    Invisible(char),
}

/// Whether `c` is a character that shows nothing yet reorders the text around it or breaks
/// its line: the bidirectional controls (U+202E would show "Anne" as "ennA" and turn the rest
/// of the status line around), the line and paragraph separators, the zero-width space and
/// the byte-order mark. The zero-width joiners (U+200C, U+200D), which some scripts and emoji
/// need, are allowed.
#[must_use]
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{061C}'
            | '\u{200B}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{FEFF}'
    )
}

/// What a player's name may be: at most [`NAME_LIMIT`] characters, none of them a control
/// character (a newline, a tab, …) nor one that [`is_invisible`]. The one statement of the rule: the loader refuses a file
/// that breaks it, and New game keeps to it as the name is typed ([`clean_name`]).
pub fn check_name(name: &str) -> Result<(), NameError> {
    if let Some(c) = name.chars().find(|c| c.is_control()) {
        return Err(NameError::Control(c));
    }
    if let Some(c) = name.chars().find(|&c| is_invisible(c)) {
        return Err(NameError::Invisible(c));
    }
    let length = name.chars().count();
    if length > NAME_LIMIT {
        return Err(NameError::TooLong { length });
    }
    Ok(())
}

/// `name` made a name [`check_name`] accepts: control characters dropped, then the first
/// [`NAME_LIMIT`] characters kept.
#[must_use]
pub fn clean_name(name: &str) -> String {
    name.chars()
        .filter(|&c| !c.is_control() && !is_invisible(c))
        .take(NAME_LIMIT)
        .collect()
}

/// One player at the table. Its name keeps to [`check_name`] in any table a save file or New
/// game gives.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub name: String,
    pub controller: Controller,
}

/// The colours men may have (RULES.md: white and black by default, any two distinct colours).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    White,
    Black,
    Red,
    Blue,
    Green,
    Brown,
}

impl Colour {
    pub const ALL: [Colour; 6] = [
        Colour::White,
        Colour::Black,
        Colour::Red,
        Colour::Blue,
        Colour::Green,
        Colour::Brown,
    ];

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "White",
            Colour::Black => "Black",
            Colour::Red => "Red",
            Colour::Blue => "Blue",
            Colour::Green => "Green",
            Colour::Brown => "Brown",
        }
    }
}

/// One side at the table: its colour and its players (one, or two partners in Double-hand).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seat {
    pub colour: Colour,
    pub players: Vec<Player>,
}

/// The names a partner added to a side is given, in turn (the first not yet at the table):
/// English names of Willughby's and Cotton's day.
const PARTNERS: [[&str; 3]; 2] = [["Will", "Hal", "Kit"], ["Joan", "Bess", "Moll"]];

/// Who sits on each side: both seats. The rules' `Side::White` is the first seat, whatever its
/// colour. (In saves and settings the field holding it is still called `table`.)
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seats {
    pub white: Seat,
    pub black: Seat,
}

impl Seats {
    /// A person (White) against the computer (Black) at `level`.
    #[must_use]
    pub fn against_computer(level: Level) -> Seats {
        Seats {
            white: Seat {
                colour: Colour::White,
                players: vec![Player {
                    name: "You".into(),
                    controller: Controller::Person,
                }],
            },
            black: Seat {
                colour: Colour::Black,
                players: vec![Player {
                    name: "The computer".into(),
                    controller: Controller::Computer(level),
                }],
            },
        }
    }

    /// Two people at the same screen.
    #[must_use]
    pub fn two_people() -> Seats {
        let person = |name: &str| Player {
            name: name.into(),
            controller: Controller::Person,
        };
        Seats {
            white: Seat {
                colour: Colour::White,
                players: vec![person("White")],
            },
            black: Seat {
                colour: Colour::Black,
                players: vec![person("Black")],
            },
        }
    }

    #[must_use]
    pub fn seat(&self, side: Side) -> &Seat {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    pub fn seat_mut(&mut self, side: Side) -> &mut Seat {
        match side {
            Side::White => &mut self.white,
            Side::Black => &mut self.black,
        }
    }

    /// The seats made to fit rules with `partners` (Double-hand) or without: two players a
    /// side or one. A partner added is the same kind of player as the side's first, with a
    /// name of the period not yet at the table (White's "Will", Black's "Joan", …); a partner
    /// beyond one is dropped. Whether anything changed.
    pub fn fit(&mut self, partners: bool) -> bool {
        let want = if partners { 2 } else { 1 };
        let mut changed = false;
        for side in Side::BOTH {
            while self.seat(side).players.len() < want {
                let taken: Vec<String> = [&self.white, &self.black]
                    .iter()
                    .flat_map(|seat| seat.players.iter().map(|p| p.name.clone()))
                    .collect();
                let name = PARTNERS[side.index()]
                    .iter()
                    .find(|n| !taken.iter().any(|t| t == *n))
                    .map_or_else(|| format!("{side}'s partner"), |n| (*n).to_string());
                let seat = self.seat_mut(side);
                let controller = seat
                    .players
                    .first()
                    .map_or(Controller::Person, |p| p.controller);
                seat.players.push(Player { name, controller });
                changed = true;
            }
            let seat = self.seat_mut(side);
            if seat.players.len() > want {
                seat.players.truncate(want);
                changed = true;
            }
        }
        changed
    }

    /// Every player's name made one [`check_name`] accepts ([`clean_name`]).
    pub fn clean_names(&mut self) {
        for seat in [&mut self.white, &mut self.black] {
            for player in &mut seat.players {
                if check_name(&player.name).is_err() {
                    player.name = clean_name(&player.name);
                }
            }
        }
    }

    /// Whether a person plays for `side` (in Double-hand, either partner).
    #[must_use]
    pub fn has_person(&self, side: Side) -> bool {
        self.seat(side)
            .players
            .iter()
            .any(|p| p.controller == Controller::Person)
    }

    /// Whether a friend at a distance plays a side: that side's moves, and every throw, come
    /// only over the line.
    #[must_use]
    pub fn at_a_distance(&self) -> bool {
        [&self.white, &self.black].iter().any(|seat| {
            seat.players
                .iter()
                .any(|p| p.controller == Controller::Distance)
        })
    }

    /// Every friend at a distance made the computer at `level`, under his own name, so that a
    /// game whose line is gone for good plays on here. Whether anyone was.
    pub fn computer_for_distance(&mut self, level: Level) -> bool {
        let mut controllers = [&mut self.white, &mut self.black]
            .into_iter()
            .flat_map(|seat| seat.players.iter_mut().map(|p| &mut p.controller));
        computer_for_distance(&mut controllers, level)
    }
}

/// Each of `sitters` that is a friend at a distance made the computer at `level`. Whether any
/// was: the one way every family hands a lost friend's seat to the computer.
pub fn computer_for_distance(
    sitters: &mut dyn Iterator<Item = &mut Controller>,
    level: Level,
) -> bool {
    let mut any = false;
    for sitter in sitters.filter(|s| **s == Controller::Distance) {
        *sitter = Controller::Computer(level);
        any = true;
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_friends_at_a_distance_are_handed_to_the_computer_and_keep_their_names() {
        let mut seats = Seats::two_people();
        seats.black.players[0].controller = Controller::Distance;
        seats.black.players[0].name = "Robin".into();
        assert!(seats.computer_for_distance(Level::Expert));
        assert_eq!(
            seats.black.players[0],
            Player {
                name: "Robin".into(),
                controller: Controller::Computer(Level::Expert)
            }
        );
        assert_eq!(seats.white.players[0].controller, Controller::Person);
        assert!(!seats.at_a_distance());
        assert!(
            !seats.computer_for_distance(Level::Novice),
            "nobody left to hand over"
        );
    }

    #[test]
    fn a_name_is_one_line_of_at_most_the_limit() {
        // Given names at and past the limit, and with control characters
        let longest = "a".repeat(NAME_LIMIT);
        let long = "é".repeat(NAME_LIMIT + 1);
        // Then the limit counts characters, not bytes
        assert_eq!(check_name(&longest), Ok(()));
        assert_eq!(check_name("Æthelred the Unready"), Ok(()));
        assert_eq!(
            check_name(&long),
            Err(NameError::TooLong {
                length: NAME_LIMIT + 1
            })
        );
        for bad in ["Ann\nBob", "Ann\tBob", "\u{7}", "Ann\r", "\u{9b}x"] {
            assert!(
                matches!(check_name(bad), Err(NameError::Control(_))),
                "{bad:?}"
            );
        }
        assert_eq!(
            NameError::Control('\n').to_string(),
            "holds a control character (U+000A); a name is one line of text, without tabs"
        );
        // And cleaning a name gives one the rule accepts, keeping what it can
        assert_eq!(clean_name("Ann\n\tBob"), "AnnBob");
        assert_eq!(clean_name(&long).chars().count(), NAME_LIMIT);
        assert_eq!(check_name(&clean_name(&format!("{long}\u{0}"))), Ok(()));
        assert_eq!(clean_name("Ann"), "Ann");
    }

    #[test]
    fn a_name_that_would_turn_the_text_around_or_break_the_line_is_refused_or_cleaned() {
        // Given names with a right-to-left override, a line separator, a zero-width space,
        // an isolate, a byte-order mark, and a joiner as emoji use it
        let turned = "\u{202E}Ann";
        let broken = "Ann\u{2028}Bob";
        let family = "\u{1F468}\u{200D}\u{1F469}";
        // Then the rule refuses the invisible ones in words, and keeps the joiner
        assert_eq!(
            check_name(turned).unwrap_err().to_string(),
            "holds an invisible character that turns text around or breaks the line (U+202E)"
        );
        for bad in [broken, "A\u{200B}nn", "\u{2067}Ann\u{2069}", "\u{FEFF}Ann"] {
            assert!(
                matches!(check_name(bad), Err(NameError::Invisible(_))),
                "{bad:?}"
            );
        }
        assert_eq!(check_name(family), Ok(()));
        // And New game's cleaning drops them as the name is typed, the joiner kept
        assert_eq!(clean_name(turned), "Ann");
        assert_eq!(clean_name(broken), "AnnBob");
        assert_eq!(clean_name(family), family);
    }
}

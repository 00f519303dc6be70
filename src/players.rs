//! Who sits at the tables: each side's colour and its player (two players each in Double-hand
//! Irish), each a person or the computer at a level.

use serde::{Deserialize, Serialize};

use crate::engine::Side;
use crate::level::Level;

/// Who moves for a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Controller {
    Person,
    Computer(Level),
}

/// One player at the table.
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

/// Both sides at the table. The engine's `Side::White` is the first seat, whatever its colour.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    pub white: Seat,
    pub black: Seat,
}

impl Table {
    /// A person (White) against the computer (Black) at `level`.
    #[must_use]
    pub fn against_computer(level: Level) -> Table {
        Table {
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
    pub fn two_people() -> Table {
        let person = |name: &str| Player {
            name: name.into(),
            controller: Controller::Person,
        };
        Table {
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

    /// Whether a person plays for `side` (in Double-hand, either partner).
    #[must_use]
    pub fn has_person(&self, side: Side) -> bool {
        self.seat(side)
            .players
            .iter()
            .any(|p| p.controller == Controller::Person)
    }
}

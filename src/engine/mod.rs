//! The rules of the games at tables, and nothing else: pure, depending on serde and rand only.
//! Everything that changes a game goes through [`Game::apply`].

pub mod board;
pub mod dice;
pub mod game;
pub mod glossary;
pub mod movegen;
pub mod notation;
pub mod options;
pub mod play;
pub mod position_id;
pub mod rules;
pub mod rules_text;
pub mod side;
pub mod stakes;
pub mod terms;

pub use board::{Men, Position, PositionError, Setup};
pub use dice::{DiceRoller, FairDice, LoadedDice, Moves, Throw};
pub use game::{Action, EndReason, Event, Game, Outcome, Phase, RuleError};
pub use movegen::{MoveRules, legal_plays};
pub use play::{Play, Step, Steps};
pub use rules::{
    BearOff, BoundTable, Compulsion, Dice, Doublets, Layout, Opening, Players, Preset, Rules,
    Stakes,
};
pub use side::Side;
pub use stakes::{Cube, Tally, WinKind};

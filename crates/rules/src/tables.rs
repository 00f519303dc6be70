//! The rules of the games at tables: pure, depending on serde and rand only. Everything that
//! changes a game goes through [`Game::apply`]; how turns start and games end is written once
//! in [`endings`]; each option is declared once in [`options`], with the words and sources
//! every reader of the options shows. The teaching texts built on the rules (period words,
//! glossary, the rules explained) live in the core crate, `gamester_core::teaching`.

pub mod action;
pub mod board;
pub mod dice;
pub mod endings;
pub mod game;
pub mod movegen;
pub mod notation;
pub mod option_value;
pub mod options;
pub mod phase;
pub mod play;
pub mod position_id;
pub mod refusal;
pub mod rules;
pub mod side;
pub mod stakes;
pub mod stepwise;

pub use action::{Action, Attempt, Event};
pub use board::{Men, Position, PositionError, Setup};
pub use dice::{DiceRoller, FairDice, LoadedDice, Moves, Throw};
pub use endings::{EndReason, Endings, Outcome, TurnStart};
pub use game::Game;
pub use movegen::{MoveRules, legal_plays};
pub use phase::{Phase, Waiting};
pub use play::{Play, Step, Steps};
pub use refusal::{CubeRefusal, DieRefusal, RuleError, StepRefusal};
pub use rules::{
    BearOff, BoundTable, Compulsion, Dice, Doublets, Layout, Opening, Players, Preset, Rules,
    Stakes,
};
pub use side::Side;
pub use stakes::{Cube, CubeChoice, Tally, WinKind, most_stake, stake_words};

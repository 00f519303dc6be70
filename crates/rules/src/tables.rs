//! The rules of the games at tables: pure, depending on serde and rand only. Everything that
//! changes a game goes through [`Game::apply`]; how turns start and games end is written once
//! in [`endings`]; each option is declared once in [`options`], with the words and sources
//! every reader of the options shows. The teaching texts built on the rules (period words,
//! glossary, the rules explained) live in the core crate, `gamester_core::teaching`.

mod action;
mod board;
mod dice;
pub mod endings;
mod game;
pub mod match_id;
pub mod movegen;
pub mod notation;
mod option_value;
pub mod options;
mod phase;
mod play;
pub mod position_id;
mod refusal;
mod rules;
mod side;
mod stakes;
pub mod stepwise;
pub mod ticktack;
pub mod xgid;

pub use action::{Action, Attempt, Event};
pub use board::{ADVERSARY_BAR, BAR, MEN, Men, Position, PositionError, Setup};
pub use dice::{DiceRoller, FairDice, LoadedDice, Moves, Throw};
pub use endings::{EndReason, Endings, Outcome, TurnStart};
pub use game::Game;
pub use movegen::{Landing, MoveRules, legal_plays};
pub use phase::{Phase, Waiting};
pub use play::{Play, Step, Steps};
pub use refusal::{CubeRefusal, DieRefusal, RuleError, StepRefusal};
pub use rules::{
    BearOff, BoundTable, Claims, Compulsion, Dice, Doublets, GoingInOpen, HitBy, Layout,
    MATCH_MOST, Opening, Players, Preset, Rules, RulesError, Stakes,
};
pub use side::Side;
pub use stakes::{
    Crawford, Cube, CubeChoice, Tally, WinKind, bear_off_stake, most_stake, resignation_words,
    stake_words, won_words,
};
pub use ticktack::{Chances, Claim, ClaimRefusal, Score};

//! The rules' tests, one binary: every option of RULES.md, the option table against the spec,
//! modern backgammon against GNU Backgammon's recorded answers, the engine's answers and
//! invariants over random games (played by `common::RandomPlayer`), the legal plays against a
//! reference, position IDs, matches and the Crawford rule, resignations, and the tiles games.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

pub mod common;

mod engine_answers;
mod matches;
mod modern_gnubg;
mod movegen_reference;
mod option_table;
mod options;
mod position_id_fuzz;
mod properties;
mod resignations;
mod ticktack;
mod tiles;

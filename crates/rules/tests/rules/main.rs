//! The rules' tests, one binary: every option of RULES.md, the option table against the spec,
//! modern backgammon against GNU Backgammon's recorded answers, the engine's answers and
//! invariants over random games (played by `common::RandomPlayer`), the legal plays against a
//! reference, position IDs, matches and the Crawford rule, resignations, the tiles games, and
//! Cotton's pastimes (Doublets, Ketch-Dolt, Sice-Ace).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

pub mod common;

mod engine_answers;
mod matches;
mod modern_gnubg;
mod movegen_reference;
mod option_table;
mod options;
mod pastimes;
mod position_id_fuzz;
mod properties;
mod resignations;
mod ticktack;
mod ticktack_cotton;
mod ticktack_random;
mod tiles;

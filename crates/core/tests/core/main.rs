//! The core's tests, one binary: the engine's answers and invariants over random games, the
//! computer's levels and analysis (against GNU Backgammon's recorded judgements too), saved
//! games, teaching, and training the networks.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

// The one-line positions and random rules the rules' own tests use.
#[path = "../../../rules/tests/rules/common.rs"]
pub mod common;

mod ai;
mod ai_levels;
mod analysis;
mod analysis_gnubg;
mod analysis_saved;
mod cube_hint;
mod diagram;
mod engine_answers;
mod exchange;
mod exchange_files;
mod exchange_gnubg;
mod exchange_sgf;
mod lessons;
mod matches;
mod movegen_reference;
mod position_id_fuzz;
mod properties;
mod save_files;
mod save_properties;
mod teaching;
mod training;

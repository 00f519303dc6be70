//! The core's tests, one binary: the computer's levels and analysis (against GNU Backgammon's
//! recorded judgements too), saved games and matches kept, teaching, and training the networks.
//! (The rules' own tests, the engine's answers and invariants over random games among them, are
//! in crates/rules/tests/rules.)
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

// The one-line positions and random rules the rules' own tests use.
#[path = "../../../rules/tests/rules/common.rs"]
pub mod common;

mod ai;
mod ai_levels;
mod ai_stakes;
mod ai_ticktack;
mod analysis;
mod analysis_gnubg;
mod analysis_saved;
mod analysis_ticktack;
mod bearoff;
mod crashed;
mod cube_hint;
mod diagram;
mod exchange;
mod exchange_files;
mod exchange_gnubg;
mod exchange_sgf;
mod lessons;
mod lessons_pastimes;
mod matches;
mod pastime_diagram;
mod pastime_pages;
mod save_files;
mod save_properties;
mod teaching;
mod training;

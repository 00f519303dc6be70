//! The rules' tests, one binary: every option of RULES.md, the option table against the spec,
//! modern backgammon against GNU Backgammon's recorded answers, and the tiles games.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

pub mod common;

mod modern_gnubg;
mod option_table;
mod options;
mod resignations;
mod tiles;

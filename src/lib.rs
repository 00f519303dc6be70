//! Gamester: Irish and the other Renaissance games at Tables, played by their own sources.
//!
//! [`engine`] holds the rules and is the only way to change a game; [`ai`] plays them;
//! [`save`] writes and reads saved games; [`cli`] is the headless command line.

// Points are numbers in this game: loops over point numbers that index the board read best so.
#![allow(clippy::needless_range_loop)]

pub mod ai;
pub mod cli;
mod cli_ai;
pub mod cli_analyse;
mod cli_args;
mod cli_movegen;
mod cli_out;
mod cli_selfplay;
mod cli_tiles;
pub mod dominoes;
pub mod engine;
pub mod kept_analysis;
pub mod level;
pub mod players;
pub mod sample;
pub mod save;
pub mod session;
pub mod teaching;
pub mod tutor;
pub mod ui;

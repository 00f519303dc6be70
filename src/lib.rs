//! The Gamester program: the headless command line ([`cli`]) and the window ([`ui`]). Both ask
//! the rules (`gamester_rules`) and the core (`gamester_core`) and never recompute them; the
//! command line never uses the window.

use gamester_core::{
    abandonment, ai, exchange, kept_analysis, level, players, sample, save, session, teaching,
    tiles_session, tutor,
};
use gamester_rules::{pastimes, tables, tiles};

pub mod cli;
pub mod picture;
pub mod ui;

//! Gamester without its window: the computer players ([`ai`]), saved games ([`save`]), the
//! period words and the rules explained ([`teaching`]), who sits at the board ([`players`]), a
//! session of games ([`session`]) and the tutor ([`tutor`]). It asks the rules
//! (`gamester_rules`) every question about the games, and never draws.

// The rules' two families, named here as everywhere in Gamester.
use gamester_rules::{pastimes, tables, tiles};

pub mod abandonment;
pub mod ai;
pub mod exchange;
pub mod family;
pub mod files;
pub mod kept_analysis;
pub mod level;
pub mod players;
pub mod sample;
pub mod save;
pub mod session;
pub mod teaching;
pub mod tiles_session;
pub mod tutor;

pub use family::Family;

//! What the computer has learned, as data. `weights.rs` and `net-modern.bin` are written by
//! `examples/fit_eval.rs`; a family's own network by `examples/train.rs`. Each network file's
//! header says how it was made. All are read at build time.

pub mod weights;

/// GNU Backgammon's Kazaross-XG2 match equity table, by which the cube is judged in a match.
pub mod met;

/// The modern network ([`super::Kind::Modern`]), as [`super::net_file`] reads it.
/// Every family without a network of its own is judged by it.
pub const NET_MODERN: &[u8] = include_bytes!("data/net-modern.bin");

/// The modern network for crashed positions ([`super::eval::Evaluator::crashed`]): the modern
/// network taught further on such positions alone (`examples/fit_eval.rs`; its header gives
/// the recipe).
pub const CRASHED_MODERN: &[u8] = include_bytes!("data/crashed-modern.bin");

/// The screening networks (`examples/screen.rs`): for each network of chances, a small one that
/// ranks a throw's plays inside a search by imitating it
/// ([`super::eval::Evaluator::quick_value_for`]; each header gives its recipe).
pub const SCREEN_MODERN: &[u8] = include_bytes!("data/screen-modern.bin");
/// See [`SCREEN_MODERN`].
pub const SCREEN_IRISH: &[u8] = include_bytes!("data/screen-irish.bin");
/// See [`SCREEN_MODERN`].
pub const SCREEN_FAILS: &[u8] = include_bytes!("data/screen-fails.bin");
/// See [`SCREEN_MODERN`].
pub const SCREEN_TODAS_TABLAS: &[u8] = include_bytes!("data/screen-todas-tablas.bin");
/// See [`SCREEN_MODERN`].
pub const SCREEN_INCOMPLEAT_BACKGAMMON: &[u8] =
    include_bytes!("data/screen-incompleat-backgammon.bin");

/// The Todas Tablas network ([`super::Kind::TodasTablas`]), trained by self-play
/// from the modern one (its header gives the recipe).
pub const NET_TODAS_TABLAS: &[u8] = include_bytes!("data/net-todas-tablas.bin");

/// The Irish network ([`super::Kind::Irish`]: Irish, Cotton's Irish and Double-hand
/// Irish), trained by self-play from the modern one (its header gives the recipe).
pub const NET_IRISH: &[u8] = include_bytes!("data/net-irish.bin");

/// The Fails network ([`super::Kind::Fails`]), trained by self-play from the modern
/// one (its header gives the recipe).
pub const NET_FAILS: &[u8] = include_bytes!("data/net-fails.bin");

/// The Nard network ([`super::Kind::Nard`]), trained by self-play from the modern
/// one to judge Nard's count as the stakes ([`super::net::Outputs::Stakes`]; its header gives
/// the recipe).
pub const NET_NARD: &[u8] = include_bytes!("data/net-nard.bin");

/// The network of the Incompleat Gamester's Backgammon
/// ([`super::Kind::IncompleatBackgammon`]: a man is borne off only by an exact die),
/// trained by self-play from the modern one to judge races too (its header gives the recipe).
pub const NET_INCOMPLEAT_BACKGAMMON: &[u8] = include_bytes!("data/net-incompleat-backgammon.bin");

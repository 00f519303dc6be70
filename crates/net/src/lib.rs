//! Gamester between friends at a distance.
//!
//! - [`game`]: the game of any family (tables, tiles, pastimes) as it goes over the line, asking
//!   the rules everything;
//! - [`open`]: a family of games the crate does not know, registered by the program that
//!   plays it, its rules and actions carried as text that only its own rules read;
//! - [`wire`]: the messages and how they are framed;
//! - [`sign`]: each party's key, and its signatures;
//! - [`record`]: the record both sides signed: the seating, and each entry chained and signed
//!   by its maker;
//! - [`table`]: one party's side, with no line in it: fair dice by commit and reveal, and every
//!   action from the others through the rules' gate;
//! - [`invite`]: the invitation, a code that names the host and holds a secret;
//! - [`link`]: the line itself (iroh: QUIC, hole punching, relays), on a thread of its own;
//! - [`party`]: one party at the game, driven by events: the host's welcome and relay, the
//!   joiner's greeting and acceptance;
//! - [`seat`]: a whole party's play over the line, the computer's or a person's.

pub mod game;
pub mod invite;
pub mod link;
pub mod open;
pub mod party;
pub mod record;
pub mod seat;
pub mod sign;
pub mod table;
pub mod wire;

pub use game::{Board, GameError, GameRules, NetAction, Setup, net_record};
pub use table::{Breach, Table};
pub use wire::Msg;

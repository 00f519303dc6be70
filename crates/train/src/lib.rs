//! Training Gamester's networks: TD self-play ([`td`]) and the optimiser and samples shared by
//! distillation and fitting ([`learn`]). Only the examples of this crate use it (`cargo run
//! --release -p gamester-train --example train`); the program never links it.

use gamester_core::{ai, level};
use gamester_rules::tables;

pub mod args;
pub mod learn;
pub mod td;

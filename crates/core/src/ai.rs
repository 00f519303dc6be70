//! The computer's players: the random player (the baseline, and the driver of random games in
//! tests and benchmarks) and the levels a person can choose, which judge positions with a
//! static evaluation ([`eval`]) and an expectimax search over the throws ([`search`]), and
//! decide through [`decide`] and [`rank_plays`].

pub mod analysis;
pub mod bearoff;
pub mod certain;
pub mod contest;
pub mod cube;
pub mod cube_hint;
pub mod cubeful;
pub mod data;
pub mod decide;
mod decision;
pub mod ends;
pub mod eval;
pub mod judge;
pub mod kept;
pub mod kind;
mod learner;
pub mod net;
pub mod net_file;
pub mod pastimes;
pub mod random;
pub mod resign;
pub mod rollout;
pub mod search;
mod shots;
pub mod sight;
mod throws;
pub mod ticktack;
pub mod tiles;
mod wide;

pub use cube_hint::{CubeAction, CubeHint, cube_hint};
pub use decide::{Decision, best_play, decide, decide_with, rank_plays};
pub use kind::Kind;

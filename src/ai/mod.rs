//! The computer's players: the random player (the baseline, and the driver of random games in
//! tests and benchmarks) and the levels a person can choose.

pub mod level;
pub mod random;

pub use level::Level;

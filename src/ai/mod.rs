//! The computer's players. For now: the random player, which tests, benchmarks and self-play
//! use to drive whole games through the same gate as a person.

pub mod random;

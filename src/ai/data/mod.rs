//! What the computer has learned, as data: each file here is written by
//! `examples/fit_eval.rs` (see its header for how to make it again) and read at build time.

pub mod weights;

/// The network's weights: little-endian `f32`s, as [`Net::from_bytes`](super::net) reads them.
pub const NET: &[u8] = include_bytes!("net.bin");

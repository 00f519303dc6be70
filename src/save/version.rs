//! Which version of the save format this Gamester writes, and the newest it reads.

/// The newest format this Gamester writes and reads.
pub const FORMAT: u32 = 1;

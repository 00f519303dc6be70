//! Which version of the save format this Gamester writes, and the newest it reads.

/// The newest format this Gamester writes and reads.
pub const FORMAT: u32 = 1;

/// The format of the tiles saves this Gamester writes, and the newest it reads (their own
/// count: a tiles save has `tiles_format` where a game at tables has `format`).
pub const TILES_FORMAT: u32 = 1;

/// The format of the pastimes' saves (Doublets, Ketch-Dolt, Sice-Ace), their own count as the
/// tiles' are: a pastime's save has `pastimes_format`.
pub const PASTIMES_FORMAT: u32 = 1;

//! How the window was asked to start (from the command line or a test): a file to open, a
//! picture to take, seeded dice, or no remembered state at all.

use std::path::PathBuf;

use crate::engine::FairDice;

/// How the window was asked to start.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    /// Draw the board, write that frame to this PNG, and exit.
    pub screenshot: Option<PathBuf>,
    /// Open this saved game.
    pub open: Option<PathBuf>,
    /// Seed the dice (for tests and screenshots); otherwise they are seeded by the system.
    pub seed: Option<u64>,
    /// Do not read or write the settings and the autosave (tests).
    pub ephemeral: bool,
}

impl Launch {
    /// Dice for a new or resumed session: seeded if the launch asked for it, else by the system.
    #[must_use]
    pub fn dice(&self) -> Box<FairDice> {
        Box::new(self.seed.map_or_else(FairDice::from_os, FairDice::seeded))
    }
}

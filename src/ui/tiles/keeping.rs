//! The tiles game in progress kept on the disk after every action, so that closing the window,
//! a crash or a pulled plug never loses it: `tiles-autosave.ron` in Gamester's data folder,
//! written whole (atomically) by the window's one autosave keeper.

use std::path::{Path, PathBuf};

use crate::save::SaveError;
use crate::save::tiles::{TilesFile, TilesLoaded, load};
use crate::tiles::{Action, Game};
use crate::ui::shell::autosave;
use crate::ui::shell::launch::Launch;
use crate::ui::shell::message::Message;

impl autosave::OnDisk for TilesFile {
    fn write_to(&self, path: &Path) -> Result<(), SaveError> {
        crate::save::tiles::write_atomic(path, self)
    }
}

/// The tiles game in progress, in the data folder beside the autosave of the game at tables.
pub const TILES_AUTOSAVE: &str = "tiles-autosave.ron";

/// Where the tiles game in progress is saved after each action, if anywhere.
#[must_use]
pub fn autosave_path(launch: &Launch) -> Option<PathBuf> {
    launch.slot_file(TILES_AUTOSAVE)
}

/// The tiles game kept in `path`, if one is; `Err` says why it could not be read.
#[must_use]
pub fn resume(path: &Path) -> Option<Result<TilesLoaded, String>> {
    path.exists().then(|| load(path).map_err(|e| e.to_string()))
}

/// What tells the game last sent from another, cheaply: its record's length, first and last
/// actions, and the tally.
#[derive(PartialEq)]
struct Sent {
    moves: usize,
    first: Option<Action>,
    last: Option<Action>,
    tally: Vec<u32>,
    /// Whether the game was ended as abandoned (which the record does not show).
    abandoned: bool,
}

/// Keeps the tiles game on the disk: writes it whenever its record has changed, through the
/// window's one [`autosave::Keeper`] (a deal is on the disk before it is shown).
#[derive(Default)]
pub struct TilesKeeper {
    sent: Option<Sent>,
    chances: Option<usize>,
    keeper: autosave::Keeper<TilesFile>,
}

impl TilesKeeper {
    /// Sends the file `file` makes to be written to `path` if the game has moved since the one
    /// last sent: the file is made only then, not every frame.
    pub fn keep(
        &mut self,
        path: PathBuf,
        game: &Game,
        tally: &[u32],
        abandoned: bool,
        launch: &Launch,
        file: impl FnOnce() -> TilesFile,
    ) {
        let record = game.record();
        let key = Sent {
            moves: record.len(),
            first: record.first().cloned(),
            last: record.last().cloned(),
            tally: tally.to_vec(),
            abandoned,
        };
        if self.sent.as_ref() == Some(&key) {
            return;
        }
        let now = autosave::chances(record, Action::is_chance);
        let wait = autosave::wait_for(self.chances, now);
        self.keeper.keep(path, file(), wait, launch, None);
        self.sent = Some(key);
        self.chances = Some(now);
    }

    /// A failure to keep the game, once it is known.
    pub fn failure(&mut self) -> Option<Message> {
        self.keeper.poll(
            |e| format!("The tiles game could not be kept: {e}"),
            "The tiles game is kept on the disk again.",
        )
    }

    /// As the window closes: waits until every version is on the disk; the last failure.
    pub fn finish(&mut self) -> Option<SaveError> {
        self.keeper.finish()
    }
}

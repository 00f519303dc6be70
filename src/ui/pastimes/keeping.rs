//! The pastime in progress kept on the disk after every action, so that closing the window, a
//! crash or a pulled plug never loses it: `pastimes-autosave.ron` in Gamester's data folder,
//! written whole (atomically) by the window's one autosave keeper, as the tiles' game is.

use std::path::{Path, PathBuf};

use crate::pastimes::{Action, Game};
use crate::players::Controller;
use crate::save::SaveError;
use crate::save::pastimes::{PastimesFile, PastimesLoaded, load};
use crate::ui::shell::autosave;
use crate::ui::shell::launch::Launch;
use crate::ui::shell::message::Message;

impl autosave::OnDisk for PastimesFile {
    fn write_to(&self, path: &Path) -> Result<(), SaveError> {
        crate::save::pastimes::write_atomic(path, self)
    }
}

/// The pastime in progress, in the data folder beside the other autosaves.
pub const PASTIMES_AUTOSAVE: &str = "pastimes-autosave.ron";

/// Where the pastime in progress is saved after each action, if anywhere.
#[must_use]
pub fn autosave_path(launch: &Launch) -> Option<PathBuf> {
    launch.slot_file(PASTIMES_AUTOSAVE)
}

/// The pastime kept in `path`, if one is; `Err` says why it could not be read.
#[must_use]
pub fn resume(path: &Path) -> Option<Result<PastimesLoaded, String>> {
    path.exists().then(|| load(path).map_err(|e| e.to_string()))
}

/// What tells the game last sent from another, cheaply.
#[derive(PartialEq)]
struct Sent {
    moves: usize,
    first: Option<Action>,
    last: Option<Action>,
    seats: Vec<Controller>,
}

/// Keeps the pastime on the disk: writes it whenever its record has changed.
#[derive(Default)]
pub struct PastimesKeeper {
    sent: Option<Sent>,
    chances: Option<usize>,
    keeper: autosave::Keeper<PastimesFile>,
}

impl PastimesKeeper {
    /// Sends the file `file` makes to be written to `path` if the game has moved since the one
    /// last sent: the file is made only then, not every frame.
    pub fn keep(
        &mut self,
        path: PathBuf,
        game: &Game,
        seats: &[Controller],
        launch: &Launch,
        file: impl FnOnce() -> PastimesFile,
    ) {
        let record = game.record();
        let key = Sent {
            moves: record.len(),
            first: record.first().cloned(),
            last: record.last().cloned(),
            seats: seats.to_vec(),
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
            |e| format!("The pastime could not be kept: {e}"),
            "The pastime is kept on the disk again.",
        )
    }

    /// As the window closes: waits until every version is on the disk; the last failure.
    pub fn finish(&mut self) -> Option<SaveError> {
        self.keeper.finish()
    }
}

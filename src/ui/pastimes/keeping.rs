//! The pastime in progress kept on the disk after every action, so that closing the window, a
//! crash or a pulled plug never loses it: `pastimes-autosave.ron` in Gamester's data folder,
//! written whole (atomically) by the window's one autosave keeper, as the tiles' game is. What
//! its file holds beside the record is who sits at each seat, and whether a friend left the game.

use std::path::{Path, PathBuf};

use crate::pastimes::Action;
use crate::players::Controller;
use crate::save::SaveError;
use crate::save::pastimes::{PastimesFile, PastimesLoaded, load};
use crate::ui::pastimes::session::PastimesSession;
use crate::ui::pastimes::story;
use crate::ui::shell::autosave;
use crate::ui::shell::game_file::{GameFile, GameKeeper};
use crate::ui::shell::launch::Launch;

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

impl GameFile for PastimesSession {
    type File = PastimesFile;
    type Action = Action;
    type Beside = (Vec<Controller>, bool);
    const CALLED: &'static str = "the pastime";
    const AUTOSAVE: &'static str = PASTIMES_AUTOSAVE;

    fn title(&self) -> &'static str {
        story::title(self.game().rules().kind)
    }

    fn record(&self) -> &[Action] {
        self.game().record()
    }

    fn is_chance(action: &Action) -> bool {
        action.is_chance()
    }

    fn beside(&self) -> (Vec<Controller>, bool) {
        (self.sitters().to_vec(), self.abandoned().is_some())
    }

    fn as_file(&self) -> PastimesFile {
        self.to_file()
    }

    fn file_path(&mut self) -> &mut Option<PathBuf> {
        &mut self.file
    }
}

/// Keeps the pastime on the disk: writes it whenever its record or its seats have changed.
pub type PastimesKeeper = GameKeeper<PastimesSession>;

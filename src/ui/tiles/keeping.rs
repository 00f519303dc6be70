//! The tiles game in progress kept on the disk after every action, so that closing the window,
//! a crash or a pulled plug never loses it: `tiles-autosave.ron` in Gamester's data folder,
//! written whole (atomically) by the window's one autosave keeper. What its file holds beside
//! the record is the tally, and whether the game was ended as abandoned (which the record
//! does not show).

use std::path::{Path, PathBuf};

use crate::save::SaveError;
use crate::save::tiles::{TilesFile, TilesLoaded, load};
use crate::tiles::Action;
use crate::tiles_session::TilesSession;
use crate::ui::shell::autosave;
use crate::ui::shell::game_file::{GameFile, GameKeeper};
use crate::ui::shell::launch::Launch;
use crate::ui::tiles::setup;

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

impl GameFile for TilesSession {
    type File = TilesFile;
    type Action = Action;
    /// The tally, and whether the game was ended as abandoned.
    type Beside = (Vec<u32>, bool);
    const CALLED: &'static str = "the tiles game";
    const AUTOSAVE: &'static str = TILES_AUTOSAVE;

    fn title(&self) -> &'static str {
        setup::title_of(self.game().rules())
    }

    fn record(&self) -> &[Action] {
        self.game().record()
    }

    fn is_chance(action: &Action) -> bool {
        action.is_chance()
    }

    fn beside(&self) -> (Vec<u32>, bool) {
        (self.tally().to_vec(), self.abandoned().is_some())
    }

    fn as_file(&self) -> TilesFile {
        self.to_file()
    }

    fn file_path(&mut self) -> &mut Option<PathBuf> {
        &mut self.file
    }
}

/// Keeps the tiles game on the disk: writes it whenever its record, its tally or its end
/// have changed (a deal is on the disk before it is shown).
pub type TilesKeeper = GameKeeper<TilesSession>;

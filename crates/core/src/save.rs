//! Saved games: the RON save format, loading by replaying the record through `Game::apply`,
//! atomic writing, the autosave location, the list of recent files, and replaying a game's
//! record up to any point for the window to step through.
//!
//! ```
//! use gamester_rules::tables::{Game, Rules};
//! use gamester_core::players::Seats;
//! use gamester_core::save::{self, SaveFile};
//!
//! let game = Game::new(Rules::default()).unwrap();
//! let text = save::to_string(&SaveFile::from_game(&game, &Seats::two_people())).unwrap();
//! let loaded = save::from_str(&text).unwrap();
//! assert_eq!(loaded.game, game);
//! ```

mod analysis;
mod error;
mod family;
mod format;
mod leftovers;
mod load;
pub mod pastimes;
mod recent;
mod replay;
pub mod tiles;
mod version;
mod write;

use std::path::PathBuf;

pub use analysis::{SavedAnalysis, SavedBest, SavedCube, SavedDecision, SavedStep};
pub use error::{SaveError, TableProblem, TallyProblem};
pub use format::{FORMAT, SaveFile, SavedAction, to_string};
pub use leftovers::{Tidied, tidy};
pub(crate) use load::TALLY_MAX;
pub use load::{
    Loaded, MAX_FILE_BYTES, RECURSION_LIMIT, from_str, load, parse, read_text, replay_file,
};
pub use recent::{MAX_RECENT, RecentFiles};
pub use replay::{GameRecord, replay_to};
pub use write::{write_atomic, write_bytes_atomic, write_private_atomic, write_text_atomic};

/// The name of the autosave file in the user's data folder.
pub const AUTOSAVE_FILE: &str = "autosave.ron";

/// Where the game in progress is saved automatically: `autosave.ron` in Gamester's folder of
/// the user's data directory (for example `~/.local/share/gamester/` on Linux,
/// `~/Library/Application Support/Gamester/` on macOS, `%APPDATA%\Gamester\data\` on Windows).
/// `None` when the system names no home directory. The folder may not exist yet;
/// [`write_atomic`] creates it.
#[must_use]
pub fn autosave_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join(AUTOSAVE_FILE))
}

/// Gamester's folder of the user's data directory, where the autosave and the games left for
/// a new one are kept. `None` when the system names no home directory.
#[must_use]
pub fn data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "Gamester").map(|d| d.data_dir().to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn the_autosave_lives_in_gamesters_data_folder() {
        // Given a system that names a home directory (any test machine does)
        let Some(path) = autosave_path() else {
            return;
        };
        // Then the autosave is autosave.ron in a folder named for Gamester
        assert_eq!(path.file_name().unwrap(), AUTOSAVE_FILE);
        let text = path.to_string_lossy().to_lowercase();
        assert!(text.contains("gamester"), "{text}");
    }

    #[test]
    fn an_error_in_a_file_names_it_and_keeps_its_reason() {
        let err = SaveError::Empty.in_file(Path::new("a/b.ron"));
        assert_eq!(
            err.to_string(),
            format!("{}: the file is empty", Path::new("a/b.ron").display())
        );
        assert!(matches!(err.reason(), SaveError::Empty));
        assert_eq!(err.path(), Some(Path::new("a/b.ron")));
    }
}

//! How the window was asked to start (from the command line or a test): a file to open, a
//! picture to take, seeded dice, or no remembered state at all; and, for tests, the folders it
//! may write in, so that no test ever touches the user's own.

use std::path::PathBuf;

use crate::save;

/// How the window was asked to start.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    /// Draw the board, write that frame to this PNG, and exit.
    pub screenshot: Option<PathBuf>,
    /// Open this saved game.
    pub open: Option<PathBuf>,
    /// Seed the dice (for tests and screenshots); otherwise they are seeded by the system.
    pub seed: Option<u64>,
    /// Do not read or write the settings, and keep nothing in the user's data folder (tests,
    /// `--fresh`).
    pub ephemeral: bool,
    /// Keep the autosave and the games left for a new one here instead of the user's data
    /// folder (tests: a temporary folder; an environment variable would leak between tests
    /// that run in parallel).
    pub data_dir: Option<PathBuf>,
    /// Start the file dialogs here instead of the user's documents folder (tests).
    pub documents_dir: Option<PathBuf>,
    /// Use the in-window file chooser even where the desktop has a dialog (tests).
    pub in_window_chooser: bool,
    /// The autosave slot the window holds (see `ui::slot`): 1 (or 0, never claimed) for the
    /// usual files, 2 and up for a window opened beside another on the same data folder.
    pub slot: u32,
    /// Play over the network on this machine's network only: no relay (tests, `--local`).
    pub local_network: bool,
    /// For tests: each write of the autosaves and the settings takes this much longer, as on a
    /// slow disk.
    pub slow_disk: Option<std::time::Duration>,
    /// For tests: how long a throw at a distance may wait on a friend before the game may be
    /// ended as abandoned by them (the network's own patience without it).
    pub throw_patience: Option<std::time::Duration>,
    /// For tests: "Show in its folder" only notes what was asked, and never starts the
    /// desktop's file manager.
    pub no_file_manager: bool,
}

impl Launch {
    /// The folder of the autosave and of the games left behind: the one the launch names, else
    /// the user's data folder unless the launch is ephemeral.
    #[must_use]
    pub fn data_dir(&self) -> Option<PathBuf> {
        match &self.data_dir {
            Some(dir) => Some(dir.clone()),
            None if self.ephemeral => None,
            None => save::data_dir(),
        }
    }

    /// Where the game in progress is saved after each turn, if anywhere.
    #[must_use]
    pub fn autosave_path(&self) -> Option<PathBuf> {
        self.slot_file(save::AUTOSAVE_FILE)
    }

    /// Where the file named `file` of this window's autosave slot lies in the data folder, if
    /// anywhere (each family keeps its game in progress under a name of its own).
    #[must_use]
    pub fn slot_file(&self, file: &str) -> Option<PathBuf> {
        self.data_dir()
            .map(|d| d.join(crate::ui::shell::slot::name(file, self.slot)))
    }

    /// Where the file dialogs start when the game belongs to no file: the user's documents
    /// folder (as the desktop names it, else `~/Documents` if it is there), else the home
    /// folder. A desktop without xdg-user-dirs names no documents folder at all.
    #[must_use]
    pub fn documents_dir(&self) -> Option<PathBuf> {
        self.documents_dir.clone().or_else(|| {
            let user = directories::UserDirs::new()?;
            let home = user.home_dir();
            let documents = user
                .document_dir()
                .map(PathBuf::from)
                .or_else(|| Some(home.join("Documents")).filter(|d| d.is_dir()));
            Some(documents.unwrap_or_else(|| home.to_path_buf()))
        })
    }
}

//! Games on disk: the open and save dialogs (on their own thread, so the window keeps drawing),
//! opening and saving a file, the autosave after each turn, and resuming at start the game
//! that was in progress.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use super::launch::Launch;
use crate::save::{self, RecentFiles};
use crate::session::Session;

/// What the person is told when no desktop file dialog opened.
pub const NO_DIALOG: &str = "The desktop's file dialog did not open (is xdg-desktop-portal running?). \
                             A saved game can also be opened with `gamester <file.ron>`.";

enum FileJob {
    Open(Option<PathBuf>),
    SaveAs(Option<PathBuf>),
    /// The dialog closed with no file sooner than a person could have cancelled it: most
    /// likely no desktop file dialog is available.
    NoDialog,
}

/// What a file dialog gave back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Chosen {
    Open(PathBuf),
    /// Where to save (with `.ron` added if the person gave no extension).
    Save(PathBuf),
    NoDialog,
}

/// The file the game in play came from or was last saved to, and the file dialog while one
/// is open.
#[derive(Default)]
pub struct Files {
    file: Option<PathBuf>,
    dialog: Option<Receiver<FileJob>>,
}

/// The game a window starts with, if a file or the autosave gave one.
#[derive(Default)]
pub struct Resumed {
    pub session: Option<Session>,
    /// The file it came from (not the autosave).
    pub file: Option<PathBuf>,
    /// Why the file or the autosave could not be resumed.
    pub message: Option<String>,
}

/// A loaded game as a session, its story told again from the record.
fn resumed(loaded: save::Loaded, launch: &Launch) -> Session {
    let replay = &loaded.replay;
    Session::from_record(
        replay.rules().clone(),
        replay.tally_before(),
        replay.record(),
        loaded.table.clone(),
        launch.dice(),
    )
    .unwrap_or_else(|_| Session::resume(loaded.game, loaded.table, launch.dice()))
}

/// The game to start with: the file the launch names, else the autosave (unless the launch is
/// ephemeral), else none.
#[must_use]
pub fn resume(launch: &Launch) -> Resumed {
    let mut out = Resumed::default();
    if let Some(path) = &launch.open {
        match save::load(path) {
            Ok(loaded) => {
                out.session = Some(resumed(loaded, launch));
                out.file = Some(path.clone());
            }
            Err(e) => out.message = Some(format!("Could not open {}: {e}", path.display())),
        }
    } else if !launch.ephemeral
        && let Some(path) = save::autosave_path()
        && path.exists()
    {
        match save::load(&path) {
            Ok(loaded) => out.session = Some(resumed(loaded, launch)),
            Err(e) => {
                out.message = Some(format!("The game in progress could not be resumed: {e}"));
            }
        }
    }
    out
}

/// Writes the game in play to the autosave, beside the window's work, so a slow disk never
/// stalls a frame. Nothing is written for an ephemeral launch.
pub fn autosave(session: &Session, launch: &Launch) {
    if launch.ephemeral {
        return;
    }
    if let Some(path) = save::autosave_path() {
        let file = save::SaveFile::from_game(session.game(), session.table());
        std::thread::spawn(move || {
            if let Err(e) = save::write_atomic(&path, &file) {
                eprintln!("gamester: autosave failed: {e}");
            }
        });
    }
}

/// Writes the game in play to the autosave now, as the window closes (not for an ephemeral
/// launch or a screenshot).
pub fn autosave_on_exit(session: &Session, launch: &Launch) {
    if !launch.ephemeral
        && launch.screenshot.is_none()
        && let Some(path) = save::autosave_path()
    {
        let file = save::SaveFile::from_game(session.game(), session.table());
        if let Err(e) = save::write_atomic(&path, &file) {
            eprintln!("gamester: autosave failed: {e}");
        }
    }
}

impl Files {
    /// Files for a game that came from `file` (or from none).
    #[must_use]
    pub fn from(file: Option<PathBuf>) -> Files {
        Files { file, dialog: None }
    }

    /// The file the game in play belongs to, if any.
    #[must_use]
    pub fn current(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// A new game belongs to no file.
    pub fn forget(&mut self) {
        self.file = None;
    }

    /// Opens the game in `path` as a session, and remembers the file (also among the recent
    /// ones). On failure, the message to show; the game in play is left as it was.
    pub fn open(
        &mut self,
        path: PathBuf,
        launch: &Launch,
        recent: &mut RecentFiles,
    ) -> Result<Session, String> {
        match save::load(&path) {
            Ok(loaded) => {
                let session = resumed(loaded, launch);
                recent.add(path.clone());
                self.file = Some(path);
                Ok(session)
            }
            Err(e) => Err(format!("Could not open {}: {e}", path.display())),
        }
    }

    /// Saves the game in play to `path` and remembers the file; the message to show.
    pub fn save(&mut self, path: PathBuf, session: &Session, recent: &mut RecentFiles) -> String {
        let file = save::SaveFile::from_game(session.game(), session.table());
        match save::write_atomic(&path, &file) {
            Ok(()) => {
                let message = format!("Saved to {}", path.display());
                recent.add(path.clone());
                self.file = Some(path);
                message
            }
            Err(e) => format!("Could not save: {e}"),
        }
    }

    /// Opens a native file dialog, to open or to save, on its own thread, so the window keeps
    /// drawing; nothing if one is open already.
    pub fn ask(&mut self, ctx: &egui::Context, saving: bool) {
        if self.dialog.is_some() {
            return;
        }
        let (tx, rx) = channel();
        let ctx = ctx.clone();
        let name = self.file.as_ref().and_then(|p| p.file_name()).map_or_else(
            || "game.ron".to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        std::thread::spawn(move || {
            let dialog = rfd::FileDialog::new()
                .add_filter("Gamester game", &["ron"])
                .add_filter("All files", &["*"]);
            let asked = std::time::Instant::now();
            let job = if saving {
                FileJob::SaveAs(dialog.set_file_name(name).save_file())
            } else {
                FileJob::Open(dialog.pick_file())
            };
            let job = match job {
                FileJob::Open(None) | FileJob::SaveAs(None)
                    if asked.elapsed().as_millis() < 250 =>
                {
                    FileJob::NoDialog
                }
                other => other,
            };
            let _ = tx.send(job);
            ctx.request_repaint();
        });
        self.dialog = Some(rx);
    }

    /// What the file dialog gave back, once it has closed with a file (or with none where no
    /// dialog could open).
    pub fn poll(&mut self) -> Option<Chosen> {
        let rx = self.dialog.as_ref()?;
        match rx.try_recv() {
            Ok(job) => {
                self.dialog = None;
                match job {
                    FileJob::Open(Some(path)) => Some(Chosen::Open(path)),
                    FileJob::SaveAs(Some(path)) => {
                        Some(Chosen::Save(if path.extension().is_none() {
                            path.with_extension("ron")
                        } else {
                            path
                        }))
                    }
                    FileJob::Open(None) | FileJob::SaveAs(None) => None,
                    FileJob::NoDialog => Some(Chosen::NoDialog),
                }
            }
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                self.dialog = None;
                None
            }
        }
    }
}

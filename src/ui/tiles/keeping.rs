//! The tiles game in progress kept on the disk after every action, so that closing the window,
//! a crash or a pulled plug never loses it: `tiles-autosave.ron` in Gamester's data folder,
//! written whole (atomically) by a thread of its own so the window never waits on the disk.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};

use crate::save::tiles::{TilesFile, TilesLoaded, load, write_atomic};

/// The autosave's name in the data folder.
pub const TILES_AUTOSAVE: &str = "tiles-autosave.ron";

/// Where the tiles game in progress is kept, in the data folder `dir`.
#[must_use]
pub fn autosave_in(dir: &Path) -> PathBuf {
    dir.join(TILES_AUTOSAVE)
}

/// The tiles game kept in `dir`, if one is; `Err` says why it could not be read.
#[must_use]
pub fn resume(dir: &Path) -> Option<Result<TilesLoaded, String>> {
    let path = autosave_in(dir);
    path.exists()
        .then(|| load(&path).map_err(|e| e.to_string()))
}

/// Keeps the tiles game on the disk: writes it whenever its record has changed.
#[derive(Default)]
pub struct Keeper {
    written: Option<TilesFile>,
    jobs: Option<Sender<(PathBuf, TilesFile)>>,
    failures: Option<Receiver<String>>,
}

impl Keeper {
    /// Sends `file` to be written to `path` if it differs from the one last sent.
    pub fn keep(&mut self, path: PathBuf, file: TilesFile) {
        if self.written.as_ref() == Some(&file) {
            return;
        }
        if self.jobs.is_none() {
            let (jobs, inbox) = channel::<(PathBuf, TilesFile)>();
            let (tell, failures) = channel();
            std::thread::spawn(move || {
                while let Ok(mut job) = inbox.recv() {
                    // Only the newest game matters: older ones waiting are passed over.
                    while let Ok(newer) = inbox.try_recv() {
                        job = newer;
                    }
                    if let Err(e) = write_atomic(&job.0, &job.1) {
                        let _ = tell.send(format!("The tiles game could not be kept: {e}"));
                    }
                }
            });
            self.jobs = Some(jobs);
            self.failures = Some(failures);
        }
        if let Some(jobs) = &self.jobs
            && jobs.send((path, file.clone())).is_ok()
        {
            self.written = Some(file);
        }
    }

    /// A failure to keep the game, once it is known.
    pub fn failure(&self) -> Option<String> {
        self.failures.as_ref()?.try_recv().ok()
    }
}

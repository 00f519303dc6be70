//! The tiles game in progress kept on the disk after every action, so that closing the window,
//! a crash or a pulled plug never loses it: `tiles-autosave.ron` in Gamester's data folder,
//! written whole (atomically) by a thread of its own so the window never waits on the disk.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};

use crate::save::tiles::{TilesFile, TilesLoaded, load, write_atomic};
use crate::tiles::{Action, Game};

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

/// What tells the game last sent from another, cheaply: its record's length, first and last
/// actions, and the tally.
#[derive(PartialEq)]
struct Sent {
    moves: usize,
    first: Option<Action>,
    last: Option<Action>,
    tally: Vec<u32>,
}

/// Keeps the tiles game on the disk: writes it whenever its record has changed.
#[derive(Default)]
pub struct Keeper {
    sent: Option<Sent>,
    jobs: Option<Sender<(PathBuf, TilesFile)>>,
    failures: Option<Receiver<String>>,
}

impl Keeper {
    /// Sends the file `file` makes to be written to `path` if the game has moved since the one
    /// last sent: the file is made only then, not every frame.
    pub fn keep(
        &mut self,
        path: PathBuf,
        game: &Game,
        tally: &[u32],
        file: impl FnOnce() -> TilesFile,
    ) {
        let record = game.record();
        let key = Sent {
            moves: record.len(),
            first: record.first().cloned(),
            last: record.last().cloned(),
            tally: tally.to_vec(),
        };
        if self.sent.as_ref() == Some(&key) {
            return;
        }
        let file = file();
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
            && jobs.send((path, file)).is_ok()
        {
            self.sent = Some(key);
        }
    }

    /// A failure to keep the game, once it is known.
    pub fn failure(&self) -> Option<String> {
        self.failures.as_ref()?.try_recv().ok()
    }
}

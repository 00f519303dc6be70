//! A saved game read off the window's thread: a slow disk, a huge file or anything else a path
//! may name never stops the window drawing or answering its close button. The file is checked
//! to be a regular file first (a pipe would never end), then read and replayed on a thread of
//! its own; the window asks each frame whether the answer has come.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use crate::save::{self, Loaded};

/// A file being read.
pub struct Reading {
    path: PathBuf,
    answer: Receiver<Result<Read, String>>,
}

/// A saved game read: a game at tables, a tiles game, or a pastime.
#[derive(Debug)]
pub enum Read {
    Tables(Box<Loaded>),
    Tiles(Box<save::tiles::TilesLoaded>),
    Pastimes(Box<save::pastimes::PastimesLoaded>),
}

/// Reads and checks the saved game in `path`, of either kind, here and now.
///
/// # Errors
/// Why not, naming the file once.
pub fn read_any(path: &Path) -> Result<Read, String> {
    regular_or_absent(path)?;
    let text = save::read_text(path).map_err(|e| e.in_file(path).to_string())?;
    if save::pastimes::is_pastimes(&text) {
        return save::pastimes::from_str(&text)
            .map(|t| Read::Pastimes(Box::new(t)))
            .map_err(|e| e.in_file(path).to_string());
    }
    if save::tiles::is_tiles(&text) {
        return save::tiles::from_str(&text)
            .map(|t| Read::Tiles(Box::new(t)))
            .map_err(|e| e.in_file(path).to_string());
    }
    save::from_str(&text)
        .map(|l| Read::Tables(Box::new(l)))
        .map_err(|e| e.in_file(path).to_string())
}

/// Refuses what is not a regular file before it is read or replaced: a pipe would block for
/// ever, and a device must never be written over. A file not there yet is no objection.
///
/// # Errors
/// The words to tell the person, naming the file.
pub fn regular_or_absent(path: &Path) -> Result<(), String> {
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => Err(format!(
            "{} is not a regular file",
            crate::ui::shell::file_names::shown(path)
        )),
        _ => Ok(()),
    }
}

/// Reads and checks the saved game in `path`, here and now.
///
/// # Errors
/// Why not, naming the file once.
pub fn read_now(path: &Path) -> Result<Loaded, String> {
    regular_or_absent(path)?;
    save::load(path).map_err(|e| e.to_string())
}

impl Reading {
    /// Starts reading `path` on a thread of its own; `wake` is the window to repaint when the
    /// answer is ready.
    #[must_use]
    pub fn start(path: PathBuf, wake: Option<egui::Context>) -> Reading {
        let (tx, answer) = channel();
        let reading = path.clone();
        std::thread::spawn(move || {
            let _ = tx.send(read_any(&reading));
            if let Some(ctx) = wake {
                ctx.request_repaint();
            }
        });
        Reading { path, answer }
    }

    /// The file being read.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The answer, once it has come.
    #[must_use]
    pub fn answer(&self) -> Option<Result<Read, String>> {
        match self.answer.try_recv() {
            Ok(answer) => Some(answer),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(format!(
                "{}: the reading stopped without an answer",
                crate::ui::shell::file_names::shown(&self.path)
            ))),
        }
    }
}

//! A saved game read off the window's thread: a slow disk, a huge file or anything else a path
//! may name never stops the window drawing or answering its close button. The file is checked
//! to be a regular file first (a pipe would never end), then read and replayed on a thread of
//! its own; the window asks each frame whether the answer has come.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use crate::save;
use crate::ui::shell::launch::Launch;
use crate::ui::shell::leaving::Next;
use crate::ui::shell::plug::FamilyPlug;
use gamester_core::Family;

/// A file being read.
pub struct Reading {
    path: PathBuf,
    answer: Receiver<Result<Read, String>>,
}

/// A saved game read, of the family whose plug recognised it (`FamilyPlug::read`), which
/// alone knows what it holds: it is put in play by the plug's own words (`Read::open`).
pub struct Read {
    family: Family,
    open: Opener,
}

/// How the family that read a game puts it in play: the file it came from, and the launch.
type Opener = Box<dyn FnOnce(PathBuf, &Launch) -> Next + Send>;

impl std::fmt::Debug for Read {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a saved game of the family {:?}", self.family)
    }
}

impl Read {
    /// A game of `family` read from its save, which `open` puts in play.
    #[must_use]
    pub fn new(
        family: Family,
        open: impl FnOnce(PathBuf, &Launch) -> Next + Send + 'static,
    ) -> Read {
        Read {
            family,
            open: Box::new(open),
        }
    }

    /// The family whose save it is.
    #[must_use]
    pub fn family(&self) -> Family {
        self.family
    }

    /// The game read, to be put in play in place of its family's, as from the file `path`.
    #[must_use]
    pub fn open(self, path: PathBuf, launch: &Launch) -> Next {
        (self.open)(path, launch)
    }
}

/// Reads and checks the saved game in `path`, of whichever family's it is (each registered
/// family asked in turn whether it is its own), here and now.
///
/// # Errors
/// Why not, naming the file once.
pub fn read_any(path: &Path) -> Result<Read, String> {
    read_by(path, &crate::ui::families::readers())
}

/// The same, each of `readers` asked in turn (the families the window's thread knows, for a
/// reading on a thread of its own).
fn read_by(path: &Path, readers: &[&'static dyn FamilyPlug]) -> Result<Read, String> {
    regular_or_absent(path)?;
    let text = save::read_text(path).map_err(|e| e.in_file(path).to_string())?;
    readers
        .iter()
        .find_map(|plug| plug.read(&text, path))
        .unwrap_or_else(|| {
            Err(format!(
                "{} is a saved game of no kind this window plays",
                crate::ui::shell::file_names::shown(path)
            ))
        })
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

impl Reading {
    /// Starts reading `path` on a thread of its own; `wake` is the window to repaint when the
    /// answer is ready.
    #[must_use]
    pub fn start(path: PathBuf, wake: Option<egui::Context>) -> Reading {
        let (tx, answer) = channel();
        let reading = path.clone();
        let readers = crate::ui::families::readers();
        std::thread::spawn(move || {
            let _ = tx.send(read_by(&reading, &readers));
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

//! "Show in its folder": the desktop's file manager opened on a game saved or kept, the file
//! chosen in it (or, for Gamester's games folder itself, the folder opened). The file manager
//! is asked off the window's thread, as a file manager may take a moment to start; if it
//! cannot be opened the person is told so, in words, and nothing else changes.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};

use crate::ui::shell::launch::Launch;
use crate::ui::shell::message::Message;

/// The folders asked for, and the desktop's answer while it is awaited.
#[derive(Default)]
pub struct Folders {
    /// Every file or folder asked to be shown, in order (for tests: with
    /// `Launch::no_file_manager`, this is all that is done).
    asked: Vec<PathBuf>,
    /// What went wrong opening the last one, once the desktop has answered.
    answer: Option<Receiver<Option<String>>>,
}

impl Folders {
    /// Shows `path` in its folder, the file chosen; a folder is opened itself. Never waits.
    pub fn show(&mut self, path: &Path, launch: &Launch, ctx: &egui::Context) {
        self.asked.push(path.to_path_buf());
        if launch.no_file_manager {
            return;
        }
        let (tx, rx) = channel();
        let path = path.to_path_buf();
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let _ = tx.send(open(&path).err());
            ctx.request_repaint();
        });
        self.answer = Some(rx);
    }

    /// What to tell the person, once the desktop has answered: only a failure is told.
    pub fn answer(&mut self) -> Option<Message> {
        let failed = self.answer.as_ref()?.try_recv().ok()?;
        self.answer = None;
        failed.map(Message::error)
    }

    /// The files and folders asked to be shown so far (for tests).
    #[must_use]
    pub fn asked(&self) -> &[PathBuf] {
        &self.asked
    }
}

/// Asks the desktop's file manager to show `path`: a folder opened, a file chosen in its
/// folder (or, where the file manager cannot choose a file, its folder opened).
fn open(path: &Path) -> Result<(), String> {
    let shown = crate::ui::shell::file_names::shown(path);
    if path.is_dir() {
        return opener::open(path)
            .map_err(|_| format!("Could not open {shown}: no file manager answered."));
    }
    if !path.exists() {
        return Err(format!("{shown} is no longer there."));
    }
    opener::reveal(path)
        .or_else(|_| match path.parent() {
            Some(folder) => opener::open(folder),
            None => Ok(()),
        })
        .map_err(|_| format!("Could not show {shown} in its folder: no file manager answered."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_gone_is_said_in_words() {
        let dir = tempfile::tempdir().unwrap();
        let gone = dir.path().join("Irish.ron");
        let said = open(&gone).unwrap_err();
        assert_eq!(said, "Irish.ron is no longer there.");
    }

    #[test]
    fn with_no_file_manager_asked_nothing_is_opened_but_the_ask_is_noted() {
        let launch = Launch {
            no_file_manager: true,
            ..Launch::default()
        };
        let mut folders = Folders::default();
        let ctx = egui::Context::default();
        folders.show(Path::new("/nowhere/Irish.ron"), &launch, &ctx);
        assert_eq!(folders.asked(), [PathBuf::from("/nowhere/Irish.ron")]);
        assert!(
            folders.answer().is_none(),
            "nothing was asked of the desktop"
        );
    }
}

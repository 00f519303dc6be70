//! Games on disk: the open and save dialogs (the desktop's own on a thread of their own, so
//! the window keeps drawing, else the in-window chooser), a file read off the window's thread,
//! and an autosave that cannot be resumed set aside.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use crate::ui::shell::file_chooser::{FileChooser, Outcome, Purpose};
use crate::ui::shell::launch::Launch;
use crate::ui::shell::message::Message;
use crate::ui::shell::reading::{Read, Reading};

enum FileJob {
    Open(Option<PathBuf>),
    SaveAs(Option<PathBuf>),
    /// The dialog closed with no file sooner than a person could have cancelled it: most
    /// likely no desktop file dialog is available, and the in-window chooser takes over.
    NoDialog,
}

/// What a file dialog gave back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Chosen {
    Open(PathBuf),
    /// Where to save (with `.ron` added if the person gave no extension).
    Save(PathBuf),
    /// Where to write a diagram (with `.svg` added if the person gave no extension).
    Export(PathBuf, crate::picture::Picture),
    Page(PathBuf, crate::ui::shell::file_chooser::Page),
    ExportGame(PathBuf, crate::exchange::Format),
    ImportGame(PathBuf),
}

/// Where a dialog starts and what it is for, kept to hand to the in-window chooser should the
/// desktop's dialog not open.
#[derive(Clone, Debug)]
struct Asked {
    purpose: Purpose,
    folder: PathBuf,
    name: String,
}

/// The file dialog while one is open, and the file being read.
#[derive(Default)]
pub struct Files {
    dialog: Option<(Receiver<FileJob>, Asked)>,
    chooser: Option<FileChooser>,
    /// A file being read off the window's thread.
    reading: Option<Reading>,
    /// The window, to wake when a file has been read.
    wake: Option<egui::Context>,
    /// "Show in its folder", asked of the desktop's file manager.
    pub folders: crate::ui::shell::folder::Folders,
}

/// Sets aside an autosave that could not be resumed, so that the new game's autosave never
/// replaces it (a newer Gamester may read it, or a person mend it); what to tell the person.
/// `aside` is where it went.
pub fn set_aside(path: &Path, aside: &mut Option<PathBuf>) -> String {
    match crate::ui::shell::file_names::set_aside(path) {
        Ok(kept) => {
            let said = format!(
                "It is kept as {}, in Open recent.",
                crate::ui::shell::file_names::shown(&kept)
            );
            *aside = Some(kept);
            said
        }
        Err(e) => format!(
            "It could not be set aside ({e}), and the new game's autosave will replace it: \
             copy {} elsewhere to keep it.",
            crate::ui::shell::file_names::shown(path)
        ),
    }
}

impl Files {
    /// Whether the in-window chooser is open (the board then has no keys).
    #[must_use]
    pub fn choosing(&self) -> bool {
        self.chooser.is_some()
    }

    /// Starts reading the game in `path` off the window's thread, in place of any file being
    /// read; [`Files::read_answer`] gives the answer once it has come.
    pub fn start_reading(&mut self, path: PathBuf) {
        self.reading = Some(Reading::start(path, self.wake.clone()));
    }

    /// The file being read, if any.
    #[must_use]
    pub fn reading(&self) -> Option<&Path> {
        self.reading.as_ref().map(Reading::path)
    }

    /// The file read and what it gave, once the reading has finished. On failure, the message
    /// to show; nothing is remembered either way, for the person may yet decline to leave the
    /// game in play.
    pub fn read_answer(&mut self) -> Option<(PathBuf, Result<Read, Message>)> {
        let answer = self.reading.as_ref()?.answer()?;
        let reading = self.reading.take()?;
        Some((
            reading.path().to_path_buf(),
            answer.map_err(|e| Message::error(format!("Could not open {e}"))),
        ))
    }

    /// Where a dialog starts: the folder of the game's file, else the documents folder; and
    /// the name it offers: the file's, else the game's name and the date and time.
    fn asked(
        purpose: Purpose,
        launch: &Launch,
        current: Option<&Path>,
        name: &dyn Fn() -> String,
    ) -> Asked {
        let folder = current
            .and_then(Path::parent)
            .filter(|d| d.is_dir())
            .map(Path::to_path_buf)
            .or_else(|| launch.documents_dir().filter(|d| d.is_dir()))
            .unwrap_or_else(|| PathBuf::from("."));
        let name = match purpose {
            Purpose::Open => String::new(),
            Purpose::Save => current
                .and_then(Path::file_name)
                .map_or_else(name, |n| n.to_string_lossy().into()),
            Purpose::Export(_) | Purpose::Page(_) | Purpose::ExportGame(_) => name(),
            Purpose::ImportGame => String::new(),
        };
        Asked {
            purpose,
            folder,
            name,
        }
    }

    /// Opens a file dialog, to open or to save: the desktop's own on its own thread, so the
    /// window keeps drawing, or the in-window chooser if the launch asks for it. Nothing if
    /// one is open already. The dialog starts beside `current`, the file of the game in play
    /// (if any), and offers a new file the name `name` gives.
    pub fn ask(
        &mut self,
        ctx: &egui::Context,
        purpose: Purpose,
        launch: &Launch,
        current: Option<&Path>,
        name: &dyn Fn() -> String,
    ) {
        if self.dialog.is_some() || self.chooser.is_some() {
            return;
        }
        let asked = Files::asked(purpose, launch, current, name);
        if launch.in_window_chooser {
            self.chooser = Some(FileChooser::new(purpose, asked.folder, asked.name));
            return;
        }
        let (tx, rx) = channel();
        let ctx = ctx.clone();
        let (folder, name) = (asked.folder.clone(), asked.name.clone());
        std::thread::spawn(move || {
            let kind = match purpose {
                Purpose::Export(crate::picture::Picture::Svg) => "Diagram (SVG)",
                Purpose::Export(crate::picture::Picture::Png(_)) => "Diagram (PNG)",
                Purpose::Page(_) => "Page to print (HTML)",
                Purpose::ExportGame(crate::exchange::Format::Mat) => "Match file (.mat)",
                Purpose::ExportGame(crate::exchange::Format::Sgf) => "GNU Backgammon file (.sgf)",
                Purpose::ImportGame => "Match file (.mat, .sgf)",
                Purpose::Open | Purpose::Save => "Gamester game",
            };
            let dialog = rfd::FileDialog::new()
                .add_filter(kind, &purpose.extensions())
                .add_filter("All files", &["*"])
                .set_directory(folder);
            let started = std::time::Instant::now();
            let job = if purpose.writes() {
                FileJob::SaveAs(dialog.set_file_name(name).save_file())
            } else {
                FileJob::Open(dialog.pick_file())
            };
            let job = match job {
                FileJob::Open(None) | FileJob::SaveAs(None)
                    if started.elapsed().as_millis() < 250 =>
                {
                    FileJob::NoDialog
                }
                other => other,
            };
            let _ = tx.send(job);
            ctx.request_repaint();
        });
        self.dialog = Some((rx, asked));
    }

    /// Draws the in-window chooser if it is open, and gives what a dialog gave back once it
    /// has closed with a file. Where the desktop's dialog could not open, the in-window
    /// chooser opens in its place.
    pub fn poll(&mut self, ctx: &egui::Context) -> Option<Chosen> {
        if self.wake.is_none() {
            self.wake = Some(ctx.clone());
        }
        if let Some((rx, asked)) = &self.dialog {
            let job = match rx.try_recv() {
                Ok(job) => Some(job),
                Err(TryRecvError::Empty) => None,
                Err(TryRecvError::Disconnected) => Some(FileJob::Open(None)),
            };
            let asked = asked.clone();
            match job {
                None => {}
                Some(FileJob::Open(path)) => {
                    self.dialog = None;
                    return path.map(|p| chosen(asked.purpose, p));
                }
                Some(FileJob::SaveAs(path)) => {
                    self.dialog = None;
                    return path.map(|p| {
                        let p = if p.extension().is_none() {
                            p.with_extension(asked.purpose.extension())
                        } else {
                            p
                        };
                        chosen(asked.purpose, p)
                    });
                }
                Some(FileJob::NoDialog) => {
                    self.dialog = None;
                    self.chooser = Some(FileChooser::new(asked.purpose, asked.folder, asked.name));
                }
            }
        }
        let chooser = self.chooser.as_mut()?;
        let purpose = chooser.purpose();
        match chooser.show(ctx) {
            Outcome::Choosing => None,
            Outcome::Cancelled => {
                self.chooser = None;
                None
            }
            Outcome::Chosen(path) => {
                self.chooser = None;
                Some(chosen(purpose, path))
            }
        }
    }
}

/// What a file chosen for `purpose` is for.
fn chosen(purpose: Purpose, path: PathBuf) -> Chosen {
    match purpose {
        Purpose::Open => Chosen::Open(path),
        Purpose::Save => Chosen::Save(path),
        Purpose::Export(picture) => Chosen::Export(path, picture),
        Purpose::Page(page) => Chosen::Page(path, page),
        Purpose::ExportGame(format) => Chosen::ExportGame(path, format),
        Purpose::ImportGame => Chosen::ImportGame(path),
    }
}

//! The shell's dealings with the disk and with games replaced, for both screens alike: opening
//! and saving through the dialogs, the pages and files a screen writes, and leaving an
//! unfinished game for another (asked first, the game kept).

use std::path::{Path, PathBuf};

use super::GamesterApp;
use crate::ui::families;
use crate::ui::shell::files::Chosen;
use crate::ui::shell::leaving::{self, Answer, Next};
use crate::ui::shell::message::Message;
use crate::ui::shell::reading::regular_or_absent;
use crate::ui::shell::screen::Writing;

impl GamesterApp {
    /// The message under the status line, if any.
    #[must_use]
    pub fn message(&self) -> Option<&Message> {
        self.shell.message.as_ref()
    }

    /// The file the game shown belongs to, if any.
    #[must_use]
    pub fn current_file(&self) -> Option<&Path> {
        self.screen_ref().file()
    }

    /// Opens the saved game in `path`, as Open recent does (also for tests). The file is read
    /// off the window's thread; a file that cannot be read leaves the game in play exactly as
    /// it was, and an unfinished game is left only once the person says so.
    pub fn open_file(&mut self, path: PathBuf) {
        self.shell.message = Some(Message::info(format!(
            "Opening {}…",
            crate::ui::shell::file_names::shown(&path)
        )));
        self.modal.files.start_reading(path);
    }

    /// The files and folders "Show in its folder" has asked the desktop to show, in order.
    #[must_use]
    pub fn folders_asked(&self) -> &[PathBuf] {
        self.modal.files.folders.asked()
    }

    /// The file being opened, while it is read.
    #[must_use]
    pub fn opening(&self) -> Option<&Path> {
        self.modal.files.reading()
    }

    /// Saves the game shown to `path`, and remembers the file.
    pub(super) fn save_to(&mut self, path: PathBuf) {
        if let Err(e) = regular_or_absent(&path) {
            self.shell.message = Some(Message::error(format!("Could not save: {e}")));
            return;
        }
        let (screen, shell) = self.parts();
        let said = screen.save_to(path.clone(), shell);
        self.shell.message = Some(said.with_file(&path));
    }

    /// Once a frame: the file dialog's answer (and the in-window chooser, drawn here), and a
    /// file read.
    pub(super) fn files_frame(&mut self, ctx: &egui::Context) {
        let writing = match self.modal.files.poll(ctx) {
            Some(Chosen::Open(path)) => {
                self.open_file(path);
                None
            }
            Some(Chosen::Save(path)) => {
                self.save_to(path);
                None
            }
            Some(Chosen::ImportGame(path)) => {
                self.import_game(&path);
                None
            }
            Some(Chosen::ExportGame(path, format)) => Some((path, Writing::Game(format))),
            Some(Chosen::Page(path, page)) => Some((path, Writing::Page(page))),
            Some(Chosen::Export(path, picture)) => Some((path, Writing::Diagram(picture))),
            None => None,
        };
        // Written by the screen that asked for it; the rules page, of whichever family's game
        // it is, by the families' registration.
        if let Some((path, what)) = writing
            && let Some(screen) = self.screens.of_mut(self.writer)
        {
            let said = match what {
                Writing::Page(crate::ui::shell::file_chooser::Page::Rules) => {
                    families::write_rules_page(&*screen, &path)
                }
                what => screen.write(&path, what, &self.shell),
            };
            self.shell.message = Some(said.with_file(&path));
        }
        if let Some(failed) = self.modal.files.folders.answer() {
            self.shell.message = Some(failed);
        }
        if let Some((path, answer)) = self.modal.files.read_answer() {
            match answer {
                Ok(read) => {
                    let next = families::opened(read, path, &self.shell.launch);
                    self.shell.message = None;
                    self.leave_for(next);
                }
                // The game already open stays exactly as it was; a file refused is no longer
                // offered in Open recent.
                Err(message) => {
                    let recent = &mut self.shell.settings.recent;
                    let listed = recent.paths().contains(&path);
                    recent.remove(&path);
                    self.shell.message = Some(if listed {
                        message.and(&Message::error("It is taken off Open recent."))
                    } else {
                        message
                    });
                }
            }
        }
    }

    /// Puts the first game of a `.mat` or `.sgf` file in play, replayed through the rules, in
    /// place of the game of its family (asking first if that leaves an unfinished game); a
    /// file refused is said, and the game in play stays.
    fn import_game(&mut self, path: &std::path::Path) {
        match families::imported(path, &self.shell.launch) {
            Ok(next) => {
                self.show(next.family());
                self.leave_for(next);
            }
            Err(said) => self.shell.message = Some(Message::error(said)),
        }
    }

    /// Puts `next` in play in place of the game of its family, asking first if that leaves an
    /// unfinished game.
    pub(super) fn leave_for(&mut self, next: Next) {
        let family = next.family();
        // A game at a distance taken up again after its line dropped goes on from the game in
        // play: nothing is left.
        let goes_on = match &next {
            Next::Network(party) => party.table().is_some_and(|t| {
                self.screens
                    .of(family)
                    .is_some_and(|s| s.goes_on_to(&t.board().record()))
            }),
            _ => false,
        };
        if self.screens.unfinished(family) && !goes_on {
            self.modal.leaving = Some(next);
        } else if self.screens.finished_unkept(family) {
            // A finished game is kept without asking, to be analysed or printed afterwards.
            let kept = self.screens.keep_left(family, &mut self.shell);
            self.go_to(next);
            self.say_kept("The finished game", kept);
        } else {
            self.go_to(next);
        }
    }

    /// Says, after what the next game said, where the game left (`what`) was kept, or why it
    /// could not be.
    fn say_kept(&mut self, what: &str, kept: Result<Option<PathBuf>, String>) {
        let kept = match kept {
            Ok(None) => return,
            Ok(Some(path)) => Ok(path),
            Err(e) => Err(e),
        };
        let said = self.shell.message.take().map(|m| format!("{}. ", m.text));
        let said = said.unwrap_or_default();
        self.shell.message = Some(match kept {
            Ok(path) => Message::info(format!(
                "{said}{what} is kept in Open recent, as {}",
                crate::ui::shell::file_names::shown(&path)
            )),
            Err(e) => Message::error(format!(
                "{said}{what} could not be kept in Open recent: {e}"
            )),
        });
    }

    /// Puts `next` in play, and shows it.
    fn go_to(&mut self, next: Next) {
        if let Next::NewGame(settings) = &next {
            // The recent files are the window's, not the draft's: a game kept or opened since
            // the New game window opened stays listed.
            let recent = std::mem::take(&mut self.shell.settings.recent);
            self.shell.settings = (**settings).clone();
            self.shell.settings.recent = recent;
        }
        self.screens.go_to(next, &mut self.shell);
        let shown = self.screens.showing();
        families::remember_shown(&mut self.shell.settings, shown);
    }

    /// The question "Leave this game?" while it is asked; on leaving, the game is kept first,
    /// and a game that could not be kept is not left.
    pub(super) fn ask_to_leave(&mut self, ctx: &egui::Context) {
        let Some(next) = &self.modal.leaving else {
            return;
        };
        match leaving::ask(ctx, self.shell.launch.data_dir().is_some(), next) {
            Answer::Asking => {}
            Answer::Stay => self.modal.leaving = None,
            Answer::Leave => {
                let Some(next) = self.modal.leaving.take() else {
                    return;
                };
                match self.screens.keep_left(next.family(), &mut self.shell) {
                    Ok(kept) => {
                        self.go_to(next);
                        if kept.is_some() {
                            self.say_kept("The game left", Ok(kept));
                        }
                    }
                    Err(e) => {
                        self.shell.message = Some(Message::error(format!(
                            "The game in play could not be kept, so it is not left: {e}"
                        )));
                    }
                }
            }
        }
    }
}

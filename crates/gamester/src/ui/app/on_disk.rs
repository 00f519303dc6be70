//! The window's dealings with the disk and with sessions replaced: opening and saving through
//! the dialogs, the autosave's news, and leaving an unfinished game for a new one (asked
//! first, the game kept). Kept apart from `app.rs` so that the frame stays readable there.

use std::path::{Path, PathBuf};

use super::super::analysis_view;
use super::super::files::{self, Chosen};
use super::super::leaving::{self, Answer, Next};
use super::super::message::Message;
use super::super::position_setup;
use super::super::reading::Read;
use super::super::settings::Settings;
use super::{GamesterApp, new_game};
use crate::session::Session;

impl GamesterApp {
    /// The message under the status line, if any.
    #[must_use]
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// The file the game in play belongs to, if any.
    #[must_use]
    pub fn current_file(&self) -> Option<&Path> {
        self.files.current()
    }

    /// Opens the saved game in `path`, as Open recent does (also for tests). The file is read
    /// off the window's thread; a file that cannot be read leaves the game in play exactly as
    /// it was, and an unfinished game is left only once the person says so.
    pub fn open_file(&mut self, path: PathBuf) {
        self.message = Some(Message::info(format!("Opening {}…", path.display())));
        self.files.start_reading(path);
    }

    /// The file being opened, while it is read.
    #[must_use]
    pub fn opening(&self) -> Option<&Path> {
        self.files.reading()
    }

    pub(super) fn save_to(&mut self, path: PathBuf) {
        if self.tiles.is_some() {
            return self.save_tiles_to(path);
        }
        let analysis = self.analysis.to_keep(self.session.game());
        let message = self
            .files
            .save(path, &self.session, analysis, &mut self.settings.recent);
        self.message = Some(message);
    }

    /// Puts `session` in play in place of the one there: nothing the window or the computer
    /// held about the old game (a man picked up, the dice of its throw-off, a decision being
    /// worked out, a replay of it) may touch the new one.
    pub(super) fn replace_session(&mut self, session: Session) {
        self.session = session;
        self.computer.new_session();
        self.tutor.forget();
        self.clear_table();
        self.picked.clear();
        self.animation = None;
        self.replaying = None;
        self.analysis.forget();
    }

    /// Once a frame: the file dialog's answer (and the in-window chooser, drawn here), and what
    /// the autosave has to say.
    pub(super) fn files_frame(&mut self, ctx: &egui::Context) {
        match self.files.poll(ctx) {
            Some(Chosen::Open(path)) => self.open_file(path),
            Some(Chosen::Save(path)) => self.save_to(path),
            None => {}
        }
        if let Some((path, answer)) = self.files.read_answer() {
            match answer {
                Ok(Read::Tiles(loaded)) => self.open_tiles(path, *loaded),
                Ok(Read::Tables(loaded)) => {
                    let loaded = *loaded;
                    let analysis = analysis_view::given_back(&loaded);
                    let session = files::resumed(loaded, &self.launch);
                    self.message = None;
                    self.leave_for(Next::Opened {
                        session: Box::new(session),
                        path,
                        analysis,
                    });
                }
                // The game already open stays exactly as it was.
                Err(message) => self.message = Some(message),
            }
        }
        if let Some(told) = self.autosaver.poll() {
            self.message = Some(told);
        }
    }

    /// Starts a new game under `settings`, asking first if that leaves an unfinished game.
    pub(super) fn start_new_game(&mut self, settings: Settings) {
        self.draft = None;
        if settings.tiles.chosen {
            // The game at tables is not left: it waits while the tiles are played.
            return self.begin_tiles(settings);
        }
        self.leave_for(Next::NewGame(settings));
    }

    /// Puts `next` in play, asking first if that leaves an unfinished game.
    pub(super) fn leave_for(&mut self, next: Next) {
        if leaving::unfinished(self.session.game()) {
            self.leaving = Some(next);
        } else {
            self.go_to(next);
        }
    }

    fn go_to(&mut self, next: Next) {
        match next {
            Next::NewGame(settings) => self.begin(settings),
            Next::SetUp(session) => {
                self.replace_session(*session);
                self.files.forget();
                self.message = Some(Message::info(format!(
                    "A new game set up from position {}: throw off to begin",
                    position_setup::id_of(self.session.game())
                )));
            }
            Next::Opened {
                session,
                path,
                analysis,
            } => {
                self.replace_session(*session);
                self.files.opened(path, &mut self.settings.recent);
                self.take_kept_analysis(analysis, "Game opened");
            }
        }
    }

    fn begin(&mut self, settings: Settings) {
        // The recent files are the window's, not the draft's: a game kept or opened since the
        // New game window opened stays listed.
        let recent = std::mem::take(&mut self.settings.recent);
        self.settings = settings;
        self.settings.recent = recent;
        match new_game(&self.settings.rules, &self.settings.table, &self.launch) {
            Ok(session) => {
                self.replace_session(session);
                self.files.forget();
                self.message = None;
            }
            Err(e) => self.message = Some(Message::error(e.to_string())),
        }
    }

    /// The question "Leave this game?" while it is asked; on leaving, the game is kept first,
    /// and a game that could not be kept is not left.
    pub(super) fn ask_to_leave(&mut self, ctx: &egui::Context) {
        let Some(next) = &self.leaving else {
            return;
        };
        match leaving::ask(ctx, self.launch.data_dir().is_some(), next) {
            Answer::Asking => {}
            Answer::Stay => self.leaving = None,
            Answer::Leave => {
                let Some(next) = self.leaving.take() else {
                    return;
                };
                match leaving::keep(&self.session, &self.launch, &mut self.settings.recent) {
                    Ok(kept) => {
                        self.go_to(next);
                        if let Some(path) = kept {
                            let said = self.message.take().map(|m| format!("{}. ", m.text));
                            self.message = Some(Message::info(format!(
                                "{}The game left is kept in Open recent, as {}",
                                said.unwrap_or_default(),
                                path.display()
                            )));
                        }
                    }
                    Err(e) => {
                        self.message = Some(Message::error(format!(
                            "The game in play could not be kept, so it is not left: {e}"
                        )));
                    }
                }
            }
        }
    }
}

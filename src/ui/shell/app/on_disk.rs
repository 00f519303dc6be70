//! The shell's dealings with the disk and with games replaced, for both screens alike: opening
//! and saving through the dialogs, the tiles game resumed at start, and leaving an unfinished
//! game for another (asked first, the game kept).

use std::path::{Path, PathBuf};

use super::GamesterApp;
use crate::ui::shell::files::{self, Chosen};
use crate::ui::shell::leaving::{self, Answer, Next};
use crate::ui::shell::message::Message;
use crate::ui::shell::reading::{Read, regular_or_absent};
use crate::ui::shell::screen::{Family, Screen};
use crate::ui::tables::analysis_view;
use crate::ui::tiles::screen::TilesScreen;

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
        self.shell.message = Some(Message::info(format!("Opening {}…", path.display())));
        self.files.start_reading(path);
    }

    /// The file being opened, while it is read.
    #[must_use]
    pub fn opening(&self) -> Option<&Path> {
        self.files.reading()
    }

    /// Saves the game shown to `path`, and remembers the file.
    pub(super) fn save_to(&mut self, path: PathBuf) {
        if let Err(e) = regular_or_absent(&path) {
            self.shell.message = Some(Message::error(format!("Could not save: {e}")));
            return;
        }
        let GamesterApp {
            shell,
            tables,
            tiles,
            showing,
            ..
        } = self;
        let said = match (tiles, *showing) {
            (Some(tiles), Family::Tiles) => tiles.save_to(path, shell),
            _ => tables.save_to(path, shell),
        };
        self.shell.message = Some(said);
    }

    /// At the start: the tiles game named on the command line, else the one kept when the
    /// window last closed (shown if it was shown then).
    pub(super) fn resume_tiles(&mut self) {
        let launch = &self.shell.launch;
        if let Some(path) = launch.open.clone()
            && files::tiles_named_at_start(&path)
        {
            match crate::ui::shell::reading::read_any(&path) {
                Ok(Read::Tiles(loaded)) => {
                    let session = TilesScreen::session_of(*loaded, Some(path.clone()), launch);
                    // The tiles game it replaces is kept, as any game left for another.
                    if let Some(Ok(left)) = TilesScreen::resume(&self.shell.settings, launch)
                        && left.unfinished()
                    {
                        self.tiles = Some(left);
                        match self.keep_left(Family::Tiles) {
                            Ok(_) => {}
                            Err(e) => {
                                // Not kept, so not left: it stays at the table, and says why.
                                self.show(Family::Tiles);
                                self.shell.message = Some(Message::error(format!(
                                    "The tiles game in progress could not be kept, so {} is \
                                     not opened in its place: {e}",
                                    path.display()
                                )));
                                return;
                            }
                        }
                    }
                    self.go_to(Next::OpenedTiles {
                        session: Box::new(session),
                        path,
                    });
                }
                Ok(Read::Tables(_)) => {}
                Err(e) => self.shell.message = Some(Message::error(format!("Could not open {e}"))),
            }
            return;
        }
        match TilesScreen::resume(&self.shell.settings, &self.shell.launch) {
            Some(Ok(screen)) => {
                self.tiles = Some(screen);
                let shown = self.shell.settings.tiles.at_table;
                self.show(if shown { Family::Tiles } else { Family::Tables });
            }
            Some(Err(e)) => {
                self.shell.settings.tiles.at_table = false;
                let mut aside = None;
                let said = match self.shell.launch.tiles_autosave_path() {
                    Some(path) => files::set_aside(&path, &mut aside),
                    None => String::new(),
                };
                if let Some(aside) = aside {
                    self.shell.settings.recent.add(aside);
                }
                let told = Message::error(format!(
                    "The tiles game in progress could not be read back: {e}. {said}"
                ));
                self.shell.message = Some(match self.shell.message.take() {
                    Some(first) => first.and(&told),
                    None => told,
                });
            }
            None => self.shell.settings.tiles.at_table = false,
        }
    }

    /// Once a frame: the file dialog's answer (and the in-window chooser, drawn here), and a
    /// file read.
    pub(super) fn files_frame(&mut self, ctx: &egui::Context) {
        match self.files.poll(ctx) {
            Some(Chosen::Open(path)) => self.open_file(path),
            Some(Chosen::Save(path)) => self.save_to(path),
            Some(Chosen::ExportGame(path, format)) => {
                self.shell.message = Some(self.tables.export_game(&path, format));
            }
            Some(Chosen::ImportGame(path)) => self.import_game(&path),
            Some(Chosen::Page(path, page)) => {
                self.shell.message = Some(self.tables.write_page(&path, page));
            }
            Some(Chosen::Export(path, picture)) => {
                self.shell.message = Some(self.tables.export_diagram(
                    &path,
                    picture,
                    &self.shell.settings,
                ));
            }
            None => {}
        }
        if let Some((path, answer)) = self.files.read_answer() {
            match answer {
                Ok(Read::Tiles(loaded)) => {
                    let session =
                        TilesScreen::session_of(*loaded, Some(path.clone()), &self.shell.launch);
                    self.shell.message = None;
                    self.leave_for(Next::OpenedTiles {
                        session: Box::new(session),
                        path,
                    });
                }
                Ok(Read::Tables(loaded)) => {
                    let loaded = *loaded;
                    let analysis = analysis_view::given_back(&loaded);
                    let note = files::earlier_note(&loaded);
                    let session = files::resumed(loaded, &self.shell.launch);
                    self.shell.message = None;
                    self.leave_for(Next::Opened {
                        session: Box::new(session),
                        path,
                        analysis,
                        note,
                    });
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
    /// place of the game at tables (asking first if that leaves an unfinished game); a file
    /// refused is said, and the game in play stays.
    fn import_game(&mut self, path: &std::path::Path) {
        match crate::ui::tables::screen::imported_game(path, &self.shell.launch) {
            Ok((session, said)) => {
                self.show(Family::Tables);
                self.leave_for(Next::Imported(Box::new(session), said));
            }
            Err(said) => self.shell.message = Some(Message::error(said)),
        }
    }

    /// Whether the game of `family` would lose something if left.
    fn unfinished(&self, family: Family) -> bool {
        match family {
            Family::Tables => self.tables.unfinished(),
            Family::Tiles => self.tiles.as_ref().is_some_and(Screen::unfinished),
        }
    }

    /// Puts `next` in play in place of the game of its family, asking first if that leaves an
    /// unfinished game.
    pub(super) fn leave_for(&mut self, next: Next) {
        // A game at a distance taken up again after its line dropped goes on from the game in
        // play: nothing is left.
        let goes_on = match &next {
            Next::Network(party) => party.table().is_some_and(|t| {
                let ours = match t.board() {
                    gamester_net::Board::Tables(_) => self.tables.net_record(),
                    gamester_net::Board::Tiles(_) => self
                        .tiles
                        .as_ref()
                        .map_or_else(Vec::new, |s| s.net_record()),
                };
                !ours.is_empty() && t.board().record().starts_with(&ours)
            }),
            _ => false,
        };
        let family = next.family();
        if self.unfinished(family) && !goes_on {
            self.leaving = Some(next);
        } else if self.finished_unkept(family) {
            // A finished game is kept without asking, to be analysed or printed afterwards.
            let kept = self.keep_left(family);
            self.go_to(next);
            self.say_kept("The finished game", kept);
        } else {
            self.go_to(next);
        }
    }

    /// Whether the game of `family` is over and in no file as it ended.
    fn finished_unkept(&self, family: Family) -> bool {
        match family {
            Family::Tables => self.tables.finished_unkept(),
            Family::Tiles => self.tiles.as_ref().is_some_and(Screen::finished_unkept),
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
                path.display()
            )),
            Err(e) => Message::error(format!(
                "{said}{what} could not be kept in Open recent: {e}"
            )),
        });
    }

    /// Puts `next` in play, and shows it.
    fn go_to(&mut self, next: Next) {
        let family = next.family();
        if let Next::NewGame(settings) = &next {
            // The recent files are the window's, not the draft's: a game kept or opened since
            // the New game window opened stays listed.
            let recent = std::mem::take(&mut self.shell.settings.recent);
            self.shell.settings = settings.clone();
            self.shell.settings.recent = recent;
        }
        match family {
            Family::Tables => self.tables.go_to(next, &mut self.shell),
            Family::Tiles => {
                if let Some(screen) = TilesScreen::go_to(next, &mut self.shell) {
                    self.tiles = Some(screen);
                }
            }
        }
        self.show(family);
    }

    /// Writes the game of `family`, about to be left, into the data folder; `Ok` with where,
    /// if anywhere.
    fn keep_left(&mut self, family: Family) -> Result<Option<PathBuf>, String> {
        match family {
            Family::Tables => self.tables.keep_left(&mut self.shell),
            Family::Tiles => match &self.tiles {
                Some(tiles) => tiles.keep_left(&mut self.shell),
                None => Ok(None),
            },
        }
    }

    /// The question "Leave this game?" while it is asked; on leaving, the game is kept first,
    /// and a game that could not be kept is not left.
    pub(super) fn ask_to_leave(&mut self, ctx: &egui::Context) {
        let Some(next) = &self.leaving else {
            return;
        };
        match leaving::ask(ctx, self.shell.launch.data_dir().is_some(), next) {
            Answer::Asking => {}
            Answer::Stay => self.leaving = None,
            Answer::Leave => {
                let Some(next) = self.leaving.take() else {
                    return;
                };
                match self.keep_left(next.family()) {
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

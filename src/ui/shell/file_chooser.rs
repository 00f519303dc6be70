//! A file chooser drawn inside the window, for when the desktop's own dialog cannot open (no
//! xdg-desktop-portal, no zenity): a game can then still be saved and opened. It lists a
//! folder (its folders first, then its saved games), goes up and into folders, takes a name or
//! a whole path, refuses what is not a regular file, and asks before it replaces a file.

use std::path::{Path, PathBuf};

use egui::{Id, RichText};

/// What the chooser is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Open,
    Save,
    /// A diagram of the position written as SVG or PNG (Game → Export a diagram).
    Export(crate::picture::Picture),
    /// A page to print, written as HTML.
    Page(Page),
    /// The game at tables written as a `.mat` or `.sgf` file (Game → Export the game as…).
    ExportGame(crate::exchange::Format),
    /// A `.mat` or `.sgf` file's first game read into play (Game → Import a game…).
    ImportGame,
}

/// A page to print (as HTML, which any browser prints on A4 or Letter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// The rules of the game in play (Help → The rules as a page to print).
    Rules,
    /// The game in play, play by play (Game → Write a score sheet).
    ScoreSheet,
}

impl Page {
    /// The chooser's title.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Page::Rules => "Write the rules as a page to print (HTML)",
            Page::ScoreSheet => "Write a score sheet of this game (HTML)",
        }
    }
}

impl Purpose {
    /// The extension of the files it lists and writes.
    #[must_use]
    pub fn extension(self) -> &'static str {
        match self {
            Purpose::Open | Purpose::Save => "ron",
            Purpose::Export(picture) => picture.extension(),
            Purpose::Page(_) => "html",
            Purpose::ExportGame(format) => format.extension(),
            Purpose::ImportGame => "mat",
        }
    }

    /// The extensions of the files it lists: its own, or both formats of the backgammon world.
    #[must_use]
    pub fn extensions(self) -> Vec<&'static str> {
        match self {
            Purpose::ImportGame => vec!["mat", "sgf"],
            other => vec![other.extension()],
        }
    }

    /// Whether it writes a file (and so offers a name, and asks before replacing one).
    #[must_use]
    pub fn writes(self) -> bool {
        !matches!(self, Purpose::Open | Purpose::ImportGame)
    }
}

/// One line of the listing.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    name: String,
    folder: bool,
}

/// Where the chooser stands after a frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Choosing,
    /// The file to open, or to save to (with `.ron` added if no extension was given).
    Chosen(PathBuf),
    Cancelled,
}

/// The chooser's state between frames.
#[derive(Clone, Debug)]
pub struct FileChooser {
    purpose: Purpose,
    folder: PathBuf,
    /// What the name field holds: a name in the folder, or a path.
    name: String,
    /// The name offered when saving, offered again after going into another folder.
    offered: String,
    entries: Vec<Entry>,
    /// Why the last Open or Save was refused, or the folder could not be read.
    problem: Option<String>,
    /// The file that would be replaced, while the person is asked whether to replace it.
    replacing: Option<PathBuf>,
}

/// Whether `name` is listed: a file of the purpose's kind (a saved game, `.ron`; a diagram,
/// `.svg`), not a hidden file.
fn is_listed(name: &str, extensions: &[&str]) -> bool {
    !name.starts_with('.')
        && Path::new(name)
            .extension()
            .is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
}

/// The folders and the files of `extension` in `folder`, folders first, each group by name.
fn listing(folder: &Path, extensions: &[&str]) -> std::io::Result<Vec<Entry>> {
    let mut entries: Vec<Entry> = std::fs::read_dir(folder)?
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            // Follows links, so a link to a folder is a folder.
            let folder = std::fs::metadata(e.path()).is_ok_and(|m| m.is_dir());
            let shown = !name.starts_with('.') && (folder || is_listed(&name, extensions));
            shown.then_some(Entry { name, folder })
        })
        .collect();
    entries.sort_by_key(|e| (!e.folder, e.name.to_lowercase()));
    Ok(entries)
}

impl FileChooser {
    /// A chooser for `purpose` showing `folder`, its name field holding `name`.
    #[must_use]
    pub fn new(purpose: Purpose, folder: PathBuf, name: String) -> FileChooser {
        let mut chooser = FileChooser {
            purpose,
            folder: PathBuf::new(),
            offered: name.clone(),
            name,
            entries: Vec::new(),
            problem: None,
            replacing: None,
        };
        chooser.enter(folder);
        chooser
    }

    /// What the chooser is for.
    #[must_use]
    pub fn purpose(&self) -> Purpose {
        self.purpose
    }

    /// The folder shown.
    #[must_use]
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// Shows `folder`'s listing.
    fn enter(&mut self, folder: PathBuf) {
        self.problem = None;
        self.replacing = None;
        match listing(&folder, &self.purpose.extensions()) {
            Ok(entries) => self.entries = entries,
            Err(e) => {
                self.entries.clear();
                self.problem = Some(format!("Cannot read the folder {}: {e}", folder.display()));
            }
        }
        self.folder = folder;
    }

    /// Goes into a folder named in the field, keeping the name offered for a save.
    fn enter_from_field(&mut self, folder: PathBuf) {
        self.enter(folder);
        self.name = if self.purpose.writes() {
            self.offered.clone()
        } else {
            String::new()
        };
    }

    /// The Open or Save button: the file chosen, or why not (shown in the chooser), or a
    /// folder gone into.
    fn confirm(&mut self) -> Option<PathBuf> {
        self.problem = None;
        let typed = self.name.trim();
        if typed.is_empty() {
            self.problem = Some("Choose a file, or type its name.".into());
            return None;
        }
        let mut path = self.folder.join(typed);
        if path.is_dir() {
            self.enter_from_field(path);
            return None;
        }
        if self.purpose.writes() && path.extension().is_none() {
            path.set_extension(self.purpose.extension());
        }
        let shown = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        match (std::fs::metadata(&path), self.purpose) {
            (Ok(m), _) if !m.is_file() => {
                self.problem = Some(format!(
                    "“{shown}” is not a regular file: choose a saved game."
                ));
                None
            }
            (Ok(_), Purpose::Open | Purpose::ImportGame) => Some(path),
            (Ok(_), _) => {
                self.replacing = Some(path);
                None
            }
            (Err(_), Purpose::Open | Purpose::ImportGame) => {
                self.problem = Some(format!("There is no file “{shown}” here."));
                None
            }
            (Err(_), _) => match path.parent() {
                Some(dir) if !dir.as_os_str().is_empty() && !dir.is_dir() => {
                    self.problem = Some(format!("There is no folder {}.", dir.display()));
                    None
                }
                _ => Some(path),
            },
        }
    }

    /// Draws the chooser over the window for one frame.
    pub fn show(&mut self, ctx: &egui::Context) -> Outcome {
        let mut outcome = Outcome::Choosing;
        let modal = egui::Modal::new(Id::unique("in-window file chooser")).show(ctx, |ui| {
            ui.set_width(560.0);
            outcome = self.contents(ui);
        });
        if modal.should_close() && outcome == Outcome::Choosing && self.replacing.is_none() {
            outcome = Outcome::Cancelled;
        }
        outcome
    }

    fn contents(&mut self, ui: &mut egui::Ui) -> Outcome {
        let (title, button) = match self.purpose {
            Purpose::Open => ("Open a saved game".to_string(), "Open"),
            Purpose::Save => ("Save the game".to_string(), "Save"),
            Purpose::Export(picture) => (
                format!("Export a diagram of the board ({})", picture.words()),
                "Export",
            ),
            Purpose::Page(page) => (page.title().to_string(), "Write"),
            Purpose::ExportGame(crate::exchange::Format::Mat) => (
                "Export the game as a .mat file (GNU Backgammon, eXtreme Gammon)".to_string(),
                "Export",
            ),
            Purpose::ExportGame(crate::exchange::Format::Sgf) => (
                "Export the game as an .sgf file (GNU Backgammon)".to_string(),
                "Export",
            ),
            Purpose::ImportGame => (
                "Import a game from a .mat or .sgf file".to_string(),
                "Import",
            ),
        };
        ui.heading(title);
        ui.horizontal(|ui| {
            let parent = self.folder.parent().map(Path::to_path_buf);
            if ui
                .add_enabled(parent.is_some(), egui::Button::new("Up"))
                .on_hover_text("The folder that holds this one")
                .clicked()
                && let Some(parent) = parent
            {
                self.enter(parent);
            }
            ui.label(RichText::new(self.folder.display().to_string()).strong());
        });
        ui.separator();
        let mut chosen = None;
        egui::ScrollArea::vertical()
            .max_height(280.0)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                if self.entries.is_empty() {
                    ui.label(RichText::new("No folders or saved games here.").italics());
                }
                let mut go_into = None;
                for entry in &self.entries {
                    let text = if entry.folder {
                        format!("{}/", entry.name)
                    } else {
                        entry.name.clone()
                    };
                    let row = ui.selectable_label(!entry.folder && entry.name == self.name, text);
                    if entry.folder && row.clicked() {
                        go_into = Some(self.folder.join(&entry.name));
                    } else if row.double_clicked() {
                        self.name.clone_from(&entry.name);
                        chosen = Some(());
                    } else if row.clicked() {
                        self.name.clone_from(&entry.name);
                    }
                }
                if let Some(folder) = go_into {
                    self.enter_from_field(folder);
                }
            });
        ui.separator();
        let field = ui
            .horizontal(|ui| {
                let label = ui.label("Name or path:");
                ui.add(
                    egui::TextEdit::singleline(&mut self.name)
                        .desired_width(f32::INFINITY)
                        .hint_text("a name, or a whole path"),
                )
                .labelled_by(label.id)
            })
            .inner;
        if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            chosen = Some(());
        }
        if let Some(problem) = &self.problem {
            ui.label(RichText::new(problem).color(egui::Color32::from_rgb(140, 30, 20)));
        }
        if let Some(path) = self.replacing.clone() {
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            ui.label(format!(
                "“{name}” is there already. Replace it with this game?"
            ));
            let mut out = Outcome::Choosing;
            ui.horizontal(|ui| {
                if ui.button("Replace").clicked() {
                    out = Outcome::Chosen(path.clone());
                }
                if ui.button("Keep it").clicked() {
                    self.replacing = None;
                }
            });
            return out;
        }
        let mut out = Outcome::Choosing;
        ui.horizontal(|ui| {
            if ui.button(button).clicked() {
                chosen = Some(());
            }
            if ui.button("Cancel").clicked() {
                out = Outcome::Cancelled;
            }
        });
        if out == Outcome::Choosing
            && chosen.is_some()
            && let Some(path) = self.confirm()
        {
            out = Outcome::Chosen(path);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_come_first_and_only_saved_games_are_listed() {
        let dir = tempfile::tempdir().unwrap();
        for f in ["b.ron", "A.RON", "notes.txt", ".hidden.ron"] {
            std::fs::write(dir.path().join(f), "").unwrap();
        }
        std::fs::create_dir(dir.path().join("z")).unwrap();
        std::fs::create_dir(dir.path().join(".cache")).unwrap();
        let names: Vec<(String, bool)> = listing(dir.path(), &["ron"])
            .unwrap()
            .into_iter()
            .map(|e| (e.name, e.folder))
            .collect();
        assert_eq!(
            names,
            [
                ("z".to_string(), true),
                ("A.RON".to_string(), false),
                ("b.ron".to_string(), false)
            ]
        );
    }

    #[test]
    fn a_name_is_saved_with_its_extension_and_a_folder_is_gone_into() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        let mut c = FileChooser::new(Purpose::Save, dir.path().into(), "x.ron".into());
        c.name = "sub".into();
        assert_eq!(c.confirm(), None);
        assert_eq!(c.folder(), dir.path().join("sub"));
        assert_eq!(c.name, "x.ron");
        c.name = "mine".into();
        assert_eq!(c.confirm(), Some(dir.path().join("sub").join("mine.ron")));
        // A file there already is not replaced without asking
        std::fs::write(dir.path().join("sub").join("mine.ron"), "").unwrap();
        assert_eq!(c.confirm(), None);
        assert_eq!(c.replacing, Some(dir.path().join("sub").join("mine.ron")));
        // A file in a folder that does not exist is refused
        c.name = "nowhere/game.ron".into();
        assert_eq!(c.confirm(), None);
        assert!(c.problem.is_some());
    }
}

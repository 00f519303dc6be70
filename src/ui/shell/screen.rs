//! One shell over each family's screen, as egui's demo app runs several apps in one frame. The
//! shell (`app`) owns what every game has and writes it once: the menu bar, the status line
//! and its message, the buttons' row, the story panel and its drawer on a narrow window, the
//! files (open, save, save as, Open recent, "Leave this game?"), the Help windows and the keys
//! of the window. A [`Screen`] owns the state of one family of games
//! and says what it adds: its status, its buttons, its story, its table, its own menu items,
//! keys and windows, and how its game is written to a file.

use std::path::{Path, PathBuf};

use gamester_core::Family;

use crate::ui::shell::launch::Launch;
use crate::ui::shell::leaving::Next;
use crate::ui::shell::menus::Help;
use crate::ui::shell::message::Message;
use crate::ui::shell::settings::Settings;
use crate::ui::sound::{Cue, Sounds};

/// What the shell lends a screen for a frame: the settings, the launch, the message under the
/// status line, the Help windows, the sounds, and the shell's business the screen asks for.
pub struct Shell {
    pub settings: Settings,
    pub launch: Launch,
    pub message: Option<Message>,
    pub help: Help,
    /// What the screens asked of the shell this frame, done after it.
    pub asks: Vec<Ask>,
    /// What happened, said to a screen reader.
    pub announcer: crate::ui::access::announce::Announcer,
    /// What is heard: the board's wood and bone.
    pub sounds: Sounds,
}

impl Shell {
    /// Plays `cue`, as the settings say (not at all with the sound off); never waits.
    pub fn play(&self, cue: Cue) {
        self.sounds.play(cue, &self.settings);
    }
}

/// The shell's business, as a screen (or the shell's own menu and keys) asks for it.
#[must_use = "an ask does nothing until the shell does it"]
pub enum Ask {
    /// Open the New game window.
    NewGame,
    Open,
    OpenPath(PathBuf),
    Save,
    SaveAs,
    /// Put this game in play in place of the one of its family, asking first if that leaves
    /// an unfinished game.
    Leave(Box<Next>),
    /// Show this family's game, which waits.
    Switch(gamester_core::Family),
    /// Open the window to play a friend over the network.
    Network,
    /// Ask where to write a diagram of the position at tables, as this picture.
    ExportDiagram(crate::picture::Picture),
    /// Open the lessons (Help → Lessons).
    Lessons,
    /// Ask where to write a page to print of the game at tables.
    WritePage(crate::ui::shell::file_chooser::Page),
    /// Ask where to write the game at tables as a `.mat` or `.sgf` file.
    ExportGame(crate::exchange::Format),
    /// Ask for a `.mat` or `.sgf` file to play its first game.
    ImportGame,
    /// Ctrl+C with no text field in use: the game's position to the clipboard.
    Copy,
    /// Ctrl+V with no text field in use: an invitation to join, or a position to set up.
    Paste(String),
    /// Show this file in its folder (or open this folder) in the desktop's file manager.
    ShowInFolder(PathBuf),
}

/// The keys of the window, whatever the game: the files and a new game.
pub const SHELL_KEYS: &[(&str, &str)] = &[
    ("Ctrl+N", "new game"),
    ("Ctrl+O, Ctrl+S, Ctrl+Shift+S", "open, save, save as"),
    ("Ctrl+L", "the lessons (Escape: back to the game)"),
    (
        "Ctrl+C, Ctrl+V",
        "copy the Position ID; paste an invitation to join, or a position to set up",
    ),
    (
        "Ctrl +, Ctrl −",
        "larger, smaller: the words and the points' names",
    ),
];

/// The number keys 1 to 9, in order: a screen's numbered choices, or the tiles of a hand.
pub const NUMBER_KEYS: [egui::Key; 9] = [
    egui::Key::Num1,
    egui::Key::Num2,
    egui::Key::Num3,
    egui::Key::Num4,
    egui::Key::Num5,
    egui::Key::Num6,
    egui::Key::Num7,
    egui::Key::Num8,
    egui::Key::Num9,
];

/// Reads the shell's keys (they need Ctrl, so they act whoever has the keys).
pub fn shell_keys(ctx: &egui::Context, asks: &mut Vec<Ask>) {
    use egui::{Key, Modifiers};
    ctx.input_mut(|i| {
        if i.consume_key(Modifiers::COMMAND, Key::N) {
            asks.push(Ask::NewGame);
        }
        if i.consume_key(Modifiers::COMMAND, Key::L) {
            asks.push(Ask::Lessons);
        }
        if i.consume_key(Modifiers::COMMAND, Key::O) {
            asks.push(Ask::Open);
        }
        // Before Ctrl+S, which would match Ctrl+Shift+S as well.
        if i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::S) {
            asks.push(Ask::SaveAs);
        }
        if i.consume_key(Modifiers::COMMAND, Key::S) {
            asks.push(Ask::Save);
        }
    });
    // Copy and paste are a text field's while one has the keys; else the window's.
    if ctx.text_edit_focused() {
        return;
    }
    ctx.input_mut(|i| {
        i.events.retain(|e| match e {
            egui::Event::Copy => {
                asks.push(Ask::Copy);
                false
            }
            egui::Event::Paste(text) => {
                asks.push(Ask::Paste(text.clone()));
                false
            }
            _ => true,
        });
    });
}

/// What is said when a game has no such page or file as was asked to be written to `path`.
#[must_use]
pub fn not_written(path: &Path) -> Message {
    Message::error(format!(
        "{} could not be written: this game has no such page or file.",
        crate::ui::shell::file_names::shown(path)
    ))
}

/// What a screen is asked to write of its game, to a file the person chose: another
/// program's file of the game, a page to print, a diagram of the position.
pub enum Writing {
    Game(crate::exchange::Format),
    Page(crate::ui::shell::file_chooser::Page),
    Diagram(crate::picture::Picture),
}

/// One family of games in the window: its state, and what it adds to the shell. The shell
/// holds each family's screen behind this trait (in `Screens`) and never
/// asks which family it is drawing; `ui::families` is the one place that names them.
pub trait Screen {
    /// The family whose games the screen plays.
    fn family(&self) -> Family;
    /// The screen itself, for the questions only its own family's tests ask.
    fn as_any(&self) -> &dyn std::any::Any;
    /// The screen itself, for the few things only its own family's tests do.
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
    /// The Game menu's item that shows this screen's game while another family's is shown.
    fn back_words(&self) -> &'static str;
    /// Puts `next` (a game of this screen's family) in play in place of the one it holds.
    fn take(&mut self, next: Next, shell: &mut Shell);
    /// While another family's game is shown: this one kept on the disk as it changes (a file
    /// opened for it, say).
    fn keep(&mut self, ctx: &egui::Context, shell: &mut Shell);
    /// The game at a distance the screen plays, as kept to take up again after a restart, if
    /// the window stopped while it was played.
    fn kept_at_distance(&self, launch: &Launch) -> Option<crate::ui::net::kept::Kept>;
    /// Whether the game in play, not over, is played with friends at a distance and its line
    /// is not open: nothing may be played or thrown for them here.
    fn lacks_its_line(&self) -> bool {
        false
    }
    /// The state of the line of a game at a distance, in words ("Alice, over the network:
    /// direct"): shown on the message line when it has no message, so that it never wraps the
    /// row of buttons, and once only.
    fn line_note(&self) -> Option<Message> {
        None
    }
    /// A game that lacks its line, played on here: the friends' seats become the computer's,
    /// at the level New game sets for this family, under their names. What to say.
    fn play_on_against_the_computer(&mut self, _settings: &Settings) -> Option<Message> {
        None
    }
    /// A game at a distance whose line dropped, as the network window offers to take it up.
    fn comeback(&self) -> Option<gamester_net::party::Return>;
    /// Whether `record` (a game at a distance being taken up) goes on from the game in play.
    fn goes_on_to(&self, record: &[gamester_net::NetAction]) -> bool;
    /// Writes what was asked of the game (`Writing`) to `path`; what to say.
    fn write(&mut self, path: &Path, _what: Writing, _shell: &Shell) -> Message {
        not_written(path)
    }
    /// The rules of the game in play as a page to print (HTML), where the screen writes it
    /// itself (a registered family's; the built-in families' are written by `families`).
    fn rules_page(&self) -> Option<String> {
        None
    }
    /// The game in play, named for the title bar ("Irish", "Muggins").
    fn title(&self) -> String;
    /// How many actions the game has had: a message lapses once it moves on.
    fn moves(&self) -> usize;
    /// Whether leaving the game in play would lose something.
    fn unfinished(&self) -> bool;
    /// Whether the game in play is over and in no file as it ended: left for another, it is
    /// kept in Open recent, to be analysed or printed afterwards.
    fn finished_unkept(&self) -> bool {
        false
    }
    /// The file the game in play came from or was last saved to.
    fn file(&self) -> Option<&Path>;
    /// The name a new file for this game is offered under.
    fn file_name(&self) -> String;
    /// Writes the game in play to `path`, remembered as its file; what to say.
    fn save_to(&mut self, path: PathBuf, shell: &mut Shell) -> Message;
    /// Writes the game in play, about to be left, into the data folder under a dated name
    /// (`Ok(None)` where the launch keeps nothing).
    fn keep_left(&self, shell: &mut Shell) -> Result<Option<PathBuf>, String>;

    /// Before the panels: the clock, the animations, and the keys (`board`: the board has the
    /// keys, see `key_focus::KeyFocus`).
    fn begin_frame(&mut self, ctx: &egui::Context, shell: &mut Shell, board: bool);
    /// Whether a window of the screen's own is in front of the table (the board then has no
    /// keys).
    fn asking(&self) -> bool;
    /// The line that says what the game waits for.
    fn status(&self) -> String;
    /// Whether the computer is working out a move.
    fn thinking(&self) -> bool;
    /// The screen's own items of the Game menu.
    fn game_menu(&mut self, ui: &mut egui::Ui, shell: &mut Shell);
    /// The screen's own items of the View menu.
    fn view_menu(&mut self, _ui: &mut egui::Ui, _shell: &mut Shell) {}
    /// The screen's own items of the Help menu.
    fn help_menu(&mut self, _ui: &mut egui::Ui, _shell: &mut Shell) {}
    /// Its keys, as Help → Keys lists them.
    fn keys_help(&self) -> &'static [(&'static str, &'static str)];
    /// The row of buttons under the status line.
    fn buttons(&mut self, ui: &mut egui::Ui, shell: &mut Shell);
    /// Whether the story panel must be shown even on a narrow window (a guide, an analysis).
    fn story_wanted(&self, shell: &Shell) -> bool;
    /// The panel beside the table.
    fn story(&mut self, ui: &mut egui::Ui, shell: &mut Shell);
    /// The table, in the central panel (`asking`: a window is in front, so it is looked at,
    /// not played).
    fn play_area(&mut self, ui: &mut egui::Ui, shell: &mut Shell, asking: bool);
    /// The screen's own windows, and the rules window for its game.
    fn windows(&mut self, ctx: &egui::Context, shell: &mut Shell);
    /// After the panels: what was asked applied, the computer's turn, then [`Screen::serve`].
    fn end_frame(&mut self, ctx: &egui::Context, shell: &mut Shell);
    /// The work that goes on whether the window is drawn or not (eframe's `logic`, run before
    /// each frame and alone while the window is covered or minimised): what came over the
    /// line taken into the game, what this side did sent, the game kept on disk. `shown`: the
    /// window is drawn (hidden, a friend's moves go into the game without waiting for the men
    /// to slide: the game at a distance never waits on the window).
    fn serve(&mut self, ctx: &egui::Context, shell: &mut Shell, shown: bool);
    /// Whether nothing moves on the table (a screenshot waits for it).
    fn still(&self) -> bool;
    /// As the window closes: the game written now.
    fn finish(&mut self, shell: &Shell);
    /// Forgets what it held of the file (a new game).
    fn forget_file(&mut self);
    /// Ctrl+C on the table: what of the game goes to the clipboard, said in the message line.
    fn copy(&mut self, _ctx: &egui::Context, _shell: &mut Shell) {}
    /// Ctrl+V on the table, of what is not an invitation: whether the screen took `text`.
    fn paste(&mut self, _text: &str, _shell: &mut Shell) -> bool {
        false
    }
}

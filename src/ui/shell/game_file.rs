//! A family's game written whole to a file of its own kind, the same way for every family
//! whose file holds its game and nothing more: saved where the person chooses and remembered
//! as its file, kept in the data folder under a dated name when it is left for another, and
//! kept in its autosave after every action. A family says what its game is through
//! [`GameFile`]; this module names no family.

use std::path::PathBuf;

use crate::teaching::plain::capitalised;
use crate::ui::shell::autosave::{self, Keeper, OnDisk};
use crate::ui::shell::file_names;
use crate::ui::shell::leaving;
use crate::ui::shell::message::Message;
use crate::ui::shell::screen::Shell;

/// A family's game in play, as its files see it.
pub trait GameFile {
    /// The game as its file holds it, written whole.
    type File: OnDisk;
    /// One action of the game's record.
    type Action: Clone + PartialEq;
    /// What the file holds beside the record (who sits where, the tally): a change to it is
    /// kept as a new action is.
    type Beside: PartialEq;
    /// The game as a sentence names it after its first word: "the pastime".
    const CALLED: &'static str;
    /// The name of its autosave in the data folder: "pastimes-autosave.ron".
    const AUTOSAVE: &'static str;
    /// The game's name, which the names of its files begin with: "Ketch-Dolt".
    fn title(&self) -> &'static str;
    /// Every action of the game, the first first.
    fn record(&self) -> &[Self::Action];
    /// Whether an action is chance's (a throw, a deal).
    fn is_chance(action: &Self::Action) -> bool;
    /// What the file holds beside the record, now.
    fn beside(&self) -> Self::Beside;
    /// The game in play as its file holds it.
    fn as_file(&self) -> Self::File;
    /// The file the game came from or was last saved to.
    fn file_path(&mut self) -> &mut Option<PathBuf>;
}

/// The name a new file for the game is offered under: its name and the date.
pub fn offered_name(game: &impl GameFile) -> String {
    file_names::dated(game.title(), "")
}

/// Writes the game in play to `path`, which becomes its file and goes into Open recent; what
/// to say.
pub fn save_to(game: &mut impl GameFile, path: PathBuf, shell: &mut Shell) -> Message {
    match game.as_file().write_to(&path) {
        Ok(()) => {
            shell.settings.recent.add(path.clone());
            let said = Message::info(format!(
                "Saved to {}",
                crate::ui::shell::file_names::shown(&path)
            ));
            *game.file_path() = Some(path);
            said
        }
        Err(e) => Message::error(format!("Could not save {e}")),
    }
}

/// Writes the game in play, about to be left, into the data folder as "Muggins left" and the
/// date, under a name no other file has, and lists it in Open recent; where. `Ok(None)` where
/// the launch keeps nothing.
pub fn keep_left(game: &impl GameFile, shell: &mut Shell) -> Result<Option<PathBuf>, String> {
    leaving::keep_dated(
        &format!("{} left", game.title()),
        "",
        &shell.launch,
        &mut shell.settings.recent,
        |path| game.as_file().write_to(path).map_err(|e| e.to_string()),
    )
}

/// What tells a version of the game from the one last sent, cheaply: its record's length,
/// first and last actions, and what the file holds beside the record.
#[derive(PartialEq)]
struct Sent<A, B> {
    moves: usize,
    first: Option<A>,
    last: Option<A>,
    beside: B,
}

/// Keeps a family's game in its autosave: writes it whenever it has changed, through the
/// window's one [`Keeper`] (a version that adds chance's doing is on the disk before it is
/// shown).
pub struct GameKeeper<G: GameFile> {
    sent: Option<Sent<G::Action, G::Beside>>,
    chances: Option<usize>,
    keeper: Keeper<G::File>,
}

impl<G: GameFile> Default for GameKeeper<G> {
    fn default() -> GameKeeper<G> {
        GameKeeper {
            sent: None,
            chances: None,
            keeper: Keeper::default(),
        }
    }
}

impl<G: GameFile> GameKeeper<G> {
    /// Sends the game to its autosave, if the launch keeps one and the game has moved since
    /// the version last sent: its file is made only then, not every frame.
    fn send(&mut self, game: &G, shell: &Shell) {
        let Some(path) = shell.launch.slot_file(G::AUTOSAVE) else {
            return;
        };
        let record = game.record();
        let key = Sent {
            moves: record.len(),
            first: record.first().cloned(),
            last: record.last().cloned(),
            beside: game.beside(),
        };
        if self.sent.as_ref() == Some(&key) {
            return;
        }
        let now = autosave::chances(record, G::is_chance);
        // A record cut short (played on from a point of its replay) counts chance's doing
        // afresh: its next throw waits for the disk as any new one does.
        let before = self.chances.filter(|&b| b <= now);
        let wait = autosave::wait_for(before, now);
        self.keeper
            .keep(path, game.as_file(), wait, &shell.launch, None);
        self.sent = Some(key);
        self.chances = Some(now);
    }

    /// Keeps the game once it has changed, and tells in the message line, once, that it could
    /// not be kept, or that it is kept again.
    pub fn keep(&mut self, game: &G, shell: &mut Shell) {
        self.send(game, shell);
        let called = capitalised(G::CALLED);
        let told = self.keeper.poll(
            |e| format!("{called} could not be kept: {e}"),
            &format!("{called} is kept on the disk again."),
        );
        if let Some(told) = told {
            shell.message = Some(told);
        }
    }

    /// As the window closes: keeps the game, and waits until every version is on the disk. No
    /// window is left to tell of a failure, so it goes to the standard error.
    pub fn finish(&mut self, game: &G, shell: &Shell) {
        self.send(game, shell);
        if let Some(e) = self.keeper.finish() {
            eprintln!("gamester: {} could not be kept: {e}", G::CALLED);
        }
    }
}

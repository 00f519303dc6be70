//! The game at tables in progress kept on the disk after every action, so that closing the
//! window, a crash or a pulled plug never loses it: the autosave in Gamester's data folder,
//! written whole (atomically) by the window's one autosave keeper.

use std::path::Path;

use crate::save::{self, SaveError, SaveFile};
use crate::session::Session;
use crate::ui::shell::autosave::{Keeper, OnDisk, chances, wait_for};
use crate::ui::shell::launch::Launch;
use crate::ui::shell::message::Message;

impl OnDisk for SaveFile {
    fn write_to(&self, path: &Path) -> Result<(), SaveError> {
        save::write_atomic(path, self)
    }
}

/// The autosave of the game at tables.
#[derive(Default)]
pub struct Autosaver {
    keeper: Keeper<SaveFile>,
    /// How many of chance's actions the version last given held.
    chances: Option<usize>,
}

/// What the person is told when the autosave fails.
fn failure(e: &SaveError) -> String {
    format!(
        "The game is not being saved automatically ({e}). Use Game → Save to keep it; \
         you will be told when the autosave works again."
    )
}

impl Autosaver {
    /// Once a frame: writes the game in play to the autosave if it has changed since it was
    /// last written (nowhere for an ephemeral launch); the window is woken when it is done. A
    /// throw is on the disk before this returns.
    pub fn keep(&mut self, session: &Session, launch: &Launch, ctx: &egui::Context) {
        self.send(session, launch, Some(ctx.clone()));
    }

    /// Whether the game in play differs from the version last given to the writer.
    #[must_use]
    pub fn behind(&self, session: &Session) -> bool {
        self.keeper.behind(&SaveFile::from_session(session))
    }

    fn send(&mut self, session: &Session, launch: &Launch, wake: Option<egui::Context>) {
        // A screenshot run shows a game; it never stands in for the person's.
        let Some(path) = launch
            .autosave_path()
            .filter(|_| launch.screenshot.is_none())
        else {
            return;
        };
        let file = SaveFile::from_session(session);
        if !self.keeper.behind(&file) {
            return;
        }
        let now = chances(session.game().record(), |a| a.is_chance());
        let wait = wait_for(self.chances, now);
        self.chances = Some(now);
        self.keeper.keep(path, file, wait, launch, wake);
    }

    /// An autosaver for a window that starts with `session`, already on disk (from the
    /// autosave or a file) or new: nothing is written until the game changes.
    #[must_use]
    pub fn starting_with(session: &Session) -> Autosaver {
        Autosaver {
            keeper: Keeper::holding(Some(SaveFile::from_session(session))),
            chances: Some(chances(session.game().record(), |a| a.is_chance())),
        }
    }

    /// As the window closes: writes the game in play if it changed, and waits until every
    /// autosave is on disk. No window is left to tell of a failure, so it goes to the standard
    /// error.
    pub fn finish(&mut self, session: &Session, launch: &Launch) {
        self.send(session, launch, None);
        if let Some(e) = self.keeper.finish() {
            eprintln!("gamester: autosave failed: {e}");
        }
    }

    /// What to tell the person of the autosaves finished since the last frame: a failure after
    /// a success (or at the first), or a success after a failure; else nothing.
    pub fn poll(&mut self) -> Option<Message> {
        self.keeper
            .poll(failure, "The game is saved automatically again.")
    }
}

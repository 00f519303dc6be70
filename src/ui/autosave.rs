//! The autosave after each turn, written beside the window's work so a slow disk never stalls
//! a frame. A failure is told in the window, once and plainly: a person who is never told
//! would trust a save that is not there, and one told every turn would stop reading. It is
//! told again only after a save has worked and then one fails anew.

use std::sync::mpsc::{Receiver, Sender, channel};

use super::launch::Launch;
use super::message::Message;
use crate::save::{self, SaveError};
use crate::session::Session;

/// The autosaves under way and what the person has been told of them.
pub struct Autosaver {
    done: Sender<Result<(), SaveError>>,
    results: Receiver<Result<(), SaveError>>,
    /// Whether the last autosave that finished failed (and so was told).
    failing: bool,
}

impl Default for Autosaver {
    fn default() -> Autosaver {
        let (done, results) = channel();
        Autosaver {
            done,
            results,
            failing: false,
        }
    }
}

/// What the person is told when the autosave fails.
fn failure(e: &SaveError) -> String {
    format!(
        "The game is not being saved automatically ({e}). Use Game → Save to keep it; \
         you will be told when the autosave works again."
    )
}

impl Autosaver {
    /// Writes the game in play to the autosave on a thread of its own (nowhere for an
    /// ephemeral launch); `wake` repaints the window when it is done.
    pub fn save(&self, session: &Session, launch: &Launch, ctx: &egui::Context) {
        let Some(path) = launch.autosave_path() else {
            return;
        };
        let file = save::SaveFile::from_game(session.game(), session.table());
        let done = self.done.clone();
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let _ = done.send(save::write_atomic(&path, &file));
            ctx.request_repaint();
        });
    }

    /// What to tell the person of the autosaves finished since the last frame: a failure after
    /// a success (or at the first), or a success after a failure; else nothing.
    pub fn poll(&mut self) -> Option<Message> {
        let mut told = None;
        while let Ok(result) = self.results.try_recv() {
            match result {
                Ok(()) => {
                    if self.failing {
                        told = Some(Message::info("The game is saved automatically again."));
                    }
                    self.failing = false;
                }
                Err(e) if !self.failing => {
                    self.failing = true;
                    told = Some(Message::error(failure(&e)).lasting());
                }
                Err(_) => {}
            }
        }
        told
    }
}

/// Writes the game in play to the autosave now, as the window closes (not for a screenshot).
/// No window is left to tell of a failure, so it goes to the standard error.
pub fn on_exit(session: &Session, launch: &Launch) {
    if launch.screenshot.is_none()
        && let Some(path) = launch.autosave_path()
    {
        let file = save::SaveFile::from_game(session.game(), session.table());
        if let Err(e) = save::write_atomic(&path, &file) {
            eprintln!("gamester: autosave failed: {e}");
        }
    }
}

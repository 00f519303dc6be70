//! The autosave: the game in play is written to Gamester's data folder whenever its record
//! changes (a throw-off, a throw, a step, a choice, an undo), so that a crash or a kill never
//! buys a second throw. One writer thread does the writing, in order, so a slow disk never
//! stalls a frame and an older game can never land over a newer one; when several versions are
//! waiting, only the newest is written.
//!
//! A failure is told in the window, once and plainly: a person who is never told would trust a
//! save that is not there, and one told every turn would stop reading. It is told again only
//! after a save has worked and then one fails anew.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use super::launch::Launch;
use super::message::Message;
use crate::save::{self, SaveError, SaveFile};
use crate::session::Session;

/// One version of the game to write, and the window to wake when it is written.
struct Job {
    path: PathBuf,
    file: SaveFile,
    wake: Option<egui::Context>,
}

/// The writer thread, started at the first autosave.
struct Writer {
    jobs: Sender<Job>,
    thread: JoinHandle<()>,
}

/// The autosaves under way and what the person has been told of them.
pub struct Autosaver {
    writer: Option<Writer>,
    done: Sender<Result<(), SaveError>>,
    results: Receiver<Result<(), SaveError>>,
    /// Whether the last autosave that finished failed (and so was told).
    failing: bool,
    /// The version of the game last given to the writer.
    sent: Option<SaveFile>,
}

impl Default for Autosaver {
    fn default() -> Autosaver {
        let (done, results) = channel();
        Autosaver {
            writer: None,
            done,
            results,
            failing: false,
            sent: None,
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

/// The writer's loop: the newest job waiting is written, the older ones skipped.
fn write_in_order(jobs: &Receiver<Job>, done: &Sender<Result<(), SaveError>>) {
    while let Ok(mut job) = jobs.recv() {
        while let Ok(newer) = jobs.try_recv() {
            job = newer;
        }
        let _ = done.send(save::write_atomic(&job.path, &job.file));
        if let Some(ctx) = &job.wake {
            ctx.request_repaint();
        }
    }
}

impl Autosaver {
    /// Once a frame: writes the game in play to the autosave if it has changed since it was
    /// last written (nowhere for an ephemeral launch); the window is woken when it is done.
    pub fn keep(&mut self, session: &Session, launch: &Launch, ctx: &egui::Context) {
        self.send(session, launch, Some(ctx.clone()));
    }

    /// Whether the game in play differs from the version last given to the writer.
    #[must_use]
    pub fn behind(&self, session: &Session) -> bool {
        self.sent.as_ref() != Some(&SaveFile::from_game(session.game(), session.seats()))
    }

    fn send(&mut self, session: &Session, launch: &Launch, wake: Option<egui::Context>) {
        // A screenshot run shows a game; it never stands in for the person's.
        let Some(path) = launch
            .autosave_path()
            .filter(|_| launch.screenshot.is_none())
        else {
            return;
        };
        if !self.behind(session) {
            return;
        }
        let file = SaveFile::from_game(session.game(), session.seats());
        self.sent = Some(file.clone());
        let writer = self.writer.get_or_insert_with(|| {
            let (jobs, queue) = channel::<Job>();
            let done = self.done.clone();
            let thread = std::thread::spawn(move || write_in_order(&queue, &done));
            Writer { jobs, thread }
        });
        let _ = writer.jobs.send(Job { path, file, wake });
    }

    /// An autosaver for a window that starts with `session`, already on disk (from the
    /// autosave or a file) or new: nothing is written until the game changes.
    #[must_use]
    pub fn starting_with(session: &Session) -> Autosaver {
        Autosaver {
            sent: Some(SaveFile::from_game(session.game(), session.seats())),
            ..Autosaver::default()
        }
    }

    /// As the window closes: writes the game in play if it changed, and waits until every
    /// autosave is on disk. No window is left to tell of a failure, so it goes to the standard
    /// error.
    pub fn finish(&mut self, session: &Session, launch: &Launch) {
        self.send(session, launch, None);
        if let Some(Writer { jobs, thread }) = self.writer.take() {
            drop(jobs);
            let _ = thread.join();
        }
        let last = self.results.try_iter().last();
        if let Some(Err(e)) = last {
            eprintln!("gamester: autosave failed: {e}");
        }
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

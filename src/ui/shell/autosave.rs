//! What the window keeps on the disk as it goes: each family's game in play whenever its record
//! changes (a throw-off, a throw, a step, a choice, a deal, an undo; `tables::keeping` says
//! what, and `game_file` for the families whose file holds their game alone), and the settings
//! whenever they change. One [`Keeper`] does it for each, written once: a writer thread writes
//! in order, so a slow disk never stalls a frame and an older version can never land over a
//! newer one; when several versions are waiting, only the newest is written.
//!
//! One thing does wait for the disk: a version that adds chance's doing (a throw, a deal) is
//! on the disk before the frame that shows it ends. A kill can then never show a throw that a
//! restart would throw again: the screen is never ahead of the disk on what the dice said.
//!
//! A failure is told in the window, once and plainly: a person who is never told would trust a
//! save that is not there, and one told every turn would stop reading. It is told again only
//! after a write has worked and then one fails anew.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::save::{self, SaveError};
use crate::ui::shell::launch::Launch;
use crate::ui::shell::message::Message;

/// Something a [`Keeper`] writes: a whole file, written whole or not at all.
pub trait OnDisk: Clone + PartialEq + Send + 'static {
    /// Writes it to `path` atomically.
    ///
    /// # Errors
    /// Why not, naming the file; the file there before is then untouched.
    fn write_to(&self, path: &Path) -> Result<(), SaveError>;
}

/// A text file: the settings.
impl OnDisk for String {
    fn write_to(&self, path: &Path) -> Result<(), SaveError> {
        save::write_text_atomic(path, self)
    }
}

/// One version to write, and the window to wake when it is written.
struct Job<F> {
    number: u64,
    path: PathBuf,
    file: F,
    wake: Option<egui::Context>,
    /// For tests: how much longer the write takes, as on a slow disk.
    delay: Option<Duration>,
}

/// A write finished: the number of the newest version it wrote, and how it went.
type Done = (u64, Result<(), SaveError>);

/// The writer thread, started at the first write.
struct Writer<F> {
    jobs: Sender<Job<F>>,
    thread: JoinHandle<()>,
}

/// The writer's loop: the newest job waiting is written, the older ones skipped.
fn write_in_order<F: OnDisk>(jobs: &Receiver<Job<F>>, done: &Sender<Done>) {
    while let Ok(mut job) = jobs.recv() {
        while let Ok(newer) = jobs.try_recv() {
            job = newer;
        }
        if let Some(delay) = job.delay {
            std::thread::sleep(delay);
        }
        let _ = done.send((job.number, job.file.write_to(&job.path)));
        if let Some(ctx) = &job.wake {
            ctx.request_repaint();
        }
    }
}

/// Writes the versions of one file it is given, in order, and says how it went.
pub struct Keeper<F> {
    writer: Option<Writer<F>>,
    done: Sender<Done>,
    results: Receiver<Done>,
    /// Results taken while waiting for a write, not yet told.
    taken: Vec<Result<(), SaveError>>,
    /// Whether the last write that finished failed (and so was told).
    failing: bool,
    /// The version last given to the writer, and its number.
    sent: Option<F>,
    number: u64,
}

impl<F> Default for Keeper<F> {
    fn default() -> Keeper<F> {
        let (done, results) = channel();
        Keeper {
            writer: None,
            done,
            results,
            taken: Vec::new(),
            failing: false,
            sent: None,
            number: 0,
        }
    }
}

/// How to wait for a version: not at all, or until it is on the disk (or has failed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    No,
    UntilWritten,
}

impl<F: OnDisk> Keeper<F> {
    /// A keeper whose file already holds `file` (read from it, or nothing to write yet).
    #[must_use]
    pub fn holding(file: Option<F>) -> Keeper<F> {
        Keeper {
            sent: file,
            ..Keeper::default()
        }
    }

    /// Whether `file` differs from the version last given to the writer.
    #[must_use]
    pub fn behind(&self, file: &F) -> bool {
        self.sent.as_ref() != Some(file)
    }

    /// Gives `file` to the writer for `path` unless it is the version last given; with
    /// [`Wait::UntilWritten`], returns only once it is written or has failed.
    pub fn keep(
        &mut self,
        path: PathBuf,
        file: F,
        wait: Wait,
        launch: &Launch,
        wake: Option<egui::Context>,
    ) {
        if !self.behind(&file) {
            return;
        }
        self.sent = Some(file.clone());
        self.number += 1;
        let writer = self.writer.get_or_insert_with(|| {
            let (jobs, queue) = channel::<Job<F>>();
            let done = self.done.clone();
            let thread = std::thread::spawn(move || write_in_order(&queue, &done));
            Writer { jobs, thread }
        });
        let job = Job {
            number: self.number,
            path,
            file,
            wake,
            delay: launch.slow_disk,
        };
        if writer.jobs.send(job).is_err() {
            return;
        }
        if wait == Wait::UntilWritten {
            // Every result until this version's is kept for `poll`.
            while let Ok((number, result)) = self.results.recv() {
                self.taken.push(result);
                if number >= self.number {
                    break;
                }
            }
        }
    }

    /// As the window closes: waits until every version given is on the disk; the last
    /// failure, if the last write failed.
    pub fn finish(&mut self) -> Option<SaveError> {
        if let Some(Writer { jobs, thread }) = self.writer.take() {
            drop(jobs);
            let _ = thread.join();
        }
        let mut last = self.taken.pop();
        self.taken.clear();
        if let Some((_, result)) = self.results.try_iter().last() {
            last = Some(result);
        }
        last.and_then(Result::err)
    }

    /// What to tell the person of the writes finished since the last frame: a failure after a
    /// success (or at the first), in `failure`'s words, or `again` after a failure; else
    /// nothing.
    pub fn poll(&mut self, failure: impl Fn(&SaveError) -> String, again: &str) -> Option<Message> {
        let mut told = None;
        let finished: Vec<Result<(), SaveError>> = self
            .taken
            .drain(..)
            .chain(self.results.try_iter().map(|(_, r)| r))
            .collect();
        for result in finished {
            match result {
                Ok(()) => {
                    if self.failing {
                        told = Some(Message::info(again));
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

/// How many of the actions of `record` are chance's.
#[must_use]
pub fn chances<A>(record: &[A], is_chance: impl Fn(&A) -> bool) -> usize {
    record.iter().filter(|a| is_chance(a)).count()
}

/// Whether a version whose record holds `now` actions of chance's must wait for the disk,
/// after one that held `before`: it does if chance has acted since.
#[must_use]
pub fn wait_for(before: Option<usize>, now: usize) -> Wait {
    if before.is_none_or(|b| now > b) && now > 0 {
        Wait::UntilWritten
    } else {
        Wait::No
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_version_that_chance_has_added_to_waits() {
        assert_eq!(wait_for(None, 0), Wait::No);
        assert_eq!(wait_for(None, 1), Wait::UntilWritten);
        assert_eq!(wait_for(Some(1), 1), Wait::No);
        assert_eq!(wait_for(Some(1), 2), Wait::UntilWritten);
        // An undo, or a new game, takes chance's actions away: nothing new to hide
        assert_eq!(wait_for(Some(3), 0), Wait::No);
    }

    #[test]
    fn a_waited_version_is_on_disk_at_once_and_its_result_still_told() {
        // Given a keeper writing to a folder that cannot be made (a file stands in its way)
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a file"), "").unwrap();
        let blocked = dir.path().join("a file").join("autosave.ron");
        let good = dir.path().join("autosave.ron");
        let launch = Launch::default();
        let mut keeper: Keeper<String> = Keeper::default();
        // When a version is kept and waited for, it is on disk when `keep` returns
        keeper.keep(
            good.clone(),
            "one".into(),
            Wait::UntilWritten,
            &launch,
            None,
        );
        assert_eq!(std::fs::read_to_string(&good).unwrap(), "one");
        assert_eq!(keeper.poll(|e| e.to_string(), "again"), None);
        // And a failure waited for is told once
        keeper.keep(blocked, "two".into(), Wait::UntilWritten, &launch, None);
        let told = keeper.poll(|e| format!("failed: {e}"), "again").unwrap();
        assert!(told.text.starts_with("failed: "), "{}", told.text);
        keeper.keep(good.clone(), "three".into(), Wait::No, &launch, None);
        assert!(keeper.finish().is_none());
        assert_eq!(std::fs::read_to_string(&good).unwrap(), "three");
    }
}

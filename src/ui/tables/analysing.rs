//! A game being analysed off the window's thread: the computer judges every decision of the
//! record on threads of its own (`ai::analysis`), the window reads how far it has come each
//! frame it draws and is woken only when a decision has been judged, and the board stays free
//! to use meanwhile. Dropping the job stops it: the judging threads finish the decision in hand
//! and judge no more, and their answer goes nowhere.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use crate::ai::analysis::{Analysis, analyse_until};
use crate::level::Level;
use crate::tables::{Action, Game};

/// How far an analysis has come: decisions judged, of how many.
#[derive(Default)]
struct Progress {
    done: AtomicUsize,
    total: AtomicUsize,
}

/// An analysis under way.
pub struct Analysing {
    /// The game analysed as it began (its rules and match score), and its record when the
    /// analysis was asked for.
    start: Game,
    record: Vec<Action>,
    progress: Arc<Progress>,
    stop: Arc<AtomicBool>,
    answer: Receiver<Result<Analysis, String>>,
}

impl Analysing {
    /// Starts analysing `game` as it stands at `level`, each decision at the game's own match
    /// score; `wake` is called each time a decision has been judged, and once the answer is
    /// ready.
    pub fn start(game: &Game, level: Level, wake: impl Fn() + Send + Sync + 'static) -> Analysing {
        let progress = Arc::new(Progress::default());
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, answer) = channel();
        let (start, record) = (game.beginning(), game.record().to_vec());
        let (start_there, record_there) = (start.clone(), record.clone());
        let (progress_there, stop_there) = (Arc::clone(&progress), Arc::clone(&stop));
        std::thread::spawn(move || {
            let told = |done: usize, total: usize| {
                progress_there.total.store(total, Ordering::Relaxed);
                // The threads tell in any order: the count only grows.
                progress_there.done.fetch_max(done, Ordering::Relaxed);
                wake();
            };
            let result = analyse_until(&start_there, &record_there, level, &told, &stop_there)
                .map_err(|e| e.to_string());
            if !stop_there.load(Ordering::Relaxed) {
                let _ = tx.send(result);
                wake();
            }
        });
        Analysing {
            start,
            record,
            progress,
            stop,
            answer,
        }
    }

    /// Decisions judged so far, and of how many (0 until the first is judged).
    #[must_use]
    pub fn progress(&self) -> (usize, usize) {
        (
            self.progress.done.load(Ordering::Relaxed),
            self.progress.total.load(Ordering::Relaxed),
        )
    }

    /// The game being analysed as it began, and its record.
    #[must_use]
    pub fn about(&self) -> (&Game, &[Action]) {
        (&self.start, &self.record)
    }

    /// The answer once it has come: the analysis, or why there is none.
    #[must_use]
    pub fn answer(&self) -> Option<Result<Analysis, String>> {
        match self.answer.try_recv() {
            Ok(answer) => Some(answer),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                Some(Err("the analysis stopped without an answer".into()))
            }
        }
    }
}

impl Drop for Analysing {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::Preset;
    use std::sync::atomic::AtomicUsize;

    fn record() -> Game {
        let text = include_str!("../../../tests/data/irish_short.ron");
        crate::save::from_str(text).unwrap().game
    }

    #[test]
    fn the_answer_comes_with_the_progress_and_the_window_is_woken() {
        // Given a short game of Irish
        let game = record();
        assert_eq!(Preset::of(game.rules()), Some(Preset::Irish));
        let wakes = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&wakes);
        // When it is analysed
        let job = Analysing::start(&game, Level::Novice, move || {
            counted.fetch_add(1, Ordering::Relaxed);
        });
        let answer = loop {
            if let Some(a) = job.answer() {
                break a;
            }
            std::thread::yield_now();
        };
        // Then every decision was judged, told as it was, and the window woken for each
        let analysis = answer.unwrap();
        let n = analysis.decisions.len();
        assert!(n >= 2);
        assert_eq!(job.progress(), (n, n));
        assert!(
            wakes.load(Ordering::Relaxed) > n,
            "woken at the start and for each"
        );
        assert_eq!(job.about().1, game.record());
    }

    #[test]
    fn a_job_dropped_is_told_to_stop() {
        let job = Analysing::start(&record(), Level::Expert, || {});
        let stop = Arc::clone(&job.stop);
        drop(job);
        assert!(stop.load(Ordering::Relaxed));
    }
}

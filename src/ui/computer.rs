//! The computer at the table: it thinks on a thread of its own, so the window keeps drawing
//! (and shows that it is thinking), and its answer is applied through the same gate as a
//! person's.

use std::sync::mpsc::{Receiver, TryRecvError, channel};

use crate::ai::{Decision, decide, rank_plays};
use crate::engine::{Game, Play};
use crate::level::Level;

/// A question put to the computer, and where its answer will come.
pub struct Thinking<T> {
    /// How long the record was when the question was asked: an answer about another game, or
    /// an older state of this one, is thrown away.
    pub asked_at: usize,
    answer: Receiver<T>,
}

impl<T: Send + 'static> Thinking<T> {
    /// Starts working `f` out on its own thread; `wake` is called when the answer is ready.
    pub fn start(
        asked_at: usize,
        f: impl FnOnce() -> T + Send + 'static,
        wake: impl FnOnce() + Send + 'static,
    ) -> Thinking<T> {
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let _ = tx.send(f());
            wake();
        });
        Thinking {
            asked_at,
            answer: rx,
        }
    }

    /// The answer, once it is ready: `Some(Ok(answer))`, or `Some(Err(()))` if the thread died.
    pub fn poll(&self) -> Option<Result<T, ()>> {
        match self.answer.try_recv() {
            Ok(t) => Some(Ok(t)),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(())),
        }
    }
}

/// Asks the computer what to do now in `game` at `level`.
pub fn ask_decision(
    game: &Game,
    level: Level,
    wake: impl FnOnce() + Send + 'static,
) -> Thinking<Option<Decision>> {
    let game = game.clone();
    Thinking::start(game.record().len(), move || decide(&game, level), wake)
}

/// Asks the computer for the best few plays of the throw in `game`, for a hint.
pub fn ask_hint(game: &Game, wake: impl FnOnce() + Send + 'static) -> Thinking<Vec<(Play, f32)>> {
    let game = game.clone();
    Thinking::start(
        game.record().len(),
        move || rank_plays(&game, Level::Expert, 5),
        wake,
    )
}

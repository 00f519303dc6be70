//! Lessons: short exercises on the period words, made from positions so that they never run
//! out, each answered by a point of the board or by a choice, and each answer explained in the
//! period words with the sources that say it.
//!
//! An exercise is plain data ([`Exercise`]): the board it shows (if any), the question, how it
//! is answered, and a note for every answer that may be given, so the window only shows it and
//! passes back what the learner chose ([`Exercise::judge`]). Every fact an exercise states is
//! asked of the rules (legal plays, landings, the bound table, the shots at a blot, the tiles
//! that fit, the count at the ends): the lessons never work a rule out for themselves.
//!
//! The learner plays the side at the bottom, and is "you"; the other side is named as the
//! caller asks ("Black", or the colour of its men).

mod bearing_off;
mod binding;
mod blots;
mod draw;
mod games;
mod ketch_dolt;
mod pastimes;
mod points;
mod throws;
mod ticktack;
mod tiles;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::pastimes::Game as Pastime;
use crate::tables::Position;
use crate::teaching::points::Naming;
use crate::tiles::Line;
use draw::Names;

/// One lesson: a kind of exercise, drawn afresh each time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lesson {
    /// The names of the points, from either side, in words and in numbers.
    Points,
    /// A throw played: what may be played, playing at length, and what may not and why.
    Throws,
    /// Blots: which men stand alone, and how many throws hit one.
    Blots,
    /// The bound table: whether a table is bound, and which point to break.
    Binding,
    /// Bearing off under each rule: over the edge, exact, modern.
    BearingOff,
    /// How the games at tables differ: the rules of each, from the sources.
    Games,
    /// The tiles: which tiles fit the line, and what Muggins scores.
    Tiles,
    /// Tick-tack: whether a throw hits (a stop in the way), and the why-not.
    TickTack,
    /// Ketch-Dolt: what a number thrown must do, and the draw owed that dolts a player who
    /// takes from the heap instead.
    KetchDolt,
    /// Doublets and Sice-Ace: what a number of a throw becomes at Doublets, and what a throw
    /// does at Sice-Ace.
    Pastimes,
}

impl Lesson {
    /// Every lesson, in the order the window lists them.
    pub const ALL: [Lesson; 10] = [
        Lesson::Points,
        Lesson::Throws,
        Lesson::Blots,
        Lesson::Binding,
        Lesson::BearingOff,
        Lesson::Games,
        Lesson::TickTack,
        Lesson::Tiles,
        Lesson::KetchDolt,
        Lesson::Pastimes,
    ];

    /// The lesson's name.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Lesson::Points => "The names of the points",
            Lesson::Throws => "A throw played",
            Lesson::Blots => "Blots and shots",
            Lesson::Binding => "Binding and breaking",
            Lesson::BearingOff => "Bearing off",
            Lesson::Games => "How the games differ",
            Lesson::Tiles => "The tiles",
            Lesson::TickTack => "The hit and the why-not",
            Lesson::KetchDolt => "Draw, or be dolted",
            Lesson::Pastimes => "Doublets and Sice-Ace",
        }
    }

    /// What the lesson teaches, in a line.
    #[must_use]
    pub fn about(self) -> &'static str {
        match self {
            Lesson::Points => {
                "Ace, deuce, trey, cater, cinque and sice: each side counts the points from its own ace point."
            }
            Lesson::Throws => {
                "What a throw may play, playing at length, and what may not be played and why."
            }
            Lesson::Blots => "Which men stand alone, and how many throws of the dice hit one.",
            Lesson::Binding => "When a table is bound, and which point to break under Willughby.",
            Lesson::BearingOff => "Which die bears a man off: over the edge, exact, or modern.",
            Lesson::Games => {
                "Irish, Backgammon, Fails, Todas Tablas and Nard: what each plays differently."
            }
            Lesson::Tiles => "Which tiles fit the line, and what the ends score at Muggins.",
            Lesson::TickTack => {
                "Tick-tack: whether a throw hits, when a stop in the way spoils it, and what a player owes who lets his hit pass."
            }
            Lesson::KetchDolt => {
                "Ketch-Dolt: whether a number thrown lays a man from the heap, draws from the adversary's point or bears, and when taking from the heap dolts a player."
            }
            Lesson::Pastimes => {
                "Doublets: what a number thrown lays down or bears, and the adversary's use of a number you cannot use. Sice-Ace: what an ace, a sice and a doublet do."
            }
        }
    }

    /// The lesson's name in files (the settings keep progress under it).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Lesson::Points => "points",
            Lesson::Throws => "throws",
            Lesson::Blots => "blots",
            Lesson::Binding => "binding",
            Lesson::BearingOff => "bearing_off",
            Lesson::Games => "games",
            Lesson::Tiles => "tiles",
            Lesson::TickTack => "tick_tack",
            Lesson::KetchDolt => "ketch_dolt",
            Lesson::Pastimes => "pastimes",
        }
    }

    /// An exercise of this lesson, drawn from `seed` (the same seed, the same exercise);
    /// `adversary` names the side at the top ("Black").
    #[must_use]
    pub fn exercise(self, seed: u64, adversary: &str) -> Exercise {
        let mut rng = StdRng::seed_from_u64(seed ^ (self as u64).wrapping_mul(0x9e37_79b9));
        let to = Names::new(adversary);
        let exercise = match self {
            Lesson::Points => {
                if rng.random_bool(0.5) {
                    points::click_point(&mut rng, &to)
                } else {
                    points::name_point(&mut rng, &to)
                }
            }
            Lesson::Throws => throws::throw_played(&mut rng, &to),
            Lesson::Blots => {
                if rng.random_bool(0.5) {
                    blots::find_blots(&mut rng, &to)
                } else {
                    blots::count_shots(&mut rng, &to)
                }
            }
            Lesson::Binding => {
                if rng.random_bool(0.5) {
                    binding::is_bound(&mut rng, &to)
                } else {
                    binding::break_point(&mut rng, &to)
                }
            }
            Lesson::BearingOff => bearing_off::bear_off(&mut rng, &to),
            Lesson::Games => games::games_differ(&mut rng),
            Lesson::Tiles => {
                if rng.random_bool(0.5) {
                    tiles::tiles_fit(&mut rng)
                } else {
                    tiles::muggins_score(&mut rng)
                }
            }
            Lesson::TickTack => {
                if rng.random_bool(0.5) {
                    ticktack::hit_or_not(&mut rng, &to)
                } else {
                    ticktack::why_not(&mut rng, &to)
                }
            }
            Lesson::KetchDolt => ketch_dolt::draw_or_dolt(&mut rng, &to),
            Lesson::Pastimes => {
                if rng.random_bool(0.5) {
                    pastimes::doublets_number(&mut rng, &to)
                } else {
                    pastimes::sice_ace_throw(&mut rng, &to)
                }
            }
        };
        Exercise {
            lesson: self,
            ..exercise
        }
    }
}

/// What the board of an exercise shows, from the learner's side at the bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The men, in the learner's numbering.
    pub position: Position,
    /// The dice shown.
    pub dice: Vec<u8>,
    /// A point ringed for the question (the learner's numbering), if one is.
    pub marked: Option<u8>,
    /// How the game of the exercise names its points (Tick-tack from where the men start).
    pub naming: Naming,
}

impl Board {
    /// The men alone: no dice, no point ringed.
    #[must_use]
    pub fn plain(position: Position) -> Board {
        Board {
            position,
            dice: Vec::new(),
            marked: None,
            naming: Naming::Homeward,
        }
    }
}

/// The table of an exercise at one of the pastimes: the game as the engine holds it, and who
/// sits at each seat (the learner "You" at the first, drawn at the bottom).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PastimeTable {
    pub game: Pastime,
    /// The name of each seat, seat by seat: "You", then the adversary ("Black").
    pub seats: Vec<String>,
}

/// How an exercise is answered, with a note on every answer that may be given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A click on a point of the board (the learner's numbering); any of `right` is right.
    /// `notes[p - 1]` says what point `p` is to the question.
    Point { right: Vec<u8>, notes: Vec<String> },
    /// One of `options`; `right` is the index of the right one, and `notes[i]` says why
    /// option `i` is right or wrong.
    Choice {
        options: Vec<String>,
        right: usize,
        notes: Vec<String>,
    },
}

/// What the learner answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Given {
    /// A point of the board, in the learner's numbering (1..=24).
    Point(u8),
    /// The option at this index.
    Choice(usize),
}

/// An answer judged: whether it was right, and the explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub right: bool,
    /// What the answer given was, then the rule, then the sources that say it.
    pub words: String,
}

/// One exercise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exercise {
    pub lesson: Lesson,
    /// The question.
    pub prompt: String,
    /// The position on the board, for the exercises at tables.
    pub board: Option<Board>,
    /// The tiles laid, left to right, for the exercises at tiles.
    pub line: Option<Line>,
    /// The table, for the exercises at the pastimes.
    pub pastime: Option<PastimeTable>,
    pub answer: Answer,
    /// The rule behind the answer, in the period words.
    pub why: String,
    /// The sources that say it, by name.
    pub sources: Vec<String>,
}

impl Exercise {
    /// Judges an answer. An answer of the wrong kind (a point for a choice, say) or out of
    /// range is wrong, and says what was wanted.
    #[must_use]
    pub fn judge(&self, given: Given) -> Verdict {
        let (right, note) = match (&self.answer, given) {
            (Answer::Point { right, notes }, Given::Point(p)) if (1..=24).contains(&p) => {
                (right.contains(&p), notes[usize::from(p) - 1].clone())
            }
            (Answer::Choice { right, notes, .. }, Given::Choice(i)) if i < notes.len() => {
                (*right == i, notes[i].clone())
            }
            (Answer::Point { .. }, _) => (false, "Answer with a point of the board.".into()),
            (Answer::Choice { .. }, _) => (false, "Answer with one of the choices.".into()),
        };
        let opening = if right { "Right." } else { "Not so." };
        let mut words = format!("{opening} {note} {}", self.why);
        if !self.sources.is_empty() {
            words.push_str(&format!(" ({}.)", self.sources.join("; ")));
        }
        Verdict { right, words }
    }

    /// The right answer, as [`Exercise::judge`] takes it (the first right point).
    #[must_use]
    pub fn right_answer(&self) -> Given {
        match &self.answer {
            Answer::Point { right, .. } => Given::Point(right.first().copied().unwrap_or(1)),
            Answer::Choice { right, .. } => Given::Choice(*right),
        }
    }
}

/// A learner's record at one lesson.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    /// Exercises answered.
    pub tried: u32,
    /// Answered right the first time.
    pub right: u32,
    /// Right answers in a row, to now.
    pub streak: u32,
    /// The longest run of right answers.
    pub best: u32,
}

impl Progress {
    /// Counts one exercise answered.
    pub fn record(&mut self, right: bool) {
        self.tried = self.tried.saturating_add(1);
        if right {
            self.right = self.right.saturating_add(1);
            self.streak = self.streak.saturating_add(1);
            self.best = self.best.max(self.streak);
        } else {
            self.streak = 0;
        }
    }

    /// The record in words: "7 of 9 right, 3 in a row (best 5)".
    #[must_use]
    pub fn words(&self) -> String {
        if self.tried == 0 {
            return "not tried yet".to_string();
        }
        format!(
            "{} of {} right, {} in a row (best {})",
            self.right, self.tried, self.streak, self.best
        )
    }
}

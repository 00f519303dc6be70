//! The computer at the table: it thinks on a thread of its own, so the window keeps drawing
//! (and shows that it is thinking), and its answer is applied through the same gate as a
//! person's. It takes its turn at a person's pace, and ranks the plays of a throw for a hint.

use std::sync::mpsc::{Receiver, TryRecvError, channel};

use egui::RichText;

use crate::ai::{CubeAction, CubeHint, Decision, cube_hint, decide, rank_plays};
use crate::level::Level;
use crate::players::Controller;
use crate::session::Session;
use crate::tables::{Action, Event, Game, Phase, Play, RuleError, Side};

/// How long the computer waits after acting, so a person can follow what it does (seconds).
const PACE: f64 = 0.6;

/// The exact game a question was about: which session (its generation, bumped whenever the
/// window replaces its session: a game opened, a new game, a replay taken over) and how far
/// into its record. Two games may have records of one length, so the length alone could apply
/// an answer about one game to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct About {
    pub generation: u64,
    pub actions: usize,
}

/// A question put to the computer, and where its answer will come.
pub struct Thinking<T> {
    /// The game asked about: an answer about another game, or an older state of this one, is
    /// thrown away.
    pub about: About,
    answer: Receiver<T>,
}

impl<T: Send + 'static> Thinking<T> {
    /// Starts working `f` out on its own thread; `wake` is called when the answer is ready.
    pub fn start(
        about: About,
        f: impl FnOnce() -> T + Send + 'static,
        wake: impl FnOnce() + Send + 'static,
    ) -> Thinking<T> {
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let _ = tx.send(f());
            wake();
        });
        Thinking { about, answer: rx }
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
    about: About,
    wake: impl FnOnce() + Send + 'static,
) -> Thinking<Option<Decision>> {
    let game = game.clone();
    Thinking::start(about, move || decide(&game, level), wake)
}

/// Asks the computer for the best few plays of the throw in `game`, for a hint.
pub fn ask_hint(
    game: &Game,
    about: About,
    wake: impl FnOnce() + Send + 'static,
) -> Thinking<Vec<(Play, f32)>> {
    let game = game.clone();
    Thinking::start(about, move || rank_plays(&game, Level::Expert, 5), wake)
}

/// Asks the computer what to do with the cube now in `game`, for a hint.
pub fn ask_cube_hint(
    game: &Game,
    about: About,
    wake: impl FnOnce() + Send + 'static,
) -> Thinking<Option<CubeHint>> {
    let game = game.clone();
    Thinking::start(about, move || cube_hint(&game, Level::Expert), wake)
}

/// Whether `game` waits for a cube decision on which a hint can be given: the side on roll
/// may double before it throws, or a double waits for its answer.
#[must_use]
pub fn at_cube_decision(game: &Game) -> bool {
    match game.phase() {
        Phase::ToThrow => game.choices().contains(&Action::Double),
        Phase::DoubleOffered => true,
        _ => false,
    }
}

/// What the computer did at the table.
#[derive(Debug)]
pub enum Move {
    /// It acted (or had nothing to do), and these are the events.
    Made(Vec<Event>),
    /// The game refused what it chose.
    Refused(RuleError),
    /// Its thread died without an answer.
    Undecided,
}

/// The computer's side of the window: the decision it is working out, when it may act again,
/// and the hint it is working out or last gave.
#[derive(Default)]
pub struct Computer {
    thinking: Option<Thinking<Option<Decision>>>,
    /// Not before this time (the window's clock) does the computer act again: a person can
    /// follow what it does.
    not_before: f64,
    /// The computer ranking the plays of this throw for a hint, and its last answer (with the
    /// game it was for).
    hint_job: Option<Thinking<Vec<(Play, f32)>>>,
    hint: Option<(About, Vec<(Play, f32)>)>,
    /// The same for a cube decision.
    cube_hint_job: Option<Thinking<Option<CubeHint>>>,
    cube_hint: Option<(About, CubeHint)>,
    /// The session's generation: bumped by [`Computer::new_session`].
    generation: u64,
}

/// The level of the computer if it is the computer's turn to act (in throw-offs: when no
/// person sits at the table, the strongest level at it).
fn level_to_act(session: &Session) -> Option<Level> {
    let level = |c: Controller| match c {
        Controller::Computer(level) => Some(level),
        Controller::Person | Controller::Distance => None,
    };
    match session.acting_player() {
        Some(p) => level(p.controller),
        None if session.game().is_over() => None,
        None => {
            let levels: Vec<Level> = Side::BOTH
                .iter()
                .flat_map(|&s| session.seats().seat(s).players.iter())
                .map(|p| level(p.controller))
                .collect::<Option<Vec<_>>>()?;
            levels.into_iter().max()
        }
    }
}

impl Computer {
    /// The window has replaced its session: whatever the computer was working out, or last
    /// hinted, was about another game.
    pub fn new_session(&mut self) {
        self.generation += 1;
        self.thinking = None;
        self.hint_job = None;
        self.hint = None;
        self.cube_hint_job = None;
        self.cube_hint = None;
    }

    /// `game`, as the session it belongs to now has it.
    fn about(&self, game: &Game) -> About {
        About {
            generation: self.generation,
            actions: game.record().len(),
        }
    }

    /// Whether the computer is working out its next action.
    #[must_use]
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Collects the computer's answer if it has come, and applies it if the game is still
    /// where it was when asked.
    pub fn answer(&mut self, session: &mut Session, now: f64) -> Option<Move> {
        let job = self.thinking.as_ref()?;
        let answer = job.poll()?;
        let about = job.about;
        self.thinking = None;
        if about != self.about(session.game()) {
            return None;
        }
        let result = match answer {
            Ok(Some(Decision::Play(play))) => session.apply_play(&play),
            Ok(Some(Decision::Action(action))) => session.apply(action),
            Ok(None) if session.game().waits_for_dice() => session.throw(),
            Ok(None) => Ok(Vec::new()),
            Err(()) => {
                self.not_before = now + PACE;
                return Some(Move::Undecided);
            }
        };
        Some(self.made(now, result))
    }

    /// Lets the computer take its turn if it is its turn: throws at once when there is nothing
    /// to decide, else starts it thinking (`wake` repaints when the answer is ready). Waits
    /// while it is still thinking, and between its actions.
    pub fn act(&mut self, ctx: &egui::Context, session: &mut Session, now: f64) -> Option<Move> {
        if self.thinking.is_some() || session.game().is_over() {
            return None;
        }
        let level = level_to_act(session)?;
        if now < self.not_before {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(self.not_before - now));
            return None;
        }
        let game = session.game();
        // Before a throw it may double, or give a lost game up: it thinks first.
        let before_throw = game.phase() == Phase::ToThrow && game.may_resign().is_some();
        if session.game().waits_for_dice() && !before_throw {
            // Nothing to decide: the computer throws.
            let result = session.throw();
            return Some(self.made(now, result));
        }
        let wake = ctx.clone();
        let about = self.about(game);
        self.thinking = Some(ask_decision(game, level, about, move || {
            wake.request_repaint();
        }));
        None
    }

    fn made(&mut self, now: f64, result: Result<Vec<Event>, RuleError>) -> Move {
        self.not_before = now + PACE;
        match result {
            Ok(events) => Move::Made(events),
            Err(e) => Move::Refused(e),
        }
    }

    /// Whether a hint is being worked out.
    #[must_use]
    pub fn hint_asked(&self) -> bool {
        self.hint_job.is_some() || self.cube_hint_job.is_some()
    }

    /// Starts the computer ranking the plays of the throw in `game`, or weighing the cube
    /// decision `game` waits for, unless it is already.
    pub fn ask_hint(&mut self, ctx: &egui::Context, game: &Game) {
        if self.hint_asked() {
            return;
        }
        let wake = ctx.clone();
        let about = self.about(game);
        if game.phase() == Phase::Playing {
            self.hint_job = Some(ask_hint(game, about, move || wake.request_repaint()));
        } else if at_cube_decision(game) {
            self.cube_hint_job = Some(ask_cube_hint(game, about, move || {
                wake.request_repaint();
            }));
        }
    }

    /// Keeps the hint once it has come; returns the cube hint when one has just come for the
    /// game as it stands (for the screen reader to say).
    pub fn poll_hint(&mut self, game: &Game) -> Option<CubeHint> {
        if let Some(job) = &self.hint_job
            && let Some(answer) = job.poll()
        {
            let at = job.about;
            self.hint_job = None;
            if let Ok(plays) = answer {
                self.hint = Some((at, plays));
            }
        }
        if let Some(job) = &self.cube_hint_job
            && let Some(answer) = job.poll()
        {
            let at = job.about;
            self.cube_hint_job = None;
            if let Ok(Some(hint)) = answer {
                self.cube_hint = Some((at, hint));
                return (at == self.about(game)).then_some(hint);
            }
        }
        None
    }

    /// The cube hint for `game` as it stands, if the computer has given one.
    #[must_use]
    pub fn cube_hint_for(&self, game: &Game) -> Option<&CubeHint> {
        let (at, hint) = self.cube_hint.as_ref()?;
        (*at == self.about(game)).then_some(hint)
    }

    /// The hint for the throw being played in `game`, if the computer has given one for this
    /// very state.
    #[must_use]
    pub fn hint_for(&self, game: &Game) -> Option<&[(Play, f32)]> {
        let (at, plays) = self.hint.as_ref()?;
        (*at == self.about(game)).then_some(plays.as_slice())
    }
}

/// The hint atop the story: the computer's best plays of the throw in `game`, each with its
/// value.
pub fn show_hint(ui: &mut egui::Ui, session: &Session, plays: &[(Play, f32)]) {
    ui.label(RichText::new("Hint: the computer's best plays").strong());
    let game = session.game();
    let pos = game.position_for(game.turn());
    let adversary = format!("{}'s", session.colour_name(game.turn().other()));
    for (i, (play, value)) in plays.iter().enumerate() {
        let steps = play.steps.to_vec();
        let text = crate::teaching::points::play_text(&pos, &steps, game.rules());
        ui.label(format!("{}. {text}   ({value:+.3})", i + 1));
        // The same play in the words of the story and the board's labels.
        let words = crate::teaching::verdict::advice(&pos, &steps, game.rules(), &adversary);
        ui.label(RichText::new(format!("    {words}")).small());
    }
    ui.label(
        RichText::new("Values are the stakes the mover may expect to win (negative: to lose).")
            .small(),
    );
    ui.separator();
}

/// A chance as a person reads it, to a tenth of a percent: "62.3%".
fn percent(p: f32) -> String {
    format!("{:.1}%", p * 100.0)
}

/// The cube hint in words for the person who is to decide: what the computer would do and
/// why, with the three values (and in a match each one's chances to win the match), from his
/// side of the board: the doubler's, or the taker's when a double waits for an answer.
#[must_use]
pub fn cube_hint_words(hint: &CubeHint) -> Vec<String> {
    let double = if hint.redouble { "redouble" } else { "double" };
    let mut lines = Vec::new();
    if hint.offered {
        // The taker's side: his values are the doubler's, turned round.
        let v = hint.values;
        let (take, pass) = (-v.double_take, -v.double_drop);
        let advice = if hint.action.takes() {
            "Take: playing on with the cube is worth more to you than passing"
        } else {
            "Pass: taking would cost you more than giving up the game now"
        };
        lines.push(format!("{advice}."));
        let mut take_line = format!("Take: {take:+.3}");
        let mut pass_line = format!("Pass: {pass:+.3}");
        if let Some(c) = hint.chances {
            take_line += &format!(
                ", {} chances to win the match",
                percent(1.0 - c.double_take)
            );
            pass_line += &format!(
                ", {} chances to win the match",
                percent(1.0 - c.double_drop)
            );
        }
        lines.push(take_line);
        lines.push(pass_line);
    } else {
        let advice = match hint.action {
            CubeAction::NoDoubleTake => format!("Do not {double} yet: throw the dice"),
            CubeAction::DoubleTake => {
                format!("{}: the other side should take", capital(double))
            }
            CubeAction::DoublePass => {
                format!("{}: the other side should pass", capital(double))
            }
            CubeAction::TooGoodTake | CubeAction::TooGoodPass => {
                format!("Too good to {double}: throw the dice and play on for a gammon")
            }
            CubeAction::DeadCube => format!(
                "Never {double} here: winning this game at the cube as it stands already wins \
                 you the match, so a {double} could only help the other side"
            ),
        };
        lines.push(format!("{advice}."));
        let v = hint.values;
        let rows = [
            (
                format!("No {double}"),
                v.no_double,
                hint.chances.map(|c| c.no_double),
            ),
            (
                format!("{}, and a take", capital(double)),
                v.double_take,
                hint.chances.map(|c| c.double_take),
            ),
            (
                format!("{}, and a pass", capital(double)),
                v.double_drop,
                hint.chances.map(|c| c.double_drop),
            ),
        ];
        for (name, value, chance) in rows {
            let mut line = format!("{name}: {value:+.3}");
            if let Some(c) = chance {
                line += &format!(", {} chances to win the match", percent(c));
            }
            lines.push(line);
        }
    }
    lines
}

fn capital(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The cube hint atop the story.
pub fn show_cube_hint(ui: &mut egui::Ui, hint: &CubeHint) {
    ui.label(RichText::new("Hint: what to do with the cube").strong());
    for line in cube_hint_words(hint) {
        ui.label(line);
    }
    let note = if hint.offered {
        "Values are what you may expect to win (negative: to lose), counted in the cube's \
         value as it stands: passing loses exactly that, -1.000."
    } else {
        "Values are what you may expect to win (negative: to lose), counted in the cube's \
         value as it stands: a pass wins you exactly that, +1.000."
    };
    ui.label(RichText::new(note).small());
    ui.separator();
}

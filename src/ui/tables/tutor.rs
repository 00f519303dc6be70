//! The tutor at the table, in the window: a person's choice the tutor looks at (lifting the
//! dice, a cube action, the point broken, Double-hand's throw) is held back while the computer
//! judges it on a thread of its own ([`crate::tutor::check`]); a choice that loses less than
//! the mark asked then goes through, and one that loses more is pointed out under the board,
//! in the period's words, with the better choice lit on the board, until the person takes it
//! back or plays on. While the tutor judges or speaks, nothing else acts on the game; an answer
//! about a game that has changed meanwhile (another game opened, a new game) is dropped.

use egui::RichText;

use crate::ai::judge::Mark;
use crate::session::Session;
use crate::tables::{Action, Game, Phase, Side};
use crate::tutor::{Better, Chosen, Warning, check};
use crate::ui::shell::message::Message;
use crate::ui::tables::board_view::Place;
use crate::ui::tables::computer::{About, Thinking};
use crate::ui::tables::input::person_acts;
use crate::ui::tables::intent::Intent;
use crate::ui::tables::orientation::Orientation;

/// A choice held back: what the person asked, and the game he asked it in.
struct Held {
    intent: Intent,
    chosen: Chosen,
    game: Game,
}

/// The better choice, kept lit after the person took his back, while the same choice is
/// still to be made: the turn and what the game waited for.
struct Advice {
    turns: u32,
    phase: Phase,
    better: Better,
}

/// The tutor's side of the window.
#[derive(Default)]
pub struct Tutor {
    /// The choice being judged, and where the judgement will come.
    judging: Option<(Held, Thinking<Option<Warning>>)>,
    /// The choice pointed out, and what the tutor said of it.
    warning: Option<(Held, Warning)>,
    /// The choice the person carries out as it stands: let through once, unjudged.
    let_through: Option<Intent>,
    advice: Option<Advice>,
    /// Bumped whenever the window replaces its game.
    generation: u64,
}

impl Tutor {
    /// The window has replaced its game: whatever the tutor held, judged or advised was about
    /// another game.
    pub fn forget(&mut self) {
        *self = Tutor {
            generation: self.generation + 1,
            ..Tutor::default()
        };
    }

    /// Whether the tutor is judging a choice or pointing one out: the game waits for him.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.judging.is_some() || self.warning.is_some()
    }

    /// Whether the tutor is judging a choice now.
    #[must_use]
    pub fn is_judging(&self) -> bool {
        self.judging.is_some()
    }

    /// What the tutor said of the choice he points out, while he does.
    #[must_use]
    pub fn warning(&self) -> Option<&Warning> {
        self.warning.as_ref().map(|(_, w)| w)
    }

    /// What becomes of `intent` before it is applied: `Some` to apply it now; `None` when it
    /// is held back to be judged (`least`: the tutor's mark, `None` when he is off), or when
    /// it would act on the game while the tutor judges or speaks. The window is repainted when
    /// the judgement is ready.
    pub fn intercept(
        &mut self,
        ctx: &egui::Context,
        intent: Intent,
        session: &Session,
        least: Option<Mark>,
    ) -> Option<Intent> {
        if self.let_through.as_ref() == Some(&intent) {
            self.let_through = None;
            return Some(intent);
        }
        if self.is_busy() {
            let window_only = intent.is_for_anyone() || matches!(intent, Intent::Share(_));
            return window_only.then_some(intent);
        }
        let (Some(least), true) = (least, person_acts(session)) else {
            return Some(intent);
        };
        let game = session.game();
        let chosen = match &intent {
            Intent::Action(action) => Chosen::of(game, *action),
            Intent::Throw => Chosen::by_throwing(game),
            _ => None,
        };
        let Some(chosen) = chosen else {
            return Some(intent);
        };
        let colours = Side::BOTH.map(|side| session.colour_name(side));
        let about = About {
            generation: self.generation,
            actions: game.record().len(),
        };
        let asked = game.clone();
        let wake = ctx.clone();
        let job = Thinking::start(
            about,
            move || check(&asked, chosen, least, colours),
            move || wake.request_repaint(),
        );
        let held = Held {
            intent,
            chosen,
            game: game.clone(),
        };
        self.judging = Some((held, job));
        None
    }

    /// Once a frame, before the person's intents: the judgement, once it has come. A choice
    /// that loses less than the mark is returned, to be carried out now; one that loses more
    /// is pointed out. A judgement, or a warning, about a game that has changed since is
    /// dropped, and so is the choice held.
    pub fn poll(&mut self, session: &Session) -> Option<Intent> {
        // A choice let through was carried out in the frame it was let through in.
        self.let_through = None;
        let game = session.game();
        if self.warning.as_ref().is_some_and(|(h, _)| h.game != *game) {
            self.warning = None;
        }
        let (_, job) = self.judging.as_ref()?;
        let answer = job.poll()?;
        let current = job.about.generation == self.generation;
        let (held, _) = self.judging.take()?;
        if !current || held.game != *game {
            return None;
        }
        match answer {
            Ok(Some(warning)) => {
                self.warning = Some((held, warning));
                None
            }
            // Nothing to point out, or the judging failed: the choice is the person's.
            Ok(None) | Err(()) => {
                self.let_through = Some(held.intent.clone());
                Some(held.intent)
            }
        }
    }

    /// Under the board, in place of the game's buttons while the tutor is busy: that he is
    /// looking, or what he says with "Take it back" and "Play on". What the person answers is
    /// added to `intents`; a choice taken back is said in `message`.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        intents: &mut Vec<Intent>,
        message: &mut Option<Message>,
    ) {
        if self.judging.is_some() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(RichText::new("The tutor looks at your choice…").italics());
            });
            return;
        }
        let Some((held, warning)) = &self.warning else {
            return;
        };
        let heading = format!("The tutor: {}", warning.heading);
        ui.label(RichText::new(heading).strong().size(18.0));
        ui.label(&warning.text);
        let mut answer = None;
        // Under touch and take the men moved stay moved: taking a play back only keeps the
        // dice from being lifted.
        let men_return = !session.game().rules().touch_and_take;
        ui.horizontal(|ui| {
            let back = match held.chosen {
                Chosen::Play if men_return => "Take it back  (the men return)",
                _ => "Take it back",
            };
            if ui.button(back).clicked() {
                answer = Some(false);
            }
            if ui.button("Play on").clicked() {
                answer = Some(true);
            }
        });
        let Some(play_on) = answer else {
            return;
        };
        let Some((held, warning)) = self.warning.take() else {
            return;
        };
        if play_on {
            self.let_through = Some(held.intent.clone());
            intents.push(held.intent);
            return;
        }
        let game = session.game();
        let claim_first = matches!(warning.better, Better::Claim(_));
        let hit_first = matches!(warning.better, Better::Claim(crate::tables::Claim::Hit));
        if held.chosen == Chosen::Play && men_return {
            intents.extend(
                game.steps_played()
                    .iter()
                    .map(|_| Intent::Action(Action::Undo)),
            );
        }
        self.advice = Some(Advice {
            turns: game.turns(),
            phase: game.phase(),
            better: warning.better,
        });
        *message = Some(Message::info(match (claim_first, held.chosen) {
            (true, _) if hit_first => {
                "Taken back: make the claim first (the man that hits and the man he hits are lit)"
            }
            (true, _) => "Taken back: make the claim first",
            (_, Chosen::Play | Chosen::Break(_)) => {
                "Taken back: the better choice is lit on the board"
            }
            _ => "Taken back: choose again",
        }));
    }

    /// The places to light on the board for the better choice (its play's men, the point to
    /// break, the man that hits and the man he hits) while the tutor points a choice out in `game`, or after it was taken back until
    /// the choice is made.
    #[must_use]
    pub fn lit(&self, game: &Game, view: Orientation) -> Option<Vec<Place>> {
        let better = match (&self.warning, &self.advice) {
            (Some((held, warning)), _) if held.game == *game => &warning.better,
            (None, Some(advice))
                if advice.turns == game.turns() && advice.phase == game.phase() =>
            {
                &advice.better
            }
            _ => return None,
        };
        match better {
            Better::Play { play, .. } => {
                let mover = game.turn();
                let places = play
                    .steps
                    .iter()
                    .flat_map(|s| [s.from(), s.to()])
                    .map(|p| view.mover_to_bottom(mover, p))
                    .collect();
                Some(places)
            }
            Better::Break { binder, point } => Some(vec![view.mover_to_bottom(*binder, *point)]),
            // A hit to claim: the man that reaches and the lone man he reaches.
            Better::Claim(crate::tables::Claim::Hit) => {
                let mover = game.turn();
                crate::teaching::verdict::hit_reach(game).map(|way| {
                    [way.from, way.to]
                        .into_iter()
                        .filter_map(|p| u8::try_from(p).ok())
                        .map(|p| view.mover_to_bottom(mover, p))
                        .collect()
                })
            }
            Better::Cube(_) | Better::Throw(_) | Better::Claim(_) => None,
        }
    }
}

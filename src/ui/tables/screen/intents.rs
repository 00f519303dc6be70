//! What the person asked for, applied after the frame: a throw, a play, a man picked up, the
//! next game, a replay stepped, a hint, the board's survey, a sharing. Each goes to the
//! session (and so to `Game::apply`) or to the part of the window it is for; what the session
//! answers is shown as events.

use super::TablesScreen;
use crate::tables::{Action, Side};
use crate::ui::shell::message::Message;
use crate::ui::shell::screen::Shell;
use crate::ui::tables::intent::Intent;
use crate::ui::tables::replaying::ReplayView;
use crate::ui::tables::tooltips;

/// What a click on a man before the throw is answered with.
const THROW_FIRST: &str = "Throw first: click your dice box (lit) or press Space, then move a man.";

impl TablesScreen {
    /// Applies one thing the person asked for.
    pub(super) fn apply(&mut self, ctx: &egui::Context, shell: &mut Shell, intent: Intent) {
        let least = shell.settings.tutor.least();
        let Some(intent) = self
            .helpers
            .tutor
            .intercept(ctx, intent, &self.session, least)
        else {
            return;
        };
        let before = self.session.game().position();
        let by_hand = matches!(intent, Intent::Placed(_));
        // Under touch and take a claim made with a man in hand leaves him in hand.
        let held = matches!(intent, Intent::Action(Action::Claim(_)))
            .then_some(self.board.picked.from)
            .flatten();
        let result = match intent {
            Intent::Throw if self.board.animation.is_some() => {
                self.board.animation = None;
                return;
            }
            Intent::Throw | Intent::Action(_) | Intent::Steps(_) | Intent::Placed(_)
                if self.session.abandoned().is_some() =>
            {
                shell.message = Some(Message::info(crate::ui::shell::leaving::ENDED));
                return;
            }
            Intent::Throw if self.helpers.remote.is_some() => {
                self.throw_remote(shell);
                return;
            }
            Intent::Throw if self.session.seats().at_a_distance() => {
                shell.message = Some(Message::info(crate::ui::net::NO_LINE));
                return;
            }
            Intent::NextGame | Intent::ReplayTakeOver if self.helpers.remote.is_some() => {
                shell.message = Some(Message::info(
                    "A game with a friend at a distance is one game: offer another from Game → \
                     Play a friend over the network.",
                ));
                return;
            }
            Intent::Throw => self.session.throw(),
            Intent::Action(Action::Step(step)) => self.session.play_steps(&[step]),
            Intent::Action(a) => self.session.apply(a),
            Intent::Steps(steps) | Intent::Placed(steps) => self.session.play_steps(&steps),
            Intent::Select(from) => {
                if let Some(why) = self.board.picked.bound(self.session.game(), from) {
                    shell.message = Some(Message::info(why));
                    return;
                }
                self.board.picked.pick(self.session.game(), from);
                return;
            }
            Intent::SkipAnimation => {
                self.board.animation = None;
                self.board.slides.skip();
                return;
            }
            Intent::ThrowFirst => {
                shell.message = Some(Message::info(THROW_FIRST));
                return;
            }
            Intent::NextGame => {
                self.clear_table();
                self.helpers.computer.new_session();
                self.session.next_game().map(|()| Vec::new())
            }
            Intent::ReplayStart => {
                match ReplayView::start(self.session.game(), self.session.seats()) {
                    Ok(replay) => {
                        self.board.replaying = replay;
                        self.board.slides.skip();
                    }
                    Err(e) => {
                        shell.message =
                            Some(Message::error(format!("Cannot replay this game: {e}")));
                    }
                }
                return;
            }
            Intent::ReplayEarlier(i) => {
                if let Some(record) = self.session.earlier().get(i) {
                    let number = record.tally_before().games + 1;
                    self.board.replaying =
                        ReplayView::earlier(record.clone(), number, self.session.seats());
                    self.board.slides.skip();
                }
                return;
            }
            Intent::ReplayTo(n) => {
                if let Some(r) = self.board.replaying.take() {
                    let before = r.shown().game().position();
                    let events = r.events_to(n);
                    self.board.replaying = r.go_to(n, &events);
                    self.board.slides.skip();
                    self.slide(before, &events, shell);
                }
                self.board.animation = None;
                return;
            }
            Intent::ReplayTakeOver => {
                if let Some(r) = self.board.replaying.take_if(|r| r.may_play_on()) {
                    let file = self.file.take();
                    let session = r
                        .take_over(self.session.seats(), shell.launch.dice())
                        .with_earlier(self.session.earlier().to_vec());
                    self.replace_session(session, file);
                    shell.message = Some(Message::info(
                        "You play on from here: the rest of the record is set aside",
                    ));
                }
                return;
            }
            Intent::ReplayLeave => {
                self.board.replaying = None;
                self.board.slides.skip();
                return;
            }
            Intent::Analyse => return self.analyse(ctx),
            Intent::RollOut => return self.roll_out(ctx),
            Intent::Hint => {
                self.helpers.computer.ask_hint(ctx, self.session.game());
                return;
            }
            Intent::Survey => {
                let shown = self.shown();
                let names = [
                    shown.colour_name(Side::White),
                    shown.colour_name(Side::Black),
                ];
                let view = self.view(&shell.settings);
                // Said whole to a screen reader, and shown (cut, if long) under the status line.
                let survey = tooltips::survey(shown.game(), view.bottom, names, view.numbers);
                shell.announcer.say(survey.clone());
                shell.message = Some(Message::info(survey).said_already());
                return;
            }
            Intent::Share(share) => {
                self.share(ctx, share, shell);
                return;
            }
        };
        self.board.picked.clear();
        if held.is_some()
            && self.session.game().rules().touch_and_take
            && self.session.game().phase() == crate::tables::Phase::Playing
        {
            self.board.picked.pick(self.session.game(), held);
        }
        match result {
            // A man carried by hand lands as the hand lets go: heard at once.
            Ok(events) if by_hand => {
                self.land(before, &events, shell);
                self.show_events(ctx, before, &events, false, shell);
            }
            // A message lapses of itself once the game moves on (`Message::lapse`); one that
            // stays true, as a failing autosave, is kept.
            Ok(events) => self.show_events(ctx, before, &events, !by_hand, shell),
            Err(e) => shell.message = Some(Message::error(e.to_string())),
        }
    }
}

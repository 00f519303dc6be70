//! A game in play with friends at a distance, as either screen holds it: the party, what was
//! last told of its line, coming back after the line dropped, and the words and notes the
//! screen shows of it.

use std::sync::mpsc::{Receiver, TryRecvError};

use gamester_net::NetAction;
use gamester_net::party::{Party, Path, Return, State};

use super::offer::within_sentence;
use crate::teaching::plain::capitalised;
use crate::ui::shell::message::Message;
use crate::ui::shell::screen::Shell;

/// A game in play with friends at a distance, as either screen holds it: the party, and what
/// was last told of its line.
pub struct Remote {
    pub party: Party,
    told: Option<State>,
    /// What the line said since the screen last took it, for the story.
    notes: Vec<String>,
    /// (Joiner) a join again on its way, after the host's line dropped.
    rejoining: Option<Receiver<Result<Party, String>>>,
    /// (Joiner) when the last join again failed: the next waits a little.
    failed_at: Option<std::time::Instant>,
}

/// How long a joiner waits after a join again failed (its host not yet back) to try again.
const REJOIN_PAUSE: std::time::Duration = std::time::Duration::from_secs(2);

impl Remote {
    #[must_use]
    pub fn new(party: Party) -> Remote {
        Remote {
            party,
            told: None,
            notes: Vec::new(),
            rejoining: None,
            failed_at: None,
        }
    }

    /// (Joiner) joins the host again by itself, while the game lasts, when the line dropped
    /// without a goodbye (the host's program stopped, and may be started again on the same
    /// game); takes the party that comes back, and sits down in it at once.
    fn come_back(&mut self, ours: &[NetAction]) {
        if let Some(rx) = &self.rejoining {
            match rx.try_recv() {
                Ok(Ok(mut party)) => {
                    // What keeps this side's game on disk goes on keeping it.
                    if let Some(keeper) = self.party.take_keeper() {
                        party.set_keeper(keeper);
                    }
                    self.party = party;
                    self.rejoining = None;
                    self.failed_at = None;
                    self.notes.push("Joined the host again".into());
                }
                Ok(Err(_)) | Err(TryRecvError::Disconnected) => {
                    self.rejoining = None;
                    self.failed_at = Some(std::time::Instant::now());
                }
                Err(TryRecvError::Empty) => {}
            }
        } else if self.failed_at.is_none_or(|t| t.elapsed() >= REJOIN_PAUSE)
            && let Some(plan) = self.party.rejoining(ours.to_vec())
        {
            let (tx, rx) = std::sync::mpsc::channel();
            let spawned = std::thread::Builder::new()
                .name("gamester-rejoin".into())
                .spawn(move || {
                    let _ = tx.send(plan.join().map_err(|e| e.to_string()));
                });
            match spawned {
                Ok(_) => self.rejoining = Some(rx),
                Err(_) => self.failed_at = Some(std::time::Instant::now()),
            }
        }
        if self.party.state() == &State::Offered && self.party.table().is_some() {
            self.party.accept();
        }
    }

    /// The window stops during the game: a game kept on disk for a restart ends its line
    /// with no goodbye, as a dropped line does, so that the friends wait for it to come back
    /// (a joiner's program joins again by itself); a game not kept says goodbye.
    pub fn pause(mut self) {
        if self.party.take_keeper().is_some() && !self.party.over() {
            self.party.cut();
        }
    }

    /// Whether a join again is on its way, or waits to be tried again.
    fn coming_back(&self) -> bool {
        self.rejoining.is_some() || self.party.dropped()
    }

    /// What the line said since last asked (a friend sent away and why, a line dropped, a
    /// throw that waits), each once, for the screen to put in the story.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    /// The line's state as the note of the message line ([`Message::line`]): said to a screen
    /// reader as it changes, but not at each second of a count; lasting (shown before any
    /// other message) while the game, not over, waits on the line.
    #[must_use]
    pub fn note(&self) -> Message {
        let counting = self.party.stall().is_some_and(|s| !s.left.is_zero());
        let note = Message::info(self.words());
        let note = if counting { note.said_already() } else { note };
        let waits = self.party.abandoned().is_none()
            && !self.party.over()
            && (self.party.state() != &State::Playing || self.party.stall().is_some());
        if waits { note.lasting() } else { note }
    }

    /// The line's state, in words, for the note of the message line: with a throw or a
    /// dropped line that keeps the game waiting, the patience left before the game may be
    /// ended as abandoned.
    #[must_use]
    pub fn words(&self) -> String {
        let friends = within_sentence(&self.party.others_names());
        if self.party.abandoned().is_some() {
            return "The line is closed: the game was ended.".into();
        }
        if let Some(stall) = self.party.stall() {
            let names: Vec<String> = stall.parties.iter().map(|&p| self.party.name(p)).collect();
            let names = within_sentence(&names.join(" and "));
            let secs = stall.left.as_secs() + u64::from(stall.left.subsec_nanos() > 0);
            return match (stall.throw, secs) {
                (true, 0) => format!(
                    "The throw has waited too long on {names}: you may end the game as \
                     abandoned by them, or wait on."
                ),
                (true, s) => format!(
                    "Waiting for {names}'s share of the throw: {s} s before you may end the game."
                ),
                (false, 0) => format!(
                    "{} has not come back: you may end the game as abandoned by them, or wait \
                     on.",
                    capitalised(&names)
                ),
                (false, s) => {
                    format!("Waiting for {names} to come back… {s} s before you may end the game.")
                }
            };
        }
        match self.party.state() {
            State::Playing => match self.party.path() {
                Path::Direct => format!("{}, over the network: direct", capitalised(&friends)),
                Path::Relayed => format!(
                    "{}, over the network: through a relay",
                    capitalised(&friends)
                ),
                Path::Unknown => {
                    format!("{}, over the network: connected", capitalised(&friends))
                }
            },
            State::Waiting(0) if self.party.table().is_some_and(|t| t.me() != 0) => {
                format!("Seated again: waiting for {friends} to start…")
            }
            State::Waiting(p) => format!(
                "Waiting for {} to come back…",
                within_sentence(&self.party.name(*p))
            ),
            State::Broken(_) if self.coming_back() => format!(
                "The line to {friends} dropped: joining again by itself, to play on where the \
                 game stands…"
            ),
            // The host could not be believed: joining again would meet the same.
            State::Broken(why) if self.party.refused() => format!("The line is closed: {why}."),
            State::Broken(why) => format!(
                "The line is closed: {why}. Game → Play a friend over the network, Join with the \
                 same invitation, to play on."
            ),
            State::Inviting | State::Offered => format!("Waiting for {friends}…"),
        }
    }

    /// In the row of buttons, once a throw (or a dropped friend) has kept the game waiting
    /// past the patience, the button that ends the game as abandoned by that friend. Who left
    /// and why, when the person ends it so. The line's state in words is not in the row (it
    /// would wrap it onto two lines on a small window): it is the note of the message line
    /// ([`Remote::words`]).
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<gamester_net::party::Abandoned> {
        let stall = self.party.stall()?;
        if !stall.left.is_zero() {
            return None;
        }
        let name = within_sentence(&stall.parties.first().map(|&p| self.party.name(p))?);
        let asked = ui
            .button(format!("End the game as abandoned by {name}"))
            .on_hover_text(
                "The game stops here and is kept, with the reason, in Open recent. Waiting on \
                 costs nothing: your friend's share may still come.",
            )
            .clicked();
        if asked && self.party.abandon() {
            return self.party.abandoned().cloned();
        }
        None
    }

    /// Whether the window is drawn or not: what came from the line, told once; this side's new actions (`ours`, the
    /// screen's record) sent; the others' and chance's returned, to be done in order. `None`:
    /// the screen's game and the party's have parted, and the screen goes back to the party's.
    pub fn step(
        &mut self,
        ctx: &egui::Context,
        ours: &[NetAction],
        shell: &mut Shell,
    ) -> Option<Vec<NetAction>> {
        let polled = self.party.poll(std::time::Duration::ZERO);
        if let Some(stall) = self.party.stall()
            && !stall.left.is_zero()
        {
            // The count goes down by the second though nothing comes from the line.
            let next = stall.left.as_secs_f32().fract();
            let next = if next > 0.0 { next } else { 1.0 };
            ctx.request_repaint_after(std::time::Duration::from_secs_f32(next));
        } else if self.party.waits() || self.coming_back() {
            // Nothing comes from the line while a share is awaited, or while a join again
            // waits to be tried: look again in a second.
            ctx.request_repaint_after(std::time::Duration::from_secs(1));
        }
        if let Some(note) = polled.notes.last() {
            shell.message = Some(Message::info(note.clone()));
        }
        self.notes.extend(polled.notes);
        self.come_back(ours);
        let state = self.party.state().clone();
        if self.told.as_ref() != Some(&state) {
            if self.told.is_some() && self.party.abandoned().is_none() {
                // The line's new state is its note (`note`), said as it comes: a message of
                // before gives way to it, and no copy of it is made in the message line.
                shell.message = None;
            }
            self.told = Some(state);
        }
        match self.party.sync(ours) {
            Ok(theirs) => Some(theirs),
            Err(e) => {
                shell.message = Some(Message::error(format!(
                    "Your move could not be sent ({e}); the game goes back to where your \
                     friends have it."
                )));
                None
            }
        }
    }

    /// A game whose line is gone for good, and not over: this side's party and `record` (the
    /// screen's), to offer when joining again.
    #[must_use]
    pub fn comeback(&self, record: Vec<NetAction>, over: bool) -> Option<Return> {
        if over
            || self.party.abandoned().is_some()
            || !matches!(self.party.state(), State::Broken(_))
        {
            return None;
        }
        self.party.comeback(record)
    }

    /// The person throws (or deals): this side's share goes to the others; said if it cannot.
    pub fn throw(&mut self, shell: &mut Shell) {
        if !self.party.throw() {
            shell.message = Some(Message::info(match self.party.state() {
                _ if self.party.abandoned().is_some() => {
                    "The game was ended: nothing more is thrown."
                }
                State::Playing => "The dice are on their way: wait for your friend's share.",
                _ => "Wait for your friend: the line is not open.",
            }));
        }
    }
}

//! A game at tables with a friend at a distance: the screen's session and the party's table
//! hold the same record. What the person does goes into the session as ever (through the
//! rules' gate) and is then sent; what the friend does, and the dice both sides make together,
//! come from the party's table and go into the session, told and slid as the computer's moves
//! are. The person throws by giving the party this side's share; the friend's side is never
//! the computer's to play.

use std::time::Duration;

use gamester_net::party::{Party, Path, State};
use gamester_net::{Board, NetAction};

use super::TablesScreen;
use crate::players::{Controller, Seats};
use crate::session::Session;
use crate::tables::{Side, Tally};
use crate::ui::message::Message;
use crate::ui::screen::Shell;

/// The friend's game: the party, and this side's seat.
pub struct Remote {
    pub(super) party: Party,
    pub(super) mine: Side,
    /// The last state told, so each change is said once.
    told: Option<State>,
}

impl Remote {
    /// The connection's state, in words, for the row of buttons.
    #[must_use]
    pub fn words(&self) -> String {
        let friend = self
            .party
            .name(if self.mine == Side::White { 1 } else { 0 });
        match self.party.state() {
            State::Playing => match self.party.path() {
                Path::Direct => format!("Playing {friend} over the network: connected directly"),
                Path::Relayed => {
                    format!("Playing {friend} over the network: connected through a relay")
                }
                Path::Unknown => format!("Playing {friend} over the network: connected"),
            },
            State::Waiting(_) => format!("Waiting for {friend} to come back…"),
            State::Broken(why) => format!("The line to {friend} is closed: {why}"),
            State::Inviting | State::Offered => format!("Waiting for {friend}…"),
        }
    }
}

/// The session of a party's game: its rules, names and record; the friend's side marked as
/// not the person's (the computer is never asked to play it while the line is open).
pub fn session_of(
    party: &Party,
    launch: &crate::ui::launch::Launch,
) -> Result<(Session, Side), String> {
    let table = party.table().ok_or("there is no game yet")?;
    let Board::Tables(game) = table.board() else {
        return Err("the game offered is a tiles game".into());
    };
    let mine = if table.owner(0) == Some(table.me()) {
        Side::White
    } else {
        Side::Black
    };
    let mut seats = Seats::two_people();
    for side in Side::BOTH {
        let seat = seats.seat_mut(side);
        for p in &mut seat.players {
            if let Some(name) = table.owner(side.index()).map(|o| party.name(o)) {
                p.name = crate::players::clean_name(&name);
            }
            if side != mine {
                p.controller = Controller::Computer(crate::level::Level::Fair);
            }
        }
    }
    let session = Session::from_record(
        game.rules().clone(),
        Tally::default(),
        game.record(),
        seats,
        launch.dice(),
    )
    .map_err(|e| e.to_string())?;
    Ok((session, mine))
}

impl TablesScreen {
    /// Takes up a game with a friend at a distance, in place of the one in play.
    pub(super) fn take_party(&mut self, party: Party, shell: &mut Shell) {
        match session_of(&party, &shell.launch) {
            Ok((session, mine)) => {
                self.replace_session(session, None);
                let friend = party.name(if mine == Side::White { 1 } else { 0 });
                shell.message = Some(Message::info(format!(
                    "You play {} against {friend}, over the network. The dice are thrown by \
                     both computers together.",
                    self.session.colour_name(mine)
                )));
                self.remote = Some(Remote {
                    party,
                    mine,
                    told: None,
                });
            }
            Err(e) => shell.message = Some(Message::error(format!("Cannot play this game: {e}"))),
        }
    }

    /// A game with a friend whose line is gone for good: this side's party and its record, to
    /// offer when joining again.
    #[must_use]
    pub fn comeback(&self) -> Option<(usize, Vec<NetAction>)> {
        let remote = self.remote.as_ref()?;
        if !matches!(remote.party.state(), State::Broken(_)) || self.session.game().is_over() {
            return None;
        }
        let record = self.session.game().record();
        let me = remote.party.table()?.me();
        Some((me, record.iter().copied().map(NetAction::Tables).collect()))
    }

    /// Whether the game in play is with a friend at a distance.
    #[must_use]
    pub fn is_remote(&self) -> bool {
        self.remote.is_some()
    }

    /// The person throws: this side's share of the dice goes to the friend.
    pub(super) fn throw_remote(&mut self, shell: &mut Shell) {
        let Some(remote) = &mut self.remote else {
            return;
        };
        if !remote.party.throw() {
            shell.message = Some(Message::info(match remote.party.state() {
                State::Playing => "The dice are on their way: wait for your friend's share.",
                _ => "Wait for your friend: the line is not open.",
            }));
        }
    }

    /// Each frame: what came from the line goes into the session, and what the person did goes
    /// out; each change of the line is said once.
    pub(super) fn drive_remote(&mut self, ctx: &egui::Context, shell: &mut Shell) {
        let Some(remote) = &mut self.remote else {
            return;
        };
        let polled = remote.party.poll(Duration::ZERO);
        if let Some(note) = polled.notes.last() {
            shell.message = Some(Message::info(note.clone()));
        }
        let state = remote.party.state().clone();
        if remote.told.as_ref() != Some(&state) {
            if remote.told.is_some() && state != State::Playing {
                shell.message = Some(Message::info(remote.words()).lasting());
            }
            remote.told = Some(state);
        }
        let Some(table) = remote.party.table() else {
            return;
        };
        let theirs = table.board().record();
        let ours = self.session.game().record().to_vec();
        if ours.len() > theirs.len() {
            // The person's own actions: sent, in order.
            for &action in &ours[theirs.len()..] {
                if let Err(e) = remote.party.act(NetAction::Tables(action)) {
                    shell.message = Some(Message::error(format!(
                        "Your move could not be sent ({e}); the game goes back to where your \
                         friend has it."
                    )));
                    self.resync(shell);
                    return;
                }
            }
        } else if theirs.len() > ours.len() {
            // The friend's actions and the dice: into the session, told and slid.
            for action in &theirs[ours.len()..] {
                let NetAction::Tables(action) = *action else {
                    return;
                };
                if self.animation.is_some() || self.slides.running() {
                    // One at a time, as the computer's: the next waits for the men to land.
                    ctx.request_repaint_after(Duration::from_millis(50));
                    return;
                }
                let before = self.session.game().position();
                match self.session.apply(action) {
                    Ok(events) => {
                        self.show_events(ctx, before, &events, true, shell);
                        self.picked.clear();
                    }
                    Err(e) => {
                        shell.message = Some(Message::error(format!(
                            "Your friend's move was refused here ({e})."
                        )));
                        self.resync(shell);
                        return;
                    }
                }
            }
        }
    }

    /// Puts the session back in step with the party's table (which went through the rules).
    fn resync(&mut self, shell: &mut Shell) {
        let Some(remote) = self.remote.take() else {
            return;
        };
        if let Ok((session, _)) = session_of(&remote.party, &shell.launch) {
            self.session = session;
            self.told = self.session.log().len();
        }
        self.remote = Some(remote);
    }
}

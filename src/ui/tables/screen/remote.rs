//! A game at tables with a friend at a distance: the screen's session and the party's table
//! hold the same record. What the person does goes into the session as ever (through the
//! rules' gate) and is then sent; what the friend does, and the dice both sides make together,
//! come from the party and go into the session, told and slid as the computer's moves are.
//! The person throws by giving the party this side's share; the friend's side is never the
//! computer's to play. The line itself is the shell's (`ui::network::Remote`).

use gamester_net::party::Party;
use gamester_net::{Board, NetAction};

use super::TablesScreen;
use crate::players::{Controller, Seats};
use crate::session::Session;
use crate::tables::{Side, Tally};
use crate::ui::net::{AtADistance, Remote};
use crate::ui::shell::message::Message;
use crate::ui::shell::screen::Shell;

/// The session of a party's game: its rules, names and record; the friend's side marked as
/// played at a distance, which neither the person nor the computer plays here, with the line
/// open or not (a window started again on the game before its line is back plays nothing for
/// the friend).
pub fn session_of(
    party: &Party,
    launch: &crate::ui::shell::launch::Launch,
) -> Result<(Session, Side), String> {
    let table = party.table().ok_or("there is no game yet")?;
    let Board::Tables(game) = table.board() else {
        return Err("the game offered is not a game at tables".into());
    };
    let mine = if table.owner(0) == Some(table.me()) {
        Side::White
    } else {
        Side::Black
    };
    let mut seats = Seats::two_people();
    for side in Side::BOTH {
        let seat = seats.seat_mut(side);
        if let Some(&colour) = table.setup().colours.get(side.index()) {
            seat.colour = colour;
        }
        for p in &mut seat.players {
            // The person's own side is "You" here, whatever name the others see.
            if side == mine {
                p.name = "You".into();
            } else if let Some(name) = table.owner(side.index()).map(|o| party.name(o)) {
                p.name = crate::players::clean_name(&name);
            }
            if side != mine {
                p.controller = Controller::Distance;
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
                shell.message = Some(Message::info(format!(
                    "You play {} against {}, over the network. The dice are thrown by both \
                     computers together.",
                    self.session.colour_name(mine),
                    crate::ui::net::within_sentence(&party.others_names())
                )));
                self.helpers.remote = Some(Remote::new(party));
            }
            Err(e) => shell.message = Some(Message::error(format!("Cannot play this game: {e}"))),
        }
    }

    /// Whether the game in play is with a friend at a distance.
    #[must_use]
    pub fn is_remote(&self) -> bool {
        self.helpers.remote.is_some()
    }

    /// A game with a friend whose line is gone for good: this side's party and its record, to
    /// offer when joining again.
    #[must_use]
    pub fn comeback(&self) -> Option<gamester_net::party::Return> {
        let over = self.session.game().is_over();
        self.helpers
            .remote
            .as_ref()?
            .comeback(self.net_record(), over)
    }

    /// The session's record, as it goes over the line.
    #[must_use]
    pub fn net_record(&self) -> Vec<NetAction> {
        gamester_net::net_record(self.session.game().record())
    }

    /// The person throws: this side's share of the dice goes to the friend.
    pub(super) fn throw_remote(&mut self, shell: &mut Shell) {
        if let Some(remote) = &mut self.helpers.remote {
            remote.throw(shell);
        }
    }
}

impl AtADistance for TablesScreen {
    type Action = crate::tables::Action;
    const REFUSED: &'static str = "Your friend's move was refused here";

    fn remote(&mut self) -> Option<&mut Remote> {
        self.helpers.remote.as_mut()
    }

    fn line_record(&self) -> Vec<NetAction> {
        self.net_record()
    }

    fn note(&mut self, words: String) {
        self.session.note(words);
    }

    fn own(action: NetAction) -> Option<Self::Action> {
        match action {
            NetAction::Tables(action) => Some(action),
            _ => None,
        }
    }

    fn ready(&mut self, ctx: &egui::Context) -> bool {
        if !self.frame.visible {
            // The friend's game never waits on a covered window: its men land at once.
            self.board.animation = None;
            self.board.slides.skip();
        }
        if self.board.animation.is_some() || self.board.slides.running() {
            // One at a time, as the computer's: the next waits for the men to land.
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
            return false;
        }
        true
    }

    fn apply_theirs(
        &mut self,
        action: Self::Action,
        ctx: &egui::Context,
        shell: &mut Shell,
    ) -> Result<(), String> {
        let before = self.session.game().position();
        let events = self.session.apply(action).map_err(|e| e.to_string())?;
        self.show_events(ctx, before, &events, true, shell);
        self.board.picked.clear();
        Ok(())
    }

    /// Puts the session back in step with the party's table (which went through the rules).
    fn resync(&mut self, shell: &mut Shell) {
        let Some(remote) = self.helpers.remote.take() else {
            return;
        };
        if let Ok((session, _)) = session_of(&remote.party, &shell.launch) {
            self.session = session;
            self.frame.told = self.session.log().len();
        }
        self.helpers.remote = Some(remote);
    }
}

//! A pastime played with friends at a distance: the party's game taken as the screen's, the
//! person at their own seat and each friend at theirs (never the computer while the line is
//! open), the line's row under the status line, and what the one driver of a game at a
//! distance (`ui::net::drive`) asks of the screen. Every throw is made by all the parties
//! together; a friend's action comes through the rules' gate here as it did at their end.

use gamester_net::NetAction;
use gamester_net::party::Party;

use super::PastimesScreen;
use crate::pastimes::{Action, Seat};
use crate::players::Controller;
use crate::ui::pastimes::session::PastimesSession;
use crate::ui::shell::message::Message;
use crate::ui::shell::screen::Shell;
use crate::ui::shell::settings::Settings;

fn seat_of(seat: usize) -> Seat {
    Seat(u8::try_from(seat).unwrap_or(u8::MAX))
}

impl PastimesScreen {
    /// A game with friends at a distance, as the party holds it; what to tell the person.
    pub(super) fn take_party(
        party: Party,
        settings: &Settings,
    ) -> Result<(PastimesScreen, Message), Message> {
        let (session, names) = Self::session_of_party(&party)
            .map_err(|e| Message::error(format!("Cannot play this game: {e}")))?;
        let said = Message::info(format!(
            "You play {} over the network. The dice are thrown by every computer together.",
            crate::ui::net::within_sentence(&party.others_names())
        ));
        let mut screen = PastimesScreen::seating(session, settings);
        screen.names = names;
        screen.remote = Some(crate::ui::net::Remote::new(party));
        Ok((screen, said))
    }

    /// The session of a party's pastime, the person at its own seats; and who sits at each
    /// seat, in words ("You", the friend's name).
    fn session_of_party(party: &Party) -> Result<(PastimesSession, Vec<String>), String> {
        let table = party.table().ok_or("there is no game yet")?;
        let gamester_net::Board::Pastimes(game) = table.board() else {
            return Err("the game offered is not a pastime".into());
        };
        let mine = |seat: usize| table.owner(seat) == Some(table.me());
        let sitters = (0..game.seats())
            .map(|seat| {
                if mine(seat) {
                    Controller::Person
                } else {
                    Controller::Distance
                }
            })
            .collect();
        // The story and the status line name the person "You" and each friend by the name he
        // sits under; the seats' list beside the story says he is over the network.
        let named = |seat: usize| match table.owner(seat) {
            _ if mine(seat) => "You".to_string(),
            Some(p) => {
                let name = crate::players::clean_name(&party.name(p));
                // A friend sitting under the person's own word is named by his seat.
                if name.trim().eq_ignore_ascii_case("you") {
                    String::new()
                } else {
                    name.trim().to_string()
                }
            }
            None => String::new(),
        };
        let names = (0..game.seats())
            .map(|seat| match named(seat) {
                name if mine(seat) => name,
                name if table.owner(seat).is_some() => {
                    let name = if name.is_empty() {
                        crate::ui::pastimes::story::player(seat_of(seat))
                    } else {
                        name
                    };
                    format!("{name}, over the network")
                }
                _ => String::new(),
            })
            .collect();
        let mut session = PastimesSession::holding(game.clone(), sitters, None);
        session.rename((0..game.seats()).map(named).collect());
        Ok((session, names))
    }

    /// Whether the pastime is played with friends at a distance.
    #[must_use]
    pub fn is_remote(&self) -> bool {
        self.remote.is_some()
    }

    /// The session's record, as it goes over the line.
    #[must_use]
    pub fn net_record(&self) -> Vec<NetAction> {
        gamester_net::net_record(self.session.game().record())
    }

    /// The line's row under the status line, at a distance: its state in words; and once the
    /// person ends the game as abandoned by a friend who kept it waiting, the game counted as
    /// lost by that friend and kept with the reason.
    pub(super) fn line_row(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        let Some(abandonment) = self.remote.as_mut().and_then(|r| {
            r.show(ui)
                .map(|a| crate::ui::shell::leaving::abandonment(&a, r.party.table()))
        }) else {
            return;
        };
        self.session.abandon(abandonment);
        let title = crate::ui::pastimes::story::title(self.session.game().rules().kind);
        let file = self.session.to_file();
        let said = self.session.abandonment_words().unwrap_or_default();
        shell.message = Some(crate::ui::shell::leaving::keep_abandoned(
            title,
            &said,
            self.session.abandonment_loser().as_deref(),
            &shell.launch,
            &mut shell.settings.recent,
            |path| crate::save::pastimes::write_atomic(path, &file).map_err(|e| e.to_string()),
        ));
    }
}

impl crate::ui::net::AtADistance for PastimesScreen {
    type Action = Action;
    const REFUSED: &'static str = "A friend's move was refused here";

    fn remote(&mut self) -> Option<&mut crate::ui::net::Remote> {
        self.remote.as_mut()
    }

    fn line_record(&self) -> Vec<NetAction> {
        self.net_record()
    }

    fn note(&mut self, words: String) {
        self.session.note(words);
    }

    fn own(action: NetAction) -> Option<Action> {
        match action {
            NetAction::Pastimes(action) => Some(action),
            _ => None,
        }
    }

    fn apply_theirs(
        &mut self,
        action: Action,
        _ctx: &egui::Context,
        _shell: &mut Shell,
    ) -> Result<(), String> {
        self.session
            .apply(action, self.now)
            .map_err(|e| e.to_string())
    }

    /// Puts the session back in step with the party's table (which went through the rules).
    fn resync(&mut self, _shell: &mut Shell) {
        if let Some(remote) = &self.remote
            && let Ok((session, names)) = Self::session_of_party(&remote.party)
        {
            self.told = session.story().len();
            self.session = session;
            self.names = names;
        }
    }
}

//! The host's own part: a friend come with the invitation is welcomed to the game as it stands
//! here, or, coming back with more of it, to that record where it can be checked.

use super::{Party, PartyError, Role, State};
use crate::game::Setup;
use crate::link::seat_token;
use crate::table::{Pledge, Table, Theirs, merge};
use crate::wire::{Comeback, Msg};

impl Party {
    /// (Host) a friend has come with the invitation: welcome it to the game as it stands here,
    /// or, coming back with a record longer than ours, to that record where it can be checked.
    pub(super) fn knock(
        &mut self,
        party: usize,
        name: String,
        back: Option<Comeback>,
        notes: &mut Vec<String>,
    ) {
        let Role::Host { key, seated } = &mut self.role else {
            return;
        };
        let key = *key;
        // A friend who gives no name keeps the one the host gave its seat ("Player 2").
        let name = Some(gamester_core::players::clean_name(name.trim()))
            .filter(|n| !n.is_empty())
            .or_else(|| self.table.as_ref()?.setup().names.get(party).cloned())
            .unwrap_or_else(|| format!("Player {}", party + 1));
        if seated.get(party).copied().unwrap_or(false) {
            // The same party on a new line (its program restarted before the old line was
            // given up): it sits down again, and the others wait for it.
            seated[party] = false;
            self.state = State::Waiting(party);
            for p in (1..seated.len()).filter(|&p| p != party) {
                self.link.send(p, Msg::Wait { party });
            }
            notes.push(format!("{name} came back on a new line"));
        }
        let Some(table) = &mut self.table else {
            return;
        };
        let here = table.board().record();
        if let Some(back) = back.filter(|b| !here.starts_with(&b.record)) {
            let proved = back.party == party && back.token == Some(seat_token(&key, party));
            let checked = if proved {
                merge(
                    &table.setup_now(),
                    0,
                    table.pledge(),
                    &Theirs {
                        party,
                        record: &back.record,
                        last: back.last.as_ref(),
                    },
                )
                .map_err(PartyError::Table)
            } else {
                Err(PartyError::Unproven(back.party))
            };
            match checked.and_then(|(record, last)| {
                let pledge = Pledge {
                    last,
                    ..table.pledge().clone()
                };
                let setup = Setup {
                    record,
                    ..table.setup_now()
                };
                Table::resume(setup, 0, pledge).map_err(PartyError::Setup)
            }) {
                Ok(t) => *table = t,
                Err(why) => {
                    notes.push(format!(
                        "{name} came back and was sent away: {why}; the game stands as it was"
                    ));
                    self.link.close(party, &why.to_string());
                    return;
                }
            }
        }
        notes.push(format!("{name} has come with the invitation"));
        let mut setup = table.setup_now();
        if let Some(n) = setup.names.get_mut(party) {
            *n = name;
        }
        // The host keeps the names it gives out.
        if let Ok(t) = Table::resume(setup.clone(), 0, table.pledge().clone()) {
            *table = t;
        }
        let last = table.pledge().last.clone();
        let welcome = Msg::Welcome {
            setup,
            party,
            last,
            token: seat_token(&key, party),
        };
        self.send(&[party], &[welcome]);
    }
}

//! The host's own part: a friend come with the invitation is seated (a new game) or welcomed
//! back to the game as it stands here, or, coming back with more of it, to that record where
//! its signatures, its chain and the rules hold; and the game begins once everyone has signed.

use super::{Party, PartyError, Role, State};
use crate::game::Setup;
use crate::sign::{Public, Sig};
use crate::table::{Breach, Pledge, Table};
use crate::wire::{Comeback, Msg};

impl Party {
    /// (Host) a friend has come with the invitation, on a line opened with `key`.
    pub(super) fn knock(
        &mut self,
        party: usize,
        name: String,
        key: Public,
        back: Option<Comeback>,
        notes: &mut Vec<String>,
    ) {
        let Role::Host { seated } = &mut self.role else {
            return;
        };
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
        }
        let Some(table) = &self.table else {
            return;
        };
        let welcome = if table.seated() {
            match self.welcome_back(party, key, back) {
                Ok(welcome) => {
                    notes.push(format!("{} is back", self.name(party)));
                    welcome
                }
                Err(why) => {
                    notes.push(format!(
                        "{name} came back and was sent away: {why}; the game stands as it was"
                    ));
                    self.link.close(party, &why.to_string());
                    return;
                }
            }
        } else {
            // A seat of a new game: it goes to this key, under this name, until the friend
            // signs the game offered (or another comes for it in its place).
            let mut setup = table.setup_now();
            if let (Some(n), Some(k), Some(a)) = (
                setup.names.get_mut(party),
                setup.keys.get_mut(party),
                setup.accepts.get_mut(party),
            ) {
                *n = name.clone();
                *k = key;
                *a = None;
            }
            if let Some(a) = setup.accepts.first_mut() {
                *a = None;
            }
            if self.reseat(setup).is_err() {
                return;
            }
            self.link.seat(party, key);
            notes.push(format!("{name} has come with the invitation"));
            let Some(table) = &self.table else {
                return;
            };
            Msg::Welcome {
                setup: table.setup_now(),
                party,
                proofs: Vec::new(),
            }
        };
        self.send(&[party], &[welcome]);
    }

    /// (Host) the welcome of a party back at a game everyone signed: its key is the seat's (the
    /// door let it in on that), its game the same, and its record, where longer than ours,
    /// believed as far as it can be checked.
    fn welcome_back(
        &mut self,
        party: usize,
        key: Public,
        back: Option<Comeback>,
    ) -> Result<Msg, PartyError> {
        let table = self.table.as_ref().ok_or(PartyError::NoGame)?;
        if table.setup().keys.get(party) != Some(&key) {
            return Err(PartyError::Setup(Breach(
                "every seat at the table is taken".into(),
            )));
        }
        if let Some(back) = back.filter(|b| b.party == party) {
            if back.root != table.setup().root() {
                return Err(PartyError::Setup(Breach(
                    "it came back to another game than this one".into(),
                )));
            }
            if let Some((record, proofs)) = table.merge(&back.record, &back.proofs)? {
                let setup = Setup {
                    record,
                    ..table.setup().clone()
                };
                let pledge = Pledge {
                    round: table.pledge().round.clone(),
                    proofs,
                };
                let t = Table::resume(setup, 0, table.key().clone(), pledge)
                    .map_err(PartyError::Setup)?;
                self.table = Some(t);
            }
        }
        let table = self.table.as_ref().ok_or(PartyError::NoGame)?;
        Ok(Msg::Welcome {
            setup: table.setup_now(),
            party,
            proofs: table.pledge().proofs.clone(),
        })
    }

    /// (Host) a seat of a game not yet begun given back: nobody holds it, and the next friend
    /// to come takes it.
    pub(super) fn free_seat(&mut self, party: usize) {
        let Some(table) = &self.table else {
            return;
        };
        if table.seated() || party == 0 {
            return;
        }
        let mut setup = table.setup_now();
        if let (Some(n), Some(k), Some(a)) = (
            setup.names.get_mut(party),
            setup.keys.get_mut(party),
            setup.accepts.get_mut(party),
        ) {
            *n = format!("Player {}", party + 1);
            *k = Public([0; 32]);
            *a = None;
        }
        if self.reseat(setup).is_ok() {
            self.link.unseat(party);
        }
    }

    /// (Host) the table at this setup, not yet seated: changed as friends come and sign.
    pub(super) fn reseat(&mut self, setup: Setup) -> Result<(), Breach> {
        let Some(table) = &self.table else {
            return Err(Breach("there is no game".into()));
        };
        let t = Table::resume(setup, 0, table.key().clone(), table.pledge().clone())?;
        self.table = Some(t);
        Ok(())
    }

    /// (Host) a friend sits down: the first time with its signature of the game offered, which
    /// must be good. Once everyone has, the host signs the seating, and the game begins.
    pub(super) fn accepted(&mut self, party: usize, sig: Option<Sig>, notes: &mut Vec<String>) {
        let Role::Host { seated } = &self.role else {
            return;
        };
        if seated.get(party).copied().unwrap_or(true) {
            // Seated already: an acceptance said again changes nothing.
            return;
        }
        let Some(table) = &self.table else {
            return;
        };
        if !table.seated() {
            let mut setup = table.setup_now();
            if let (Some(s), Some(a)) = (sig, setup.accepts.get_mut(party)) {
                *a = Some(s);
            }
            if !setup.signed_by(party) {
                let why = "its acceptance of the game was not signed with its key";
                notes.push(format!(
                    "{} was sent away: {why}; the game stands as it was",
                    self.name(party)
                ));
                self.link.close(party, why);
                return;
            }
            if self.reseat(setup).is_err() {
                return;
            }
        }
        let Role::Host { seated } = &mut self.role else {
            return;
        };
        if let Some(s) = seated.get_mut(party) {
            *s = true;
        }
        if !seated.iter().all(|s| *s) {
            return;
        }
        let joiners = seated.len() - 1;
        let Some(table) = &self.table else {
            return;
        };
        if !table.seated() {
            let mut setup = table.setup_now();
            let key = table.key().clone();
            setup.sign_as(0, &key);
            if self.reseat(setup).is_err() {
                return;
            }
        }
        let Some(table) = &self.table else {
            return;
        };
        let mut seating = table.setup().clone();
        seating.record.truncate(seating.start);
        let start = Msg::Start {
            setup: Box::new(seating),
        };
        let all: Vec<usize> = (1..=joiners).collect();
        if self.send(&all, &[start]) {
            self.start();
            notes.push("Everyone is seated: play".into());
        }
    }
}

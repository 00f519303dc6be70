//! What keeps the game waiting on another party (a share of a throw not shown, a line that
//! dropped), how long the others wait, and the game ended as abandoned by that party.

use std::time::{Duration, Instant};

use super::{Party, Role, State};
use crate::wire::Msg;

/// A game ended because a party kept the others waiting, or left and did not come back: who,
/// why (in words), when, and the last entry of the record every side had signed (the chain's
/// head, and how many moves the record held): the game is lost by that party, at the stake on
/// the board then.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Abandoned {
    pub party: usize,
    pub reason: String,
    pub when: std::time::SystemTime,
    pub head: crate::sign::Hash,
    pub moves: usize,
}

impl Abandoned {
    /// The record a save keeps of it (`gamester_core::abandonment`, which knows no network):
    /// the seats the party that left played at `table`, why, when, and the last link of the
    /// record every side had signed, in hexadecimal. No seat where the table is not known.
    #[must_use]
    pub fn to_core(
        &self,
        table: Option<&crate::table::Table>,
    ) -> gamester_core::abandonment::Abandonment {
        let seats = table.map_or_else(Vec::new, |t| {
            (0..t.setup().rules.seats())
                .filter(|&seat| t.owner(seat) == Some(self.party))
                .collect()
        });
        gamester_core::abandonment::Abandonment {
            seats,
            reason: self.reason.clone(),
            when: Some(self.when),
            last_signed: Some(self.head.0.iter().map(|b| format!("{b:02x}")).collect()),
            moves: self.moves,
        }
    }

    /// The game at `table` abandoned by `party`, now, for `reason`.
    #[must_use]
    pub fn by(party: usize, reason: String, table: &crate::table::Table) -> Abandoned {
        Abandoned {
            party,
            reason,
            when: std::time::SystemTime::now(),
            head: table.head(),
            moves: table.board().len(),
        }
    }
}

/// What the others wait on now, and for how long yet before they may end the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stall {
    /// The parties waited on.
    pub parties: Vec<usize>,
    /// Whether it is a share of a throw (else a line that dropped).
    pub throw: bool,
    /// The patience left; zero once the others may end the game.
    pub left: Duration,
}

/// How long a throw may wait on a party's share, or a dropped party on its return, before the
/// others may end the game as abandoned by it.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// How long a wait goes untold: the shares of a throw cross the line in a moment.
pub const GRACE: Duration = Duration::from_secs(5);

impl Party {
    /// What the game waits on now beyond this side, and the patience left; none when nothing
    /// keeps it waiting, or not yet for long (a throw's shares cross the line in a moment: only
    /// a wait past [`GRACE`], or half the patience if that is shorter, is worth telling).
    #[must_use]
    pub fn stall(&self) -> Option<Stall> {
        let (_, parties, throw, since) = self.waiting.as_ref()?;
        if since.elapsed() < GRACE.min(self.patience / 2) {
            return None;
        }
        Some(Stall {
            parties: parties.clone(),
            throw: *throw,
            left: self.patience.saturating_sub(since.elapsed()),
        })
    }

    /// Whether the game waits on another party now (told by [`Party::stall`] once the wait
    /// has lasted): a program that draws only when something happens looks again soon.
    #[must_use]
    pub fn waits(&self) -> bool {
        self.waiting.is_some()
    }

    /// Ends the game as abandoned by the party it has waited on past the patience: the others
    /// are told why, and [`Party::abandoned`] says it. False (and nothing done) while the
    /// patience lasts.
    pub fn abandon(&mut self) -> bool {
        let Some(stall) = self.stall().filter(|s| s.left.is_zero()) else {
            return false;
        };
        let Some(&party) = stall.parties.first() else {
            return false;
        };
        let name = self.name(party);
        let reason = if stall.throw {
            format!("abandoned by {name}, who kept the game waiting on their share of a throw")
        } else {
            format!("abandoned by {name}, who did not come back")
        };
        self.leave(&reason);
        self.abandoned = self.table.as_ref().map(|t| Abandoned::by(party, reason, t));
        true
    }

    /// Notes what the game waits on, and tells everyone once it has waited past the patience.
    pub(super) fn watch(&mut self, notes: &mut Vec<String>) {
        let now = match (&self.state, &self.table) {
            (State::Playing, Some(t)) if !t.awaited().is_empty() => {
                Some((t.throw_at().unwrap_or(0), t.awaited(), true))
            }
            // A friend gone before the game began has lost nothing: it is only not there.
            (State::Waiting(p), Some(t))
                if matches!(self.role, Role::Host { .. }) && t.seated() =>
            {
                Some((*p, vec![*p], false))
            }
            _ => None,
        };
        match (now, &self.waiting) {
            (None, _) => {
                self.waiting = None;
                self.stall_told = false;
            }
            (Some((at, parties, throw)), Some((a, ps, t, _)))
                if at == *a && parties == *ps && throw == *t => {}
            (Some((at, parties, throw)), _) => {
                self.waiting = Some((at, parties, throw, Instant::now()));
                self.stall_told = false;
            }
        }
        if let Some((at, parties, throw, since)) = &self.waiting
            && !self.stall_told
            && since.elapsed() >= self.patience
        {
            self.stall_told = true;
            let names: Vec<String> = parties.iter().map(|&p| self.name(p)).collect();
            let names = names.join(" and ");
            notes.push(if *throw {
                format!(
                    "The throw has waited too long on {names}: the game may be ended as \
                     abandoned by them, who lose it"
                )
            } else {
                format!(
                    "{names} has not come back: the game may be ended as abandoned by them, who \
                     lose it"
                )
            });
            // The host tells everyone; a joiner has only the host to tell, who knows.
            if *throw && matches!(self.role, Role::Host { .. }) {
                let msgs: Vec<Msg> = parties
                    .iter()
                    .map(|&party| Msg::Stalled { party, at: *at })
                    .collect();
                let to = self.others();
                self.send(&to, &msgs);
            }
        }
    }
}

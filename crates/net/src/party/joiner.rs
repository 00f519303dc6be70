//! A joiner's own part: whether its line to the host dropped, the way back to the host with the
//! same invitation and name, and the host's welcome checked before it is believed.

use super::{Party, PartyError, Rejoin, Return, Role};
use crate::game::{NetAction, Setup};
use crate::invite::Invitation;
use crate::record::Proof;
use crate::sign::{Key, Public};
use crate::table::{Breach, Pledge, Table};

impl Rejoin {
    /// Joins again; waits at most a person's join's patience for the line
    /// ([`crate::link::JOIN_TIMEOUT`]). The new party wakes the program as the old one did, and
    /// the program is woken once when the join is done (or failed).
    pub fn join(self) -> Result<Party, PartyError> {
        self.join_within(crate::link::JOIN_TIMEOUT)
    }

    /// The same, waiting at most `patience` for the line.
    pub fn join_within(self, patience: std::time::Duration) -> Result<Party, PartyError> {
        let joined = Party::join_within(
            &self.invitation,
            self.name,
            self.key,
            Some(self.back),
            self.reach,
            patience,
        );
        if let Some(wake) = &self.wake {
            if let Ok(mut party) = joined {
                party.set_waker(wake.clone());
                wake();
                return Ok(party);
            }
            wake();
        }
        joined
    }
}

impl Party {
    /// (Joiner) whether the line to the host dropped without a goodbye while the game lasts
    /// (the host's program or computer stopped): [`Party::rejoining`] may take it up again.
    #[must_use]
    pub fn dropped(&self) -> bool {
        self.dropped && !self.refused && !self.over() && self.abandoned.is_none()
    }

    /// (Joiner) how to join the host again with the same invitation and name, coming back
    /// with `record` (the program's, which may hold more of this side's own moves) and the
    /// pledge; none if this party is no joiner whose line dropped.
    #[must_use]
    pub fn rejoining(&self, record: Vec<NetAction>) -> Option<Rejoin> {
        let Role::Joiner {
            invitation,
            name,
            key,
            ..
        } = &self.role
        else {
            return None;
        };
        if !self.dropped() {
            return None;
        }
        Some(Rejoin {
            invitation: invitation.clone(),
            name: name.clone(),
            key: key.clone(),
            back: self.comeback(record)?,
            reach: self.reach,
            wake: self.wake.clone(),
        })
    }

    /// (Joiner) the invitation it joined with, the name it gave and its key: a program that
    /// stops keeps them, to join the same game again when it starts.
    #[must_use]
    pub fn joined_with(&self) -> Option<(&Invitation, &str, &Key)> {
        match &self.role {
            Role::Joiner {
                invitation,
                name,
                key,
                ..
            } => Some((invitation, name, key)),
            Role::Host { .. } => None,
        }
    }
}

/// (Joiner) the table the host's welcome gives: for a new game, the game offered (signed with
/// the key of the host the invitation names, this side's key at the seat given, and not over);
/// coming back, the game this side sat down to, unchanged, with the host's record where it goes
/// on from ours in a way this side can check. Or why it cannot be believed.
pub(super) fn welcomed(
    setup: Setup,
    me: usize,
    proofs: Vec<Proof>,
    key: &Key,
    host: Public,
    back: Option<&Return>,
) -> Result<Table, PartyError> {
    if setup.keys.first() != Some(&host) {
        return Err(PartyError::NotTheHost);
    }
    if setup.keys.get(me) != Some(&key.public()) {
        return Err(PartyError::OtherSeat);
    }
    if let Some(back) = back.filter(|b| b.setup.seated()) {
        if back.party != me {
            return Err(PartyError::OtherSeat);
        }
        if let Some(why) = setup.changed_from(&back.setup) {
            return Err(PartyError::Changed(why));
        }
        let ours = Table::resume(back.setup.clone(), me, key.clone(), back.pledge.clone())
            .map_err(PartyError::Unplayable)?;
        return match ours.merge(&setup.record, &proofs) {
            Ok(None) => Ok(ours),
            Ok(Some((record, proofs))) => {
                let pledge = Pledge {
                    round: ours.pledge().round.clone(),
                    proofs,
                };
                let setup = Setup {
                    record,
                    ..ours.setup().clone()
                };
                Table::resume(setup, me, key.clone(), pledge).map_err(PartyError::Unplayable)
            }
            Err(why) => Err(PartyError::Unbelieved(why)),
        };
    }
    let board = setup
        .board()
        .map_err(|e| PartyError::Unplayable(Breach(e.to_string())))?;
    if board.is_over() {
        return Err(PartyError::Over);
    }
    let pledge = Pledge {
        round: None,
        proofs,
    };
    Table::resume(setup, me, key.clone(), pledge).map_err(PartyError::Unplayable)
}

/// (Joiner) the table once everyone has sat down: the seating the host sends must be the game
/// this side signed (its own signature holds for it), signed by everyone, with the host's key
/// first; at a game already seated, the same seating as before.
pub(super) fn started(table: &Table, seating: Setup, key: &Key) -> Result<Table, PartyError> {
    if table.seated() {
        return match seating.changed_from(table.setup()) {
            Some(why) => Err(PartyError::Changed(why)),
            None => Ok(table.clone()),
        };
    }
    let me = table.me();
    let offered = table.setup();
    if seating.keys.first() != offered.keys.first() || !seating.signed_by(me) {
        return Err(PartyError::Changed(
            seating
                .changed_from(offered)
                .unwrap_or_else(|| "the host's game is not the one you sat down to".into()),
        ));
    }
    if !seating.seated() {
        return Err(PartyError::Unplayable(Breach(
            "not everyone at it signed it".into(),
        )));
    }
    let setup = Setup {
        record: offered.record.clone(),
        ..seating
    };
    Table::resume(setup, me, key.clone(), Pledge::default()).map_err(PartyError::Unplayable)
}

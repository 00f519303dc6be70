//! A joiner's own part: whether its line to the host dropped, the way back to the host with the
//! same invitation and name, and the host's welcome checked before it is believed.

use super::{Party, PartyError, Rejoin, Return, Role};
use crate::game::{NetAction, Setup};
use crate::invite::Invitation;
use crate::table::{Pledge, Table, Theirs, merge};
use crate::wire::Made;

impl Rejoin {
    /// Joins again; waits at most 30 s for the line. The new party wakes the program as the
    /// old one did, and the program is woken once when the join is done (or failed).
    pub fn join(self) -> Result<Party, PartyError> {
        let joined = Party::join(&self.invitation, self.name, Some(self.back), self.reach);
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
        self.dropped && !self.over() && self.abandoned.is_none()
    }

    /// (Joiner) how to join the host again with the same invitation and name, coming back
    /// with `record` (the program's, which may hold more of this side's own moves) and the
    /// pledge; none if this party is no joiner whose line dropped.
    #[must_use]
    pub fn rejoining(&self, record: Vec<NetAction>) -> Option<Rejoin> {
        let Role::Joiner {
            invitation, name, ..
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
            back: self.comeback(record)?,
            reach: self.reach,
            wake: self.wake.clone(),
        })
    }

    /// (Joiner) the invitation it joined with and the name it gave: a program that stops
    /// keeps them, to join the same game again when it starts.
    #[must_use]
    pub fn joined_with(&self) -> Option<(&Invitation, &str)> {
        match &self.role {
            Role::Joiner {
                invitation, name, ..
            } => Some((invitation, name)),
            Role::Host { .. } => None,
        }
    }
}

/// (Joiner) the table the host's welcome gives: the host's game, where it goes on from ours
/// (coming back) in a way this side can check; or why it cannot be believed.
pub(super) fn welcomed(
    setup: Setup,
    me: usize,
    last: Option<Made>,
    token: [u8; 16],
    back: Option<&Return>,
) -> Result<Table, PartyError> {
    let mut pledge = Pledge {
        token: Some(token),
        ..Pledge::default()
    };
    let mut setup = setup;
    if let Some(back) = back {
        if back.party != me {
            return Err(PartyError::OtherSeat {
                given: me,
                ours: back.party,
            });
        }
        let ours = Setup {
            record: back.record.clone(),
            ..setup.clone()
        };
        let theirs = Theirs {
            party: 0,
            record: &setup.record,
            last: last.as_ref(),
        };
        let (record, last) =
            merge(&ours, me, &back.pledge, &theirs).map_err(PartyError::Unbelieved)?;
        setup.record = record;
        pledge.round = back.pledge.round.clone();
        pledge.last = last;
    }
    Table::resume(setup, me, pledge).map_err(PartyError::Unplayable)
}

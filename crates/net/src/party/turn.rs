//! This side's own moves: its actions and its shares of the throws, sent once the table is kept
//! on disk, and the program's record brought together with the party's.

use super::{Party, PartyError};
use crate::game::NetAction;
use crate::wire::Msg;

impl Party {
    /// Keeps the table if it has changed since it was last kept (its pledge, or its record). On
    /// failure the line is closed: nothing may go out that this side could not stand by after
    /// a restart.
    pub(super) fn keep(&mut self) -> bool {
        let Some(table) = &self.table else {
            return true;
        };
        if self.kept.0 == *table.pledge() && self.kept.1 == table.board().len() {
            return true;
        }
        let result = match &mut self.keeper {
            Some(keep) => keep(table),
            None => Ok(()),
        };
        match result {
            Ok(()) => {
                self.kept = (table.pledge().clone(), table.board().len());
                true
            }
            Err(why) => {
                self.leave(&format!(
                    "the game could not be kept on this computer ({why}), so nothing more was sent"
                ));
                false
            }
        }
    }

    /// Sends each message to each of `to`, once the pledge is kept.
    pub(super) fn send(&mut self, to: &[usize], msgs: &[Msg]) -> bool {
        if msgs.is_empty() {
            return true;
        }
        if !self.keep() {
            return false;
        }
        for msg in msgs {
            for &p in to {
                self.link.send(p, msg.clone());
            }
        }
        true
    }

    /// This side's own action at its seat: done, and sent; or why not.
    pub fn act(&mut self, action: NetAction) -> Result<(), PartyError> {
        if !self.playing() {
            return Err(PartyError::NotPlaying);
        }
        let table = self.table.as_mut().ok_or(PartyError::NoGame)?;
        let msg = table.act(action)?;
        let to = self.others();
        if self.send(&to, &[msg]) {
            Ok(())
        } else {
            Err(PartyError::Closed)
        }
    }

    /// Brings a program's record of the game and the party's together: the actions `ours`
    /// holds beyond the party's are this side's own, done since, and are sent; the actions the
    /// party holds beyond `ours` (the others', and chance's) are returned, to be done in order.
    ///
    /// While the game does not go on (a line dropped, a party not yet back), this side's own
    /// actions wait in the program's record: they are neither refused nor sent into a line
    /// that is not there, and go out once everyone plays on (a joiner coming back brings the
    /// program's record, see [`Party::rejoining`]).
    pub fn sync(&mut self, ours: &[NetAction]) -> Result<Vec<NetAction>, PartyError> {
        let theirs = self
            .table
            .as_ref()
            .map(|t| t.board().record())
            .unwrap_or_default();
        if !ours.iter().zip(&theirs).all(|(a, b)| a == b) {
            return Err(PartyError::Parted);
        }
        if ours.len() > theirs.len() {
            if !self.playing() {
                return Ok(Vec::new());
            }
            for action in &ours[theirs.len()..] {
                self.act(action.clone())?;
            }
            return Ok(Vec::new());
        }
        Ok(theirs[ours.len()..].to_vec())
    }

    /// This side's share of the throw (or deal) due now; false if it may not throw now.
    pub fn throw(&mut self) -> bool {
        if !self.playing() {
            return false;
        }
        let Some(table) = self.table.as_mut() else {
            return false;
        };
        match table.throw(&mut self.rng) {
            Some(msg) => {
                let to = self.others();
                self.send(&to, &[msg])
            }
            None => false,
        }
    }
}

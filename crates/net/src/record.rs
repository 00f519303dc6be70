//! The record both sides signed. A game at a distance is a chain: its first link is the
//! seating (the rules, the seats and who holds each, the names, the colours, the match score,
//! the record played before anyone sat down, and every party's key), which the host and every
//! joiner sign when the offer is accepted; each later entry is chained to the one before it by
//! its hash, and signed by the party that made it:
//!
//! - a play, a double, a claim ([`Proof::Act`]): signed by the party whose seat acts;
//! - a throw or a deal ([`Proof::Throw`]): every party's commit, each signed by its party, and
//!   the seeds behind them. The dice are the hash of the seeds, so the only throw that can stand
//!   at a place where the commits were signed is the one those seeds make.
//!
//! So a record from another party is believed only as far as its signatures, its chain and the
//! rules allow: nobody can make up a move of another's, change the seating, or put anything in
//! the place of a throw whose commits were signed.

use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

use crate::game::{Board, GameError, NetAction, Setup};
use crate::sign::{Hash, Key, Sig, statement};

/// A party's commit to its share of a throw, signed by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commit {
    pub hash: Hash,
    pub sig: Sig,
}

/// How an entry of the record was made, and who stands by it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Proof {
    /// A party's own action, signed by it.
    Act { by: usize, sig: Sig },
    /// Chance's action: every party's signed commit, in party order, and the seeds behind them.
    Throw {
        commits: Vec<Commit>,
        seeds: Vec<Hash>,
    },
}

/// Why a record (or an entry of one) cannot be believed: in a player's words, after its
/// subject ("its record holds…", "the game kept here holds…").
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Forged {
    #[error("holds a move that its player did not sign")]
    Unsigned,
    #[error("holds a move made out of turn")]
    OutOfTurn,
    #[error("holds a move the rules refuse ({0})")]
    Refused(GameError),
    #[error("holds dice or a deal where none were due")]
    NoChance,
    #[error("holds dice or a deal whose shares its players did not all sign")]
    UnsignedCommit,
    #[error("holds dice or a deal made from a seed nobody committed to")]
    Unkept,
    #[error("holds dice or a deal that its players' shares do not make")]
    OtherChance,
    #[error("holds a move where a throw had begun, and a throw once begun must be made")]
    ThrowAway,
    #[error("holds another throw than the one both sides had begun")]
    OtherThrow,
    #[error("differs from this side's record of the same moves")]
    Parted,
    #[error("is not signed by every player who sat down to it")]
    Unseated,
}

/// The hash a party commits to: of its seed, for its party and the record's place, so a commit
/// cannot be copied from another party or another throw.
#[must_use]
pub fn commitment(from: usize, at: usize, seed: &Hash) -> Hash {
    Hash(statement(
        "commit to a seed",
        &[
            &(from as u64).to_be_bytes(),
            &(at as u64).to_be_bytes(),
            &seed.0,
        ],
    ))
}

/// The seed of chance from every party's seed, in party order.
#[must_use]
pub fn joint_seed(at: usize, seeds: &[Hash]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"gamester chance 3");
    h.update((at as u64).to_be_bytes());
    for s in seeds {
        h.update(s.0);
    }
    h.finalize().into()
}

fn text<T: Serialize>(value: &T) -> Vec<u8> {
    // Our own plain data: RON always writes it, the same on every side of one version.
    ron::to_string(value).unwrap_or_default().into_bytes()
}

/// What party `by` signs for an action of its own after `head`.
#[must_use]
pub fn act_statement(head: &Hash, by: usize, action: &NetAction) -> [u8; 32] {
    statement("act", &[&head.0, &(by as u64).to_be_bytes(), &text(action)])
}

/// What party `by` signs for its commit to the throw after `head`.
#[must_use]
pub fn commit_statement(head: &Hash, by: usize, hash: &Hash) -> [u8; 32] {
    statement("commit", &[&head.0, &(by as u64).to_be_bytes(), &hash.0])
}

/// The chain's next link: the entry `action`, made as `proof`, after `head`.
#[must_use]
pub fn link(head: &Hash, action: &NetAction, proof: &Proof) -> Hash {
    Hash(statement("link", &[&head.0, &text(action), &text(proof)]))
}

impl Setup {
    /// The game as offered, whoever sits: rules, seats, colours, score, the record before
    /// anyone sat down, and the host's mark for this game.
    fn core(&self) -> Vec<u8> {
        let before = &self.record[..self.start.min(self.record.len())];
        text(&(
            &self.rules,
            &self.owners,
            &self.colours,
            &self.score,
            before,
            self.start,
            self.game,
            self.names.len(),
        ))
    }

    /// What joiner `party` signs when it accepts: the game as offered, the host's key, and its
    /// own seat, key and name.
    #[must_use]
    pub fn offer(&self, party: usize) -> [u8; 32] {
        let key = |p: usize| self.keys.get(p).map(|k| k.0).unwrap_or_default();
        let name = self.names.get(party).cloned().unwrap_or_default();
        statement(
            "offer",
            &[
                &self.core(),
                &key(0),
                &key(party),
                name.as_bytes(),
                &(party as u64).to_be_bytes(),
            ],
        )
    }

    /// What the host signs once everyone has sat down: the game and every party's key and name.
    #[must_use]
    pub fn seating(&self) -> [u8; 32] {
        statement(
            "seating",
            &[&self.core(), &text(&self.keys), &text(&self.names)],
        )
    }

    /// The chain's first link: the seating and every signature of it.
    #[must_use]
    pub fn root(&self) -> Hash {
        Hash(statement("root", &[&self.seating(), &text(&self.accepts)]))
    }

    /// What `party` must sign to sit down: the whole seating for the host, the offer for a
    /// joiner.
    fn accepted(&self, party: usize) -> [u8; 32] {
        if party == 0 {
            self.seating()
        } else {
            self.offer(party)
        }
    }

    /// Signs this setup as `party`, with `key` (whose public half must be the party's).
    pub fn sign_as(&mut self, party: usize, key: &Key) {
        let parties = self.parties();
        self.accepts.resize(parties, None);
        let sig = key.sign(&self.accepted(party));
        if let Some(a) = self.accepts.get_mut(party) {
            *a = Some(sig);
        }
    }

    /// Whether `party` has signed this setup, as it stands, with its key.
    #[must_use]
    pub fn signed_by(&self, party: usize) -> bool {
        match (self.keys.get(party), self.accepts.get(party)) {
            (Some(key), Some(Some(sig))) => key.verifies(&self.accepted(party), sig),
            _ => false,
        }
    }

    /// Whether every party sat down to this setup: each key given, each signature good.
    #[must_use]
    pub fn seated(&self) -> bool {
        self.keys.len() == self.parties() && (0..self.parties()).all(|p| self.signed_by(p))
    }

    /// Seats every party with the keys given (the host's first) and signs for each: a game
    /// played at one table between programs of one's own (tests, and a game offered to oneself).
    pub fn seat_all(&mut self, keys: &[Key]) {
        self.keys = keys.iter().map(Key::public).collect();
        for (p, key) in keys.iter().enumerate() {
            self.sign_as(p, key);
        }
    }

    /// What differs between this seating and `kept`, in one sentence; none if it is the same
    /// game, seated the same (the records may differ).
    #[must_use]
    pub fn changed_from(&self, kept: &Setup) -> Option<String> {
        let what = if self.rules != kept.rules {
            "the rules"
        } else if self.owners != kept.owners || self.names.len() != kept.names.len() {
            "who plays each seat"
        } else if self.keys != kept.keys {
            "the players' keys"
        } else if self.names != kept.names {
            "the players' names"
        } else if self.colours != kept.colours {
            "the colours"
        } else if self.score != kept.score {
            "the match score"
        } else if self.game != kept.game
            || self.start != kept.start
            || self.record.get(..self.start) != kept.record.get(..kept.start)
        {
            "the game itself"
        } else {
            return None;
        };
        Some(format!(
            "the host's game is not the one you sat down to: {what} changed"
        ))
    }
}

/// Checks one entry of a record after `head`, on `board` as it stands before it, and does it:
/// the new head, or why it cannot be believed (and `board` unchanged).
pub fn check_entry(
    setup: &Setup,
    board: &mut Board,
    head: &Hash,
    action: &NetAction,
    proof: &Proof,
) -> Result<Hash, Forged> {
    let at = board.len();
    match proof {
        Proof::Act { by, sig } => {
            if action.is_chance() {
                return Err(Forged::Unsigned);
            }
            let owner = board.actor().and_then(|s| setup.owners.get(s).copied());
            if owner != Some(*by) {
                return Err(Forged::OutOfTurn);
            }
            let key = setup.keys.get(*by).ok_or(Forged::Unsigned)?;
            if !key.verifies(&act_statement(head, *by, action), sig) {
                return Err(Forged::Unsigned);
            }
        }
        Proof::Throw { commits, seeds } => {
            if !board.wants_chance() || !action.is_chance() {
                return Err(Forged::NoChance);
            }
            let parties = setup.parties();
            if commits.len() != parties || seeds.len() != parties {
                return Err(Forged::UnsignedCommit);
            }
            for (p, c) in commits.iter().enumerate() {
                let key = setup.keys.get(p).ok_or(Forged::UnsignedCommit)?;
                if !key.verifies(&commit_statement(head, p, &c.hash), &c.sig) {
                    return Err(Forged::UnsignedCommit);
                }
                if commitment(p, at, &seeds[p]) != c.hash {
                    return Err(Forged::Unkept);
                }
            }
            if board.chance(joint_seed(at, seeds)).as_ref() != Some(action) {
                return Err(Forged::OtherChance);
            }
        }
    }
    let mut next = board.clone();
    next.apply(action).map_err(Forged::Refused)?;
    *board = next;
    Ok(link(head, action, proof))
}

/// The game a seated setup's record makes with these proofs (one for each action after
/// `setup.start`), every entry checked: the board and the chain's head; or where the record
/// stops being believable (the place) and why.
pub fn replay(setup: &Setup, proofs: &[Proof]) -> Result<(Board, Hash), (usize, Forged)> {
    if !setup.seated() {
        return Err((0, Forged::Unseated));
    }
    let mut before = setup.clone();
    before.record.truncate(setup.start);
    let mut board = before.board().map_err(|e| (0, Forged::Refused(e)))?;
    let mut head = setup.root();
    for (i, proof) in proofs.iter().enumerate() {
        let at = setup.start + i;
        let Some(action) = setup.record.get(at) else {
            return Err((at, Forged::Parted));
        };
        head = check_entry(setup, &mut board, &head, action, proof).map_err(|e| (at, e))?;
    }
    Ok((board, head))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameRules;
    use gamester_rules::tables;

    fn irish() -> Setup {
        Setup::new(
            GameRules::Tables(tables::Rules::preset(tables::Preset::Irish)),
            "Host",
        )
    }

    #[test]
    fn a_seating_stands_only_with_every_partys_signature_of_it_as_it_is() {
        let keys = [Key::from_bytes(&[1; 32]), Key::from_bytes(&[2; 32])];
        let mut setup = irish();
        setup.seat_all(&keys);
        assert!(setup.seated());
        // A joiner's signature holds for its seat and name only
        let mut renamed = setup.clone();
        renamed.names[1] = "Mallory".into();
        assert!(!renamed.signed_by(1));
        assert!(!renamed.signed_by(0), "the host signed the names too");
        let mut swapped = setup.clone();
        swapped.owners = vec![1, 0];
        assert!(!swapped.seated());
        assert_eq!(
            swapped.changed_from(&setup).unwrap(),
            "the host's game is not the one you sat down to: who plays each seat changed"
        );
        let mut other = setup.clone();
        other.game = Hash([5; 32]);
        assert!(!other.signed_by(1));
        assert_eq!(setup.changed_from(&setup), None);
        // And the root changes with anything signed
        assert_ne!(setup.root(), renamed.root());
    }
}

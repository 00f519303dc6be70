//! One party's side of the game at a distance, with no line in it: what it may do, and what it
//! makes of each message. Every action from another party goes through the rules' gate here
//! ([`Board::apply`]); anything a modified or broken program could send (a play out of turn, an
//! illegal play, dice of its own making, a seed that does not match its commit, a second throw
//! at the same place) is a [`Breach`], and the game stays as it was.
//!
//! Chance is made by all the parties together, so that no one chooses it nor sees it coming:
//! each commits to a random seed (sends its hash), and once every commit is in, each reveals
//! its seed; the dice, or the deal, come from the hash of all the seeds, the same on every side.
//! At tables only the side to throw starts a throw (he may double instead), and at the pastimes
//! only the player to throw (he may claim a dolt instead); the throw-offs and the tiles' deals
//! and dice may be started by anyone.
//!
//! **A throw is fixed once the commits are exchanged.** What this side holds of the throw
//! under way (its own seed, the commits and seeds it has had) is its [`Pledge`], which the
//! program keeps on disk *before* sending anything [`Table::throw`] or [`Table::receive`]
//! returns. A new start, a dropped line or a restart completes that throw with those commits;
//! a party that commits anew at the same place is refused. So a party who has seen the dice
//! (it has every seed but its own revealed) can only reveal its seed or stall: it cannot throw
//! again. And a record from another party is believed, when it comes back, only where this
//! side can check it ([`merge`]): each throw in it must be the one this side's pledge makes.

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::game::{Board, GameError, NetAction, Setup};
use crate::record::{
    Commit, Forged, Proof, act_statement, check_entry, commit_statement, link, replay,
};
use crate::sign::{Hash, Key};
use crate::wire::Msg;

pub use crate::record::{commitment, joint_seed};

/// Why the line to a party must end: what it sent, in words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Breach(pub String);

fn breach(words: impl Into<String>) -> Breach {
    Breach(words.into())
}

/// Why this side's own action may not be done, or another party's record coming back cannot
/// be believed ([`Table::merge`]): in the player's words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("the dice and the deal are made by both sides: throw instead")]
    Chance,
    #[error("it is not this side's turn")]
    NotOurTurn,
    #[error("the game has not begun: not everyone has sat down")]
    NotSeated,
    #[error(transparent)]
    Game(#[from] GameError),
    /// A record from another party that cannot be believed.
    #[error("its record {0}")]
    Record(#[from] Forged),
}

/// A throw (or deal) being made: the signed commits and the seeds in so far, and this side's
/// seed once it has committed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub at: usize,
    pub commits: Vec<Option<Commit>>,
    pub seeds: Vec<Option<Hash>>,
    pub mine: Option<Hash>,
}

impl Round {
    fn new(at: usize, parties: usize) -> Round {
        Round {
            at,
            commits: vec![None; parties],
            seeds: vec![None; parties],
            mine: None,
        }
    }

    fn committed(&self) -> bool {
        self.commits.iter().all(Option::is_some)
    }
}

/// What a party keeps on disk beside its game, before it sends anything: the throw under way
/// (its own seed, the signed commits it has had), and the proof of every entry of the record
/// since everyone sat down (the signatures and the seeds), one for each.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pledge {
    pub round: Option<Round>,
    #[serde(default)]
    pub proofs: Vec<Proof>,
}

/// One party's table.
#[derive(Clone, Debug)]
pub struct Table {
    setup: Setup,
    board: Board,
    me: usize,
    key: Key,
    pledge: Pledge,
    /// The chain's last link: what this side's next signature is chained to.
    head: Hash,
    /// Whether this side has revealed its seed for the round under way, in this sitting.
    revealed: bool,
    /// Whether every party signed the seating: checked once, as the table is made (its setup
    /// never changes after), not at every question asked of it.
    seated: bool,
}

impl Table {
    /// The table of party `me`, holding `key`, for this setup (a new game: no entry yet).
    pub fn new(setup: Setup, me: usize, key: Key) -> Result<Table, Breach> {
        Table::resume(setup, me, key, Pledge::default())
    }

    /// The table of party `me`, with the pledge it kept: the record is believed as far as its
    /// proofs go (a longer record's tail is the program's own, sent again by [`Party::sync`]),
    /// every proof checked; a throw under way at the record's end is taken up where it stood.
    /// A setup not yet signed by everyone is an offer: it can be seen, not played.
    ///
    /// [`Party::sync`]: crate::party::Party::sync
    pub fn resume(setup: Setup, me: usize, key: Key, mut pledge: Pledge) -> Result<Table, Breach> {
        let parties = setup.parties();
        if me >= parties {
            return Err(breach(format!("there is no player {}", me + 1)));
        }
        if setup.keys.get(me) != Some(&key.public()) {
            return Err(breach("this side's key is not the one its seat was given"));
        }
        let mut setup = setup;
        // The setup itself, and its record, as the rules see them.
        setup.board().map_err(|e| breach(e.to_string()))?;
        let seated = setup.seated();
        let (board, head) = if seated {
            let proved = setup.start + pledge.proofs.len();
            if setup.record.len() < proved || setup.start > setup.record.len() {
                return Err(breach("the game kept here is shorter than its proofs"));
            }
            setup.record.truncate(proved);
            replay(&setup, &pledge.proofs)
                .map_err(|(_, why)| breach(format!("the game kept here {why}")))?
        } else {
            pledge = Pledge::default();
            (
                setup.board().map_err(|e| breach(e.to_string()))?,
                Hash::default(),
            )
        };
        if let Some(r) = &pledge.round {
            let here = r.at == board.len()
                && r.commits.len() == parties
                && r.seeds.len() == parties
                && board.wants_chance();
            let passed = r.at < board.len()
                && matches!(
                    pledge.proofs.get(r.at.wrapping_sub(setup.start)),
                    Some(Proof::Throw { commits, .. })
                        if r.commits.iter().zip(commits).all(|(o, c)| o.is_none_or(|o| o == *c))
                );
            if passed || !seated {
                pledge.round = None;
            } else if !here {
                return Err(breach(
                    "the game kept here passes a throw it had begun with something else",
                ));
            }
        }
        Ok(Table {
            setup,
            board,
            me,
            key,
            pledge,
            head,
            revealed: false,
            seated,
        })
    }

    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[must_use]
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// This side's key.
    #[must_use]
    pub fn key(&self) -> &Key {
        &self.key
    }

    /// What this side must keep on disk before it sends what it was just given to send.
    #[must_use]
    pub fn pledge(&self) -> &Pledge {
        &self.pledge
    }

    /// The chain's last link (the record as both sides have signed it so far).
    #[must_use]
    pub fn head(&self) -> Hash {
        self.head
    }

    /// This side's party.
    #[must_use]
    pub fn me(&self) -> usize {
        self.me
    }

    /// Whether every party has sat down (signed the seating): the game may be played.
    #[must_use]
    pub fn seated(&self) -> bool {
        self.seated
    }

    /// The party that plays `seat`.
    #[must_use]
    pub fn owner(&self, seat: usize) -> Option<usize> {
        self.setup.owners.get(seat).copied()
    }

    /// The setup with the record as it stands now (to welcome a party coming back).
    #[must_use]
    pub fn setup_now(&self) -> Setup {
        Setup {
            record: self.board.record(),
            ..self.setup.clone()
        }
    }

    /// The seat this side must act for now, if any (a play, a double, a take).
    #[must_use]
    pub fn my_move(&self) -> Option<usize> {
        let seat = self.board.actor()?;
        (self.seated() && self.owner(seat) == Some(self.me) && self.pledge.round.is_none())
            .then_some(seat)
    }

    /// Whether this side may start the throw (or deal) due now.
    #[must_use]
    pub fn may_throw(&self) -> bool {
        self.seated()
            && self.board.wants_chance()
            && self.pledge.round.is_none()
            && self
                .board
                .actor()
                .is_none_or(|seat| self.owner(seat) == Some(self.me))
    }

    /// Whether a throw is under way and waits for the others.
    #[must_use]
    pub fn throwing(&self) -> bool {
        self.pledge.round.is_some()
    }

    /// The parties the throw under way waits on: those yet to commit, or, once every commit is
    /// in, those yet to show their seed. Empty when no throw is under way.
    #[must_use]
    pub fn awaited(&self) -> Vec<usize> {
        let Some(r) = &self.pledge.round else {
            return Vec::new();
        };
        let missing: Vec<bool> = if r.committed() {
            r.seeds.iter().map(Option::is_none).collect()
        } else {
            r.commits.iter().map(Option::is_none).collect()
        };
        (0..missing.len())
            .filter(|&p| p != self.me && missing[p])
            .collect()
    }

    /// Whether every commit of the throw under way is in: from here no party can back out of
    /// it without stalling the game.
    #[must_use]
    pub fn bound(&self) -> bool {
        self.pledge.round.as_ref().is_some_and(Round::committed)
    }

    /// The place of the throw under way in the record, if any.
    #[must_use]
    pub fn throw_at(&self) -> Option<usize> {
        self.pledge.round.as_ref().map(|r| r.at)
    }

    /// Adds an entry this side has checked or made, with its proof.
    fn push(&mut self, action: &NetAction, proof: Proof) -> Result<(), GameError> {
        self.board.apply(action)?;
        self.head = link(&self.head, action, &proof);
        self.pledge.proofs.push(proof);
        Ok(())
    }

    /// This side's own action (a play, a double…): done here, signed, and the message that
    /// tells the others; or why it may not be done.
    pub fn act(&mut self, action: NetAction) -> Result<Msg, TableError> {
        if action.is_chance() {
            return Err(TableError::Chance);
        }
        if !self.seated() {
            return Err(TableError::NotSeated);
        }
        if self.my_move().is_none() {
            return Err(TableError::NotOurTurn);
        }
        let at = self.board.len();
        let sig = self.key.sign(&act_statement(&self.head, self.me, &action));
        self.push(&action, Proof::Act { by: self.me, sig })?;
        Ok(Msg::Act {
            from: self.me,
            at,
            action,
            sig,
        })
    }

    /// Starts the throw (or the deal) due now with this side's signed commit, or joins one
    /// started. Keep [`Table::pledge`] before sending what it returns.
    pub fn throw(&mut self, rng: &mut impl Rng) -> Option<Msg> {
        if self.pledge.round.as_ref().is_some_and(|r| r.mine.is_some()) {
            return None;
        }
        if self.pledge.round.is_none() && !self.may_throw() {
            return None;
        }
        let parties = self.setup.parties();
        let at = self.board.len();
        let me = self.me;
        let seed = Hash(rng.random());
        let hash = commitment(me, at, &seed);
        let sig = self.key.sign(&commit_statement(&self.head, me, &hash));
        let round = self
            .pledge
            .round
            .get_or_insert_with(|| Round::new(at, parties));
        round.mine = Some(seed);
        round.commits[me] = Some(Commit { hash, sig });
        Some(Msg::Commit {
            from: me,
            at,
            hash,
            sig,
        })
    }

    /// What this side says again when everyone is seated anew (a start, a party back): its
    /// commit to the throw under way, and its seed once every commit is in. The same commit
    /// and the same seed as before: a throw is never made twice.
    #[must_use]
    pub fn resend(&mut self) -> Vec<Msg> {
        let Some(r) = &self.pledge.round else {
            return Vec::new();
        };
        let (Some(seed), Some(Some(mine))) = (r.mine, r.commits.get(self.me)) else {
            return Vec::new();
        };
        let mut out = vec![Msg::Commit {
            from: self.me,
            at: r.at,
            hash: mine.hash,
            sig: mine.sig,
        }];
        if r.committed() {
            self.revealed = true;
            out.push(Msg::Reveal {
                from: self.me,
                at: r.at,
                seed,
            });
        }
        out
    }

    /// What this side makes of a message from another party: the messages it sends in answer
    /// (its own commit or seed, in turn), or the breach that ends the line. On a breach nothing
    /// has changed. Keep [`Table::pledge`] before sending what it returns.
    pub fn receive(&mut self, msg: Msg, rng: &mut impl Rng) -> Result<Vec<Msg>, Breach> {
        let mut out = Vec::new();
        if !self.seated() {
            return Err(breach(format!(
                "it sent {} before everyone had sat down",
                msg_name(&msg)
            )));
        }
        match msg {
            Msg::Commit {
                from,
                at,
                hash,
                sig,
            } => {
                self.check_from(from)?;
                if self.already_made(at, |commits, _| commits[from].hash == hash) {
                    return Ok(out);
                }
                self.check_at(at)?;
                if !self.board.wants_chance() {
                    return Err(breach("it threw when no dice nor deal were due"));
                }
                if !self.signed(from, &commit_statement(&self.head, from, &hash), &sig) {
                    return Err(breach(
                        "its share of the throw was not signed by its player",
                    ));
                }
                let commit = Commit { hash, sig };
                match &self.pledge.round {
                    None => {
                        if let Some(seat) = self.board.actor()
                            && self.owner(seat) != Some(from)
                        {
                            return Err(breach("it threw out of turn"));
                        }
                    }
                    Some(r) if r.commits[from] == Some(commit) => return Ok(out),
                    Some(r) if r.commits[from].is_some() => {
                        return Err(breach(
                            "it threw a second time where it had thrown already: a throw is \
                             made once",
                        ));
                    }
                    Some(_) => {}
                }
                let parties = self.setup.parties();
                let round = self
                    .pledge
                    .round
                    .get_or_insert_with(|| Round::new(at, parties));
                round.commits[from] = Some(commit);
                if round.mine.is_none() {
                    out.extend(self.throw(rng));
                }
            }
            Msg::Reveal { from, at, seed } => {
                self.check_from(from)?;
                if self.already_made(at, |_, seeds| seeds[from] == seed) {
                    return Ok(out);
                }
                self.check_at(at)?;
                let Some(r) = &mut self.pledge.round else {
                    return Err(breach("it showed a seed for no throw"));
                };
                if !r.committed() {
                    return Err(breach("it showed its seed before every side had committed"));
                }
                if r.commits[from].map(|c| c.hash) != Some(commitment(from, at, &seed)) {
                    return Err(breach(
                        "its seed does not match what it committed to: a forged die",
                    ));
                }
                r.seeds[from] = Some(seed);
            }
            Msg::Act {
                from,
                at,
                action,
                sig,
            } => {
                self.check_from(from)?;
                self.check_at(at)?;
                if action.is_chance() {
                    return Err(breach(
                        "it sent dice (or a deal) of its own making; chance is made by both sides",
                    ));
                }
                if self.pledge.round.is_some() {
                    return Err(breach("it played while the dice were being thrown"));
                }
                match self.board.actor() {
                    Some(seat) if self.owner(seat) == Some(from) => {}
                    _ => return Err(breach("it played out of turn")),
                }
                if !self.signed(from, &act_statement(&self.head, from, &action), &sig) {
                    return Err(breach("it sent a move its player did not sign"));
                }
                // The rules' gate changes nothing on a refusal.
                self.push(&action, Proof::Act { by: from, sig })
                    .map_err(|e| breach(format!("an illegal play: {e}")))?;
            }
            other => {
                return Err(breach(format!(
                    "it sent {} in the middle of the game",
                    msg_name(&other)
                )));
            }
        }
        self.settle(&mut out)?;
        Ok(out)
    }

    /// Whether `sig` is party `from`'s signature of `what`.
    fn signed(&self, from: usize, what: &[u8; 32], sig: &crate::sign::Sig) -> bool {
        self.setup
            .keys
            .get(from)
            .is_some_and(|k| k.verifies(what, sig))
    }

    /// Whether a commit or seed is a repeat of one for the throw made last (a party seated
    /// anew says its share again): nothing to do. One that differs is no repeat.
    fn already_made(&self, at: usize, same: impl Fn(&[Commit], &[Hash]) -> bool) -> bool {
        if at + 1 != self.board.len() || at < self.setup.start {
            return false;
        }
        match self.pledge.proofs.get(at - self.setup.start) {
            Some(Proof::Throw { commits, seeds }) => same(commits, seeds),
            _ => false,
        }
    }

    /// Reveals this side's seed once every commit is in, and makes chance's action once every
    /// seed is.
    fn settle(&mut self, out: &mut Vec<Msg>) -> Result<(), Breach> {
        let me = self.me;
        let Some(r) = &mut self.pledge.round else {
            return Ok(());
        };
        if let Some(mine) = r.mine
            && r.committed()
        {
            r.seeds[me] = Some(mine);
            if !self.revealed {
                self.revealed = true;
                out.push(Msg::Reveal {
                    from: me,
                    at: r.at,
                    seed: mine,
                });
            }
        }
        if r.seeds.iter().all(Option::is_some) {
            let seeds: Vec<Hash> = r.seeds.iter().flatten().copied().collect();
            let commits: Vec<Commit> = r.commits.iter().flatten().copied().collect();
            let action = self
                .board
                .chance(joint_seed(r.at, &seeds))
                .ok_or_else(|| breach("no dice were due after all"))?;
            self.pledge.round = None;
            self.push(&action, Proof::Throw { commits, seeds })
                .map_err(|e| breach(e.to_string()))?;
            self.revealed = false;
        }
        Ok(())
    }

    fn check_from(&self, from: usize) -> Result<(), Breach> {
        if from >= self.setup.parties() || from == self.me {
            return Err(breach("it spoke for another player"));
        }
        Ok(())
    }

    fn check_at(&self, at: usize) -> Result<(), Breach> {
        if at != self.board.len() {
            return Err(breach(if at < self.board.len() {
                "it spoke of a move long made"
            } else {
                "it spoke of a move not yet made"
            }));
        }
        Ok(())
    }

    /// Another party's record of the game, as it comes back (`record`, with a proof for each
    /// action after the start): the record that stands, if it is theirs. Theirs stands where it
    /// goes on from ours and every entry beyond ours is signed by its maker, chained, and
    /// allowed by the rules; and where a throw had begun here (its commits signed), theirs
    /// holds that throw and nothing else in its place. None: ours stands (theirs is ours, or
    /// ours goes on from it). A record that parts from ours is refused, with the reason.
    #[allow(clippy::type_complexity)]
    pub fn merge(
        &self,
        record: &[NetAction],
        proofs: &[Proof],
    ) -> Result<Option<(Vec<NetAction>, Vec<Proof>)>, TableError> {
        if !self.seated() {
            return Err(TableError::NotSeated);
        }
        let start = self.setup.start;
        let mine = self.board.record();
        let ours = &self.pledge.proofs;
        if record.len() != start + proofs.len() || record.get(..start) != mine.get(..start) {
            return Err(Forged::Parted.into());
        }
        let same = ours
            .iter()
            .zip(proofs)
            .enumerate()
            .take_while(|(i, (a, b))| a == b && mine[start + i] == record[start + i])
            .count();
        if same < ours.len().min(proofs.len()) {
            return Err(Forged::Parted.into());
        }
        if proofs.len() <= ours.len() {
            return Ok(None);
        }
        let mut board = self.board.clone();
        let mut head = self.head;
        for (i, proof) in proofs.iter().enumerate().skip(ours.len()) {
            let at = start + i;
            let action = &record[at];
            if let Some(r) = self.pledge.round.as_ref().filter(|r| r.at == at) {
                match proof {
                    Proof::Act { .. } => return Err(Forged::ThrowAway.into()),
                    Proof::Throw { commits, .. } => {
                        let kept = r
                            .commits
                            .iter()
                            .zip(commits)
                            .all(|(o, c)| o.is_none_or(|o| o.hash == c.hash));
                        if !kept {
                            return Err(Forged::OtherThrow.into());
                        }
                    }
                }
            }
            head = check_entry(&self.setup, &mut board, &head, action, proof)?;
        }
        Ok(Some((record.to_vec(), proofs.to_vec())))
    }
}

/// A message's name, for a breach.
#[must_use]
pub fn msg_name(msg: &Msg) -> &'static str {
    match msg {
        Msg::Hello { .. } => "a greeting",
        Msg::Welcome { .. } => "a welcome",
        Msg::Accept { .. } => "an acceptance",
        Msg::Start { .. } => "a start",
        Msg::Wait { .. } => "a wait",
        Msg::Stalled { .. } => "a word on a stalled throw",
        Msg::Commit { .. } => "a commit",
        Msg::Reveal { .. } => "a seed",
        Msg::Act { .. } => "a play",
        Msg::Bye { .. } => "a goodbye",
    }
}

//! One party's side of the game at a distance, with no line in it: what it may do, and what it
//! makes of each message. Every action from another party goes through the rules' gate here
//! ([`Board::apply`]); anything a modified or broken program could send (a play out of turn, an
//! illegal play, dice of its own making, a seed that does not match its commit) is a
//! [`Breach`], and the game stays as it was.
//!
//! Chance is made by all the parties together, so that no one chooses it nor sees it coming:
//! each commits to a random seed (sends its hash), and once every commit is in, each reveals
//! its seed; the dice, or the deal, come from the hash of all the seeds, the same on every side.
//! At tables only the side to throw starts a throw (he may double instead); the throw-offs and
//! the tiles' deals and dice may be started by anyone.

use rand::Rng;
use sha2::{Digest as _, Sha256};

use crate::game::{Board, NetAction, Setup};
use crate::wire::Msg;

/// Why the line to a party must end: what it sent, in words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Breach(pub String);

fn breach(words: impl Into<String>) -> Breach {
    Breach(words.into())
}

/// The hash a party commits to: of its seed, for its party and the record's place, so a commit
/// cannot be copied from another party or another throw.
#[must_use]
pub fn commitment(from: usize, at: usize, seed: &[u8; 32]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"gamester commit 1");
    h.update((from as u64).to_be_bytes());
    h.update((at as u64).to_be_bytes());
    h.update(seed);
    h.finalize().into()
}

/// The seed of chance from every party's seed, in party order.
#[must_use]
pub fn joint_seed(at: usize, seeds: &[[u8; 32]]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"gamester chance 1");
    h.update((at as u64).to_be_bytes());
    for s in seeds {
        h.update(s);
    }
    h.finalize().into()
}

/// A throw (or deal) being made: the commits and seeds in so far.
#[derive(Clone, Debug)]
struct Round {
    at: usize,
    commits: Vec<Option<[u8; 32]>>,
    seeds: Vec<Option<[u8; 32]>>,
    mine: [u8; 32],
    revealed: bool,
}

impl Round {
    fn new(at: usize, parties: usize) -> Round {
        Round {
            at,
            commits: vec![None; parties],
            seeds: vec![None; parties],
            mine: [0; 32],
            revealed: false,
        }
    }
}

/// One party's table.
#[derive(Clone, Debug)]
pub struct Table {
    setup: Setup,
    board: Board,
    me: usize,
    epoch: u32,
    round: Option<Round>,
}

impl Table {
    /// The table of party `me` for this setup (its record replayed through the rules).
    pub fn new(setup: Setup, me: usize) -> Result<Table, Breach> {
        let board = setup.board().map_err(Breach)?;
        if me >= setup.parties() {
            return Err(breach(format!("there is no player {}", me + 1)));
        }
        Ok(Table {
            setup,
            board,
            me,
            epoch: 0,
            round: None,
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

    /// This side's party.
    #[must_use]
    pub fn me(&self) -> usize {
        self.me
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
        (self.owner(seat) == Some(self.me) && self.round.is_none()).then_some(seat)
    }

    /// Whether this side may start the throw (or deal) due now.
    #[must_use]
    pub fn may_throw(&self) -> bool {
        self.board.wants_chance()
            && self.round.is_none()
            && self
                .board
                .actor()
                .is_none_or(|seat| self.owner(seat) == Some(self.me))
    }

    /// Whether a throw is under way and waits for the others.
    #[must_use]
    pub fn throwing(&self) -> bool {
        self.round.is_some()
    }

    /// A new start (everyone seated again): a throw half made is forgotten.
    pub fn start(&mut self, epoch: u32) {
        self.epoch = epoch;
        self.round = None;
    }

    #[must_use]
    pub fn epoch(&self) -> u32 {
        self.epoch
    }

    /// This side's own action (a play, a double…): done here, and the message that tells the
    /// others; or why it may not be done.
    pub fn act(&mut self, action: NetAction) -> Result<Msg, String> {
        if action.is_chance() {
            return Err("the dice and the deal are made by both sides: throw instead".into());
        }
        if self.my_move().is_none() {
            return Err("it is not this side's turn".into());
        }
        let at = self.board.len();
        self.board.apply(&action)?;
        Ok(Msg::Act {
            from: self.me,
            at,
            action,
        })
    }

    /// Starts the throw (or the deal) due now with this side's commit, or joins one started.
    pub fn throw(&mut self, rng: &mut impl Rng) -> Option<Msg> {
        if self
            .round
            .as_ref()
            .is_some_and(|r| r.commits[self.me].is_some())
        {
            return None;
        }
        if self.round.is_none() && !self.may_throw() {
            return None;
        }
        let parties = self.setup.parties();
        let at = self.board.len();
        let round = self.round.get_or_insert_with(|| Round::new(at, parties));
        round.mine = rng.random();
        let hash = commitment(self.me, at, &round.mine);
        round.commits[self.me] = Some(hash);
        Some(Msg::Commit {
            from: self.me,
            epoch: self.epoch,
            at,
            hash,
        })
    }

    /// What this side makes of a message from another party: the messages it sends in answer
    /// (its own commit or seed, in turn), or the breach that ends the line. On a breach nothing
    /// has changed.
    pub fn receive(&mut self, msg: Msg, rng: &mut impl Rng) -> Result<Vec<Msg>, Breach> {
        let parties = self.setup.parties();
        let mut out = Vec::new();
        match msg {
            Msg::Commit {
                from,
                epoch,
                at,
                hash,
            } => {
                self.check_from(from)?;
                if epoch != self.epoch {
                    return Ok(out);
                }
                self.check_at(at)?;
                if !self.board.wants_chance() {
                    return Err(breach("it threw when no dice nor deal were due"));
                }
                match &self.round {
                    None => {
                        if let Some(seat) = self.board.actor()
                            && self.owner(seat) != Some(from)
                        {
                            return Err(breach("it threw out of turn"));
                        }
                    }
                    Some(r) if r.commits[from].is_some() => {
                        return Err(breach("it threw twice for one throw"));
                    }
                    Some(_) => {}
                }
                let round = self.round.get_or_insert_with(|| Round::new(at, parties));
                round.commits[from] = Some(hash);
                if self
                    .round
                    .as_ref()
                    .is_some_and(|r| r.commits[self.me].is_none())
                {
                    out.extend(self.throw(rng));
                }
            }
            Msg::Reveal {
                from,
                epoch,
                at,
                seed,
            } => {
                self.check_from(from)?;
                if epoch != self.epoch {
                    return Ok(out);
                }
                self.check_at(at)?;
                let Some(r) = &mut self.round else {
                    return Err(breach("it showed a seed for no throw"));
                };
                if r.commits.iter().any(Option::is_none) {
                    return Err(breach("it showed its seed before every side had committed"));
                }
                if r.seeds[from].is_some() {
                    return Err(breach("it showed its seed twice"));
                }
                if r.commits[from] != Some(commitment(from, at, &seed)) {
                    return Err(breach(
                        "its seed does not match what it committed to: a forged die",
                    ));
                }
                r.seeds[from] = Some(seed);
            }
            Msg::Act { from, at, action } => {
                self.check_from(from)?;
                self.check_at(at)?;
                if action.is_chance() {
                    return Err(breach(
                        "it sent dice (or a deal) of its own making; chance is made by both sides",
                    ));
                }
                if self.round.is_some() {
                    return Err(breach("it played while the dice were being thrown"));
                }
                match self.board.actor() {
                    Some(seat) if self.owner(seat) == Some(from) => {}
                    _ => return Err(breach("it played out of turn")),
                }
                let mut next = self.board.clone();
                next.apply(&action)
                    .map_err(|e| breach(format!("an illegal play: {e}")))?;
                self.board = next;
            }
            other => {
                return Err(breach(format!(
                    "it sent {} in the middle of the game",
                    msg_name(&other)
                )));
            }
        }
        self.settle(&mut out, parties)?;
        Ok(out)
    }

    /// Reveals this side's seed once every commit is in, and makes chance's action once every
    /// seed is.
    fn settle(&mut self, out: &mut Vec<Msg>, parties: usize) -> Result<(), Breach> {
        let Some(r) = &mut self.round else {
            return Ok(());
        };
        if !r.revealed && r.commits.iter().all(Option::is_some) {
            r.revealed = true;
            r.seeds[self.me] = Some(r.mine);
            out.push(Msg::Reveal {
                from: self.me,
                epoch: self.epoch,
                at: r.at,
                seed: r.mine,
            });
        }
        let seeds: Vec<[u8; 32]> = r.seeds.iter().flatten().copied().collect();
        if seeds.len() == parties {
            let at = r.at;
            let action = self
                .board
                .chance(joint_seed(at, &seeds))
                .ok_or_else(|| breach("no dice were due after all"))?;
            self.board.apply(&action).map_err(Breach)?;
            self.round = None;
        }
        Ok(())
    }

    fn check_from(&self, from: usize) -> Result<(), Breach> {
        if from >= self.setup.parties() || from == self.me {
            return Err(breach(format!("it spoke as player {}", from + 1)));
        }
        Ok(())
    }

    fn check_at(&self, at: usize) -> Result<(), Breach> {
        let len = self.board.len();
        if at != len {
            return Err(breach(format!(
                "it spoke of action {} of the record, and the next is {}",
                at + 1,
                len + 1
            )));
        }
        Ok(())
    }
}

/// A message's name, for a breach.
#[must_use]
pub fn msg_name(msg: &Msg) -> &'static str {
    match msg {
        Msg::Hello { .. } => "a greeting",
        Msg::Welcome { .. } => "a welcome",
        Msg::Accept => "an acceptance",
        Msg::Start { .. } => "a start",
        Msg::Wait { .. } => "a wait",
        Msg::Commit { .. } => "a commit",
        Msg::Reveal { .. } => "a seed",
        Msg::Act { .. } => "a play",
        Msg::Bye { .. } => "a goodbye",
    }
}

/// Which of two records wins when a party comes back: the longer, if it extends the shorter
/// and the rules accept it whole; otherwise why neither does.
pub fn merge(setup: &Setup, theirs: &[NetAction]) -> Result<Vec<NetAction>, String> {
    let ours = &setup.record;
    let common = ours.iter().zip(theirs).take_while(|(a, b)| a == b).count();
    if common < ours.len().min(theirs.len()) {
        return Err(format!(
            "the two records of the game part at action {}",
            common + 1
        ));
    }
    if theirs.len() <= ours.len() {
        return Ok(ours.clone());
    }
    let longer = Setup {
        record: theirs.to_vec(),
        ..setup.clone()
    };
    longer.board()?;
    Ok(longer.record)
}

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
use sha2::{Digest as _, Sha256};

use crate::game::{Board, GameError, NetAction, Setup};
use crate::wire::{Made, Msg};

/// Why the line to a party must end: what it sent, in words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Breach(pub String);

fn breach(words: impl Into<String>) -> Breach {
    Breach(words.into())
}

/// Why this side's own action may not be done, or another party's record coming back cannot
/// be believed ([`merge`]): in the player's words. Places in the record (`at`) count from 0.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("the dice and the deal are made by both sides: throw instead")]
    Chance,
    #[error("it is not this side's turn")]
    NotOurTurn,
    #[error(transparent)]
    Game(#[from] GameError),
    #[error("the two records of the game part at action {}", .at + 1)]
    Parted { at: usize },
    #[error("its record's action {} is a throw {why}", .at + 1)]
    Unproven { at: usize, why: &'static str },
    #[error("its record's action {} is not the throw both sides made there", .at + 1)]
    OtherThrow { at: usize },
    #[error("its record's action {} is a move for a seat that is not its own", .at + 1)]
    NotItsSeat { at: usize },
    #[error("its record's action {} is refused: {why}", .at + 1)]
    Refused { at: usize, why: GameError },
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

/// A throw (or deal) being made: the commits and seeds in so far, and this side's seed once it
/// has committed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub at: usize,
    pub commits: Vec<Option<[u8; 32]>>,
    pub seeds: Vec<Option<[u8; 32]>>,
    pub mine: Option<[u8; 32]>,
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
/// (its own seed and the commits it has had), the seeds of the last throw made, and (a joiner)
/// the token its host gave it, with which it proves who it is when it comes back.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pledge {
    pub round: Option<Round>,
    pub last: Option<Made>,
    #[serde(default)]
    pub token: Option<[u8; 16]>,
}

/// One party's table.
#[derive(Clone, Debug)]
pub struct Table {
    setup: Setup,
    board: Board,
    me: usize,
    pledge: Pledge,
    /// Whether this side has revealed its seed for the round under way, in this sitting.
    revealed: bool,
}

impl Table {
    /// The table of party `me` for this setup (its record replayed through the rules).
    pub fn new(setup: Setup, me: usize) -> Result<Table, Breach> {
        Table::resume(setup, me, Pledge::default())
    }

    /// The table of party `me`, with the pledge it kept: a throw under way at the record's end
    /// is taken up where it stood; one the record has passed is forgotten.
    pub fn resume(setup: Setup, me: usize, mut pledge: Pledge) -> Result<Table, Breach> {
        let board = setup.board().map_err(|e| breach(e.to_string()))?;
        if me >= setup.parties() {
            return Err(breach(format!("there is no player {}", me + 1)));
        }
        let parties = setup.parties();
        if pledge.round.as_ref().is_some_and(|r| {
            r.at != board.len()
                || r.commits.len() != parties
                || r.seeds.len() != parties
                || !board.wants_chance()
        }) {
            pledge.round = None;
        }
        if pledge
            .last
            .as_ref()
            .is_some_and(|m| m.at >= board.len() || m.seeds.len() != parties)
        {
            pledge.last = None;
        }
        Ok(Table {
            setup,
            board,
            me,
            pledge,
            revealed: false,
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

    /// What this side must keep on disk before it sends what it was just given to send.
    #[must_use]
    pub fn pledge(&self) -> &Pledge {
        &self.pledge
    }

    /// (Joiner) keeps the token its host gave it.
    pub fn set_token(&mut self, token: [u8; 16]) {
        self.pledge.token = Some(token);
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
        (self.owner(seat) == Some(self.me) && self.pledge.round.is_none()).then_some(seat)
    }

    /// Whether this side may start the throw (or deal) due now.
    #[must_use]
    pub fn may_throw(&self) -> bool {
        self.board.wants_chance()
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
        let missing = if r.committed() { &r.seeds } else { &r.commits };
        (0..missing.len())
            .filter(|&p| p != self.me && missing[p].is_none())
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

    /// This side's own action (a play, a double…): done here, and the message that tells the
    /// others; or why it may not be done.
    pub fn act(&mut self, action: NetAction) -> Result<Msg, TableError> {
        if action.is_chance() {
            return Err(TableError::Chance);
        }
        if self.my_move().is_none() {
            return Err(TableError::NotOurTurn);
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
    /// Keep [`Table::pledge`] before sending what it returns.
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
        let round = self
            .pledge
            .round
            .get_or_insert_with(|| Round::new(at, parties));
        let seed: [u8; 32] = rng.random();
        let hash = commitment(me, at, &seed);
        round.mine = Some(seed);
        round.commits[me] = Some(hash);
        Some(Msg::Commit { from: me, at, hash })
    }

    /// What this side says again when everyone is seated anew (a start, a party back): its
    /// commit to the throw under way, and its seed once every commit is in. The same commit
    /// and the same seed as before: a throw is never made twice.
    #[must_use]
    pub fn resend(&mut self) -> Vec<Msg> {
        let Some(r) = &self.pledge.round else {
            return Vec::new();
        };
        let Some(seed) = r.mine else {
            return Vec::new();
        };
        let mut out = vec![Msg::Commit {
            from: self.me,
            at: r.at,
            hash: commitment(self.me, r.at, &seed),
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
        match msg {
            Msg::Commit { from, at, hash } => {
                self.check_from(from)?;
                if self.already_made(at, from, None) {
                    return Ok(out);
                }
                self.check_at(at)?;
                if !self.board.wants_chance() {
                    return Err(breach("it threw when no dice nor deal were due"));
                }
                match &self.pledge.round {
                    None => {
                        if let Some(seat) = self.board.actor()
                            && self.owner(seat) != Some(from)
                        {
                            return Err(breach("it threw out of turn"));
                        }
                    }
                    Some(r) if r.commits[from] == Some(hash) => return Ok(out),
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
                round.commits[from] = Some(hash);
                if round.mine.is_none() {
                    out.extend(self.throw(rng));
                }
            }
            Msg::Reveal { from, at, seed } => {
                self.check_from(from)?;
                if self.already_made(at, from, Some(&seed)) {
                    return Ok(out);
                }
                self.check_at(at)?;
                let Some(r) = &mut self.pledge.round else {
                    return Err(breach("it showed a seed for no throw"));
                };
                if !r.committed() {
                    return Err(breach("it showed its seed before every side had committed"));
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
                if self.pledge.round.is_some() {
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
        self.settle(&mut out)?;
        Ok(out)
    }

    /// Whether a commit or seed is a repeat of one for the throw made last (a party seated
    /// anew says its share again): nothing to do. A seed that differs is no repeat.
    fn already_made(&self, at: usize, from: usize, seed: Option<&[u8; 32]>) -> bool {
        self.pledge.last.as_ref().is_some_and(|m| {
            m.at == at
                && at + 1 == self.board.len()
                && seed.is_none_or(|s| m.seeds.get(from) == Some(s))
        })
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
            let made = Made {
                at: r.at,
                seeds: r.seeds.iter().flatten().copied().collect(),
            };
            let action = self
                .board
                .chance(joint_seed(made.at, &made.seeds))
                .ok_or_else(|| breach("no dice were due after all"))?;
            self.board
                .apply(&action)
                .map_err(|e| breach(e.to_string()))?;
            self.pledge.round = None;
            self.pledge.last = Some(made);
            self.revealed = false;
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
        Msg::Start => "a start",
        Msg::Wait { .. } => "a wait",
        Msg::Stalled { .. } => "a word on a stalled throw",
        Msg::Commit { .. } => "a commit",
        Msg::Reveal { .. } => "a seed",
        Msg::Act { .. } => "a play",
        Msg::Bye { .. } => "a goodbye",
    }
}

/// The other side's record of the game, as it comes back: who it is, its record, and the
/// seeds of the last throw it made (for this side to check).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theirs<'a> {
    pub party: usize,
    pub record: &'a [NetAction],
    pub last: Option<&'a Made>,
}

/// Which of two records wins when a party comes back: ours, or theirs where it goes on from
/// ours and every action beyond ours can be checked here. Each such action must be either a
/// decision at a seat of theirs (the host passes on the other joiners', so a joiner checking
/// its host takes any seat but its own), allowed by the rules; or the one throw under way here,
/// made from the seeds this side's `pledge` commits to, with its own seed among them. A record
/// holding a throw this side took no part in, or a play for a seat of ours, is refused with the
/// reason, and nothing changes. Returns the record and the seeds of the last throw in it.
pub fn merge(
    ours: &Setup,
    me: usize,
    pledge: &Pledge,
    theirs: &Theirs<'_>,
) -> Result<(Vec<NetAction>, Option<Made>), TableError> {
    let mine = &ours.record;
    let record = theirs.record;
    let common = mine.iter().zip(record).take_while(|(a, b)| a == b).count();
    if common < mine.len().min(record.len()) {
        return Err(TableError::Parted { at: common });
    }
    if record.len() <= mine.len() {
        return Ok((mine.clone(), pledge.last.clone()));
    }
    let host = me == 0;
    let theirs_seat = |owner: Option<usize>| {
        owner.is_some_and(|o| if host { o == theirs.party } else { o != me })
    };
    let mut board = ours.board()?;
    let mut last = pledge.last.clone();
    for (at, action) in record.iter().enumerate().skip(mine.len()) {
        if action.is_chance() {
            let made = checked_throw(&board, me, pledge, theirs.last, at)
                .map_err(|why| TableError::Unproven { at, why })?;
            if board.chance(joint_seed(at, &made.seeds)).as_ref() != Some(action) {
                return Err(TableError::OtherThrow { at });
            }
            last = Some(made);
        } else {
            let owner = board.actor().and_then(|s| ours.owners.get(s).copied());
            if !theirs_seat(owner) {
                return Err(TableError::NotItsSeat { at });
            }
        }
        board
            .apply(action)
            .map_err(|why| TableError::Refused { at, why })?;
    }
    Ok((record.to_vec(), last))
}

/// The seeds of the throw at `at` as the other side shows them, checked against this side's
/// pledge; or why they cannot be believed.
fn checked_throw(
    board: &Board,
    me: usize,
    pledge: &Pledge,
    shown: Option<&Made>,
    at: usize,
) -> Result<Made, &'static str> {
    if !board.wants_chance() {
        return Err("where none was due");
    }
    let Some(round) = pledge
        .round
        .as_ref()
        .filter(|r| r.at == at && r.committed())
    else {
        return Err("this side never took part in");
    };
    let Some(made) = shown.filter(|m| m.at == at && m.seeds.len() == round.commits.len()) else {
        return Err("whose seeds it does not show");
    };
    if round.mine != made.seeds.get(me).copied() {
        return Err("that is not made from this side's seed");
    }
    let kept = made
        .seeds
        .iter()
        .enumerate()
        .all(|(p, s)| round.commits[p] == Some(commitment(p, at, s)));
    if !kept {
        return Err("from seeds its maker never committed to");
    }
    Ok(made.clone())
}

//! One party at the game, whoever plays its seats: the host (welcomes the friends, passes their
//! messages on) or a joiner (greets, sees the game offered, accepts). Driven by events: the
//! program calls [`Party::poll`] when it can, and [`Party::act`] and [`Party::throw`] for its
//! own moves. The rules are asked only through the [`Table`].
//!
//! Before anything goes out, the party's table (its record, and its [`Pledge`]: its share of
//! the throw under way, the commits it has had) is handed to the program's keeper to be kept on
//! disk, so that no restart, new start or dropped line can make a throw twice, and a restart
//! never finds the others ahead with a move of this side's. A throw that waits on a party
//! longer than the patience is said to be stalled: every side is told, and the others may end
//! the game as abandoned by that party.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::SeedableRng as _;
use rand::rngs::StdRng;

use crate::game::{NetAction, Setup};
use crate::invite::Invitation;
use crate::link::{Event, Identity, Link, LinkError, Reach, seat_token};
use crate::table::{Breach, Made, Pledge, Table, TableError, Theirs, merge};
use crate::wire::{Comeback, Msg, VERSION};

mod stall;
pub use stall::{Abandoned, GRACE, PATIENCE, Stall};

/// Where the party stands with the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum State {
    /// (Host) waiting for friends to come with the invitation.
    Inviting,
    /// (Joiner) the host offered this game; accept it or not.
    Offered,
    /// Everyone is seated: play.
    Playing,
    /// A party's line dropped: waiting for it to come back.
    Waiting(usize),
    /// The line is gone for good (the host sent us away, or went away), and why.
    Broken(String),
}

/// What happened in one poll, for the program to show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Polled {
    /// Something came from the line.
    pub heard: bool,
    /// Notes on the line, in words.
    pub notes: Vec<String>,
}

/// Whether the line to the others goes directly or through a relay (as last reported).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    Unknown,
    Direct,
    Relayed,
}

/// What a party coming back to a game brings from its last sitting: the party it was, its
/// record of the game, and the pledge it kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Return {
    pub party: usize,
    pub record: Vec<NetAction>,
    pub pledge: Pledge,
}

/// The program's keeper of the game: writes the table (its record and its pledge) to disk, or
/// says why it could not. Called before anything goes out, so that this side never stands
/// behind what the others have from it: neither a move of its own nor a share of a throw.
pub type Keeper = Box<dyn FnMut(&Table) -> Result<(), KeepError> + Send>;

/// Why the program's keeper could not keep the game: its own error, shown in the words it
/// gives.
pub type KeepError = Box<dyn std::error::Error + Send + Sync>;

/// Why a party could not open, act or bring its record in, or why a host's welcome cannot be
/// believed: in the player's words. Parties count from 0.
#[derive(Debug, thiserror::Error)]
pub enum PartyError {
    #[error(transparent)]
    Link(#[from] LinkError),
    /// The game to host cannot be played (the rules' reason).
    #[error(transparent)]
    Setup(Breach),
    #[error("wait for your friend")]
    NotPlaying,
    #[error("there is no game yet")]
    NoGame,
    #[error("the line is closed")]
    Closed,
    #[error(transparent)]
    Table(#[from] TableError),
    #[error("the game here and the game over the line have parted")]
    Parted,
    /// A party coming back with more of the game than the host's, without its seat's token.
    #[error(
        "it brought a record of the game beyond ours and could not show it was player {}",
        .0 + 1
    )]
    Unproven(usize),
    #[error("the host gave us the seat of player {}, and we were player {}", .given + 1, .ours + 1)]
    OtherSeat { given: usize, ours: usize },
    #[error("the host's record of the game cannot be believed: {0}")]
    Unbelieved(TableError),
    #[error("the host offered a game that cannot be played: {0}")]
    Unplayable(Breach),
}

/// Which party this is, and what only that role holds: the host, its friends' seats and the
/// key its seat tokens come from; a joiner, what it brings back and how it joined. (Named
/// apart from the rules' `tables::Side`, a side of the board.)
enum Role {
    Host {
        seated: Vec<bool>,
        key: [u8; 32],
    },
    Joiner {
        back: Box<Option<Return>>,
        /// The invitation and the name it joined with, to join again.
        invitation: Invitation,
        name: String,
    },
}

/// One party.
pub struct Party {
    link: Link,
    role: Role,
    table: Option<Table>,
    state: State,
    path: Path,
    rng: StdRng,
    keeper: Option<Keeper>,
    /// The pledge and the record's length as last kept.
    kept: (Pledge, usize),
    /// What the game waits on, and since when: (the throw's place or the party lost, the
    /// parties, whether a throw, since).
    waiting: Option<(usize, Vec<usize>, bool, Instant)>,
    /// Whether the others have been told of the stall now waited on.
    stall_told: bool,
    patience: Duration,
    abandoned: Option<Abandoned>,
    reach: Reach,
    /// (Joiner) the line to the host dropped without a goodbye: it may be joined again.
    dropped: bool,
    wake: Option<Waker>,
}

/// What is called whenever the line brings something (the window asks to be drawn).
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// A joiner's way back to its host after the line dropped: the same invitation and name, and
/// what it holds of the game. [`Rejoin::join`] may be called on a thread of its own.
pub struct Rejoin {
    invitation: Invitation,
    name: String,
    back: Return,
    reach: Reach,
    wake: Option<Waker>,
}

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
    fn with(link: Link, role: Role, table: Option<Table>, state: State, reach: Reach) -> Party {
        let kept = table
            .as_ref()
            .map(|t| (t.pledge().clone(), t.board().len()))
            .unwrap_or_default();
        Party {
            link,
            role,
            table,
            state,
            path: Path::Unknown,
            rng: StdRng::from_os_rng(),
            keeper: None,
            kept,
            waiting: None,
            stall_told: false,
            patience: PATIENCE,
            abandoned: None,
            reach,
            dropped: false,
            wake: None,
        }
    }

    /// Hosts `setup` for its `parties() - 1` friends, as `identity` (a fresh one for a new
    /// invitation; the one kept, for the same invitation again), with the pledge kept from the
    /// last sitting (the default for a new game).
    pub fn host(
        setup: Setup,
        reach: Reach,
        identity: Identity,
        pledge: Pledge,
    ) -> Result<Party, PartyError> {
        let joiners = setup.parties().saturating_sub(1);
        let table = Table::resume(setup, 0, pledge).map_err(PartyError::Setup)?;
        let link = Link::host(reach, joiners, identity)?;
        let mut seated = vec![false; joiners + 1];
        seated[0] = true;
        let role = Role::Host {
            seated,
            key: identity.key,
        };
        Ok(Party::with(link, role, Some(table), State::Inviting, reach))
    }

    /// Joins the host an invitation names, as `name`; `back`: what this party holds of the
    /// game, when coming back to it. Waits at most 30 s for the line.
    pub fn join(
        invitation: &Invitation,
        name: String,
        back: Option<Return>,
        reach: Reach,
    ) -> Result<Party, PartyError> {
        let hello = Msg::Hello {
            version: VERSION,
            secret: invitation.secret,
            name: name.clone(),
            back: back.as_ref().map(|b| Comeback {
                party: b.party,
                record: b.record.clone(),
                last: b.pledge.last.clone(),
                token: b.pledge.token,
            }),
        };
        let link = Link::join(reach, invitation, hello)?;
        let role = Role::Joiner {
            back: Box::new(back),
            invitation: invitation.clone(),
            name,
        };
        Ok(Party::with(link, role, None, State::Offered, reach))
    }

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

    /// Calls `wake` whenever something comes from the line (the window asks to be drawn).
    pub fn set_waker(&mut self, wake: Waker) {
        let w = wake.clone();
        self.link.set_waker(Box::new(move || w()));
        self.wake = Some(wake);
    }

    /// Hands the table to `keeper` before anything goes out (and now). Without a keeper the
    /// pledge lives as long as the party.
    pub fn set_keeper(&mut self, keeper: Keeper) {
        self.keeper = Some(keeper);
        self.kept = (Pledge::default(), usize::MAX);
        let _ = self.keep();
    }

    /// The keeper, taken back (to hand to the party that joins again in this one's place).
    pub fn take_keeper(&mut self) -> Option<Keeper> {
        self.keeper.take()
    }

    /// How long a throw may wait on a party before the others may end the game (tests).
    pub fn set_patience(&mut self, patience: Duration) {
        self.patience = patience;
    }

    /// (Host) who it is, to keep so that a restart gives the same invitation.
    #[must_use]
    pub fn identity(&self) -> Option<Identity> {
        self.link.identity()
    }

    /// (Host) the invitation's code.
    #[must_use]
    pub fn invitation(&self) -> Option<String> {
        self.link.invitation().map(Invitation::code)
    }

    /// The game, once there is one (a joiner has it from the host's welcome).
    #[must_use]
    pub fn table(&self) -> Option<&Table> {
        self.table.as_ref()
    }

    #[must_use]
    pub fn state(&self) -> &State {
        &self.state
    }

    #[must_use]
    pub fn path(&self) -> Path {
        self.path
    }

    /// Whether the game goes on now (everyone seated).
    #[must_use]
    pub fn playing(&self) -> bool {
        self.state == State::Playing
    }

    /// The game as ended by this side, a party having kept it waiting past the patience.
    #[must_use]
    pub fn abandoned(&self) -> Option<&Abandoned> {
        self.abandoned.as_ref()
    }

    /// What this party brings when it comes back after its line is gone: its party, the
    /// record (`record`, the program's, which may hold more of this side's own moves) and its
    /// pledge. None before the game began.
    #[must_use]
    pub fn comeback(&self, record: Vec<NetAction>) -> Option<Return> {
        let table = self.table.as_ref()?;
        Some(Return {
            party: table.me(),
            record,
            pledge: table.pledge().clone(),
        })
    }

    /// (Joiner) takes the seat offered.
    pub fn accept(&mut self) {
        if self.state == State::Offered && self.table.is_some() {
            self.link.send(0, Msg::Accept);
            self.state = State::Waiting(0);
        }
    }

    /// Drops the line with no goodbye, as a closed lid or a lost Wi-Fi would (tests).
    pub fn cut(mut self) {
        self.state = State::Broken("cut".into());
    }

    /// Leaves the game, telling the others why.
    pub fn leave(&mut self, reason: &str) {
        for p in self.others() {
            self.link.close(p, reason);
        }
        self.state = State::Broken(reason.into());
    }

    /// The parties this one speaks to: the host to every joiner, a joiner to the host.
    fn others(&self) -> Vec<usize> {
        match &self.role {
            Role::Host { seated, .. } => (1..seated.len()).collect(),
            Role::Joiner { .. } => vec![0],
        }
    }

    /// Keeps the table if it has changed since it was last kept (its pledge, or its record). On
    /// failure the line is closed: nothing may go out that this side could not stand by after
    /// a restart.
    fn keep(&mut self) -> bool {
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
    fn send(&mut self, to: &[usize], msgs: &[Msg]) -> bool {
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
            for action in &ours[theirs.len()..] {
                self.act(action.clone())?;
            }
            return Ok(Vec::new());
        }
        Ok(theirs[ours.len()..].to_vec())
    }

    /// The names of the other parties, joined: "Robin", "Robin and Kate".
    #[must_use]
    pub fn others_names(&self) -> String {
        let Some(t) = &self.table else {
            return "your friend".into();
        };
        let names: Vec<String> = (0..t.setup().parties())
            .filter(|&p| p != t.me())
            .map(|p| self.name(p))
            .collect();
        match names.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => "your friend".into(),
        }
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

    /// Handles what has come from the line, waiting at most `wait` for the first of it.
    pub fn poll(&mut self, wait: Duration) -> Polled {
        let mut polled = Polled::default();
        let mut next = self.link.event(wait);
        while let Some(event) = next {
            polled.heard = true;
            self.handle(event, &mut polled.notes);
            next = self.link.try_event();
        }
        self.watch(&mut polled.notes);
        polled
    }

    fn handle(&mut self, event: Event, notes: &mut Vec<String>) {
        match event {
            Event::Path { direct, .. } => {
                self.path = if direct { Path::Direct } else { Path::Relayed };
            }
            Event::Refused(why) => notes.push(format!("Somebody was turned away: {why}")),
            Event::Knock { party, name, back } => self.knock(party, name, back, notes),
            Event::Lost {
                party,
                reason,
                farewell,
            } => {
                if !farewell && matches!(self.role, Role::Joiner { .. }) {
                    self.dropped = true;
                }
                self.lost(party, &reason, farewell, notes);
            }
            Event::Message { party, msg } => self.message(party, msg, notes),
        }
    }

    /// (Host) a friend has come with the invitation: welcome it to the game as it stands here,
    /// or, coming back with a record longer than ours, to that record where it can be checked.
    fn knock(
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

    fn lost(&mut self, party: usize, reason: &str, farewell: bool, notes: &mut Vec<String>) {
        if matches!(self.state, State::Broken(_)) {
            // This side left (or ended the game): the lines closing after it say nothing new.
            return;
        }
        let name = self.name(party);
        match &mut self.role {
            Role::Host { seated, .. } => {
                let over = self.table.as_ref().is_some_and(|t| t.board().is_over());
                if over {
                    notes.push(format!("{name} has left: the game is over"));
                } else if seated.get(party).copied().unwrap_or(false) {
                    seated[party] = false;
                    notes.push(if farewell {
                        format!("{name} left ({reason}): waiting for them to come back")
                    } else {
                        format!(
                            "The line to {name} dropped ({reason}): waiting for them to come back"
                        )
                    });
                    self.state = State::Waiting(party);
                    for p in (1..seated.len()).filter(|&p| p != party) {
                        self.link.send(p, Msg::Wait { party });
                    }
                }
            }
            Role::Joiner { .. } => {
                if !matches!(self.state, State::Broken(_)) {
                    self.state = State::Broken(if self.over() {
                        "the game is over".into()
                    } else if farewell {
                        format!("the host closed the line: {reason}")
                    } else {
                        format!("the line to the host dropped ({reason})")
                    });
                }
            }
        }
    }

    /// A party's name, as the setup has it.
    #[must_use]
    pub fn name(&self, party: usize) -> String {
        self.table
            .as_ref()
            .and_then(|t| t.setup().names.get(party).cloned())
            .unwrap_or_else(|| format!("player {}", party + 1))
    }

    /// Whether the game is over.
    #[must_use]
    pub fn over(&self) -> bool {
        self.table.as_ref().is_some_and(|t| t.board().is_over())
    }

    /// Everyone is seated (again): play, and say again this side's share of a throw under way.
    fn start(&mut self) {
        self.state = State::Playing;
        let Some(table) = &mut self.table else {
            return;
        };
        let again = table.resend();
        let to = self.others();
        self.send(&to, &again);
    }

    fn message(&mut self, party: usize, msg: Msg, notes: &mut Vec<String>) {
        match (&mut self.role, msg) {
            (Role::Host { seated, .. }, Msg::Accept) => {
                let Some(s) = seated.get_mut(party) else {
                    return;
                };
                if *s {
                    // Seated already: an acceptance said again changes nothing.
                    return;
                }
                *s = true;
                if seated.iter().all(|s| *s) {
                    for p in 1..seated.len() {
                        self.link.send(p, Msg::Start);
                    }
                    self.start();
                    notes.push("Everyone is seated: play".into());
                }
            }
            // A joiner's word that a throw waits too long changes nothing at the host.
            (Role::Host { .. }, Msg::Stalled { .. }) => {}
            (Role::Host { seated, .. }, msg) => {
                if !seated.get(party).copied().unwrap_or(false) {
                    return;
                }
                let from = match &msg {
                    Msg::Commit { from, .. } | Msg::Reveal { from, .. } | Msg::Act { from, .. } => {
                        Some(*from)
                    }
                    _ => None,
                };
                let joiners = seated.len() - 1;
                let Some(table) = &mut self.table else {
                    return;
                };
                let result = if from == Some(party) {
                    table.receive(msg.clone(), &mut self.rng)
                } else {
                    Err(crate::table::Breach("it spoke for another player".into()))
                };
                match result {
                    Ok(out) => {
                        let others: Vec<usize> = (1..=joiners).filter(|&p| p != party).collect();
                        let all: Vec<usize> = (1..=joiners).collect();
                        if self.send(&others, &[msg]) {
                            self.send(&all, &out);
                        }
                    }
                    Err(breach) => {
                        notes.push(format!(
                            "{} was sent away: {breach}; the game stands as it was",
                            self.name(party)
                        ));
                        self.link.close(party, &breach.0);
                    }
                }
            }
            (
                Role::Joiner { back, .. },
                Msg::Welcome {
                    setup,
                    party: me,
                    last,
                    token,
                },
            ) => match welcomed(setup, me, last, token, back.as_ref().as_ref()) {
                Ok(t) => {
                    self.table = Some(t);
                    self.state = State::Offered;
                }
                Err(why) => {
                    let why = why.to_string();
                    self.link.close(0, &why);
                    self.state = State::Broken(why);
                }
            },
            (Role::Joiner { .. }, Msg::Start) => {
                if self.table.is_some() {
                    self.start();
                }
            }
            (Role::Joiner { .. }, Msg::Wait { party }) => {
                self.state = State::Waiting(party);
                notes.push(format!(
                    "The line to {} dropped: waiting for them",
                    self.name(party)
                ));
            }
            (Role::Joiner { .. }, Msg::Stalled { party, .. }) => {
                let me = self.table.as_ref().map(Table::me);
                notes.push(if me == Some(party) {
                    "The others say the throw has waited too long on this side's share".into()
                } else {
                    format!(
                        "The throw has waited too long on {}: the host may end the game",
                        self.name(party)
                    )
                });
            }
            (Role::Joiner { .. }, msg) => {
                // Before the welcome there is no game to act on: what comes is set aside. (A
                // host's move may be on its way to a seat retaken on a new line before the
                // host has seen the knock; the welcome that follows holds it.)
                let Some(table) = &mut self.table else {
                    return;
                };
                match table.receive(msg, &mut self.rng) {
                    Ok(out) => {
                        self.send(&[0], &out);
                    }
                    Err(breach) => {
                        let why = format!(
                            "the host's program broke the rules ({breach}); the game stands as it was"
                        );
                        self.link.close(0, &breach.0);
                        self.state = State::Broken(why);
                    }
                }
            }
        }
    }
}

/// (Joiner) the table the host's welcome gives: the host's game, where it goes on from ours
/// (coming back) in a way this side can check; or why it cannot be believed.
fn welcomed(
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

impl Drop for Party {
    fn drop(&mut self) {
        if !matches!(self.state, State::Broken(_)) {
            let why = if self.over() {
                "the game is over"
            } else {
                "the game was closed there"
            };
            for p in self.others() {
                self.link.close(p, why);
            }
        }
    }
}

/// How long a party waits for one poll in a loop.
pub const POLL: Duration = Duration::from_millis(100);

//! One party at the game, whoever plays its seats: the host (welcomes the friends, passes their
//! messages on) or a joiner (greets, sees the game offered, accepts). Driven by events: the
//! program calls [`Party::poll`] when it can (the window each frame, the command line in a
//! loop), and [`Party::act`] and [`Party::throw`] for its own moves. The rules are asked only
//! through the [`Table`].

use std::time::{Duration, Instant};

use rand::SeedableRng as _;
use rand::rngs::StdRng;

use crate::game::{NetAction, Setup};
use crate::invite::Invitation;
use crate::link::{Event, Identity, Link, Reach};
use crate::table::{Table, merge};
use crate::wire::{Msg, VERSION};

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

enum Side {
    Host { seated: Vec<bool>, epoch: u32 },
    Joiner { back: Option<Vec<NetAction>> },
}

/// One party.
pub struct Party {
    link: Link,
    side: Side,
    table: Option<Table>,
    state: State,
    path: Path,
    rng: StdRng,
    began: Instant,
    /// The record's length when the game began here, until the first throw after it is noted.
    first_action: Option<usize>,
}

impl Party {
    /// Hosts `setup` for its `parties() - 1` friends, as `identity` (a fresh one for a new
    /// invitation; the one kept, for the same invitation again).
    pub fn host(setup: Setup, reach: Reach, identity: Identity) -> Result<Party, String> {
        let joiners = setup.parties().saturating_sub(1);
        let table = Table::new(setup, 0).map_err(|e| e.0)?;
        let link = Link::host(reach, joiners, identity).map_err(|e| e.to_string())?;
        let mut seated = vec![false; joiners + 1];
        seated[0] = true;
        Ok(Party {
            link,
            side: Side::Host { seated, epoch: 0 },
            first_action: None,
            table: Some(table),
            state: State::Inviting,
            path: Path::Unknown,
            rng: StdRng::from_os_rng(),
            began: Instant::now(),
        })
    }

    /// Joins the host an invitation names, as `name`; `back`: this party and its record of the
    /// game, when coming back to it. Waits at most 30 s for the line.
    pub fn join(
        invitation: &Invitation,
        name: String,
        back: Option<(usize, Vec<NetAction>)>,
        reach: Reach,
    ) -> Result<Party, String> {
        let began = Instant::now();
        let hello = Msg::Hello {
            version: VERSION,
            secret: invitation.secret,
            name,
            back: back.clone(),
        };
        let link = Link::join(reach, invitation, hello).map_err(|e| e.to_string())?;
        Ok(Party {
            link,
            side: Side::Joiner {
                back: back.map(|(_, r)| r),
            },
            table: None,
            state: State::Offered,
            path: Path::Unknown,
            rng: StdRng::from_os_rng(),
            began,
            first_action: None,
        })
    }

    /// Calls `wake` whenever something comes from the line (the window asks to be drawn).
    pub fn set_waker(&self, wake: Box<dyn Fn() + Send>) {
        self.link.set_waker(wake);
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
        match &self.side {
            Side::Host { seated, .. } => (1..seated.len()).collect(),
            Side::Joiner { .. } => vec![0],
        }
    }

    fn send_all(&self, msg: &Msg) {
        for p in self.others() {
            self.link.send(p, msg.clone());
        }
    }

    /// This side's own action at its seat: done, and sent; or why not.
    pub fn act(&mut self, action: NetAction) -> Result<(), String> {
        if !self.playing() {
            return Err("wait for your friend".into());
        }
        let table = self.table.as_mut().ok_or("there is no game yet")?;
        let msg = table.act(action)?;
        self.send_all(&msg);
        Ok(())
    }

    /// Brings a program's record of the game and the party's together: the actions `ours`
    /// holds beyond the party's are this side's own, done since, and are sent; the actions the
    /// party holds beyond `ours` (the others', and chance's) are returned, to be done in order.
    pub fn sync(&mut self, ours: &[NetAction]) -> Result<Vec<NetAction>, String> {
        let theirs = self
            .table
            .as_ref()
            .map(|t| t.board().record())
            .unwrap_or_default();
        if !ours.iter().zip(&theirs).all(|(a, b)| a == b) {
            return Err("the game here and the game over the line have parted".into());
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
                self.send_all(&msg);
                true
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
        polled
    }

    fn handle(&mut self, event: Event, notes: &mut Vec<String>) {
        match event {
            Event::Path { direct, .. } => {
                self.path = if direct { Path::Direct } else { Path::Relayed };
            }
            Event::Refused(why) => notes.push(format!("Somebody was turned away: {why}")),
            Event::Knock { party, name, back } => self.knock(party, name, back, notes),
            Event::Lost { party, reason } => self.lost(party, reason, notes),
            Event::Message { party, msg } => self.message(party, msg, notes),
        }
    }

    fn knock(
        &mut self,
        party: usize,
        name: String,
        back: Option<(usize, Vec<NetAction>)>,
        notes: &mut Vec<String>,
    ) {
        let Some(table) = &mut self.table else {
            return;
        };
        if let Some((_, record)) = back {
            match merge(&table.setup_now(), &record) {
                Ok(merged) => {
                    let mut setup = table.setup_now();
                    setup.record = merged;
                    match Table::new(setup, 0) {
                        Ok(t) => *table = t,
                        Err(e) => {
                            self.link.close(party, &e.0);
                            return;
                        }
                    }
                }
                Err(why) => {
                    notes.push(format!("{name} came back, but {why}"));
                    self.link.close(party, &why);
                    return;
                }
            }
        }
        notes.push(format!("{name} has come with the invitation"));
        let mut setup = table.setup_now();
        if let Some(n) = setup.names.get_mut(party) {
            *n = gamester_core::players::clean_name(&name);
        }
        // The host keeps the names it gives out.
        if let Ok(t) = Table::new(setup.clone(), 0) {
            let epoch = table.epoch();
            *table = t;
            table.start(epoch);
        }
        self.link.send(party, Msg::Welcome { setup, party });
    }

    fn lost(&mut self, party: usize, reason: String, notes: &mut Vec<String>) {
        let name = self.name(party);
        match &mut self.side {
            Side::Host { seated, epoch } => {
                let over = self.table.as_ref().is_some_and(|t| t.board().is_over());
                if over {
                    notes.push(format!("{name} has left: the game is over"));
                } else if seated.get(party).copied().unwrap_or(false) {
                    seated[party] = false;
                    if let Some(t) = &mut self.table {
                        t.start(*epoch);
                    }
                    notes.push(format!(
                        "The line to {name} dropped ({reason}): waiting for them to come back"
                    ));
                    self.state = State::Waiting(party);
                    for p in (1..seated.len()).filter(|&p| p != party) {
                        self.link.send(p, Msg::Wait { party });
                    }
                }
            }
            Side::Joiner { .. } => {
                if !matches!(self.state, State::Broken(_)) {
                    self.state = State::Broken(if self.over() {
                        "the game is over".into()
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

    fn message(&mut self, party: usize, msg: Msg, notes: &mut Vec<String>) {
        match (&mut self.side, msg) {
            (Side::Host { seated, epoch }, Msg::Accept) => {
                if let Some(s) = seated.get_mut(party) {
                    *s = true;
                }
                if seated.iter().all(|s| *s) {
                    *epoch += 1;
                    let epoch = *epoch;
                    if let Some(t) = &mut self.table {
                        t.start(epoch);
                    }
                    for p in 1..seated.len() {
                        self.link.send(p, Msg::Start { epoch });
                    }
                    self.state = State::Playing;
                    notes.push("Everyone is seated: play".into());
                }
            }
            (Side::Host { seated, .. }, msg) => {
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
                        for p in (1..=joiners).filter(|&p| p != party) {
                            self.link.send(p, msg.clone());
                        }
                        for m in out {
                            for p in 1..=joiners {
                                self.link.send(p, m.clone());
                            }
                        }
                        self.note_first_throw(notes);
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
            (Side::Joiner { back }, Msg::Welcome { setup, party: me }) => {
                if let Some(ours) = back
                    && !setup.record.starts_with(ours)
                {
                    let why = "the host's record of the game does not go on from ours";
                    self.link.close(0, why);
                    self.state = State::Broken(why.into());
                    return;
                }
                match Table::new(setup, me) {
                    Ok(t) => {
                        self.first_action = Some(t.board().len());
                        self.table = Some(t);
                        self.state = State::Offered;
                    }
                    Err(e) => {
                        let why = format!("the host offered a game that cannot be played: {e}");
                        self.link.close(0, &why);
                        self.state = State::Broken(why);
                    }
                }
            }
            (Side::Joiner { .. }, Msg::Start { epoch }) => {
                if let Some(t) = &mut self.table {
                    t.start(epoch);
                    self.state = State::Playing;
                }
            }
            (Side::Joiner { .. }, Msg::Wait { party }) => {
                self.state = State::Waiting(party);
                notes.push(format!(
                    "The line to {} dropped: waiting for them",
                    self.name(party)
                ));
            }
            (Side::Joiner { .. }, msg) => {
                let Some(table) = &mut self.table else {
                    let why = "the host played before welcoming us";
                    self.link.close(0, why);
                    self.state = State::Broken(why.into());
                    return;
                };
                match table.receive(msg, &mut self.rng) {
                    Ok(out) => {
                        for m in out {
                            self.link.send(0, m);
                        }
                        self.note_first_throw(notes);
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

    fn note_first_throw(&mut self, notes: &mut Vec<String>) {
        if let (Some(n), Some(t)) = (self.first_action, &self.table)
            && t.board().len() > n
        {
            self.first_action = None;
            notes.push(format!(
                "The first throw came {} ms after the line opened",
                self.began.elapsed().as_millis()
            ));
        }
    }
}

impl Drop for Party {
    fn drop(&mut self) {
        if !matches!(self.state, State::Broken(_)) {
            let why = if self.over() {
                "the game is over"
            } else {
                "the friend closed the game"
            };
            for p in self.others() {
                self.link.close(p, why);
            }
        }
    }
}

/// How long a party waits for one poll in a loop.
pub const POLL: Duration = Duration::from_millis(100);

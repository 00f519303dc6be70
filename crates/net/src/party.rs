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
//!
//! Here the party, what it is and holds, and how it opens; beside it, by subject: `turn` (this
//! side's own moves), `heard` (what comes from the line), `host` (a friend welcomed),
//! `joiner` (the way back to the host, and its welcome checked), `stall` (a game kept waiting).

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::SeedableRng as _;
use rand::rngs::StdRng;

use crate::game::{NetAction, Setup};
use crate::invite::Invitation;
use crate::link::{Identity, Link, LinkError, Reach};
use crate::sign::{Key, Public};
use crate::table::{Breach, Pledge, Table, TableError};
use crate::wire::{Comeback, Msg, VERSION};

mod heard;
mod host;
mod joiner;
mod stall;
mod turn;
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

/// What a party coming back to a game brings from its last sitting: the game as it sat down
/// to it (the seating everyone signed, with its record as the program holds it), the party it
/// was, the pledge it kept (the proofs of the record, and its share of a throw under way), and
/// the key its seat is held with.
#[derive(Clone, Debug)]
pub struct Return {
    pub setup: Setup,
    pub party: usize,
    pub pledge: Pledge,
    pub key: Key,
}

impl Return {
    /// What a party holding `table` brings when it comes back.
    #[must_use]
    pub fn of(table: &Table) -> Return {
        Return {
            setup: table.setup_now(),
            party: table.me(),
            pledge: table.pledge().clone(),
            key: table.key().clone(),
        }
    }

    /// The record as far as its proofs go, and the proofs: what goes back to the host. A
    /// record shorter than its proofs (a program that had not yet shown the last move when the
    /// line dropped) goes back with the proofs of what it holds.
    fn comeback(&self) -> Comeback {
        let start = self.setup.start;
        let proved = start + self.pledge.proofs.len();
        let mut record = self.setup.record.clone();
        record.truncate(proved);
        let mut proofs = self.pledge.proofs.clone();
        proofs.truncate(record.len().saturating_sub(start));
        Comeback {
            party: self.party,
            root: self.setup.root(),
            record,
            proofs,
        }
    }
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
    #[error("the host gave you another player's seat")]
    OtherSeat,
    #[error("the host's record of the game cannot be believed: {0}")]
    Unbelieved(TableError),
    #[error("the host offered a game that cannot be played: {0}")]
    Unplayable(Breach),
    /// The seating the host showed differs from the one this side signed: what changed.
    #[error("{0}")]
    Changed(String),
    #[error("the host offered a game that is already over")]
    Over,
    #[error("the game offered is not signed with the key of the host the invitation names")]
    NotTheHost,
}

/// Which party this is, and what only that role holds: the host, its friends' seats and the
/// key its seat tokens come from; a joiner, what it brings back and how it joined. (Named
/// apart from the rules' `tables::Side`, a side of the board.)
enum Role {
    Host {
        seated: Vec<bool>,
    },
    Joiner {
        back: Box<Option<Return>>,
        /// The invitation, the name and the key it joined with, to join again.
        invitation: Invitation,
        name: String,
        key: Key,
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
    /// (Joiner) this side closed the line: the host's game or moves could not be believed.
    refused: bool,
    wake: Option<Waker>,
}

/// What is called whenever the line brings something (the window asks to be drawn).
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// A joiner's way back to its host after the line dropped: the same invitation and name, and
/// what it holds of the game. [`Rejoin::join`] may be called on a thread of its own.
pub struct Rejoin {
    invitation: Invitation,
    name: String,
    key: Key,
    back: Return,
    reach: Reach,
    wake: Option<Waker>,
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
            refused: false,
            wake: None,
        }
    }

    /// Hosts `setup` for its `parties() - 1` friends, as `identity` (a fresh one for a new
    /// invitation; the one kept, for the same invitation again), with the pledge kept from the
    /// last sitting (the default for a new game).
    ///
    /// A setup nobody has sat down to yet is a new game: everything in its record so far was
    /// played without the friends, and each seat goes to the first friend who comes for it. A
    /// setup everyone signed is a game taken up again: each seat is held by its key.
    pub fn host(
        setup: Setup,
        reach: Reach,
        identity: Identity,
        pledge: Pledge,
    ) -> Result<Party, PartyError> {
        let parties = setup.parties();
        let joiners = parties.saturating_sub(1);
        let key = Key::from_bytes(&identity.key);
        let mut setup = setup;
        if !setup.seated() {
            setup.start = setup.record.len();
            setup.keys = vec![Public([0; 32]); parties];
            setup.keys[0] = key.public();
            setup.accepts = vec![None; parties];
        }
        let seats = (0..parties)
            .map(|p| setup.seated().then(|| setup.keys[p]))
            .collect();
        let table = Table::resume(setup, 0, key, pledge).map_err(PartyError::Setup)?;
        let link = Link::host(reach, joiners, identity, seats)?;
        let mut seated = vec![false; joiners + 1];
        seated[0] = true;
        let role = Role::Host { seated };
        Ok(Party::with(link, role, Some(table), State::Inviting, reach))
    }

    /// Joins the host an invitation names, as `name`, holding `key` (this side's own, kept
    /// with its game: the seat it takes is held with it); `back`: what this party holds of the
    /// game, when coming back to it. Waits at most 30 s for the line.
    pub fn join(
        invitation: &Invitation,
        name: String,
        key: Key,
        back: Option<Return>,
        reach: Reach,
    ) -> Result<Party, PartyError> {
        Party::join_within(
            invitation,
            name,
            key,
            back,
            reach,
            crate::link::JOIN_TIMEOUT,
        )
    }

    /// The same, giving up after `patience` rather than a person's [`crate::link::JOIN_TIMEOUT`]
    /// (a join again after the line dropped, within what is left of the wait for the host).
    pub fn join_within(
        invitation: &Invitation,
        name: String,
        key: Key,
        back: Option<Return>,
        reach: Reach,
        patience: Duration,
    ) -> Result<Party, PartyError> {
        let hello = Msg::Hello {
            version: VERSION,
            secret: invitation.secret,
            name: name.clone(),
            back: back.as_ref().map(Return::comeback),
        };
        let link = Link::join_within(reach, invitation, hello, &key, patience)?;
        let role = Role::Joiner {
            back: Box::new(back),
            invitation: invitation.clone(),
            name,
            key,
        };
        Ok(Party::with(link, role, None, State::Offered, reach))
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
        // The program's record may lag behind the party's (a move not yet shown when the line
        // dropped) or go beyond it (a move of its own not yet sent): the longer of the two,
        // where one goes on from the other; the party's own where they part.
        let held = table.board().record();
        let record = if record.starts_with(&held) {
            record
        } else {
            held
        };
        Some(Return {
            setup: Setup {
                record,
                ..table.setup().clone()
            },
            party: table.me(),
            pledge: table.pledge().clone(),
            key: table.key().clone(),
        })
    }

    /// (Joiner) how many moves of the game offered were made before this side sat down (a game
    /// under way, played so far without it); none for a new game or one it sat down to.
    #[must_use]
    pub fn under_way(&self) -> Option<usize> {
        let table = self.table.as_ref()?;
        let made = table.setup().record.len();
        (matches!(self.role, Role::Joiner { .. }) && !table.seated() && made > 0).then_some(made)
    }

    /// (Joiner) takes the seat offered, signing the offer the first time.
    pub fn accept(&mut self) {
        if self.state != State::Offered {
            return;
        }
        let Some(table) = &self.table else {
            return;
        };
        let sig = (!table.seated()).then(|| table.key().sign(&table.setup().offer(table.me())));
        self.link.send(0, Msg::Accept { sig });
        self.state = State::Waiting(0);
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

    /// A party's name, as the setup has it.
    #[must_use]
    pub fn name(&self, party: usize) -> String {
        self.table
            .as_ref()
            .and_then(|t| t.setup().names.get(party).cloned())
            .unwrap_or_else(|| format!("player {}", party + 1))
    }

    /// (Joiner) whether this side closed the line because the host's game, or a move of it,
    /// could not be believed: joining again would meet the same.
    #[must_use]
    pub fn refused(&self) -> bool {
        self.refused
    }

    /// Whether the game is over.
    #[must_use]
    pub fn over(&self) -> bool {
        self.table.as_ref().is_some_and(|t| t.board().is_over())
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameRules;
    use gamester_rules::tables;

    /// Two tables of Irish, seated, played (throws only, then the computer's plays) until the
    /// record holds `n` actions.
    fn played(n: usize) -> (Table, Table) {
        use rand::SeedableRng as _;
        let keys = [Key::from_bytes(&[1; 32]), Key::from_bytes(&[2; 32])];
        let mut setup = Setup::new(
            GameRules::Tables(tables::Rules::preset(tables::Preset::Irish)),
            "Host",
        );
        setup.seat_all(&keys);
        let mut ts = [
            Table::new(setup.clone(), 0, keys[0].clone()).unwrap(),
            Table::new(setup, 1, keys[1].clone()).unwrap(),
        ];
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        while ts[0].board().len() < n {
            let p = usize::from(!(ts[0].may_throw() || ts[0].my_move().is_some()));
            let msg = if ts[p].my_move().is_some() {
                let crate::game::Board::Tables(g) = ts[p].board() else {
                    unreachable!()
                };
                let action =
                    match gamester_core::ai::decide::decide(g, gamester_core::level::Level::Novice)
                    {
                        Some(gamester_core::ai::decide::Decision::Play(play)) => play
                            .steps
                            .iter()
                            .next()
                            .map_or(NetAction::Tables(tables::Action::Confirm), |s| {
                                NetAction::Tables(tables::Action::Step(s))
                            }),
                        Some(gamester_core::ai::decide::Decision::Action(a)) => {
                            NetAction::Tables(a)
                        }
                        None => break,
                    };
                ts[p].act(action).unwrap()
            } else {
                ts[p].throw(&mut rng).unwrap()
            };
            let mut queue = std::collections::VecDeque::from([(p, msg)]);
            while let Some((from, m)) = queue.pop_front() {
                let out = ts[1 - from].receive(m, &mut rng).unwrap();
                queue.extend(out.into_iter().map(|m| (1 - from, m)));
            }
        }
        let [a, b] = ts;
        (a, b)
    }

    #[test]
    fn a_comeback_whose_program_had_not_yet_shown_the_last_move_goes_back_whole() {
        // Given a joiner whose program's record is one move behind its party's when the line
        // drops (the last move not yet shown)
        let (host, joiner) = played(14);
        let mut lagging = joiner.board().record();
        lagging.pop();
        let back = Return {
            setup: Setup {
                record: lagging,
                ..joiner.setup().clone()
            },
            party: 1,
            pledge: joiner.pledge().clone(),
            key: joiner.key().clone(),
        };
        // Then what goes back holds a proof for each action it holds, and the host takes it
        // as the same game (no "records part")
        let comeback = back.comeback();
        assert_eq!(comeback.record.len(), comeback.proofs.len());
        assert_eq!(host.merge(&comeback.record, &comeback.proofs), Ok(None));
    }
}

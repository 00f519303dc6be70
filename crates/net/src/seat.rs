//! A whole party's play over the line, with the computer at its seats: the host's (welcome the
//! friends, pass their messages on, play) and a joiner's (greet, accept, play). The command
//! line runs it, and the tests run it between threads of one process.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use rand::SeedableRng as _;
use rand::rngs::StdRng;

use gamester_core::ai::decide::{Decision, decide};
use gamester_core::level::Level;
use gamester_rules::{pastimes, tables};

use crate::game::{Board, NetAction, Setup};
use crate::invite::Invitation;
use crate::link::{Identity, Reach};
use crate::party::{Abandoned, Keeper, POLL, Party, PartyError, Return, State};
use crate::sign::Key;
use crate::table::{Pledge, Table};

/// The computer at a party's seats: it decides, and keeps the rest of a play to send.
pub struct Computer {
    level: Level,
    queue: VecDeque<NetAction>,
    rng: StdRng,
}

impl Computer {
    #[must_use]
    pub fn new(level: Level, seed: u64) -> Computer {
        Computer {
            level,
            queue: VecDeque::new(),
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// The computer's next action at `seat`; `None` when it would throw.
    fn next(&mut self, board: &Board, seat: usize) -> Option<NetAction> {
        if let Some(a) = self.queue.pop_front() {
            return Some(a);
        }
        match board {
            Board::Tables(game) => match decide(game, self.level)? {
                Decision::Play(play) => {
                    self.queue.extend(
                        play.steps
                            .iter()
                            .map(|s| NetAction::Tables(tables::Action::Step(s))),
                    );
                    self.queue
                        .push_back(NetAction::Tables(tables::Action::Confirm));
                    self.queue.pop_front()
                }
                Decision::Action(a) => Some(NetAction::Tables(a)),
            },
            Board::Tiles(game) => {
                let seen = game.seen_by(seat);
                let seed = rand::Rng::random(&mut self.rng);
                gamester_core::ai::tiles::decide(&seen, self.level, seed)
                    .or_else(|| game.legal_actions().into_iter().next())
                    .map(NetAction::Tiles)
            }
            // Before his throw the computer claims a dolt or lets it pass (and throws); a use
            // of his dice it left undecided is the first the engine lists, as at home.
            Board::Pastimes(game) => gamester_core::ai::pastimes::decide(game, self.level)
                .or_else(|| {
                    (game.phase() == pastimes::Phase::ToPlay)
                        .then(|| game.legal_actions().into_iter().next())
                        .flatten()
                })
                .map(NetAction::Pastimes),
            Board::Open(game) => game.computer().map(|action| NetAction::Open {
                family: game.family().name().to_string(),
                action,
            }),
        }
    }
}

/// Who this party is.
pub enum Role {
    /// The host, offering this game to `setup.parties() - 1` friends, with the pledge kept
    /// from its last sitting.
    Host(Setup, Pledge),
    /// A friend, with the invitation, a name, and (coming back) what it holds of the game.
    Join {
        invitation: Invitation,
        name: String,
        /// This side's key, kept with its game.
        key: Key,
        back: Option<Return>,
    },
}

/// How a party plays.
pub struct Options<'a> {
    pub reach: Reach,
    /// (Host) who it is: a fresh identity for a new invitation, the one kept for the same.
    pub identity: Identity,
    /// Told the invitation's code once the host can give it, and the host's identity (its port
    /// as bound), to keep.
    pub on_invite: &'a mut dyn FnMut(&str, &Identity),
    /// Told each new state of the game (to save it as it goes).
    pub on_change: &'a mut dyn FnMut(&Table),
    /// Told what happens on the line, in words.
    pub note: &'a mut dyn FnMut(&str),
    /// Stop (as if the line were cut) once the record holds this many actions (tests).
    pub cut_at: Option<usize>,
    /// Give up when nothing comes from the line for this long.
    pub patience: Duration,
    /// Keeps the pledge on disk before anything goes out (none: kept in memory only).
    pub keeper: Option<Keeper>,
    /// How long a throw may wait on another party, or a party whose line dropped be waited
    /// for, before the game is ended as abandoned by it (none: the party's own patience).
    pub stall: Option<Duration>,
    /// (Joiner) whether to sit down to a game under way, played so far without this side
    /// (else such an offer is refused, with the reason).
    pub under_way: bool,
}

/// What ended a party's play.
#[derive(Debug)]
pub enum End {
    /// The game is over; its table.
    Over(Table),
    /// Stopped at `cut_at`; the table as it stood.
    Cut(Table),
    /// Ended as abandoned by a party that kept the game waiting; the table as it stood.
    Abandoned(Table, Abandoned),
}

/// Why a party's play ended before the game did: in the player's words.
#[derive(Debug, thiserror::Error)]
pub enum SeatError {
    /// The party could not open its line, or take up its game.
    #[error(transparent)]
    Party(#[from] PartyError),
    #[error("nobody came, or the others went quiet")]
    Quiet,
    /// The line is gone for good, for this reason (the other side's words, or the line's).
    #[error("{0}")]
    Broken(String),
}

/// Plays a party's part to the game's end, or says why it could not.
pub fn play(role: Role, mut computer: Computer, mut opts: Options<'_>) -> Result<End, SeatError> {
    let mut party = match role {
        Role::Host(setup, pledge) => {
            let party = Party::host(setup, opts.reach, opts.identity, pledge)?;
            if let (Some(code), Some(identity)) = (party.invitation(), party.identity()) {
                (opts.on_invite)(&code, &identity);
            }
            party
        }
        Role::Join {
            invitation,
            name,
            key,
            back,
        } => Party::join_within(
            &invitation,
            name,
            key,
            back,
            opts.reach,
            opts.patience.min(crate::link::JOIN_TIMEOUT),
        )?,
    };
    if let Some(keeper) = opts.keeper.take() {
        party.set_keeper(keeper);
    }
    if let Some(stall) = opts.stall {
        party.set_patience(stall);
    }
    let mut last_heard = Instant::now();
    let mut told = 0;
    loop {
        if let Some(end) = party.table().and_then(|t| finished(t, &opts)) {
            if matches!(end, End::Cut(_)) {
                party.cut();
            }
            return Ok(end);
        }
        if party.playing() && my_turn(&mut party, &mut computer) {
            if let Some(t) = party.table() {
                (opts.on_change)(t);
            }
            continue;
        }
        let polled = party.poll(POLL);
        for n in &polled.notes {
            (opts.note)(n);
        }
        // The computer ends a game whose throw a party will not finish, or whose friend does
        // not come back, once the patience is over: the game is lost by the party that left.
        let stalled = party.stall().is_some();
        if stalled
            && party.abandon()
            && let (Some(t), Some(a)) = (party.table(), party.abandoned())
        {
            (opts.note)(&a.reason);
            return Ok(End::Abandoned(t.clone(), a.clone()));
        }
        if polled.heard || stalled {
            last_heard = Instant::now();
            // An offer not yet taken is not this side's game: nothing is kept of it.
            if let Some(t) = party.table()
                && t.seated()
                && t.board().len() != told
            {
                told = t.board().len();
                (opts.on_change)(t);
            }
        } else if last_heard.elapsed() > opts.patience {
            return Err(SeatError::Quiet);
        }
        match party.state().clone() {
            State::Offered if party.table().is_some() => {
                if let Some(made) = party.under_way()
                    && !opts.under_way
                {
                    let why = format!(
                        "the host offers a game under way, {made} moves into it, played without \
                         you; to sit down to it, join again with --under-way"
                    );
                    party.leave("the friend would not sit down to a game under way");
                    return Err(SeatError::Broken(why));
                }
                if let Some(t) = party.table() {
                    (opts.note)(&format!(
                        "welcomed as player {} of {}",
                        t.me() + 1,
                        t.setup().parties()
                    ));
                    (opts.on_change)(t);
                }
                party.accept();
            }
            State::Broken(why) => {
                if let Some(t) = party.table()
                    && t.board().is_over()
                {
                    return Ok(End::Over(t.clone()));
                }
                if !party.dropped() {
                    return Err(SeatError::Broken(why));
                }
                match rejoined(&mut party, &mut opts) {
                    Some(again) => {
                        party = again;
                        last_heard = Instant::now();
                    }
                    None => {
                        // The host never came back: the game is lost by it.
                        let Some(t) = party.table().filter(|t| t.seated()).cloned() else {
                            return Err(SeatError::Broken(why));
                        };
                        let name = party.name(0);
                        let reason = format!(
                            "abandoned by {name}, whose line dropped and did not come back"
                        );
                        (opts.note)(&reason);
                        let abandoned = Abandoned::by(0, reason, &t);
                        return Ok(End::Abandoned(t, abandoned));
                    }
                }
            }
            _ => {}
        }
    }
}

/// (Joiner) the party joined again after its host's line dropped without a goodbye (the
/// host's program stopped, and may be started again on the same game): tried until one join
/// succeeds or the patience runs out. None for a party that may not, or could not, rejoin.
fn rejoined(party: &mut Party, opts: &mut Options<'_>) -> Option<Party> {
    let record = party.table()?.board().record();
    party.rejoining(record.clone())?;
    let began = Instant::now();
    (opts.note)("the line to the host dropped: joining again");
    let patience = opts.stall.unwrap_or(crate::party::PATIENCE);
    while began.elapsed() < patience {
        // Each try waits no longer than what is left of the wait for the host.
        let left = patience
            .saturating_sub(began.elapsed())
            .clamp(Duration::from_secs(1), crate::link::JOIN_TIMEOUT);
        match party.rejoining(record.clone())?.join_within(left) {
            Ok(mut again) => {
                if let Some(keeper) = party.take_keeper() {
                    again.set_keeper(keeper);
                }
                if let Some(stall) = opts.stall {
                    again.set_patience(stall);
                }
                (opts.note)("joined again: the game goes on");
                return Some(again);
            }
            Err(why) => {
                (opts.note)(&format!("not yet back ({why})"));
                std::thread::sleep(Duration::from_secs(1));
            }
        }
    }
    None
}

/// The game's end, or the cut the tests ask for.
fn finished(table: &Table, opts: &Options<'_>) -> Option<End> {
    if table.board().is_over() {
        return Some(End::Over(table.clone()));
    }
    if opts.cut_at.is_some_and(|n| table.board().len() >= n) {
        return Some(End::Cut(table.clone()));
    }
    None
}

/// This party's own move, if it has one now: the computer's action at its seat, or its share
/// of a throw. Whether it moved.
fn my_turn(party: &mut Party, computer: &mut Computer) -> bool {
    let Some(table) = party.table() else {
        return false;
    };
    if let Some(seat) = table.my_move()
        && let Some(action) = computer.next(table.board(), seat)
    {
        if party.act(action).is_ok() {
            return true;
        }
        computer.queue.clear();
        return false;
    }
    party.throw()
}

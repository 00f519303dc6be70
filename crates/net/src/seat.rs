//! A whole party's play over the line, with the computer at its seats: the host's (welcome the
//! friends, pass their messages on, play) and a joiner's (greet, accept, play). The command
//! line runs it, and the tests run it between threads of one process.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use rand::SeedableRng as _;
use rand::rngs::StdRng;

use gamester_core::ai::decide::{Decision, decide};
use gamester_core::level::Level;
use gamester_rules::tables;

use crate::game::{Board, NetAction, Setup};
use crate::invite::Invitation;
use crate::link::{Event, Link, Reach};
use crate::table::{Table, merge};
use crate::wire::{Msg, VERSION};

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
        }
    }
}

/// Who this party is.
pub enum Role {
    /// The host, offering this game to `setup.parties() - 1` friends.
    Host(Setup),
    /// A friend, with the invitation, a name, and (coming back) its party and record.
    Join {
        invitation: Invitation,
        name: String,
        back: Option<(usize, Vec<NetAction>)>,
    },
}

/// How a party plays.
pub struct Options<'a> {
    pub reach: Reach,
    /// Told the invitation's code once the host can give it.
    pub on_invite: &'a mut dyn FnMut(&str),
    /// Told each new state of the game (to save it as it goes).
    pub on_change: &'a mut dyn FnMut(&Table),
    /// Told what happens on the line, in words.
    pub note: &'a mut dyn FnMut(&str),
    /// Stop (as if the line were cut) once the record holds this many actions (tests).
    pub cut_at: Option<usize>,
    /// Give up when nothing comes from the line for this long.
    pub patience: Duration,
}

/// What ended a party's play.
#[derive(Debug)]
pub enum End {
    /// The game is over; its table.
    Over(Table),
    /// Stopped at `cut_at`; the table as it stood.
    Cut(Table),
}

/// Plays a party's part to the game's end. Errors are the reasons, in words.
pub fn play(role: Role, mut computer: Computer, opts: Options<'_>) -> Result<End, String> {
    let mut rng = StdRng::from_os_rng();
    match role {
        Role::Host(setup) => host(setup, &mut computer, &mut rng, opts),
        Role::Join {
            invitation,
            name,
            back,
        } => join(&invitation, name, back, &mut computer, &mut rng, opts),
    }
}

fn host(
    setup: Setup,
    computer: &mut Computer,
    rng: &mut StdRng,
    opts: Options<'_>,
) -> Result<End, String> {
    let joiners = setup.parties() - 1;
    let mut table = Table::new(setup, 0).map_err(|e| e.0)?;
    let link = Link::host(opts.reach, joiners).map_err(|e| e.to_string())?;
    if let Some(inv) = link.invitation() {
        (opts.on_invite)(&inv.code());
    }
    let mut seated = vec![false; joiners + 1];
    seated[0] = true;
    let mut epoch = 0;
    let mut last_heard = Instant::now();
    loop {
        let playing = seated.iter().all(|s| *s);
        if playing {
            if let Some(end) = finished(&table, &opts) {
                for p in 1..=joiners {
                    link.close(p, "the game is over");
                }
                std::thread::sleep(Duration::from_millis(500));
                return Ok(end);
            }
            if let Some(msg) = my_turn(&mut table, computer, rng, opts.on_change) {
                for p in 1..=joiners {
                    link.send(p, msg.clone());
                }
                continue;
            }
        }
        let Some(event) = link.event(Duration::from_millis(200)) else {
            if last_heard.elapsed() > opts.patience {
                return Err("nobody came, or the friend went quiet".into());
            }
            continue;
        };
        last_heard = Instant::now();
        match event {
            Event::Knock { party, name, back } => {
                if let Some((_, record)) = back {
                    match merge(&table.setup_now(), &record) {
                        Ok(merged) => {
                            let mut setup = table.setup_now();
                            setup.record = merged;
                            table = Table::new(setup, 0).map_err(|e| e.0)?;
                            (opts.on_change)(&table);
                        }
                        Err(why) => {
                            (opts.note)(&format!("player {} came back, but {why}", party + 1));
                            link.close(party, &why);
                            continue;
                        }
                    }
                }
                (opts.note)(&format!("{name} knocked, as player {}", party + 1));
                let mut setup = table.setup_now();
                if let Some(n) = setup.names.get_mut(party) {
                    *n = name;
                }
                link.send(party, Msg::Welcome { setup, party });
            }
            Event::Message {
                party,
                msg: Msg::Accept,
            } => {
                seated[party] = true;
                if seated.iter().all(|s| *s) {
                    epoch += 1;
                    table.start(epoch);
                    for p in 1..=joiners {
                        link.send(p, Msg::Start { epoch });
                    }
                    (opts.note)("everyone is seated: play");
                }
            }
            Event::Message { party, msg } => {
                if !seated[party] {
                    continue;
                }
                if msg_from(&msg) != Some(party) {
                    link.close(party, "it spoke for another player");
                    continue;
                }
                match table.receive(msg.clone(), rng) {
                    Ok(out) => {
                        (opts.on_change)(&table);
                        for p in (1..=joiners).filter(|&p| p != party) {
                            link.send(p, msg.clone());
                        }
                        for m in out {
                            for p in 1..=joiners {
                                link.send(p, m.clone());
                            }
                        }
                    }
                    Err(breach) => {
                        (opts.note)(&format!(
                            "player {} was sent away: {breach}; the game stands as it was",
                            party + 1
                        ));
                        link.close(party, &breach.0);
                    }
                }
            }
            Event::Lost { party, reason } => {
                if seated[party] {
                    seated[party] = false;
                    table.start(epoch);
                    (opts.note)(&format!(
                        "the line to player {} dropped ({reason}): waiting for them",
                        party + 1
                    ));
                    for p in (1..=joiners).filter(|&p| p != party) {
                        link.send(p, Msg::Wait { party });
                    }
                }
            }
            Event::Refused(why) => (opts.note)(&format!("turned somebody away: {why}")),
            Event::Path { party, direct } => (opts.note)(&format!(
                "the line to player {} goes {}",
                party + 1,
                if direct {
                    "directly"
                } else {
                    "through a relay"
                }
            )),
        }
    }
}

fn join(
    invitation: &Invitation,
    name: String,
    back: Option<(usize, Vec<NetAction>)>,
    computer: &mut Computer,
    rng: &mut StdRng,
    opts: Options<'_>,
) -> Result<End, String> {
    let hello = Msg::Hello {
        version: VERSION,
        secret: invitation.secret,
        name,
        back: back.clone(),
    };
    let began = Instant::now();
    let link = Link::join(opts.reach, invitation, hello).map_err(|e| e.to_string())?;
    let mut table: Option<Table> = None;
    // The record's length when welcomed, until the first action after it is noted.
    let mut first_action: Option<usize> = None;
    let mut playing = false;
    let mut last_heard = Instant::now();
    loop {
        if let Some(t) = table.as_mut()
            && playing
        {
            if let Some(end) = finished(t, &opts) {
                if matches!(end, End::Over(_)) {
                    link.close(0, "the game is over");
                }
                std::thread::sleep(Duration::from_millis(500));
                return Ok(end);
            }
            if let Some(msg) = my_turn(t, computer, rng, opts.on_change) {
                link.send(0, msg);
                continue;
            }
        }
        let Some(event) = link.event(Duration::from_millis(200)) else {
            if last_heard.elapsed() > opts.patience {
                return Err("the host went quiet".into());
            }
            continue;
        };
        last_heard = Instant::now();
        match event {
            Event::Message {
                msg: Msg::Welcome { setup, party },
                ..
            } => {
                if let Some((_, ours)) = &back
                    && !setup.record.starts_with(ours)
                {
                    let why = "the host's record of the game does not go on from ours";
                    link.close(0, why);
                    return Err(why.into());
                }
                let t = Table::new(setup, party).map_err(|e| {
                    link.close(0, &e.0);
                    format!("the host offered a game that cannot be played: {e}")
                })?;
                (opts.note)(&format!(
                    "welcomed as player {} of {}",
                    party + 1,
                    t.setup().parties()
                ));
                (opts.on_change)(&t);
                first_action = Some(t.board().len());
                table = Some(t);
                link.send(0, Msg::Accept);
            }
            Event::Message {
                msg: Msg::Start { epoch },
                ..
            } => {
                if let Some(t) = table.as_mut() {
                    t.start(epoch);
                    playing = true;
                }
            }
            Event::Message {
                msg: Msg::Wait { party },
                ..
            } => {
                playing = false;
                (opts.note)(&format!("waiting for player {}", party + 1));
            }
            Event::Message { msg, .. } => {
                let Some(t) = table.as_mut() else {
                    let why = "the host played before welcoming us";
                    link.close(0, why);
                    return Err(why.into());
                };
                match t.receive(msg, rng) {
                    Ok(out) => {
                        (opts.on_change)(t);
                        if first_action.is_some_and(|n| t.board().len() > n) {
                            first_action = None;
                            (opts.note)(&format!(
                                "the first throw came {} ms after joining",
                                began.elapsed().as_millis()
                            ));
                        }
                        for m in out {
                            link.send(0, m);
                        }
                    }
                    Err(breach) => {
                        link.close(0, &breach.0);
                        return Err(format!(
                            "the host's program broke the rules ({breach}); the game stands as it was"
                        ));
                    }
                }
            }
            Event::Lost { reason, .. } => {
                if let Some(t) = table.as_ref()
                    && t.board().is_over()
                {
                    return Ok(End::Over(t.clone()));
                }
                return Err(format!("the line to the host dropped: {reason}"));
            }
            Event::Path { direct, .. } => (opts.note)(if direct {
                "the line goes directly"
            } else {
                "the line goes through a relay"
            }),
            Event::Knock { .. } | Event::Refused(_) => {}
        }
    }
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
/// of a throw.
fn my_turn(
    table: &mut Table,
    computer: &mut Computer,
    rng: &mut StdRng,
    on_change: &mut dyn FnMut(&Table),
) -> Option<Msg> {
    if let Some(seat) = table.my_move()
        && let Some(action) = computer.next(table.board(), seat)
    {
        return match table.act(action) {
            Ok(msg) => {
                on_change(table);
                Some(msg)
            }
            Err(_) => {
                computer.queue.clear();
                None
            }
        };
    }
    if table.may_throw() {
        return table.throw(rng);
    }
    None
}

/// The party a game message says it comes from.
fn msg_from(msg: &Msg) -> Option<usize> {
    match msg {
        Msg::Commit { from, .. } | Msg::Reveal { from, .. } | Msg::Act { from, .. } => Some(*from),
        _ => None,
    }
}

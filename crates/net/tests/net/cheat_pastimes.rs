//! A cheating program of Mallory's at Ketch-Dolt, on real endpoints on this machine, on either
//! side of the line: the honest host with Mallory joining, and Mallory hosting an honest
//! friend. Mallory keeps a table of its own and plays honestly until the moment it chooses,
//! then sends its own dice, an action the rules refuse, an action or a throw out of turn, a
//! second commit, or a forged seed. Each is refused with a breach, and the honest side's game
//! stays as it was. The honest side is a party driven here, one step at a time, so that each
//! attack comes at the moment it is meant to.

use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use rand::SeedableRng as _;
use rand::rngs::StdRng;

use gamester_core::level::Level;
use gamester_net::invite::Invitation;
use gamester_net::link::{ALPN, Identity, Reach};
use gamester_net::party::{Party, State};
use gamester_net::table::{Pledge, commitment};
use gamester_net::wire::{self, Msg, VERSION};
use gamester_net::{Board, NetAction, Setup, Table};
use gamester_rules::pastimes::{Action, Phase, Preset};

use crate::pastime;
use crate::table::pastime_move;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// Mallory's end of the line and its own table of the game.
struct Mallory {
    rt: tokio::runtime::Runtime,
    _endpoint: iroh::Endpoint,
    send: iroh::endpoint::SendStream,
    heard: Receiver<Msg>,
    table: Option<Table>,
    started: bool,
    /// The host's goodbye to Mallory, and why.
    bye: Option<String>,
    rng: StdRng,
}

impl Mallory {
    fn with(
        rt: tokio::runtime::Runtime,
        endpoint: iroh::Endpoint,
        send: iroh::endpoint::SendStream,
        mut recv: iroh::endpoint::RecvStream,
    ) -> Mallory {
        let (tx, heard) = channel();
        rt.spawn(async move {
            while let Ok(m) = wire::read(&mut recv).await {
                if tx.send(m).is_err() {
                    break;
                }
            }
        });
        Mallory {
            rt,
            _endpoint: endpoint,
            send,
            heard,
            table: None,
            started: false,
            bye: None,
            rng: StdRng::seed_from_u64(66),
        }
    }

    /// Mallory joins the host an invitation names.
    fn joins(invitation: &Invitation) -> Mallory {
        let rt = runtime();
        let (endpoint, send, recv) = rt.block_on(async {
            let endpoint = iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
                .relay_mode(iroh::RelayMode::Disabled)
                .bind()
                .await
                .unwrap();
            let conn = endpoint
                .connect(invitation.addr.clone(), ALPN)
                .await
                .unwrap();
            let (mut send, recv) = conn.open_bi().await.unwrap();
            let hello = Msg::Hello {
                version: VERSION,
                secret: invitation.secret,
                name: "Mallory".into(),
                back: None,
            };
            wire::write(&mut send, &hello).await.unwrap();
            (endpoint, send, recv)
        });
        Mallory::with(rt, endpoint, send, recv)
    }

    /// Mallory hosts `setup` for an honest friend, who joins as the party returned.
    fn hosts(setup: &Setup) -> (Mallory, Party) {
        let rt = runtime();
        let endpoint = rt.block_on(async {
            iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
                .relay_mode(iroh::RelayMode::Disabled)
                .alpns(vec![ALPN.to_vec()])
                .bind()
                .await
                .unwrap()
        });
        let invitation = Invitation {
            addr: endpoint.addr(),
            secret: [8; 16],
        };
        let listening = endpoint.clone();
        let accepted = rt.spawn(async move {
            let conn = listening.accept().await.unwrap().await.unwrap();
            conn.accept_bi().await.unwrap()
        });
        let friend = Party::join(&invitation, "Friend".into(), None, Reach::Local).unwrap();
        let (send, recv) = rt.block_on(accepted).unwrap();
        let mut mallory = Mallory::with(rt, endpoint, send, recv);
        mallory.table = Some(Table::new(setup.clone(), 0).unwrap());
        (mallory, friend)
    }

    fn say(&mut self, msg: &Msg) {
        let _ = self.rt.block_on(wire::write(&mut self.send, msg));
    }

    fn table(&self) -> &Table {
        self.table.as_ref().expect("Mallory's table")
    }

    /// What came from the line, taken honestly: the welcome (and Mallory sits down), the
    /// start, and the honest side's commits, seeds and actions, answered as its table says.
    fn pump(&mut self) {
        while let Ok(msg) = self.heard.try_recv() {
            match msg {
                Msg::Hello { .. } => {
                    let setup = self.table().setup().clone();
                    let welcome = Msg::Welcome {
                        setup,
                        party: 1,
                        last: None,
                        token: [0; 16],
                    };
                    self.say(&welcome);
                }
                Msg::Welcome { setup, party, .. } => {
                    self.table = Some(Table::new(setup, party).unwrap());
                    self.say(&Msg::Accept);
                }
                Msg::Accept => {
                    self.say(&Msg::Start);
                    self.started = true;
                }
                Msg::Start => self.started = true,
                Msg::Bye { reason } => self.bye = Some(reason),
                msg @ (Msg::Commit { .. } | Msg::Reveal { .. } | Msg::Act { .. }) => {
                    let mut rng = self.rng.clone();
                    let table = self.table.as_mut().expect("a table");
                    let out = table
                        .receive(msg, &mut rng)
                        .expect("the honest side is honest");
                    self.rng = rng;
                    for m in out {
                        self.say(&m);
                    }
                }
                _ => {}
            }
        }
    }

    /// Mallory's own honest move, if it has one.
    fn honest_move(&mut self) {
        let Some(table) = self.table.as_mut() else {
            return;
        };
        if !self.started {
            return;
        }
        if table.my_move().is_some()
            && let Board::Pastimes(game) = table.board()
            && let Some(action) = pastime_move(game, Level::Expert)
        {
            let msg = table.act(NetAction::Pastimes(action)).unwrap();
            self.say(&msg);
            return;
        }
        if let Some(msg) = table.throw(&mut self.rng) {
            self.say(&msg);
        }
    }
}

/// The honest party's own move, if it has one: the computer's choice, or its throw.
fn honest_move(party: &mut Party) {
    let Some(table) = party.table() else {
        return;
    };
    if table.my_move().is_some()
        && let Board::Pastimes(game) = table.board()
        && let Some(action) = pastime_move(game, Level::Expert)
    {
        party.act(NetAction::Pastimes(action)).unwrap();
        return;
    }
    party.throw();
}

/// Both play honestly until, with both tables alike and no throw under way, `now` says it is
/// the moment; the honest side has not yet made its move there. The notes the honest side made.
fn honestly_until(
    mallory: &mut Mallory,
    honest: &mut Party,
    now: impl Fn(&Table) -> bool,
) -> Vec<String> {
    let mut notes = Vec::new();
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(60) {
        notes.extend(honest.poll(Duration::from_millis(5)).notes);
        if honest.state() == &State::Offered {
            honest.accept();
        }
        mallory.pump();
        // Each moves only while both tables are alike and no throw is under way, so that the
        // moment, when it comes, is seen before anyone moves on from it.
        if let (Some(ours), Some(theirs)) = (mallory.table.as_ref(), honest.table())
            && mallory.started
            && honest.playing()
            && ours.board().record() == theirs.board().record()
            && !ours.throwing()
            && !theirs.throwing()
        {
            assert!(
                !ours.board().is_over(),
                "the game ended before the moment came"
            );
            if now(ours) {
                return notes;
            }
            honest_move(honest);
            mallory.honest_move();
        }
    }
    panic!("the moment never came: {notes:?}");
}

/// The honest side polled until `done` says so (or ten seconds); its notes.
fn hear_until(honest: &mut Party, done: impl Fn(&Party, &[String]) -> bool) -> Vec<String> {
    let mut notes = Vec::new();
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(10) && !done(honest, &notes) {
        notes.extend(honest.poll(Duration::from_millis(20)).notes);
    }
    notes
}

/// The pastime the attacks are made at.
fn ketch_dolt() -> Setup {
    pastime(Preset::KetchDolt, 2)
}

/// Whose turn it is to throw at a pastime (past the throw-off), as a party; none otherwise,
/// and none where the thrower could claim a dolt instead.
fn thrower(table: &Table) -> Option<usize> {
    let Board::Pastimes(game) = table.board() else {
        return None;
    };
    let seat = game.thrower()?;
    (game.phase() == Phase::ToThrow && game.legal_actions().is_empty())
        .then(|| table.owner(seat.index()))
        .flatten()
}

/// The attacks, each at its moment: what Mallory sends, and the words its breach is refused
/// with. Mallory is party `m`, the honest side `h`.
#[derive(Clone, Copy, Debug)]
enum Attack {
    /// Its own 6-6, sent as an action at its own turn to throw.
    OwnDice,
    /// A claim of a dolt at its own turn to throw, where there is no dolt to claim.
    Illegal,
    /// A claim at the honest side's turn to throw.
    ActOutOfTurn,
    /// A commit at the honest side's turn to throw.
    ThrowOutOfTurn,
    /// Its throw, then, having seen the honest side's seed, another commit at the same place.
    SecondCommit,
    /// Its throw, then, having seen the honest side's seed, a seed not the one committed to.
    ForgedReveal,
}

const ATTACKS: [Attack; 6] = [
    Attack::OwnDice,
    Attack::Illegal,
    Attack::ActOutOfTurn,
    Attack::ThrowOutOfTurn,
    Attack::SecondCommit,
    Attack::ForgedReveal,
];

impl Attack {
    /// The words of the breach.
    fn refused_with(self) -> &'static str {
        match self {
            Attack::OwnDice => "of its own making",
            Attack::Illegal => "an illegal play",
            Attack::ActOutOfTurn => "it played out of turn",
            Attack::ThrowOutOfTurn => "it threw out of turn",
            Attack::SecondCommit => "a throw is made once",
            Attack::ForgedReveal => "a forged die",
        }
    }

    /// Whether Mallory's moment has come: its own turn to throw, or the honest side's.
    fn moment(self, table: &Table) -> bool {
        let me = table.me();
        match self {
            Attack::ActOutOfTurn | Attack::ThrowOutOfTurn => {
                thrower(table).is_some_and(|p| p != me)
            }
            _ => thrower(table) == Some(me),
        }
    }

    /// Makes the attack on `honest`; what the honest side's table held just before the
    /// message that is refused (its record, and its share of the throw under way).
    fn make(self, mallory: &mut Mallory, honest: &mut Party) -> (Vec<NetAction>, Pledge) {
        let m = mallory.table().me();
        let at = mallory.table().board().len();
        let act = |action: Action| Msg::Act {
            from: m,
            at,
            action: NetAction::Pastimes(action),
        };
        let forged = match self {
            Attack::OwnDice => act(Action::Throw { dice: vec![6, 6] }),
            Attack::Illegal | Attack::ActOutOfTurn => act(Action::Claim),
            Attack::ThrowOutOfTurn => Msg::Commit {
                from: m,
                at,
                hash: commitment(m, at, &[3; 32]),
            },
            Attack::SecondCommit | Attack::ForgedReveal => {
                // Mallory throws; the honest side commits, and shows its seed.
                let mut rng = StdRng::seed_from_u64(5);
                let commit = mallory.table.as_mut().unwrap().throw(&mut rng).unwrap();
                mallory.say(&commit);
                hear_until(honest, |h, _| {
                    h.table()
                        .is_some_and(|t| t.bound() && !t.awaited().is_empty())
                });
                let seen = honest.table().unwrap();
                assert!(
                    seen.bound(),
                    "the honest side committed and showed its seed"
                );
                if let Attack::SecondCommit = self {
                    Msg::Commit {
                        from: m,
                        at,
                        hash: commitment(m, at, &[9; 32]),
                    }
                } else {
                    Msg::Reveal {
                        from: m,
                        at,
                        seed: [9; 32],
                    }
                }
            }
        };
        let table = honest.table().unwrap();
        let before = (table.board().record(), table.pledge().clone());
        mallory.say(&forged);
        before
    }
}

#[test]
fn a_joiner_that_cheats_at_ketch_dolt_is_sent_away_and_the_hosts_game_stands() {
    for attack in ATTACKS {
        // Given an honest host of Ketch-Dolt, and Mallory joining it
        let mut host = Party::host(
            ketch_dolt(),
            Reach::Local,
            Identity::fresh(),
            Pledge::default(),
        )
        .unwrap();
        let invitation = Invitation::parse(&host.invitation().unwrap()).unwrap();
        let mut mallory = Mallory::joins(&invitation);
        // When both play honestly until Mallory's moment, and Mallory cheats
        honestly_until(&mut mallory, &mut host, |t| attack.moment(t));
        let (record, pledge) = attack.make(&mut mallory, &mut host);
        let notes = hear_until(&mut host, |_, notes| {
            notes.iter().any(|n| n.contains("was sent away"))
        });
        // Then the host sends Mallory away with the breach's words
        let words = attack.refused_with();
        assert!(
            notes
                .iter()
                .any(|n| n.contains("Mallory was sent away") && n.contains(words)),
            "{attack:?}: {notes:?}"
        );
        let began = Instant::now();
        while mallory.bye.is_none() && began.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(20));
            mallory.pump();
        }
        assert!(
            mallory.bye.as_deref().is_some_and(|b| b.contains(words)),
            "{attack:?}: {:?}",
            mallory.bye
        );
        // And the host's game is as it was before the message it refused
        let table = host.table().unwrap();
        assert_eq!(table.board().record(), record, "{attack:?}");
        assert_eq!(table.pledge(), &pledge, "{attack:?}");
    }
}

#[test]
fn a_host_that_cheats_at_ketch_dolt_is_left_and_the_friends_game_stands() {
    for attack in ATTACKS {
        // Given Mallory hosting Ketch-Dolt, and an honest friend joining it
        let (mut mallory, mut friend) = Mallory::hosts(&ketch_dolt());
        // When both play honestly until Mallory's moment, and Mallory cheats
        honestly_until(&mut mallory, &mut friend, |t| attack.moment(t));
        let (record, pledge) = attack.make(&mut mallory, &mut friend);
        hear_until(&mut friend, |f, _| matches!(f.state(), State::Broken(_)));
        // Then the friend leaves, saying the host broke the rules and how
        let words = attack.refused_with();
        let State::Broken(why) = friend.state().clone() else {
            panic!("{attack:?}: the friend is still at the game")
        };
        assert!(why.contains("broke the rules"), "{attack:?}: {why}");
        assert!(why.contains(words), "{attack:?}: {why}");
        // And its game is as it was before the message it refused
        let table = friend.table().unwrap();
        assert_eq!(table.board().record(), record, "{attack:?}");
        assert_eq!(table.pledge(), &pledge, "{attack:?}");
    }
}

//! A cheating program of Mallory's at Ketch-Dolt, on real endpoints on this machine, on either
//! side of the line: the honest host with Mallory joining, and Mallory hosting an honest
//! friend. Mallory keeps a table of its own (its endpoint bound with its key, its acceptance,
//! its plays and its commits signed as an honest program's are) and plays honestly until the
//! moment it chooses, then sends its own dice, an action the rules refuse, an action or a throw
//! out of turn, a move or a commit its key did not sign, a second commit, or a forged seed.
//! Each is refused with a breach, and the honest side's game stays as it was. The honest side
//! is a party driven here, one step at a time, so that each attack comes at the moment it is
//! meant to. (`cheat.rs` drives the same Mallory at Irish.)

use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use rand::SeedableRng as _;
use rand::rngs::StdRng;

use gamester_core::level::Level;
use gamester_net::invite::Invitation;
use gamester_net::link::{ALPN, Identity, Reach};
use gamester_net::party::{Party, State};
use gamester_net::record::{act_statement, commit_statement};
use gamester_net::sign::{Hash, Key, Public};
use gamester_net::table::{Pledge, commitment};
use gamester_net::wire::{self, Comeback, Msg, VERSION};
use gamester_net::{Board, NetAction, Setup, Table};
use gamester_rules::pastimes::{Action, Phase, Preset};

use crate::pastime;
use crate::table::{computer, pastime_move};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// An endpoint on this machine alone, bound with `key` (its name on the network, which the
/// line's handshake proves), taking lines of the game's protocol if `listens`.
pub(crate) async fn endpoint(key: &Key, listens: bool) -> iroh::Endpoint {
    let alpns = if listens {
        vec![ALPN.to_vec()]
    } else {
        Vec::new()
    };
    iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
        .relay_mode(iroh::RelayMode::Disabled)
        .secret_key(key.secret())
        .alpns(alpns)
        .bind()
        .await
        .unwrap()
}

/// The game a host offers a friend who knocked on a line opened with `friend`'s key, under
/// `name`, at party 1: `setup` with the host's key first and the friend's at its seat, nobody
/// signed yet, and everything in its record played before anyone sat down.
pub(crate) fn offer(setup: &Setup, host: &Key, friend: Public, name: &str) -> Setup {
    let mut offer = setup.clone();
    let parties = offer.parties();
    offer.keys = vec![Public([0; 32]); parties];
    offer.keys[0] = host.public();
    offer.keys[1] = friend;
    offer.names[1] = name.into();
    offer.accepts = vec![None; parties];
    offer.start = offer.record.len();
    offer
}

/// Mallory's end of the line and its own table of the game.
pub(crate) struct Mallory {
    rt: tokio::runtime::Runtime,
    _endpoint: iroh::Endpoint,
    send: iroh::endpoint::SendStream,
    heard: Receiver<Msg>,
    key: Key,
    pub(crate) table: Option<Table>,
    /// (Hosting) the game offered the friend, until it sits down.
    offered: Option<Setup>,
    pub(crate) started: bool,
    /// The host's goodbye to Mallory, and why.
    pub(crate) bye: Option<String>,
    rng: StdRng,
}

impl Mallory {
    fn with(
        rt: tokio::runtime::Runtime,
        endpoint: iroh::Endpoint,
        send: iroh::endpoint::SendStream,
        mut recv: iroh::endpoint::RecvStream,
        key: &Key,
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
            key: key.clone(),
            table: None,
            offered: None,
            started: false,
            bye: None,
            rng: StdRng::seed_from_u64(66),
        }
    }

    /// Mallory joins the host an invitation names, holding `key`; `back`: what it says it
    /// holds of the game, coming back.
    pub(crate) fn joins(invitation: &Invitation, key: &Key, back: Option<Comeback>) -> Mallory {
        let rt = runtime();
        let (endpoint, send, recv) = rt.block_on(async {
            let endpoint = endpoint(key, false).await;
            let conn = endpoint
                .connect(invitation.addr.clone(), ALPN)
                .await
                .unwrap();
            let (mut send, recv) = conn.open_bi().await.unwrap();
            let hello = Msg::Hello {
                version: VERSION,
                secret: invitation.secret,
                name: "Mallory".into(),
                back,
            };
            wire::write(&mut send, &hello).await.unwrap();
            (endpoint, send, recv)
        });
        Mallory::with(rt, endpoint, send, recv, key)
    }

    /// Mallory comes back to the game its `table` holds (its record, its proofs, its share of
    /// a throw under way), saying `back`: it sits down again with that table, and says again
    /// its share of the throw under way, as an honest program does.
    pub(crate) fn comes_back(invitation: &Invitation, table: Table, back: Comeback) -> Mallory {
        let key = table.key().clone();
        let mut mallory = Mallory::joins(invitation, &key, Some(back));
        mallory.table = Some(table);
        mallory
    }

    /// Mallory hosts `setup` for an honest friend, who joins as the party returned.
    fn hosts(setup: &Setup) -> (Mallory, Party) {
        let rt = runtime();
        let key = Key::generate();
        let endpoint = rt.block_on(endpoint(&key, true));
        let invitation = Invitation {
            addr: endpoint.addr(),
            secret: [8; 16],
        };
        let listening = endpoint.clone();
        let accepted = rt.spawn(async move {
            let conn = listening.accept().await.unwrap().await.unwrap();
            let friend = Public::from(conn.remote_id());
            let (send, recv) = conn.accept_bi().await.unwrap();
            (friend, send, recv)
        });
        let friend = Party::join(
            &invitation,
            "Friend".into(),
            Key::generate(),
            None,
            Reach::Local,
        )
        .unwrap();
        let (friend_key, send, recv) = rt.block_on(accepted).unwrap();
        let mut mallory = Mallory::with(rt, endpoint, send, recv, &key);
        mallory.offered = Some(offer(setup, &key, friend_key, "Friend"));
        (mallory, friend)
    }

    pub(crate) fn say(&mut self, msg: &Msg) {
        let _ = self.rt.block_on(wire::write(&mut self.send, msg));
    }

    pub(crate) fn table(&self) -> &Table {
        self.table.as_ref().expect("Mallory's table")
    }

    /// The next message from the line, waiting at most ten seconds.
    pub(crate) fn next(&mut self) -> Option<Msg> {
        self.heard.recv_timeout(Duration::from_secs(10)).ok()
    }

    /// What came from the line, taken honestly: the greeting (Mallory hosting offers its
    /// game), the welcome (Mallory signs the offer, or sits down again to the game it holds),
    /// the acceptance (Mallory hosting signs the seating and starts), the start, and the honest
    /// side's commits, seeds and actions, answered as its table says.
    pub(crate) fn pump(&mut self) {
        while let Ok(msg) = self.heard.try_recv() {
            match msg {
                Msg::Hello { .. } => {
                    let setup = self.offered.clone().expect("Mallory hosts");
                    let welcome = Msg::Welcome {
                        setup,
                        party: 1,
                        proofs: Vec::new(),
                    };
                    self.say(&welcome);
                }
                Msg::Welcome {
                    setup,
                    party,
                    proofs,
                } => {
                    if self.table.as_ref().is_some_and(Table::seated) {
                        // Back at a game it sat down to: its own table stands.
                        self.say(&Msg::Accept { sig: None });
                        continue;
                    }
                    let sig = (!setup.seated()).then(|| self.key.sign(&setup.offer(party)));
                    let pledge = Pledge {
                        round: None,
                        proofs,
                    };
                    self.table =
                        Some(Table::resume(setup, party, self.key.clone(), pledge).unwrap());
                    self.say(&Msg::Accept { sig });
                }
                Msg::Accept { sig } => {
                    let mut setup = self.offered.take().expect("Mallory hosts");
                    setup.accepts[1] = sig;
                    assert!(setup.signed_by(1), "the friend signed the game offered");
                    setup.sign_as(0, &self.key);
                    assert!(setup.seated());
                    self.table = Some(Table::new(setup.clone(), 0, self.key.clone()).unwrap());
                    setup.record.truncate(setup.start);
                    self.say(&Msg::Start {
                        setup: Box::new(setup),
                    });
                    self.started = true;
                }
                Msg::Start { setup } => {
                    let table = self.table.as_mut().expect("a welcome first");
                    if !table.seated() {
                        let seated = Setup {
                            record: table.setup().record.clone(),
                            ..*setup
                        };
                        *table = Table::new(seated, table.me(), self.key.clone()).unwrap();
                    }
                    let again = table.resend();
                    for m in again {
                        self.say(&m);
                    }
                    self.started = true;
                }
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
    pub(crate) fn honest_move(&mut self) {
        let Some(table) = self.table.as_mut() else {
            return;
        };
        if !self.started {
            return;
        }
        if let Some(seat) = table.my_move() {
            let actions = honest_actions(table.board(), seat);
            if !actions.is_empty() {
                let mut msgs = Vec::new();
                for action in actions {
                    msgs.push(table.act(action).unwrap());
                }
                for m in &msgs {
                    self.say(m);
                }
                return;
            }
        }
        if let Some(msg) = table.throw(&mut self.rng) {
            self.say(&msg);
        }
    }
}

/// What the computer does at `seat` (at a pastime, the expert's choice): none when it throws.
fn honest_actions(board: &Board, seat: usize) -> Vec<NetAction> {
    match board {
        Board::Pastimes(game) => pastime_move(game, Level::Expert)
            .map(NetAction::Pastimes)
            .into_iter()
            .collect(),
        _ => computer(board, seat, 1),
    }
}

/// The honest party's own move, if it has one: the computer's choice, or its throw.
pub(crate) fn honest_move(party: &mut Party) {
    let Some(table) = party.table() else {
        return;
    };
    if let Some(seat) = table.my_move() {
        let actions = honest_actions(table.board(), seat);
        if !actions.is_empty() {
            for action in actions {
                party.act(action).unwrap();
            }
            return;
        }
    }
    party.throw();
}

/// Both play honestly until, with both tables alike and no throw under way, `now` says it is
/// the moment; the honest side has not yet made its move there. The notes the honest side made.
pub(crate) fn honestly_until(
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
pub(crate) fn hear_until(
    honest: &mut Party,
    done: impl Fn(&Party, &[String]) -> bool,
) -> Vec<String> {
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
/// with. Mallory is party `m`, the honest side `h`. Every message Mallory sends is signed with
/// its key after the record as both sides hold it, as an honest program's is, but for the
/// attacks on the signatures themselves.
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
    /// A claim at its own turn to throw, signed with another key than its own.
    Unsigned,
    /// A commit at its own turn to throw, signed with another key than its own.
    UnsignedCommit,
    /// Its throw, then, having seen the honest side's seed, another commit at the same place.
    SecondCommit,
    /// Its throw, then, having seen the honest side's seed, a seed not the one committed to.
    ForgedReveal,
}

const ATTACKS: [Attack; 8] = [
    Attack::OwnDice,
    Attack::Illegal,
    Attack::ActOutOfTurn,
    Attack::ThrowOutOfTurn,
    Attack::Unsigned,
    Attack::UnsignedCommit,
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
            Attack::Unsigned => "a move its player did not sign",
            Attack::UnsignedCommit => "not signed by its player",
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
        let head = mallory.table().head();
        let key = mallory.table().key().clone();
        let other = Key::from_bytes(&[99; 32]);
        let act = |action: Action, key: &Key| {
            let action = NetAction::Pastimes(action);
            Msg::Act {
                from: m,
                at,
                sig: key.sign(&act_statement(&head, m, &action)),
                action,
            }
        };
        let commit = |seed: u8, key: &Key| {
            let hash = commitment(m, at, &Hash([seed; 32]));
            Msg::Commit {
                from: m,
                at,
                hash,
                sig: key.sign(&commit_statement(&head, m, &hash)),
            }
        };
        let forged = match self {
            Attack::OwnDice => act(Action::Throw { dice: vec![6, 6] }, &key),
            Attack::Illegal | Attack::ActOutOfTurn => act(Action::Claim, &key),
            Attack::ThrowOutOfTurn => commit(3, &key),
            Attack::Unsigned => act(Action::Claim, &other),
            Attack::UnsignedCommit => commit(3, &other),
            Attack::SecondCommit | Attack::ForgedReveal => {
                // Mallory throws; the honest side commits, and shows its seed.
                let mut rng = StdRng::seed_from_u64(5);
                let first = mallory.table.as_mut().unwrap().throw(&mut rng).unwrap();
                mallory.say(&first);
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
                    commit(9, &key)
                } else {
                    Msg::Reveal {
                        from: m,
                        at,
                        seed: Hash([9; 32]),
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
        // Given an honest host of Ketch-Dolt, and Mallory joining it with a key of its own
        let mut host = Party::host(
            ketch_dolt(),
            Reach::Local,
            Identity::fresh(),
            Pledge::default(),
        )
        .unwrap();
        let invitation = Invitation::parse(&host.invitation().unwrap()).unwrap();
        let mut mallory = Mallory::joins(&invitation, &Key::generate(), None);
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
        // Given Mallory hosting Ketch-Dolt with a key of its own, and an honest friend
        // joining it
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

//! A cheating program of Mallory's on real endpoints on this machine, on either side of the
//! line, holding a key of its own (its endpoint is bound with it, and it signs with it as an
//! honest program does): it forges a comeback, says Accept or Start again, commits anew after
//! seeing the dice, comes back on new lines, comes back with a move of its own where a throw it
//! had seen stood, stretches a friend's record, changes the seating a friend comes back to,
//! offers a game made up and over, takes another's seat with the invitation and a key of its
//! own, or stalls. Each attack fails, and the honest side's game stays as it was (or is ended
//! as abandoned by Mallory).

use std::sync::mpsc::Sender;
use std::time::Duration;

use rand::SeedableRng as _;
use rand::rngs::StdRng;

use gamester_core::level::Level;
use gamester_net::invite::Invitation;
use gamester_net::link::{ALPN, Identity, Reach};
use gamester_net::party::Return;
use gamester_net::record::{
    Commit, Forged, Proof, act_statement, commit_statement, commitment, link, replay,
};
use gamester_net::seat::{Computer, End, Options, Role, play};
use gamester_net::sign::{Hash, Key, Public};
use gamester_net::table::{Pledge, TableError};
use gamester_net::wire::{self, Comeback, Msg, VERSION, WireError};
use gamester_net::{Board, NetAction, Setup, Table};

use crate::cheat_pastimes::{endpoint, offer};
use crate::line::{host, join, over};
use crate::{irish, key};

/// Mallory's end of a line to the host: a program of its own that holds the invitation and a
/// key, and says whatever it likes.
pub(crate) struct Mallory {
    pub(crate) endpoint: iroh::Endpoint,
    pub(crate) send: iroh::endpoint::SendStream,
    pub(crate) recv: iroh::endpoint::RecvStream,
    pub(crate) key: Key,
}

impl Mallory {
    pub(crate) async fn greet(
        invitation: &Invitation,
        key: &Key,
        back: Option<Comeback>,
    ) -> Mallory {
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
        Mallory {
            endpoint,
            send,
            recv,
            key: key.clone(),
        }
    }

    pub(crate) async fn say(&mut self, msg: &Msg) {
        let _ = wire::write(&mut self.send, msg).await;
    }

    /// The next message that `want` picks, or the host's goodbye (as an error).
    pub(crate) async fn hear<T>(&mut self, want: impl Fn(&Msg) -> Option<T>) -> Result<T, String> {
        loop {
            let read = tokio::time::timeout(Duration::from_secs(20), wire::read(&mut self.recv));
            match read.await {
                Ok(Ok(Msg::Bye { reason })) => return Err(reason),
                Ok(Ok(m)) => {
                    if let Some(t) = want(&m) {
                        return Ok(t);
                    }
                }
                Ok(Err(e)) => return Err(format!("no goodbye: {e}")),
                Err(_) => return Err("silence".into()),
            }
        }
    }

    /// Whether the host says nothing `want` picks for a while (it is waiting).
    pub(crate) async fn hears_nothing(&mut self, want: impl Fn(&Msg) -> bool) -> bool {
        let quiet = async {
            loop {
                match wire::read(&mut self.recv).await {
                    Ok(m) if want(&m) => return false,
                    Ok(Msg::Bye { .. }) | Err(_) => return false,
                    Ok(_) => {}
                }
            }
        };
        tokio::time::timeout(Duration::from_secs(2), quiet)
            .await
            .unwrap_or(true)
    }

    /// Sits down as an honest program does: takes the host's welcome, accepts (signing the
    /// game offered, the first time), and takes the start. The game as welcomed, and Mallory's
    /// table once everyone has sat down.
    pub(crate) async fn sit(&mut self) -> (Setup, Table) {
        let (setup, party, proofs) = self.hear(welcome).await.unwrap();
        let sig = (!setup.seated()).then(|| self.key.sign(&setup.offer(party)));
        self.say(&Msg::Accept { sig }).await;
        let seating = self
            .hear(|m| match m {
                Msg::Start { setup } => Some(*setup.clone()),
                _ => None,
            })
            .await
            .unwrap();
        let seated = Setup {
            record: setup.record.clone(),
            ..seating
        };
        let pledge = Pledge {
            round: None,
            proofs,
        };
        let table = Table::resume(seated, party, self.key.clone(), pledge).unwrap();
        assert!(table.seated());
        (setup, table)
    }

    pub(crate) async fn leave(self) {
        self.endpoint.close().await;
    }
}

pub(crate) fn welcome(m: &Msg) -> Option<(Setup, usize, Vec<Proof>)> {
    match m {
        Msg::Welcome {
            setup,
            party,
            proofs,
        } => Some((setup.clone(), *party, proofs.clone())),
        _ => None,
    }
}

pub(crate) fn host_commit(m: &Msg) -> Option<Msg> {
    matches!(m, Msg::Commit { from: 0, .. }).then(|| m.clone())
}

pub(crate) fn host_seed(m: &Msg) -> Option<Msg> {
    matches!(m, Msg::Reveal { from: 0, .. }).then(|| m.clone())
}

/// Party `from`'s commit to `seed` at `at`, signed with `key` after `head`.
pub(crate) fn commit_as(key: &Key, head: &Hash, from: usize, at: usize, seed: Hash) -> Msg {
    let hash = commitment(from, at, &seed);
    Msg::Commit {
        from,
        at,
        hash,
        sig: key.sign(&commit_statement(head, from, &hash)),
    }
}

/// Proofs for `actions`, made on `board` after `head` (both moved on past them), every one
/// signed with `key` alone: the plays of each party in its name, and every party's commit to
/// a seed of its own choosing. A made-up record, as whoever holds `key` can sign it.
pub(crate) fn signed_alone(
    setup: &Setup,
    board: &mut Board,
    head: &mut Hash,
    actions: &[NetAction],
    key: &Key,
) -> Vec<Proof> {
    let parties = setup.parties();
    actions
        .iter()
        .map(|action| {
            let at = board.len();
            let proof = if action.is_chance() {
                let seeds: Vec<Hash> = (0..parties).map(|p| Hash([p as u8 + 9; 32])).collect();
                let commits = (0..parties)
                    .map(|p| {
                        let hash = commitment(p, at, &seeds[p]);
                        let sig = key.sign(&commit_statement(head, p, &hash));
                        Commit { hash, sig }
                    })
                    .collect();
                Proof::Throw { commits, seeds }
            } else {
                let by = board
                    .actor()
                    .and_then(|s| setup.owners.get(s).copied())
                    .unwrap_or(0);
                let sig = key.sign(&act_statement(head, by, action));
                Proof::Act { by, sig }
            };
            *head = link(head, action, &proof);
            board.apply(action).unwrap();
            proof
        })
        .collect()
}

/// A whole made-up record from a seating's start, signed with `key` alone.
pub(crate) fn made_up(setup: &Setup, record: &[NetAction], key: &Key) -> Vec<Proof> {
    let mut before = setup.clone();
    before.record.truncate(setup.start);
    let mut board = before.board().unwrap();
    let mut head = setup.root();
    signed_alone(setup, &mut board, &mut head, &record[setup.start..], key)
}

pub(crate) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn a_forged_comeback_greeting_is_refused_with_the_reason_and_the_game_goes_on() {
    let (invitation, host) = host(irish());
    let forgery = crate::fair::forged(&[], 261);
    let mallory = Key::generate();
    // A seating of Mallory's making, at which it says the forgery was played
    let mut elsewhere = irish();
    elsewhere.seat_all(&[Key::generate(), mallory.clone()]);
    let rt = runtime();
    // A first greeting that says it comes back with a whole game: nobody has sat down to the
    // host's game yet, so Mallory is a newcomer, offered the host's game as it is; it sits down
    let table = rt.block_on(async {
        let back = Comeback {
            party: 1,
            root: elsewhere.root(),
            record: forgery.clone(),
            proofs: made_up(&elsewhere, &forgery, &mallory),
        };
        let mut m = Mallory::greet(&invitation, &mallory, Some(back)).await;
        let (offered, table) = m.sit().await;
        assert!(
            offered.record.is_empty(),
            "a new joiner starts the host's game"
        );
        assert_eq!(table.me(), 1);
        assert_eq!(offered.keys[1], mallory.public(), "held with its key");
        // The host begins the throw-off; Mallory goes
        m.hear(host_commit).await.unwrap();
        m.leave().await;
        table
    });
    std::thread::sleep(Duration::from_secs(1));
    rt.block_on(async {
        // Back with the forgery as if played at this seating, signed by Mallory alone: refused
        let back = Comeback {
            party: 1,
            root: table.setup().root(),
            record: forgery.clone(),
            proofs: made_up(table.setup(), &forgery, &mallory),
        };
        let mut m = Mallory::greet(&invitation, &mallory, Some(back)).await;
        let why = m.hear(welcome).await.unwrap_err();
        // (The host had begun the throw-off: the forgery holds another throw in its place.)
        assert_eq!(why, TableError::Record(Forged::OtherThrow).to_string());
        m.leave().await;
        // And back to the game of its own making: refused
        let back = Comeback {
            party: 1,
            root: elsewhere.root(),
            record: Vec::new(),
            proofs: Vec::new(),
        };
        let mut m = Mallory::greet(&invitation, &mallory, Some(back)).await;
        let why = m.hear(welcome).await.unwrap_err();
        assert!(why.contains("another game than this one"), "{why}");
        m.leave().await;
    });
    // Mallory gives in, and plays the host's game to its end from its seat
    let friend = over(join(
        &invitation,
        "Mallory",
        2,
        Some(Return::of(&table)),
        None,
    ));
    let (end, notes) = host.join().unwrap();
    let host = over((end, notes.clone()));
    assert_eq!(host.board().record(), friend.board().record());
    assert_ne!(
        host.board().record()[..],
        forgery[..host.board().len().min(forgery.len())]
    );
    assert_eq!(
        notes
            .iter()
            .filter(|n| n.contains("came back and was sent away"))
            .count(),
        2,
        "{notes:?}"
    );
}

#[test]
fn accept_said_again_a_second_commit_and_new_lines_give_no_second_throw() {
    let (invitation, host) = host(irish());
    let mallory = Key::generate();
    let rt = runtime();
    let mut rng = StdRng::seed_from_u64(42);
    let (dice, table) = rt.block_on(async {
        let mut m = Mallory::greet(&invitation, &mallory, None).await;
        let (offered, mut table) = m.sit().await;
        // The host starts the throw-off; Mallory answers with its commit, keeping its seed, and
        // sees the dice once the host shows its own.
        let commit = m.hear(host_commit).await.unwrap();
        let out = table.receive(commit, &mut rng).unwrap();
        m.say(&out[0]).await;
        let mut seen = table.clone();
        seen.receive(m.hear(host_seed).await.unwrap(), &mut rng)
            .unwrap();
        let dice = seen.board().record()[0].clone();
        // An acceptance said again starts nothing anew.
        let sig = mallory.sign(&offered.offer(1));
        m.say(&Msg::Accept { sig: Some(sig) }).await;
        assert!(m.hears_nothing(|m| matches!(m, Msg::Start { .. })).await);
        // A second commit, signed as the first, is refused, and the line closed.
        let root = table.setup().root();
        m.say(&commit_as(&mallory, &root, 1, 0, Hash([7; 32])))
            .await;
        let why = m.hear(|_| None::<()>).await.unwrap_err();
        assert!(why.contains("a throw is made once"), "{why}");
        m.leave().await;
        (dice, table)
    });
    let root = table.setup().root();
    let back = || Comeback {
        party: 1,
        root,
        record: Vec::new(),
        proofs: Vec::new(),
    };
    // Back on new lines, with its key: the host says the same commit and seed again, and
    // refuses every new commit.
    for attempt in 0..3u8 {
        std::thread::sleep(Duration::from_millis(500));
        rt.block_on(async {
            let mut m = Mallory::greet(&invitation, &mallory, Some(back())).await;
            let (setup, _) = m.sit().await;
            assert!(setup.record.is_empty());
            let mut again = table.clone();
            again
                .receive(m.hear(host_seed).await.unwrap(), &mut rng)
                .unwrap();
            assert_eq!(again.board().record(), vec![dice.clone()]);
            let mut other = [attempt; 32];
            other[1] = 1;
            let root = table.setup().root();
            m.say(&commit_as(&mallory, &root, 1, 0, Hash(other))).await;
            let why = m.hear(|_| None::<()>).await.unwrap_err();
            assert!(why.contains("made once"), "{why}");
            m.leave().await;
        });
    }
    // Mallory gives in: its first seed makes the dice it saw first.
    std::thread::sleep(Duration::from_millis(500));
    let mut table = table;
    rt.block_on(async {
        let mut m = Mallory::greet(&invitation, &mallory, Some(back())).await;
        m.sit().await;
        for msg in table.resend() {
            m.say(&msg).await;
        }
        table
            .receive(m.hear(host_seed).await.unwrap(), &mut rng)
            .unwrap();
        tokio::time::sleep(Duration::from_millis(500)).await;
        m.leave().await;
    });
    assert_eq!(table.board().record(), vec![dice.clone()]);
    // And it plays the game as the host has it, from its seat.
    std::thread::sleep(Duration::from_secs(1));
    let friend = over(join(
        &invitation,
        "Mallory",
        2,
        Some(Return::of(&table)),
        None,
    ));
    let host = over(host.join().unwrap());
    assert_eq!(host.board().record()[0], dice);
    assert_eq!(friend.board().record(), host.board().record());
}

/// Mallory's host: an endpoint bound with its key, that gives its invitation and takes the
/// first friend to come; its end of their line, and the key the friend's line was opened with.
pub(crate) struct FakeHost {
    pub(crate) endpoint: iroh::Endpoint,
    pub(crate) send: iroh::endpoint::SendStream,
    pub(crate) recv: iroh::endpoint::RecvStream,
    pub(crate) key: Key,
    pub(crate) friend: Public,
}

impl FakeHost {
    pub(crate) async fn open(key: &Key, secret: [u8; 16], tx: &Sender<Invitation>) -> FakeHost {
        let endpoint = endpoint(key, true).await;
        tx.send(Invitation {
            addr: endpoint.addr(),
            secret,
        })
        .unwrap();
        let conn = endpoint.accept().await.unwrap().await.unwrap();
        let friend = Public::from(conn.remote_id());
        let (send, recv) = conn.accept_bi().await.unwrap();
        FakeHost {
            endpoint,
            send,
            recv,
            key: key.clone(),
            friend,
        }
    }

    pub(crate) async fn say(&mut self, msg: &Msg) {
        wire::write(&mut self.send, msg).await.unwrap();
    }

    pub(crate) async fn read(&mut self) -> Result<Msg, WireError> {
        wire::read(&mut self.recv).await
    }

    /// Everything the friend says until its goodbye, or the line's end.
    pub(crate) async fn hear_out(&mut self) -> Vec<Msg> {
        let mut said = Vec::new();
        while let Ok(m) = self.read().await {
            let bye = matches!(m, Msg::Bye { .. });
            said.push(m);
            if bye {
                break;
            }
        }
        said
    }

    /// Offers `setup` to the friend as a new game, as an honest host does (its key first and
    /// the friend's at its seat), takes its signed acceptance, signs the seating and starts:
    /// the seating everyone signed.
    pub(crate) async fn seat(&mut self, setup: &Setup) -> Setup {
        let offered = offer(setup, &self.key, self.friend, "Friend");
        let welcome = Msg::Welcome {
            setup: offered.clone(),
            party: 1,
            proofs: Vec::new(),
        };
        self.say(&welcome).await;
        let sig = loop {
            if let Msg::Accept { sig } = self.read().await.unwrap() {
                break sig;
            }
        };
        let mut seating = offered;
        seating.accepts[1] = sig;
        assert!(seating.signed_by(1), "the friend signed the game offered");
        seating.sign_as(0, &self.key);
        assert!(seating.seated());
        seating.record.truncate(seating.start);
        self.say(&Msg::Start {
            setup: Box::new(seating.clone()),
        })
        .await;
        seating
    }

    pub(crate) async fn close(self) {
        self.endpoint.close().await;
    }
}

#[test]
fn a_host_that_stretches_the_record_of_a_friend_coming_back_is_refused() {
    // A game the host (key 0) and the friend (key 1) played, every entry signed; the friend
    // saved it after 61 actions
    let tables = crate::table::play_out(irish(), 7);
    let ours = &tables[1];
    let seating = ours.setup().clone();
    let proofs = ours.pledge().proofs[..61].to_vec();
    let save = ours.board().record()[..61].to_vec();
    // Mallory, the host, makes up the rest with 6-6s of its own, and signs what it can: its
    // own key's share of everything
    let stretched = crate::fair::forged(&save, 291);
    let saved = Setup {
        record: save.clone(),
        ..seating.clone()
    };
    let (mut board, mut head) = replay(&saved, &proofs).unwrap();
    let mut told = proofs.clone();
    told.extend(signed_alone(
        &seating,
        &mut board,
        &mut head,
        &stretched[61..],
        &key(0),
    ));
    let rt = runtime();
    let (tx, rx) = std::sync::mpsc::channel();
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let setup = Setup {
        record: stretched,
        ..seating.clone()
    };
    let fake = std::thread::spawn(move || {
        rt.block_on(async move {
            let mut h = FakeHost::open(&key(0), [3u8; 16], &tx).await;
            let Msg::Hello { back: Some(_), .. } = h.read().await.unwrap() else {
                panic!("no comeback")
            };
            let welcome = Msg::Welcome {
                setup,
                party: 1,
                proofs: told,
            };
            h.say(&welcome).await;
            let said = h.read().await;
            let _ = done_rx.recv_timeout(Duration::from_secs(30));
            h.close().await;
            said
        })
    });
    let invitation = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    let back = Return {
        setup: saved,
        party: 1,
        pledge: Pledge {
            round: None,
            proofs,
        },
        key: key(1),
    };
    let (end, _) = join(&invitation, "Friend", 2, Some(back), None);
    done_tx.send(()).unwrap();
    let why = end.unwrap_err().to_string();
    assert!(why.contains("cannot be believed"), "{why}");
    assert!(
        [Forged::Unsigned, Forged::UnsignedCommit]
            .iter()
            .any(|f| why.contains(&f.to_string())),
        "{why}"
    );
    let said = fake.join().unwrap();
    assert!(
        matches!(&said, Ok(Msg::Bye { reason }) if reason.contains("cannot be believed")),
        "{said:?}"
    );
}

#[test]
fn a_side_that_stalls_after_seeing_the_dice_has_the_game_ended_as_abandoned_by_it() {
    let (tx, rx) = std::sync::mpsc::channel();
    let host = std::thread::spawn(move || {
        let mut notes = Vec::new();
        let mut on_invite = |code: &str, _: &Identity| {
            let _ = tx.send(code.to_string());
        };
        let mut on_change = |_: &Table| {};
        let mut note = |n: &str| notes.push(n.to_string());
        let end = play(
            Role::Host(irish(), Pledge::default()),
            Computer::new(Level::Novice, 1),
            Options {
                reach: Reach::Local,
                identity: Identity::fresh(),
                on_invite: &mut on_invite,
                on_change: &mut on_change,
                note: &mut note,
                cut_at: None,
                patience: Duration::from_secs(60),
                keeper: None,
                stall: Some(Duration::from_secs(2)),
                under_way: false,
            },
        );
        (end, notes)
    });
    let invitation = Invitation::parse(&rx.recv_timeout(Duration::from_secs(30)).unwrap()).unwrap();
    let rt = runtime();
    let told = rt.block_on(async {
        let mut m = Mallory::greet(&invitation, &Key::generate(), None).await;
        let (_, mut table) = m.sit().await;
        let commit = m.hear(host_commit).await.unwrap();
        let mut rng = StdRng::seed_from_u64(9);
        let out = table.receive(commit, &mut rng).unwrap();
        m.say(&out[0]).await;
        // It sees the host's seed, and says nothing more.
        m.hear(host_seed).await.unwrap();
        let stalled = m
            .hear(|m| matches!(m, Msg::Stalled { party: 1, at: 0 }).then_some(()))
            .await;
        let bye = m.hear(|_| None::<()>).await;
        m.leave().await;
        (stalled, bye)
    });
    assert!(told.0.is_ok(), "{told:?}");
    let bye = told.1.unwrap_err();
    assert!(bye.contains("abandoned by Mallory"), "{bye}");
    let (end, notes) = host.join().unwrap();
    match end {
        Ok(End::Abandoned(table, abandoned)) => {
            assert_eq!(abandoned.party, 1);
            assert!(table.board().is_empty(), "no throw was made");
        }
        other => panic!("{other:?}; {notes:?}"),
    }
    assert!(
        notes
            .iter()
            .any(|n| n.contains("waited too long on Mallory")),
        "{notes:?}"
    );
}

#[test]
fn a_host_that_starts_again_and_commits_anew_after_seeing_the_dice_is_refused() {
    // Mallory hosts: it starts the throw-off, sees the friend's seed, then says Start again
    // and commits anew (signed, as the first), hoping for another throw.
    let rt = runtime();
    let (tx, rx) = std::sync::mpsc::channel();
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let fake = std::thread::spawn(move || {
        rt.block_on(async move {
            let mallory = Key::generate();
            let mut h = FakeHost::open(&mallory, [5u8; 16], &tx).await;
            let _hello = h.read().await.unwrap();
            let seating = h.seat(&irish()).await;
            let root = seating.root();
            h.say(&commit_as(&mallory, &root, 0, 0, Hash([1; 32])))
                .await;
            // The friend answers with its commit and its seed.
            let mut seen = Vec::new();
            while seen.len() < 2 {
                let m = h.read().await.unwrap();
                if matches!(m, Msg::Commit { .. } | Msg::Reveal { .. }) {
                    seen.push(m);
                }
            }
            // Start again, and a new commit at the same place.
            h.say(&Msg::Start {
                setup: Box::new(seating.clone()),
            })
            .await;
            h.say(&commit_as(&mallory, &root, 0, 0, Hash([2; 32])))
                .await;
            let said = h.hear_out().await;
            let _ = done_rx.recv_timeout(Duration::from_secs(30));
            h.close().await;
            (seen, said)
        })
    });
    let invitation = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    let (end, _) = join(&invitation, "Friend", 2, None, None);
    done_tx.send(()).unwrap();
    let why = end.unwrap_err().to_string();
    assert!(why.contains("a throw is made once"), "{why}");
    let (seen, said) = fake.join().unwrap();
    // After the new start the friend said its same commit and seed again, nothing new
    let again: Vec<&Msg> = said
        .iter()
        .filter(|m| matches!(m, Msg::Commit { .. } | Msg::Reveal { .. }))
        .collect();
    assert!(again.iter().all(|m| seen.contains(m)), "{said:?}");
    assert!(matches!(said.last(), Some(Msg::Bye { reason }) if reason.contains("made once")));
}

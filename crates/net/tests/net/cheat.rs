//! A cheating program of Mallory's on real endpoints on this machine, on either side of the
//! line, holding a key of its own (its endpoint is bound with it, and it signs with it as an
//! honest program does): it forges a comeback, says Accept or Start again, commits anew after
//! seeing the dice, comes back on new lines, comes back with a move of its own where a throw it
//! had seen stood, stretches a friend's record, changes the seating a friend comes back to,
//! offers a game made up and over, takes another's seat with the invitation and a key of its
//! own, or stalls. Each attack fails, and the honest side's game stays as it was (or is ended
//! as abandoned by Mallory).

use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use rand::SeedableRng as _;
use rand::rngs::StdRng;

use gamester_core::level::Level;
use gamester_net::invite::Invitation;
use gamester_net::link::{ALPN, Identity, Reach};
use gamester_net::party::{Party, Return, State};
use gamester_net::record::{
    Commit, Forged, Proof, act_statement, commit_statement, commitment, link, replay,
};
use gamester_net::seat::{Computer, End, Options, Role, SeatError, play};
use gamester_net::sign::{Hash, Key, Public};
use gamester_net::table::{Pledge, TableError};
use gamester_net::wire::{self, Comeback, Msg, VERSION, WireError};
use gamester_net::{Board, NetAction, Setup, Table};
use gamester_rules::tables::{Action, Throw};

use crate::cheat_pastimes::{self as driven, endpoint, offer};
use crate::line::{host, join, join_as, over};
use crate::table::computer;
use crate::{irish, key};

/// Mallory's end of a line to the host: a program of its own that holds the invitation and a
/// key, and says whatever it likes.
struct Mallory {
    endpoint: iroh::Endpoint,
    send: iroh::endpoint::SendStream,
    recv: iroh::endpoint::RecvStream,
    key: Key,
}

impl Mallory {
    async fn greet(invitation: &Invitation, key: &Key, back: Option<Comeback>) -> Mallory {
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

    async fn say(&mut self, msg: &Msg) {
        let _ = wire::write(&mut self.send, msg).await;
    }

    /// The next message that `want` picks, or the host's goodbye (as an error).
    async fn hear<T>(&mut self, want: impl Fn(&Msg) -> Option<T>) -> Result<T, String> {
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
    async fn hears_nothing(&mut self, want: impl Fn(&Msg) -> bool) -> bool {
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
    async fn sit(&mut self) -> (Setup, Table) {
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

    async fn leave(self) {
        self.endpoint.close().await;
    }
}

fn welcome(m: &Msg) -> Option<(Setup, usize, Vec<Proof>)> {
    match m {
        Msg::Welcome {
            setup,
            party,
            proofs,
        } => Some((setup.clone(), *party, proofs.clone())),
        _ => None,
    }
}

fn host_commit(m: &Msg) -> Option<Msg> {
    matches!(m, Msg::Commit { from: 0, .. }).then(|| m.clone())
}

fn host_seed(m: &Msg) -> Option<Msg> {
    matches!(m, Msg::Reveal { from: 0, .. }).then(|| m.clone())
}

/// Party `from`'s commit to `seed` at `at`, signed with `key` after `head`.
fn commit_as(key: &Key, head: &Hash, from: usize, at: usize, seed: Hash) -> Msg {
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
fn signed_alone(
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
fn made_up(setup: &Setup, record: &[NetAction], key: &Key) -> Vec<Proof> {
    let mut before = setup.clone();
    before.record.truncate(setup.start);
    let mut board = before.board().unwrap();
    let mut head = setup.root();
    signed_alone(setup, &mut board, &mut head, &record[setup.start..], key)
}

fn runtime() -> tokio::runtime::Runtime {
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
struct FakeHost {
    endpoint: iroh::Endpoint,
    send: iroh::endpoint::SendStream,
    recv: iroh::endpoint::RecvStream,
    key: Key,
    friend: Public,
}

impl FakeHost {
    async fn open(key: &Key, secret: [u8; 16], tx: &Sender<Invitation>) -> FakeHost {
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

    async fn say(&mut self, msg: &Msg) {
        wire::write(&mut self.send, msg).await.unwrap();
    }

    async fn read(&mut self) -> Result<Msg, WireError> {
        wire::read(&mut self.recv).await
    }

    /// Everything the friend says until its goodbye, or the line's end.
    async fn hear_out(&mut self) -> Vec<Msg> {
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
    async fn seat(&mut self, setup: &Setup) -> Setup {
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

    async fn close(self) {
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

#[test]
fn a_host_that_stalls_after_seeing_the_dice_has_the_game_ended_by_the_friend() {
    // Mallory hosts: it starts the throw-off, takes the friend's commit and seed, and never
    // shows its own.
    let rt = runtime();
    let (tx, rx) = std::sync::mpsc::channel();
    let fake = std::thread::spawn(move || {
        rt.block_on(async move {
            let mallory = Key::generate();
            let mut h = FakeHost::open(&mallory, [6u8; 16], &tx).await;
            let _hello = h.read().await.unwrap();
            let seating = h.seat(&irish()).await;
            h.say(&commit_as(&mallory, &seating.root(), 0, 0, Hash([1; 32])))
                .await;
            let heard = h.hear_out().await;
            h.close().await;
            heard
        })
    });
    let invitation = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    let mut notes = Vec::new();
    let mut on_invite = |_: &str, _: &Identity| {};
    let mut on_change = |_: &Table| {};
    let mut note = |n: &str| notes.push(n.to_string());
    let end = play(
        Role::Join {
            invitation,
            name: "Friend".into(),
            key: Key::generate(),
            back: None,
        },
        Computer::new(Level::Novice, 2),
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
    // The friend ends the game as abandoned by the host, and no throw was made
    match end {
        Ok(End::Abandoned(table, abandoned)) => {
            assert_eq!(abandoned.party, 0);
            assert!(table.board().is_empty());
        }
        other => panic!("{other:?}; {notes:?}"),
    }
    // It told the host why, and nothing the host would take for a breach of its own
    let heard = fake.join().unwrap();
    assert!(
        !heard.iter().any(|m| matches!(m, Msg::Stalled { .. })),
        "{heard:?}"
    );
    assert!(
        matches!(heard.last(), Some(Msg::Bye { reason }) if reason.contains("abandoned by Host")),
        "{heard:?}"
    );
}

#[test]
fn a_move_that_comes_before_the_welcome_is_set_aside_and_the_welcome_taken() {
    // A host's move may reach a seat retaken on a new line before the host has seen the knock
    // (the CLI's friend killed mid-game and started again met it): the friend sets it aside,
    // takes the welcome that follows, and sits down, signing the game offered.
    let rt = runtime();
    let (tx, rx) = std::sync::mpsc::channel();
    let fake = std::thread::spawn(move || {
        rt.block_on(async move {
            let mallory = Key::generate();
            let mut h = FakeHost::open(&mallory, [6u8; 16], &tx).await;
            let _hello = h.read().await.unwrap();
            let offered = offer(&irish(), &mallory, h.friend, "Friend");
            let step = gamester_rules::tables::Step::new(24, 6).unwrap();
            let action = NetAction::Tables(Action::Step(step));
            let early = Msg::Act {
                from: 0,
                at: 0,
                sig: mallory.sign(&act_statement(&offered.root(), 0, &action)),
                action,
            };
            h.say(&early).await;
            let welcome = Msg::Welcome {
                setup: offered.clone(),
                party: 1,
                proofs: Vec::new(),
            };
            h.say(&welcome).await;
            let mut said = Vec::new();
            while let Ok(m) = h.read().await {
                let done = matches!(m, Msg::Accept { .. } | Msg::Bye { .. });
                said.push(m);
                if done {
                    break;
                }
            }
            let bye = Msg::Bye {
                reason: "that is all".into(),
            };
            h.say(&bye).await;
            // The friend closes the line on the goodbye.
            while h.read().await.is_ok() {}
            h.close().await;
            (offered, said)
        })
    });
    let invitation = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    let (end, _) = join(&invitation, "Friend", 3, None, None);
    assert!(end.is_err_and(|why| why.to_string().contains("that is all")));
    let (mut offered, said) = fake.join().unwrap();
    let Some(Msg::Accept { sig }) = said.last() else {
        panic!("{said:?}")
    };
    offered.accepts[1] = *sig;
    assert!(offered.signed_by(1), "the friend signed the game offered");
}

#[test]
fn a_joiner_back_with_a_move_of_its_own_where_a_throw_it_saw_stood_is_refused() {
    // Given an honest host of Irish, and Mallory joining it with its key; both play honestly
    // until Mallory's own turn to throw, some moves into the game, where the rules would let
    // it resign instead
    let mut host =
        Party::host(irish(), Reach::Local, Identity::fresh(), Pledge::default()).unwrap();
    let invitation = Invitation::parse(&host.invitation().unwrap()).unwrap();
    let key = Key::generate();
    let mut mallory = driven::Mallory::joins(&invitation, &key, None);
    let resign = NetAction::Tables(Action::Resign(1));
    driven::honestly_until(&mut mallory, &mut host, |t| {
        let mut board = t.board().clone();
        t.board().len() > 8 && t.may_throw() && board.apply(&resign).is_ok()
    });
    let before = mallory.table().clone();
    let at = before.board().len();
    // When Mallory throws, and the host commits and shows its seed: Mallory has seen the
    // dice, and keeps its own seed
    let mut rng = StdRng::seed_from_u64(5);
    let commit = mallory.table.as_mut().unwrap().throw(&mut rng).unwrap();
    mallory.say(&commit);
    let thrown = mallory.table().clone();
    driven::hear_until(&mut host, |h, _| h.table().is_some_and(Table::bound));
    let mut seen = thrown.clone();
    while seen.board().len() == at {
        let msg = mallory.next().expect("the host's commit and seed");
        seen.receive(msg, &mut rng).unwrap();
    }
    let dice = seen.board().record()[at].clone();
    let waiting = host.table().unwrap().clone();
    assert_eq!(waiting.throw_at(), Some(at));
    assert_eq!(
        waiting.awaited(),
        vec![1],
        "the host waits for Mallory's seed"
    );
    // And Mallory comes back on a new line, saying that where the throw stood it resigned: a
    // decision of its own, signed with its key
    let sig = key.sign(&act_statement(&before.head(), 1, &resign));
    let mut record = before.board().record();
    record.push(resign);
    let mut proofs = before.pledge().proofs.clone();
    proofs.push(Proof::Act { by: 1, sig });
    let back = Comeback {
        party: 1,
        root: before.setup().root(),
        record,
        proofs,
    };
    drop(mallory);
    let mut again = driven::Mallory::joins(&invitation, &key, Some(back));
    let notes = driven::hear_until(&mut host, |_, notes| {
        notes.iter().any(|n| n.contains("was sent away"))
    });
    // Then the host refuses it, and says why
    let words = TableError::Record(Forged::ThrowAway).to_string();
    assert!(words.contains("a throw once begun must be made"), "{words}");
    assert!(
        notes
            .iter()
            .any(|n| n.contains("Mallory came back and was sent away") && n.contains(&words)),
        "{notes:?}"
    );
    let began = Instant::now();
    while again.bye.is_none() && began.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
        again.pump();
    }
    assert_eq!(again.bye.as_deref(), Some(words.as_str()));
    drop(again);
    // And its game still waits for that throw's seed, as it stood
    let table = host.table().unwrap();
    assert_eq!(table.board().record(), waiting.board().record());
    assert_eq!(table.pledge(), waiting.pledge());
    assert_eq!(table.throw_at(), Some(at));
    assert_eq!(table.awaited(), vec![1]);
    // Mallory's only way on is the throw it began: back with its share, the dice it saw are
    // made
    let back = Comeback {
        party: 1,
        root: before.setup().root(),
        record: before.board().record(),
        proofs: before.pledge().proofs.clone(),
    };
    let mut honest = driven::Mallory::comes_back(&invitation, thrown, back);
    let began = Instant::now();
    while host.table().unwrap().board().len() == at && began.elapsed() < Duration::from_secs(20) {
        host.poll(Duration::from_millis(20));
        honest.pump();
    }
    assert_eq!(host.table().unwrap().board().record()[at], dice);
}

/// Plays a host and its friend, both honest parties driven here, until `done` says so of the
/// host's table with both tables alike and no throw under way; the notes they made.
fn both_until(host: &mut Party, friend: &mut Party, done: impl Fn(&Table) -> bool) -> Vec<String> {
    let mut notes = Vec::new();
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(90) {
        notes.extend(host.poll(Duration::from_millis(5)).notes);
        notes.extend(friend.poll(Duration::from_millis(5)).notes);
        if friend.state() == &State::Offered {
            friend.accept();
        }
        if let (Some(h), Some(f)) = (host.table(), friend.table())
            && host.playing()
            && friend.playing()
            && h.board().record() == f.board().record()
            && !h.throwing()
            && !f.throwing()
        {
            if done(h) {
                return notes;
            }
            driven::honest_move(host);
            driven::honest_move(friend);
        }
    }
    panic!("never done: {notes:?}");
}

#[test]
fn a_stranger_with_the_invitation_cannot_take_a_connected_players_seat() {
    // Given an honest host and its friend at a game some moves into it
    let mut host =
        Party::host(irish(), Reach::Local, Identity::fresh(), Pledge::default()).unwrap();
    let invitation = Invitation::parse(&host.invitation().unwrap()).unwrap();
    let mut friend = Party::join(
        &invitation,
        "Friend".into(),
        Key::generate(),
        None,
        Reach::Local,
    )
    .unwrap();
    both_until(&mut host, &mut friend, |t| t.board().len() >= 10);
    let table = host.table().unwrap().clone();
    // When a stranger comes with the invitation and a key of its own, saying it is the friend
    // coming back with the whole game so far (which it might have seen)
    let back = Comeback {
        party: 1,
        root: table.setup().root(),
        record: table.board().record(),
        proofs: table.pledge().proofs.clone(),
    };
    let rt = runtime();
    let why = rt.block_on(async {
        let mut m = Mallory::greet(&invitation, &Key::generate(), Some(back)).await;
        let why = m.hear(welcome).await.unwrap_err();
        m.leave().await;
        why
    });
    // Then it is turned away: the seat is the friend's key's
    assert_eq!(why, "every seat at the table is taken");
    let notes = driven::hear_until(&mut host, |_, notes| {
        notes.iter().any(|n| n.contains("turned away"))
    });
    assert!(
        notes
            .iter()
            .any(|n| n.contains("Somebody was turned away: every seat at the table is taken")),
        "{notes:?}"
    );
    // And the game goes on between the host and its friend, as it stood, to its end
    assert_eq!(
        host.table().unwrap().board().record(),
        table.board().record()
    );
    assert!(friend.playing());
    both_until(&mut host, &mut friend, |t| t.board().is_over());
    let (h, f) = (host.table().unwrap(), friend.table().unwrap());
    assert_eq!(h.board().record(), f.board().record());
    assert!(h.board().record().starts_with(&table.board().record()));
}

#[test]
fn a_stranger_with_the_invitation_cannot_take_a_dropped_players_seat() {
    // Given a game whose friend's line was cut some moves into it
    let (invitation, host) = host(irish());
    let cut = match join(&invitation, "Friend", 2, None, Some(30)) {
        (Ok(End::Cut(t)), _) => t,
        other => panic!("{other:?}"),
    };
    // When a stranger comes with the invitation and a key of its own, ready to sit down to a
    // game under way
    let (end, notes) = join_as(
        &invitation,
        "Stranger",
        &Key::generate(),
        3,
        None,
        None,
        true,
    );
    // Then it is turned away: the seat is the friend's key's
    let why = match end {
        Err(SeatError::Broken(why)) => why,
        other => panic!("{other:?}; {notes:?}"),
    };
    assert!(why.contains("every seat at the table is taken"), "{why}");
    // And the friend comes back to its seat, and the game ends alike on both sides
    let friend = over(join(&invitation, "Friend", 5, Some(Return::of(&cut)), None));
    let (end, notes) = host.join().unwrap();
    let host = over((end, notes.clone()));
    assert_eq!(host.board().record(), friend.board().record());
    assert!(host.board().record().starts_with(&cut.board().record()));
    assert!(
        notes
            .iter()
            .any(|n| n.contains("turned away: every seat at the table is taken")),
        "{notes:?}"
    );
}

/// A change an evil host makes to the seating.
type Change = fn(&mut Setup);

#[test]
fn a_host_that_changes_the_seating_a_friend_comes_back_to_is_left_and_never_played_on() {
    // A game the host (key 0) and the friend (key 1) sat down to, the friend's line cut 20
    // actions into it
    let tables = crate::table::play_out(irish(), 3);
    let ours = &tables[1];
    let seating = ours.setup().clone();
    let saved = Setup {
        record: ours.board().record()[..20].to_vec(),
        ..seating.clone()
    };
    let proofs = ours.pledge().proofs[..20].to_vec();
    let changes: [(Change, &str); 2] = [
        (|s| s.owners.reverse(), "who plays each seat changed"),
        (
            |s| s.names[1] = "Loser".into(),
            "the players' names changed",
        ),
    ];
    for (change, words) in changes {
        // When Mallory, the host, welcomes the friend back to the game changed
        let mut changed = saved.clone();
        change(&mut changed);
        let welcome = Msg::Welcome {
            setup: changed,
            party: 1,
            proofs: proofs.clone(),
        };
        let rt = runtime();
        let (tx, rx) = std::sync::mpsc::channel();
        let fake = std::thread::spawn(move || {
            rt.block_on(async move {
                let mut h = FakeHost::open(&key(0), [4u8; 16], &tx).await;
                let Msg::Hello { back: Some(_), .. } = h.read().await.unwrap() else {
                    panic!("no comeback")
                };
                h.say(&welcome).await;
                let said = h.hear_out().await;
                h.close().await;
                said
            })
        });
        let invitation = rx.recv_timeout(Duration::from_secs(30)).unwrap();
        let back = Return {
            setup: saved.clone(),
            party: 1,
            pledge: Pledge {
                round: None,
                proofs: proofs.clone(),
            },
            key: key(1),
        };
        let (end, notes) = join(&invitation, "Friend", 2, Some(back), None);
        // Then the friend leaves, saying what changed
        let why = match end {
            Err(SeatError::Broken(why)) => why,
            other => panic!("{words}: {other:?}; {notes:?}"),
        };
        assert!(why.contains(words), "{why}");
        assert!(why.contains("not the one you sat down to"), "{why}");
        // And it never sat down nor played on: its last words say why
        let said = fake.join().unwrap();
        assert!(
            !said.iter().any(|m| matches!(
                m,
                Msg::Accept { .. } | Msg::Commit { .. } | Msg::Reveal { .. } | Msg::Act { .. }
            )),
            "{said:?}"
        );
        assert!(
            matches!(said.last(), Some(Msg::Bye { reason }) if reason.contains(words)),
            "{said:?}"
        );
    }
}

/// A game of Irish made up by its host: it won the throw-off, and threw 6-6 every time, its
/// friend 2-1; the plays the computer's. Played to its end.
fn rigged() -> Vec<NetAction> {
    let throw = |dice: &[u8]| NetAction::Tables(Action::Throw(Throw::new(dice).unwrap()));
    let mut board = irish().board().unwrap();
    while !board.is_over() {
        assert!(board.len() < 5000, "the made-up game does not end");
        let actions = match board.actor() {
            _ if board.is_empty() => {
                vec![NetAction::Tables(Action::ThrowOff { white: 6, black: 1 })]
            }
            Some(0) if board.wants_chance() => vec![throw(&[6, 6])],
            Some(_) if board.wants_chance() => vec![throw(&[2, 1])],
            Some(seat) => computer(&board, seat, 1),
            None => panic!("nobody to act: {board:?}"),
        };
        for action in &actions {
            board.apply(action).unwrap();
        }
    }
    board.record()
}

#[test]
fn a_made_up_game_already_over_is_refused_by_a_friend_new_to_it() {
    // Mallory hosts a game of its own making, whole and over: it threw 6-6 every time
    let mut game = irish();
    game.record = rigged();
    assert!(game.board().unwrap().is_over());
    let rt = runtime();
    let (tx, rx) = std::sync::mpsc::channel();
    let fake = std::thread::spawn(move || {
        rt.block_on(async move {
            let mallory = Key::generate();
            let mut h = FakeHost::open(&mallory, [7u8; 16], &tx).await;
            let _hello = h.read().await.unwrap();
            let welcome = Msg::Welcome {
                setup: offer(&game, &mallory, h.friend, "Friend"),
                party: 1,
                proofs: Vec::new(),
            };
            h.say(&welcome).await;
            let said = h.hear_out().await;
            h.close().await;
            said
        })
    });
    let invitation = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    // When a friend new to the game joins it
    let (end, notes) = join(&invitation, "Friend", 2, None, None);
    // Then it is not taken for a game played and lost: the friend refuses it, and says why
    assert!(!matches!(end, Ok(End::Over(_))), "{end:?}");
    let why = end.unwrap_err().to_string();
    assert!(why.contains("already over"), "{why}; {notes:?}");
    let said = fake.join().unwrap();
    assert!(
        !said.iter().any(|m| matches!(m, Msg::Accept { .. })),
        "{said:?}"
    );
    assert!(
        matches!(said.last(), Some(Msg::Bye { reason }) if reason.contains("already over")),
        "{said:?}"
    );
}

#[test]
fn a_friend_welcomed_who_goes_before_sitting_down_leaves_the_seat_to_another() {
    // Given a new game, and Mallory, who comes, is offered the game, and goes without
    // sitting down to it
    let (invitation, host) = host(irish());
    let rt = runtime();
    rt.block_on(async {
        let mut m = Mallory::greet(&invitation, &Key::generate(), None).await;
        let (setup, party, _) = m.hear(welcome).await.unwrap();
        assert_eq!((party, setup.seated()), (1, false));
        m.leave().await;
    });
    std::thread::sleep(Duration::from_secs(1));
    // When a friend with a key of its own comes for the seat
    let friend = over(join(&invitation, "Friend", 2, None, None));
    // Then it sits down in Mallory's place and the game is played out
    let host = over(host.join().unwrap());
    assert_eq!(host.board().record(), friend.board().record());
    assert_eq!(host.setup().keys[1], friend.key().public());
}

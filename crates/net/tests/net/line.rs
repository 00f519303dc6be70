//! Whole games over a real line on this machine (iroh, direct addresses only, no relay): the
//! computer at every party, the host on a thread of its own.

use std::time::Duration;

use gamester_core::level::Level;
use gamester_net::invite::Invitation;
use gamester_net::link::{ALPN, Reach};
use gamester_net::party::Return;
use gamester_net::seat::{Computer, End, Options, Role, play};
use gamester_net::table::Pledge;
use gamester_net::wire::{self, Msg, VERSION};
use gamester_net::{NetAction, Setup, Table};
use gamester_rules::tables::{Action, Throw};

use crate::{irish, muggins_for_three};

/// What a party's play left: its end, and the notes it made.
type Outcome = (Result<End, String>, Vec<String>);

fn party(
    role: Role,
    seed: u64,
    cut_at: Option<usize>,
    invite: Option<std::sync::mpsc::Sender<String>>,
) -> Outcome {
    let mut notes = Vec::new();
    let mut on_invite = |code: &str, _: &gamester_net::link::Identity| {
        if let Some(tx) = &invite {
            let _ = tx.send(code.to_string());
        }
    };
    let mut on_change = |_: &Table| {};
    // The notes are printed too: a failing test shows what each party saw.
    let mut note = |n: &str| {
        eprintln!("{n}");
        notes.push(n.to_string());
    };
    let end = play(
        role,
        Computer::new(Level::Novice, seed),
        Options {
            reach: Reach::Local,
            identity: gamester_net::link::Identity::fresh(),
            on_invite: &mut on_invite,
            on_change: &mut on_change,
            note: &mut note,
            cut_at,
            patience: Duration::from_secs(60),
            keeper: None,
            stall: None,
        },
    );
    (end, notes)
}

/// Starts a host on its own thread; returns its invitation and the thread.
fn host(setup: Setup) -> (Invitation, std::thread::JoinHandle<Outcome>) {
    let (tx, rx) = std::sync::mpsc::channel();
    let thread =
        std::thread::spawn(move || party(Role::Host(setup, Pledge::default()), 1, None, Some(tx)));
    let code = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the host's invitation");
    (
        Invitation::parse(&code).expect("the host's code reads back"),
        thread,
    )
}

fn join(
    invitation: &Invitation,
    name: &str,
    seed: u64,
    back: Option<Return>,
    cut_at: Option<usize>,
) -> Outcome {
    party(
        Role::Join {
            invitation: invitation.clone(),
            name: name.into(),
            back,
        },
        seed,
        cut_at,
        None,
    )
}

fn over(outcome: Outcome) -> Table {
    match outcome.0 {
        Ok(End::Over(t)) => t,
        other => panic!("{other:?}; notes: {:?}", outcome.1),
    }
}

#[test]
fn a_whole_game_of_irish_between_computers_over_the_line() {
    let (invitation, host) = host(irish());
    let friend = over(join(&invitation, "Friend", 2, None, None));
    let host = over(host.join().unwrap());
    assert!(host.board().is_over());
    assert_eq!(host.board().record(), friend.board().record());
    assert_eq!(host.setup().names[1], "Friend");
}

#[test]
fn a_whole_game_of_muggins_for_three_over_the_line() {
    let (invitation, host) = host(muggins_for_three());
    let second = {
        let invitation = invitation.clone();
        std::thread::spawn(move || join(&invitation, "Kate", 3, None, None))
    };
    let first = over(join(&invitation, "Robin", 2, None, None));
    let second = over(second.join().unwrap());
    let host = over(host.join().unwrap());
    assert_eq!(host.board().record(), first.board().record());
    assert_eq!(host.board().record(), second.board().record());
    let mut parties = [first.me(), second.me()];
    parties.sort_unstable();
    assert_eq!(parties, [1, 2]);
}

#[test]
fn a_wrong_invitation_is_refused_and_the_game_goes_on_for_the_right_one() {
    let (invitation, host) = host(irish());
    let mut wrong = invitation.clone();
    wrong.secret[0] ^= 0xff;
    let (end, _) = join(&wrong, "Stranger", 2, None, None);
    let why = end.unwrap_err();
    assert!(why.contains("wrong or stale"), "{why}");
    let friend = over(join(&invitation, "Friend", 2, None, None));
    let (host_end, notes) = host.join().unwrap();
    let host = over((host_end, notes.clone()));
    assert_eq!(host.board().record(), friend.board().record());
    assert!(
        notes.iter().any(|n| n.contains("wrong or stale")),
        "{notes:?}"
    );
}

/// A program that says the right secret and then misbehaves: it reads the host's welcome,
/// accepts, waits for the start, and sends `then` (bytes as they go on the stream). Returns the
/// host's last words to it.
fn hostile(
    invitation: &Invitation,
    then: impl FnOnce(usize, &Setup) -> Vec<u8> + Send + 'static,
) -> String {
    let invitation = invitation.clone();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async move {
        let endpoint = iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
            .relay_mode(iroh::RelayMode::Disabled)
            .bind()
            .await
            .unwrap();
        let conn = endpoint
            .connect(invitation.addr.clone(), ALPN)
            .await
            .unwrap();
        let (mut send, mut recv) = conn.open_bi().await.unwrap();
        let hello = Msg::Hello {
            version: VERSION,
            secret: invitation.secret,
            name: "Mallory".into(),
            back: None,
        };
        wire::write(&mut send, &hello).await.unwrap();
        let Msg::Welcome { setup, party, .. } = wire::read(&mut recv).await.unwrap() else {
            panic!("no welcome")
        };
        wire::write(&mut send, &Msg::Accept).await.unwrap();
        let Msg::Start = wire::read(&mut recv).await.unwrap() else {
            panic!("no start")
        };
        let bytes = then(party, &setup);
        // The host may close before all of a long message is written.
        let writing = async {
            let _ = tokio::io::AsyncWriteExt::write_all(&mut send, &bytes).await;
        };
        let reading = async {
            loop {
                match wire::read(&mut recv).await {
                    Ok(Msg::Bye { reason }) => return reason,
                    Ok(_) => {}
                    Err(e) => return format!("no goodbye: {e}"),
                }
            }
        };
        let (_, reason) = tokio::join!(writing, reading);
        endpoint.close().await;
        reason
    })
}

#[test]
fn a_peer_that_forges_dice_sends_junk_or_100_mb_is_sent_away_and_the_game_goes_on() {
    let (invitation, host) = host(irish());
    // Dice of its own making, sent as a play.
    let reason = hostile(&invitation, |party, _| {
        wire::frame(&Msg::Act {
            from: party,
            at: 0,
            action: NetAction::Tables(Action::Throw(Throw::new(&[6, 6]).unwrap())),
        })
    });
    assert!(reason.contains("dice"), "{reason}");
    // Junk.
    let reason = hostile(&invitation, |_, _| {
        let mut bytes = 9u32.to_be_bytes().to_vec();
        bytes.extend_from_slice(b"\x00\x01junk!!!");
        bytes
    });
    assert!(reason.contains("not a Gamester message"), "{reason}");
    // A message of 100 MB: refused from its length.
    let reason = hostile(&invitation, |_, _| {
        let mut bytes = (100u32 * 1024 * 1024).to_be_bytes().to_vec();
        bytes.extend(std::iter::repeat_n(b'(', 64 * 1024));
        bytes
    });
    assert!(reason.contains("104857600 bytes"), "{reason}");
    // An illegal play.
    let reason = hostile(&invitation, |party, _| {
        wire::frame(&Msg::Act {
            from: party,
            at: 0,
            action: NetAction::Tables(Action::Take),
        })
    });
    // (The host has begun the throw-off, so any play now is refused as out of place.)
    assert!(
        ["out of turn", "illegal", "while the dice"]
            .iter()
            .any(|w| reason.contains(w)),
        "{reason}"
    );
    // The host's game is untouched, and an honest friend plays it to the end.
    let friend = over(join(&invitation, "Friend", 2, None, None));
    let (end, notes) = host.join().unwrap();
    let host = over((end, notes.clone()));
    assert_eq!(host.board().record(), friend.board().record());
    assert_eq!(
        notes.iter().filter(|n| n.contains("was sent away")).count(),
        2,
        "{notes:?}"
    );
}

#[test]
fn a_line_cut_mid_game_is_resumed_from_the_record_with_the_same_invitation() {
    let (invitation, host) = host(irish());
    let cut = match join(&invitation, "Friend", 2, None, Some(40)) {
        (Ok(End::Cut(t)), _) => t,
        other => panic!("{other:?}"),
    };
    let record = cut.board().record();
    assert!(record.len() >= 40);
    let friend = over(join(
        &invitation,
        "Friend",
        5,
        Some(Return {
            party: cut.me(),
            record: record.clone(),
            pledge: cut.pledge().clone(),
        }),
        None,
    ));
    let (end, notes) = host.join().unwrap();
    let host = over((end, notes.clone()));
    assert_eq!(host.board().record(), friend.board().record());
    assert!(host.board().record().starts_with(&record));
    assert!(notes.iter().any(|n| n.contains("dropped")), "{notes:?}");
}

#[test]
fn joining_nobody_gives_up_within_thirty_seconds_and_says_why() {
    // An invitation to a host that is not there (a fresh key, a closed port).
    let key = iroh::SecretKey::from_bytes(&[5; 32]);
    let addr = iroh::EndpointAddr::new(key.public()).with_ip_addr("127.0.0.1:9".parse().unwrap());
    let invitation = Invitation {
        addr,
        secret: [1; 16],
    };
    let started = std::time::Instant::now();
    let (end, _) = join(&invitation, "Friend", 2, None, None);
    let why = end.unwrap_err();
    assert!(
        started.elapsed() < Duration::from_secs(35),
        "{:?}",
        started.elapsed()
    );
    // One sentence in Gamester's words, whichever patience ran out first
    assert!(
        why.contains(&gamester_net::link::LinkError::Timeout.to_string()),
        "{why}"
    );
    assert!(!why.contains("timed out"), "{why}");
}

/// Mallory's end of a line to the host: a program of its own that holds the invitation and
/// says whatever it likes.
struct Mallory {
    endpoint: iroh::Endpoint,
    send: iroh::endpoint::SendStream,
    recv: iroh::endpoint::RecvStream,
}

impl Mallory {
    async fn greet(invitation: &Invitation, back: Option<gamester_net::wire::Comeback>) -> Mallory {
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
            back,
        };
        wire::write(&mut send, &hello).await.unwrap();
        Mallory {
            endpoint,
            send,
            recv,
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

    async fn leave(self) {
        self.endpoint.close().await;
    }
}

fn welcome(m: &Msg) -> Option<(Setup, usize, [u8; 16])> {
    match m {
        Msg::Welcome {
            setup,
            party,
            token,
            ..
        } => Some((setup.clone(), *party, *token)),
        _ => None,
    }
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
    let rt = runtime();
    // A first greeting that says it comes back with a whole game: refused, and so is the same
    // with the token a real welcome gave.
    let token = rt.block_on(async {
        let back = gamester_net::wire::Comeback {
            party: 1,
            record: forgery.clone(),
            last: None,
            token: None,
        };
        let mut m = Mallory::greet(&invitation, Some(back)).await;
        let why = m.hear(welcome).await.unwrap_err();
        assert!(why.contains("could not show it was player 2"), "{why}");
        m.leave().await;
        let mut m = Mallory::greet(&invitation, None).await;
        let (setup, party, token) = m.hear(welcome).await.unwrap();
        assert!(
            setup.record.is_empty(),
            "a new joiner starts the host's game"
        );
        assert_eq!(party, 1);
        m.leave().await;
        token
    });
    std::thread::sleep(Duration::from_secs(1));
    rt.block_on(async {
        let back = gamester_net::wire::Comeback {
            party: 1,
            record: forgery.clone(),
            last: None,
            token: Some(token),
        };
        let mut m = Mallory::greet(&invitation, Some(back)).await;
        let why = m.hear(welcome).await.unwrap_err();
        assert!(why.contains("never took part in"), "{why}");
        m.leave().await;
    });
    let friend = over(join(&invitation, "Friend", 2, None, None));
    let (end, notes) = host.join().unwrap();
    let host = over((end, notes.clone()));
    assert_eq!(host.board().record(), friend.board().record());
    assert_ne!(
        host.board().record()[..],
        forgery[..host.board().len().min(forgery.len())]
    );
    assert!(
        notes
            .iter()
            .any(|n| n.contains("came back and was sent away")),
        "{notes:?}"
    );
}

#[test]
fn accept_said_again_a_second_commit_and_new_lines_give_no_second_throw() {
    let (invitation, host) = host(irish());
    let rt = runtime();
    let (dice, token, seed) = rt.block_on(async {
        let mut m = Mallory::greet(&invitation, None).await;
        let (setup, party, token) = m.hear(welcome).await.unwrap();
        m.say(&Msg::Accept).await;
        m.hear(|m| matches!(m, Msg::Start).then_some(()))
            .await
            .unwrap();
        // The host starts the throw-off; Mallory answers with a commit, and sees the dice once
        // the host shows its seed.
        m.hear(|m| matches!(m, Msg::Commit { from: 0, .. }).then_some(()))
            .await
            .unwrap();
        let seed = [42u8; 32];
        let commit = |seed: &[u8; 32]| Msg::Commit {
            from: party,
            at: 0,
            hash: gamester_net::table::commitment(party, 0, seed),
        };
        m.say(&commit(&seed)).await;
        let host_seed = m
            .hear(|m| match m {
                Msg::Reveal { from: 0, seed, .. } => Some(*seed),
                _ => None,
            })
            .await
            .unwrap();
        let board = setup.board().unwrap();
        let joint = gamester_net::table::joint_seed(0, &[host_seed, seed]);
        let dice = board.chance(joint).unwrap();
        // An acceptance said again starts nothing anew.
        m.say(&Msg::Accept).await;
        assert!(m.hears_nothing(|m| matches!(m, Msg::Start)).await);
        // A second commit is refused, and the line closed.
        m.say(&commit(&[7; 32])).await;
        let why = m.hear(|_| None::<()>).await.unwrap_err();
        assert!(why.contains("a throw is made once"), "{why}");
        m.leave().await;
        (dice, token, seed)
    });
    // Back on new lines, with the right token: the host says the same commit and seed again,
    // and refuses every new commit.
    for attempt in 0..3u8 {
        std::thread::sleep(Duration::from_millis(500));
        rt.block_on(async {
            let back = gamester_net::wire::Comeback {
                party: 1,
                record: Vec::new(),
                last: None,
                token: Some(token),
            };
            let mut m = Mallory::greet(&invitation, Some(back)).await;
            let (setup, party, _) = m.hear(welcome).await.unwrap();
            assert!(setup.record.is_empty());
            m.say(&Msg::Accept).await;
            m.hear(|m| matches!(m, Msg::Start).then_some(()))
                .await
                .unwrap();
            let again = m
                .hear(|m| match m {
                    Msg::Reveal { from: 0, seed, .. } => Some(*seed),
                    _ => None,
                })
                .await
                .unwrap();
            let joint = gamester_net::table::joint_seed(0, &[again, seed]);
            assert_eq!(setup.board().unwrap().chance(joint), Some(dice.clone()));
            let mut other = [attempt; 32];
            other[1] = 1;
            m.say(&Msg::Commit {
                from: party,
                at: 0,
                hash: gamester_net::table::commitment(party, 0, &other),
            })
            .await;
            let why = m.hear(|_| None::<()>).await.unwrap_err();
            assert!(why.contains("made once"), "{why}");
            m.leave().await;
        });
    }
    // Mallory gives in: its first seed makes the dice it saw first.
    std::thread::sleep(Duration::from_millis(500));
    rt.block_on(async {
        let back = gamester_net::wire::Comeback {
            party: 1,
            record: Vec::new(),
            last: None,
            token: Some(token),
        };
        let mut m = Mallory::greet(&invitation, Some(back)).await;
        m.hear(welcome).await.unwrap();
        m.say(&Msg::Accept).await;
        m.hear(|m| matches!(m, Msg::Start).then_some(()))
            .await
            .unwrap();
        m.say(&Msg::Commit {
            from: 1,
            at: 0,
            hash: gamester_net::table::commitment(1, 0, &seed),
        })
        .await;
        m.say(&Msg::Reveal {
            from: 1,
            at: 0,
            seed,
        })
        .await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        m.leave().await;
    });
    // An honest friend takes the seat and the game as the host has it.
    std::thread::sleep(Duration::from_secs(1));
    let friend = over(join(&invitation, "Friend", 2, None, None));
    let host = over(host.join().unwrap());
    assert_eq!(host.board().record()[0], dice);
    assert_eq!(friend.board().record(), host.board().record());
}

#[test]
fn a_host_that_stretches_the_record_of_a_friend_coming_back_is_refused() {
    // Mallory hosts: it welcomes a friend coming back with a record of its own 6-6s.
    let rt = runtime();
    let (tx, rx) = std::sync::mpsc::channel();
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let real = crate::table::play_out(irish(), 7)[1].board().record();
    let save = real[..61].to_vec();
    let stretched = crate::fair::forged(&save, 291);
    let fake = std::thread::spawn(move || {
        rt.block_on(async move {
            let (endpoint, mut send, mut recv) = fake_host([3u8; 16], &tx).await;
            let Msg::Hello { back: Some(_), .. } = wire::read(&mut recv).await.unwrap() else {
                panic!("no comeback")
            };
            let mut setup = irish();
            setup.record = stretched;
            wire::write(
                &mut send,
                &Msg::Welcome {
                    setup,
                    party: 1,
                    last: None,
                    token: [0; 16],
                },
            )
            .await
            .unwrap();
            let said = wire::read(&mut recv).await;
            let _ = done_rx.recv_timeout(Duration::from_secs(30));
            endpoint.close().await;
            said
        })
    });
    let invitation = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    let back = Return {
        party: 1,
        record: save,
        pledge: Pledge::default(),
    };
    let (end, _) = join(&invitation, "Friend", 2, Some(back), None);
    done_tx.send(()).unwrap();
    let why = end.unwrap_err();
    assert!(why.contains("cannot be believed"), "{why}");
    assert!(why.contains("never took part in"), "{why}");
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
        let mut on_invite = |code: &str, _: &gamester_net::link::Identity| {
            let _ = tx.send(code.to_string());
        };
        let mut on_change = |_: &Table| {};
        let mut note = |n: &str| notes.push(n.to_string());
        let end = play(
            Role::Host(irish(), Pledge::default()),
            Computer::new(Level::Novice, 1),
            Options {
                reach: Reach::Local,
                identity: gamester_net::link::Identity::fresh(),
                on_invite: &mut on_invite,
                on_change: &mut on_change,
                note: &mut note,
                cut_at: None,
                patience: Duration::from_secs(60),
                keeper: None,
                stall: Some(Duration::from_secs(2)),
            },
        );
        (end, notes)
    });
    let invitation = Invitation::parse(&rx.recv_timeout(Duration::from_secs(30)).unwrap()).unwrap();
    let rt = runtime();
    let told = rt.block_on(async {
        let mut m = Mallory::greet(&invitation, None).await;
        let (_, party, _) = m.hear(welcome).await.unwrap();
        m.say(&Msg::Accept).await;
        m.hear(|m| matches!(m, Msg::Start).then_some(()))
            .await
            .unwrap();
        m.hear(|m| matches!(m, Msg::Commit { from: 0, .. }).then_some(()))
            .await
            .unwrap();
        m.say(&Msg::Commit {
            from: party,
            at: 0,
            hash: gamester_net::table::commitment(party, 0, &[9; 32]),
        })
        .await;
        // It sees the host's seed, and says nothing more.
        m.hear(|m| matches!(m, Msg::Reveal { from: 0, .. }).then_some(()))
            .await
            .unwrap();
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

/// Mallory's host: an endpoint that gives its invitation on `tx` and takes the first friend to
/// come; its end of their line.
async fn fake_host(
    secret: [u8; 16],
    tx: &std::sync::mpsc::Sender<Invitation>,
) -> (
    iroh::Endpoint,
    iroh::endpoint::SendStream,
    iroh::endpoint::RecvStream,
) {
    let endpoint = iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
        .relay_mode(iroh::RelayMode::Disabled)
        .alpns(vec![ALPN.to_vec()])
        .bind()
        .await
        .unwrap();
    tx.send(Invitation {
        addr: endpoint.addr(),
        secret,
    })
    .unwrap();
    let conn = endpoint.accept().await.unwrap().await.unwrap();
    let (send, recv) = conn.accept_bi().await.unwrap();
    (endpoint, send, recv)
}

/// A host playing the computer as `identity`, on a thread; its invitation and identity as
/// bound come on the channel.
fn host_as(
    role: Role,
    identity: gamester_net::link::Identity,
    cut_at: Option<usize>,
    tx: std::sync::mpsc::Sender<(String, gamester_net::link::Identity)>,
) -> std::thread::JoinHandle<Outcome> {
    std::thread::spawn(move || {
        let mut notes = Vec::new();
        let mut on_invite = |code: &str, id: &gamester_net::link::Identity| {
            let _ = tx.send((code.to_string(), *id));
        };
        let mut on_change = |_: &Table| {};
        let mut note = |n: &str| notes.push(n.to_string());
        let end = play(
            role,
            Computer::new(Level::Novice, 3),
            Options {
                reach: Reach::Local,
                identity,
                on_invite: &mut on_invite,
                on_change: &mut on_change,
                note: &mut note,
                cut_at,
                patience: Duration::from_secs(60),
                keeper: None,
                stall: None,
            },
        );
        (end, notes)
    })
}

#[test]
fn a_joiner_whose_host_stops_joins_again_by_itself_when_it_is_started_again() {
    // A host whose program stops without a word after 30 actions, mid-game
    let (tx, rx) = std::sync::mpsc::channel();
    let first = host_as(
        Role::Host(irish(), Pledge::default()),
        gamester_net::link::Identity::fresh(),
        Some(30),
        tx.clone(),
    );
    let (code, identity) = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    let invitation = Invitation::parse(&code).unwrap();
    let friend = std::thread::spawn(move || join(&invitation, "Friend", 2, None, None));
    let (end, _) = first.join().unwrap();
    let Ok(End::Cut(table)) = end else {
        panic!("{end:?}")
    };
    // Started again on the same game, with what it kept, under the same invitation
    std::thread::sleep(Duration::from_secs(2));
    let again = host_as(
        Role::Host(table.setup_now(), table.pledge().clone()),
        identity,
        None,
        tx,
    );
    let (code_again, _) = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    assert_eq!(code_again, code, "the same invitation");
    // The friend, with no hand on its keyboard, comes back and the game ends on both sides
    let (end, notes) = friend.join().unwrap();
    let friend = over((end, notes.clone()));
    assert!(
        notes.iter().any(|n| n.contains("joined again")),
        "{notes:?}"
    );
    let host = over(again.join().unwrap());
    assert_eq!(host.board().record(), friend.board().record());
    assert!(host.board().record().starts_with(&table.board().record()));
}

#[test]
fn whole_games_of_modern_backgammon_with_the_cube_and_of_muggins_for_four_finish_over_the_line() {
    use gamester_net::Family;
    use gamester_rules::{tables, tiles};
    let mut rules = tables::Rules::preset(tables::Preset::Modern);
    rules.cube = true;
    let mut modern = Setup::new(Family::Tables(rules), "Host");
    modern.names[1] = "Friend".into();
    let (invitation, host_thread) = host(modern);
    let friend = over(join(&invitation, "Friend", 4, None, None));
    let host_table = over(host_thread.join().unwrap());
    assert!(host_table.board().is_over());
    assert_eq!(host_table.board().record(), friend.board().record());
    let four = Setup::new(
        Family::Tiles(tiles::Rules::preset(tiles::Preset::Muggins).with_players(4)),
        "Host",
    );
    let (invitation, host_thread) = host(four);
    let others: Vec<_> = ["Robin", "Kate"]
        .into_iter()
        .enumerate()
        .map(|(i, name)| {
            let invitation = invitation.clone();
            std::thread::spawn(move || join(&invitation, name, 20 + i as u64, None, None))
        })
        .collect();
    let last = over(join(&invitation, "Tom", 30, None, None));
    let host_table = over(host_thread.join().unwrap());
    assert!(host_table.board().is_over());
    for other in others {
        assert_eq!(
            over(other.join().unwrap()).board().record(),
            host_table.board().record()
        );
    }
    assert_eq!(last.board().record(), host_table.board().record());
}

#[test]
fn a_host_that_starts_again_and_commits_anew_after_seeing_the_dice_is_refused() {
    // Mallory hosts: it starts the throw-off, sees the friend's seed, then says Start again
    // and commits anew, hoping for another throw.
    let rt = runtime();
    let (tx, rx) = std::sync::mpsc::channel();
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let fake = std::thread::spawn(move || {
        rt.block_on(async move {
            let (endpoint, mut send, mut recv) = fake_host([5u8; 16], &tx).await;
            let _hello = wire::read(&mut recv).await.unwrap();
            let welcome = Msg::Welcome {
                setup: irish(),
                party: 1,
                last: None,
                token: [0; 16],
            };
            wire::write(&mut send, &welcome).await.unwrap();
            assert_eq!(wire::read(&mut recv).await.unwrap(), Msg::Accept);
            wire::write(&mut send, &Msg::Start).await.unwrap();
            let commit = |seed: &[u8; 32]| Msg::Commit {
                from: 0,
                at: 0,
                hash: gamester_net::table::commitment(0, 0, seed),
            };
            wire::write(&mut send, &commit(&[1; 32])).await.unwrap();
            // The friend answers with its commit and its seed.
            let mut seen = Vec::new();
            while seen.len() < 2 {
                let m = wire::read(&mut recv).await.unwrap();
                if matches!(m, Msg::Commit { .. } | Msg::Reveal { .. }) {
                    seen.push(m);
                }
            }
            // Start again, and a new commit at the same place.
            wire::write(&mut send, &Msg::Start).await.unwrap();
            wire::write(&mut send, &commit(&[2; 32])).await.unwrap();
            let mut said = Vec::new();
            while let Ok(m) = wire::read(&mut recv).await {
                let bye = matches!(m, Msg::Bye { .. });
                said.push(m);
                if bye {
                    break;
                }
            }
            let _ = done_rx.recv_timeout(Duration::from_secs(30));
            endpoint.close().await;
            (seen, said)
        })
    });
    let invitation = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    let (end, _) = join(&invitation, "Friend", 2, None, None);
    done_tx.send(()).unwrap();
    let why = end.unwrap_err();
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
fn a_friend_who_gives_no_name_keeps_the_name_of_its_seat() {
    let (invitation, host_thread) = host(irish());
    let friend = over(join(&invitation, "  ", 2, None, None));
    let host = over(host_thread.join().unwrap());
    assert_eq!(
        host.setup().names[1],
        "Friend",
        "as the host's setup named the seat"
    );
    assert_eq!(friend.setup().names[1], "Friend");
}

#[test]
fn a_host_that_stalls_after_seeing_the_dice_has_the_game_ended_by_the_friend() {
    // Mallory hosts: it starts the throw-off, takes the friend's commit and seed, and never
    // shows its own.
    let rt = runtime();
    let (tx, rx) = std::sync::mpsc::channel();
    let fake = std::thread::spawn(move || {
        rt.block_on(async move {
            let (endpoint, mut send, mut recv) = fake_host([6u8; 16], &tx).await;
            let _hello = wire::read(&mut recv).await.unwrap();
            let welcome = Msg::Welcome {
                setup: irish(),
                party: 1,
                last: None,
                token: [0; 16],
            };
            wire::write(&mut send, &welcome).await.unwrap();
            assert_eq!(wire::read(&mut recv).await.unwrap(), Msg::Accept);
            wire::write(&mut send, &Msg::Start).await.unwrap();
            let hash = gamester_net::table::commitment(0, 0, &[1; 32]);
            let commit = Msg::Commit {
                from: 0,
                at: 0,
                hash,
            };
            wire::write(&mut send, &commit).await.unwrap();
            let mut heard = Vec::new();
            while let Ok(m) = wire::read(&mut recv).await {
                let bye = matches!(m, Msg::Bye { .. });
                heard.push(m);
                if bye {
                    break;
                }
            }
            endpoint.close().await;
            heard
        })
    });
    let invitation = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    let mut notes = Vec::new();
    let mut on_invite = |_: &str, _: &gamester_net::link::Identity| {};
    let mut on_change = |_: &Table| {};
    let mut note = |n: &str| notes.push(n.to_string());
    let end = play(
        Role::Join {
            invitation,
            name: "Friend".into(),
            back: None,
        },
        Computer::new(Level::Novice, 2),
        Options {
            reach: Reach::Local,
            identity: gamester_net::link::Identity::fresh(),
            on_invite: &mut on_invite,
            on_change: &mut on_change,
            note: &mut note,
            cut_at: None,
            patience: Duration::from_secs(60),
            keeper: None,
            stall: Some(Duration::from_secs(2)),
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

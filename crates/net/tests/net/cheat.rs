//! A cheating program of Mallory's on real endpoints on this machine, on either side of the
//! line: it forges a comeback, says Accept or Start again, commits anew after seeing the dice,
//! comes back on new lines, stretches a friend's record, or stalls. Each attack fails, and the
//! honest side's game stays as it was (or is ended as abandoned by Mallory).

use std::time::Duration;

use gamester_core::level::Level;
use gamester_net::invite::Invitation;
use gamester_net::link::{ALPN, Reach};
use gamester_net::party::Return;
use gamester_net::seat::{Computer, End, Options, Role, play};
use gamester_net::table::Pledge;
use gamester_net::wire::{self, Msg, VERSION};
use gamester_net::{Setup, Table};

use crate::irish;
use crate::line::{host, join, over};

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
    let why = end.unwrap_err().to_string();
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
                under_way: false,
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
    // takes the welcome that follows, and sits down.
    let rt = runtime();
    let (tx, rx) = std::sync::mpsc::channel();
    let fake = std::thread::spawn(move || {
        rt.block_on(async move {
            let (endpoint, mut send, mut recv) = fake_host([6u8; 16], &tx).await;
            let _hello = wire::read(&mut recv).await.unwrap();
            let step = gamester_rules::tables::Step::new(24, 6).unwrap();
            let early = Msg::Act {
                from: 0,
                at: 0,
                action: gamester_net::NetAction::Tables(gamester_rules::tables::Action::Step(step)),
            };
            wire::write(&mut send, &early).await.unwrap();
            let welcome = Msg::Welcome {
                setup: irish(),
                party: 1,
                last: None,
                token: [0; 16],
            };
            wire::write(&mut send, &welcome).await.unwrap();
            let mut said = Vec::new();
            while let Ok(m) = wire::read(&mut recv).await {
                let done = matches!(m, Msg::Accept | Msg::Bye { .. });
                said.push(m);
                if done {
                    break;
                }
            }
            let bye = Msg::Bye {
                reason: "that is all".into(),
            };
            wire::write(&mut send, &bye).await.unwrap();
            // The friend closes the line on the goodbye.
            while wire::read(&mut recv).await.is_ok() {}
            endpoint.close().await;
            said
        })
    });
    let invitation = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    let (end, _) = join(&invitation, "Friend", 3, None, None);
    assert!(end.is_err_and(|why| why.to_string().contains("that is all")));
    let said = fake.join().unwrap();
    assert_eq!(said.last(), Some(&Msg::Accept), "{said:?}");
}

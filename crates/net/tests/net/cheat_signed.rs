//! More of Mallory's attacks on real endpoints, on the record both sides sign (protocol 3):
//! a comeback with a move of its own where a throw it had seen stood, a stranger at a held
//! seat, a host that changes the seating a friend comes back to, a made-up game already over,
//! and a friend who goes before sitting down; and, as before, a host that stalls after seeing
//! the dice and a move that comes before the welcome. Mallory's tools are `cheat.rs`'s.

use std::time::{Duration, Instant};

use rand::SeedableRng as _;
use rand::rngs::StdRng;

use gamester_core::level::Level;
use gamester_net::invite::Invitation;
use gamester_net::link::{Identity, Reach};
use gamester_net::party::{Party, Return, State};
use gamester_net::record::{Forged, Proof, act_statement};
use gamester_net::seat::{Computer, End, Options, Role, SeatError, play};
use gamester_net::sign::{Hash, Key};
use gamester_net::table::{Pledge, TableError};
use gamester_net::wire::{Comeback, Msg};
use gamester_net::{NetAction, Setup, Table};
use gamester_rules::tables::{Action, Throw};

use crate::cheat_pastimes::{self as driven, offer};
use crate::line::{host, join, join_as, over};
use crate::table::computer;
use crate::{irish, key};

use crate::cheat::*;

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

//! Leaving a game loses it: a side whose line drops and does not come back, on either side of
//! the line, has the game ended as abandoned by it once the patience is over, by the computer
//! left waiting, with the last entry both had signed.

use std::time::Duration;

use gamester_core::level::Level;
use gamester_net::invite::Invitation;
use gamester_net::link::{Identity, Reach};
use gamester_net::seat::{Computer, End, Options, Role, SeatError, play};
use gamester_net::sign::Key;
use gamester_net::table::Pledge;
use gamester_net::{Setup, Table};

use crate::irish;

/// A party's play: its end. `cut_at`: it stops without a word once the record is that long;
/// `stall`: its patience with a party that keeps it waiting.
fn run(
    role: Role,
    cut_at: Option<usize>,
    stall: Duration,
    invite: Option<std::sync::mpsc::Sender<String>>,
) -> Result<End, SeatError> {
    let mut on_invite = |code: &str, _: &Identity| {
        if let Some(tx) = &invite {
            let _ = tx.send(code.to_string());
        }
    };
    let mut on_change = |_: &Table| {};
    let mut note = |n: &str| eprintln!("{n}");
    play(
        role,
        Computer::new(Level::Novice, 5),
        Options {
            reach: Reach::Local,
            identity: Identity::fresh(),
            on_invite: &mut on_invite,
            on_change: &mut on_change,
            note: &mut note,
            cut_at,
            patience: Duration::from_secs(60),
            keeper: None,
            stall: Some(stall),
            under_way: false,
        },
    )
}

fn hosting(
    setup: Setup,
    cut_at: Option<usize>,
    stall: Duration,
) -> (Invitation, std::thread::JoinHandle<Result<End, SeatError>>) {
    let (tx, rx) = std::sync::mpsc::channel();
    let thread = std::thread::spawn(move || {
        run(
            Role::Host(setup, Pledge::default()),
            cut_at,
            stall,
            Some(tx),
        )
    });
    let code = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    (Invitation::parse(&code).unwrap(), thread)
}

fn joining(
    invitation: &Invitation,
    cut_at: Option<usize>,
    stall: Duration,
) -> Result<End, SeatError> {
    let role = Role::Join {
        invitation: invitation.clone(),
        name: "Friend".into(),
        key: Key::generate(),
        back: None,
    };
    run(role, cut_at, stall, None)
}

#[test]
fn a_friend_who_drops_and_does_not_come_back_loses_the_game_by_the_hosts_hand() {
    // Given a friend whose program stops without a word 20 moves in
    let (invitation, host) = hosting(irish(), None, Duration::from_secs(2));
    let Ok(End::Cut(friend)) = joining(&invitation, Some(20), Duration::from_secs(2)) else {
        panic!("the friend's line was to drop")
    };
    // Then the host, left waiting, ends the game as abandoned by it once the patience is over:
    // not a plain unfinished game, nor a wait of ten minutes
    let Ok(End::Abandoned(table, abandoned)) = host.join().unwrap() else {
        panic!("the host did not end the game as abandoned")
    };
    assert_eq!(abandoned.party, 1);
    assert!(
        abandoned.reason.contains("abandoned by Friend"),
        "{}",
        abandoned.reason
    );
    assert!(!table.board().is_over());
    // And it records the last entry both had signed: the friend's own record reaches it
    assert_eq!(abandoned.moves, table.board().len());
    assert_eq!(abandoned.head, table.head());
    assert!(friend.board().len() >= abandoned.moves.min(20));
}

#[test]
fn a_host_that_drops_and_does_not_come_back_loses_the_game_by_the_friends_hand() {
    // Given a host whose program stops without a word 20 moves in
    let (invitation, host) = hosting(irish(), Some(20), Duration::from_secs(2));
    let friend = std::thread::spawn(move || joining(&invitation, None, Duration::from_secs(2)));
    let Ok(End::Cut(_)) = host.join().unwrap() else {
        panic!("the host's line was to drop")
    };
    // Then the friend tries to join again for its patience, and then ends the game as
    // abandoned by the host
    match friend.join().unwrap() {
        Ok(End::Abandoned(table, abandoned)) => {
            assert_eq!(abandoned.party, 0);
            assert_eq!(abandoned.head, table.head());
            assert!(
                abandoned.reason.contains("abandoned by Host"),
                "{}",
                abandoned.reason
            );
        }
        other => panic!("{other:?}"),
    }
}

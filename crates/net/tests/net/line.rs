//! Whole games over a real line on this machine (iroh, direct addresses only, no relay): the
//! computer at every party, the host on a thread of its own.

use std::time::Duration;

use gamester_core::level::Level;
use gamester_net::invite::Invitation;
use gamester_net::link::{ALPN, Reach};
use gamester_net::party::Return;
use gamester_net::record::act_statement;
use gamester_net::seat::{Computer, End, Options, Role, SeatError, play};
use gamester_net::sign::Key;
use gamester_net::table::Pledge;
use gamester_net::wire::{self, Msg, VERSION};
use gamester_net::{NetAction, Setup, Table};
use gamester_rules::tables::{Action, Throw};

use crate::{irish, muggins_for_three};

/// What a party's play left: its end, and the notes it made.
pub(crate) type Outcome = (Result<End, SeatError>, Vec<String>);

fn party(
    role: Role,
    seed: u64,
    cut_at: Option<usize>,
    invite: Option<std::sync::mpsc::Sender<String>>,
) -> Outcome {
    party_as(role, seed, cut_at, invite, false)
}

/// A party playing the computer; `under_way`: whether a joiner sits down to a game under way.
fn party_as(
    role: Role,
    seed: u64,
    cut_at: Option<usize>,
    invite: Option<std::sync::mpsc::Sender<String>>,
    under_way: bool,
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
            under_way,
        },
    );
    (end, notes)
}

/// Starts a host on its own thread; returns its invitation and the thread.
pub(crate) fn host(setup: Setup) -> (Invitation, std::thread::JoinHandle<Outcome>) {
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

/// A friend joining as the computer, with a fresh key (or, coming back, the key it holds).
pub(crate) fn join(
    invitation: &Invitation,
    name: &str,
    seed: u64,
    back: Option<Return>,
    cut_at: Option<usize>,
) -> Outcome {
    let key = back.as_ref().map_or_else(Key::generate, |b| b.key.clone());
    join_as(invitation, name, &key, seed, back, cut_at, false)
}

/// A friend joining as the computer, holding `key`; `under_way`: whether it sits down to a
/// game under way.
pub(crate) fn join_as(
    invitation: &Invitation,
    name: &str,
    key: &Key,
    seed: u64,
    back: Option<Return>,
    cut_at: Option<usize>,
    under_way: bool,
) -> Outcome {
    party_as(
        Role::Join {
            invitation: invitation.clone(),
            name: name.into(),
            key: key.clone(),
            back,
        },
        seed,
        cut_at,
        None,
        under_way,
    )
}

pub(crate) fn over(outcome: Outcome) -> Table {
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
    let why = end.unwrap_err().to_string();
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

/// A program that says the right secret and then misbehaves: on a line opened with `key`, it
/// reads the host's welcome, accepts (signing the game offered, the first time), waits for the
/// start, and sends `then` (bytes as they go on the stream), given its party, the seating and
/// its key. Returns the host's last words to it.
fn hostile(
    invitation: &Invitation,
    key: &Key,
    then: impl FnOnce(usize, &Setup, &Key) -> Vec<u8> + Send + 'static,
) -> String {
    let invitation = invitation.clone();
    let key = key.clone();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async move {
        let endpoint = iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
            .relay_mode(iroh::RelayMode::Disabled)
            .secret_key(key.secret())
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
        // The first time, it signs the game offered; back at a game it signed, it need not.
        let sig = (!setup.seated()).then(|| key.sign(&setup.offer(party)));
        wire::write(&mut send, &Msg::Accept { sig }).await.unwrap();
        let seating = loop {
            match wire::read(&mut recv).await.unwrap() {
                Msg::Start { setup } => break *setup,
                Msg::Bye { reason } => panic!("no start: {reason}"),
                _ => {}
            }
        };
        assert!(seating.seated(), "everyone signed the seating");
        let bytes = then(party, &seating, &key);
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

/// Party `party`'s play of `action` at the record's start, signed with `key` after the
/// seating, as its program would send it.
fn first_act(party: usize, seating: &Setup, key: &Key, action: Action) -> Vec<u8> {
    let action = NetAction::Tables(action);
    let sig = key.sign(&act_statement(&seating.root(), party, &action));
    wire::frame(&Msg::Act {
        from: party,
        at: 0,
        action,
        sig,
    })
}

#[test]
fn a_peer_that_forges_dice_sends_junk_or_100_mb_is_sent_away_and_the_game_goes_on() {
    let (invitation, host) = host(irish());
    // Mallory holds one key, and so its seat: each time it comes back, it is let in to it.
    let mallory = Key::generate();
    // Dice of its own making, sent as a play (signed, as its program signs its plays).
    let reason = hostile(&invitation, &mallory, |party, seating, key| {
        first_act(
            party,
            seating,
            key,
            Action::Throw(Throw::new(&[6, 6]).unwrap()),
        )
    });
    assert!(reason.contains("dice"), "{reason}");
    // Junk.
    let reason = hostile(&invitation, &mallory, |_, _, _| {
        let mut bytes = 9u32.to_be_bytes().to_vec();
        bytes.extend_from_slice(b"\x00\x01junk!!!");
        bytes
    });
    assert!(reason.contains("not a Gamester message"), "{reason}");
    // A message of 100 MB: refused from its length.
    let reason = hostile(&invitation, &mallory, |_, _, _| {
        let mut bytes = (100u32 * 1024 * 1024).to_be_bytes().to_vec();
        bytes.extend(std::iter::repeat_n(b'(', 64 * 1024));
        bytes
    });
    assert_eq!(
        reason,
        gamester_net::wire::WireError::TooLong(100 * 1024 * 1024).to_string()
    );
    // An illegal play.
    let reason = hostile(&invitation, &mallory, |party, seating, key| {
        first_act(party, seating, key, Action::Take)
    });
    // (The host has begun the throw-off, so any play now is refused as out of place.)
    assert!(
        ["out of turn", "illegal", "while the dice"]
            .iter()
            .any(|w| reason.contains(w)),
        "{reason}"
    );
    // The host's game is untouched, and Mallory, mending its ways, plays it to the end with
    // the same key.
    let friend = over(join_as(
        &invitation,
        "Friend",
        &mallory,
        2,
        None,
        None,
        false,
    ));
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
    let friend = over(join(&invitation, "Friend", 5, Some(Return::of(&cut)), None));
    let (end, notes) = host.join().unwrap();
    let host = over((end, notes.clone()));
    assert_eq!(host.board().record(), friend.board().record());
    assert!(host.board().record().starts_with(&record));
    assert!(notes.iter().any(|n| n.contains("dropped")), "{notes:?}");
}

#[test]
fn joining_nobody_gives_up_when_its_patience_is_spent_and_says_why() {
    // An invitation to a host that is not there (a fresh key, a closed port).
    let key = iroh::SecretKey::from_bytes(&[5; 32]);
    let addr = iroh::EndpointAddr::new(key.public()).with_ip_addr("127.0.0.1:9".parse().unwrap());
    let invitation = Invitation {
        addr,
        secret: [1; 16],
    };
    // A person's join waits half a minute for a host so far away; a join again after a line
    // dropped, what is left of its wait: here, three seconds
    assert_eq!(gamester_net::link::JOIN_TIMEOUT, Duration::from_secs(30));
    let patience = Duration::from_secs(3);
    let started = std::time::Instant::now();
    let end = gamester_net::party::Party::join_within(
        &invitation,
        "Friend".into(),
        Key::generate(),
        None,
        Reach::Local,
        patience,
    );
    let why = end.err().unwrap().to_string();
    // It gives up once its patience is spent, not at the half minute
    let waited = started.elapsed();
    assert!(
        waited >= patience && waited < gamester_net::link::JOIN_TIMEOUT,
        "{waited:?}"
    );
    // One sentence in Gamester's words, whichever patience ran out first
    assert!(
        why.contains(&gamester_net::link::LinkError::Timeout.to_string()),
        "{why}"
    );
    assert!(!why.contains("timed out"), "{why}");
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
                under_way: false,
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
    use gamester_net::GameRules;
    use gamester_rules::{tables, tiles};
    let mut rules = tables::Rules::preset(tables::Preset::Modern);
    rules.cube = true;
    let mut modern = Setup::new(GameRules::Tables(rules), "Host");
    modern.names[1] = "Friend".into();
    let (invitation, host_thread) = host(modern);
    let friend = over(join(&invitation, "Friend", 4, None, None));
    let host_table = over(host_thread.join().unwrap());
    assert!(host_table.board().is_over());
    assert_eq!(host_table.board().record(), friend.board().record());
    let four = Setup::new(
        GameRules::Tiles(tiles::Rules::preset(tiles::Preset::Muggins).with_players(4)),
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
fn a_game_under_way_is_refused_unless_asked_for_and_then_played_out() {
    // Given a host offering a game of Irish twelve moves into it, played without the friend
    let mut setup = irish();
    setup.record = crate::fair::forged(&[], 12);
    assert!(!setup.board().unwrap().is_over());
    let (invitation, host) = host(setup.clone());
    // When a friend who did not ask to sit down to a game under way joins it
    let friend = Key::generate();
    let (end, notes) = join_as(&invitation, "Friend", &friend, 2, None, None, false);
    // Then it does not sit down, and says how it may
    let why = match end {
        Err(SeatError::Broken(why)) => why,
        other => panic!("{other:?}; {notes:?}"),
    };
    assert!(why.contains("12 moves into it"), "{why}");
    assert!(why.contains("--under-way"), "{why}");
    // And when it joins again asking to (the same friend, with its key), it plays it out
    let friend = over(join_as(&invitation, "Friend", &friend, 2, None, None, true));
    let host = over(host.join().unwrap());
    assert_eq!(host.board().record(), friend.board().record());
    assert!(host.board().record().starts_with(&setup.record));
    assert_eq!(friend.setup().start, 12, "signed from where it sat down");
}

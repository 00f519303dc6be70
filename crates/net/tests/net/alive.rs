//! A line whose other end vanishes without a word (a crash, a closed lid, a pulled cable) is
//! noticed within a few seconds: both ends keep the line alive and give up on a silent one
//! soon. The vanishing end is a bare iroh endpoint in the test that stops all at once, sending
//! nothing more, not even a close.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use gamester_net::invite::Invitation;
use gamester_net::link::{ALPN, Event, Identity, Link, Reach};
use gamester_net::sign::{Key, Public};
use gamester_net::wire::{self, Msg, VERSION};

/// Well past the few seconds a silent line may last, well short of the thirty it once did.
const NOTICED_WITHIN: Duration = Duration::from_secs(10);

/// An endpoint on this machine alone, as the game's own are in the tests, bound with `key`.
async fn bare_endpoint(alpns: Vec<Vec<u8>>, key: &Key) -> iroh::Endpoint {
    iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
        .relay_mode(iroh::RelayMode::Disabled)
        .secret_key(key.secret())
        .alpns(alpns)
        .bind()
        .await
        .unwrap()
}

/// Runs `open` on a runtime of its own, on a thread; once `vanish` says so, the runtime stops
/// dead with what `open` returned still held: no goodbye, no close, no packet more.
fn peer_that_vanishes<T: Send + 'static>(
    open: impl std::future::Future<Output = T> + Send + 'static,
    vanish: mpsc::Receiver<()>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let held = rt.block_on(open);
        let _ = vanish.recv();
        // Nothing is dropped that could close the line politely.
        std::mem::forget(held);
        rt.shutdown_background();
    })
}

fn hello(secret: [u8; 16]) -> Msg {
    Msg::Hello {
        version: VERSION,
        secret,
        name: "Robin".into(),
        back: None,
    }
}

/// The next event `link` brings within `wait` that `pick` takes, if any.
fn next<T>(link: &Link, wait: Duration, pick: impl Fn(Event) -> Option<T>) -> Option<T> {
    let began = Instant::now();
    while let Some(left) = wait.checked_sub(began.elapsed()) {
        if let Some(found) = link.event(left).and_then(&pick) {
            return Some(found);
        }
    }
    None
}

#[test]
fn a_joiner_that_vanishes_is_reported_lost_to_the_host_within_seconds() {
    // Given a host and a joiner let in
    let host = Link::host(Reach::Local, 1, Identity::fresh(), vec![None, None]).unwrap();
    let invitation: Invitation = host.invitation().unwrap().clone();
    let (vanish, told) = mpsc::channel();
    let joiner = peer_that_vanishes(
        async move {
            let endpoint = bare_endpoint(Vec::new(), &Key::generate()).await;
            let conn = endpoint
                .connect(invitation.addr.clone(), ALPN)
                .await
                .unwrap();
            let (mut send, recv) = conn.open_bi().await.unwrap();
            wire::write(&mut send, &hello(invitation.secret))
                .await
                .unwrap();
            (endpoint, conn, send, recv)
        },
        told,
    );
    let knock = next(&host, Duration::from_secs(30), |e| match e {
        Event::Knock { party, .. } => Some(party),
        _ => None,
    });
    assert_eq!(knock, Some(1), "the joiner was let in");
    // When the joiner's program stops dead
    vanish.send(()).unwrap();
    joiner.join().unwrap();
    // Then the host hears that its line is lost, within seconds
    let lost = next(&host, NOTICED_WITHIN, |e| match e {
        Event::Lost { party, reason, .. } => Some((party, reason)),
        _ => None,
    });
    let (party, reason) = lost.expect("the host noticed the joiner gone");
    assert_eq!(party, 1);
    // In words, not the network library's
    assert!(!reason.contains("timed out"), "{reason}");
}

#[test]
fn a_host_that_vanishes_is_reported_lost_to_the_joiner_within_seconds() {
    // Given a host (a bare endpoint that lets in whoever comes) and a joiner's line to it
    let (addr_tx, addr_rx) = mpsc::channel();
    let (vanish, told) = mpsc::channel();
    let (greeted_tx, greeted_rx) = mpsc::channel();
    let host = peer_that_vanishes(
        async move {
            let endpoint = bare_endpoint(vec![ALPN.to_vec()], &Key::generate()).await;
            addr_tx.send(endpoint.addr()).unwrap();
            let conn = endpoint.accept().await.unwrap().await.unwrap();
            let (send, mut recv) = conn.accept_bi().await.unwrap();
            let said = wire::read(&mut recv).await.unwrap();
            greeted_tx.send(said).unwrap();
            (endpoint, conn, send, recv)
        },
        told,
    );
    let invitation = Invitation {
        addr: addr_rx.recv_timeout(Duration::from_secs(30)).unwrap(),
        secret: [4; 16],
    };
    let joiner = Link::join(
        Reach::Local,
        &invitation,
        hello(invitation.secret),
        &Key::generate(),
    )
    .unwrap();
    let said = greeted_rx.recv_timeout(Duration::from_secs(30)).unwrap();
    assert_eq!(said, hello(invitation.secret), "the host was greeted");
    // When the host's program stops dead
    vanish.send(()).unwrap();
    host.join().unwrap();
    // Then the joiner hears that its line is lost, within seconds
    let lost = next(&joiner, NOTICED_WITHIN, |e| match e {
        Event::Lost { party, reason, .. } => Some((party, reason)),
        _ => None,
    });
    let (party, reason) = lost.expect("the joiner noticed the host gone");
    assert_eq!(party, 0);
    assert!(!reason.contains("timed out"), "{reason}");
}

/// A joiner of `key` let in by `host`, whose program then stops dead: its old line still
/// seems open to the host. Returns the party it was given, and the key its line was opened
/// with as the host saw it.
fn let_in_and_vanish(host: &Link, invitation: &Invitation, key: &Key) -> (usize, Public) {
    let (vanish, told) = mpsc::channel();
    let first = invitation.clone();
    let key_held = key.clone();
    let joiner = peer_that_vanishes(
        async move {
            let endpoint = bare_endpoint(Vec::new(), &key_held).await;
            let conn = endpoint.connect(first.addr.clone(), ALPN).await.unwrap();
            let (mut send, recv) = conn.open_bi().await.unwrap();
            wire::write(&mut send, &hello(first.secret)).await.unwrap();
            (endpoint, conn, send, recv)
        },
        told,
    );
    let knock = next(host, Duration::from_secs(30), |e| match e {
        Event::Knock { party, key, .. } => Some((party, key)),
        _ => None,
    });
    let (party, seen) = knock.expect("the joiner was let in");
    // The seat is held with that key from now on, as the host's program says once it welcomes
    // the friend.
    host.seat(party, seen);
    vanish.send(()).unwrap();
    joiner.join().unwrap();
    (party, seen)
}

/// A greeting that says it comes back as player 2 (the door goes by the line's key alone).
fn back_as_player_2(secret: [u8; 16]) -> Msg {
    Msg::Hello {
        version: VERSION,
        secret,
        name: "Robin".into(),
        back: Some(gamester_net::wire::Comeback {
            party: 1,
            root: gamester_net::sign::Hash([0; 32]),
            record: Vec::new(),
            proofs: Vec::new(),
        }),
    }
}

/// What the host's door did with the next newcomer, within three seconds: the party it let in
/// at, or why it turned it away.
fn door(host: &Link) -> Option<Result<usize, String>> {
    next(host, Duration::from_secs(3), |e| match e {
        Event::Refused(why) => Some(Err(why)),
        Event::Knock { party, .. } => Some(Ok(party)),
        _ => None,
    })
}

#[test]
fn a_joiner_back_on_a_new_line_retakes_its_seat_at_once_with_its_key_and_only_with_it() {
    // Given a host for one friend, and Robin let in, whose program then stops dead (its old
    // line still seems open to the host)
    let host = Link::host(Reach::Local, 1, Identity::fresh(), vec![None, None]).unwrap();
    let invitation: Invitation = host.invitation().unwrap().clone();
    let robin = Key::from_bytes(&[21; 32]);
    let (party, seen) = let_in_and_vanish(&host, &invitation, &robin);
    assert_eq!(party, 1);
    assert_eq!(
        seen,
        robin.public(),
        "the line's key is the one it was opened with"
    );
    // When somebody with another key comes back as player 2, it is turned away: the seat is
    // held with Robin's key
    let stranger = Key::from_bytes(&[22; 32]);
    let _stranger = Link::join(
        Reach::Local,
        &invitation,
        back_as_player_2(invitation.secret),
        &stranger,
    )
    .unwrap();
    assert_eq!(
        door(&host),
        Some(Err("every seat at the table is taken".into()))
    );
    // And Robin itself, on a line opened with its key, is let in at once, to the same seat,
    // before the old line is given up
    let _again = Link::join(
        Reach::Local,
        &invitation,
        back_as_player_2(invitation.secret),
        &robin,
    )
    .unwrap();
    let knock = next(&host, Duration::from_secs(3), |e| match e {
        Event::Knock { party, key, .. } => Some((party, key)),
        Event::Lost { .. } => Some((99, Public([0; 32]))),
        _ => None,
    });
    assert_eq!(
        knock,
        Some((1, robin.public())),
        "let in again at once, as player 2"
    );
    // The old line is closed without the host hearing that player 2 is lost
    let lost = next(&host, NOTICED_WITHIN, |e| match e {
        Event::Lost { party, reason, .. } => Some((party, reason)),
        _ => None,
    });
    assert_eq!(lost, None, "the old line was replaced, not lost");
}

#[test]
fn a_stranger_takes_only_a_seat_nobody_holds_whatever_seat_it_says_it_comes_back_to() {
    // Given a host for two friends, and Robin let in at the first seat, whose program then
    // stops dead
    let host = Link::host(Reach::Local, 2, Identity::fresh(), vec![None, None, None]).unwrap();
    let invitation: Invitation = host.invitation().unwrap().clone();
    let robin = Key::from_bytes(&[31; 32]);
    assert_eq!(let_in_and_vanish(&host, &invitation, &robin).0, 1);
    // When Kate comes, saying she comes back as player 2, she is let in at the seat nobody
    // holds: player 3
    let kate = Key::from_bytes(&[32; 32]);
    let _kate = Link::join(
        Reach::Local,
        &invitation,
        back_as_player_2(invitation.secret),
        &kate,
    )
    .unwrap();
    assert_eq!(door(&host), Some(Ok(2)));
    host.seat(2, kate.public());
    // And a third, with a key of its own, finds every seat taken
    let _third = Link::join(
        Reach::Local,
        &invitation,
        hello(invitation.secret),
        &Key::from_bytes(&[33; 32]),
    )
    .unwrap();
    assert_eq!(
        door(&host),
        Some(Err("every seat at the table is taken".into()))
    );
    // While Robin, with his key, has his own seat back at once
    let _robin = Link::join(Reach::Local, &invitation, hello(invitation.secret), &robin).unwrap();
    assert_eq!(door(&host), Some(Ok(1)));
}

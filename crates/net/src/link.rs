//! The line between the parties, on iroh (docs/network-choice.md): QUIC, encrypted end to end,
//! with hole punching and public relays when no direct path exists. The host listens and lets
//! in only a joiner that says the invitation's secret; each joiner holds one line, to the host,
//! and the host passes messages on. The line runs on a thread of its own with a small tokio
//! runtime; the program talks to it through [`Link`] and never waits on it unless it asks to.
//!
//! Nothing a peer sends can make this side panic or hold much memory: a message is read only
//! when its length is at most [`MAX_MESSAGE`](crate::wire::MAX_MESSAGE), and a line that sends
//! junk, or says the wrong secret, is closed with the reason.
//!
//! Here the program's end ([`Link`]) and what crosses it; beside it, by subject: `endpoint`
//! (the QUIC settings, the endpoint and its thread), `join` (the joiner's way to the host),
//! `host` (the host's door), `line` (one open line, and the program's commands).

use std::collections::HashMap;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use iroh::endpoint::{RecvStream, SendStream};
use tokio::sync::mpsc as tmpsc;

use crate::invite::Invitation;
use crate::sign::{Key, Public};
use crate::wire::Msg;

mod endpoint;
mod host;
mod join;
mod line;

use endpoint::{bind, spawn_runtime};
use host::host_loop;
use join::open_line;
use line::{command_loop, serve_line};

/// The protocol's name in the QUIC handshake.
pub const ALPN: &[u8] = b"gamester/1";

/// How long a join may take before it gives up and says why.
pub const JOIN_TIMEOUT: Duration = Duration::from_secs(30);

/// Who a host is across restarts: its key (its name on the network), the invitation's secret,
/// and the port it listens on (IPv4). Kept by a host that may start again, so that the
/// invitation it gave stays good.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Identity {
    pub key: [u8; 32],
    pub secret: [u8; 16],
    pub port: u16,
}

impl Identity {
    /// A new identity: a fresh key and secret, any free port.
    #[must_use]
    pub fn fresh() -> Identity {
        Identity {
            key: rand::random(),
            secret: rand::random(),
            port: 0,
        }
    }
}

/// How far the line reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Across the internet: direct where possible, through iroh's public relays where not, and
    /// the host's address looked up by its key.
    Internet,
    /// This machine and its network only: direct addresses, no relay, no lookup (tests, and a
    /// LAN with no internet).
    Local,
}

/// What the line brings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// (Host) a friend came with the right invitation and has been given `party`; `key` is
    /// the key its line was opened with (the handshake proved it holds it).
    Knock {
        party: usize,
        name: String,
        key: Public,
        back: Option<crate::wire::Comeback>,
    },
    /// A message from `party` (the host is party 0).
    Message { party: usize, msg: Msg },
    /// (Host) somebody was turned away, and why.
    Refused(String),
    /// The line to `party` is gone, and why.
    Lost {
        party: usize,
        reason: String,
        /// Whether it said goodbye (it left, or sent this side away; `reason` is then its
        /// words), rather than dropping.
        farewell: bool,
    },
    /// The line to `party` goes directly, or through a relay.
    Path { party: usize, direct: bool },
}

/// Why the line could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    #[error("the network could not be opened: {0}")]
    Bind(String),
    /// The join's patience ([`JOIN_TIMEOUT`]) ran out; the person is told what to check, not
    /// how long was waited.
    #[error(
        "could not reach the host: is the invitation current, and is the host's Gamester still \
         open?"
    )]
    Timeout,
    #[error("could not reach the host: {0}")]
    Connect(String),
    #[error("the host turned us away: {0}")]
    Refused(String),
    #[error("the line's thread could not start: {0}")]
    Thread(String),
}

enum Command {
    /// The message boxed: a setup makes it far larger than the other commands.
    Send {
        party: usize,
        msg: Box<Msg>,
    },
    Close {
        party: usize,
        reason: String,
    },
    Shutdown,
}

/// A newcomer let in: its party, its streams, and its outgoing messages.
type Greeted = (
    usize,
    SendStream,
    RecvStream,
    tmpsc::UnboundedReceiver<Msg>,
    tmpsc::UnboundedSender<Msg>,
);

/// The key each seat is held with, as the host's program knows them (none: a seat not yet
/// taken): the door seats a newcomer whose line's key is a seat's at that seat, and a
/// stranger only at a seat nobody holds.
type Seats = Arc<Mutex<Vec<Option<Public>>>>;

type Lines = Arc<Mutex<HashMap<usize, tmpsc::UnboundedSender<Msg>>>>;

/// The program's end of the line.
pub struct Link {
    commands: tmpsc::UnboundedSender<Command>,
    events: mpsc::Receiver<Event>,
    invitation: Option<Invitation>,
    identity: Option<Identity>,
    thread: Option<std::thread::JoinHandle<()>>,
    waker: Waker,
    /// (Host) the key each seat is held with.
    seats: Seats,
}

/// What is called whenever the line brings an event (the window asks to be drawn again), so a
/// program need not look at the line until something has come.
type Waker = Arc<Mutex<Option<Box<dyn Fn() + Send>>>>;

/// Where the line's events go: to the program, which is woken.
#[derive(Clone)]
struct Events {
    tx: mpsc::Sender<Event>,
    waker: Waker,
}

impl Events {
    fn send(&self, event: Event) -> Result<(), ()> {
        self.tx.send(event).map_err(|_| ())?;
        if let Ok(w) = self.waker.lock()
            && let Some(wake) = w.as_ref()
        {
            wake();
        }
        Ok(())
    }
}

impl Link {
    /// Opens the host's end for `joiners` friends as `identity` (its port taken again if it is
    /// free, else any): binds, and returns once the invitation can be given (with the home
    /// relay in it when one answers within a few seconds).
    pub fn host(
        reach: Reach,
        joiners: usize,
        identity: Identity,
        seats: Vec<Option<Public>>,
    ) -> Result<Link, LinkError> {
        let (ends, cmd_rx, ev_tx) = channels();
        let seats: Seats = Arc::new(Mutex::new(seats));
        let door_seats = seats.clone();
        let (ready_tx, ready_rx) = mpsc::channel();
        let thread = spawn_runtime(move |rt| {
            rt.block_on(async move {
                let key = Some(iroh::SecretKey::from_bytes(&identity.key));
                let mut bound = bind(reach, key.clone(), identity.port).await;
                if bound.is_err() && identity.port != 0 {
                    // The port is taken (another program): any port, the same key.
                    bound = bind(reach, key, 0).await;
                }
                let endpoint = match bound {
                    Ok(e) => e,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                if reach == Reach::Internet {
                    let _ = tokio::time::timeout(Duration::from_secs(5), endpoint.online()).await;
                }
                let secret = identity.secret;
                let port = endpoint
                    .bound_sockets()
                    .iter()
                    .find(|a| a.is_ipv4())
                    .map_or(0, std::net::SocketAddr::port);
                let invitation = Invitation {
                    addr: endpoint.addr(),
                    secret,
                };
                let _ = ready_tx.send(Ok((invitation, Identity { port, ..identity })));
                host_loop(endpoint, secret, joiners, door_seats, cmd_rx, ev_tx).await;
            });
        })?;
        let (invitation, identity) = ready_rx
            .recv()
            .map_err(|e| LinkError::Thread(e.to_string()))??;
        let mut link = ends.link(Some(invitation), thread);
        link.identity = Some(identity);
        link.seats = seats;
        Ok(link)
    }

    /// Joins the host an invitation names as `key` (the joiner's own, which the handshake
    /// proves), saying `hello` (which must be a [`Msg::Hello`]); returns once the line is open,
    /// or says why not within [`JOIN_TIMEOUT`].
    pub fn join(
        reach: Reach,
        invitation: &Invitation,
        hello: Msg,
        key: &Key,
    ) -> Result<Link, LinkError> {
        Link::join_within(reach, invitation, hello, key, JOIN_TIMEOUT)
    }

    /// The same, giving up after `patience`.
    pub fn join_within(
        reach: Reach,
        invitation: &Invitation,
        hello: Msg,
        key: &Key,
        patience: Duration,
    ) -> Result<Link, LinkError> {
        let secret = key.secret();
        let (ends, cmd_rx, ev_tx) = channels();
        let (ready_tx, ready_rx) = mpsc::channel();
        let addr = invitation.addr.clone();
        let thread = spawn_runtime(move |rt| {
            rt.block_on(async move {
                let endpoint = match bind(reach, Some(secret), 0).await {
                    Ok(e) => e,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                // One patience for the whole join, whichever step it is spent on.
                let opened = tokio::time::timeout(patience, open_line(&endpoint, addr, &hello))
                    .await
                    .unwrap_or(Err(LinkError::Timeout));
                let (conn, send, recv) = match opened {
                    Ok(line) => line,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                let _ = ready_tx.send(Ok(()));
                let lines: Lines = Arc::default();
                let (tx, rx) = tmpsc::unbounded_channel::<Msg>();
                if let Ok(mut l) = lines.lock() {
                    l.insert(0, tx.clone());
                }
                let line = (0, send, recv, rx, tx);
                serve_line(line, conn, lines.clone(), ev_tx.clone());
                command_loop(cmd_rx, lines).await;
                endpoint.close().await;
            });
        })?;
        ready_rx
            .recv()
            .map_err(|e| LinkError::Thread(e.to_string()))??;
        Ok(ends.link(None, thread))
    }

    /// Calls `wake` whenever an event comes (from the line's thread).
    pub fn set_waker(&self, wake: Box<dyn Fn() + Send>) {
        if let Ok(mut w) = self.waker.lock() {
            *w = Some(wake);
        }
    }

    /// (Host) who it is, to keep for a restart.
    #[must_use]
    pub fn identity(&self) -> Option<Identity> {
        self.identity
    }

    /// (Host) the invitation to give.
    #[must_use]
    pub fn invitation(&self) -> Option<&Invitation> {
        self.invitation.as_ref()
    }

    /// (Host) the key `party`'s seat is held with, from now on: only that key's line takes it.
    pub fn seat(&self, party: usize, key: Public) {
        if let Ok(mut seats) = self.seats.lock()
            && let Some(s) = seats.get_mut(party)
        {
            *s = Some(key);
        }
    }

    /// (Host) `party`'s seat is held by nobody from now on: the next stranger may take it.
    pub fn unseat(&self, party: usize) {
        if let Ok(mut seats) = self.seats.lock()
            && let Some(s) = seats.get_mut(party)
        {
            *s = None;
        }
    }

    /// Sends a message to a party (a joiner sends to the host, party 0).
    pub fn send(&self, party: usize, msg: Msg) {
        let _ = self.commands.send(Command::Send {
            party,
            msg: Box::new(msg),
        });
    }

    /// Closes the line to a party, telling it why.
    pub fn close(&self, party: usize, reason: &str) {
        let _ = self.commands.send(Command::Close {
            party,
            reason: reason.into(),
        });
    }

    /// The next event, if one has come.
    #[must_use]
    pub fn try_event(&self) -> Option<Event> {
        self.events.try_recv().ok()
    }

    /// The next event, waiting at most `wait` for it.
    #[must_use]
    pub fn event(&self, wait: Duration) -> Option<Event> {
        self.events.recv_timeout(wait).ok()
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        let _ = self.commands.send(Command::Shutdown);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The program's ends of a link's channels, before its thread runs.
struct Ends {
    commands: tmpsc::UnboundedSender<Command>,
    events: mpsc::Receiver<Event>,
    waker: Waker,
}

impl Ends {
    fn link(self, invitation: Option<Invitation>, thread: std::thread::JoinHandle<()>) -> Link {
        Link {
            commands: self.commands,
            events: self.events,
            invitation,
            identity: None,
            thread: Some(thread),
            waker: self.waker,
            seats: Seats::default(),
        }
    }
}

/// A link's channels: the program's ends, and the line thread's (commands in, events out).
fn channels() -> (Ends, tmpsc::UnboundedReceiver<Command>, Events) {
    let (commands, cmd_rx) = tmpsc::unbounded_channel();
    let (tx, events) = mpsc::channel();
    let waker = Waker::default();
    let ev_tx = Events {
        tx,
        waker: waker.clone(),
    };
    (
        Ends {
            commands,
            events,
            waker,
        },
        cmd_rx,
        ev_tx,
    )
}

//! The line between the parties, on iroh (docs/network-choice.md): QUIC, encrypted end to end,
//! with hole punching and public relays when no direct path exists. The host listens and lets
//! in only a joiner that says the invitation's secret; each joiner holds one line, to the host,
//! and the host passes messages on. The line runs on a thread of its own with a small tokio
//! runtime; the program talks to it through [`Link`] and never waits on it unless it asks to.
//!
//! Nothing a peer sends can make this side panic or hold much memory: a message is read only
//! when its length is at most [`MAX_MESSAGE`](crate::wire::MAX_MESSAGE), and a line that sends
//! junk, or says the wrong secret, is closed with the reason.

use std::collections::HashMap;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use iroh::endpoint::{
    ConnectOptions, ConnectWithOptsError, ConnectingError, Connection, ConnectionError,
    IdleTimeout, QuicTransportConfig, ReadError, RecvStream, SendStream, VarInt, presets,
};
use iroh::{Endpoint, EndpointAddr, RelayMode};
use tokio::sync::mpsc as tmpsc;

use crate::invite::Invitation;
use crate::wire::{self, Msg, VERSION, WireError};

/// The protocol's name in the QUIC handshake.
pub const ALPN: &[u8] = b"gamester/1";

/// How long a join may take before it gives up and says why.
pub const JOIN_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a joiner has to say its greeting once its line is open.
const HELLO_TIMEOUT: Duration = Duration::from_secs(10);

/// How often each end of a quiet line tells the other it is still there.
const KEEP_ALIVE: Duration = Duration::from_secs(1);

/// How long a line may be silent before it is given up for lost (a crash, a closed lid, a
/// pulled cable): a few keep-alives missed in a row, so that a drop is noticed within seconds.
const SILENT_AT_MOST: Duration = Duration::from_secs(5);

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
    /// (Host) a friend came with the right invitation and has been given `party`.
    Knock {
        party: usize,
        name: String,
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
    #[error(
        "could not reach the host within {} seconds: is the invitation current, and is the \
         host's Gamester still open?",
        JOIN_TIMEOUT.as_secs()
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

/// The token a host gives party `party`, made from the host's own key, which no joiner knows:
/// only the party it was given to can show it, to take its seat again on a new line.
#[must_use]
pub fn seat_token(key: &[u8; 32], party: usize) -> [u8; 16] {
    use sha2::Digest as _;
    let mut h = sha2::Sha256::new();
    h.update(b"gamester seat 1");
    h.update(key);
    h.update((party as u64).to_be_bytes());
    let full: [u8; 32] = h.finalize().into();
    let mut out = [0; 16];
    out.copy_from_slice(&full[..16]);
    out
}

type Lines = Arc<Mutex<HashMap<usize, tmpsc::UnboundedSender<Msg>>>>;

/// The program's end of the line.
pub struct Link {
    commands: tmpsc::UnboundedSender<Command>,
    events: mpsc::Receiver<Event>,
    invitation: Option<Invitation>,
    identity: Option<Identity>,
    thread: Option<std::thread::JoinHandle<()>>,
    waker: Waker,
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
    pub fn host(reach: Reach, joiners: usize, identity: Identity) -> Result<Link, LinkError> {
        let (ends, cmd_rx, ev_tx) = channels();
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
                host_loop(endpoint, identity.key, secret, joiners, cmd_rx, ev_tx).await;
            });
        })?;
        let (invitation, identity) = ready_rx
            .recv()
            .map_err(|e| LinkError::Thread(e.to_string()))??;
        let mut link = ends.link(Some(invitation), thread);
        link.identity = Some(identity);
        Ok(link)
    }

    /// Joins the host an invitation names, saying `hello` (which must be a [`Msg::Hello`]);
    /// returns once the line is open, or says why not within [`JOIN_TIMEOUT`].
    pub fn join(reach: Reach, invitation: &Invitation, hello: Msg) -> Result<Link, LinkError> {
        let (ends, cmd_rx, ev_tx) = channels();
        let (ready_tx, ready_rx) = mpsc::channel();
        let addr = invitation.addr.clone();
        let thread = spawn_runtime(move |rt| {
            rt.block_on(async move {
                let endpoint = match bind(reach, None, 0).await {
                    Ok(e) => e,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                // One patience for the whole join, whichever step it is spent on.
                let opened = tokio::time::timeout(JOIN_TIMEOUT, open_line(&endpoint, addr, &hello))
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

/// Opens the joiner's line to the host at `addr` and says `hello`: the connection and its
/// streams, or why not, in words. An attempt the host never answers gives up as a silent line
/// does, within seconds, and another is made: the join's own patience ([`JOIN_TIMEOUT`], kept
/// by the caller) says when to stop, while the line keeps the short patience of every line.
async fn open_line(
    endpoint: &Endpoint,
    addr: EndpointAddr,
    hello: &Msg,
) -> Result<(Connection, SendStream, RecvStream), LinkError> {
    let conn = loop {
        match connect(endpoint, addr.clone()).await {
            Err(LinkError::Timeout) => tokio::time::sleep(Duration::from_millis(200)).await,
            opened => break opened?,
        }
    };
    let (mut send, recv) = conn.open_bi().await.map_err(|e| lost_while_opening(&e))?;
    wire::write(&mut send, hello)
        .await
        .map_err(|_| LinkError::Connect(BROKE_OFF.into()))?;
    Ok((conn, send, recv))
}

/// One attempt to reach the host at `addr`.
async fn connect(endpoint: &Endpoint, addr: EndpointAddr) -> Result<Connection, LinkError> {
    let connecting = endpoint
        .connect_with_opts(addr, ALPN, ConnectOptions::new())
        .await
        .map_err(|e| not_opened(&e))?;
    connecting.await.map_err(|e| match e {
        ConnectingError::ConnectionError { source, .. } => lost_while_opening(&source),
        _ => LinkError::Connect(BROKE_OFF.into()),
    })
}

/// A line that broke off while it was being opened, for no reason more precise.
const BROKE_OFF: &str = "the line broke off while it was being opened";

/// Why a join could not begin, in words.
fn not_opened(e: &ConnectWithOptsError) -> LinkError {
    LinkError::Connect(
        match e {
            ConnectWithOptsError::SelfConnect { .. } => {
                "the invitation is this Gamester's own: send it to your friend"
            }
            ConnectWithOptsError::NoAddress { .. } => {
                "the host could not be found on the network: is its Gamester still open?"
            }
            _ => BROKE_OFF,
        }
        .into(),
    )
}

/// Why an opening line was lost, in words: one that never answered is one message, whether
/// the join's patience or the line's ran out first.
fn lost_while_opening(e: &ConnectionError) -> LinkError {
    LinkError::Connect(
        match e {
            ConnectionError::TimedOut => return LinkError::Timeout,
            ConnectionError::ApplicationClosed(_) | ConnectionError::ConnectionClosed(_) => {
                "the host's Gamester closed the line"
            }
            ConnectionError::Reset => "the host's Gamester was started again: join again",
            ConnectionError::VersionMismatch | ConnectionError::TransportError(_) => {
                "the program at the invitation's address is not the host's Gamester, or is \
                 another version of it"
            }
            _ => BROKE_OFF,
        }
        .into(),
    )
}

/// Why an open line broke, in words.
fn broken(e: &std::io::Error) -> String {
    let lost = e
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<ReadError>());
    match lost {
        Some(ReadError::ConnectionLost(ConnectionError::TimedOut)) => {
            "nothing more came: the other computer stopped answering".into()
        }
        Some(ReadError::ConnectionLost(ConnectionError::Reset)) => {
            "the other Gamester was started again".into()
        }
        Some(ReadError::ConnectionLost(
            ConnectionError::ApplicationClosed(_) | ConnectionError::ConnectionClosed(_),
        )) => WireError::Closed.to_string(),
        _ => "the line broke off".into(),
    }
}

/// The QUIC settings of every line, the host's and the joiner's: a keep-alive each
/// [`KEEP_ALIVE`], and a line silent for [`SILENT_AT_MOST`] given up (each end keeps to the
/// shorter of the two ends' patience).
fn transport() -> QuicTransportConfig {
    let millis = u32::try_from(SILENT_AT_MOST.as_millis()).unwrap_or(u32::MAX);
    QuicTransportConfig::builder()
        .keep_alive_interval(KEEP_ALIVE)
        .max_idle_timeout(Some(IdleTimeout::from(VarInt::from_u32(millis))))
        .build()
}

fn spawn_runtime(
    body: impl FnOnce(tokio::runtime::Runtime) + Send + 'static,
) -> Result<std::thread::JoinHandle<()>, LinkError> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .map_err(|e| LinkError::Thread(e.to_string()))?;
    std::thread::Builder::new()
        .name("gamester-line".into())
        .spawn(move || body(rt))
        .map_err(|e| LinkError::Thread(e.to_string()))
}

async fn bind(
    reach: Reach,
    key: Option<iroh::SecretKey>,
    port: u16,
) -> Result<Endpoint, LinkError> {
    let mut builder = match reach {
        Reach::Internet => Endpoint::builder(presets::N0),
        Reach::Local => Endpoint::builder(presets::Minimal).relay_mode(RelayMode::Disabled),
    };
    if let Some(key) = key {
        builder = builder.secret_key(key);
    }
    if port != 0 {
        let v4 = std::net::SocketAddr::from((std::net::Ipv4Addr::UNSPECIFIED, port));
        builder = builder
            .bind_addr(v4)
            .map_err(|e| LinkError::Bind(e.to_string()))?;
    }
    builder
        .transport_config(transport())
        .alpns(vec![ALPN.to_vec()])
        .bind()
        .await
        .map_err(|e| LinkError::Bind(e.to_string()))
}

/// The host's loop: lets friends in (each on a task of its own) and carries out the program's
/// commands, until told to stop.
async fn host_loop(
    endpoint: Endpoint,
    key: [u8; 32],
    secret: [u8; 16],
    joiners: usize,
    commands: tmpsc::UnboundedReceiver<Command>,
    events: Events,
) {
    let lines: Lines = Arc::default();
    let accepting = {
        let endpoint = endpoint.clone();
        let lines = lines.clone();
        tokio::spawn(async move {
            while let Some(incoming) = endpoint.accept().await {
                let lines = lines.clone();
                let events = events.clone();
                tokio::spawn(async move {
                    let Ok(conn) = incoming.await else {
                        return;
                    };
                    let door = Door {
                        key,
                        secret,
                        joiners,
                    };
                    let Some(line) = greet(&conn, door, &lines, &events).await else {
                        return;
                    };
                    serve_line(line, conn, lines, events);
                });
            }
        })
    };
    command_loop(commands, lines).await;
    accepting.abort();
    endpoint.close().await;
}

/// What the host's door knows: its key (for the seats' tokens), the invitation's secret, and
/// how many friends it lets in.
#[derive(Clone, Copy)]
struct Door {
    key: [u8; 32],
    secret: [u8; 16],
    joiners: usize,
}

/// Reads a newcomer's greeting; lets it in with a party of its own if it says the secret (and
/// tells the program), or turns it away with the reason. A party coming back with its seat's
/// token takes that seat at once, even while its old line still seems open (it crashed, and
/// the keep-alive has not yet given up on it): the old line is closed.
async fn greet(conn: &Connection, door: Door, lines: &Lines, events: &Events) -> Option<Greeted> {
    let Door {
        key,
        secret,
        joiners,
    } = door;
    let (mut send, mut recv) = tokio::time::timeout(HELLO_TIMEOUT, conn.accept_bi())
        .await
        .ok()?
        .ok()?;
    let hello = tokio::time::timeout(HELLO_TIMEOUT, wire::read(&mut recv)).await;
    let (name, back) = match hello {
        Err(_) => return refuse(conn, &mut send, events, "it said nothing".into()).await,
        Ok(Err(e)) => return refuse(conn, &mut send, events, e.to_string()).await,
        Ok(Ok(Msg::Hello { version, .. })) if version != VERSION => {
            return refuse(conn, &mut send, events, format!(
                "it speaks version {version} of the game's protocol, and this Gamester {VERSION}"
            ))
            .await;
        }
        Ok(Ok(Msg::Hello { secret: s, .. })) if s != secret => {
            return refuse(
                conn,
                &mut send,
                events,
                "the invitation is wrong or stale".into(),
            )
            .await;
        }
        Ok(Ok(Msg::Hello { name, back, .. })) => (name, back),
        Ok(Ok(_)) => {
            return refuse(
                conn,
                &mut send,
                events,
                "it did not begin with a greeting".into(),
            )
            .await;
        }
    };
    // The party is chosen and the line registered under one lock, before the program hears of
    // the knock: two friends coming at once get two parties, and the welcome finds its line.
    let (tx, rx) = tmpsc::unbounded_channel::<Msg>();
    let party = {
        let Ok(mut taken) = lines.lock() else {
            return None;
        };
        let free = |p: &usize| !taken.contains_key(p);
        let proven = |p: usize| {
            back.as_ref()
                .is_some_and(|b| b.party == p && b.token == Some(seat_token(&key, p)))
        };
        let party = match back.as_ref().map(|b| b.party) {
            Some(p) if (1..=joiners).contains(&p) && (free(&p) || proven(p)) => Some(p),
            _ => (1..=joiners).find(free),
        };
        if let Some(p) = party
            && let Some(old) = taken.insert(p, tx.clone())
        {
            let _ = old.send(Msg::Bye {
                reason: "the same player came back on another line".into(),
            });
        }
        party
    };
    let Some(party) = party else {
        return refuse(
            conn,
            &mut send,
            events,
            "every seat at the table is taken".into(),
        )
        .await;
    };
    let _ = events.send(Event::Knock { party, name, back });
    Some((party, send, recv, rx, tx))
}

/// Turns a newcomer away with the reason, telling the program.
async fn refuse(
    conn: &Connection,
    send: &mut SendStream,
    events: &Events,
    why: String,
) -> Option<Greeted> {
    let _ = events.send(Event::Refused(why.clone()));
    let _ = wire::write(send, &Msg::Bye { reason: why }).await;
    let _ = send.finish();
    tokio::time::sleep(Duration::from_millis(200)).await;
    conn.close(1u32.into(), b"refused");
    None
}

/// Runs one line, registered in `lines` with `rx` as its outgoing messages: a task writes
/// them, another reads and hands each message to the program, and the line's path is reported
/// when it changes.
fn serve_line(line: Greeted, conn: Connection, lines: Lines, events: Events) {
    let (party, mut send, mut recv, mut rx, own) = line;
    let writer_conn = conn.clone();
    tokio::spawn(async move {
        while let Some(msg) = rx.recv().await {
            let bye = matches!(msg, Msg::Bye { .. });
            if wire::write(&mut send, &msg).await.is_err() {
                break;
            }
            if bye {
                let _ = send.finish();
                tokio::time::sleep(Duration::from_millis(200)).await;
                writer_conn.close(0u32.into(), b"bye");
                break;
            }
        }
    });
    let path_conn = conn.clone();
    let path_events = events.clone();
    tokio::spawn(async move {
        let mut last = None;
        loop {
            let direct = path_conn
                .paths()
                .iter()
                .find(|p| p.is_selected())
                .map(|p| p.remote_addr().is_ip());
            if let Some(direct) = direct
                && last != Some(direct)
            {
                last = Some(direct);
                if path_events.send(Event::Path { party, direct }).is_err() {
                    break;
                }
            }
            tokio::select! {
                _ = path_conn.closed() => break,
                () = tokio::time::sleep(Duration::from_secs(2)) => {}
            }
        }
    });
    tokio::spawn(async move {
        let mut farewell = false;
        let reason = loop {
            match wire::read(&mut recv).await {
                Ok(Msg::Bye { reason }) => {
                    farewell = true;
                    break reason;
                }
                Ok(msg) => {
                    if events.send(Event::Message { party, msg }).is_err() {
                        return;
                    }
                }
                Err(WireError::Closed) => break WireError::Closed.to_string(),
                Err(WireError::Io(e)) => break broken(&e),
                Err(e) => {
                    // The peer broke the protocol: tell it why and close the line.
                    let why = e.to_string();
                    if let Ok(l) = lines.lock()
                        && let Some(tx) = l.get(&party)
                    {
                        let _ = tx.send(Msg::Bye {
                            reason: why.clone(),
                        });
                    }
                    break why;
                }
            }
        };
        // A line the same party has replaced since is gone without a word: the party is not.
        let replaced = lines.lock().is_ok_and(|mut l| match l.get(&party) {
            Some(tx) if tx.same_channel(&own) => {
                l.remove(&party);
                false
            }
            Some(_) => true,
            None => false,
        });
        if !replaced {
            let _ = events.send(Event::Lost {
                party,
                reason,
                farewell,
            });
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        conn.close(0u32.into(), b"done");
    });
}

/// Carries out the program's commands until it stops.
async fn command_loop(mut commands: tmpsc::UnboundedReceiver<Command>, lines: Lines) {
    while let Some(c) = commands.recv().await {
        match c {
            Command::Send { party, msg } => {
                if let Ok(l) = lines.lock()
                    && let Some(tx) = l.get(&party)
                {
                    let _ = tx.send(*msg);
                }
            }
            Command::Close { party, reason } => {
                let tx = lines.lock().ok().and_then(|mut l| l.remove(&party));
                if let Some(tx) = tx {
                    let _ = tx.send(Msg::Bye { reason });
                }
            }
            Command::Shutdown => break,
        }
    }
    // Let the last words (a goodbye) go out before the endpoint closes.
    tokio::time::sleep(Duration::from_millis(300)).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_join_that_times_out_says_one_sentence_in_gamesters_words() {
        // Whether the join's patience or the line's runs out first, the words are the same
        let said = lost_while_opening(&ConnectionError::TimedOut).to_string();
        assert_eq!(said, LinkError::Timeout.to_string());
        assert_eq!(
            said,
            "could not reach the host within 30 seconds: is the invitation current, and is the \
             host's Gamester still open?"
        );
    }

    #[test]
    fn a_join_that_fails_otherwise_says_why_without_the_network_librarys_words() {
        for e in [
            ConnectionError::Reset,
            ConnectionError::VersionMismatch,
            ConnectionError::LocallyClosed,
            ConnectionError::CidsExhausted,
        ] {
            let said = lost_while_opening(&e).to_string();
            assert!(said.starts_with("could not reach the host: "), "{said}");
            assert!(!said.contains(&e.to_string()), "{said} shows {e}");
        }
    }

    #[test]
    fn a_line_that_went_silent_is_told_in_words() {
        let silent = std::io::Error::new(
            std::io::ErrorKind::NotConnected,
            ReadError::ConnectionLost(ConnectionError::TimedOut),
        );
        let said = broken(&silent);
        assert!(said.contains("stopped answering"), "{said}");
        assert!(!said.contains("timed out"), "{said}");
        let other = std::io::Error::other("a raw error");
        assert_eq!(broken(&other), "the line broke off");
    }
}

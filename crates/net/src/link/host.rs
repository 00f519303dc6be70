//! The host's side of the line: the door that lets in a friend who says the invitation's
//! secret (at its old seat if its line's key is that seat's, else at a seat nobody holds), and
//! turns others away with the reason.

use std::sync::Arc;
use std::time::Duration;

use iroh::Endpoint;
use iroh::endpoint::{Connection, SendStream};
use tokio::sync::mpsc as tmpsc;

use super::line::{command_loop, serve_line};
use super::{Command, Event, Events, Greeted, Lines, Seats};
use crate::sign::Public;
use crate::wire::{self, Msg, VERSION};

/// How long a joiner has to say its greeting once its line is open.
const HELLO_TIMEOUT: Duration = Duration::from_secs(10);

/// The host's loop: lets friends in (each on a task of its own) and carries out the program's
/// commands, until told to stop.
pub(super) async fn host_loop(
    endpoint: Endpoint,
    secret: [u8; 16],
    joiners: usize,
    seats: Seats,
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
                let seats = seats.clone();
                tokio::spawn(async move {
                    let Ok(conn) = incoming.await else {
                        return;
                    };
                    let door = Door {
                        secret,
                        joiners,
                        seats,
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

/// What the host's door knows: the invitation's secret, how many friends it lets in, and the
/// key each seat is held with.
struct Door {
    secret: [u8; 16],
    joiners: usize,
    seats: Seats,
}

/// Reads a newcomer's greeting; lets it in with a party of its own if it says the secret (and
/// tells the program), or turns it away with the reason. A line opened with a seat's key takes
/// that seat at once, even while its old line still seems open (it crashed, and the keep-alive
/// has not yet given up on it): the old line is closed. Anyone else takes a seat nobody holds.
async fn greet(conn: &Connection, door: Door, lines: &Lines, events: &Events) -> Option<Greeted> {
    let Door {
        secret,
        joiners,
        seats,
    } = door;
    let key = Public::from(conn.remote_id());
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
        let held: Vec<Option<Public>> = seats.lock().map(|s| s.clone()).unwrap_or_default();
        let holder = |p: usize| held.get(p).copied().flatten();
        let party = (1..=joiners)
            .find(|&p| holder(p) == Some(key))
            .or_else(|| (1..=joiners).find(|&p| holder(p).is_none() && !taken.contains_key(&p)));
        if let Some(p) = party
            && let Some(old) = taken.insert(p, tx.clone())
        {
            let _ = old.send(Msg::Bye {
                reason: "you came back on another line".into(),
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
    let _ = events.send(Event::Knock {
        party,
        name,
        key,
        back,
    });
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

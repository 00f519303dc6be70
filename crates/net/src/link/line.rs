//! One open line: its messages written and read on tasks of their own, its path reported, how
//! it broke told in words, and the program's commands carried out.

use std::time::Duration;

use iroh::endpoint::{Connection, ConnectionError, ReadError};
use tokio::sync::mpsc as tmpsc;

use super::{Command, Event, Events, Greeted, Lines};
use crate::wire::{self, Msg, WireError};

/// Runs one line, registered in `lines` with `rx` as its outgoing messages: a task writes
/// them, another reads and hands each message to the program, and the line's path is reported
/// when it changes.
pub(super) fn serve_line(line: Greeted, conn: Connection, lines: Lines, events: Events) {
    let (party, mut send, mut recv, mut rx, own) = line;
    let writer_conn = conn.clone();
    tokio::spawn(async move {
        while let Some(msg) = rx.recv().await {
            let bye = matches!(msg, Msg::Bye { .. });
            if wire::write(&mut send, &msg).await.is_err() {
                break;
            }
            if bye {
                // The goodbye, and every message before it, reach the other side before the
                // line closes (a close discards what is still on its way, and on a slow line
                // the last throw of a game would be lost with it).
                let _ = send.finish();
                let _ = tokio::time::timeout(LAST_WORDS, send.stopped()).await;
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

/// How long a goodbye may take to reach the other side before the line closes anyway.
const LAST_WORDS: Duration = Duration::from_secs(3);

/// Carries out the program's commands until it stops.
pub(super) async fn command_loop(mut commands: tmpsc::UnboundedReceiver<Command>, lines: Lines) {
    // The lines told goodbye: each one's writer ends (and drops its end of the channel) once
    // its goodbye has reached the other side.
    let mut closing = Vec::new();
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
                    closing.push(tx);
                }
            }
            Command::Shutdown => break,
        }
    }
    // Let the last words (a goodbye, and what went before it) reach the others before the
    // endpoint closes, for as long as they take on a slow line, and no longer.
    let began = tokio::time::Instant::now();
    while closing.iter().any(|tx| !tx.is_closed()) && began.elapsed() < LAST_WORDS {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
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

#[cfg(test)]
mod tests {
    use super::*;

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

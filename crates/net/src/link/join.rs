//! The joiner's side of the line: reaching the host an invitation names, saying the greeting,
//! and why a join failed, in Gamester's words rather than the network library's.

use std::time::Duration;

use iroh::endpoint::{
    ConnectOptions, ConnectWithOptsError, ConnectingError, Connection, ConnectionError, RecvStream,
    SendStream,
};
use iroh::{Endpoint, EndpointAddr};

use super::{ALPN, LinkError};
use crate::wire::{self, Msg};

/// Opens the joiner's line to the host at `addr` and says `hello`: the connection and its
/// streams, or why not, in words. An attempt the host never answers gives up as a silent line
/// does, within seconds, and another is made: the join's own patience
/// ([`JOIN_TIMEOUT`](super::JOIN_TIMEOUT), kept by the caller) says when to stop, while the
/// line keeps the short patience of every line.
pub(super) async fn open_line(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_join_that_times_out_says_one_sentence_in_gamesters_words() {
        // Whether the join's patience or the line's runs out first, the words are the same,
        // and they name no timing
        let said = lost_while_opening(&ConnectionError::TimedOut).to_string();
        assert_eq!(said, LinkError::Timeout.to_string());
        assert_eq!(
            said,
            "could not reach the host: is the invitation current, and is the host's Gamester \
             still open?"
        );
        assert!(!said.chars().any(|c| c.is_ascii_digit()), "{said}");
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
}

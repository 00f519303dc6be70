//! What the two programs say to each other ([`Msg`]), and how a message goes over a stream: its
//! length in four bytes, then its RON. A message longer than [`MAX_MESSAGE`] is refused from its
//! length alone, before a byte of it is read, so a peer cannot make this side hold 100 MB.

use serde::{Deserialize, Serialize};
use tokio::io::{AsyncRead, AsyncReadExt as _, AsyncWrite, AsyncWriteExt as _};

use crate::game::{NetAction, Setup};

/// The last throw made: its place in the record and every party's seed, in party order (shown
/// to a party that comes back, which checks them against its own pledge).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Made {
    pub at: usize,
    pub seeds: Vec<[u8; 32]>,
}

/// The protocol's version: a program that speaks another is told so and refused. (2: a throw is
/// fixed once committed; a party coming back shows the seeds of its last throw.)
pub const VERSION: u32 = 2;

/// The longest message either side accepts (bytes): the longest game's record is far shorter.
pub const MAX_MESSAGE: usize = 256 * 1024;

/// A joiner coming back to a game: the party it was, its record of the game, the seeds of the
/// last throw it made (for the host to check against its own pledge), and the token the host
/// gave it, which proves it is that party.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Comeback {
    pub party: usize,
    pub record: Vec<NetAction>,
    pub last: Option<Made>,
    pub token: Option<[u8; 16]>,
}

/// One message. Every message after the handshake names the party it comes from (0 the host,
/// the joiners 1, 2, … in the order they sat down); the host passes each joiner's messages on
/// to the others once its own table has accepted them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Msg {
    /// The joiner's first words: the invitation's secret, the name it plays under, and, when it
    /// comes back to a game, what it holds of it.
    Hello {
        version: u32,
        secret: [u8; 16],
        name: String,
        back: Option<Comeback>,
    },
    /// The host's answer: the game (rules, names, who plays each seat, the record so far), the
    /// joiner's party, the seeds of the last throw made (for a joiner coming back to check),
    /// and the token with which the joiner proves itself if it comes back.
    Welcome {
        setup: Setup,
        party: usize,
        last: Option<Made>,
        token: [u8; 16],
    },
    /// The joiner has seen the rules and sits down.
    Accept,
    /// Everyone is seated: play (again). A throw under way goes on with the same commits.
    Start,
    /// A party has lost its line: wait for it.
    Wait { party: usize },
    /// The throw at `at` has waited too long on `party`'s share: the others may end the game.
    Stalled { party: usize, at: usize },
    /// A party's share of chance for the action at `at`, hidden: the hash of its seed.
    Commit {
        from: usize,
        at: usize,
        hash: [u8; 32],
    },
    /// The seed behind a commit, once every party has committed.
    Reveal {
        from: usize,
        at: usize,
        seed: [u8; 32],
    },
    /// A player's action, the record's `at`th.
    Act {
        from: usize,
        at: usize,
        action: NetAction,
    },
    /// Leaving, and why.
    Bye { reason: String },
}

/// Why a message could not be read.
#[derive(Debug, thiserror::Error)]
pub enum WireError {
    #[error("the line closed")]
    Closed,
    #[error("the friend's program sent a message of {0} bytes; at most {MAX_MESSAGE} are accepted")]
    TooLong(usize),
    #[error("the friend's program sent something that is not a Gamester message ({0})")]
    Junk(String),
    #[error("the line failed: {0}")]
    Io(#[from] std::io::Error),
}

/// The bytes of a message as it goes on the stream.
pub fn frame(msg: &Msg) -> Vec<u8> {
    // A message of ours is plain data: RON always writes it.
    let body = ron::to_string(msg).unwrap_or_default().into_bytes();
    let mut out = Vec::with_capacity(body.len() + 4);
    out.extend_from_slice(&u32::try_from(body.len()).unwrap_or(u32::MAX).to_be_bytes());
    out.extend_from_slice(&body);
    out
}

/// The message whose body these bytes are.
pub fn parse(body: &[u8]) -> Result<Msg, WireError> {
    let text = std::str::from_utf8(body).map_err(|_| WireError::Junk("not text".into()))?;
    ron::from_str(text).map_err(|e| WireError::Junk(e.to_string()))
}

/// Writes one message.
pub async fn write<W: AsyncWrite + Unpin>(w: &mut W, msg: &Msg) -> Result<(), WireError> {
    w.write_all(&frame(msg)).await?;
    w.flush().await?;
    Ok(())
}

/// Reads one message, refusing an oversized one from its length.
pub async fn read<R: AsyncRead + Unpin>(r: &mut R) -> Result<Msg, WireError> {
    let mut len = [0u8; 4];
    match r.read_exact(&mut len).await {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Err(WireError::Closed),
        Err(e) => return Err(e.into()),
    }
    let len = u32::from_be_bytes(len) as usize;
    if len > MAX_MESSAGE {
        return Err(WireError::TooLong(len));
    }
    let mut body = vec![0u8; len];
    r.read_exact(&mut body).await.map_err(|e| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => WireError::Closed,
        _ => e.into(),
    })?;
    parse(&body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_message_goes_and_comes_back_whole() {
        let msg = Msg::Commit {
            from: 1,
            at: 7,
            hash: [9; 32],
        };
        let bytes = frame(&msg);
        let got = read(&mut bytes.as_slice()).await.unwrap();
        assert_eq!(got, msg);
    }

    #[tokio::test]
    async fn an_oversized_message_is_refused_by_its_length() {
        let mut bytes = (100u32 * 1024 * 1024).to_be_bytes().to_vec();
        bytes.extend_from_slice(b"(");
        let err = read(&mut bytes.as_slice()).await.unwrap_err();
        assert!(
            matches!(err, WireError::TooLong(n) if n == 100 * 1024 * 1024),
            "{err}"
        );
    }

    #[tokio::test]
    async fn junk_is_named_junk_and_a_cut_message_closed() {
        let mut bytes = 5u32.to_be_bytes().to_vec();
        bytes.extend_from_slice(b"\xff\x00ab(");
        assert!(matches!(
            read(&mut bytes.as_slice()).await,
            Err(WireError::Junk(_))
        ));
        let mut cut = 50u32.to_be_bytes().to_vec();
        cut.extend_from_slice(b"Accept");
        assert!(matches!(
            read(&mut cut.as_slice()).await,
            Err(WireError::Closed)
        ));
    }
}

//! What the two programs say to each other ([`Msg`]), and how a message goes over a stream: its
//! length in four bytes, then its RON. A message longer than [`MAX_MESSAGE`] is refused from its
//! length alone, before a byte of it is read, so a peer cannot make this side hold 100 MB.

use serde::{Deserialize, Serialize};
use tokio::io::{AsyncRead, AsyncReadExt as _, AsyncWrite, AsyncWriteExt as _};

use crate::game::{NetAction, Setup};
use crate::record::Proof;
use crate::sign::{Hash, Sig};

/// The protocol's version: a program that speaks another is told so and refused. (3: every
/// entry of the record is signed by its maker and chained; a party is known by its key.)
pub const VERSION: u32 = 3;

/// The longest message either side accepts (bytes): the longest game's signed record is far
/// shorter.
pub const MAX_MESSAGE: usize = 4 * 1024 * 1024;

/// A joiner coming back to a game: the party it was, and its record of the game since everyone
/// sat down, each entry with its proof (for the host to check, and take where it goes further
/// than the host's own). Who it is, the line's handshake has proved: it holds its seat's key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Comeback {
    pub party: usize,
    /// The seating's first link ([`Setup::root`]): the game it comes back to.
    pub root: Hash,
    pub record: Vec<NetAction>,
    pub proofs: Vec<Proof>,
}

/// One message. Every message after the handshake names the party it comes from (0 the host,
/// the joiners 1, 2, … in the order they sat down); the host passes each joiner's messages on
/// to the others once its own table has accepted them. A play and a commit carry the
/// signature of the party that made them.
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
    /// The host's answer: the game (rules, names, keys, who plays each seat, the record so far),
    /// the joiner's party, and the proof of each entry since everyone sat down.
    Welcome {
        setup: Setup,
        party: usize,
        proofs: Vec<Proof>,
    },
    /// The joiner has seen the game and sits down: its signature of the offer
    /// ([`Setup::offer`]) the first time, none when it comes back to a game it signed.
    Accept { sig: Option<Sig> },
    /// Everyone is seated: play (again), at this seating, signed by everyone (its record cut to
    /// what was played before anyone sat down). A throw under way goes on with the same commits.
    Start { setup: Box<Setup> },
    /// A party has lost its line: wait for it.
    Wait { party: usize },
    /// The throw at `at` has waited too long on `party`'s share: the others may end the game.
    Stalled { party: usize, at: usize },
    /// A party's share of chance for the action at `at`, hidden: the hash of its seed, signed.
    Commit {
        from: usize,
        at: usize,
        hash: Hash,
        sig: Sig,
    },
    /// The seed behind a commit, once every party has committed.
    Reveal { from: usize, at: usize, seed: Hash },
    /// A player's action, the record's `at`th, signed by the party that made it.
    Act {
        from: usize,
        at: usize,
        action: NetAction,
        sig: Sig,
    },
    /// Leaving, and why.
    Bye { reason: String },
}

/// Why a message could not be read.
#[derive(Debug, thiserror::Error)]
pub enum WireError {
    #[error("the line closed")]
    Closed,
    #[error("the friend's program sent a message far longer than any game")]
    TooLong(usize),
    /// Not a message (what the parser made of it, for the tests, never shown).
    #[error("the friend's program sent something that is not a Gamester message")]
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
            hash: Hash([9; 32]),
            sig: Sig([4; 64]),
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
        cut.extend_from_slice(b"Wait(party:1)");
        assert!(matches!(
            read(&mut cut.as_slice()).await,
            Err(WireError::Closed)
        ));
    }
}

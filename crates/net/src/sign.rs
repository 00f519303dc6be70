//! Who said what: each party's key, and the signatures with which it stands by its entries of
//! the record (its acceptance of the game, its plays, its commits to a throw).
//!
//! A party's key is Ed25519, the key its end of the line is known by on the network (iroh's
//! endpoint key, from `ed25519-dalek` in iroh's own tree): a host's is named in its invitation,
//! a joiner's is kept with its save. So the line's handshake proves the key afresh at every
//! connection (QUIC's TLS signs a transcript new each time), and the same key signs the record.
//! No token, no second secret: a party that comes back is the party whose key it holds.
//!
//! Hashes, keys and signatures are written as hexadecimal text in saves and on the line.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest as _, Sha256};

/// A party's secret key (its signing key, and its endpoint's key on the network). Boxed: the
/// signing key with its public half is large, and a party's roles carry one.
#[derive(Clone)]
pub struct Key(Box<iroh::SecretKey>);

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Key({})", self.public())
    }
}

impl Key {
    /// A new key, from the operating system's randomness.
    #[must_use]
    pub fn generate() -> Key {
        Key::from_bytes(&rand::random())
    }

    #[must_use]
    pub fn from_bytes(bytes: &[u8; 32]) -> Key {
        Key(Box::new(iroh::SecretKey::from_bytes(bytes)))
    }

    #[must_use]
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0.to_bytes()
    }

    /// The key as the network knows it (the line's end is bound with it).
    #[must_use]
    pub fn secret(&self) -> iroh::SecretKey {
        (*self.0).clone()
    }

    #[must_use]
    pub fn public(&self) -> Public {
        Public(*self.0.public().as_bytes())
    }

    /// Signs `what` (a statement's bytes, see [`statement`]).
    #[must_use]
    pub fn sign(&self, what: &[u8; 32]) -> Sig {
        Sig(self.0.sign(what).to_bytes())
    }
}

/// A party's public key: what the others check its signatures with.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Public(pub [u8; 32]);

impl std::fmt::Debug for Public {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Public({self})")
    }
}

impl std::fmt::Display for Public {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&data_encoding::HEXLOWER.encode(&self.0[..5]))
    }
}

impl Public {
    /// Whether `sig` is this key's signature of `what`.
    #[must_use]
    pub fn verifies(&self, what: &[u8; 32], sig: &Sig) -> bool {
        let Ok(key) = iroh::PublicKey::from_bytes(&self.0) else {
            return false;
        };
        key.verify(what, &iroh::Signature::from_bytes(&sig.0))
            .is_ok()
    }
}

impl From<iroh::PublicKey> for Public {
    fn from(key: iroh::PublicKey) -> Public {
        Public(*key.as_bytes())
    }
}

/// A signature.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sig(pub [u8; 64]);

impl std::fmt::Debug for Sig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Sig({})", data_encoding::HEXLOWER.encode(&self.0[..6]))
    }
}

/// A hash of 32 bytes (a commit, a link of the record's chain), written as hexadecimal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Hash(pub [u8; 32]);

impl std::fmt::Debug for Hash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Hash({})", data_encoding::HEXLOWER.encode(&self.0[..6]))
    }
}

/// The hash that a statement of `kind` over these parts is signed as: each part is written
/// with its length, so no two statements share their bytes.
#[must_use]
pub fn statement(kind: &str, parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"gamester 3 ");
    h.update((kind.len() as u64).to_be_bytes());
    h.update(kind.as_bytes());
    for p in parts {
        h.update((p.len() as u64).to_be_bytes());
        h.update(p);
    }
    h.finalize().into()
}

fn to_hex<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&data_encoding::HEXLOWER.encode(bytes))
}

fn from_hex<'de, D: Deserializer<'de>, const N: usize>(d: D) -> Result<[u8; N], D::Error> {
    let text = String::deserialize(d)?;
    let bytes = data_encoding::HEXLOWER_PERMISSIVE
        .decode(text.as_bytes())
        .map_err(|_| serde::de::Error::custom("not hexadecimal"))?;
    bytes
        .try_into()
        .map_err(|_| serde::de::Error::custom(format!("not {N} bytes")))
}

macro_rules! hex_serde {
    ($t:ident, $n:expr) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                to_hex(&self.0, s)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                from_hex::<D, $n>(d).map($t)
            }
        }
    };
}

hex_serde!(Public, 32);
hex_serde!(Sig, 64);
hex_serde!(Hash, 32);

/// `[u8; 32]` fields written as hexadecimal (`#[serde(with = "crate::sign::hex32")]`).
pub mod hex32 {
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8; 32], s: S) -> Result<S::Ok, S::Error> {
        super::to_hex(bytes, s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; 32], D::Error> {
        super::from_hex::<D, 32>(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_holds_for_its_key_and_its_statement_only() {
        let robin = Key::from_bytes(&[1; 32]);
        let kate = Key::from_bytes(&[2; 32]);
        let said = statement("act", &[b"one", b"two"]);
        let sig = robin.sign(&said);
        assert!(robin.public().verifies(&said, &sig));
        assert!(!kate.public().verifies(&said, &sig));
        // The parts' bounds are part of the statement: "one"+"two" is not "on"+"etwo".
        assert!(
            !robin
                .public()
                .verifies(&statement("act", &[b"on", b"etwo"]), &sig)
        );
        assert!(!Public([0; 32]).verifies(&said, &sig));
    }

    #[test]
    fn keys_and_signatures_go_to_text_and_back() {
        let key = Key::from_bytes(&[7; 32]);
        let sig = key.sign(&[3; 32]);
        let text = ron::to_string(&(key.public(), sig, Hash([9; 32]))).unwrap();
        assert!(text.contains("0909090909"), "{text}");
        let back: (Public, Sig, Hash) = ron::from_str(&text).unwrap();
        assert_eq!(back, (key.public(), sig, Hash([9; 32])));
        assert!(ron::from_str::<Public>("\"0102\"").is_err());
        assert!(ron::from_str::<Public>("\"zz\"").is_err());
    }
}

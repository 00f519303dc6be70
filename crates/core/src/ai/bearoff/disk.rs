//! The databases kept on disk between runs, in the user's cache folder, so that a program
//! started for one decision (`gamester best`, `hint`) reads in a few milliseconds what takes a
//! second or two to make.
//!
//! A file holds one database of one [`Key`]: a header naming the program's version, the kind
//! of database and the key in full (so a file made by another version, or for other dice,
//! is never taken for this one), a checksum, and the numbers. A file that is missing, short,
//! damaged, of another key, or whose numbers are not chances, is not used: the database is
//! made again and written anew. Writing goes to a file of its own first and is then renamed, so
//! a reader never meets half a file. Nothing here is needed: with no cache folder, or one that
//! cannot be written, the databases are made in memory as before.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::Key;

const MAGIC: &[u8] = b"GAMESTER BEAR-OFF DATABASE\n";

/// The folder the databases are kept in, if the platform has a cache folder.
#[must_use]
pub fn folder() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "Gamester").map(|d| d.cache_dir().join("bear-off"))
}

/// What identifies a database: the program's version, its kind and its key.
fn header(kind: &str, key: &Key) -> String {
    format!("{} {kind} {key:?}", env!("CARGO_PKG_VERSION"))
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0100_0000_01b3;

/// FNV-1a, 64 bits: the name of a database's file.
fn fnv(bytes: &[u8]) -> u64 {
    let mut h = FNV_OFFSET;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(FNV_PRIME);
    }
    h
}

/// The checksum of a file's numbers: FNV-1a taken eight bytes at a time (little-endian
/// words, the last few bytes one by one), eight times as fast as byte by byte over the tens of
/// megabytes a program started for one decision reads.
fn checksum(bytes: &[u8]) -> u64 {
    let mut h = FNV_OFFSET;
    let words = bytes.chunks_exact(8);
    let tail = words.remainder();
    for w in words {
        let mut word = [0u8; 8];
        word.copy_from_slice(w);
        h ^= u64::from_le_bytes(word);
        h = h.wrapping_mul(FNV_PRIME);
    }
    for &b in tail {
        h ^= u64::from(b);
        h = h.wrapping_mul(FNV_PRIME);
    }
    h
}

/// The file of a database of `kind` and `key` in `dir`.
#[must_use]
pub fn path(dir: &Path, kind: &str, key: &Key) -> PathBuf {
    dir.join(format!(
        "{kind}-{:016x}.bin",
        fnv(header(kind, key).as_bytes())
    ))
}

/// The file's bytes for these arrays of numbers (each 32 bits).
fn encode(kind: &str, key: &Key, arrays: &[&[u32]]) -> Vec<u8> {
    let head = header(kind, key);
    let mut body = Vec::new();
    body.extend_from_slice(&(arrays.len() as u32).to_le_bytes());
    for a in arrays {
        body.extend_from_slice(&(a.len() as u64).to_le_bytes());
        for v in *a {
            body.extend_from_slice(&v.to_le_bytes());
        }
    }
    let mut out = Vec::with_capacity(MAGIC.len() + head.len() + body.len() + 16);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(head.len() as u32).to_le_bytes());
    out.extend_from_slice(head.as_bytes());
    out.extend_from_slice(&checksum(&body).to_le_bytes());
    out.extend_from_slice(&body);
    out
}

/// Reads `n` bytes from the front of `rest`.
fn take<'a>(rest: &mut &'a [u8], n: usize) -> Option<&'a [u8]> {
    if rest.len() < n {
        return None;
    }
    let (a, b) = rest.split_at(n);
    *rest = b;
    Some(a)
}

fn u32_of(rest: &mut &[u8]) -> Option<u32> {
    Some(u32::from_le_bytes(take(rest, 4)?.try_into().ok()?))
}

fn u64_of(rest: &mut &[u8]) -> Option<u64> {
    Some(u64::from_le_bytes(take(rest, 8)?.try_into().ok()?))
}

/// The arrays a file's bytes hold, if they are a whole, undamaged file of this kind and key.
fn decode(bytes: &[u8], kind: &str, key: &Key) -> Option<Vec<Vec<u32>>> {
    let mut rest = bytes;
    if take(&mut rest, MAGIC.len())? != MAGIC {
        return None;
    }
    let len = u32_of(&mut rest)? as usize;
    if take(&mut rest, len)? != header(kind, key).as_bytes() {
        return None;
    }
    let sum = u64_of(&mut rest)?;
    if checksum(rest) != sum {
        return None;
    }
    let count = u32_of(&mut rest)?;
    let mut arrays = Vec::new();
    for _ in 0..count {
        let n = usize::try_from(u64_of(&mut rest)?).ok()?;
        let raw = take(&mut rest, n.checked_mul(4)?)?;
        arrays.push(
            raw.chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        );
    }
    rest.is_empty().then_some(arrays)
}

/// The arrays kept in `dir` for `kind` and `key`, if a good file is there.
#[must_use]
pub fn load(dir: &Path, kind: &str, key: &Key) -> Option<Vec<Vec<u32>>> {
    let bytes = fs::read(path(dir, kind, key)).ok()?;
    decode(&bytes, kind, key)
}

/// Keeps the arrays in `dir`; whatever goes wrong is left unsaid (the cache is only a help).
pub fn store(dir: &Path, kind: &str, key: &Key, arrays: &[&[u32]]) {
    let _ = try_store(dir, kind, key, arrays);
}

fn try_store(dir: &Path, kind: &str, key: &Key, arrays: &[&[u32]]) -> std::io::Result<()> {
    fs::create_dir_all(dir)?;
    let target = path(dir, kind, key);
    let nonce = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let temp = dir.join(format!(".{kind}-{}-{nonce}.part", std::process::id()));
    let written = (|| {
        let mut f = fs::File::create_new(&temp)?;
        f.write_all(&encode(kind, key, arrays))?;
        f.sync_all()?;
        fs::rename(&temp, &target)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written
}

/// The bits of each number, to keep.
#[must_use]
pub fn bits(v: &[f32]) -> Vec<u32> {
    v.iter().map(|x| x.to_bits()).collect()
}

/// The numbers back from their bits, if every one is at most `most` and not below 0 (in the
/// same memory: no copy of the tens of megabytes is made).
#[must_use]
pub fn numbers(v: Vec<u32>, most: f32) -> Option<Vec<f32>> {
    let sound = v.iter().all(|&b| {
        let x = f32::from_bits(b);
        x.is_finite() && (0.0..=most).contains(&x)
    });
    sound.then(|| v.into_iter().map(f32::from_bits).collect())
}

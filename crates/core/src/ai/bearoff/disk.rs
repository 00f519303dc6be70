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
//!
//! The folder is kept tidy each time a database is written: files of another version of the
//! program (never read again), damaged ones and half-written ones left by a program that
//! stopped are removed, and of the rest only the [`MOST_KEPT`] used last are kept (a file's
//! time is renewed each time it is read), so that the folder never grows past some 200 MB
//! however many house rules are tried. Nothing but the databases' own files is ever touched.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::Key;

const MAGIC: &[u8] = b"GAMESTER BEAR-OFF DATABASE\n";

/// The program's version, which begins every file's header.
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The most databases kept in the folder (each 9 to 14 MB): those of several games and house
/// rules played in turn. Beyond it the one used longest ago goes, to be made again if asked for.
pub const MOST_KEPT: usize = 16;

/// How old a half-written file must be to be taken for one left by a program that stopped,
/// not one another program is writing now.
const STALE_PART: std::time::Duration = std::time::Duration::from_secs(3600);

/// The environment variable naming the folder the databases' folder is made in, in place of
/// the user's cache folder: `cargo test` and `cargo run` set it (`.cargo/config.toml`) to one
/// under `target/`, so that the tests, which make databases for many house rules, leave
/// nothing in the user's own cache.
pub const FOLDER_VAR: &str = "GAMESTER_CACHE_DIR";

/// The folder the databases are kept in: under [`FOLDER_VAR`] if it is set and not empty,
/// else in the platform's cache folder, if it has one.
#[must_use]
pub fn folder() -> Option<PathBuf> {
    match std::env::var_os(FOLDER_VAR) {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir).join("bear-off")),
        _ => directories::ProjectDirs::from("", "", "Gamester")
            .map(|d| d.cache_dir().join("bear-off")),
    }
}

/// What identifies a database: the program's version, its kind and its key.
fn header(kind: &str, key: &Key) -> String {
    format!("{VERSION} {kind} {key:?}")
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
    let file = path(dir, kind, key);
    let bytes = fs::read(&file).ok()?;
    let arrays = decode(&bytes, kind, key)?;
    // Read now: the last to be removed when the folder is tidied.
    if let Ok(f) = fs::File::options().append(true).open(&file) {
        let _ = f.set_modified(std::time::SystemTime::now());
    }
    Some(arrays)
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
    written?;
    tidy(dir, &target);
    Ok(())
}

/// What a file of the folder is, by its name and its first bytes.
enum Found {
    /// A database of this version of the program, last written or read then.
    Current(std::time::SystemTime),
    /// A database of another version, or a damaged one: never read again.
    Useless,
    /// A half-written file, as old as given.
    Part(std::time::Duration),
    /// Not one of the databases' files: left alone.
    Foreign,
}

fn found(file: &Path) -> Found {
    let Some(name) = file.file_name().and_then(|n| n.to_str()) else {
        return Found::Foreign;
    };
    let Ok(meta) = fs::symlink_metadata(file) else {
        return Found::Foreign;
    };
    if !meta.is_file() {
        return Found::Foreign;
    }
    let modified = meta.modified().unwrap_or(std::time::UNIX_EPOCH);
    let ours = |prefix: &str| {
        name.strip_prefix(prefix).is_some_and(|rest| {
            rest.strip_suffix(".bin")
                .is_some_and(|h| h.len() == 16 && h.bytes().all(|b| b.is_ascii_hexdigit()))
        })
    };
    if name.starts_with('.') && name.ends_with(".part") {
        return Found::Part(modified.elapsed().unwrap_or_default());
    }
    if !(ours("one-sided-") || ours("two-sided-")) {
        return Found::Foreign;
    }
    // The magic, the header's length, and the version that begins the header.
    let mut start = Vec::with_capacity(64);
    let read = fs::File::open(file).and_then(|f| {
        use std::io::Read;
        f.take(64).read_to_end(&mut start)
    });
    let version = format!("{VERSION} ");
    let head = MAGIC.len() + 4;
    match read {
        Ok(_)
            if start.starts_with(MAGIC)
                && start
                    .get(head..)
                    .is_some_and(|h| h.starts_with(version.as_bytes())) =>
        {
            Found::Current(modified)
        }
        _ => Found::Useless,
    }
}

/// Tidies `dir` after `written` was written (see the module's documentation).
fn tidy(dir: &Path, written: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut current = Vec::new();
    for entry in entries.flatten() {
        let file = entry.path();
        if file == written {
            continue;
        }
        match found(&file) {
            Found::Current(when) => current.push((when, file)),
            Found::Useless => {
                let _ = fs::remove_file(&file);
            }
            Found::Part(age) if age > STALE_PART => {
                let _ = fs::remove_file(&file);
            }
            Found::Part(_) | Found::Foreign => {}
        }
    }
    // The one just written counts among those kept.
    current.sort_by_key(|c| std::cmp::Reverse(c.0));
    for (_, file) in current.iter().skip(MOST_KEPT.saturating_sub(1)) {
        let _ = fs::remove_file(file);
    }
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

//! Writing a save file so that a crash, a full disk or a pulled plug never leaves a broken
//! file: the text goes to a temporary file in the same folder, is flushed to the disk, and only
//! then takes the old file's name in one rename.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use super::error::SaveError;
use super::format::{SaveFile, to_string};

/// Writes `file` to `path`, replacing any file there only once the new one is whole on disk.
/// Missing folders on the way are created. On an error the old file (if any) is untouched and
/// no temporary file is left behind.
pub fn write_atomic(path: &Path, file: &SaveFile) -> Result<(), SaveError> {
    let text = to_string(file).map_err(|e| e.in_file(path))?;
    // Never a save that loading refuses (a file of thousands of games imported): refused
    // before anything is written, in the words loading uses.
    let (size, max) = (text.len() as u64, super::MAX_FILE_BYTES);
    if size > max {
        return Err(SaveError::TooLarge { size, max }.in_file(path));
    }
    replace_atomically(path, |out| out.write_all(text.as_bytes()))
        .map_err(|e| SaveError::Write(e).in_file(path))
}

/// Writes `text` to `path` as [`write_atomic`] writes a save: whole or not at all, never
/// through a link at `path` (the rename replaces the link itself, not what it points to).
///
/// # Errors
/// Why it could not be written, naming the file; the old file is then untouched.
pub fn write_text_atomic(path: &Path, text: &str) -> Result<(), SaveError> {
    write_bytes_atomic(path, text.as_bytes())
}

/// Writes `bytes` to `path` as [`write_text_atomic`] writes text (a picture, say).
pub fn write_bytes_atomic(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    replace_atomically(path, |out| out.write_all(bytes))
        .map_err(|e| SaveError::Write(e).in_file(path))
}

/// Writes `text` to `path` as [`write_text_atomic`] does, for a secret (a host's key): on
/// Unix the file is readable and writable by its owner alone from the moment it is created,
/// never for an instant by anyone else.
///
/// # Errors
/// Why it could not be written, naming the file; the old file is then untouched.
pub fn write_private_atomic(path: &Path, text: &str) -> Result<(), SaveError> {
    replace(path, Access::Private, |out| out.write_all(text.as_bytes()))
        .map_err(|e| SaveError::Write(e).in_file(path))
}

/// Who may read a file written: anyone the system's defaults allow, or its owner alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Access {
    Shared,
    Private,
}

/// Tells temporary files of the same process apart.
static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A fresh name beside `path`: `.<name>.<pid>-<n>.tmp`.
fn temporary_beside(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let mut temp = std::ffi::OsString::from(".");
    temp.push(name);
    temp.push(format!(".{}-{n}.tmp", std::process::id()));
    Ok(path.with_file_name(temp))
}

/// How many names a write tries before it gives up: something planted under each would have
/// to be there.
const TRIES: u32 = 64;

/// A new temporary file beside `path`, never one that was there (a file or a link planted
/// under the name is passed over, never opened), and its name. A private one is created
/// (on Unix) with its owner's permission alone.
fn create_temporary(path: &Path, access: Access) -> io::Result<(PathBuf, File)> {
    let mut last = None;
    for _ in 0..TRIES {
        let temp = temporary_beside(path)?;
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        if access == Access::Private {
            std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        }
        #[cfg(not(unix))]
        let _ = access;
        match options.open(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no temporary name was free")))
}

/// Replaces `path` with what `write` writes: temporary file, write, fsync, rename, then fsync
/// of the folder where the system allows it.
pub(crate) fn replace_atomically(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    replace(path, Access::Shared, write)
}

/// [`replace_atomically`], the new file readable as `access` says from its creation on.
fn replace(
    path: &Path,
    access: Access,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir)?;
    }
    let (temp, mut out) = create_temporary(path, access)?;
    let written = write(&mut out)
        .and_then(|()| out.flush())
        .and_then(|()| out.sync_all());
    drop(out);
    let renamed = written.and_then(|()| fs::rename(&temp, path));
    if let Err(e) = renamed {
        // The old file was never touched; only the temporary one goes.
        let _ = fs::remove_file(&temp);
        return Err(e);
    }
    sync_folder(path);
    Ok(())
}

/// Makes the rename itself durable. Not every system can open a folder to sync it, and the
/// new file is whole either way, so a failure here is not an error.
fn sync_folder(path: &Path) {
    #[cfg(unix)]
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    #[cfg(not(unix))]
    let _ = path;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leftovers(dir: &Path) -> Vec<String> {
        fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect()
    }

    #[test]
    fn a_failure_while_writing_leaves_the_old_file_whole() {
        // Given a saved file
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.ron");
        fs::write(&path, "the old game").unwrap();
        // When writing its replacement fails half-way (a full disk, say)
        let result = replace_atomically(&path, |out| {
            out.write_all(b"half a ne")?;
            Err(io::Error::other("the disk is full"))
        });
        // Then the error is told, the old file is as it was, and no temporary file is left
        assert_eq!(result.unwrap_err().to_string(), "the disk is full");
        assert_eq!(fs::read_to_string(&path).unwrap(), "the old game");
        assert!(leftovers(dir.path()).is_empty());
    }

    #[test]
    fn a_whole_write_replaces_the_file_and_leaves_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.ron");
        fs::write(&path, "the old game").unwrap();
        replace_atomically(&path, |out| out.write_all(b"the new game")).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "the new game");
        assert!(leftovers(dir.path()).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_replaced_never_written_through() {
        // Given a settings file that is a link to another file
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("elsewhere.txt");
        fs::write(&target, "not Gamester's").unwrap();
        let path = dir.path().join("settings.ron");
        std::os::unix::fs::symlink(&target, &path).unwrap();
        // When it is written
        write_text_atomic(&path, "(numbers: true)").unwrap();
        // Then the link's target is untouched, and the settings are a file of their own
        assert_eq!(fs::read_to_string(&target).unwrap(), "not Gamester's");
        assert!(fs::symlink_metadata(&path).unwrap().is_file());
        assert_eq!(fs::read_to_string(&path).unwrap(), "(numbers: true)");
    }

    #[cfg(unix)]
    #[test]
    fn names_planted_where_the_temporary_file_would_go_are_passed_over() {
        // Given links planted under the next few temporary names, to a file that must not change
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("autosave.ron");
        let target = dir.path().join("precious.txt");
        fs::write(&target, "precious").unwrap();
        let next = COUNTER.load(Ordering::Relaxed);
        for n in next..next + 5 {
            let name = format!(".autosave.ron.{}-{n}.tmp", std::process::id());
            std::os::unix::fs::symlink(&target, dir.path().join(name)).unwrap();
        }
        // When the file is written
        write_text_atomic(&path, "the game").unwrap();
        // Then it is written all the same, and the links and their target are untouched
        assert_eq!(fs::read_to_string(&path).unwrap(), "the game");
        assert_eq!(fs::read_to_string(&target).unwrap(), "precious");
    }

    #[cfg(unix)]
    fn mode(path: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt as _;
        fs::symlink_metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[cfg(unix)]
    #[test]
    fn a_private_file_is_its_owners_alone_from_its_creation() {
        // Given a folder where new files are readable by others (under the usual umask, 022)
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.ron.host");
        // When the temporary file of a private write is created, before anything is written
        let (temp, _) = create_temporary(&path, Access::Private).unwrap();
        // Then only its owner may read or write it
        assert_eq!(mode(&temp), 0o600, "{}", temp.display());
        // And the file written whole is the owner's alone, even where a readable one stood
        fs::write(&path, "an old key").unwrap();
        write_private_atomic(&path, "(key: [1])").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "(key: [1])");
        assert_eq!(mode(&path), 0o600);
    }

    #[test]
    fn temporary_files_are_hidden_beside_the_target_and_distinct() {
        let a = temporary_beside(Path::new("/x/y/game.ron")).unwrap();
        let b = temporary_beside(Path::new("/x/y/game.ron")).unwrap();
        assert_eq!(a.parent(), Some(Path::new("/x/y")));
        assert!(
            a.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(".game.ron.")
        );
        assert_ne!(a, b);
        assert!(temporary_beside(Path::new("/")).is_err());
    }
}

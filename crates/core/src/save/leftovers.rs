//! What a killed write leaves behind. [`write_atomic`](super::write_atomic) writes beside the
//! file, under `.<name>.<pid>-<n>.tmp`, and renames; a kill before the rename leaves that
//! temporary file. Some are cut short. Some are whole and newer than the file itself: the kill
//! came after the disk had the game and before the rename.
//!
//! Before the autosave is read, [`tidy`] puts the newest temporary file that loads in the
//! autosave's place if it is newer than the autosave (or the autosave is missing or broken),
//! and removes every other leftover. A temporary file whose writer is still running (another
//! Gamester window saving this very moment) is left alone.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::load::load;

/// What [`tidy`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tidied {
    /// The temporary file that took the file's place, if one did.
    pub recovered: Option<PathBuf>,
    /// How many leftovers were removed.
    pub removed: usize,
}

/// A temporary file beside the file, with the process that wrote it and when.
struct Leftover {
    path: PathBuf,
    pid: Option<u32>,
    modified: Option<SystemTime>,
    /// A link planted under a temporary file's name: never followed, never recovered.
    link: bool,
}

/// The temporary files [`write_atomic`](super::write_atomic) leaves beside `path`.
fn leftovers(path: &Path) -> io::Result<Vec<Leftover>> {
    let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return Ok(Vec::new());
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let prefix = format!(".{name}.");
    let mut out = Vec::new();
    let entries = match fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(out),
        Err(e) => return Err(e),
    };
    for entry in entries {
        let entry = entry?;
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(middle) = file
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"))
        else {
            continue;
        };
        // The entry itself, a link not followed.
        let meta = fs::symlink_metadata(entry.path())?;
        if meta.file_type().is_symlink() {
            out.push(Leftover {
                path: entry.path(),
                pid: None,
                modified: None,
                link: true,
            });
            continue;
        }
        if !meta.is_file() {
            continue;
        }
        let pid = middle.split('-').next().and_then(|p| p.parse().ok());
        out.push(Leftover {
            path: entry.path(),
            pid,
            modified: meta.modified().ok(),
            link: false,
        });
    }
    Ok(out)
}

/// Whether the process that wrote a leftover may still be writing it. Where the system cannot
/// say, a file touched in the last minute is taken to be in hand.
fn still_writing(leftover: &Leftover) -> bool {
    let Some(pid) = leftover.pid else {
        return false;
    };
    if pid == std::process::id() {
        // An earlier process of the same number: this one has written nothing yet.
        return false;
    }
    if cfg!(target_os = "linux") {
        Path::new("/proc").join(pid.to_string()).exists()
    } else {
        leftover
            .modified
            .and_then(|m| m.elapsed().ok())
            .is_some_and(|age| age.as_secs() < 60)
    }
}

/// Puts in `path`'s place the newest leftover that loads and is newer than `path` (or `path`
/// is missing or does not load), and removes every other leftover not still being written.
///
/// # Errors
/// Reading the folder, or the rename that recovers a leftover, failed; `path` is untouched.
pub fn tidy(path: &Path) -> io::Result<Tidied> {
    let mut done = Tidied::default();
    let current = load(path)
        .ok()
        .and_then(|_| fs::metadata(path).ok())
        .and_then(|m| m.modified().ok());
    let mut found: Vec<Leftover> = leftovers(path)?
        .into_iter()
        .filter(|l| !still_writing(l))
        .collect();
    // Newest first: the first that loads and beats the file is the one to keep.
    found.sort_by_key(|l| std::cmp::Reverse(l.modified));
    let mut kept = None;
    for leftover in found {
        if leftover.link {
            // Removing a link removes the link, not what it points to.
            if fs::remove_file(&leftover.path).is_ok() {
                done.removed += 1;
            }
            continue;
        }
        let newer = match (leftover.modified, current) {
            (Some(mine), Some(theirs)) => mine > theirs,
            (_, None) => true,
            (None, Some(_)) => false,
        };
        if kept.is_none() && newer && load(&leftover.path).is_ok() {
            fs::rename(&leftover.path, path)?;
            kept = Some(leftover.path);
        } else if fs::remove_file(&leftover.path).is_ok() {
            done.removed += 1;
        }
    }
    done.recovered = kept;
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::Seats;
    use crate::save::{SaveFile, to_string};
    use crate::tables::{FairDice, Game, Rules};
    use std::time::Duration;

    /// The text of a game after `throws` throws and plays.
    fn game_text(throws: usize) -> String {
        let mut game = Game::new(Rules::default()).unwrap();
        let mut dice = FairDice::seeded(5);
        for _ in 0..throws {
            if game.waits_for_dice() {
                let throw = game.throw_action(&mut dice).unwrap();
                game.apply(throw).unwrap();
            } else if let Some(p) = game.legal_plays().first() {
                game.apply_play(p).unwrap();
            }
        }
        to_string(&SaveFile::from_game(&game, &Seats::two_people())).unwrap()
    }

    /// Writes `text` to `path`, dated `ago` seconds back.
    fn write_dated(path: &Path, text: &str, ago: u64) {
        fs::write(path, text).unwrap();
        let when = SystemTime::now() - Duration::from_secs(ago);
        fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(when)
            .unwrap();
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut n: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        n.sort();
        n
    }

    /// A process number no process has (above Linux's highest).
    const GONE: u32 = 4_194_305;

    #[test]
    fn a_whole_leftover_newer_than_the_autosave_takes_its_place() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("autosave.ron");
        write_dated(&path, &game_text(2), 100);
        let newer = game_text(6);
        write_dated(
            &dir.path().join(format!(".autosave.ron.{GONE}-3.tmp")),
            &newer,
            50,
        );
        write_dated(
            &dir.path().join(format!(".autosave.ron.{GONE}-2.tmp")),
            &game_text(4),
            70,
        );
        write_dated(
            &dir.path().join(format!(".autosave.ron.{GONE}-4.tmp")),
            &newer[..newer.len() / 2],
            10,
        );
        let done = tidy(&path).unwrap();
        // The newest whole one is the autosave now; the older whole one and the cut one are gone
        assert!(done.recovered.is_some());
        assert_eq!(done.removed, 2);
        assert_eq!(fs::read_to_string(&path).unwrap(), newer);
        assert_eq!(names(dir.path()), vec!["autosave.ron"]);
    }

    #[test]
    fn leftovers_older_than_the_autosave_or_broken_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("autosave.ron");
        let autosave = game_text(6);
        write_dated(&path, &autosave, 10);
        write_dated(
            &dir.path().join(format!(".autosave.ron.{GONE}-0.tmp")),
            &game_text(2),
            100,
        );
        write_dated(
            &dir.path().join(format!(".autosave.ron.{GONE}-1.tmp")),
            "(format: 1, rules: (",
            5,
        );
        let done = tidy(&path).unwrap();
        assert_eq!(done.recovered, None);
        assert_eq!(done.removed, 2);
        assert_eq!(fs::read_to_string(&path).unwrap(), autosave);
        assert_eq!(names(dir.path()), vec!["autosave.ron"]);
    }

    #[test]
    fn a_leftover_stands_in_for_a_missing_or_broken_autosave() {
        for autosave in [None, Some("not a game")] {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("autosave.ron");
            if let Some(text) = autosave {
                write_dated(&path, text, 1);
            }
            let whole = game_text(3);
            write_dated(
                &dir.path().join(format!(".autosave.ron.{GONE}-0.tmp")),
                &whole,
                100,
            );
            assert!(tidy(&path).unwrap().recovered.is_some());
            assert_eq!(fs::read_to_string(&path).unwrap(), whole);
        }
    }

    #[test]
    fn other_files_and_a_write_under_way_are_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("autosave.ron");
        write_dated(&path, &game_text(2), 100);
        // A save of another file, and a file that only looks like a leftover
        write_dated(
            &dir.path().join(format!(".Irish.ron.{GONE}-0.tmp")),
            "x",
            100,
        );
        write_dated(&dir.path().join("autosave.ron.tmp"), "x", 100);
        let mut expected = names(dir.path());
        // And, on Linux, a leftover of a live process (the first, always running)
        if cfg!(target_os = "linux") {
            write_dated(&dir.path().join(".autosave.ron.1-0.tmp"), &game_text(6), 1);
            expected = names(dir.path());
        }
        let done = tidy(&path).unwrap();
        assert_eq!(done, Tidied::default());
        assert_eq!(names(dir.path()), expected);
    }

    #[cfg(unix)]
    #[test]
    fn links_planted_under_temporary_names_are_removed_never_followed() {
        // Given an autosave, and beside it links under the temporary files' names: one to a
        // whole newer game elsewhere, one to a file that must not be touched
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("autosave.ron");
        write_dated(&path, &game_text(3), 100);
        let elsewhere = dir.path().join("elsewhere.ron");
        write_dated(&elsewhere, &game_text(9), 10);
        std::os::unix::fs::symlink(&elsewhere, dir.path().join(".autosave.ron.4194305-1.tmp"))
            .unwrap();
        std::os::unix::fs::symlink(
            "/etc/passwd",
            dir.path().join(".autosave.ron.4194305-2.tmp"),
        )
        .unwrap();
        // When the folder is tidied
        let done = tidy(&path).unwrap();
        // Then both links are gone, nothing was recovered through one, and their targets stand
        assert_eq!(done.removed, 2);
        assert_eq!(done.recovered, None);
        assert_eq!(fs::read_to_string(&path).unwrap(), game_text(3));
        assert_eq!(fs::read_to_string(&elsewhere).unwrap(), game_text(9));
        assert!(Path::new("/etc/passwd").exists());
        assert_eq!(names(dir.path()), ["autosave.ron", "elsewhere.ron"]);
    }

    #[test]
    fn no_folder_is_nothing_to_tidy() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("not made yet").join("autosave.ron");
        assert_eq!(tidy(&path).unwrap(), Tidied::default());
    }
}

//! One writer of a game in progress at a time. Each window holds an autosave slot of the data
//! folder, by a lock the system drops when the window's process ends, however it ends: the
//! first window holds the usual one (`autosave.ron`, `tiles-autosave.ron`), and a second window
//! opened on the same folder holds the next (`autosave-2.ron`, …) and says so. Neither can
//! overwrite the other's game, and a window opened later resumes the game of the slot it finds
//! free.
//!
//! (Bringing the first window forward instead was weighed and not chosen: it needs a channel
//! between the processes and a request to raise a window that Wayland refuses to a program
//! without the focus, so it would work on some desktops only; a slot of its own works on all,
//! and lets two games be played side by side.)

use std::fs::{File, OpenOptions};
use std::path::Path;

/// The lock of the usual slot, hidden as the temporary files are; `.window-2.lock` that of
/// the second.
pub const LOCK: &str = ".window.lock";

/// The most windows that hold slots of one folder; a window beyond them shares the last.
const MOST: u32 = 16;

/// The slot a window holds, and the lock that holds it.
#[derive(Debug)]
pub struct Slot {
    /// 1 for the usual files, 2 and up for a window opened beside another.
    pub number: u32,
    /// Held until the window's process ends.
    _lock: Option<File>,
}

impl Slot {
    /// The first slot of the data folder `dir` that no other window holds. A folder where
    /// locks cannot be taken at all (some network disks) gives the usual slot, unlocked.
    #[must_use]
    pub fn claim(dir: &Path) -> Slot {
        if std::fs::create_dir_all(dir).is_err() {
            return Slot::usual();
        }
        for number in 1..=MOST {
            let path = dir.join(name(LOCK, number));
            // A pipe or a link planted at the lock's name is never opened: the next slot is.
            if std::fs::symlink_metadata(&path).is_ok_and(|m| !m.is_file()) {
                continue;
            }
            let Ok(file) = OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
            else {
                return Slot::usual();
            };
            match file.try_lock() {
                Ok(()) => {
                    return Slot {
                        number,
                        _lock: Some(file),
                    };
                }
                Err(std::fs::TryLockError::WouldBlock) => {}
                Err(std::fs::TryLockError::Error(_)) => return Slot::usual(),
            }
        }
        Slot {
            number: MOST,
            _lock: None,
        }
    }

    /// The usual slot, held by no lock.
    #[must_use]
    pub fn usual() -> Slot {
        Slot {
            number: 1,
            _lock: None,
        }
    }
}

/// The name of the file `file` in slot `number`: `autosave.ron` itself in slot 1 (or 0, for a
/// launch that never claimed one), `autosave-2.ron` in slot 2.
#[must_use]
pub fn name(file: &str, number: u32) -> String {
    if number <= 1 {
        return file.to_string();
    }
    match file.rsplit_once('.') {
        Some((stem, ext)) => format!("{stem}-{number}.{ext}"),
        None => format!("{file}-{number}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_names_keep_their_extension() {
        assert_eq!(name("autosave.ron", 0), "autosave.ron");
        assert_eq!(name("autosave.ron", 1), "autosave.ron");
        assert_eq!(name("autosave.ron", 2), "autosave-2.ron");
        assert_eq!(name("tiles-autosave.ron", 3), "tiles-autosave-3.ron");
        assert_eq!(name(LOCK, 2), ".window-2.lock");
    }

    #[test]
    fn a_second_claim_on_a_folder_gets_the_next_slot_and_a_freed_slot_is_taken_again() {
        let dir = tempfile::tempdir().unwrap();
        let first = Slot::claim(dir.path());
        let second = Slot::claim(dir.path());
        assert_eq!((first.number, second.number), (1, 2));
        drop(second);
        assert_eq!(Slot::claim(dir.path()).number, 2);
        drop(first);
        assert_eq!(Slot::claim(dir.path()).number, 1);
    }
}

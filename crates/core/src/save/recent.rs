//! The recently opened or saved games, for the window's menu: most recent first, each path
//! once, at most [`MAX_RECENT`].

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// How many recent files are remembered.
pub const MAX_RECENT: usize = 8;

/// Recent files, most recent first, without repeats, at most [`MAX_RECENT`]. A list read back
/// (serde) is put in order the same way, so a hand-edited list cannot break the invariants.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Vec<PathBuf>", into = "Vec<PathBuf>")]
pub struct RecentFiles {
    paths: Vec<PathBuf>,
}

impl RecentFiles {
    #[must_use]
    pub fn new() -> RecentFiles {
        RecentFiles::default()
    }

    /// Puts `path` first (moving it up if it was already listed); the oldest falls off the end.
    pub fn add(&mut self, path: impl Into<PathBuf>) {
        let path = path.into();
        self.paths.retain(|p| *p != path);
        self.paths.insert(0, path);
        self.paths.truncate(MAX_RECENT);
    }

    /// Forgets `path` (say, a file that could not be opened any more).
    pub fn remove(&mut self, path: &Path) {
        self.paths.retain(|p| p != path);
    }

    /// The paths, most recent first.
    #[must_use]
    pub fn paths(&self) -> &[PathBuf] {
        &self.paths
    }

    /// The most recent path, if any.
    #[must_use]
    pub fn latest(&self) -> Option<&Path> {
        self.paths.first().map(PathBuf::as_path)
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.paths.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.paths.is_empty()
    }

    pub fn clear(&mut self) {
        self.paths.clear();
    }
}

impl From<Vec<PathBuf>> for RecentFiles {
    /// Keeps the first time each path appears, and the first [`MAX_RECENT`] of them.
    fn from(paths: Vec<PathBuf>) -> RecentFiles {
        let mut kept: Vec<PathBuf> = Vec::new();
        for p in paths {
            if kept.len() < MAX_RECENT && !kept.contains(&p) {
                kept.push(p);
            }
        }
        RecentFiles { paths: kept }
    }
}

impl From<RecentFiles> for Vec<PathBuf> {
    fn from(recent: RecentFiles) -> Vec<PathBuf> {
        recent.paths
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_latest_comes_first_and_a_repeat_moves_up() {
        // Given three files opened in turn
        let mut recent = RecentFiles::new();
        for p in ["a.ron", "b.ron", "c.ron"] {
            recent.add(p);
        }
        // When the first is opened again
        recent.add("a.ron");
        // Then it is first, and listed once
        let names: Vec<_> = recent.paths().iter().map(|p| p.to_str().unwrap()).collect();
        assert_eq!(names, ["a.ron", "c.ron", "b.ron"]);
        assert_eq!(recent.latest(), Some(Path::new("a.ron")));
    }

    #[test]
    fn only_eight_are_kept() {
        let mut recent = RecentFiles::new();
        for i in 0..12 {
            recent.add(format!("{i}.ron"));
        }
        assert_eq!(recent.len(), MAX_RECENT);
        assert_eq!(recent.paths()[0], Path::new("11.ron"));
        assert_eq!(recent.paths()[7], Path::new("4.ron"));
        recent.remove(Path::new("11.ron"));
        assert_eq!(recent.latest(), Some(Path::new("10.ron")));
    }

    #[test]
    fn a_list_read_back_is_put_in_order() {
        // Given a hand-edited list with repeats and too many entries
        let text = r#"["a", "b", "a", "c", "d", "e", "f", "g", "h", "i", "j"]"#;
        // When it is read
        let recent: RecentFiles = ron::from_str(text).unwrap();
        // Then each path is kept once, at most eight
        assert_eq!(recent.len(), 8);
        assert_eq!(recent.paths()[2], Path::new("c"));
        // And it writes back as a plain list
        let again: RecentFiles = ron::from_str(&ron::to_string(&recent).unwrap()).unwrap();
        assert_eq!(again, recent);
    }
}

//! The names Gamester offers for a game's file: the game's name and the local date and time
//! (`Irish 2026-11-21 14.05.ron`), so that saves sort by date and say what they hold without
//! being opened, and a name free in a folder for a game kept there.

use std::path::{Path, PathBuf};

/// A file name for the game called `title` saved now, in local time, with `note` after the
/// date (`Muggins 2026-11-21 14.05 (abandoned).ron`).
#[must_use]
pub fn dated(title: &str, note: &str) -> String {
    let now = chrono::Local::now();
    format!("{title} {}{note}.ron", now.format("%Y-%m-%d %H.%M"))
}

/// A file's place as a person knows it, for a message or a menu: `~/Games/Irish.ron` for a
/// file in the home folder, the whole path for one elsewhere, the file's name "in Gamester's
/// games folder" for one there (`~/.local/share/…`, which Game → Show Gamester's games folder
/// opens), and only the file's name for a file in another hidden folder, whose path means
/// nothing to a player and is not one he could browse to.
#[must_use]
pub fn shown(path: &Path) -> String {
    in_games_folder(path, crate::save::data_dir().as_deref())
}

/// [`shown`], with Gamester's games folder at `games`.
fn in_games_folder(path: &Path, games: Option<&Path>) -> String {
    let name = || {
        path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    };
    let hidden = path.parent().is_some_and(|dir| {
        dir.components().any(|c| match c {
            std::path::Component::Normal(part) => part.to_string_lossy().starts_with('.'),
            _ => false,
        })
    });
    if games.is_some_and(|games| path.parent() == Some(games)) {
        return format!("{} in Gamester's games folder", name());
    }
    if hidden {
        return name();
    }
    let home = directories::BaseDirs::new().map(|b| b.home_dir().to_path_buf());
    match home
        .as_deref()
        .and_then(|home| path.strip_prefix(home).ok())
    {
        Some(inside) if !inside.as_os_str().is_empty() => {
            format!("~{}{}", std::path::MAIN_SEPARATOR, inside.display())
        }
        _ => path.display().to_string(),
    }
}

/// Today's date in words, for a page to print: "26 November 2026".
#[must_use]
pub fn today() -> String {
    use chrono::Datelike as _;
    let now = chrono::Local::now();
    crate::teaching::handout::date_words(now.year(), now.month(), now.day())
}

/// `name` in `dir`, or, if a file of that name is there already, the same name with " 2",
/// " 3"… before its extension: a kept game never replaces another.
#[must_use]
pub fn free_in(dir: &Path, name: &str) -> PathBuf {
    // A link is a name taken, even one that points nowhere.
    let free = |p: &Path| std::fs::symlink_metadata(p).is_err();
    let path = dir.join(name);
    if free(&path) {
        return path;
    }
    let stem = Path::new(name)
        .file_stem()
        .map_or_else(|| name.to_string(), |s| s.to_string_lossy().into_owned());
    (2u32..)
        .map(|n| dir.join(format!("{stem} {n}.ron")))
        .find(|p| free(p))
        .unwrap_or(path)
}

/// Sets the file at `path` aside, beside it, under a name that says why and when
/// (`autosave.ron` → `autosave (unreadable 2026-11-21 14.05).ron`), so that nothing Gamester
/// writes later replaces it; the new path. A link is moved as a link, never followed.
///
/// # Errors
/// Why the file could not be renamed; it is then where it was.
pub fn set_aside(path: &Path) -> std::io::Result<PathBuf> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let now = chrono::Local::now();
    let name = format!("{stem} (unreadable {}).ron", now.format("%Y-%m-%d %H.%M"));
    let aside = free_in(dir, &name);
    std::fs::rename(path, &aside)?;
    Ok(aside)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_named_as_a_person_knows_its_place() {
        // A hidden folder (Gamester's games folder, a temporary one) gives only the name
        let games = Path::new("/home/ann/.local/share/Gamester/Irish 2026-11-21 14.05.ron");
        assert_eq!(shown(games), "Irish 2026-11-21 14.05.ron");
        let temporary = Path::new("/tmp/.tmpAb12/kept.ron");
        assert_eq!(shown(temporary), "kept.ron");
        // Gamester's own games folder is named as the menu that opens it names it
        let folder = Path::new("/home/ann/.local/share/Gamester");
        assert_eq!(
            in_games_folder(&folder.join("Irish.ron"), Some(folder)),
            "Irish.ron in Gamester's games folder"
        );
        assert_eq!(
            in_games_folder(&folder.join("old").join("Irish.ron"), Some(folder)),
            "Irish.ron",
            "only the folder itself is Gamester's games folder"
        );
        if let Some(games) = crate::save::data_dir() {
            assert_eq!(
                shown(&games.join("Fails.ron")),
                "Fails.ron in Gamester's games folder"
            );
        }
        // A folder of the person's own is named from the home, and one elsewhere whole
        if let Some(home) = directories::BaseDirs::new().map(|b| b.home_dir().to_path_buf())
            && !shown(&home).contains("/.")
        {
            let mine = home.join("Games").join("Irish.ron");
            assert_eq!(
                shown(&mine),
                format!("~{0}Games{0}Irish.ron", std::path::MAIN_SEPARATOR)
            );
        }
        assert_eq!(
            shown(Path::new("/srv/games/Irish.ron")),
            "/srv/games/Irish.ron"
        );
    }

    #[test]
    fn a_name_taken_gets_a_number() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(free_in(dir.path(), "a.ron"), dir.path().join("a.ron"));
        std::fs::write(dir.path().join("a.ron"), "").unwrap();
        assert_eq!(free_in(dir.path(), "a.ron"), dir.path().join("a 2.ron"));
        std::fs::write(dir.path().join("a 2.ron"), "").unwrap();
        assert_eq!(free_in(dir.path(), "a.ron"), dir.path().join("a 3.ron"));
    }
}

//! Leaving an unfinished game for another: a new one, one set up from a position, or a saved
//! one opened. The person is asked first, and the game left behind is never lost: it is written
//! into Gamester's data folder, beside the autosave, under a dated name, and listed in Open
//! recent.

use std::path::PathBuf;

use egui::{Id, RichText};

use crate::abandonment::Abandonment;
use crate::save::RecentFiles;
use crate::ui::shell::file_names;
use crate::ui::shell::launch::Launch;
use crate::ui::shell::message::Message;
use crate::ui::shell::settings::Settings;
use gamester_core::Family;

/// The game that would take the place of the one in play, waiting on "Leave this game?".
/// Whatever could fail (a file read, a position that cannot start) has been tried already, so
/// that the person is never asked to leave a game for one that cannot be had. The shell reads
/// only which family it is for and the words of its button; the game itself is its family's.
pub enum Next {
    /// A new game under these settings (New game), boxed: the rules are the largest part.
    NewGame(Box<Settings>),
    /// A game with friends at a distance, everyone seated (Play a friend over the network).
    Network(Box<gamester_net::party::Party>),
    /// A game of one family's own making (a saved game opened, a position set up, another
    /// program's file imported), which only that family's screen reads.
    Own(Own),
}

/// A game of one family's own making, as [`Next::Own`] carries it.
pub struct Own {
    pub family: Family,
    /// The words of the button that leaves the game in play for this one.
    pub words: &'static str,
    /// The game, as its family's screen takes it (`downcast`).
    pub game: Box<dyn std::any::Any>,
}

impl Next {
    /// A game of `family`'s own making, left for with a button saying `words`.
    pub fn own<G: 'static>(family: Family, words: &'static str, game: G) -> Next {
        Next::Own(Own {
            family,
            words,
            game: Box::new(game),
        })
    }

    /// The family whose game `self` would replace.
    #[must_use]
    pub fn family(&self) -> Family {
        match self {
            Next::NewGame(settings) => settings.family(),
            Next::Network(party) => party
                .table()
                .map_or(Family::TABLES, |t| t.setup().rules.family()),
            Next::Own(own) => own.family,
        }
    }

    /// The words of the button that leaves the game in play for this one.
    #[must_use]
    pub fn leave_words(&self) -> &'static str {
        match self {
            Next::NewGame(_) => "Leave it and start the new game",
            Next::Network(_) => "Leave it and play your friend",
            Next::Own(own) => own.words,
        }
    }
}

/// The person's answer to "Leave this game?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Asking,
    Leave,
    Stay,
}

/// Asks whether to leave the game in play for `next`, over the window.
pub fn ask(ctx: &egui::Context, keeps: bool, next: &Next) -> Answer {
    let mut answer = Answer::Asking;
    let modal = egui::Modal::new(Id::unique("leave this game?")).show(ctx, |ui| {
        ui.set_max_width(420.0);
        ui.heading("Leave this game?");
        ui.label(if keeps {
            "The game in play is not finished. It is kept in Open recent, to be played on later."
        } else {
            "The game in play is not finished, and nothing is kept in this run \
             (--fresh): save it first to keep it."
        });
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            if ui.button(RichText::new(next.leave_words())).clicked() {
                answer = Answer::Leave;
            }
            if ui.button("Go back to it").clicked() {
                answer = Answer::Stay;
            }
        });
    });
    if modal.should_close() && answer == Answer::Asking {
        answer = Answer::Stay;
    }
    answer
}

/// Writes a game into the data folder under a dated name no other file has (`title`, the date,
/// then `note`), by `write`, and lists it among the recent files; where. `Ok(None)` where the
/// launch keeps nothing.
pub fn keep_dated(
    title: &str,
    note: &str,
    launch: &Launch,
    recent: &mut RecentFiles,
    write: impl FnOnce(&std::path::Path) -> Result<(), String>,
) -> Result<Option<PathBuf>, String> {
    let Some(dir) = launch.data_dir() else {
        return Ok(None);
    };
    let path = file_names::free_in(&dir, &file_names::dated(title, note));
    write(&path)?;
    recent.add(path.clone());
    Ok(Some(path))
}

/// What a throw or a move is answered with in a game a friend left: it is over for good (it
/// is counted as lost by the friend, and nothing played after could count).
pub const ENDED: &str = "The game was ended: nothing more is played in it.";

/// The core's record of a game at a distance left by a party, from the network's (the seats
/// that party played at `table`).
#[must_use]
pub fn abandonment(
    abandoned: &gamester_net::party::Abandoned,
    table: Option<&gamester_net::Table>,
) -> Abandonment {
    abandoned.to_core(table)
}

/// What a file's name may hold of `words` (a player's name among them): every character a
/// file system refuses somewhere made a space.
fn file_safe(words: &str) -> String {
    words
        .chars()
        .map(|c| {
            if c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') {
                ' '
            } else {
                c
            }
        })
        .collect()
}

/// Keeps a game ended as abandoned (by a friend at a distance who kept it waiting, or did not
/// come back) in the data folder, under a dated name that says so and who lost by it
/// (`Irish 2026-11-21 14.05 (abandoned, Robin loses).ron`; `loser` none: `(abandoned)`), and
/// lists it among the recent files; what to tell the person, after `said` (the game's end in
/// words, as the story tells it). `write` writes the game's file.
pub fn keep_abandoned(
    title: &str,
    said: &str,
    loser: Option<&str>,
    launch: &Launch,
    recent: &mut RecentFiles,
    write: impl FnOnce(&std::path::Path) -> Result<(), String>,
) -> Message {
    let note = match loser {
        Some(loser) => format!(" (abandoned, {})", file_safe(loser)),
        None => " (abandoned)".to_string(),
    };
    let said = if said.ends_with('.') {
        said.to_string()
    } else {
        format!("{said}.")
    };
    match keep_dated(title, &note, launch, recent, write) {
        Ok(None) => Message::info(said),
        Ok(Some(path)) => Message::info(format!(
            "{said} It is kept in Open recent, as {}",
            crate::ui::shell::file_names::shown(&path)
        ))
        .with_file(&path)
        .lasting(),
        Err(e) => Message::error(format!(
            "{said} It could not be kept in Open recent ({e}); it stays in the autosave until \
             another game begins"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_left_is_kept_under_a_name_saying_who_lost_with_no_character_a_disk_refuses() {
        // Given a window keeping its games in a folder, and a friend named with a slash
        let dir = tempfile::tempdir().unwrap();
        let launch = Launch {
            data_dir: Some(dir.path().to_path_buf()),
            ..Launch::default()
        };
        let mut recent = RecentFiles::new();
        // When a game he left is kept
        let said = keep_abandoned(
            "Irish",
            "The game was ended: abandoned by Ro/bin, who did not come back. Ro/bin loses a \
             single game, 1 stake",
            Some("Ro/bin: loses"),
            &launch,
            &mut recent,
            |path| std::fs::write(path, "kept").map_err(|e| e.to_string()),
        );
        // Then it is in Open recent under a dated name that says who lost, in the folder
        let kept = recent.latest().unwrap().to_path_buf();
        let name = kept.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            name.starts_with("Irish 20") && name.ends_with(" (abandoned, Ro bin  loses).ron"),
            "{name}"
        );
        assert_eq!(kept.parent(), Some(dir.path()));
        // And the person is told what it cost, and where it is
        assert!(
            said.text.starts_with(
                "The game was ended: abandoned by Ro/bin, who did not come back. Ro/bin loses a \
                 single game, 1 stake. It is kept in Open recent, as "
            ),
            "{}",
            said.text
        );
        // And with nobody known to have lost, the name says only that it was abandoned
        keep_abandoned("Irish", "Ended.", None, &launch, &mut recent, |path| {
            std::fs::write(path, "kept").map_err(|e| e.to_string())
        });
        let name = recent.latest().unwrap().display().to_string();
        assert!(name.ends_with(" (abandoned).ron"), "{name}");
    }
}

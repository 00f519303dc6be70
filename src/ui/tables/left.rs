//! A game at tables named and left: its name by its preset's game, whether leaving it loses
//! something, and the game left kept in the data folder under a dated name.

use std::path::PathBuf;

use crate::save::{self, RecentFiles};
use crate::session::Session;
use crate::tables::{Game, Preset, Rules};
use crate::ui::shell::file_names::{self, dated};
use crate::ui::shell::launch::Launch;
use crate::ui::shell::leaving;
use crate::ui::shell::message::Message;

/// The name of the game under `rules`: its preset's title without the source in brackets
/// ("Irish", "Early Backgammon"), whatever the match, the cube and a position set up, or
/// "Gamester" for house rules.
#[must_use]
pub fn game_name(rules: &Rules) -> &'static str {
    Preset::of_game_set_up(rules).map_or("Gamester", |p| {
        let title = p.title();
        title.split(" (").next().unwrap_or(title)
    })
}

/// A file name for a game under `rules` saved now, in local time. The minutes are separated
/// by a dot, as a colon is not allowed in a file name everywhere.
#[must_use]
pub fn dated_name(rules: &Rules) -> String {
    dated(game_name(rules), "")
}

/// Whether leaving `game` loses something: it is not over and something has happened in it.
#[must_use]
pub fn unfinished(game: &Game) -> bool {
    !game.is_over() && !game.record().is_empty()
}

/// Writes the game in play into the data folder under a dated name no other file has (a
/// finished game's says so: `Irish 2026-11-21 14.05 (finished).ron`), and lists it among the
/// recent files. `Ok(None)` where the launch keeps nothing.
pub fn keep(
    session: &Session,
    launch: &Launch,
    recent: &mut RecentFiles,
) -> Result<Option<PathBuf>, String> {
    let note = if session.game().is_over() {
        " (finished)"
    } else {
        ""
    };
    let file = save::SaveFile::from_session(session);
    leaving::keep_dated(
        game_name(session.game().rules()),
        note,
        launch,
        recent,
        |path| save::write_atomic(path, &file).map_err(|e| e.to_string()),
    )
}

/// Keeps the unfinished game of the autosave when a file opened at start takes its place, as
/// any game left for another is kept; what to tell the person.
pub fn keep_displaced(left: &Session, launch: &Launch, recent: &mut RecentFiles) -> Message {
    match keep(left, launch, recent) {
        Ok(Some(path)) => Message::info(format!(
            "The game that was in progress is kept in Open recent, as {}",
            file_names::shown(&path)
        ))
        .with_file(&path),
        Ok(None) => Message::info("The game that was in progress is not kept (--fresh)"),
        Err(e) => Message::error(format!(
            "The game that was in progress could not be kept: {e}; it stays in the autosave \
             until this game changes"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preset_names_the_file_and_house_rules_are_gamester() {
        assert_eq!(game_name(&Rules::preset(Preset::Irish)), "Irish");
        assert_eq!(
            game_name(&Rules::preset(Preset::BackgammonCotton)),
            "Early Backgammon"
        );
        // The match and the cube leave the game its name; a rule of the game changed does not
        let mut house = Rules::preset(Preset::Modern);
        house.cube = true;
        house.match_to = 5;
        assert_eq!(game_name(&house), "Modern backgammon");
        // A position set up leaves it its name too (issue 57, item 7)
        let mut set_up = Rules::preset(Preset::Irish);
        set_up.set("layout", "custom:4HPwATDgc/ABMA").unwrap();
        assert_eq!(game_name(&set_up), "Irish");
        house.set("bear_off", "exact").unwrap();
        assert_eq!(game_name(&house), "Gamester");
        let name = dated_name(&Rules::preset(Preset::Fails));
        assert!(
            name.starts_with("Fails 20") && name.ends_with(".ron"),
            "{name}"
        );
        assert_eq!(name.len(), "Fails 2026-11-21 14.05.ron".len(), "{name}");
    }
}

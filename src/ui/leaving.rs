//! Leaving an unfinished game for a new one. The person is asked first, and the game left
//! behind is never lost: it is written into Gamester's data folder, beside the autosave, under
//! a dated name, and listed in Open recent.

use std::path::PathBuf;

use egui::{Id, RichText};

use super::file_names;
use super::launch::Launch;
use crate::engine::Game;
use crate::save::{self, RecentFiles};
use crate::session::Session;

/// Whether leaving `game` loses something: it is not over and something has happened in it.
#[must_use]
pub fn unfinished(game: &Game) -> bool {
    !game.is_over() && !game.record().is_empty()
}

/// The person's answer to "Leave this game?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Asking,
    Leave,
    Stay,
}

/// Asks whether to leave the game in play for a new one, over the window.
pub fn ask(ctx: &egui::Context, keeps: bool) -> Answer {
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
            if ui
                .button(RichText::new("Leave it and start the new game"))
                .clicked()
            {
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

/// Writes the game in play into the data folder under a dated name no other file has, and
/// lists it among the recent files. `Ok(None)` where the launch keeps nothing.
pub fn keep(
    session: &Session,
    launch: &Launch,
    recent: &mut RecentFiles,
) -> Result<Option<PathBuf>, String> {
    let Some(dir) = launch.data_dir() else {
        return Ok(None);
    };
    let name = file_names::dated_name(session.game().rules());
    let path = file_names::free_in(&dir, &name);
    let file = save::SaveFile::from_game(session.game(), session.table());
    save::write_atomic(&path, &file).map_err(|e| e.to_string())?;
    recent.add(path.clone());
    Ok(Some(path))
}

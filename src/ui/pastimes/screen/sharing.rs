//! A diagram of the pastime's table shown (the game in play, or the point of its replay), drawn
//! from the game by the core's teaching and written as the file chooser asked: an SVG, or a PNG
//! at the width chosen.

use std::path::Path;

use crate::picture::Picture;
use crate::teaching::pastime_diagram::{PastimeDiagram, caption_of, seat_names};
use crate::ui::shell::message::Message;

use super::PastimesScreen;

impl PastimesScreen {
    /// Writes a diagram of the table shown (its seats named as its story names them, the
    /// dice of the last throw, and a caption of the game and what it waits for) to `path` as
    /// `picture` says; what to say.
    pub fn export_diagram(&self, path: &Path, picture: Picture) -> Message {
        let shown = self.shown();
        let game = shown.game();
        // The computer is named on the page by its level ("the computer (fair)"), not by the
        // name the table gives it.
        let given: Vec<String> = shown
            .names()
            .all()
            .iter()
            .map(|n| {
                if n == crate::ui::pastimes::story::COMPUTER {
                    String::new()
                } else {
                    n.clone()
                }
            })
            .collect();
        let diagram = PastimeDiagram {
            game,
            names: seat_names(game, shown.sitters(), &given),
            caption: Some(caption_of(game)),
        };
        let written = picture.bytes(&diagram.svg()).and_then(|bytes| {
            crate::save::write_bytes_atomic(path, &bytes).map_err(|e| e.to_string())
        });
        match written {
            Ok(()) => Message::info(format!(
                "The diagram is written to {}",
                crate::ui::shell::file_names::shown(path)
            )),
            Err(e) => Message::error(format!("The diagram could not be written: {e}")),
        }
    }
}

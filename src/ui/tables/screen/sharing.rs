//! The window's side of positions and games to share: the Game menu's Copy position ID,
//! Export a diagram, the pages to print, Export and Import of `.mat` files, and Set up a
//! position, applied to the game in play. The window that reads an ID, and what an ID means,
//! are `ui::position_setup`'s; this file only puts the answer in play, as the window's other
//! new games are put in play.

use super::TablesScreen;
use crate::session::Session;
use crate::ui::shell::message::Message;
use crate::ui::shell::screen::{Ask, Shell};
use crate::ui::shell::settings::Settings;
use crate::ui::tables::intent::Share;
use crate::ui::tables::position_setup;

/// The most a `.mat` or `.sgf` file may be: a long match of long games, with gnubg's analysis,
/// is a few megabytes.
const MATCH_FILE_MOST: u64 = 16 * 1024 * 1024;

/// The games of the `.mat` or `.sgf` file at `path`, replayed through the rules, as a session
/// to play on from its last game, a match's games before it kept to replay, with the file's
/// names (people at both sides), and what to say of it; or why not.
pub fn imported_game(
    path: &std::path::Path,
    launch: &crate::ui::shell::launch::Launch,
) -> Result<(Session, String), String> {
    let bytes = gamester_core::files::read_capped(path, MATCH_FILE_MOST).map_err(|e| {
        format!(
            "{} could not be read: {e}",
            crate::ui::shell::file_names::shown(path)
        )
    })?;
    let games = crate::exchange::import_bytes(&bytes).map_err(|e| {
        format!(
            "{} is refused: {e}. The game in play is kept.",
            crate::ui::shell::file_names::shown(path)
        )
    })?;
    let count = games.len();
    let Some((earlier, last)) = crate::exchange::as_match(games, count) else {
        return Err(format!(
            "{} has no game",
            crate::ui::shell::file_names::shown(path)
        ));
    };
    let said = match count {
        1 => format!(
            "The game is imported from {}",
            crate::ui::shell::file_names::shown(path)
        ),
        n => format!(
            "The match's {n} games are imported from {}, the last in play and the others kept \
             with it",
            crate::ui::shell::file_names::shown(path)
        ),
    };
    let seats = last.seats();
    Ok((
        Session::resume(last.game, seats, launch.dice()).with_earlier(earlier),
        said,
    ))
}

impl TablesScreen {
    /// Writes the game in play as a `.mat` or `.sgf` file to `path`; what to say.
    pub fn export_game(&self, path: &std::path::Path, format: crate::exchange::Format) -> Message {
        let written = self
            .session
            .match_records()
            .map_err(|e| e.to_string())
            .and_then(|games| crate::exchange::export_games(&games, self.session.seats(), format))
            .and_then(|text| {
                crate::save::write_text_atomic(path, &text).map_err(|e| e.to_string())
            });
        let reader = match format {
            crate::exchange::Format::Mat => "GNU Backgammon (import mat) or eXtreme Gammon",
            crate::exchange::Format::Sgf => "GNU Backgammon (load match)",
        };
        let what = match self.session.earlier().len() {
            0 => "The game is".to_string(),
            n => format!("The match so far ({} games) is", n + 1),
        };
        match written {
            Ok(()) => Message::info(format!(
                "{what} written to {}, for {reader}",
                crate::ui::shell::file_names::shown(path)
            )),
            Err(e) => Message::error(format!("The game could not be exported: {e}")),
        }
    }

    /// Writes a page to print of the game in play to `path`: its rules, or its score sheet
    /// (every line of its story, the last position drawn, and, when the game has been analysed,
    /// its three worst plays drawn before they were made); what to say.
    pub fn write_page(
        &self,
        path: &std::path::Path,
        page: crate::ui::shell::file_chooser::Page,
    ) -> Message {
        use crate::teaching::handout;
        use crate::ui::shell::file_chooser::Page;
        let game = self.session.game();
        let text = match page {
            Page::Rules => Ok(handout::rules_page(game.rules())),
            Page::ScoreSheet => crate::save::GameRecord::of_game(game)
                .map_err(|e| e.to_string())
                .and_then(|record| {
                    let seats = self.session.seats();
                    let moments = match self.helpers.analysis.analysis() {
                        Some(a) if self.helpers.analysis.to_keep(game).is_some() => {
                            handout::worst_moments(a, game.rules(), seats, 3)
                        }
                        _ => Vec::new(),
                    };
                    gamester_core::session::score_sheet::score_sheet(
                        &record,
                        seats,
                        self.session.abandoned(),
                        &crate::ui::shell::file_names::today(),
                        &[],
                        &moments,
                    )
                }),
        };
        let written =
            text.and_then(|t| crate::save::write_text_atomic(path, &t).map_err(|e| e.to_string()));
        match written {
            Ok(()) => Message::info(format!(
                "The page is written to {}: open it in a browser to print it",
                crate::ui::shell::file_names::shown(path)
            )),
            Err(e) => Message::error(format!("The page could not be written: {e}")),
        }
    }

    /// Applies what the person asked of a position to share.
    pub(super) fn share(&mut self, ctx: &egui::Context, share: Share, shell: &mut Shell) {
        match share {
            Share::CopyId => {
                shell.message = Some(Message::info(position_setup::copy(
                    ctx,
                    self.shown().game(),
                )));
            }
            Share::CopyGnubgId => {
                shell.message = Some(Message::info(position_setup::copy_gnubg_id(
                    ctx,
                    self.shown().game(),
                )));
            }
            Share::CopyXgid => {
                shell.message = Some(Message::info(position_setup::copy_xgid(
                    ctx,
                    self.shown().game(),
                )));
            }
            Share::OpenSetup => self.helpers.setup.open(),
            Share::SetUp(rules, tally) => {
                // A game that cannot start leaves the game in play exactly as it was, and an
                // unfinished game is left only once the person says so.
                let started = crate::session::Session::new(
                    rules,
                    self.session.seats().clone(),
                    tally,
                    shell.launch.dice(),
                );
                match started {
                    Ok(session) => shell.asks.push(Ask::Leave(Box::new(
                        super::TablesNext::SetUp(Box::new(session)).into_next(),
                    ))),
                    Err(e) => {
                        shell.message = Some(Message::error(format!(
                            "No game can start from that position: {e}"
                        )))
                    }
                }
            }
        }
    }
}

impl TablesScreen {
    /// Writes a diagram of the position shown (seen from the side at the bottom of the board,
    /// named as the View menu names the points, with the dice of the throw and a caption of the
    /// game and what it waits for) to `path` as `picture` says; what to say.
    pub fn export_diagram(
        &self,
        path: &std::path::Path,
        picture: crate::picture::Picture,
        settings: &Settings,
    ) -> Message {
        use crate::teaching::diagram::{Diagram, Labels};
        let shown = self.shown();
        let game = shown.game();
        let bottom = self.view(settings).bottom;
        let dice = game.throw().map(|t| t.faces().to_vec()).unwrap_or_default();
        let diagram = Diagram {
            position: game.position_for(bottom),
            dice,
            labels: if settings.numbers {
                Labels::Numbers
            } else {
                Labels::Period
            },
            caption: Some(format!(
                "{}: {}",
                crate::teaching::rules_text::title(game.rules()),
                shown.status()
            )),
            sides: [
                shown.colour_name(bottom).to_string(),
                shown.colour_name(bottom.other()).to_string(),
            ],
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

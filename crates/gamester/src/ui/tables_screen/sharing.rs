//! The window's side of positions to share: the Game menu's Copy position ID and Set up a
//! position, applied to the game in play. The window that reads an ID, and what an ID means,
//! are `ui::position_setup`'s; this file only puts the answer in play, as the window's other
//! new games are put in play.

use super::{TablesScreen, new_game};
use crate::ui::intent::Share;
use crate::ui::leaving::Next;
use crate::ui::message::Message;
use crate::ui::position_setup;
use crate::ui::screen::{Ask, Shell};

impl TablesScreen {
    /// Applies what the person asked of a position to share.
    pub(super) fn share(&mut self, ctx: &egui::Context, share: Share, shell: &mut Shell) {
        match share {
            Share::CopyId => {
                shell.message = Some(Message::info(position_setup::copy(
                    ctx,
                    self.shown().game(),
                )));
            }
            Share::OpenSetup => self.setup.open(),
            Share::SetUp(rules) => {
                // A game that cannot start leaves the game in play exactly as it was, and an
                // unfinished game is left only once the person says so.
                match new_game(&rules, self.session.seats(), &shell.launch) {
                    Ok(session) => shell.asks.push(Ask::Leave(Next::SetUp(Box::new(session)))),
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

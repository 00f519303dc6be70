//! A screen made afresh for each game its family is given (the tiles', the pastimes'): the
//! family says how it makes one from a new game, from a party at a distance and from a file
//! read; the shell does the rest once, for all of them ([`go_to`]): what to say, and the file
//! remembered in Open recent.

use std::path::PathBuf;

use crate::ui::shell::launch::Launch;
use crate::ui::shell::leaving::Next;
use crate::ui::shell::message::Message;
use crate::ui::shell::screen::Shell;
use crate::ui::shell::settings::Settings;

/// What a family makes its screen from.
pub trait Made: Sized {
    /// The game of a file read, as the family's reading hands it on in [`Next::Own`].
    type Opened: 'static;

    /// A new game under `settings`, or why there can be none.
    ///
    /// # Errors
    /// What to tell the person.
    fn new_game(settings: &Settings, launch: &Launch) -> Result<Self, Message>;

    /// A game with friends at a distance, everyone seated, and what to tell the person.
    ///
    /// # Errors
    /// What to tell the person.
    fn take_party(
        party: gamester_net::party::Party,
        settings: &Settings,
    ) -> Result<(Self, Message), Message>;

    /// The game of a file read, seated as `settings` say, and the file it came from.
    fn opened(opened: Self::Opened, settings: &Settings) -> (Self, PathBuf);
}

/// Puts in play a new game, a game at a distance or the game of a file, in a new screen of
/// `S`'s family. What went wrong is said on the message line, and no screen is made; a file
/// opened is remembered in Open recent and said.
pub fn go_to<S: Made>(next: Next, shell: &mut Shell) -> Option<S> {
    let made = match next {
        Next::NewGame(settings) => S::new_game(&settings, &shell.launch).map(|s| (s, None)),
        Next::Network(party) => {
            S::take_party(*party, &shell.settings).map(|(s, said)| (s, Some(said)))
        }
        Next::Own(own) => {
            let opened = *own.game.downcast::<S::Opened>().ok()?;
            let (screen, path) = S::opened(opened, &shell.settings);
            let said = Message::info(format!(
                "Opened {}",
                crate::ui::shell::file_names::shown(&path)
            ))
            .with_file(&path);
            shell.settings.recent.add(path);
            Ok((screen, Some(said)))
        }
    };
    match made {
        Ok((screen, said)) => {
            shell.message = said;
            Some(screen)
        }
        Err(said) => {
            shell.message = Some(said);
            None
        }
    }
}

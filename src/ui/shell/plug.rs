//! What a family of games answers the shell and the network window, whichever family it is:
//! its saves recognised and read, its screen made, and its game offered at a distance. Each
//! family implements [`FamilyPlug`] beside its screen; the three built in are named in
//! `ui::families` (`families::plug`, `families::plugs`), the one file that names them all, and
//! any other is registered there at run time (`families::register`). The shell and the network
//! ask the plugs and never name a family.

use std::path::Path;

use gamester_core::Family;
use gamester_net::Setup;

use crate::teaching::lessons::{Exercise, Given, Lesson};
use crate::ui::shell::leaving::Next;
use crate::ui::shell::reading::Read;
use crate::ui::shell::screen::{Screen, Shell};
use crate::ui::shell::settings::Settings;

/// A family of games as the shell and the network window ask it.
pub trait FamilyPlug: Sync {
    /// The family it answers for.
    fn family(&self) -> Family;

    /// A screen for `next` (a game of this family), made afresh while the window holds no
    /// screen of this family: what went wrong said on `shell`'s message line, and none made.
    /// None for a family whose screen is always held (the games at tables').
    fn make(&self, _next: Next, _shell: &mut Shell) -> Option<Box<dyn Screen>> {
        None
    }

    /// At the start: this family's game kept when the window last closed, taken up (what went
    /// wrong said on `shell`'s message line). The built-in families are taken up by
    /// `families::resume_at_start` itself.
    fn resume(&self, _shell: &mut Shell) -> Option<Box<dyn Screen>> {
        None
    }

    /// Whether the settings remember this family's game as the one shown when the window
    /// closed (a registered family; the built-in ones are remembered by `families`).
    fn at_table(&self, _settings: &Settings) -> bool {
        false
    }

    /// Remembers in the settings whether this family's game is the one shown.
    fn set_at_table(&self, _settings: &mut Settings, _at_table: bool) {}

    /// Whether its games have their rules as a page to print (the screen writes it:
    /// `Screen::rules_page`). The built-in families' always have.
    fn has_rules_page(&self) -> bool {
        false
    }

    /// The saved game in `text` (read from `path`), if the text is a save of this family's:
    /// `None` when it is not ("is this yours?"), else the game checked by replaying its record,
    /// or why not, naming the file once. The plugs are asked in `families::readers`' order; the
    /// last takes what none before it recognised.
    fn read(&self, text: &str, path: &Path) -> Option<Result<Read, String>>;

    /// How New game offers this family's games, beside the others ("a game at tables").
    fn new_game_words(&self) -> &'static str;

    /// Whether the settings have New game start a game of this family (the first family's
    /// when none other is chosen: it says no).
    fn chosen(&self, _settings: &Settings) -> bool {
        false
    }

    /// Has New game start a game of this family, or not.
    fn choose(&self, _settings: &mut Settings, _chosen: bool) {}

    /// Its part of New game, under the choice of the family, laid out with `setup_rows`:
    /// `held` its screen, if the window holds one (its game's rules are shown beside the
    /// draft, not changed), `kept` the settings in force. Whether the draft cannot start (two
    /// sides of one colour).
    fn new_game(
        &self,
        ui: &mut egui::Ui,
        draft: &mut Settings,
        held: Option<&dyn Screen>,
        kept: &Settings,
    ) -> bool;

    /// Its part of the settings read back with every value that makes no sense reset (rules
    /// that make no game), the names of those reset added to `reset`.
    fn sensible(&self, _settings: &mut Settings, _reset: &mut Vec<String>) {}

    /// Draws what an exercise of the lessons (Help → Lessons) that is this family's shows of
    /// its game, on its own table and in words for a screen reader (`answered`: the answer is
    /// given, and shown), under the settings' look; nothing for another family's. The answer
    /// given on it (a point of the board clicked), if any.
    fn exercise_ui(
        &self,
        _ui: &mut egui::Ui,
        _exercise: &Exercise,
        _answered: bool,
        _settings: &Settings,
    ) -> Option<Given> {
        None
    }

    /// The name the lessons give the learner's adversary at `lesson`, where it is one of this
    /// family's and the family names him its own way (by the colour of his men on its table).
    fn adversary_in_lesson(&self, _lesson: Lesson) -> Option<&'static str> {
        None
    }

    /// The game New game would start in this family, offered at a distance: every seat but the
    /// host's a friend's, the host named `host`.
    fn offer(&self, settings: &Settings, host: &str) -> Setup;

    /// The game offered (one of this family's), in words a player reads: its name, the changes
    /// of house rules, and where it has one the score.
    fn describe(&self, setup: &Setup) -> String;

    /// How far the game offered (one of this family's, its record begun) has gone, to end the
    /// sentence "The game is under way, played so far without you: …".
    fn under_way(&self, setup: &Setup) -> String;

    /// Where the party `me` sits in the game offered, in a sentence, if the family says so.
    fn your_place(&self, _setup: &Setup, _me: usize) -> Option<String> {
        None
    }
}

/// `n` things, in words: "1 time", "3 times".
#[must_use]
pub fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

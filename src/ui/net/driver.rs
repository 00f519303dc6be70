//! The one driver of a game at a distance, for either family: what the line brought taken into
//! the screen's game, one action at a time and through the rules, with one behaviour whatever
//! the family. The screen says only what is its own (`AtADistance`): its record, its actions,
//! whether its men are at rest, and how it is put back in step with the party's table.

use gamester_net::NetAction;

use super::remote::Remote;
use crate::ui::shell::message::Message;
use crate::ui::shell::screen::Shell;

/// What the driver asks of a screen that plays a game at a distance.
pub trait AtADistance {
    /// An action of the screen's family.
    type Action;
    /// What a refused action from a friend is called ("Your friend's move was refused here").
    const REFUSED: &'static str;

    /// The line to the friends, while the game is played at a distance.
    fn remote(&mut self) -> Option<&mut Remote>;
    /// The game's record as it goes over the line.
    fn line_record(&self) -> Vec<NetAction>;
    /// A note from the line (a friend gone, come back), told in the story.
    fn note(&mut self, words: String);
    /// `action` as one of the family's, if it is one.
    fn own(action: NetAction) -> Option<Self::Action>;
    /// Whether a friend's next action may be shown now (the men at rest); a screen that says
    /// no asks for a frame to come back.
    fn ready(&mut self, _ctx: &egui::Context) -> bool {
        true
    }
    /// A friend's action applied through the rules, and shown; why the rules refused it.
    fn apply_theirs(
        &mut self,
        action: Self::Action,
        ctx: &egui::Context,
        shell: &mut Shell,
    ) -> Result<(), String>;
    /// The game put back in step with the party's table, which went through the rules.
    fn resync(&mut self, shell: &mut Shell);
}

/// Serves the line of `screen`'s game at a distance (each frame, and while the window is
/// hidden): the line's notes told, and what the friends did taken into the game. Anything the
/// game cannot follow (the record parted from the table's, an action of the other family, an
/// action the rules refuse here) puts the game back in step with the party's table.
pub fn drive<S: AtADistance>(screen: &mut S, ctx: &egui::Context, shell: &mut Shell) {
    let ours = screen.line_record();
    let Some(remote) = screen.remote() else {
        return;
    };
    let theirs = remote.step(ctx, &ours, shell);
    for note in remote.take_notes() {
        screen.note(format!("{note}."));
    }
    let Some(theirs) = theirs else {
        screen.resync(shell);
        return;
    };
    for action in theirs {
        let Some(action) = S::own(action) else {
            screen.resync(shell);
            return;
        };
        if !screen.ready(ctx) {
            return;
        }
        if let Err(e) = screen.apply_theirs(action, ctx, shell) {
            shell.message = Some(Message::error(format!("{} ({e}).", S::REFUSED)));
            screen.resync(shell);
            return;
        }
    }
}

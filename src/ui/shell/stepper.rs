//! A replay's buttons and keys, the same for every family: the start, a turn back, a turn on,
//! the end, play on from here, and back to the game.

use egui::{Key, Modifiers, RichText};

/// Where a replay of any game may step from the point shown: `at` actions of `len`, a turn
/// back, a turn on.
#[derive(Clone, Copy, Debug)]
pub struct Steps {
    pub at: usize,
    pub len: usize,
    pub back: usize,
    pub on: usize,
    /// Whether "Play on from here" is offered.
    pub play_on: bool,
}

/// What a replay's buttons and keys ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Go {
    /// Show the game after this many actions.
    To(usize),
    /// Play on from the point shown.
    TakeOver,
    Leave,
}

/// A replay's line of buttons, for every family alike: what it says
/// (`said`), then the start, a turn back, a turn on, the end, play on, and back to the game.
pub fn stepper_buttons(ui: &mut egui::Ui, said: &str, s: Steps) -> Option<Go> {
    ui.label(RichText::new(said).strong());
    let mut asked = None;
    let mut button = |ui: &mut egui::Ui, on: bool, words: &str, go: Go| {
        if ui.add_enabled(on, egui::Button::new(words)).clicked() {
            asked = Some(go);
        }
    };
    button(ui, s.at > 0, "Start  (Home)", Go::To(0));
    button(ui, s.at > 0, "Turn back  (Left)", Go::To(s.back));
    button(ui, s.at < s.len, "Turn on  (Right)", Go::To(s.on));
    button(ui, s.at < s.len, "End  (End)", Go::To(s.len));
    if s.play_on {
        button(ui, true, "Play on from here", Go::TakeOver);
    }
    button(ui, true, "Back to the game  (Esc)", Go::Leave);
    asked
}

/// A replay's keys, for every family alike: Left and Right a turn back
/// and on, Home and End the start and the end, Escape to leave.
pub fn stepper_keys(ctx: &egui::Context, s: Steps) -> Vec<Go> {
    let mut out = Vec::new();
    ctx.input_mut(|i| {
        let plain = Modifiers::NONE;
        for (key, go) in [
            (Key::ArrowLeft, Go::To(s.back)),
            (Key::ArrowRight, Go::To(s.on)),
            (Key::Home, Go::To(0)),
            (Key::End, Go::To(s.len)),
            (Key::Escape, Go::Leave),
        ] {
            if i.consume_key(plain, key) {
                out.push(go);
            }
        }
    });
    out
}

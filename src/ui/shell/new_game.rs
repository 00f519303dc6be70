//! The New game window: the family of the game, then that family's own part, which its plug
//! draws (`FamilyPlug::new_game`, laid out with `setup_rows`). Changes apply to the next game;
//! the rules of the game in progress are shown, not changed.

use egui::RichText;

use crate::ui::families;
use crate::ui::shell::screens::Screens;
use crate::ui::shell::settings::Settings;

/// What the person did with the window this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Editing,
    Start,
    Cancel,
}

/// What New game shows beside the draft, not changed: the rules of the games in progress,
/// which each family's part reads from its screen held (`screens`), or else from the settings
/// in force (`kept`).
#[derive(Clone, Copy)]
pub struct InPlay<'a> {
    pub screens: &'a Screens,
    pub kept: &'a Settings,
}

/// The New game window. `current` is the rules of the games in progress, shown read-only.
pub fn new_game_window(ctx: &egui::Context, draft: &mut Settings, current: InPlay) -> Choice {
    let mut choice = Choice::Editing;
    let mut open = true;
    // Large enough for the table and the first options at once; the options scroll, and the
    // buttons that start the game or cancel stay in view below them however many are unfolded.
    let screen = ctx.content_rect();
    // The window just opened (not shown in the pass before): the keys begin in it, at the
    // kind of game chosen, not behind it on the menu bar.
    let pass = ctx.cumulative_pass_nr();
    let shown_at = egui::Id::unique("new game shown at pass");
    let opening = ctx
        .data(|d| d.get_temp::<u64>(shown_at))
        .is_none_or(|last| last + 1 < pass);
    ctx.data_mut(|d| d.insert_temp(shown_at, pass));
    egui::Window::new("New game")
        .open(&mut open)
        .default_width(640.0_f32.min(screen.width() - 16.0))
        .default_height((screen.height() * 0.85).max(300.0))
        .vscroll(false)
        .show(ctx, |ui| {
            let buttons = ui.spacing().interact_size.y + 4.0 * ui.spacing().item_spacing.y + 8.0;
            let mut same_colour = false;
            egui::ScrollArea::vertical()
                .max_height((ui.available_height() - buttons).max(120.0))
                .show(ui, |ui| same_colour = choices(ui, draft, current, opening));
            ui.separator();
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(
                        !same_colour,
                        egui::Button::new(RichText::new("Start the new game").strong()),
                    )
                    .clicked()
                {
                    choice = Choice::Start;
                }
                if ui.button("Cancel").clicked() {
                    choice = Choice::Cancel;
                }
            });
        });
    // Escape cancels, as in any dialog (an open list has taken its Escape already).
    if !open
        || (choice == Choice::Editing
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape)))
    {
        choice = Choice::Cancel;
    }
    choice
}

/// The choices of New game, above its buttons: the family, then its own part (drawn by its
/// plug: for the games at tables the game, the table, every house rule, and the rules of the
/// game in progress). Whether the draft cannot start (two sides given one colour).
fn choices(ui: &mut egui::Ui, draft: &mut Settings, current: InPlay, opening: bool) -> bool {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Play").strong().size(18.0));
        // Each family's own form, named here as New game offers it.
        let mut family = draft.family();
        let chosen = family;
        for plug in families::plugs() {
            let f = plug.family();
            let button = ui.radio_value(&mut family, f, plug.new_game_words());
            if opening && f == chosen {
                button.request_focus();
            }
        }
        for plug in families::plugs() {
            plug.choose(draft, plug.family() == family);
        }
    });
    ui.separator();
    let family = draft.family();
    families::plug(family).new_game(ui, draft, current.screens.of(family), current.kept)
}

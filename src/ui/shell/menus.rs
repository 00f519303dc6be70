//! What every game's menus have: the Help windows (the glossary, the rules, the first-game
//! guide, the keys), the View menu's speed and sound, and the Game menu's diagram to export.

use egui::RichText;

use crate::ui::shell::glossary::Glossary;
use crate::ui::shell::settings::{MAX_VOLUME, Settings, Speed};
use crate::ui::sound::{Cue, Sounds};

/// The windows the Help menu (and the story's links) open.
#[derive(Default)]
pub struct Help {
    /// The glossary window, with whether it is open.
    pub glossary: Glossary,
    /// Whether the rules window is open.
    pub rules: bool,
    /// The first-game guide's step, while it is open.
    pub guide: Option<usize>,
    /// Whether the keys window is open.
    pub keys: bool,
}

/// How fast things move, in the View menu of every game.
pub fn speed_items(ui: &mut egui::Ui, settings: &mut Settings) {
    ui.label("How fast the men and dice move (a click or Space skips)");
    for speed in Speed::ALL {
        ui.radio_value(&mut settings.speed, speed, speed.words());
    }
}

/// The sound, in the View menu of every game: on or off, and how loud. A change is heard at
/// once (a man set down at the new volume); where the window can make no sound, it says why.
pub fn sound_items(ui: &mut egui::Ui, settings: &mut Settings, sounds: &Sounds) {
    ui.separator();
    let ticked = ui
        .checkbox(&mut settings.sound, "Sound")
        .on_hover_text(
            "The dice, the men and the tiles heard as they are thrown, set down and laid",
        )
        .changed();
    let slider = ui.add_enabled(
        settings.sound,
        egui::Slider::new(&mut settings.volume, 0..=MAX_VOLUME).text("Volume"),
    );
    let moved = slider.drag_stopped() || (slider.changed() && !slider.dragged());
    if (ticked && settings.sound) || moved {
        sounds.play(Cue::SetDown, settings);
    }
    if let Some(why) = sounds.trouble() {
        ui.label(
            RichText::new(format!("No sound is heard: {why}."))
                .small()
                .weak(),
        );
    }
}

/// The Keys window, listing the keys of the window and those of the game shown.
pub fn keys_window(ctx: &egui::Context, open: &mut bool, keys: &[&[(&str, &str)]]) {
    if !*open {
        return;
    }
    egui::Window::new("Keys")
        .open(open)
        .resizable(false)
        .show(ctx, |ui| {
            for (k, what) in keys.iter().flat_map(|list| list.iter()) {
                ui.horizontal(|ui| {
                    ui.label(RichText::new(*k).strong());
                    ui.label(*what);
                });
            }
        });
}

/// The Game menu's diagram of the game shown, `words` its item ("Export a diagram of the
/// position"): as an SVG to print, or a PNG at one of the widths offered; the one chosen, for
/// the file chooser.
pub fn diagram_menu(ui: &mut egui::Ui, words: &str) -> Option<crate::picture::Picture> {
    use crate::picture::Picture;
    let mut chosen = None;
    ui.menu_button(words, |ui| {
        let pictures =
            std::iter::once(Picture::Svg).chain(Picture::PNG_WIDTHS.into_iter().map(Picture::Png));
        for picture in pictures {
            let words = match picture {
                Picture::Svg => "As SVG, to print…".to_string(),
                Picture::Png(width) => format!("As PNG, {width} pixels wide…"),
            };
            if ui.button(words).clicked() {
                chosen = Some(picture);
            }
        }
    });
    chosen
}

//! The menus and the buttons under the board. A click that asks something of the game or its
//! files becomes an `Intent`; the View options and the Help windows are the window's own, and
//! change at once.

use egui::RichText;

use super::glossary::{self, Glossary};
use super::input::KEYS;
use super::intent::{Intent, Share};
use super::look::Look;
use super::settings::Settings;
use super::slide::Speed;
use crate::session::Session;
use crate::tables::{Action, Phase, Preset, Rules};

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

/// The menu bar: Game, View, Help. `game_over` enables the next game.
pub fn menu_bar(
    ui: &mut egui::Ui,
    game_over: bool,
    settings: &mut Settings,
    help: &mut Help,
    intents: &mut Vec<Intent>,
) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("Game", |ui| {
            if ui.button("New game…  (Ctrl+N)").clicked() {
                intents.push(Intent::OpenNewGame);
            }
            if ui
                .add_enabled(
                    game_over,
                    egui::Button::new("Next game of the session  (Enter)"),
                )
                .clicked()
            {
                intents.push(Intent::NextGame);
            }
            if ui.button("Replay this game, turn by turn").clicked() {
                intents.push(Intent::ReplayStart);
            }
            if ui.button("Analyse this game").clicked() {
                intents.push(Intent::Analyse);
            }
            if ui.button("Copy position ID").clicked() {
                intents.push(Intent::Share(Share::CopyId));
            }
            if ui.button("Set up a position…").clicked() {
                intents.push(Intent::Share(Share::OpenSetup));
            }
            ui.separator();
            if ui.button("Open…  (Ctrl+O)").clicked() {
                intents.push(Intent::Open);
            }
            ui.menu_button("Open recent", |ui| {
                if settings.recent.is_empty() {
                    ui.label("No games opened yet");
                }
                for path in settings.recent.paths() {
                    if ui.button(path.display().to_string()).clicked() {
                        intents.push(Intent::OpenPath(path.clone()));
                    }
                }
            });
            if ui.button("Save  (Ctrl+S)").clicked() {
                intents.push(Intent::Save);
            }
            if ui.button("Save as…  (Ctrl+Shift+S)").clicked() {
                intents.push(Intent::SaveAs);
            }
            ui.separator();
            if ui.button("Quit").clicked() {
                ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            }
        });
        ui.menu_button("View", |ui| {
            ui.checkbox(
                &mut settings.numbers,
                "Number the points 1–24 (instead of ace … sice)",
            );
            ui.checkbox(&mut settings.ace_left, "Ace point on the left");
            ui.separator();
            ui.label("How fast the men and dice move (a click or Space skips)");
            for speed in Speed::ALL {
                ui.radio_value(&mut settings.speed, speed, speed.words());
            }
            ui.separator();
            ui.label("The board");
            for look in Look::ALL {
                ui.radio_value(&mut settings.look, look, look.words());
            }
        });
        ui.menu_button("Help", |ui| {
            if ui.button("Glossary of the tables").clicked() {
                help.glossary.open = true;
            }
            if ui.button("The rules of this game").clicked() {
                help.rules = true;
            }
            if ui.button("First game guide").clicked() {
                help.guide = Some(0);
            }
            if ui.button("Keys").clicked() {
                help.keys = true;
            }
        });
    });
}

/// The game's line of buttons under the board. `person` says whether a person is to act;
/// `hint_asked` whether the computer is already working out a hint.
pub fn buttons(
    ui: &mut egui::Ui,
    session: &Session,
    person: bool,
    hint_asked: bool,
    intents: &mut Vec<Intent>,
) {
    let game = session.game();
    let phase = game.phase();
    if ui
        .add_enabled(
            person && session.game().waits_for_dice(),
            egui::Button::new("Throw  (Space)"),
        )
        .clicked()
    {
        intents.push(Intent::Throw);
    }
    if ui
        .add_enabled(
            person && phase == Phase::Playing && !game.steps_played().is_empty(),
            egui::Button::new("Undo  (U)"),
        )
        .clicked()
    {
        intents.push(Intent::Action(Action::Undo));
    }
    if ui
        .add_enabled(
            person && game.may_confirm(),
            egui::Button::new("Lift the dice  (Enter)"),
        )
        .clicked()
    {
        intents.push(Intent::Action(Action::Confirm));
    }
    if ui
        .add_enabled(
            person && phase == Phase::Playing && !hint_asked,
            egui::Button::new("Hint  (H)"),
        )
        .clicked()
    {
        intents.push(Intent::Hint);
    }
    if game.rules().cube {
        if ui
            .add_enabled(
                person && game.choices().contains(&Action::Double),
                egui::Button::new("Double  (Ctrl+D)"),
            )
            .clicked()
        {
            intents.push(Intent::Action(Action::Double));
        }
        if phase == Phase::DoubleOffered {
            if ui
                .add_enabled(person, egui::Button::new("Take  (Ctrl+T)"))
                .clicked()
            {
                intents.push(Intent::Action(Action::Take));
            }
            if ui
                .add_enabled(person, egui::Button::new("Drop  (Ctrl+P)"))
                .clicked()
            {
                intents.push(Intent::Action(Action::Drop));
            }
        }
    }
    if phase == Phase::ChooseThrow && person {
        for (i, t) in game.throws().iter().enumerate() {
            if ui
                .button(format!(
                    "Play {}  ({})",
                    crate::teaching::terms::throw_words(t),
                    i + 1
                ))
                .clicked()
            {
                intents.push(Intent::Action(Action::ChooseThrow(i as u8)));
            }
        }
    }
    if game.is_over() && ui.button("Next game  (Enter)").clicked() {
        intents.push(Intent::NextGame);
    }
    if ui.button("New game…").clicked() {
        intents.push(Intent::OpenNewGame);
    }
}

/// The Help windows that are open: the keys, the glossary, and the rules of the game shown
/// (`rules`). The first-game guide is not a window: it sits in the side panel.
pub fn help_windows(ctx: &egui::Context, help: &mut Help, rules: &Rules) {
    if help.keys {
        egui::Window::new("Keys")
            .open(&mut help.keys)
            .resizable(false)
            .show(ctx, |ui| {
                for (k, what) in KEYS {
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(*k).strong());
                        ui.label(*what);
                    });
                }
            });
    }
    if help.glossary.open {
        glossary::glossary_window(ctx, &mut help.glossary);
    }
    if help.rules {
        let title = Preset::of(rules).map_or("House rules", |p| p.title());
        glossary::rules_window(ctx, &mut help.rules, rules, title, &mut help.glossary);
    }
}

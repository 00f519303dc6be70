//! The window while a tiles game is at the table: its menu, its status and buttons, the score
//! and the story beside the table, and the applying of what the person asked for. The game at
//! tables waits, untouched, until the person goes back to it.

use egui::RichText;

use super::GamesterApp;
use crate::tiles::{Action, Phase, Target, end_word};
use crate::tiles_session::{PACE, TilesSession};
use crate::ui::glossary;
use crate::ui::message::Message;
use crate::ui::settings;
use crate::ui::tiles::setup;
use crate::ui::tiles::view::{self, TilesIntent};

impl GamesterApp {
    /// Whether a tiles game is at the table.
    #[must_use]
    pub fn playing_tiles(&self) -> bool {
        self.tiles.is_some()
    }

    /// The tiles game at the table, if one is.
    #[must_use]
    pub fn tiles(&self) -> Option<&TilesSession> {
        self.tiles.as_ref()
    }

    /// Where each thing lay on the tiles table in the last frame, on the screen: what a click
    /// there would touch.
    #[must_use]
    pub fn tiles_spots(&self) -> &[(egui::Rect, view::Spot)] {
        &self.tiles_spots
    }

    /// Starts a tiles game under the chosen settings; the game at tables is kept, and so is an
    /// unfinished tiles game this one replaces.
    pub(super) fn begin_tiles(&mut self, settings: crate::ui::Settings) {
        let chosen = settings.tiles;
        let recent = std::mem::take(&mut self.settings.recent);
        self.settings = settings;
        self.settings.recent = recent;
        self.draft = None;
        match TilesSession::new(chosen.rules, chosen.sitters(), self.launch.seed) {
            Ok(table) => {
                let kept = self.keep_tiles_left();
                self.seat_tiles(table);
                self.message = kept;
            }
            Err(e) => {
                self.message = Some(Message::error(format!(
                    "These rules cannot start a tiles game: {e}"
                )));
            }
        }
    }

    /// At the start: back at the tiles table if the person was there when the window closed,
    /// with the game kept in the autosave.
    pub(super) fn resume_tiles(&mut self) {
        if let Some(path) = self.launch.open.clone()
            && crate::ui::files::tiles_named_at_start(&path)
        {
            match crate::ui::reading::read_any(&path) {
                Ok(crate::ui::reading::Read::Tiles(loaded)) => self.open_tiles(path, *loaded),
                Ok(crate::ui::reading::Read::Tables(_)) => {}
                Err(e) => self.message = Some(Message::error(format!("Could not open {e}"))),
            }
            return;
        }
        if !self.settings.tiles.at_table {
            return;
        }
        let Some(dir) = self.launch.data_dir() else {
            return;
        };
        match crate::ui::tiles::keeping::resume(&dir) {
            Some(Ok(loaded)) => {
                let mut table = TilesSession::holding(loaded.game, loaded.seats, self.launch.seed);
                table.set_tally(loaded.tally);
                self.seat_tiles(table);
            }
            Some(Err(e)) => {
                self.settings.tiles.at_table = false;
                self.message = Some(Message::error(format!(
                    "The tiles game in progress could not be read back, and is left as it was: {e}"
                )));
            }
            None => self.settings.tiles.at_table = false,
        }
    }

    /// Puts `table` at the window, paced as the settings say.
    fn seat_tiles(&mut self, mut table: TilesSession) {
        table.pace = self.settings.speed.step_seconds() / 0.5 * PACE;
        self.tiles = Some(table);
        self.settings.tiles.at_table = true;
    }

    /// Keeps an unfinished tiles game that is about to be replaced, as a file in the data
    /// folder listed in Open recent: the words that say where, or why it could not be.
    fn keep_tiles_left(&mut self) -> Option<Message> {
        let table = self.tiles.as_ref().filter(|t| t.unfinished())?;
        let dir = self.launch.data_dir()?;
        let name = format!(
            "{} left {}.ron",
            setup::title_of(table.game().rules()),
            chrono::Local::now().format("%Y-%m-%d %H.%M")
        );
        let path = crate::ui::file_names::free_in(&dir, &name);
        Some(
            match crate::save::tiles::write_atomic(&path, &table.to_file()) {
                Ok(()) => {
                    self.settings.recent.add(path.clone());
                    Message::info(format!(
                        "The tiles game left is kept in Open recent, as {}",
                        path.display()
                    ))
                }
                Err(e) => Message::error(format!("The tiles game left could not be kept: {e}")),
            },
        )
    }

    /// Saves the tiles game at the table to `path`, and remembers the file.
    pub(super) fn save_tiles_to(&mut self, path: std::path::PathBuf) {
        let Some(table) = &mut self.tiles else {
            return;
        };
        if let Err(e) = crate::ui::reading::regular_or_absent(&path) {
            self.message = Some(Message::error(format!("Could not save: {e}")));
            return;
        }
        self.message = Some(
            match crate::save::tiles::write_atomic(&path, &table.to_file()) {
                Ok(()) => {
                    self.settings.recent.add(path.clone());
                    let said = Message::info(format!("Saved to {}", path.display()));
                    table.file = Some(path);
                    said
                }
                Err(e) => Message::error(format!("Could not save {e}")),
            },
        );
    }

    /// Puts a tiles game read from `path` at the table (the game at tables waits; an
    /// unfinished tiles game it replaces is kept).
    pub(super) fn open_tiles(
        &mut self,
        path: std::path::PathBuf,
        loaded: crate::save::tiles::TilesLoaded,
    ) {
        let kept = self.keep_tiles_left();
        let mut table = TilesSession::holding(loaded.game, loaded.seats, self.launch.seed);
        table.set_tally(loaded.tally);
        table.file = Some(path.clone());
        self.settings.recent.add(path.clone());
        self.seat_tiles(table);
        let opened = Message::info(format!("Opened {}", path.display()));
        self.message = Some(match kept {
            Some(k) => opened.and(&k),
            None => opened,
        });
    }

    /// Asks where to save the tiles game, or which game to open.
    fn ask_tiles_file(&mut self, ctx: &egui::Context, saving: bool) {
        let current = self.tiles.as_ref().and_then(|t| t.file.clone());
        let title = self
            .tiles
            .as_ref()
            .map_or("Dominoes", |t| setup::title_of(t.game().rules()));
        self.files
            .ask_naming(ctx, saving, &self.launch, current.as_deref(), &|| {
                format!(
                    "{title} {}.ron",
                    chrono::Local::now().format("%Y-%m-%d %H.%M")
                )
            });
    }

    /// As the window closes: the tiles game written now, not left to the keeper's thread.
    pub(super) fn finish_tiles(&mut self) {
        if let (Some(table), Some(dir)) = (&self.tiles, self.launch.data_dir()) {
            let path = crate::ui::tiles::keeping::autosave_in(&dir);
            if let Err(e) = crate::save::tiles::write_atomic(&path, &table.to_file()) {
                eprintln!("gamester: the tiles game could not be kept: {e}");
            }
        }
    }

    /// Keeps the tiles game on the disk once it has changed.
    fn keep_tiles(&mut self) {
        if let (Some(table), Some(dir)) = (&self.tiles, self.launch.data_dir()) {
            self.tiles_keeper.keep(
                crate::ui::tiles::keeping::autosave_in(&dir),
                table.game(),
                table.tally(),
                || table.to_file(),
            );
        }
        if let Some(failure) = self.tiles_keeper.failure() {
            self.message = Some(Message::error(failure).lasting());
        }
    }

    /// Applies one thing the person asked for at the tiles table.
    fn apply_tiles(&mut self, intent: TilesIntent, now: f64) {
        let Some(table) = &mut self.tiles else {
            return;
        };
        let result = match intent {
            TilesIntent::Pick(tile) => {
                table.picked = if table.picked == Some(tile) {
                    None
                } else {
                    Some(tile)
                };
                return;
            }
            TilesIntent::Say(words) => {
                self.message = Some(Message::info(words));
                return;
            }
            TilesIntent::Act(action) => table.apply(action, now),
            TilesIntent::Throw => table.throw_for_set(now),
            TilesIntent::Reveal => {
                table.reveal();
                return;
            }
            TilesIntent::GoOn => table.go_on(),
        };
        self.message = match result {
            Ok(()) => None,
            Err(e) => Some(Message::error(e.to_string())),
        };
    }

    /// One frame of the window with the tiles table.
    pub(super) fn tiles_frame(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let now = ctx.input(|i| i.time);
        let mut intents: Vec<TilesIntent> = Vec::new();
        let mut back_to_tables = false;
        let mut file_asked: Option<bool> = None;
        let mut save_as = false;
        self.files_frame(&ctx);
        egui::Panel::top("menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("Game", |ui| {
                    if ui.button("New game…  (Ctrl+N)").clicked() {
                        self.draft = Some(self.settings.clone());
                    }
                    if ui.button("Back to the game at tables").clicked() {
                        back_to_tables = true;
                    }
                    ui.separator();
                    if ui.button("Open…  (Ctrl+O)").clicked() {
                        file_asked = Some(false);
                    }
                    if ui.button("Save  (Ctrl+S)").clicked() {
                        file_asked = Some(true);
                    }
                    if ui.button("Save as…").clicked() {
                        save_as = true;
                    }
                    ui.separator();
                    if ui.button("Quit").clicked() {
                        ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
                    }
                });
                ui.menu_button("Help", |ui| {
                    if ui.button("The rules of this game").clicked() {
                        self.help.rules = true;
                    }
                    if ui.button("Glossary").clicked() {
                        self.help.glossary.open = true;
                    }
                });
            });
        });
        if ctx.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::N)) {
            self.draft = Some(self.settings.clone());
        }
        if ctx.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::O)) {
            file_asked = Some(false);
        }
        if ctx.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::S)) {
            file_asked = Some(true);
        }
        match file_asked {
            Some(true) => match self.tiles.as_ref().and_then(|t| t.file.clone()) {
                Some(path) => self.save_tiles_to(path),
                None => save_as = true,
            },
            Some(false) => self.ask_tiles_file(&ctx, false),
            None => {}
        }
        if save_as {
            self.ask_tiles_file(&ctx, true);
        }
        let Some(table) = &self.tiles else {
            return;
        };
        egui::Panel::bottom("status").show(ui, |ui| {
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                glossary::linked_text(
                    ui,
                    &status(table),
                    |t| RichText::new(t).size(21.0),
                    &mut self.help.glossary,
                );
                if table.is_thinking() {
                    ui.spinner();
                }
            });
            if let Some(m) = &self.message {
                m.show(ui);
            }
            ui.horizontal_wrapped(|ui| buttons(ui, table, &mut intents));
            ui.add_space(4.0);
        });
        let width = ui.ctx().content_rect().width();
        egui::Panel::right("story")
            .default_size((width * 0.3).clamp(220.0, 330.0))
            .max_size(width * 0.4)
            .resizable(true)
            .show(ui, |ui| {
                score_card(ui, table);
                ui.separator();
                ui.label(RichText::new("The story").strong().size(18.0));
                egui::ScrollArea::vertical()
                    .stick_to_bottom(true)
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        for line in table.story() {
                            if line.is_empty() {
                                ui.separator();
                            } else {
                                glossary::linked_text(
                                    ui,
                                    line,
                                    RichText::new,
                                    &mut self.help.glossary,
                                );
                            }
                        }
                    });
            });
        // While a window asks something (New game, a file), the table is looked at, not played.
        let asking = self.draft.is_some() || self.files.choosing() || self.help.rules;
        egui::CentralPanel::default_margins().show(ui, |ui| {
            let mut clicked = Vec::new();
            self.tiles_spots = view::table_ui(ui, table, &mut clicked);
            if !asking {
                intents.extend(clicked);
            }
        });
        let rules = *table.game().rules();
        if self.help.rules {
            rules_window(&ctx, &mut self.help.rules, &rules);
        }
        if self.help.glossary.open {
            glossary::glossary_window(&ctx, &mut self.help.glossary);
        }
        if let Some(draft) = &mut self.draft {
            match settings::new_game_window(&ctx, draft, self.session.game().rules()) {
                settings::Choice::Start => {
                    let mut chosen = draft.clone();
                    if chosen.tiles.chosen {
                        self.begin_tiles(chosen);
                    } else {
                        chosen.tiles.at_table = false;
                        self.settings = chosen.clone();
                        self.tiles = None;
                        self.start_new_game(chosen);
                    }
                }
                settings::Choice::Cancel => self.draft = None,
                settings::Choice::Editing => {}
            }
        }
        for intent in intents {
            self.apply_tiles(intent, now);
        }
        if back_to_tables {
            // The tiles game stays kept in its autosave file until another replaces it.
            self.tiles = None;
            self.settings.tiles.at_table = false;
            self.message = None;
            return;
        }
        if let Some(table) = &mut self.tiles {
            match table.drive_computer(now) {
                Ok(true) => ctx.request_repaint_after(std::time::Duration::from_millis(100)),
                Ok(false) => {}
                Err(e) => {
                    self.message = Some(Message::error(format!(
                        "The computer's tile was refused: {e}"
                    )));
                }
            }
        }
        self.keep_tiles();
    }
}

/// What the table waits for, in a line.
fn status(table: &TilesSession) -> String {
    let game = table.game();
    match game.phase() {
        Phase::ToDeal => "The hand is over: go on to the next hand.".into(),
        Phase::GameOver => match game.winner() {
            Some(Some(side)) => format!("{} win the game.", table.side_name(side)),
            _ => "The game is drawn.".into(),
        },
        Phase::ToThrow => "Throw a die each for the set: the highest sets.".into(),
        Phase::Playing => {
            let turn = game.turn();
            let name = table.name(turn).to_string();
            if table.person_to_act().is_none() {
                return format!("{name} is to play…");
            }
            if table.waits_to_reveal() {
                return format!(
                    "{name}'s turn: the others look away, and {name} shows his tiles (the button)."
                );
            }
            let who = if name == "You" {
                "Your turn".to_string()
            } else {
                format!("{name}'s turn")
            };
            let line = game.line();
            if line.is_empty() {
                return match game.must_set() {
                    Some(t) => format!(
                        "{who}: set the {} (click it, then the lit place).",
                        t.words()
                    ),
                    None => format!("{who}: set any tile (click it, then the lit place)."),
                };
            }
            let ends = format!(
                "the ends are the {} and the {}",
                end_word(line.open(crate::tiles::End::Left).unwrap_or(0)),
                end_word(line.open(crate::tiles::End::Right).unwrap_or(0))
            );
            if game.can_play(turn) {
                format!("{who}: click a tile, then a lit end to lay it there; {ends}.")
            } else if game.legal_actions().contains(&Action::Draw) {
                format!("{who}: no tile fits ({ends}): draw from the boneyard.")
            } else {
                format!("{who}: no tile fits ({ends}) and none may be drawn: knock.")
            }
        }
    }
}

/// The buttons under the table: those the game allows now.
fn buttons(ui: &mut egui::Ui, table: &TilesSession, intents: &mut Vec<TilesIntent>) {
    let game = table.game();
    if table.to_throw()
        && table
            .sitters()
            .contains(&crate::players::Controller::Person)
        && ui.button("Throw for the set").clicked()
    {
        intents.push(TilesIntent::Throw);
    }
    if table.waits_to_reveal() {
        let name = table.name(game.turn());
        if ui
            .button(RichText::new(format!("Show {name}'s tiles")).strong())
            .clicked()
        {
            intents.push(TilesIntent::Reveal);
        }
        return;
    }
    if table.person_to_act().is_some() {
        let legal = game.legal_actions();
        if legal.contains(&Action::Draw) && ui.button("Draw from the boneyard").clicked() {
            intents.push(TilesIntent::Act(Action::Draw));
        }
        if legal.contains(&Action::Pass)
            && ui
                .button("Knock")
                .on_hover_text("Knock on the table: you cannot lay, and play passes on.")
                .clicked()
        {
            intents.push(TilesIntent::Act(Action::Pass));
        }
    }
    if table.waits_for_next() {
        let words = if game.phase() == Phase::GameOver {
            "Next game of the session"
        } else {
            "Next hand"
        };
        if ui.button(RichText::new(words).strong()).clicked() {
            intents.push(TilesIntent::GoOn);
        }
    }
}

/// The score of the game and the session's tally.
fn score_card(ui: &mut egui::Ui, table: &TilesSession) {
    let game = table.game();
    let rules = game.rules();
    let target = match rules.target {
        Target::Points(n) => format!("to {n} points"),
        Target::SingleHand => "a single hand".into(),
    };
    ui.label(
        RichText::new(format!("{}, {target}", setup::title_of(rules)))
            .strong()
            .size(18.0),
    );
    egui::Grid::new("tiles-score")
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            ui.label(RichText::new("").strong());
            ui.label(RichText::new("points").strong());
            ui.label(RichText::new("games").strong());
            ui.end_row();
            for side in 0..rules.sides() {
                ui.label(table.side_name(side));
                ui.label(game.scores().get(side).copied().unwrap_or(0).to_string());
                ui.label(table.tally().get(side).copied().unwrap_or(0).to_string());
                ui.end_row();
            }
        });
    ui.label(
        RichText::new(format!(
            "Hand {} · the boneyard {}",
            game.hands_dealt(),
            game.boneyard_len()
        ))
        .small(),
    );
}

/// The rules window for the tiles game in play: the rules as Gamester plays them, and where
/// the book is silent, what Gamester does.
fn rules_window(ctx: &egui::Context, open: &mut bool, rules: &crate::tiles::Rules) {
    egui::Window::new(format!("The rules: {}", setup::title_of(rules)))
        .open(open)
        .default_width(520.0)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                for (head, text) in setup::rules_in_words(rules) {
                    ui.label(RichText::new(head).strong());
                    ui.label(text);
                    ui.add_space(4.0);
                }
            });
        });
}

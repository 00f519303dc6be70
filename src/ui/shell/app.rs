//! The window's shell: what every game has, written once (see `shell::screen`), over each
//! family's screen. One frame lays out the menu bar, the status line with the message and the
//! buttons, the story panel (a drawer on a narrow window), the screen's table in the middle and
//! the windows over it; the files, New game and "Leave this game?" are done here for every
//! screen alike.

mod answers;
mod eframe_side;
mod on_disk;

use egui::RichText;

use crate::ui::shell::files::Files;
use crate::ui::shell::key_focus::KeyFocus;
use crate::ui::shell::launch::Launch;
use crate::ui::shell::leaving::Next;
use crate::ui::shell::menus::{self, Help};
use crate::ui::shell::message::Message;
use crate::ui::shell::new_game;
use crate::ui::shell::screen::{self, Ask, Screen, Shell};
use crate::ui::shell::screens::Screens;
use crate::ui::shell::screenshot::Screenshot;
use crate::ui::shell::settings::Settings;
use crate::ui::shell::settings_file::SettingsKeeper;
use crate::ui::shell::slot::Slot;
use crate::ui::sound::Sounds;
use crate::ui::{shell::glossary, shell::window_size, shell::zoom};
use gamester_core::Family;

/// Below this width (points) the story folds into a drawer, so the table keeps the width.
const NARROW: f32 = 1000.0;

/// The whole window: the shell's state and the screens, one a family.
pub struct GamesterApp {
    /// What the screens are lent each frame.
    shell: Shell,
    /// The windows in front of the table.
    modal: Modal,
    screenshot: Screenshot,
    /// Whether the keys go to the table or to a window in front of it.
    key_focus: KeyFocus,
    /// Whether the story is open on a narrow window, where it is folded by default.
    story_open: bool,
    /// Where the last frame drew the status panel and the story's panel.
    drawn: PanelsDrawn,
    zoom: zoom::AutoZoom,
    /// The window's first size, fitted to its screen once the screen is known.
    first_size: window_size::FirstSize,
    /// The settings on the disk.
    settings_kept: SettingsKeeper,
    /// The autosave slot this window holds, held until it closes.
    _slot: Slot,
    /// The title last given to the window.
    title: String,
    /// The game of each family played so far: the one shown, the others waiting.
    screens: Screens,
    /// The family whose screen asked for the file being chosen (a diagram, a page).
    writer: Family,
    /// Whether a game at a distance kept when the window last stopped has been looked for.
    looked_for_distance: bool,
}

impl GamesterApp {
    /// A window with a game ready: the game in progress if one was autosaved, else a new game
    /// under the remembered settings; the other families' games kept too, the one shown when
    /// the window closed shown (`ui::families`).
    #[must_use]
    pub fn new(settings: Settings, launch: Launch) -> GamesterApp {
        let mut launch = launch;
        // One writer of a game in progress at a time: a second window keeps its own.
        let slot = match launch.data_dir() {
            Some(dir) if launch.screenshot.is_none() => Slot::claim(&dir),
            _ => Slot::usual(),
        };
        launch.slot = slot.number;
        let mut starting = crate::ui::families::starting(&launch);
        let mut message = starting.message.take();
        if slot.number > 1
            && let Some(path) = launch.autosave_path()
        {
            let told = Message::info(format!(
                "Another Gamester window is open on the same games, so this one keeps its game \
                 in progress apart, in {}.",
                crate::ui::shell::file_names::shown(&path)
            ));
            // True as long as the window is open: it stays until another message replaces it.
            message = Some(
                match message.take() {
                    Some(first) => told.and(&first),
                    None => told,
                }
                .lasting(),
            );
        }
        // As given: what changes from here on (a game kept in Open recent) is written.
        let settings_kept = SettingsKeeper::holding(&settings);
        let first_size =
            window_size::FirstSize::new(settings.window.is_some(), launch.screenshot.is_some());
        let mut settings = settings;
        let screens = crate::ui::families::first(starting, &mut settings, &launch, &mut message);
        let mut app = GamesterApp {
            screenshot: Screenshot::to(launch.screenshot.clone()),
            shell: Shell {
                settings,
                launch,
                message,
                help: Help::default(),
                asks: Vec::new(),
                announcer: crate::ui::access::announce::Announcer::default(),
                sounds: Sounds::silent(),
            },
            modal: Modal::default(),
            key_focus: KeyFocus::default(),
            story_open: false,
            drawn: PanelsDrawn::default(),
            zoom: zoom::AutoZoom::default(),
            first_size,
            settings_kept,
            _slot: slot,
            title: String::new(),
            writer: screens.showing(),
            screens,
            looked_for_distance: false,
        };
        crate::ui::families::resume_at_start(&mut app.screens, &mut app.shell);
        app
    }

    /// The screen shown, and the shell it is lent.
    fn parts(&mut self) -> (&mut dyn Screen, &mut Shell) {
        (self.screens.shown_mut(), &mut self.shell)
    }

    /// The screen shown.
    fn screen_ref(&self) -> &dyn Screen {
        self.screens.shown()
    }

    /// Shows `family`'s game, and remembers which is shown for the next start.
    fn show(&mut self, family: Family) {
        self.screens.show(family);
        crate::ui::families::remember_shown(&mut self.shell.settings, self.screens.showing());
    }

    /// Draws one frame and does what the person asked in it.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let (board_keys, asking) = self.begin_frame(&ctx);
        let others = self.screens.others();
        // While the network window is open (a game at a distance being taken up again, its
        // offer shown), playing on against the computer is not offered beside it.
        let joining = self.modal.network.is_open();
        let story_open = &mut self.story_open;
        let (screen, shell) = (self.screens.shown_mut(), &mut self.shell);
        screen.begin_frame(&ctx, shell, board_keys);

        egui::Panel::top("menu").show(ui, |ui| {
            menu_bar(ui, screen, shell, &others);
        });

        let mut close_lessons = false;
        if let Some(room) = &mut self.modal.lessons {
            let mut said = Vec::new();
            let leave = egui::CentralPanel::default_margins()
                .show(ui, |ui| room.show(ui, &mut shell.settings, &mut said))
                .inner;
            for words in said {
                shell.announcer.say(words);
            }
            close_lessons = leave == crate::ui::shell::lessons::Leave::ToTheGame;
        } else {
            self.drawn = panels(ui, screen, shell, story_open, (asking, joining));
        }

        screen.windows(&ctx, shell);
        if close_lessons {
            self.modal.lessons = None;
        }
        let keys = screen.keys_help();
        menus::keys_window(&ctx, &mut shell.help.keys, &[screen::SHELL_KEYS, keys]);
        if shell.help.glossary.open {
            glossary::glossary_window(&ctx, &mut shell.help.glossary);
        }
        self.windows(&ctx);
        self.end_frame(&ctx);
    }

    /// Before the panels: the zoom, Escape on a menu, the message lapsed, the files' answers,
    /// the keys and the title. Returns whether the board has the keys, and whether a window is
    /// in front of it.
    fn begin_frame(&mut self, ctx: &egui::Context) -> (bool, bool) {
        self.first_size.fit(ctx);
        self.zoom.follow(ctx);
        // Escape closes an open menu, and does nothing else: the game's own Escape (putting a
        // man down, leaving a replay) waits for a press with no menu open.
        if egui::Popup::is_any_open(ctx)
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
        {
            egui::Popup::close_all(ctx);
        }
        let moves = self.screen_ref().moves();
        Message::lapse(&mut self.shell.message, moves);
        self.files_frame(ctx);
        self.key_focus.note_press(ctx);
        let asking = self.modal.open() || self.screen_ref().asking();
        let board_keys = self.key_focus.board_has_keys(ctx, asking);
        screen::shell_keys(ctx, &mut self.shell.asks);
        let title = self.screen_ref().title();
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(format!("{title} — Gamester")));
            self.title = title;
        }
        (board_keys, asking)
    }

    /// After the windows: what was asked done, the screen's turn, the games and settings kept,
    /// what happened said, and the screenshot taken once all is still.
    fn end_frame(&mut self, ctx: &egui::Context) {
        // The files and the new games asked for, before the computer's turn: a game saved is
        // the game the person saw.
        for ask in std::mem::take(&mut self.shell.asks) {
            self.ask(ctx, ask);
        }
        let (screen, shell) = self.parts();
        screen.end_frame(ctx, shell);
        let still = screen.still();
        // The games that wait are kept on the disk too (a file opened for one, say).
        for screen in self.screens.waiting_mut() {
            screen.keep(ctx, &mut self.shell);
        }
        if let Some(told) = self
            .settings_kept
            .keep(&self.shell.settings, &self.shell.launch, ctx)
        {
            self.shell.message = Some(told);
        }
        self.shell.announcer.end_frame(ctx);
        self.screenshot.after_frame(ctx, still);
    }

    /// The shell's windows over the table: New game, and "Leave this game?".
    fn windows(&mut self, ctx: &egui::Context) {
        if let Some(draft) = &mut self.modal.draft {
            let current = new_game::InPlay {
                screens: &self.screens,
                kept: &self.shell.settings,
            };
            match new_game::new_game_window(ctx, draft, current) {
                new_game::Choice::Start => {
                    let chosen = draft.clone();
                    self.modal.draft = None;
                    self.leave_for(Next::NewGame(Box::new(chosen)));
                }
                new_game::Choice::Cancel => self.modal.draft = None,
                new_game::Choice::Editing => {}
            }
        }
        let local = self.shell.launch.local_network;
        let shown = self.screens.shown();
        let (family, comeback) = (shown.family(), shown.comeback());
        if let Some(mut party) =
            self.modal
                .network
                .show(ctx, &self.shell.settings, family, local, comeback)
        {
            if let Some(patience) = self.shell.launch.throw_patience {
                party.set_patience(patience);
            }
            // What this side needs to take the game up again after a restart is on disk
            // before anything goes out.
            if let Some(keeper) = crate::ui::net::kept::keeper(&party, &self.shell.launch) {
                party.set_keeper(keeper);
            }
            self.leave_for(Next::Network(Box::new(party)));
        }
        self.ask_to_leave(ctx);
    }

    /// Does what the screen or the shell's own menu asked.
    fn ask(&mut self, ctx: &egui::Context, ask: Ask) {
        match ask {
            Ask::NewGame => self.modal.draft = Some(self.shell.settings.clone()),
            Ask::Open | Ask::SaveAs => {
                let purpose = if matches!(ask, Ask::SaveAs) {
                    crate::ui::shell::file_chooser::Purpose::Save
                } else {
                    crate::ui::shell::file_chooser::Purpose::Open
                };
                let screen = self.screen_ref();
                let current = screen.file().map(std::path::Path::to_path_buf);
                let name = screen.file_name();
                self.modal.files.ask(
                    ctx,
                    purpose,
                    &self.shell.launch,
                    current.as_deref(),
                    &|| name.clone(),
                );
            }
            Ask::ExportDiagram(picture) => {
                let what = format!("diagram.{}", picture.extension());
                self.ask_to_write(
                    ctx,
                    crate::ui::shell::file_chooser::Purpose::Export(picture),
                    &what,
                );
            }
            Ask::WritePage(page) => {
                let what = match page {
                    crate::ui::shell::file_chooser::Page::Rules => "rules.html",
                    crate::ui::shell::file_chooser::Page::ScoreSheet => "score sheet.html",
                };
                self.ask_to_write(
                    ctx,
                    crate::ui::shell::file_chooser::Purpose::Page(page),
                    what,
                );
            }
            Ask::ExportGame(format) => {
                let what = format!("game.{}", format.extension());
                self.ask_to_write(
                    ctx,
                    crate::ui::shell::file_chooser::Purpose::ExportGame(format),
                    &what,
                );
            }
            Ask::ImportGame => self.modal.files.ask(
                ctx,
                crate::ui::shell::file_chooser::Purpose::ImportGame,
                &self.shell.launch,
                None,
                &String::new,
            ),
            Ask::OpenPath(path) => self.open_file(path),
            Ask::Save => match self.screen_ref().file().map(std::path::Path::to_path_buf) {
                Some(path) => self.save_to(path),
                None => self.ask(ctx, Ask::SaveAs),
            },
            Ask::Leave(next) => self.leave_for(*next),
            Ask::Network => self.modal.network.open(),
            Ask::Copy => {
                let (screen, shell) = self.parts();
                screen.copy(ctx, shell);
            }
            Ask::Paste(text) => {
                if gamester_net::invite::Invitation::parse(&text).is_ok() {
                    self.modal.network.open_to_join(&text);
                    return;
                }
                let (screen, shell) = self.parts();
                if !screen.paste(&text, shell) {
                    shell.message = Some(Message::info(
                        "What was pasted is not an invitation to a game, nor a position: Ctrl+V \
                         on the table takes either.",
                    ));
                }
            }
            Ask::Lessons if self.modal.lessons.is_none() => {
                // Seeded dice give seeded lessons too (the tests' windows).
                let seed = self.shell.launch.seed.unwrap_or_else(rand::random);
                self.modal.lessons = Some(crate::ui::families::lessons_room(seed));
            }
            Ask::Lessons => {}
            Ask::Switch(family) => {
                self.show(family);
                self.shell.message = None;
            }
            Ask::ShowInFolder(path) => {
                self.modal
                    .files
                    .folders
                    .show(&path, &self.shell.launch, ctx);
            }
        }
    }
}

impl GamesterApp {
    /// Asks where to write something made of the game at tables (a diagram, a page), offering
    /// the name "<game> <what>" ("Irish diagram.svg").
    fn ask_to_write(
        &mut self,
        ctx: &egui::Context,
        purpose: crate::ui::shell::file_chooser::Purpose,
        what: &str,
    ) {
        self.writer = self.screens.showing();
        let name = format!("{} {what}", self.screen_ref().title());
        self.modal
            .files
            .ask(ctx, purpose, &self.shell.launch, None, &|| name.clone());
    }
}

/// The windows in front of the table: while one is open the board has no keys.
#[derive(Default)]
struct Modal {
    /// The settings being edited in the New game window, if it is open.
    draft: Option<Settings>,
    /// The file dialogs, and the file being read.
    files: Files,
    /// The game waiting on "Leave this game?" to take the place of the one of its family.
    leaving: Option<Next>,
    /// Game → Play a friend over the network.
    network: crate::ui::net::NetWindow,
    /// Help → Lessons, while the learner is in them (the game waits behind).
    lessons: Option<crate::ui::shell::lessons::LessonsRoom>,
}

impl Modal {
    /// Whether a window is in front of the table.
    fn open(&self) -> bool {
        self.draft.is_some()
            || self.network.is_open()
            || self.leaving.is_some()
            || self.files.choosing()
            || self.lessons.is_some()
    }
}

/// The status line's sign that the computer is thinking, where the line has room for it: a
/// spinner, and its words beside it where they fit. The line never wraps for them, so the board
/// never moves while the computer thinks (a long status on a small window had pushed them onto
/// a second line); the spinner alone carries the words as its hover text and its name.
fn thinking(ui: &mut egui::Ui) {
    const WORDS: &str = "the computer is thinking…";
    let words = RichText::new(WORDS).italics();
    let spinner = ui.spacing().interact_size.y + ui.spacing().item_spacing.x;
    let words_width = egui::WidgetText::from(words.clone())
        .into_galley(
            ui,
            Some(egui::TextWrapMode::Extend),
            f32::INFINITY,
            egui::TextStyle::Body,
        )
        .size()
        .x
        + ui.spacing().item_spacing.x;
    let room = ui.available_size_before_wrap().x;
    if room < spinner {
        return;
    }
    let response = ui.spinner();
    if room >= spinner + words_width {
        ui.label(words);
    } else {
        response.on_hover_text(WORDS).widget_info(|| {
            egui::WidgetInfo::labeled(egui::accesskit::Role::ProgressIndicator, true, WORDS)
        });
    }
}

/// Where a frame drew the panels beside the table: the status line's (with its message and
/// the buttons' row) and the story's, if shown.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PanelsDrawn {
    pub status: Option<egui::Rect>,
    pub story: Option<egui::Rect>,
}

/// The panels around the table and the table: the status line, its message and the buttons'
/// row; the story beside (a drawer on a narrow window); the screen's table in the middle.
/// `asking`: a window is in front; `joining`: it is the network window.
fn panels(
    ui: &mut egui::Ui,
    screen: &mut dyn Screen,
    shell: &mut Shell,
    story_open: &mut bool,
    (asking, joining): (bool, bool),
) -> PanelsDrawn {
    let status = egui::Panel::bottom("status").show(ui, |ui| {
        ui.add_space(4.0);
        // The status line wraps, at any size and zoom, rather than run past the window's edge.
        ui.horizontal_wrapped(|ui| {
            let status = screen.status();
            glossary::linked_text(
                ui,
                &status,
                |t| RichText::new(t).size(21.0),
                &mut shell.help.glossary,
            );
            if screen.thinking() {
                thinking(ui);
            }
        });
        if let Some(file) = Message::line(shell.message.as_ref(), screen.line_note().as_ref(), ui) {
            shell.asks.push(Ask::ShowInFolder(file));
        }
        let narrow = ui.ctx().content_rect().width() < NARROW;
        ui.horizontal_wrapped(|ui| {
            if screen.lacks_its_line()
                && !joining
                && ui
                    .button(crate::ui::net::PLAY_ON)
                    .on_hover_text(
                        "The computer takes your friends' seats, under their names, and the game \
                         goes on here.",
                    )
                    .clicked()
            {
                shell.message = screen.play_on_against_the_computer(&shell.settings);
            }
            screen.buttons(ui, shell);
            if ui.button("New game…").clicked() {
                shell.asks.push(Ask::NewGame);
            }
            if narrow {
                let words = if *story_open {
                    "Hide the story"
                } else {
                    "The story…"
                };
                if ui.button(words).clicked() {
                    *story_open = !*story_open;
                }
            }
        });
        ui.add_space(4.0);
    });

    // On a narrow window the story folds away into a drawer (the story button), so the table
    // keeps most of the width; a guide or an analysis, when open, keeps it out.
    let width = ui.ctx().content_rect().width();
    let narrow = width < NARROW;
    let panel_shown = !narrow || *story_open || screen.story_wanted(shell);
    // The words keep their width before the board does: the panel is never narrower than
    // its words need (up to 45% of the window), however large View → Larger makes them.
    let words_need = 230.0_f32.min(width * 0.45);
    let story = egui::Panel::right("story")
        .default_size(if narrow {
            (width * 0.3).max(words_need)
        } else {
            330.0
        })
        .min_size(words_need)
        .max_size((width * 0.4).max(words_need))
        .resizable(true)
        .show_collapsible(ui, &mut panel_shown.clone(), |ui| {
            within_height(ui, |ui| screen.story(ui, shell));
        });

    egui::CentralPanel::default_margins().show(ui, |ui| {
        screen.play_area(ui, shell, asking);
    });
    PanelsDrawn {
        status: Some(status.response.rect),
        story: story.map(|s| s.response.rect),
    }
}

/// Lays out `add` in the height `ui` has, never more: what does not fit is cut off at its
/// foot (a screen scrolls what may not fit), and the panel holding it never grows past the
/// room it was given, over the status line under it, however many words a short window
/// leaves no room for.
fn within_height(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    let room = ui.available_rect_before_wrap();
    let mut inner = ui.new_child(egui::UiBuilder::new().max_rect(room).layout(*ui.layout()));
    inner.set_clip_rect(ui.clip_rect().intersect(egui::Rect::from_x_y_ranges(
        egui::Rangef::EVERYTHING,
        room.y_range(),
    )));
    add(&mut inner);
    // As wide as the words were laid out, as high as the room: no higher
    let used = inner.min_rect();
    ui.advance_cursor_after_rect(egui::Rect::from_min_max(
        room.min,
        egui::pos2(used.max.x.max(room.min.x), room.max.y),
    ));
}

/// The menu bar: Game, View, Help, each with the screen's own items among the shell's.
/// `other`: the item that shows the game of the other family, if one waits.
fn menu_bar(
    ui: &mut egui::Ui,
    screen: &mut dyn Screen,
    shell: &mut Shell,
    others: &[(Family, &str)],
) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("Game", |ui| {
            if ui.button("New game…  (Ctrl+N)").clicked() {
                shell.asks.push(Ask::NewGame);
            }
            if ui.button("Play a friend over the network…").clicked() {
                shell.asks.push(Ask::Network);
            }
            screen.game_menu(ui, shell);
            for &(family, words) in others {
                if ui.button(words).clicked() {
                    shell.asks.push(Ask::Switch(family));
                }
            }
            ui.separator();
            if ui.button("Open…  (Ctrl+O)").clicked() {
                shell.asks.push(Ask::Open);
            }
            ui.menu_button("Open recent", |ui| {
                if shell.settings.recent.is_empty() {
                    ui.label("No games opened yet");
                }
                for path in shell.settings.recent.paths() {
                    if ui
                        .button(crate::ui::shell::file_names::shown(path))
                        .clicked()
                    {
                        shell.asks.push(Ask::OpenPath(path.clone()));
                    }
                }
            });
            if let Some(dir) = shell.launch.data_dir()
                && ui
                    .button("Show Gamester's games folder")
                    .on_hover_text(
                        "Where the games kept in Open recent are: the games left unfinished for \
                         another, and the games finished.",
                    )
                    .clicked()
            {
                shell.asks.push(Ask::ShowInFolder(dir));
            }
            if ui.button("Save  (Ctrl+S)").clicked() {
                shell.asks.push(Ask::Save);
            }
            if ui.button("Save as…  (Ctrl+Shift+S)").clicked() {
                shell.asks.push(Ask::SaveAs);
            }
            ui.separator();
            if ui.button("Quit").clicked() {
                ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            }
        });
        ui.menu_button("View", |ui| {
            zoom::menu_items(ui);
            ui.separator();
            screen.view_menu(ui, shell);
            menus::speed_items(ui, &mut shell.settings);
            menus::sound_items(ui, &mut shell.settings, &shell.sounds);
        });
        ui.menu_button("Help", |ui| {
            if ui.button("Glossary of the games").clicked() {
                shell.help.glossary.open = true;
            }
            if ui.button("The rules of this game").clicked() {
                shell.help.rules = true;
            }
            if ui.button("Lessons…  (Ctrl+L)").clicked() {
                shell.asks.push(Ask::Lessons);
            }
            if crate::ui::families::has_rules_page(screen.family())
                && ui.button("The rules as a page to print…").clicked()
            {
                shell
                    .asks
                    .push(Ask::WritePage(crate::ui::shell::file_chooser::Page::Rules));
            }
            screen.help_menu(ui, shell);
            if ui.button("Keys").clicked() {
                shell.help.keys = true;
            }
        });
    });
}

#[cfg(test)]
mod tests;

//! The games at tables on the window's shell: the session in play and everything the window
//! keeps about it (the man picked up, the dice in flight, the men sliding, the last play, the
//! computer, the tutor, the replay, the analysis, the autosave), and what this screen adds to
//! the shell: its status, buttons, story, board, menu items, keys and windows. It never
//! changes a game itself: it submits actions to the session (and so to `Game::apply`) and
//! draws what the events say happened.

mod analysis;
mod answers;
mod driving;
mod events;
mod intents;
mod parts;
pub mod remote;
mod sharing;
mod table;
pub use sharing::imported_game;

use parts::{BoardState, FrameState, Helpers};

use std::path::{Path, PathBuf};

use crate::players::Seats;
use crate::session::Session;
use crate::tables::{RuleError, Rules, Tally};
use crate::ui::shell::launch::Launch;
use crate::ui::shell::leaving::{self, Next};
use crate::ui::shell::menus;
use crate::ui::shell::message::Message;
use crate::ui::shell::screen::{Screen, Shell, Writing};
use crate::ui::shell::settings::Settings;
use crate::ui::tables::analysis_view::AnalysisPanel;
use crate::ui::tables::computer::{self, Computer};
use crate::ui::tables::controls;
use crate::ui::tables::input;
use crate::ui::tables::intent::Intent;
use crate::ui::tables::keeping::Autosaver;
use crate::ui::tables::position_setup::{self, PositionSetup};
use crate::ui::tables::replaying::ReplayView;
use crate::ui::tables::rollout_view::RolloutView;
use crate::ui::tables::slide;
use crate::ui::tables::tutor::Tutor;
use crate::ui::{tables::board_access, tables::guide, tables::log_view};
use gamester_core::Family;

/// A game at tables of the window's own making, as `Next::Own` carries it to the screen.
pub enum TablesNext {
    /// A game set up from a position (Set up a position), ready to play.
    SetUp(Box<Session>),
    /// A game read from another program's file (Game → Import), and what to say of it.
    Imported(Box<Session>, String),
    /// A saved game read from `path` (Open, Open recent).
    Opened {
        session: Box<Session>,
        path: PathBuf,
        /// The analysis the file kept, given back for its game.
        analysis: crate::ui::tables::analysis_view::GivenBack,
        /// What the file kept that could not be read beside its game (a match's earlier
        /// games), to say.
        note: Option<String>,
    },
}

impl TablesNext {
    /// The game to leave the game in play for.
    #[must_use]
    pub fn into_next(self) -> Next {
        let words = match &self {
            TablesNext::SetUp(_) => "Leave it and start the new game",
            TablesNext::Imported(..) => "Leave it and play the imported game",
            TablesNext::Opened { .. } => "Leave it and open the saved game",
        };
        Next::own(Family::TABLES, words, self)
    }
}

/// A new game's session under `rules` at `table`, its tally fresh, with the launch's dice.
pub(super) fn new_game(
    rules: &Rules,
    table: &Seats,
    launch: &Launch,
) -> Result<Session, RuleError> {
    Session::new(
        rules.clone(),
        table.clone(),
        Tally::default(),
        launch.dice(),
    )
}

/// How far `session` has gone: its earlier games, and its record's length.
fn extent(session: &Session) -> (usize, usize) {
    (session.earlier().len(), session.game().record().len())
}

/// The games at tables: the session in play and everything the window keeps about it.
pub struct TablesScreen {
    session: Session,
    /// The file the game came from or was last saved to.
    file: Option<PathBuf>,
    /// How far the session had gone (its earlier games, its record) when it was last read from
    /// or written to a file, if it was: a finished game written as it ended needs no keeping.
    written: Option<(usize, usize)>,
    /// What the board shows of the game, beyond its position.
    board: BoardState,
    /// Who works beside the person: the computer, the tutor, the analysis, the friend.
    helpers: Helpers,
    /// What lasts one frame, or is counted from frame to frame.
    frame: FrameState,
}

impl TablesScreen {
    /// The screen of the game `resumed` gave (a file, the autosave), else of a new game under
    /// the remembered settings; what went wrong is said in `message`.
    #[must_use]
    pub fn new(
        resumed: crate::ui::tables::start::Resumed,
        settings: &Settings,
        launch: &Launch,
        message: &mut Option<Message>,
    ) -> TablesScreen {
        let session = match resumed.session {
            Some(s) => s,
            None => match new_game(&settings.rules, &settings.table, launch)
                .or_else(|_| new_game(&Rules::default(), &settings.table, launch))
            {
                Ok(s) => s,
                Err(e) => {
                    *message = Some(Message::error(format!(
                        "The remembered rules could not start a game: {e}"
                    )));
                    // The default rules lay out the fixed array of fifteen men a side, and a game
                    // fails to start only on a custom layout that is not a position.
                    #[allow(clippy::expect_used)]
                    new_game(&Rules::default(), &Seats::two_people(), launch)
                        .expect("the default rules always make a game")
                }
            },
        };
        TablesScreen {
            helpers: Helpers {
                autosaver: Autosaver::starting_with(&session),
                analysis: AnalysisPanel::holding(resumed.analysis, &session),
                computer: Computer::default(),
                tutor: Tutor::default(),
                setup: PositionSetup::default(),
                rollout: RolloutView::default(),
                remote: None,
            },
            written: resumed.file.as_ref().map(|_| extent(&session)),
            session,
            file: resumed.file,
            board: BoardState::default(),
            frame: FrameState::default(),
        }
        .told_all()
    }

    /// Puts `session` in play in place of the one there, belonging to `file`: nothing the
    /// window or the computer held about the old game (a man picked up, the dice of its
    /// throw-off, a decision being worked out, a replay of it) may touch the new one.
    pub(super) fn replace_session(&mut self, session: Session, file: Option<PathBuf>) {
        self.frame.told = session.log().len();
        self.written = file.as_ref().map(|_| extent(&session));
        self.session = session;
        self.file = file;
        // A game with a friend at a distance is left: the line says goodbye.
        self.helpers.remote = None;
        self.helpers.computer.new_session();
        self.helpers.tutor.forget();
        self.clear_table();
        self.board.picked.clear();
        self.board.animation = None;
        self.board.replaying = None;
        self.helpers.analysis.forget();
    }

    /// A new game under `settings`, in place of the one in play.
    pub(super) fn begin(&mut self, settings: &Settings, shell: &mut Shell) {
        match new_game(&settings.rules, &settings.table, &shell.launch) {
            Ok(session) => {
                self.replace_session(session, None);
                shell.message = None;
            }
            Err(e) => shell.message = Some(Message::error(e.to_string())),
        }
    }

    /// Puts in play a new game, a game at a distance, the game of a file, or one set up from a
    /// position.
    pub(crate) fn go_to(&mut self, next: Next, shell: &mut Shell) {
        match next {
            Next::NewGame(settings) => self.begin(&settings, shell),
            Next::Network(party) => self.take_party(*party, shell),
            Next::Own(own) => {
                if let Ok(game) = own.game.downcast::<TablesNext>() {
                    self.take_own(*game, shell);
                }
            }
        }
    }

    /// Puts in play a game of the window's own making at tables.
    fn take_own(&mut self, game: TablesNext, shell: &mut Shell) {
        match game {
            TablesNext::SetUp(session) => {
                self.replace_session(*session, None);
                shell.message = Some(Message::info(format!(
                    "A new game set up from position {}: throw off to begin",
                    crate::ui::tables::position_setup::id_of(self.session.game())
                )));
            }
            TablesNext::Imported(session, said) => {
                self.replace_session(*session, None);
                shell.message = Some(Message::info(said));
            }
            TablesNext::Opened {
                session,
                path,
                analysis,
                note,
            } => {
                self.replace_session(*session, Some(path.clone()));
                shell.settings.recent.add(path);
                self.take_kept_analysis(analysis, "Game opened", shell);
                if let Some(note) = note {
                    shell.message = Some(match shell.message.take() {
                        Some(said) => said.and(&Message::info(note)),
                        None => Message::info(note),
                    });
                }
            }
        }
    }

    /// The screen with its game's story, so far, taken as said: a game opened or resumed is not
    /// read out from its start.
    fn told_all(mut self) -> TablesScreen {
        self.frame.told = self.session.log().len();
        self
    }

    /// Says to a screen reader the lines the story gained since the last frame.
    fn tell(&mut self, shell: &mut Shell) {
        shell
            .announcer
            .say_since(&mut self.frame.told, self.session.log());
    }
}

impl Screen for TablesScreen {
    fn family(&self) -> Family {
        Family::TABLES
    }

    fn back_words(&self) -> &'static str {
        "Back to the game at tables"
    }

    fn take(&mut self, next: Next, shell: &mut Shell) {
        self.go_to(next, shell);
    }

    fn keep(&mut self, ctx: &egui::Context, shell: &mut Shell) {
        Self::keep(self, ctx, shell);
    }

    fn kept_at_distance(&self, launch: &Launch) -> Option<crate::ui::net::kept::Kept> {
        // A game a friend left is over for good: its line is not opened again.
        if self.session.abandoned().is_some() {
            return None;
        }
        let family = gamester_net::GameRules::Tables(self.session().game().rules().clone());
        crate::ui::net::kept::read(launch, &family, &self.net_record())
    }

    fn play_on_against_the_computer(&mut self, settings: &Settings) -> Option<Message> {
        let seats = self.session.seats();
        let names: Vec<String> = [&seats.white, &seats.black]
            .iter()
            .flat_map(|seat| &seat.players)
            .filter(|p| p.controller == crate::players::Controller::Distance)
            .map(|p| p.name.clone())
            .collect();
        let level = settings.tables_level();
        if !self.session.computer_for_distance(level) {
            return None;
        }
        let words = crate::ui::net::played_on(&names, level);
        self.session.note(words.clone());
        Some(Message::info(words))
    }

    fn line_note(&self) -> Option<Message> {
        self.helpers
            .remote
            .as_ref()
            .map(crate::ui::net::Remote::note)
    }

    fn lacks_its_line(&self) -> bool {
        // A game left by a friend is over for good: it is counted, and nobody plays it on.
        !self.is_remote()
            && !self.session.game().is_over()
            && self.session.abandoned().is_none()
            && self.session.seats().at_a_distance()
    }

    fn write(&mut self, path: &Path, what: Writing, shell: &Shell) -> Message {
        match what {
            Writing::Game(format) => self.export_game(path, format),
            Writing::Page(page) => self.write_page(path, page),
            Writing::Diagram(picture) => self.export_diagram(path, picture, &shell.settings),
        }
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }

    fn goes_on_to(&self, record: &[gamester_net::NetAction]) -> bool {
        let ours = self.net_record();
        !ours.is_empty() && record.starts_with(&ours)
    }

    fn comeback(&self) -> Option<gamester_net::party::Return> {
        Self::comeback(self)
    }

    fn title(&self) -> String {
        crate::ui::tables::left::game_name(self.session.game().rules()).to_string()
    }

    fn moves(&self) -> usize {
        self.session.game().record().len()
    }

    fn unfinished(&self) -> bool {
        crate::ui::tables::left::unfinished(self.session.game())
            && self.session.abandoned().is_none()
    }

    fn finished_unkept(&self) -> bool {
        // An abandoned game was kept when it was ended.
        self.session.game().is_over()
            && self.session.abandoned().is_none()
            && self.written != Some(extent(&self.session))
    }

    fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    fn file_name(&self) -> String {
        crate::ui::tables::left::dated_name(self.session.game().rules())
    }

    fn save_to(&mut self, path: PathBuf, shell: &mut Shell) -> Message {
        let analysis = self.helpers.analysis.to_keep(self.session.game());
        let mut file = crate::save::SaveFile::from_session(&self.session);
        file.analysis = analysis;
        match crate::save::write_atomic(&path, &file) {
            Ok(()) => {
                let said = Message::info(format!(
                    "Saved to {}",
                    crate::ui::shell::file_names::shown(&path)
                ));
                shell.settings.recent.add(path.clone());
                self.file = Some(path);
                self.written = Some(extent(&self.session));
                said
            }
            Err(e) => Message::error(format!("Could not save {e}")),
        }
    }

    fn keep_left(&self, shell: &mut Shell) -> Result<Option<PathBuf>, String> {
        crate::ui::tables::left::keep(&self.session, &shell.launch, &mut shell.settings.recent)
    }

    fn begin_frame(&mut self, ctx: &egui::Context, shell: &mut Shell, board: bool) {
        let now = ctx.input(|i| i.time);
        self.frame.now = now;
        if self.board.animation.as_ref().is_some_and(|a| a.done(now)) {
            self.board.animation = None;
        }
        // Any press or key ends the men's slide; it still does what it does.
        if ctx.input(|i| i.events.iter().any(slide::skips)) {
            self.board.slides.skip();
        }
        self.board.slides.advance(now, self.frame.visible);
        let judged = self.helpers.tutor.poll(&self.session);
        let board = board && !self.asking();
        self.board.board_keys = board;
        let on_board = board_access::focused(ctx).is_some();
        let keys = match &self.board.replaying {
            Some(r) if board => r.keys(ctx),
            Some(_) => Vec::new(),
            None => self.hands(&shell.settings).keys(ctx, board, on_board),
        };
        self.frame.intents.extend(judged);
        self.frame.intents.extend(keys);
    }

    fn asking(&self) -> bool {
        self.helpers.tutor.is_busy() || self.helpers.setup.is_open()
    }

    fn status(&self) -> String {
        self.shown().status()
    }

    fn thinking(&self) -> bool {
        self.helpers.computer.is_thinking()
    }

    fn game_menu(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        let game = self.session.game();
        let next = game.is_over() && game.match_winner().is_none();
        let no_rollout = crate::ui::tables::rollout_view::why_not(game);
        controls::game_items(ui, next, no_rollout, &mut self.frame.intents);
        if ui.button("Export the game as a .mat file…").clicked() {
            shell.asks.push(crate::ui::shell::screen::Ask::ExportGame(
                crate::exchange::Format::Mat,
            ));
        }
        if ui.button("Export the game as an .sgf file…").clicked() {
            shell.asks.push(crate::ui::shell::screen::Ask::ExportGame(
                crate::exchange::Format::Sgf,
            ));
        }
        if ui
            .button("Import a game from a .mat or .sgf file…")
            .clicked()
        {
            shell.asks.push(crate::ui::shell::screen::Ask::ImportGame);
        }
        if ui.button("Write a score sheet to print…").clicked() {
            shell.asks.push(crate::ui::shell::screen::Ask::WritePage(
                crate::ui::shell::file_chooser::Page::ScoreSheet,
            ));
        }
        if let Some(picture) = menus::diagram_menu(ui, "Export a diagram of the position") {
            shell
                .asks
                .push(crate::ui::shell::screen::Ask::ExportDiagram(picture));
        }
    }

    fn view_menu(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        controls::view_items(ui, &mut shell.settings);
    }

    fn help_menu(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        if ui.button("First game guide").clicked() {
            shell.help.guide = Some(0);
        }
    }

    fn keys_help(&self) -> &'static [(&'static str, &'static str)] {
        input::KEYS
    }

    fn buttons(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        if let Some(r) = &self.board.replaying {
            r.buttons(ui, &mut self.frame.intents);
        } else if self.helpers.tutor.is_busy() {
            self.helpers.tutor.show(
                ui,
                &self.session,
                &mut self.frame.intents,
                &mut shell.message,
            );
        } else {
            let person = input::person_acts(&self.session);
            let hint_asked = self.helpers.computer.hint_asked();
            controls::buttons(
                ui,
                &self.session,
                person,
                hint_asked,
                &mut self.frame.intents,
            );
        }
        let ended = self.helpers.remote.as_mut().and_then(|r| {
            r.show(ui)
                .map(|a| leaving::abandonment(&a, r.party.table()))
        });
        if let Some(abandonment) = ended {
            self.session.abandon(abandonment);
            let title = crate::ui::tables::left::game_name(self.session.game().rules());
            let file = crate::save::SaveFile::from_session(&self.session);
            let said = self.session.abandonment_words().unwrap_or_default();
            shell.message = Some(leaving::keep_abandoned(
                title,
                &said,
                self.session.abandonment_loser().as_deref(),
                &shell.launch,
                &mut shell.settings.recent,
                |path| crate::save::write_atomic(path, &file).map_err(|e| e.to_string()),
            ));
        }
    }

    fn story_wanted(&self, shell: &Shell) -> bool {
        shell.help.guide.is_some() || self.helpers.analysis.is_open()
    }

    fn story(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        if self.helpers.analysis.is_open() {
            return self.analysis_ui(ui);
        }
        let view = self.view(&shell.settings);
        // The guide's text scrolls in at most two fifths of the panel, so that in a small
        // window it never pushes its buttons or the story out of sight; the hints come above
        // the story (log_view::show), which keeps a few lines of its own beside them.
        let panel = ui.available_height();
        guide::show(
            ui,
            &mut shell.help.guide,
            self.session.game(),
            view.bottom,
            view.ace_left,
            panel * 0.4,
        );
        let shown = self
            .board
            .replaying
            .as_ref()
            .map_or(&self.session, ReplayView::shown);
        let earlier = self.session.earlier();
        let (session, helper) = (&self.session, &self.helpers.computer);
        let mut hints = |ui: &mut egui::Ui| {
            if let Some(plays) = helper.hint_for(session.game()) {
                computer::show_hint(ui, session, plays);
            }
            if let Some(hint) = helper.cube_hint_for(session.game()) {
                computer::show_cube_hint(ui, hint);
            }
        };
        if let Some(i) = log_view::show(
            ui,
            shown,
            earlier,
            &mut shell.help.glossary,
            &mut shell.help.rules,
            &mut hints,
        ) {
            self.frame.intents.push(Intent::ReplayEarlier(i));
        }
    }

    fn play_area(&mut self, ui: &mut egui::Ui, shell: &mut Shell, _asking: bool) {
        self.table_ui(ui, shell);
    }

    fn windows(&mut self, ctx: &egui::Context, shell: &mut Shell) {
        if let Some((rules, tally)) = self.helpers.setup.show(ctx, self.session.game().rules()) {
            self.frame
                .intents
                .push(Intent::Share(crate::ui::tables::intent::Share::SetUp(
                    rules, tally,
                )));
        }
        self.helpers.rollout.show(ctx);
        let rules = self.shown().game().rules().clone();
        controls::rules_window(ctx, &mut shell.help, &rules);
    }

    fn end_frame(&mut self, ctx: &egui::Context, shell: &mut Shell) {
        for intent in std::mem::take(&mut self.frame.intents) {
            self.apply(ctx, shell, intent);
        }
        if self.board.animation.is_some() || (self.board.slides.running() && self.frame.visible) {
            ctx.request_repaint();
        } else if self.board.slides.running() {
            // Hidden, the men wait; a look now and then notices the window shown again.
            ctx.request_repaint_after(std::time::Duration::from_millis(250));
        }
        if let Some(hint) = self.helpers.computer.poll_hint(self.session.game()) {
            let words = computer::cube_hint_words(&hint).join(" ");
            shell.announcer.say(format!("Hint: {words}"));
        }
        if self.helpers.remote.is_none() {
            self.drive_computer(ctx, shell);
        }
        for cue in self.board.slides.take_landed() {
            shell.play(cue);
        }
        self.serve(ctx, shell, self.frame.visible);
    }

    fn serve(&mut self, ctx: &egui::Context, shell: &mut Shell, shown: bool) {
        self.frame.visible = shown;
        if self.helpers.remote.is_some() {
            crate::ui::net::drive(self, ctx, shell);
        }
        self.tell(shell);
        self.keep(ctx, shell);
    }

    fn still(&self) -> bool {
        self.board.animation.is_none() && !self.board.slides.running()
    }

    fn finish(&mut self, shell: &Shell) {
        self.helpers.autosaver.finish(&self.session, &shell.launch);
        if let Some(remote) = self.helpers.remote.take() {
            remote.pause();
        }
    }

    fn forget_file(&mut self) {
        self.file = None;
    }

    fn copy(&mut self, ctx: &egui::Context, shell: &mut Shell) {
        let said = position_setup::copy(ctx, self.shown().game());
        shell.message = Some(Message::info(said));
    }

    fn paste(&mut self, text: &str, _shell: &mut Shell) -> bool {
        let rules = self.session.game().rules();
        if position_setup::rules_at(rules, text).is_err() {
            return false;
        }
        self.helpers.setup.open_with(text);
        true
    }
}

impl TablesScreen {
    /// Whatever changed the record this frame (the person, the computer, a file opened, a
    /// game left) is on its way to the disk before the next frame; what the autosave says.
    pub(crate) fn keep(&mut self, ctx: &egui::Context, shell: &mut Shell) {
        self.helpers
            .autosaver
            .keep(&self.session, &shell.launch, ctx);
        if let Some(told) = self.helpers.autosaver.poll() {
            shell.message = Some(told);
        }
    }
}

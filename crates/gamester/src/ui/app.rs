//! The window itself: the struct that holds the game in play and each room of the window, its
//! construction, one frame (the panels, the board, the windows), the applying of what the
//! person asked for in it, and eframe's `App`. The window never changes a game itself: it
//! submits actions to the session (and so to `Game::apply`) and draws what the events say
//! happened.

mod analysis;
mod answers;
mod eframe_side;
mod on_disk;

use std::path::Path;

use egui::RichText;

use super::analysis_view::AnalysisPanel;
use super::autosave::Autosaver;
use super::computer::{self, Computer, Move};
use super::controls::{self, Help};
use super::dice_view::ThrowAnimation;
use super::files::{self, Files};
use super::input::{self, KeyFocus, PickedUp};
use super::intent::Intent;
use super::last_play::LastPlay;
use super::launch::Launch;
use super::leaving::{self, Next};
use super::message::Message;
use super::period::dice::CupTip;
use super::position_setup::PositionSetup;
use super::replaying::ReplayView;
use super::screenshot::Screenshot;
use super::settings::{self, Settings};
use super::slide::{self, Slides, Speed};
use super::tooltips::Hover;
use super::tutor::Tutor;
use super::{board_view, glossary, guide, log_view};
use crate::players::{Colour, Seats};
use crate::session::Session;
use crate::tables::{Event, Position, RuleError, Rules, Side, Tally};

mod sharing;
mod tiles_side;

/// What a click on a man before the throw is answered with.
const THROW_FIRST: &str = "Throw first: click your dice box (lit) or press Space, then move a man.";

/// Below this width (points) the story folds into a drawer, so the board keeps the width.
const NARROW: f32 = 1000.0;

/// A new game's session under `rules` at `table`, its tally fresh, with the launch's dice.
fn new_game(rules: &Rules, table: &Seats, launch: &Launch) -> Result<Session, RuleError> {
    Session::new(
        rules.clone(),
        table.clone(),
        Tally::default(),
        launch.dice(),
    )
}

/// The whole window's state.
pub struct GamesterApp {
    session: Session,
    pub settings: Settings,
    launch: Launch,
    /// The settings being edited in the New game window, if it is open.
    draft: Option<Settings>,
    /// The man picked up, and where he may go.
    picked: PickedUp,
    /// Whether the keys go to the board or to a window in front of it.
    key_focus: KeyFocus,
    animation: Option<ThrowAnimation>,
    /// The dice of the last throw-off, shown until the next throw.
    throw_off_dice: Vec<(Side, u8)>,
    /// The steps of the plays made, sliding on the board one after another.
    slides: Slides,
    /// The last play of the game in play, marked until the next throw.
    last_play: LastPlay,
    message: Option<Message>,
    files: Files,
    autosaver: Autosaver,
    /// The game waiting on "Leave this game?" to take the place of the one in play.
    leaving: Option<Next>,
    screenshot: Screenshot,
    computer: Computer,
    /// The glossary, rules, guide and keys windows.
    help: Help,
    hover: Hover,
    /// The Set up a position window.
    setup: PositionSetup,
    /// Stepping through a game's record, if the person is.
    replaying: Option<ReplayView>,
    /// Where the board was last drawn: board units to the window's points.
    to_screen: Option<egui::emath::RectTransform>,
    /// Whether the story is open on a narrow window, where it is folded by default.
    story_open: bool,
    zoom: super::zoom::AutoZoom,
    /// The tutor, looking at a person's choices before they are carried out.
    tutor: Tutor,
    /// The analysis of the game, its job and its panel.
    analysis: AnalysisPanel,
    /// The tiles game at the table, if the person is playing one (the game at tables waits).
    tiles: Option<crate::tiles_session::TilesSession>,
    /// Where each thing lay on the tiles table in the last frame.
    tiles_spots: Vec<(egui::Rect, super::tiles::view::Spot)>,
    /// Keeps the tiles game in progress on the disk.
    tiles_keeper: super::tiles::keeping::Keeper,
}

impl GamesterApp {
    /// A window with a game ready: the game in progress if one was autosaved, else a new game
    /// under the remembered settings.
    #[must_use]
    pub fn new(settings: Settings, launch: Launch) -> GamesterApp {
        let resumed = files::resume(&launch);
        let mut message = resumed.message;
        let mut settings = settings;
        if let Some(left) = &resumed.displaced {
            let kept = leaving::keep_displaced(left, &launch, &mut settings.recent);
            message = Some(match message.take() {
                Some(first) => first.and(&kept),
                None => kept,
            });
        }
        let session = match resumed.session {
            Some(s) => s,
            None => match new_game(&settings.rules, &settings.table, &launch)
                .or_else(|_| new_game(&Rules::default(), &settings.table, &launch))
            {
                Ok(s) => s,
                Err(e) => {
                    message = Some(Message::error(format!(
                        "The remembered rules could not start a game: {e}"
                    )));
                    // The default rules lay out the fixed array of fifteen men a side, and a game
                    // fails to start only on a custom layout that is not a position.
                    #[allow(clippy::expect_used)]
                    new_game(&Rules::default(), &Seats::two_people(), &launch)
                        .expect("the default rules always make a game")
                }
            },
        };
        let mut app = GamesterApp {
            autosaver: Autosaver::starting_with(&session),
            analysis: AnalysisPanel::holding(resumed.analysis, &session),
            session,
            settings,
            draft: None,
            picked: PickedUp::default(),
            key_focus: KeyFocus::default(),
            animation: None,
            throw_off_dice: Vec::new(),
            slides: Slides::default(),
            last_play: LastPlay::default(),
            message,
            files: Files::from(resumed.file),
            leaving: None,
            screenshot: Screenshot::to(launch.screenshot.clone()),
            launch,
            computer: Computer::default(),
            help: Help::default(),
            hover: Hover::default(),
            setup: PositionSetup::default(),
            replaying: None,
            to_screen: None,
            story_open: false,
            zoom: super::zoom::AutoZoom::default(),
            tutor: Tutor::default(),
            tiles: None,
            tiles_spots: Vec::new(),
            tiles_keeper: super::tiles::keeping::Keeper::default(),
        };
        app.resume_tiles();
        app
    }

    /// Applies one thing the person asked for.
    fn apply(&mut self, ctx: &egui::Context, intent: Intent) {
        let least = self.settings.tutor.least();
        let Some(intent) = self.tutor.intercept(ctx, intent, &self.session, least) else {
            return;
        };
        let before = self.session.game().position();
        let by_hand = matches!(intent, Intent::Placed(_));
        let result = match intent {
            Intent::Throw if self.animation.is_some() => {
                self.animation = None;
                return;
            }
            Intent::Throw => self.session.throw(),
            Intent::Action(a) => self.session.apply(a),
            Intent::Steps(steps) | Intent::Placed(steps) => self.session.apply_steps(&steps),
            Intent::Select(from) => {
                self.picked.pick(self.session.game(), from);
                return;
            }
            Intent::SkipAnimation => {
                self.animation = None;
                self.slides.skip();
                return;
            }
            Intent::ThrowFirst => {
                self.message = Some(Message::info(THROW_FIRST));
                return;
            }
            Intent::NextGame => {
                self.clear_table();
                self.computer.new_session();
                self.session.next_game().map(|()| Vec::new())
            }
            Intent::OpenNewGame => {
                self.draft = Some(self.settings.clone());
                return;
            }
            Intent::StartNewGame(settings) => {
                self.start_new_game(settings);
                return;
            }
            Intent::Open | Intent::SaveAs => {
                let saving = intent == Intent::SaveAs;
                let rules = self.session.game().rules();
                self.files.ask(ctx, saving, &self.launch, rules);
                return;
            }
            Intent::OpenPath(path) => {
                self.open_file(path);
                return;
            }
            Intent::Save => {
                match self.files.current().map(Path::to_path_buf) {
                    Some(path) => self.save_to(path),
                    None => {
                        let rules = self.session.game().rules();
                        self.files.ask(ctx, true, &self.launch, rules);
                    }
                }
                return;
            }
            Intent::ReplayStart => {
                match ReplayView::start(self.session.game(), self.session.table()) {
                    Ok(replay) => {
                        self.replaying = replay;
                        self.slides.skip();
                    }
                    Err(e) => {
                        self.message =
                            Some(Message::error(format!("Cannot replay this game: {e}")));
                    }
                }
                return;
            }
            Intent::ReplayTo(n) => {
                if let Some(r) = self.replaying.take() {
                    let before = r.shown().game().position();
                    let events = r.events_to(n);
                    self.replaying = r.go_to(n, &events);
                    self.slides.skip();
                    self.slide(before, &events);
                }
                self.animation = None;
                return;
            }
            Intent::ReplayTakeOver => {
                if let Some(r) = self.replaying.take() {
                    self.replace_session(r.take_over(self.session.table(), self.launch.dice()));
                    self.message = Some(Message::info(
                        "You play on from here: the rest of the record is set aside",
                    ));
                }
                return;
            }
            Intent::ReplayLeave => {
                self.replaying = None;
                self.slides.skip();
                return;
            }
            Intent::Analyse => return self.analyse(ctx),
            Intent::Hint => {
                self.computer.ask_hint(ctx, self.session.game());
                return;
            }
            Intent::Share(share) => {
                self.share(ctx, share);
                return;
            }
        };
        self.picked.clear();
        match result {
            // A message lapses of itself once the game moves on (`Message::lapse`); one that
            // stays true, as a failing autosave, is kept.
            Ok(events) => self.show_events(ctx, before, &events, !by_hand),
            Err(e) => self.message = Some(Message::error(e.to_string())),
        }
    }

    /// Clears what the board kept of the game before: the dice, the last play, the men sliding.
    fn clear_table(&mut self) {
        self.throw_off_dice.clear();
        self.last_play.forget();
        self.slides.skip();
    }

    /// Starts the animations the events call for (`slide`: the men's steps too, made from the
    /// position `before`), and keeps the last play.
    fn show_events(
        &mut self,
        ctx: &egui::Context,
        before: Position,
        events: &[Event],
        slide: bool,
    ) {
        self.last_play.note(events);
        if slide {
            self.slide(before, events);
        }
        let view = self.view();
        let colours = self.colours();
        let now = ctx.input(|i| i.time);
        let shown = self.shown().game().phase();
        for event in events {
            let phase = self.session.game().phase();
            if let Some((side, dice)) =
                view.thrown(event, phase, shown, colours, &mut self.throw_off_dice)
            {
                self.animate(now, side, dice);
            }
        }
    }

    /// Queues the steps of `events`, made from `before`, to slide on the board.
    fn slide(&mut self, before: Position, events: &[Event]) {
        if self.launch.screenshot.is_none() {
            let bear_off = self.shown().game().rules().bear_off;
            let seconds = self.settings.speed.step_seconds();
            self.slides
                .queue(before, events, self.view(), bear_off, seconds);
        }
    }

    fn animate(&mut self, now: f64, side: Side, dice: Vec<(egui::Pos2, u8, Colour)>) {
        if self.settings.speed == Speed::Instant || self.launch.screenshot.is_some() {
            return;
        }
        let from = self.board_view().cup_rect(side).center();
        self.animation = Some(ThrowAnimation {
            started: now,
            from,
            dice,
        });
    }

    /// Lets the computer answer and take its turn (not while a replay is shown, dice are in
    /// flight, men slide, or a screenshot is being taken).
    fn drive_computer(&mut self, ctx: &egui::Context, now: f64) {
        let before = self.session.game().position();
        if let Some(done) = self.computer.answer(&mut self.session, now) {
            self.after_computer(ctx, before, done);
        }
        if self.replaying.is_some()
            || self.animation.is_some()
            || self.slides.running()
            || self.launch.screenshot.is_some()
        {
            return;
        }
        let before = self.session.game().position();
        if let Some(done) = self.computer.act(ctx, &mut self.session, now) {
            self.after_computer(ctx, before, done);
        }
    }

    fn after_computer(&mut self, ctx: &egui::Context, before: Position, done: Move) {
        match done {
            Move::Made(events) => self.show_events(ctx, before, &events, true),
            Move::Refused(e) => {
                self.message = Some(Message::error(format!(
                    "The computer's move was refused: {e}"
                )));
            }
            Move::Undecided => {
                self.message = Some(Message::error("The computer could not decide."));
            }
        }
        ctx.request_repaint();
    }

    /// Draws one frame and applies what the person did in it.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if self.tiles.is_some() {
            self.tiles_frame(ui);
            self.autosaver.keep(&self.session, &self.launch, &ctx);
            self.screenshot.after_frame(&ctx, true);
            return;
        }
        self.zoom.follow(&ctx);
        Message::lapse(&mut self.message, self.session.game().record().len());
        self.files_frame(&ctx);
        let now = ctx.input(|i| i.time);
        if self.animation.as_ref().is_some_and(|a| a.done(now)) {
            self.animation = None;
        }
        // Any press or key ends the men's slide; it still does what it does.
        if ctx.input(|i| i.events.iter().any(slide::skips)) {
            self.slides.skip();
        }
        let visible = !ctx.input(|i| i.viewport().minimized.unwrap_or(false));
        self.slides.advance(now, visible);
        self.key_focus.note_press(&ctx);
        let judged = self.tutor.poll(&self.session);
        let asking = self.tutor.is_busy()
            || self.draft.is_some()
            || self.setup.is_open()
            || self.leaving.is_some()
            || self.files.choosing();
        let board_keys = self.key_focus.board_has_keys(&ctx, asking);
        let mut intents = match &self.replaying {
            Some(r) if board_keys => r.keys(&ctx),
            Some(_) => Vec::new(),
            None => self.hands().keys(&ctx, board_keys),
        };
        intents.splice(0..0, judged);

        let game_over = self.session.game().is_over();
        egui::Panel::top("menu").show(ui, |ui| {
            controls::menu_bar(
                ui,
                game_over,
                &mut self.settings,
                &mut self.help,
                &mut intents,
            );
        });

        egui::Panel::bottom("status").show(ui, |ui| {
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                let status = self.shown().status();
                glossary::linked_text(
                    ui,
                    &status,
                    |t| RichText::new(t).size(21.0),
                    &mut self.help.glossary,
                );
                if self.computer.is_thinking() {
                    ui.spinner();
                    ui.label(RichText::new("the computer is thinking…").italics());
                }
            });
            if let Some(m) = &self.message {
                m.show(ui);
            }
            if let Some(r) = &self.replaying {
                ui.horizontal_wrapped(|ui| r.buttons(ui, &mut intents));
            } else if self.tutor.is_busy() {
                self.tutor
                    .show(ui, &self.session, &mut intents, &mut self.message);
            } else {
                let person = input::person_acts(&self.session);
                let hint_asked = self.computer.hint_asked();
                let narrow = ui.ctx().content_rect().width() < NARROW;
                ui.horizontal_wrapped(|ui| {
                    controls::buttons(ui, &self.session, person, hint_asked, &mut intents);
                    if narrow {
                        let words = if self.story_open {
                            "Hide the story"
                        } else {
                            "The story…"
                        };
                        if ui.button(words).clicked() {
                            self.story_open = !self.story_open;
                        }
                    }
                });
            }
            ui.add_space(4.0);
        });

        // On a narrow window the story folds away into a drawer (the Story button), so the
        // board keeps most of the width; the guide, when open, keeps it out.
        let width = ui.ctx().content_rect().width();
        let narrow = width < NARROW;
        let panel_shown =
            !narrow || self.story_open || self.help.guide.is_some() || self.analysis.is_open();
        egui::Panel::right("story")
            .default_size(if narrow { width * 0.3 } else { 330.0 })
            .max_size(width * 0.4)
            .resizable(true)
            .show_collapsible(ui, &mut panel_shown.clone(), |ui| {
                if self.analysis.is_open() {
                    return self.analysis_ui(ui, &mut intents);
                }
                let view = self.view();
                guide::show(
                    ui,
                    &mut self.help.guide,
                    self.session.game(),
                    view.bottom,
                    view.ace_left,
                );
                if let Some(plays) = self.computer.hint_for(self.session.game()) {
                    computer::show_hint(ui, &self.session, plays);
                }
                let shown = self
                    .replaying
                    .as_ref()
                    .map_or(&self.session, ReplayView::shown);
                log_view::show(ui, shown, &mut self.help.glossary, &mut self.help.rules);
            });

        let view = self.view();
        let mut board = self.board_view();
        let sliding = self.slides.frame();
        if let Some(frame) = &sliding {
            frame.dress(&mut board);
        }
        let resting = self.resting_dice();
        let owners: Vec<Option<usize>> = resting.iter().map(|(_, o)| *o).collect();
        board.cup_tip = self.animation.as_ref().map(|a| CupTip {
            mouth_up: a.from.y > board_view::SIZE.y / 2.0,
            tip: a.tipping(now),
        });
        board.dice = match &self.animation {
            Some(a) => a.frame(now),
            None => resting.into_iter().map(|(d, _)| d).collect(),
        };
        egui::CentralPanel::default_margins().show(ui, |ui| {
            let (response, input, to_screen) = board.show(ui);
            self.to_screen = Some(to_screen);
            match &sliding {
                Some(frame) => frame.paint(&board, ui.painter(), &to_screen),
                None => self
                    .last_play()
                    .paint(&board, view, ui.painter(), &to_screen),
            }
            self.paint_analysis(&board, ui.painter(), &to_screen);
            if let Some(place) = input.hovered
                && self.animation.is_none()
                && !response.dragged()
            {
                let shown = self
                    .replaying
                    .as_ref()
                    .map_or(&self.session, ReplayView::shown);
                let text = self.hover.text(place, shown, view.bottom, &board.dice);
                if !text.is_empty() {
                    response.on_hover_ui_at_pointer(|ui| {
                        ui.set_max_width(380.0);
                        ui.label(text);
                    });
                }
            }
            let hands = self.hands();
            let asked = [
                input.clicked.and_then(|p| hands.click(p, &owners, false)),
                input.drag_started.and_then(|p| hands.drag_start(p)),
                input.dropped_on.and_then(|p| hands.drop_on(p, &owners)),
            ];
            intents.extend(asked.into_iter().flatten());
        });

        self.windows(&ctx, &mut intents);
        for intent in intents {
            self.apply(&ctx, intent);
        }
        if self.animation.is_some() || (self.slides.running() && visible) {
            ctx.request_repaint();
        } else if self.slides.running() {
            // Hidden, the men wait; a look now and then notices the window shown again.
            ctx.request_repaint_after(std::time::Duration::from_millis(250));
        }
        self.computer.poll_hint();
        self.drive_computer(&ctx, now);
        // Whatever changed the record this frame (the person, the computer, a file opened, a
        // game left) is on its way to the disk before the next frame.
        self.autosaver.keep(&self.session, &self.launch, &ctx);
        let still = self.animation.is_none() && !self.slides.running();
        self.screenshot.after_frame(&ctx, still);
    }

    /// The windows over the board: New game, and the Help windows that are open.
    fn windows(&mut self, ctx: &egui::Context, intents: &mut Vec<Intent>) {
        if let Some(draft) = &mut self.draft {
            match settings::new_game_window(ctx, draft, self.session.game().rules()) {
                settings::Choice::Start => intents.push(Intent::StartNewGame(draft.clone())),
                settings::Choice::Cancel => self.draft = None,
                settings::Choice::Editing => {}
            }
        }
        self.position_window(ctx, intents);
        self.ask_to_leave(ctx);
        let shown = self
            .replaying
            .as_ref()
            .map_or(&self.session, ReplayView::shown);
        controls::help_windows(ctx, &mut self.help, shown.game().rules());
    }
}

//! The window: the board, the story of the game, the buttons and keys, the settings; the
//! window never changes a game itself, it submits actions to the session (and so to
//! `Game::apply`) and draws what the events say happened.

use std::path::{Path, PathBuf};

use egui::{Color32, Key, Modifiers, RichText, pos2};

use super::board_view::{BoardView, Place};
use super::computer::{self, Computer, Move};
use super::dice_view::{ShownDie, ThrowAnimation};
use super::files::{self, Chosen, Files};
use super::intent::{self, Intent};
use super::launch::Launch;
use super::replaying::ReplayView;
use super::screenshot::{Screenshot, ScreenshotResult};
use super::settings::{self, Settings};
use super::{log_view, theme};
use crate::engine::{Action, Event, Phase, Rules, Side, Step, Tally};
use crate::players::{Controller, Table};
use crate::session::Session;

/// The key under which the settings are kept between runs.
const STORAGE_KEY: &str = "gamester-settings";

/// The whole window's state.
pub struct GamesterApp {
    session: Session,
    pub settings: Settings,
    launch: Launch,
    /// The settings being edited in the New game window, if it is open.
    draft: Option<Settings>,
    /// The man picked up, in the mover's numbering (25 = bar), and where he may go.
    selected: Option<u8>,
    targets: Vec<(u8, Vec<Step>)>,
    animation: Option<ThrowAnimation>,
    /// The dice of the last throw-off, shown until the next throw.
    throw_off_dice: Vec<(Side, u8)>,
    message: Option<String>,
    files: Files,
    screenshot: Screenshot,
    show_keys: bool,
    computer: Computer,
    /// The glossary window, and whether the rules window is open.
    glossary: super::glossary::Glossary,
    show_rules: bool,
    /// The first-game guide's step, while it is open.
    guide: Option<usize>,
    /// The last hover text, kept while the pointer and the position stay the same.
    hover: super::tooltips::Hover,
    /// Stepping through a game's record, if the person is.
    replaying: Option<ReplayView>,
    /// Where the board was last drawn: board units to the window's points.
    to_screen: Option<egui::emath::RectTransform>,
}

impl GamesterApp {
    /// A window with a game ready: the game in progress if one was autosaved, else a new game
    /// under the remembered settings.
    #[must_use]
    pub fn new(settings: Settings, launch: Launch) -> GamesterApp {
        let resumed = files::resume(&launch);
        let mut message = resumed.message;
        let fresh = |s: &Settings| {
            Session::new(
                s.rules.clone(),
                s.table.clone(),
                Tally::default(),
                launch.dice(),
            )
            .or_else(|_| {
                Session::new(
                    Rules::default(),
                    s.table.clone(),
                    Tally::default(),
                    launch.dice(),
                )
            })
        };
        let session = match resumed.session {
            Some(s) => s,
            None => match fresh(&settings) {
                Ok(s) => s,
                Err(e) => {
                    message = Some(format!("The remembered rules could not start a game: {e}"));
                    #[allow(clippy::expect_used)]
                    Session::new(
                        Rules::default(),
                        Table::two_people(),
                        Tally::default(),
                        launch.dice(),
                    )
                    .expect("the default rules always make a game")
                }
            },
        };
        GamesterApp {
            session,
            settings,
            screenshot: Screenshot::to(launch.screenshot.clone()),
            launch,
            draft: None,
            selected: None,
            targets: Vec::new(),
            animation: None,
            throw_off_dice: Vec::new(),
            message,
            files: Files::from(resumed.file),
            show_keys: false,
            to_screen: None,
            replaying: None,
            hover: super::tooltips::Hover::default(),
            guide: None,
            glossary: super::glossary::Glossary::default(),
            show_rules: false,
            computer: Computer::default(),
        }
    }

    /// The window as eframe creates it: fonts and style set, settings read back.
    #[must_use]
    pub fn from_creation(cc: &eframe::CreationContext<'_>, launch: Launch) -> GamesterApp {
        theme::apply(&cc.egui_ctx);
        let settings = if launch.ephemeral {
            Settings::default()
        } else {
            cc.storage
                .and_then(|s| eframe::get_value::<Settings>(s, STORAGE_KEY))
                .unwrap_or_default()
        };
        let first_run = !launch.ephemeral && launch.screenshot.is_none() && !settings.guide_offered;
        let mut app = GamesterApp::new(settings, launch);
        if first_run {
            app.guide = Some(0);
            app.settings.guide_offered = true;
        }
        app
    }

    /// Where a screenshot run leaves its outcome.
    pub fn report_screenshot_to(&mut self, slot: ScreenshotResult) {
        self.screenshot.result = slot;
    }

    #[must_use]
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The session whose game the board shows: the one in play, or a point of a replay.
    #[must_use]
    pub fn shown(&self) -> &Session {
        self.replaying
            .as_ref()
            .map_or(&self.session, ReplayView::shown)
    }

    /// Whether the person is stepping through a record.
    #[must_use]
    pub fn is_replaying(&self) -> bool {
        self.replaying.is_some()
    }

    /// The session, for driving a game from outside the window (benchmarks, tests).
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    /// Where on the window a point of `side` (in its own numbering; 25 the bar, 0 its tray)
    /// was last drawn, for tests that click on the board.
    #[must_use]
    pub fn screen_pos(&self, side: Side, point: u8) -> Option<egui::Pos2> {
        let to_screen = self.to_screen?;
        Some(
            to_screen
                * self
                    .board_view()
                    .centre_of(self.mover_to_bottom(side, point)),
        )
    }

    /// Where a side's dice cup was last drawn.
    #[must_use]
    pub fn cup_pos(&self, side: Side) -> Option<egui::Pos2> {
        let to_screen = self.to_screen?;
        Some(to_screen * self.board_view().centre_of(Place::Cup(side)))
    }

    /// The side drawn at the bottom: the one person playing against the computer, else White.
    fn bottom(&self) -> Side {
        if self.session.table().has_person(Side::Black)
            && !self.session.table().has_person(Side::White)
        {
            Side::Black
        } else {
            Side::White
        }
    }

    /// Whether the computer is working out its next action.
    #[must_use]
    pub fn computer_thinking(&self) -> bool {
        self.computer.is_thinking()
    }

    /// Lets the computer answer and take its turn (not while a replay is shown, dice are in
    /// flight, or a screenshot is being taken).
    fn drive_computer(&mut self, ctx: &egui::Context, now: f64) {
        if let Some(done) = self.computer.answer(&mut self.session, now) {
            self.after_computer(ctx, done);
        }
        if self.replaying.is_some() || self.animation.is_some() || self.launch.screenshot.is_some()
        {
            return;
        }
        if let Some(done) = self.computer.act(ctx, &mut self.session, now) {
            self.after_computer(ctx, done);
        }
    }

    fn after_computer(&mut self, ctx: &egui::Context, done: Move) {
        match done {
            Move::Made(events) => {
                self.show_events(ctx, &events);
                if files::worth_saving(&events) {
                    files::autosave(&self.session, &self.launch);
                }
            }
            Move::Refused(e) => {
                self.message = Some(format!("The computer's move was refused: {e}"))
            }
            Move::Undecided => self.message = Some("The computer could not decide.".into()),
        }
        ctx.request_repaint();
    }

    fn person_acts(&self) -> bool {
        match self.session.acting_player() {
            Some(p) => p.controller == Controller::Person,
            None => {
                // Throw-offs: anyone at the table who is a person may throw.
                Side::BOTH
                    .iter()
                    .any(|&s| self.session.table().has_person(s))
            }
        }
    }

    fn mover_to_bottom(&self, mover: Side, point: u8) -> Place {
        match point {
            0 => Place::Tray(mover),
            25 => Place::Bar(mover),
            p if mover == self.bottom() => Place::Point(p),
            p => Place::Point(25 - p),
        }
    }

    fn bottom_to_mover(&self, mover: Side, place: Place) -> Option<u8> {
        match place {
            Place::Point(p) if mover == self.bottom() => Some(p),
            Place::Point(p) => Some(25 - p),
            Place::Bar(s) if s == mover => Some(25),
            Place::Tray(s) if s == mover => Some(0),
            _ => None,
        }
    }

    /// Where the man on `from` may go this throw, each with the steps that take him there
    /// (one die, or several played at length), shortest first.
    fn destinations(&self, from: u8) -> Vec<(u8, Vec<Step>)> {
        let mut out: Vec<(u8, Vec<Step>)> = Vec::new();
        let mut frontier =
            std::collections::VecDeque::from([(self.session.game().clone(), from, Vec::new())]);
        while let Some((game, at, path)) = frontier.pop_front() {
            for step in game.allowed_steps().into_iter().filter(|s| s.from() == at) {
                let mut next = game.clone();
                if next.apply(Action::Step(step)).is_err() {
                    continue;
                }
                let mut steps = path.clone();
                steps.push(step);
                if !out.iter().any(|(to, _)| *to == step.to()) {
                    out.push((step.to(), steps.clone()));
                }
                if step.to() != 0 && next.phase() == Phase::Playing {
                    frontier.push_back((next, step.to(), steps));
                }
            }
        }
        out
    }

    fn apply_intent(&mut self, ctx: &egui::Context, intent: Intent) {
        let result = match intent {
            Intent::Throw => {
                if self.animation.is_some() {
                    self.animation = None;
                    return;
                }
                self.session.throw()
            }
            Intent::Action(a) => self.session.apply(a),
            Intent::Steps(steps) => intent::play_steps(&mut self.session, steps),
            Intent::Select(from) => {
                self.selected = from;
                self.targets = from.map(|f| self.destinations(f)).unwrap_or_default();
                if self.targets.is_empty() {
                    self.selected = None;
                }
                return;
            }
            Intent::SkipAnimation => {
                self.animation = None;
                return;
            }
            Intent::NextGame => {
                self.throw_off_dice.clear();
                self.session.next_game().map(|()| Vec::new())
            }
            Intent::OpenNewGame => {
                self.draft = Some(self.settings.clone());
                return;
            }
            Intent::StartNewGame(settings) => {
                self.settings = settings;
                self.draft = None;
                match Session::new(
                    self.settings.rules.clone(),
                    self.settings.table.clone(),
                    Tally::default(),
                    self.launch.dice(),
                ) {
                    Ok(s) => {
                        self.session = s;
                        self.files.forget();
                        self.throw_off_dice.clear();
                        Ok(Vec::new())
                    }
                    Err(e) => Err(e),
                }
            }
            Intent::Open => {
                self.files.ask(ctx, false);
                return;
            }
            Intent::OpenPath(path) => {
                self.open_path(path);
                return;
            }
            Intent::Save => {
                match self.files.current().map(Path::to_path_buf) {
                    Some(path) => self.save_to(path),
                    None => self.files.ask(ctx, true),
                }
                return;
            }
            Intent::SaveAs => {
                self.files.ask(ctx, true);
                return;
            }
            Intent::ReplayStart => {
                match ReplayView::start(self.session.game(), self.session.table()) {
                    Ok(replay) => self.replaying = replay,
                    Err(e) => self.message = Some(format!("Cannot replay this game: {e}")),
                }
                return;
            }
            Intent::ReplayTo(n) => {
                if let Some(r) = self.replaying.take() {
                    self.replaying = r.go_to(n);
                }
                self.animation = None;
                return;
            }
            Intent::ReplayTakeOver => {
                if let Some(r) = self.replaying.take() {
                    self.session = r.take_over(self.session.table(), self.launch.dice());
                    self.throw_off_dice.clear();
                    self.message =
                        Some("You play on from here: the rest of the record is set aside".into());
                    files::autosave(&self.session, &self.launch);
                }
                return;
            }
            Intent::ReplayLeave => {
                self.replaying = None;
                return;
            }
            Intent::Hint => {
                self.computer.ask_hint(ctx, self.session.game());
                return;
            }
        };
        self.selected = None;
        self.targets.clear();
        match result {
            Ok(events) => {
                self.message = None;
                self.show_events(ctx, &events);
                if files::worth_saving(&events) {
                    files::autosave(&self.session, &self.launch);
                }
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    /// Starts the animations the events call for.
    fn show_events(&mut self, ctx: &egui::Context, events: &[Event]) {
        let bottom = self.bottom();
        let colours = self.colours();
        let now = ctx.input(|i| i.time);
        for event in events {
            match event {
                Event::ThrewOff { white, black } => {
                    self.throw_off_dice = vec![(Side::White, *white), (Side::Black, *black)];
                    let dice = self
                        .throw_off_dice
                        .iter()
                        .map(|&(s, f)| {
                            (
                                BoardView::dice_rest(s == bottom, 0, 1),
                                f,
                                colours[s.index()],
                            )
                        })
                        .collect();
                    self.animate(now, bottom, dice);
                }
                Event::BreakThrewOff { white, black } => {
                    self.throw_off_dice.clear();
                    let mut dice = Vec::new();
                    for (s, faces) in [(Side::White, white), (Side::Black, black)] {
                        for (i, &f) in faces.iter().enumerate() {
                            dice.push((
                                BoardView::dice_rest(s == bottom, i, 2),
                                f,
                                colours[s.index()],
                            ));
                        }
                    }
                    self.animate(now, bottom, dice);
                }
                Event::Threw { side, throw } => {
                    self.throw_off_dice.clear();
                    let row = usize::from(self.session.game().phase() == Phase::ChooseThrow);
                    let n = throw.faces().len();
                    let dice = throw
                        .faces()
                        .iter()
                        .enumerate()
                        .map(|(i, &f)| (self.rest(*side, i, n, row), f, colours[side.index()]))
                        .collect();
                    self.animate(now, *side, dice);
                }
                _ => {}
            }
        }
    }

    fn rest(&self, side: Side, i: usize, n: usize, row: usize) -> egui::Pos2 {
        let p = BoardView::dice_rest(side == self.bottom(), i, n);
        let two_rows = matches!(
            self.shown().game().phase(),
            Phase::ChooseThrow | Phase::SecondThrow
        );
        if two_rows || row > 0 {
            pos2(p.x, p.y - 28.0 + 56.0 * row as f32)
        } else {
            p
        }
    }

    fn animate(
        &mut self,
        now: f64,
        side: Side,
        dice: Vec<(egui::Pos2, u8, crate::players::Colour)>,
    ) {
        if !self.settings.animate || self.launch.screenshot.is_some() {
            return;
        }
        let view = self.board_view();
        let from = view.cup_rect(side).center();
        self.animation = Some(ThrowAnimation {
            started: now,
            from,
            dice,
        });
    }

    fn colours(&self) -> [crate::players::Colour; 2] {
        [
            self.shown().table().white.colour,
            self.shown().table().black.colour,
        ]
    }

    /// The dice to show when none is in flight, each with the throw it belongs to (for choosing
    /// in Double-hand).
    fn resting_dice(&self) -> Vec<(ShownDie, Option<usize>)> {
        let game = self.shown().game();
        let colours = self.colours();
        let bottom = self.bottom();
        let mut out = Vec::new();
        let die = |at, face, side: Side, spent| ShownDie {
            at,
            face,
            angle: 0.0,
            spent,
            colour: colours[side.index()],
        };
        match game.phase() {
            Phase::Playing => {
                let side = game.turn();
                if let Some(throw) = game.throw() {
                    let mut left = game.moves_left().faces().to_vec();
                    let n = throw.faces().len();
                    let moves = throw.moves(game.rules().dice, game.rules().doublets).len();
                    let remaining = left.len();
                    for (i, &f) in throw.faces().iter().enumerate() {
                        let spent = if throw.is_doublets() {
                            // Doublets may give more moves than dice: each die stands for its share.
                            remaining * n <= (n - 1 - i) * moves
                        } else {
                            match left.iter().position(|&x| x == f) {
                                Some(k) => {
                                    left.remove(k);
                                    false
                                }
                                None => true,
                            }
                        };
                        out.push((die(self.rest(side, i, n, 0), f, side, spent), None));
                    }
                }
            }
            Phase::SecondThrow | Phase::ChooseThrow => {
                let side = game.turn();
                for (row, throw) in game.throws().iter().enumerate() {
                    let n = throw.faces().len();
                    for (i, &f) in throw.faces().iter().enumerate() {
                        out.push((die(self.rest(side, i, n, row), f, side, false), Some(row)));
                    }
                }
            }
            _ => {
                for &(side, f) in &self.throw_off_dice {
                    out.push((
                        die(BoardView::dice_rest(side == bottom, 0, 1), f, side, false),
                        None,
                    ));
                }
            }
        }
        out
    }

    fn board_view(&self) -> BoardView {
        let game = self.shown().game();
        let bottom = self.bottom();
        let mover = game.turn();
        let mut targets = Vec::new();
        let mut selected = None;
        if let Some(from) = self.selected {
            selected = Some(self.mover_to_bottom(mover, from));
            targets = self
                .targets
                .iter()
                .map(|(to, _)| self.mover_to_bottom(mover, *to))
                .collect();
        }
        let mut choosable = Vec::new();
        if let Some(index) = self.guide
            && self.replaying.is_none()
            && let Some(step) =
                super::guide::steps(game.rules(), game, bottom, self.settings.ace_left).get(index)
        {
            choosable = super::guide::places(step);
        }
        if let Some(plays) = self.computer.hint_for(self.session.game())
            && self.replaying.is_none()
            && let Some((best, _)) = plays.first()
        {
            for step in best.steps.iter() {
                choosable.push(self.mover_to_bottom(mover, step.from()));
                choosable.push(self.mover_to_bottom(mover, step.to()));
            }
        }
        if let Phase::ChooseBreak { chooser, binder } = game.phase()
            && self.session.table().has_person(chooser)
        {
            let pos = game.position_for(binder);
            choosable = (1..=6u8)
                .filter(|&p| pos.at(usize::from(p)) >= 2)
                .map(|p| self.mover_to_bottom(binder, p))
                .collect();
        }
        let turn = match game.phase() {
            Phase::ThrowOff | Phase::BreakThrowOff { .. } | Phase::Over(_) => None,
            _ if self.shown().wants_dice() => Some(mover),
            _ => None,
        };
        BoardView {
            position: game.position_for(bottom),
            bottom,
            colours: self.colours(),
            ace_left: self.settings.ace_left,
            numbers: self.settings.numbers,
            selected,
            targets,
            choosable,
            dice: Vec::new(),
            cube: game.rules().cube.then(|| game.cube()),
            turn,
        }
    }

    /// What a click (or a drop) on the board means now.
    fn board_intent(
        &self,
        place: Place,
        dice_owner: &[Option<usize>],
        dropped: bool,
    ) -> Option<Intent> {
        if self.animation.is_some() {
            return Some(Intent::SkipAnimation);
        }
        if self.replaying.is_some() || !self.person_acts() {
            return None;
        }
        let game = self.session.game();
        let mover = game.turn();
        match (game.phase(), place) {
            (_, Place::Cup(_)) if self.session.wants_dice() => Some(Intent::Throw),
            (Phase::ChooseThrow, Place::Die(i)) => dice_owner
                .get(i)
                .copied()
                .flatten()
                .map(|t| Intent::Action(Action::ChooseThrow(t as u8))),
            (Phase::Playing, Place::Die(_)) if game.may_confirm() => {
                Some(Intent::Action(Action::Confirm))
            }
            (Phase::ChooseBreak { binder, .. }, Place::Point(_)) => {
                let p = self.bottom_to_mover(binder, place)?;
                (1..=6)
                    .contains(&p)
                    .then_some(Intent::Action(Action::Break(p)))
            }
            (Phase::Playing, _) => {
                let at = self.bottom_to_mover(mover, place);
                if let (Some(to), Some(_)) = (at, self.selected)
                    && let Some((_, steps)) = self.targets.iter().find(|(t, _)| *t == to)
                {
                    return Some(Intent::Steps(steps.clone()));
                }
                if dropped {
                    return None;
                }
                match at {
                    Some(from) if from != 0 && Some(from) != self.selected => {
                        Some(Intent::Select(Some(from)))
                    }
                    _ => Some(Intent::Select(None)),
                }
            }
            _ => None,
        }
    }

    fn keys(&self, ctx: &egui::Context) -> Vec<Intent> {
        let mut out = Vec::new();
        let game = self.session.game();
        ctx.input_mut(|i| {
            let plain = Modifiers::NONE;
            if i.consume_key(Modifiers::COMMAND, Key::N) {
                out.push(Intent::OpenNewGame);
            }
            if i.consume_key(Modifiers::COMMAND, Key::O) {
                out.push(Intent::Open);
            }
            if i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::S) {
                out.push(Intent::SaveAs);
            }
            if i.consume_key(Modifiers::COMMAND, Key::S) {
                out.push(Intent::Save);
            }
            if i.consume_key(Modifiers::COMMAND, Key::Z)
                || i.consume_key(plain, Key::U)
                || i.consume_key(plain, Key::Backspace)
            {
                out.push(Intent::Action(Action::Undo));
            }
            if i.consume_key(plain, Key::Space) || i.consume_key(plain, Key::R) {
                out.push(if self.animation.is_some() {
                    Intent::SkipAnimation
                } else {
                    Intent::Throw
                });
            }
            if i.consume_key(plain, Key::Enter) || i.consume_key(plain, Key::L) {
                out.push(if game.is_over() {
                    Intent::NextGame
                } else {
                    Intent::Action(Action::Confirm)
                });
            }
            if i.consume_key(plain, Key::D) {
                out.push(Intent::Action(Action::Double));
            }
            if i.consume_key(plain, Key::T) {
                out.push(Intent::Action(Action::Take));
            }
            if i.consume_key(plain, Key::P) {
                out.push(Intent::Action(Action::Drop));
            }
            if i.consume_key(plain, Key::Num1) {
                out.push(Intent::Action(Action::ChooseThrow(0)));
            }
            if i.consume_key(plain, Key::Num2) {
                out.push(Intent::Action(Action::ChooseThrow(1)));
            }
            if i.consume_key(plain, Key::Escape) {
                out.push(Intent::Select(None));
            }
            if i.consume_key(plain, Key::H) {
                out.push(Intent::Hint);
            }
        });
        // Keys that act for a player act only for a person.
        if !self.person_acts() {
            out.retain(Intent::is_for_anyone);
        }
        out
    }

    fn open_path(&mut self, path: PathBuf) {
        match self
            .files
            .open(path, &self.launch, &mut self.settings.recent)
        {
            Ok(session) => {
                self.session = session;
                self.throw_off_dice.clear();
                self.selected = None;
                self.targets.clear();
                self.message = Some("Game opened".into());
            }
            // The game already open stays exactly as it was.
            Err(message) => self.message = Some(message),
        }
    }

    fn save_to(&mut self, path: PathBuf) {
        let message = self
            .files
            .save(path, &self.session, &mut self.settings.recent);
        self.message = Some(message);
    }

    fn poll_file_dialog(&mut self) {
        match self.files.poll() {
            Some(Chosen::Open(path)) => self.open_path(path),
            Some(Chosen::Save(path)) => self.save_to(path),
            Some(Chosen::NoDialog) => self.message = Some(files::NO_DIALOG.into()),
            None => {}
        }
    }

    /// Draws one frame and applies what the person did in it.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.poll_file_dialog();
        let now = ctx.input(|i| i.time);
        if self.animation.as_ref().is_some_and(|a| a.done(now)) {
            self.animation = None;
        }
        let mut intents = match &self.replaying {
            Some(r) => r.keys(&ctx),
            None => self.keys(&ctx),
        };

        egui::Panel::top("menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("Game", |ui| {
                    if ui.button("New game…  (Ctrl+N)").clicked() {
                        intents.push(Intent::OpenNewGame);
                    }
                    if ui
                        .add_enabled(
                            self.session.game().is_over(),
                            egui::Button::new("Next game of the session  (Enter)"),
                        )
                        .clicked()
                    {
                        intents.push(Intent::NextGame);
                    }
                    if ui.button("Replay this game, turn by turn").clicked() {
                        intents.push(Intent::ReplayStart);
                    }
                    ui.separator();
                    if ui.button("Open…  (Ctrl+O)").clicked() {
                        intents.push(Intent::Open);
                    }
                    ui.menu_button("Open recent", |ui| {
                        if self.settings.recent.is_empty() {
                            ui.label("No games opened yet");
                        }
                        for path in self.settings.recent.paths() {
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
                        &mut self.settings.numbers,
                        "Number the points 1–24 (instead of ace … sice)",
                    );
                    ui.checkbox(&mut self.settings.ace_left, "Ace point on the left");
                    ui.checkbox(&mut self.settings.animate, "Animate the throws");
                });
                ui.menu_button("Help", |ui| {
                    if ui.button("Glossary of the tables").clicked() {
                        self.glossary.open = true;
                    }
                    if ui.button("The rules of this game").clicked() {
                        self.show_rules = true;
                    }
                    if ui.button("First game guide").clicked() {
                        self.guide = Some(0);
                    }
                    if ui.button("Keys").clicked() {
                        self.show_keys = true;
                    }
                });
            });
        });

        egui::Panel::bottom("status").show(ui, |ui| {
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                let status = self.shown().status();
                super::glossary::linked_text(
                    ui,
                    &status,
                    |t| RichText::new(t).size(21.0),
                    &mut self.glossary,
                );
                if self.computer.is_thinking() {
                    ui.spinner();
                    ui.label(RichText::new("the computer is thinking…").italics());
                }
            });
            if let Some(m) = &self.message {
                ui.label(RichText::new(m).color(Color32::from_rgb(140, 30, 20)));
            }
            if let Some(r) = &self.replaying {
                ui.horizontal(|ui| r.buttons(ui, &mut intents));
            } else {
                ui.horizontal(|ui| self.buttons(ui, &mut intents));
            }
            ui.add_space(4.0);
        });

        egui::Panel::right("story")
            .default_size(330.0)
            .resizable(true)
            .show(ui, |ui| {
                if let Some(plays) = self.computer.hint_for(self.session.game()) {
                    computer::show_hint(ui, self.session.game(), plays);
                }
                let shown = self
                    .replaying
                    .as_ref()
                    .map_or(&self.session, ReplayView::shown);
                log_view::show(ui, shown, &mut self.glossary, &mut self.show_rules);
            });

        let mut view = self.board_view();
        let resting = self.resting_dice();
        let owners: Vec<Option<usize>> = resting.iter().map(|(_, o)| *o).collect();
        view.dice = match &self.animation {
            Some(a) => a.frame(now),
            None => resting.into_iter().map(|(d, _)| d).collect(),
        };
        egui::CentralPanel::default_margins().show(ui, |ui| {
            let (response, input, to_screen) = view.show(ui);
            self.to_screen = Some(to_screen);
            if let Some(place) = input.hovered
                && self.animation.is_none()
                && !response.dragged()
            {
                let bottom = self.bottom();
                let shown = self
                    .replaying
                    .as_ref()
                    .map_or(&self.session, ReplayView::shown);
                let text = self.hover.text(place, shown, bottom, &view.dice);
                if !text.is_empty() {
                    response.on_hover_ui_at_pointer(|ui| {
                        ui.set_max_width(380.0);
                        ui.label(text);
                    });
                }
            }
            if let Some(place) = input.clicked
                && let Some(i) = self.board_intent(place, &owners, false)
            {
                intents.push(i);
            }
            if let Some(place) = input.drag_started
                && self.animation.is_none()
                && self.session.game().phase() == Phase::Playing
                && let Some(from) = self.bottom_to_mover(self.session.game().turn(), place)
                && from != 0
                && self.person_acts()
            {
                intents.push(Intent::Select(Some(from)));
            }
            if let Some(place) = input.dropped_on
                && self.selected.is_some()
                && let Some(i) = self.board_intent(place, &owners, true)
            {
                intents.push(i);
            }
        });

        if let Some(draft) = &mut self.draft {
            match settings::new_game_window(&ctx, draft, self.session.game().rules()) {
                settings::Choice::Start => intents.push(Intent::StartNewGame(draft.clone())),
                settings::Choice::Cancel => self.draft = None,
                settings::Choice::Editing => {}
            }
        }
        if self.show_keys {
            egui::Window::new("Keys")
                .open(&mut self.show_keys)
                .resizable(false)
                .show(&ctx, |ui| {
                    for (k, what) in KEYS {
                        ui.horizontal(|ui| {
                            ui.label(RichText::new(*k).strong());
                            ui.label(*what);
                        });
                    }
                });
        }

        let bottom = self.bottom();
        super::guide::show(
            &ctx,
            &mut self.guide,
            self.session.game(),
            bottom,
            self.settings.ace_left,
        );
        if self.glossary.open {
            super::glossary::glossary_window(&ctx, &mut self.glossary);
        }
        if self.show_rules {
            let rules = self.shown().game().rules().clone();
            let title = super::log_view::preset_of(&rules).map_or("House rules", |p| p.title());
            super::glossary::rules_window(
                &ctx,
                &mut self.show_rules,
                &rules,
                title,
                &mut self.glossary,
            );
        }
        for intent in intents {
            self.apply_intent(&ctx, intent);
        }
        if self.animation.is_some() {
            ctx.request_repaint();
        }
        self.computer.poll_hint();
        self.drive_computer(&ctx, now);
        self.screenshot.after_frame(&ctx, self.animation.is_none());
    }

    fn buttons(&self, ui: &mut egui::Ui, intents: &mut Vec<Intent>) {
        let game = self.session.game();
        let person = self.person_acts();
        let phase = game.phase();
        if ui
            .add_enabled(
                person && self.session.wants_dice(),
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
                person && phase == Phase::Playing && !self.computer.hint_asked(),
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
                    egui::Button::new("Double  (D)"),
                )
                .clicked()
            {
                intents.push(Intent::Action(Action::Double));
            }
            if phase == Phase::DoubleOffered {
                if ui
                    .add_enabled(person, egui::Button::new("Take  (T)"))
                    .clicked()
                {
                    intents.push(Intent::Action(Action::Take));
                }
                if ui
                    .add_enabled(person, egui::Button::new("Drop  (P)"))
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
                        crate::engine::terms::throw_words(t),
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
}

/// The keys, as the Help window lists them.
pub const KEYS: &[(&str, &str)] = &[
    (
        "Space or R",
        "throw the dice (or skip the throw's animation)",
    ),
    (
        "Click a man",
        "pick him up: the points he may reach light up",
    ),
    ("U, Backspace, Ctrl+Z", "take back the last step"),
    (
        "Enter or L",
        "lift the dice: the play is done (after a game: the next game)",
    ),
    ("1, 2", "Double-hand: play the first or the second throw"),
    ("D, T, P", "double; take; drop (when the cube is in play)"),
    ("Escape", "put the man down"),
    ("H", "a hint: the computer's best plays for this throw"),
    ("Ctrl+N", "new game"),
    ("Ctrl+O, Ctrl+S, Ctrl+Shift+S", "open, save, save as"),
    (
        "Left, Right, Home, End",
        "in a replay: a turn back, a turn on, the start, the end",
    ),
];

impl eframe::App for GamesterApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame_ui(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if !self.launch.ephemeral {
            eframe::set_value(storage, STORAGE_KEY, &self.settings);
        }
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        files::autosave_on_exit(&self.session, &self.launch);
    }
}

//! The tiles games on the window's shell: the tiles session at the table, where each thing lay
//! on the table, the replay, and the game kept on the disk; and what this screen adds to the
//! shell: its status, buttons, score and story, table, menu items, keys, and the rules window.

use std::path::{Path, PathBuf};

use egui::{Key, Modifiers, RichText};

use crate::players::Controller;
use crate::tiles::{Action, End, Game, Kind, Phase, Target, end_word};
use crate::tiles_session::{PACE, TilesSession};
use crate::ui::shell::glossary;
use crate::ui::shell::launch::Launch;
use crate::ui::shell::leaving::Next;
use crate::ui::shell::message::Message;
use crate::ui::shell::screen::{Screen, Shell};
use crate::ui::shell::settings::Settings;
use crate::ui::tables::replaying::{Go, Steps, stepper_buttons, stepper_keys};
use crate::ui::tiles::keeping::{self, TilesKeeper};
use crate::ui::tiles::setup;
use crate::ui::tiles::view::{self, Spot, TilesIntent};
use gamester_core::Family;

/// The keys of the tiles table, as Help → Keys lists them.
pub const TILES_KEYS: &[(&str, &str)] = &[
    (
        "Right, Left",
        "pick up the next (or the last) tile of your hand that may be laid",
    ),
    ("1 … 9", "pick up the first … ninth tile of your hand"),
    (
        "Enter",
        "lay the tile picked where it fits (after a hand: the next hand)",
    ),
    (
        "Home, End",
        "lay the tile picked at the left end, at the right end",
    ),
    ("D", "draw from the boneyard"),
    ("K", "knock: you cannot lay, and play passes on"),
    (
        "Space",
        "throw for the set; at a shared screen, show your tiles",
    ),
    ("Escape", "put the tile back"),
    (
        "Left, Right, Home, End, Escape",
        "in a replay: a move back, a move on, the start, the end; leave",
    ),
];

/// A tiles game's record being stepped through, move by move.
struct TilesReplay {
    record: Vec<Action>,
    at: usize,
    shown: TilesSession,
}

impl TilesReplay {
    /// The record of the game at `table`, shown after `at` actions.
    fn of(table: &TilesSession, record: Vec<Action>, at: usize) -> Option<TilesReplay> {
        let at = at.min(record.len());
        let game = Game::replay(*table.game().rules(), &record[..at]).ok()?;
        let mut shown = TilesSession::holding(game, table.sitters().to_vec(), Some(0));
        shown.set_tally(table.tally().to_vec());
        Some(TilesReplay { record, at, shown })
    }

    /// The same record shown after `at` actions.
    fn go_to(self, table: &TilesSession, at: usize) -> TilesReplay {
        let record = self.record.clone();
        TilesReplay::of(table, record, at).unwrap_or(self)
    }

    /// Where the replay may step: one action back or on.
    fn steps(&self) -> Steps {
        let (at, len) = (self.at, self.record.len());
        Steps {
            at,
            len,
            back: at.saturating_sub(1),
            on: (at + 1).min(len),
            play_on: true,
        }
    }

    fn buttons(&self, ui: &mut egui::Ui, intents: &mut Vec<Stepping>) {
        let said = format!("Replay: move {} of {}", self.at, self.record.len());
        intents.extend(stepper_buttons(ui, &said, self.steps()).map(Stepping::Go));
    }

    fn keys(&self, ctx: &egui::Context) -> Vec<Stepping> {
        stepper_keys(ctx, self.steps())
            .into_iter()
            .map(Stepping::Go)
            .collect()
    }
}

/// What the person asked of a replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stepping {
    Start,
    Go(Go),
}

/// The tiles game at the table and what the window keeps about it.
pub struct TilesScreen {
    session: TilesSession,
    /// Where each thing lay on the table in the last frame.
    spots: Vec<(egui::Rect, Spot)>,
    /// Keeps the game in progress on the disk.
    keeper: TilesKeeper,
    replaying: Option<TilesReplay>,
    /// What the person asked for this frame, applied after it.
    intents: Vec<TilesIntent>,
    stepping: Vec<Stepping>,
    now: f64,
    /// How many lines of the game's story were said to a screen reader.
    told: usize,
    /// The friends at a distance, when the game is played over the network.
    remote: Option<crate::ui::net::Remote>,
}

impl TilesScreen {
    /// The screen of `session`, paced as the settings say.
    #[must_use]
    pub fn seating(mut session: TilesSession, settings: &Settings) -> TilesScreen {
        session.pace = settings.speed.step_seconds() / 0.5 * PACE;
        TilesScreen {
            // A game opened or resumed is not read out from its start.
            told: session.story().len(),
            session,
            spots: Vec::new(),
            keeper: TilesKeeper::default(),
            replaying: None,
            intents: Vec::new(),
            stepping: Vec::new(),
            now: 0.0,
            remote: None,
        }
    }

    /// A new game under the tiles settings of `settings`.
    pub fn new_game(settings: &Settings, launch: &Launch) -> Result<TilesScreen, Message> {
        let chosen = &settings.tiles;
        TilesSession::new(chosen.rules, chosen.sitters(), launch.seed)
            .map(|session| TilesScreen::seating(session, settings))
            .map_err(|e| Message::error(format!("These rules cannot start a tiles game: {e}")))
    }

    /// The game read from a file at `path`, as a session.
    #[must_use]
    pub fn session_of(
        loaded: crate::save::tiles::TilesLoaded,
        path: Option<PathBuf>,
        launch: &Launch,
    ) -> TilesSession {
        let mut session = TilesSession::holding(loaded.game, loaded.seats, launch.seed);
        session.set_tally(loaded.tally);
        session.file = path;
        if let Some(why) = &loaded.abandoned {
            session.abandon(why);
        }
        session
    }

    /// The tiles game kept in the data folder when the window last closed, if any; `Err`
    /// says why it could not be read (the file is left as it was).
    pub fn resume(settings: &Settings, launch: &Launch) -> Option<Result<TilesScreen, String>> {
        let path = launch.tiles_autosave_path()?;
        Some(keeping::resume(&path)?.map(|loaded| {
            TilesScreen::seating(TilesScreen::session_of(loaded, None, launch), settings)
        }))
    }

    /// A game with friends at a distance: the person at its own place, the others' places
    /// theirs (never the computer's while the line is open), in their names.
    fn take_party(
        party: gamester_net::party::Party,
        settings: &Settings,
    ) -> Result<(TilesScreen, Message), Message> {
        let session = Self::session_of_party(&party)
            .map_err(|e| Message::error(format!("Cannot play this game: {e}")))?;
        let said = Message::info(format!(
            "You play {} over the network. The tiles are shuffled, and the dice thrown, by \
             every computer together.",
            crate::ui::net::within_sentence(&party.others_names())
        ));
        let mut screen = TilesScreen::seating(session, settings);
        screen.remote = Some(crate::ui::net::Remote::new(party));
        Ok((screen, said))
    }

    /// The session of a party's game at the tiles.
    fn session_of_party(party: &gamester_net::party::Party) -> Result<TilesSession, String> {
        let table = party.table().ok_or("there is no game yet")?;
        let gamester_net::Board::Tiles(game) = table.board() else {
            return Err("the game offered is a game at tables".into());
        };
        let players = usize::from(game.rules().players);
        let sitters = (0..players)
            .map(|seat| {
                if table.owner(seat) == Some(table.me()) {
                    Controller::Person
                } else {
                    Controller::Computer(crate::level::Level::Fair)
                }
            })
            .collect();
        let mut session = TilesSession::holding(game.clone(), sitters, None);
        session.rename(
            (0..players)
                .map(|seat| {
                    if table.owner(seat) == Some(table.me()) {
                        "You".to_string()
                    } else {
                        table.owner(seat).map(|o| party.name(o)).unwrap_or_default()
                    }
                })
                .collect(),
        );
        Ok(session)
    }

    /// A game with friends whose line is gone for good: this side's party and its record, to
    /// offer when joining again.
    #[must_use]
    pub fn comeback(&self) -> Option<gamester_net::party::Return> {
        let over = self.session.game().phase() == crate::tiles::Phase::GameOver;
        self.remote.as_ref()?.comeback(self.net_record(), over)
    }

    /// Whether the game is played with friends at a distance.
    #[must_use]
    pub fn is_remote(&self) -> bool {
        self.remote.is_some()
    }

    /// Each frame: the person's tiles go out, and the others' (and the shuffles and dice made
    /// together) come into the session.
    /// The session's record, as it goes over the line.
    #[must_use]
    pub fn net_record(&self) -> Vec<gamester_net::NetAction> {
        gamester_net::net_record(self.session.game().record())
    }

    fn drive_remote(&mut self, ctx: &egui::Context, shell: &mut Shell) {
        let ours = self.net_record();
        let Some(remote) = &mut self.remote else {
            return;
        };
        let theirs = remote.step(ctx, &ours, shell);
        for note in remote.take_notes() {
            self.session.note(format!("{note}."));
        }
        let mut parted = theirs.is_none();
        for action in theirs.unwrap_or_default() {
            let gamester_net::NetAction::Tiles(action) = action else {
                parted = true;
                break;
            };
            if let Err(e) = self.session.apply(action, self.now) {
                shell.message = Some(Message::error(format!(
                    "A friend's tile was refused here ({e})."
                )));
                parted = true;
                break;
            }
        }
        if parted
            && let Some(remote) = &self.remote
            && let Ok(session) = Self::session_of_party(&remote.party)
        {
            self.told = session.story().len();
            self.session = session;
        }
    }

    /// The session at the table.
    #[must_use]
    pub fn session(&self) -> &TilesSession {
        &self.session
    }

    /// The session shown: the one in play, or a point of its replay.
    fn shown(&self) -> &TilesSession {
        self.replaying.as_ref().map_or(&self.session, |r| &r.shown)
    }

    /// Where each thing lay on the table in the last frame, on the screen.
    #[must_use]
    pub fn spots(&self) -> &[(egui::Rect, Spot)] {
        &self.spots
    }

    /// Puts in play a new game or the game of a file.
    pub(crate) fn go_to(next: Next, shell: &mut Shell) -> Option<TilesScreen> {
        match next {
            Next::NewGame(settings) => match TilesScreen::new_game(&settings, &shell.launch) {
                Ok(screen) => {
                    shell.message = None;
                    Some(screen)
                }
                Err(said) => {
                    shell.message = Some(said);
                    None
                }
            },
            Next::Network(party) => match TilesScreen::take_party(*party, &shell.settings) {
                Ok((screen, said)) => {
                    shell.message = Some(said);
                    Some(screen)
                }
                Err(said) => {
                    shell.message = Some(said);
                    None
                }
            },
            Next::OpenedTiles { session, path } => {
                shell.settings.recent.add(path.clone());
                shell.message = Some(Message::info(format!("Opened {}", path.display())));
                Some(TilesScreen::seating(*session, &shell.settings))
            }
            _ => None,
        }
    }

    /// Applies one thing the person asked for at the table.
    fn apply(&mut self, intent: TilesIntent, shell: &mut Shell) {
        let table = &mut self.session;
        let now = self.now;
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
                shell.message = Some(Message::info(words));
                return;
            }
            TilesIntent::Act(action) => table.apply(action, now),
            TilesIntent::Throw | TilesIntent::GoOn if self.remote.is_some() => {
                if table.game().phase() == crate::tiles::Phase::GameOver {
                    shell.message = Some(Message::info(
                        "A game with friends at a distance is one game: offer another from \
                         Game → Play a friend over the network.",
                    ));
                } else if let Some(remote) = &mut self.remote {
                    remote.throw(shell);
                }
                return;
            }
            TilesIntent::Throw => table.throw_for_set(now),
            TilesIntent::Reveal => {
                table.reveal();
                return;
            }
            TilesIntent::GoOn => table.go_on(),
        };
        shell.message = match result {
            Ok(()) => None,
            Err(e) => Some(Message::error(e.to_string())),
        };
    }

    /// Steps the replay, or starts or leaves it.
    fn step(&mut self, stepping: Stepping, shell: &mut Shell) {
        match stepping {
            Stepping::Start => {
                let record = self.session.game().record().to_vec();
                let end = record.len();
                self.replaying = TilesReplay::of(&self.session, record, end);
                if self.replaying.is_none() {
                    shell.message = Some(Message::error("This game's record does not replay."));
                }
            }
            Stepping::Go(Go::To(at)) => {
                if let Some(r) = self.replaying.take() {
                    self.replaying = Some(r.go_to(&self.session, at));
                }
            }
            Stepping::Go(Go::TakeOver) => {
                if let Some(r) = self.replaying.take() {
                    let file = self.session.file.take();
                    let mut session = r.shown;
                    session.file = file;
                    session.pace = self.session.pace;
                    self.told = session.story().len();
                    self.session = session;
                    shell.message = Some(Message::info(
                        "You play on from here: the rest of the record is set aside",
                    ));
                }
            }
            Stepping::Go(Go::Leave) => self.replaying = None,
        }
    }

    /// The keys of the table: tiles picked and laid, the boneyard, a knock, the set, the next
    /// hand. They act only for the person whose turn it is.
    fn keys(&self, ctx: &egui::Context) -> Vec<TilesIntent> {
        let table = &self.session;
        let game = table.game();
        let plain = Modifiers::NONE;
        let mut out = Vec::new();
        let pressed = |key: Key| ctx.input_mut(|i| i.consume_key(plain, key));
        if pressed(Key::Space) {
            if table.to_throw() && table.sitters().contains(&Controller::Person) {
                out.push(TilesIntent::Throw);
            } else if table.waits_to_reveal() {
                out.push(TilesIntent::Reveal);
            }
        }
        if table.waits_to_reveal() {
            if pressed(Key::Enter) {
                out.push(TilesIntent::Reveal);
            }
            return out;
        }
        if table.waits_for_next() && pressed(Key::Enter) {
            out.push(TilesIntent::GoOn);
        }
        let Some(me) = table.person_to_act() else {
            return out;
        };
        let hand = game.hand(me);
        let may_lay = |tile: &&crate::tiles::Tile| {
            matches!(
                view::clicked(table, Spot::Hand(**tile)),
                Some(TilesIntent::Pick(_))
            )
        };
        let at = table.picked.and_then(|t| hand.iter().position(|h| *h == t));
        if pressed(Key::ArrowRight) {
            let next = hand
                .iter()
                .enumerate()
                .filter(|(i, _)| at.is_none_or(|a| *i > a))
                .map(|(_, t)| t)
                .find(may_lay)
                .or_else(|| hand.iter().find(may_lay));
            // The arrows only ever pick up: the one tile that may be laid stays picked up.
            out.extend(
                next.filter(|t| table.picked != Some(**t))
                    .map(|t| TilesIntent::Pick(*t)),
            );
        }
        if pressed(Key::ArrowLeft) {
            let before = hand
                .iter()
                .enumerate()
                .rev()
                .filter(|(i, _)| at.is_none_or(|a| *i < a))
                .map(|(_, t)| t)
                .find(may_lay)
                .or_else(|| hand.iter().rev().find(may_lay));
            out.extend(
                before
                    .filter(|t| table.picked != Some(**t))
                    .map(|t| TilesIntent::Pick(*t)),
            );
        }
        let digits = [
            Key::Num1,
            Key::Num2,
            Key::Num3,
            Key::Num4,
            Key::Num5,
            Key::Num6,
            Key::Num7,
            Key::Num8,
            Key::Num9,
        ];
        for (n, key) in digits.into_iter().enumerate() {
            if pressed(key)
                && let Some(&tile) = hand.get(n)
            {
                out.extend(view::clicked(table, Spot::Hand(tile)));
            }
        }
        if let Some(tile) = table.picked {
            let offered = view::ends_to_offer(table, tile);
            if pressed(Key::Enter) {
                out.push(match offered.as_slice() {
                    [end] => TilesIntent::Act(Action::Lay { tile, end: *end }),
                    _ => TilesIntent::Say(format!(
                        "The {} fits both ends: Home lays it at the left end, End at the right.",
                        tile.words()
                    )),
                });
            }
            for (key, end) in [(Key::Home, End::Left), (Key::End, End::Right)] {
                if pressed(key) {
                    let fits = offered.contains(&end) || game.ends_for(tile).contains(&end);
                    out.push(if fits {
                        TilesIntent::Act(Action::Lay { tile, end })
                    } else {
                        TilesIntent::Say(format!("The {} does not fit that end.", tile.words()))
                    });
                }
            }
            if pressed(Key::Escape) {
                out.push(TilesIntent::Pick(tile));
            }
        }
        if pressed(Key::D) {
            out.extend(view::clicked(table, Spot::Boneyard));
        }
        if pressed(Key::K) {
            out.push(if game.legal_actions().contains(&Action::Pass) {
                TilesIntent::Act(Action::Pass)
            } else {
                TilesIntent::Say("You may not knock now: you can lay or draw.".into())
            });
        }
        out
    }
}

impl Screen for TilesScreen {
    fn family(&self) -> Family {
        Family::Tiles
    }

    fn back_words(&self) -> &'static str {
        "Back to the tiles game"
    }

    fn take(&mut self, next: Next, shell: &mut Shell) {
        if let Some(screen) = TilesScreen::go_to(next, shell) {
            *self = screen;
        }
    }

    fn keep(&mut self, _ctx: &egui::Context, shell: &mut Shell) {
        Self::keep(self, shell);
    }

    fn kept_at_distance(&self, launch: &Launch) -> Option<crate::ui::net::kept::Kept> {
        let family = gamester_net::GameRules::Tiles(*self.session().game().rules());
        crate::ui::net::kept::read(launch, &family, &self.net_record())
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
        setup::title_of(self.session.game().rules()).to_string()
    }

    fn moves(&self) -> usize {
        self.session.game().record().len()
    }

    fn unfinished(&self) -> bool {
        self.session.unfinished()
    }

    fn file(&self) -> Option<&Path> {
        self.session.file.as_deref()
    }

    fn file_name(&self) -> String {
        format!(
            "{} {}.ron",
            self.title(),
            chrono::Local::now().format("%Y-%m-%d %H.%M")
        )
    }

    fn save_to(&mut self, path: PathBuf, shell: &mut Shell) -> Message {
        match crate::save::tiles::write_atomic(&path, &self.session.to_file()) {
            Ok(()) => {
                shell.settings.recent.add(path.clone());
                let said = Message::info(format!("Saved to {}", path.display()));
                self.session.file = Some(path);
                said
            }
            Err(e) => Message::error(format!("Could not save {e}")),
        }
    }

    fn keep_left(&self, shell: &mut Shell) -> Result<Option<PathBuf>, String> {
        let Some(dir) = shell.launch.data_dir() else {
            return Ok(None);
        };
        let name = format!(
            "{} left {}.ron",
            self.title(),
            chrono::Local::now().format("%Y-%m-%d %H.%M")
        );
        let path = crate::ui::shell::file_names::free_in(&dir, &name);
        crate::save::tiles::write_atomic(&path, &self.session.to_file())
            .map_err(|e| e.to_string())?;
        shell.settings.recent.add(path.clone());
        Ok(Some(path))
    }

    fn begin_frame(&mut self, ctx: &egui::Context, _shell: &mut Shell, board: bool) {
        self.now = ctx.input(|i| i.time);
        if !board {
            return;
        }
        match &self.replaying {
            Some(r) => {
                let keys = r.keys(ctx);
                self.stepping.extend(keys);
            }
            None => {
                let keys = self.keys(ctx);
                self.intents.extend(keys);
            }
        }
    }

    fn asking(&self) -> bool {
        false
    }

    fn status(&self) -> String {
        status(self.shown())
    }

    fn thinking(&self) -> bool {
        self.session.is_thinking()
    }

    fn game_menu(&mut self, ui: &mut egui::Ui, _shell: &mut Shell) {
        let over = self.session.waits_for_next();
        let words = if self.session.game().phase() == Phase::GameOver {
            "Next game of the session  (Enter)"
        } else {
            "Next hand  (Enter)"
        };
        if ui.add_enabled(over, egui::Button::new(words)).clicked() {
            self.intents.push(TilesIntent::GoOn);
        }
        if ui.button("Replay this game, turn by turn").clicked() {
            self.stepping.push(Stepping::Start);
        }
    }

    fn keys_help(&self) -> &'static [(&'static str, &'static str)] {
        TILES_KEYS
    }

    fn buttons(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        match &self.replaying {
            Some(r) => r.buttons(ui, &mut self.stepping),
            None => buttons(ui, &self.session, &mut self.intents),
        }
        let ended = self.remote.as_mut().and_then(|r| r.show(ui));
        if let Some(reason) = ended {
            self.session.abandon(&reason);
            let title = crate::ui::tiles::setup::title_of(self.session.game().rules());
            let file = self.session.to_file();
            shell.message = Some(crate::ui::shell::leaving::keep_abandoned(
                title,
                &reason,
                &shell.launch,
                &mut shell.settings.recent,
                |path| crate::save::tiles::write_atomic(path, &file).map_err(|e| e.to_string()),
            ));
        }
    }

    fn story_wanted(&self, _shell: &Shell) -> bool {
        false
    }

    fn story(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        let shown = self.replaying.as_ref().map_or(&self.session, |r| &r.shown);
        score_card(ui, shown);
        ui.separator();
        ui.label(RichText::new("The story").strong().size(18.0));
        egui::ScrollArea::vertical()
            .stick_to_bottom(true)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for line in shown.story() {
                    if line.is_empty() {
                        ui.separator();
                    } else {
                        glossary::linked_text(ui, line, RichText::new, &mut shell.help.glossary);
                    }
                }
            });
    }

    fn play_area(&mut self, ui: &mut egui::Ui, shell: &mut Shell, asking: bool) {
        let mut clicked = Vec::new();
        let replaying = self.replaying.is_some();
        let shown = self.replaying.as_ref().map_or(&self.session, |r| &r.shown);
        self.spots = view::table_ui(ui, shown, &mut clicked);
        // While a window asks something (New game, a file, the rules), or a replay is shown,
        // the table is looked at, not played.
        if !asking && !shell.help.rules && !replaying {
            self.intents.extend(clicked);
        }
    }

    fn windows(&mut self, ctx: &egui::Context, shell: &mut Shell) {
        let rules = *self.session.game().rules();
        if shell.help.rules {
            rules_window(ctx, &mut shell.help.rules, &rules);
        }
    }

    fn end_frame(&mut self, ctx: &egui::Context, shell: &mut Shell) {
        let heard = self.session.game().record().len();
        for stepping in std::mem::take(&mut self.stepping) {
            self.step(stepping, shell);
        }
        for intent in std::mem::take(&mut self.intents) {
            self.apply(intent, shell);
        }
        if self.remote.is_none() && self.replaying.is_none() {
            match self.session.drive_computer(self.now) {
                Ok(true) => ctx.request_repaint_after(std::time::Duration::from_millis(100)),
                Ok(false) => {}
                Err(e) => {
                    shell.message = Some(Message::error(format!(
                        "The computer's tile was refused: {e}"
                    )));
                }
            }
        }
        self.sound_since(heard, shell);
        self.serve(ctx, shell, true);
    }

    fn serve(&mut self, ctx: &egui::Context, shell: &mut Shell, _shown: bool) {
        if self.remote.is_some() {
            self.drive_remote(ctx, shell);
        }
        // What happened, said to a screen reader in the story's words.
        shell
            .announcer
            .say_since(&mut self.told, self.session.story());
        self.keep(shell);
    }

    fn still(&self) -> bool {
        true
    }

    fn finish(&mut self, shell: &Shell) {
        // The newest version goes after any still being written, never before one.
        if let Some(path) = shell.launch.tiles_autosave_path() {
            let table = &self.session;
            self.keeper.keep(
                path,
                table.game(),
                table.tally(),
                table.abandoned().is_some(),
                &shell.launch,
                || table.to_file(),
            );
        }
        if let Some(e) = self.keeper.finish() {
            eprintln!("gamester: the tiles game could not be kept: {e}");
        }
        if let Some(remote) = self.remote.take() {
            remote.pause();
        }
    }

    fn forget_file(&mut self) {
        self.session.file = None;
    }
}

impl TilesScreen {
    /// Plays the sounds of the actions after the first `heard` of the game's record: a tile
    /// laid, the dice for the set, a knock (whoever acted: a person or the computer).
    fn sound_since(&self, heard: usize, shell: &Shell) {
        let record = self.session.game().record();
        for action in record.get(heard..).unwrap_or_default() {
            if let Some(cue) = crate::ui::sound::Cue::of_tiles(action) {
                shell.play(cue);
            }
        }
    }

    /// Keeps the game on the disk once it has changed.
    pub(crate) fn keep(&mut self, shell: &mut Shell) {
        if let Some(path) = shell.launch.tiles_autosave_path() {
            let table = &self.session;
            self.keeper.keep(
                path,
                table.game(),
                table.tally(),
                table.abandoned().is_some(),
                &shell.launch,
                || table.to_file(),
            );
        }
        if let Some(told) = self.keeper.failure() {
            shell.message = Some(told);
        }
    }
}

/// What the table waits for, in a line.
fn status(table: &TilesSession) -> String {
    let game = table.game();
    match game.phase() {
        Phase::ToDeal => "The hand is over: go on to the next hand.".into(),
        Phase::GameOver => match game.winner() {
            Some(Some(side)) => table.winner_words(side),
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
/// The buttons of the game at the table. Where a person sits at it they keep their places all
/// game, greyed when they do nothing (as the tables' Throw and Lift the dice are), so that none
/// takes another's place under the pointer: the boneyard's and Knock, then the one that goes on
/// (Throw for the set, Next hand, Next game of the session, and at a shared screen Show a
/// player's tiles), as wide as the widest of its words.
fn buttons(ui: &mut egui::Ui, table: &TilesSession, intents: &mut Vec<TilesIntent>) {
    let game = table.game();
    let person_sits = table.sitters().contains(&Controller::Person);
    let reveal = table.waits_to_reveal();
    let legal = if table.person_to_act().is_some() && !reveal {
        game.legal_actions()
    } else {
        Vec::new()
    };
    if person_sits
        && game.rules().kind != Kind::Block
        && ui
            .add_enabled(
                legal.contains(&Action::Draw),
                egui::Button::new("Draw from the boneyard"),
            )
            .clicked()
    {
        intents.push(TilesIntent::Act(Action::Draw));
    }
    if person_sits
        && ui
            .add_enabled(legal.contains(&Action::Pass), egui::Button::new("Knock"))
            .on_hover_text("Knock on the table: you cannot lay, and play passes on.")
            .clicked()
    {
        intents.push(TilesIntent::Act(Action::Pass));
    }
    const GO_ON: [&str; 3] = ["Throw for the set", "Next hand", "Next game of the session"];
    let (words, go_on) = if reveal {
        let name = table.name(game.turn());
        (format!("Show {name}'s tiles"), Some(TilesIntent::Reveal))
    } else if table.to_throw() && person_sits {
        (GO_ON[0].to_string(), Some(TilesIntent::Throw))
    } else if table.waits_for_next() {
        let words = if game.phase() == Phase::GameOver {
            GO_ON[2]
        } else {
            GO_ON[1]
        };
        (words.to_string(), Some(TilesIntent::GoOn))
    } else {
        (GO_ON[1].to_string(), None)
    };
    let widest = GO_ON
        .iter()
        .map(|w| {
            egui::WidgetText::from(RichText::new(*w).strong())
                .into_galley(ui, None, f32::INFINITY, egui::TextStyle::Button)
                .size()
                .x
        })
        .fold(0.0, f32::max);
    let room = egui::vec2(widest + 2.0 * ui.spacing().button_padding.x, 0.0);
    let button = egui::Button::new(RichText::new(words).strong()).min_size(room);
    if ui.add_enabled(go_on.is_some(), button).clicked()
        && let Some(intent) = go_on
    {
        intents.push(intent);
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

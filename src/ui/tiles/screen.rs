//! The tiles games on the window's shell: the tiles session at the table, where each thing lay
//! on the table, the replay, and the game kept on the disk; and what this screen adds to the
//! shell: its status, buttons, score and story, table, menu items, keys, and the rules window.

mod controls;
mod keys;
mod replay;
pub use keys::TILES_KEYS;

use std::path::{Path, PathBuf};

use egui::RichText;

use crate::ui::shell::replay::Stepping;
use controls::{buttons, rules_window, score_card, status};
use replay::TilesReplay;

use crate::players::Controller;
use crate::tiles::Phase;
use crate::tiles_session::{PACE, TilesSession};
use crate::ui::shell::game_file::{self, GameFile as _};
use crate::ui::shell::launch::Launch;
use crate::ui::shell::leaving::Next;
use crate::ui::shell::message::Message;
use crate::ui::shell::screen::{Screen, Shell};
use crate::ui::shell::settings::Settings;
use crate::ui::tiles::keeping::{self, TilesKeeper};
use crate::ui::tiles::view::{self, Spot, TilesIntent};
use gamester_core::Family;

/// A saved tiles game read from `path`, as `Next::Own` carries it to the screen.
pub struct TilesOpened {
    pub session: Box<TilesSession>,
    pub path: PathBuf,
}

impl TilesOpened {
    /// The game to leave the game in play for.
    #[must_use]
    pub fn into_next(self) -> Next {
        Next::own(Family::TILES, "Leave it and open the saved game", self)
    }
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
        if !loaded.names.is_empty() {
            // A place the file leaves unnamed keeps the table's own name for it.
            let names = loaded
                .names
                .iter()
                .enumerate()
                .map(|(p, n)| {
                    if n.trim().is_empty() {
                        session.name(p).to_string()
                    } else {
                        n.clone()
                    }
                })
                .collect();
            session.rename(names);
        }
        session.file = path;
        if let Some(abandonment) = loaded.abandoned {
            session.abandon(abandonment);
        }
        session
    }

    /// The tiles game kept in the data folder when the window last closed, if any; `Err`
    /// says why it could not be read (the file is left as it was).
    pub fn resume(settings: &Settings, launch: &Launch) -> Option<Result<TilesScreen, String>> {
        let path = crate::ui::tiles::keeping::autosave_path(launch)?;
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
            return Err("the game offered is not a tiles game".into());
        };
        let players = usize::from(game.rules().players);
        let sitters = (0..players)
            .map(|seat| {
                if table.owner(seat) == Some(table.me()) {
                    Controller::Person
                } else {
                    Controller::Distance
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
        crate::ui::shell::made::go_to(next, shell)
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
            TilesIntent::Act(_) | TilesIntent::Throw | TilesIntent::GoOn
                if table.abandoned().is_some() =>
            {
                shell.message = Some(Message::info(crate::ui::shell::leaving::ENDED));
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
            TilesIntent::Throw | TilesIntent::GoOn if table.at_a_distance() => {
                shell.message = Some(Message::info(crate::ui::net::NO_LINE));
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
}

impl crate::ui::shell::made::Made for TilesScreen {
    type Opened = TilesOpened;

    fn new_game(settings: &Settings, launch: &Launch) -> Result<TilesScreen, Message> {
        TilesScreen::new_game(settings, launch)
    }

    fn take_party(
        party: gamester_net::party::Party,
        settings: &Settings,
    ) -> Result<(TilesScreen, Message), Message> {
        TilesScreen::take_party(party, settings)
    }

    fn opened(opened: TilesOpened, settings: &Settings) -> (TilesScreen, PathBuf) {
        let TilesOpened { session, path } = opened;
        (TilesScreen::seating(*session, settings), path)
    }
}

impl Screen for TilesScreen {
    fn family(&self) -> Family {
        Family::TILES
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
        self.keeper.keep(&self.session, shell);
    }

    fn kept_at_distance(&self, launch: &Launch) -> Option<crate::ui::net::kept::Kept> {
        // A game a friend left is over for good: its line is not opened again.
        if self.session.abandoned().is_some() {
            return None;
        }
        let family = gamester_net::GameRules::Tiles(*self.session().game().rules());
        crate::ui::net::kept::read(launch, &family, &self.net_record())
    }

    fn play_on_against_the_computer(&mut self, settings: &Settings) -> Option<Message> {
        let names: Vec<String> = (0..self.session.sitters().len())
            .filter(|&p| self.session.sitters()[p] == Controller::Distance)
            .map(|p| self.session.name(p).to_string())
            .collect();
        let level = settings.tiles.level;
        if !self.session.computer_for_distance(level) {
            return None;
        }
        let words = crate::ui::net::played_on(&names, level);
        self.session.note(words.clone());
        Some(Message::info(words))
    }

    fn line_note(&self) -> Option<Message> {
        self.remote.as_ref().map(crate::ui::net::Remote::note)
    }

    fn lacks_its_line(&self) -> bool {
        // A game left by a friend is over for good: it is counted, and nobody plays it on.
        !self.is_remote()
            && self.session.game().phase() != crate::tiles::Phase::GameOver
            && self.session.abandoned().is_none()
            && self.session.at_a_distance()
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
        self.session.title().to_string()
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
        game_file::offered_name(&self.session)
    }

    fn save_to(&mut self, path: PathBuf, shell: &mut Shell) -> Message {
        game_file::save_to(&mut self.session, path, shell)
    }

    fn keep_left(&self, shell: &mut Shell) -> Result<Option<PathBuf>, String> {
        game_file::keep_left(&self.session, shell)
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
            Some(r) => r.buttons(ui, true, &mut self.stepping),
            None => buttons(ui, &self.session, &mut self.intents),
        }
        let ended = self.remote.as_mut().and_then(|r| {
            r.show(ui)
                .map(|a| crate::ui::shell::leaving::abandonment(&a, r.party.table()))
        });
        if let Some(abandonment) = ended {
            self.session.abandon(abandonment);
            let title = crate::ui::tiles::setup::title_of(self.session.game().rules());
            let file = self.session.to_file();
            let said = self.session.abandonment_words().unwrap_or_default();
            shell.message = Some(crate::ui::shell::leaving::keep_abandoned(
                title,
                &said,
                self.session.abandonment_loser().as_deref(),
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
        crate::ui::shell::story::story_lines(ui, shown.story(), &mut shell.help.glossary);
    }

    fn play_area(&mut self, ui: &mut egui::Ui, shell: &mut Shell, asking: bool) {
        let mut clicked = Vec::new();
        let replaying = self.replaying.is_some();
        let shown = self.replaying.as_ref().map_or(&self.session, |r| &r.shown);
        self.spots = view::table_ui(ui, shown, &mut clicked, !asking);
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
            crate::ui::net::drive(self, ctx, shell);
        }
        // What happened, said to a screen reader in the story's words.
        shell
            .announcer
            .say_since(&mut self.told, self.session.story());
        self.keeper.keep(&self.session, shell);
    }

    fn still(&self) -> bool {
        true
    }

    fn finish(&mut self, shell: &Shell) {
        // The newest version goes after any still being written, never before one.
        self.keeper.finish(&self.session, shell);
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
}

impl crate::ui::net::AtADistance for TilesScreen {
    type Action = crate::tiles::Action;
    const REFUSED: &'static str = "A friend's tile was refused here";

    fn remote(&mut self) -> Option<&mut crate::ui::net::Remote> {
        self.remote.as_mut()
    }

    fn line_record(&self) -> Vec<gamester_net::NetAction> {
        self.net_record()
    }

    fn note(&mut self, words: String) {
        self.session.note(words);
    }

    fn own(action: gamester_net::NetAction) -> Option<Self::Action> {
        match action {
            gamester_net::NetAction::Tiles(action) => Some(action),
            _ => None,
        }
    }

    fn apply_theirs(
        &mut self,
        action: Self::Action,
        _ctx: &egui::Context,
        _shell: &mut Shell,
    ) -> Result<(), String> {
        self.session
            .apply(action, self.now)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// Puts the session back in step with the party's table (which went through the rules).
    fn resync(&mut self, _shell: &mut Shell) {
        if let Some(remote) = &self.remote
            && let Ok(session) = Self::session_of_party(&remote.party)
        {
            self.told = session.story().len();
            self.session = session;
        }
    }
}

//! The pastimes on the window's shell: the pastime at the table, and what this screen adds to
//! the shell: its status, its buttons (every action the engine lists, in words, with a number
//! key each), its story, its table, its keys, and the rules window; the game kept on the disk;
//! (`replay`) the game stepped through move by move; (`sharing`) its diagram written; and
//! (`remote`) the game played with friends at a distance.

mod remote;
mod replay;
mod sharing;

use std::path::{Path, PathBuf};

use egui::{Key, Modifiers, RichText};

use crate::pastimes::{Action, Kind, Phase, Preset};
use crate::ui::pastimes::keeping::{self, PastimesKeeper};
use crate::ui::pastimes::session::{PACE, PastimesSession};
use crate::ui::pastimes::story::{self, face, player};
use crate::ui::pastimes::view::{self, Place};
use crate::ui::shell::game_file::{self, GameFile as _};
use crate::ui::shell::launch::Launch;
use crate::ui::shell::leaving::Next;
use crate::ui::shell::message::Message;
use crate::ui::shell::replay::Stepping;
use crate::ui::shell::screen::{NUMBER_KEYS, Screen, Shell, Writing};
use crate::ui::shell::settings::Settings;
use gamester_core::Family;
use replay::PastimesReplay;

/// The keys of the pastimes, as Help → Keys lists them.
pub const PASTIMES_KEYS: &[(&str, &str)] = &[
    ("Space", "throw the dice"),
    (
        "1 to 9",
        "the choice of that number (the buttons are numbered)",
    ),
    (
        "Tab, Enter",
        "go through the buttons, and press the one with the focus",
    ),
    ("Enter", "the next game, once the game is over"),
    (
        "Left, Right, Home, End, Escape",
        "in a replay: a move back, a move on, the start, the end; leave",
    ),
];

/// A saved pastime read from `path`, as `Next::Own` carries it to the screen.
pub struct PastimesOpened {
    pub session: Box<PastimesSession>,
    pub path: PathBuf,
}

impl PastimesOpened {
    /// The game to leave the game in play for.
    #[must_use]
    pub fn into_next(self) -> Next {
        Next::own(Family::PASTIMES, "Leave it and open the saved game", self)
    }
}

/// What the person asked for this frame, applied after it.
#[derive(Clone, Debug, PartialEq)]
enum Intent {
    Throw,
    Act(Action),
    NextGame,
}

/// The words of the button of the `i`th choice the engine lists (counted from 0), with its
/// number key, the seats named "Player 2".
#[must_use]
pub fn choice_label(game: &crate::pastimes::Game, i: usize, action: &Action) -> String {
    choice_label_named(game, i, action, &story::Names::default())
}

/// The words of the button of the `i`th choice, the seats named as the table names them (at a
/// distance, the friends by their names).
#[must_use]
pub fn choice_label_named(
    game: &crate::pastimes::Game,
    i: usize,
    action: &Action,
    names: &story::Names,
) -> String {
    format!("{}  ({})", story::action_words(game, action, names), i + 1)
}

/// The words of the throw's button.
pub const THROW: &str = "Throw the dice  (Space)";
/// The words of the next game's button.
pub const NEXT_GAME: &str = "Next game  (Enter)";

/// The pastime at the table and what the window keeps about it.
pub struct PastimesScreen {
    session: PastimesSession,
    places: Vec<(egui::Rect, Place)>,
    keeper: PastimesKeeper,
    intents: Vec<Intent>,
    now: f64,
    /// How many lines of the story were said to a screen reader.
    told: usize,
    /// The friends at a distance, when the game is played over the network.
    remote: Option<crate::ui::net::Remote>,
    /// At a distance, who sits at each seat ("You", a friend's name); empty at this screen.
    names: Vec<String>,
    /// The game's record stepped through, when the person asked for its replay.
    replaying: Option<PastimesReplay>,
    /// What the person asked of the replay this frame, applied after it.
    stepping: Vec<Stepping>,
}

/// Seconds between two things the computer's seats do, at the speed the settings choose.
fn pace(settings: &Settings) -> f64 {
    settings.speed.step_seconds() / 0.5 * PACE
}

impl PastimesScreen {
    /// The screen of `session`, paced as the settings say.
    #[must_use]
    pub fn seating(mut session: PastimesSession, settings: &Settings) -> PastimesScreen {
        session.pace = pace(settings);
        PastimesScreen {
            told: session.story().len(),
            session,
            places: Vec::new(),
            keeper: PastimesKeeper::default(),
            intents: Vec::new(),
            now: 0.0,
            remote: None,
            names: Vec::new(),
            replaying: None,
            stepping: Vec::new(),
        }
    }

    /// A new game under the pastimes' settings of `settings`.
    pub fn new_game(settings: &Settings, launch: &Launch) -> Result<PastimesScreen, Message> {
        let chosen = &settings.pastimes;
        PastimesSession::new(chosen.rules, chosen.seated(), launch.seed)
            .map(|session| PastimesScreen::seating(session, settings))
            .map_err(|e| Message::error(format!("These rules cannot start a pastime: {e}")))
    }

    /// The game read from a file, as a session.
    #[must_use]
    pub fn session_of(
        loaded: crate::save::pastimes::PastimesLoaded,
        path: Option<PathBuf>,
        launch: &Launch,
    ) -> PastimesSession {
        let mut session = PastimesSession::holding(loaded.game, loaded.seats, launch.seed);
        if !loaded.names.is_empty() {
            session.rename(loaded.names);
        }
        session.file = path;
        if let Some(abandonment) = loaded.abandoned {
            session.abandon(abandonment);
        }
        session
    }

    /// The pastime kept in the data folder when the window last closed, if any; `Err` says
    /// why it could not be read (the file is left as it was).
    pub fn resume(settings: &Settings, launch: &Launch) -> Option<Result<PastimesScreen, String>> {
        let path = keeping::autosave_path(launch)?;
        Some(keeping::resume(&path)?.map(|loaded| {
            PastimesScreen::seating(PastimesScreen::session_of(loaded, None, launch), settings)
        }))
    }

    /// The session at the table.
    #[must_use]
    pub fn session(&self) -> &PastimesSession {
        &self.session
    }

    /// The session shown: the one in play, or a point of its replay.
    #[must_use]
    pub fn shown(&self) -> &PastimesSession {
        self.replaying.as_ref().map_or(&self.session, |r| &r.shown)
    }

    /// Whether the game's replay is shown in the table's place.
    #[must_use]
    pub fn is_replaying(&self) -> bool {
        self.replaying.is_some()
    }

    /// Where each place lay on the table in the last frame.
    #[must_use]
    pub fn places(&self) -> &[(egui::Rect, Place)] {
        &self.places
    }

    /// Puts in play a new game or the game of a file.
    pub(crate) fn go_to(next: Next, shell: &mut Shell) -> Option<PastimesScreen> {
        crate::ui::shell::made::go_to(next, shell)
    }

    fn apply(&mut self, intent: Intent, shell: &mut Shell) {
        // The next game (from the Game menu) leaves a replay of the last.
        if intent == Intent::NextGame {
            self.replaying = None;
        }
        let now = self.now;
        let table = &mut self.session;
        if table.abandoned().is_some() && matches!(intent, Intent::Throw | Intent::Act(_)) {
            shell.message = Some(Message::info(crate::ui::shell::leaving::ENDED));
            return;
        }
        let result = match (intent, &mut self.remote) {
            // At a distance the throw is made by every party together: this side's share goes.
            (Intent::Throw, Some(remote)) if table.person_throws() => {
                remote.throw(shell);
                return;
            }
            (Intent::Throw | Intent::NextGame, None) if table.at_a_distance() => {
                shell.message = Some(Message::info(crate::ui::net::NO_LINE));
                return;
            }
            (Intent::Throw, _) if table.person_throws() => table.throw(now),
            (Intent::Throw, _) => return,
            // No choice while a throw waits on the line (a claim would come after it).
            (Intent::Act(_), Some(remote))
                if remote.party.table().is_some_and(|t| t.throwing()) =>
            {
                return;
            }
            (Intent::Act(action), _) if table.person_to_act().is_some() => table.apply(action, now),
            (Intent::Act(_), _) => return,
            (Intent::NextGame, Some(_)) => {
                shell.message = Some(Message::info(
                    "A game with friends at a distance is one game: offer another from Game → \
                     Play a friend over the network.",
                ));
                return;
            }
            (Intent::NextGame, None) => table.next_game(),
        };
        shell.message = match result {
            // A game whose line is lost goes on saying why nothing moves after the person's
            // own play: nobody plays or throws here for the friends.
            Ok(()) if self.lacks_its_line() => {
                Some(Message::info(crate::ui::net::NO_LINE).lasting())
            }
            Ok(()) => None,
            Err(e) => Some(Message::error(e.to_string())),
        };
    }

    fn keys(&self, ctx: &egui::Context) -> Vec<Intent> {
        let table = &self.session;
        let mut out = Vec::new();
        let pressed = |key: Key| ctx.input_mut(|i| i.consume_key(Modifiers::NONE, key));
        if table.person_throws() && pressed(Key::Space) {
            out.push(Intent::Throw);
        }
        if table.over() && pressed(Key::Enter) {
            out.push(Intent::NextGame);
        }
        for (key, action) in NUMBER_KEYS.iter().zip(table.person_choices()) {
            if pressed(*key) {
                out.push(Intent::Act(action));
            }
        }
        out
    }
}

/// The line that says what the game waits for, from its phase and who is to act, the seats
/// named as the story names them.
#[must_use]
pub fn status_of(table: &PastimesSession) -> String {
    let game = table.game();
    let turn = game.turn();
    let person = table.person_to_act().is_some();
    let names = table.names();
    // The person's own turn: "Player 1: …", or "Your turn: …" where he is named "You".
    let whose = |seat| match names.lead(seat).as_str() {
        "You" => "Your turn".to_string(),
        name => name.to_string(),
    };
    if let Some(words) = table.abandonment_words() {
        return words;
    }
    match game.phase() {
        Phase::GameOver => {
            let said = game
                .result()
                .and_then(|r| {
                    story::tell(
                        &crate::pastimes::Event::GameOver {
                            winners: r.winners.clone(),
                            losers: r.losers.clone(),
                        },
                        names,
                    )
                })
                .unwrap_or_default();
            // A game with friends at a distance is one game: no next game is offered.
            if table.at_a_distance() {
                format!("The game is over. {said}")
            } else {
                format!("The game is over. {said} Next game: Enter.")
            }
        }
        Phase::ThrowOff if person => {
            "Each player throws one die to see who throws first: throw (Space).".to_string()
        }
        Phase::ToThrow if person && !game.legal_actions().is_empty() => format!(
            "{}: throw (Space), or claim that your adversary was dolted.",
            whose(turn)
        ),
        Phase::ToThrow if person => match names.lead(turn).as_str() {
            "You" => "Your throw (Space).".to_string(),
            name => format!("{name}: your throw (Space)."),
        },
        Phase::ToPlay if person => {
            let uses: Vec<&str> = match game.rules().kind {
                Kind::KetchDolt => game.uses_left().iter().map(|&d| face(d)).collect(),
                _ => std::iter::repeat_n("ace", usize::from(game.loads_left())).collect(),
            };
            format!(
                "{}: use your {} (the numbered buttons).",
                whose(turn),
                uses.join(" and ")
            )
        }
        Phase::ThrowOff => format!(
            "The throw-off: {}.",
            crate::pastimes::waiting_words(Phase::ThrowOff)
        ),
        Phase::ToThrow => format!("{} is to throw…", names.lead(turn)),
        Phase::ToPlay => format!("{} uses his throw…", names.lead(turn)),
    }
}

impl crate::ui::shell::made::Made for PastimesScreen {
    type Opened = PastimesOpened;

    fn new_game(settings: &Settings, launch: &Launch) -> Result<PastimesScreen, Message> {
        PastimesScreen::new_game(settings, launch)
    }

    fn take_party(
        party: gamester_net::party::Party,
        settings: &Settings,
    ) -> Result<(PastimesScreen, Message), Message> {
        PastimesScreen::take_party(party, settings)
    }

    fn opened(opened: PastimesOpened, settings: &Settings) -> (PastimesScreen, PathBuf) {
        let PastimesOpened { session, path } = opened;
        (PastimesScreen::seating(*session, settings), path)
    }
}

impl Screen for PastimesScreen {
    fn family(&self) -> Family {
        Family::PASTIMES
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }

    fn back_words(&self) -> &'static str {
        "Back to the pastime"
    }

    fn take(&mut self, next: Next, shell: &mut Shell) {
        if let Some(screen) = PastimesScreen::go_to(next, shell) {
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
        let rules = gamester_net::GameRules::Pastimes(*self.session.game().rules());
        crate::ui::net::kept::read(launch, &rules, &self.net_record())
    }

    fn play_on_against_the_computer(&mut self, settings: &Settings) -> Option<Message> {
        let names: Vec<String> = (0..self.session.game().seats())
            .map(|i| crate::pastimes::Seat(u8::try_from(i).unwrap_or(u8::MAX)))
            .filter(|&seat| self.session.sitter(seat) == crate::players::Controller::Distance)
            .map(|seat| self.session.names().lead(seat))
            .collect();
        let level = settings
            .pastimes
            .sitters
            .iter()
            .find_map(|c| match c {
                crate::players::Controller::Computer(level) => Some(*level),
                _ => None,
            })
            .unwrap_or(crate::level::Level::Fair);
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
        self.remote.is_none()
            && !self.session.over()
            && self.session.abandoned().is_none()
            && self.session.at_a_distance()
    }

    fn comeback(&self) -> Option<gamester_net::party::Return> {
        self.remote
            .as_ref()?
            .comeback(self.net_record(), self.session.over())
    }

    fn goes_on_to(&self, record: &[gamester_net::NetAction]) -> bool {
        let ours = self.net_record();
        !ours.is_empty() && record.starts_with(&ours)
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

    fn write(&mut self, path: &Path, what: Writing, _shell: &Shell) -> Message {
        match what {
            Writing::Diagram(picture) => self.export_diagram(path, picture),
            Writing::Game(_) | Writing::Page(_) => crate::ui::shell::screen::not_written(path),
        }
    }

    fn begin_frame(&mut self, ctx: &egui::Context, shell: &mut Shell, board: bool) {
        self.now = ctx.input(|i| i.time);
        // The speed chosen in View reaches the game in play at once.
        self.session.pace = pace(&shell.settings);
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
        match &self.replaying {
            Some(r) => replay::status(r),
            None => status_of(&self.session),
        }
    }

    fn thinking(&self) -> bool {
        false
    }

    fn game_menu(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        if ui
            .add_enabled(self.session.over(), egui::Button::new(NEXT_GAME))
            .clicked()
        {
            self.intents.push(Intent::NextGame);
        }
        if ui.button("Replay this game, turn by turn").clicked() {
            self.stepping.push(Stepping::Start);
        }
        let words = "Export a diagram of the table";
        if let Some(picture) = crate::ui::shell::menus::diagram_menu(ui, words) {
            shell
                .asks
                .push(crate::ui::shell::screen::Ask::ExportDiagram(picture));
        }
    }

    fn keys_help(&self) -> &'static [(&'static str, &'static str)] {
        PASTIMES_KEYS
    }

    fn buttons(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        self.line_row(ui, shell);
        if let Some(r) = &self.replaying {
            r.buttons(ui, true, &mut self.stepping);
            return;
        }
        let table = &self.session;
        if table.has_person()
            && !table.over()
            && ui
                .add_enabled(table.person_throws(), egui::Button::new(THROW))
                .clicked()
        {
            self.intents.push(Intent::Throw);
        }
        let game = table.game();
        for (i, action) in table.person_choices().into_iter().enumerate() {
            if ui
                .button(choice_label_named(game, i, &action, table.names()))
                .clicked()
            {
                self.intents.push(Intent::Act(action));
            }
        }
        if table.over() && self.remote.is_none() && ui.button(NEXT_GAME).clicked() {
            self.intents.push(Intent::NextGame);
        }
    }

    fn story_wanted(&self, _shell: &Shell) -> bool {
        false
    }

    fn story(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        let shown = self.shown();
        let game = shown.game();
        ui.label(RichText::new(self.title()).strong().size(18.0));
        for s in 0..game.seats() {
            let seat = crate::pastimes::Seat(u8::try_from(s).unwrap_or(0));
            let who = match self.names.get(s) {
                Some(name) => name.clone(),
                None => shown.sitter(seat).words(),
            };
            ui.label(format!("{}: {who}", player(seat)));
        }
        ui.separator();
        ui.label(RichText::new("The story").strong().size(18.0));
        crate::ui::shell::story::story_lines(ui, shown.story(), &mut shell.help.glossary);
    }

    fn play_area(&mut self, ui: &mut egui::Ui, _shell: &mut Shell, asking: bool) {
        self.places = view::table_ui(ui, self.shown(), !asking);
    }

    fn windows(&mut self, ctx: &egui::Context, shell: &mut Shell) {
        if !shell.help.rules {
            return;
        }
        let rules = *self.session.game().rules();
        let preset = match rules.kind {
            Kind::Doublets => Preset::Doublets,
            Kind::KetchDolt => Preset::KetchDolt,
            Kind::SiceAce => Preset::SiceAce,
        };
        egui::Window::new(format!("The rules of {}", preset.title()))
            .open(&mut shell.help.rules)
            .default_width(460.0)
            .show(ctx, |ui| {
                for (option, value) in crate::ui::pastimes::setup::rules_in_words(&rules) {
                    ui.label(format!("{option}: {value}"));
                }
            });
    }

    fn end_frame(&mut self, ctx: &egui::Context, shell: &mut Shell) {
        let heard = self.session.game().record().len();
        for stepping in std::mem::take(&mut self.stepping) {
            self.step(stepping, shell);
        }
        for intent in std::mem::take(&mut self.intents) {
            self.apply(intent, shell);
        }
        // At a distance the others' seats are the friends', never the computer's.
        // While a replay is shown, the computer waits with the game in play.
        let driven = match (&self.remote, &self.replaying) {
            (Some(_), _) | (None, Some(_)) => Ok(false),
            (None, None) => self.session.drive_computer(self.now),
        };
        match driven {
            Ok(true) => ctx.request_repaint_after(std::time::Duration::from_millis(100)),
            Ok(false) => {}
            Err(e) => {
                shell.message = Some(Message::error(format!(
                    "The computer's move was refused: {e}"
                )));
            }
        }
        self.serve(ctx, shell, true);
        // What was done, heard (whoever did it: a person, the computer, a friend or chance).
        let record = self.session.game().record();
        for action in record.get(heard..).unwrap_or_default() {
            if let Some(cue) = crate::ui::sound::Cue::of_pastime(action) {
                shell.play(cue);
            }
        }
    }

    fn serve(&mut self, ctx: &egui::Context, shell: &mut Shell, _shown: bool) {
        if self.remote.is_some() {
            crate::ui::net::drive(self, ctx, shell);
        }
        shell
            .announcer
            .say_since(&mut self.told, self.session.story());
        self.keeper.keep(&self.session, shell);
    }

    fn still(&self) -> bool {
        true
    }

    fn finish(&mut self, shell: &Shell) {
        self.keeper.finish(&self.session, shell);
        if let Some(remote) = self.remote.take() {
            remote.pause();
        }
    }

    fn forget_file(&mut self) {
        self.session.file = None;
    }
}

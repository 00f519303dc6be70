//! The race's screen, as the shell holds it behind `Screen`: its status line, its Throw
//! button, its story (every throw, in order), its table in words, its file, its replay
//! (the shell's own, `shell::replay`) and its play at a distance (the shell's one driver,
//! `ui::net::drive`, through `AtADistance` and `Remote`), made afresh per game (`Made`).

use std::path::{Path, PathBuf};

use egui::RichText;
use gamester::ui::net::{AtADistance, Remote};
use gamester::ui::shell::launch::Launch;
use gamester::ui::shell::leaving::Next;
use gamester::ui::shell::made::Made;
use gamester::ui::shell::message::Message;
use gamester::ui::shell::replay::{self, Replay, Replayed, Stepping};
use gamester::ui::shell::screen::{Screen, Shell};
use gamester::ui::shell::settings::Settings;
use gamester_core::Family;
use gamester_net::NetAction;
use rand::SeedableRng as _;
use rand::rngs::StdRng;

use super::game::{FAMILY, Race, Rules, action};

/// The button that throws the die.
pub const THROW: &str = "Throw the die";

/// The Game menu's item that replays the race.
pub const REPLAY: &str = "Replay this race, throw by throw";

/// The race in the window.
pub struct RaceScreen {
    pub race: Race,
    /// Who sits at each seat, in words: "Player 1" at one screen, "You" and the friend's name
    /// at a distance.
    pub names: [String; 2],
    /// The seat of the person, at a distance (at one screen both seats are the persons').
    pub mine: Option<usize>,
    pub remote: Option<Remote>,
    file: Option<PathBuf>,
    rng: StdRng,
    throw_asked: bool,
    replaying: Option<Replay<Race>>,
    stepping: Vec<Stepping>,
}

/// A saved race read, as the plug hands it on.
pub struct RaceOpened {
    pub race: Race,
    pub path: PathBuf,
}

impl Replayed for Race {
    type Action = u8;

    fn record(&self) -> &[u8] {
        Race::record(self)
    }

    fn replayed(&self, throws: &[u8]) -> Option<Race> {
        Race::replay(self.rules, throws).ok()
    }
}

impl RaceScreen {
    fn new(race: Race, seed: Option<u64>) -> RaceScreen {
        RaceScreen {
            race,
            names: ["Player 1".into(), "Player 2".into()],
            mine: None,
            remote: None,
            file: None,
            rng: seed.map_or_else(StdRng::from_os_rng, StdRng::seed_from_u64),
            throw_asked: false,
            replaying: None,
            stepping: Vec::new(),
        }
    }

    /// The race shown: the one in play, or a point of its replay.
    pub fn shown(&self) -> &Race {
        self.replaying.as_ref().map_or(&self.race, |r| &r.shown)
    }

    /// Whether the person may throw now.
    pub fn person_throws(&self) -> bool {
        !self.race.is_over()
            && self.replaying.is_none()
            && match (&self.remote, self.mine) {
                (Some(remote), Some(me)) => {
                    self.race.turn() == me && remote.party.table().is_some_and(|t| t.may_throw())
                }
                (None, None) => true,
                _ => false,
            }
    }

    /// The story: each throw, by whom, and the counts after it.
    pub fn throws_told(&self) -> Vec<String> {
        let shown = self.shown();
        let mut race = Race::new(shown.rules);
        let mut lines = Vec::new();
        for &die in shown.record() {
            let seat = race.turn();
            let _ = race.apply(die);
            lines.push(format!(
                "{} throws {die}: {} now",
                self.names[seat],
                race.count(seat)
            ));
        }
        if let Some(w) = race.winner() {
            lines.push(format!("{} wins the race", self.names[w]));
        }
        lines
    }

    /// What the table says of the race shown, one line a seat.
    pub fn counts(&self) -> [String; 2] {
        let race = self.shown();
        [0, 1].map(|s| {
            format!(
                "{}: {} of {}",
                self.names[s],
                race.count(s),
                race.rules.goal
            )
        })
    }

    fn throw(&mut self, shell: &mut Shell) {
        if let Some(remote) = &mut self.remote {
            remote.throw(shell);
        } else if let Err(e) = self
            .race
            .apply(rand::Rng::random_range(&mut self.rng, 1..=6))
        {
            shell.message = Some(Message::error(e));
        }
    }

    /// The race of a party's table: the person at his own seat, the friend at the other.
    fn of_party(remote: &Remote) -> Result<(Race, usize, [String; 2]), String> {
        let table = remote.party.table().ok_or("there is no game yet")?;
        let gamester_net::Board::Open(board) = table.board() else {
            return Err("the game offered is not a race".into());
        };
        let race = board
            .as_any()
            .downcast_ref::<Race>()
            .ok_or("the game offered is not a race")?;
        let me = (0..2)
            .find(|&s| table.owner(s) == Some(table.me()))
            .ok_or("no seat is yours")?;
        let friend = table
            .owner(1 - me)
            .map_or_else(|| "Your friend".into(), |p| remote.party.name(p));
        let mut names = [String::new(), String::new()];
        names[me] = "You".into();
        names[1 - me] = friend;
        Ok((race.clone(), me, names))
    }
}

/// The status line of `screen`.
pub fn status_of(screen: &RaceScreen) -> String {
    let race = &screen.race;
    if let Some(w) = race.winner() {
        return format!(
            "The race to twenty is over: {} won, {} to {}.",
            screen.names[w],
            race.count(w),
            race.count(1 - w)
        );
    }
    let seat = race.turn();
    let name = &screen.names[seat];
    if screen.remote.is_some() && screen.mine != Some(seat) {
        format!("The race to twenty: {name} is to throw…")
    } else {
        format!("The race to twenty: {name} to throw the die.")
    }
}

/// Where the race in play is kept when the window closes, if the launch keeps anything.
pub fn kept_at_close(launch: &Launch) -> Option<PathBuf> {
    Some(launch.data_dir()?.join("race in progress.ron"))
}

impl RaceScreen {
    /// The race kept when the window last closed, taken up as it stood.
    pub fn kept(race: Race, launch: &Launch) -> RaceScreen {
        RaceScreen::new(race, launch.seed)
    }
}

impl Made for RaceScreen {
    type Opened = RaceOpened;

    fn new_game(_settings: &Settings, launch: &Launch) -> Result<RaceScreen, Message> {
        Ok(RaceScreen::new(Race::new(Rules::TWENTY), launch.seed))
    }

    fn take_party(
        party: gamester_net::party::Party,
        _settings: &Settings,
    ) -> Result<(RaceScreen, Message), Message> {
        let remote = Remote::new(party);
        let (race, me, names) = RaceScreen::of_party(&remote)
            .map_err(|e| Message::error(format!("Cannot play this game: {e}")))?;
        let said = Message::info(format!("You race {} over the network.", names[1 - me]));
        let mut screen = RaceScreen::new(race, None);
        (screen.mine, screen.names) = (Some(me), names);
        screen.remote = Some(remote);
        Ok((screen, said))
    }

    fn opened(opened: RaceOpened, _settings: &Settings) -> (RaceScreen, PathBuf) {
        let mut screen = RaceScreen::new(opened.race, None);
        screen.file = Some(opened.path.clone());
        (screen, opened.path)
    }
}

impl AtADistance for RaceScreen {
    type Action = u8;
    const REFUSED: &'static str = "A friend's throw was refused here";

    fn remote(&mut self) -> Option<&mut Remote> {
        self.remote.as_mut()
    }

    fn line_record(&self) -> Vec<NetAction> {
        self.race.record().iter().map(|&d| action(d)).collect()
    }

    fn note(&mut self, _words: String) {}

    fn own(action: NetAction) -> Option<u8> {
        match action {
            NetAction::Open { family, action } if family == FAMILY.name() => action.parse().ok(),
            _ => None,
        }
    }

    fn apply_theirs(
        &mut self,
        die: u8,
        _ctx: &egui::Context,
        _shell: &mut Shell,
    ) -> Result<(), String> {
        self.race.apply(die)
    }

    fn resync(&mut self, _shell: &mut Shell) {
        if let Some(remote) = &self.remote
            && let Ok((race, _, _)) = RaceScreen::of_party(remote)
        {
            self.race = race;
        }
    }
}

impl Screen for RaceScreen {
    fn family(&self) -> Family {
        FAMILY
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
    fn back_words(&self) -> &'static str {
        "Back to the race"
    }
    fn take(&mut self, next: Next, shell: &mut Shell) {
        if let Some(screen) = gamester::ui::shell::made::go_to::<RaceScreen>(next, shell) {
            *self = screen;
        }
    }
    fn keep(&mut self, _ctx: &egui::Context, _shell: &mut Shell) {}
    fn kept_at_distance(&self, _launch: &Launch) -> Option<gamester::ui::net::kept::Kept> {
        None
    }
    fn line_note(&self) -> Option<Message> {
        self.remote.as_ref().map(Remote::note)
    }
    fn comeback(&self) -> Option<gamester_net::party::Return> {
        None
    }
    fn goes_on_to(&self, record: &[NetAction]) -> bool {
        let ours = self.line_record();
        !ours.is_empty() && record.starts_with(&ours)
    }
    fn rules_page(&self) -> Option<String> {
        Some(format!(
            "<html><body><h1>The race to {}</h1><p>Two players throw one die in turn, each \
             adding it to his count; the first to reach {} wins.</p></body></html>",
            self.race.rules.goal, self.race.rules.goal
        ))
    }
    fn title(&self) -> String {
        "Race to twenty".into()
    }
    fn moves(&self) -> usize {
        self.race.record().len()
    }
    fn unfinished(&self) -> bool {
        !self.race.record().is_empty() && !self.race.is_over()
    }
    fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }
    fn file_name(&self) -> String {
        gamester::ui::shell::file_names::dated("Race to twenty", "")
    }
    fn save_to(&mut self, path: PathBuf, shell: &mut Shell) -> Message {
        match std::fs::write(&path, self.race.to_text()) {
            Ok(()) => {
                shell.settings.recent.add(path.clone());
                let said = format!("Saved to {}", gamester::ui::shell::file_names::shown(&path));
                self.file = Some(path);
                Message::info(said)
            }
            Err(e) => Message::error(format!("Could not save: {e}")),
        }
    }
    fn keep_left(&self, shell: &mut Shell) -> Result<Option<PathBuf>, String> {
        let text = self.race.to_text();
        gamester::ui::shell::leaving::keep_dated(
            "Race to twenty left",
            "",
            &shell.launch,
            &mut shell.settings.recent,
            |path| std::fs::write(path, &text).map_err(|e| e.to_string()),
        )
    }
    fn begin_frame(&mut self, ctx: &egui::Context, _shell: &mut Shell, board: bool) {
        if board && let Some(r) = &self.replaying {
            let keys = r.keys(ctx);
            self.stepping.extend(keys);
        }
    }
    fn asking(&self) -> bool {
        false
    }
    fn status(&self) -> String {
        match &self.replaying {
            Some(r) => r.said(),
            None => status_of(self),
        }
    }
    fn thinking(&self) -> bool {
        false
    }
    fn game_menu(&mut self, ui: &mut egui::Ui, _shell: &mut Shell) {
        if ui.button(REPLAY).clicked() {
            self.stepping.push(Stepping::Start);
        }
    }
    fn keys_help(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }
    fn buttons(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        if let Some(remote) = &mut self.remote {
            let _ = remote.show(ui);
        }
        if let Some(r) = &self.replaying {
            r.buttons(ui, false, &mut self.stepping);
            return;
        }
        let on = self.person_throws();
        if !self.race.is_over() && ui.add_enabled(on, egui::Button::new(THROW)).clicked() {
            self.throw_asked = true;
        }
        let _ = shell;
    }
    fn story_wanted(&self, _shell: &Shell) -> bool {
        false
    }
    fn story(&mut self, ui: &mut egui::Ui, _shell: &mut Shell) {
        ui.label(RichText::new("The throws").strong().size(18.0));
        for line in self.throws_told() {
            ui.label(line);
        }
    }
    fn play_area(&mut self, ui: &mut egui::Ui, _shell: &mut Shell, _asking: bool) {
        for line in self.counts() {
            ui.label(RichText::new(line).size(24.0));
        }
    }
    fn windows(&mut self, _ctx: &egui::Context, _shell: &mut Shell) {}
    fn end_frame(&mut self, ctx: &egui::Context, shell: &mut Shell) {
        for stepping in std::mem::take(&mut self.stepping) {
            let _ = replay::step(&mut self.replaying, &self.race, stepping, shell);
        }
        if std::mem::take(&mut self.throw_asked) && self.person_throws() {
            self.throw(shell);
        }
        self.serve(ctx, shell, true);
    }
    fn serve(&mut self, ctx: &egui::Context, shell: &mut Shell, _shown: bool) {
        if self.remote.is_some() {
            gamester::ui::net::drive(self, ctx, shell);
        }
    }
    fn still(&self) -> bool {
        true
    }
    fn finish(&mut self, shell: &Shell) {
        if let Some(remote) = self.remote.take() {
            remote.pause();
        }
        // The race in play is kept as the window closes, to be taken up at the next start
        // (`RacePlug::resume`); one over is kept no more.
        if let Some(path) = kept_at_close(&shell.launch) {
            let _ = if self.race.is_over() {
                std::fs::remove_file(&path)
            } else {
                std::fs::write(&path, self.race.to_text())
            };
        }
    }
    fn forget_file(&mut self) {
        self.file = None;
    }
}

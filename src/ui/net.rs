//! Game → Play a friend over the network: the shell's window for it, written once for both
//! families. The host offers the game New game would start (its rules and names) and shows
//! the invitation to copy; the friend pastes it, sees the game offered, and accepts. Opening
//! the line never holds the window up: it is done on a thread, and the line wakes the window
//! when something comes. Once everyone is seated the party is handed to the screen of its
//! family, which plays it (see `tables_screen::remote`).

use std::sync::mpsc::{Receiver, TryRecvError};

use egui::RichText;

use crate::teaching::plain::capitalised;
use gamester_net::invite::Invitation;
use gamester_net::link::{Identity, Reach};
use gamester_net::party::{Party, Path, Return, State};
use gamester_net::table::Pledge;
use gamester_net::{GameRules, NetAction, Setup};

use crate::ui::shell::file_names;
use crate::ui::shell::message::Message;
use crate::ui::shell::screen::Shell;
use crate::ui::shell::settings::Settings;

/// What the window is doing.
enum Stage {
    /// Choosing to host or to join.
    Choosing,
    /// The line being opened (a thread), as host or joiner.
    Opening(Receiver<Result<Party, String>>),
    /// The party, waiting: the host for its friend, the joiner for its answer or the start.
    Open(Box<Party>),
}

/// The window's state.
pub struct NetWindow {
    open: bool,
    stage: Stage,
    /// The invitation as the friend pastes it.
    code: String,
    /// What went wrong last, in words.
    problem: Option<String>,
    /// Notes from the line, newest last.
    notes: Vec<String>,
    /// The name the person plays under, as typed.
    name: String,
    /// Whether Join is to take the keys (an invitation was pasted on the table): Enter joins.
    focus_join: bool,
    /// Whether the offer of the party being opened has been shown (and taken the keys).
    offer_seen: bool,
}

impl Default for NetWindow {
    fn default() -> Self {
        NetWindow {
            open: false,
            stage: Stage::Choosing,
            code: String::new(),
            problem: None,
            notes: Vec::new(),
            name: String::new(),
            focus_join: false,
            offer_seen: false,
        }
    }
}

pub mod kept;

/// How far the line reaches: tests keep to this machine.
fn reach(local: bool) -> Reach {
    if local { Reach::Local } else { Reach::Internet }
}

/// The game the host offers: the game New game would start (at tables, or at the tiles when
/// `tiles`), every seat but the host's a friend's, the host named `host`.
#[must_use]
pub fn offer(settings: &Settings, tiles: bool, host: &str) -> Setup {
    if tiles {
        return Setup::new(GameRules::Tiles(settings.tiles.rules), host);
    }
    let mut setup = Setup::new(GameRules::Tables(settings.rules.clone()), host);
    setup.colours = vec![settings.table.white.colour, settings.table.black.colour];
    setup
}

/// What the host is called when the person hosting gave no name.
const HOST: &str = "The host";

/// What a friend joining is called when the person joining gave no name.
const FRIEND: &str = "Your friend";

/// Names as they read inside a sentence: the words that stand for a person who gave no name
/// ("The host", "Your friend") lose their capital there ("against the host").
#[must_use]
pub fn within_sentence(names: &str) -> String {
    names
        .replace(HOST, "the host")
        .replace(FRIEND, "your friend")
}

/// The name a person plays under: as typed, else the one New game knows the person by, else
/// `plain` (what the others may call them: [`HOST`], [`FRIEND`]).
fn name_or(typed: &str, settings: &Settings, plain: &str) -> String {
    let name = crate::players::clean_name(typed.trim());
    if !name.is_empty() {
        return name;
    }
    settings_name(settings).unwrap_or_else(|| plain.to_string())
}

/// The person's name in New game, if they gave one: the one person at the table, unless named
/// as New game names a player it knows nothing of ("You", a colour).
fn settings_name(settings: &Settings) -> Option<String> {
    let table = &settings.table;
    let mut people = [&table.white, &table.black]
        .into_iter()
        .flat_map(|seat| &seat.players)
        .filter(|p| p.controller == crate::players::Controller::Person);
    let (Some(person), None) = (people.next(), people.next()) else {
        return None;
    };
    let name = crate::players::clean_name(person.name.trim());
    let stock = name.is_empty()
        || name == "You"
        || crate::players::Colour::ALL.iter().any(|c| c.name() == name);
    (!stock).then_some(name)
}

/// The game offered, in words a player reads: its name and, for house rules, each option
/// changed, named as the window's title names it; in a match past 0-0, the score.
#[must_use]
pub fn describe(setup: &Setup) -> String {
    let game = describe_game(setup);
    match (&setup.rules, setup.score) {
        (GameRules::Tables(rules), Some(t))
            if rules.match_to > 0 && (t.white, t.black) != (0, 0) =>
        {
            let name = |seat: usize, colour: &'static str| {
                setup
                    .owners
                    .get(seat)
                    .and_then(|&p| setup.names.get(p))
                    .map_or(colour, String::as_str)
            };
            let (white, black) = (name(0, "White"), name(1, "Black"));
            format!(
                "{game}, the match standing at {white} {}, {black} {}",
                t.white, t.black
            )
        }
        _ => game,
    }
}

/// The game offered, without its score.
fn describe_game(setup: &Setup) -> String {
    match &setup.rules {
        GameRules::Tables(rules) => match crate::teaching::rules_text::changes(rules) {
            None => file_names::game_name(rules).to_string(),
            // Few changes: the title the game has in the window ("Irish (Willughby), with the
            // doubling cube").
            Some((_, changed)) if changed.len() <= 2 => crate::teaching::rules_text::title(rules),
            Some((preset, changed)) => format!(
                "house rules, changed from {}: {}",
                preset.title(),
                changed.join("; ")
            ),
        },
        GameRules::Tiles(rules) => format!(
            "{}, {} players",
            crate::ui::tiles::setup::title_of(rules),
            rules.players
        ),
    }
}

/// How far the game offered has gone, in words a player reads; `None` for a new game.
#[must_use]
pub fn under_way(setup: &Setup) -> Option<String> {
    if setup.record.is_empty() {
        return None;
    }
    let count = |n: usize, one: &str, many: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let throws = setup
        .record
        .iter()
        .filter(|a| matches!(a, NetAction::Tables(t) if t.is_chance()))
        .count();
    let laid = setup
        .record
        .iter()
        .filter(|a| matches!(a, NetAction::Tiles(crate::tiles::Action::Lay { .. })))
        .count();
    Some(match &setup.rules {
        GameRules::Tables(_) => format!(
            "The game is under way: the dice have been thrown {}.",
            count(throws, "time", "times")
        ),
        GameRules::Tiles(_) if laid == 0 => "The game is under way: the tiles are dealt.".into(),
        GameRules::Tiles(_) => format!(
            "The game is under way: {} laid.",
            count(laid, "tile", "tiles")
        ),
    })
}

impl NetWindow {
    /// Opens the window (Game menu).
    pub fn open(&mut self) {
        self.open = true;
    }

    /// Opens the window with `code` (an invitation pasted on the table) in the Join field, and
    /// Join the game with the keys, so that Enter joins. A game being opened is left alone.
    pub fn open_to_join(&mut self, code: &str) {
        self.open = true;
        if matches!(self.stage, Stage::Choosing) {
            self.code = Invitation::grouped(code);
            self.focus_join = true;
        }
    }

    /// Takes up again the game at a distance the window kept when it stopped: the window opens
    /// on it, a host offering it again under the same invitation, a joiner joining again.
    pub fn reopen(&mut self, ctx: &egui::Context, kept: kept::Kept, local: bool) {
        self.open = true;
        self.problem = None;
        self.notes.push(
            "Gamester stopped during a game at a distance: it is taken up again where it \
             stood"
                .into(),
        );
        let ctx = ctx.clone();
        self.stage = Stage::Opening(spawn(ctx, move || kept::reopen(kept, reach(local))));
    }

    #[must_use]
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Draws the window; returns the party once everyone is seated, to be played.
    /// `comeback`: this side's party and record of a game at a distance whose line dropped,
    /// offered to the host when joining again.
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        settings: &Settings,
        family: gamester_core::Family,
        local: bool,
        comeback: Option<Return>,
    ) -> Option<Party> {
        let tiles = family == gamester_core::Family::Tiles;
        if !self.open {
            return None;
        }
        self.advance(ctx);
        if let Stage::Open(party) = &self.stage
            && party.playing()
        {
            let Stage::Open(party) = std::mem::replace(&mut self.stage, Stage::Choosing) else {
                return None;
            };
            self.open = false;
            self.notes.clear();
            return Some(*party);
        }
        let mut open = true;
        let mut cancel = false;
        egui::Window::new("Play a friend over the network")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .default_width(460.0)
            .show(ctx, |ui| {
                ui.set_max_width(460.0);
                match &mut self.stage {
                    Stage::Choosing => {
                        self.choose(ui, settings, tiles, local, comeback);
                    }
                    Stage::Opening(_) => {
                        ui.horizontal(|ui| {
                            ui.spinner();
                            ui.label("Opening the line… (a join gives up after 30 seconds)");
                        });
                        cancel = ui.button("Cancel").clicked();
                    }
                    Stage::Open(party) => {
                        cancel = waiting(ui, party, &mut self.offer_seen);
                    }
                }
                if let Some(p) = &self.problem {
                    ui.colored_label(ui.visuals().error_fg_color, p);
                }
                for n in self.notes.iter().rev().take(3) {
                    ui.label(RichText::new(n).italics());
                }
            });
        if cancel || !open {
            self.stage = Stage::Choosing;
            self.problem = None;
            self.notes.clear();
        }
        if !open {
            self.open = false;
        }
        None
    }

    /// The first page: host this game, or join one.
    fn choose(
        &mut self,
        ui: &mut egui::Ui,
        settings: &Settings,
        tiles: bool,
        local: bool,
        comeback: Option<Return>,
    ) {
        let setup = offer(settings, tiles, &name_or(&self.name, settings, HOST));
        ui.label(
            "Play a friend on another computer, across the internet or the same network. \
             Neither of you chooses the dice: each throw is made from both computers' chances.",
        );
        ui.horizontal(|ui| {
            let label = ui.label("Your name:");
            ui.add(
                egui::TextEdit::singleline(&mut self.name)
                    .char_limit(crate::players::NAME_LIMIT)
                    .hint_text("as your friend will see it"),
            )
            .labelled_by(label.id);
        });
        ui.add_space(6.0);
        ui.heading("Host");
        let friends = setup.parties() - 1;
        ui.label(format!(
            "Give the invitation to {}, and offer the game New game would start: {}.",
            if friends == 1 {
                "your friend".to_string()
            } else {
                format!("{friends} friends (the same invitation for each)")
            },
            describe(&setup),
        ));
        if ui.button("Host this game").clicked() {
            self.problem = None;
            let ctx = ui.ctx().clone();
            self.stage = Stage::Opening(spawn(ctx, move || {
                Party::host(setup, reach(local), Identity::fresh(), Pledge::default())
                    .map_err(|e| e.to_string())
            }));
        }
        ui.add_space(10.0);
        ui.heading("Join");
        if comeback.is_some() {
            ui.label(
                "The line to your friend dropped: join again with the same invitation to play \
                 on from where the game stands.",
            );
        }
        let label = ui.label("Paste the invitation your friend sent (Ctrl+V):");
        ui.add(
            egui::TextEdit::multiline(&mut self.code)
                .font(egui::TextStyle::Monospace)
                .desired_rows(3)
                .desired_width(f32::INFINITY)
                .hint_text("GAMESTER…"),
        )
        .labelled_by(label.id);
        let join = ui.button("Join the game");
        if std::mem::take(&mut self.focus_join) {
            join.request_focus();
        }
        if join.clicked() {
            match Invitation::parse(&self.code) {
                Ok(invitation) => {
                    self.problem = None;
                    let name = name_or(&self.name, settings, FRIEND);
                    let ctx = ui.ctx().clone();
                    self.stage = Stage::Opening(spawn(ctx, move || {
                        Party::join(&invitation, name, comeback, reach(local))
                            .map_err(|e| e.to_string())
                    }));
                }
                Err(e) => self.problem = Some(format!("That is not an invitation: {e}")),
            }
        }
    }

    /// Takes in the line's news: the party once opened, its events.
    pub(super) fn advance(&mut self, ctx: &egui::Context) {
        if let Stage::Opening(rx) = &self.stage {
            match rx.try_recv() {
                Ok(Ok(mut party)) => {
                    let wake = ctx.clone();
                    party.set_waker(std::sync::Arc::new(move || wake.request_repaint()));
                    self.stage = Stage::Open(Box::new(party));
                    self.offer_seen = false;
                }
                Ok(Err(why)) => {
                    self.problem = Some(why);
                    self.stage = Stage::Choosing;
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => {
                    self.problem = Some("The line could not be opened.".into());
                    self.stage = Stage::Choosing;
                }
            }
        }
        if let Stage::Open(party) = &mut self.stage {
            let polled = party.poll(std::time::Duration::ZERO);
            self.notes.extend(polled.notes);
            if let State::Broken(why) = party.state().clone() {
                self.problem = Some(format!("The line is closed: {why}"));
                self.stage = Stage::Choosing;
            }
        }
    }
}

/// The party waiting: the host's invitation, or the game offered to the joiner. Whether the
/// person cancelled.
/// `offer_seen`: the offer has been shown (its Accept has had the keys once).
fn waiting(ui: &mut egui::Ui, party: &mut Party, offer_seen: &mut bool) -> bool {
    let mut cancel = false;
    match party.state() {
        State::Inviting => {
            let label = ui.label(
                "Send your friend this invitation (they choose Join and paste it, or press \
                 Ctrl+V on the table). Read aloud, it goes in groups of four; its only figures \
                 are 2 to 7, so an O or an I is always the letter:",
            );
            let code = party.invitation().unwrap_or_default();
            let mut shown = Invitation::grouped(&code);
            ui.add(
                egui::TextEdit::multiline(&mut shown)
                    .font(egui::TextStyle::Monospace)
                    .desired_rows(4)
                    .desired_width(f32::INFINITY),
            )
            .labelled_by(label.id);
            ui.horizontal(|ui| {
                if ui.button("Copy the invitation").clicked() {
                    ui.ctx().copy_text(code.clone());
                }
                cancel = ui.button("Cancel").clicked();
            });
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Waiting for your friend…");
            });
        }
        State::Offered => match party.table() {
            Some(table) => {
                let setup = table.setup();
                // The name is the host's to choose: shown clean, and never as nothing.
                let host = setup
                    .names
                    .first()
                    .map(|n| crate::players::clean_name(n.trim()))
                    .filter(|n| !n.is_empty())
                    .unwrap_or_else(|| HOST.to_string());
                ui.label(format!("{host} offers {}.", describe(setup)));
                if let Some(progress) = under_way(setup) {
                    ui.label(progress);
                }
                if let GameRules::Tables(_) = setup.rules {
                    let side = if table.owner(0) == Some(table.me()) {
                        "White"
                    } else {
                        "Black"
                    };
                    ui.label(format!("You play {side}."));
                }
                ui.horizontal(|ui| {
                    let accept = ui.button("Accept and play");
                    // The offer takes the keys as it comes: Enter accepts it.
                    if !std::mem::replace(offer_seen, true) {
                        accept.request_focus();
                    }
                    if accept.clicked() {
                        party.accept();
                    }
                    cancel = ui.button("Decline").clicked();
                });
            }
            None => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label("Waiting for the host's answer…");
                });
                cancel = ui.button("Cancel").clicked();
            }
        },
        _ => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Waiting for the game to start…");
            });
            cancel = ui.button("Cancel").clicked();
        }
    }
    cancel
}

/// Runs `open` on a thread of its own; its answer comes on the channel, and the window is woken.
fn spawn(
    ctx: egui::Context,
    open: impl FnOnce() -> Result<Party, String> + Send + 'static,
) -> Receiver<Result<Party, String>> {
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("gamester-open-line".into())
        .spawn(move || {
            let _ = tx.send(open());
            ctx.request_repaint();
        });
    if let Err(e) = spawned {
        let (tx, rx2) = std::sync::mpsc::channel();
        let _ = tx.send(Err(format!("no thread could open the line: {e}")));
        return rx2;
    }
    rx
}

/// A game in play with friends at a distance, as either screen holds it: the party, and what
/// was last told of its line.
pub struct Remote {
    pub party: Party,
    told: Option<State>,
    /// What the line said since the screen last took it, for the story.
    notes: Vec<String>,
    /// (Joiner) a join again on its way, after the host's line dropped.
    rejoining: Option<Receiver<Result<Party, String>>>,
    /// (Joiner) when the last join again failed: the next waits a little.
    failed_at: Option<std::time::Instant>,
}

/// How long a joiner waits after a join again failed (its host not yet back) to try again.
const REJOIN_PAUSE: std::time::Duration = std::time::Duration::from_secs(2);

impl Remote {
    #[must_use]
    pub fn new(party: Party) -> Remote {
        Remote {
            party,
            told: None,
            notes: Vec::new(),
            rejoining: None,
            failed_at: None,
        }
    }

    /// (Joiner) joins the host again by itself, while the game lasts, when the line dropped
    /// without a goodbye (the host's program stopped, and may be started again on the same
    /// game); takes the party that comes back, and sits down in it at once.
    fn come_back(&mut self, ours: &[NetAction]) {
        if let Some(rx) = &self.rejoining {
            match rx.try_recv() {
                Ok(Ok(mut party)) => {
                    // What keeps this side's game on disk goes on keeping it.
                    if let Some(keeper) = self.party.take_keeper() {
                        party.set_keeper(keeper);
                    }
                    self.party = party;
                    self.rejoining = None;
                    self.failed_at = None;
                    self.notes.push("Joined the host again".into());
                }
                Ok(Err(_)) | Err(TryRecvError::Disconnected) => {
                    self.rejoining = None;
                    self.failed_at = Some(std::time::Instant::now());
                }
                Err(TryRecvError::Empty) => {}
            }
        } else if self.failed_at.is_none_or(|t| t.elapsed() >= REJOIN_PAUSE)
            && let Some(plan) = self.party.rejoining(ours.to_vec())
        {
            let (tx, rx) = std::sync::mpsc::channel();
            let spawned = std::thread::Builder::new()
                .name("gamester-rejoin".into())
                .spawn(move || {
                    let _ = tx.send(plan.join().map_err(|e| e.to_string()));
                });
            match spawned {
                Ok(_) => self.rejoining = Some(rx),
                Err(_) => self.failed_at = Some(std::time::Instant::now()),
            }
        }
        if self.party.state() == &State::Offered && self.party.table().is_some() {
            self.party.accept();
        }
    }

    /// The window stops during the game: a game kept on disk for a restart ends its line
    /// with no goodbye, as a dropped line does, so that the friends wait for it to come back
    /// (a joiner's program joins again by itself); a game not kept says goodbye.
    pub fn pause(mut self) {
        if self.party.take_keeper().is_some() && !self.party.over() {
            self.party.cut();
        }
    }

    /// Whether a join again is on its way, or waits to be tried again.
    fn coming_back(&self) -> bool {
        self.rejoining.is_some() || self.party.dropped()
    }

    /// What the line said since last asked (a friend sent away and why, a line dropped, a
    /// throw that waits), each once, for the screen to put in the story.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    /// The line's state, in words, for the row under the status line: with a throw or a
    /// dropped line that keeps the game waiting, the patience left before the game may be
    /// ended as abandoned.
    #[must_use]
    pub fn words(&self) -> String {
        let friends = within_sentence(&self.party.others_names());
        if self.party.abandoned().is_some() {
            return "The line is closed: the game was ended.".into();
        }
        if let Some(stall) = self.party.stall() {
            let names: Vec<String> = stall.parties.iter().map(|&p| self.party.name(p)).collect();
            let names = within_sentence(&names.join(" and "));
            let secs = stall.left.as_secs() + u64::from(stall.left.subsec_nanos() > 0);
            return match (stall.throw, secs) {
                (true, 0) => format!(
                    "The throw has waited too long on {names}: you may end the game as \
                     abandoned by them, or wait on."
                ),
                (true, s) => format!(
                    "Waiting for {names}'s share of the throw: {s} s before you may end the game."
                ),
                (false, 0) => format!(
                    "{} has not come back: you may end the game as abandoned by them, or wait \
                     on.",
                    capitalised(&names)
                ),
                (false, s) => {
                    format!("Waiting for {names} to come back… {s} s before you may end the game.")
                }
            };
        }
        match self.party.state() {
            State::Playing => match self.party.path() {
                Path::Direct => format!("{}, over the network: direct", capitalised(&friends)),
                Path::Relayed => format!(
                    "{}, over the network: through a relay",
                    capitalised(&friends)
                ),
                Path::Unknown => {
                    format!("{}, over the network: connected", capitalised(&friends))
                }
            },
            State::Waiting(0) if self.party.table().is_some_and(|t| t.me() != 0) => {
                format!("Seated again: waiting for {friends} to start…")
            }
            State::Waiting(p) => format!(
                "Waiting for {} to come back…",
                within_sentence(&self.party.name(*p))
            ),
            State::Broken(_) if self.coming_back() => format!(
                "The line to {friends} dropped: joining again by itself, to play on where the \
                 game stands…"
            ),
            State::Broken(why) => format!(
                "The line is closed: {why}. Game → Play a friend over the network, Join with the \
                 same invitation, to play on."
            ),
            State::Inviting | State::Offered => format!("Waiting for {friends}…"),
        }
    }

    /// The row under the status line: the line's state in words, and once a throw (or a
    /// dropped friend) has kept the game waiting past the patience, the button that ends the
    /// game as abandoned by that friend. The reason, when the person ends it so.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<String> {
        ui.label(RichText::new(self.words()).italics());
        let stall = self.party.stall()?;
        if !stall.left.is_zero() {
            return None;
        }
        let name = within_sentence(&stall.parties.first().map(|&p| self.party.name(p))?);
        let asked = ui
            .button(format!("End the game as abandoned by {name}"))
            .on_hover_text(
                "The game stops here and is kept, with the reason, in Open recent. Waiting on \
                 costs nothing: your friend's share may still come.",
            )
            .clicked();
        if asked && self.party.abandon() {
            return self.party.abandoned().map(|a| a.reason.clone());
        }
        None
    }

    /// Whether the window is drawn or not: what came from the line, told once; this side's new actions (`ours`, the
    /// screen's record) sent; the others' and chance's returned, to be done in order. `None`:
    /// the screen's game and the party's have parted, and the screen goes back to the party's.
    pub fn step(
        &mut self,
        ctx: &egui::Context,
        ours: &[NetAction],
        shell: &mut Shell,
    ) -> Option<Vec<NetAction>> {
        let polled = self.party.poll(std::time::Duration::ZERO);
        if let Some(stall) = self.party.stall()
            && !stall.left.is_zero()
        {
            // The count goes down by the second though nothing comes from the line.
            let next = stall.left.as_secs_f32().fract();
            let next = if next > 0.0 { next } else { 1.0 };
            ctx.request_repaint_after(std::time::Duration::from_secs_f32(next));
        } else if self.party.waits() || self.coming_back() {
            // Nothing comes from the line while a share is awaited, or while a join again
            // waits to be tried: look again in a second.
            ctx.request_repaint_after(std::time::Duration::from_secs(1));
        }
        if let Some(note) = polled.notes.last() {
            shell.message = Some(Message::info(note.clone()));
        }
        self.notes.extend(polled.notes);
        self.come_back(ours);
        let state = self.party.state().clone();
        if self.told.as_ref() != Some(&state) {
            if self.told.is_some() && self.party.abandoned().is_none() {
                // Play going on again replaces what was said of the wait, which would else
                // stay under the board.
                let said = Message::info(self.words());
                shell.message = Some(if state == State::Playing {
                    said
                } else {
                    said.lasting()
                });
            }
            self.told = Some(state);
        }
        match self.party.sync(ours) {
            Ok(theirs) => Some(theirs),
            Err(e) => {
                shell.message = Some(Message::error(format!(
                    "Your move could not be sent ({e}); the game goes back to where your \
                     friends have it."
                )));
                None
            }
        }
    }

    /// A game whose line is gone for good, and not over: this side's party and `record` (the
    /// screen's), to offer when joining again.
    #[must_use]
    pub fn comeback(&self, record: Vec<NetAction>, over: bool) -> Option<Return> {
        if over
            || self.party.abandoned().is_some()
            || !matches!(self.party.state(), State::Broken(_))
        {
            return None;
        }
        self.party.comeback(record)
    }

    /// The person throws (or deals): this side's share goes to the others; said if it cannot.
    pub fn throw(&mut self, shell: &mut Shell) {
        if !self.party.throw() {
            shell.message = Some(Message::info(match self.party.state() {
                _ if self.party.abandoned().is_some() => {
                    "The game was ended: nothing more is thrown."
                }
                State::Playing => "The dice are on their way: wait for your friend's share.",
                _ => "Wait for your friend: the line is not open.",
            }));
        }
    }

    /// The game as the party holds it (through the rules), to go back to when the screen's
    /// record and the party's have parted.
    #[must_use]
    pub fn board(&self) -> Option<&gamester_net::Board> {
        self.party.table().map(gamester_net::Table::board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_person_who_gave_no_name_is_named_in_small_letters_inside_a_sentence() {
        assert_eq!(within_sentence(HOST), "the host");
        assert_eq!(
            within_sentence(&format!("{FRIEND} and Robin")),
            "your friend and Robin"
        );
        assert_eq!(within_sentence("Kate"), "Kate");
        assert_eq!(capitalised(&within_sentence(FRIEND)), FRIEND);
    }
    use crate::players::{Controller, Seats};
    use crate::tables::{Preset, Rules};

    fn tables(rules: Rules) -> Setup {
        Setup::new(GameRules::Tables(rules), "Robin")
    }

    #[test]
    fn house_rules_are_offered_in_a_players_words() {
        // Given Irish with three options changed
        let mut rules = Rules::preset(Preset::Irish);
        for (option, value) in [
            ("cube", "true"),
            ("dice", "three"),
            ("blocked_is_draw", "true"),
        ] {
            rules.set(option, value).unwrap();
        }
        let said = describe(&tables(rules));
        // Then each change is told as a player reads it, from the game it changes
        assert!(said.contains("Irish"), "{said}");
        assert!(said.contains("with the doubling cube"), "{said}");
        assert!(said.contains("three dice"), "{said}");
        // And no word of a save file or the command line shows
        assert!(!said.contains('='), "{said}");
        assert!(!said.contains('_'), "{said}");
        assert!(!said.contains("true"), "{said}");
    }

    #[test]
    fn a_preset_is_offered_by_its_name_and_a_near_one_as_the_window_titles_it() {
        assert_eq!(describe(&tables(Rules::preset(Preset::Irish))), "Irish");
        let mut rules = Rules::preset(Preset::Irish);
        rules.set("cube", "true").unwrap();
        assert_eq!(
            describe(&tables(rules.clone())),
            crate::teaching::rules_text::title(&rules)
        );
        assert!(describe(&tables(rules)).contains("with the doubling cube"));
    }

    #[test]
    fn a_match_game_offered_past_0_0_says_the_score_with_the_players_names() {
        let mut rules = Rules::preset(Preset::Modern);
        rules.set("cube", "true").unwrap();
        rules.set("match", "5").unwrap();
        let mut setup = tables(rules);
        setup.names[1] = "Kate".into();
        let plain = describe(&setup);
        assert!(!plain.contains("standing"), "{plain}");
        setup.score = Some(crate::tables::Tally {
            white: 3,
            black: 1,
            games: 2,
            draws: 0,
            crawford: crate::tables::Crawford::Ahead,
        });
        assert_eq!(
            describe(&setup),
            format!("{plain}, the match standing at Robin 3, Kate 1")
        );
    }

    #[test]
    fn a_game_under_way_says_how_far_it_has_gone() {
        // A new game: nothing to say
        let mut setup = tables(Rules::preset(Preset::Irish));
        assert_eq!(under_way(&setup), None);
        // A game played at random until the dice are to be thrown a fourth time (the
        // throw-off, then two throws, men moved after each)
        let mut game = crate::tables::Game::new(Rules::preset(Preset::Irish)).unwrap();
        let mut player = crate::ai::random::RandomPlayer::seeded(3);
        let thrown = |g: &crate::tables::Game| g.record().iter().filter(|a| a.is_chance()).count();
        while !(thrown(&game) == 3 && game.phase() == crate::tables::Phase::ToThrow) {
            player.act(&mut game).unwrap();
        }
        setup.record = gamester_net::net_record(game.record());
        assert!(setup.record.len() > 3, "men were moved");
        let said = under_way(&setup).unwrap();
        assert_eq!(
            said,
            "The game is under way: the dice have been thrown 3 times."
        );
    }

    #[test]
    fn a_person_who_gives_no_name_is_named_plainly_and_in_the_right_place() {
        let mut settings = Settings::default();
        // Nobody named in New game: the host is the host, the friend a friend
        assert_eq!(name_or("  ", &settings, HOST), "The host");
        assert_eq!(name_or("", &settings, FRIEND), "Your friend");
        // A name typed is the name
        assert_eq!(name_or(" Robin ", &settings, HOST), "Robin");
        // New game's name for the one person at the table, when it is a name
        settings.table = Seats::two_people();
        assert_eq!(name_or("", &settings, HOST), "The host");
        settings.table.black.players[0].controller =
            Controller::Computer(crate::level::Level::Fair);
        settings.table.white.players[0].name = "Kate".into();
        assert_eq!(name_or("", &settings, HOST), "Kate");
        assert_eq!(name_or("Robin", &settings, HOST), "Robin");
    }

    #[test]
    fn the_host_offers_under_the_name_it_was_given_never_as_its_friend() {
        let settings = Settings::default();
        let setup = offer(&settings, false, &name_or("", &settings, HOST));
        assert_eq!(setup.names[0], "The host");
    }
}

//! Game → Play a friend over the network: the shell's window for it, written once for both
//! families. The host offers the game New game would start (its rules and names) and shows
//! the invitation to copy; the friend pastes it, sees the game offered, and accepts. Opening
//! the line never holds the window up: it is done on a thread, and the line wakes the window
//! when something comes. Once everyone is seated the party is handed to the screen of its
//! family, which plays it (see `tables_screen::remote`).

use std::sync::mpsc::{Receiver, TryRecvError};

use egui::RichText;

use gamester_net::invite::Invitation;
use gamester_net::link::Reach;
use gamester_net::party::{Party, State};
use gamester_net::{Family, NetAction, Setup};

use super::file_names;
use super::settings::Settings;
use crate::tables;

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
}

impl Default for NetWindow {
    fn default() -> Self {
        NetWindow {
            open: false,
            stage: Stage::Choosing,
            code: String::new(),
            problem: None,
            notes: Vec::new(),
        }
    }
}

/// How far the line reaches: tests keep to this machine.
fn reach(local: bool) -> Reach {
    if local { Reach::Local } else { Reach::Internet }
}

/// The game the host offers: New game's rules and the host's name, at tables.
#[must_use]
pub fn offer(settings: &Settings) -> Setup {
    let host = settings
        .table
        .white
        .players
        .first()
        .map_or_else(|| "White".to_string(), |p| p.name.clone());
    Setup {
        family: Family::Tables(settings.rules.clone()),
        names: vec![host, "Your friend".into()],
        owners: vec![0, 1],
        record: Vec::new(),
    }
}

/// The game offered, in words: its name and the options its preset does not set.
#[must_use]
pub fn describe(setup: &Setup) -> String {
    match &setup.family {
        Family::Tables(rules) => {
            let name = file_names::game_name(rules);
            let changed: Vec<String> = match tables::Preset::of(rules) {
                Some(_) => Vec::new(),
                None => rules
                    .values()
                    .into_iter()
                    .map(|(o, v)| format!("{o}={v}"))
                    .collect(),
            };
            if changed.is_empty() {
                name.to_string()
            } else {
                format!("{name} ({})", changed.join(", "))
            }
        }
        Family::Tiles(rules) => format!("{:?} dominoes for {}", rules.kind, rules.players),
    }
}

impl NetWindow {
    /// Opens the window (Game menu).
    pub fn open(&mut self) {
        self.open = true;
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
        local: bool,
        comeback: Option<(usize, Vec<NetAction>)>,
    ) -> Option<Party> {
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
                        self.choose(ui, settings, local, comeback);
                    }
                    Stage::Opening(_) => {
                        ui.horizontal(|ui| {
                            ui.spinner();
                            ui.label("Opening the line… (a join gives up after 30 seconds)");
                        });
                        cancel = ui.button("Cancel").clicked();
                    }
                    Stage::Open(party) => {
                        cancel = waiting(ui, party);
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
        local: bool,
        comeback: Option<(usize, Vec<NetAction>)>,
    ) {
        let setup = offer(settings);
        ui.label(
            "Play a friend on another computer, across the internet or the same network. \
             Neither of you chooses the dice: each throw is made from both computers' chances.",
        );
        ui.add_space(6.0);
        ui.heading("Host");
        ui.label(format!(
            "Offer {}, as New game has it, and give your friend the invitation.",
            describe(&setup)
        ));
        if ui.button("Host this game").clicked() {
            self.problem = None;
            let ctx = ui.ctx().clone();
            self.stage = Stage::Opening(spawn(ctx, move || Party::host(setup, reach(local))));
        }
        ui.add_space(10.0);
        ui.heading("Join");
        if comeback.is_some() {
            ui.label(
                "The line to your friend dropped: join again with the same invitation to play \
                 on from where the game stands.",
            );
        }
        let label = ui.label("Paste the invitation your friend sent:");
        ui.add(
            egui::TextEdit::multiline(&mut self.code)
                .desired_rows(2)
                .desired_width(f32::INFINITY)
                .hint_text("GAMESTER…"),
        )
        .labelled_by(label.id);
        if ui.button("Join the game").clicked() {
            match Invitation::parse(&self.code) {
                Ok(invitation) => {
                    self.problem = None;
                    let name = settings
                        .table
                        .white
                        .players
                        .first()
                        .map_or_else(|| "Your friend".to_string(), |p| p.name.clone());
                    let ctx = ui.ctx().clone();
                    self.stage = Stage::Opening(spawn(ctx, move || {
                        Party::join(&invitation, name, comeback, reach(local))
                    }));
                }
                Err(e) => self.problem = Some(format!("That is not an invitation: {e}")),
            }
        }
    }

    /// Takes in the line's news: the party once opened, its events.
    fn advance(&mut self, ctx: &egui::Context) {
        if let Stage::Opening(rx) = &self.stage {
            match rx.try_recv() {
                Ok(Ok(party)) => {
                    let wake = ctx.clone();
                    party.set_waker(Box::new(move || wake.request_repaint()));
                    self.stage = Stage::Open(Box::new(party));
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
fn waiting(ui: &mut egui::Ui, party: &mut Party) -> bool {
    let mut cancel = false;
    match party.state() {
        State::Inviting => {
            let label =
                ui.label("Send your friend this invitation (they choose Join and paste it):");
            let mut code = party.invitation().unwrap_or_default();
            ui.add(
                egui::TextEdit::multiline(&mut code)
                    .desired_rows(3)
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
                let host = setup.names.first().cloned().unwrap_or_default();
                ui.label(format!("{host} offers {}.", describe(setup)));
                if let Family::Tables(_) = setup.family {
                    let side = if table.owner(0) == Some(table.me()) {
                        "White"
                    } else {
                        "Black"
                    };
                    ui.label(format!("You play {side}."));
                }
                ui.horizontal(|ui| {
                    if ui.button("Accept and play").clicked() {
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

//! The window itself: choosing to host or to join, the line opened on a thread, and the party
//! waiting (the invitation to copy, the game offered to accept) until everyone is seated.

use std::sync::mpsc::{Receiver, TryRecvError};

use egui::RichText;

use gamester_net::invite::Invitation;
use gamester_net::link::{Identity, Reach};
use gamester_net::party::{Party, Return, State};
use gamester_net::sign::Key;
use gamester_net::table::Pledge;

use super::kept;
use super::offer::{FRIEND, HOST, describe, name_or, offer, under_way, your_place};
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

/// How far the line reaches: tests keep to this machine.
fn reach(local: bool) -> Reach {
    if local { Reach::Local } else { Reach::Internet }
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
                    Stage::Choosing => self.choose(ui, settings, family, local, comeback),
                    Stage::Opening(_) => {
                        ui.horizontal(|ui| {
                            ui.spinner();
                            ui.label("Opening the line… (a join that cannot reach the host stops by itself)");
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
        family: gamester_core::Family,
        local: bool,
        comeback: Option<Return>,
    ) {
        let setup = offer(settings, family, &name_or(&self.name, settings, HOST));
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
        let edited = ui
            .add(
                egui::TextEdit::multiline(&mut self.code)
                    .font(egui::TextStyle::Monospace)
                    .desired_rows(3)
                    .desired_width(f32::INFINITY)
                    .hint_text("GAMESTER…"),
            )
            .labelled_by(label.id);
        if edited.changed() {
            // What was said of the last try is about a code no longer there.
            self.problem = None;
        }
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
                        let key = comeback
                            .as_ref()
                            .map_or_else(Key::generate, |b| b.key.clone());
                        Party::join(&invitation, name, key, comeback, reach(local))
                            .map_err(|e| e.to_string())
                    }));
                }
                Err(e) => self.problem = Some(format!("That is not an invitation: {e}")),
            }
        }
    }

    /// Takes in the line's news: the party once opened, its events.
    pub(in crate::ui) fn advance(&mut self, ctx: &egui::Context) {
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
                // A game this side sat down to before is no game played without it.
                if let Some(progress) = party.under_way().and_then(|_| under_way(setup)) {
                    ui.label(progress);
                }
                if let Some(place) = your_place(setup, table.me()) {
                    ui.label(place);
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

//! The person's hands on the table: the keys, and the board's clicks, drags and drops, each read
//! as the `Intent` it is now; the man picked up and where he may go. Keys and clicks that play
//! act only for a person, never for the computer.

use egui::{Key, Modifiers};

use crate::players::Controller;
use crate::session::Session;
use crate::tables::{Action, Claim, Game, Phase, Side, Step};
use crate::ui::tables::board_view::Place;
use crate::ui::tables::intent::Intent;
use crate::ui::tables::orientation::Orientation;

/// The keys of the games at tables, as the Help window lists them.
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
    (
        "Ctrl+D, Ctrl+T, Ctrl+P",
        "double; take; drop (when the cube is in play)",
    ),
    (
        "Ctrl+Y, Ctrl+G",
        "accept a resignation offered; decline it and go on (Resign… or Yield the game… under the board offers one)",
    ),
    (
        "Right, Left",
        "the keyboard's focus one place on or back, in the order of play (bar, 24 … ace, tray, dice boxes, dice)",
    ),
    (
        "Down, Up",
        "the focus to the next (or the last) man who may move; with a man picked up, to the places lit for him",
    ),
    (
        "Enter or Space on a place",
        "a click there: pick up the man, move him to a lit point, bear off, throw, lift the dice",
    ),
    (
        "Escape",
        "put the man down (again: the focus leaves the board)",
    ),
    ("W", "where the men stand, said at once"),
    (
        "H",
        "a hint: the computer's best plays for this throw, or what to do with the cube",
    ),
    (
        "Left, Right, Home, End",
        "in a replay: a turn back, a turn on, the start, the end",
    ),
];

/// Whether a person (not the computer) is to act now; in throw-offs, whether any person sits
/// at the table.
#[must_use]
pub fn person_acts(session: &Session) -> bool {
    match session.acting_player() {
        Some(p) => p.controller == Controller::Person,
        None => Side::BOTH.iter().any(|&s| session.seats().has_person(s)),
    }
}

/// What the window says when a man picked up under touch and take is put down, or another
/// man is chosen.
pub const TOUCHED: &str = "Touch and take: the man you picked up must be played (\"if you touch a man you must play him\", Cotton). Click a point he may reach.";

/// The man picked up, in the mover's numbering (25 = bar), and where he may go, each with the
/// steps that take him there.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PickedUp {
    pub from: Option<u8>,
    pub targets: Vec<(u8, Vec<Step>)>,
}

impl PickedUp {
    /// Picks up the man on `from` in `game` (or puts the man down, for `None`); a man who may go
    /// nowhere is not picked up.
    pub fn pick(&mut self, game: &Game, from: Option<u8>) {
        self.from = from;
        self.targets = from.map(|f| game.destinations(f)).unwrap_or_default();
        if self.targets.is_empty() {
            self.from = None;
        }
    }

    /// Under touch and take ("if you touch a man you must play him", Cotton), why the man
    /// picked up in `game` may not be put down, nor another man chosen (`from`): in the window,
    /// to touch a man is to pick him up. None when the choice is free: no man picked up, the
    /// same man chosen again to be carried on, or the rule not played.
    #[must_use]
    pub fn bound(&self, game: &Game, from: Option<u8>) -> Option<&'static str> {
        let held = self.from?;
        (game.rules().touch_and_take && !self.targets.is_empty() && from != Some(held))
            .then_some(TOUCHED)
    }

    /// Puts the man down.
    pub fn clear(&mut self) {
        self.from = None;
        self.targets.clear();
    }
}

/// What the keys and the board answer to in a frame of the game in play.
pub struct Hands<'a> {
    pub session: &'a Session,
    pub view: Orientation,
    pub picked: &'a PickedUp,
    /// Dice are in flight: a click or Space only lands them.
    pub animating: bool,
    /// The board shows a replay: clicks do not play.
    pub replaying: bool,
}

impl Hands<'_> {
    /// The keys pressed this frame (the replay's keys are the replay's), while `board` (the
    /// board has the keys, see `shell::key_focus::KeyFocus`). The window's own keys are the shell's.
    ///
    /// While a place of the board has the focus (`on_board`), Enter and Escape are the board's
    /// (see the board's keys, in `board_access`), and so is Space, unless it throws the dice waiting
    /// for it or lands the dice in flight ([`Hands::space_throws`]).
    pub fn keys(&self, ctx: &egui::Context, board: bool, on_board: bool) -> Vec<Intent> {
        let mut out = Vec::new();
        let game = self.session.game();
        let space = !on_board || self.space_throws();
        ctx.input_mut(|i| {
            let plain = Modifiers::NONE;
            if !board {
                return;
            }
            // The cube's answers are never one stray key away: they need Ctrl.
            if i.consume_key(Modifiers::COMMAND, Key::D) {
                out.push(Intent::Action(Action::Double));
            }
            if i.consume_key(Modifiers::COMMAND, Key::T) {
                out.push(Intent::Action(Action::Take));
            }
            if i.consume_key(Modifiers::COMMAND, Key::P) {
                out.push(Intent::Action(Action::Drop));
            }
            if i.consume_key(Modifiers::COMMAND, Key::Y) {
                out.push(Intent::Action(Action::AcceptResignation));
            }
            if i.consume_key(Modifiers::COMMAND, Key::G) {
                out.push(Intent::Action(Action::DeclineResignation));
            }
            if i.consume_key(Modifiers::COMMAND, Key::Z)
                || i.consume_key(plain, Key::U)
                || i.consume_key(plain, Key::Backspace)
            {
                out.push(Intent::Action(Action::Undo));
            }
            if (space && i.consume_key(plain, Key::Space)) || i.consume_key(plain, Key::R) {
                out.push(if self.animating {
                    Intent::SkipAnimation
                } else {
                    Intent::Throw
                });
            }
            // Enter lifts the dice once the play is complete, wherever the focus is: on the
            // board it would press a place where nothing more can be played.
            let lifts = !on_board || (game.may_confirm() && game.allowed_steps().is_empty());
            if (lifts && i.consume_key(plain, Key::Enter)) || i.consume_key(plain, Key::L) {
                out.push(if game.is_over() && game.match_winner().is_none() {
                    Intent::NextGame
                } else if game.is_over() {
                    Intent::SkipAnimation
                } else {
                    Intent::Action(Action::Confirm)
                });
            }
            if i.consume_key(plain, Key::Num1) {
                out.push(Intent::Action(Action::ChooseThrow(0)));
            }
            if i.consume_key(plain, Key::Num2) {
                out.push(Intent::Action(Action::ChooseThrow(1)));
            }
            if !on_board && i.consume_key(plain, Key::Escape) {
                out.push(Intent::Select(None));
            }
            if i.consume_key(plain, Key::W) {
                out.push(Intent::Survey);
            }
            // Tick-tack's claims: C calls a hit (or, before a throw, a why-not), G a going
            // in missed; the gate refuses a claim without its chance.
            let tries = game.claims_to_try(game.turn());
            if let Some(&claim) = tries
                .iter()
                .find(|c| matches!(c, Claim::Hit | Claim::WhyNot))
                && i.consume_key(plain, Key::C)
            {
                out.push(Intent::Action(Action::Claim(claim)));
            }
            if tries.contains(&Claim::MissedGoingIn) && i.consume_key(plain, Key::G) {
                out.push(Intent::Action(Action::Claim(Claim::MissedGoingIn)));
            }
            if i.consume_key(plain, Key::H) {
                out.push(Intent::Hint);
            }
        });
        // Keys that act for a player act only for a person.
        if !person_acts(self.session) {
            out.retain(Intent::is_for_anyone);
        }
        out
    }

    /// Whether Space throws now (or lands the dice in flight) even while a place of the board
    /// has the focus: the dice wait for a throw, or fly.
    #[must_use]
    pub fn space_throws(&self) -> bool {
        self.animating || self.session.game().waits_for_dice()
    }

    /// Whether a click on `place` would do something now: play, pick up a man who may move,
    /// throw, lift the dice, choose a throw or a point to break. The keyboard's Down and Up go
    /// from one such place to the next.
    #[must_use]
    pub fn does_something(&self, place: Place, dice_owner: &[Option<usize>]) -> bool {
        if self.animating {
            return false;
        }
        match self.click(place, dice_owner, false) {
            Some(Intent::Select(Some(from))) => !self.session.game().destinations(from).is_empty(),
            Some(Intent::Select(None) | Intent::ThrowFirst | Intent::SkipAnimation) | None => false,
            Some(_) => true,
        }
    }

    /// What a click (or, with `dropped`, a drop) on `place` means now. `dice_owner` gives, for
    /// each die shown, the throw it belongs to (Double-hand's choice).
    #[must_use]
    pub fn click(
        &self,
        place: Place,
        dice_owner: &[Option<usize>],
        dropped: bool,
    ) -> Option<Intent> {
        if self.animating {
            return Some(Intent::SkipAnimation);
        }
        if self.replaying || !person_acts(self.session) {
            return None;
        }
        let game = self.session.game();
        let mover = game.turn();
        match (game.phase(), place) {
            (_, Place::Cup(_)) if self.session.game().waits_for_dice() => Some(Intent::Throw),
            (_, Place::Point(_) | Place::Bar(_)) if game.waits_for_dice() && self.men_on(place) => {
                Some(Intent::ThrowFirst)
            }
            (Phase::ChooseThrow, Place::Die(i)) => dice_owner
                .get(i)
                .copied()
                .flatten()
                .map(|t| Intent::Action(Action::ChooseThrow(t as u8))),
            (Phase::Playing, Place::Die(_)) if game.may_confirm() => {
                Some(Intent::Action(Action::Confirm))
            }
            (Phase::ChooseBreak { binder, .. }, Place::Point(_)) => {
                let choice = Action::Break(self.view.bottom_to_mover(binder, place)?);
                game.choices()
                    .contains(&choice)
                    .then_some(Intent::Action(choice))
            }
            (Phase::Playing, _) => {
                let at = self.view.bottom_to_mover(mover, place);
                let selected = self.picked.from;
                if let (Some(to), Some(_)) = (at, selected)
                    && let Some((_, steps)) = self.picked.targets.iter().find(|(t, _)| *t == to)
                {
                    return Some(Intent::Steps(steps.clone()));
                }
                if dropped {
                    return None;
                }
                match at {
                    Some(from) if from != 0 && Some(from) != selected => {
                        Some(Intent::Select(Some(from)))
                    }
                    _ => Some(Intent::Select(None)),
                }
            }
            _ => None,
        }
    }

    /// Whether any man, of either side, stands on `place`.
    fn men_on(&self, place: Place) -> bool {
        let game = self.session.game();
        Side::BOTH.iter().any(|&side| {
            self.view
                .bottom_to_mover(side, place)
                .is_some_and(|p| game.position_for(side).at(usize::from(p)) > 0)
        })
    }

    /// What starting to drag from `place` means now: picking up the man there.
    #[must_use]
    pub fn drag_start(&self, place: Place) -> Option<Intent> {
        let game = self.session.game();
        if self.animating || game.phase() != Phase::Playing {
            return None;
        }
        let from = self.view.bottom_to_mover(game.turn(), place)?;
        (from != 0 && person_acts(self.session)).then_some(Intent::Select(Some(from)))
    }

    /// What dropping the man picked up on `place` means now.
    #[must_use]
    pub fn drop_on(&self, place: Place, dice_owner: &[Option<usize>]) -> Option<Intent> {
        self.picked.from?;
        match self.click(place, dice_owner, true)? {
            Intent::Steps(steps) => Some(Intent::Placed(steps)),
            other => Some(other),
        }
    }
}

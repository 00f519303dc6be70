//! Ketch-Dolt's part of the gate: what the thrower may do with each number (lay from the heap,
//! draw, bear), the draw owed, and the dolt.

use super::Game;
use crate::pastimes::action::Seat;
use crate::pastimes::action::{Action, Event};
use crate::pastimes::phase::{Phase, waiting_words};
use crate::pastimes::rules::{DoltClaimed, DrawnBecomes, Draws, Kind};

impl Game {
    /// Why the player to act may not take `action` now, or `None` if he may. The one statement
    /// of what is legal while a throw is being used.
    #[must_use]
    pub fn refusal(&self, action: &Action) -> Option<&'static str> {
        if self.phase != Phase::ToPlay {
            return Some(waiting_words(self.phase));
        }
        let me = &self.men[self.turn.index()];
        match (self.rules.kind, action) {
            (
                Kind::KetchDolt,
                Action::Lay { point } | Action::Draw { point } | Action::Bear { point },
            ) => {
                if !self.uses.contains(point) {
                    return Some("no number of the throw left to use shows that point");
                }
                let adv = &self.men[self.other().index()];
                match action {
                    Action::Lay { .. } if me.heap == 0 => Some("his heap is empty"),
                    Action::Draw { .. } if adv.on(*point) == 0 => {
                        Some("the adversary has no man on that point to draw")
                    }
                    Action::Draw { .. } if !self.draw_owed(*point) => {
                        Some("only a lone man is drawn back to his heap")
                    }
                    Action::Bear { .. } if me.heap > 0 => {
                        Some("he bears only when his heap is empty")
                    }
                    Action::Bear { .. } if me.on(*point) == 0 => {
                        Some("he has no man on that point to bear")
                    }
                    _ => None,
                }
            }
            (Kind::SiceAce, Action::Load { seat }) => {
                if seat.index() >= self.men.len() || *seat == self.turn {
                    Some("an ace loads another player at the table")
                } else if self.men[seat.index()].heap == 0 {
                    Some("a player who is out cannot be loaded")
                } else {
                    None
                }
            }
            _ => Some("that is not done in this game"),
        }
    }

    /// Whether `action`, taken now, dolts the player: he takes from the heap or bears with a
    /// number on whose point the adversary has men, where the draw was owed.
    #[must_use]
    pub fn dolts(&self, action: &Action) -> bool {
        if self.rules.kind != Kind::KetchDolt || self.refusal(action).is_some() {
            return false;
        }
        match action {
            Action::Lay { point } | Action::Bear { point } => self.draw_owed(*point),
            _ => false,
        }
    }

    /// Ketch-Dolt: whether a number of `point` owes a draw from the adversary's point: he has
    /// men there (`drawn_becomes = drawers`, Cotton), or a lone man there (`owners_heap`, as
    /// Ludii has it: two or more hold the point, else men sent back to the heap again and again
    /// would never let a game end).
    #[must_use]
    pub fn draw_owed(&self, point: u8) -> bool {
        if self.rules.kind != Kind::KetchDolt || !(1..=6).contains(&point) {
            return false;
        }
        let there = self.men[self.other().index()].on(point);
        match self.rules.drawn_becomes {
            DrawnBecomes::Drawers => there > 0,
            DrawnBecomes::OwnersHeap => there == 1,
        }
    }

    pub(super) fn play(&mut self, action: &Action, events: &mut Vec<Event>) {
        if let Action::Load { seat } = action {
            self.load(*seat, events);
            self.loads = self.loads.saturating_sub(1);
            self.after_loads(events);
            return;
        }
        let (Action::Lay { point } | Action::Draw { point } | Action::Bear { point }) = *action
        else {
            return;
        };
        let me = self.turn;
        let adv = self.other();
        let dolted = self.dolts(action);
        if let Some(at) = self.uses.iter().position(|&p| p == point) {
            self.uses.remove(at);
        }
        if dolted && self.rules.dolt_claimed == DoltClaimed::ByRules {
            events.push(Event::Dolted { seat: me, point });
            self.finish(vec![adv], vec![me], events);
            return;
        }
        if dolted && self.dolt.is_none() {
            // Nothing is said: the adversary must see it, and claim it before he throws.
            self.dolt = Some((me, point));
        }
        let i = usize::from(point - 1);
        match *action {
            Action::Lay { .. } => {
                let mine = &mut self.men[me.index()];
                mine.heap -= 1;
                mine.laid[i] += 1;
                events.push(Event::Entered { seat: me, point });
            }
            Action::Draw { .. } => {
                let theirs = &mut self.men[adv.index()];
                let men = match self.rules.draws {
                    Draws::One => 1,
                    Draws::All => theirs.laid[i],
                };
                theirs.laid[i] -= men;
                let to_heap = self.rules.drawn_becomes == DrawnBecomes::OwnersHeap;
                if to_heap {
                    theirs.heap += men;
                } else {
                    self.men[me.index()].laid[i] += men;
                }
                events.push(Event::Drew {
                    seat: me,
                    from: adv,
                    point,
                    men,
                    to_heap,
                });
            }
            _ => {
                let mine = &mut self.men[me.index()];
                mine.laid[i] -= 1;
                mine.borne += 1;
                events.push(Event::Bore {
                    seat: me,
                    point: Some(point),
                });
                if mine.in_play() == 0 {
                    // "he that bears them off first hath won the game"
                    self.finish(vec![me], vec![adv], events);
                    return;
                }
            }
        }
        self.settle(events);
    }

    /// Ketch-Dolt (`dolt_claimed = by_adversary`): the dolt the player to throw may claim now:
    /// his adversary's, in the turn just played.
    #[must_use]
    pub fn claimable(&self) -> Option<(Seat, u8)> {
        self.dolt
            .filter(|(dolted, _)| self.phase == Phase::ToThrow && *dolted != self.turn)
    }

    /// Ends the turn when no number left can be used: those numbers are lost.
    pub(super) fn settle(&mut self, events: &mut Vec<Event>) {
        if !self.legal_actions().is_empty() {
            return;
        }
        for point in std::mem::take(&mut self.uses) {
            events.push(Event::Lost {
                seat: self.turn,
                point,
            });
        }
        self.pass_turn(self.other(), events);
    }
}

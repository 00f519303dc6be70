//! Doublets' part of the gate: a throw applied whole, laying down, then bearing, and the
//! adversary's use of a number the thrower cannot use.

use super::{Game, Men};
use crate::pastimes::action::{Event, Seat};
use crate::pastimes::rules::DoubletsCount;

/// The points a doublet under `doublets = pips` takes men from, in turn: the doubled point,
/// then each point below it down to the ace, then each point above it up to the sice.
fn pips_order(point: u8) -> impl Iterator<Item = u8> {
    (1..=point).rev().chain(point + 1..=6)
}

impl Game {
    /// Doublets: a die used by `who` as he stands: it lays down a standing man of its point
    /// while any of his men stand, else bears a laid man off its point. Whether it could.
    pub(super) fn doublets_use(men: &mut Men, point: u8) -> bool {
        let i = usize::from(point - 1);
        if men.laying() {
            if men.standing[i] == 0 {
                return false;
            }
            men.standing[i] -= 1;
            men.laid[i] += 1;
        } else {
            if men.laid[i] == 0 {
                return false;
            }
            men.laid[i] -= 1;
            men.borne += 1;
        }
        true
    }

    /// The event of a use `doublets_use` made, from the men before it.
    pub(super) fn doublets_event(before: &Men, seat: Seat, point: u8, by_adversary: bool) -> Event {
        if before.laying() {
            Event::LaidDown {
                seat,
                point,
                by_adversary,
            }
        } else {
            Event::Bore {
                seat,
                point: Some(point),
            }
        }
    }

    /// How many of `order` the thrower himself can use, in that order.
    pub(super) fn doublets_count(men: Men, order: &[u8]) -> usize {
        let mut men = men;
        order
            .iter()
            .filter(|&&p| Game::doublets_use(&mut men, p))
            .count()
    }

    pub(super) fn doublets_throw(&mut self, a: u8, b: u8, uses: Vec<u8>, events: &mut Vec<Event>) {
        let me = self.turn;
        let adv = self.other();
        if a == b && self.rules.doublets == DoubletsCount::Pips {
            // "as many as the Dubblets are, so many he lays down, or bears": from the doubled
            // point first, then the points below it, then those above (our choice).
            for _ in 0..uses.len() {
                let before = self.men[me.index()];
                let Some(point) =
                    pips_order(a).find(|&p| Game::doublets_use(&mut before.clone(), p))
                else {
                    break;
                };
                Game::doublets_use(&mut self.men[me.index()], point);
                events.push(Game::doublets_event(&before, me, point, false));
                if self.men[me.index()].in_play() == 0 {
                    self.finish(vec![me], vec![adv], events);
                    return;
                }
            }
            self.pass_turn(adv, events);
            return;
        }
        // Two different numbers: used in the order that lets the thrower use the more of them
        // himself, the higher first when both orders do as well (our choice; Cotton silent).
        let order = if a == b {
            uses
        } else {
            let (high, low) = (a.max(b), a.min(b));
            let mine = self.men[me.index()];
            if Game::doublets_count(mine, &[low, high]) > Game::doublets_count(mine, &[high, low]) {
                vec![low, high]
            } else {
                vec![high, low]
            }
        };
        for point in order {
            let before = self.men[me.index()];
            if Game::doublets_use(&mut self.men[me.index()], point) {
                events.push(Game::doublets_event(&before, me, point, false));
                if self.men[me.index()].in_play() == 0 {
                    self.finish(vec![me], vec![adv], events);
                    return;
                }
                continue;
            }
            // "what the one throws and hath not the other lays down for him": lays down only,
            // never bears (Cotton's verb; our reading).
            let theirs = &mut self.men[adv.index()];
            let i = usize::from(point - 1);
            if self.rules.adversary_uses && theirs.standing[i] > 0 {
                theirs.standing[i] -= 1;
                theirs.laid[i] += 1;
                events.push(Event::LaidDown {
                    seat: adv,
                    point,
                    by_adversary: true,
                });
            } else {
                events.push(Event::Lost { seat: me, point });
            }
        }
        self.pass_turn(adv, events);
    }
}

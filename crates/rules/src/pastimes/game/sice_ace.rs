//! Sice-Ace's part of the gate: sices bear, aces load, doublets throw again, and the players
//! go out until the result is known.

use super::{Game, seat};
use crate::pastimes::action::{Event, Seat};
use crate::pastimes::phase::Phase;
use crate::pastimes::rules::{Ending, LoadTo};

impl Game {
    fn in_seats(&self) -> Vec<Seat> {
        (0..self.men.len())
            .filter(|&s| self.men[s].heap > 0)
            .map(seat)
            .collect()
    }

    /// The next seat round the table after `from` that is still in (not `from`).
    pub(super) fn next_in(&self, from: Seat) -> Option<Seat> {
        let n = self.men.len();
        (1..n)
            .map(|k| seat((from.index() + k) % n))
            .find(|s| self.men[s.index()].heap > 0)
    }

    /// `who` has just lost a man: if he has none left he is out, and the game may be decided.
    pub(super) fn maybe_out(&mut self, who: Seat, events: &mut Vec<Event>) {
        if self.men[who.index()].heap > 0 {
            return;
        }
        self.out.push(who);
        events.push(Event::Out { seat: who });
        let still = self.in_seats();
        let everyone = (0..self.men.len()).map(seat);
        match self.rules.result {
            Ending::LastOutLoses if still.len() == 1 => {
                let winners = everyone.filter(|s| !still.contains(s)).collect();
                self.finish(winners, still, events);
            }
            Ending::LastTwoLose if still.len() == 2 => {
                let winners = everyone.filter(|s| !still.contains(s)).collect();
                self.finish(winners, still, events);
            }
            Ending::FirstOutWins => {
                let losers = everyone.filter(|&s| s != who).collect();
                self.finish(vec![who], losers, events);
            }
            _ => {}
        }
    }

    pub(super) fn load(&mut self, to: Seat, events: &mut Vec<Event>) {
        let me = self.turn;
        self.men[me.index()].heap -= 1;
        self.men[to.index()].heap += 1;
        events.push(Event::Loaded { from: me, to });
        self.maybe_out(me, events);
    }

    pub(super) fn sice_ace_throw(&mut self, a: u8, b: u8, events: &mut Vec<Event>) {
        let me = self.turn;
        // "sixes bears only": each sice bears one of his men, before the aces load (our
        // order: his own men leave before he passes any on).
        for _ in [a, b].iter().filter(|&&d| d == 6) {
            if self.phase == Phase::GameOver || self.men[me.index()].heap == 0 {
                events.push(Event::Lost { seat: me, point: 6 });
                continue;
            }
            let mine = &mut self.men[me.index()];
            mine.heap -= 1;
            mine.borne += 1;
            events.push(Event::Bore {
                seat: me,
                point: None,
            });
            self.maybe_out(me, events);
        }
        if self.phase == Phase::GameOver {
            return;
        }
        // "they one load another with Aces"
        let aces = [a, b].iter().filter(|&&d| d == 1).count();
        match self.rules.load_to {
            LoadTo::Next => {
                for _ in 0..aces {
                    match self.next_in(me) {
                        Some(to) if self.men[me.index()].heap > 0 => self.load(to, events),
                        _ => events.push(Event::Lost { seat: me, point: 1 }),
                    }
                    if self.phase == Phase::GameOver {
                        return;
                    }
                }
            }
            LoadTo::Chosen => {
                self.loads = u8::try_from(aces).unwrap_or(0);
                self.phase = Phase::ToPlay;
            }
        }
        self.after_loads(events);
    }

    /// The aces are loaded (or lost, when he has no man left): the turn ends, or he throws again
    /// after a doublet ("Dubblets drinks and throws again") if he is still in.
    pub(super) fn after_loads(&mut self, events: &mut Vec<Event>) {
        if self.phase == Phase::GameOver {
            return;
        }
        let me = self.turn;
        if self.loads > 0 && self.men[me.index()].heap > 0 {
            return;
        }
        for _ in 0..self.loads {
            events.push(Event::Lost { seat: me, point: 1 });
        }
        self.loads = 0;
        let doublet = self.dice.len() == 2 && self.dice[0] == self.dice[1];
        if doublet && self.men[me.index()].heap > 0 {
            events.push(Event::ThrowsAgain { seat: me });
            self.phase = Phase::ToThrow;
            return;
        }
        match self.next_in(me) {
            Some(next) => self.pass_turn(next, events),
            None => self.phase = Phase::ToThrow,
        }
    }
}

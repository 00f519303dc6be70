//! What comes from the line: the events polled, a line lost, everyone seated, and each message
//! from another party, at the host (passed on once its table takes it) and at a joiner.

use std::time::Duration;

use super::joiner::{started, welcomed};
use super::{Party, Path, Polled, Role, State};
use crate::link::Event;
use crate::sign::Public;
use crate::table::{Breach, Table};
use crate::wire::Msg;

impl Party {
    /// Handles what has come from the line, waiting at most `wait` for the first of it.
    pub fn poll(&mut self, wait: Duration) -> Polled {
        let mut polled = Polled::default();
        let mut next = self.link.event(wait);
        while let Some(event) = next {
            polled.heard = true;
            self.handle(event, &mut polled.notes);
            next = self.link.try_event();
        }
        self.watch(&mut polled.notes);
        polled
    }

    pub(super) fn handle(&mut self, event: Event, notes: &mut Vec<String>) {
        match event {
            Event::Path { direct, .. } => {
                self.path = if direct { Path::Direct } else { Path::Relayed };
            }
            Event::Refused(why) => notes.push(format!("Somebody was turned away: {why}")),
            Event::Knock {
                party,
                name,
                key,
                back,
            } => self.knock(party, name, key, back, notes),
            Event::Lost {
                party,
                reason,
                farewell,
            } => {
                // A line this side closed itself (it left, or refused the host) did not drop.
                if !farewell
                    && matches!(self.role, Role::Joiner { .. })
                    && !matches!(self.state, State::Broken(_))
                {
                    self.dropped = true;
                }
                self.lost(party, &reason, farewell, notes);
            }
            Event::Message { party, msg } => self.message(party, msg, notes),
        }
    }

    pub(super) fn lost(
        &mut self,
        party: usize,
        reason: &str,
        farewell: bool,
        notes: &mut Vec<String>,
    ) {
        if matches!(self.state, State::Broken(_)) {
            // This side left (or ended the game): the lines closing after it say nothing new.
            return;
        }
        let name = self.name(party);
        match &mut self.role {
            Role::Host { seated, .. } => {
                let over = self.table.as_ref().is_some_and(|t| t.board().is_over());
                if over {
                    notes.push(format!("{name} has left: the game is over"));
                } else if self.table.as_ref().is_some_and(|t| !t.seated()) {
                    // Gone before the game began: its seat is free again, for it or another.
                    if let Some(s) = seated.get_mut(party) {
                        *s = false;
                    }
                    notes.push(format!("{name} went before the game began"));
                    self.free_seat(party);
                } else if seated.get(party).copied().unwrap_or(false) {
                    seated[party] = false;
                    notes.push(if farewell {
                        format!("{name} left, saying “{reason}”: waiting for them to come back")
                    } else {
                        format!(
                            "The line to {name} dropped ({reason}): waiting for them to come back"
                        )
                    });
                    self.state = State::Waiting(party);
                    for p in (1..seated.len()).filter(|&p| p != party) {
                        self.link.send(p, Msg::Wait { party });
                    }
                }
            }
            Role::Joiner { .. } => {
                if !matches!(self.state, State::Broken(_)) {
                    self.state = State::Broken(if self.over() {
                        "the game is over".into()
                    } else if farewell {
                        // The host's own words, which this side cannot check: said as its.
                        format!("the host closed the line, saying “{reason}”")
                    } else {
                        format!("the line to the host dropped ({reason})")
                    });
                }
            }
        }
    }

    /// Everyone is seated (again): play, and say again this side's share of a throw under way.
    pub(super) fn start(&mut self) {
        self.state = State::Playing;
        let Some(table) = &mut self.table else {
            return;
        };
        let again = table.resend();
        let to = self.others();
        self.send(&to, &again);
    }

    pub(super) fn message(&mut self, party: usize, msg: Msg, notes: &mut Vec<String>) {
        match (&mut self.role, msg) {
            (Role::Host { .. }, Msg::Accept { sig }) => self.accepted(party, sig, notes),
            // A joiner's word that a throw waits too long changes nothing at the host.
            (Role::Host { .. }, Msg::Stalled { .. }) => {}
            (Role::Host { seated, .. }, msg) => {
                if !seated.get(party).copied().unwrap_or(false) {
                    return;
                }
                let from = match &msg {
                    Msg::Commit { from, .. } | Msg::Reveal { from, .. } | Msg::Act { from, .. } => {
                        Some(*from)
                    }
                    _ => None,
                };
                let joiners = seated.len() - 1;
                let Some(table) = &mut self.table else {
                    return;
                };
                let result = if from == Some(party) {
                    table.receive(msg.clone(), &mut self.rng)
                } else {
                    Err(Breach("it spoke for another player".into()))
                };
                match result {
                    Ok(out) => {
                        let others: Vec<usize> = (1..=joiners).filter(|&p| p != party).collect();
                        let all: Vec<usize> = (1..=joiners).collect();
                        if self.send(&others, &[msg]) {
                            self.send(&all, &out);
                        }
                    }
                    Err(breach) => {
                        notes.push(format!(
                            "{} was sent away: {breach}; the game stands as it was",
                            self.name(party)
                        ));
                        self.link.close(party, &breach.0);
                    }
                }
            }
            (
                Role::Joiner {
                    back,
                    key,
                    invitation,
                    ..
                },
                Msg::Welcome {
                    setup,
                    party: me,
                    proofs,
                },
            ) => {
                // One welcome a line: a second one would seat this side anew at a game the
                // host chose afresh (its seats swapped, say), in the middle of the game.
                if self.table.is_some() {
                    self.refuse_host("the host offered the game a second time on the same line");
                    return;
                }
                let host = Public::from(invitation.addr.id);
                match welcomed(setup, me, proofs, key, host, back.as_ref().as_ref()) {
                    Ok(t) => {
                        self.table = Some(t);
                        self.state = State::Offered;
                    }
                    Err(why) => self.refuse_host(&why.to_string()),
                }
            }
            (Role::Joiner { key, .. }, Msg::Start { setup }) => {
                let Some(table) = &self.table else {
                    return;
                };
                match started(table, *setup, key) {
                    Ok(t) => {
                        self.table = Some(t);
                        self.start();
                    }
                    Err(why) => self.refuse_host(&why.to_string()),
                }
            }
            (Role::Joiner { .. }, Msg::Wait { party }) => {
                self.state = State::Waiting(party);
                notes.push(format!(
                    "The line to {} dropped: waiting for them",
                    self.name(party)
                ));
            }
            (Role::Joiner { .. }, Msg::Stalled { party, .. }) => {
                let me = self.table.as_ref().map(Table::me);
                notes.push(if me == Some(party) {
                    "The others say the throw has waited too long on this side's share".into()
                } else {
                    format!(
                        "The throw has waited too long on {}: the host may end the game",
                        self.name(party)
                    )
                });
            }
            (Role::Joiner { .. }, msg) => {
                // Before the welcome there is no game to act on: what comes is set aside. (A
                // host's move may be on its way to a seat retaken on a new line before the
                // host has seen the knock; the welcome that follows holds it.)
                let Some(table) = &mut self.table else {
                    return;
                };
                match table.receive(msg, &mut self.rng) {
                    Ok(out) => {
                        self.send(&[0], &out);
                    }
                    Err(breach) => {
                        let why = format!(
                            "the host's program broke the rules ({breach}); the game stands as it was"
                        );
                        self.link.close(0, &breach.0);
                        self.state = State::Broken(why);
                        self.refused = true;
                    }
                }
            }
        }
    }
}

impl Party {
    /// (Joiner) the host's game cannot be believed: the line is closed, and why is kept.
    fn refuse_host(&mut self, why: &str) {
        self.link.close(0, why);
        self.state = State::Broken(why.to_string());
        self.refused = true;
    }
}

//! The story of the game: each event the rules report, told in period words as a line of the
//! session's log.

use super::Session;
use crate::tables::{Event, Side, Throw};
use crate::teaching::points::point_words;
use crate::teaching::terms::{describe_play, face_name, possessive, throw_words};

impl Session {
    /// The side's colour, and in Double-hand the partner whose act is told: "White (Anne)".
    fn actor_name(&self, side: Side) -> String {
        let players = &self.table.seat(side).players;
        match self.partner.and_then(|i| players.get(i)) {
            Some(p) if players.len() > 1 => format!("{} ({})", self.colour_name(side), p.name),
            _ => self.colour_name(side).to_string(),
        }
    }

    pub(super) fn tell(&mut self, events: &[Event]) {
        for event in events {
            match event {
                Event::ThrewOff { white, black } => {
                    let (w, b) = (self.colour_name(Side::White), self.colour_name(Side::Black));
                    let words =
                        format!("{w} throws {} and {b} {}", article(*white), article(*black));
                    self.push(None, words, None);
                }
                Event::ThrowOffTied => {
                    self.push(None, "The throws are equal: throw again".into(), None)
                }
                Event::Begins(side) => {
                    let words = format!(
                        "{} has the higher throw and begins",
                        self.colour_name(*side)
                    );
                    self.push(Some(*side), words, None);
                }
                Event::TableMustBreak { binder } => {
                    let words = format!(
                        "{}'s table is bound and {} must enter: the table must be broken. Both throw",
                        self.colour_name(*binder),
                        self.colour_name(binder.other())
                    );
                    self.push(None, words, None);
                }
                Event::BreakThrewOff { white, black } => {
                    let told = |faces: &[u8; 2]| {
                        Throw::two(faces[0], faces[1])
                            .map(|t| throw_words(&t))
                            .unwrap_or_default()
                    };
                    let words = format!(
                        "For the break, {} throws {}; {} throws {}",
                        self.colour_name(Side::White),
                        told(white),
                        self.colour_name(Side::Black),
                        told(black)
                    );
                    self.push(None, words, None);
                }
                Event::ChoosesBreak { chooser, binder } => {
                    let whose = if chooser == binder {
                        "his own".to_string()
                    } else {
                        format!("{}'s", self.colour_name(*binder))
                    };
                    let words = format!(
                        "{} throws higher and chooses which point of {whose} table to break",
                        self.colour_name(*chooser)
                    );
                    self.push(Some(*chooser), words, None);
                }
                Event::TableBroken { binder, point, men } => {
                    let words = format!(
                        "{}'s table is broken on {}: {men} {} to the bar",
                        self.colour_name(*binder),
                        point_words(*point, "his", "his adversary's"),
                        if *men == 1 { "man goes" } else { "men go" }
                    );
                    self.push(Some(*binder), words, None);
                }
                Event::Threw { side, throw } => {
                    self.before_play = Some((*side, self.game.position_for(*side)));
                    let words = format!("{} throws {}", self.actor_name(*side), throw_words(throw));
                    self.push(Some(*side), words, None);
                }
                Event::ThrowChosen { side, throw } => {
                    self.before_play = Some((*side, self.game.position_for(*side)));
                    let whose = match self.partner {
                        Some(i) if self.table.seat(*side).players.len() > 1 => {
                            format!(
                                " ({} throw)",
                                possessive(&self.table.seat(*side).players[i.min(1)].name)
                            )
                        }
                        _ => String::new(),
                    };
                    let words = format!(
                        "{} chooses to play {}{whose}",
                        self.colour_name(*side),
                        throw_words(throw)
                    );
                    self.push(Some(*side), words, None);
                }
                Event::Scored {
                    side,
                    score,
                    games,
                    why,
                } => {
                    let words = crate::teaching::terms::score_words(
                        *score,
                        *games,
                        why,
                        self.colour_name(*side),
                        self.colour_name(side.other()),
                        crate::teaching::points::Naming::of(self.game.rules()),
                    );
                    self.push(Some(*side), words, None);
                }
                Event::Forfeited { side, .. } => {
                    let words = format!(
                        "{} cannot play: the throw is forfeit",
                        self.colour_name(*side)
                    );
                    self.push(Some(*side), words, None);
                }
                Event::Played { side, steps } => {
                    if let Some((_, before)) = self.before_play.take() {
                        let bear_off = self.game.rules().bear_off;
                        let words = format!(
                            "{} {}",
                            self.colour_name(*side),
                            describe_play(
                                &before,
                                steps,
                                bear_off,
                                &format!("{}'s", self.colour_name(side.other())),
                                crate::teaching::points::Naming::of(self.game.rules()),
                            )
                        );
                        let notation =
                            crate::teaching::points::play_text(&before, steps, self.game.rules());
                        self.push(Some(*side), words, Some(notation));
                        if !before.home_bound() && self.game.position_for(*side).home_bound() {
                            let words = format!("{} has bound his table", self.colour_name(*side));
                            self.push(Some(*side), words, None);
                        }
                    }
                }
                Event::DoubleOffered { by, value } => {
                    let words = format!(
                        "{} offers to double the stake to {value}",
                        self.colour_name(*by)
                    );
                    self.push(Some(*by), words, None);
                }
                Event::DoubleTaken { by, value } => {
                    let words =
                        format!("{} takes: the stake is now {value}", self.colour_name(*by));
                    self.push(Some(*by), words, None);
                }
                Event::DoubleDropped { by } => {
                    let words = format!("{} drops the double", self.colour_name(*by));
                    self.push(Some(*by), words, None);
                }
                Event::ResignationOffered { by, stake } => {
                    let words = format!(
                        "{} {}",
                        self.colour_name(*by),
                        self.resignation(u32::from(*stake))
                    );
                    self.push(Some(*by), words, None);
                }
                Event::ResignationDeclined { by } => {
                    let words = format!("{} declines: the game goes on", self.colour_name(*by));
                    self.push(Some(*by), words, None);
                }
                Event::GameOver(outcome) => {
                    let words = self.ending(outcome);
                    self.push(outcome.winner, words, None);
                }
                Event::Moved { .. } | Event::StepUndone { .. } => {}
            }
        }
    }
}

pub(super) fn article(face: u8) -> String {
    let name = face_name(face);
    if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        format!("an {name}")
    } else {
        format!("a {name}")
    }
}

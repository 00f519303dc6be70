//! The status line: what the game waits for, and each die that cannot be played and why.

use super::Session;
use super::story::article;
use crate::tables::{Action, DieRefusal, Phase, Side, StepRefusal};
use crate::teaching::plain::capitalised;
use crate::teaching::points::point_words;
use crate::teaching::terms::{face_name, throw_words};

impl Session {
    /// Each die of the throw left that cannot be played, and why, in period words: "the sice
    /// cannot be played: Black's sice point, where it would enter, is held".
    #[must_use]
    pub fn unplayable_words(&self) -> Vec<String> {
        let g = &self.game;
        let adversary = format!("{}'s", self.colour_name(g.turn().other()));
        g.unplayable_dice()
            .into_iter()
            .map(|(face, why)| {
                let die = face_name(face);
                let reason = match why {
                    DieRefusal::EntryHeld(p) => format!(
                        "{}, where it would enter, is held",
                        point_words(p, "his", &adversary)
                    ),
                    DieRefusal::AllHeld { bearing_off } => {
                        let mut r = "every point it would carry a man to is held".to_string();
                        match bearing_off {
                            Some(StepRefusal::NotAllHome) => r.push_str(
                                ", and no man may be borne off until all fifteen are home",
                            ),
                            Some(_) => r.push_str(&format!(
                                ", and {} bears no man off by this game's rule",
                                article(face)
                            )),
                            None => {}
                        }
                        r
                    }
                    DieRefusal::BearsNone => format!(
                        "every man stands nearer home than {a} carries, and {a} bears no man off \
                         by this game's rule",
                        a = article(face)
                    ),
                    DieRefusal::NoManLeft => {
                        format!("{} has borne off all his men", self.colour_name(g.turn()))
                    }
                    DieRefusal::RestUnplayable => {
                        "the steps taken already play the most of this throw that can be played"
                            .to_string()
                    }
                };
                format!("the {die} cannot be played: {reason}")
            })
            .collect()
    }

    /// The status line: what the game waits for (the engine's [`Game::waiting`], with each
    /// side named by its colour), and what a player needs to know about it, in period words.
    #[must_use]
    pub fn status(&self) -> String {
        if let Some(words) = self.abandonment_words() {
            return words;
        }
        let name = |s: Side| self.colour_name(s).to_string();
        let due = capitalised(&self.game.waiting().words(&name));
        let status = self.waiting_words(due);
        match self.throw_off_won() {
            Some(won) => format!("{won}. {status}"),
            None => status,
        }
    }

    /// The side a person plays at this screen, when only one side is (against the computer,
    /// or with a friend at a distance): the side the status line calls "you".
    #[must_use]
    pub fn the_persons_side(&self) -> Option<Side> {
        match Side::BOTH.map(|s| self.table.has_person(s)) {
            [true, false] => Some(Side::White),
            [false, true] => Some(Side::Black),
            _ => None,
        }
    }

    /// Before the first throw of a game, who won the throw-off and with what, and which side
    /// is the person's: "You won the throw-off, cinque against deuce: you play White".
    fn throw_off_won(&self) -> Option<String> {
        let g = &self.game;
        // Only before the winner's first throw: the status line is short then, and the words
        // never wrap it onto another line that would move the board.
        if g.phase() != Phase::ToThrow {
            return None;
        }
        let record = g.record();
        let at = record
            .iter()
            .rposition(|a| matches!(a, Action::ThrowOff { white, black } if white != black))?;
        if record[at..].contains(&Action::Confirm) {
            return None;
        }
        let Action::ThrowOff { white, black } = record[at] else {
            return None;
        };
        let (winner, high, low) = if white > black {
            (Side::White, white, black)
        } else {
            (Side::Black, black, white)
        };
        let against = format!("{} against {}", face_name(high), face_name(low));
        Some(match self.the_persons_side() {
            Some(you) if you == winner => format!(
                "You won the throw-off, {against}: you play {}",
                self.colour_name(you)
            ),
            Some(you) => format!(
                "{} won the throw-off, {against}: you play {}",
                self.colour_name(winner),
                self.colour_name(you)
            ),
            None => format!("{} won the throw-off, {against}", self.colour_name(winner)),
        })
    }

    /// What the game waits for, after `due`, the engine's words for it.
    fn waiting_words(&self, due: String) -> String {
        let g = &self.game;
        let turn = g.turn();
        let name = |s: Side| self.colour_name(s).to_string();
        match g.phase() {
            Phase::ThrowOff => format!("{due}: each side throws one die, and the higher begins"),
            Phase::BreakThrowOff { binder } => format!(
                "{due}: {}'s table is bound and {} must enter: both throw two dice",
                name(binder),
                name(binder.other())
            ),
            Phase::ChooseBreak { binder, .. } => {
                format!("{due} of {}'s bound table", name(binder))
            }
            Phase::ToThrow if g.position_for(turn).bar() > 0 => {
                format!("{due}: {} is on the bar and must enter", name(turn))
            }
            Phase::SecondThrow => format!("{due} the second throw"),
            Phase::ChooseThrow => format!("{due}: which of the two throws to play"),
            Phase::Playing => {
                let throw = g.throw().map(|t| throw_words(&t)).unwrap_or_default();
                let left: Vec<String> = g
                    .moves_left()
                    .faces()
                    .iter()
                    .map(|&f| face_name(f))
                    .collect();
                let pos = g.position_for(turn);
                if g.may_confirm() && g.allowed_steps().is_empty() {
                    let lost = self.unplayable_words();
                    if lost.is_empty() {
                        format!("{} has played {throw}: lift the dice", name(turn))
                    } else {
                        format!(
                            "{} has played what he can; {}. Lift the dice",
                            name(turn),
                            lost.join("; ")
                        )
                    }
                } else if pos.bar() > 0 {
                    format!(
                        "{} throws {throw} and must enter from the bar ({} to play)",
                        name(turn),
                        left.join(", ")
                    )
                } else if g.rules().touch_and_take {
                    // Cotton: "if you touch a man you must play him"; in the window, to touch
                    // is to pick a man up.
                    format!(
                        "{} throws {throw}: {} to play. Touch and take: a man picked up must be played",
                        name(turn),
                        left.join(", ")
                    )
                } else {
                    format!("{} throws {throw}: {} to play", name(turn), left.join(", "))
                }
            }
            Phase::DoubleOffered => format!(
                "{due}: {} offers to double to {}",
                name(turn),
                g.cube().value * 2
            ),
            // The offer first, in its own word (to resign, or to yield the game), then the
            // answer due: never "the resignation" beside "yield".
            Phase::ResignOffered { by, stake } => format!(
                "{} {}: {} to accept or decline",
                name(by),
                self.resignation(u32::from(stake)),
                name(by.other())
            ),
            // The next game of a session for stakes, or of a match not yet won, is a key
            // away (the window's Next game); a match won begins again only with New game.
            Phase::Over(_) if g.match_winner().is_none() => format!("{due}. Next game: Enter"),
            Phase::Over(_) => format!("{due}. New game to play again"),
            Phase::ToThrow => due,
        }
    }
}

//! The score, the resignations and the end of a game, in words.

use super::Session;
use crate::tables::{
    EndReason, Outcome, Side, Stakes, WinKind, resignation_words, stake_words, won_words,
};

impl Session {
    /// The score in words: the session's ("Session: White 3, Black 1"), or the match's
    /// ("Match to 5: White 3, Black 4, the Crawford game", "White wins the match to 5, 5 to
    /// 3").
    #[must_use]
    pub fn score_words(&self) -> String {
        let g = &self.game;
        let tally = self.tally();
        let (white, black) = (self.colour_name(Side::White), self.colour_name(Side::Black));
        let to = g.rules().match_to;
        if to == 0 {
            return format!("Session: {white} {}, {black} {}", tally.white, tally.black);
        }
        if let Some(winner) = self.match_winner() {
            return format!(
                "{} wins the match to {to}, {} to {}",
                self.colour_name(winner),
                tally.stakes(winner),
                tally.stakes(winner.other())
            );
        }
        let crawford = if g.is_crawford_game() && !g.is_over() && self.abandoned.is_none() {
            ", the Crawford game (no cube)"
        } else {
            ""
        };
        format!(
            "Match to {to}: {white} {}, {black} {}{crawford}",
            tally.white, tally.black
        )
    }

    /// What leaving the game cost the side that left, in words: "Robin loses a single game, 2
    /// points at the cube", "Mallory loses a single game, 1 stake"; none when it cost nothing
    /// (the game was over, or who left is not known).
    #[must_use]
    pub fn abandonment_loss_words(&self) -> Option<String> {
        let lost = self.lost?;
        let won = won_words(lost.won, self.game.rules().match_to);
        let at_cube = if self.game.cube().value > 1 {
            " at the cube"
        } else {
            ""
        };
        Some(format!(
            "{} a single game, {won}{at_cube}",
            self.abandonment_loser()?
        ))
    }

    /// Who lost by leaving the game, with the verb: "Mallory loses", "Anne and Tom lose".
    #[must_use]
    pub fn abandonment_loser(&self) -> Option<String> {
        let loser = self.lost?.loser;
        let players = &self.table.seat(loser).players;
        let mut names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
        if names.is_empty() {
            names.push(loser.name());
        }
        Some(crate::teaching::terms::does(&names, "loses", "lose"))
    }

    /// The game's end by a side that left it, in words, as the story and the status line tell
    /// it: "The game was ended: abandoned by Mallory, who did not come back. Mallory loses a
    /// single game, 1 stake. Session: White 1, Black 0"; where it cost nothing, the reason
    /// alone. None while nobody left.
    #[must_use]
    pub fn abandonment_words(&self) -> Option<String> {
        let abandoned = self.abandoned.as_ref()?;
        Some(match self.abandonment_loss_words() {
            Some(loss) => format!(
                "The game was ended: {}. {loss}. {}",
                abandoned.reason,
                self.score_words()
            ),
            None => format!("The game was ended: {}.", abandoned.reason),
        })
    }

    /// What a side that offers to resign for `stake` stakes (before the cube) offers, after
    /// its name: "offers to resign a gammon" under modern stakes, "offers to yield the game for
    /// 2 stakes" under the period's (Cotton's word for it, in his advice at Tick-tack).
    #[must_use]
    pub fn resignation(&self, stake: u32) -> String {
        let rules = self.game.rules();
        let cube = self.game.cube().value;
        let worth = if cube > 1 {
            format!(
                " ({} with the cube)",
                won_words(self.game.cube().scored(stake, rules), rules.match_to)
            )
        } else {
            String::new()
        };
        if rules.stakes == Stakes::Gammons {
            format!(
                "offers to resign {}{worth}",
                resignation_words(stake, rules.stakes)
            )
        } else {
            format!("offers to yield the game for {}{worth}", stake_words(stake))
        }
    }

    /// What the window offers a person who would give the game up: the menu's name ("Resign"
    /// under modern stakes, "Yield the game" under the period's, Cotton's word) and each
    /// resignation, its stakes before the cube and its words ("Resign a gammon", "Yield the
    /// game for 2 stakes"), up to a backgammon or four stakes (short of Nard's count, no game
    /// is worth more).
    #[must_use]
    pub fn resignations(&self) -> (&'static str, Vec<(u8, String)>) {
        let rules = self.game.rules();
        let most = self.game.most_resigned().min(4);
        let modern = rules.stakes == Stakes::Gammons;
        let choices = (1..=most)
            .map(|k| {
                let label = if modern {
                    format!("Resign {}", resignation_words(u32::from(k), rules.stakes))
                } else {
                    format!("Yield the game for {}", stake_words(u32::from(k)))
                };
                (k, label)
            })
            .collect();
        (if modern { "Resign" } else { "Yield the game" }, choices)
    }

    /// How a game ended, in words, with the session's score.
    #[must_use]
    pub fn ending(&self, outcome: &Outcome) -> String {
        let score = self.score_words();
        let Some(winner) = outcome.winner else {
            if outcome.reason == EndReason::MostPoints {
                return format!("The points are equal: the game is drawn. {score}");
            }
            return format!("Neither side can move whatever it throws: the game is drawn. {score}");
        };
        let (w, l) = (self.colour_name(winner), self.colour_name(winner.other()));
        let why = match outcome.reason {
            EndReason::BoreOff(kind) => match kind {
                WinKind::Plain => format!("{w} has borne off all his men"),
                WinKind::Doublets => format!("{w} bears off his last man with doublets"),
                WinKind::BackGammon => format!(
                    "{w} bears off all his men while {l} still has a man outside his home table: a back-gammon"
                ),
                WinKind::BackGammonOnDoublets => format!(
                    "{w} bears off with doublets, and {l} still has a man outside his home table: a back-gammon on doublets"
                ),
                WinKind::Gammon => {
                    format!("{w} has borne off all his men before {l} bore off any: a gammon")
                }
                WinKind::Backgammon => format!(
                    "{w} has borne off all his men; {l} bore off none and still has a man in {w}'s home table or on the bar: a backgammon"
                ),
                WinKind::NardCount => {
                    format!("{w} has borne off all his men; {l}'s men are counted where they stand")
                }
            },
            EndReason::Scored(score) => format!("{w} wins by {}", score.words()),
            EndReason::MostPoints => format!("{w} has more points when the game ends"),
            EndReason::Dropped => format!("{l} drops the double and loses"),
            EndReason::Resigned => format!("{l} gives the game up and {w} accepts"),
            EndReason::UnplayableDie => {
                format!("{l} could not play every die of his throw and loses outright")
            }
            EndReason::PrimeOfTables => {
                format!("{l} must enter and finds all six points held: the prime of tables")
            }
            EndReason::AllCaptured => {
                format!("all {l}'s men left are on the bar: {w} has taken them all")
            }
            EndReason::Blocked => String::new(),
        };
        let won = won_words(outcome.stake, self.game.rules().match_to);
        format!("{why}. {w} wins {won}. {score}")
    }
}

//! A sitting at the tables: the game in play, who plays it, the dice, and the story so far told
//! in period words. Free of any window code, so the window and its tests share it.

use crate::players::{Player, Seats};
use crate::save::{GameRecord, SaveFile};
use crate::tables::notation::format_play;
use crate::tables::{
    Action, Attempt, DiceRoller, DieRefusal, EndReason, Event, Game, Outcome, Phase, Play,
    Position, RuleError, Rules, Side, Stakes, Step, StepRefusal, Tally, Throw, WinKind,
    resignation_words, stake_words, won_words,
};
use crate::teaching::plain::capitalised;
use crate::teaching::points::point_words;
use crate::teaching::terms::{describe_play, face_name, possessive, throw_words};

/// One line of the game's story: who, and what happened, in words and (for plays) in notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    pub side: Option<Side>,
    pub words: String,
    pub notation: Option<String>,
}

/// A line of the story is read as its words (the notation is for the eye).
impl AsRef<str> for LogEntry {
    fn as_ref(&self) -> &str {
        &self.words
    }
}

/// The game in play with its table, dice and story. Every change goes through
/// [`Session::apply`] (and so through [`Game::apply`]).
pub struct Session {
    game: Game,
    table: Seats,
    dice: Box<dyn DiceRoller + Send>,
    log: Vec<LogEntry>,
    /// Where the men stood when the throw being played was thrown (seen from its thrower).
    before_play: Option<(Side, Position)>,
    /// In Double-hand, which partner of the acting side the action being told was his: the
    /// thrower of a throw, or the partner whose throw is chosen.
    partner: Option<usize>,
    /// A match's games before this one, each as it ended, in order: kept so that the whole
    /// match can be saved, taken up again and written for other programs. None in a session
    /// for stakes, whose games are each its own.
    earlier: Vec<GameRecord>,
    /// Why the game was ended before the rules ended it (a friend at a distance who kept it
    /// waiting), if it was.
    abandoned: Option<String>,
}

impl Session {
    /// A new game under `rules`, carrying on `tally`.
    pub fn new(
        rules: Rules,
        table: Seats,
        tally: Tally,
        dice: Box<dyn DiceRoller + Send>,
    ) -> Result<Session, RuleError> {
        let game = Game::with_tally(rules, tally)?;
        Ok(Session {
            game,
            table,
            dice,
            log: Vec::new(),
            before_play: None,
            partner: None,
            earlier: Vec::new(),
            abandoned: None,
        })
    }

    /// A session that replays a record from the start, telling its story as it goes (for a
    /// loaded or resumed game). Fails at the first action the rules refuse.
    pub fn from_record(
        rules: Rules,
        tally_before: Tally,
        record: &[Action],
        table: Seats,
        dice: Box<dyn DiceRoller + Send>,
    ) -> Result<Session, RuleError> {
        let mut session = Session::new(rules, table, tally_before, dice)?;
        for &action in record {
            session.apply(action)?;
        }
        Ok(session)
    }

    /// A session around a game already under way (as loaded from a file).
    #[must_use]
    pub fn resume(game: Game, table: Seats, dice: Box<dyn DiceRoller + Send>) -> Session {
        let before_play = match game.phase() {
            Phase::Playing => Some((game.turn(), game.position_for(game.turn()))),
            _ => None,
        };
        Session {
            game,
            table,
            dice,
            log: Vec::new(),
            before_play,
            partner: None,
            earlier: Vec::new(),
            abandoned: None,
        }
    }

    /// The same session with the match's games before this one (as a save kept them).
    #[must_use]
    pub fn with_earlier(mut self, earlier: Vec<GameRecord>) -> Session {
        self.earlier = earlier;
        self
    }

    /// Ends the game where it stands, as abandoned: `reason` says by whom and why, in words.
    /// The story tells it, a save keeps it, and no more moves are made.
    pub fn abandon(&mut self, reason: &str) {
        if self.abandoned.is_some() {
            return;
        }
        self.log.push(LogEntry {
            side: None,
            words: format!("The game was ended: {reason}."),
            notation: None,
        });
        self.abandoned = Some(reason.to_string());
    }

    /// Why the game was ended as abandoned, if it was.
    #[must_use]
    pub fn abandoned(&self) -> Option<&str> {
        self.abandoned.as_deref()
    }

    /// The match's games before this one, in order (empty in a session for stakes).
    #[must_use]
    pub fn earlier(&self) -> &[GameRecord] {
        &self.earlier
    }

    /// Every game of the match so far, the one in play last, each as a record (the one in play
    /// as it stands).
    pub fn match_records(&self) -> Result<Vec<GameRecord>, crate::save::SaveError> {
        let mut all = self.earlier.clone();
        all.push(GameRecord::of_game(&self.game)?);
        Ok(all)
    }

    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    #[must_use]
    pub fn seats(&self) -> &Seats {
        &self.table
    }

    #[must_use]
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// Adds a line of the table's own to the story, in its place among the plays (a friend at
    /// a distance sent away, and why): shown in the story and said to a screen reader as any
    /// line. It lasts as long as this story: a story told again from the record (a game
    /// loaded, or set back to a friend's record) or the next game's starts without it.
    pub fn note(&mut self, words: impl Into<String>) {
        self.push(None, words.into(), None);
    }

    /// The display name of a side: its player, or both partners.
    #[must_use]
    pub fn side_name(&self, side: Side) -> String {
        let names: Vec<&str> = self
            .table
            .seat(side)
            .players
            .iter()
            .map(|p| p.name.as_str())
            .collect();
        if names.is_empty() {
            side.name().to_string()
        } else {
            names.join(" and ")
        }
    }

    /// The colour word of a side ("White", "Red"…), as the story uses it.
    #[must_use]
    pub fn colour_name(&self, side: Side) -> &'static str {
        self.table.seat(side).colour.name()
    }

    /// The player who acts now for the side that must act (in Double-hand, the partner whose
    /// throw it is); `None` while both sides throw together or when the game is over.
    #[must_use]
    pub fn acting_player(&self) -> Option<&Player> {
        let side = self.game.actor()?;
        let players = &self.table.seat(side).players;
        let i = self.game.phase().partner();
        players.get(i.min(players.len().saturating_sub(1)))
    }

    /// Throws whatever dice are due, with this session's dice.
    pub fn throw(&mut self) -> Result<Vec<Event>, RuleError> {
        match self.game.throw_action(self.dice.as_mut()) {
            Some(action) => self.apply(action),
            None => Err(RuleError::NotNow {
                attempt: Attempt::Throw,
                phase: self.game.phase(),
                turn: self.game.turn(),
                match_to: self.game.rules().match_to,
            }),
        }
    }

    /// The one way the session changes: through the game's gate, then told in the story.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        self.partner = match action {
            Action::ChooseThrow(i) => Some(usize::from(i)),
            Action::Throw(_) => Some(self.game.phase().partner()),
            _ => None,
        };
        let events = self.game.apply(action)?;
        self.tell(&events);
        Ok(events)
    }

    /// Plays a person's steps (all or nothing), and if the last man is borne off, lifts the
    /// dice for him: the game ends at once, since nothing is left to play. (A record replayed,
    /// the computer's play and a friend's record each lift the dice themselves.)
    pub fn play_steps(&mut self, steps: &[Step]) -> Result<Vec<Event>, RuleError> {
        let mut events = self.apply_steps(steps)?;
        if self.game.last_man_off() && self.game.may_confirm() {
            events.extend(self.apply(Action::Confirm)?);
        }
        Ok(events)
    }

    /// Plays a whole play and lifts the dice (all or nothing).
    pub fn apply_play(&mut self, play: &Play) -> Result<Vec<Event>, RuleError> {
        let events = self.game.apply_play(play)?;
        self.tell(&events);
        Ok(events)
    }

    /// Plays several steps of the throw at once (a man carried at length): all or nothing.
    pub fn apply_steps(&mut self, steps: &[Step]) -> Result<Vec<Event>, RuleError> {
        let events = self.game.apply_steps(steps)?;
        self.tell(&events);
        Ok(events)
    }

    /// Starts the next game of the session (same rules and table, tally carried on).
    pub fn next_game(&mut self) -> Result<(), RuleError> {
        let next = self.game.next_game()?;
        if self.game.rules().match_to > 0
            && let Ok(record) = GameRecord::of_game(&self.game)
        {
            self.earlier.push(record);
        }
        self.game = next;
        self.log.clear();
        self.before_play = None;
        Ok(())
    }

    /// The side's colour, and in Double-hand the partner whose act is told: "White (Anne)".
    fn actor_name(&self, side: Side) -> String {
        let players = &self.table.seat(side).players;
        match self.partner.and_then(|i| players.get(i)) {
            Some(p) if players.len() > 1 => format!("{} ({})", self.colour_name(side), p.name),
            _ => self.colour_name(side).to_string(),
        }
    }

    fn push(&mut self, side: Option<Side>, words: String, notation: Option<String>) {
        self.log.push(LogEntry {
            side,
            words,
            notation,
        });
    }

    fn tell(&mut self, events: &[Event]) {
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
                                &format!("{}'s", self.colour_name(side.other()))
                            )
                        );
                        let notation = format_play(&before, steps, bear_off);
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

    /// The score in words: the session's ("Session: White 3, Black 1"), or the match's
    /// ("Match to 5: White 3, Black 4, the Crawford game", "White wins the match to 5, 5 to
    /// 3").
    #[must_use]
    pub fn score_words(&self) -> String {
        let g = &self.game;
        let tally = g.tally();
        let (white, black) = (self.colour_name(Side::White), self.colour_name(Side::Black));
        let to = g.rules().match_to;
        if to == 0 {
            return format!("Session: {white} {}, {black} {}", tally.white, tally.black);
        }
        if let Some(winner) = g.match_winner() {
            return format!(
                "{} wins the match to {to}, {} to {}",
                self.colour_name(winner),
                tally.stakes(winner),
                tally.stakes(winner.other())
            );
        }
        let crawford = if g.is_crawford_game() && !g.is_over() {
            ", the Crawford game (no cube)"
        } else {
            ""
        };
        format!(
            "Match to {to}: {white} {}, {black} {}{crawford}",
            tally.white, tally.black
        )
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
        if let Some(why) = &self.abandoned {
            return format!("The game was ended: {why}");
        }
        let g = &self.game;
        let turn = g.turn();
        let name = |s: Side| self.colour_name(s).to_string();
        let due = capitalised(&g.waiting().words(&name));
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
                } else {
                    format!("{} throws {throw}: {} to play", name(turn), left.join(", "))
                }
            }
            Phase::DoubleOffered => format!(
                "{due}: {} offers to double to {}",
                name(turn),
                g.cube().value * 2
            ),
            Phase::ResignOffered { by, stake } => {
                format!("{due}: {} {}", name(by), self.resignation(u32::from(stake)))
            }
            Phase::Over(_) => format!("{due}. New game to play again"),
            Phase::ToThrow => due,
        }
    }
}

/// A session is saved through the save format, which knows nothing of sessions: the
/// dependency goes one way, from the session down to the file.
impl SaveFile {
    /// The save file of a session's game as it stands, with the match's earlier games.
    #[must_use]
    pub fn from_session(session: &Session) -> SaveFile {
        SaveFile {
            abandoned: session.abandoned().map(str::to_string),
            ..SaveFile::from_match(session.game(), session.seats(), session.earlier())
        }
    }
}

fn article(face: u8) -> String {
    let name = face_name(face);
    if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        format!("an {name}")
    } else {
        format!("a {name}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::{LoadedDice, Preset};

    fn session(faces: &[u8]) -> Session {
        Session::new(
            Rules::preset(Preset::Irish),
            Seats::two_people(),
            Tally::default(),
            Box::new(LoadedDice::new(faces)),
        )
        .unwrap()
    }

    #[test]
    fn a_note_takes_its_place_in_the_story_among_the_plays() {
        // Given a game begun
        let mut s = session(&[5, 2, 5, 1]);
        s.throw().unwrap();
        let before = s.log().len();
        // When a note is added, and the game goes on
        s.note("Kate was sent away: the invitation is wrong or stale");
        s.throw().unwrap();
        // Then the note is a line of the story where it was added, with no notation or side
        let note = &s.log()[before];
        assert_eq!(
            note.as_ref(),
            "Kate was sent away: the invitation is wrong or stale"
        );
        assert_eq!((note.side, note.notation.as_ref()), (None, None));
        assert!(
            s.log().len() > before + 1,
            "the throw after it is told after it"
        );
    }

    #[test]
    fn the_story_is_told_in_period_words() {
        // Given White throws a cinque to Black's deuce, then cinque and ace
        let mut s = session(&[5, 2, 5, 1]);
        s.throw().unwrap();
        s.throw().unwrap();
        assert_eq!(
            s.status(),
            "White throws cinque and ace: cinque, ace to play"
        );
        let play = s
            .game()
            .legal_plays()
            .into_iter()
            .find(|p| p.steps.len() == 2)
            .unwrap();
        s.apply_play(&play).unwrap();
        let words: Vec<&str> = s.log().iter().map(|e| e.words.as_str()).collect();
        assert_eq!(words[0], "White throws a cinque and Black a deuce");
        assert_eq!(words[1], "White has the higher throw and begins");
        assert_eq!(words[2], "White throws cinque and ace");
        assert!(words[3].starts_with("White plays"), "{}", words[3]);
        assert!(s.log()[3].notation.is_some());
        assert_eq!(s.status(), "Black to throw");
    }

    #[test]
    fn a_replayed_record_tells_the_same_story() {
        let mut s = session(&[5, 2, 5, 1, 3, 3]);
        s.throw().unwrap();
        s.throw().unwrap();
        let play = s.game().legal_plays()[0];
        s.apply_play(&play).unwrap();
        s.throw().unwrap();
        let again = Session::from_record(
            s.game().rules().clone(),
            Tally::default(),
            s.game().record(),
            Seats::two_people(),
            Box::new(LoadedDice::new(&[1])),
        )
        .unwrap();
        assert_eq!(again.game(), s.game());
        assert_eq!(again.log(), s.log());
    }

    #[test]
    fn the_actor_is_who_must_act() {
        let mut s = session(&[5, 2, 5, 1]);
        assert_eq!(s.game().actor(), None);
        s.throw().unwrap();
        assert_eq!(s.game().actor(), Some(Side::White));
        assert!(s.game().waits_for_dice());
    }
}

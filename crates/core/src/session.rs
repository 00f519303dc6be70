//! A sitting at the tables: the game in play, who plays it, the dice, and the story so far told
//! in period words. Free of any window code, so the window and its tests share it.

pub mod score_sheet;
mod status;
mod story;
mod words;

use crate::abandonment::{Abandonment, TablesLoss};
use crate::players::{Player, Seats};
use crate::save::{GameRecord, SaveFile};
use crate::tables::{
    Action, Attempt, DiceRoller, Event, Game, Phase, Play, Position, RuleError, Rules, Side, Step,
    Tally,
};

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
    /// Who left the game before the rules ended it (a friend at a distance who kept it
    /// waiting, or dropped and did not come back), and why, if anyone did.
    abandoned: Option<Abandonment>,
    /// What leaving it cost: the side that left loses a single game at the cube.
    lost: Option<TablesLoss>,
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
            lost: None,
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
            lost: None,
        }
    }

    /// The same session with the match's games before this one (as a save kept them).
    #[must_use]
    pub fn with_earlier(mut self, earlier: Vec<GameRecord>) -> Session {
        self.earlier = earlier;
        self
    }

    /// Ends the game where it stands, as abandoned by the side `abandonment` names, which loses
    /// a single game at the cube's value ([`crate::abandonment::at_tables`]): the tally, the
    /// score and a match count it, the story and the status line tell it, a save keeps it, and
    /// no more moves are made. Once only: a second abandonment changes nothing. A record
    /// replayed and then abandoned again (a save read back) counts it once, as the record
    /// never holds it.
    pub fn abandon(&mut self, abandonment: Abandonment) {
        if self.abandoned.is_some() {
            return;
        }
        self.lost = crate::abandonment::at_tables(&self.game, &abandonment);
        self.abandoned = Some(abandonment);
        if let Some(words) = self.abandonment_words() {
            self.push(self.lost.map(|l| l.loser.other()), words, None);
        }
    }

    /// Who left the game before the rules ended it, and why, if anyone did.
    #[must_use]
    pub fn abandoned(&self) -> Option<&Abandonment> {
        self.abandoned.as_ref()
    }

    /// What leaving the game cost the side that left, if it was left under way by one side.
    #[must_use]
    pub fn abandonment_loss(&self) -> Option<&TablesLoss> {
        self.lost.as_ref()
    }

    /// The session's tally: the game's, and a game lost by leaving it counted in it.
    #[must_use]
    pub fn tally(&self) -> Tally {
        self.lost.map_or_else(|| self.game.tally(), |l| l.tally)
    }

    /// The side that has won the match, a game lost by leaving it counted.
    #[must_use]
    pub fn match_winner(&self) -> Option<Side> {
        self.tally().match_winner(self.game.rules().match_to)
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

    /// Every friend at a distance made the computer at `level` (a game whose line is gone for
    /// good, played on here). Whether anyone was.
    pub fn computer_for_distance(&mut self, level: crate::level::Level) -> bool {
        self.table.computer_for_distance(level)
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

    fn push(&mut self, side: Option<Side>, words: String, notation: Option<String>) {
        self.log.push(LogEntry {
            side,
            words,
            notation,
        });
    }
}

/// A session is saved through the save format, which knows nothing of sessions: the
/// dependency goes one way, from the session down to the file.
impl SaveFile {
    /// The save file of a session's game as it stands, with the match's earlier games.
    #[must_use]
    pub fn from_session(session: &Session) -> SaveFile {
        SaveFile {
            abandonment: session.abandoned().cloned(),
            ..SaveFile::from_match(session.game(), session.seats(), session.earlier())
        }
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

    /// A game of modern backgammon under `rules` played to its end, first plays first.
    fn played_out(rules: Rules) -> Session {
        let mut s = Session::new(
            rules,
            Seats::two_people(),
            Tally::default(),
            Box::new(crate::tables::FairDice::seeded(4)),
        )
        .unwrap();
        for _ in 0..2_000 {
            match s.game().phase() {
                crate::tables::Phase::Over(_) => break,
                crate::tables::Phase::Playing => {
                    let play = s.game().legal_plays()[0];
                    s.apply_play(&play).unwrap();
                }
                _ => {
                    s.throw().unwrap();
                }
            }
        }
        s
    }

    /// A game of modern backgammon with the cube under `rules`, from `tally`, played (first
    /// plays first) until the cube stands at `value`, each double taken.
    fn doubled_to(mut rules: Rules, tally: Tally, value: u32) -> Session {
        rules.cube = true;
        let mut s = Session::new(
            rules,
            Seats::two_people(),
            tally,
            Box::new(crate::tables::FairDice::seeded(7)),
        )
        .unwrap();
        while s.game().cube().value < value {
            match s.game().phase() {
                Phase::ToThrow if s.game().choices().contains(&Action::Double) => {
                    s.apply(Action::Double).unwrap();
                    s.apply(Action::Take).unwrap();
                }
                Phase::Playing => {
                    let play = s.game().legal_plays()[0];
                    s.apply_play(&play).unwrap();
                }
                phase => {
                    assert!(!matches!(phase, Phase::Over(_)), "the game ended first");
                    s.throw().unwrap();
                }
            }
        }
        s
    }

    /// Robin, who plays `side`, left the game and did not come back.
    fn left_by(side: Side) -> Abandonment {
        Abandonment {
            seats: vec![match side {
                Side::White => 0,
                Side::Black => 1,
            }],
            reason: "abandoned by Robin, who did not come back".into(),
            when: Some(std::time::SystemTime::UNIX_EPOCH),
            last_signed: Some("0f".repeat(32)),
            moves: 9,
        }
    }

    #[test]
    fn a_money_game_left_at_the_cube_of_2_counts_2_stakes_for_the_side_that_stayed() {
        // Given a game for stakes with the cube at 2, Robin at Black
        let mut s = doubled_to(Rules::preset(Preset::Modern), Tally::default(), 2);
        let mut seats = Seats::two_people();
        seats.black.players[0].name = "Robin".into();
        s.table = seats;
        assert_eq!(s.game().cube().value, 2);
        // When Robin leaves it
        s.abandon(left_by(Side::Black));
        // Then White has won a single game at the cube: 2 stakes, and a game counted
        assert_eq!(
            s.abandonment_loss().map(|l| (l.loser, l.won)),
            Some((Side::Black, 2))
        );
        assert_eq!(
            (s.tally().white, s.tally().black, s.tally().games),
            (2, 0, 1)
        );
        assert_eq!(s.score_words(), "Session: White 2, Black 0");
        // And the story and the status line say who left, and what it cost
        let said = "The game was ended: abandoned by Robin, who did not come back. Robin loses a \
                    single game, 2 stakes at the cube. Session: White 2, Black 0";
        assert_eq!(s.log().last().map(|e| e.words.as_str()), Some(said));
        assert_eq!(s.status(), said);
        // And partners who left together lose together
        let mut pair = s.table.clone();
        pair.black.players = vec![
            crate::players::Player {
                name: "Anne".into(),
                controller: crate::players::Controller::Distance,
            },
            crate::players::Player {
                name: "Tom".into(),
                controller: crate::players::Controller::Distance,
            },
        ];
        s.table = pair;
        assert_eq!(s.abandonment_loser().as_deref(), Some("Anne and Tom lose"));
        // And a second word of it counts nothing more
        s.abandon(left_by(Side::White));
        assert_eq!(s.tally().white, 2);
        assert_eq!(s.abandoned().map(|a| a.seats.clone()), Some(vec![1]));
    }

    #[test]
    fn a_match_game_left_at_the_cube_of_4_wins_a_match_to_5_for_the_side_that_stayed() {
        // Given a match to 5 at 1 to 0, and a game with the cube at 4
        let mut rules = Rules::preset(Preset::Modern);
        rules.match_to = 5;
        let before = Tally {
            white: 1,
            games: 1,
            ..Tally::default()
        };
        let mut s = doubled_to(rules, before, 4);
        // When Black leaves it
        s.abandon(left_by(Side::Black));
        // Then White wins 4 points, and the match, 5 to 0
        assert_eq!((s.tally().white, s.tally().black), (5, 0));
        assert_eq!(s.match_winner(), Some(Side::White));
        assert_eq!(s.score_words(), "White wins the match to 5, 5 to 0");
        assert!(
            s.status()
                .contains("Black loses a single game, 4 points at the cube. White wins the match"),
            "{}",
            s.status()
        );
        // And the game itself is as its record left it, for the record holds no leaving
        assert!(!s.game().is_over());
        assert_eq!(s.game().tally(), before);
    }

    #[test]
    fn a_match_game_left_brings_on_the_crawford_game_as_any_game_does() {
        // Given a match to 5 at 2 to 0, the cube at 2
        let mut rules = Rules::preset(Preset::Modern);
        rules.match_to = 5;
        let before = Tally {
            white: 2,
            games: 2,
            ..Tally::default()
        };
        let mut s = doubled_to(rules, before, 2);
        // When Black leaves it
        s.abandon(left_by(Side::Black));
        // Then White stands at 4, one short: the next game is the Crawford game
        assert_eq!(s.tally().white, 4);
        assert_eq!(s.tally().crawford(), crate::tables::Crawford::ThisGame);
        assert_eq!(s.match_winner(), None);
    }

    #[test]
    fn a_game_saved_after_it_was_left_reads_back_counting_the_loss_once() {
        // Given a game left by Black at the cube of 2, saved
        let mut s = doubled_to(Rules::preset(Preset::Modern), Tally::default(), 2);
        s.abandon(left_by(Side::Black));
        let text = crate::save::to_string(&SaveFile::from_session(&s)).unwrap();
        assert!(text.contains("abandonment: Some("), "{text}");
        assert!(
            text.contains("when: Some(\"1970-01-01T00:00:00Z\")"),
            "{text}"
        );
        // When it is read back and taken up as the window takes up a file
        let loaded = crate::save::from_str(&text).unwrap();
        assert_eq!(loaded.abandoned.as_ref(), s.abandoned());
        let mut again = Session::from_record(
            loaded.replay.rules().clone(),
            loaded.replay.tally_before(),
            loaded.replay.record(),
            loaded.table.clone(),
            Box::new(LoadedDice::new(&[1])),
        )
        .unwrap();
        again.abandon(loaded.abandoned.clone().unwrap());
        // Then the loss is counted once, and said the same
        assert_eq!(again.tally(), s.tally());
        assert_eq!(again.tally().white, 2);
        assert_eq!(again.status(), s.status());
        // And saved again, it is the same file
        let twice = crate::save::to_string(&SaveFile::from_session(&again)).unwrap();
        assert_eq!(twice, text);
    }

    #[test]
    fn an_older_save_that_kept_only_why_reads_and_counts_for_nobody() {
        // Given a save as an older Gamester wrote a game ended as abandoned: its words alone,
        // last in the file
        let short = include_str!("../../../tests/data/irish_short.ron");
        let end = short.rfind(')').unwrap();
        let old = format!(
            "{}  abandoned: Some(\"abandoned by Kate, who did not come back\"),\n{}",
            &short[..end],
            &short[end..]
        );
        // When it is read
        let loaded = crate::save::from_str(&old).unwrap();
        // Then it is ended with its words, and names nobody: the score is as it was
        let kept = loaded.abandoned.clone().unwrap();
        assert_eq!(kept.reason, "abandoned by Kate, who did not come back");
        assert!(kept.seats.is_empty());
        let tally = loaded.game.tally();
        let mut again = Session::resume(loaded.game, loaded.table, Box::new(LoadedDice::new(&[1])));
        again.abandon(kept);
        assert_eq!(again.tally(), tally);
        assert_eq!(
            again.status(),
            "The game was ended: abandoned by Kate, who did not come back."
        );
        // And saved again, it keeps the words as the new field does
        let text = crate::save::to_string(&SaveFile::from_session(&again)).unwrap();
        assert!(!text.contains("  abandoned:"), "{text}");
        let back = crate::save::from_str(&text).unwrap();
        assert_eq!(back.abandoned, again.abandoned().cloned());
    }

    #[test]
    fn a_game_over_offers_the_next_game_unless_the_match_is_won() {
        // Given a game for stakes played out, and the one game of a match to 1
        let stakes = played_out(Rules::preset(Preset::Modern));
        let mut to_one = Rules::preset(Preset::Modern);
        to_one.match_to = 1;
        let matched = played_out(to_one);
        // Then the first says the next game is a key away, the second that the match is over
        assert!(stakes.game().is_over() && matched.game().is_over());
        assert!(
            stakes.status().ends_with(". Next game: Enter"),
            "{}",
            stakes.status()
        );
        assert!(
            matched.status().ends_with(". New game to play again"),
            "{}",
            matched.status()
        );
    }

    #[test]
    fn the_story_is_told_in_period_words() {
        // Given White throws a cinque to Black's deuce, then cinque and ace
        let mut s = session(&[5, 2, 5, 1]);
        s.throw().unwrap();
        // (before the first throw, the status line says who won the throw-off, with what)
        assert_eq!(
            s.status(),
            "White won the throw-off, cinque against deuce. White to throw"
        );
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

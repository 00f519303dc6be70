//! A pastime at the table: the game, who sits at each seat (a person or the computer at a
//! level), the story told so far, and the dice. Every change goes through the game's gate; the
//! computer's seats and chance act here, paced so that a person can follow them.

use std::path::PathBuf;

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::abandonment::Abandonment;
use crate::level::Level;
use crate::pastimes::{Action, Game, Outcome, PastimeError, Phase, Rules, Seat};
use crate::players::Controller;
use crate::ui::pastimes::story::{self, Names};

/// Seconds between two things the computer does, at the normal speed.
pub const PACE: f64 = 0.9;

/// A pastime at the table.
pub struct PastimesSession {
    game: Game,
    sitters: Vec<Controller>,
    story: Vec<String>,
    /// How the story and the status line name the seats ("Player 2", or at a distance "You"
    /// and the friends' names).
    names: Names,
    rng: StdRng,
    /// Seconds between two things the computer (or chance, for the computer) does.
    pub pace: f64,
    last_action_at: f64,
    /// The file the game was opened from or last saved to.
    pub file: Option<PathBuf>,
    /// Who left the game before the rules ended it (a friend at a distance who kept it
    /// waiting, or did not come back), and why, if anyone did.
    abandoned: Option<Abandonment>,
    /// How leaving it ended it: the one who left loses ([`crate::abandonment::at_pastime`]).
    left: Option<Outcome>,
}

impl PastimesSession {
    /// A new game under `rules` with these sitters (the computer at a fair level where one is
    /// missing). `seed`: the dice (from the system's randomness without one).
    pub fn new(
        rules: Rules,
        sitters: Vec<Controller>,
        seed: Option<u64>,
    ) -> Result<PastimesSession, PastimeError> {
        Ok(PastimesSession::holding(Game::new(rules)?, sitters, seed))
    }

    /// The session of a game already under way (read from a file), its story told again.
    #[must_use]
    pub fn holding(game: Game, mut sitters: Vec<Controller>, seed: Option<u64>) -> Self {
        sitters.resize(game.seats(), Controller::Computer(Level::Fair));
        let rng = match seed {
            Some(s) => StdRng::seed_from_u64(s),
            None => StdRng::from_os_rng(),
        };
        // A person alone with the computer is "You", and a computer alone at his table "The
        // computer", as at the tiles; friends at one screen, and the computers of a table of
        // several, are players by number.
        let people: Vec<usize> = (0..sitters.len())
            .filter(|&s| sitters[s] == Controller::Person)
            .collect();
        let computers = sitters
            .iter()
            .filter(|s| matches!(s, Controller::Computer(_)))
            .count();
        let names = match people[..] {
            [you] => Names::of(
                (0..sitters.len())
                    .map(|s| {
                        if s == you {
                            "You".into()
                        } else if computers == 1 && matches!(sitters[s], Controller::Computer(_)) {
                            story::COMPUTER.into()
                        } else {
                            String::new()
                        }
                    })
                    .collect(),
            ),
            _ => Names::default(),
        };
        let story = story_of(&game, &names);
        PastimesSession {
            game,
            sitters,
            story,
            names,
            rng,
            pace: PACE,
            last_action_at: f64::NEG_INFINITY,
            file: None,
            abandoned: None,
            left: None,
        }
    }

    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    #[must_use]
    pub fn sitters(&self) -> &[Controller] {
        &self.sitters
    }

    /// Who sits at `seat`.
    #[must_use]
    pub fn sitter(&self, seat: Seat) -> Controller {
        self.sitters
            .get(seat.index())
            .copied()
            .unwrap_or(Controller::Computer(Level::Fair))
    }

    /// The story so far, one line an event; an empty line between two games.
    #[must_use]
    pub fn story(&self) -> &[String] {
        &self.story
    }

    /// Gives the seats these names (the person "You" and friends at a distance by the names
    /// they sit under), the story told again in them.
    pub fn rename(&mut self, names: Vec<String>) {
        self.names = Names::of(names);
        self.story = story_of(&self.game, &self.names);
    }

    /// How the story and the status line name the seats.
    #[must_use]
    pub fn names(&self) -> &Names {
        &self.names
    }

    /// Every friend at a distance made the computer at `level` (a game whose line is gone for
    /// good, played on here), under his own name. Whether anyone was.
    pub fn computer_for_distance(&mut self, level: Level) -> bool {
        crate::players::computer_for_distance(&mut self.sitters.iter_mut(), level)
    }

    /// Whether a person sits at the table.
    #[must_use]
    pub fn has_person(&self) -> bool {
        self.sitters.contains(&Controller::Person)
    }

    /// Whether a friend at a distance sits at the table: his moves, and every throw, come only
    /// over the line.
    #[must_use]
    pub fn at_a_distance(&self) -> bool {
        self.sitters.contains(&Controller::Distance)
    }

    /// The seat whose move is a person's now (to throw, or to choose), if any. At the
    /// throw-off, where everyone throws, the first person's.
    #[must_use]
    pub fn person_to_act(&self) -> Option<Seat> {
        let seat = match self.game.phase() {
            Phase::ThrowOff => {
                let i = self.sitters.iter().position(|s| *s == Controller::Person)?;
                return Some(Seat(u8::try_from(i).ok()?));
            }
            Phase::ToThrow | Phase::ToPlay => self.game.turn(),
            Phase::GameOver => return None,
        };
        (self.sitter(seat) == Controller::Person).then_some(seat)
    }

    /// Whether the person to act may throw now (the throw-off, or his turn to throw).
    #[must_use]
    pub fn person_throws(&self) -> bool {
        self.person_to_act().is_some()
            && matches!(self.game.phase(), Phase::ThrowOff | Phase::ToThrow)
    }

    /// The actions the person to act may choose now, as the engine lists them.
    #[must_use]
    pub fn person_choices(&self) -> Vec<Action> {
        match self.person_to_act() {
            Some(_) => self.game.legal_actions(),
            None => Vec::new(),
        }
    }

    /// Whether the game is over (the next game waits).
    #[must_use]
    pub fn over(&self) -> bool {
        self.game.phase() == Phase::GameOver
    }

    /// Does `action` through the game's gate and tells the story of what happened; a refusal
    /// changes nothing.
    pub fn apply(&mut self, action: Action, now: f64) -> Result<(), PastimeError> {
        let events = self.game.apply(action)?;
        self.story
            .extend(events.iter().filter_map(|e| story::tell(e, &self.names)));
        self.last_action_at = now;
        Ok(())
    }

    /// Chance's throw, due now: the throw-off or the thrower's dice.
    pub fn throw(&mut self, now: f64) -> Result<(), PastimeError> {
        match self.game.chance_action(&mut self.rng) {
            Some(action) => self.apply(action, now),
            None => Err(PastimeError::NotNow(crate::pastimes::waiting_words(
                self.game.phase(),
            ))),
        }
    }

    /// After a game: the next, under the same rules and at the same seats.
    pub fn next_game(&mut self) -> Result<(), PastimeError> {
        if !self.over() {
            return Err(PastimeError::NotNow(crate::pastimes::waiting_words(
                self.game.phase(),
            )));
        }
        self.game = Game::new(*self.game.rules())?;
        self.story.push(String::new());
        self.last_action_at = f64::NEG_INFINITY;
        Ok(())
    }

    /// Lets the computer's seats act, and chance for them, once the pace allows: one thing at
    /// a time. Returns whether the computer has something to do (the window looks again
    /// soon); false when a person is to act or the game is over.
    pub fn drive_computer(&mut self, now: f64) -> Result<bool, PastimeError> {
        let level = match self.game.phase() {
            Phase::GameOver => return Ok(false),
            Phase::ThrowOff if self.has_person() => return Ok(false),
            Phase::ThrowOff => None,
            Phase::ToThrow | Phase::ToPlay => match self.sitter(self.game.turn()) {
                Controller::Person | Controller::Distance => return Ok(false),
                Controller::Computer(level) => Some(level),
            },
        };
        if now < self.last_action_at + self.pace {
            return Ok(true);
        }
        let decided = level.and_then(|level| crate::ai::pastimes::decide(&self.game, level));
        match decided {
            Some(action) => self.apply(action, now)?,
            None if self.game.phase() == Phase::ToPlay => {
                // A use the computer left undecided would leave the game stuck: the first the
                // engine lists is taken.
                match self.game.legal_actions().into_iter().next() {
                    Some(action) => self.apply(action, now)?,
                    None => return Ok(false),
                }
            }
            None => self.throw(now)?,
        }
        Ok(true)
    }

    /// A note in the story (from the line of a game at a distance: a friend gone, come back).
    pub fn note(&mut self, words: String) {
        self.story.push(words);
    }

    /// Whether leaving the game would lose something: under way, not over, and not ended by
    /// a friend who left it.
    #[must_use]
    pub fn unfinished(&self) -> bool {
        !self.over() && !self.game.record().is_empty() && self.abandoned.is_none()
    }

    /// Ends the game where it stands, as abandoned by the seats `abandonment` names: the one
    /// who left loses, his one adversary wins, and at a table of more the rest go free
    /// ([`crate::abandonment::at_pastime`]). The story and the status line tell it, and a save
    /// keeps it. Once only.
    pub fn abandon(&mut self, abandonment: Abandonment) {
        if self.abandoned.is_some() {
            return;
        }
        self.left = crate::abandonment::at_pastime(&self.game, &abandonment);
        self.abandoned = Some(abandonment);
        if let Some(words) = self.abandonment_words() {
            self.story.push(words);
        }
    }

    /// Who left the game before the rules ended it, and why, if anyone did.
    #[must_use]
    pub fn abandoned(&self) -> Option<&Abandonment> {
        self.abandoned.as_ref()
    }

    /// How leaving the game ended it (who won, who lost), if a player left it under way.
    #[must_use]
    pub fn abandonment_outcome(&self) -> Option<&Outcome> {
        self.left.as_ref()
    }

    /// Who lost by leaving the game, with the verb: "Robin loses".
    #[must_use]
    pub fn abandonment_loser(&self) -> Option<String> {
        Some(self.names.lose(&self.left.as_ref()?.losers))
    }

    /// The game's end by a player who left it, in words, as the story and the status line tell
    /// it: "The game was ended: abandoned by Robin, who did not come back. You win; Robin
    /// loses."; where it cost nothing, the reason alone. None while nobody left.
    #[must_use]
    pub fn abandonment_words(&self) -> Option<String> {
        let abandoned = self.abandoned.as_ref()?;
        let said = format!("The game was ended: {}.", abandoned.reason);
        let outcome = self.left.as_ref().and_then(|o| {
            story::tell(
                &crate::pastimes::Event::GameOver {
                    winners: o.winners.clone(),
                    losers: o.losers.clone(),
                },
                &self.names,
            )
        });
        Some(match outcome {
            Some(outcome) => format!("{said} {outcome}"),
            None => said,
        })
    }

    /// The game as a file holds it.
    #[must_use]
    pub fn to_file(&self) -> crate::save::pastimes::PastimesFile {
        let mut file = crate::save::pastimes::PastimesFile::of(&self.game, &self.sitters);
        file.abandonment = self.abandoned.clone();
        // The names of friends at a distance are theirs, not the table's: kept, so that the
        // game read back names them before the line is open again, or if it never is.
        if self.at_a_distance() {
            file.named(self.names.all())
        } else {
            file
        }
    }
}

/// The story of a game read back, told again from its record, the seats named by `names`.
fn story_of(game: &Game, names: &Names) -> Vec<String> {
    story::retold(game, names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pastimes::Preset;

    /// `name`, at `seat`, left the game and did not come back.
    fn left(seat: usize, name: &str) -> Abandonment {
        Abandonment {
            seats: vec![seat],
            reason: format!("abandoned by {name}, who did not come back"),
            when: Some(std::time::SystemTime::UNIX_EPOCH),
            last_signed: Some("1e".repeat(32)),
            moves: 1,
        }
    }

    #[test]
    fn sice_ace_for_three_left_by_one_is_lost_by_him_and_the_rest_go_free() {
        // Given Sice-Ace for three at a distance, You, Robin and Kate, the throw-off made
        let mut rules = Rules::preset(Preset::SiceAce);
        rules.seats = 3;
        let sitters = vec![
            Controller::Person,
            Controller::Distance,
            Controller::Distance,
        ];
        let mut table = PastimesSession::holding(Game::new(rules).unwrap(), sitters, Some(3));
        table.rename(vec!["You".into(), "Robin".into(), "Kate".into()]);
        table.throw(0.0).unwrap();
        assert!(table.unfinished());
        // When Robin leaves it
        table.abandon(left(1, "Robin"));
        // Then Robin loses and the rest go free, as the story and the status line say
        assert_eq!(
            table.abandonment_outcome(),
            Some(&Outcome {
                winners: Vec::new(),
                losers: vec![Seat(1)]
            })
        );
        let said = "The game was ended: abandoned by Robin, who did not come back. Robin \
                    loses; the rest go free.";
        assert_eq!(table.story().last().map(String::as_str), Some(said));
        assert_eq!(crate::ui::pastimes::screen::status_of(&table), said);
        assert_eq!(table.abandonment_loser().as_deref(), Some("Robin loses"));
        assert!(!table.unfinished(), "nothing is left to lose by leaving it");
        // And its save keeps who left: read back, the game ends the same way, once
        let text = table.to_file().to_ron().unwrap();
        let loaded = crate::save::pastimes::from_str(&text).unwrap();
        let mut again = PastimesSession::holding(loaded.game, loaded.seats, None);
        again.rename(loaded.names);
        again.abandon(loaded.abandoned.unwrap());
        assert_eq!(again.story().last(), table.story().last());
        assert_eq!(again.abandonment_outcome(), table.abandonment_outcome());
    }

    #[test]
    fn ketch_dolt_left_by_the_friend_is_won_by_the_one_who_stayed() {
        // Given Ketch-Dolt at a distance, You against Robin
        let sitters = vec![Controller::Person, Controller::Distance];
        let mut table = PastimesSession::holding(
            Game::new(Rules::preset(Preset::KetchDolt)).unwrap(),
            sitters,
            Some(3),
        );
        table.rename(vec!["You".into(), "Robin".into()]);
        // When Robin leaves it, Then You win and Robin loses
        table.abandon(left(1, "Robin"));
        assert_eq!(
            table.story().last().map(String::as_str),
            Some(
                "The game was ended: abandoned by Robin, who did not come back. You win; Robin \
                 loses."
            )
        );
    }
}

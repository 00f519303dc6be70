//! A session of a tiles game, beside the tables' [`crate::session`] and like it out of the
//! window: the dominoes game, who sits at each place, the story told so far, the session's
//! tally, and the computer players' thinking. Every change goes through the game's gate
//! (`Game::apply`); the session only deals, throws for the set when asked, and tells what the
//! events say.

use std::sync::mpsc::{Receiver, TryRecvError, channel};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::level::Level;
use crate::players::Controller;
use crate::tiles::{Action, DominoError, Game, Phase, Rules, Tile};

mod story;

/// The names at the table, place by place: the person first, partners opposite.
pub const NAMES: [&str; 4] = ["You", "Robin", "Kate", "Tom"];

/// How long a computer player waits after the last tile before it acts, so a person can see
/// each tile go down (seconds), at the normal speed.
pub const PACE: f64 = 0.9;

/// A tiles game at the table.
pub struct TilesSession {
    game: Game,
    sitters: Vec<Controller>,
    names: Vec<String>,
    /// The story, a line an event, oldest first.
    story: Vec<String>,
    /// Games won by each side this session.
    tally: Vec<u32>,
    /// The tile the person has picked up from the hand, to lay at a lit end.
    pub picked: Option<Tile>,
    rng: StdRng,
    /// A computer player's decision on its way, and the player it is for.
    thinking: Option<(usize, Receiver<Option<Action>>)>,
    /// When the last action was taken (the window's clock), for the computer's pace.
    last_action_at: f64,
    /// How long the computer waits after each action (seconds; 0 with no animation).
    pub pace: f64,
    /// The file the game was opened from or last saved to.
    pub file: Option<std::path::PathBuf>,
    /// At a shared screen, the length of the record when the person to act asked to see his
    /// tiles: they are shown until the next action.
    revealed: Option<usize>,
    /// Why the game was ended before the rules ended it (a friend at a distance who kept it
    /// waiting), if it was.
    abandoned: Option<String>,
}

impl TilesSession {
    /// A new game under `rules` with these sitters, dealt at once. `seed`: the shuffles and
    /// throws (from the system's randomness without one).
    pub fn new(
        rules: Rules,
        sitters: Vec<Controller>,
        seed: Option<u64>,
    ) -> Result<Self, DominoError> {
        let mut table = TilesSession::holding(Game::new(rules)?, sitters, seed);
        table.deal()?;
        Ok(table)
    }

    /// A table for a game already under way (as read back from a file).
    #[must_use]
    pub fn holding(game: Game, mut sitters: Vec<Controller>, seed: Option<u64>) -> Self {
        let players = usize::from(game.rules().players);
        sitters.resize(players, Controller::Computer(Level::Fair));
        // Friends at one screen are players by number; a person alone with the computer is
        // "You", and the computer's players have names.
        let people = sitters.iter().filter(|s| **s == Controller::Person).count();
        let names: Vec<String> = (0..players)
            .map(|p| match NAMES.get(p) {
                Some(name) if people < 2 || sitters[p] != Controller::Person => name.to_string(),
                _ => format!("Player {}", p + 1),
            })
            .collect();
        let rng = match seed {
            Some(s) => StdRng::seed_from_u64(s),
            None => StdRng::from_os_rng(),
        };
        let story = Self::story_of(&game, &names);
        TilesSession {
            tally: vec![0; game.rules().sides()],
            game,
            story,
            sitters,
            names,
            picked: None,
            rng,
            thinking: None,
            last_action_at: f64::NEG_INFINITY,
            pace: PACE,
            file: None,
            revealed: None,
            abandoned: None,
        }
    }

    /// The story of a game read back: its record replayed from the start, each event told.
    fn story_of(game: &Game, names: &[String]) -> Vec<String> {
        let name = |p: usize| names.get(p).cloned().unwrap_or_else(|| "a player".into());
        let mut story = Vec::new();
        let Ok(mut replayed) = Game::new(*game.rules()) else {
            return story;
        };
        for action in game.record() {
            let before = replayed.clone();
            let Ok(events) = replayed.apply(action.clone()) else {
                break;
            };
            story.extend(
                events
                    .iter()
                    .filter_map(|e| story::tell(e, &before, &replayed, &name)),
            );
        }
        story
    }

    /// Gives the players these names (friends at a distance), the story told again in them.
    pub fn rename(&mut self, names: Vec<String>) {
        if names.len() == self.names.len() {
            self.names = names;
            self.story = Self::story_of(&self.game, &self.names);
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

    /// Whether a friend at a distance sits at the table: his moves, and every deal and throw,
    /// come only over the line.
    #[must_use]
    pub fn at_a_distance(&self) -> bool {
        self.sitters.contains(&Controller::Distance)
    }

    /// Every friend at a distance made the computer at `level` (a game whose line is gone for
    /// good, played on here), under his own name. Whether anyone was.
    pub fn computer_for_distance(&mut self, level: Level) -> bool {
        crate::players::computer_for_distance(&mut self.sitters.iter_mut(), level)
    }

    #[must_use]
    pub fn name(&self, player: usize) -> &str {
        self.names.get(player).map_or("a player", String::as_str)
    }

    #[must_use]
    pub fn story(&self) -> &[String] {
        &self.story
    }

    /// Adds a line of the table's own to the story, in its place among the plays (a friend at
    /// a distance sent away, and why), as [`crate::session::Session::note`] does at tables. A
    /// story told again ([`TilesSession::rename`]) starts without it.
    pub fn note(&mut self, words: impl Into<String>) {
        self.story.push(words.into());
    }

    #[must_use]
    pub fn tally(&self) -> &[u32] {
        &self.tally
    }

    /// Sets the session's tally (as read back with a game).
    pub fn set_tally(&mut self, tally: Vec<u32>) {
        if tally.len() == self.tally.len() {
            self.tally = tally;
        }
    }

    /// The names of a side: a player, or a partnership ("You and Kate").
    #[must_use]
    pub fn side_name(&self, side: usize) -> String {
        let rules = self.game.rules();
        let members: Vec<&str> = (0..usize::from(rules.players))
            .filter(|&p| rules.side_of(p) == side)
            .map(|p| self.name(p))
            .collect();
        members.join(" and ")
    }

    /// "Robin wins the game.", "Robin and Tom win the game.", "You win the game.".
    #[must_use]
    pub fn winner_words(&self, side: usize) -> String {
        let rules = self.game.rules();
        let members: Vec<&str> = (0..usize::from(rules.players))
            .filter(|&p| rules.side_of(p) == side)
            .map(|p| self.name(p))
            .collect();
        format!(
            "{}.",
            crate::teaching::terms::does(&members, "wins the game", "win the game")
        )
    }

    /// Whether more than one person sits at the table (friends at one screen): each hand is
    /// then shown only to its owner, when he asks for it on his turn.
    #[must_use]
    pub fn shared_screen(&self) -> bool {
        self.sitters
            .iter()
            .filter(|s| **s == Controller::Person)
            .count()
            > 1
    }

    /// The player whose hand is shown face up: the person to act, else the first person at the
    /// table (the others' hands stay face down); `None` when only computers play. At a shared
    /// screen, only the person to act who has asked to see his tiles (`reveal`).
    #[must_use]
    pub fn shown_player(&self) -> Option<usize> {
        let turn = self.game.turn();
        let persons_turn = self.game.phase() == Phase::Playing
            && self.sitters.get(turn) == Some(&Controller::Person);
        if self.shared_screen() {
            return (persons_turn && self.revealed == Some(self.game.record().len()))
                .then_some(turn);
        }
        if persons_turn {
            return Some(turn);
        }
        self.sitters.iter().position(|s| *s == Controller::Person)
    }

    /// The player whose place is at the bottom of the table: at a shared screen the person to
    /// act (so each sees the table from his own place), else the first person (or player).
    #[must_use]
    pub fn bottom_player(&self) -> usize {
        if self.shared_screen() && self.person_to_act().is_some() {
            return self.game.turn();
        }
        self.sitters
            .iter()
            .position(|s| *s == Controller::Person)
            .unwrap_or(0)
    }

    /// At a shared screen, whether the person to act has still to ask to see his tiles.
    #[must_use]
    pub fn waits_to_reveal(&self) -> bool {
        self.shared_screen() && self.person_to_act().is_some() && self.shown_player().is_none()
    }

    /// Shows the person to act his tiles (until the next action).
    pub fn reveal(&mut self) {
        self.revealed = Some(self.game.record().len());
    }

    /// The person who is to act now, if it is a person's turn.
    #[must_use]
    pub fn person_to_act(&self) -> Option<usize> {
        let turn = self.game.turn();
        (self.game.phase() == Phase::Playing && self.sitters.get(turn) == Some(&Controller::Person))
            .then_some(turn)
    }

    /// Whether the hand or the game is over and waits for the person to go on.
    #[must_use]
    pub fn waits_for_next(&self) -> bool {
        matches!(self.game.phase(), Phase::ToDeal | Phase::GameOver)
    }

    /// Whether the players are to throw for the set.
    #[must_use]
    pub fn to_throw(&self) -> bool {
        self.game.phase() == Phase::ToThrow
    }

    /// Does `action` through the game's gate and tells the story of what happened; a refusal
    /// changes nothing and is returned in words.
    pub fn apply(&mut self, action: Action, now: f64) -> Result<(), DominoError> {
        let before = self.game.clone();
        let events = self.game.apply(action)?;
        for e in &events {
            if let crate::tiles::Event::GameOver { side: Some(side) } = e
                && let Some(t) = self.tally.get_mut(*side)
            {
                *t += 1;
            }
            if let Some(line) = story::tell(e, &before, &self.game, &|p| self.name(p).to_string()) {
                self.story.push(line);
            }
        }
        self.picked = None;
        self.last_action_at = now;
        Ok(())
    }

    /// Deals the next hand, from a fresh shuffle.
    pub fn deal(&mut self) -> Result<(), DominoError> {
        self.chance(f64::NEG_INFINITY)
    }

    /// Every player throws a die for the set.
    pub fn throw_for_set(&mut self, now: f64) -> Result<(), DominoError> {
        self.chance(now)
    }

    /// Chance's action due now (the deal, or the dice for the set), as the game says.
    fn chance(&mut self, now: f64) -> Result<(), DominoError> {
        match self.game.chance_action(&mut self.rng) {
            Some(action) => self.apply(action, now),
            None => Err(DominoError::NotNow(crate::tiles::waiting_words(
                self.game.phase(),
            ))),
        }
    }

    /// After a hand: deals the next; after a game: a new game of the session under the same
    /// rules, the tally kept.
    pub fn go_on(&mut self) -> Result<(), DominoError> {
        if self.game.phase() == Phase::GameOver {
            self.game = Game::new(*self.game.rules())?;
            self.story.push(String::new());
        }
        self.deal()
    }

    /// Lets the computer act when it is a computer player's turn: starts its thinking (on
    /// another thread), and once its decision is in and the pace allows, applies it. Also
    /// throws for the set when no person sits at the table. Returns whether anything changed
    /// or is still on its way (the window then looks again soon).
    pub fn drive_computer(&mut self, now: f64) -> Result<bool, DominoError> {
        if self.game.phase() == Phase::ToThrow && !self.sitters.contains(&Controller::Person) {
            self.throw_for_set(now)?;
            return Ok(true);
        }
        if self.game.phase() != Phase::Playing {
            self.thinking = None;
            return Ok(false);
        }
        let turn = self.game.turn();
        let Some(Controller::Computer(level)) = self.sitters.get(turn).copied() else {
            self.thinking = None;
            return Ok(false);
        };
        match &self.thinking {
            Some((p, _)) if *p != turn => self.thinking = None,
            _ => {}
        }
        if self.thinking.is_none() {
            let (tx, rx) = channel();
            let seen = self.game.seen_by(turn);
            let seed: u64 = self.rng.random();
            std::thread::spawn(move || {
                let _ = tx.send(crate::ai::tiles::decide(&seen, level, seed));
            });
            self.thinking = Some((turn, rx));
        }
        if now < self.last_action_at + self.pace {
            return Ok(true);
        }
        let Some((_, rx)) = &self.thinking else {
            return Ok(true);
        };
        let decided = match rx.try_recv() {
            Ok(a) => a,
            Err(TryRecvError::Empty) => return Ok(true),
            Err(TryRecvError::Disconnected) => None,
        };
        self.thinking = None;
        // A decision that is missing or refused would leave the game stuck: the first legal
        // action is taken instead, and the refusal is still reported.
        let action = decided
            .or_else(|| self.game.legal_actions().into_iter().next())
            .unwrap_or(Action::Pass);
        self.apply(action, now)?;
        Ok(true)
    }

    /// Whether the game is under way and not yet over: leaving it would lose something.
    #[must_use]
    pub fn unfinished(&self) -> bool {
        self.game.phase() != Phase::GameOver
            && self.game.record().len() > 1
            && self.abandoned.is_none()
    }

    /// Ends the game where it stands, as abandoned: `reason` says by whom and why, in words.
    /// The story tells it and a save keeps it.
    pub fn abandon(&mut self, reason: &str) {
        if self.abandoned.is_none() {
            self.story.push(format!("The game was ended: {reason}."));
            self.abandoned = Some(reason.to_string());
        }
    }

    /// Why the game was ended as abandoned, if it was.
    #[must_use]
    pub fn abandoned(&self) -> Option<&str> {
        self.abandoned.as_deref()
    }

    /// The game as a save file holds it.
    #[must_use]
    pub fn to_file(&self) -> crate::save::tiles::TilesFile {
        let file = crate::save::tiles::TilesFile {
            abandoned: self.abandoned.clone(),
            ..crate::save::tiles::TilesFile::of(&self.game, &self.sitters, &self.tally)
        };
        // The names of friends at a distance are theirs, not the table's: kept, so that the
        // game read back names them before the line is open again, or if it never is.
        if self.at_a_distance() {
            file.named(&self.names)
        } else {
            file
        }
    }

    /// Whether a computer player is thinking now.
    #[must_use]
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::Preset;

    #[test]
    fn a_note_takes_its_place_in_the_story_among_the_plays() {
        let rules = Rules::preset(Preset::Draw);
        let sitters = vec![Controller::Person, Controller::Person];
        let mut table = TilesSession::new(rules, sitters, Some(8)).unwrap();
        let before = table.story().len();
        table.note("Kate was sent away: every seat at the table is taken");
        let action = table.game().legal_actions()[0].clone();
        table.apply(action, 0.0).unwrap();
        assert_eq!(
            table.story()[before],
            "Kate was sent away: every seat at the table is taken"
        );
        assert!(
            table.story().len() > before + 1,
            "the play after it is told after it"
        );
    }

    #[test]
    fn at_a_shared_screen_each_hand_is_shown_only_when_its_owner_asks_on_his_turn() {
        // Given two friends at one screen
        let rules = Rules::preset(Preset::Draw);
        let mut table =
            TilesSession::new(rules, vec![Controller::Person, Controller::Person], Some(8))
                .unwrap();
        assert!(table.shared_screen());
        // Then on each turn no hand is shown until its owner asks, and then only his
        for _ in 0..6 {
            let turn = table.game().turn();
            assert_eq!(table.shown_player(), None);
            assert!(table.waits_to_reveal());
            table.reveal();
            assert_eq!(table.shown_player(), Some(turn));
            let action = table.game().legal_actions()[0].clone();
            table.apply(action, 0.0).unwrap();
        }
        // And against the computer the person's hand is always shown
        let alone = TilesSession::new(
            rules,
            vec![Controller::Person, Controller::Computer(Level::Fair)],
            Some(8),
        )
        .unwrap();
        assert!(!alone.shared_screen());
        assert_eq!(alone.shown_player(), Some(0));
    }

    #[test]
    fn a_game_read_back_has_its_story_told_again() {
        // Given a game played for a while at a table
        let rules = Rules::preset(Preset::Muggins);
        let sitters = vec![Controller::Person, Controller::Computer(Level::Fair)];
        let mut table = TilesSession::new(rules, sitters.clone(), Some(4)).unwrap();
        for _ in 0..12 {
            let Some(action) = table.game().legal_actions().into_iter().next() else {
                break;
            };
            table.apply(action, 0.0).unwrap();
        }
        // When the same game is seated at a new table (as a file or the autosave gives it)
        let again = TilesSession::holding(table.game().clone(), sitters, None);
        // Then the story is the one told as it was played
        assert!(table.story().len() > 5);
        assert_eq!(again.story(), table.story());
    }
}

//! A session of a tiles game, beside the tables' [`crate::session`] and like it out of the
//! window: the dominoes game, who sits at each place, the story told so far, the session's
//! tally, and the computer players' thinking. Every change goes through the game's gate
//! (`Game::apply`); the session only deals, throws for the set when asked, and tells what the
//! events say.

use std::sync::mpsc::{Receiver, TryRecvError, channel};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::abandonment::{Abandonment, TilesLoss};
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
    /// Who left the game before the rules ended it (a friend at a distance who kept it
    /// waiting, or did not come back), and why, if anyone did.
    abandoned: Option<Abandonment>,
    /// What leaving it cost: the side that left loses the game, and who wins it.
    lost: Option<TilesLoss>,
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
            lost: None,
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

    /// Ends the game where it stands, as abandoned by the side `abandonment` names, which
    /// loses it ([`crate::abandonment::at_tiles`]): the side that wins it has it counted in the
    /// tally, the story and the status line tell it, and a save keeps it (its tally before the
    /// game never counting it, so that a save read back counts it once). Once only.
    pub fn abandon(&mut self, abandonment: Abandonment) {
        if self.abandoned.is_some() {
            return;
        }
        self.lost = crate::abandonment::at_tiles(&self.game, &abandonment);
        if let Some(t) = self
            .lost
            .and_then(|l| l.winner)
            .and_then(|w| self.tally.get_mut(w))
        {
            *t = t.saturating_add(1);
        }
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

    /// What leaving the game cost, if it was left under way by one side.
    #[must_use]
    pub fn abandonment_loss(&self) -> Option<&TilesLoss> {
        self.lost.as_ref()
    }

    /// Who lost by leaving the game, with the verb: "Robin loses", "Robin and Tom lose".
    #[must_use]
    pub fn abandonment_loser(&self) -> Option<String> {
        let lost = self.lost?;
        let rules = self.game.rules();
        let members: Vec<&str> = (0..usize::from(rules.players))
            .filter(|&p| rules.side_of(p) == lost.loser)
            .map(|p| self.name(p))
            .collect();
        Some(crate::teaching::terms::does(&members, "loses", "lose"))
    }

    /// The game's end by a side that left it, in words, as the story and the status line tell
    /// it: "The game was ended: abandoned by Robin, who did not come back. Robin loses the game.
    /// You win the game."; where it cost nothing, the reason alone. None while nobody left.
    #[must_use]
    pub fn abandonment_words(&self) -> Option<String> {
        let abandoned = self.abandoned.as_ref()?;
        let said = format!("The game was ended: {}.", abandoned.reason);
        let Some(lost) = self.lost else {
            return Some(said);
        };
        let loser = self.abandonment_loser()?;
        let winner = match lost.winner {
            Some(side) => self.winner_words(side),
            None => "The others are level on points: no one wins it.".into(),
        };
        Some(format!("{said} {loser} the game. {winner}"))
    }

    /// The game as a save file holds it.
    #[must_use]
    pub fn to_file(&self) -> crate::save::tiles::TilesFile {
        // The tally before the game counts neither the game's own end nor a side's leaving
        // it: each is counted again as the file is read.
        let mut tally = self.tally.clone();
        if let Some(t) = self
            .lost
            .and_then(|l| l.winner)
            .and_then(|w| tally.get_mut(w))
        {
            *t = t.saturating_sub(1);
        }
        let file = crate::save::tiles::TilesFile {
            abandonment: self.abandoned.clone(),
            ..crate::save::tiles::TilesFile::of(&self.game, &self.sitters, &tally)
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

    /// Robin, at `place`, left the game and did not come back.
    fn left_at(place: usize) -> Abandonment {
        Abandonment {
            seats: vec![place],
            reason: "abandoned by Robin, who did not come back".into(),
            when: Some(std::time::SystemTime::UNIX_EPOCH),
            last_signed: None,
            moves: 3,
        }
    }

    #[test]
    fn a_game_left_by_one_of_two_is_won_by_the_other_and_read_back_counted_once() {
        // Given a game of Draw for two under way, You against Robin, the session at 1 to 0
        let rules = Rules::preset(Preset::Draw);
        let sitters = vec![Controller::Person, Controller::Distance];
        let mut table = TilesSession::new(rules, sitters.clone(), Some(8)).unwrap();
        table.set_tally(vec![1, 0]);
        let action = table.game().legal_actions()[0].clone();
        table.apply(action, 0.0).unwrap();
        // When Robin leaves it
        table.abandon(left_at(1));
        // Then You win the game: the tally counts it, and the story and the status say it
        assert_eq!(table.tally(), &[2, 0]);
        assert_eq!(
            table.abandonment_loss(),
            Some(&TilesLoss {
                loser: 1,
                winner: Some(0)
            })
        );
        assert_eq!(
            table.story().last().map(String::as_str),
            Some(
                "The game was ended: abandoned by Robin, who did not come back. Robin loses the \
                 game. You win the game."
            )
        );
        assert!(!table.unfinished());
        // And its save keeps the tally before the game, and the leaving beside it
        let file = table.to_file();
        assert_eq!(file.tally_before, vec![1, 0]);
        let text = file.to_ron().unwrap();
        let loaded = crate::save::tiles::from_str(&text).unwrap();
        assert_eq!(loaded.tally, vec![1, 0]);
        // So read back and left again as a file is taken up, the game is counted once
        let mut again = TilesSession::holding(loaded.game, loaded.seats, None);
        again.set_tally(loaded.tally);
        again.abandon(loaded.abandoned.unwrap());
        assert_eq!(again.tally(), &[2, 0]);
        assert_eq!(again.story().last(), table.story().last());
    }

    #[test]
    fn a_game_of_three_left_by_one_is_won_by_the_one_ahead_of_those_who_stayed() {
        // Given Muggins for three, played until a hand has scored
        let rules = Rules::preset(Preset::Muggins).with_players(3);
        let sitters = vec![Controller::Computer(Level::Fair); 3];
        let mut table = TilesSession::new(rules, sitters, Some(5)).unwrap();
        // Before anyone scores, the two who stay are level: nobody wins it
        let mut level = TilesSession::new(rules, vec![Controller::Person; 3], Some(5)).unwrap();
        level.abandon(left_at(1));
        assert_eq!(level.tally(), &[0, 0, 0]);
        assert!(
            level.story().last().is_some_and(|l| l.ends_with(
                "Player 2 loses the game. The others are level on \
                                              points: no one wins it."
            )),
            "{:?}",
            level.story().last()
        );
        for _ in 0..500 {
            let scores = table.game().scores();
            if scores[0] != scores[2] {
                break;
            }
            match table.game().legal_actions().into_iter().next() {
                Some(action) => table.apply(action, 0.0).unwrap(),
                None => table.go_on().unwrap(),
            }
        }
        let scores = table.game().scores().to_vec();
        assert_ne!(scores[0], scores[2], "a hand scored");
        assert_ne!(table.game().phase(), Phase::GameOver);
        // When the second player leaves
        table.abandon(left_at(1));
        // Then the one ahead of the two who stayed wins the game
        let ahead = if scores[0] > scores[2] { 0 } else { 2 };
        let mut tally = vec![0, 0, 0];
        tally[ahead] = 1;
        assert_eq!(table.tally(), tally.as_slice());
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

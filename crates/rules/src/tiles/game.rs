//! A game of tiles, hand after hand: the one gate through which it changes
//! ([`Game::apply`]), and the answers the window and the computer ask of it.

use super::action::{Action, Event};
use super::error::DominoError;
use super::line::{End, Line};
use super::phase::{Phase, waiting_words};
use super::rules::{FirstSet, Kind, MugginsScore, Rules, Target};
use super::seen::{Lacks, Seen, open_ends};
use super::tile::Tile;

/// A game of tiles under one set of rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    /// Points by side (each player, or each partnership).
    scores: Vec<u32>,
    /// Hands dealt so far.
    hands_dealt: u32,
    setter: usize,
    hands: Vec<Vec<Tile>>,
    /// Face down, the next tile drawn last.
    boneyard: Vec<Tile>,
    line: Line,
    turn: usize,
    /// The tile the setter must set (`first = highest_double`).
    must_set: Option<Tile>,
    /// Knocks since the last tile laid or drawn.
    knocks: usize,
    /// What each player has shown he lacks this hand.
    lacks: Vec<Lacks>,
    phase: Phase,
    /// The side that won the game; `Some(None)` for a drawn single hand.
    winner: Option<Option<usize>>,
    record: Vec<Action>,
}

impl Game {
    /// A new game, waiting for the first deal.
    pub fn new(rules: Rules) -> Result<Game, DominoError> {
        rules.check()?;
        Ok(Game {
            rules,
            scores: vec![0; rules.sides()],
            hands_dealt: 0,
            setter: 0,
            hands: vec![Vec::new(); usize::from(rules.players)],
            boneyard: Vec::new(),
            line: Line::default(),
            turn: 0,
            must_set: None,
            knocks: 0,
            lacks: vec![Lacks::default(); usize::from(rules.players)],
            phase: Phase::ToDeal,
            winner: None,
            record: Vec::new(),
        })
    }

    /// The game these actions make from the start, or the first refusal and where it came.
    pub fn replay(rules: Rules, actions: &[Action]) -> Result<Game, (usize, DominoError)> {
        let mut game = Game::new(rules).map_err(|e| (0, e))?;
        for (i, a) in actions.iter().enumerate() {
            game.apply(a.clone()).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// Does `action`, or refuses it and changes nothing.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, DominoError> {
        let mut events = Vec::new();
        match (&action, self.phase) {
            (Action::Deal(deck), Phase::ToDeal) => self.deal(deck.tiles(), &mut events),
            (Action::Throw(faces), Phase::ToThrow) => self.throw(faces, &mut events)?,
            (Action::Lay { tile, end }, Phase::Playing) => self.lay(*tile, *end, &mut events)?,
            (Action::Draw, Phase::Playing) => self.draw(&mut events)?,
            (Action::Pass, Phase::Playing) => self.knock(&mut events)?,
            (_, phase) => return Err(DominoError::NotNow(waiting_words(phase))),
        }
        self.record.push(action);
        Ok(events)
    }

    fn deal(&mut self, deck: &[Tile], events: &mut Vec<Event>) {
        let players = usize::from(self.rules.players);
        let size = usize::from(self.rules.hand_size);
        for (p, hand) in self.hands.iter_mut().enumerate() {
            *hand = deck[p * size..(p + 1) * size].to_vec();
        }
        self.boneyard = deck[players * size..].iter().rev().copied().collect();
        self.line = Line::default();
        self.knocks = 0;
        self.must_set = None;
        self.lacks = vec![Lacks::default(); players];
        self.hands_dealt += 1;
        events.push(Event::Dealt {
            hand: self.hands_dealt,
            boneyard: self.boneyard.len(),
        });
        match self.rules.first {
            FirstSet::Die => {
                self.phase = Phase::ToThrow;
                return;
            }
            FirstSet::Turns => {
                self.setter = if self.hands_dealt == 1 {
                    0
                } else {
                    (self.setter + 1) % players
                };
            }
            FirstSet::HighestDouble => {
                let best = |t: &Tile| (t.is_double(), t.pips(), t.high());
                let holder = self
                    .hands
                    .iter()
                    .enumerate()
                    .flat_map(|(p, h)| h.iter().map(move |t| (p, *t)))
                    .max_by_key(|(_, t)| best(t));
                if let Some((player, tile)) = holder {
                    self.setter = player;
                    self.must_set = Some(tile);
                }
            }
        }
        self.start_play(events);
    }

    fn start_play(&mut self, events: &mut Vec<Event>) {
        self.turn = self.setter;
        self.phase = Phase::Playing;
        events.push(Event::ToSet {
            player: self.setter,
            tile: self.must_set,
        });
    }

    fn throw(&mut self, faces: &[u8], events: &mut Vec<Event>) -> Result<(), DominoError> {
        let players = usize::from(self.rules.players);
        if faces.len() != players || faces.iter().any(|f| !(1..=6).contains(f)) {
            return Err(DominoError::BadThrow(players));
        }
        let high = faces.iter().copied().max().unwrap_or(0);
        let highest: Vec<usize> = (0..players).filter(|&p| faces[p] == high).collect();
        let setter = (highest.len() == 1).then(|| highest[0]);
        events.push(Event::Threw {
            faces: faces.to_vec(),
            setter,
        });
        if let Some(p) = setter {
            self.setter = p;
            self.start_play(events);
        }
        Ok(())
    }

    fn lay(&mut self, tile: Tile, end: End, events: &mut Vec<Event>) -> Result<(), DominoError> {
        let player = self.turn;
        let at = self.hands[player]
            .iter()
            .position(|t| *t == tile)
            .ok_or_else(|| DominoError::NotInHand(tile.to_string()))?;
        if let Some(set) = self.must_set.filter(|s| *s != tile && self.line.is_empty()) {
            return Err(DominoError::MustSet(set.to_string()));
        }
        self.line.lay(tile, end)?;
        self.hands[player].remove(at);
        self.must_set = None;
        self.knocks = 0;
        self.lacks[player].laid();
        events.push(Event::Laid { player, tile, end });
        let count = self.line.end_count();
        if self.rules.kind == Kind::Muggins && count > 0 && count.is_multiple_of(5) {
            let points = match self.rules.muggins {
                MugginsScore::PerFive => count / 5,
                MugginsScore::Pips => count,
            };
            self.scores[self.rules.side_of(player)] += points;
            events.push(Event::Scored {
                player,
                count,
                points,
            });
            if self.reached_target(events) {
                return Ok(());
            }
        }
        if self.hands[player].is_empty() {
            events.push(Event::Domino { player });
            self.win_hand(player, events);
            return Ok(());
        }
        self.turn = (player + 1) % self.hands.len();
        Ok(())
    }

    fn draw(&mut self, events: &mut Vec<Event>) -> Result<(), DominoError> {
        if self.rules.kind == Kind::Block {
            return Err(DominoError::NotNow(
                "in Block a player who cannot play knocks",
            ));
        }
        if self.can_play(self.turn) {
            return Err(DominoError::CanPlay);
        }
        if self.boneyard.len() <= self.rules.reserve() {
            return Err(DominoError::BoneyardExhausted);
        }
        if let Some(tile) = self.boneyard.pop() {
            self.hands[self.turn].push(tile);
        }
        self.lacks[self.turn].drew(open_ends(&self.line));
        self.knocks = 0;
        events.push(Event::Drew { player: self.turn });
        Ok(())
    }

    fn knock(&mut self, events: &mut Vec<Event>) -> Result<(), DominoError> {
        if self.can_play(self.turn) {
            return Err(DominoError::CanPlay);
        }
        if self.may_draw() {
            return Err(DominoError::MustDraw);
        }
        events.push(Event::Knocked { player: self.turn });
        self.lacks[self.turn].knocked(open_ends(&self.line));
        self.knocks += 1;
        if self.knocks < self.hands.len() {
            self.turn = (self.turn + 1) % self.hands.len();
            return Ok(());
        }
        let pips: Vec<u32> = self.hands.iter().map(|h| pip_count(h)).collect();
        events.push(Event::Blocked { pips: pips.clone() });
        let low = pips.iter().copied().min().unwrap_or(0);
        let lowest: Vec<usize> = (0..pips.len()).filter(|&p| pips[p] == low).collect();
        let side = self.rules.side_of(lowest[0]);
        if lowest.iter().all(|&p| self.rules.side_of(p) == side) {
            self.win_hand(lowest[0], events);
        } else {
            events.push(Event::HandDrawn);
            self.end_hand(None, events);
        }
        Ok(())
    }

    /// `player` won the hand: his side scores the pips left in the other sides' hands.
    fn win_hand(&mut self, player: usize, events: &mut Vec<Event>) {
        let side = self.rules.side_of(player);
        let pips: u32 = (0..self.hands.len())
            .filter(|&p| self.rules.side_of(p) != side)
            .map(|p| pip_count(&self.hands[p]))
            .sum();
        let points = self.points_for_pips(pips);
        self.scores[side] += points;
        events.push(Event::HandWon {
            player,
            side,
            points,
        });
        if !self.reached_target(events) {
            self.end_hand(Some(side), events);
        }
    }

    /// The points the pips left in hands are worth: the pips, or in Muggins scored by fives one
    /// for each five, to the nearest five.
    #[must_use]
    pub fn points_for_pips(&self, pips: u32) -> u32 {
        match (self.rules.kind, self.rules.muggins) {
            (Kind::Muggins, MugginsScore::PerFive) => (pips + 2) / 5,
            _ => pips,
        }
    }

    /// Ends the game if a side has reached the target.
    fn reached_target(&mut self, events: &mut Vec<Event>) -> bool {
        let Target::Points(target) = self.rules.target else {
            return false;
        };
        let Some(side) = (0..self.scores.len()).find(|&s| self.scores[s] >= target) else {
            return false;
        };
        self.finish(Some(side), events);
        true
    }

    fn end_hand(&mut self, side: Option<usize>, events: &mut Vec<Event>) {
        if self.rules.target == Target::SingleHand {
            self.finish(side, events);
        } else {
            self.phase = Phase::ToDeal;
        }
    }

    fn finish(&mut self, side: Option<usize>, events: &mut Vec<Event>) {
        self.phase = Phase::GameOver;
        self.winner = Some(side);
        events.push(Event::GameOver { side });
    }

    // ---- answers ----

    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The player to act while a hand is played.
    #[must_use]
    pub fn turn(&self) -> usize {
        self.turn
    }

    /// The player who must act now: the player to lay, draw or knock; none while the table
    /// deals or throws, or once the game is over.
    #[must_use]
    pub fn actor(&self) -> Option<usize> {
        (self.phase == Phase::Playing).then_some(self.turn)
    }

    #[must_use]
    pub fn scores(&self) -> &[u32] {
        &self.scores
    }

    /// The side that won; `Some(None)` when a single hand was drawn; `None` while playing.
    #[must_use]
    pub fn winner(&self) -> Option<Option<usize>> {
        self.winner
    }

    #[must_use]
    pub fn hands_dealt(&self) -> u32 {
        self.hands_dealt
    }

    /// A player's tiles. Only his own view, or the end of a hand, should show them.
    #[must_use]
    pub fn hand(&self, player: usize) -> &[Tile] {
        self.hands.get(player).map_or(&[], Vec::as_slice)
    }

    /// How many tiles each player holds (what every player sees of the others).
    #[must_use]
    pub fn hand_sizes(&self) -> Vec<usize> {
        self.hands.iter().map(Vec::len).collect()
    }

    /// The tiles face down in the boneyard.
    #[must_use]
    pub fn boneyard_len(&self) -> usize {
        self.boneyard.len()
    }

    #[must_use]
    pub fn line(&self) -> &Line {
        &self.line
    }

    /// The tile the setter must set, before the set.
    #[must_use]
    pub fn must_set(&self) -> Option<Tile> {
        self.must_set.filter(|_| self.line.is_empty())
    }

    #[must_use]
    pub fn record(&self) -> &[Action] {
        &self.record
    }

    /// What `player` can see and know now (none of the tiles hidden from him).
    #[must_use]
    pub fn seen_by(&self, player: usize) -> Seen {
        Seen {
            rules: self.rules,
            player,
            hand: self.hand(player).to_vec(),
            line: self.line.clone(),
            hand_sizes: self.hand_sizes(),
            boneyard: self.boneyard.len(),
            lacks: self.lacks.clone(),
            scores: self.scores.clone(),
            phase: self.phase,
            turn: self.turn,
            must_set: self.must_set,
            knocks: self.knocks,
            hands_dealt: self.hands_dealt,
            setter: self.setter,
        }
    }

    /// The game a player's view would be if the tiles hidden from him lay as `hidden` says: the
    /// others' hands in turn, as many each as they hold, then the boneyard, the next tile drawn
    /// first. The computer plays its guesses at the hidden tiles on such games (their record
    /// is empty). Refused unless `hidden` is exactly the tiles the player has not seen.
    pub fn from_seen(seen: &Seen, hidden: &[Tile]) -> Result<Game, DominoError> {
        let mut unseen = seen.unseen();
        let mut given = hidden.to_vec();
        unseen.sort_unstable();
        given.sort_unstable();
        if unseen != given {
            return Err(DominoError::BadDeck(
                "the hidden tiles are not the tiles unseen".to_string(),
            ));
        }
        let mut rest = hidden.iter().copied();
        let hands = seen
            .hand_sizes
            .iter()
            .enumerate()
            .map(|(p, &n)| {
                if p == seen.player {
                    seen.hand.clone()
                } else {
                    rest.by_ref().take(n).collect()
                }
            })
            .collect();
        Ok(Game {
            rules: seen.rules,
            scores: seen.scores.clone(),
            hands_dealt: seen.hands_dealt,
            setter: seen.setter,
            hands,
            boneyard: rest.rev().collect(),
            line: seen.line.clone(),
            turn: seen.turn,
            must_set: seen.must_set,
            knocks: seen.knocks,
            lacks: seen.lacks.clone(),
            phase: seen.phase,
            winner: None,
            record: Vec::new(),
        })
    }

    /// Whether `player` has a tile that may be laid now.
    #[must_use]
    pub fn can_play(&self, player: usize) -> bool {
        self.hand(player)
            .iter()
            .any(|&t| !self.ends_for(t).is_empty())
    }

    /// The ends `tile` may be laid at now by the player to act (none if it may not be laid).
    #[must_use]
    pub fn ends_for(&self, tile: Tile) -> Vec<End> {
        if self.must_set().is_some_and(|s| s != tile) {
            return Vec::new();
        }
        self.line.fits(tile)
    }

    /// Whether the player to act may draw (a game that draws, and tiles above the reserve).
    #[must_use]
    pub fn may_draw(&self) -> bool {
        self.rules.kind != Kind::Block && self.boneyard.len() > self.rules.reserve()
    }

    /// Chance's action due now, drawn from `rng`: the shuffle and deal before a hand, or every
    /// player's die for the set; `None` when a player is to act or the game is over. The one
    /// statement of what chance does at the tiles, for the table at one screen and the table
    /// across the network (where `rng` is seeded from every player's share).
    pub fn chance_action(&self, rng: &mut impl rand::Rng) -> Option<Action> {
        match self.phase {
            Phase::ToDeal => Some(Action::Deal(super::deck::Deck::shuffled(rng.random()))),
            Phase::ToThrow => Some(Action::Throw(
                (0..self.rules.players)
                    .map(|_| rng.random_range(1..=6))
                    .collect(),
            )),
            Phase::Playing | Phase::GameOver => None,
        }
    }

    /// Every action the player to act may take now, each once.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.phase != Phase::Playing {
            return Vec::new();
        }
        let mut out: Vec<Action> = Vec::new();
        for &tile in self.hand(self.turn) {
            for end in self.ends_for(tile) {
                let action = Action::Lay { tile, end };
                if !out.contains(&action) {
                    out.push(action);
                }
            }
        }
        if out.is_empty() {
            out.push(if self.may_draw() {
                Action::Draw
            } else {
                Action::Pass
            });
        }
        out
    }
}

/// The pips in a hand.
#[must_use]
pub fn pip_count(hand: &[Tile]) -> u32 {
    hand.iter().map(|t| t.pips()).sum()
}

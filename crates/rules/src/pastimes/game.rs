//! A game of one of the pastimes: the one gate through which it changes ([`Game::apply`]), and
//! the answers the window and the computer ask of it.

use serde::{Deserialize, Serialize};

mod answers;
mod doublets;
mod ketch_dolt;
mod sice_ace;

use super::action::{Action, Event, Seat};
use super::error::PastimeError;
use super::phase::{Phase, waiting_words};
use super::rules::{DoubletsCount, Kind, Rules};

/// One player's men. Points are counted ace (index 0) to sice (index 5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Men {
    /// Ketch-Dolt: the men in his heap without the tables. Sice-Ace: the men he holds.
    pub heap: u8,
    /// Doublets: the men standing (piled) on each of his points, not yet laid down.
    pub standing: [u8; 6],
    /// Doublets: the men laid down on each point. Ketch-Dolt: his men on each of his points.
    pub laid: [u8; 6],
    /// The men borne off.
    pub borne: u8,
}

impl Men {
    /// His men still in play: in the heap, standing or laid.
    #[must_use]
    pub fn in_play(&self) -> u32 {
        u32::from(self.heap)
            + self.standing.iter().map(|&n| u32::from(n)).sum::<u32>()
            + self.laid.iter().map(|&n| u32::from(n)).sum::<u32>()
    }

    /// Every man of his: in play and borne.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.in_play() + u32::from(self.borne)
    }

    /// Doublets: whether he is still laying down (a man of his stands).
    #[must_use]
    pub fn laying(&self) -> bool {
        self.standing.iter().any(|&n| n > 0)
    }

    fn on(&self, point: u8) -> u8 {
        self.laid[usize::from(point - 1)]
    }
}

/// How a game ended: who won and who lost. At Doublets and Ketch-Dolt one of each; at
/// Sice-Ace the losers, and the rest who "go free" (or the first out, who wins).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    pub winners: Vec<Seat>,
    pub losers: Vec<Seat>,
}

/// A game of Doublets, Ketch-Dolt or Sice-Ace under one set of rules.
///
/// Written as its rules and its record, and read back by replaying the record through the
/// gate: a file cannot make a game the rules could not have made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Written", try_from = "Written")]
pub struct Game {
    rules: Rules,
    men: Vec<Men>,
    phase: Phase,
    turn: Seat,
    /// Ketch-Dolt: the numbers of the throw not yet used.
    uses: Vec<u8>,
    /// Sice-Ace (`load_to = chosen`): aces of the throw not yet loaded.
    loads: u8,
    /// The last throw, as thrown.
    dice: Vec<u8>,
    /// Sice-Ace: the seats out, in the order they went out.
    out: Vec<Seat>,
    /// Ketch-Dolt (`dolt_claimed = by_adversary`): the player dolted in the turn just played
    /// and the point, until his adversary claims it or throws.
    dolt: Option<(Seat, u8)>,
    result: Option<Outcome>,
    record: Vec<Action>,
}

/// A game as it is written: its rules and its record.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Written {
    rules: Rules,
    record: Vec<Action>,
}

impl From<Game> for Written {
    fn from(game: Game) -> Written {
        Written {
            rules: game.rules,
            record: game.record,
        }
    }
}

impl TryFrom<Written> for Game {
    type Error = PastimeError;

    fn try_from(written: Written) -> Result<Game, PastimeError> {
        Game::replay(written.rules, &written.record).map_err(|(_, e)| e)
    }
}

impl Game {
    /// A new game, waiting for the throw-off.
    pub fn new(rules: Rules) -> Result<Game, PastimeError> {
        rules.check()?;
        let start = match rules.kind {
            // Cotton: "upon sice, Cinque and Quater there are three men apiece, upon Trey,
            // Deuce, Ace, but two apiece".
            Kind::Doublets => Men {
                standing: [2, 2, 2, 3, 3, 3],
                ..Men::default()
            },
            Kind::KetchDolt | Kind::SiceAce => Men {
                heap: rules.men_each(),
                ..Men::default()
            },
        };
        Ok(Game {
            rules,
            men: vec![start; usize::from(rules.seats)],
            phase: Phase::ThrowOff,
            turn: Seat(0),
            uses: Vec::new(),
            loads: 0,
            dice: Vec::new(),
            out: Vec::new(),
            dolt: None,
            result: None,
            record: Vec::new(),
        })
    }

    /// The game these actions make from the start, or the first refusal and where it came.
    pub fn replay(rules: Rules, actions: &[Action]) -> Result<Game, (usize, PastimeError)> {
        let mut game = Game::new(rules).map_err(|e| (0, e))?;
        for (i, a) in actions.iter().enumerate() {
            game.apply(a.clone()).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// Does `action`, or refuses it and changes nothing. Every check comes before the first
    /// change.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, PastimeError> {
        let mut events = Vec::new();
        match (&action, self.phase) {
            (Action::Throw { dice }, Phase::ThrowOff) => {
                self.check_dice(dice, usize::from(self.rules.seats))?;
                self.throw_off(dice, &mut events);
            }
            (Action::Throw { dice }, Phase::ToThrow) => {
                self.check_dice(dice, 2)?;
                // A dolt not claimed before the throw is forgiven.
                self.dolt = None;
                self.throw(dice[0], dice[1], &mut events);
            }
            (Action::Claim, Phase::ToThrow) => {
                let Some((dolted, point)) = self.claimable() else {
                    return Err(PastimeError::NotAllowed(
                        "there is no dolt to claim: the adversary drew where he had to",
                    ));
                };
                self.dolt = None;
                events.push(Event::Dolted {
                    seat: dolted,
                    point,
                });
                self.finish(vec![self.turn], vec![dolted], &mut events);
            }
            (Action::Throw { .. }, Phase::ToPlay) => {
                return Err(PastimeError::NotNow(waiting_words(Phase::ToPlay)));
            }
            (_, Phase::ToPlay) => {
                if let Some(why) = self.refusal(&action) {
                    return Err(PastimeError::NotAllowed(why));
                }
                self.play(&action, &mut events);
            }
            (_, phase) => return Err(PastimeError::NotNow(waiting_words(phase))),
        }
        self.record.push(action);
        Ok(events)
    }

    fn check_dice(&self, dice: &[u8], count: usize) -> Result<(), PastimeError> {
        if dice.len() != count || dice.iter().any(|d| !(1..=6).contains(d)) {
            return Err(PastimeError::BadThrow(count));
        }
        Ok(())
    }

    // ---- the throws ----

    /// Holme's first law: the highest single die throws first; a tie for highest throws again.
    fn throw_off(&mut self, dice: &[u8], events: &mut Vec<Event>) {
        let high = dice.iter().copied().max().unwrap_or(0);
        let highest: Vec<usize> = (0..dice.len()).filter(|&s| dice[s] == high).collect();
        let first = (highest.len() == 1).then(|| seat(highest[0]));
        events.push(Event::ThrewOff {
            dice: dice.to_vec(),
            first,
        });
        if let Some(first) = first {
            self.turn = first;
            self.phase = Phase::ToThrow;
        }
    }

    /// The numbers a throw gives, one a man: two, or for a doublet as `doublets` says (at
    /// Sice-Ace a doublet's two dice count as they are: two aces load two).
    fn uses_of(&self, a: u8, b: u8) -> Vec<u8> {
        if a != b || self.rules.kind == Kind::SiceAce {
            return vec![a, b];
        }
        match self.rules.doublets {
            DoubletsCount::Two => vec![a; 2],
            DoubletsCount::Four => vec![a; 4],
            DoubletsCount::Pips => vec![a; usize::from(2 * a)],
        }
    }

    fn throw(&mut self, a: u8, b: u8, events: &mut Vec<Event>) {
        self.dice = vec![a, b];
        let uses = self.uses_of(a, b);
        events.push(Event::Threw {
            seat: self.turn,
            dice: vec![a, b],
            uses: uses.clone(),
        });
        match self.rules.kind {
            Kind::Doublets => self.doublets_throw(a, b, uses, events),
            Kind::KetchDolt => {
                self.uses = uses;
                self.phase = Phase::ToPlay;
                self.settle(events);
            }
            Kind::SiceAce => self.sice_ace_throw(a, b, events),
        }
    }

    fn other(&self) -> Seat {
        Seat(1 - self.turn.0)
    }

    fn pass_turn(&mut self, to: Seat, events: &mut Vec<Event>) {
        self.turn = to;
        self.uses.clear();
        self.loads = 0;
        self.phase = Phase::ToThrow;
        events.push(Event::Turn { seat: to });
    }

    fn finish(&mut self, winners: Vec<Seat>, losers: Vec<Seat>, events: &mut Vec<Event>) {
        self.phase = Phase::GameOver;
        self.uses.clear();
        self.loads = 0;
        events.push(Event::GameOver {
            winners: winners.clone(),
            losers: losers.clone(),
        });
        self.result = Some(Outcome { winners, losers });
    }
}

fn seat(index: usize) -> Seat {
    Seat(u8::try_from(index).unwrap_or(u8::MAX))
}

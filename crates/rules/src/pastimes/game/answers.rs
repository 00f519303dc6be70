//! What the window and the computer ask of a pastime: whose turn, the men, the result, and
//! every action the player to act may take.

use super::{Game, Men, Outcome, seat};
use crate::pastimes::action::{Action, Seat};
use crate::pastimes::phase::Phase;
use crate::pastimes::rules::{Kind, Rules};

impl Game {
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is (to throw, or to use his throw).
    #[must_use]
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// The seat who may choose now: the thrower using his dice, or the player to throw who may
    /// claim his adversary's dolt first; none while only chance acts or once the game is over.
    #[must_use]
    pub fn actor(&self) -> Option<Seat> {
        (self.phase == Phase::ToPlay || self.claimable().is_some()).then_some(self.turn)
    }

    /// The seat to throw now; none at the throw-off (everyone throws), while a throw is used,
    /// or once the game is over.
    #[must_use]
    pub fn thrower(&self) -> Option<Seat> {
        (self.phase == Phase::ToThrow).then_some(self.turn)
    }

    /// How many seats the table has.
    #[must_use]
    pub fn seats(&self) -> usize {
        self.men.len()
    }

    /// A seat's men; none for a seat not at the table.
    #[must_use]
    pub fn men(&self, seat: Seat) -> Option<&Men> {
        self.men.get(seat.index())
    }

    /// Every man at the table, in play and borne: 30 at Doublets and Ketch-Dolt, six (or `men`)
    /// a seat at Sice-Ace, through the whole game.
    #[must_use]
    pub fn total_men(&self) -> u32 {
        self.men.iter().map(Men::total).sum()
    }

    /// Ketch-Dolt: the numbers of the throw not yet used.
    #[must_use]
    pub fn uses_left(&self) -> &[u8] {
        &self.uses
    }

    /// Sice-Ace (`load_to = chosen`): the aces of the throw not yet loaded.
    #[must_use]
    pub fn loads_left(&self) -> u8 {
        self.loads
    }

    /// The last throw, as thrown (empty before the first).
    #[must_use]
    pub fn last_throw(&self) -> &[u8] {
        &self.dice
    }

    /// Sice-Ace: whether a seat still has men (is still in).
    #[must_use]
    pub fn is_in(&self, seat: Seat) -> bool {
        self.men.get(seat.index()).is_some_and(|m| m.in_play() > 0)
    }

    /// Sice-Ace: the seats out, in the order they went out.
    #[must_use]
    pub fn out_order(&self) -> &[Seat] {
        &self.out
    }

    /// Who won and who lost, once the game is over.
    #[must_use]
    pub fn result(&self) -> Option<&Outcome> {
        self.result.as_ref()
    }

    #[must_use]
    pub fn record(&self) -> &[Action] {
        &self.record
    }

    /// Every action the seat to act may take now, each once (none while only chance acts: see
    /// [`Game::chance_action`]; before a throw, the claim of a dolt when there is one to claim,
    /// and the throw may come instead). Dolting actions are among them: taking from the heap
    /// where a draw is owed is legal, and loses.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.claimable().is_some() {
            return vec![Action::Claim];
        }
        if self.phase != Phase::ToPlay {
            return Vec::new();
        }
        let candidates: Vec<Action> = match self.rules.kind {
            Kind::KetchDolt => {
                let mut points = self.uses.clone();
                points.sort_unstable();
                points.dedup();
                points
                    .into_iter()
                    .flat_map(|point| {
                        [
                            Action::Draw { point },
                            Action::Lay { point },
                            Action::Bear { point },
                        ]
                    })
                    .collect()
            }
            Kind::SiceAce => (0..self.men.len())
                .map(|s| Action::Load { seat: seat(s) })
                .collect(),
            Kind::Doublets => Vec::new(),
        };
        candidates
            .into_iter()
            .filter(|a| self.refusal(a).is_none())
            .collect()
    }

    /// Chance's action due now, drawn from `rng`: the throw-off (one die a seat) or the thrower's
    /// two dice; `None` when a player is to choose or the game is over.
    pub fn chance_action(&self, rng: &mut impl rand::Rng) -> Option<Action> {
        let count = match self.phase {
            Phase::ThrowOff => self.men.len(),
            Phase::ToThrow => 2,
            Phase::ToPlay | Phase::GameOver => return None,
        };
        Some(Action::Throw {
            dice: (0..count).map(|_| rng.random_range(1..=6)).collect(),
        })
    }
}

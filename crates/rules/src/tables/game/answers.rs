//! What a game answers about itself, for the window, the command line and the computer: the
//! steps and plays open now, where a man may go, which dice are spent, who must act and what
//! the game waits for, the choices and the dice due. Questions only: nothing here changes a game.

use super::Game;
use crate::tables::action::Action;
use crate::tables::dice::{DiceRoller, Throw};
use crate::tables::endings;
use crate::tables::movegen::{self, MoveRules};
use crate::tables::phase::{Phase, Waiting};
use crate::tables::play::{Play, Step};
use crate::tables::refusal::{self, DieRefusal};
use crate::tables::rules::Compulsion;
use crate::tables::side::Side;
use crate::tables::stepwise;

impl Game {
    pub(super) fn move_rules(&self) -> MoveRules {
        MoveRules::from(&self.rules)
    }

    /// The steps the side to move may play now (empty outside [`Phase::Playing`]).
    #[must_use]
    pub fn allowed_steps(&self) -> Vec<Step> {
        if self.phase != Phase::Playing {
            return Vec::new();
        }
        stepwise::allowed_steps(
            &self.position_for(self.turn),
            self.moves,
            self.used,
            self.best,
            self.move_rules(),
        )
    }

    /// The legal plays of the rest of this throw, from where the men stand now: each a
    /// distinct resulting position (seen from the side to move) and one way to reach it.
    #[must_use]
    pub fn legal_plays(&self) -> Vec<Play> {
        if self.phase != Phase::Playing {
            return Vec::new();
        }
        movegen::legal_plays(&self.position_for(self.turn), self.moves, self.move_rules())
    }

    /// The dice left in this throw that no step can play now, each face once, with why: the
    /// window tells the player which die is lost and for what reason.
    #[must_use]
    pub fn unplayable_dice(&self) -> Vec<(u8, DieRefusal)> {
        if self.phase != Phase::Playing {
            return Vec::new();
        }
        let allowed = self.allowed_steps();
        let pos = self.position_for(self.turn);
        let mut faces = self.moves.faces().to_vec();
        faces.dedup();
        faces
            .into_iter()
            .filter(|&f| !allowed.iter().any(|s| s.die() == f))
            .map(|f| (f, refusal::why_die_unplayable(&pos, f, self.move_rules())))
            .collect()
    }

    /// Whether the mover has borne off his last man in this throw: nothing is left to play,
    /// whatever dice remain, and lifting the dice ends the game.
    #[must_use]
    pub fn last_man_off(&self) -> bool {
        self.phase == Phase::Playing && self.position_for(self.turn).borne_off_all()
    }

    /// Whether the play so far may be confirmed.
    #[must_use]
    pub fn may_confirm(&self) -> bool {
        self.phase == Phase::Playing
            && (self.rules.compulsion == Compulsion::Free || self.used == self.best)
    }

    /// The side that must act now: the side to move, the chooser at a break, the taker when a
    /// double is offered; `None` while both throw together (the throw-offs) and once the game
    /// is over.
    #[must_use]
    pub fn actor(&self) -> Option<Side> {
        self.phase.actor(self.turn)
    }

    /// Whether the game waits for dice to be thrown.
    #[must_use]
    pub fn waits_for_dice(&self) -> bool {
        self.phase.waits_for_dice()
    }

    /// What the game waits for, in plain words.
    #[must_use]
    pub fn waiting(&self) -> Waiting {
        self.phase
            .waiting(self.turn, self.throw, self.rules.match_to)
    }

    /// Where the man on `from` (in the mover's numbering, 25 the bar) may go with what is left
    /// of this throw: each place once (0 is off the board), with the steps that take him there
    /// (one die, or several played at length, every one of them allowed in turn), fewest steps
    /// first. Empty outside [`Phase::Playing`].
    #[must_use]
    pub fn destinations(&self, from: u8) -> Vec<(u8, Vec<Step>)> {
        if self.phase != Phase::Playing {
            return Vec::new();
        }
        stepwise::destinations(
            &self.position_for(self.turn),
            self.moves,
            self.used,
            self.best,
            self.move_rules(),
            from,
        )
    }

    /// For each die of the throw being played, in the throw's order, whether it is spent.
    /// Doublets may give more moves than there are dice: each die then stands for its share of
    /// the moves, and the last dice are spent first. Empty when no throw is being played.
    #[must_use]
    pub fn spent_dice(&self) -> Vec<bool> {
        let Some(throw) = self.throw else {
            return Vec::new();
        };
        let faces = throw.faces();
        let n = faces.len();
        let moves = throw.moves(self.rules.dice, self.rules.doublets).len();
        let remaining = self.moves.len();
        let mut left = self.moves.faces().to_vec();
        faces
            .iter()
            .enumerate()
            .map(|(i, &f)| {
                if throw.is_doublets() {
                    remaining * n <= (n - 1 - i) * moves
                } else {
                    match left.iter().position(|&x| x == f) {
                        Some(k) => {
                            left.remove(k);
                            false
                        }
                        None => true,
                    }
                }
            })
            .collect()
    }

    /// The actions possible now that need no dice (for a player or a random tester). An offer
    /// to resign is always possible for [`Game::may_resign`]'s side and is not listed; the
    /// answer to one is.
    #[must_use]
    pub fn choices(&self) -> Vec<Action> {
        let mut out = Vec::new();
        match self.phase {
            Phase::ToThrow => {
                out.extend(self.open_claims(self.turn).into_iter().map(Action::Claim));
                if self.rules.raises_stake()
                    && !self.is_crawford_game()
                    && self.cube.may_double(self.turn)
                {
                    out.push(Action::Double);
                }
            }
            Phase::DoubleOffered => out.extend([Action::Take, Action::Drop]),
            Phase::ResignOffered { .. } => {
                out.extend([Action::AcceptResignation, Action::DeclineResignation]);
            }
            Phase::ChooseThrow => out.extend([Action::ChooseThrow(0), Action::ChooseThrow(1)]),
            Phase::ChooseBreak { binder, .. } => {
                out.extend(endings::breakable_points(&self.position_for(binder)).map(Action::Break))
            }
            Phase::Playing => {
                out.extend(self.open_claims(self.turn).into_iter().map(Action::Claim));
                out.extend(self.allowed_steps().into_iter().map(Action::Step));
                if !self.played.is_empty() && !self.rules.touch_and_take {
                    out.push(Action::Undo);
                }
                if self.may_confirm() {
                    out.push(Action::Confirm);
                }
            }
            _ => {}
        }
        out
    }

    /// The dice action due now, thrown with `dice`, if the game waits for dice.
    pub fn throw_action(&self, dice: &mut dyn DiceRoller) -> Option<Action> {
        match self.phase {
            Phase::ThrowOff => Some(Action::ThrowOff {
                white: dice.die(),
                black: dice.die(),
            }),
            Phase::BreakThrowOff { .. } => Some(Action::BreakThrowOff {
                white: [dice.die(), dice.die()],
                black: [dice.die(), dice.die()],
            }),
            Phase::ToThrow | Phase::SecondThrow => {
                let faces: Vec<u8> = (0..self.rules.dice_count()).map(|_| dice.die()).collect();
                Throw::new(&faces).ok().map(Action::Throw)
            }
            _ => None,
        }
    }
}

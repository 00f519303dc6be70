//! Tick-tack's part of the gate: the chances of a throw recorded when it is thrown, the scores
//! a play makes, the chances it misses kept for the adversary, and a claim checked against
//! them (never trusted). The scores themselves are [`ticktack`]'s.

use super::{Game, Missed};
use crate::tables::action::Event;
use crate::tables::endings::EndReason;
use crate::tables::phase::Phase;
use crate::tables::refusal::RuleError;
use crate::tables::rules::Claims;
use crate::tables::side::Side;
use crate::tables::ticktack::{self, Chances, Claim, ClaimRefusal, Score, Why};

impl Game {
    /// The claims `side` may make now: his hit while he plays the throw that gives it, or the
    /// chances his adversary missed, until he throws. Empty outside Tick-tack, when the rules
    /// count every score, and for the side that may not act.
    #[must_use]
    pub fn open_claims(&self, side: Side) -> Vec<Claim> {
        if !self.rules.tick_tack || self.rules.claims != Claims::ByAdversary || side != self.turn {
            return Vec::new();
        }
        match self.phase {
            Phase::Playing if self.chances.hit && !self.hit_claimed => vec![Claim::Hit],
            Phase::ToThrow => match &self.missed {
                Some(m) if m.side == side => {
                    let mut out = Vec::new();
                    if m.going_in {
                        out.push(Claim::MissedGoingIn);
                    }
                    if m.why_not {
                        out.push(Claim::WhyNot);
                    }
                    out
                }
                _ => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    /// The claims `side` may try now, whether or not the chance is there: a person at the
    /// board may always call a hit, or a why-not, and the gate tells him if he is wrong. Unlike
    /// [`Game::open_claims`], this says nothing of the throw, so a window that offers these
    /// lets a player miss his chance, which is the game.
    #[must_use]
    pub fn claims_to_try(&self, side: Side) -> Vec<Claim> {
        if !self.rules.tick_tack || self.rules.claims != Claims::ByAdversary || side != self.turn {
            return Vec::new();
        }
        match self.phase {
            Phase::Playing if !self.hit_claimed => vec![Claim::Hit],
            // The double claim first: when the first score ends the game only one is paid,
            // and a going in missed pays two.
            Phase::ToThrow => vec![Claim::MissedGoingIn, Claim::WhyNot],
            _ => Vec::new(),
        }
    }

    /// Where the men stood when the throw being played was thrown, seen from `side`: the
    /// position its chances were recorded from. (Under touch and take no step can be taken
    /// back to find it.)
    #[must_use]
    pub fn as_thrown_for(&self, side: Side) -> crate::tables::board::Position {
        match side {
            Side::White => self.throw_start,
            Side::Black => self.throw_start.switched(),
        }
    }

    /// Tick-tack: what the throw being played allowed when it was thrown.
    #[must_use]
    pub fn chances(&self) -> Chances {
        self.chances
    }

    /// Tick-tack, when scores add up: `side`'s points in this game.
    #[must_use]
    pub fn points(&self, side: Side) -> u32 {
        self.points[side.index()]
    }

    /// `Claim` in `Phase::Playing` or `Phase::ToThrow`: scored if [`Game::open_claims`] has it.
    pub(super) fn claim(&mut self, claim: Claim, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if !self.rules.tick_tack {
            return Err(RuleError::ClaimRefused(ClaimRefusal::NotThisGame));
        }
        if self.rules.claims == Claims::ByRules {
            return Err(RuleError::ClaimRefused(ClaimRefusal::CountedByRules));
        }
        if !self.open_claims(self.turn).contains(&claim) {
            return Err(RuleError::ClaimRefused(ClaimRefusal::NoSuchChance(claim)));
        }
        let why = match claim {
            Claim::Hit => {
                self.hit_claimed = true;
                let why = self.why_of_throw();
                if self.hit_loses_two() {
                    // Cotton: the hit taken when going in was open loses two, at once.
                    let why = Why {
                        hit_taken: true,
                        ..why
                    };
                    self.score(self.turn.other(), Score::MissedGoingIn, why, events);
                    return Ok(());
                }
                Why {
                    going_in: None,
                    ..why
                }
            }
            Claim::WhyNot => match &mut self.missed {
                Some(m) => {
                    m.why_not = false;
                    Why {
                        going_in: None,
                        ..(*m.why).clone()
                    }
                }
                None => Why::default(),
            },
            Claim::MissedGoingIn => match &mut self.missed {
                Some(m) => {
                    m.going_in = false;
                    Why {
                        hit: None,
                        ..(*m.why).clone()
                    }
                }
                None => Why::default(),
            },
        };
        self.score(self.turn, claim.score(), why, events);
        Ok(())
    }

    /// Tick-tack: whether a hit taken now would lose two instead of scoring, the throw being
    /// played having let the thrower go in (Cotton's reading, `going_in_open = hit_loses_two`).
    /// The computer and the window ask this before they take or offer the hit.
    #[must_use]
    pub fn hit_loses_two(&self) -> bool {
        ticktack::hit_loses_two(&self.rules, self.chances)
    }

    /// What the throw being played allowed, as the story and the board tell it.
    fn why_of_throw(&self) -> Why {
        let Some(throw) = self.throw else {
            return Why::default();
        };
        let moves = throw.moves(self.rules.dice, self.rules.doublets);
        Why::of_throw(&self.as_thrown_for(self.turn), moves, &self.rules)
    }

    /// Records what a throw just thrown allows, before any man moves.
    pub(super) fn record_chances(&mut self) {
        self.hit_claimed = false;
        self.throw_start = self.board;
        self.chances = if self.rules.tick_tack {
            ticktack::chances(&self.position_for(self.turn), self.moves, &self.rules)
        } else {
            Chances::default()
        };
    }

    /// Whether a throw of which nothing can be played must still wait for the thrower: he may
    /// claim the hit it gives.
    pub(super) fn waits_for_a_claim(&self) -> bool {
        self.rules.tick_tack
            && self.rules.claims == Claims::ByAdversary
            && self.chances.hit
            && !self.hit_claimed
    }

    /// `side` scores `score`: the game ends at the first score, or the points add up. Returns
    /// whether the game is over.
    pub(super) fn score(
        &mut self,
        side: Side,
        score: Score,
        why: Why,
        events: &mut Vec<Event>,
    ) -> bool {
        let games = score.worth(&self.rules);
        events.push(Event::Scored {
            side,
            score,
            games,
            why,
        });
        if self.rules.first_score_ends {
            self.finish(Some(side), games, EndReason::Scored(score), events);
            return true;
        }
        let points = &mut self.points[side.index()];
        *points = points.saturating_add(games);
        if *points >= u32::from(self.rules.score_to) {
            self.finish_on_points(events);
            return true;
        }
        false
    }

    /// Ends a game whose scores add up: the side ahead wins a single game; equal, it is drawn.
    pub(super) fn finish_on_points(&mut self, events: &mut Vec<Event>) {
        let [white, black] = self.points;
        let winner = match white.cmp(&black) {
            std::cmp::Ordering::Greater => Some(Side::White),
            std::cmp::Ordering::Less => Some(Side::Black),
            std::cmp::Ordering::Equal => None,
        };
        self.finish(winner, 1, EndReason::MostPoints, events);
    }

    /// Tick-tack, after a play made (or a throw forfeit): the mover's scores, then the chances
    /// he missed, counted by the rules or kept for the adversary to claim. Under Cotton's
    /// reading (`going_in_open = hit_loses_two`) a throw that let the mover go in asks only
    /// that: a going in let pass loses two, counted first when the rules count, a hit taken in
    /// its place lost two when it was claimed, and a hit left untaken is no why-not. Returns
    /// whether the game is over.
    pub(super) fn tick_tack_after_play(&mut self, events: &mut Vec<Event>) -> bool {
        let mover = self.turn;
        let before = self.as_thrown_for(mover);
        let after = self.position_for(mover);
        let went_in = ticktack::went_in(&before, &after);
        let by_rules = self.rules.claims == Claims::ByRules;
        let cotton = self.hit_loses_two();
        let thrown = self.why_of_throw();
        // A hit claimed under Cotton's reading has already paid the two.
        let missed_going_in = self.chances.going_in && !went_in && !(cotton && self.hit_claimed);
        let why_not = self.chances.hit && !self.hit_claimed && !went_in && !cotton;
        let missed_why = thrown.clone();
        if by_rules
            && cotton
            && missed_going_in
            && self.score(
                mover.other(),
                Score::MissedGoingIn,
                missed_why.clone(),
                events,
            )
        {
            return true;
        }
        let mut scores = ticktack::play_scores(&before, &after, &self.rules);
        if by_rules && self.chances.hit && !went_in && !cotton {
            scores.insert(0, Score::Hit);
        }
        if after.borne_off_all() {
            scores.push(Score::BearingOff);
        }
        for score in scores {
            let why = match score {
                Score::Hit => Why {
                    going_in: None,
                    ..thrown.clone()
                },
                Score::GoingIn => Why {
                    hit: None,
                    going_in: Some(self.steps_played()),
                    hit_taken: false,
                },
                _ => Why::default(),
            };
            if self.score(mover, score, why, events) {
                return true;
            }
        }
        if after.borne_off_all() {
            self.finish_on_points(events);
            return true;
        }
        if by_rules {
            if !cotton
                && missed_going_in
                && self.score(mover.other(), Score::MissedGoingIn, missed_why, events)
            {
                return true;
            }
        } else if missed_going_in || why_not {
            self.missed = Some(Missed {
                side: mover.other(),
                why_not,
                going_in: missed_going_in,
                why: Box::new(thrown),
            });
        }
        false
    }
}

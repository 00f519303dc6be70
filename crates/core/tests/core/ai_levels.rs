//! The levels feel different: the novice makes a learner's mistakes (it hits too eagerly,
//! leaves blots, and runs its back men instead of holding a back game), but it is not a random
//! player: many of its plays are the fair player's.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gamester_core::ai::{Decision, decide};
use gamester_core::level::Level;
use gamester_rules::tables::{FairDice, Game, Phase, Position, Preset, Rules};

/// What a play left, seen from the side that made it.
#[derive(Default, Debug)]
struct Tally {
    plays: u32,
    /// Men sent to the bar.
    hits: u32,
    /// Blots left (points with one man).
    blots: u32,
    /// Men left in the adversary's home table.
    back: u32,
}

impl Tally {
    fn add(&mut self, before: &Position, after: &Position) {
        let p = after.pips();
        self.plays += 1;
        self.hits += u32::from(after.adversary_bar().saturating_sub(before.adversary_bar()));
        self.blots += (1..=24).filter(|&i| p[i] == 1).count() as u32;
        self.back += (19..=24).map(|i| p[i].max(0) as u32).sum::<u32>();
    }
}

/// Over the decisions of seeded fair-against-fair games, what the fair and the novice players
/// would each have played, and how many of their plays were the same.
fn compare(preset: Preset, games: u64) -> (Tally, Tally, u32) {
    let (mut fair, mut novice, mut same) = (Tally::default(), Tally::default(), 0);
    for seed in 0..games {
        let mut game = Game::new(Rules::preset(preset)).unwrap();
        let mut dice = FairDice::seeded(seed);
        while !game.is_over() {
            if game.phase() == Phase::Playing && game.legal_plays().len() > 1 {
                let before = game.position_for(game.turn());
                let Some(Decision::Play(f)) = decide(&game, Level::Fair) else {
                    panic!("no fair play");
                };
                let Some(Decision::Play(n)) = decide(&game, Level::Novice) else {
                    panic!("no novice play");
                };
                fair.add(&before, &f.position);
                novice.add(&before, &n.position);
                same += u32::from(f == n);
            }
            match decide(&game, Level::Fair) {
                Some(Decision::Play(p)) => game.apply_play(&p).map(|_| ()).unwrap(),
                Some(Decision::Action(a)) => game.apply(a).map(|_| ()).unwrap(),
                None => game.throw_with(&mut dice).map(|_| ()).unwrap(),
            }
        }
    }
    (fair, novice, same)
}

#[test]
fn the_novice_makes_a_learners_mistakes_and_not_random_ones() {
    for preset in [Preset::Modern, Preset::Irish, Preset::Nard] {
        // Given every decision of 12 seeded fair-against-fair games
        let (fair, novice, same) = compare(preset, 12);
        // Then the novice hits more, leaves more blots and keeps fewer men back than fair
        assert!(
            novice.hits > fair.hits * 11 / 10,
            "{preset:?} {fair:?} {novice:?}"
        );
        assert!(
            novice.blots > fair.blots * 21 / 20,
            "{preset:?} {fair:?} {novice:?}"
        );
        assert!(
            novice.back < fair.back * 19 / 20,
            "{preset:?} {fair:?} {novice:?}"
        );
        // And yet many of its plays (two in five or more) are the fair player's
        assert!(
            same * 5 > fair.plays * 2,
            "{preset:?}: {same} of {}",
            fair.plays
        );
    }
}

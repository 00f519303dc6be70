//! The tutor at Tick-tack: a claim about to be let pass. Before a person lifts the dice, the
//! claims his play would leave to the adversary (a why-not for a hit he neither claimed nor
//! bettered, a going-in missed); before he throws (or vies), the claims of the adversary's miss
//! he would give up. Both are the engine's own: the game after the choice is asked what may be
//! claimed, so nothing here works a rule out again; the words say what was missed, with the man
//! who hits or a play that goes in.

use super::Better;
use crate::tables::movegen::{MoveRules, legal_plays};
use crate::tables::ticktack::{self, Claim};
use crate::tables::{Action, Game, Side};
use crate::teaching::points::{Naming, point_words_in};
use crate::teaching::terms::describe_play_as;

/// What the tutor says of a claim let pass: what it costs (in games), his heading, his words and
/// the better choice.
pub(super) struct Missed {
    pub(super) loss: f32,
    pub(super) heading: String,
    pub(super) text: String,
    pub(super) better: Better,
}

/// What the claims are worth under the game's rules: the most the claimant could win with one.
fn worth(game: &Game, claims: &[Claim]) -> f32 {
    claims
        .iter()
        .map(|c| c.score().worth(game.rules()))
        .max()
        .unwrap_or(0) as f32
}

/// The play about to be made in `game` (the dice lifted now), if it leaves the adversary a
/// claim: what the mover misses. `colours` are the sides' colour words, White's first.
pub(super) fn play_lets_pass(game: &Game, colours: [&str; 2]) -> Option<Missed> {
    if !game.rules().tick_tack {
        return None;
    }
    let side = game.turn();
    let adversary = colours[side.other().index()];
    let mut after = game.clone();
    after.apply(Action::Confirm).ok()?;
    let claims = after.open_claims(side.other());
    if claims.is_empty() {
        return None;
    }
    let theirs = format!("{adversary}'s");
    let naming = Naming::of(game.rules());
    let name = |p: usize| point_words_in(p as u8, naming, "your", &theirs);
    let before = game.as_thrown_for(side);
    let throw = game.throw()?;
    let moves = throw.moves(game.rules().dice, game.rules().doublets);
    let mut text = Vec::new();
    if claims.contains(&Claim::WhyNot) {
        let how = crate::teaching::verdict::hit_way(game, "your", &theirs)
            .map_or_else(String::new, |way| format!(": {way}"));
        text.push(format!(
            "Your throw gives you a hit{how}. You have neither claimed it nor gone in: lift the dice now and {adversary} may take you with a why-not, a single game. Claim the hit before you lift them."
        ));
    }
    let going_in = legal_plays(&before, moves, MoveRules::from(game.rules()))
        .into_iter()
        .find(|p| ticktack::went_in(&before, &p.position));
    if claims.contains(&Claim::MissedGoingIn) {
        let example = going_in.map_or_else(String::new, |p| {
            let steps: Vec<_> = p.steps.iter().collect();
            format!(
                " (as the play that {} would)",
                describe_play_as(
                    &before,
                    &steps,
                    game.rules().bear_off,
                    "your",
                    &theirs,
                    naming
                )
            )
        });
        let stays = if game.rules().touch_and_take && !game.steps_played().is_empty() {
            " Under touch and take, the men you have moved stay moved."
        } else {
            ""
        };
        text.push(format!(
            "Your throw lets you go in, two men into {}{example}, and this play does not: lift the dice now and {adversary} may claim a going-in missed, a double game.{stays}",
            name(ticktack::GOING_IN_POINT)
        ));
    }
    let heading = match (
        claims.contains(&Claim::WhyNot),
        claims.contains(&Claim::MissedGoingIn),
    ) {
        (true, true) => "A hit and a going in let pass",
        (true, false) => "A hit let pass",
        _ => "A going in missed",
    };
    let better = match going_in {
        Some(play) if claims.contains(&Claim::MissedGoingIn) => Better::Play { before, play },
        _ => Better::Claim(Claim::Hit),
    };
    Some(Missed {
        loss: worth(&after, &claims),
        heading: heading.to_string(),
        text: text.join(" "),
        better,
    })
}

/// The claims `game`'s side to act would give up by throwing (or vying) now: the adversary's
/// last throw missed them. `colours` as [`play_lets_pass`].
pub(super) fn throw_lets_pass(game: &Game, colours: [&str; 2]) -> Option<Missed> {
    let side = game.actor()?;
    let claims = game.open_claims(side);
    if claims.is_empty() {
        return None;
    }
    let adversary = colours[side.other().index()];
    let mut text = Vec::new();
    if claims.contains(&Claim::WhyNot) {
        text.push(format!(
            "{adversary}'s last throw gave him a hit, which he neither claimed nor bettered by going in: you may take him with a why-not, a single game."
        ));
    }
    if claims.contains(&Claim::MissedGoingIn) {
        text.push(format!(
            "{adversary}'s last throw let him go in, and he did not: you may claim a going-in missed, a double game."
        ));
    }
    text.push("Claim it before you throw; once you throw, it is gone.".to_string());
    let best = if claims.contains(&Claim::MissedGoingIn) {
        Claim::MissedGoingIn
    } else {
        Claim::WhyNot
    };
    Some(Missed {
        loss: worth(game, &claims),
        heading: "A claim let pass".to_string(),
        text: text.join(" "),
        better: Better::Claim(best),
    })
}

/// Whether `side` may claim something now that acting otherwise gives up.
pub(super) fn claims_open(game: &Game, side: Side) -> bool {
    !game.open_claims(side).is_empty()
}

#[cfg(test)]
mod tests {
    use super::super::{Better, Chosen, check};
    use crate::ai::judge::Mark;
    use crate::tables::{Action, Claim, Game, Layout, Position, Preset, Rules, Side, Step, Throw};

    const COLOURS: [&str; 2] = ["White", "Black"];

    /// Tick-tack from `position` (White's view), White to play `a` and `b`.
    fn thrown(rules: Rules, position: &str, a: u8, b: u8) -> Game {
        let mut rules = rules;
        let pos: Position = position.parse().unwrap();
        rules.layout = Layout::Custom(pos.to_setup(Side::White));
        let mut game = Game::new(rules).unwrap();
        game.apply(Action::ThrowOff { white: 6, black: 1 }).unwrap();
        game.apply(Action::Throw(Throw::two(a, b).unwrap()))
            .unwrap();
        game
    }

    fn step(game: &mut Game, from: u8, die: u8) {
        game.apply(Action::Step(Step::new(from, die).unwrap()))
            .unwrap();
    }

    /// White's man on his cinque point (engine 20) and Black's lone man on White's 8 point
    /// (engine 17): a trey reaches it.
    const HIT: &str = "24:14 20:1 / 24:14 8:1";

    #[test]
    fn a_hit_let_pass_is_told_before_the_dice_are_lifted_with_the_why_not_it_owes() {
        // Given White's cinque and trey, which hit Black's lone man, played without a claim
        let mut game = thrown(Rules::preset(Preset::TickTack), HIT, 5, 3);
        assert!(game.chances().hit);
        step(&mut game, 24, 5);
        step(&mut game, 24, 3);
        // When White would lift the dice
        let chosen = Chosen::of(&game, Action::Confirm).unwrap();
        let warning = check(&game, chosen, Mark::Bad, COLOURS).expect("a warning");
        // Then the tutor says the hit was let pass, which man hits, and what Black may claim
        assert_eq!(warning.heading, "A hit let pass");
        assert_eq!(warning.mark, Mark::VeryBad);
        assert_eq!(warning.better, Better::Claim(Claim::Hit));
        assert!(
            warning.text.starts_with("Your throw gives you a hit: the man on your cinque point reaches Black's lone man on your 8 point with the trey."),
            "{}",
            warning.text
        );
        assert!(
            warning
                .text
                .contains("Black may take you with a why-not, a single game"),
            "{}",
            warning.text
        );
    }

    #[test]
    fn a_hit_claimed_first_goes_through() {
        // Given the same throw, the scores adding up, the hit claimed, then the men played
        let mut rules = Rules::preset(Preset::TickTack);
        rules.first_score_ends = false;
        let mut game = thrown(rules, HIT, 5, 3);
        game.apply(Action::Claim(Claim::Hit)).unwrap();
        step(&mut game, 24, 5);
        step(&mut game, 24, 3);
        // Then lifting the dice leaves nothing to say
        assert_eq!(check(&game, Chosen::Play, Mark::Doubtful, COLOURS), None);
    }

    #[test]
    fn a_going_in_missed_is_told_with_a_play_that_goes_in() {
        // Given White's men on his 9 and 11 points (engine 16 and 14), a cinque and a trey
        // from Black's eleventh point (engine 11), which stands open
        let mut game = thrown(
            Rules::preset(Preset::TickTack),
            "24:13 16:1 14:1 / 24:15",
            5,
            3,
        );
        assert!(game.chances().going_in && !game.chances().hit);
        // When he plays two men from his ace point instead, and would lift the dice
        step(&mut game, 24, 5);
        step(&mut game, 24, 3);
        let warning = check(&game, Chosen::Play, Mark::Bad, COLOURS).expect("a warning");
        // Then the tutor names the going in missed, with the play that goes in lit
        assert_eq!(warning.heading, "A going in missed");
        assert!(
            warning
                .text
                .starts_with("Your throw lets you go in, two men into Black's 11 point"),
            "{}",
            warning.text
        );
        assert!(
            warning
                .text
                .contains("Black may claim a going-in missed, a double game")
                && warning.text.contains("touch and take"),
            "{}",
            warning.text
        );
        let Better::Play { before, play } = &warning.better else {
            panic!("{:?}", warning.better);
        };
        assert_eq!(before.at(11), 0);
        assert_eq!(play.position.at(11), 2);
    }

    #[test]
    fn throwing_while_a_why_not_is_open_is_told_before_the_throw() {
        // Given White let his hit pass
        let mut game = thrown(Rules::preset(Preset::TickTack), HIT, 5, 3);
        step(&mut game, 24, 5);
        step(&mut game, 24, 3);
        game.apply(Action::Confirm).unwrap();
        assert_eq!(game.open_claims(Side::Black), vec![Claim::WhyNot]);
        // When Black would throw
        let chosen = Chosen::by_throwing(&game);
        assert_eq!(chosen, Some(Chosen::LetPass));
        let warning = check(&game, Chosen::LetPass, Mark::Bad, COLOURS).expect("a warning");
        // Then the tutor says what he may claim, and that throwing gives it up
        assert_eq!(warning.heading, "A claim let pass");
        assert_eq!(warning.better, Better::Claim(Claim::WhyNot));
        assert!(
            warning.text.starts_with(
                "White's last throw gave him a hit, which he neither claimed nor bettered by going in: you may take him with a why-not, a single game."
            ) && warning.text.ends_with("once you throw, it is gone."),
            "{}",
            warning.text
        );
        // And once the why-not is claimed there is nothing to let pass
        game.apply(Action::Claim(Claim::WhyNot)).unwrap();
        assert_eq!(Chosen::by_throwing(&game), None);
    }
}

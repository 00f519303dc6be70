//! Tick-tack (RULES.md, "Tick-tack"), rule by rule with chosen throws: the array, no hitting,
//! each score and each option, the claims checked against the throw, touch and take, yielding
//! and vying. Its random games are in `ticktack_random`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common::{game_at, play, step, throw};

use gamester_rules::tables::{
    Action, Claim, ClaimRefusal, Claims, Doublets, EndReason, Event, Game, GoingInOpen, HitBy,
    Preset, RuleError, Rules, Score, Side, StepRefusal,
};

pub(crate) fn tick_tack() -> Rules {
    Rules::preset(Preset::TickTack)
}

pub(crate) fn scored(events: &[Event]) -> Vec<(Side, Score, u32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Scored {
                side, score, games, ..
            } => Some((*side, *score, *games)),
            _ => None,
        })
        .collect()
}

/// Applies an action that must be refused, and checks the game is unchanged.
fn refused(game: &mut Game, action: Action) -> RuleError {
    let before = game.clone();
    let err = game.apply(action).expect_err("should be refused");
    assert_eq!(*game, before, "a refused {action:?} changed the game");
    err
}

#[test]
fn the_preset_and_the_array_are_tick_tacks() {
    let rules = tick_tack();
    assert!(rules.tick_tack && rules.touch_and_take && !rules.vie);
    assert_eq!(rules.doublets, Doublets::Single);
    assert_eq!(rules.hit_by, HitBy::DieOrBoth);
    assert_eq!(rules.claims, Claims::ByAdversary);
    assert!(rules.first_score_ends);
    assert_eq!("tick-tack".parse::<Preset>(), Ok(Preset::TickTack));
    assert_eq!(Preset::TickTack.title(), "Tick-tack");
    assert!(Rules::preset(Preset::VieTickTack).vie);
    // All fifteen men on the ace point (route 1 = the engine's 24), both sides
    let start = Game::new(rules).unwrap().position();
    assert_eq!(start.at(24), 15);
    assert_eq!(start.switched().at(24), 15);
    assert_eq!(start.at(1), -15);
}

#[test]
fn the_other_presets_are_unchanged_and_save_without_the_new_options() {
    for p in Preset::ALL {
        let rules = Rules::preset(p);
        if matches!(p, Preset::TickTack | Preset::VieTickTack) {
            continue;
        }
        assert!(
            !rules.tick_tack && !rules.touch_and_take && !rules.vie,
            "{p}"
        );
        assert_eq!((rules.toots, rules.boveries, rules.flyers), (0, 0, 0));
        let json = ron::to_string(&rules).unwrap();
        for field in [
            "tick_tack",
            "hit_by",
            "claims",
            "going_in_open",
            "first_score_ends",
            "score_to",
            "touch_and_take",
            "vie",
            "toots",
            "boveries",
            "flyers",
        ] {
            assert!(!json.contains(field), "{p}: {json}");
        }
        assert_eq!(ron::from_str::<Rules>(&json).unwrap(), rules);
    }
}

#[test]
fn no_man_lands_on_a_lone_man_of_the_adversary() {
    // Given White's man on 20 and Black's lone man on White's 17 (his 8)
    let text = "20:1 22:14 / 8:1 24:14";
    let (mut game, _) = game_at(tick_tack(), text, Side::White);
    play(&mut game, &[throw(&[3, 6])]);
    // Then the trey that would hit him is refused at Tick-tack
    assert_eq!(
        refused(&mut game, step(20, 3)),
        RuleError::StepNotAllowed(StepRefusal::NoHitting(17))
    );
    // While at Irish the same step hits him
    let (mut irish, _) = game_at(Rules::preset(Preset::Irish), text, Side::White);
    let events = play(&mut irish, &[throw(&[3, 6]), step(20, 3)]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Moved { hit: true, .. }))
    );
}

#[test]
fn a_hit_by_one_die_is_claimed_and_wins_a_single_game() {
    let (mut game, _) = game_at(tick_tack(), "20:1 22:14 / 8:1 24:14", Side::White);
    play(&mut game, &[throw(&[3, 6])]);
    assert_eq!(game.open_claims(Side::White), vec![Claim::Hit]);
    assert!(game.open_claims(Side::Black).is_empty());
    let events = play(&mut game, &[Action::Claim(Claim::Hit)]);
    assert_eq!(scored(&events), vec![(Side::White, Score::Hit, 1)]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Side::White));
    assert_eq!(outcome.stake, 1);
    assert_eq!(outcome.reason, EndReason::Scored(Score::Hit));
}

/// White's man on 20, Black's lone man on White's 13 (his 12), seven pips away; Black's points
/// of two men on White's `stops` (in White's numbering).
fn seven_away(stops: &[u8], hit_by: HitBy) -> Game {
    let mut black = String::new();
    let mut men = 14;
    for &s in stops {
        black.push_str(&format!("{}:2 ", 25 - s));
        men -= 2;
    }
    let text = format!("20:1 23:14 / 12:1 {black}24:{men}");
    let mut rules = tick_tack();
    rules.hit_by = hit_by;
    let (mut game, _) = game_at(rules, &text, Side::White);
    play(&mut game, &[throw(&[3, 4])]);
    game
}

#[test]
fn a_hit_by_both_dice_needs_a_resting_point_that_is_not_a_stop() {
    // Both resting points open: a hit by trey and cater together
    assert_eq!(
        seven_away(&[], HitBy::DieOrBoth).open_claims(Side::White),
        vec![Claim::Hit]
    );
    // But not when a hit may use one die only
    let mut one = seven_away(&[], HitBy::OneDie);
    assert!(one.open_claims(Side::White).is_empty());
    assert_eq!(
        refused(&mut one, Action::Claim(Claim::Hit)),
        RuleError::ClaimRefused(ClaimRefusal::NoSuchChance(Claim::Hit))
    );
    // One resting point stopped: the other way round still hits
    assert_eq!(
        seven_away(&[17], HitBy::DieOrBoth).open_claims(Side::White),
        vec![Claim::Hit]
    );
    assert_eq!(
        seven_away(&[16], HitBy::DieOrBoth).open_claims(Side::White),
        vec![Claim::Hit]
    );
    // Both stopped: "it will not pass by reason of a stop in the way, and then it is nothing"
    let mut stopped = seven_away(&[17, 16], HitBy::DieOrBoth);
    assert!(stopped.open_claims(Side::White).is_empty());
    refused(&mut stopped, Action::Claim(Claim::Hit));
}

#[test]
fn doublets_played_single_count_as_two_dice_for_a_hit() {
    // Black's lone man nine pips from White's man: three treys would reach him, two do not
    let text = "20:1 23:14 / 14:1 24:14";
    for (doublets, hits) in [(Doublets::Single, false), (Doublets::Double, true)] {
        let mut rules = tick_tack();
        rules.doublets = doublets;
        let (mut game, _) = game_at(rules, text, Side::White);
        play(&mut game, &[throw(&[3, 3])]);
        assert_eq!(game.open_claims(Side::White).contains(&Claim::Hit), hits);
    }
}

#[test]
fn a_hit_let_pass_is_taken_with_a_why_not_before_the_adversary_throws() {
    let (mut game, _) = game_at(tick_tack(), "20:1 22:14 / 8:1 24:14", Side::White);
    // White throws a hit, plays elsewhere and lifts the dice
    play(
        &mut game,
        &[throw(&[3, 6]), step(22, 3), step(22, 6), Action::Confirm],
    );
    // Then Black may claim a why-not, and it wins him a single game
    assert_eq!(game.open_claims(Side::Black), vec![Claim::WhyNot]);
    let mut claimed = game.clone();
    let events = play(&mut claimed, &[Action::Claim(Claim::WhyNot)]);
    assert_eq!(scored(&events), vec![(Side::Black, Score::WhyNot, 1)]);
    assert_eq!(claimed.outcome().unwrap().winner, Some(Side::Black));
    // But once Black has thrown, it is too late
    play(&mut game, &[throw(&[1, 2])]);
    assert!(!game.open_claims(Side::Black).contains(&Claim::WhyNot));
    assert_eq!(
        refused(&mut game, Action::Claim(Claim::WhyNot)),
        RuleError::ClaimRefused(ClaimRefusal::NoSuchChance(Claim::WhyNot))
    );
}

#[test]
fn a_false_claim_is_refused() {
    // White's throw reaches no lone man; he plays, and Black claims a why-not all the same
    let (mut game, _) = game_at(tick_tack(), "20:1 22:14 / 8:1 24:14", Side::White);
    play(
        &mut game,
        &[throw(&[4, 6]), step(22, 4), step(22, 6), Action::Confirm],
    );
    assert!(game.open_claims(Side::Black).is_empty());
    for claim in [Claim::WhyNot, Claim::MissedGoingIn, Claim::Hit] {
        assert_eq!(
            refused(&mut game, Action::Claim(claim)),
            RuleError::ClaimRefused(ClaimRefusal::NoSuchChance(claim))
        );
    }
    // And a claim at another game is no claim at all
    let (mut irish, _) = game_at(
        Rules::preset(Preset::Irish),
        "20:1 22:14 / 8:1 24:14",
        Side::White,
    );
    play(&mut irish, &[throw(&[3, 6])]);
    assert_eq!(
        refused(&mut irish, Action::Claim(Claim::Hit)),
        RuleError::ClaimRefused(ClaimRefusal::NotThisGame)
    );
}

/// White has a man on 13 and one on 14: a deuce and a trey take both to 11, the adversary's
/// eleventh point.
const GOING_IN: &str = "13:1 14:1 22:13 / 24:15";

#[test]
fn two_men_into_the_adversarys_eleventh_point_win_a_double_game() {
    let (mut game, _) = game_at(tick_tack(), GOING_IN, Side::White);
    let events = play(
        &mut game,
        &[throw(&[2, 3]), step(13, 2), step(14, 3), Action::Confirm],
    );
    assert_eq!(scored(&events), vec![(Side::White, Score::GoingIn, 2)]);
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.stake), (Some(Side::White), 2));
    // One man in is not going in
    let (mut one, _) = game_at(tick_tack(), GOING_IN, Side::White);
    let events = play(
        &mut one,
        &[throw(&[2, 3]), step(13, 2), step(22, 3), Action::Confirm],
    );
    assert!(scored(&events).is_empty());
    assert!(!one.is_over());
}

#[test]
fn going_in_missed_costs_a_double_game_when_claimed() {
    let (mut game, _) = game_at(tick_tack(), GOING_IN, Side::White);
    play(
        &mut game,
        &[throw(&[2, 3]), step(22, 2), step(22, 3), Action::Confirm],
    );
    assert_eq!(game.open_claims(Side::Black), vec![Claim::MissedGoingIn]);
    let events = play(&mut game, &[Action::Claim(Claim::MissedGoingIn)]);
    assert_eq!(
        scored(&events),
        vec![(Side::Black, Score::MissedGoingIn, 2)]
    );
    assert_eq!(game.outcome().unwrap().stake, 2);
}

#[test]
fn going_in_needs_the_point_open() {
    // Black holds White's 11 (his 14): nobody lands there, and nothing is missed
    let (mut game, _) = game_at(tick_tack(), "13:1 14:1 22:13 / 14:2 24:13", Side::White);
    play(&mut game, &[throw(&[2, 3])]);
    assert!(!game.chances().going_in);
    assert!(game.allowed_steps().iter().all(|s| s.to() != 11));
    play(&mut game, &[step(22, 2), step(22, 3), Action::Confirm]);
    assert!(game.open_claims(Side::Black).is_empty());
}

#[test]
fn the_second_table_filled_wins_a_double_game() {
    // White holds his 13 to 17 and has a man on 19: an ace fills 18, the sixth point
    let text = "13:1 14:1 15:1 16:1 17:1 19:1 23:9 / 24:15";
    let (mut game, _) = game_at(tick_tack(), text, Side::White);
    let events = play(
        &mut game,
        &[throw(&[1, 2]), step(19, 1), step(23, 2), Action::Confirm],
    );
    assert_eq!(scored(&events), vec![(Side::White, Score::SecondTable, 2)]);
    assert_eq!(game.outcome().unwrap().stake, 2);
    // Five points of six are nothing
    let (mut five, _) = game_at(tick_tack(), text, Side::White);
    let events = play(
        &mut five,
        &[throw(&[1, 2]), step(23, 1), step(23, 2), Action::Confirm],
    );
    assert!(scored(&events).is_empty());
}

#[test]
fn bearing_off_every_man_wins_a_double_game() {
    let (mut game, _) = game_at(tick_tack(), "2:1 off:14 / 24:15", Side::White);
    let events = play(&mut game, &[throw(&[2, 5]), step(2, 5), Action::Confirm]);
    assert_eq!(scored(&events), vec![(Side::White, Score::BearingOff, 2)]);
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.stake, outcome.reason),
        (2, EndReason::Scored(Score::BearingOff))
    );
}

#[test]
fn with_touch_and_take_a_step_made_stands() {
    let (mut game, _) = game_at(tick_tack(), GOING_IN, Side::White);
    play(&mut game, &[throw(&[2, 3]), step(22, 2)]);
    assert_eq!(refused(&mut game, Action::Undo), RuleError::TouchAndTake);
    assert!(!game.choices().contains(&Action::Undo));
    // Without it, the step is taken back
    let mut rules = tick_tack();
    rules.touch_and_take = false;
    let (mut free, _) = game_at(rules, GOING_IN, Side::White);
    play(&mut free, &[throw(&[2, 3]), step(22, 2), Action::Undo]);
    assert!(free.steps_played().is_empty());
}

#[test]
fn by_rules_the_hit_and_the_missed_going_in_count_themselves() {
    let mut rules = tick_tack();
    rules.claims = Claims::ByRules;
    // A hit is counted when the play is made, and nobody may claim
    let (mut game, _) = game_at(rules.clone(), "20:1 22:14 / 8:1 24:14", Side::White);
    play(&mut game, &[throw(&[3, 6])]);
    assert!(game.open_claims(Side::White).is_empty());
    assert_eq!(
        refused(&mut game, Action::Claim(Claim::Hit)),
        RuleError::ClaimRefused(ClaimRefusal::CountedByRules)
    );
    let events = play(&mut game, &[step(22, 3), step(22, 6), Action::Confirm]);
    assert_eq!(scored(&events), vec![(Side::White, Score::Hit, 1)]);
    // A going-in missed is counted for the adversary
    let (mut missed, _) = game_at(rules, GOING_IN, Side::White);
    let events = play(
        &mut missed,
        &[throw(&[2, 3]), step(22, 2), step(22, 3), Action::Confirm],
    );
    assert_eq!(
        scored(&events),
        vec![(Side::Black, Score::MissedGoingIn, 2)]
    );
    assert_eq!(missed.outcome().unwrap().winner, Some(Side::Black));
}

#[test]
fn when_scores_add_up_the_game_goes_on_to_the_end() {
    let mut rules = tick_tack();
    rules.first_score_ends = false;
    // A hit counts one point and the game goes on; it cannot be claimed twice
    let (mut game, _) = game_at(rules.clone(), "20:1 22:14 / 8:1 24:14", Side::White);
    play(&mut game, &[throw(&[3, 6]), Action::Claim(Claim::Hit)]);
    assert!(!game.is_over());
    assert_eq!((game.points(Side::White), game.points(Side::Black)), (1, 0));
    refused(&mut game, Action::Claim(Claim::Hit));
    // Bearing off ends the game, and the side ahead wins a single game
    let (mut off, _) = game_at(rules.clone(), "2:1 off:14 / 24:15", Side::White);
    play(&mut off, &[throw(&[2, 5]), step(2, 5), Action::Confirm]);
    let outcome = off.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.stake, outcome.reason),
        (Some(Side::White), 1, EndReason::MostPoints)
    );
    // The target reached ends it too
    rules.score_to = 6;
    let (mut target, _) = game_at(rules, GOING_IN, Side::White);
    play(
        &mut target,
        &[throw(&[2, 3]), step(13, 2), step(14, 3), Action::Confirm],
    );
    assert_eq!(target.points(Side::White), 2);
    assert!(!target.is_over());
}

#[test]
fn a_vie_adds_one_stake_and_a_double_game_doubles_them_all() {
    let (mut game, _) = game_at(Rules::preset(Preset::VieTickTack), GOING_IN, Side::White);
    // White vies, Black sees it: 2 stakes (a doubling would make 2 as well)
    let events = play(&mut game, &[Action::Double]);
    assert!(events.contains(&Event::DoubleOffered {
        by: Side::White,
        value: 2
    }));
    play(&mut game, &[Action::Take]);
    assert_eq!(game.cube().value, 2);
    // White throws no going in and plays; Black, who saw, vies again: 3 stakes, not 4
    play(
        &mut game,
        &[throw(&[1, 2]), step(22, 1), step(22, 2), Action::Confirm],
    );
    play(&mut game, &[Action::Double, Action::Take]);
    assert_eq!(game.cube().value, 3);
    // Black throws and plays; White goes in: a double game of three stakes is six
    play(&mut game, &[throw(&[1, 2])]);
    let steps: Vec<Action> = game.legal_plays()[0]
        .steps
        .iter()
        .map(Action::Step)
        .collect();
    play(&mut game, &steps);
    play(&mut game, &[Action::Confirm]);
    play(
        &mut game,
        &[throw(&[2, 3]), step(13, 2), step(14, 3), Action::Confirm],
    );
    assert_eq!(game.outcome().unwrap().stake, 6);
}

#[test]
fn a_side_may_yield_a_single_game_to_save_a_double() {
    let (mut game, _) = game_at(tick_tack(), GOING_IN, Side::White);
    assert_eq!(game.most_resigned(), 2);
    assert!(matches!(
        refused(&mut game, Action::Resign(3)),
        RuleError::BadResignation { most: 2, .. }
    ));
    play(&mut game, &[Action::Resign(1), Action::AcceptResignation]);
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.stake), (Some(Side::Black), 1));
}

#[test]
fn cottons_variant_scores_toots_boveries_and_flyers_when_played() {
    // Toots: the home table's six points held (White's 19 to 24): White holds 20 to 24 and
    // a cinque brings a man of his 24 down to 19
    let text = "20:1 21:1 22:1 23:1 24:3 13:8 / 24:15";
    let mut rules = tick_tack();
    let (mut off, _) = game_at(rules.clone(), text, Side::White);
    let events = play(
        &mut off,
        &[throw(&[5, 1]), step(24, 5), step(13, 1), Action::Confirm],
    );
    assert!(
        scored(&events).is_empty(),
        "toots are not played by default"
    );
    rules.toots = 2;
    let (mut on, _) = game_at(rules, text, Side::White);
    let events = play(
        &mut on,
        &[throw(&[5, 1]), step(24, 5), step(13, 1), Action::Confirm],
    );
    assert_eq!(scored(&events), vec![(Side::White, Score::Toots, 2)]);

    // Boveries: a man on his own eleventh (14) and one on the adversary's (11)
    let text = "14:1 15:1 23:13 / 24:15";
    let mut rules = tick_tack();
    rules.boveries = 1;
    let (mut game, _) = game_at(rules, text, Side::White);
    let events = play(
        &mut game,
        &[throw(&[4, 1]), step(15, 4), step(23, 1), Action::Confirm],
    );
    assert_eq!(scored(&events), vec![(Side::White, Score::Boveries, 1)]);

    // Flyers: a man brought into the bearing table while all Black's men are in his first
    let text = "8:1 23:14 / 24:15";
    let mut rules = tick_tack();
    rules.flyers = 1;
    let (mut game, _) = game_at(rules.clone(), text, Side::White);
    let events = play(
        &mut game,
        &[throw(&[3, 1]), step(8, 3), step(23, 1), Action::Confirm],
    );
    assert_eq!(scored(&events), vec![(Side::White, Score::Flyers, 1)]);
    // Not once a man of Black's has left his first table (Black's 13 is White's 12)
    let (mut late, _) = game_at(rules, "8:1 23:14 / 13:1 24:14", Side::White);
    let events = play(
        &mut late,
        &[throw(&[3, 1]), step(8, 3), step(23, 1), Action::Confirm],
    );
    assert!(scored(&events).is_empty());
}

#[test]
fn positions_of_fifteen_men_on_a_point_export_or_refuse_without_panic() {
    let game = Game::new(tick_tack()).unwrap();
    let pos = game.position();
    let id = gamester_rules::tables::position_id::encode(&pos);
    assert_eq!(
        gamester_rules::tables::position_id::decode(&id).unwrap(),
        pos
    );
    let xgid = gamester_rules::tables::xgid::encode(&gamester_rules::tables::xgid::of_game(&game));
    assert!(!xgid.is_empty());
}

#[test]
fn going_in_is_no_why_not_and_missing_both_leaves_both_to_claim() {
    // White's throw both hits (20 to 17 with the trey) and goes in (13 and 14 to 11); the hit
    // scores apart from the going in (Gamester's own reading)
    let text = crate::ticktack_cotton::HIT_AND_GOING_IN;
    let mut rules = tick_tack();
    rules.first_score_ends = false;
    rules.going_in_open = GoingInOpen::HitScores;
    let (mut game, _) = game_at(rules.clone(), text, Side::White);
    let events = play(
        &mut game,
        &[throw(&[2, 3]), step(13, 2), step(14, 3), Action::Confirm],
    );
    assert_eq!(scored(&events), vec![(Side::White, Score::GoingIn, 2)]);
    // Going in bettered the hit: no why-not
    assert!(game.open_claims(Side::Black).is_empty());
    // Playing elsewhere misses both, and the adversary may claim both
    let (mut both, _) = game_at(rules, text, Side::White);
    play(
        &mut both,
        &[throw(&[2, 3]), step(22, 2), step(22, 3), Action::Confirm],
    );
    assert_eq!(
        both.open_claims(Side::Black),
        vec![Claim::MissedGoingIn, Claim::WhyNot]
    );
    play(
        &mut both,
        &[
            Action::Claim(Claim::MissedGoingIn),
            Action::Claim(Claim::WhyNot),
        ],
    );
    assert_eq!(both.points(Side::Black), 3);
    assert!(both.open_claims(Side::Black).is_empty());
}

#[test]
fn a_vie_closes_the_claims_an_offer_to_yield_does_not() {
    let text = "20:1 22:14 / 8:1 24:14";
    let (mut game, _) = game_at(Rules::preset(Preset::VieTickTack), text, Side::White);
    play(
        &mut game,
        &[throw(&[3, 6]), step(22, 3), step(22, 6), Action::Confirm],
    );
    assert_eq!(game.open_claims(Side::Black), vec![Claim::WhyNot]);
    // An offer to yield, declined, leaves the game, claims and all, as it stood
    play(&mut game, &[Action::Resign(1), Action::DeclineResignation]);
    assert_eq!(game.open_claims(Side::Black), vec![Claim::WhyNot]);
    // A vie is acting otherwise: the why-not lapses
    play(&mut game, &[Action::Double, Action::Take]);
    assert!(game.open_claims(Side::Black).is_empty());
    refused(&mut game, Action::Claim(Claim::WhyNot));
}

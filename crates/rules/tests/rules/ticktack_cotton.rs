//! Tick-tack by Cotton (RULES.md, "Tick-tack", the option *A hit taken when going in was
//! open*): a hit taken, or a going in let pass, when the throw let the thrower go in, loses two;
//! the other reading keeps the hit's single game. The rest of Tick-tack's rules are in
//! `ticktack`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common::{game_at, play, step, throw};

use crate::ticktack::{scored, tick_tack};

use gamester_rules::tables::{Action, Claim, Event, GoingInOpen, Preset, Rules, Score, Side};

/// White's deuce and trey may carry his men from 13 and 14 into Black's eleventh point (route
/// 14, the engine's 11), and his trey reaches Black's lone man on 17 from 20: the audit's case
/// of issue 58.
pub const HIT_AND_GOING_IN: &str = "13:1 14:1 20:1 22:12 / 8:1 24:14";

/// The Tick-tack preset with one option changed.
fn tick_tack_with(option: &str, value: &str) -> Rules {
    let mut rules = tick_tack();
    rules.set(option, value).unwrap();
    rules
}

#[test]
fn cottons_reading_is_the_preset_and_a_save_without_it_reads_it() {
    // Cotton: "you lose two irrecoverably"
    assert_eq!(tick_tack().going_in_open, GoingInOpen::HitLosesTwo);
    assert_eq!(
        Rules::preset(Preset::VieTickTack).going_in_open,
        GoingInOpen::HitLosesTwo
    );
    // A file of the rules that does not name the option reads Cotton's, and the preset writes
    // none
    let text = ron::to_string(&tick_tack()).unwrap();
    assert!(!text.contains("going_in_open"), "{text}");
    let read: Rules = ron::from_str(&text).unwrap();
    assert_eq!(read.going_in_open, GoingInOpen::HitLosesTwo);
    // The other reading is written, and read back
    let other = tick_tack_with("going_in_open", "hit_scores");
    let text = ron::to_string(&other).unwrap();
    assert!(text.contains("going_in_open:hit_scores"), "{text}");
    assert_eq!(ron::from_str::<Rules>(&text).unwrap(), other);
}

#[test]
fn by_cotton_a_hit_claimed_when_going_in_was_open_loses_two() {
    // Given White's throw that both hits and lets him go in, under the preset
    let (mut game, _) = game_at(tick_tack(), HIT_AND_GOING_IN, Side::White);
    play(&mut game, &[throw(&[2, 3])]);
    assert!(game.chances().hit && game.chances().going_in);
    // The engine says so before the claim
    assert!(game.hit_loses_two());
    // When White claims the hit
    let events = play(&mut game, &[Action::Claim(Claim::Hit)]);
    // Then Black wins two, the going in missed
    assert_eq!(
        scored(&events),
        vec![(Side::Black, Score::MissedGoingIn, 2)]
    );
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.stake), (Some(Side::Black), 2));
    // And the event says how: the hit taken, from 20 to 17 with the trey, and the going in
    // let pass, from 13 and 14
    let why = events
        .iter()
        .find_map(|e| match e {
            Event::Scored { why, .. } => Some(why.clone()),
            _ => None,
        })
        .unwrap();
    assert!(why.hit_taken);
    let hit = why.hit.unwrap();
    assert_eq!((hit.from, hit.to, hit.dice.clone()), (20, 17, vec![3]));
    assert!(why.going_in.is_some());
}

#[test]
fn by_the_other_reading_the_hit_claimed_wins_a_single_game() {
    let rules = tick_tack_with("going_in_open", "hit_scores");
    let (mut game, _) = game_at(rules, HIT_AND_GOING_IN, Side::White);
    play(&mut game, &[throw(&[2, 3])]);
    assert!(!game.hit_loses_two());
    let events = play(&mut game, &[Action::Claim(Claim::Hit)]);
    assert_eq!(scored(&events), vec![(Side::White, Score::Hit, 1)]);
    assert_eq!(game.outcome().unwrap().winner, Some(Side::White));
}

#[test]
fn by_cotton_both_let_pass_leave_only_the_going_in_to_claim() {
    // Given White's throw that hits and goes in, played elsewhere with neither taken
    let (mut game, _) = game_at(tick_tack(), HIT_AND_GOING_IN, Side::White);
    play(
        &mut game,
        &[throw(&[2, 3]), step(22, 2), step(22, 3), Action::Confirm],
    );
    // Then a hit left untaken when going in was the play is no why-not: only the two
    assert_eq!(game.open_claims(Side::Black), vec![Claim::MissedGoingIn]);
    let events = play(&mut game, &[Action::Claim(Claim::MissedGoingIn)]);
    assert_eq!(
        scored(&events),
        vec![(Side::Black, Score::MissedGoingIn, 2)]
    );
    // The window offers the double claim first, whatever the rules pay
    let (mut both, _) = game_at(
        tick_tack_with("going_in_open", "hit_scores"),
        HIT_AND_GOING_IN,
        Side::White,
    );
    play(
        &mut both,
        &[throw(&[2, 3]), step(22, 2), step(22, 3), Action::Confirm],
    );
    assert_eq!(
        both.claims_to_try(Side::Black),
        vec![Claim::MissedGoingIn, Claim::WhyNot]
    );
    assert_eq!(
        both.open_claims(Side::Black),
        vec![Claim::MissedGoingIn, Claim::WhyNot]
    );
}

#[test]
fn by_rules_under_cotton_the_going_in_let_pass_loses_two_before_any_hit() {
    // Given the rules counting, White plays elsewhere
    let rules = tick_tack_with("claims", "by_rules");
    let (mut game, _) = game_at(rules.clone(), HIT_AND_GOING_IN, Side::White);
    let events = play(
        &mut game,
        &[throw(&[2, 3]), step(22, 2), step(22, 3), Action::Confirm],
    );
    // Then Black wins two: the hit is not counted
    assert_eq!(
        scored(&events),
        vec![(Side::Black, Score::MissedGoingIn, 2)]
    );
    assert_eq!(game.outcome().unwrap().winner, Some(Side::Black));
    // And when scores add up, the two are counted and no hit is
    let mut adding = rules.clone();
    adding.first_score_ends = false;
    let (mut game, _) = game_at(adding.clone(), HIT_AND_GOING_IN, Side::White);
    let events = play(
        &mut game,
        &[throw(&[2, 3]), step(22, 2), step(22, 3), Action::Confirm],
    );
    assert_eq!(
        scored(&events),
        vec![(Side::Black, Score::MissedGoingIn, 2)]
    );
    assert_eq!((game.points(Side::White), game.points(Side::Black)), (0, 2));
    // Under the other reading the hit is counted first, and with scores adding up the two after
    adding.going_in_open = GoingInOpen::HitScores;
    let (mut game, _) = game_at(adding, HIT_AND_GOING_IN, Side::White);
    let events = play(
        &mut game,
        &[throw(&[2, 3]), step(22, 2), step(22, 3), Action::Confirm],
    );
    assert_eq!(
        scored(&events),
        vec![
            (Side::White, Score::Hit, 1),
            (Side::Black, Score::MissedGoingIn, 2)
        ]
    );
    // Going in is counted, the hit and the penalty not
    let (mut game, _) = game_at(rules, HIT_AND_GOING_IN, Side::White);
    let events = play(
        &mut game,
        &[throw(&[2, 3]), step(13, 2), step(14, 3), Action::Confirm],
    );
    assert_eq!(scored(&events), vec![(Side::White, Score::GoingIn, 2)]);
}

#[test]
fn by_cotton_when_scores_add_up_the_hit_claimed_pays_two_once() {
    // Given scores adding up, White claims the hit his throw gives, going in being open
    let rules = tick_tack_with("first_score_ends", "false");
    let (mut game, _) = game_at(rules, HIT_AND_GOING_IN, Side::White);
    let events = play(&mut game, &[throw(&[2, 3]), Action::Claim(Claim::Hit)]);
    // Then Black has two at once, and White none
    assert_eq!(
        scored(&events),
        vec![(Side::Black, Score::MissedGoingIn, 2)]
    );
    assert_eq!((game.points(Side::White), game.points(Side::Black)), (0, 2));
    // When White then plays elsewhere, the two are not asked again, nor a why-not
    play(&mut game, &[step(22, 2), step(22, 3), Action::Confirm]);
    assert!(game.open_claims(Side::Black).is_empty());
    assert_eq!(game.points(Side::Black), 2);
}

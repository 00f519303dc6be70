//! Tick-tack in the window: the claims are the player's to make. A person may call a hit, a
//! why-not or a going in missed at any time they could be due, whether or not the chance is
//! there (the buttons and keys never give the chance away), a claim without its chance is
//! refused in words and changes nothing, and touch and take leaves no undo.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use gamester::ui::{GamesterApp, Settings};
use gamester_core::players::Seats;
use gamester_rules::tables::{Action, Game, Phase, Preset, Rules, Side, Throw};

use super::support::*;

/// Two people at Tick-tack.
fn tick_tack() -> Harness<'static, GamesterApp> {
    let mut h = harness(
        3,
        Settings {
            table: Seats::two_people(),
            rules: Rules::preset(Preset::TickTack),
            ..Settings::default()
        },
    );
    h.run();
    assert!(h.state().session().game().rules().tick_tack);
    h
}

/// Every throw of two dice.
fn throws() -> impl Iterator<Item = Throw> {
    (1..=6u8).flat_map(|a| (a..=6).map(move |b| Throw::two(a, b).unwrap()))
}

/// A throw that gives the side to throw a hit (and something to play), if one does.
fn hitting_throw(game: &Game) -> Option<Throw> {
    throws().find(|&t| {
        let mut g = game.clone();
        g.apply(Action::Throw(t)).is_ok()
            && g.phase() == Phase::Playing
            && g.chances().hit
            && !g.allowed_steps().is_empty()
    })
}

/// A throw that gives neither a hit nor going in, with something to play.
fn quiet_throw(game: &Game) -> Option<Throw> {
    throws().find(|&t| {
        let mut g = game.clone();
        g.apply(Action::Throw(t)).is_ok()
            && g.phase() == Phase::Playing
            && g.chances() == Default::default()
            && !g.allowed_steps().is_empty()
    })
}

fn apply(h: &mut Harness<'static, GamesterApp>, action: Action) {
    h.state_mut().session_mut().apply(action).unwrap();
    h.run();
}

/// Plays quiet throws, the first play of each, until the side to throw has a hitting throw;
/// then throws it. Returns the mover.
fn throw_a_hit(h: &mut Harness<'static, GamesterApp>) -> Side {
    if h.state().session().game().phase() == Phase::ThrowOff {
        apply(h, Action::ThrowOff { white: 2, black: 1 });
    }
    for _ in 0..200 {
        let game = h.state().session().game().clone();
        assert_eq!(game.phase(), Phase::ToThrow, "{:?}", game.phase());
        if let Some(t) = hitting_throw(&game) {
            apply(h, Action::Throw(t));
            return game.turn();
        }
        let t = quiet_throw(&game).expect("some throw is quiet");
        apply(h, Action::Throw(t));
        let play = h.state().session().game().legal_plays()[0];
        h.state_mut().session_mut().apply_play(&play).unwrap();
        h.run();
        assert!(!h.state().session().game().is_over());
    }
    panic!("no hit came");
}

fn press(h: &mut Harness<'static, GamesterApp>, key: Key) {
    h.key_press(key);
    h.run();
}

#[test]
fn a_person_claims_the_hit_his_throw_gives_by_its_button() {
    // Given a Tick-tack throw that reaches a lone man
    let mut h = tick_tack();
    let mover = throw_a_hit(&mut h);
    // When the mover presses "Claim a hit"
    h.get_by_label("Claim a hit  (C)").click();
    h.run();
    // Then he has won a single game
    let game = h.state().session().game();
    let outcome = game.outcome().expect("the game is over");
    assert_eq!((outcome.winner, outcome.stake), (Some(mover), 1));
}

#[test]
fn a_hit_missed_is_claimed_by_the_adversary_with_the_c_key() {
    // Given a throw that reaches a lone man, played out without a claim
    let mut h = tick_tack();
    let mover = throw_a_hit(&mut h);
    let play = h
        .state()
        .session()
        .game()
        .legal_plays()
        .into_iter()
        .find(|p| {
            let g = h.state().session().game();
            let mut g = g.clone();
            g.apply_play(p).is_ok() && !g.is_over()
        })
        .expect("a play that does not end the game");
    h.state_mut().session_mut().apply_play(&play).unwrap();
    h.run();
    assert_eq!(h.state().session().game().turn(), mover.other());
    // When the adversary, before he throws, calls "why not" with C
    assert!(shown(&h).iter().any(|s| s == "Why not?  (C)"));
    press(&mut h, Key::C);
    // Then the adversary has won a single game
    let outcome = h.state().session().game().outcome().expect("over");
    assert_eq!((outcome.winner, outcome.stake), (Some(mover.other()), 1));
}

#[test]
fn the_claim_buttons_do_not_give_the_chance_away_and_a_wrong_claim_changes_nothing() {
    // Given a Tick-tack throw with no hit and no going in
    let mut h = tick_tack();
    apply(&mut h, Action::ThrowOff { white: 2, black: 1 });
    let game = h.state().session().game().clone();
    let t = quiet_throw(&game).unwrap();
    apply(&mut h, Action::Throw(t));
    // Then "Claim a hit" is offered all the same
    assert!(shown(&h).iter().any(|s| s == "Claim a hit  (C)"));
    let record = h.state().session().game().record().to_vec();
    // When it is claimed
    press(&mut h, Key::C);
    // Then the claim is refused in words and the game is as it was
    assert_eq!(h.state().session().game().record(), record.as_slice());
    assert!(!h.state().session().game().is_over());
    assert!(
        shown(&h).iter().any(|s| s.contains("no lone man")),
        "{:?}",
        shown(&h)
    );
}

#[test]
fn touch_and_take_leaves_no_undo() {
    // Given a Tick-tack throw being played, one man moved
    let mut h = tick_tack();
    apply(&mut h, Action::ThrowOff { white: 2, black: 1 });
    let game = h.state().session().game().clone();
    let t = quiet_throw(&game).unwrap();
    apply(&mut h, Action::Throw(t));
    let step = h.state().session().game().allowed_steps()[0];
    h.state_mut().session_mut().play_steps(&[step]).unwrap();
    h.run();
    // Then Undo is not offered, and U does nothing
    assert!(h.get_by_label("Undo  (U)").accesskit_node().is_disabled());
    press(&mut h, Key::U);
    assert_eq!(h.state().session().game().steps_played(), vec![step]);
}

#[test]
fn the_board_names_the_points_from_where_the_men_start_as_cotton_does() {
    // Given a new game of Tick-tack, White's fifteen men on the point where they start
    let h = tick_tack();
    // Then the screen reader hears it as White's own ace point ("ALL your men must stand on
    // the Ace-point"), and the adversary's fifteen on his
    let said = shown(&h);
    assert!(
        said.iter()
            .any(|s| s.starts_with("Your ace point") && s.contains("15 white men")),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|s| s.starts_with("Black's ace point") && s.contains("15 black men")),
        "{said:?}"
    );
}

/// Plays quiet throws until the side to play has men that may move from two points or more;
/// returns two such points, in the mover's numbering.
fn two_men_to_choose(h: &mut Harness<'static, GamesterApp>) -> (u8, u8) {
    apply(h, Action::ThrowOff { white: 2, black: 1 });
    for _ in 0..100 {
        let game = h.state().session().game().clone();
        let t = quiet_throw(&game).expect("some throw is quiet");
        apply(h, Action::Throw(t));
        let game = h.state().session().game();
        let mut from: Vec<u8> = game.allowed_steps().iter().map(|s| s.from()).collect();
        from.sort_unstable();
        from.dedup();
        if from.len() >= 2 {
            return (from[0], from[1]);
        }
        let play = game.legal_plays()[0];
        h.state_mut().session_mut().apply_play(&play).unwrap();
        h.run();
    }
    panic!("never two men to choose from");
}

fn click_point(h: &mut Harness<'static, GamesterApp>, point: u8) {
    let side = h.state().session().game().turn();
    let pos = h
        .state()
        .screen_pos(side, point)
        .expect("the point is drawn");
    super::support::click_at(h, pos);
}

/// Issue 58, item 3: "if you touch a man you must play him" (Cotton); in the window, to touch
/// a man is to pick him up.
#[test]
fn under_touch_and_take_a_man_picked_up_must_be_played() {
    // Given Tick-tack, and a throw that lets men on two points move
    let mut h = tick_tack();
    let (first, second) = two_men_to_choose(&mut h);
    // The status line says the rule where the newcomer meets it
    assert!(
        h.state()
            .status_line()
            .contains("Touch and take: a man picked up must be played"),
        "{}",
        h.state().status_line()
    );
    // When the man on the first point is picked up
    click_point(&mut h, first);
    assert_eq!(h.state().picked_up(), Some(first));
    // Then another man cannot be chosen instead, and the window says why
    click_point(&mut h, second);
    assert_eq!(h.state().picked_up(), Some(first));
    let said = h
        .state()
        .message()
        .map(|m| m.text.clone())
        .unwrap_or_default();
    assert!(said.contains("must be played"), "{said}");
    // Nor can he be put down, by his own point or by Escape
    click_point(&mut h, first);
    assert_eq!(h.state().picked_up(), Some(first));
    press(&mut h, Key::Escape);
    assert_eq!(h.state().picked_up(), Some(first));
    // But where he may go, he goes
    let step = h
        .state()
        .session()
        .game()
        .allowed_steps()
        .into_iter()
        .find(|s| s.from() == first)
        .unwrap();
    let played = h.state().session().game().steps_played().len();
    click_point(&mut h, step.to());
    assert_eq!(
        h.state().session().game().steps_played().len(),
        played + 1,
        "the man picked up was played"
    );
    assert_eq!(h.state().picked_up(), None);
}

#[test]
fn without_touch_and_take_a_man_picked_up_may_be_put_down() {
    // Given Tick-tack with a man bound only once moved (the option that stays)
    let mut settings = Settings {
        table: Seats::two_people(),
        rules: Rules::preset(Preset::TickTack),
        ..Settings::default()
    };
    settings.rules.touch_and_take = false;
    let mut h = harness(3, settings);
    h.run();
    let (first, second) = two_men_to_choose(&mut h);
    click_point(&mut h, first);
    assert_eq!(h.state().picked_up(), Some(first));
    // Then another man may be chosen
    click_point(&mut h, second);
    assert_eq!(h.state().picked_up(), Some(second));
}

/// Issue 58, item 2: when a why-not and a going in missed are both due and only the first
/// claim is paid, the window offers the double one first and says why.
#[test]
fn the_going_in_missed_is_offered_before_the_why_not() {
    // Given the adversary's turn to throw, a going in and a why-not to try
    let mut h = tick_tack();
    let mover = throw_a_hit(&mut h);
    let play = h.state().session().game().legal_plays()[0];
    h.state_mut().session_mut().apply_play(&play).unwrap();
    h.run();
    if h.state().session().game().is_over() {
        return;
    }
    assert_eq!(h.state().session().game().turn(), mover.other());
    // Then "He missed going in" stands before "Why not?"
    let said = shown(&h);
    let going_in = said.iter().position(|s| s == "He missed going in  (G)");
    let why_not = said.iter().position(|s| s == "Why not?  (C)");
    assert!(
        going_in.is_some() && why_not.is_some() && going_in < why_not,
        "{said:?}"
    );
}

/// Issue 57, item 4: a game lost by a hit shows which man hit which lone man, with which die:
/// rung on the board and told in the story.
#[test]
fn a_hit_is_shown_on_the_board_and_told_with_its_men_and_die() {
    // Given a throw that reaches a lone man, claimed by its button
    let mut h = tick_tack();
    let mover = throw_a_hit(&mut h);
    let going_in = h.state().session().game().hit_loses_two();
    h.get_by_label("Claim a hit  (C)").click();
    h.run();
    // Then the board keeps the hit to ring: the man who hit, the lone man, the die
    let mark = h
        .state()
        .last_play()
        .scored()
        .expect("the score is marked")
        .clone();
    assert_eq!(mark.thrower, mover);
    let (from, to, dice) = mark.hit().expect("the hit's men are marked");
    assert!(from > to && !dice.is_empty());
    let lone = h
        .state()
        .session()
        .game()
        .position_for(mover)
        .at(usize::from(to));
    assert_eq!(lone, -1, "the lone man reached is rung where he stands");
    // And the story says it in words
    let told: Vec<String> = h
        .state()
        .session()
        .log()
        .iter()
        .map(|e| e.words.clone())
        .collect();
    let want = if going_in {
        "took the hit"
    } else {
        "lone man on"
    };
    assert!(
        told.iter()
            .any(|t| t.contains(want) && t.contains(" with the ")),
        "{told:#?}"
    );
}

/// Issue 58, item 4: the rules window says what the engine counts, in Cotton's words, and
/// marks Gamester's own readings; and the touch of touch and take, where a newcomer reads it
/// (each looked for between the words the window links to the glossary).
#[test]
fn the_rules_window_gives_cottons_reading_of_the_hit_and_the_touch() {
    let mut h = tick_tack();
    h.get_by_label("The rules of this game, explained").click();
    h.run();
    for words in [
        "you lose two irrecoverably",
        "eager prosecution of a",
        "'s play than before the ",
        "picked up must be played",
        "Gamester's own reading",
    ] {
        assert!(
            h.query_all_by_label_contains(words).next().is_some(),
            "{words}: {:?}",
            shown(&h)
        );
    }
}

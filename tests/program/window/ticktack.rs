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

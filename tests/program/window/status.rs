//! The status line tells the truth: which die cannot be played and why, never "has played" a
//! die that was not, and a click on a man before the throw says to throw first.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use gamester::ui::GamesterApp;
use gamester_core::players::Seats;
use gamester_core::session::Session;
use gamester_rules::tables::{
    Action, BearOff, Layout, LoadedDice, Opening, Phase, Position, Preset, Rules, Side, Step, Tally,
};

use super::support;
use support::*;

/// A window whose game of Irish starts from `position` (White's view), White winning the
/// throw-off and then throwing `throw`.
fn window_at(position: &str, throw: [u8; 2]) -> Harness<'static, GamesterApp> {
    window_with(Rules::preset(Preset::Irish), position, throw)
}

/// [`window_at`] under `rules`.
fn window_with(mut rules: Rules, position: &str, throw: [u8; 2]) -> Harness<'static, GamesterApp> {
    let pos: Position = position.parse().unwrap();
    rules.layout = Layout::Custom(pos.to_setup(Side::White));
    rules.opening = Opening::ThrowAgain;
    let dice = LoadedDice::new(&[6, 1, throw[0], throw[1]]);
    let session =
        Session::new(rules, Seats::two_people(), Tally::default(), Box::new(dice)).unwrap();
    let mut h = harness(1, two_people());
    h.run();
    *h.state_mut().session_mut() = session;
    h.run();
    h
}

fn status(h: &Harness<'static, GamesterApp>) -> String {
    h.state().session().status()
}

#[test]
fn a_die_that_cannot_enter_is_named_with_the_point_that_holds_it() {
    // Given White with two men on the bar, and Black holding his sice point but not his cinque
    let mut h = window_at("bar:2 1:13 / 6:2 1:13", [6, 5]);
    h.get_by_label("Throw  (Space)").click();
    h.run();
    h.get_by_label("Throw  (Space)").click();
    h.run();
    assert_eq!(h.state().session().game().phase(), Phase::Playing);
    // When White enters one man with the cinque, the only step the throw allows
    let steps = h.state().session().game().allowed_steps();
    assert_eq!(steps, vec![Step::new(25, 5).unwrap()]);
    let from = h.state().screen_pos(Side::White, 25).unwrap();
    let to = h.state().screen_pos(Side::White, 20).unwrap();
    click_at(&mut h, from);
    click_at(&mut h, to);
    // Then the status line says which die is lost and why, in the board's words
    let text = status(&h);
    assert!(
        text.contains(
            "the sice cannot be played: Black's sice point, where it would enter, is held"
        ),
        "{text}"
    );
    assert!(!text.contains("has played sice"), "{text}");
    // (The window links the period words, "sice", "point" and "enter", so the line is in
    // pieces.)
    for piece in [" cannot be played: Black's ", ", where it would "] {
        assert!(
            h.query_by_label_contains(piece).is_some(),
            "the window shows {piece:?}"
        );
    }
}

#[test]
fn a_die_with_nowhere_to_go_says_every_point_is_held_and_why_none_bears_off() {
    // Given White entering one man with the cinque, then no sice for any man: the point six in
    // front of him is held, and his men on the ace point may not bear off while he is out
    let mut h = window_at("bar:1 1:14 / 6:2 11:2 1:11", [6, 5]);
    h.get_by_label("Throw  (Space)").click();
    h.run();
    h.get_by_label("Throw  (Space)").click();
    h.run();
    h.state_mut()
        .session_mut()
        .apply(Action::Step(Step::new(25, 5).unwrap()))
        .unwrap();
    h.run();
    let text = status(&h);
    assert!(
        text.contains(
            "the sice cannot be played: every point it would carry a man to is held, and no man \
             may be borne off until all fifteen are home"
        ),
        "{text}"
    );
}

#[test]
fn the_last_man_borne_off_ends_the_game_at_once() {
    // Given White with one man left, on his cinque point, and a throw of cinque and cater
    let mut h = window_at("5:1 / 19:15", [5, 4]);
    throw_until_playing(&mut h);
    assert_eq!(h.state().session().game().turn(), Side::White);
    // When he bears the man off with the cinque, by two clicks
    let from = h.state().screen_pos(Side::White, 5).unwrap();
    click_at(&mut h, from);
    let off = h.state().screen_pos(Side::White, 0).unwrap();
    click_at(&mut h, off);
    // Then the game is over at once, with no die to lift and nothing said to be held
    let game = h.state().session().game();
    assert!(game.is_over(), "the game ended: {}", status(&h));
    assert_eq!(game.outcome().unwrap().winner, Some(Side::White));
    let text = status(&h);
    assert!(!text.contains("held"), "{text}");
    assert!(!text.contains("Lift"), "{text}");
}

#[test]
fn a_die_that_bears_none_off_by_the_exact_rule_says_so_and_nothing_of_held_points() {
    // Given White with his last men on his ace and cinque points, bearing off only by the
    // exact number, and a throw of sice and cinque
    let mut rules = Rules::preset(Preset::Irish);
    rules.bear_off = BearOff::Exact;
    let mut h = window_with(rules, "1:1 5:1 / 19:15", [6, 5]);
    throw_until_playing(&mut h);
    // When the cinque bears off the man on the cinque point
    h.state_mut()
        .session_mut()
        .apply(Action::Step(Step::new(5, 5).unwrap()))
        .unwrap();
    h.run();
    // Then the sice cannot be played, and the status line says why, truly
    let text = status(&h);
    assert!(
        text.contains(
            "the sice cannot be played: every man stands nearer home than a sice carries, and a \
             sice bears no man off by this game's rule"
        ),
        "{text}"
    );
    assert!(!text.contains("held"), "{text}");
}

#[test]
fn a_man_clicked_before_the_throw_says_to_throw_first() {
    // Given a new game waiting for the throw-off
    let mut h = harness(2, two_people());
    h.run();
    assert!(h.state().session().game().waits_for_dice());
    // When a man is clicked
    let at = h.state().screen_pos(Side::White, 6).unwrap();
    click_at(&mut h, at);
    // Then the window says to throw first
    assert!(
        h.query_by_label_contains("Throw first").is_some(),
        "a click on a man before the throw says to throw first"
    );
    // And once the dice are thrown, the advice is gone
    h.get_by_label("Throw  (Space)").click();
    h.run();
    assert!(h.query_by_label_contains("Throw first").is_none());
}

#[test]
fn an_old_error_lapses_once_the_game_moves_on() {
    // Given a game against the computer, the computer about to play its turn
    let settings = gamester::ui::Settings {
        speed: gamester::ui::shell::settings::Speed::Instant,
        ..gamester::ui::Settings::default()
    };
    let mut h = harness(4, settings);
    h.run();
    for _ in 0..2000 {
        if h.state().computer_thinking() {
            break;
        }
        let game = h.state().session().game().clone();
        let person = !matches!(
            h.state().session().seats().seat(game.turn()).players[0].controller,
            gamester_core::players::Controller::Computer(_)
        );
        if person || game.phase() == Phase::ThrowOff {
            let session = h.state_mut().session_mut();
            if game.waits_for_dice() {
                let _ = session.throw();
            } else if let Some(play) = game.legal_plays().first() {
                session.apply_play(play).unwrap();
            }
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(h.state().computer_thinking());
    // And an error on the message line (a file that could not be opened)
    let missing = std::env::temp_dir().join("gamester-no-such-game.ron");
    h.state_mut().open_file(missing);
    while h.state().opening().is_some() {
        h.step();
    }
    assert!(
        h.state()
            .message()
            .is_some_and(|m| m.kind == gamester::ui::shell::message::Kind::Error)
    );
    let said_at = h.state().session().game().record().len();
    // When the computer plays on (and, should it have finished its play in the very frame the
    // error came, the person throws)
    wait_for_person(&mut h);
    h.run();
    if h.state().session().game().record().len() == said_at {
        h.get_by_label("Throw  (Space)").click();
        h.run();
    }
    assert!(h.state().session().game().record().len() > said_at);
    // Then the old error is gone: it told of a moment that has passed
    assert_eq!(h.state().message(), None);
}

#[test]
fn the_status_line_says_who_won_the_throw_off_with_what_and_which_side_is_yours() {
    use gamester_core::level::Level;
    // Given a person (White) against the computer, the throw-off thrown (issue 57, item 10)
    for seed in 1..30 {
        let settings = gamester::ui::Settings {
            table: Seats::against_computer(Level::Fair),
            ..gamester::ui::Settings::default()
        };
        let mut h = harness(seed, settings);
        h.run();
        h.get_by_label("Throw  (Space)").click();
        h.run();
        let game = h.state().session().game().clone();
        let Some((white, black)) = game.record().iter().find_map(|a| match *a {
            Action::ThrowOff { white, black } if white != black => Some((white, black)),
            _ => None,
        }) else {
            continue;
        };
        if white <= black {
            continue;
        }
        // Then, when he won it, the status line says so, with both dice, and that he is White
        let face = gamester_core::teaching::terms::face_name;
        let said = status(&h);
        assert!(
            said.starts_with(&format!(
                "You won the throw-off, {} against {}: you play White. ",
                face(white),
                face(black)
            )),
            "{said}"
        );
        // And once his first play is done, it says no more of it
        throw_until_playing(&mut h);
        let play = h.state().session().game().legal_plays()[0];
        h.state_mut().session_mut().apply_play(&play).unwrap();
        h.run();
        assert!(!status(&h).contains("throw-off"), "{}", status(&h));
        return;
    }
    panic!("the person never won the throw-off");
}

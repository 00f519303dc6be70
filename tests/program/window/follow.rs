#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Every play can be followed (issue 10, item 2): the men of the computer's play, of a play
//! made by clicks and of a replay's turn on slide step by step; a click or a key skips; the speed
//! is chosen in the View menu (instant: no animation); the last play stays marked, with its
//! dice, until the next throw; a play made while the window is busy or hidden is still shown.
use super::support;
use support::*;

use egui::{Event, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use gamester::ui::shell::settings::Speed;
use gamester::ui::{GamesterApp, Settings};
use gamester_core::level::Level;
use gamester_core::players::{Colour, Controller};
use gamester_rules::tables::{Action, Side, Step};

/// The seed of a game whose computer (Black) makes a play of two steps at its first turn.
const SEED: u64 = 4;

/// A person (White) against the computer, the person's first play made (or the computer's first
/// play shown), stepped on until the computer has just made its play: its men start to slide.
fn the_computer_has_just_played(h: &mut Harness<'static, GamesterApp>) {
    h.run();
    loop {
        throw_until_playing(h);
        if h.state().session().game().turn() == Side::White {
            break;
        }
        wait_for_person(h);
        h.run();
    }
    let play = h.state().session().game().legal_plays()[0];
    h.state_mut().session_mut().apply_play(&play).unwrap();
    wait_for_person(h);
}

/// The steps of the last play in the record: those after the last throw, less those undone.
fn last_steps(h: &Harness<'static, GamesterApp>) -> Vec<Step> {
    let record = h.state().session().game().record();
    let from = record
        .iter()
        .rposition(|a| matches!(a, Action::Throw(_)))
        .unwrap();
    let mut steps = Vec::new();
    for action in &record[from..] {
        match action {
            Action::Step(s) => steps.push(*s),
            Action::Undo => {
                steps.pop();
            }
            _ => {}
        }
    }
    steps
}

/// The men as the game stands, seen from the side at the bottom (White here).
fn final_men(h: &Harness<'static, GamesterApp>) -> gamester_rules::tables::Position {
    h.state().session().game().position_for(Side::White)
}

fn press(h: &mut Harness<'static, GamesterApp>, pos: Pos2, pressed: bool) {
    h.event(Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    });
}

#[test]
fn the_computers_play_slides_step_by_step() {
    // Given a person against the computer
    let mut h = harness(SEED, Settings::default());
    // When the computer makes its play
    the_computer_has_just_played(&mut h);
    assert!(last_steps(&h).len() >= 2, "a play of several steps");
    // Then its men slide: the men drawn are not yet where the game stands
    assert!(h.state().sliding(), "the computer's men slide");
    assert_ne!(h.state().men_drawn(), final_men(&h));
    h.step();
    h.step();
    assert!(
        h.state().sliding(),
        "a step takes a time a person can follow"
    );
    assert_ne!(h.state().men_drawn(), final_men(&h));
    // And after enough time they stand where the game stands
    h.run();
    assert!(!h.state().sliding());
    assert_eq!(h.state().men_drawn(), final_men(&h));
}

#[test]
fn the_computer_never_acts_while_a_play_is_still_being_shown() {
    // Given the computer at both sides of the table
    let mut settings = Settings::default();
    settings.table.white.players[0].controller = Controller::Computer(Level::Novice);
    let mut h = harness(SEED, settings);
    h.step();
    // When the sides play on for six turns more, frame by frame (the computer thinks on its
    // own thread: how far the game is when the window first settles, and how many frames six
    // turns take, hang on the threads, so the bound is generous and in wall time)
    let start = h.state().session().game().turns();
    let mut slides = 0;
    let mut record_when_shown = None;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while std::time::Instant::now() < deadline {
        h.step();
        let len = h.state().session().game().record().len();
        if h.state().sliding() {
            slides += usize::from(record_when_shown.is_none());
            // Then while a play slides, nobody throws or plays
            let at = *record_when_shown.get_or_insert(len);
            assert_eq!(len, at, "the computer acted while its play was shown");
        } else {
            record_when_shown = None;
        }
        if h.state().session().game().turns() >= start + 6 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    // And the plays were shown: every turn's play slid but perhaps the last, which the loop
    // leaves as it is made (the count of slides, not of frames, which hang on the threads)
    assert!(slides >= 5, "the plays were shown ({slides} slides)");
    assert!(
        h.state().session().game().turns() >= start + 6,
        "the game went on"
    );
}

#[test]
fn a_click_on_the_board_skips_the_slide() {
    let mut h = harness(SEED, Settings::default());
    the_computer_has_just_played(&mut h);
    assert!(h.state().sliding());
    // When the person clicks on the board (on his empty 12 point)
    let spot = h.state().screen_pos(Side::White, 12).unwrap();
    click_at(&mut h, spot);
    // Then the men stand at once where the game stands
    assert!(!h.state().sliding());
    assert_eq!(h.state().men_drawn(), final_men(&h));
}

#[test]
fn a_key_skips_the_slide() {
    let mut h = harness(SEED, Settings::default());
    the_computer_has_just_played(&mut h);
    assert!(h.state().sliding());
    h.key_press(egui::Key::Escape);
    h.step();
    assert!(!h.state().sliding());
    assert_eq!(h.state().men_drawn(), final_men(&h));
}

#[test]
fn the_speed_is_chosen_in_the_view_menu_and_instant_does_not_animate() {
    let mut h = harness(SEED, Settings::default());
    h.run();
    assert_eq!(
        h.state().settings().speed,
        Speed::Normal,
        "normal by default"
    );
    // When instant is chosen in the View menu
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("instant").click();
    h.run();
    assert_eq!(h.state().settings().speed, Speed::Instant);
    h.key_press(egui::Key::Escape);
    h.run();
    // Then the computer's play stands at once
    the_computer_has_just_played(&mut h);
    assert!(!h.state().sliding());
    assert_eq!(h.state().men_drawn(), final_men(&h));
    // And slow is slower than normal: the same play is still sliding later on
    let mut slow = harness(
        SEED,
        Settings {
            speed: Speed::Slow,
            ..Settings::default()
        },
    );
    let mut normal = harness(SEED, Settings::default());
    the_computer_has_just_played(&mut slow);
    the_computer_has_just_played(&mut normal);
    let mut frames = [0; 2];
    for (i, h) in [&mut slow, &mut normal].into_iter().enumerate() {
        while h.state().sliding() {
            h.step();
            frames[i] += 1;
        }
    }
    assert!(
        frames[0] > frames[1],
        "slow {} normal {}",
        frames[0],
        frames[1]
    );
}

#[test]
fn the_last_play_stays_marked_with_its_dice_until_the_next_throw() {
    let mut h = harness(SEED, Settings::default());
    the_computer_has_just_played(&mut h);
    h.run();
    // Then the computer's steps are marked, each from where the man came to where he went
    let steps = last_steps(&h);
    let marks: Vec<Step> = h
        .state()
        .last_play()
        .marks()
        .iter()
        .map(|m| m.step)
        .collect();
    assert_eq!(marks, steps);
    assert!(
        h.state()
            .last_play()
            .marks()
            .iter()
            .all(|m| m.side == Side::Black)
    );
    // And its dice stay on its side of the table (the top side's, left of the bar)
    let game = h.state().session().game();
    let Some(Action::Throw(throw)) = game
        .record()
        .iter()
        .rev()
        .find(|a| matches!(a, Action::Throw(_)))
    else {
        panic!("the computer threw");
    };
    let dice = h.state().resting_dice();
    let faces: Vec<u8> = dice.iter().map(|(d, _)| d.face).collect();
    assert_eq!(faces, throw.faces());
    let black = h.state().session().seats().black.colour;
    assert!(
        dice.iter()
            .all(|(d, _)| d.colour == black && d.at.x < 380.0)
    );
    // Still there a while later
    for _ in 0..8 {
        h.step();
    }
    assert_eq!(h.state().last_play().marks().len(), steps.len());
    assert_eq!(h.state().resting_dice().len(), faces.len());
    // When the person throws, the marks go and his own dice show
    h.get_by_label("Throw  (Space)").click();
    h.run();
    assert!(h.state().last_play().marks().is_empty());
    let white: Colour = h.state().session().seats().white.colour;
    assert!(
        h.state()
            .resting_dice()
            .iter()
            .all(|(d, _)| d.colour == white)
    );
}

#[test]
fn a_play_by_clicks_slides_and_a_play_by_dragging_does_not() {
    // Given two people at one screen, White to play
    let mut h = harness(11, two_people());
    h.run();
    throw_until_playing(&mut h);
    let game = h.state().session().game().clone();
    let mover = game.turn();
    let play = game
        .legal_plays()
        .into_iter()
        .max_by_key(|p| p.steps.len())
        .unwrap();
    let steps: Vec<Step> = play.steps.iter().collect();
    // When a man is played by clicking him and his point
    let from = h.state().screen_pos(mover, steps[0].from()).unwrap();
    click_at(&mut h, from);
    let to = h.state().screen_pos(mover, steps[0].to()).unwrap();
    h.hover_at(to);
    press(&mut h, to, true);
    press(&mut h, to, false);
    h.step();
    // Then he slides there
    assert!(h.state().sliding());
    h.run();
    assert!(!h.state().sliding());
    assert_eq!(h.state().men_drawn(), final_men(&h));
    // When the next man is dragged to his point
    let from = h.state().screen_pos(mover, steps[1].from()).unwrap();
    let to = h.state().screen_pos(mover, steps[1].to()).unwrap();
    h.hover_at(from);
    press(&mut h, from, true);
    h.step();
    for k in 1..=6 {
        h.hover_at(from + (to - from) * (k as f32 / 6.0));
        h.step();
    }
    press(&mut h, to, false);
    h.step();
    // Then he stands there at once, and both steps are marked
    assert_eq!(h.state().session().game().steps_played(), steps[..2]);
    assert!(!h.state().sliding(), "the person's hand carried him");
    assert_eq!(h.state().last_play().marks().len(), 2);
}

#[test]
fn a_replays_turn_on_slides_the_play_and_marks_it() {
    // Given a game two plays in, replayed and stepped back a turn
    let mut h = harness(21, two_people());
    h.run();
    play_first_plays(&mut h, 2);
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Replay this game, turn by turn").click();
    h.run();
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    // When the replay steps a turn on
    h.key_press(egui::Key::ArrowRight);
    h.step();
    // Then the play slides, and is marked once shown
    assert!(h.state().sliding());
    assert_ne!(
        h.state().men_drawn(),
        h.state().shown().game().position_for(Side::White)
    );
    h.run();
    assert!(!h.state().sliding());
    assert_eq!(
        h.state().men_drawn(),
        h.state().shown().game().position_for(Side::White)
    );
    assert_eq!(h.state().last_play().marks().len(), last_steps(&h).len());
    // And a turn back shows the men at once
    h.key_press(egui::Key::ArrowLeft);
    h.step();
    assert!(!h.state().sliding());
}

#[test]
fn a_play_made_while_the_window_is_busy_or_hidden_is_shown_in_full() {
    let mut h = harness(SEED, Settings::default());
    // When the computer plays, and the window is then busy for a minute before its next frame
    the_computer_has_just_played(&mut h);
    h.step();
    assert!(h.state().sliding());
    let now = h.ctx.input(|i| i.time);
    h.input_mut().time = Some(now + 60.0);
    h.step();
    h.input_mut().time = None;
    // Then the men go on sliding from where they were
    assert!(
        h.state().sliding(),
        "a stalled frame does not skip the play"
    );
    assert_ne!(h.state().men_drawn(), final_men(&h));
    // When the window is hidden, the men wait for it
    set_minimized(&mut h, true);
    for _ in 0..20 {
        h.step();
    }
    assert!(h.state().sliding(), "hidden, the play waits to be seen");
    assert_ne!(h.state().men_drawn(), final_men(&h));
    // And when it shows again the play goes on to its end
    set_minimized(&mut h, false);
    h.step();
    assert!(h.state().sliding());
    h.run();
    assert!(!h.state().sliding());
    assert_eq!(h.state().men_drawn(), final_men(&h));
}

fn set_minimized(h: &mut Harness<'static, GamesterApp>, minimized: bool) {
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .minimized = Some(minimized);
}

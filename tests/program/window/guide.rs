//! The first-game guide sits beside the board, never over the men or the table it talks
//! about; it waits on "Moving the men" until the person has moved; Back shows the previous
//! step even when the game has already done what that step waits for.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::Rect;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use gamester::ui::{GamesterApp, Settings};
use gamester_rules::tables::{Action, Side};

use super::support;
use support::*;

fn open_the_guide(h: &mut Harness<'static, GamesterApp>) {
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("First game guide").click();
    h.run();
}

/// The table as drawn: the span of every point of both sides, the bars and the trays.
fn board_rect(h: &Harness<'static, GamesterApp>) -> Rect {
    let mut r = Rect::NOTHING;
    for side in Side::BOTH {
        for p in 0..=25u8 {
            r.extend_with(h.state().screen_pos(side, p).unwrap());
        }
    }
    r
}

#[test]
fn the_guide_never_covers_the_board() {
    for size in [egui::vec2(1280.0, 820.0), egui::vec2(1024.0, 600.0)] {
        let mut h = harness(8, two_people());
        h.set_size(size);
        h.run();
        open_the_guide(&mut h);
        let board = board_rect(&h);
        for _ in 0..4 {
            let text = h.get_by_label_contains("First game guide: ").rect();
            let next = h.get_by_label("Next").rect();
            for r in [text, next] {
                assert!(
                    !r.intersects(board),
                    "at {size:?} the guide at {r:?} covers the board at {board:?}"
                );
            }
            h.get_by_label("Next").click();
            h.run();
        }
    }
}

#[test]
fn back_shows_the_previous_step_even_once_it_is_done() {
    let mut h = harness(8, two_people());
    h.run();
    open_the_guide(&mut h);
    for _ in 0..2 {
        h.get_by_label("Next").click();
        h.run();
    }
    assert!(h.query_by_label_contains("The throw-off (3/8)").is_some());
    h.get_by_label("Throw  (Space)").click();
    h.run();
    h.run();
    assert!(h.query_by_label_contains("Moving the men (4/8)").is_some());
    // When Back is pressed, the throw-off step is shown, though the throw-off is thrown
    h.get_by_label("Back").click();
    h.run();
    h.run();
    assert!(
        h.query_by_label_contains("The throw-off (3/8)").is_some(),
        "Back went to the throw-off step and stays there"
    );
    // And Next moves on again
    h.get_by_label("Next").click();
    h.run();
    assert!(h.query_by_label_contains("Moving the men (4/8)").is_some());
}

#[test]
fn the_guide_waits_on_moving_the_men_until_the_person_has_moved() {
    // Given a game against the computer in which the computer wins the throw-off and plays
    for seed in 1..40 {
        let mut h = harness(seed, Settings::default());
        h.run();
        open_the_guide(&mut h);
        for _ in 0..2 {
            h.get_by_label("Next").click();
            h.run();
        }
        h.get_by_label("Throw  (Space)").click();
        h.run();
        let game = h.state().session().game();
        let computer_began = matches!(game.record().first(), Some(Action::ThrowOff { white, black }) if black > white);
        if !computer_began {
            continue;
        }
        wait_for_person(&mut h);
        h.run();
        // Then, the computer having played, the guide still waits for the person's move
        assert!(
            h.query_by_label_contains("Moving the men (4/8)").is_some(),
            "seed {seed}: the guide moved on before the person moved"
        );
        // And once the person has played, it moves on
        throw_until_playing(&mut h);
        let play = h.state().session().game().legal_plays()[0];
        h.state_mut().session_mut().apply_play(&play).unwrap();
        h.run();
        h.run();
        assert!(h.query_by_label_contains("Moving the men (4/8)").is_none());
        return;
    }
    panic!("no seed let the computer begin");
}

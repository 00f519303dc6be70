//! The first-game guide sits beside the board, never over the men or the table it talks
//! about; it follows the game for a person who never presses Next, to its end; it waits on
//! "Moving the men" until the person has moved; Back shows the previous step even when the
//! game has already done what that step waits for; its buttons stay in view at 800×600.
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

#[test]
fn the_guide_follows_a_person_who_never_presses_next_to_the_games_end() {
    // Given the guide open on a new game, at its first step
    let mut h = harness(8, two_people());
    h.run();
    open_the_guide(&mut h);
    assert!(h.query_by_label_contains("The tables (1/8)").is_some());
    // When the person throws off without pressing Next
    h.get_by_label("Throw  (Space)").click();
    h.run();
    h.run();
    // Then the guide has caught up with the game: it tells of moving the men
    assert!(
        h.query_by_label_contains("Moving the men (4/8)").is_some(),
        "the guide stayed behind the throw-off: {:?}",
        shown(&h)
            .into_iter()
            .filter(|t| t.starts_with("First game guide"))
            .collect::<Vec<_>>()
    );
    // And once both sides have played, it has gone past moving the men
    play_first_plays(&mut h, 2);
    h.run();
    assert!(h.query_by_label_contains("Moving the men (4/8)").is_none());
    assert!(h.query_by_label_contains("First game guide: ").is_some());
    // And when the game is played to its end, the guide comes to its last step
    for _ in 0..2000 {
        let game = h.state().session().game().clone();
        if game.is_over() {
            break;
        }
        let session = h.state_mut().session_mut();
        if session.throw().is_ok() {
            continue;
        }
        if let Some(play) = game.legal_plays().first() {
            session.apply_play(play).unwrap();
        } else if let Some(&choice) = game.choices().iter().find(|c| !matches!(c, Action::Double)) {
            session.apply(choice).unwrap();
        }
    }
    assert!(h.state().session().game().is_over());
    h.run();
    h.run();
    assert!(
        h.query_by_label_contains("Winning (8/8)").is_some(),
        "the guide did not follow the game to its end"
    );
}

#[test]
fn at_800_by_600_the_guides_buttons_are_in_view_and_answer_a_click() {
    let mut h = harness(8, two_people());
    h.set_size(egui::vec2(800.0, 600.0));
    h.run();
    open_the_guide(&mut h);
    h.run();
    let zoom = h.ctx.zoom_factor();
    let window = h.ctx.content_rect();
    for label in ["Next", "Close the guide"] {
        let r = h.get_by_label(label).rect();
        assert!(
            window.contains_rect(r),
            "{label} at {r:?} is out of the window {window:?} (zoom {zoom})"
        );
    }
    // And Next is above the story, not scrolled below the fold of the guide's box
    let story = shown(&h)
        .into_iter()
        .find(|t| t.starts_with("Irish"))
        .unwrap();
    let story = h.get_by_label(&story).rect();
    let next = h.get_by_label("Next").rect();
    assert!(
        next.bottom() <= story.top(),
        "Next at {next:?} is below the fold, under the story's title at {story:?}"
    );
    // A click where Next is drawn (not through the screen reader) moves the guide on
    let next = h.get_by_label("Next").rect().center();
    click_at(&mut h, next);
    h.run();
    assert!(
        h.query_by_label_contains("The array of the men (2/8)")
            .is_some(),
        "a click on Next at {next:?} did not reach it"
    );
}

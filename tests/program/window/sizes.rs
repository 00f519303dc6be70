//! Small and large windows: at 800×600 and 1024×600 the board keeps most of the width (the
//! story folds into a drawer) and no name on it is drawn below a legible size; at 2560×1440
//! nothing is tiny.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui_kittest::kittest::Queryable;

use gamester::ui::tables::board_view::MIN_TEXT;

use super::support;
use support::*;

#[test]
fn the_board_keeps_most_of_a_small_window_and_its_names_stay_legible() {
    for (w, h_) in [(800.0, 600.0), (1024.0, 600.0), (2560.0, 1440.0)] {
        let mut h = harness(3, two_people());
        h.set_size(egui::vec2(w, h_));
        h.run();
        h.run();
        // (Rectangles are in points; the window grows its words on a large screen, so a point
        // is `zoom` pixels.)
        let zoom = h.ctx.zoom_factor();
        let (board, text) = h.state().board_drawn().unwrap();
        assert!(
            board.width() * zoom >= 0.55 * w,
            "at {w}×{h_} the board is {} wide",
            board.width() * zoom
        );
        assert!(text >= MIN_TEXT, "at {w}×{h_} the points' names are {text}");
        // The buttons stay in the window
        let throw = h.get_by_label("Throw  (Space)").rect();
        assert!(
            throw.right() * zoom <= w && throw.bottom() * zoom <= h_,
            "{throw:?}"
        );
    }
}

#[test]
fn the_story_opens_as_a_drawer_on_a_small_window() {
    let mut h = harness(3, two_people());
    h.set_size(egui::vec2(800.0, 600.0));
    h.run();
    assert!(h.query_by_label("The play").is_none(), "folded at first");
    h.get_by_label("The story…").click();
    h.run();
    h.run();
    assert!(h.query_by_label("The play").is_some(), "the story is open");
    h.get_by_label("Hide the story").click();
    h.run();
    h.run();
    let (board, _) = h.state().board_drawn().unwrap();
    assert!(board.width() >= 0.55 * 800.0);
}

/// The height of the Throw button on a window of this size, after a few frames.
fn throw_height(w: f32, h_: f32) -> f32 {
    let mut h = harness(3, two_people());
    h.set_size(egui::vec2(w, h_));
    for _ in 0..3 {
        h.run();
    }
    h.get_by_label("Throw  (Space)").rect().height() * h.ctx.zoom_factor()
}

#[test]
fn on_a_large_window_the_words_grow_with_the_board() {
    let laptop = throw_height(1280.0, 820.0);
    let large = throw_height(2560.0, 1440.0);
    assert!(
        large >= 1.4 * laptop,
        "the Throw button is {large} high at 2560×1440 and {laptop} at 1280×820"
    );
}

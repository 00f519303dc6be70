//! The status line's thinking sign, drawn on a row of a chosen room.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

const WORDS: &str = "the computer is thinking…";

/// The status line's row as drawn with `used` points of its 400 taken before the thinking
/// sign: the row's height, and the harness to ask what it shows.
fn row(used: f32) -> (f32, Harness<'static, f32>) {
    let mut h = Harness::builder()
        .with_size(egui::vec2(600.0, 200.0))
        .build_ui_state(
            move |ui, height: &mut f32| {
                ui.set_max_width(400.0);
                let row = ui.horizontal_wrapped(|ui| {
                    ui.add_space(used);
                    super::thinking(ui);
                });
                *height = row.response.rect.height();
            },
            0.0,
        );
    // (Stepped, not run to rest: the spinner turns for ever.)
    for _ in 0..3 {
        h.step();
    }
    (*h.state(), h)
}

#[test]
fn the_thinking_sign_never_wraps_the_status_line_and_always_says_its_words() {
    // Given a status line with room for the spinner and its words
    let (one_line, h) = row(0.0);
    // Then both are shown, the words as a label
    assert!(h.query_by_label(WORDS).is_some());
    // Given a status that leaves room for the spinner but not its words
    let (height, h) = row(330.0);
    // Then the line does not wrap: it is as high as with room for all
    assert!(
        (height - one_line).abs() < 0.5,
        "{height} against {one_line}"
    );
    // And the spinner alone carries the words, for the mouse and for a screen reader
    let spinner = h.get_by_label(WORDS);
    assert_eq!(
        spinner.accesskit_node().role(),
        egui::accesskit::Role::ProgressIndicator
    );
    // Given a status that fills the line
    let (height, h) = row(400.0);
    // Then nothing is added, and the line is not wrapped for it
    assert!(h.query_by_label(WORDS).is_none());
    assert!(height <= one_line + 0.5, "{height} against {one_line}");
}

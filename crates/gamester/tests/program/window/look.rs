//! The board's look (View → The board): the period board builds its wood's grain once and
//! reuses it frame after frame; the menu switches the look; and the points' names stand in the
//! same places, with the same words, in both looks.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::TextureHandle;
use egui_kittest::kittest::Queryable;

use gamester::ui::look::Look;
use gamester::ui::period::wood;
use gamester_rules::tables::Side;

use super::support;
use support::*;

#[test]
fn the_grain_of_the_period_board_is_made_once_for_many_frames() {
    // Given a window showing the period board (the default look)
    let mut h = harness(3, two_people());
    assert_eq!(h.state().settings().look, Look::Period);
    h.run();
    let grain = h
        .ctx
        .data(|d| d.get_temp::<TextureHandle>(wood::cache_id()))
        .expect("the period board keeps its grain texture");
    let textures = h.ctx.tex_manager().read().num_allocated();

    // When it is drawn again and again, and at another size
    for _ in 0..30 {
        h.step();
    }
    h.set_size(egui::vec2(800.0, 600.0));
    h.run();
    for _ in 0..10 {
        h.step();
    }

    // Then no texture was added, and the grain is still the same one
    assert_eq!(h.ctx.tex_manager().read().num_allocated(), textures);
    let again = h
        .ctx
        .data(|d| d.get_temp::<TextureHandle>(wood::cache_id()))
        .unwrap();
    assert_eq!(again.id(), grain.id());
}

#[test]
fn the_view_menu_switches_to_the_plain_board_and_back() {
    // Given the period board
    let mut h = harness(3, two_people());
    h.run();
    assert_eq!(h.state().settings().look, Look::Period);

    // When the plain board is chosen in View → The board
    h.get_by_label("View").click();
    h.run();
    h.get_by_label(Look::Plain.words()).click();
    h.run();

    // Then the look is plain
    assert_eq!(h.state().settings().look, Look::Plain);

    // And choosing the period board again brings it back
    h.get_by_label("View").click();
    h.run();
    h.get_by_label(Look::Period.words()).click();
    h.run();
    assert_eq!(h.state().settings().look, Look::Period);
}

#[test]
fn the_points_names_are_the_same_words_in_the_same_places_in_both_looks() {
    let labels = |look: Look, numbers: bool| {
        let mut settings = two_people();
        settings.look = look;
        settings.numbers = numbers;
        let mut h = harness(3, settings);
        h.run();
        (1..=24u8)
            .map(|pt| h.state().point_label(Side::White, pt).unwrap())
            .collect::<Vec<_>>()
    };
    for numbers in [false, true] {
        // Given the same game, drawn in each look
        let period = labels(Look::Period, numbers);
        let plain = labels(Look::Plain, numbers);
        // Then each point's name is the same, where it was
        assert_eq!(period, plain, "numbers: {numbers}");
    }
}

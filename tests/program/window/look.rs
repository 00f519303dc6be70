//! The board's look (View → The board): the period board builds its wood's grain once and
//! reuses it frame after frame; the menu switches the look; and the points' names stand in the
//! same places, with the same words, in both looks.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::TextureHandle;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use gamester::ui::GamesterApp;
use gamester::ui::tables::look::Look;
use gamester::ui::tables::period::wood;
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

/// Every text the last frame painted.
fn texts(h: &Harness<'static, GamesterApp>) -> Vec<egui::epaint::TextShape> {
    let mut found = Vec::new();
    let mut shapes: Vec<&egui::Shape> = h.output().shapes.iter().map(|c| &c.shape).collect();
    while let Some(shape) = shapes.pop() {
        match shape {
            egui::Shape::Vec(inner) => shapes.extend(inner.iter()),
            egui::Shape::Text(text) => found.push(text.clone()),
            _ => {}
        }
    }
    found
}

/// The points' names as the last frame painted them: each name's words, its font and the
/// rectangle of its text (in points).
fn names_painted(h: &Harness<'static, GamesterApp>) -> Vec<(String, egui::FontId, egui::Rect)> {
    let names: Vec<String> = (1..=24u8)
        .filter_map(|pt| h.state().point_label(Side::White, pt))
        .map(|(_, name)| name)
        .collect();
    texts(h)
        .into_iter()
        .filter(|t| names.contains(&t.galley.text().to_string()))
        .map(|t| {
            let font = t.galley.job.sections[0].format.font_id.clone();
            let rect = t.galley.rect.translate(t.pos.to_vec2());
            (t.galley.text().to_string(), font, rect)
        })
        .collect()
}

/// A window of `size` showing the points' names (as numbers if `numbers`), settled.
fn window_of(size: egui::Vec2, numbers: bool) -> Harness<'static, GamesterApp> {
    let mut settings = two_people();
    settings.numbers = numbers;
    let mut h = harness(3, settings);
    h.set_size(size);
    h.run();
    h.run();
    h
}

/// The size in pixels at which the point's name `name` is painted.
fn pixels_of(h: &Harness<'static, GamesterApp>, name: &str) -> f32 {
    let (_, font, _) = names_painted(h)
        .into_iter()
        .find(|(n, _, _)| n == name)
        .unwrap_or_else(|| panic!("{name} is painted"));
    font.size * h.ctx.zoom_factor()
}

#[test]
fn the_period_words_are_large_enough_to_read_on_a_small_window_and_do_not_overlap() {
    for (size, least) in [
        (egui::vec2(800.0, 600.0), 12.5),
        (egui::vec2(1400.0, 900.0), 18.0),
    ] {
        for look in Look::ALL {
            // Given the period words on the board, on a small and on a large window
            let mut settings = two_people();
            settings.look = look;
            let mut h = harness(3, settings);
            h.set_size(size);
            h.run();
            h.run();
            // Then each word is painted at a size a teacher of the terms can read
            for word in ["ace", "cinque", "sice"] {
                let px = pixels_of(&h, word);
                assert!(px >= least, "{look:?} at {size:?}: {word} is {px} px");
            }
            // And no name runs into its neighbour's
            let painted = names_painted(&h);
            assert_eq!(painted.len(), 24, "{look:?} at {size:?}");
            for (i, (a, _, ra)) in painted.iter().enumerate() {
                for (b, _, rb) in &painted[i + 1..] {
                    assert!(!ra.intersects(*rb), "{a} at {ra:?} runs into {b} at {rb:?}");
                }
            }
        }
    }
}

#[test]
fn the_points_names_grow_with_the_zoom() {
    for size in [egui::vec2(1280.0, 820.0), egui::vec2(1400.0, 900.0)] {
        // Given the board at the usual zoom
        let mut h = window_of(size, false);
        let before = pixels_of(&h, "cater");
        // When the person zooms in from the View menu
        h.get_by_label("View").click();
        h.run();
        h.get_by_label("Larger  (Ctrl +)").click();
        h.run();
        h.run();
        // Then the names are larger on the screen (though the board is a little smaller, for
        // the larger words beside it)
        assert!(h.ctx.zoom_factor() > 1.05, "{}", h.ctx.zoom_factor());
        let after = pixels_of(&h, "cater");
        assert!(
            after >= before * 1.04,
            "at {size:?} the names were {before} px and are {after} px zoomed in"
        );
    }
}

#[test]
fn the_points_numbers_are_written_in_lining_figures() {
    // Given the board with the outer tables' points numbered (as in the period words)
    let h = window_of(egui::vec2(1280.0, 820.0), false);
    // Then the figure one of "11" stands as tall as a capital (lining), not as an x-height
    // (old style, where "11" reads as two dotless i's)
    let mut seen = 0;
    for text in texts(&h).iter().filter(|t| t.galley.text() == "11") {
        let font = text.galley.job.sections[0].format.font_id.clone();
        let capital = h
            .ctx
            .fonts_mut(|f| f.layout_no_wrap("H".into(), font.clone(), egui::Color32::BLACK));
        let capital = capital.rows[0].row.glyphs[0].uv_rect.size.y;
        for row in &text.galley.rows {
            for glyph in &row.row.glyphs {
                let tall = glyph.uv_rect.size.y;
                assert!(
                    tall >= 0.9 * capital,
                    "the figure {:?} is {tall} high beside a capital H of {capital}",
                    glyph.chr
                );
                seen += 1;
            }
        }
    }
    assert!(seen >= 4, "both 11s were painted ({seen} figures seen)");
}

//! Every size from 800×600 up, at every step of View → Larger: nothing of the side panel or
//! the status line is cut off or covered by the board (the board gives way before the words
//! do); and the first window fits the screen it opens on, a 1366×768 laptop's too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::{Rect, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use gamester::ui::{GamesterApp, Settings};

use super::support;
use support::*;

/// Every word the window shows now that a person reads (labels, buttons, links), with where
/// it is drawn.
fn words(h: &Harness<'static, GamesterApp>) -> Vec<(String, Rect)> {
    use egui::accesskit::Role;
    h.query_all(egui_kittest::kittest::By::new())
        .filter(|n| {
            matches!(
                n.accesskit_node().role(),
                Role::Label | Role::Button | Role::Link | Role::CheckBox
            )
        })
        .filter_map(|n| {
            let label = n.accesskit_node().label().or_else(|| n.value())?;
            (!label.trim().is_empty()).then(|| (label, n.rect()))
        })
        .collect()
}

/// The window at `size`, the guide open (so the side panel shows at any width), zoomed in
/// `larger` times by View → Larger's own step.
fn window_at(size: egui::Vec2, larger: usize) -> Harness<'static, GamesterApp> {
    let mut h = harness(8, two_people());
    h.set_size(size);
    h.run();
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("First game guide").click();
    h.run();
    for _ in 0..larger {
        egui::gui_zoom::zoom_in(&h.ctx);
        h.run();
    }
    // The window's pixels stay as they are: at a zoom of z it is 1/z as many points wide and
    // high (the harness is sized in points, so it is sized as the real window would be)
    let zoom = h.ctx.zoom_factor();
    h.set_size(size / zoom);
    for _ in 0..3 {
        h.run();
    }
    h
}

#[test]
fn at_every_size_and_every_step_of_larger_nothing_is_cut_off_or_covered() {
    for (w, h_) in [
        (800.0, 600.0),
        (1024.0, 600.0),
        (1366.0, 768.0),
        (1920.0, 1080.0),
    ] {
        for larger in 0..=5 {
            let h = window_at(vec2(w, h_), larger);
            let zoom = h.ctx.zoom_factor();
            let window = h.ctx.content_rect();
            let (board, _) = h.state().board_drawn().unwrap();
            let at = format!("at {w}×{h_}, Larger ×{larger} (zoom {zoom})");
            let words = words(&h);
            assert!(
                words
                    .iter()
                    .any(|(t, _)| t.starts_with("First game guide: ")),
                "{at}: the guide is not shown"
            );
            for (text, r) in &words {
                // The names on the board are the board's own
                if board.expand(1.0).contains_rect(*r) {
                    continue;
                }
                assert!(
                    r.left() >= window.left() - 0.5 && r.right() <= window.right() + 0.5,
                    "{at}: {text:?} at {r:?} is cut off by the window's edge {window:?}"
                );
                assert!(
                    !r.shrink(1.0).intersects(board),
                    "{at}: the board at {board:?} covers {text:?} at {r:?}"
                );
            }
            // The guide's buttons are in view: in the window, above the story, not scrolled
            // below the fold of the guide's box
            let next = h.get_by_label("Next").rect();
            let (_, story) = words.iter().find(|(t, _)| t.starts_with("Irish")).unwrap();
            assert!(
                window.contains_rect(next) && next.bottom() <= story.top(),
                "{at}: Next at {next:?} is out of view (the story's title is at {story:?})"
            );
            // The status line and the buttons are whole, in the window
            let throw = h.get_by_label("Throw  (Space)").rect();
            assert!(window.contains_rect(throw), "{at}: Throw at {throw:?}");
            // The story's panel ends above the status line, its edge never drawn down across
            // the status and the buttons, and the story's first words are in view in it
            let (Some(status), Some(panel)) = h.state().panels_drawn() else {
                panic!("{at}: the panels were not drawn");
            };
            assert!(
                panel.bottom() <= status.top() + 0.5,
                "{at}: the story's panel {panel:?} runs into the status line's {status:?}"
            );
            let (_, play) = words.iter().find(|(t, _)| t == "The play").unwrap();
            assert!(
                play.bottom() <= panel.bottom() && play.top() >= story.bottom(),
                "{at}: the story's heading at {play:?} is out of its panel {panel:?}"
            );
        }
    }
}

#[test]
fn the_first_window_fits_a_1366_by_768_screen() {
    // The size the window opens at, before it knows its screen, fits a 1366×768 laptop with
    // its panel and the window's title bar
    let first = gamester::ui::viewport(&Settings::default())
        .inner_size
        .unwrap();
    assert!(
        first.x <= 1366.0 - 60.0 && first.y <= 768.0 - 90.0,
        "the first window is {first:?}"
    );
    // And once the screen is known, a window opened larger takes a size that fits it
    let mut h = harness(3, two_people());
    h.set_size(vec2(1280.0, 820.0));
    h.run();
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .monitor_size = Some(vec2(1366.0, 768.0));
    h.run();
    h.run();
    let size = h.ctx.content_rect().size();
    assert!(
        size.x <= 1366.0 - 60.0 && size.y <= 768.0 - 90.0,
        "on a 1366×768 screen the window is {size:?}"
    );
    let throw = h.get_by_label("Throw  (Space)").rect();
    assert!(h.ctx.content_rect().contains_rect(throw), "{throw:?}");
}

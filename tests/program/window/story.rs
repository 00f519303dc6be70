#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The story beside the table over a long game: each frame lays out only the lines in sight,
//! every line is still there when the story is scrolled to it, and a screen reader reads the
//! lines out of sight too.
use super::access::quick;
use super::support;
use support::*;

use egui::accesskit::Role;
use egui::{Event, Modifiers, MouseWheelUnit, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use gamester::ui::GamesterApp;

/// The nodes of laid-out words (text runs) that hold `words`.
fn laid_out(h: &Harness<'static, GamesterApp>, words: &str) -> usize {
    h.query_all(
        egui_kittest::kittest::By::new().predicate(|n| {
            n.role() == Role::TextRun && n.value().is_some_and(|v| v.contains(words))
        }),
    )
    .count()
}

/// The labels that say `line` whole, as a screen reader reads a line out of sight.
fn read_whole(h: &Harness<'static, GamesterApp>, line: &str) -> usize {
    h.query_all(egui_kittest::kittest::By::new().predicate(|n| {
        n.role() == Role::Label
            && (n.label().as_deref() == Some(line) || n.value().as_deref() == Some(line))
    }))
    .count()
}

/// The lines of the story that tell a throw, and how many of them are laid out (each says
/// "throws", a period word, as a link of its own).
fn throws_told(h: &Harness<'static, GamesterApp>) -> (usize, usize) {
    let lines = h.state().session().log();
    let count = lines
        .iter()
        .filter(|l| l.words.contains(" throws "))
        .count();
    let shown = h
        .query_all(
            egui_kittest::kittest::By::new()
                .predicate(|n| n.role() == Role::Link && n.label().as_deref() == Some("throws")),
        )
        .count();
    (count, shown)
}

/// Turns the mouse wheel over the story, `lines` lines up (less than 0: down).
fn wheel(h: &mut Harness<'static, GamesterApp>, lines: f32) {
    let at = h.get_by_label("The play").rect().center() + vec2(0.0, 40.0);
    h.hover_at(at);
    h.event(Event::MouseWheel {
        unit: MouseWheelUnit::Line,
        delta: vec2(0.0, lines),
        modifiers: Modifiers::NONE,
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
    });
    h.run();
}

#[test]
fn a_long_games_story_lays_out_only_the_lines_in_sight_and_shows_each_when_scrolled_to() {
    // Given a game of Irish between two people at the screen, thirty turns played
    let mut h = harness(3, quick(two_people()));
    play_first_plays(&mut h, 30);
    let count = h.state().session().log().len();
    assert!(count > 60, "a long story: {count} lines");
    // (the first line tells the throw-off, the only one to say "and Black an")
    let first = "and Black an";
    let log = h.state().session().log();
    assert!(log[0].words.contains(first), "{}", log[0].words);
    assert!(log[1..].iter().all(|l| !l.words.contains(first)));
    let whole = log[0].words.clone();
    let (throws, shown) = throws_told(&h);
    // Then the story follows its end: its last throw is shown, and the first line, far out of
    // sight above, is not laid out at all, nor most of the throws told
    assert!(shown > 0, "the last throws are shown");
    assert!(shown * 2 < throws, "{shown} of {throws} throws laid out");
    assert_eq!(laid_out(&h, first), 0, "the first line, out of sight");
    // And a screen reader still reads it, whole
    assert_eq!(
        read_whole(&h, &whole),
        1,
        "the first line, read out of sight"
    );
    // When the story is scrolled to its top
    for _ in 0..40 {
        wheel(&mut h, 20.0);
    }
    // Then its first line is there, and only the throws in sight with it
    assert!(laid_out(&h, first) > 0, "the first line, scrolled to");
    assert_eq!(
        read_whole(&h, &whole),
        0,
        "laid out, it is read as it is shown"
    );
    assert!(
        throws_told(&h).1 * 2 < throws,
        "the throws laid out at the top"
    );
    // And back at its end, the last throws are there again and the first line is not
    for _ in 0..40 {
        wheel(&mut h, -20.0);
    }
    assert_eq!(laid_out(&h, first), 0, "the first line, out of sight again");
    assert_eq!(read_whole(&h, &whole), 1, "and read whole again");
    assert!(throws_told(&h).1 > 0, "the last throws, shown again");
}

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The Hint at a cube decision (headless): H, before the throw, gives what to do with the cube
//! in words, the three values and, in a match, each one's chances to win the match, said to
//! the screen reader too; the taker's answer is hinted from his side.

use super::support;
use support::*;

use std::path::Path;

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use gamester::ui::GamesterApp;
use gamester_core::players::Seats;
use gamester_core::save::{self, SaveFile};
use gamester_core::session::Session;
use gamester_rules::tables::{Action, Layout, Opening, Phase, Position, Preset, Rules, Side};

/// Writes to `path` a game between two people of modern backgammon with the cube, in a match
/// to `match_to` (0: for stakes), from `position` (White's view), White to throw.
fn write_race(path: &Path, match_to: u16, position: &str) {
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.match_to = match_to;
    let pos: Position = position.parse().unwrap();
    rules.layout = Layout::Custom(pos.to_setup(Side::White));
    rules.opening = Opening::ThrowAgain;
    let mut session = Session::new(
        rules,
        Seats::two_people(),
        Default::default(),
        Box::new(gamester_rules::tables::FairDice::seeded(1)),
    )
    .unwrap();
    session
        .apply(Action::ThrowOff { white: 6, black: 1 })
        .unwrap();
    let file = SaveFile::from_game(session.game(), session.seats());
    save::write_atomic(path, &file).unwrap();
}

fn open(h: &mut Harness<'static, GamesterApp>, path: &Path) {
    h.state_mut().open_file(path.to_path_buf());
    finish_opening(h);
    if h.query_by_label("Leave it and open the saved game")
        .is_some()
    {
        h.get_by_label("Leave it and open the saved game").click();
        h.run();
    }
}

/// Runs the window until the cube hint is shown.
fn wait_for_the_hint(h: &mut Harness<'static, GamesterApp>) {
    // As long as a loaded machine needs, up to four minutes: only a hint that never comes fails.
    let began = std::time::Instant::now();
    while began.elapsed() < std::time::Duration::from_secs(240) {
        if h.query_by_label("Hint: what to do with the cube").is_some() {
            return;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("no cube hint came");
}

/// The text of the label shown (not the screen reader's live region) that contains `part`.
fn shown_line(h: &Harness<'static, GamesterApp>, part: &str) -> Option<String> {
    h.query_all_by_label_contains(part)
        .filter(|n| n.accesskit_node().role() != egui::accesskit::Role::Status)
        .find_map(|n| {
            let node = n.accesskit_node();
            node.value().or_else(|| node.label())
        })
}

fn announced(h: &Harness<'static, GamesterApp>) -> String {
    h.query_by_role(egui::accesskit::Role::Status)
        .and_then(|n| n.accesskit_node().label())
        .unwrap_or_default()
}

#[test]
fn h_before_the_throw_gives_the_cube_hint_in_words_with_the_chances_to_win_the_match() {
    // Given a match to 5, White far ahead in a race (two men on his ace point against
    // Black's seven men still to come home), White to throw with the cube in the middle
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("race.ron");
    write_race(&path, 5, "1:2 / 13:3 8:2 6:2");
    let mut h = harness(3, two_people());
    h.run();
    open(&mut h, &path);
    assert_eq!(h.state().session().game().phase(), Phase::ToThrow);
    // When he asks for a hint by its key
    h.key_press(Key::H);
    h.run();
    wait_for_the_hint(&mut h);
    h.run();
    // Then the hint says in words to double, with the three values and the chances to win
    // the match of each, and no developer's words
    assert!(shown_line(&h, "Double: the other side should pass.").is_some());
    for line in [
        "No double: ",
        "Double, and a take: ",
        "Double, and a pass: +1.000",
    ] {
        let text = shown_line(&h, line).expect(line);
        assert!(text.contains("chances to win the match"), "{text}");
        assert!(!text.contains("MWC") && !text.contains("equity"), "{text}");
    }
    // And the screen reader is told the same
    let said = announced(&h);
    assert!(
        said.starts_with("Hint: Double: the other side should pass."),
        "{said}"
    );
    assert!(said.contains("chances to win the match"), "{said}");
    // When White doubles, Black (a person too) may ask what to answer
    h.key_press(Key::Escape);
    h.get_by_label("Double  (Ctrl+D)").click();
    h.run();
    assert_eq!(h.state().session().game().phase(), Phase::DoubleOffered);
    h.get_by_label("Hint  (H)").click();
    h.run();
    wait_for_the_hint(&mut h);
    h.run();
    // Then he is told to pass, with his own values
    assert!(shown_line(&h, "Pass: taking would cost you").is_some());
    assert!(shown_line(&h, "Pass: -1.000").is_some());
}

#[test]
fn for_stakes_the_cube_hint_has_no_chances_to_win_a_match() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("race.ron");
    write_race(&path, 0, "6:2 5:1 / 1:2");
    let mut h = harness(3, two_people());
    h.run();
    open(&mut h, &path);
    h.get_by_label("Hint  (H)").click();
    h.run();
    wait_for_the_hint(&mut h);
    h.run();
    assert!(shown_line(&h, "Do not double yet: throw the dice.").is_some());
    assert!(shown_line(&h, "No double: ").is_some());
    assert!(shown_line(&h, "chances to win the match").is_none());
}

#[test]
fn the_hint_of_a_play_calls_the_movers_own_points_his_by_your() {
    // Given two people at Irish, a throw to play (issue 57, item 10: "his 8 point")
    let mut h = harness(11, two_people());
    h.run();
    throw_until_playing(&mut h);
    // When the mover asks for a hint, turn after turn until one names a point of his own
    let mut yours = false;
    for _ in 0..8 {
        h.get_by_label("Hint  (H)").click();
        let began = std::time::Instant::now();
        while began.elapsed() < std::time::Duration::from_secs(240) {
            if h.query_by_label("Hint: the computer's best plays")
                .is_some()
            {
                break;
            }
            h.step();
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        h.run();
        // Then each play is advised to him, his own points "your", never the story's "his"
        let told: Vec<String> = shown(&h)
            .into_iter()
            .filter(|t| {
                let t = t.trim_start();
                t.starts_with("Play ") || t.starts_with("Enter ") || t.starts_with("Bear ")
            })
            .collect();
        assert!(!told.is_empty(), "{:?}", shown(&h));
        for words in &told {
            assert!(
                !words.contains(" his ") && !words.contains("his "),
                "{words}"
            );
            yours |= words.contains("your ");
        }
        if yours {
            break;
        }
        let play = h.state().session().game().legal_plays()[0];
        h.state_mut().session_mut().apply_play(&play).unwrap();
        h.run();
        throw_until_playing(&mut h);
    }
    assert!(yours, "a hint named the mover's own points");
}

/// Every word the window shows now (labels, buttons, links), with where it is drawn.
fn words(h: &Harness<'static, GamesterApp>) -> Vec<(String, egui::Rect)> {
    use egui::accesskit::Role;
    h.query_all(egui_kittest::kittest::By::new())
        .filter(|n| {
            matches!(
                n.accesskit_node().role(),
                Role::Label | Role::Button | Role::Link
            )
        })
        .filter_map(|n| {
            let label = n.accesskit_node().label().or_else(|| n.value())?;
            (!label.trim().is_empty()).then(|| (label, n.rect()))
        })
        .collect()
}

/// Whether the word `text` at `r` is drawn whole: nothing else is drawn over it (a line cut
/// off by its box runs under what follows the box).
fn whole(all: &[(String, egui::Rect)], text: &str, r: egui::Rect) -> bool {
    !all.iter()
        .any(|(t, o)| t != text && !r.contains_rect(*o) && o.shrink(1.0).intersects(r.shrink(1.0)))
}

#[test]
fn on_a_small_window_the_cube_hint_is_read_whole_and_the_story_stays_in_sight() {
    // Given a match to 5, White far ahead in a race, the cube hint asked for, on a window of
    // 1024×600 (the smallest that keeps the story beside the board) or of 800×600 with the
    // story opened beside it, and View → Larger up to twice (issue 57, item 10: its third line
    // was cut off in its box, and the story went out of sight). Where the window has room for
    // it, the hint is read whole; at 800×600 twice larger it scrolls in its box, and the story
    // still stays in sight.
    for (size, larger, room) in [
        (egui::vec2(1024.0, 600.0), 0, true),
        (egui::vec2(1024.0, 600.0), 1, true),
        (egui::vec2(800.0, 600.0), 0, true),
        (egui::vec2(800.0, 600.0), 2, false),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("race.ron");
        write_race(&path, 5, "1:2 / 13:3 8:2 6:2");
        let mut h = harness(3, two_people());
        h.set_size(size);
        h.run();
        for _ in 0..larger {
            egui::gui_zoom::zoom_in(&h.ctx);
            h.run();
        }
        h.set_size(size / h.ctx.zoom_factor());
        h.run();
        open(&mut h, &path);
        if h.query_by_label("The story…").is_some() {
            h.get_by_label("The story…").click();
            h.run();
        }
        h.key_press(Key::H);
        h.run();
        wait_for_the_hint(&mut h);
        for _ in 0..3 {
            h.run();
        }
        hint_and_story_in_sight(&h, &format!("{size:?}, Larger ×{larger}"), room);
    }
}

/// Checks that each line of the cube hint shown is drawn whole (`hint_whole`), and the story's
/// last line too, in sight above the status line.
fn hint_and_story_in_sight(h: &Harness<'static, GamesterApp>, at: &str, hint_whole: bool) {
    // Then each line of the hint is drawn whole
    let all = words(h);
    for line in [
        "Double: the other side should pass.",
        "No double: ",
        "Double, and a take: ",
        "Double, and a pass: ",
    ] {
        let (text, r) = all
            .iter()
            .find(|(t, _)| t.starts_with(line))
            .unwrap_or_else(|| panic!("{line} is shown"));
        assert!(
            !hint_whole || whole(&all, text, *r),
            "{at}: {text:?} at {r:?} is cut off: {all:?}"
        );
    }
    // And the story's last line is in sight, whole, above the status line: the lowest of the
    // words under "The play", beside the board
    let the_play = h.get_by_label("The play").rect();
    let status = h.state().session().status();
    let status_top = all
        .iter()
        .filter(|(t, r)| r.left() < the_play.left() && status.starts_with(t.as_str()))
        .map(|(_, r)| r.top())
        .fold(f32::INFINITY, f32::min);
    assert!(
        status_top.is_finite(),
        "the status line {status:?} is shown"
    );
    let (text, r) = all
        .iter()
        .filter(|(_, r)| {
            r.top() >= the_play.bottom() - 1.0
                && r.left() >= the_play.left() - 1.0
                && r.top() < status_top
        })
        .max_by(|a, b| a.1.bottom().total_cmp(&b.1.bottom()))
        .expect("the story is shown");
    assert!(r.bottom() <= status_top + 0.5, "{at}: {text:?} at {r:?}");
    // (what scrolls in the hint's box runs on under it, clipped, unseen)
    let drawn: Vec<(String, egui::Rect)> = all
        .iter()
        .filter(|(t, _)| {
            !["Hint:", "Double", "No double", "Values are"]
                .iter()
                .any(|h| t.starts_with(h))
        })
        .cloned()
        .collect();
    assert!(
        whole(&drawn, text, *r),
        "{at}: {text:?} at {r:?} is cut off: {all:?}"
    );
}

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
    for _ in 0..3000 {
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

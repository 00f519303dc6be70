#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The tutor at the table, in the window (headless): chosen in New game, off by default; a bad
//! play in a loaded position is pointed out before the dice are lifted, with the better play,
//! and is taken back or played on; keys do not act while the tutor speaks; a good play goes
//! through; a bad double and a bad point to break are pointed out too; and a judgement about a
//! game the window has left is dropped.

use super::support;
use support::*;

use std::path::{Path, PathBuf};

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use gamester::ui::shell::settings::Tutoring;
use gamester::ui::{GamesterApp, Settings};
use gamester_core::players::Seats;
use gamester_core::save::{self, SaveFile};
use gamester_core::session::Session;
use gamester_rules::tables::{
    Action, Layout, Opening, Phase, Position, Preset, Rules, Side, Throw,
};

const OPENING: &str = "24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5";

/// Writes to `path` a game between two people under `rules` from `position` (White's view),
/// after `actions`.
fn write_position(path: &Path, mut rules: Rules, position: &str, actions: &[Action]) {
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
    for &a in actions {
        session.apply(a).unwrap();
    }
    let file = SaveFile::from_game(session.game(), session.seats());
    save::write_atomic(path, &file).unwrap();
}

/// The opening array of Irish with White to play a 4 and a 2, saved in `dir`.
fn irish_four_two(dir: &Path) -> PathBuf {
    let path = dir.join("four-two.ron");
    let throw = Action::Throw(Throw::two(4, 2).unwrap());
    let throw_off = Action::ThrowOff { white: 6, black: 1 };
    write_position(
        &path,
        Rules::preset(Preset::Irish),
        OPENING,
        &[throw_off, throw],
    );
    path
}

fn with_tutor(tutor: Tutoring) -> Settings {
    Settings {
        tutor,
        ..two_people()
    }
}

/// Opens the game saved in `path`, leaving the one in play if asked.
fn open(h: &mut Harness<'static, GamesterApp>, path: &Path) {
    h.state_mut().open_file(path.to_path_buf());
    finish_opening(h);
    if h.query_by_label("Leave it and open the saved game")
        .is_some()
    {
        h.get_by_label("Leave it and open the saved game").click();
        h.run();
    }
    assert_eq!(h.state().current_file(), Some(path));
}

/// Plays White's steps (from, to) by clicking the man and the point.
fn click_steps(h: &mut Harness<'static, GamesterApp>, steps: &[(u8, u8)]) {
    for &(from, to) in steps {
        let at = h.state().screen_pos(Side::White, from).unwrap();
        click_at(h, at);
        let at = h.state().screen_pos(Side::White, to).unwrap();
        click_at(h, at);
    }
}

/// Lets the tutor finish judging, frame by frame, however long a busy machine makes that (the
/// action that starts the judging is followed by one `step`, never `run`, which would count
/// the judging's frames against its limit).
fn let_the_tutor_judge(h: &mut Harness<'static, GamesterApp>) {
    for _ in 0..4000 {
        if !h.state().tutor().is_judging() {
            h.run();
            return;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the tutor never answered");
}

/// A click at `pos` and one frame: the tutor may be judging after it, which
/// [`let_the_tutor_judge`] waits for.
fn click_only(h: &mut Harness<'static, GamesterApp>, pos: egui::Pos2) {
    use egui::{Event, Modifiers, PointerButton};
    h.hover_at(pos);
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    h.step();
}

fn lift_the_dice(h: &mut Harness<'static, GamesterApp>) {
    h.get_by_label("Lift the dice  (Enter)").click();
    h.step();
    let_the_tutor_judge(h);
}

fn game(h: &Harness<'static, GamesterApp>) -> gamester_rules::tables::Game {
    h.state().session().game().clone()
}

/// The men of the bad play, 8/6 8/4, where 8/4 6/4 makes the cater point.
const BAD: [(u8, u8); 2] = [(8, 6), (8, 4)];
const GOOD: [(u8, u8); 2] = [(8, 4), (6, 4)];

#[test]
fn the_tutor_is_chosen_in_new_game_off_by_default_and_off_points_out_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = irish_four_two(dir.path());
    // Given a window with the settings of a first run
    let mut h = harness(3, two_people());
    h.run();
    assert_eq!(h.state().settings().tutor, Tutoring::Off);
    // When New game is opened and the tutor set to point out bad plays
    h.get_by_label("New game…").click();
    h.run();
    assert!(
        h.query_by_label("The tutor: point out plays that lose at least")
            .is_some()
    );
    h.get_by_label("bad (0.08 stakes or more)").click();
    h.run();
    h.get_by_label("Start the new game").click();
    h.run();
    // Then the settings keep it, and a bad play is pointed out
    assert_eq!(h.state().settings().tutor, Tutoring::Bad);
    open(&mut h, &path);
    click_steps(&mut h, &BAD);
    lift_the_dice(&mut h);
    assert!(h.state().tutor().warning().is_some());
    assert!(h.query_by_label("The tutor: A very bad play").is_some());
    // When New game sets the tutor off again and the same play is made
    h.get_by_label("Play on").click();
    h.run();
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("off").click();
    h.run();
    h.get_by_label("Start the new game").click();
    h.run();
    if h.query_by_label("Leave it and start the new game")
        .is_some()
    {
        h.get_by_label("Leave it and start the new game").click();
        h.run();
    }
    assert_eq!(h.state().settings().tutor, Tutoring::Off);
    open(&mut h, &path);
    click_steps(&mut h, &BAD);
    lift_the_dice(&mut h);
    // Then nothing is pointed out: the dice are lifted and the turn passes
    assert!(h.state().tutor().warning().is_none());
    assert!(h.query_by_label_contains("The tutor").is_none());
    assert_eq!(game(&h).turn(), Side::Black);
    assert_eq!(game(&h).record().last(), Some(&Action::Confirm));
}

#[test]
fn a_bad_play_is_pointed_out_with_the_better_play_and_taken_back() {
    // Given the tutor on for bad plays, and White to play a 4 and a 2 in a loaded game
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(3, with_tutor(Tutoring::Bad));
    h.run();
    open(&mut h, &irish_four_two(dir.path()));
    let before = game(&h);
    // When he plays 8/6 8/4 and lifts the dice
    click_steps(&mut h, &BAD);
    assert_eq!(game(&h).steps_played().len(), 2);
    lift_the_dice(&mut h);
    // Then the dice are not lifted: the tutor points the play out, with the better play
    let warning = h.state().tutor().warning().expect("a warning").clone();
    assert_eq!(game(&h).phase(), Phase::Playing);
    assert_eq!(game(&h).turn(), Side::White);
    assert!(h.query_by_label("The tutor: A very bad play").is_some());
    assert!(
        h.query_by_label_contains("better was 8/4 6/4").is_some(),
        "{}",
        warning.text
    );
    // And while he speaks, the keys do not act on the game
    let played = game(&h);
    for key in [Key::Enter, Key::U, Key::Backspace, Key::Space, Key::H] {
        h.key_press(key);
        h.run();
    }
    assert_eq!(game(&h), played);
    assert!(h.state().tutor().warning().is_some());
    // When the play is taken back
    h.get_by_label("Take it back  (the men return)").click();
    h.run();
    // Then the men stand as when the dice were thrown, and the throw is still to play
    assert!(game(&h).steps_played().is_empty());
    assert_eq!(game(&h).position(), before.position());
    assert_eq!(game(&h).phase(), Phase::Playing);
    assert!(h.state().tutor().warning().is_none());
    assert!(h.query_by_label("Take it back  (the men return)").is_none());
    assert!(
        h.query_by_label_contains("the better choice is lit")
            .is_some()
    );
}

#[test]
fn play_on_lifts_the_dice_on_the_play_as_made() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(3, with_tutor(Tutoring::Doubtful));
    h.run();
    open(&mut h, &irish_four_two(dir.path()));
    click_steps(&mut h, &BAD);
    let made = game(&h).position();
    lift_the_dice(&mut h);
    assert!(h.state().tutor().warning().is_some());
    // When he plays on
    h.get_by_label("Play on").click();
    h.run();
    // Then the dice are lifted on the play he made, and the turn passes
    let after = game(&h);
    assert_eq!(after.position(), made);
    assert_eq!(after.turn(), Side::Black);
    assert_eq!(after.record().last(), Some(&Action::Confirm));
    assert!(!h.state().tutor().is_busy());
    assert!(h.query_by_label("Play on").is_none());
}

#[test]
fn a_good_play_goes_through_after_a_bad_one_is_taken_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(3, with_tutor(Tutoring::Doubtful));
    h.run();
    open(&mut h, &irish_four_two(dir.path()));
    click_steps(&mut h, &BAD);
    lift_the_dice(&mut h);
    h.get_by_label("Take it back  (the men return)").click();
    h.run();
    // When the better play is made and the dice lifted
    click_steps(&mut h, &GOOD);
    let made = game(&h).position();
    lift_the_dice(&mut h);
    // Then it goes through without a word from the tutor
    assert!(h.state().tutor().warning().is_none());
    assert!(h.query_by_label_contains("The tutor:").is_none());
    assert_eq!(game(&h).position(), made);
    assert_eq!(game(&h).turn(), Side::Black);
}

#[test]
fn a_double_of_a_lost_race_is_pointed_out_and_not_made() {
    // Given a race White loses but for doublets, the cube in play, White to throw
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("race.ron");
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    let throw_off = Action::ThrowOff { white: 6, black: 1 };
    write_position(&path, rules, "6:2 5:1 / 1:2", &[throw_off]);
    let mut h = harness(3, with_tutor(Tutoring::Bad));
    h.run();
    open(&mut h, &path);
    assert_eq!(game(&h).phase(), Phase::ToThrow);
    // When he doubles
    h.get_by_label("Double  (Ctrl+D)").click();
    h.step();
    let_the_tutor_judge(&mut h);
    // Then the double is not offered yet: the tutor says to throw without doubling
    assert_eq!(game(&h).phase(), Phase::ToThrow);
    assert!(h.query_by_label("The tutor: A very bad double").is_some());
    assert!(
        h.query_by_label_contains("better is to throw without doubling")
            .is_some()
    );
    // When he takes it back, Then nothing was offered and he may still throw or double
    h.get_by_label("Take it back").click();
    h.run();
    assert_eq!(game(&h).phase(), Phase::ToThrow);
    assert!(game(&h).record().iter().all(|a| *a != Action::Double));
    assert!(h.query_by_label("Double  (Ctrl+D)").is_some());
}

#[test]
fn breaking_the_bound_table_where_most_men_stand_is_pointed_out() {
    // Given White's bound table, three men on his sice point, Black on the bar, and White to
    // choose the point to break
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bound.ron");
    let actions = [
        Action::ThrowOff { white: 1, black: 6 },
        Action::BreakThrowOff {
            white: [6, 5],
            black: [1, 2],
        },
    ];
    write_position(
        &path,
        Rules::preset(Preset::Irish),
        "6:3 5:2 4:2 3:2 2:2 1:2 13:2 / bar:1 13:5 8:4 6:5",
        &actions,
    );
    let mut h = harness(3, with_tutor(Tutoring::Bad));
    h.run();
    open(&mut h, &path);
    let waiting = game(&h);
    assert!(matches!(waiting.phase(), Phase::ChooseBreak { .. }));
    // When he clicks his sice point
    let sice = h.state().screen_pos(Side::White, 6).unwrap();
    click_only(&mut h, sice);
    let_the_tutor_judge(&mut h);
    // Then the table is not broken yet: the tutor names the better point
    assert_eq!(game(&h), waiting);
    assert!(
        h.query_by_label("The tutor: A very bad point to break")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("better is your ace point")
            .is_some()
    );
    // When he takes it back and breaks on his ace point, Then it is broken there at once
    h.get_by_label("Take it back").click();
    h.run();
    let ace = h.state().screen_pos(Side::White, 1).unwrap();
    click_only(&mut h, ace);
    let_the_tutor_judge(&mut h);
    assert!(h.state().tutor().warning().is_none());
    assert_eq!(game(&h).record().last(), Some(&Action::Break(1)));
}

#[test]
fn a_judgement_about_a_game_left_is_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let first = irish_four_two(dir.path());
    let other = dir.path().join("other.ron");
    let throw_off = Action::ThrowOff { white: 6, black: 1 };
    let throw = Action::Throw(Throw::two(6, 5).unwrap());
    write_position(
        &other,
        Rules::preset(Preset::Irish),
        OPENING,
        &[throw_off, throw],
    );
    // Given the tutor looking at a bad play, the dice not lifted
    let mut h = harness(3, with_tutor(Tutoring::Bad));
    h.run();
    open(&mut h, &first);
    click_steps(&mut h, &BAD);
    h.get_by_label("Lift the dice  (Enter)").click();
    h.run();
    assert!(h.state().tutor().is_busy());
    // When another game is opened in its place
    open(&mut h, &other);
    let_the_tutor_judge(&mut h);
    // Then the game opened stands as saved, and the tutor says nothing of the game left
    let opened = game(&h);
    assert_eq!(opened.record().len(), 2);
    assert_eq!(opened.phase(), Phase::Playing);
    assert!(!h.state().tutor().is_busy());
    assert!(h.query_by_label_contains("The tutor").is_none());
    assert!(h.query_by_label("Lift the dice  (Enter)").is_some());
}

/// Tick-tack between two people, saved in `dir`: White's man on his cinque point and Black's
/// lone man on White's 8 point, White to play cinque and trey, whose trey hits it.
fn tick_tack_hit(dir: &Path) -> PathBuf {
    let path = dir.join("tick-tack-hit.ron");
    write_position(
        &path,
        Rules::preset(Preset::TickTack),
        "24:14 20:1 / 24:14 8:1",
        &[
            Action::ThrowOff { white: 6, black: 1 },
            Action::Throw(Throw::two(5, 3).unwrap()),
        ],
    );
    path
}

/// White's cinque and trey played from his ace point, claiming nothing.
fn play_from_the_ace_point(h: &mut Harness<'static, GamesterApp>) {
    use gamester_rules::tables::Step;
    let steps = [Step::new(24, 5).unwrap(), Step::new(24, 3).unwrap()];
    h.state_mut().session_mut().play_steps(&steps).unwrap();
    h.run();
}

#[test]
fn at_tick_tack_a_hit_let_pass_is_told_before_the_dice_are_lifted_and_claimed_after_all() {
    // Given Tick-tack, the tutor on for bad plays, and White's throw that hits, played
    // without a claim
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(3, with_tutor(Tutoring::Bad));
    h.run();
    open(&mut h, &tick_tack_hit(dir.path()));
    play_from_the_ace_point(&mut h);
    // When he lifts the dice
    lift_the_dice(&mut h);
    // Then the dice are not lifted: the tutor says the hit was let pass, which man hits, and
    // that Black may take him with a why-not
    assert_eq!(game(&h).phase(), Phase::Playing);
    assert_eq!(game(&h).turn(), Side::White);
    assert!(h.query_by_label("The tutor: A hit let pass").is_some());
    assert!(
        h.query_by_label_contains("reaches Black's lone man on your 8 point with the trey")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("Black may take you with a why-not, a single game")
            .is_some()
    );
    // And under touch and take the men do not return when it is taken back
    assert!(h.query_by_label("Take it back  (the men return)").is_none());
    h.get_by_label("Take it back").click();
    h.run();
    assert_eq!(game(&h).steps_played().len(), 2);
    assert_eq!(game(&h).phase(), Phase::Playing);
    assert!(h.query_by_label_contains("make the claim first").is_some());
    // And the man that hits and Black's lone man are lit on the board
    let view = gamester::ui::tables::orientation::Orientation {
        bottom: Side::White,
        ace_left: false,
        numbers: false,
    };
    let lit = h.state().tutor().lit(&game(&h), view);
    let way = gamester_core::teaching::verdict::hit_reach(&game(&h)).expect("the throw hits");
    let places = [way.from, way.to].map(|p| view.mover_to_bottom(Side::White, p as u8));
    assert_eq!(lit, Some(places.to_vec()));
    // When he claims the hit after all
    h.get_by_label("Claim a hit  (C)").click();
    h.run();
    // Then he wins a single game
    let outcome = game(&h).outcome().expect("the game is over");
    assert_eq!((outcome.winner, outcome.stake), (Some(Side::White), 1));
}

#[test]
fn at_tick_tack_throwing_while_a_why_not_is_open_is_told_and_the_why_not_claimed() {
    // Given White played on past the tutor, letting his hit pass
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(3, with_tutor(Tutoring::Bad));
    h.run();
    open(&mut h, &tick_tack_hit(dir.path()));
    play_from_the_ace_point(&mut h);
    lift_the_dice(&mut h);
    h.get_by_label("Play on").click();
    h.run();
    assert_eq!(game(&h).turn(), Side::Black);
    assert_eq!(game(&h).phase(), Phase::ToThrow);
    // When Black would throw
    h.get_by_label("Throw  (Space)").click();
    h.step();
    let_the_tutor_judge(&mut h);
    // Then the dice are not thrown: the tutor says what he may claim, and that a throw
    // gives it up
    assert_eq!(game(&h).phase(), Phase::ToThrow);
    assert!(h.query_by_label("The tutor: A claim let pass").is_some());
    assert!(
        h.query_by_label_contains("White's last throw gave him a hit")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("once you throw, it is gone")
            .is_some()
    );
    // When he takes the throw back and calls the why-not
    h.get_by_label("Take it back").click();
    h.run();
    h.get_by_label("Why not?  (C)").click();
    h.run();
    // Then Black wins a single game
    let outcome = game(&h).outcome().expect("the game is over");
    assert_eq!((outcome.winner, outcome.stake), (Some(Side::Black), 1));
}

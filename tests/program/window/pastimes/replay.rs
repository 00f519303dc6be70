//! A pastime stepped through move by move: the Game menu's replay shows the game as the
//! record's first moves left it, made again through the rules, and the screen reader reads
//! the table as it stood, and play goes on from a point of it; and New game shows the rules of
//! the pastime in progress beside the draft.

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use gamester::ui::GamesterApp;
use gamester_core::teaching::faces::FACE_NAMES;
use gamester_rules::pastimes::{DoltClaimed, Game, Preset, Rules, Seat};

use super::super::tiles::with_data;
use super::{
    FAIR, NEXT_GAME, PERSON, THROW, at_pastime, pastime_settings, press, said_plainly, start,
    wait_for_person, you_and_the_computer,
};

fn face(n: u8) -> &'static str {
    FACE_NAMES[usize::from(n) - 1]
}

fn men(n: u8) -> String {
    match n {
        0 => "no man".to_string(),
        1 => "1 man".to_string(),
        n => format!("{n} men"),
    }
}

/// What a screen reader must hear of the table of a game of Doublets between two computers
/// after `game`'s moves: each seat's six points, and the dice.
fn doublets_labels(game: &Game) -> Vec<String> {
    let mut labels = Vec::new();
    for seat in [Seat(0), Seat(1)] {
        let m = game.men(seat).unwrap();
        for point in 1..=6u8 {
            let i = usize::from(point - 1);
            labels.push(format!(
                "Player {}'s {} point: {} laid, {} standing",
                seat.0 + 1,
                face(point),
                men(m.laid[i]),
                m.standing[i]
            ));
        }
    }
    labels.push(match game.last_throw() {
        [] => "The dice: not thrown yet".to_string(),
        dice => format!(
            "The dice: {}",
            dice.iter()
                .map(|&d| face(d))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
    });
    labels
}

/// The table in `h` reads as the game after the record's first `at` moves, and the replay
/// says where it stands.
fn reads_as(
    h: &Harness<'static, GamesterApp>,
    rules: Rules,
    record: &[gamester_rules::pastimes::Action],
    at: usize,
) {
    let game = Game::replay(rules, &record[..at]).unwrap();
    for label in doublets_labels(&game) {
        h.get_by_label(&label);
    }
    let said = format!("Replay: move {at} of {}", record.len());
    h.get_by_label(&said);
    assert!(
        h.state().status_line().starts_with(&said),
        "{}",
        h.state().status_line()
    );
}

fn press_key(h: &mut Harness<'static, GamesterApp>, key: Key) {
    h.key_press(key);
    for _ in 0..2 {
        h.step();
    }
}

/// A game of Doublets the computer played to its end at both seats.
fn finished_doublets(seed: u64) -> Harness<'static, GamesterApp> {
    let rules = Rules::preset(Preset::Doublets);
    let mut h = at_pastime(
        seed,
        pastime_settings(rules, [FAIR, FAIR, FAIR, FAIR, FAIR]),
    );
    for _ in 0..20_000 {
        if h.state().pastime().unwrap().over() {
            break;
        }
        h.step();
    }
    h
}

#[test]
fn a_finished_pastime_is_replayed_move_by_move_and_read_as_it_stood() {
    // Given a game of Doublets the computer played to its end at both seats
    let rules = Rules::preset(Preset::Doublets);
    let mut h = finished_doublets(31);
    let live = h.state().pastime().unwrap().game().clone();
    assert!(live.result().is_some(), "the game ended");
    let record = live.record().to_vec();
    // When its replay is asked for from the Game menu
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Replay this game, turn by turn").click();
    for _ in 0..2 {
        h.step();
    }
    // Then it stands at the end, and Home takes it to the start
    reads_as(&h, rules, &record, record.len());
    press_key(&mut h, Key::Home);
    reads_as(&h, rules, &record, 0);
    // And each move on and back shows the game the record's first moves made
    for at in 1..=5 {
        press_key(&mut h, Key::ArrowRight);
        reads_as(&h, rules, &record, at);
    }
    press_key(&mut h, Key::ArrowLeft);
    press_key(&mut h, Key::ArrowLeft);
    reads_as(&h, rules, &record, 3);
    h.get_by_label("Turn on  (Right)").click();
    for _ in 0..2 {
        h.step();
    }
    reads_as(&h, rules, &record, 4);
    said_plainly(&h);
    // And the story is the story of those moves alone: the throw-off, not the end
    let live_story = h.state().pastime().unwrap().story().to_vec();
    let shown = h.state().pastime_shown().unwrap();
    assert_eq!(shown.game().record(), &record[..4]);
    let told = shown.story();
    assert!(told.len() < live_story.len());
    assert_eq!(told, &live_story[..told.len()]);
    // And the game in play is untouched; End, then Escape, go back to it
    assert_eq!(h.state().pastime().unwrap().game(), &live);
    press_key(&mut h, Key::End);
    reads_as(&h, rules, &record, record.len());
    press_key(&mut h, Key::Escape);
    assert!(h.query_by_label_contains("Replay: move").is_none());
    assert!(!h.state().status_line().starts_with("Replay"));
}

#[test]
fn the_next_game_from_the_game_menu_leaves_the_replay_of_the_last() {
    // Given a finished game's replay, at its start
    let mut h = finished_doublets(34);
    let last = h.state().pastime().unwrap().game().clone();
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Replay this game, turn by turn").click();
    h.run();
    press_key(&mut h, Key::Home);
    // When the next game is asked for from the Game menu
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label(NEXT_GAME).click();
    for _ in 0..2 {
        h.step();
    }
    // Then the replay is left, and the table shows the new game
    assert!(h.query_by_label_contains("Replay: move").is_none());
    let shown = h.state().pastime_shown().unwrap().game();
    assert!(shown.record().len() < last.record().len());
    assert_eq!(h.state().pastime().unwrap().game(), shown);
}

#[test]
fn a_replay_is_looked_at_not_played_and_escape_goes_back_to_the_game() {
    // Given a person's game of Doublets a few throws in, his throw to make
    let rules = Rules::preset(Preset::Doublets);
    let mut h = at_pastime(
        33,
        pastime_settings(rules, [PERSON, FAIR, FAIR, FAIR, FAIR]),
    );
    for _ in 0..3 {
        wait_for_person(&mut h);
        press(&mut h, THROW);
    }
    wait_for_person(&mut h);
    assert!(h.state().pastime().unwrap().person_throws());
    let live = h.state().pastime().unwrap().game().clone();
    // When its replay is shown, taken to the start, and Space pressed
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Replay this game, turn by turn").click();
    h.run();
    press_key(&mut h, Key::Home);
    press_key(&mut h, Key::Space);
    // Then nothing is thrown, in the replay or in the game, and the throw's button is gone
    assert!(h.query_by_label(THROW).is_none());
    assert_eq!(h.state().pastime().unwrap().game(), &live);
    assert!(
        h.state()
            .pastime_shown()
            .unwrap()
            .game()
            .record()
            .is_empty()
    );
    // When Escape leaves the replay
    press_key(&mut h, Key::Escape);
    // Then the table is the game in play again, and Space throws
    assert_eq!(h.state().pastime_shown().unwrap().game(), &live);
    press_key(&mut h, Key::Space);
    assert!(h.state().pastime().unwrap().game().record().len() > live.record().len());
}

#[test]
fn new_game_shows_the_rules_of_the_pastime_in_progress_beside_the_draft() {
    // Given Ketch-Dolt in play, where the adversary must claim a dolt
    let mut rules = Rules::preset(Preset::KetchDolt);
    rules.dolt_claimed = DoltClaimed::ByAdversary;
    let mut h = at_pastime(
        32,
        pastime_settings(rules, [PERSON, PERSON, FAIR, FAIR, FAIR]),
    );
    // When New game is opened, Sice-Ace chosen for the next game, and the rules in progress
    // unfolded
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Game: Sice-Ace").click();
    h.run();
    h.get_by_label("The rules of the game in progress (not changed by this window)")
        .click();
    h.run();
    // Then they are Ketch-Dolt's, each option in the words of its rules window
    h.get(
        egui_kittest::kittest::By::new()
            .role(egui::accesskit::Role::Label)
            .label("Game: Ketch-Dolt"),
    );
    let lines = gamester::ui::pastimes::setup::rules_in_words(&rules);
    assert!(!lines.is_empty());
    for (option, value) in lines {
        h.get_by_label(&format!("{option}: {value}"));
    }
    said_plainly(&h);
    // And the game in play is not changed
    assert_eq!(*h.state().pastime().unwrap().game().rules(), rules);
}

#[test]
fn a_pastime_is_played_on_from_a_point_of_its_replay_and_the_autosave_holds_it() {
    // Given a person's game of Doublets against the computer a few throws in, kept on disk
    let data = tempfile::tempdir().unwrap();
    let rules = Rules::preset(Preset::Doublets);
    let mut h = with_data(
        data.path(),
        36,
        pastime_settings(rules, you_and_the_computer()),
    );
    start(&mut h);
    for _ in 0..4 {
        wait_for_person(&mut h);
        press(&mut h, THROW);
    }
    wait_for_person(&mut h);
    let live = h.state().pastime().unwrap().game().clone();
    let record = live.record().to_vec();
    assert!(record.len() > 4);
    // When its replay is stepped back and played on from there
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Replay this game, turn by turn").click();
    h.run();
    // (back to a point, two moves back at least, where the person is to throw)
    let mut at = record.len();
    while at + 2 > record.len() || Game::replay(rules, &record[..at]).unwrap().turn() != Seat(0) {
        press_key(&mut h, Key::ArrowLeft);
        at -= 1;
    }
    h.get_by_label(&format!("Replay: move {at} of {}", record.len()));
    assert_eq!(
        h.state().pastime_shown().unwrap().game().record(),
        &record[..at]
    );
    let sitters = h.state().pastime().unwrap().sitters().to_vec();
    press(&mut h, "Play on from here");
    // Then the game in play is the record cut there, at the same seats, whoever was to act
    // there to act now, and the replay is left
    let expected = Game::replay(rules, &record[..at]).unwrap();
    let t = h.state().pastime().unwrap();
    assert_eq!(t.game().record(), &record[..at]);
    assert_eq!(t.game().turn(), expected.turn());
    assert_eq!(t.game().phase(), expected.phase());
    assert_eq!(t.sitters(), sitters.as_slice());
    assert!(h.query_by_label_contains("Replay: move").is_none());
    // And the whole game is kept in Open recent, as the message says
    let said = h.state().message().unwrap().text.clone();
    assert!(said.starts_with("You play on from here"), "{said}");
    assert!(said.contains("kept in Open recent"), "{said}");
    said_plainly(&h);
    let kept = h.state().settings().recent.latest().unwrap().to_path_buf();
    let whole = gamester_core::save::pastimes::load(&kept).unwrap();
    assert_eq!(whole.game, live);
    // And play goes on: the person's throw by Space
    assert!(h.state().pastime().unwrap().person_throws());
    press_key(&mut h, Key::Space);
    let now = h.state().pastime().unwrap().game().clone();
    assert!(now.record().len() > at);
    assert_eq!(&now.record()[..at], &record[..at]);
    // And the autosave holds the new game, not the one set aside
    for _ in 0..50 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let kept = data.path().join("pastimes-autosave.ron");
    let autosaved = gamester_core::save::pastimes::load(&kept).unwrap().game;
    assert_eq!(autosaved, *h.state().pastime().unwrap().game());
    assert_ne!(autosaved.record(), record.as_slice());
}

#[test]
fn a_pastime_at_a_distance_is_not_cut_short_from_its_replay() {
    // Given a game of Doublets with a friend at a distance (its line not back), three throws in
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join("doublets.ron");
    let mut game = Game::new(Rules::preset(Preset::Doublets)).unwrap();
    for dice in [vec![3, 4], vec![3, 6], vec![4, 3]] {
        game.apply(gamester_rules::pastimes::Action::Throw { dice })
            .unwrap();
    }
    let seats = vec![PERSON, gamester_core::players::Controller::Distance];
    gamester_core::save::pastimes::write_atomic(
        &path,
        &gamester_core::save::pastimes::PastimesFile::of(&game, &seats),
    )
    .unwrap();
    let mut h = with_data(data.path(), 37, gamester::ui::Settings::default());
    h.run();
    h.state_mut().open_file(path);
    for _ in 0..200 {
        h.step();
        if h.state().playing_pastime() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert_eq!(h.state().pastime().unwrap().game(), &game);
    // When its replay is stepped back and "Play on from here" asked for
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Replay this game, turn by turn").click();
    h.run();
    press_key(&mut h, Key::ArrowLeft);
    press(&mut h, "Play on from here");
    // Then the game in play is whole, the replay stays, and the message says why
    assert_eq!(h.state().pastime().unwrap().game(), &game);
    h.get_by_label(&format!("Replay: move 2 of {}", game.record().len()));
    let said = h.state().message().unwrap().text.clone();
    assert!(said.contains("friends at a distance is one game"), "{said}");
}

//! Games at a distance left by a friend, read back from their files: each counts the loss once,
//! says it in the story and the status line, offers no playing on against the computer, and
//! answers a move or a throw that the game was ended. (A game at tables left, in the window as
//! it happens, is in `network_comeback`.)

use egui_kittest::kittest::Queryable as _;

use gamester::ui::Settings;
use gamester_core::abandonment::Abandonment;
use gamester_core::players::Controller;
use gamester_rules::tiles::{Action, Phase, Preset, Rules};

use super::support::harness;

/// Robin, at the second place, left the game and did not come back.
fn robin_left(moves: usize) -> Abandonment {
    Abandonment {
        seats: vec![1],
        reason: "abandoned by Robin, who did not come back".into(),
        when: Some(std::time::SystemTime::UNIX_EPOCH),
        last_signed: Some("ab".repeat(32)),
        moves,
    }
}

#[test]
fn a_tiles_game_left_by_a_friend_reads_back_as_lost_by_him_and_is_played_no_more() {
    use rand::SeedableRng;
    // Given a game of Draw saved as Robin, at a distance, left it on the person's turn
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join("robin-left.ron");
    let mut game = gamester_rules::tiles::Game::new(Rules::preset(Preset::Draw)).unwrap();
    game.apply(Action::Deal(gamester_rules::tiles::Deck::shuffled(8)))
        .unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(8);
    while game.turn() != 0 || game.phase() != Phase::Playing {
        let action = gamester_core::ai::tiles::random_action(&game, &mut rng).unwrap();
        game.apply(action).unwrap();
    }
    let seats = vec![Controller::Person, Controller::Distance];
    let mut file = gamester_core::save::tiles::TilesFile::of(&game, &seats, &[0, 0])
        .named(&["You".into(), "Robin".into()]);
    file.abandonment = Some(robin_left(game.record().len()));
    gamester_core::save::tiles::write_atomic(&path, &file).unwrap();
    // When the window opens it
    let mut h = harness(33, Settings::default());
    h.run();
    h.state_mut().open_file(path);
    for _ in 0..200 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    // Then Robin has lost it: the person's side has the game counted once, and the story and
    // the status line say so
    let t = h.state().tiles().expect("the game is at the tiles table");
    assert_eq!(t.game(), &game);
    assert_eq!(t.tally(), &[1, 0]);
    let said = "Robin loses the game. You win the game.";
    assert!(
        t.story().last().is_some_and(|l| l.ends_with(said)),
        "{:?}",
        t.story().last()
    );
    assert!(
        h.state().status_line().ends_with(said),
        "{}",
        h.state().status_line()
    );
    // And it is not offered to be played on, nor can the person play in it
    assert!(h.query_by_label("Play on against the computer").is_none());
    for key in [
        egui::Key::D,
        egui::Key::K,
        egui::Key::ArrowRight,
        egui::Key::Enter,
    ] {
        h.key_press(key);
        h.run();
    }
    assert_eq!(h.state().tiles().unwrap().game(), &game);
    assert!(
        h.state()
            .message()
            .is_some_and(|m| m.text.contains("nothing more is played")),
        "{:?}",
        h.state().message().map(|m| &m.text)
    );
}

#[test]
fn a_pastime_left_by_a_friend_reads_back_as_lost_by_him_and_is_played_no_more() {
    // Given a game of Ketch-Dolt with Robin at a distance, saved as he left it, after the
    // throw-off, on the person's throw
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join("robin-left.ron");
    let mut game = gamester_rules::pastimes::Game::new(gamester_rules::pastimes::Rules::preset(
        gamester_rules::pastimes::Preset::KetchDolt,
    ))
    .unwrap();
    game.apply(gamester_rules::pastimes::Action::Throw { dice: vec![6, 2] })
        .unwrap();
    let seats = vec![Controller::Person, Controller::Distance];
    let mut file = gamester_core::save::pastimes::PastimesFile::of(&game, &seats)
        .named(&["You".into(), "Robin".into()]);
    file.abandonment = Some(robin_left(1));
    gamester_core::save::pastimes::write_atomic(&path, &file).unwrap();
    // When the window opens it
    let mut h = harness(34, Settings::default());
    h.run();
    h.state_mut().open_file(path);
    for _ in 0..200 {
        h.step();
        if h.state().playing_pastime() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    // Then Robin has lost it, as the story and the status line say
    let said = "abandoned by Robin, who did not come back. You win; Robin loses.";
    let t = h.state().pastime().expect("the pastime is shown");
    assert_eq!(t.game(), &game);
    assert!(
        t.story().last().is_some_and(|l| l.ends_with(said)),
        "{:?}",
        t.story().last()
    );
    assert!(
        h.state().status_line().ends_with(said),
        "{}",
        h.state().status_line()
    );
    // And it is not offered to be played on, nor is a throw made in it
    assert!(h.query_by_label("Play on against the computer").is_none());
    h.key_press(egui::Key::Space);
    h.run();
    assert_eq!(h.state().pastime().unwrap().game(), &game);
    assert!(
        h.state()
            .message()
            .is_some_and(|m| m.text.contains("nothing more is played")),
        "{:?}",
        h.state().message().map(|m| &m.text)
    );
}

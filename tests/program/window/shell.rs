//! One shell over two screens: what the window does for a game at tables it does for a tiles
//! game too, because it is written once. Open recent, Save as by Ctrl+Shift+S, "Leave this
//! game?", a title that names the game, Replay, and keys for every action.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::accesskit::Role;
use egui::{Key, Modifiers, ViewportCommand, ViewportId};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use gamester::ui::tiles::view::Spot;
use gamester::ui::{GamesterApp, Launch, Settings};
use gamester_core::level::Level;
use gamester_core::players::Controller;
use gamester_core::save::tiles::{TilesFile, load, write_atomic};
use gamester_rules::tiles::{Action, Deck, End, Game, Phase, Preset, Rules};

use super::support::*;
use super::tiles::{
    at_tiles, click_a_move, start_tiles, tiles_settings, wait_for_person, with_data,
};

fn muggins() -> Settings {
    tiles_settings(Preset::Muggins, Rules::preset(Preset::Muggins), Level::Fair)
}

fn draw_for_two() -> Settings {
    tiles_settings(Preset::Draw, Rules::preset(Preset::Draw), Level::Novice)
}

fn menu(h: &mut Harness<'static, GamesterApp>, item: &str) {
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label(item).click();
    for _ in 0..3 {
        h.step();
    }
}

/// A tiles game of Draw for two, dealt from `seed`, written to `path`.
fn write_draw(path: &std::path::Path, seed: u64) -> Game {
    let mut game = Game::new(Rules::preset(Preset::Draw)).unwrap();
    game.apply(Action::Deal(Deck::shuffled(seed))).unwrap();
    let seats = vec![Controller::Person, Controller::Computer(Level::Novice)];
    write_atomic(path, &TilesFile::of(&game, &seats, &[0, 0])).unwrap();
    game
}

/// The laid tiles the table shows now.
fn laid_shown(h: &Harness<'static, GamesterApp>) -> usize {
    h.state()
        .tiles_spots()
        .iter()
        .filter(|(_, s)| matches!(s, Spot::Laid(_)))
        .count()
}

#[test]
fn open_recent_at_the_tiles_table_opens_a_listed_game() {
    // Given a saved tiles game listed in Open recent, and a game of Muggins at the table
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("draw.ron");
    let saved = write_draw(&path, 5);
    let mut settings = muggins();
    settings.recent.add(path.clone());
    let mut h = at_tiles(40, settings);
    // When it is chosen from Game → Open recent
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Open recent").click();
    h.run();
    h.get_by_label(&path.file_name().unwrap().to_string_lossy())
        .click();
    for _ in 0..200 {
        h.step();
        // (the game of Muggins under way is left only once the person says so)
        if h.query_by_label("Leave this game?").is_some() {
            h.get_by_label("Leave it and open the saved game").click();
        }
        if h.state().tiles().is_some_and(|t| t.game() == &saved) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    // Then it is the game at the table
    assert_eq!(h.state().tiles().unwrap().game(), &saved);
}

#[test]
fn ctrl_shift_s_at_the_tiles_table_saves_as_a_new_file_not_over_the_old_one() {
    // Given a tiles game saved once to a file, with a move made since
    let docs = tempfile::tempdir().unwrap();
    let mut h = harness_with(
        Launch {
            seed: Some(41),
            documents_dir: Some(docs.path().to_path_buf()),
            in_window_chooser: true,
            ..Launch::default()
        },
        draw_for_two(),
    );
    start_tiles(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    h.get_by_role(Role::TextInput)
        .set_text_value_accesskit("first");
    h.run();
    h.get_by_label("Save").click();
    h.run();
    let first = docs.path().join("first.ron");
    let at_first = load(&first).unwrap().game;
    click_a_move(&mut h);
    wait_for_person(&mut h);
    // When Ctrl+Shift+S is pressed
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    // Then the person is asked for a new name, and the game goes there, the first file as it was
    h.get_by_role(Role::TextInput)
        .set_text_value_accesskit("second");
    h.run();
    h.get_by_label("Save").click();
    h.run();
    let now = h.state().tiles().unwrap().game().clone();
    assert_eq!(load(&docs.path().join("second.ron")).unwrap().game, now);
    assert_eq!(load(&first).unwrap().game, at_first);
    assert_ne!(at_first, now);
}

#[test]
fn new_game_over_an_unfinished_tiles_game_asks_to_leave_it_and_keeps_it() {
    // Given a game of Muggins under way, in a window with a data folder
    let data = tempfile::tempdir().unwrap();
    let mut h = with_data(data.path(), 42, muggins());
    start_tiles(&mut h);
    for _ in 0..3 {
        click_a_move(&mut h);
    }
    wait_for_person(&mut h);
    let record = h.state().tiles().unwrap().game().record().to_vec();
    // When New game is started over it
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Start the new game").click();
    h.run();
    // Then the person is asked first, and going back to it leaves it as it was
    assert!(h.query_by_label("Leave this game?").is_some());
    h.get_by_label("Go back to it").click();
    h.run();
    assert_eq!(
        h.state().tiles().unwrap().game().record(),
        record.as_slice()
    );
    // And leaving it starts the new game, the one left kept in Open recent
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Start the new game").click();
    h.run();
    h.get_by_label("Leave it and start the new game").click();
    h.run();
    assert_ne!(
        h.state().tiles().unwrap().game().record(),
        record.as_slice()
    );
    let kept = h.state().settings().recent.paths()[0].clone();
    assert_eq!(load(&kept).unwrap().game.record(), record.as_slice());
}

/// The titles the window asked for over the next few frames.
fn titles(h: &mut Harness<'static, GamesterApp>) -> Vec<String> {
    let mut out = Vec::new();
    for _ in 0..4 {
        h.step();
        if let Some(viewport) = h.output().viewport_output.get(&ViewportId::ROOT) {
            for c in &viewport.commands {
                if let ViewportCommand::Title(t) = c {
                    out.push(t.clone());
                }
            }
        }
    }
    out
}

#[test]
fn the_title_names_the_game_in_play() {
    // Given a window with a game of Irish
    let mut h = harness(43, muggins());
    h.run();
    // When a game of Muggins starts, the title names it
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Start the new game").click();
    let now = titles(&mut h);
    assert!(
        now.iter().any(|t| t.starts_with("Muggins")),
        "the title names Muggins: {now:?}"
    );
    // And back at the game at tables, it names Irish
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Back to the game at tables").click();
    let now = titles(&mut h);
    assert!(
        now.iter().any(|t| t.starts_with("Irish")),
        "the title names Irish: {now:?}"
    );
}

#[test]
fn a_tiles_game_is_replayed_move_by_move_and_left_as_it_was() {
    // Given a game of Draw with tiles laid
    let mut h = at_tiles(44, draw_for_two());
    for _ in 0..4 {
        click_a_move(&mut h);
    }
    wait_for_person(&mut h);
    let game = h.state().tiles().unwrap().game().clone();
    let laid = game.line().len();
    assert!(laid > 0);
    // When it is replayed from the start
    menu(&mut h, "Replay this game, turn by turn");
    h.get_by_label("Start  (Home)").click();
    h.run();
    // Then the table shows the game before any tile was laid, and each turn on lays more
    assert_eq!(laid_shown(&h), 0);
    let mut seen = 0;
    for _ in 0..game.record().len() {
        h.key_press(Key::ArrowRight);
        h.run();
        let now = laid_shown(&h);
        assert!(now >= seen && now <= laid, "{now} after {seen}, of {laid}");
        seen = now;
    }
    assert_eq!(seen, laid);
    // And leaving the replay finds the game as it was, still to be played
    h.get_by_label("Back to the game  (Esc)").click();
    h.run();
    assert_eq!(h.state().tiles().unwrap().game(), &game);
    assert!(click_a_move(&mut h));
}

/// The person's next move, made by keys alone. Returns false once the game is over.
fn key_a_move(h: &mut Harness<'static, GamesterApp>) -> bool {
    wait_for_person(h);
    let t = h.state().tiles().unwrap();
    let game = t.game().clone();
    if game.phase() == Phase::GameOver {
        return false;
    }
    let before = game.record().len();
    if t.waits_for_next() {
        h.key_press(Key::Enter);
    } else if t.to_throw() {
        h.key_press(Key::Space);
    } else {
        let me = t.person_to_act().unwrap();
        let hand = game.hand(me).to_vec();
        let fits = hand
            .iter()
            .position(|&tile| super::tiles::may_lay(&game, tile));
        match fits {
            Some(i) => {
                // Right picks up the first tile that may be laid
                h.key_press(Key::ArrowRight);
                h.step();
                assert_eq!(h.state().tiles().unwrap().picked, Some(hand[i]));
                let ends = game.ends_for(hand[i]);
                let line = game.line();
                if ends.len() == 2 && line.open(End::Left) != line.open(End::Right) {
                    h.key_press(Key::Home);
                } else {
                    h.key_press(Key::Enter);
                }
            }
            None if game.legal_actions().contains(&Action::Draw) => h.key_press(Key::D),
            None => h.key_press(Key::K),
        }
    }
    for _ in 0..3 {
        h.step();
    }
    let after = h.state().tiles().unwrap().game().record().len();
    assert!(after > before, "the key made a move");
    true
}

#[test]
fn a_whole_game_of_draw_is_played_by_keys_alone() {
    // Given a game of Draw for two against the computer
    let mut h = at_tiles(45, draw_for_two());
    // When the person plays every move by keys
    let mut moves = 0;
    while key_a_move(&mut h) {
        moves += 1;
        assert!(moves < 500, "the game ends");
    }
    // Then the game was played to its end
    let t = h.state().tiles().unwrap();
    assert_eq!(t.game().phase(), Phase::GameOver);
    assert!(moves > 5);
}

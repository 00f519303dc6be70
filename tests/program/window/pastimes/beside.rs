//! A pastime beside the window's other games: the game at tables waits while it is played,
//! and with three games held the Game menu goes back to either of the others.

use egui_kittest::kittest::Queryable;

use gamester_rules::pastimes::{Preset, Rules};

use super::{THROW, at_pastime, pastime_settings, press, wait_for_person, you_and_the_computer};

#[test]
fn the_game_at_tables_waits_while_a_pastime_is_played_and_both_are_there() {
    let mut h = at_pastime(
        13,
        pastime_settings(Rules::preset(Preset::Doublets), you_and_the_computer()),
    );
    let tables = h.state().session().game().record().to_vec();
    wait_for_person(&mut h);
    press(&mut h, THROW);
    wait_for_person(&mut h);
    let pastime = h.state().pastime().unwrap().game().clone();
    // Back to the game at tables from the Game menu, and back to the pastime
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Back to the game at tables").click();
    for _ in 0..3 {
        h.step();
    }
    assert!(!h.state().playing_pastime());
    assert_eq!(h.state().session().game().record(), tables.as_slice());
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Back to the pastime").click();
    for _ in 0..3 {
        h.step();
    }
    assert_eq!(h.state().pastime().unwrap().game(), &pastime);
}

#[test]
fn with_three_games_held_the_game_menu_goes_back_to_either_of_the_others() {
    // Given a pastime in play, then a tiles game started, the game at tables held as well
    let mut h = at_pastime(
        14,
        pastime_settings(Rules::preset(Preset::Doublets), you_and_the_computer()),
    );
    {
        let settings = h.state_mut().settings_mut();
        settings.pastimes.chosen = false;
        settings.tiles.chosen = true;
    }
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Start the new game").click();
    for _ in 0..3 {
        h.step();
    }
    assert!(h.state().playing_tiles());
    // When the Game menu is opened, Then it offers to go back to either other game
    h.get_by_label("Game").click();
    h.run();
    assert!(h.query_by_label("Back to the game at tables").is_some());
    h.get_by_label("Back to the pastime").click();
    for _ in 0..3 {
        h.step();
    }
    // And the pastime is shown again
    assert!(h.state().playing_pastime());
}

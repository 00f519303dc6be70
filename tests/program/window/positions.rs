#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Positions to share, in the window (headless): Game → Copy position ID puts the ID of the
//! position shown on the clipboard; Game → Set up a position… starts a new game from a typed
//! ID under the rules in play; a bad ID is refused in words and the game in play is kept.

use super::support;
use support::*;

use egui::OutputCommand;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use gamester::ui::{GamesterApp, Settings};
use gamester_rules::tables::{Layout, Phase, Preset, Rules, Side, position_id};

/// A position from the middle of a game of gnubg's (tests/data/position_ids.txt): men on both
/// bars, so no array of any preset.
const MID_GAME: &str = "z3kBAFGwUcsCZA";

/// Opens the Game menu and clicks one of its items.
fn game_menu(h: &mut Harness<'static, GamesterApp>, item: &str) {
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label(item).click();
}

/// The text the window put on the clipboard over the next few frames, if any.
fn copied(h: &mut Harness<'static, GamesterApp>) -> Option<String> {
    let mut out = None;
    for _ in 0..4 {
        h.step();
        for command in &h.output().platform_output.commands {
            if let OutputCommand::CopyText(text) = command {
                out = Some(text.clone());
            }
        }
    }
    out
}

/// Opens Set up a position, types `text` into its field and presses Set up.
fn set_up(h: &mut Harness<'static, GamesterApp>, text: &str) {
    game_menu(h, "Set up a position…");
    h.run();
    h.get_by_role(Role::TextInput).focus();
    h.run();
    h.get_by_role(Role::TextInput).type_text(text);
    h.run();
    h.get_by_label("Set up").click();
    h.run();
}

fn modern() -> Settings {
    Settings {
        preset: Some(Preset::Modern),
        rules: Rules::preset(Preset::Modern),
        ..two_people()
    }
}

#[test]
fn copy_position_id_puts_the_id_of_the_side_on_roll_on_the_clipboard() {
    // Given a game under way, a throw to play and a step played (so the position is nobody's
    // array, and Black may be the side on roll)
    let mut h = harness(11, two_people());
    h.run();
    throw_until_playing(&mut h);
    let step = h.state().session().game().allowed_steps()[0];
    h.state_mut()
        .session_mut()
        .apply(gamester_rules::tables::Action::Step(step))
        .unwrap();
    h.run();
    let game = h.state().session().game().clone();
    let expected = position_id::encode(&game.position_for(game.turn()));
    // When Game → Copy position ID is clicked
    game_menu(&mut h, "Copy position ID  (Ctrl+C)");
    // Then that ID is on the clipboard, the message line says so, and the game is untouched
    assert_eq!(copied(&mut h).as_deref(), Some(expected.as_str()));
    h.run();
    assert!(
        h.query_by_label_contains(&format!("Position ID {expected} copied"))
            .is_some()
    );
    assert_eq!(h.state().session().game(), &game);
}

#[test]
fn a_position_is_set_up_from_a_typed_id_under_the_rules_in_play() {
    for (settings, preset) in [(modern(), Preset::Modern), (two_people(), Preset::Irish)] {
        // Given a game of the preset under way
        let mut h = harness(5, settings);
        h.run();
        throw_until_playing(&mut h);
        // When a position is set up from a Position ID typed into the window, and the game
        // under way is left for it
        set_up(&mut h, MID_GAME);
        h.get_by_label("Leave it and start the new game").click();
        h.run();
        // Then a new game stands at that position, the side the ID is seen from as White,
        // waiting for the throw-off, under the same rules but for the array
        let game = h.state().session().game();
        let wanted = position_id::decode(MID_GAME).unwrap();
        assert_eq!(game.position(), wanted, "{preset:?}");
        assert_eq!(game.position_for(Side::White), wanted);
        assert_eq!(game.phase(), Phase::ThrowOff);
        assert!(game.record().is_empty());
        let mut rules = Rules::preset(preset);
        rules.layout = Layout::Custom(wanted.to_setup(Side::White));
        assert_eq!(game.rules(), &rules);
        // And the message line says so, the window has closed, and copying gives the ID back
        assert!(
            h.query_by_label_contains(&format!("set up from position {MID_GAME}"))
                .is_some()
        );
        assert!(h.query_by_role(Role::TextInput).is_none());
        game_menu(&mut h, "Copy position ID  (Ctrl+C)");
        assert_eq!(copied(&mut h).as_deref(), Some(MID_GAME));
    }
}

#[test]
fn setting_up_a_position_over_an_unfinished_game_asks_first() {
    // Given a game under way
    let mut h = harness(5, modern());
    h.run();
    throw_until_playing(&mut h);
    let before = h.state().session().game().clone();
    // When a position is set up from a good ID
    set_up(&mut h, MID_GAME);
    // Then the person is asked first, as New game asks, and the game is still in play
    assert!(h.query_by_label("Leave this game?").is_some());
    assert_eq!(h.state().session().game(), &before);
    // When he goes back to it, it stays, and nothing says a new game was set up
    h.get_by_label("Go back to it").click();
    h.run();
    assert!(h.query_by_label("Leave this game?").is_none());
    assert_eq!(h.state().session().game(), &before);
    assert!(h.query_by_label_contains("set up from position").is_none());
    // When he sets it up again and leaves the game after all, the position is in play
    set_up(&mut h, MID_GAME);
    h.get_by_label("Leave it and start the new game").click();
    h.run();
    let wanted = position_id::decode(MID_GAME).unwrap();
    assert_eq!(h.state().session().game().position(), wanted);
    assert!(h.state().session().game().record().is_empty());
}

#[test]
fn a_bad_id_is_refused_in_words_and_the_game_in_play_is_kept() {
    for bad in ["not an id", "z3kBAFGwUcsC!A", "//////////////"] {
        // Given a game under way
        let mut h = harness(5, modern());
        h.run();
        throw_until_playing(&mut h);
        let before = h.state().session().game().clone();
        // When a text that is no Position ID is set up
        set_up(&mut h, bad);
        // Then the window says why, stays open with the text to mend, and the game is the same
        assert!(
            h.query_by_label_contains("is not a Position ID").is_some(),
            "{bad}"
        );
        assert_eq!(h.get_by_role(Role::TextInput).value().as_deref(), Some(bad));
        assert_eq!(h.state().session().game(), &before, "{bad}");
    }
}

#[test]
fn letters_typed_into_the_set_up_window_never_touch_the_game() {
    for mut h in games_in_every_phase() {
        h.run();
        let before = h.state().session().game().clone();
        // Given the Set up a position window open, its field taking the keys
        game_menu(&mut h, "Set up a position…");
        h.run();
        assert!(h.get_by_role(Role::TextInput).is_focused());
        // When every key is typed into it (and Enter offers the text, which is no ID)
        type_every_key(&mut h);
        // Then the game is as it was
        assert_eq!(h.state().session().game(), &before, "{:?}", before.phase());
    }
}

#[test]
fn gnubgs_whole_id_is_shown_copied_and_set_up_from() {
    // Given a game of modern backgammon under way, a throw to play
    let mut h = harness(11, modern());
    h.run();
    throw_until_playing(&mut h);
    let game = h.state().session().game().clone();
    let key = gamester_rules::tables::match_id::of_game(&game);
    let position = position_id::encode(&game.position_for(game.turn()));
    let matched = gamester_rules::tables::match_id::encode(&key);
    // Then the side panel shows both IDs, once opened
    h.get_by_label("GNU Backgammon's IDs").click();
    h.run();
    assert!(
        h.query_by_label_contains(&format!("Position ID: {position}"))
            .is_some()
    );
    assert!(
        h.query_by_label_contains(&format!("Match ID: {matched}"))
            .is_some()
    );
    // The Match ID says the side on roll and its dice, the higher first, in a money session
    let read = gamester_rules::tables::match_id::decode(&matched).unwrap();
    let mut faces = game.throw().unwrap().faces().to_vec();
    faces.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(read.dice.to_vec(), faces);
    assert_eq!(read.length, 0);
    assert_eq!(
        read.on_roll,
        gamester_rules::tables::match_id::player(game.turn())
    );
    // When Game → Copy GNU Backgammon ID is clicked, both go to the clipboard as gnubg takes
    // them, and the game is untouched
    game_menu(&mut h, "Copy GNU Backgammon ID (position and match)");
    let whole = format!("{position}:{matched}");
    assert_eq!(copied(&mut h).as_deref(), Some(whole.as_str()));
    assert_eq!(h.state().session().game(), &game);
    // And the whole ID, pasted, sets up its position
    set_up(&mut h, &format!("{MID_GAME}:{matched}"));
    h.get_by_label("Leave it and start the new game").click();
    h.run();
    assert_eq!(
        h.state().session().game().position(),
        position_id::decode(MID_GAME).unwrap()
    );
    // While a broken Match ID is refused in words, the game kept
    let before = h.state().session().game().clone();
    set_up(&mut h, &format!("{MID_GAME}:cAkAAAAA!AAA"));
    assert!(h.query_by_label_contains("is not a Match ID").is_some());
    assert_eq!(h.state().session().game(), &before);
}

#[test]
fn the_xgid_is_shown_copied_and_set_up_from() {
    use gamester_rules::tables::xgid;
    // Given a game of modern backgammon under way, a throw to play
    let mut h = harness(12, modern());
    h.run();
    throw_until_playing(&mut h);
    let game = h.state().session().game().clone();
    let id = xgid::encode(&xgid::of_game(&game));
    // Then the side panel shows the XGID beside gnubg's IDs
    h.get_by_label("GNU Backgammon's IDs").click();
    h.run();
    assert!(h.query_by_label_contains(&id).is_some(), "{id}");
    // It names the men as they stand (White is X), the side on roll and the dice thrown
    let read = xgid::decode(&id).unwrap();
    assert_eq!(read.position, game.position());
    assert_eq!(read.on_roll, game.turn());
    // When Game → Copy XGID is clicked, it goes to the clipboard and the game is untouched
    game_menu(&mut h, "Copy XGID (eXtreme Gammon)");
    assert_eq!(copied(&mut h).as_deref(), Some(id.as_str()));
    assert_eq!(h.state().session().game(), &game);
    // And an XGID pasted sets up its position, White at X's places
    let pasted = "XGID=-a--b-E-C--AdE---c-cAb----:0:0:-1:00:0:0:0:5:10";
    set_up(&mut h, pasted);
    h.get_by_label("Leave it and start the new game").click();
    h.run();
    assert_eq!(
        h.state().session().game().position(),
        xgid::decode(pasted).unwrap().position
    );
    // in the XGID's match: to 5 points, at its score
    assert_eq!(h.state().session().game().rules().match_to, 5);
    assert!(
        h.query_by_label_contains("Match to 5: White 0, Black 0")
            .is_some()
    );
    // While a broken one is refused in words, the game kept
    let before = h.state().session().game().clone();
    set_up(
        &mut h,
        "XGID=-a--b-E-C--AdE---c-cAb---Z:0:0:-1:00:0:0:0:5:10",
    );
    assert!(h.query_by_label_contains("is not an XGID").is_some());
    assert_eq!(h.state().session().game(), &before);
}

#[test]
fn ctrl_c_on_the_table_copies_the_position_id_and_ctrl_v_sets_one_up() {
    // Given a game under way, no text field in use
    let mut h = harness(11, two_people());
    h.run();
    throw_until_playing(&mut h);
    let game = h.state().session().game().clone();
    let expected = position_id::encode(&game.position_for(game.turn()));
    // When Ctrl+C is pressed (the window's copy, as the desktop sends it)
    h.event(egui::Event::Copy);
    // Then the Position ID is on the clipboard, and the message line says so
    assert_eq!(copied(&mut h).as_deref(), Some(expected.as_str()));
    h.run();
    assert!(
        h.query_by_label_contains(&format!("Position ID {expected} copied"))
            .is_some()
    );
    // When a Position ID is pasted on the table, and Enter pressed
    h.event(egui::Event::Paste(format!("  {MID_GAME}\n")));
    h.run();
    assert!(h.query_by_label("Set up a position").is_some());
    h.key_press(egui::Key::Enter);
    h.run();
    h.get_by_label("Leave it and start the new game").click();
    h.run();
    // Then a new game stands at that position
    assert_eq!(
        h.state().session().game().position(),
        position_id::decode(MID_GAME).unwrap()
    );
    // And text that is neither a position nor an invitation is said so, and changes nothing
    let before = h.state().session().game().clone();
    h.event(egui::Event::Paste("hello".into()));
    h.run();
    assert!(
        h.query_by_label_contains("not an invitation to a game, nor a position")
            .is_some()
    );
    assert!(h.query_by_label("Set up a position").is_none());
    assert_eq!(h.state().session().game(), &before);
}

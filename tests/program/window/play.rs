//! The window, headless (egui_kittest): start a game, throw with seeded dice, play a step by
//! clicking on the board, undo it, play and lift the dice; the settings change the next game;
//! many random clicks never panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::accesskit::Role;
use egui::{Event, Modifiers, PointerButton, Pos2};
use egui_kittest::kittest::Queryable;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use gamester::ui::Settings;
use gamester_rules::tables::{Action, Phase, Preset, Rules, Side};

use super::support;
use support::*;

#[test]
fn a_step_is_played_by_clicking_undone_and_a_play_confirmed() {
    // Given a new Irish game with seeded dice
    let mut h = harness(11, two_people());
    h.run();
    throw_until_playing(&mut h);
    let game = h.state().session().game().clone();
    let mover = game.turn();
    let before = game.position();
    // When a man is clicked and then a point he may reach
    let step = game.allowed_steps()[0];
    let from = h.state().screen_pos(mover, step.from()).unwrap();
    click_at(&mut h, from);
    let to = h.state().screen_pos(mover, step.to()).unwrap();
    click_at(&mut h, to);
    // Then the engine has played that step
    assert_eq!(h.state().session().game().steps_played(), vec![step]);
    assert_ne!(h.state().session().game().position(), before);
    // When it is undone, Then the men stand as before
    h.get_by_label("Undo  (U)").click();
    h.run();
    assert!(h.state().session().game().steps_played().is_empty());
    assert_eq!(h.state().session().game().position(), before);
    // When a whole legal play is clicked, step by step, and the dice lifted
    let play = game
        .legal_plays()
        .into_iter()
        .max_by_key(|p| p.steps.len())
        .unwrap();
    for s in play.steps.iter() {
        let from = h.state().screen_pos(mover, s.from()).unwrap();
        click_at(&mut h, from);
        let to = h.state().screen_pos(mover, s.to()).unwrap();
        click_at(&mut h, to);
    }
    h.get_by_label("Lift the dice  (Enter)").click();
    h.run();
    // Then the play stands and the turn has passed
    let after = h.state().session().game();
    assert_eq!(after.position_for(mover), play.position);
    assert_eq!(after.turn(), mover.other());
    assert!(matches!(after.record().last(), Some(Action::Confirm)));
}

#[test]
fn the_new_game_window_changes_the_next_games_rules() {
    let mut h = harness(5, two_people());
    h.run();
    assert_eq!(
        *h.state().session().game().rules(),
        Rules::preset(Preset::Irish)
    );
    h.get_by_label("New game…").click();
    h.run();
    // The preset list opens from its current choice; Fails is chosen
    h.get_by(|n| n.role() == Role::ComboBox && n.value().as_deref() == Some("Irish (Willughby)"))
        .click();
    h.run();
    h.get_by_label("Fails").click();
    h.run();
    // The game in progress keeps its rules until the new game starts
    assert_eq!(
        *h.state().session().game().rules(),
        Rules::preset(Preset::Irish)
    );
    h.get_by_label("Start the new game").click();
    h.run();
    assert_eq!(
        *h.state().session().game().rules(),
        Rules::preset(Preset::Fails)
    );
    assert_eq!(h.state().settings().rules, Rules::preset(Preset::Fails));
}

#[test]
fn the_house_rules_set_each_option_in_words_and_leave_the_preset() {
    // Given the New game window, with every option shown
    let mut h = harness(6, two_people());
    h.run();
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("House rules: every option").click();
    h.run();
    // When bearing off is set to an exact die and the cube is ticked, by their words
    h.get_by_label("Bearing off: only an exact die")
        .scroll_to_me();
    h.run();
    h.get_by_label("Bearing off: only an exact die").click();
    h.run();
    h.get_by_label("The doubling cube").scroll_to_me();
    h.run();
    h.get_by_label("The doubling cube").click();
    h.run();
    h.get_by_label("Start the new game").scroll_to_me();
    h.run();
    h.get_by_label("Start the new game").click();
    h.run();
    // Then the next game is Irish with those two options changed, and no longer a preset
    let mut expected = Rules::preset(Preset::Irish);
    expected.bear_off = gamester_rules::tables::BearOff::Exact;
    expected.cube = true;
    assert_eq!(*h.state().session().game().rules(), expected);
    assert_eq!(h.state().settings().preset, None);
}

#[test]
fn the_cup_throws_and_the_keys_play() {
    let mut h = harness(3, two_people());
    h.run();
    let cup = h.state().cup_pos(Side::White).unwrap();
    click_at(&mut h, cup);
    assert_ne!(
        h.state().session().game().phase(),
        Phase::ThrowOff,
        "the throw-off was thrown"
    );
    // When Space is pressed while a side is to throw, Then the dice are thrown
    for _ in 0..20 {
        let before = h.state().session().game().clone();
        if before.phase() == Phase::Playing && !before.allowed_steps().is_empty() {
            break;
        }
        h.key_press(egui::Key::Space);
        h.run();
        assert!(
            h.state().session().game().record().len() > before.record().len(),
            "Space threw nothing in {:?}",
            before.phase()
        );
    }
    let game = h.state().session().game().clone();
    assert_eq!(game.phase(), Phase::Playing);
    let mover = game.turn();
    // When a step is played and U pressed, Then the step is taken back
    let step = game.allowed_steps()[0];
    h.state_mut()
        .session_mut()
        .apply(Action::Step(step))
        .unwrap();
    h.run();
    assert_eq!(h.state().session().game().steps_played(), vec![step]);
    h.key_press(egui::Key::U);
    h.run();
    assert!(h.state().session().game().steps_played().is_empty());
    assert_eq!(h.state().session().game().position(), game.position());
    // When a whole play is made and Enter pressed, Then the dice are lifted and the turn passes
    let play = game
        .legal_plays()
        .into_iter()
        .max_by_key(|p| p.steps.len())
        .unwrap();
    for s in play.steps.iter() {
        h.state_mut().session_mut().apply(Action::Step(s)).unwrap();
    }
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    let after = h.state().session().game();
    assert!(matches!(after.record().last(), Some(Action::Confirm)));
    assert_eq!(after.turn(), mover.other());
    assert_eq!(after.position_for(mover), play.position);
}

#[test]
fn many_random_clicks_and_keys_never_panic() {
    let mut rng = StdRng::seed_from_u64(2024);
    let mut h = harness(99, Settings::default());
    h.run();
    let keys = [
        egui::Key::Space,
        egui::Key::Space,
        egui::Key::Enter,
        egui::Key::U,
        egui::Key::Escape,
        egui::Key::Num1,
        egui::Key::D,
    ];
    for _ in 0..1500 {
        if rng.random_ratio(1, 2) {
            h.key_press(keys[rng.random_range(0..keys.len())]);
        } else {
            // Anywhere on the board (the menus and dialogs have tests of their own).
            let pos = Pos2::new(rng.random_range(0.0..930.0), rng.random_range(40.0..740.0));
            h.hover_at(pos);
            h.event(Event::PointerButton {
                pos,
                button: PointerButton::Primary,
                pressed: true,
                modifiers: Modifiers::NONE,
            });
            h.event(Event::PointerButton {
                pos,
                button: PointerButton::Primary,
                pressed: false,
                modifiers: Modifiers::NONE,
            });
        }
        h.step();
        // Now and then close any window a random click opened, so the board stays reachable.
        if rng.random_ratio(1, 25) {
            h.key_press(egui::Key::Escape);
        }
    }
    let game = h.state().session().game();
    let setup = game.position().to_setup(Side::White);
    for men in [setup.white, setup.black] {
        let total: u32 =
            men.points.iter().map(|&n| u32::from(n)).sum::<u32>() + u32::from(men.bar + men.off);
        assert_eq!(total, 15);
    }
    assert!(
        game.record().len() > 3,
        "random play made some progress: {:?}",
        game.record()
    );
}

#[test]
fn a_game_is_replayed_turn_by_turn_and_taken_over() {
    // Given a game two plays in
    let mut h = harness(21, two_people());
    h.run();
    play_first_plays(&mut h, 2);
    let live = h.state().session().game().clone();
    // When the game is replayed and stepped back a turn
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Replay this game, turn by turn").click();
    h.run();
    assert!(h.state().is_replaying());
    assert_eq!(h.state().shown().game().position(), live.position());
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    // Then the board shows the game before the last play, and the game in play is untouched
    let shown = h.state().shown().game().clone();
    assert_ne!(shown.position(), live.position());
    assert!(shown.record().len() < live.record().len());
    assert_eq!(shown.record(), &live.record()[..shown.record().len()]);
    assert_eq!(h.state().session().game(), &live);
    // When the person plays on from there
    h.get_by_label("Play on from here").click();
    h.run();
    assert!(!h.state().is_replaying());
    assert_eq!(h.state().session().game().record(), shown.record());
}

#[test]
fn the_first_game_guide_walks_through_a_game() {
    let mut h = harness(8, two_people());
    h.run();
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("First game guide").click();
    h.run();
    // The tables, the array: moved on by Next
    assert!(h.query_by_label_contains("The tables (1/8)").is_some());
    h.get_by_label("Next").click();
    h.run();
    assert!(
        h.query_by_label_contains(
            "Yours stand 2 on the adversary's ace point, 5 on the adversary's 12 point"
        )
        .is_some()
    );
    h.get_by_label("Next").click();
    h.run();
    // The throw-off step waits for the throw-off, then moves on by itself
    assert!(h.query_by_label_contains("The throw-off (3/8)").is_some());
    h.get_by_label("Throw  (Space)").click();
    h.run();
    h.run();
    assert!(h.query_by_label_contains("Moving the men (4/8)").is_some());
    h.get_by_label("Close the guide").click();
    h.run();
    assert!(h.query_by_label_contains("Moving the men").is_none());
}

#[test]
fn the_computer_answers_a_persons_play() {
    // Given a person (White) against the computer (Black), the person to play first
    let mut h = harness(4, Settings::default());
    h.run();
    loop {
        throw_until_playing(&mut h);
        if h.state().session().game().turn() == Side::White {
            break;
        }
        // The computer began: let it play, then the person throws.
        wait_for_person(&mut h);
    }
    // When the person plays and lifts the dice
    let play = h.state().session().game().legal_plays()[0];
    h.state_mut().session_mut().apply_play(&play).unwrap();
    assert_eq!(h.state().session().game().turn(), Side::Black);
    // Then the computer throws and plays, by the same gate, and it is the person's turn again
    wait_for_person(&mut h);
    let game = h.state().session().game();
    assert_eq!(game.turn(), Side::White);
    assert!(
        game.record()
            .iter()
            .filter(|a| matches!(a, Action::Confirm))
            .count()
            >= 2
            || game.turns() >= 2
    );
}

#[test]
fn a_period_word_in_the_status_line_opens_its_glossary_entry() {
    let mut h = harness(6, two_people());
    h.run();
    // Given the status line "The throw-off: …", When its linked word is clicked
    h.get_by_label("throw-off").click();
    h.run();
    // Then the glossary is open at that entry, with its source named
    assert!(
        h.query_by_label_contains("Glossary of the tables")
            .is_some()
    );
    assert!(h.query_all_by_label_contains("Source:").next().is_some());
    // And the rules window tells the rules of the game in progress
    h.get_by_label("The rules of this game, explained").click();
    h.run();
    assert!(h.query_all_by_label_contains("Who begins").next().is_some());
    assert!(
        h.query_all_by_label_contains("Bearing off")
            .next()
            .is_some()
    );
}

#[test]
fn double_hand_shows_both_throws_and_the_side_chooses_one() {
    use gamester_core::players::{Controller, Player};
    let mut settings = two_people();
    settings.rules = Rules::preset(Preset::DoubleHandIrish);
    let person = |name: &str| Player {
        name: name.into(),
        controller: Controller::Person,
    };
    settings.table.white.players = vec![person("Anne"), person("Bess")];
    settings.table.black.players = vec![person("Cuthbert"), person("Dick")];
    let mut h = harness(12, settings);
    h.run();
    // The very first turn has one throw
    throw_until_playing(&mut h);
    let play = h.state().session().game().legal_plays()[0];
    h.state_mut().session_mut().apply_play(&play).unwrap();
    h.run();
    // Then both partners of the other side throw
    h.get_by_label("Throw  (Space)").click();
    h.run();
    assert_eq!(h.state().session().game().phase(), Phase::SecondThrow);
    h.get_by_label("Throw  (Space)").click();
    h.run();
    assert_eq!(h.state().session().game().phase(), Phase::ChooseThrow);
    let second = h.state().session().game().throws()[1];
    // When the side chooses the second throw by its button
    h.get_by(|n| {
        n.role() == Role::Button
            && n.label()
                .is_some_and(|l| l.starts_with("Play ") && l.ends_with("(2)"))
    })
    .click();
    h.run();
    // Then it plays that throw
    assert_eq!(h.state().session().game().throw(), Some(second));
    assert!(
        h.state()
            .session()
            .log()
            .iter()
            .any(|e| e.words.contains("chooses to play"))
    );
}

#[test]
fn letters_typed_into_the_glossary_search_never_touch_the_game() {
    for mut h in games_in_every_phase() {
        h.run();
        let before = h.state().session().game().clone();
        // Given the glossary open, its search box focused
        open_the_glossary(&mut h);
        h.get_by_role(Role::TextInput).focus();
        h.run();
        assert!(h.get_by_role(Role::TextInput).is_focused());
        // When every letter is typed into it
        type_every_key(&mut h);
        // Then the game is as it was, and the letters are in the search box
        assert_eq!(h.state().session().game(), &before, "{:?}", before.phase());
    }
}

#[test]
fn letters_typed_while_a_window_is_in_front_never_touch_the_game() {
    for mut h in games_in_every_phase() {
        h.run();
        let before = h.state().session().game().clone();
        // Given the New game window open in front of the board
        h.key_press_modifiers(Modifiers::COMMAND, egui::Key::N);
        h.run();
        // When every key is typed (into a name field, or into the window)
        if let Some(name) = h.query_all_by_role(Role::TextInput).next() {
            name.focus();
        }
        h.run();
        type_every_key(&mut h);
        // Then the game is as it was
        assert_eq!(h.state().session().game(), &before, "{:?}", before.phase());
    }
}

#[test]
fn the_cube_answers_only_to_ctrl() {
    // Given a double offered to a person
    let mut games = games_in_every_phase();
    let mut h = games.pop().unwrap();
    h.run();
    // When T and P are pressed alone, Then nothing is taken or dropped
    h.key_press(egui::Key::T);
    h.key_press(egui::Key::P);
    h.run();
    assert_eq!(h.state().session().game().phase(), Phase::DoubleOffered);
    // When Ctrl+T is pressed, Then the double is taken
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::T);
    h.run();
    assert!(matches!(
        h.state().session().game().record().last(),
        Some(Action::Take)
    ));
}

#[test]
fn keys_go_to_a_window_pressed_on_until_the_board_is_pressed_again() {
    // Given a step played and the glossary window open
    let mut h = games_in_every_phase().swap_remove(1);
    h.run();
    open_the_glossary(&mut h);
    let played = h.state().session().game().clone();
    assert_eq!(played.steps_played().len(), 1);
    // When the person presses on the glossary's search box and leaves it (Escape), so the window
    // is in front with no text field focused, and presses U
    let search = h.get_by_role(Role::TextInput).rect();
    click_at(&mut h, search.center());
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!h.get_by_role(Role::TextInput).is_focused());
    h.key_press(egui::Key::U);
    h.run();
    // Then the step stands
    assert_eq!(h.state().session().game(), &played);
    // When the person presses on the board again (his tray), Then U takes the step back
    let mover = played.turn();
    let tray = h.state().screen_pos(mover, 0).unwrap();
    click_at(&mut h, tray);
    assert_eq!(h.state().session().game(), &played);
    h.key_press(egui::Key::U);
    h.run();
    assert!(h.state().session().game().steps_played().is_empty());
}

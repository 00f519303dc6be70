//! Helpers for the window's tests: a headless Gamester with seeded dice, clicks, throws, and
//! games in every phase. Each window test file includes this module.
#![allow(dead_code)]

use egui::{Event, Modifiers, PointerButton, Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use gamester::ui::{GamesterApp, Launch, Settings};
use gamester_core::players::Seats;
use gamester_rules::tables::{Action, Phase, Side};

/// A headless Gamester with seeded dice.
pub fn harness(seed: u64, settings: Settings) -> Harness<'static, GamesterApp> {
    harness_with(
        Launch {
            seed: Some(seed),
            ..Launch::default()
        },
        settings,
    )
}

/// A headless Gamester started as `launch` says, always ephemeral: it never touches the user's
/// folders.
pub fn harness_with(launch: Launch, settings: Settings) -> Harness<'static, GamesterApp> {
    // egui 0.37's ComboBox names itself through `labelled_by`, which kittest's accessibility
    // check does not yet follow; the check is off for that reason only.
    Harness::builder()
        .with_size(vec2(1280.0, 820.0))
        .with_max_steps(40)
        .with_accessibility_check(false)
        .build_eframe(move |cc| {
            gamester::ui::tables::theme::apply(&cc.egui_ctx);
            GamesterApp::new(
                settings,
                Launch {
                    ephemeral: true,
                    ..launch
                },
            )
        })
}

/// A headless Gamester that reads and writes its settings as the real window does, in the
/// temporary data folder `launch` must name (never the user's).
pub fn harness_remembering(launch: Launch) -> Harness<'static, GamesterApp> {
    assert!(
        launch.data_dir.is_some(),
        "a test never touches the user's folders"
    );
    let launch = Launch {
        ephemeral: false,
        ..launch
    };
    Harness::builder()
        .with_size(vec2(1280.0, 820.0))
        .with_max_steps(40)
        .with_accessibility_check(false)
        .build_eframe(move |cc| {
            gamester::ui::tables::theme::apply(&cc.egui_ctx);
            let remembered = gamester::ui::shell::settings_file::Remembered::at_start(&launch);
            GamesterApp::remembering(launch, remembered)
        })
}

pub fn two_people() -> Settings {
    Settings {
        table: Seats::two_people(),
        ..Settings::default()
    }
}

pub fn click_at(h: &mut Harness<'static, GamesterApp>, pos: Pos2) {
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
    h.run();
}

/// Throws (by the button) until the side to move has a throw to play.
/// Throws and makes the first legal play, `turns` times over.
pub fn play_first_plays(h: &mut Harness<'static, GamesterApp>, turns: usize) {
    for _ in 0..turns {
        throw_until_playing(h);
        let play = h.state().session().game().legal_plays()[0];
        h.state_mut().session_mut().apply_play(&play).unwrap();
        h.run();
    }
}

pub fn throw_until_playing(h: &mut Harness<'static, GamesterApp>) {
    for _ in 0..20 {
        if h.state().session().game().phase() == Phase::Playing
            && !h.state().session().game().allowed_steps().is_empty()
        {
            return;
        }
        h.get_by_label("Throw  (Space)").click();
        h.step();
        wait_while_thinking(h);
        // The computer's play may land as the dice still roll (under load its thinking ends
        // at another frame), and the two slides together may outlast one run's steps: a second
        // run still fails a window that never settles.
        if h.try_run().is_err() {
            h.run();
        }
    }
    panic!(
        "never came to a play: {:?}",
        h.state().session().game().phase()
    );
}

/// Steps the window while the computer works on its thread (however long a busy machine makes
/// that: a frame count alone would fail on a loaded machine).
pub fn wait_while_thinking(h: &mut Harness<'static, GamesterApp>) {
    for _ in 0..4000 {
        if !h.state().computer_thinking() {
            return;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the computer never finished thinking");
}

/// Steps the window until the person (White) is to act again.
pub fn wait_for_person(h: &mut Harness<'static, GamesterApp>) {
    for _ in 0..2000 {
        h.step();
        let game = h.state().session().game();
        if game.is_over()
            || (game.turn() == Side::White
                && !h.state().computer_thinking()
                && matches!(game.phase(), Phase::ToThrow))
        {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!(
        "the computer never finished its turn: {:?}",
        h.state().session().game().phase()
    );
}

/// Opens the glossary window from the Help menu.
pub fn open_the_glossary(h: &mut Harness<'static, GamesterApp>) {
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("Glossary of the games").click();
    h.run();
}

/// Every key a person types into a text field: each letter, digit and Space, with its text.
pub fn type_every_key(h: &mut Harness<'static, GamesterApp>) {
    let mut keys: Vec<(egui::Key, char)> = ('a'..='z')
        .filter_map(|c| egui::Key::from_name(&c.to_string()).map(|k| (k, c)))
        .collect();
    keys.extend([
        (egui::Key::Num1, '1'),
        (egui::Key::Num2, '2'),
        (egui::Key::Space, ' '),
    ]);
    assert_eq!(keys.len(), 29, "every letter has its key");
    for (key, c) in keys {
        h.key_press(key);
        h.event(Event::Text(c.to_string()));
        h.run();
    }
    h.key_press(egui::Key::Backspace);
    h.key_press(egui::Key::Enter);
    h.run();
}

/// The games a person may be in when he types: waiting for the throw-off, with a step played
/// (U would take it back, Enter lift the dice), and with a double offered (T and P would answer).
pub fn games_in_every_phase() -> Vec<Harness<'static, GamesterApp>> {
    let mut out = Vec::new();
    out.push(harness(3, two_people()));
    let mut playing = harness(11, two_people());
    playing.run();
    throw_until_playing(&mut playing);
    let step = playing.state().session().game().allowed_steps()[0];
    playing
        .state_mut()
        .session_mut()
        .apply(Action::Step(step))
        .unwrap();
    out.push(playing);
    let mut cube = two_people();
    cube.rules.cube = true;
    cube.preset = None;
    let mut doubled = harness(5, cube);
    doubled.run();
    doubled.get_by_label("Throw  (Space)").click();
    doubled.run();
    for _ in 0..20 {
        if doubled.state().session().game().phase() == Phase::ToThrow {
            break;
        }
        let game = doubled.state().session().game().clone();
        let session = doubled.state_mut().session_mut();
        if game.waits_for_dice() {
            session.throw().unwrap();
        } else if let Some(play) = game.legal_plays().first() {
            session.apply_play(play).unwrap();
        }
    }
    doubled
        .state_mut()
        .session_mut()
        .apply(Action::Double)
        .unwrap();
    assert_eq!(
        doubled.state().session().game().phase(),
        Phase::DoubleOffered
    );
    out.push(doubled);
    out
}

/// Lets the window finish reading the file it is opening (off its own thread), frame by frame.
#[allow(dead_code)]
pub fn finish_opening(h: &mut Harness<'static, GamesterApp>) {
    for _ in 0..2000 {
        if h.state().opening().is_none() {
            h.run();
            return;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("the file was never read");
}

/// Every text of the window a player reads now (labels, buttons, values).
pub fn shown(h: &Harness<'static, GamesterApp>) -> Vec<String> {
    use egui_kittest::kittest::{NodeT, Queryable};
    h.query_all(egui_kittest::kittest::By::new())
        .flat_map(|n| [n.accesskit_node().label(), n.value()])
        .flatten()
        .collect()
}

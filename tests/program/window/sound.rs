//! Sound (issue 31): the dice are heard thrown, a man set down as he lands, a hit, a man borne
//! off, a tile laid, whoever moves; the View menu of both families has the sound on or off and
//! its volume, remembered; with the sound off nothing is heard. The window under test is
//! silent: it notes the cues it plays, and the tests read them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use gamester::ui::shell::settings::Speed;
use gamester::ui::sound::Cue;
use gamester::ui::{GamesterApp, Launch, Settings};
use gamester_core::level::Level;
use gamester_core::players::{Controller, Seats};
use gamester_core::session::Session;
use gamester_rules::tables::{
    Action, Layout, LoadedDice, Opening, Position, Preset, Rules, Side, Tally,
};
use gamester_rules::tiles;

use super::support;
use super::tiles::{at_tiles, click_a_move, tiles_settings};
use support::*;

/// Two people at Irish from `position` (White's view), White winning the throw-off and then
/// throwing `throw`, thrown: White is to play it.
fn playing_at(position: &str, throw: [u8; 2], settings: Settings) -> Harness<'static, GamesterApp> {
    let mut rules = Rules::preset(Preset::Irish);
    let pos: Position = position.parse().unwrap();
    rules.layout = Layout::Custom(pos.to_setup(Side::White));
    rules.opening = Opening::ThrowAgain;
    let dice = LoadedDice::new(&[6, 1, throw[0], throw[1]]);
    let session =
        Session::new(rules, Seats::two_people(), Tally::default(), Box::new(dice)).unwrap();
    let mut h = harness(1, settings);
    h.run();
    *h.state_mut().session_mut() = session;
    h.run();
    for _ in 0..2 {
        h.get_by_label("Throw  (Space)").click();
        h.run();
    }
    h
}

/// Moves White's man on `from` to `to` (0: off the board) by two clicks.
fn click_a_man(h: &mut Harness<'static, GamesterApp>, from: u8, to: u8) {
    let at = h.state().screen_pos(Side::White, from).unwrap();
    click_at(h, at);
    let at = h.state().screen_pos(Side::White, to).unwrap();
    click_at(h, at);
}

/// The cues played after the first `n`.
fn played_since(h: &Harness<'static, GamesterApp>, n: usize) -> Vec<Cue> {
    h.state().sounds_played().split_off(n)
}

/// Opens the View menu.
fn open_view(h: &mut Harness<'static, GamesterApp>) {
    h.get_by_label("View").click();
    h.run();
}

#[test]
fn the_dice_are_heard_thrown_and_at_the_speed_instant_at_once() {
    for (speed, cue) in [
        (Speed::Normal, Cue::Dice),
        (Speed::Instant, Cue::DiceAtOnce),
    ] {
        // Given two people, nothing heard yet
        let mut h = harness(
            11,
            Settings {
                speed,
                ..two_people()
            },
        );
        h.run();
        assert_eq!(h.state().sounds_played(), vec![]);
        // When the dice are thrown
        h.get_by_label("Throw  (Space)").click();
        h.step();
        // Then they are heard as the throw starts
        assert_eq!(h.state().sounds_played(), vec![cue], "{speed:?}");
    }
}

#[test]
fn a_man_set_down_is_heard_as_he_lands_and_one_carried_by_hand_at_once() {
    // Given White to play 6-5 from the start of Irish
    let mut h = playing_at(
        "24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5",
        [6, 5],
        two_people(),
    );
    let n = h.state().sounds_played().len();
    // When a man is moved by clicks, 13 to 7
    let from = h.state().screen_pos(Side::White, 13).unwrap();
    click_at(&mut h, from);
    let to = h.state().screen_pos(Side::White, 7).unwrap();
    h.hover_at(to);
    h.event(egui::Event::PointerButton {
        pos: to,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    h.event(egui::Event::PointerButton {
        pos: to,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.step();
    // Then he is not heard while he slides, and is heard once as he lands
    assert!(h.state().sliding());
    assert_eq!(played_since(&h, n), vec![]);
    h.run();
    assert!(!h.state().sliding());
    assert_eq!(played_since(&h, n), vec![Cue::SetDown]);
    // When the next man is dragged, 13 to 8
    let from = h.state().screen_pos(Side::White, 13).unwrap();
    let to = h.state().screen_pos(Side::White, 8).unwrap();
    h.drag_at(from);
    h.step();
    for k in 1..=6 {
        h.hover_at(from + (to - from) * (k as f32 / 6.0));
        h.step();
    }
    h.drop_at(to);
    h.step();
    // Then he is heard as the hand lets go of him
    assert_eq!(h.state().session().game().steps_played().len(), 2);
    assert_eq!(played_since(&h, n), vec![Cue::SetDown, Cue::SetDown]);
}

#[test]
fn a_hit_is_heard_as_a_hit() {
    // Given White's man on 8 and Black's blot on White's 5 point (Black's 20), White to play 3-1
    let mut h = playing_at("8:1 6:14 / 20:1 24:14", [3, 1], two_people());
    let n = h.state().sounds_played().len();
    // When White hits it with the trey
    click_a_man(&mut h, 8, 5);
    h.run();
    // Then a hit is heard, not a man set down
    assert_eq!(h.state().session().game().steps_played().len(), 1);
    assert_eq!(played_since(&h, n), vec![Cue::Hit]);
}

#[test]
fn a_man_borne_off_is_heard_going_into_the_tray() {
    // Given White with every man home, to play 6-5
    let mut h = playing_at("6:3 5:12 / 6:15", [6, 5], two_people());
    let n = h.state().sounds_played().len();
    // When a man on the sice point is borne off with the six
    click_a_man(&mut h, 6, 0);
    h.run();
    // Then he is heard borne off
    assert_eq!(h.state().session().game().steps_played().len(), 1);
    assert_eq!(played_since(&h, n), vec![Cue::BorneOff]);
}

#[test]
fn the_computers_throws_and_men_are_heard_too() {
    // Given the computer at both sides of the table
    let mut settings = Settings::default();
    settings.table.white.players[0].controller = Controller::Computer(Level::Novice);
    let mut h = harness(4, settings);
    h.step();
    // When they play a few turns, frame by frame
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while std::time::Instant::now() < deadline {
        h.step();
        let record = h.state().session().game().record().to_vec();
        let steps = record
            .iter()
            .filter(|a| matches!(a, Action::Step(_)))
            .count();
        // Then whenever no man is on his way, every man moved has been heard landing, and
        // every throw heard as it was thrown
        if h.state().sliding() {
            continue;
        }
        let throws = record
            .iter()
            .filter(|a| matches!(a, Action::ThrowOff { .. } | Action::Throw(_)))
            .count();
        let heard = h.state().sounds_played();
        let landed = heard
            .iter()
            .filter(|c| matches!(c, Cue::SetDown | Cue::Hit | Cue::BorneOff))
            .count();
        let thrown = heard.iter().filter(|c| **c == Cue::Dice).count();
        assert_eq!((landed, thrown), (steps, throws), "{heard:?} {record:?}");
        assert_eq!(landed + thrown, heard.len(), "{heard:?}");
        if steps >= 8 {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("the computer never played on");
}

#[test]
fn every_tile_laid_is_heard_and_every_knock_and_throw_for_the_set() {
    // Given Draw dominoes for two against the computer
    let preset = tiles::Preset::Draw;
    let mut h = at_tiles(
        3,
        tiles_settings(preset, tiles::Rules::preset(preset), Level::Fair),
    );
    // When the person and the computer play a while
    for _ in 0..12 {
        if !click_a_move(&mut h) {
            break;
        }
    }
    // Then every tile laid, by the person or the computer, was heard; every throw for the
    // set, and every knock, each as it happened
    let record = h.state().tiles().unwrap().game().record().to_vec();
    let expected: Vec<Cue> = record.iter().filter_map(Cue::of_tiles).collect();
    assert!(expected.iter().filter(|c| **c == Cue::Tile).count() >= 4);
    assert_eq!(h.state().sounds_played(), expected);
}

#[test]
fn with_the_sound_off_nothing_is_heard() {
    // Given the sound turned off, a person against the computer
    let settings = Settings {
        sound: false,
        ..Settings::default()
    };
    let mut h = harness(4, settings.clone());
    h.run();
    // When the dice are thrown and men moved, and the computer plays
    for _ in 0..3 {
        play_first_plays(&mut h, 1);
        wait_for_person(&mut h);
        h.run();
    }
    // Then nothing is heard
    assert!(h.state().session().game().record().len() > 6);
    assert_eq!(h.state().sounds_played(), vec![]);
    // And at tiles neither
    let preset = tiles::Preset::Draw;
    let mut tiles = at_tiles(
        3,
        Settings {
            sound: false,
            ..tiles_settings(preset, tiles::Rules::preset(preset), Level::Fair)
        },
    );
    for _ in 0..6 {
        click_a_move(&mut tiles);
    }
    assert_eq!(tiles.state().sounds_played(), vec![]);
}

#[test]
fn the_view_menu_of_both_families_has_the_sound_and_its_volume() {
    for at_tiles_table in [false, true] {
        let mut h = if at_tiles_table {
            let preset = tiles::Preset::Draw;
            at_tiles(
                3,
                tiles_settings(preset, tiles::Rules::preset(preset), Level::Fair),
            )
        } else {
            harness(3, two_people())
        };
        h.run();
        // When the View menu is opened
        open_view(&mut h);
        // Then it has the sound, ticked, and its volume at 70 of 100
        let sound = h.get_by_label("Sound");
        assert_eq!(
            sound.accesskit_node().toggled(),
            Some(egui::accesskit::Toggled::True)
        );
        let volume = h.get_by_role_and_label(Role::Slider, "Volume");
        let node = volume.accesskit_node();
        assert_eq!(node.numeric_value(), Some(70.0));
        assert_eq!(node.max_numeric_value(), Some(100.0));
        assert!(!node.is_disabled());
        // When the volume is set lower, it is heard at once at that volume
        volume.set_value_accesskit(40.0);
        h.run();
        assert_eq!(h.state().settings().volume, 40);
        assert_eq!(h.state().sounds_played().last(), Some(&Cue::SetDown));
        // When the sound is unticked, it is off and its volume cannot be moved
        h.get_by_label("Sound").click();
        h.run();
        assert!(!h.state().settings().sound);
        if h.query_by_label("Sound").is_none() {
            open_view(&mut h);
        }
        assert!(
            h.get_by_role_and_label(Role::Slider, "Volume")
                .accesskit_node()
                .is_disabled()
        );
    }
}

#[test]
fn the_sound_turned_off_stays_off_at_the_next_start() {
    // Given a window that keeps its settings in a folder of its own
    let data = tempfile::tempdir().unwrap();
    let launch = Launch {
        seed: Some(5),
        data_dir: Some(data.path().to_path_buf()),
        ..Launch::default()
    };
    let mut h = harness_remembering(launch.clone());
    h.run();
    assert!(h.state().settings().sound, "on at a first start");
    // When the sound is turned off in the View menu, and the window closed
    open_view(&mut h);
    h.get_by_label("Sound").click();
    h.run();
    eframe::App::on_exit(h.state_mut(), None);
    drop(h);
    // Then the next window starts with it off, and hears nothing
    let mut h = harness_remembering(launch);
    h.run();
    assert!(!h.state().settings().sound);
    h.get_by_label("Throw  (Space)").click();
    for _ in 0..3 {
        h.step();
    }
    assert_eq!(h.state().session().game().record().len(), 1, "thrown");
    assert_eq!(h.state().sounds_played(), vec![]);
}

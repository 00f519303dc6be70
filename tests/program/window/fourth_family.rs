//! A fourth family, from outside the program: a race to twenty with one die, registered by
//! these tests through the same doors any family uses (`ui::families::register` and
//! `gamester_net::open::register`), and played by the real window through its AccessKit tree:
//! offered and started from New game, played to its end, saved and opened again, played at a
//! distance on loopback with a friend's program on threads, and replayed throw by throw. No
//! file of the shell, the network window, the access or the sound knows it.
//!
//! Its files, in the order docs/DESIGN.md ("Adding a family") walks them: its game (`game`:
//! rules, record, gate, save, and its game for the network), its screen (`screen`), its plug
//! and its registration (`plug`), then these tests.

mod game;
mod plug;
mod screen;

use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};

use gamester::ui::shell::plug::FamilyPlug as _;
use gamester::ui::{GamesterApp, Launch, Settings};

use game::{FAMILY, Race, Rules};
use plug::{OFFERED, RacePlug, RaceSettings};
use screen::{REPLAY, RaceScreen, THROW};

use super::access::quick;
use super::network::{friend, host_from_the_window, over, wait_for};
use super::support::{finish_opening, harness_remembering, harness_with};

/// A window with the race registered, New game's choice the games at tables.
fn window(launch: Launch) -> Harness<'static, GamesterApp> {
    plug::register();
    let mut h = harness_with(launch, quick(Settings::default()));
    h.run();
    h
}

fn seeded(seed: u64) -> Launch {
    Launch {
        seed: Some(seed),
        ..Launch::default()
    }
}

fn race<'a>(h: &'a Harness<'static, GamesterApp>) -> &'a RaceScreen {
    h.state().screen::<RaceScreen>().expect("the race is held")
}

fn menu(h: &mut Harness<'static, GamesterApp>, item: &str) {
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label(item).click();
    h.run();
}

/// Chooses the race in New game and starts it.
fn start_the_race(h: &mut Harness<'static, GamesterApp>) {
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label(OFFERED).click();
    h.run();
    h.get_by_label("Start the new game").click();
    for _ in 0..3 {
        h.step();
    }
}

/// Clicks Throw `times` times (or until the race is over).
fn throw(h: &mut Harness<'static, GamesterApp>, times: usize) {
    for _ in 0..times {
        if race(h).race.is_over() {
            return;
        }
        h.get_by_label(THROW).click();
        h.run();
    }
}

#[test]
fn new_game_offers_the_race_and_starts_it() {
    // Given a window with the race registered (twice: nothing changes)
    plug::register();
    let mut h = window(seeded(3));
    assert_eq!(
        gamester::ui::families::plugs()
            .iter()
            .filter(|p| p.family() == FAMILY)
            .count(),
        1
    );
    // When New game is opened, the race chosen among the families, and started
    start_the_race(&mut h);
    // Then the race is in play, shown, and the status line says whose throw it is
    assert_eq!(h.state().family_shown(), FAMILY);
    assert_eq!(
        h.state().status_line(),
        "The race to twenty: Player 1 to throw the die."
    );
    assert!(h.query_by_label("Player 1: 0 of 20").is_some());
    // And the settings keep the choice under the family's name, for the next New game
    let settings = h.state().settings();
    assert!(RacePlug.chosen(settings));
    assert_eq!(settings.family(), FAMILY);
    assert!(settings.part::<RaceSettings>(FAMILY).at_table);
    let text = gamester::ui::shell::settings_file::to_text(settings).unwrap();
    assert!(text.contains("races to twenty"), "{text}");
}

#[test]
fn the_race_is_played_to_its_end_by_the_throw_button() {
    // Given the race in play between two players at one screen
    let mut h = window(seeded(5));
    start_the_race(&mut h);
    // When Throw is clicked until the race is over
    throw(&mut h, 40);
    // Then someone reached twenty, the story tells every throw, and the button is gone
    let r = race(&h);
    let winner = r.race.winner().expect("the race ended");
    assert!(r.race.count(winner) >= 20 && r.race.count(1 - winner) < 20);
    let story = r.throws_told();
    assert_eq!(story.len(), r.race.record().len() + 1);
    for line in &story {
        assert!(h.query_by_label(line).is_some(), "the story shows {line:?}");
    }
    assert!(
        h.state()
            .status_line()
            .starts_with("The race to twenty is over: ")
    );
    assert!(h.query_by_label(THROW).is_none());
}

#[test]
fn a_race_is_saved_and_opened_again_the_same() {
    // Given a race under way, in a window whose file dialog is the in-window chooser
    let docs = tempfile::tempdir().unwrap();
    let mut h = window(Launch {
        seed: Some(7),
        documents_dir: Some(docs.path().to_path_buf()),
        in_window_chooser: true,
        ..Launch::default()
    });
    start_the_race(&mut h);
    throw(&mut h, 3);
    let played = race(&h).race.clone();
    assert_eq!(played.record().len(), 3);
    // When it is saved under a name of the person's
    menu(&mut h, "Save  (Ctrl+S)");
    h.get_by_role(egui::accesskit::Role::TextInput)
        .set_text_value_accesskit("race");
    h.run();
    h.get_by_label("Save").click();
    h.run();
    // Then the file holds the race under its mark, and the shell's reading knows it
    let path = docs.path().join("race.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(Race::from_text(&text), Some(Ok(played.clone())));
    let read = gamester::ui::shell::reading::read_any(&path).unwrap();
    assert_eq!(read.family(), FAMILY);
    assert_eq!(h.state().current_file(), Some(path.as_path()));
    // And another window opens it, the same race at the same throw, and plays on
    let mut again = window(seeded(8));
    again.state_mut().open_file(path.clone());
    finish_opening(&mut again);
    assert_eq!(again.state().family_shown(), FAMILY);
    assert_eq!(race(&again).race, played);
    assert_eq!(again.state().current_file(), Some(path.as_path()));
    throw(&mut again, 1);
    assert_eq!(race(&again).race.record().len(), 4);
    // While a file that is not a race's is still no race's, and a forged race is refused
    let forged = docs.path().join("forged.ron");
    std::fs::write(&forged, text.replace("throws ", "throws 9 ")).unwrap();
    let err = gamester::ui::shell::reading::read_any(&forged).unwrap_err();
    assert!(
        err.contains("forged.ron") && err.contains("9 is no face"),
        "{err}"
    );
}

#[test]
fn the_race_is_played_at_a_distance_on_loopback_to_its_end() {
    // Given a window at New game's race, hosting it from Game → Play a friend over the network
    plug::register();
    let mut settings = quick(Settings::default());
    RacePlug.choose(&mut settings, true);
    let mut h = harness_with(
        Launch {
            seed: Some(11),
            local_network: true,
            ..Launch::default()
        },
        settings,
    );
    h.run();
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Start the new game").click();
    for _ in 0..3 {
        h.step();
    }
    assert_eq!(h.state().family_shown(), FAMILY);
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Play a friend over the network…").click();
    h.run();
    assert!(
        h.query_all(By::new().label_contains("A race to 20, 2 players"))
            .next()
            .is_some(),
        "the race is offered"
    );
    let code = host_from_the_window(&mut h);
    // And a friend's program joining with its code, on threads of this process
    let robin = friend(&code, "Robin", 12, None, None);
    wait_for(&mut h, "the friend", |h| {
        h.state()
            .screen::<RaceScreen>()
            .is_some_and(|s| s.remote.is_some())
    });
    // When the person throws at each of his turns, the friend at his, until the race is over
    for _ in 0..200 {
        wait_for(&mut h, "the person's throw", |h| {
            let r = race(h);
            r.race.is_over() || r.person_throws()
        });
        if race(&h).race.is_over() {
            break;
        }
        if let Some(button) = h.query_by_label(THROW) {
            button.click();
        }
        h.step();
    }
    // Then the race ended alike at both ends: both records equal, every throw made together
    let r = race(&h);
    assert!(r.race.is_over());
    assert_eq!(r.names, ["You".to_string(), "Robin".to_string()]);
    assert!(
        h.state()
            .status_line()
            .starts_with("The race to twenty is over")
    );
    let ours: Vec<_> = r.race.record().iter().map(|&d| game::action(d)).collect();
    assert_eq!(over(robin).board().record(), ours);
}

#[test]
fn a_race_in_play_when_the_window_closes_is_taken_up_at_the_next_start() {
    // Given a window keeping its games in a folder, the race registered and begun, three
    // throws in
    plug::register();
    let data = tempfile::tempdir().unwrap();
    let launch = Launch {
        data_dir: Some(data.path().to_path_buf()),
        seed: Some(7),
        ..Launch::default()
    };
    let mut h = harness_remembering(launch.clone());
    h.run();
    start_the_race(&mut h);
    throw(&mut h, 3);
    let played = race(&h).race.record().to_vec();
    assert_eq!(played.len(), 3);
    // When the window closes
    eframe::App::on_exit(h.state_mut(), None);
    drop(h);
    // Then it starts again on the race, as it stood, through the race's own plug
    let mut again = harness_remembering(launch);
    again.run();
    assert_eq!(again.state().family_shown(), FAMILY);
    assert_eq!(race(&again).race.record(), played.as_slice());
    // And the race plays on from there
    throw(&mut again, 1);
    assert_eq!(race(&again).race.record().len(), 4);
}

#[test]
fn a_finished_race_is_replayed_throw_by_throw() {
    // Given a race played to its end
    let mut h = window(seeded(13));
    start_the_race(&mut h);
    throw(&mut h, 40);
    let played = race(&h).race.clone();
    let n = played.record().len();
    // When its replay is asked for from the Game menu, and taken to its start
    menu(&mut h, REPLAY);
    assert_eq!(h.state().status_line(), format!("Replay: move {n} of {n}"));
    h.get_by_label("Start  (Home)").click();
    h.run();
    // Then each throw on shows the race as the record's first throws left it
    for at in 0..=n {
        if at > 0 {
            h.get_by_label("Turn on  (Right)").click();
            h.run();
        }
        let then = Race::replay(Rules::TWENTY, &played.record()[..at]).unwrap();
        assert_eq!(race(&h).shown(), &then);
        assert_eq!(h.state().status_line(), format!("Replay: move {at} of {n}"));
        for seat in 0..2 {
            let line = format!("Player {}: {} of 20", seat + 1, then.count(seat));
            assert!(h.query_by_label(&line).is_some(), "{line}");
        }
    }
    // And the race in play is untouched; Escape's button goes back to it
    h.get_by_label("Back to the game  (Esc)").click();
    h.run();
    assert_eq!(race(&h).race, played);
    assert!(
        h.state()
            .status_line()
            .starts_with("The race to twenty is over")
    );
}

#[test]
fn no_file_of_the_shell_the_network_the_access_or_the_sound_knows_the_race() {
    let ui = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui");
    let mut files = Vec::new();
    let mut dirs = Vec::new();
    for part in ["shell", "net", "access", "sound"] {
        files.push(ui.join(format!("{part}.rs")));
        dirs.push(ui.join(part));
    }
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 30, "the shell's files are found");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap().to_lowercase();
        for name in [
            FAMILY.name(),
            "race to twenty",
            "racescreen",
            "raceplug",
            "fourth_family",
        ] {
            assert!(!text.contains(name), "{} knows {name:?}", path.display());
        }
    }
}

#[test]
fn the_walk_through_adding_a_family_names_this_familys_files_in_order() {
    // docs/DESIGN.md walks through adding a family: the files it names, in its order, are the
    // ones this family is made of, and each is there
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let design = std::fs::read_to_string(here.join("docs/DESIGN.md")).unwrap();
    let start = design.find("**Adding a family**").expect("the walk");
    let walk = &design[start..start + design[start..].find("\n## ").unwrap()];
    let mut at = 0;
    for file in ["game.rs", "screen.rs", "plug.rs"] {
        let named = format!("fourth_family/{file}");
        let found = walk[at..].find(&named).expect(&named);
        at += found + named.len();
        assert!(
            here.join("tests/program/window").join(&named).is_file(),
            "{named}"
        );
    }
    for door in ["ui::families::register", "gamester_net::open::register"] {
        assert!(walk.contains(door), "the walk names {door}");
    }
}

//! What the window writes for other programs and for print, and what it imports: diagrams
//! (SVG, PNG), the rules and a score sheet as pages, gnubg's `.mat` and `.sgf` files; each
//! through the in-window chooser, as a person without a desktop dialog has it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::support;
use support::*;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use gamester::ui::{GamesterApp, Launch};

use super::files::{menu, with_chooser};

/// Game → Export a diagram of the position → `item`.
fn export(h: &mut Harness<'static, GamesterApp>, item: &str) {
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Export a diagram of the position").hover();
    h.run();
    h.get_by_label(item).click();
    h.run();
}

#[test]
fn a_diagram_of_the_position_is_exported_as_svg_where_the_person_chooses() {
    // Given a game of Irish and the in-window chooser over an empty folder
    let dir = tempfile::tempdir().unwrap();
    let mut h = with_chooser(dir.path(), 21);
    // When the person chooses Game → Export a diagram of the position…, and Export under the
    // name offered
    export(&mut h, "As SVG, to print…");
    assert!(
        h.query_by_label("Export a diagram of the board (SVG)")
            .is_some()
    );
    h.get_by_label("Export").click();
    h.run();
    // Then the diagram is written there, as SVG: the board's thirty men, the points named as
    // the board names them, and a caption of the game and what it waits for
    let path = dir.path().join("Irish diagram.svg");
    let svg = std::fs::read_to_string(&path).expect("the diagram is written");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_eq!(svg.matches("class=\"man ").count(), 30);
    assert!(svg.contains(">cinque</text>"));
    assert!(svg.contains(">Irish (Willughby): "), "{svg}");
    // and the window says where
    assert!(
        h.query_all(egui_kittest::kittest::By::new().label_contains("The diagram is written to"))
            .next()
            .is_some()
    );
}

#[test]
fn a_diagram_of_the_position_is_exported_as_png_at_the_width_chosen() {
    // Given a game of Irish and the in-window chooser over an empty folder
    let dir = tempfile::tempdir().unwrap();
    let mut h = with_chooser(dir.path(), 21);
    // When the person chooses Game → Export a diagram of the position → As PNG, 800 pixels
    // wide…, and Export under the name offered
    export(&mut h, "As PNG, 800 pixels wide…");
    assert!(
        h.query_by_label("Export a diagram of the board (PNG, 800 pixels wide)")
            .is_some()
    );
    h.get_by_label("Export").click();
    h.run();
    // Then a PNG 800 pixels wide is written under the name offered, its height in proportion
    let path = dir.path().join("Irish diagram.png");
    let file = std::fs::File::open(&path).expect("the PNG is written");
    let reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .unwrap();
    let info = reader.info();
    assert_eq!(info.width, 800);
    // (the diagram is 800 by 540, and more with each line of its caption)
    assert!(info.height > 540 && info.height < 700, "{}", info.height);
    assert!(
        h.query_all(egui_kittest::kittest::By::new().label_contains("The diagram is written to"))
            .next()
            .is_some()
    );
}

#[test]
fn the_rules_and_a_score_sheet_are_written_as_pages_to_print_where_the_person_chooses() {
    // Given a game of Irish a few actions in, and the in-window chooser over an empty folder
    let dir = tempfile::tempdir().unwrap();
    let mut h = with_chooser(dir.path(), 21);
    for _ in 0..3 {
        let dice = h.state().session().game().waits_for_dice();
        if dice {
            h.key_press(egui::Key::Space);
            h.run();
        }
    }
    // When the person chooses Help → The rules as a page to print…, and Write
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("The rules as a page to print…").click();
    h.run();
    assert!(
        h.query_by_label("Write the rules as a page to print (HTML)")
            .is_some()
    );
    h.get_by_label("Write").click();
    h.run();
    // Then the rules of the game in play are written, a page with its sources
    let rules = std::fs::read_to_string(dir.path().join("Irish rules.html")).unwrap();
    assert!(rules.starts_with("<!DOCTYPE html>"));
    assert!(rules.contains("<h1>Irish (Willughby)</h1>") && rules.contains("Willughby"));
    // And Game → Write a score sheet to print… writes the game's story, play by play, with
    // the position drawn
    menu(&mut h, "Write a score sheet to print…");
    assert!(
        h.query_by_label("Write a score sheet of this game (HTML)")
            .is_some()
    );
    h.get_by_label("Write").click();
    h.run();
    let sheet = std::fs::read_to_string(dir.path().join("Irish score sheet.html")).unwrap();
    assert!(sheet.contains("<table>") && sheet.contains("<figure><svg"));
    assert!(!h.state().session().log().is_empty());
    for line in h.state().session().log() {
        let words = line.words.replace('\'', "&#39;");
        assert!(
            sheet.contains(&words) || sheet.contains(&line.words),
            "{}",
            line.words
        );
    }
    assert!(
        h.query_all(egui_kittest::kittest::By::new().label_contains("open it in a browser"))
            .next()
            .is_some()
    );
}

#[test]
fn a_game_is_exported_as_mat_and_a_mat_file_imported_into_play_as_a_match() {
    // Given the in-window chooser over a folder holding a match GNU Backgammon exported
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy("tests/data/gnubg_match3.mat", dir.path().join("gnubg.mat")).unwrap();
    let mut h = with_chooser(dir.path(), 21);
    // When the game of Irish in play is exported, it is refused: the format cannot say Irish
    menu(&mut h, "Export the game as a .mat file…");
    h.get_by_label("Export").click();
    h.run();
    assert!(
        h.query_all(egui_kittest::kittest::By::new().label_contains("what doublets give"))
            .next()
            .is_some()
    );
    assert!(!dir.path().join("Irish game.mat").exists());
    // When the match file is imported: its last game is in play and the games before it kept
    // with it, each replayed through the rules, with the file's names, and the window says
    // how many games it holds
    menu(&mut h, "Import a game from a .mat or .sgf file…");
    assert!(
        h.query_by_label("Import a game from a .mat or .sgf file")
            .is_some()
    );
    h.get_by_label("gnubg.mat").click();
    h.run();
    h.get_by_label("Import").click();
    h.run();
    if h.query_by_label("Leave this game?").is_some() {
        h.get_by_label("Leave it and start the new game").click();
        h.run();
    }
    let game = h.state().session().game().clone();
    let mut file = gamester_core::exchange::mat::import(
        &std::fs::read_to_string(dir.path().join("gnubg.mat")).unwrap(),
    )
    .unwrap();
    let wanted = file.pop().unwrap();
    assert!(game.record() == wanted.game.record());
    assert_eq!(game.tally_before(), wanted.game.tally_before());
    let earlier = h.state().session().earlier().to_vec();
    assert_eq!(earlier.len(), 2);
    for (kept, read) in earlier.iter().zip(&file) {
        assert!(kept.record() == read.game.record());
    }
    assert_eq!(
        h.state()
            .session()
            .side_name(gamester_rules::tables::Side::Black),
        "gnubg"
    );
    assert!(
        h.query_all(
            egui_kittest::kittest::By::new().label_contains("The match's 3 games are imported")
        )
        .next()
        .is_some()
    );
    // And the match, exported, is written where asked, the same three games
    menu(&mut h, "Export the game as a .mat file…");
    h.get_by_label("Export").click();
    h.run();
    let written = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "mat") && !p.ends_with("gnubg.mat"))
        .expect("the game is exported");
    let mut back =
        gamester_core::exchange::mat::import(&std::fs::read_to_string(written).unwrap()).unwrap();
    assert_eq!(back.len(), 3);
    let back = back.pop().unwrap();
    assert_eq!(back.game.outcome(), game.outcome());
    assert_eq!(back.game.position(), game.position());
    assert_eq!(back.game.tally_before(), game.tally_before());
}

#[test]
fn a_match_in_play_is_exported_whole_as_sgf_and_an_sgf_file_imported_as_a_match() {
    use gamester_core::exchange::sgf;
    // Given a 5-point match of modern backgammon in the window, its first game played out and
    // the second begun, the in-window chooser over a folder holding gnubg's own .sgf
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy("tests/data/gnubg_match5.sgf", dir.path().join("gnubg.sgf")).unwrap();
    let mut rules = gamester_rules::tables::Rules::preset(gamester_rules::tables::Preset::Modern);
    rules.match_to = 5;
    let mut h = harness_with(
        Launch {
            seed: Some(5),
            documents_dir: Some(dir.path().to_path_buf()),
            in_window_chooser: true,
            ..Launch::default()
        },
        gamester::ui::Settings {
            preset: None,
            rules,
            ..two_people()
        },
    );
    h.run();
    super::matches::finish(&mut h, 1);
    if h.state().session().game().match_winner().is_none() {
        h.get_by_label("Next game  (Enter)").click();
        h.run();
    }
    let records = h.state().session().match_records().unwrap();
    assert_eq!(
        records.len(),
        2,
        "the first game kept beside the one in play"
    );
    // When the match is exported as .sgf, the file holds both games, as gnubg's save match
    // writes a match: a game tree each, the second at the score the first left
    menu(&mut h, "Export the game as an .sgf file…");
    assert!(
        h.query_by_label("Export the game as an .sgf file (GNU Backgammon)")
            .is_some()
    );
    h.get_by_label("Export").click();
    h.run();
    let written = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "sgf") && !p.ends_with("gnubg.sgf"))
        .expect("the match is exported");
    let text = std::fs::read_to_string(&written).unwrap();
    assert_eq!(text.matches("(;FF[4]GM[6]").count(), 2, "{text}");
    let back = sgf::import(&text).unwrap();
    let first_end = records[0].game_at(records[0].len());
    assert_eq!(back[0].game.tally(), first_end.tally());
    assert_eq!(back[1].game.tally_before(), first_end.tally());
    assert!(
        h.query_all(egui_kittest::kittest::By::new().label_contains("The match so far (2 games)"))
            .next()
            .is_some()
    );
    // When gnubg's .sgf is imported, its last game is in play, the five before it kept
    menu(&mut h, "Import a game from a .mat or .sgf file…");
    h.get_by_label("gnubg.sgf").click();
    h.run();
    h.get_by_label("Import").click();
    h.run();
    if h.query_by_label("Leave this game?").is_some() {
        h.get_by_label("Leave it and start the new game").click();
        h.run();
    }
    let wanted = sgf::import(&std::fs::read_to_string(dir.path().join("gnubg.sgf")).unwrap())
        .unwrap()
        .pop()
        .unwrap();
    assert!(h.state().session().game().record() == wanted.game.record());
    assert_eq!(h.state().session().earlier().len(), 5);
    assert!(
        h.query_all(
            egui_kittest::kittest::By::new().label_contains("The match's 6 games are imported")
        )
        .next()
        .is_some()
    );
}

#[test]
fn a_pastimes_rules_are_written_as_a_page_to_print_with_every_option_chosen() {
    use gamester::ui::pastimes::setup::PastimesSettings;
    use gamester::ui::{Launch, Settings};
    use gamester_core::players::Controller;
    use gamester_rules::pastimes::{OPTIONS, Preset, Rules};
    // Given Ketch-Dolt, its dolt left to the adversary to find, started from New game, and the
    // in-window chooser over an empty folder
    let dir = tempfile::tempdir().unwrap();
    let mut rules = Rules::preset(Preset::KetchDolt);
    rules.set("dolt_claimed", "by_adversary").unwrap();
    let settings = Settings {
        pastimes: PastimesSettings {
            chosen: true,
            preset: Preset::KetchDolt,
            rules,
            sitters: [Controller::Person; 5],
            at_table: false,
        },
        ..two_people()
    };
    let mut h = harness_with(
        Launch {
            seed: Some(4),
            documents_dir: Some(dir.path().to_path_buf()),
            in_window_chooser: true,
            ..Launch::default()
        },
        settings,
    );
    h.run();
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Start the new game").click();
    h.run();
    assert!(h.state().playing_pastime());
    // When the person chooses Help → The rules as a page to print…, and Write
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("The rules as a page to print…").click();
    h.run();
    h.get_by_label("Write").click();
    h.run();
    // Then the pastime's rules are written, not the game at tables': its title, and every
    // one of its options with the value chosen and who says so
    let page = std::fs::read_to_string(dir.path().join("Ketch-Dolt rules.html")).unwrap();
    assert!(page.contains("<h1>Ketch-Dolt</h1>"), "{page}");
    assert!(!page.contains("Irish"));
    for option in OPTIONS.iter().filter(|o| o.games.contains(&rules.kind)) {
        let chosen = option.value(&rules);
        let value = option.values.iter().find(|v| v.name == chosen).unwrap();
        assert!(
            page.contains(&format!("{}: {}", option.words, value.words)),
            "{} in {page}",
            option.words
        );
    }
    assert!(page.contains("when the adversary claims it before he throws"));
    assert!(
        h.query_all(egui_kittest::kittest::By::new().label_contains("open it in a browser"))
            .next()
            .is_some()
    );
}

#[test]
fn a_diagram_of_a_pastimes_table_is_exported_from_the_game_menu() {
    use gamester::ui::pastimes::setup::PastimesSettings;
    use gamester::ui::{Launch, Settings};
    use gamester_core::level::Level;
    use gamester_core::players::Controller;
    use gamester_rules::pastimes::{Preset, Rules};
    // Given Doublets, the person against the computer, a throw or two in, and the in-window
    // chooser over an empty folder
    let dir = tempfile::tempdir().unwrap();
    let mut sitters = [Controller::Computer(Level::Fair); 5];
    sitters[0] = Controller::Person;
    let settings = Settings {
        pastimes: PastimesSettings {
            chosen: true,
            preset: Preset::Doublets,
            rules: Rules::preset(Preset::Doublets),
            sitters,
            at_table: false,
        },
        ..two_people()
    };
    let mut h = harness_with(
        Launch {
            seed: Some(5),
            documents_dir: Some(dir.path().to_path_buf()),
            in_window_chooser: true,
            ..Launch::default()
        },
        settings,
    );
    h.run();
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Start the new game").click();
    h.run();
    for _ in 0..400 {
        let t = h.state().pastime().unwrap();
        if t.game().record().len() >= 3 && t.person_to_act().is_some() {
            break;
        }
        if t.person_throws() {
            h.key_press(egui::Key::Space);
        }
        h.step();
    }
    h.run();
    let game = h.state().pastime().unwrap().game().clone();
    assert!(!game.last_throw().is_empty());
    // When the person chooses Game → Export a diagram of the table → As SVG, and Export
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Export a diagram of the table").hover();
    h.run();
    h.get_by_label("As SVG, to print…").click();
    h.run();
    h.get_by_label("Export").click();
    h.run();
    // Then the pastime's table is written, not a board at tables: both seats named (the person
    // alone with the computer as You, the computer by its level), the dice of the last throw, and a caption of the game and what it waits for
    let svg = std::fs::read_to_string(dir.path().join("Doublets diagram.svg"))
        .expect("the diagram is written");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains(">Player 1: You</text>"), "{svg}");
    assert!(
        svg.contains(">Player 2: the computer (fair)</text>"),
        "{svg}"
    );
    assert!(svg.contains(&format!(">Doublets, move {}: ", game.record().len())));
    assert_eq!(
        svg.matches("class=\"die\"").count(),
        game.last_throw().len()
    );
    assert!(!svg.contains("Irish"));
    assert!(
        h.query_all(egui_kittest::kittest::By::new().label_contains("The diagram is written to"))
            .next()
            .is_some()
    );
}

#[test]
fn a_tiles_games_rules_are_written_as_a_page_to_print_as_the_command_line_writes_them() {
    use gamester_rules::tiles::{Preset, Rules};
    // Given a game of Muggins started from New game, and the in-window chooser over an empty
    // folder
    let dir = tempfile::tempdir().unwrap();
    let settings = super::tiles::tiles_settings(
        Preset::Muggins,
        Rules::preset(Preset::Muggins),
        gamester_core::level::Level::Novice,
    );
    let mut h = harness_with(
        Launch {
            seed: Some(4),
            documents_dir: Some(dir.path().to_path_buf()),
            in_window_chooser: true,
            ..Launch::default()
        },
        settings,
    );
    super::tiles::start_tiles(&mut h);
    assert!(h.state().playing_tiles());
    // When the person chooses Help → The rules as a page to print…, and Write
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("The rules as a page to print…").click();
    h.run();
    h.get_by_label("Write").click();
    h.run();
    // Then the tiles game's rules are written (it had no page before), from the rules
    // window's own words: Muggins' scoring among them, nothing of the games at tables
    let pages: Vec<std::path::PathBuf> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    assert_eq!(pages.len(), 1, "{pages:?}");
    let page = std::fs::read_to_string(&pages[0]).unwrap();
    assert!(page.contains("<h1>Muggins dominoes</h1>"), "{page}");
    assert!(
        page.contains("<h2>Muggins</h2>") && !page.contains("Irish"),
        "{page}"
    );
}

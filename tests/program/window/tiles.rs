//! The tiles table in the window: chosen from New game beside the games at tables, played by
//! clicks on the tiles, the ends and the boneyard, with the computer at the other places; the
//! game at tables waits untouched meanwhile.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};

use gamester::ui::tiles::setup::TilesSettings;
use gamester::ui::tiles::view::Spot;
use gamester::ui::{GamesterApp, Settings};
use gamester_core::level::Level;
use gamester_core::players::Controller;
use gamester_rules::tiles::{Action, End, Phase, Preset, Rules};

use super::support;
use support::*;

/// Settings that start `rules` at tiles, the computer at `level`, with no pauses.
pub(super) fn tiles_settings(preset: Preset, rules: Rules, level: Level) -> Settings {
    let mut settings = Settings {
        tiles: TilesSettings {
            chosen: true,
            preset,
            rules,
            all_people: false,
            level,
            at_table: false,
        },
        ..Settings::default()
    };
    settings.speed = gamester::ui::shell::settings::Speed::Instant;
    settings
}

/// A window where New game has started the tiles game of `settings`.
/// Whether `tile` may be laid now: the set, if the line is empty (the one the rules name, if
/// any), else at an end it fits.
pub(super) fn may_lay(
    game: &gamester_rules::tiles::Game,
    tile: gamester_rules::tiles::Tile,
) -> bool {
    if game.line().is_empty() {
        game.must_set().is_none_or(|m| m == tile)
    } else {
        !game.ends_for(tile).is_empty()
    }
}

pub(super) fn at_tiles(seed: u64, settings: Settings) -> Harness<'static, GamesterApp> {
    let mut h = harness(seed, settings);
    start_tiles(&mut h);
    h
}

/// New game in `h`, started as its settings stand (a tiles game).
pub(super) fn start_tiles(h: &mut Harness<'static, GamesterApp>) {
    h.run();
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Start the new game").click();
    for _ in 0..3 {
        h.step();
    }
    assert!(h.state().playing_tiles(), "New game started a tiles game");
}

/// The place on the screen of the first spot that `wanted` picks out.
pub(super) fn spot_centre(
    h: &Harness<'static, GamesterApp>,
    wanted: impl Fn(&Spot) -> bool,
) -> Option<egui::Pos2> {
    h.state()
        .tiles_spots()
        .iter()
        .find(|(_, s)| wanted(s))
        .map(|(r, _)| r.center())
}

/// A click at `pos`, then a few frames (the computer may be thinking: the window does not
/// settle while it does).
pub(super) fn tap(h: &mut Harness<'static, GamesterApp>, pos: egui::Pos2) {
    h.hover_at(pos);
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    for _ in 0..3 {
        h.step();
    }
}

/// A button clicked, then a few frames.
pub(super) fn press(h: &mut Harness<'static, GamesterApp>, label: &str) {
    h.get_by_label(label).click();
    for _ in 0..3 {
        h.step();
    }
}

/// Steps the window until the person is to act, or the hand or game waits to go on.
pub(super) fn wait_for_person(h: &mut Harness<'static, GamesterApp>) {
    for _ in 0..4000 {
        h.step();
        let t = h.state().tiles().unwrap();
        if t.person_to_act().is_some() || t.waits_for_next() || t.to_throw() {
            // Once more, so the buttons drawn are those of the person's turn.
            h.step();
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("the computer never finished");
}

/// The person's next move, made by clicks: a tile that fits (and its end, if it fits both),
/// else the boneyard, else the Knock button; the throw for the set and the next hand by
/// their buttons. Returns false once the game is over.
pub(super) fn click_a_move(h: &mut Harness<'static, GamesterApp>) -> bool {
    wait_for_person(h);
    let t = h.state().tiles().unwrap();
    let game = t.game();
    if game.phase() == Phase::GameOver {
        return false;
    }
    if t.waits_for_next() {
        press(h, "Next hand");
        return true;
    }
    if t.to_throw() {
        press(h, "Throw for the set");
        return true;
    }
    let me = t.person_to_act().unwrap();
    let fits: Vec<_> = game
        .hand(me)
        .iter()
        .copied()
        .filter(|&tile| may_lay(game, tile))
        .collect();
    let before = game.record().len();
    if let Some(&tile) = fits.first() {
        let at = spot_centre(h, |s| *s == Spot::Hand(tile)).expect("the tile is on the table");
        tap(h, at);
        // Picked up, its ends are lit, and a click on one lays it there.
        assert_eq!(h.state().tiles().unwrap().picked, Some(tile));
        let end = spot_centre(h, |s| matches!(s, Spot::End(_))).expect("an end is lit");
        tap(h, end);
    } else if game.legal_actions().contains(&Action::Draw) {
        let at = spot_centre(h, |s| *s == Spot::Boneyard).expect("the boneyard is on the table");
        tap(h, at);
    } else {
        press(h, "Knock");
    }
    let after = h.state().tiles().unwrap().game().record().len();
    assert!(after > before, "the click made a move");
    true
}

#[test]
fn a_whole_game_of_draw_for_two_is_played_by_clicks() {
    // Given Draw dominoes for two, against the computer at fair
    let preset = Preset::Draw;
    let mut h = at_tiles(
        3,
        tiles_settings(preset, Rules::preset(preset), Level::Fair),
    );
    let tables_before = h.state().session().game().record().len();
    // When the person plays every move by clicking until the game ends
    let mut moves = 0;
    while click_a_move(&mut h) {
        moves += 1;
        assert!(moves < 3000, "the game ends");
    }
    // Then a side has reached 100 points, the tally counts the game, and the story told it
    let t = h.state().tiles().unwrap();
    let game = t.game();
    assert!(
        game.scores().iter().any(|&s| s >= 100),
        "{:?}",
        game.scores()
    );
    assert_eq!(t.tally().iter().sum::<u32>(), 1);
    let story = t.story().join("\n");
    assert!(story.contains("You lay the "), "{story}");
    assert!(story.contains("Robin lays the "), "{story}");
    assert!(
        story.contains("You win the game.") || story.contains("Robin wins the game."),
        "{story}"
    );
    // And the game at tables waited untouched
    assert_eq!(h.state().session().game().record().len(), tables_before);
    // And the next game of the session starts from nothing, the tally kept
    press(&mut h, "Next game of the session");
    let t = h.state().tiles().unwrap();
    assert_eq!(t.game().scores().iter().sum::<u32>(), 0);
    assert_eq!(t.tally().iter().sum::<u32>(), 1);
}

#[test]
fn a_game_of_muggins_for_four_in_teams_is_played_by_clicks() {
    // Given Muggins for four in partnerships to 61, the person with three computers
    let preset = Preset::MugginsTeams;
    let mut h = at_tiles(
        5,
        tiles_settings(preset, Rules::preset(preset), Level::Fair),
    );
    let t = h.state().tiles().unwrap();
    assert_eq!(t.sitters()[0], Controller::Person);
    assert!(
        t.sitters()[1..]
            .iter()
            .all(|s| *s == Controller::Computer(Level::Fair))
    );
    assert_eq!(t.side_name(0), "You and Kate");
    // When the person plays every move by clicks until the game ends
    let mut moves = 0;
    while click_a_move(&mut h) {
        moves += 1;
        assert!(moves < 3000);
    }
    // Then a partnership has 61 points, the partnership's points are one score, the tally
    // counts the game, and the story names the partners and told the Muggins scored
    let t = h.state().tiles().unwrap();
    assert_eq!(t.game().phase(), Phase::GameOver);
    assert_eq!(t.game().scores().len(), 2);
    assert!(
        t.game().scores().iter().any(|&s| s >= 61),
        "{:?}",
        t.game().scores()
    );
    assert_eq!(t.tally().iter().sum::<u32>(), 1);
    let story = t.story().join("\n");
    assert!(
        story.contains("Kate lays") || story.contains("Kate sets"),
        "{story}"
    );
    assert!(story.contains("Tom "), "{story}");
    assert!(story.contains("Muggins! "), "{story}");
    assert!(story.contains(" win the game."), "{story}");
}

#[test]
fn a_tile_that_fits_both_ends_lights_them_and_one_that_fits_neither_says_why() {
    // Given a game of Draw where the person is to lay on a line of more than one end
    let preset = Preset::Draw;
    for seed in 0..40 {
        let mut h = at_tiles(
            seed,
            tiles_settings(preset, Rules::preset(preset), Level::Novice),
        );
        for _ in 0..6 {
            wait_for_person(&mut h);
            let t = h.state().tiles().unwrap();
            let Some(me) = t.person_to_act() else { break };
            let game = t.game().clone();
            let line = game.line().clone();
            if line.is_empty() || line.open(End::Left) == line.open(End::Right) {
                if !click_a_move(&mut h) {
                    break;
                }
                continue;
            }
            let hand = game.hand(me).to_vec();
            let both = hand.iter().copied().find(|&x| game.ends_for(x).len() == 2);
            let neither = hand.iter().copied().find(|&x| game.ends_for(x).is_empty());
            let (Some(both), Some(neither)) = (both, neither) else {
                if !click_a_move(&mut h) {
                    break;
                }
                continue;
            };
            let record = game.record().len();
            // When the person clicks a tile that fits neither end
            let at = spot_centre(&h, |s| *s == Spot::Hand(neither)).unwrap();
            tap(&mut h, at);
            // Then nothing is laid, and the window says why
            assert_eq!(h.state().tiles().unwrap().game().record().len(), record);
            // (The tile's own node says it fits neither end too; the message is sought.)
            assert!(
                h.query_all(
                    By::new()
                        .label_contains("fits neither end")
                        .predicate(|n| n.role() != Role::Button)
                )
                .next()
                .is_some()
            );
            // When the person clicks a tile that fits both ends
            let at = spot_centre(&h, |s| *s == Spot::Hand(both)).unwrap();
            tap(&mut h, at);
            // Then it is picked up, not laid, and both ends are lit
            assert_eq!(h.state().tiles().unwrap().picked, Some(both));
            assert_eq!(h.state().tiles().unwrap().game().record().len(), record);
            assert!(spot_centre(&h, |s| *s == Spot::End(End::Left)).is_some());
            assert!(spot_centre(&h, |s| *s == Spot::End(End::Right)).is_some());
            // And a click on the right end lays it there
            let open = line.open(End::Right).unwrap();
            let at = spot_centre(&h, |s| *s == Spot::End(End::Right)).unwrap();
            tap(&mut h, at);
            let after = h.state().tiles().unwrap().game();
            assert_eq!(
                after.record().get(record),
                Some(&Action::Lay {
                    tile: both,
                    end: End::Right
                })
            );
            assert!(both.has(open));
            return;
        }
    }
    panic!("no deal gave a tile that fits both ends beside one that fits neither");
}

#[test]
fn going_back_to_tables_finds_the_game_at_tables_as_it_was() {
    // Given a game at tables with some play made, then a tiles game started
    let mut h = harness(12, two_people());
    h.run();
    play_first_plays(&mut h, 2);
    let before = h.state().session().game().record().to_vec();
    let mut settings = two_people();
    settings.tiles = TilesSettings {
        chosen: true,
        ..TilesSettings::default()
    };
    *h.state_mut().settings_mut() = settings;
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Start the new game").click();
    for _ in 0..3 {
        h.step();
    }
    assert!(h.state().playing_tiles());
    // When the person goes back from the Game menu
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Back to the game at tables").click();
    h.run();
    // Then the game at tables is the one left, move for move
    assert!(!h.state().playing_tiles());
    assert_eq!(h.state().session().game().record(), before.as_slice());
}

/// A headless Gamester whose data folder is `dir`.
pub(super) fn with_data(
    dir: &std::path::Path,
    seed: u64,
    settings: Settings,
) -> Harness<'static, GamesterApp> {
    harness_with(
        gamester::ui::Launch {
            seed: Some(seed),
            data_dir: Some(dir.to_path_buf()),
            ..gamester::ui::Launch::default()
        },
        settings,
    )
}

#[test]
fn the_tiles_game_in_progress_is_there_again_when_the_window_opens_again() {
    // Given a tiles game with some moves made, in a window with a data folder
    let data = tempfile::tempdir().unwrap();
    let preset = Preset::Muggins;
    let mut h = with_data(
        data.path(),
        21,
        tiles_settings(preset, Rules::preset(preset), Level::Fair),
    );
    h.run();
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Start the new game").click();
    for _ in 0..3 {
        h.step();
    }
    for _ in 0..4 {
        click_a_move(&mut h);
    }
    wait_for_person(&mut h);
    let record = h.state().tiles().unwrap().game().record().to_vec();
    assert!(record.len() > 4);
    // When the window closes and opens again with the settings it kept
    for _ in 0..50 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let settings = h.state().settings().clone();
    assert!(settings.tiles.at_table);
    drop(h);
    let mut again = with_data(data.path(), 22, settings);
    for _ in 0..3 {
        again.step();
    }
    // Then the tiles game is at the table, move for move
    let t = again.state().tiles().expect("the tiles game is resumed");
    assert_eq!(t.game().record(), record.as_slice());
}

#[test]
fn a_tiles_game_is_opened_from_its_file_and_saved_back_to_it() {
    // Given a tiles game saved in a file
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join("draw.ron");
    let mut game = gamester_rules::tiles::Game::new(Rules::preset(Preset::Draw)).unwrap();
    game.apply(Action::Deal(gamester_rules::tiles::Deck::shuffled(5)))
        .unwrap();
    let seats = vec![Controller::Person, Controller::Computer(Level::Novice)];
    gamester_core::save::tiles::write_atomic(
        &path,
        &gamester_core::save::tiles::TilesFile::of(&game, &seats, &[0, 0]),
    )
    .unwrap();
    // When the window opens it (as Open recent does)
    let mut h = harness(30, Settings::default());
    h.run();
    h.state_mut().open_file(path.clone());
    for _ in 0..200 {
        h.step();
        if h.state().playing_tiles() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    // Then the game is at the tiles table, as the file has it
    assert_eq!(h.state().tiles().unwrap().game(), &game);
    // And after a move, Save (Ctrl+S) writes it back to the same file
    click_a_move(&mut h);
    let now = h.state().tiles().unwrap().game().clone();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.step();
    let read = gamester_core::save::tiles::load(&path).unwrap();
    assert_eq!(read.game, now);
}

#[test]
fn a_broken_tiles_file_is_refused_and_the_game_in_play_stays() {
    // Given a tiles game at the table
    let preset = Preset::Draw;
    let mut h = at_tiles(
        31,
        tiles_settings(preset, Rules::preset(preset), Level::Fair),
    );
    wait_for_person(&mut h);
    let before = h.state().tiles().unwrap().game().clone();
    // When a tiles file with an action against the rules is opened
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join("broken.ron");
    std::fs::write(&path, "TilesFile(tiles_format: 1, rules: (kind: draw, players: 2, hand_size: 7, first: highest_double, muggins: per_five, teams: false, target: points(100)), seats: [person, person], tally_before: [0, 0], record: [Pass])").unwrap();
    h.state_mut().open_file(path.clone());
    finish_opening(&mut h);
    // Then the window says why, naming the file and the action, and the game is the same
    let said = h
        .state()
        .message()
        .map(|m| m.text.clone())
        .unwrap_or_default();
    assert!(
        said.contains("broken.ron") && said.contains("action 1"),
        "{said}"
    );
    assert_eq!(h.state().tiles().unwrap().game(), &before);
}

#[test]
fn a_click_on_the_table_while_new_game_is_open_lays_nothing() {
    // Given the person to lay, with New game open over the table
    let preset = Preset::Draw;
    let mut h = at_tiles(
        41,
        tiles_settings(preset, Rules::preset(preset), Level::Fair),
    );
    wait_for_person(&mut h);
    let t = h.state().tiles().unwrap();
    let me = t.person_to_act().unwrap();
    let game = t.game().clone();
    let tile = game.hand(me)[0];
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.step();
    h.step();
    // When the person clicks a tile of the hand
    let at = spot_centre(&h, |s| *s == Spot::Hand(tile)).unwrap();
    tap(&mut h, at);
    // Then nothing is picked up or laid
    let t = h.state().tiles().unwrap();
    assert_eq!(t.picked, None);
    assert_eq!(t.game().record(), game.record());
}

#[test]
fn a_tile_is_laid_only_by_a_second_click_on_a_lit_end_and_a_click_on_it_puts_it_back() {
    for seed in 50..90 {
        // Given the person to lay, holding a tile that fits one end only
        let preset = Preset::Draw;
        let mut h = at_tiles(
            seed,
            tiles_settings(preset, Rules::preset(preset), Level::Fair),
        );
        wait_for_person(&mut h);
        let t = h.state().tiles().unwrap();
        let Some(me) = t.person_to_act() else {
            continue;
        };
        let game = t.game().clone();
        let Some(tile) = game
            .hand(me)
            .iter()
            .copied()
            .find(|&x| game.ends_for(x).len() == 1)
        else {
            continue;
        };
        let end = game.ends_for(tile)[0];
        // When the person clicks it
        let at = spot_centre(&h, |s| *s == Spot::Hand(tile)).unwrap();
        tap(&mut h, at);
        // Then it is picked up and its one end lit, and nothing is laid yet
        assert_eq!(h.state().tiles().unwrap().picked, Some(tile));
        assert_eq!(h.state().tiles().unwrap().game().record(), game.record());
        let lit: Vec<Spot> = h
            .state()
            .tiles_spots()
            .iter()
            .map(|(_, s)| *s)
            .filter(|s| matches!(s, Spot::End(_)))
            .collect();
        assert_eq!(lit, vec![Spot::End(end)]);
        // When it is clicked again, it is put back
        let at = spot_centre(&h, |s| *s == Spot::Hand(tile)).unwrap();
        tap(&mut h, at);
        assert_eq!(h.state().tiles().unwrap().picked, None);
        assert!(spot_centre(&h, |s| matches!(s, Spot::End(_))).is_none());
        // And picked up and laid on its lit end, it is laid there
        let at = spot_centre(&h, |s| *s == Spot::Hand(tile)).unwrap();
        tap(&mut h, at);
        let at = spot_centre(&h, |s| *s == Spot::End(end)).unwrap();
        tap(&mut h, at);
        let after = h.state().tiles().unwrap().game();
        assert_eq!(
            after.record().get(game.record().len()),
            Some(&Action::Lay { tile, end })
        );
        return;
    }
    panic!("no deal gave the person a tile that fits one end only");
}

#[test]
fn friends_at_one_screen_each_see_their_tiles_only_when_they_ask() {
    // Given Draw for two friends at one screen
    let preset = Preset::Draw;
    let mut settings = tiles_settings(preset, Rules::preset(preset), Level::Fair);
    settings.tiles.all_people = true;
    let mut h = at_tiles(61, settings);
    for _ in 0..4 {
        let t = h.state().tiles().unwrap();
        let game = t.game().clone();
        if game.phase() != Phase::Playing {
            break;
        }
        let turn = game.turn();
        let name = t.name(turn).to_string();
        // Then every hand lies face down until its owner asks
        assert!(
            h.state()
                .tiles_spots()
                .iter()
                .all(|(_, s)| !matches!(s, Spot::Hand(_)))
        );
        press(&mut h, &format!("Show {name}'s tiles"));
        // And then only his are face up
        let shown: Vec<_> = h
            .state()
            .tiles_spots()
            .iter()
            .filter_map(|(_, s)| match s {
                Spot::Hand(t) => Some(*t),
                _ => None,
            })
            .collect();
        assert_eq!(shown, game.hand(turn).to_vec(), "{name}");
        // And he plays as before
        assert!(click_a_move(&mut h));
    }
}

#[test]
fn a_tiles_game_saved_at_a_distance_plays_on_against_the_computer_only_when_asked() {
    use rand::SeedableRng;
    // Given a game of Draw saved while it was played with Robin at a distance, at his turn
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join("with-robin.ron");
    let mut game = gamester_rules::tiles::Game::new(Rules::preset(Preset::Draw)).unwrap();
    game.apply(Action::Deal(gamester_rules::tiles::Deck::shuffled(8)))
        .unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(8);
    while game.turn() != 1 {
        let action = gamester_core::ai::tiles::random_action(&game, &mut rng).unwrap();
        game.apply(action).unwrap();
    }
    let seats = vec![Controller::Person, Controller::Distance];
    let file = gamester_core::save::tiles::TilesFile::of(&game, &seats, &[0, 0])
        .named(&["You".into(), "Robin".into()]);
    gamester_core::save::tiles::write_atomic(&path, &file).unwrap();
    // When the window opens it, and is left to run
    let mut h = harness(33, Settings::default());
    h.run();
    h.state_mut().open_file(path);
    for _ in 0..400 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    // Then Robin is named, nothing is played here for him, and the window offers to play on
    let t = h.state().tiles().expect("the game is at the tiles table");
    assert_eq!(t.name(1), "Robin");
    assert_eq!(t.game(), &game);
    // And once the person plays on against the computer, the computer plays Robin's place
    h.get_by_label("Play on against the computer").click();
    for _ in 0..2_000 {
        h.step();
        if h.state().tiles().unwrap().game().record().len() > game.record().len() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let t = h.state().tiles().unwrap();
    assert!(
        t.game().record().len() > game.record().len(),
        "Robin's place is played"
    );
    assert!(
        t.story()
            .iter()
            .any(|l| l.starts_with("The computer plays on for Robin")),
        "{:#?}",
        t.story()
    );
}

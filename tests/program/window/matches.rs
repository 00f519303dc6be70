//! A match in the window: its score in the side panel, the Crawford game said, and once a
//! side has won the match no next game is offered (New game starts another).

use egui_kittest::kittest::Queryable;
use rand::SeedableRng;

use gamester::ui::Settings;
use gamester_core::ai::decide::Decision;
use gamester_core::ai::random::random_decision;
use gamester_rules::tables::{Preset, Rules};

use super::access::quick;
use super::support::{harness, two_people};

/// Plays the game in the window's session to its end with random choices.
pub(super) fn finish(h: &mut egui_kittest::Harness<'static, gamester::ui::GamesterApp>, seed: u64) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    for _ in 0..5000 {
        let session = h.state_mut().session_mut();
        if session.game().is_over() {
            break;
        }
        match random_decision(session.game(), &mut rng) {
            Some(Decision::Play(play)) => {
                session.apply_play(&play).unwrap();
            }
            Some(Decision::Action(action)) => {
                session.apply(action).unwrap();
            }
            None => {
                session.throw().unwrap();
            }
        }
    }
    h.run();
}

/// Two people at a modern match to 5 points, the animations quick.
fn match_to_five() -> Settings {
    let mut rules = Rules::preset(Preset::Modern);
    rules.match_to = 5;
    Settings {
        preset: None,
        rules,
        ..quick(two_people())
    }
}

#[test]
fn a_match_shows_its_score_and_ends_with_no_next_game() {
    let settings = match_to_five();
    let mut h = harness(4, settings);
    h.run();
    assert!(
        h.query_by_label_contains("Match to 5: White 0, Black 0")
            .is_some()
    );
    for game in 0..30u64 {
        finish(&mut h, game);
        let over = h.state().session().game().match_winner();
        if let Some(winner) = over {
            assert!(
                game > 0,
                "the match took more than one game to show the score carried"
            );
            // The winner is said, and no next game is offered, by button or by Enter
            let words = h.state().session().score_words();
            assert!(words.contains("wins the match to 5"), "{words}");
            assert!(
                h.query_all(egui_kittest::kittest::By::new().label_contains("wins the match to 5"))
                    .next()
                    .is_some()
            );
            assert!(h.query_by_label("Next game  (Enter)").is_none());
            h.key_press(egui::Key::Enter);
            h.run();
            assert_eq!(h.state().session().game().match_winner(), Some(winner));
            return;
        }
        // Else the next game, the score carried on
        let tally = h.state().session().game().tally();
        h.get_by_label("Next game  (Enter)").click();
        h.run();
        let label = format!("Match to 5: White {}, Black {}", tally.white, tally.black);
        assert!(
            h.query_all(egui_kittest::kittest::By::new().label_contains(&label))
                .next()
                .is_some(),
            "{label}"
        );
        if h.state().session().game().is_crawford_game() {
            assert!(
                h.query_by_label_contains("the Crawford game (no cube)")
                    .is_some()
            );
        }
    }
    panic!("no side won a match to 5 in 30 games");
}

#[test]
fn a_match_saved_is_opened_with_its_earlier_games_and_broken_ones_are_set_aside_in_words() {
    use gamester_core::save::{self, SaveFile};
    // Given a 5-point match in the window, its first game played and the second begun
    let settings = match_to_five();
    let mut h = harness(7, settings.clone());
    h.run();
    finish(&mut h, 3);
    assert!(h.state().session().game().match_winner().is_none());
    h.get_by_label("Next game  (Enter)").click();
    h.run();
    let file = SaveFile::from_session(h.state().session());
    assert_eq!(file.earlier.len(), 1);
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("match.ron");
    save::write_atomic(&whole, &file).unwrap();
    let mut cut = file.clone();
    cut.earlier[0].record.truncate(10);
    let broken = dir.path().join("broken.ron");
    save::write_atomic(&broken, &cut).unwrap();
    // When the whole file is opened, the match's first game comes back with it
    let mut other = harness(8, settings.clone());
    other.run();
    other.state_mut().open_file(whole);
    super::support::finish_opening(&mut other);
    assert_eq!(
        other.state().session().earlier(),
        h.state().session().earlier()
    );
    assert_eq!(other.state().session().game(), h.state().session().game());
    // And when the broken one is opened, the game in play comes back and the window says
    // why the earlier game was set aside
    let mut third = harness(9, settings);
    third.run();
    third.state_mut().open_file(broken);
    super::support::finish_opening(&mut third);
    assert_eq!(third.state().session().game(), h.state().session().game());
    assert!(third.state().session().earlier().is_empty());
    let text = third.state().message().unwrap().text.clone();
    assert!(
        text.contains("earlier games kept in the file were set aside")
            && text.contains("not finished"),
        "{text}"
    );
}

#[test]
fn an_earlier_game_of_the_match_is_replayed_from_the_side_panel_to_look_at_only() {
    // Given a 5-point match whose first game is over and whose second is begun
    let settings = match_to_five();
    let mut h = harness(7, settings);
    h.run();
    finish(&mut h, 3);
    let first = h.state().session().game().clone();
    let winner = first.outcome().unwrap().winner.unwrap();
    h.get_by_label("Next game  (Enter)").click();
    h.run();
    let playing = h.state().session().game().clone();
    // When the side panel's earlier games are opened and the first is clicked
    h.get_by_label("Earlier games of the match").click();
    h.run();
    let name = format!("Game 1: {} won", winner.name());
    h.get_by_label_contains(&name).click();
    h.run();
    // Then the first game is replayed from its start, named as game 1, and cannot be played on
    assert!(h.query_by_label_contains("Replay of game 1").is_some());
    assert!(h.query_by_label("Play on from here").is_none());
    h.get_by_label("End  (End)").click();
    h.run();
    let turns = gamester_core::save::GameRecord::of_game(&first)
        .unwrap()
        .turn_ends()
        .len();
    let end = format!("Replay of game 1: after turn {turns} of {turns}");
    assert!(h.query_by_label_contains(&end).is_some(), "{end}");
    // And leaving the replay, the game in play is as it was
    h.get_by_label("Back to the game  (Esc)").click();
    h.run();
    assert_eq!(h.state().session().game(), &playing);
}

#[test]
fn an_earlier_game_given_up_is_listed_as_resigned() {
    use gamester_rules::tables::Action;
    // Given a 5-point match whose first game was resigned (issue 57, item 10)
    let mut h = harness(7, match_to_five());
    h.run();
    super::support::throw_until_playing(&mut h);
    let mover = h.state().session().game().turn();
    let session = h.state_mut().session_mut();
    session.apply(Action::Resign(1)).unwrap();
    session.apply(Action::AcceptResignation).unwrap();
    h.run();
    h.get_by_label("Next game  (Enter)").click();
    h.run();
    // When the side panel's earlier games are opened
    h.get_by_label("Earlier games of the match").click();
    h.run();
    // Then the first says it was resigned, and by whom
    let name = format!(
        "Game 1: {} won 1 point, {} resigned",
        mover.other().name(),
        mover.name()
    );
    assert!(h.query_by_label(&name).is_some(), "{name}");
}

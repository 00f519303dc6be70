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

#[test]
fn a_match_shows_its_score_and_ends_with_no_next_game() {
    let mut rules = Rules::preset(Preset::Modern);
    rules.match_to = 5;
    let settings = Settings {
        preset: None,
        rules,
        ..quick(two_people())
    };
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

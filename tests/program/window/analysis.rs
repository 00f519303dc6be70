#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The analysis in the window (headless, egui_kittest): Game → Analyse this game judges the game
//! off the window's thread, telling how far it has come while the board stays free; the list
//! gives each decision with its mark and each side's figures; selecting a decision shows its
//! position, the plays drawn on the board and the verdict in words; the analysis is saved with
//! the game and given back when it is opened, and one that does not fit is set aside in words.

use super::support;
use support::*;

use std::path::{Path, PathBuf};

use egui::epaint::ColorMode;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use gamester::ui::tables::analysis_marks::{BEST_INK, PLAYED_INK};
use gamester::ui::tables::analysis_words;
use gamester::ui::{GamesterApp, Launch};
use gamester_core::ai::analysis::DEFAULT_LEVEL;
use gamester_core::ai::analysis::{Analysis, Choice, Judged, analyse};
use gamester_core::save::{self, GameRecord, SaveFile};
use gamester_rules::tables::{Action, Phase, Side};

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// A window that opened `path` at start.
fn opened(path: PathBuf) -> Harness<'static, GamesterApp> {
    let mut h = harness_with(
        Launch {
            seed: Some(3),
            open: Some(path),
            ..Launch::default()
        },
        two_people(),
    );
    h.run();
    h
}

/// Game → Analyse this game, clicked; one frame more shows what followed.
fn ask_for_the_analysis(h: &mut Harness<'static, GamesterApp>) {
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Analyse this game").click();
    h.step();
    h.step();
}

/// Lets the window take in the analysis once it is made, frame by frame.
fn finish_the_analysis(h: &mut Harness<'static, GamesterApp>) -> Analysis {
    for _ in 0..6000 {
        if let Some(a) = h.state().analysis_panel().analysis() {
            let a = a.clone();
            h.run();
            return a;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the analysis never came");
}

fn colour<'a>(h: &'a Harness<'static, GamesterApp>) -> impl Fn(Side) -> String + 'a {
    |side| h.state().session().colour_name(side).to_string()
}

fn record_of(h: &Harness<'static, GamesterApp>) -> GameRecord {
    GameRecord::of_game(h.state().session().game()).unwrap()
}

#[test]
fn the_game_menu_analyses_the_game_off_the_windows_thread_and_tells_how_far_it_has_come() {
    // Given a short game of Irish opened in the window
    let mut h = opened(example("irish_short.ron"));
    let before = h.state().session().game().clone();
    // When Game → Analyse this game is chosen
    ask_for_the_analysis(&mut h);
    // Then the panel tells how far the judging has come, n of m decisions
    let told = h.get_by_label_contains("Judging the decisions: ");
    let node = told.accesskit_node();
    let text = node.label().or_else(|| node.value()).unwrap_or_default();
    let (done, total) = text
        .trim_start_matches("Judging the decisions: ")
        .split_once(" of ")
        .unwrap();
    assert!(done.parse::<usize>().unwrap() <= total.parse::<usize>().unwrap());
    // And once it is made, the analysis is the computer's, at the default level, of the game
    let analysis = finish_the_analysis(&mut h);
    let expected = analyse(&before, before.record(), DEFAULT_LEVEL, &|_, _| {}).unwrap();
    assert_eq!(analysis, expected);
    assert!(h.query_by_label_contains("Judging the decisions").is_none());
    // And the game itself is exactly as it was
    assert_eq!(h.state().session().game(), &before);
    // And the window, the analysis made, no longer repaints of itself
    assert!(h.try_run().is_ok());
}

#[test]
fn the_board_stays_free_while_the_game_is_judged() {
    // Given a game between two people, two plays made
    let mut h = harness(11, two_people());
    h.run();
    play_first_plays(&mut h, 2);
    let asked = h.state().session().game().record().to_vec();
    // When it is analysed, and the next throw is made from the window meanwhile
    ask_for_the_analysis(&mut h);
    assert_eq!(h.state().session().game().phase(), Phase::ToThrow);
    h.get_by_label("Throw  (Space)").click();
    h.step();
    // Then the throw is made
    let now = h.state().session().game().record().to_vec();
    assert_eq!(now.len(), asked.len() + 1);
    assert!(matches!(now.last(), Some(Action::Throw(_))));
    // And the analysis is of the game as it stood when asked, still the game's
    let analysis = finish_the_analysis(&mut h);
    assert!(analysis.decisions.iter().all(|d| d.made <= asked.len()));
    assert!(h.state().analysis_panel().is_open());
    assert!(
        h.state()
            .analysis_panel()
            .to_keep(h.state().session().game())
            .is_some()
    );
}

#[test]
fn stopping_the_analysis_closes_it_and_nothing_comes_of_it() {
    let mut h = opened(example("finished.ron"));
    ask_for_the_analysis(&mut h);
    assert!(h.state().analysis_panel().is_open());
    // When the judging is stopped
    h.get_by_label("Stop").click();
    h.step();
    // Then the panel closes, the job is dropped, and no analysis appears later
    assert!(!h.state().analysis_panel().is_open());
    assert_eq!(h.state().analysis_panel().progress(), None);
    for _ in 0..20 {
        h.step();
    }
    assert!(h.state().analysis_panel().analysis().is_none());
    assert!(h.query_by_label("Analysis").is_none());
}

#[test]
fn the_next_game_drops_the_analysis_of_the_last() {
    // Given a finished game being judged
    let mut h = opened(example("finished.ron"));
    ask_for_the_analysis(&mut h);
    // When the next game of the session begins
    h.get_by_label("Next game  (Enter)").click();
    h.step();
    h.step();
    // Then the judging of the last game is dropped, and the panel closed
    assert_eq!(h.state().analysis_panel().progress(), None);
    assert!(!h.state().analysis_panel().is_open());
    assert!(h.state().session().game().record().is_empty());
}

#[test]
fn the_list_gives_each_decision_with_its_mark_and_each_sides_figures() {
    let mut h = opened(example("irish_short.ron"));
    ask_for_the_analysis(&mut h);
    let analysis = finish_the_analysis(&mut h);
    let record = record_of(&h);
    // Then each decision has its row: turn, who, dice, the play, the mark
    assert!(analysis.decisions.len() >= 4);
    for d in &analysis.decisions {
        let row = analysis_words::row(d, &record, colour(&h));
        assert!(
            h.query_by_label(&row.text()).is_some(),
            "no row {}",
            row.text()
        );
    }
    // And each side its figures: decisions, mean loss, marks, the one-word rating
    for side in Side::BOTH {
        let s = analysis.summary(side);
        let line = format!(
            "{}: {} decisions, mean loss {:.3}: {}",
            h.state().session().colour_name(side),
            s.decisions,
            s.mean_loss,
            s.rating()
        );
        assert!(h.query_by_label(&line).is_some(), "no {line}");
    }
}

/// The first play of `analysis` that lost something, and its row's text.
fn a_play_that_lost(h: &Harness<'static, GamesterApp>, analysis: &Analysis) -> (Judged, String) {
    let record = record_of(h);
    let d = analysis
        .decisions
        .iter()
        .find(|d| matches!(d.choice, Choice::Play { .. }) && d.loss > 0.0)
        .unwrap()
        .clone();
    let row = analysis_words::row(&d, &record, colour(h)).text();
    (d, row)
}

/// How many paths of the play made and of the best play the last frame drew over the board.
fn paths_drawn(h: &Harness<'static, GamesterApp>) -> (usize, usize) {
    let mut drawn = (0, 0);
    for clipped in &h.output().shapes {
        if let egui::Shape::QuadraticBezier(curve) = &clipped.shape {
            if curve.stroke.color == ColorMode::Solid(PLAYED_INK) {
                drawn.0 += 1;
            } else if curve.stroke.color == ColorMode::Solid(BEST_INK) {
                drawn.1 += 1;
            }
        }
    }
    drawn
}

#[test]
fn selecting_a_decision_shows_its_position_the_plays_on_the_board_and_the_verdict() {
    // Given a game of Irish analysed
    let mut h = opened(example("irish_short.ron"));
    ask_for_the_analysis(&mut h);
    let analysis = finish_the_analysis(&mut h);
    let (d, row) = a_play_that_lost(&h, &analysis);
    assert!(h.query_by_label_contains("Choose a decision").is_some());
    // When a play that lost something is selected in the list
    h.get_by_label(&row).click();
    h.run();
    // Then the board shows its position: the record up to it, the dice thrown, no man moved
    assert!(h.state().is_replaying());
    let shown = h.state().shown().game();
    assert_eq!(shown.record().len(), d.at);
    assert_eq!(shown.phase(), Phase::Playing);
    assert!(shown.steps_played().is_empty());
    // And the play made and the best play are drawn on it
    let Choice::Play { judgement, .. } = &d.choice else {
        unreachable!()
    };
    assert_eq!(
        h.state().analysis_panel().on_board(Some(d.at)),
        Some((
            d.side,
            judgement.played.steps.to_vec(),
            judgement.best.steps.to_vec()
        ))
    );
    assert!(
        h.query_by_label_contains("On the board: the play made")
            .is_some()
    );
    assert_eq!(
        paths_drawn(&h),
        (judgement.played.steps.len(), judgement.best.steps.len())
    );
    // And the loss is told in the period's words, under its heading
    let record = record_of(&h);
    let verdict = analysis_words::verdict(&d, &record, colour(&h));
    assert!(verdict.contains("losing"), "{verdict}");
    assert!(h.query_by_label(&verdict).is_some(), "no {verdict}");
    let heading = analysis_words::heading(&analysis_words::row(&d, &record, colour(&h)));
    assert!(h.query_by_label(&heading).is_some(), "no {heading}");
    // And the window settles: nothing repaints of itself
    assert!(h.try_run().is_ok());
}

#[test]
fn the_replay_names_the_turn_of_the_decision_selected_as_the_list_does() {
    // Given a game of Irish analysed
    let mut h = opened(example("irish_short.ron"));
    ask_for_the_analysis(&mut h);
    let analysis = finish_the_analysis(&mut h);
    let (d, row) = a_play_that_lost(&h, &analysis);
    assert!(row.starts_with(&format!("Turn {} · ", d.turn)), "{row}");
    // When it is selected in the list
    h.get_by_label(&row).click();
    h.run();
    // Then the replay's bar names the same turn
    let bar = format!("Replay: turn {} of ", d.turn);
    assert!(h.query_by_label_contains(&bar).is_some(), "no {bar}");
    // And at the start it names the first turn, at the end the last turn played
    h.get_by_label("Start  (Home)").click();
    h.run();
    assert!(h.query_by_label_contains("Replay: turn 1 of ").is_some());
    h.get_by_label("End  (End)").click();
    h.run();
    let node = h.get_by_label_contains("Replay: ");
    let node = node.accesskit_node();
    let end = node.label().or_else(|| node.value()).unwrap_or_default();
    let numbers: Vec<usize> = end
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    assert!(
        matches!(numbers[..], [a, b] if a == b && b >= d.turn as usize),
        "{end}"
    );
}

#[test]
fn the_plays_leave_the_board_when_the_replay_steps_away() {
    let mut h = opened(example("irish_short.ron"));
    ask_for_the_analysis(&mut h);
    let analysis = finish_the_analysis(&mut h);
    let (d, row) = a_play_that_lost(&h, &analysis);
    h.get_by_label(&row).click();
    h.run();
    // When the replay turns on from the decision's position
    h.get_by_label("Turn on  (Right)").click();
    h.run();
    // Then the plays of that decision are no longer drawn over another position
    let at = h.state().shown().game().record().len();
    assert_ne!(at, d.at);
    assert_eq!(h.state().analysis_panel().on_board(Some(at)), None);
    assert!(
        h.query_by_label_contains("On the board: the play made")
            .is_none()
    );
    assert_eq!(paths_drawn(&h), (0, 0));
}

#[test]
fn an_analysis_is_saved_with_the_game_and_given_back_when_it_is_opened() {
    // Given a game of Irish of its own file, analysed
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.ron");
    std::fs::copy(example("irish_short.ron"), &path).unwrap();
    let mut h = opened(path.clone());
    ask_for_the_analysis(&mut h);
    let analysis = finish_the_analysis(&mut h);
    // When it is saved
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Save  (Ctrl+S)").click();
    h.run();
    // Then the file keeps the analysis with the game
    let loaded = save::load(&path).unwrap();
    assert_eq!(loaded.game.record(), h.state().session().game().record());
    let kept = loaded.analysis.clone().unwrap().unwrap();
    assert_eq!(kept, gamester_core::kept_analysis::to_saved(&analysis));
    // And a window that opens the file has the analysis at once, in its panel
    let mut again = harness(5, two_people());
    again.run();
    again.state_mut().open_file(path.clone());
    finish_opening(&mut again);
    assert_eq!(again.state().analysis_panel().analysis(), Some(&analysis));
    assert!(again.state().analysis_panel().is_open());
    assert_eq!(
        again.state().message().unwrap().text,
        "Game opened, with its analysis"
    );
    let (_, row) = a_play_that_lost(&again, &analysis);
    assert!(again.query_by_label(&row).is_some());
    // And so does one started with the file
    let at_start = opened(path);
    assert_eq!(
        at_start.state().analysis_panel().analysis(),
        Some(&analysis)
    );
}

#[test]
fn an_analysis_that_does_not_fit_its_game_is_set_aside_in_words_and_the_game_opens() {
    // Given a file whose analysis names a decision the game never had
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("odd.ron");
    let loaded = save::load(&example("irish_short.ron")).unwrap();
    let analysis = analyse(
        loaded.replay.start(),
        loaded.replay.record(),
        gamester_core::level::Level::Novice,
        &|_, _| {},
    )
    .unwrap();
    let mut kept = gamester_core::kept_analysis::to_saved(&analysis);
    kept.decisions[0].made = 9_999;
    let mut file = SaveFile::from_game(&loaded.game, &loaded.table);
    file.analysis = Some(kept);
    save::write_atomic(&path, &file).unwrap();
    // When the window opens it
    let mut h = harness(5, two_people());
    h.run();
    h.state_mut().open_file(path);
    finish_opening(&mut h);
    // Then the game is in play, whole, and the analysis set aside, saying why
    assert_eq!(h.state().session().game().record(), loaded.game.record());
    assert!(h.state().analysis_panel().analysis().is_none());
    assert!(!h.state().analysis_panel().is_open());
    let text = h.state().message().unwrap().text.clone();
    assert!(
        text.starts_with("Game opened. The analysis kept in the file was set aside"),
        "{text}"
    );
    assert!(text.contains("no decision of the game"), "{text}");
}

/// A game of Tick-tack, scores adding up, played at random by seeded dice, in which a player
/// let a hit of his pass unclaimed (and the game went on).
fn tick_tack_with_a_hit_let_pass() -> gamester_rules::tables::Game {
    use gamester_rules::tables::{FairDice, Game, Preset, Rules};
    use rand::{Rng, SeedableRng};
    let mut rules = Rules::preset(Preset::TickTack);
    rules.first_score_ends = false;
    for seed in 0..50u64 {
        let mut game = Game::new(rules.clone()).unwrap();
        let mut dice = FairDice::seeded(seed);
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut let_pass = false;
        while !game.is_over() && game.record().len() < 400 {
            if game.phase() == Phase::Playing {
                let passing = game
                    .open_claims(game.turn())
                    .contains(&gamester_rules::tables::ticktack::Claim::Hit);
                let plays = game.legal_plays();
                game.apply_play(&plays[rng.random_range(0..plays.len())])
                    .unwrap();
                let_pass |= passing && !game.is_over();
            } else {
                game.throw_with(&mut dice).unwrap();
            }
            // The adversary, in turn, throws without asking why not
            if let_pass && game.phase() == Phase::ToThrow {
                game.throw_with(&mut dice).unwrap();
                if game.is_over() {
                    break;
                }
                return game;
            }
        }
    }
    panic!("no game let a hit pass");
}

#[test]
fn at_tick_tack_a_hit_let_pass_is_listed_and_told_in_words() {
    // Given a game of Tick-tack in which a player let his hit pass, opened in the window
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tick-tack.ron");
    let game = tick_tack_with_a_hit_let_pass();
    let file = SaveFile::from_game(&game, &gamester_core::players::Seats::two_people());
    save::write_atomic(&path, &file).unwrap();
    let mut h = opened(path);
    // When it is analysed
    ask_for_the_analysis(&mut h);
    let analysis = finish_the_analysis(&mut h);
    // Then the hit let pass has its row, marked very bad
    let d = analysis
        .decisions
        .iter()
        .find(|d| {
            d.choice
                == Choice::Claim {
                    missed: gamester_rules::tables::ticktack::Claim::Hit,
                }
        })
        .expect("the hit let pass is a decision")
        .clone();
    let record = record_of(&h);
    let row = analysis_words::row(&d, &record, colour(&h));
    assert!(row.text().contains("hit unclaimed"), "{}", row.text());
    // And selected, it is told in words: what was missed, and what it would have scored
    h.get_by_label(&row.text()).click();
    h.run();
    let verdict = analysis_words::verdict(&d, &record, colour(&h));
    assert!(
        verdict.starts_with("Your throw gave a hit (the man on ")
            && verdict.contains(" lone man on ")
            && verdict.contains("), and you did not claim it"),
        "{verdict}"
    );
    assert!(h.query_by_label(&verdict).is_some(), "no {verdict}");
    // And the adversary's why-not let pass is told with the same hit, seen from his side
    let why_not = analysis
        .decisions
        .iter()
        .find(|w| {
            w.choice
                == Choice::Claim {
                    missed: gamester_rules::tables::ticktack::Claim::WhyNot,
                }
        })
        .expect("the why-not let pass is a decision");
    assert_eq!(why_not.side, d.side.other());
    let told = analysis_words::verdict(why_not, &record, colour(&h));
    assert!(told.contains("reaches your lone man on "), "{told}");
}

//! An analysis saved with its game: it round-trips through the file, older files without one
//! still load, analysing never changes the game, and a hostile analysis (wrong indices, losses
//! that are no numbers, lists too long, fields of the wrong kind) is set aside in words while
//! the game still loads, and never panics; and an analysis told to stop judges no more.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::Path;

use gamester_core::ai::analysis::{Analysis, Choice, analyse, analyse_until};
use gamester_core::kept_analysis::{from_saved, to_saved};
use gamester_core::level::Level;
use gamester_core::save::{self, Loaded, SaveFile, SavedAnalysis, SavedBest, SavedCube, SavedStep};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

const EXAMPLES: [&str; 5] = [
    "irish_short.ron",
    "broken_table.ron",
    "double_hand.ron",
    "finished.ron",
    "cube_dropped.ron",
];

fn data(name: &str) -> String {
    fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/data")
            .join(name),
    )
    .unwrap()
}

fn loaded(name: &str) -> Loaded {
    save::from_str(&data(name)).unwrap()
}

fn analysed(l: &Loaded) -> Analysis {
    analyse(
        l.replay.start(),
        l.replay.record(),
        Level::Novice,
        &|_, _| {},
    )
    .unwrap()
}

/// The text of `l`'s game saved with `analysis`.
fn saved_with(l: &Loaded, analysis: Option<SavedAnalysis>) -> String {
    let mut file = SaveFile::from_game(&l.game, &l.table);
    file.analysis = analysis;
    save::to_string(&file).unwrap()
}

/// The file of `finished.ron` with its analysis text replaced by `analysis` (RON).
fn finished_with_analysis_text(analysis: &str) -> String {
    let text = data("finished.ron");
    let end = text.rfind(')').unwrap();
    format!("{}  analysis: {analysis},\n)\n", &text[..end])
}

#[test]
fn an_analysis_saved_with_its_game_comes_back_the_same() {
    for name in EXAMPLES {
        // Given a game and its analysis, with plays, cube actions, a break or a throw chosen
        let l = loaded(name);
        let analysis = analysed(&l);
        assert!(!analysis.decisions.is_empty(), "{name}");
        // When it is saved with the game and loaded again
        let text = saved_with(&l, Some(to_saved(&analysis)));
        assert!(text.contains("analysis: Some("), "{name}: {text}");
        let again = save::from_str(&text).unwrap();
        // Then the game is the same, and the analysis rebuilt is the very same analysis
        assert_eq!(again.game, l.game, "{name}");
        let kept = again.analysis.unwrap().unwrap();
        assert_eq!(kept, to_saved(&analysis), "{name}");
        assert_eq!(
            from_saved(&kept, &again.replay).unwrap(),
            analysis,
            "{name}"
        );
    }
}

#[test]
fn every_kind_of_decision_is_kept() {
    // Given the examples' analyses together
    let mut kinds = [false; 4];
    for name in EXAMPLES {
        for d in analysed(&loaded(name)).decisions {
            kinds[match d.choice {
                Choice::Play { .. } => 0,
                Choice::Cube { .. } => 1,
                Choice::Break { .. } => 2,
                Choice::Throw { .. } => 3,
                // Tick-tack's scores let pass are kept by analysis_ticktack's own test.
                Choice::Claim { .. } => continue,
            }] = true;
        }
    }
    // Then the round trip above covered plays, the cube, the break and Double-hand's throw
    assert_eq!(kinds, [true; 4]);
}

#[test]
fn a_game_saved_without_an_analysis_writes_no_analysis_field() {
    let l = loaded("finished.ron");
    let text = saved_with(&l, None);
    assert!(!text.contains("analysis"), "{text}");
    // And the example files, written before analyses were kept, load without one
    for name in EXAMPLES {
        let l = loaded(name);
        assert!(l.analysis.is_none(), "{name}");
        assert_eq!(
            saved_with(&l, None),
            data(name),
            "{name} is written as it was"
        );
    }
}

#[test]
fn analysing_a_game_never_changes_it() {
    for name in EXAMPLES {
        // Given a loaded game
        let l = loaded(name);
        let (game, record) = (l.game.clone(), l.replay.clone());
        // When it is analysed
        let _ = analysed(&l);
        // Then its record and its position are as they were
        assert_eq!(l.game, game, "{name}");
        assert_eq!(l.replay, record, "{name}");
        assert_eq!(l.game.position(), game.position(), "{name}");
    }
}

/// What a hostile analysis field gives: the game loads, and the analysis is set aside in words.
fn set_aside(analysis_text: &str) -> String {
    let text = finished_with_analysis_text(analysis_text);
    let l = save::from_str(&text).unwrap_or_else(|e| panic!("the game was lost: {e}"));
    assert_eq!(l.game, loaded("finished.ron").game);
    match l.analysis {
        None => panic!("no analysis read"),
        Some(Err(why)) => why,
        Some(Ok(kept)) => match from_saved(&kept, &l.replay) {
            Ok(a) => panic!("accepted {} decisions", a.decisions.len()),
            Err(why) => why.to_string(),
        },
    }
}

/// The finished game's analysis as it would be saved, changed by `change`, in RON.
fn changed(change: impl FnOnce(&mut SavedAnalysis)) -> String {
    let l = loaded("finished.ron");
    let mut kept = to_saved(&analysed(&l));
    change(&mut kept);
    ron::to_string(&Some(kept)).unwrap()
}

#[test]
fn a_hostile_analysis_is_set_aside_and_the_game_still_loads() {
    let cases: Vec<(String, &str)> = vec![
        (
            changed(|a| a.decisions[0].made = 100_000),
            "is no decision of the game",
        ),
        (
            changed(|a| a.decisions[0].at += 1),
            "does not start where the game's does",
        ),
        (
            changed(|a| a.decisions.swap(0, 1)),
            "out of the game's order",
        ),
        (
            changed(|a| a.decisions[1].loss = f32::NAN),
            "which is no loss",
        ),
        (changed(|a| a.decisions[1].loss = -0.5), "which is no loss"),
        (
            changed(|a| a.decisions[1].loss = f32::INFINITY),
            "which is no loss",
        ),
        (
            changed(|a| a.decisions[2].values = Some((f32::NAN, 0.0))),
            "values that are no numbers",
        ),
        (changed(|a| a.decisions[2].values = None), "keeps no values"),
        (
            changed(|a| a.decisions[0].best = SavedBest::Cube(SavedCube::Take)),
            "another kind of decision",
        ),
        (
            changed(|a| {
                a.decisions[0].best = SavedBest::Play(vec![SavedStep { from: 30, die: 9 }])
            }),
            "the rules did not offer there",
        ),
        (
            changed(|a| {
                a.decisions[0].best = SavedBest::Play(vec![SavedStep { from: 13, die: 1 }; 10_000])
            }),
            "the rules did not offer there",
        ),
        (
            changed(|a| {
                let d = a.decisions[0].clone();
                a.decisions = vec![d; 5_000];
            }),
            "the game has only 50",
        ),
        // Fields of the wrong kind: the file's analysis cannot be read at all
        (
            "Some((level: grandmaster, decisions: []))".into(),
            "grandmaster",
        ),
        (
            "Some((level: expert, decisions: [(at: -1, made: 2, best: break(1), loss: 0.0)]))"
                .into(),
            "line",
        ),
        (
            "Some((level: expert, decisions: [], mood: 3))".into(),
            "mood",
        ),
        ("Some(\"an analysis\")".into(), "line"),
    ];
    for (analysis, expected) in cases {
        let why = set_aside(&analysis);
        assert!(why.contains(expected), "{why} (expected {expected:?})");
    }
}

#[test]
fn an_analysis_told_to_stop_judges_no_more() {
    // Given a whole game, and the word to stop already given
    let l = loaded("finished.ron");
    let stop = std::sync::atomic::AtomicBool::new(true);
    let told = std::sync::Mutex::new(Vec::new());
    // When it is analysed
    let a = analyse_until(
        l.replay.start(),
        l.replay.record(),
        Level::Expert,
        &|done, total| told.lock().unwrap().push((done, total)),
        &stop,
    )
    .unwrap();
    // Then the decisions were found and counted, and none judged
    assert!(a.decisions.is_empty());
    assert_eq!(told.into_inner().unwrap(), vec![(0, 50)]);
}

#[test]
fn an_analysis_that_fits_a_longer_game_does_not_fit_a_shorter_one() {
    // Given the finished game's analysis
    let whole = loaded("finished.ron");
    let kept = to_saved(&analysed(&whole));
    // When it is given back for the same game cut short (its first 40 actions)
    let mut file = SaveFile::from_game(&whole.game, &whole.table);
    file.record.truncate(40);
    let short = save::replay_file(file).unwrap();
    // Then it does not fit: decisions past the cut name nothing there
    assert!(from_saved(&kept, &short.replay).is_err());
}

fn arb_best() -> impl Strategy<Value = SavedBest> {
    prop_oneof![
        prop::collection::vec((any::<u8>(), any::<u8>()), 0..6).prop_map(|v| SavedBest::Play(
            v.into_iter()
                .map(|(from, die)| SavedStep { from, die })
                .collect()
        )),
        (0..4u8).prop_map(|c| SavedBest::Cube(
            [
                SavedCube::Double,
                SavedCube::NoDouble,
                SavedCube::Take,
                SavedCube::Drop
            ][usize::from(c)]
        )),
        any::<u8>().prop_map(SavedBest::Break),
        any::<u8>().prop_map(SavedBest::Throw),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, rng_seed: RngSeed::Fixed(0xa9a1), ..ProptestConfig::default() })]

    /// Any analysis at all, given back for any of the examples, is either an analysis of that
    /// game or refused: never a panic.
    #[test]
    fn any_kept_analysis_is_given_back_or_refused(
        game in 0..EXAMPLES.len(),
        decisions in prop::collection::vec(
            (0..300usize, 0..300usize, arb_best(), any::<f32>(), any::<Option<(f32, f32)>>()),
            0..40,
        ),
    ) {
        let l = loaded(EXAMPLES[game]);
        let kept = SavedAnalysis {
            level: Level::Fair,
            at_score: true,
            decisions: decisions
                .into_iter()
                .map(|(at, made, best, loss, values)| save::SavedDecision { at, made, best, loss, values })
                .collect(),
        };
        if let Ok(a) = from_saved(&kept, &l.replay) {
            prop_assert_eq!(a.decisions.len(), kept.decisions.len());
            for d in &a.decisions {
                prop_assert!(d.loss.is_finite() && d.loss >= 0.0);
                prop_assert!(d.at < d.made && d.made <= l.replay.len());
            }
        }
    }
}

#[test]
fn an_analysis_kept_before_the_match_score_counted_is_refused_for_a_game_past_0_0() {
    use gamester_core::ai::kept::Unfit;
    use gamester_core::ai::random::RandomPlayer;
    use gamester_core::save::GameRecord;
    use gamester_rules::tables::{Crawford, Game, Preset, Rules, Tally};
    // Given a game of a match to 5 at 3-1, and one at 0-0, each analysed
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.match_to = 5;
    for (white, black, refused) in [(3, 1, true), (0, 0, false)] {
        let tally = Tally {
            white,
            black,
            games: white + black,
            draws: 0,
            crawford: Crawford::Ahead,
        };
        let mut game = Game::with_tally(rules.clone(), tally).unwrap();
        RandomPlayer::seeded(7).play_out(&mut game, 20_000).unwrap();
        let replay = GameRecord::of_game(&game).unwrap();
        let mut kept = to_saved(&analyse(&game, game.record(), Level::Novice, &|_, _| {}).unwrap());
        assert!(kept.at_score);
        assert!(from_saved(&kept, &replay).is_ok());
        // When the analysis is kept as an older Gamester kept it, without the mark
        kept.at_score = false;
        // Then past 0-0 it is refused, as judged at the wrong score; at 0-0 it still fits
        let back = from_saved(&kept, &replay);
        assert_eq!(
            back.as_ref().err(),
            refused.then_some(&Unfit::BeforeTheScore)
        );
        assert_eq!(back.is_ok(), !refused);
    }
}

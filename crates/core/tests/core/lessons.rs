//! The lessons: every exercise of every lesson, over many seeds, has a right answer that the
//! rules agree with (asked again here, in the plainest way, not through the lesson), every
//! other answer is judged wrong, and each judgement explains itself and names its sources.

use gamester_core::teaching::blots::hitting_throws;
use gamester_core::teaching::lessons::{Answer, Exercise, Given, Lesson, Progress};
use gamester_rules::tables::movegen::{MoveRules, legal_plays, play_step};
use gamester_rules::tables::{Position, Preset, Rules, Step};
use gamester_rules::tiles::{End, Line};

const SEEDS: u64 = 120;
const FACES: [&str; 6] = ["ace", "deuce", "trey", "cater", "cinque", "sice"];

/// Every exercise of a lesson over the seeds.
fn exercises(lesson: Lesson) -> impl Iterator<Item = Exercise> {
    (0..SEEDS).map(move |seed| lesson.exercise(seed, "Black"))
}

/// The number a point's name gives ("cinque" 5, "9" 9).
fn number(word: &str) -> u8 {
    FACES
        .iter()
        .position(|f| *f == word)
        .map_or_else(|| word.parse().unwrap(), |i| i as u8 + 1)
}

/// A point named in the lessons' words, in the learner's numbering: "your cinque point" 5,
/// "Black's 9 point" 16.
fn point_named(words: &str) -> u8 {
    let words = words.trim().trim_end_matches('.');
    let (whose, rest) = words.split_once(' ').unwrap();
    let n = number(rest.trim_end_matches(" point"));
    match whose.to_lowercase().as_str() {
        "your" => n,
        "black's" => 25 - n,
        other => panic!("whose point is {other}?"),
    }
}

/// Where a step of the lessons' words starts or lands (25 the bar, 0 off).
fn place_named(words: &str) -> usize {
    match words {
        "the bar" => 25,
        "off the board" => 0,
        w => usize::from(point_named(w)),
    }
}

/// "The trey from Black's 12 point to your 10 point, then the cater from …" as steps.
fn steps_named(words: &str) -> Vec<Step> {
    words
        .split(", then ")
        .map(|part| {
            let part = part.to_lowercase();
            let part = part.trim_start_matches("the ");
            let (die, rest) = part.split_once(" from ").unwrap();
            let from = if let Some(from) = rest.strip_suffix(" off the board") {
                place_named(from)
            } else {
                place_named(rest.split_once(" to ").unwrap().0)
            };
            Step::new(from as u8, number(die)).unwrap()
        })
        .collect()
}

/// Every answer but the right ones, as `judge` takes them.
fn every_answer(exercise: &Exercise) -> Vec<(Given, bool)> {
    match &exercise.answer {
        Answer::Point { right, .. } => (1..=24u8)
            .map(|p| (Given::Point(p), right.contains(&p)))
            .collect(),
        Answer::Choice { options, right, .. } => (0..options.len())
            .map(|i| (Given::Choice(i), i == *right))
            .collect(),
    }
}

#[test]
fn every_exercise_has_a_right_answer_judged_right_and_every_other_judged_wrong() {
    for lesson in Lesson::ALL {
        for exercise in exercises(lesson) {
            assert_eq!(exercise.lesson, lesson);
            assert!(!exercise.prompt.is_empty());
            assert!(!exercise.sources.is_empty(), "{}", exercise.prompt);
            match &exercise.answer {
                Answer::Point { right, notes } => {
                    assert!(!right.is_empty(), "{}", exercise.prompt);
                    assert_eq!(notes.len(), 24);
                    assert!(exercise.board.is_some());
                }
                Answer::Choice {
                    options,
                    right,
                    notes,
                } => {
                    assert!(options.len() >= 2, "{}: {options:?}", exercise.prompt);
                    assert!(*right < options.len());
                    assert_eq!(notes.len(), options.len());
                    let mut unique = options.clone();
                    unique.sort();
                    unique.dedup();
                    assert_eq!(unique.len(), options.len(), "{options:?}");
                }
            }
            for (given, right) in every_answer(&exercise) {
                let verdict = exercise.judge(given);
                assert_eq!(verdict.right, right, "{}: {given:?}", exercise.prompt);
                assert!(
                    verdict
                        .words
                        .starts_with(if right { "Right." } else { "Not so." })
                );
                assert!(verdict.words.contains(&exercise.why));
                assert!(verdict.words.contains(&exercise.sources[0]));
            }
            // An answer of the other kind is wrong, and says what is wanted.
            let other = match exercise.answer {
                Answer::Point { .. } => Given::Choice(0),
                Answer::Choice { .. } => Given::Point(1),
            };
            assert!(!exercise.judge(other).right);
        }
    }
}

#[test]
fn the_same_seed_draws_the_same_exercise_and_seeds_differ() {
    for lesson in Lesson::ALL {
        assert_eq!(lesson.exercise(7, "Black"), lesson.exercise(7, "Black"));
        let prompts: std::collections::HashSet<String> = exercises(lesson)
            .map(|e| format!("{:?}", e.answer))
            .collect();
        assert!(prompts.len() > 10, "{lesson:?} repeats itself");
    }
}

#[test]
fn the_point_named_is_the_point_to_click_and_the_ringed_point_is_named_right() {
    let mut asked = [0; 2];
    for exercise in exercises(Lesson::Points) {
        let board = exercise.board.as_ref().unwrap();
        match (&exercise.answer, board.marked) {
            (Answer::Point { right, .. }, None) => {
                let wanted = if let Some(rest) = exercise
                    .prompt
                    .strip_prefix("Click the point you count as your ")
                {
                    rest.split_once(',').unwrap().0.parse().unwrap()
                } else {
                    point_named(exercise.prompt.strip_prefix("Click ").unwrap())
                };
                assert_eq!(right, &vec![wanted], "{}", exercise.prompt);
                asked[0] += 1;
            }
            (Answer::Choice { options, right, .. }, Some(p)) => {
                let said = &options[*right];
                let named = match said.strip_prefix("Your ") {
                    Some(n) if n.parse::<u8>().is_ok() => n.parse().unwrap(),
                    _ => point_named(said),
                };
                assert_eq!(named, p, "{said}");
                asked[1] += 1;
            }
            other => panic!("an exercise of points that is neither: {other:?}"),
        }
    }
    assert!(asked.iter().all(|&n| n > 20), "{asked:?}");
}

#[test]
fn exactly_one_play_offered_is_legal_and_it_plays_the_whole_throw() {
    let rules = Rules::preset(Preset::Irish);
    for exercise in exercises(Lesson::Throws) {
        let board = exercise.board.as_ref().unwrap();
        let Answer::Choice { options, right, .. } = &exercise.answer else {
            panic!("a throw is answered by a choice");
        };
        let throw = gamester_rules::tables::Throw::new(&board.dice).unwrap();
        let legal: Vec<Position> = legal_plays(
            &board.position,
            throw.moves(rules.dice, rules.doublets),
            MoveRules::from(&rules),
        )
        .into_iter()
        .map(|p| p.position)
        .collect();
        for (i, words) in options.iter().enumerate() {
            let steps = steps_named(words);
            let mut at = board.position;
            let played = steps
                .iter()
                .all(|&s| match play_step(&at, s, rules.bear_off) {
                    Some((next, _)) => {
                        at = next;
                        true
                    }
                    None => false,
                });
            let is_legal = played && legal.contains(&at);
            assert_eq!(is_legal, i == *right, "{}: {words}", exercise.prompt);
        }
    }
}

#[test]
fn the_blots_to_click_are_the_men_alone_and_the_shots_are_counted_by_the_rules() {
    let rules = Rules::default();
    let mut kinds = [0; 2];
    for exercise in exercises(Lesson::Blots) {
        let board = exercise.board.as_ref().unwrap();
        let pos = board.position;
        match &exercise.answer {
            Answer::Point { right, .. } => {
                let alone: Vec<u8> = (1..=24u8)
                    .filter(|&p| pos.at(usize::from(p)) == 1)
                    .collect();
                assert_eq!(right, &alone);
                kinds[0] += 1;
            }
            Answer::Choice { options, right, .. } => {
                let p = board.marked.unwrap();
                assert_eq!(pos.at(usize::from(p)), 1, "the ringed man is a blot");
                let (hits, all) = hitting_throws(&pos.switched(), usize::from(25 - p), &rules);
                assert_eq!(options[*right], format!("{hits} of {all}"));
                assert!(hits > 0);
                kinds[1] += 1;
            }
        }
    }
    assert!(kinds.iter().all(|&n| n > 20), "{kinds:?}");
}

#[test]
fn a_bound_table_has_two_men_on_each_point_and_the_point_to_break_costs_least() {
    for exercise in exercises(Lesson::Binding) {
        let pos = exercise.board.as_ref().unwrap().position;
        match &exercise.answer {
            Answer::Choice { options, right, .. } => {
                let yours = exercise.prompt.starts_with("Is your");
                let seen = if yours { pos } else { pos.switched() };
                let bound = (1..=6).all(|p| seen.at(p) >= 2);
                assert_eq!(
                    options[*right].starts_with("Yes"),
                    bound,
                    "{}",
                    exercise.prompt
                );
            }
            Answer::Point { right, .. } => {
                assert!(
                    (1..=6).all(|p| pos.at(p) >= 2),
                    "the learner's table is bound"
                );
                let fewest = (1..=6).map(|p| pos.at(p)).min().unwrap();
                let wanted: Vec<u8> = (1..=6u8)
                    .filter(|&p| pos.at(usize::from(p)) == fewest)
                    .collect();
                assert_eq!(right, &wanted);
            }
        }
    }
}

#[test]
fn bearing_off_follows_each_rule_as_the_sources_give_it() {
    let mut rules_seen = std::collections::HashSet::new();
    for exercise in exercises(Lesson::BearingOff) {
        let board = exercise.board.as_ref().unwrap();
        let pos = board.position;
        let die = usize::from(board.dice[0]);
        let highest = (1..=6).rev().find(|&p| pos.at(p) > 0).unwrap();
        let rule = [
            "any die over the edge",
            "exact, or higher from the highest point",
            "only an exact die",
        ]
        .into_iter()
        .find(|r| exercise.prompt.contains(&format!("\u{201c}{r}\u{201d}")))
        .unwrap();
        rules_seen.insert(rule);
        let bears = |p: usize| match rule {
            "any die over the edge" => die >= p,
            "only an exact die" => die == p,
            _ => die == p || (die > p && p == highest),
        };
        let wanted: Vec<u8> = (1..=6u8)
            .filter(|&p| pos.at(usize::from(p)) > 0 && bears(usize::from(p)))
            .collect();
        let Answer::Point { right, .. } = &exercise.answer else {
            panic!("bearing off is answered on the board");
        };
        assert_eq!(right, &wanted, "{}", exercise.prompt);
    }
    assert_eq!(rules_seen.len(), 3);
}

#[test]
fn the_rule_asked_of_a_game_is_that_games_preset() {
    for exercise in exercises(Lesson::Games) {
        let preset = Preset::ALL
            .into_iter()
            .filter(|p| exercise.prompt.starts_with(&format!("In {},", p.title())))
            .max_by_key(|p| p.title().len())
            .unwrap();
        let rules = Rules::preset(preset);
        let Answer::Choice { options, right, .. } = &exercise.answer else {
            panic!("a choice");
        };
        let option = gamester_rules::tables::options::OPTIONS
            .iter()
            .find(|o| {
                exercise
                    .prompt
                    .contains(&format!("rule for {}?", o.words.to_lowercase()))
                    || exercise
                        .prompt
                        .contains(&format!("\u{201c}{}\u{201d}", o.words))
            })
            .unwrap();
        let value = option.chosen(&rules).unwrap();
        assert_eq!(
            options[*right].to_lowercase(),
            value.words.to_lowercase(),
            "{}",
            exercise.prompt
        );
    }
}

/// The open number at each end of a line, read from the tiles laid.
fn ends(line: &Line) -> (u8, u8) {
    let laid: Vec<_> = line.laid().collect();
    (laid[0].left, laid[laid.len() - 1].right)
}

#[test]
fn the_tile_that_fits_has_an_open_number_and_muggins_scores_each_five() {
    let mut kinds = [0; 2];
    for exercise in exercises(Lesson::Tiles) {
        let line = exercise.line.as_ref().unwrap();
        let Answer::Choice { options, right, .. } = &exercise.answer else {
            panic!("a choice");
        };
        if exercise.prompt.contains("Which of these tiles") {
            let (l, r) = ends(line);
            let word = |n: u8| {
                ["blank", "ace", "deuce", "trey", "cater", "cinque", "sice"][usize::from(n)]
            };
            for (i, tile) in options.iter().enumerate() {
                let tile = tile.to_lowercase();
                let halves: Vec<&str> = match tile.strip_prefix("double ") {
                    Some(h) => vec![h, h],
                    None => tile.split('-').collect(),
                };
                let fits = halves.contains(&word(l)) || halves.contains(&word(r));
                assert_eq!(fits, i == *right, "{tile} on {l}…{r}");
                assert_eq!(
                    fits,
                    !line
                        .fits(
                            gamester_rules::tiles::Tile::set()
                                .into_iter()
                                .find(|t| t.words() == tile)
                                .unwrap()
                        )
                        .is_empty()
                );
            }
            kinds[0] += 1;
        } else {
            // Each end's number, a double at an end counting twice; the set alone, all of it.
            let laid: Vec<_> = line.laid().collect();
            let count: u32 = if laid.len() == 1 {
                u32::from(laid[0].left + laid[0].right)
            } else {
                let (first, last) = (laid[0], laid[laid.len() - 1]);
                let end = |t: &gamester_rules::tiles::Laid, n: u8| {
                    u32::from(if t.tile.is_double() { 2 * n } else { n })
                };
                end(first, first.left) + end(last, last.right)
            };
            let score = if count.is_multiple_of(5) {
                count / 5
            } else {
                0
            };
            let said = match score {
                0 => "Nothing".to_string(),
                1 => "1 point".to_string(),
                n => format!("{n} points"),
            };
            assert_eq!(options[*right], said, "{}", exercise.prompt);
            assert!(line.open(End::Left).is_some());
            kinds[1] += 1;
        }
    }
    assert!(kinds.iter().all(|&n| n > 20), "{kinds:?}");
}

#[test]
fn progress_counts_the_tries_the_right_answers_and_the_streak() {
    let mut p = Progress::default();
    assert_eq!(p.words(), "not tried yet");
    for right in [true, true, false, true, true, true] {
        p.record(right);
    }
    assert_eq!(
        p,
        Progress {
            tried: 6,
            right: 5,
            streak: 3,
            best: 3
        }
    );
    assert_eq!(p.words(), "5 of 6 right, 3 in a row (best 3)");
    p.record(false);
    assert_eq!((p.streak, p.best), (0, 3));
}

/// A game of Tick-tack from `pos` (White's numbering), `mover` to play `faces`, asked of the
/// engine with its own public means.
fn tick_tack_thrown(
    pos: &Position,
    mover: gamester_rules::tables::Side,
    faces: &[u8],
) -> gamester_rules::tables::Game {
    use gamester_rules::tables::{Action, Game, Layout, Side, Throw};
    let mut rules = Rules::preset(Preset::TickTack);
    rules.layout = Layout::Custom(pos.to_setup(Side::White));
    let mut game = Game::new(rules).unwrap();
    let (white, black) = if mover == Side::White { (6, 1) } else { (1, 6) };
    game.apply(Action::ThrowOff { white, black }).unwrap();
    game.apply(Action::Throw(Throw::new(faces).unwrap()))
        .unwrap();
    game
}

#[test]
fn the_tick_tack_lesson_answers_as_the_engines_claims_do() {
    use gamester_core::teaching::points::Naming;
    use gamester_core::teaching::terms::describe_play_as;
    use gamester_rules::tables::ticktack::{Claim, reaches};
    use gamester_rules::tables::{Phase, Side};
    // Each kind of answer of each question, counted.
    let mut seen = std::collections::BTreeMap::<String, u32>::new();
    for exercise in exercises(Lesson::TickTack) {
        let board = exercise.board.as_ref().expect("a board");
        assert_eq!(
            board.naming,
            Naming::Outward,
            "Tick-tack names its points outward"
        );
        let Answer::Choice { options, right, .. } = &exercise.answer else {
            panic!("a choice");
        };
        let said = options[*right].clone();
        let verdicts: Vec<String> = (0..options.len())
            .map(|i| exercise.judge(Given::Choice(i)).words)
            .collect();
        for text in [vec![exercise.prompt.clone()], options.clone(), verdicts].concat() {
            let found = gamester_core::teaching::plain::developer_words(&text);
            assert!(found.is_empty(), "{found:?} in {text}");
        }
        if exercise.prompt.contains("Does the throw give you a hit?") {
            // Given the position and the throw, the engine at White's turn
            let game = tick_tack_thrown(&board.position, Side::White, &board.dice);
            let hit = game.open_claims(Side::White).contains(&Claim::Hit);
            let stopped = reaches(
                &game.position_for(Side::White),
                game.moves_left(),
                game.rules().hit_by,
            )
            .iter()
            .any(|w| w.stop.is_some());
            // Then the answer is a hit exactly when the engine offers the claim of one
            assert_eq!(said.starts_with("A hit"), hit, "{}", exercise.prompt);
            if !hit {
                assert_eq!(said.contains("stop"), stopped, "{}", exercise.prompt);
            }
        } else {
            // Given Black's throw and the play the prompt tells
            let game = tick_tack_thrown(&board.position, Side::Black, &board.dice);
            assert_eq!(game.phase(), Phase::Playing);
            let told = exercise
                .prompt
                .split_once("on the board. He ")
                .and_then(|(_, rest)| {
                    rest.strip_suffix(", claiming nothing. What may you claim before you throw?")
                })
                .expect("the play told");
            let before = game.position_for(Side::Black);
            let plays: Vec<_> = game
                .legal_plays()
                .into_iter()
                .filter(|p| {
                    let steps: Vec<_> = p.steps.iter().collect();
                    describe_play_as(
                        &before,
                        &steps,
                        game.rules().bear_off,
                        "his",
                        "your",
                        Naming::Outward,
                    ) == told
                })
                .collect();
            assert!(!plays.is_empty(), "no play is {told}");
            // When he plays it, claiming nothing
            for play in plays {
                let mut after = game.clone();
                after.apply_play(&play).unwrap();
                // Then what White may claim is the engine's
                let claims = after.open_claims(Side::White);
                let wanted = match (
                    claims.contains(&Claim::WhyNot),
                    claims.contains(&Claim::MissedGoingIn),
                ) {
                    (true, true) => "Either",
                    (true, false) => "A why-not",
                    (false, true) => "A going-in missed",
                    (false, false) => "Nothing",
                };
                assert!(
                    said.starts_with(wanted),
                    "{said} for {claims:?}: {}",
                    exercise.prompt
                );
            }
        }
        *seen.entry(said).or_default() += 1;
    }
    // Every answer of the hit is asked, and the why-not, and nothing owed
    let count = |part: &str| {
        seen.iter()
            .filter(|(k, _)| k.contains(part))
            .map(|(_, n)| n)
            .sum::<u32>()
    };
    for part in ["A hit", "No hit", "A why-not", "Nothing"] {
        assert!(count(part) >= 5, "{part}: {seen:?}");
    }
    assert!(count("stop") >= 3, "{seen:?}");
}

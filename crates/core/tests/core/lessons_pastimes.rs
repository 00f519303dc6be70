//! The lesson at Ketch-Dolt: over many seeds, the table shown is a game of the Ketch-Dolt preset
//! where the learner has just thrown and a number owes a draw; of the choices exactly one is
//! right, and it is the engine's (legal and not dolting); every other is refused or dolts by the
//! engine; each has its note; the rule is said with Cotton named, in a player's words.

use gamester_core::teaching::lessons::{Answer, Exercise, Given, Lesson};
use gamester_core::teaching::plain::developer_words;
use gamester_rules::pastimes::{Action, Event, Phase, Preset, Rules, Seat};

const SEEDS: u64 = 150;
const FACES: [&str; 6] = ["ace", "deuce", "trey", "cater", "cinque", "sice"];

fn exercises() -> impl Iterator<Item = Exercise> {
    (0..SEEDS).map(|seed| Lesson::KetchDolt.exercise(seed, "Black"))
}

/// The point of a face's name: "sice" 6.
fn point(face: &str) -> u8 {
    FACES.iter().position(|f| *f == face).unwrap() as u8 + 1
}

/// The die asked about: "What must you do with the sice?" 6.
fn asked(prompt: &str) -> u8 {
    let (_, rest) = prompt.rsplit_once(" with ").unwrap();
    let face = rest
        .trim_end_matches('?')
        .trim_start_matches("the ")
        .trim_start_matches("a ");
    point(face)
}

/// The action a choice names, read from its first word and the die asked; `None` for "Nothing".
fn action_named(words: &str, point: u8) -> Option<Action> {
    match words.split(' ').next().unwrap() {
        "Draw" => Some(Action::Draw { point }),
        "Lay" => Some(Action::Lay { point }),
        "Bear" => Some(Action::Bear { point }),
        "Nothing:" => None,
        other => panic!("a choice that is no action: {other}"),
    }
}

#[test]
fn the_ketch_dolt_lesson_has_one_right_answer_the_engines_and_every_other_refused_or_dolting() {
    let mut right_kinds = std::collections::BTreeMap::<String, u32>::new();
    let mut owed_asked = [0u32; 2];
    for exercise in exercises() {
        // Given an exercise: its table is the preset's game, the learner (the first seat) to use
        // a throw just made, a number of which owes a draw
        assert_eq!(exercise.lesson, Lesson::KetchDolt);
        assert!(exercise.board.is_none() && exercise.line.is_none());
        let table = exercise.pastime.as_ref().expect("a pastime's table");
        assert_eq!(table.seats, ["You", "Black"]);
        let game = &table.game;
        assert_eq!(*game.rules(), Rules::preset(Preset::KetchDolt));
        assert_eq!(game.phase(), Phase::ToPlay);
        assert_eq!(game.turn(), Seat(0));
        assert!(matches!(game.record().last(), Some(Action::Throw { .. })));
        assert!(game.uses_left().iter().any(|&p| game.draw_owed(p)));
        let p = asked(&exercise.prompt);
        assert!(game.uses_left().contains(&p), "{}", exercise.prompt);
        owed_asked[usize::from(game.draw_owed(p))] += 1;
        let Answer::Choice {
            options,
            right,
            notes,
        } = &exercise.answer
        else {
            panic!("a choice");
        };
        assert_eq!(options.len(), 4);
        assert_eq!(notes.len(), 4);
        // Then, asked of the engine, exactly one choice is legal and does not dolt (or, where
        // none is, "Nothing" is right), and it is the right answer
        let legal = game.legal_actions();
        let usable: Vec<&Action> = legal
            .iter()
            .filter(|a| !game.dolts(a))
            .filter(|a| matches!(a, Action::Draw { point } | Action::Lay { point } | Action::Bear { point } if *point == p))
            .collect();
        let mut rights = 0;
        for (i, words) in options.iter().enumerate() {
            assert!(!notes[i].trim().is_empty(), "no note on {words}");
            let engine_right = match action_named(words, p) {
                Some(action) => {
                    let ok = legal.contains(&action) && !game.dolts(&action);
                    if !ok {
                        // A wrong action is refused, or dolts: applied, it loses the game
                        if game.refusal(&action).is_none() {
                            assert!(game.dolts(&action), "{words}");
                            let mut after = game.clone();
                            let events = after.apply(action.clone()).unwrap();
                            assert!(
                                events
                                    .iter()
                                    .any(|e| matches!(e, Event::Dolted { seat: Seat(0), .. })),
                                "{words}: {events:?}"
                            );
                            assert!(notes[i].contains("dolts you"), "{}", notes[i]);
                        } else {
                            assert!(notes[i].contains("not allowed"), "{}", notes[i]);
                        }
                    } else {
                        // The right action, applied, does not lose
                        let mut after = game.clone();
                        let events = after.apply(action.clone()).unwrap();
                        assert!(!events.iter().any(|e| matches!(e, Event::Dolted { .. })));
                    }
                    ok
                }
                None => usable.is_empty(),
            };
            if engine_right {
                rights += 1;
            }
            assert_eq!(engine_right, i == *right, "{}: {words}", exercise.prompt);
            let verdict = exercise.judge(Given::Choice(i));
            assert_eq!(verdict.right, engine_right);
            assert!(verdict.words.contains(&notes[i]));
        }
        assert_eq!(rights, 1, "{}: {options:?}", exercise.prompt);
        // A draw owed is answered by drawing
        if game.draw_owed(p) {
            assert!(options[*right].starts_with("Draw"), "{}", options[*right]);
        }
        *right_kinds
            .entry(options[*right].split(' ').next().unwrap().to_string())
            .or_default() += 1;
        // And the rule is said, with Cotton named, the options in force, in a player's words
        assert!(exercise.why.contains("Cotton"), "{}", exercise.why);
        assert!(
            exercise.why.contains("a draw takes one man"),
            "{}",
            exercise.why
        );
        assert!(exercise.sources.iter().any(|s| s.contains("Cotton")));
        let verdicts: Vec<String> = (0..options.len())
            .map(|i| exercise.judge(Given::Choice(i)).words)
            .collect();
        for text in [vec![exercise.prompt.clone()], options.clone(), verdicts].concat() {
            let found = developer_words(&text);
            assert!(found.is_empty(), "{found:?} in {text}");
            assert!(
                !text.contains("player 1") && !text.contains("Seat"),
                "{text}"
            );
        }
    }
    // Both a number that owes a draw and one that does not are asked, and drawing, laying and
    // bearing are each the answer often
    assert!(owed_asked.iter().all(|&n| n >= 20), "{owed_asked:?}");
    for (kind, least) in [("Draw", 40), ("Lay", 15), ("Bear", 5)] {
        assert!(
            right_kinds.get(kind).copied().unwrap_or(0) >= least,
            "{right_kinds:?}"
        );
    }
}

#[test]
fn the_ketch_dolt_lesson_is_the_same_for_a_seed_and_names_the_adversary_as_asked() {
    let a = Lesson::KetchDolt.exercise(9, "Red");
    assert_eq!(a, Lesson::KetchDolt.exercise(9, "Red"));
    let table = a.pastime.as_ref().unwrap();
    assert_eq!(table.seats, ["You", "Red"]);
    let Answer::Choice { options, notes, .. } = &a.answer else {
        panic!("a choice");
    };
    assert!(options.iter().any(|o| o.contains("Red's")), "{options:?}");
    assert!(!notes.concat().contains("Black"));
    assert_eq!(Lesson::KetchDolt.name(), "ketch_dolt");
    assert!(Lesson::ALL.contains(&Lesson::KetchDolt));
}

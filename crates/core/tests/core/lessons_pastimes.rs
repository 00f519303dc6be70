//! The lessons at the pastimes. At Ketch-Dolt: over many seeds, the table shown is a game of the
//! Ketch-Dolt preset where the learner has just thrown and a number owes a draw; of the choices
//! exactly one is right, and it is the engine's (legal and not dolting); every other is refused
//! or dolts by the engine; each has its note; the rule is said with Cotton named, in a player's
//! words. At Doublets and Sice-Ace: the right answer is what the events of the throw, applied to
//! a copy of the game, say it did, and every other choice at Sice-Ace is what another throw
//! would do, which does otherwise.

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

/// The two faces of "cinque and deuce" or "two treys".
fn dice_named(words: &str) -> Vec<u8> {
    if let Some(face) = words.strip_prefix("two ") {
        let p = point(face.trim_end_matches('s'));
        return vec![p, p];
    }
    let (a, b) = words.split_once(" and ").unwrap();
    vec![point(a), point(b)]
}

/// What a throw did for the first seat at Sice-Ace, read from its events: men borne, men
/// loaded on each seat, whether he throws again.
fn sice_ace_summary(events: &[Event]) -> (u32, Vec<(Seat, u32)>, bool) {
    let mut borne = 0;
    let mut loads: Vec<(Seat, u32)> = Vec::new();
    let mut again = false;
    for e in events {
        match *e {
            Event::Bore { seat: Seat(0), .. } => borne += 1,
            Event::Loaded { from: Seat(0), to } => match loads.iter_mut().find(|l| l.0 == to) {
                Some(l) => l.1 += 1,
                None => loads.push((to, 1)),
            },
            Event::ThrowsAgain { seat: Seat(0) } => again = true,
            _ => {}
        }
    }
    (borne, loads, again)
}

fn men_said(n: u32) -> String {
    if n == 1 {
        "1 man".to_string()
    } else {
        format!("{n} men")
    }
}

#[test]
fn the_doublets_and_sice_ace_lesson_answers_with_the_events_of_the_throw() {
    let mut seen = std::collections::BTreeMap::<String, u32>::new();
    for seed in 0..SEEDS {
        let exercise = Lesson::Pastimes.exercise(seed, "Black");
        assert_eq!(exercise.lesson, Lesson::Pastimes);
        let table = exercise.pastime.as_ref().expect("a pastime's table");
        let game = &table.game;
        // Given the learner (the first seat) to throw
        assert_eq!(game.thrower(), Some(Seat(0)), "{}", exercise.prompt);
        assert_eq!(table.seats.len(), game.seats());
        assert_eq!(table.seats[..2], ["You", "Black"]);
        let Answer::Choice {
            options,
            right,
            notes,
        } = &exercise.answer
        else {
            panic!("a choice");
        };
        assert!(notes.iter().all(|n| !n.trim().is_empty()));
        let said = &options[*right];
        let (_, rest) = exercise.prompt.split_once("you throw ").unwrap();
        let (throw, _) = rest.split_once(". ").unwrap();
        let dice = dice_named(throw);
        // When the throw is applied to a copy of the game
        let mut after = game.clone();
        let events = after.apply(Action::Throw { dice: dice.clone() }).unwrap();
        if exercise.prompt.starts_with("Doublets:") {
            assert_eq!(*game.rules(), Rules::preset(Preset::Doublets));
            assert_eq!(options.len(), 4);
            let asked = point(
                exercise
                    .prompt
                    .rsplit_once("becomes of the ")
                    .unwrap()
                    .1
                    .trim_end_matches('?'),
            );
            assert!(dice.contains(&asked) && dice[0] != dice[1]);
            // Then the right answer is what the events say became of that number
            let wanted = events
                .iter()
                .find_map(|e| match *e {
                    Event::LaidDown {
                        point,
                        by_adversary: false,
                        ..
                    } if point == asked => Some("You lay down"),
                    Event::LaidDown {
                        point,
                        by_adversary: true,
                        ..
                    } if point == asked => Some("Black lays down"),
                    Event::Bore { point: Some(p), .. } if p == asked => Some("You bear"),
                    Event::Lost { point, .. } if point == asked => Some("Nobody uses it"),
                    _ => None,
                })
                .expect("the number is used or lost");
            assert!(said.starts_with(wanted), "{said} for {events:?}");
            *seen.entry(wanted.to_string()).or_default() += 1;
            assert!(exercise.why.contains("Cotton"));
        } else {
            assert!(
                exercise.prompt.starts_with("Sice-Ace:"),
                "{}",
                exercise.prompt
            );
            assert_eq!(*game.rules(), Rules::preset(Preset::SiceAce));
            // Then the right answer tells the men borne, the men loaded and a throw again as
            // the events do
            let (borne, loads, again) = sice_ace_summary(&events);
            if borne > 0 {
                assert!(
                    said.to_lowercase()
                        .contains(&format!("bear {}", men_said(borne))),
                    "{said}"
                );
            }
            for (seat, n) in &loads {
                let on = format!("load {} on {}", men_said(*n), table.seats[seat.index()]);
                assert!(
                    said.to_lowercase().contains(&on.to_lowercase()),
                    "{said}: {on}"
                );
            }
            assert_eq!(said.contains("throw again"), again, "{said}");
            assert_eq!(
                said.starts_with("Nothing"),
                borne == 0 && loads.is_empty() && !again,
                "{said}"
            );
            // And every other choice is what another throw would do, which does otherwise
            for (i, note) in notes.iter().enumerate().filter(|(i, _)| i != right) {
                let other = note
                    .strip_prefix("That is what ")
                    .and_then(|n| n.split_once(" would do"))
                    .map(|(t, _)| dice_named(t))
                    .unwrap_or_else(|| panic!("{note}"));
                let mut elsewhere = game.clone();
                let theirs = elsewhere.apply(Action::Throw { dice: other }).unwrap();
                assert_ne!(
                    sice_ace_summary(&theirs),
                    (borne, loads.clone(), again),
                    "{}",
                    options[i]
                );
            }
            let kind = match (borne > 0, !loads.is_empty(), again) {
                (_, _, true) => "again",
                (true, true, _) => "both",
                (true, false, _) => "bears",
                (false, true, _) => "loads",
                _ => "nothing",
            };
            *seen.entry(kind.to_string()).or_default() += 1;
            assert!(exercise.why.contains("Cotton"));
            // What Cotton does not say (the order of bearing and loading, a player out never
            // loaded) is marked as Gamester's reading, not given to him.
            let reading = exercise.why.find("Gamester's reading");
            let order = exercise.why.find("bear before the aces load");
            assert!(
                reading.is_some() && order.is_some_and(|o| o < reading.unwrap_or(0)),
                "{}",
                exercise.why
            );
        }
        for i in 0..options.len() {
            assert_eq!(exercise.judge(Given::Choice(i)).right, i == *right);
        }
        let verdicts: Vec<String> = (0..options.len())
            .map(|i| exercise.judge(Given::Choice(i)).words)
            .collect();
        for text in [vec![exercise.prompt.clone()], options.clone(), verdicts].concat() {
            let found = developer_words(&text);
            assert!(found.is_empty(), "{found:?} in {text}");
        }
    }
    // Each thing a number may become at Doublets, and each thing a throw does at Sice-Ace
    for (kind, least) in [
        ("You lay down", 5),
        ("Black lays down", 5),
        ("You bear", 5),
        ("Nobody uses it", 2),
        ("again", 5),
        ("bears", 5),
        ("loads", 5),
    ] {
        assert!(
            seen.get(kind).copied().unwrap_or(0) >= least,
            "{kind}: {seen:?}"
        );
    }
}

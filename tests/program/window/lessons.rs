//! Help → Lessons: each kind of exercise answered right and wrong through AccessKit (as a
//! screen reader would), the answer explained with its rule and sources, the record kept in the
//! settings and cleared on request; a lesson answered by keys alone; and the points' names kept
//! from the board and from the screen reader while they are the question.

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};

use gamester::ui::{GamesterApp, Settings};
use gamester_core::teaching::lessons::{Answer, Exercise, Given, Lesson, Progress};
use gamester_core::teaching::points::PointName;

use super::access::quick;
use super::support::harness;

/// Presses the button named exactly `label`, as a screen reader would.
fn press(h: &mut Harness<'static, GamesterApp>, label: &str) {
    h.query(By::new().role(Role::Button).label(label))
        .unwrap_or_else(|| panic!("no button {label}"))
        .click_accesskit();
    h.run();
}

/// Opens Help → Lessons from the menu, then `lesson`.
fn open(h: &mut Harness<'static, GamesterApp>, lesson: Lesson) {
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("Lessons…  (Ctrl+L)").click();
    h.run();
    assert!(h.state().in_lessons());
    press(h, lesson.title());
    h.run();
}

fn exercise(h: &Harness<'static, GamesterApp>) -> Exercise {
    h.state()
        .lesson_exercise()
        .expect("an exercise shown")
        .clone()
}

/// The start of a point's node on the lesson's board: by where it lies at the lesson on the
/// points' names, else by its owner's name.
fn point_node(exercise: &Exercise, p: u8) -> String {
    if exercise.lesson == Lesson::Points {
        let (row, n) = if p <= 12 {
            ("Bottom", p)
        } else {
            ("Top", 25 - p)
        };
        format!("{row} row, point {n} from the right:")
    } else {
        let words = PointName::of(p).words("your", "Black's");
        let mut c = words.chars();
        let first = c.next().unwrap().to_uppercase();
        format!("{first}{}:", c.as_str())
    }
}

/// Gives `given` through AccessKit.
fn give(h: &mut Harness<'static, GamesterApp>, exercise: &Exercise, given: Given) {
    match (&exercise.answer, given) {
        (Answer::Choice { options, .. }, Given::Choice(i)) => press(h, &options[i]),
        (Answer::Point { .. }, Given::Point(p)) => {
            let start = point_node(exercise, p);
            let node = h
                .query_all(By::new().role(Role::Button).label_contains(&start))
                .find(|n| {
                    n.accesskit_node()
                        .label()
                        .unwrap_or_default()
                        .starts_with(&start)
                })
                .unwrap_or_else(|| panic!("no node {start}"));
            node.click_accesskit();
            h.run();
        }
        other => panic!("{other:?}"),
    }
    h.run();
}

/// An answer the exercise takes as wrong.
fn wrong(exercise: &Exercise) -> Given {
    match &exercise.answer {
        Answer::Choice { right, .. } => Given::Choice(usize::from(*right == 0)),
        Answer::Point { right, .. } => Given::Point((1..=24).find(|p| !right.contains(p)).unwrap()),
    }
}

/// What the room shows of the verdict: the label that begins "Right." or "Not so.".
fn verdict_shown(h: &Harness<'static, GamesterApp>) -> String {
    let all: Vec<String> = h
        .query_all(By::new())
        .filter_map(|n| {
            let n = n.accesskit_node();
            n.label().or_else(|| n.value())
        })
        .collect();
    all.into_iter()
        .find(|l| l.starts_with("Right.") || l.starts_with("Not so."))
        .unwrap_or_default()
}

fn record(h: &Harness<'static, GamesterApp>, lesson: Lesson) -> Progress {
    h.state().settings().lesson_record(lesson)
}

#[test]
fn every_kind_of_exercise_takes_a_right_and_a_wrong_answer_and_explains_each() {
    for lesson in Lesson::ALL {
        let mut h = harness(7, quick(Settings::default()));
        open(&mut h, lesson);
        // The kinds of exercise of the lesson, by the first word of the question, each wanted
        // answered both ways.
        let mut done: std::collections::BTreeSet<(String, bool)> = Default::default();
        let mut kinds: std::collections::BTreeSet<String> = Default::default();
        let mut expected = Progress::default();
        for k in 0..40 {
            let e = exercise(&h);
            let kind = e.prompt.split(' ').next().unwrap().to_string();
            kinds.insert(kind.clone());
            let right = k % 2 == 1;
            let given = if right { e.right_answer() } else { wrong(&e) };
            give(&mut h, &e, given);
            let shown = verdict_shown(&h);
            let judged = e.judge(given);
            assert_eq!(judged.right, right);
            assert_eq!(
                shown, judged.words,
                "{lesson:?}: the verdict is shown whole"
            );
            assert!(shown.starts_with(if right { "Right." } else { "Not so." }));
            assert!(shown.contains(&e.why) && shown.contains(&e.sources[0]));
            // The screen reader hears it.
            let told = h
                .query_by_role(Role::Status)
                .and_then(|n| n.accesskit_node().label())
                .unwrap_or_default();
            assert!(told.contains(&judged.words), "{told}");
            expected.record(right);
            assert_eq!(record(&h, lesson), expected);
            // A second answer to the same exercise counts for nothing.
            give(&mut h, &e, e.right_answer());
            assert_eq!(record(&h, lesson), expected);
            done.insert((kind, right));
            press(&mut h, "Next exercise");
            assert_eq!(verdict_shown(&h), "", "a new exercise, not yet answered");
            if done.len() == 2 * kinds.len() && k >= 6 {
                break;
            }
        }
        assert_eq!(done.len(), 2 * kinds.len(), "{lesson:?}: {done:?}");
    }
}

#[test]
fn the_record_is_kept_restarted_on_request_and_the_game_waits_behind_the_lessons() {
    let mut h = harness(3, quick(Settings::default()));
    let moves = h.state().session().game().record().len();
    open(&mut h, Lesson::Games);
    let e = exercise(&h);
    give(&mut h, &e, e.right_answer());
    assert_eq!(record(&h, Lesson::Games).right, 1);
    assert!(
        h.query_by_label_contains("1 of 1 right, 1 in a row (best 1)")
            .is_some()
    );
    press(&mut h, "All lessons");
    assert!(h.state().lesson_exercise().is_none());
    press(&mut h, "Restart how the games differ");
    assert_eq!(record(&h, Lesson::Games), Progress::default());
    press(&mut h, "Back to the game");
    assert!(!h.state().in_lessons());
    assert_eq!(h.state().session().game().record().len(), moves);
}

/// The label of the node with the keyboard's focus.
fn focused(h: &Harness<'static, GamesterApp>) -> String {
    h.query(By::new().predicate(|n| n.is_focused()))
        .and_then(|n| n.accesskit_node().label())
        .unwrap_or_default()
}

fn key(h: &mut Harness<'static, GamesterApp>, k: Key) {
    h.key_press(k);
    h.run();
}

#[test]
fn a_lesson_on_the_board_and_one_of_choices_are_answered_by_keys_alone() {
    let mut h = harness(11, quick(Settings::default()));
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::L);
    h.run();
    assert!(h.state().in_lessons());
    // The keys begin at the first lesson; Tab goes on to the lesson wanted, Enter begins it.
    h.run();
    assert_eq!(focused(&h), Lesson::Points.title());
    for _ in 0..30 {
        if focused(&h) == Lesson::BearingOff.title() {
            break;
        }
        key(&mut h, Key::Tab);
    }
    assert_eq!(
        focused(&h),
        Lesson::BearingOff.title(),
        "{:?}",
        h.query_all(By::new().role(Role::Button))
            .filter_map(|n| n.accesskit_node().label())
            .collect::<Vec<_>>()
    );
    key(&mut h, Key::Enter);
    for round in 0..3 {
        let e = exercise(&h);
        let Given::Point(p) = e.right_answer() else {
            panic!("bearing off is answered on the board");
        };
        let wanted = point_node(&e, p);
        // Down walks the points where your men stand (the men to bear off); Enter answers.
        for _ in 0..30 {
            key(&mut h, Key::ArrowDown);
            assert!(focused(&h).contains("of your men"), "{}", focused(&h));
            if focused(&h).starts_with(&wanted) {
                break;
            }
        }
        assert!(focused(&h).starts_with(&wanted), "{}", focused(&h));
        key(&mut h, Key::Enter);
        assert!(
            verdict_shown(&h).starts_with("Right."),
            "{}",
            verdict_shown(&h)
        );
        assert_eq!(record(&h, Lesson::BearingOff).streak, round + 1);
        // The focus is on the next exercise: Enter draws it.
        assert_eq!(focused(&h), "Next exercise");
        key(&mut h, Key::Enter);
        assert_eq!(verdict_shown(&h), "");
        // Escape on the board takes the focus off it, and leaves the lessons open.
        key(&mut h, Key::ArrowDown);
        assert!(focused(&h).contains("point"));
        key(&mut h, Key::Escape);
        assert!(h.state().in_lessons(), "Escape leaves the board first");
    }
    // A lesson of choices: Tab to the right one, Enter.
    key(&mut h, Key::Escape);
    assert!(!h.state().in_lessons(), "Escape goes back to the game");
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::L);
    h.run();
    for _ in 0..30 {
        if focused(&h) == Lesson::Games.title() {
            break;
        }
        key(&mut h, Key::Tab);
    }
    key(&mut h, Key::Enter);
    let e = exercise(&h);
    let Answer::Choice { options, right, .. } = &e.answer else {
        panic!("a choice");
    };
    // The keys begin at the first choice.
    h.run();
    assert_eq!(focused(&h), options[0]);
    for _ in 0..30 {
        if focused(&h) == options[*right] {
            break;
        }
        key(&mut h, Key::Tab);
    }
    key(&mut h, Key::Enter);
    assert!(verdict_shown(&h).starts_with("Right."));
}

#[test]
fn the_points_names_are_hidden_from_the_board_and_the_screen_reader_while_they_are_asked() {
    let mut h = harness(5, quick(Settings::default()));
    open(&mut h, Lesson::Points);
    let labels: Vec<String> = h
        .query_all(By::new().role(Role::Button))
        .filter_map(|n| n.accesskit_node().label())
        .filter(|l| l.contains("row, point"))
        .collect();
    assert_eq!(labels.len(), 24);
    for word in ["ace", "deuce", "trey", "cater", "cinque", "sice", "point:"] {
        assert!(
            labels.iter().all(|l| !l.contains(word)),
            "{word} in {labels:?}"
        );
    }
    // At another lesson the points are named by their owners.
    press(&mut h, "All lessons");
    press(&mut h, Lesson::BearingOff.title());
    assert!(h.query_by_label_contains("Your cinque point:").is_some());
}

#[test]
fn the_tick_tack_lesson_names_the_points_from_where_the_men_start_and_takes_its_answers() {
    use gamester_core::teaching::points::{Naming, PointName};
    // Given the lesson on the hit and the why-not, opened from the menu
    let mut h = harness(13, quick(Settings::default()));
    open(&mut h, Lesson::TickTack);
    for round in 0..4 {
        let e = exercise(&h);
        assert!(e.prompt.starts_with("Tick-tack:"), "{}", e.prompt);
        let board = e.board.as_ref().expect("a board");
        assert_eq!(board.naming, Naming::Outward);
        // Then the screen reader hears each point as Tick-tack names it, with its men: the
        // point the learner's men start from (his 24) is his ace point, the point across
        // from it Black's ace point
        let labels: Vec<String> = h
            .query_all(By::new().role(Role::Button))
            .filter_map(|n| n.accesskit_node().label())
            .collect();
        for p in 1..=24u8 {
            let name = PointName::named(p, Naming::Outward).words("your", "Black's");
            let men = match board.position.at(usize::from(p)) {
                0 => "empty".to_string(),
                n if n > 0 => format!("{n} of your men"),
                n => format!("{} of Black's men", n.unsigned_abs()),
            };
            let mut c = name.chars();
            let wanted = format!("{}{}: {men}", c.next().unwrap().to_uppercase(), c.as_str());
            assert!(labels.contains(&wanted), "no {wanted} in {labels:?}");
        }
        // When the learner answers, right in one round and wrong in the next
        let right = round % 2 == 0;
        let given = if right { e.right_answer() } else { wrong(&e) };
        give(&mut h, &e, given);
        // Then the verdict is the exercise's, in its words
        let shown = verdict_shown(&h);
        assert_eq!(shown, e.judge(given).words);
        assert!(shown.starts_with(if right { "Right." } else { "Not so." }));
        assert_eq!(record(&h, Lesson::TickTack).tried, round + 1);
        press(&mut h, "Next exercise");
    }
}

/// "1 man", "9 men", "no man", as the table's words count them.
fn men_words(n: u8) -> String {
    match n {
        0 => "no man".to_string(),
        1 => "1 man".to_string(),
        n => format!("{n} men"),
    }
}

#[test]
fn the_ketch_dolt_lesson_shows_its_table_to_the_screen_reader_and_is_answered_by_keys() {
    use gamester_rules::pastimes::Seat;
    const FACES: [&str; 6] = ["ace", "deuce", "trey", "cater", "cinque", "sice"];
    // Given the lessons opened by their key, and the lesson at Ketch-Dolt reached by Tab and
    // begun by Enter
    let mut h = harness(17, quick(Settings::default()));
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::L);
    h.run();
    h.run();
    for _ in 0..40 {
        if focused(&h) == Lesson::KetchDolt.title() {
            break;
        }
        key(&mut h, Key::Tab);
    }
    assert_eq!(focused(&h), Lesson::KetchDolt.title());
    key(&mut h, Key::Enter);
    for round in 0..4u32 {
        let e = exercise(&h);
        assert!(e.prompt.starts_with("Ketch-Dolt:"), "{}", e.prompt);
        let table = e.pastime.as_ref().expect("a pastime's table");
        // Then the table is a picture the screen reader reads whole: each side's heap, the men
        // on each point, and the dice thrown, the adversary by the colour of his men
        let label = h
            .query(By::new().role(Role::Image).label_contains("The table:"))
            .and_then(|n| n.accesskit_node().label())
            .expect("the table's words");
        let (you, black) = (
            table.game.men(Seat(0)).unwrap(),
            table.game.men(Seat(1)).unwrap(),
        );
        assert!(
            label.contains(&format!("Your heap: {}", men_words(you.heap))),
            "{label}"
        );
        assert!(
            label.contains(&format!("Black's heap: {}", men_words(black.heap))),
            "{label}"
        );
        for (i, face) in FACES.iter().enumerate() {
            for (whose, men) in [("your", you), ("Black's", black)] {
                if men.laid[i] > 0 {
                    let said = format!("{whose} {face} point: {}", men_words(men.laid[i]));
                    assert!(label.contains(&said), "no {said} in {label}");
                }
            }
        }
        let dice: Vec<&str> = table
            .game
            .last_throw()
            .iter()
            .map(|&d| FACES[usize::from(d) - 1])
            .collect();
        assert!(
            label.contains(&format!("the dice: {}", dice.join(" and "))),
            "{label}"
        );
        assert!(!label.contains("Player"), "{label}");
        // When the learner goes from the first choice, which has the keys, to the right one
        // (or, every other round, a wrong one) by Tab and presses Enter
        let Answer::Choice { options, right, .. } = &e.answer else {
            panic!("a choice");
        };
        h.run();
        assert_eq!(focused(&h), options[0]);
        let want_right = round % 2 == 0;
        let given = if want_right {
            *right
        } else {
            usize::from(*right == 0)
        };
        for _ in 0..10 {
            if focused(&h) == options[given] {
                break;
            }
            key(&mut h, Key::Tab);
        }
        assert_eq!(focused(&h), options[given]);
        key(&mut h, Key::Enter);
        // Then the verdict is the exercise's, right or not as the engine judges it
        let shown = verdict_shown(&h);
        assert_eq!(shown, e.judge(Given::Choice(given)).words);
        assert!(shown.starts_with(if want_right { "Right." } else { "Not so." }));
        assert!(shown.contains("Cotton"));
        assert_eq!(record(&h, Lesson::KetchDolt).tried, round + 1);
        assert_eq!(focused(&h), "Next exercise");
        key(&mut h, Key::Enter);
        assert_eq!(verdict_shown(&h), "");
    }
}

#[test]
fn the_doublets_and_sice_ace_lesson_shows_each_table_in_words() {
    use gamester_rules::pastimes::{Kind, Seat};
    // Given the lesson at Doublets and Sice-Ace
    let mut h = harness(19, quick(Settings::default()));
    open(&mut h, Lesson::Pastimes);
    let mut kinds = std::collections::BTreeSet::new();
    for _ in 0..8 {
        let e = exercise(&h);
        let table = e.pastime.as_ref().expect("a pastime's table");
        let label = h
            .query(By::new().role(Role::Image).label_contains("The table:"))
            .and_then(|n| n.accesskit_node().label())
            .expect("the table's words");
        // Then the screen reader hears the men of each seat as the game has them
        let you = table.game.men(Seat(0)).unwrap();
        match table.game.rules().kind {
            Kind::SiceAce => {
                assert!(
                    label.contains(&format!("You: {} held", men_words(you.heap))),
                    "{label}"
                );
                for name in &table.seats[1..] {
                    assert!(label.contains(&format!("{name}: ")), "{name} in {label}");
                }
            }
            Kind::Doublets => {
                let standing = you.standing.iter().position(|&n| n > 0);
                if let Some(i) = standing {
                    let face = ["ace", "deuce", "trey", "cater", "cinque", "sice"][i];
                    assert!(
                        label.contains(&format!(" {face} point: ")) && label.contains("standing"),
                        "{label}"
                    );
                }
                assert!(label.contains("Black's"), "{label}");
            }
            Kind::KetchDolt => panic!("not this lesson's"),
        }
        kinds.insert(format!("{:?}", table.game.rules().kind));
        // And an answer is taken and judged as the exercise judges it
        let given = e.right_answer();
        give(&mut h, &e, given);
        assert_eq!(verdict_shown(&h), e.judge(given).words);
        press(&mut h, "Next exercise");
    }
    assert_eq!(kinds.len(), 2, "{kinds:?}");
}

//! Diagrams of positions: the SVG is read back as XML and must hold what the position holds,
//! each man a circle, each point named in the words asked for, the dice and the caption as
//! text.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proptest::prelude::*;
use quick_xml::Reader;
use quick_xml::events::Event;

use gamester_core::teaching::diagram::{Diagram, Labels};
use gamester_rules::tables::{Game, Position, Preset, Rules, Side, position_id};

/// What an SVG holds, read as XML: each element's class, every text, the texts of the points'
/// labels alone, and the dice's faces.
struct Read {
    classes: Vec<String>,
    texts: Vec<String>,
    labels: Vec<String>,
    faces: Vec<u8>,
}

fn read(svg: &str) -> Read {
    let mut reader = Reader::from_str(svg);
    let mut out = Read {
        classes: Vec::new(),
        texts: Vec::new(),
        labels: Vec::new(),
        faces: Vec::new(),
    };
    // The class of each element open, innermost last, and the text read in the innermost.
    let mut open: Vec<String> = Vec::new();
    let mut buffer = String::new();
    loop {
        let event = reader.read_event().expect("the SVG is well-formed XML");
        let (element, starts) = match &event {
            Event::Start(e) => (Some(e.clone()), true),
            Event::Empty(e) => (Some(e.clone()), false),
            _ => (None, false),
        };
        if let Some(e) = element {
            let mut class = String::new();
            for a in e.attributes() {
                let a = a.unwrap();
                let value = a
                    .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                    .unwrap()
                    .to_string();
                match a.key.as_ref() {
                    b"class" => class = value,
                    b"data-face" => out.faces.push(value.parse().unwrap()),
                    _ => {}
                }
            }
            if !class.is_empty() {
                out.classes.push(class.clone());
            }
            if starts {
                open.push(class);
                buffer.clear();
            }
        }
        match event {
            Event::End(_) => {
                // The element's text, its entities read back, as one.
                let text = std::mem::take(&mut buffer);
                if !text.trim().is_empty() {
                    if open.last().is_some_and(|c| c == "label") {
                        out.labels.push(text.clone());
                    }
                    out.texts.push(text);
                }
                open.pop();
            }
            Event::Text(t) => buffer.push_str(&t.decode().unwrap()),
            Event::GeneralRef(r) => buffer.push_str(match r.decode().unwrap().as_ref() {
                "amp" => "&",
                "lt" => "<",
                "gt" => ">",
                "quot" => "\"",
                "apos" => "'",
                other => panic!("an entity SVG does not know: {other}"),
            }),
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

fn drawn(position: Position, labels: Labels, dice: Vec<u8>, caption: Option<&str>) -> Read {
    let d = Diagram {
        position,
        dice,
        labels,
        caption: caption.map(str::to_string),
        sides: ["White".into(), "Black".into()],
    };
    read(&d.svg())
}

#[test]
fn the_opening_array_of_irish_is_drawn_with_the_period_names() {
    let pos = Game::new(Rules::preset(Preset::Irish))
        .unwrap()
        .position_for(Side::White);
    let r = drawn(pos, Labels::Period, vec![3, 1], Some("Irish & <its> array"));
    // Each point is a spike, named on the board as its owner counts it: both home tables'
    // ace … sice, both outer tables' 7 … 12, each name twice (once a side)
    assert_eq!(r.classes.iter().filter(|c| *c == "point").count(), 24);
    assert_eq!(r.labels.len(), 24);
    for name in ["ace", "deuce", "trey", "cater", "cinque", "sice", "7", "12"] {
        assert_eq!(r.labels.iter().filter(|t| *t == name).count(), 2, "{name}");
    }
    assert!(!r.labels.iter().any(|t| t == "24"), "no numbers past 12");
    // Fifteen men a side, drawn (no more than five to a point, so none counted here)
    assert_eq!(r.classes.iter().filter(|c| *c == "man bottom").count(), 15);
    assert_eq!(r.classes.iter().filter(|c| *c == "man top").count(), 15);
    // The dice and the caption, as text (the caption escaped, read back whole)
    assert_eq!(r.faces, vec![3, 1]);
    assert!(r.texts.iter().any(|t| t == "trey"));
    assert!(r.texts.iter().any(|t| t == "Irish & <its> array"));
}

#[test]
fn a_long_caption_is_broken_between_words_into_lines_that_fit_and_the_picture_grows() {
    let pos = Position::mirrored(&[(6, 5), (8, 3), (13, 5), (24, 2)]).unwrap();
    let caption = "Before Black's play of sice and cater on turn 1: Black played 13/7 6/2, \
                   the best was 24/14, losing 0.149 of a stake (bad), as the analysis judges";
    let d = Diagram {
        position: pos,
        dice: Vec::new(),
        labels: Labels::Period,
        caption: Some(caption.to_string()),
        sides: ["White".into(), "Black".into()],
    };
    let svg = d.svg();
    let r = read(&svg);
    // The caption's lines: each short enough to fit, together the caption word for word
    let lines: Vec<&String> = r
        .texts
        .iter()
        // (after the title, which holds it whole, and the side's line)
        .skip_while(|t| !t.ends_with("plays from the bottom"))
        .skip(1)
        .collect();
    assert!(lines.len() >= 2, "{lines:?}");
    assert!(lines.iter().all(|l| l.chars().count() <= 70), "{lines:?}");
    let joined: Vec<&str> = lines.iter().flat_map(|l| l.split(' ')).collect();
    assert_eq!(joined, caption.split_whitespace().collect::<Vec<_>>());
    // And the picture is tall enough for all of them
    let height: f32 = svg
        .split("height=\"")
        .nth(1)
        .and_then(|h| h.split('"').next())
        .unwrap()
        .parse()
        .unwrap();
    let last_y: f32 = svg
        .rsplit("class=\"caption\" x=\"400\" y=\"")
        .next()
        .and_then(|y| y.split('"').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(last_y < height && height > 580.0, "{last_y} in {height}");
}

#[test]
fn numbers_run_one_to_twenty_four_from_the_bottom_sides_ace() {
    let pos = Position::mirrored(&[(6, 5), (8, 3), (13, 5), (24, 2)]).unwrap();
    let r = drawn(pos, Labels::Numbers, Vec::new(), None);
    for n in 1..=24 {
        assert_eq!(
            r.labels.iter().filter(|t| **t == n.to_string()).count(),
            1,
            "{n}"
        );
    }
    assert!(!r.labels.iter().any(|t| t == "cinque"));
    assert!(r.classes.iter().all(|c| c != "die" && c != "caption"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any position is drawn with as many circles as men on the points (at most five a point,
    /// the rest counted), its bar and its trays said in words.
    #[test]
    fn every_position_is_drawn_as_it_stands(seed in 0u64..u64::MAX) {
        let pos = random_position(seed);
        let r = drawn(pos, Labels::Period, Vec::new(), None);
        let pips = pos.pips();
        let shown: usize = (1..=24).map(|p| usize::from(pips[p].unsigned_abs().min(5))).sum();
        let on_bar = usize::from(pos.bar() > 0) + usize::from(pos.adversary_bar() > 0);
        let men = r.classes.iter().filter(|c| c.starts_with("man")).count();
        prop_assert_eq!(men, shown + on_bar);
        let stacks = (1..=24).filter(|&p| pips[p].unsigned_abs() > 5).count();
        prop_assert_eq!(r.classes.iter().filter(|c| *c == "count").count(), stacks);
        if pos.off() > 0 {
            let said = format!("White: {} borne off", pos.off());
            prop_assert!(r.texts.contains(&said));
        }
        if pos.bar() > 0 {
            let said = format!("{} on the bar", pos.bar());
            prop_assert!(r.texts.contains(&said));
        }
    }
}

/// A legal position from a seed: a game played on at random.
fn random_position(seed: u64) -> Position {
    use gamester_core::ai::decide::Decision;
    use gamester_core::ai::random::random_decision;
    use rand::SeedableRng as _;
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut game = Game::new(Rules::preset(Preset::Modern)).unwrap();
    let mut dice = gamester_rules::tables::FairDice::seeded(seed);
    let steps = seed % 120;
    for _ in 0..steps {
        if game.is_over() {
            break;
        }
        match random_decision(&game, &mut rng) {
            Some(Decision::Play(p)) => {
                game.apply_play(&p).unwrap();
            }
            Some(Decision::Action(a)) => {
                game.apply(a).unwrap();
            }
            None => {
                game.throw_with(&mut dice).unwrap();
            }
        }
    }
    let pos = game.position_for(Side::White);
    // (Read back through the Position ID as a diagram of an ID would be.)
    position_id::decode(&position_id::encode(&pos)).unwrap_or(pos)
}

#[test]
fn the_rules_page_holds_every_section_of_the_rules_with_its_sources_and_the_array() {
    use gamester_core::teaching::handout::rules_page;
    use gamester_core::teaching::rules_text::{explain, title};
    for preset in Preset::ALL {
        let rules = Rules::preset(preset);
        let page = rules_page(&rules);
        assert!(page.starts_with("<!DOCTYPE html>"), "{preset:?}");
        assert!(page.contains("@page"), "it is laid out for paper");
        let escape = |t: &str| {
            t.replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
        };
        assert!(page.contains(&format!("<h1>{}</h1>", escape(&title(&rules)))));
        // Each section of the rules window, in order, with its sources
        let mut from = 0;
        for section in explain(&rules) {
            let heading = format!("<h2>{}</h2>", escape(&section.title));
            let at = page[from..]
                .find(&heading)
                .unwrap_or_else(|| panic!("{preset:?}: {heading} in order"));
            from += at + heading.len();
            for source in &section.sources {
                assert!(page.contains(&escape(source)), "{preset:?}: {source}");
            }
        }
        // The array drawn once, as SVG inside the page, read back as XML
        assert_eq!(page.matches("<svg ").count(), 1);
        let svg = &page[page.find("<svg ").unwrap()..page.find("</svg>").unwrap() + 6];
        let array = Game::new(rules.clone()).unwrap().position_for(Side::White);
        let drawn: usize = (1..=24)
            .map(|p| usize::from(array.pips()[p].unsigned_abs().min(5)))
            .sum();
        let men = read(svg)
            .classes
            .iter()
            .filter(|c| c.starts_with("man"))
            .count();
        assert_eq!(men, drawn, "{preset:?}");
    }
}

#[test]
fn a_score_sheet_tells_every_line_of_the_story_and_draws_the_plays_asked_for() {
    use gamester_core::players::Seats;
    use gamester_core::save::{SaveFile, from_str, to_string};
    use gamester_core::session::score_sheet::score_sheet;
    // A whole game of Irish between random players, saved and read back
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(12);
    let mut game = Game::new(Rules::preset(Preset::Irish)).unwrap();
    let mut dice = gamester_rules::tables::FairDice::seeded(12);
    while !game.is_over() {
        match gamester_core::ai::random::random_decision(&game, &mut rng) {
            Some(gamester_core::ai::decide::Decision::Play(p)) => {
                game.apply_play(&p).unwrap();
            }
            Some(gamester_core::ai::decide::Decision::Action(a)) => {
                game.apply(a).unwrap();
            }
            None => {
                game.throw_with(&mut dice).unwrap();
            }
        }
    }
    let seats = Seats::two_people();
    let text = to_string(&SaveFile::from_game(&game, &seats)).unwrap();
    let loaded = from_str(&text).unwrap();
    let page = score_sheet(
        &loaded.replay,
        &loaded.table,
        None,
        "1 May 1674",
        &[3, 10],
        &[],
    )
    .unwrap();
    // Every line of the story is a row, the plays numbered in turn
    let session = gamester_core::session::Session::from_record(
        loaded.replay.rules().clone(),
        loaded.replay.tally_before(),
        loaded.replay.record(),
        seats,
        Box::new(gamester_rules::tables::FairDice::seeded(0)),
    )
    .unwrap();
    let escape = |t: &str| {
        t.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    for entry in session.log() {
        assert!(page.contains(&escape(&entry.words)), "{}", entry.words);
    }
    let plays = session
        .log()
        .iter()
        .filter(|e| e.notation.is_some())
        .count();
    assert!(page.contains(&format!("<td class=\"n\">{plays}</td>")));
    assert!(!page.contains(&format!("<td class=\"n\">{}</td>", plays + 1)));
    // Diagrams after plays 3 and 10, and of the end
    assert_eq!(page.matches("<svg ").count(), 3);
    assert!(page.contains("After play 3 (") && page.contains("After play 10 ("));
    assert!(page.contains("at the end of the record"));
}

/// A whole game under `rules` between random players, from `seed`.
fn random_game(rules: Rules, seed: u64) -> Game {
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(seed);
    let mut game = Game::new(rules).unwrap();
    let mut dice = gamester_rules::tables::FairDice::seeded(seed);
    while !game.is_over() {
        match gamester_core::ai::random::random_decision(&game, &mut rng) {
            Some(gamester_core::ai::decide::Decision::Play(p)) => {
                game.apply_play(&p).unwrap();
            }
            Some(gamester_core::ai::decide::Decision::Action(a)) => {
                game.apply(a).unwrap();
            }
            None => {
                game.throw_with(&mut dice).unwrap();
            }
        }
    }
    game
}

/// What a reader of a page sees: its text, without the style sheet or the markup.
fn read_as_text(page: &str) -> String {
    let page = match (page.find("<style>"), page.find("</style>")) {
        (Some(a), Some(b)) => format!("{}{}", &page[..a], &page[b..]),
        _ => page.to_string(),
    };
    let mut text = String::new();
    let mut in_tag = false;
    for c in page.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&amp;", "&").replace("&quot;", "\"")
}

#[test]
fn no_page_to_print_shows_a_developers_words() {
    use gamester_core::players::Seats;
    use gamester_core::save::GameRecord;
    use gamester_core::session::score_sheet::score_sheet;
    use gamester_core::teaching::handout::rules_page;
    use gamester_core::teaching::plain::developer_words;
    use gamester_rules::tables::options::OPTIONS;
    // Given every preset, and each value of each option set on Irish
    let mut every = Vec::new();
    for preset in Preset::ALL {
        every.push(Rules::preset(preset));
        for option in OPTIONS {
            for value in option.values.iter().filter(|v| v.parameter.is_none()) {
                let mut rules = Rules::preset(preset);
                option.set(&mut rules, value.name).unwrap();
                every.push(rules);
            }
        }
    }
    for (i, rules) in every.iter().enumerate() {
        // When the rules are printed, and (for some) a whole game's score sheet
        let mut pages = vec![rules_page(rules)];
        if i % 7 == 0 {
            let game = random_game(rules.clone(), i as u64);
            let record = GameRecord::of_game(&game).unwrap();
            pages.push(
                score_sheet(&record, &Seats::two_people(), None, "1 May 1674", &[2], &[]).unwrap(),
            );
        }
        // Then no page names a file, an identifier, a setting or a source by its number
        for page in pages {
            let said = developer_words(&read_as_text(&page));
            assert!(said.is_empty(), "{:?}: {said:?}", rules.values());
        }
    }
}

#[test]
fn a_score_sheet_is_ready_for_a_class() {
    use gamester_core::players::Seats;
    use gamester_core::save::GameRecord;
    use gamester_core::session::score_sheet::score_sheet;
    // Given a finished game of Modern backgammon with the cube, set up from a position
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.set("layout", "custom:4HPwATDgc/ABMA").unwrap();
    let game = random_game(rules.clone(), 5);
    let record = GameRecord::of_game(&game).unwrap();
    // When its score sheet is printed
    let page = score_sheet(&record, &Seats::two_people(), None, "1 May 1674", &[], &[]).unwrap();
    let text = read_as_text(&page);
    // Then it is titled by its game, not "House rules", and says the players and the date
    assert!(
        page.contains(
            "<h1>Modern backgammon (reference), array of the men: a position of your own, \
             with the doubling cube</h1>"
        ),
        "{page}"
    );
    assert!(!text.contains("House rules"), "{text}");
    assert!(
        text.contains("1 May 1674") && text.contains("White: "),
        "{text}"
    );
    // And the rules in force in words, one a line
    assert!(text.contains("The doubling cube: yes"), "{text}");
    assert!(
        text.contains("Bearing off: exact, or higher from the highest point"),
        "{text}"
    );
    // And the position it was set up from, drawn and by its Position ID
    assert!(text.contains("The position it was set up from"), "{text}");
    assert!(text.contains("4HPwATDgc/ABMA"), "{text}");
    assert!(text.contains("The men as the game began"), "{text}");
    // And the result, as the story says it
    let session = gamester_core::session::Session::from_record(
        rules,
        Default::default(),
        game.record(),
        Seats::two_people(),
        Box::new(gamester_rules::tables::FairDice::seeded(0)),
    )
    .unwrap();
    let ending = &session.log().last().unwrap().words;
    let result = text.find("The result").expect("a result");
    assert!(text[result..].contains(ending.as_str()), "{ending}");
}

/// The boxes an SVG draws, by class: (class, left, top, right, bottom). A point's box is its
/// spike's; a man's, his circle's; a text's, generously as wide as its letters at 0.6 of its
/// size each and from its size above the baseline to a third below.
fn boxes(svg: &str) -> Vec<(String, f32, f32, f32, f32)> {
    let mut reader = Reader::from_str(svg);
    let mut out = Vec::new();
    let mut text_at: Option<(String, f32, f32, f32)> = None;
    loop {
        let event = reader.read_event().unwrap();
        match &event {
            Event::Start(e) | Event::Empty(e) => {
                let mut a: std::collections::HashMap<String, String> = Default::default();
                for at in e.attributes() {
                    let at = at.unwrap();
                    a.insert(
                        String::from_utf8(at.key.as_ref().to_vec()).unwrap(),
                        at.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                            .unwrap()
                            .to_string(),
                    );
                }
                let f = |k: &str| a.get(k).and_then(|v| v.parse::<f32>().ok()).unwrap_or(0.0);
                let class = a.get("class").cloned().unwrap_or_default();
                match e.name().as_ref() {
                    b"polygon" => {
                        let xy: Vec<(f32, f32)> = a["points"]
                            .split_whitespace()
                            .map(|p| {
                                let (x, y) = p.split_once(',').unwrap();
                                (x.parse().unwrap(), y.parse().unwrap())
                            })
                            .collect();
                        let (xs, ys): (Vec<f32>, Vec<f32>) = xy.into_iter().unzip();
                        let min = |v: &[f32]| v.iter().copied().fold(f32::MAX, f32::min);
                        let max = |v: &[f32]| v.iter().copied().fold(f32::MIN, f32::max);
                        out.push((class, min(&xs), min(&ys), max(&xs), max(&ys)));
                    }
                    b"circle" => {
                        let (x, y, r) = (f("cx"), f("cy"), f("r"));
                        out.push((class, x - r, y - r, x + r, y + r));
                    }
                    b"text" => text_at = Some((class, f("x"), f("y"), f("font-size"))),
                    _ => {}
                }
            }
            Event::Text(t) => {
                if let Some((class, x, y, size)) = text_at.take() {
                    let width = t.decode().unwrap().chars().count() as f32 * size * 0.6;
                    out.push((class, x, y - size, x + width, y + size / 3.0));
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

#[test]
fn the_men_on_the_bar_are_counted_clear_of_every_point_and_man() {
    // Given men of both sides on the bar, and full points beside the bar on both sides
    let pos: Position = "bar:2 6:5 7:4 off:4 / bar:3 6:5 7:4 off:3".parse().unwrap();
    let svg = Diagram {
        position: pos,
        dice: Vec::new(),
        labels: Labels::Period,
        caption: None,
        sides: ["White".into(), "Black".into()],
    }
    .svg();
    let drawn = boxes(&svg);
    let counts: Vec<_> = drawn.iter().filter(|b| b.0 == "bar-count").collect();
    assert_eq!(counts.len(), 2, "{svg}");
    // Then neither count's words lie over a point's spike or a man
    let overlaps = |a: &(String, f32, f32, f32, f32), b: &(String, f32, f32, f32, f32)| {
        a.1 < b.3 && b.1 < a.3 && a.2 < b.4 && b.2 < a.4
    };
    for count in counts {
        for other in drawn
            .iter()
            .filter(|b| b.0 == "point" || b.0.starts_with("man"))
        {
            assert!(!overlaps(count, other), "{count:?} over {other:?}");
        }
    }
}

#[test]
fn a_score_sheet_of_a_game_left_by_a_side_gives_its_loss_as_the_result() {
    use gamester_core::abandonment::Abandonment;
    use gamester_core::players::Seats;
    use gamester_core::save::from_str;
    use gamester_core::session::score_sheet::score_sheet;
    // Given a game of Irish under way, left by Black, who did not come back
    let loaded = from_str(include_str!("../../../../tests/data/irish_short.ron")).unwrap();
    let left = Abandonment {
        seats: vec![1],
        reason: "abandoned by Black, who did not come back".into(),
        when: None,
        last_signed: None,
        moves: loaded.replay.len(),
    };
    // When its score sheet is printed
    let page = score_sheet(
        &loaded.replay,
        &Seats::two_people(),
        Some(&left),
        "1 May 1674",
        &[],
        &[],
    )
    .unwrap();
    // Then its result says who left, what it cost and the score, not that it was unfinished
    let result = &page[page.find("<h2>The result</h2>").unwrap()..];
    assert!(
        result.contains(
            "The game was ended: abandoned by Black, who did not come back. Black loses a single \
             game, 1 stake. Session: White 1, Black 0"
        ),
        "{result}"
    );
    assert!(!result.contains("not finished"), "{result}");
}

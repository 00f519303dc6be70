//! Diagrams of a pastime's table: the SVG is read back as XML and must hold what the game holds,
//! seat by seat and point by point, in games played at random to any point; every seat named,
//! the dice of the last throw, the caption, and no developer's word.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proptest::prelude::*;
use quick_xml::Reader;
use quick_xml::events::Event;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use gamester_core::teaching::pastime_diagram::{PastimeDiagram, state_words};
use gamester_core::teaching::plain::developer_words;
use gamester_rules::pastimes::{Game, Kind, Preset, Rules, Seat};

/// One element of the SVG that has a class: the class, the `data-seat` and `data-point` of the
/// group it lies in (or its own), and its text.
#[derive(Debug)]
struct Drawn {
    class: String,
    seat: Option<usize>,
    point: Option<u8>,
    text: String,
}

/// Every element with a class, in order, and the dice's faces; panics unless the SVG is
/// well-formed XML.
fn read(svg: &str) -> (Vec<Drawn>, Vec<u8>) {
    let mut reader = Reader::from_str(svg);
    let mut out: Vec<Drawn> = Vec::new();
    let mut faces = Vec::new();
    // For each element open: its index in `out` (if it has a class), its seat and point.
    let mut open: Vec<(Option<usize>, Option<usize>, Option<u8>)> = Vec::new();
    loop {
        let event = reader.read_event().expect("the SVG is well-formed XML");
        let (element, starts) = match &event {
            Event::Start(e) => (Some(e.clone()), true),
            Event::Empty(e) => (Some(e.clone()), false),
            _ => (None, false),
        };
        if let Some(e) = element {
            let (mut seat, mut point) = open.last().map_or((None, None), |o| (o.1, o.2));
            let mut class = String::new();
            for a in e.attributes() {
                let a = a.unwrap();
                let value = a
                    .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                    .unwrap()
                    .to_string();
                match a.key.as_ref() {
                    b"class" => class = value,
                    b"data-seat" => seat = Some(value.parse().unwrap()),
                    b"data-point" => point = Some(value.parse().unwrap()),
                    b"data-face" => faces.push(value.parse().unwrap()),
                    _ => {}
                }
            }
            let index = (!class.is_empty()).then(|| {
                out.push(Drawn {
                    class,
                    seat,
                    point,
                    text: String::new(),
                });
                out.len() - 1
            });
            if starts {
                open.push((index, seat, point));
            }
        }
        match event {
            Event::End(_) => {
                open.pop();
            }
            Event::Text(t) => {
                if let Some(&(Some(i), _, _)) = open.last() {
                    out[i].text.push_str(&t.decode().unwrap());
                }
            }
            Event::GeneralRef(r) => {
                if let Some(&(Some(i), _, _)) = open.last() {
                    out[i].text.push_str(match r.decode().unwrap().as_ref() {
                        "amp" => "&",
                        "lt" => "<",
                        "gt" => ">",
                        "quot" => "\"",
                        "apos" => "'",
                        other => panic!("an entity SVG does not know: {other}"),
                    });
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    (out, faces)
}

/// The number a text begins or ends with: "heap: 4" → 4, "3 standing" → 3.
fn number_in(text: &str) -> u32 {
    text.split(|c: char| !c.is_ascii_digit())
        .find(|w| !w.is_empty())
        .unwrap()
        .parse()
        .unwrap()
}

/// What a seat's men read as on the diagram: laid on each point (the men drawn, or their count
/// where more are counted), standing on each point, in the heap or held, borne.
#[derive(Debug, Default, PartialEq)]
struct Counted {
    laid: [u32; 6],
    standing: [u32; 6],
    heap: u32,
    borne: u32,
}

fn counted(drawn: &[Drawn], seat: usize) -> Counted {
    let mut c = Counted::default();
    let mine = drawn.iter().filter(|d| d.seat == Some(seat));
    for d in mine {
        let on = d.point.map(|p| usize::from(p - 1));
        match (d.class.as_str(), on) {
            ("man laid", Some(i)) if c.laid[i] < 5 => c.laid[i] += 1,
            ("count", Some(i)) => c.laid[i] = number_in(&d.text),
            ("standing", Some(i)) => c.standing[i] = number_in(&d.text),
            ("heap-count", None) => c.heap = number_in(&d.text),
            ("borne-count", None) => c.borne = number_in(&d.text),
            ("held", None) => {
                // "3 held, 2 borne" (and ", out")
                let mut numbers = d
                    .text
                    .split(|ch: char| !ch.is_ascii_digit())
                    .filter(|w| !w.is_empty());
                c.heap = numbers.next().unwrap().parse().unwrap();
                c.borne = numbers.next().unwrap().parse().unwrap();
            }
            _ => {}
        }
    }
    c
}

/// What the game holds of a seat's men, as the diagram should show it.
fn held(game: &Game, seat: Seat) -> Counted {
    let m = game.men(seat).unwrap();
    let kind = game.rules().kind;
    Counted {
        laid: if kind == Kind::SiceAce {
            [0; 6]
        } else {
            m.laid.map(u32::from)
        },
        standing: if kind == Kind::Doublets {
            m.standing.map(u32::from)
        } else {
            [0; 6]
        },
        heap: if kind == Kind::Doublets {
            0
        } else {
            u32::from(m.heap)
        },
        borne: u32::from(m.borne),
    }
}

/// A game of `rules` played `steps` actions on at random (chance's and the players'), seeded.
fn played(rules: Rules, seed: u64, steps: usize) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(rules).unwrap();
    for _ in 0..steps {
        let action = match game.chance_action(&mut rng) {
            Some(a) => a,
            None => {
                let legal = game.legal_actions();
                if legal.is_empty() {
                    break;
                }
                legal[rng.random_range(0..legal.len())].clone()
            }
        };
        game.apply(action).unwrap();
    }
    game
}

fn rules_of(kind: u8, seats: u8) -> Rules {
    match kind {
        0 => Rules::preset(Preset::Doublets),
        1 => Rules::preset(Preset::KetchDolt),
        _ => Rules::preset(Preset::SiceAce).with_seats(seats),
    }
}

fn names(game: &Game) -> Vec<String> {
    (0..game.seats())
        .map(|i| format!("Player {}, <named> & {i}", i + 1))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn the_diagram_counts_each_seats_men_as_the_game_holds_them(
        kind in 0u8..3,
        seats in 2u8..=5,
        seed in any::<u64>(),
        steps in 0usize..300,
    ) {
        // Given a pastime played at random to any point
        let game = played(rules_of(kind, seats), seed, steps);
        // When its diagram is drawn
        let names = names(&game);
        let svg = PastimeDiagram {
            game: &game,
            names: names.clone(),
            caption: Some(state_words(&game)),
        }
        .svg();
        // Then it is XML, every seat is named, and each seat's men are there as the game has them
        let (drawn, faces) = read(&svg);
        for (i, name) in names.iter().enumerate() {
            prop_assert!(
                drawn.iter().any(|d| d.class == "name" && d.seat == Some(i) && d.text == *name),
                "seat {i} is not named {name}"
            );
            let seat = Seat(u8::try_from(i).unwrap());
            prop_assert_eq!(counted(&drawn, i), held(&game, seat), "seat {}", i);
        }
        // And the dice are the last throw's, and the caption says what the game waits for
        prop_assert_eq!(faces.as_slice(), game.last_throw());
        prop_assert!(drawn.iter().any(|d| d.class == "caption"));
        // And Sice-Ace says who is out
        if game.rules().kind == Kind::SiceAce {
            for i in 0..game.seats() {
                let seat = Seat(u8::try_from(i).unwrap());
                let text = &drawn
                    .iter()
                    .find(|d| d.class == "held" && d.seat == Some(i))
                    .unwrap()
                    .text;
                prop_assert_eq!(text.ends_with(", out"), !game.is_in(seat));
            }
        }
    }
}

#[test]
fn a_doublets_table_at_its_start_has_every_man_standing_and_no_dice() {
    let game = Game::new(Rules::preset(Preset::Doublets)).unwrap();
    let svg = PastimeDiagram {
        game: &game,
        names: vec!["Robin (a person)".into(), "The computer (fair)".into()],
        caption: Some("Doublets: the men set up".into()),
    }
    .svg();
    let (drawn, faces) = read(&svg);
    assert!(faces.is_empty());
    for seat in 0..2 {
        let c = counted(&drawn, seat);
        assert_eq!(c.standing.iter().sum::<u32>(), 15, "{c:?}");
        assert_eq!(c.laid, [0; 6]);
    }
    // Each point named as its owner counts it, six a seat
    let labels: Vec<&str> = drawn
        .iter()
        .filter(|d| d.class == "label")
        .map(|d| d.text.as_str())
        .collect();
    assert_eq!(labels.len(), 12);
    assert_eq!(labels.iter().filter(|l| **l == "sice").count(), 2);
    assert!(svg.contains(">Robin (a person)</text>"));
    assert!(svg.contains("<title>Doublets: the men set up</title>"));
}

#[test]
fn no_diagram_of_a_pastime_shows_a_developers_word() {
    for kind in 0..3 {
        for steps in [0, 3, 40, 400] {
            let game = played(rules_of(kind, 4), 7, steps);
            let svg = PastimeDiagram {
                game: &game,
                names: Vec::new(),
                caption: Some(format!("A pastime: {}", state_words(&game))),
            }
            .svg();
            let (drawn, _) = read(&svg);
            for d in drawn {
                assert!(
                    developer_words(&d.text).is_empty(),
                    "{:?} in {:?}",
                    developer_words(&d.text),
                    d.text
                );
            }
        }
    }
}

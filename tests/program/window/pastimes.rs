//! Cotton's pastimes in the window: chosen from New game beside the games at tables and the
//! tiles, played to their end through the buttons the engine's actions make (or by keys
//! alone), the computer's seats acting by themselves, and each point said to a screen reader.
//! The game kept (across a restart, in its file) is in `kept`, and the pastime among the
//! window's other games in `beside`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod beside;
mod kept;
mod replay;

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use gamester::ui::pastimes::screen::{NEXT_GAME, THROW, choice_label_named};
use gamester::ui::pastimes::setup::PastimesSettings;
use gamester::ui::{GamesterApp, Settings};
use gamester_core::level::Level;
use gamester_core::players::Controller;
use gamester_rules::pastimes::{Action, Kind, LoadTo, Phase, Preset, Rules, Seat};

use super::support;
use gamester_core::teaching::plain::developer_words;
use support::*;

/// Everything the window shows, and its status line, in a player's words: no identifier.
fn said_plainly(h: &Harness<'static, GamesterApp>) {
    let mut texts = support::shown(h);
    texts.push(h.state().status_line());
    for text in texts {
        assert!(developer_words(&text).is_empty(), "{text}");
    }
}

const FAIR: Controller = Controller::Computer(Level::Fair);
const PERSON: Controller = Controller::Person;

/// Settings that start `rules` as a pastime with these sitters, with no pauses.
fn pastime_settings(rules: Rules, sitters: [Controller; 5]) -> Settings {
    let preset = match rules.kind {
        Kind::Doublets => Preset::Doublets,
        Kind::KetchDolt => Preset::KetchDolt,
        Kind::SiceAce => Preset::SiceAce,
    };
    let mut settings = Settings {
        pastimes: PastimesSettings {
            chosen: true,
            preset,
            rules,
            sitters,
            at_table: false,
        },
        ..Settings::default()
    };
    settings.speed = gamester::ui::shell::settings::Speed::Instant;
    settings
}

fn you_and_the_computer() -> [Controller; 5] {
    [PERSON, FAIR, FAIR, FAIR, FAIR]
}

/// New game in `h`, started as its settings stand (a pastime).
fn start(h: &mut Harness<'static, GamesterApp>) {
    h.run();
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Start the new game").click();
    for _ in 0..3 {
        h.step();
    }
    assert!(h.state().playing_pastime(), "New game started a pastime");
}

fn at_pastime(seed: u64, settings: Settings) -> Harness<'static, GamesterApp> {
    let mut h = harness(seed, settings);
    start(&mut h);
    h
}

/// Steps until a person is to act or the game is over; panics if the computer never stops.
fn wait_for_person(h: &mut Harness<'static, GamesterApp>) {
    for _ in 0..20_000 {
        let t = h.state().pastime().unwrap();
        if t.over() || t.person_to_act().is_some() {
            // Once more, so that the buttons drawn are those of the person's turn.
            h.step();
            return;
        }
        h.step();
    }
    panic!("the computer never finished");
}

fn press(h: &mut Harness<'static, GamesterApp>, label: &str) {
    h.get_by_label(label).click();
    for _ in 0..2 {
        h.step();
    }
}

/// The person's choice: the first the engine lists that does not dolt him (or the first).
fn choice(h: &Harness<'static, GamesterApp>) -> (usize, Action) {
    let t = h.state().pastime().unwrap();
    let choices = t.person_choices();
    let i = choices.iter().position(|a| !t.game().dolts(a)).unwrap_or(0);
    (i, choices[i].clone())
}

/// Plays the game in `h` to its end by clicking the buttons; returns how many clicks.
fn click_to_the_end(h: &mut Harness<'static, GamesterApp>) -> usize {
    for clicks in 0..5_000 {
        wait_for_person(h);
        said_plainly(h);
        let t = h.state().pastime().unwrap();
        if t.over() {
            return clicks;
        }
        let before = t.game().record().len();
        if t.person_throws() {
            press(h, THROW);
        } else {
            let (i, action) = choice(h);
            let label = choice_label_named(
                h.state().pastime().unwrap().game(),
                i,
                &action,
                h.state().pastime().unwrap().names(),
            );
            press(h, &label);
        }
        let after = h.state().pastime().unwrap().game().record().len();
        assert!(after > before, "a click did something");
    }
    panic!("the game never ended");
}

fn check_over(h: &mut Harness<'static, GamesterApp>, men: u32) {
    // The window paints the frames it asks for, and no more, as it would on the desktop
    for _ in 0..200 {
        if !h.ctx.has_requested_repaint() {
            break;
        }
        h.step();
    }
    let t = h.state().pastime().unwrap();
    let game = t.game();
    assert_eq!(game.phase(), Phase::GameOver);
    let result = game.result().expect("a result");
    assert!(!result.losers.is_empty() || !result.winners.is_empty());
    assert_eq!(game.total_men(), men);
    // The status says the game is over; the story ends with who won or lost.
    assert!(
        h.state().status_line().contains("over"),
        "{}",
        h.state().status_line()
    );
    let last = t.story().last().unwrap();
    assert!(last.contains("win") || last.contains("lose"), "{last}");
    // And the story's end is in view, above the buttons, not scrolled out of sight below
    let end = last.rsplit(' ').next().unwrap_or_default().to_string();
    let shown = h
        .query_all(egui_kittest::kittest::By::new().role(egui::accesskit::Role::Label))
        .filter(|n| {
            use egui_kittest::kittest::NodeT;
            let node = n.accesskit_node();
            node.value()
                .or(node.label())
                .is_some_and(|v| v.ends_with(&end))
        })
        .map(|n| n.rect())
        .max_by(|a, b| a.bottom().total_cmp(&b.bottom()))
        .expect("the story's last line is shown");
    let buttons = h.get_by_label("New game…").rect();
    assert!(
        shown.bottom() <= buttons.top(),
        "the story's end ({last}) is at {shown:?}, below the buttons at {buttons:?}"
    );
}

#[test]
fn doublets_is_played_to_its_end_by_clicking_throw() {
    let mut h = at_pastime(
        1,
        pastime_settings(Rules::preset(Preset::Doublets), you_and_the_computer()),
    );
    let clicks = click_to_the_end(&mut h);
    assert!(clicks > 5, "the person threw for himself ({clicks} clicks)");
    check_over(&mut h, 30);
    let story = h.state().pastime().unwrap().story().join("\n");
    assert!(story.contains("lays down a man on his"), "{story}");
    assert!(story.contains("bears a man off his"), "{story}");
    // (the computer by that name, never "Player 2": issue 57, item 10)
    assert!(
        story.contains("The computer throws"),
        "the computer threw: {story}"
    );
    assert!(!story.contains("Player 2"), "{story}");
    let status = h.state().status_line();
    assert!(!status.contains("Player 2"), "{status}");
}

#[test]
fn ketch_dolt_is_played_to_its_end_by_clicking_the_engines_choices() {
    let mut h = at_pastime(
        2,
        pastime_settings(
            Rules::preset(Preset::KetchDolt),
            [
                PERSON,
                Controller::Computer(Level::Expert),
                FAIR,
                FAIR,
                FAIR,
            ],
        ),
    );
    click_to_the_end(&mut h);
    check_over(&mut h, 30);
    let story = h.state().pastime().unwrap().story().join("\n");
    assert!(story.contains("from his heap on his"), "{story}");
    // The men are heard as they are set down, and the last borne off
    let heard = h.state().sounds_played();
    assert!(
        heard.contains(&gamester::ui::sound::Cue::BorneOff),
        "{heard:?}"
    );
}

#[test]
fn sice_ace_is_played_to_its_end_with_two_seats() {
    let rules = Rules::preset(Preset::SiceAce).with_seats(2);
    let mut h = at_pastime(3, pastime_settings(rules, you_and_the_computer()));
    assert_eq!(h.state().pastime().unwrap().game().seats(), 2);
    click_to_the_end(&mut h);
    check_over(&mut h, 12);
    // The rules of the game, in words with their sources
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("The rules of this game").click();
    h.run();
    said_plainly(&h);
    let texts = support::shown(&h).join("\n");
    assert!(texts.contains("Who loses: the last out loses"), "{texts}");
}

#[test]
fn at_sice_ace_for_five_a_tied_throw_off_is_one_short_line() {
    // Given Sice-Ace for five, the person and four computers (issue 57, item 10: tied
    // throw-offs filled four long lines before play began)
    let mut ties = Vec::new();
    for seed in 1..40 {
        let settings = pastime_settings(Rules::preset(Preset::SiceAce), you_and_the_computer());
        let mut h = at_pastime(seed, settings);
        for _ in 0..30 {
            wait_for_person(&mut h);
            let t = h.state().pastime().unwrap();
            if t.over() || t.game().phase() != Phase::ThrowOff {
                break;
            }
            press(&mut h, THROW);
        }
        let story = h.state().pastime().unwrap().story().to_vec();
        ties.extend(story.into_iter().filter(|l| l.contains("tie")));
        if !ties.is_empty() {
            break;
        }
    }
    // Then a tie says who tied and with what, in a short line, not every die of the table
    assert!(!ties.is_empty(), "no seed tied");
    for tie in &ties {
        assert!(tie.starts_with("Throw-off: "), "{tie}");
        assert!(tie.chars().count() <= 90, "{tie}");
    }
}

#[test]
fn sice_ace_with_five_seats_and_chosen_loads_is_played_to_its_end() {
    let mut rules = Rules::preset(Preset::SiceAce);
    rules.load_to = LoadTo::Chosen;
    let mut h = at_pastime(4, pastime_settings(rules, you_and_the_computer()));
    let mut loads = 0;
    for _ in 0..5_000 {
        wait_for_person(&mut h);
        let t = h.state().pastime().unwrap();
        if t.over() {
            break;
        }
        if t.person_throws() {
            press(&mut h, THROW);
        } else {
            let (i, action) = choice(&h);
            assert!(matches!(action, Action::Load { .. }));
            let label = choice_label_named(
                h.state().pastime().unwrap().game(),
                i,
                &action,
                h.state().pastime().unwrap().names(),
            );
            press(&mut h, &label);
            loads += 1;
        }
    }
    check_over(&mut h, 30);
    let game = h.state().pastime().unwrap().game();
    assert_eq!(game.seats(), 5);
    assert!(!game.out_order().is_empty());
    let story = h.state().pastime().unwrap().story().join("\n");
    assert!(story.contains("loads a man on"), "{story}");
    // Whether the person had an ace to load is the dice's; the seed used gives him some.
    assert!(loads > 0, "the person chose whom to load");
}

#[test]
fn a_game_is_played_by_keys_alone_and_enter_starts_the_next() {
    let mut h = at_pastime(
        5,
        pastime_settings(Rules::preset(Preset::KetchDolt), you_and_the_computer()),
    );
    let mut chose = 0;
    for _ in 0..5_000 {
        wait_for_person(&mut h);
        let t = h.state().pastime().unwrap();
        if t.over() {
            break;
        }
        let before = t.game().record().len();
        if t.person_throws() {
            h.key_press(Key::Space);
        } else {
            let (i, _) = choice(&h);
            let key = [
                Key::Num1,
                Key::Num2,
                Key::Num3,
                Key::Num4,
                Key::Num5,
                Key::Num6,
                Key::Num7,
                Key::Num8,
                Key::Num9,
            ][i];
            h.key_press(key);
            chose += 1;
        }
        h.step();
        let after = h.state().pastime().unwrap().game().record().len();
        assert!(after > before, "a key did something");
    }
    check_over(&mut h, 30);
    assert!(chose > 0);
    h.get_by_label(NEXT_GAME);
    h.key_press(Key::Enter);
    h.step();
    let t = h.state().pastime().unwrap();
    assert_eq!(
        t.game().phase(),
        Phase::ThrowOff,
        "Enter started the next game"
    );
    assert!(
        t.story().iter().any(String::is_empty),
        "the story marks the new game"
    );
}

#[test]
fn a_person_may_dolt_himself_at_ketch_dolt_and_loses_with_no_warning() {
    let mut h = at_pastime(
        6,
        pastime_settings(
            Rules::preset(Preset::KetchDolt),
            [PERSON, PERSON, FAIR, FAIR, FAIR],
        ),
    );
    for _ in 0..5_000 {
        wait_for_person(&mut h);
        let t = h.state().pastime().unwrap();
        assert!(!t.over(), "no dolt was ever offered");
        if t.person_throws() {
            press(&mut h, THROW);
            continue;
        }
        let game = t.game();
        let choices = t.person_choices();
        let Some(i) = choices.iter().position(|a| game.dolts(a)) else {
            let (i, action) = choice(&h);
            let label = choice_label_named(game, i, &action, h.state().pastime().unwrap().names());
            press(&mut h, &label);
            continue;
        };
        // The window does not warn that a draw is owed: the game is to see it.
        let mut texts = support::shown(&h);
        texts.push(h.state().status_line());
        assert!(
            !texts
                .iter()
                .any(|t| t.contains("owe") || t.contains("must draw")),
            "{texts:?}"
        );
        let dolter = game.turn();
        let label = choice_label_named(game, i, &choices[i], h.state().pastime().unwrap().names());
        press(&mut h, &label);
        let game = h.state().pastime().unwrap().game();
        assert_eq!(game.phase(), Phase::GameOver);
        assert_eq!(game.result().unwrap().losers, vec![dolter]);
        let story = h.state().pastime().unwrap().story().join("\n");
        assert!(story.contains("is dolted and loses"), "{story}");
        return;
    }
    panic!("the game went on for ever");
}

#[test]
fn the_computers_seats_play_a_whole_game_by_themselves() {
    let mut h = at_pastime(
        7,
        pastime_settings(Rules::preset(Preset::SiceAce), [FAIR; 5]),
    );
    for _ in 0..20_000 {
        if h.state().pastime().unwrap().over() {
            break;
        }
        h.step();
    }
    let t = h.state().pastime().unwrap();
    assert!(
        t.over(),
        "the computer played to the end with no one clicking"
    );
    assert!(t.game().record().len() > 5);
}

#[test]
fn new_game_offers_the_pastimes_their_seats_and_options() {
    let mut h = harness(8, Settings::default());
    h.run();
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("a pastime at the tables: Doublets, Ketch-Dolt or Sice-Ace")
        .click();
    h.run();
    h.get_by_label("Game: Sice-Ace").click();
    h.run();
    // Every option of Sice-Ace in words with its sources
    for option in gamester_rules::pastimes::OPTIONS
        .iter()
        .filter(|o| o.games.contains(&Kind::SiceAce) && o.name != "seats")
    {
        h.get_by_label(&format!("{}:", option.words));
        h.get_by_label(option.explanation);
    }
    said_plainly(&h);
    h.get_by_label("Players: 3").click();
    h.run();
    h.get_by_label("Start the new game").click();
    for _ in 0..3 {
        h.step();
    }
    let t = h.state().pastime().expect("a pastime is played");
    assert_eq!(t.game().rules().kind, Kind::SiceAce);
    assert_eq!(t.game().seats(), 3);
    assert_eq!(t.sitters()[0], PERSON);
    assert!(t.sitters()[1..].iter().all(|s| *s != PERSON));
}

#[test]
fn a_screen_reader_hears_each_point_with_its_men() {
    let mut h = at_pastime(
        9,
        pastime_settings(Rules::preset(Preset::Doublets), you_and_the_computer()),
    );
    for _ in 0..6 {
        wait_for_person(&mut h);
        if h.state().pastime().unwrap().person_throws() {
            press(&mut h, THROW);
        }
    }
    wait_for_person(&mut h);
    let men = *h.state().pastime().unwrap().game().men(Seat(0)).unwrap();
    let label = format!(
        "Your sice point: {} laid, {} standing",
        match men.laid[5] {
            0 => "no man".to_string(),
            1 => "1 man".to_string(),
            n => format!("{n} men"),
        },
        men.standing[5]
    );
    h.get_by_label(&label);
    assert!(men.total() == 15);
}

#[test]
fn a_dolt_found_by_the_adversary_is_claimed_by_its_button_and_wins() {
    // Ketch-Dolt where the adversary must claim a dolt before he throws, two at one screen
    let mut rules = Rules::preset(Preset::KetchDolt);
    rules.dolt_claimed = gamester_rules::pastimes::DoltClaimed::ByAdversary;
    let mut h = at_pastime(
        12,
        pastime_settings(rules, [PERSON, PERSON, FAIR, FAIR, FAIR]),
    );
    for _ in 0..5_000 {
        wait_for_person(&mut h);
        let t = h.state().pastime().unwrap();
        assert!(!t.over(), "no dolt was ever offered");
        if t.person_throws() && t.person_choices().is_empty() {
            press(&mut h, THROW);
            continue;
        }
        let game = t.game();
        let choices = t.person_choices();
        let Some(i) = choices.iter().position(|a| game.dolts(a)) else {
            let (i, action) = choice(&h);
            let label = choice_label_named(game, i, &action, h.state().pastime().unwrap().names());
            press(&mut h, &label);
            continue;
        };
        // He dolts himself: nothing is said, and the game goes on
        let dolter = game.turn();
        let label = choice_label_named(game, i, &choices[i], h.state().pastime().unwrap().names());
        press(&mut h, &label);
        let mut claim = None;
        for _ in 0..10 {
            wait_for_person(&mut h);
            let t = h.state().pastime().unwrap();
            if t.game().turn() != dolter && t.person_throws() {
                claim = t.person_choices().first().cloned();
                break;
            }
            let (i, action) = choice(&h);
            let label =
                choice_label_named(t.game(), i, &action, h.state().pastime().unwrap().names());
            press(&mut h, &label);
        }
        assert!(!h.state().pastime().unwrap().over());
        // Then his adversary, before he throws, has the claim among his buttons
        assert_eq!(claim, Some(Action::Claim));
        let label = choice_label_named(
            h.state().pastime().unwrap().game(),
            0,
            &Action::Claim,
            h.state().pastime().unwrap().names(),
        );
        assert!(label.contains("dolted"), "{label}");
        press(&mut h, &label);
        let game = h.state().pastime().unwrap().game();
        assert_eq!(game.phase(), Phase::GameOver);
        assert_eq!(game.result().unwrap().losers, vec![dolter]);
        return;
    }
    panic!("the game went on for ever");
}

#[test]
fn the_speed_chosen_in_view_reaches_the_pastime_in_play() {
    use gamester::ui::shell::settings::Speed;
    // Given a pastime in play
    let mut h = at_pastime(
        8,
        pastime_settings(Rules::preset(Preset::Doublets), you_and_the_computer()),
    );
    start(&mut h);
    let mut pace_at = |speed: Speed| {
        // When the speed is changed in View
        h.state_mut().settings_mut().speed = speed;
        h.run();
        h.state().pastime().expect("a pastime in play").pace
    };
    let fast = pace_at(Speed::Fast);
    let slow = pace_at(Speed::Slow);
    // Then the computer's seats go at the new pace, in the game already in play
    assert!(slow > fast && fast > 0.0, "slow {slow}, fast {fast}");
}

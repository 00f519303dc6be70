//! Cotton's pastimes with friends at a distance, in the window: New game's pastime hosted from
//! Game → Play a friend over the network and played to its end by the person's clicks
//! against friends' programs (the computer, on threads of this process, over this machine's
//! network), every throw made by all the computers together.

use std::cell::RefCell;
use std::collections::BTreeSet;

use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};

use gamester::ui::pastimes::screen::{THROW, choice_label_named, status_of};
use gamester::ui::pastimes::session::PastimesSession;
use gamester::ui::pastimes::setup::PastimesSettings;
use gamester::ui::{GamesterApp, Launch, Settings};
use gamester_core::level::Level;
use gamester_core::players::Controller;
use gamester_core::teaching::plain::developer_words;
use gamester_rules::pastimes::{Action, Preset, Rules};

use super::access::quick;
use super::network::{
    Party, friend, friend_hosting, host_from_the_window, join_from_the_window, over, wait_for,
};
use super::support::{harness_remembering, harness_with, shown};

use std::time::{Duration, Instant};

/// The settings of a window whose New game is the pastime `preset` under `rules`.
fn settings_at_a_pastime(rules: Rules, preset: Preset) -> Settings {
    let computer = Controller::Computer(Level::Fair);
    Settings {
        pastimes: PastimesSettings {
            chosen: true,
            preset,
            rules,
            sitters: [Controller::Person, computer, computer, computer, computer],
            at_table: false,
        },
        ..quick(Settings::default())
    }
}

/// A window on this machine's network only, at New game's pastime (`rules`), with Game → Play
/// a friend over the network open.
fn window_at_a_pastime_with_the_network_open(
    rules: Rules,
    preset: Preset,
    seed: u64,
) -> Harness<'static, GamesterApp> {
    let launch = Launch {
        seed: Some(seed),
        local_network: true,
        ..Launch::default()
    };
    let mut h = harness_with(launch, settings_at_a_pastime(rules, preset));
    start_a_pastime_and_open_the_network(&mut h);
    h
}

/// Starts New game's pastime and opens Game → Play a friend over the network.
fn start_a_pastime_and_open_the_network(h: &mut Harness<'static, GamesterApp>) {
    h.run();
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Start the new game").click();
    for _ in 0..3 {
        h.step();
    }
    assert!(h.state().playing_pastime(), "New game started a pastime");
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Play a friend over the network…").click();
    h.run();
}

/// Plays the person's seat by its buttons until the game is over: each throw, and at each
/// use of the dice the first choice that does not dolt the person. Returns every status line
/// the window had meanwhile.
pub(super) fn play_to_the_end(h: &mut Harness<'static, GamesterApp>) -> BTreeSet<String> {
    play_until(h, |_| false)
}

/// The same, stopping at the person's turn once `stop` says so.
fn play_until(
    h: &mut Harness<'static, GamesterApp>,
    stop: impl Fn(&PastimesSession) -> bool,
) -> BTreeSet<String> {
    let statuses = RefCell::new(BTreeSet::new());
    for turn in 0..3_000 {
        wait_for(h, "the person's turn", |h| {
            let t = h.state().pastime().unwrap();
            statuses.borrow_mut().insert(status_of(t));
            t.over() || t.person_throws() || !t.person_choices().is_empty()
        });
        let t = h.state().pastime().unwrap();
        if stop(t) {
            return statuses.into_inner();
        }
        if t.over() {
            statuses.borrow_mut().insert(status_of(t));
            return statuses.into_inner();
        }
        assert!(turn < 2_999, "the game ends");
        for text in shown(h) {
            assert!(developer_words(&text).is_empty(), "{text}");
        }
        let choices = t.person_choices();
        let label = match person_pick(t) {
            Some(i) => choice_label_named(t.game(), i, &choices[i], t.names()),
            None => THROW.to_string(),
        };
        // A friend's action heard in the last frame may have changed the choices: look again.
        let Some(button) = h.query_by_label(&label) else {
            continue;
        };
        button.click();
        // The throw goes to the friends, and comes back made by every computer together.
        h.step();
    }
    statuses.into_inner()
}

/// The person's choice, as the buttons number it from 0: the first use of his throw that does
/// not dolt him (a claim only when he cannot throw instead); `None`: he throws.
fn person_pick(t: &PastimesSession) -> Option<usize> {
    let choices = t.person_choices();
    let claim = |a: &Action| matches!(a, Action::Claim);
    choices
        .iter()
        .position(|a| !t.game().dolts(a) && !claim(a))
        .or((!t.person_throws() && !choices.is_empty()).then_some(0))
}

/// The story and the status lines name the person "You" and each friend by the name he sits
/// under, never by his seat's number.
fn named_by_their_names(
    h: &Harness<'static, GamesterApp>,
    statuses: &BTreeSet<String>,
    friends: &[&str],
) {
    let story = h.state().pastime().unwrap().story().to_vec();
    let said = |words: &str| story.iter().any(|l| l.contains(words));
    assert!(said("You throw "), "{story:#?}");
    assert!(!said("You throws"), "{story:#?}");
    for friend in friends {
        assert!(said(&format!("{friend} throws ")), "{story:#?}");
    }

    for line in story.iter().chain(statuses) {
        let line_lower = line.to_lowercase();
        assert!(
            !(1..=5).any(|n| line_lower.contains(&format!("player {n}"))),
            "{line}"
        );
        assert!(
            !line.contains("you throws") && !line.contains("his You"),
            "{line}"
        );
    }
    let end = statuses.iter().find(|s| s.starts_with("The game is over"));
    let end = end.expect("the game is over");
    assert!(!end.contains("Next game"), "one game at a distance: {end}");
}

fn finished(h: &Harness<'static, GamesterApp>, friends: Vec<Party>) {
    let ours = gamester_net::net_record(h.state().pastime().unwrap().game().record());
    for f in friends {
        assert_eq!(over(f).board().record(), ours);
    }
}

#[test]
fn ketch_dolt_is_hosted_in_the_window_and_played_to_its_end_with_a_friend_at_a_distance() {
    // Given the window at New game's pastime, Ketch-Dolt, hosting it, and a friend joining
    let mut h = window_at_a_pastime_with_the_network_open(
        Rules::preset(Preset::KetchDolt),
        Preset::KetchDolt,
        21,
    );
    assert!(
        h.query_all(By::new().label_contains("Ketch-Dolt, 2 players"))
            .next()
            .is_some(),
        "the pastime is offered, not a game at tables"
    );
    let code = host_from_the_window(&mut h);
    let robin = friend(&code, "Robin", 22, None, None);
    // Then the pastime is the window's, played at a distance, the line's state shown
    wait_for(&mut h, "the friend", |h| h.state().pastime_remote());
    wait_for(&mut h, "the line's words", |h| {
        h.query_all(By::new().label_contains("Robin, over the network: "))
            .next()
            .is_some()
    });
    assert!(
        h.query_all(By::new().label_contains("Robin's heap: "))
            .next()
            .is_some(),
        "the table names the friend's places by his name"
    );
    // And the person plays it to its end by the buttons, the dice thrown by both, the story
    // and the status line naming the friend by his name
    let statuses = play_to_the_end(&mut h);
    assert!(h.state().pastime().unwrap().over());
    named_by_their_names(&h, &statuses, &["Robin"]);
    finished(&h, vec![robin]);
}

#[test]
fn sice_ace_for_three_is_hosted_in_the_window_and_played_to_its_end_with_two_friends() {
    // Given the window hosting Sice-Ace for three, and two friends joining with its code
    let rules = Rules::preset(Preset::SiceAce).with_seats(3);
    let mut h = window_at_a_pastime_with_the_network_open(rules, Preset::SiceAce, 31);
    let code = host_from_the_window(&mut h);
    let friends = vec![
        friend(&code, "Robin", 32, None, None),
        friend(&code, "Kate", 33, None, None),
    ];
    // Then the game starts once both are seated, and is played to its end alike everywhere
    wait_for(&mut h, "the friends", |h| h.state().pastime_remote());
    let statuses = play_to_the_end(&mut h);
    assert!(h.state().pastime().unwrap().over());
    named_by_their_names(&h, &statuses, &["Robin", "Kate"]);
    finished(&h, friends);
}

#[test]
fn the_status_line_waits_on_a_friend_at_a_distance_by_his_name() {
    use gamester_rules::pastimes::{Phase, Seat};
    // Given Ketch-Dolt with a friend at a distance, the seats named as the line names them
    let sitters = vec![Controller::Person, Controller::Distance];
    let rules = Rules::preset(Preset::KetchDolt);
    let mut table = PastimesSession::new(rules, sitters, Some(5)).unwrap();
    table.rename(vec!["You".into(), "Robin".into()]);
    // When it is the friend's turn to throw, and then to use his throw
    let friends_turn =
        |t: &PastimesSession, phase| t.game().phase() == phase && t.game().turn() == Seat(1);
    for _ in 0..200 {
        if friends_turn(&table, Phase::ToThrow) {
            break;
        }
        match table.game().phase() {
            Phase::ToPlay => {
                let first = table.game().legal_actions()[0].clone();
                table.apply(first, 0.0).unwrap();
            }
            _ => table.throw(0.0).unwrap(),
        }
    }
    // Then the status line names him, and the story tells his throw in his name
    assert!(friends_turn(&table, Phase::ToThrow));
    assert_eq!(status_of(&table), "Robin is to throw…");
    table.throw(0.0).unwrap();
    assert!(table.story().last().unwrap().starts_with("Robin throws "));
    if friends_turn(&table, Phase::ToPlay) {
        assert_eq!(status_of(&table), "Robin uses his throw…");
    }
}

/// The window's pastime, as it goes over the line.
fn pastime_record(h: &Harness<'static, GamesterApp>) -> Vec<gamester_net::NetAction> {
    gamester_net::net_record(h.state().pastime().unwrap().game().record())
}

/// The choices (not chance's actions) of the window's pastime from the `from`th action on,
/// each with who sits at the seat that chose it.
fn choices_since(h: &Harness<'static, GamesterApp>, from: usize) -> Vec<(Action, Controller)> {
    let session = h.state().pastime().unwrap();
    let record = session.game().record();
    let rules = *session.game().rules();
    (from..record.len())
        .filter(|&i| !record[i].is_chance())
        .map(|i| {
            let before = gamester_rules::pastimes::Game::replay(rules, &record[..i])
                .unwrap_or_else(|(at, e)| panic!("the record replays: action {at}: {e}"));
            let seat = before.actor().expect("a seat chose it");
            (record[i].clone(), session.sitter(seat))
        })
        .collect()
}

/// A friend's program hosting Ketch-Dolt as Kate.
fn kate_hosting_ketch_dolt(seed: u64) -> (String, Party) {
    let rules = gamester_net::GameRules::Pastimes(Rules::preset(Preset::KetchDolt));
    friend_hosting(gamester_net::Setup::new(rules, "Kate"), seed)
}

/// A window that keeps its settings in `launch`'s data folder, as the real one does, on this
/// machine's network only, with Game → Play a friend over the network open.
fn remembering_with_the_network_open(launch: Launch) -> Harness<'static, GamesterApp> {
    let mut h = harness_remembering(launch);
    h.run();
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Play a friend over the network…").click();
    h.run();
    h
}

/// Steps the window for `seconds`, letting real time pass.
fn let_run(h: &mut Harness<'static, GamesterApp>, seconds: u64) {
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(seconds) {
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_window_stopped_in_a_pastime_at_a_distance_takes_it_up_again_when_started() {
    // Given a window, its data in a folder of its own, that joined a friend's Ketch-Dolt
    let data = tempfile::tempdir().unwrap();
    let launch = || Launch {
        seed: Some(41),
        data_dir: Some(data.path().to_path_buf()),
        local_network: true,
        ..Launch::default()
    };
    let (code, host) = kate_hosting_ketch_dolt(42);
    let mut h = remembering_with_the_network_open(launch());
    join_from_the_window(&mut h, &code, "Ketch-Dolt, 2 players");
    h.get_by_label("Accept and play").click();
    h.step();
    wait_for(&mut h, "the game", |h| h.state().pastime_remote());
    // and a few turns played, stopping at the person's own turn (which waits for him)
    play_until(&mut h, |t| t.game().record().len() >= 2);
    assert!(!h.state().pastime().unwrap().over(), "the game goes on");
    let before = pastime_record(&h);
    // When the window stops, and is started again on the same folder
    drop(h);
    let mut h = harness_remembering(launch());
    // (stepped, not run to rest: a spinner turns while the line opens)
    for _ in 0..3 {
        h.step();
    }
    // Then the pastime at a distance is taken up again at once: the window joins again by
    // itself, and says so
    assert!(
        h.state().playing_pastime(),
        "the pastime is back on the table"
    );
    assert!(
        h.query_all(By::new().label_contains("taken up again where it stood"))
            .next()
            .is_some()
    );
    wait_for(&mut h, "the offer", |h| {
        h.query_by_label("Accept and play").is_some()
    });
    // And meanwhile nobody played the friend's seat here, nor threw for the game
    let_run(&mut h, 1);
    assert_eq!(pastime_record(&h), before);
    eprintln!(
        "SHOWN {:#?} remote {}",
        shown(&h),
        h.state().pastime_remote()
    );
    h.get_by_label("Accept and play").click();
    h.step();
    wait_for(&mut h, "the game again", |h| h.state().pastime_remote());
    assert!(pastime_record(&h).starts_with(&before));
    // And it is played to its end with the same friend, named by her name
    let statuses = play_to_the_end(&mut h);
    assert!(h.state().pastime().unwrap().over());
    named_by_their_names(&h, &statuses, &["Kate"]);
    assert_eq!(over(host).board().record(), pastime_record(&h));
}

#[test]
fn a_hosting_window_stopped_mid_pastime_offers_it_again_and_its_friend_comes_back() {
    // Given a window, its data and settings in a folder of its own, hosting Ketch-Dolt for a
    // friend's program
    let data = tempfile::tempdir().unwrap();
    let settings = settings_at_a_pastime(Rules::preset(Preset::KetchDolt), Preset::KetchDolt);
    let text = gamester::ui::shell::settings_file::to_text(&settings).unwrap();
    std::fs::write(
        gamester::ui::shell::settings_file::path_in(data.path()),
        text,
    )
    .unwrap();
    let launch = || Launch {
        seed: Some(43),
        data_dir: Some(data.path().to_path_buf()),
        local_network: true,
        ..Launch::default()
    };
    let mut h = harness_remembering(launch());
    start_a_pastime_and_open_the_network(&mut h);
    let code = host_from_the_window(&mut h);
    let robin = friend(&code, "Robin", 44, None, None);
    wait_for(&mut h, "the friend", |h| h.state().pastime_remote());
    play_until(&mut h, |t| t.game().record().len() >= 2);
    assert!(!h.state().pastime().unwrap().over(), "the game goes on");
    let before = pastime_record(&h);
    // When the window stops, and is started again on the same folder
    drop(h);
    let mut h = harness_remembering(launch());
    // (stepped, not run to rest: a spinner turns while the line opens)
    for _ in 0..3 {
        h.step();
    }
    // Then it offers the game again under the same invitation, nobody playing the friend's
    // seat here meanwhile, and the friend's program comes back by itself. (What the friend
    // did as the window stopped may come over the line as it opens again, which never waits
    // on the window: a throw made by both together, chance's action, or the friend's own
    // choice, which his program's record must hold at the end. Nothing else.)
    assert!(
        h.state().playing_pastime(),
        "the pastime is back on the table"
    );
    let kept = pastime_record(&h);
    assert!(kept.starts_with(&before), "{kept:?} after {before:?}");
    let made_here = choices_since(&h, before.len())
        .into_iter()
        .filter(|(_, sitter)| *sitter != Controller::Distance)
        .collect::<Vec<_>>();
    assert!(made_here.is_empty(), "chosen here: {made_here:?}");
    wait_for(&mut h, "the friend again", |h| h.state().pastime_remote());
    assert!(pastime_record(&h).starts_with(&before));
    // And the game is played to its end with him
    let statuses = play_to_the_end(&mut h);
    named_by_their_names(&h, &statuses, &["Robin"]);
    assert_eq!(over(robin).board().record(), pastime_record(&h));
}

#[test]
fn a_window_started_again_without_its_way_back_never_plays_its_friends_seat_at_a_pastime_until_asked()
 {
    // Given a window, its data in a folder of its own, that joined a friend's Ketch-Dolt and
    // stopped as the person was to use his throw
    let data = tempfile::tempdir().unwrap();
    let launch = || Launch {
        seed: Some(47),
        data_dir: Some(data.path().to_path_buf()),
        local_network: true,
        ..Launch::default()
    };
    let (code, _host) = kate_hosting_ketch_dolt(48);
    let mut h = remembering_with_the_network_open(launch());
    join_from_the_window(&mut h, &code, "Ketch-Dolt, 2 players");
    h.get_by_label("Accept and play").click();
    h.step();
    wait_for(&mut h, "the game", |h| h.state().pastime_remote());
    play_until(&mut h, |t| {
        t.game().record().len() >= 2 && !t.person_choices().is_empty() && !t.person_throws()
    });
    assert!(!h.state().pastime().unwrap().over(), "the game goes on");
    drop(h);
    // and whose way back to the game was lost
    let way_back = data.path().join("distance.ron");
    assert!(
        way_back.exists(),
        "the way back was kept while the game was played"
    );
    std::fs::remove_file(&way_back).unwrap();
    // When it is started again on the same folder, the person uses his throw, and the window
    // is left to run
    let mut h = harness_remembering(launch());
    h.run();
    assert!(
        h.state().playing_pastime(),
        "the pastime is back on the table"
    );
    // and the friend is named as she sat, her line not open again
    let story = h.state().pastime().unwrap().story().to_vec();
    assert!(
        story.iter().any(|l| l.contains("Kate")) && !story.iter().any(|l| l.contains("layer ")),
        "{story:#?}"
    );
    for _ in 0..6 {
        let t = h.state().pastime().unwrap();
        let choices = t.person_choices();
        let Some(first) = choices.iter().position(|a| !t.game().dolts(a)) else {
            break;
        };
        let label = choice_label_named(t.game(), first, &choices[first], t.names());
        h.get_by_label(&label).click();
        h.run();
    }
    let before = pastime_record(&h);
    let_run(&mut h, 2);
    // Then the friend's seat was never played here, by the computer or anyone, and the window
    // says why nothing moves
    let t = h.state().pastime().unwrap();
    assert_eq!(pastime_record(&h), before);
    assert!(t.over() || t.person_to_act().is_none(), "{}", status_of(t));
    assert!(
        h.query_all(By::new().label_contains("played with friends at a distance"))
            .next()
            .is_some()
    );
    // And no throw is made here for the game: the dice are everyone's to make
    h.key_press(egui::Key::Space);
    h.run();
    assert_eq!(pastime_record(&h), before);
    // Until the person plays on against the computer: then the computer sits for Kate, under
    // her name, and the game goes on here
    if h.state().pastime().unwrap().over() {
        return;
    }
    h.get_by_label("Play on against the computer").click();
    h.run();
    let t = h.state().pastime().unwrap();
    assert!(
        t.story()
            .iter()
            .any(|l| l.starts_with("The computer plays on for Kate")),
        "the story says who sits for Kate now"
    );
    assert!(!t.at_a_distance());
    assert_eq!(t.names().lead(gamester_rules::pastimes::Seat(0)), "Kate");
    play_until(&mut h, |t| t.game().record().len() > before.len() + 2);
    // (the game may end first, a dolt or a claim ending it: it went on here all the same)
    let t = h.state().pastime().unwrap();
    let after = pastime_record(&h).len();
    assert!(after > before.len() + 2 || (t.over() && after > before.len()));
}

#[test]
fn a_covered_window_plays_on_with_its_friend_at_a_pastime_and_keeps_each_move_on_disk() {
    // Given the window hosting Ketch-Dolt, its autosave in a folder of its own, a friend
    // joined, and the person to use his throw
    let data = tempfile::tempdir().unwrap();
    let launch = Launch {
        seed: Some(51),
        data_dir: Some(data.path().to_path_buf()),
        local_network: true,
        ..Launch::default()
    };
    let settings = settings_at_a_pastime(Rules::preset(Preset::KetchDolt), Preset::KetchDolt);
    let mut h = harness_with(launch.clone(), settings);
    start_a_pastime_and_open_the_network(&mut h);
    let code = host_from_the_window(&mut h);
    let _robin = friend(&code, "Robin", 52, None, None);
    wait_for(&mut h, "the friend", |h| h.state().pastime_remote());
    // When the person uses his throw (again, if the dice come back to him at once), and the
    // window is covered just as he has (eframe then draws nothing, and runs only the
    // program's logic)
    loop {
        play_until(&mut h, |t| {
            !t.person_choices().is_empty() && !t.person_throws()
        });
        assert!(!h.state().pastime().unwrap().over(), "the game goes on");
        // The choice as the window shows it: a frame may be needed before the tree the
        // harness reads shows what the state holds (a friend's move may land in between).
        let mut clicked = false;
        for _ in 0..20 {
            let label = {
                let t = h.state().pastime().unwrap();
                let choices = t.person_choices();
                if choices.is_empty() {
                    break;
                }
                let first = person_pick(t).unwrap_or(0);
                choice_label_named(t.game(), first, &choices[first], t.names())
            };
            if let Some(node) = h.query_by_label(&label) {
                node.click();
                clicked = true;
                break;
            }
            h.step();
        }
        h.step();
        if clicked && h.state().pastime().unwrap().person_to_act().is_none() {
            break;
        }
    }
    let before = pastime_record(&h).len();
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .occluded = Some(true);
    h.step();
    let autosave = gamester::ui::pastimes::keeping::autosave_path(&launch).unwrap();
    let ctx = h.ctx.clone();
    let began = Instant::now();
    let mut kept = None;
    while began.elapsed() < Duration::from_secs(60) {
        h.state_mut().serve(&ctx);
        let t = h.state().pastime().unwrap();
        if t.over() || t.person_to_act().is_some() {
            kept = gamester_core::save::pastimes::load(&autosave)
                .ok()
                .map(|l| l.game.record().to_vec());
            if kept.as_deref() == Some(t.game().record()) {
                break;
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    // Then the friend's turn came over the line and went into the game, unseen
    let t = h.state().pastime().unwrap();
    assert!(
        t.game().record().len() > before,
        "the friend threw while the window was covered: {}",
        status_of(t)
    );
    assert!(t.over() || t.person_to_act().is_some(), "{}", status_of(t));
    // And the autosave on disk holds it, written while nothing was drawn
    assert_eq!(kept.as_deref(), Some(t.game().record()));
}

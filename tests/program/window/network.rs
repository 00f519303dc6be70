//! Play a friend over the network, in the window: the person hosts from the Game menu or joins
//! with a pasted invitation, and plays whole games by AccessKit against friends' programs (the
//! computer, on threads of this process, over this machine's network): Irish hosted and
//! joined, a friend whose line drops and who comes back, and Muggins for three.

use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};

use gamester::ui::{GamesterApp, Launch, Settings};
use gamester_core::level::Level;
use gamester_core::players::Colour;
use gamester_net::invite::Invitation;
use gamester_net::link::Reach;
use gamester_net::party::Return;
use gamester_net::seat::{Computer, End, Options, Role as NetRole, play};
use gamester_net::table::Pledge;
use gamester_net::{GameRules, NetAction, Setup, Table};
use gamester_rules::tables::{Phase, Side};

use super::access::{play_a_turn_of_until, press_a_tiles_move, press_node, quick};
use super::support::harness_with;

pub(super) type Party = std::thread::JoinHandle<Result<End, gamester_net::seat::SeatError>>;

/// The actions of both games, at tables and at the tiles: what changes when anyone moves.
fn moves(app: &GamesterApp) -> usize {
    app.session().game().record().len() + app.tiles().map_or(0, |t| t.game().record().len())
}

/// Steps the window, letting real time pass for the line, until `done` holds and the friends
/// have stopped moving for a few frames (so the tree shows what the last frame did; a spinner
/// may still turn, so the window is stepped, not run to rest). Gives up after four minutes:
/// only a game that has stopped for good takes that long, while a fresh-clone run on two busy
/// cores once took more than one minute to bring a turn.
pub(super) fn wait_for(
    h: &mut Harness<'static, GamesterApp>,
    what: &str,
    done: impl Fn(&mut Harness<'static, GamesterApp>) -> bool,
) {
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(240) {
        h.step();
        if done(h) {
            let before = moves(h.state());
            for _ in 0..3 {
                h.step();
            }
            if moves(h.state()) == before && done(h) {
                return;
            }
            continue;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("waited in vain for {what}; the window says: {}", said(h));
}

/// What the window says now, for a test that gives up: the line's words, the message, the
/// phase and the length of each game's record.
fn said(h: &Harness<'static, GamesterApp>) -> String {
    let words: Vec<String> = h
        .query_all(By::new())
        .filter_map(|n| n.accesskit_node().label())
        .filter(|l| {
            ["network", "Waiting", "line", "throw", "friend", "share"]
                .iter()
                .any(|w| l.contains(w))
        })
        .collect();
    format!(
        "{words:?}; phase {:?}, {} actions at tables, {} at the tiles",
        h.state().session().game().phase(),
        h.state().session().game().record().len(),
        h.state().tiles().map_or(0, |t| t.game().record().len())
    )
}

/// A window on this machine's network only, with Game → Play a friend over the network open.
pub(super) fn window_with_the_network_open(seed: u64) -> Harness<'static, GamesterApp> {
    window_with_the_network_open_as(Launch {
        seed: Some(seed),
        ..Launch::default()
    })
}

/// The same, launched as `launch` says (on this machine's network only).
pub(super) fn window_with_the_network_open_as(launch: Launch) -> Harness<'static, GamesterApp> {
    let launch = Launch {
        local_network: true,
        ..launch
    };
    let mut h = harness_with(launch, quick(Settings::default()));
    h.run();
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Play a friend over the network…").click();
    h.run();
    h
}

/// Hosts New game's game from the window; the invitation it shows, as a screen reader reads it.
pub(super) fn host_from_the_window(h: &mut Harness<'static, GamesterApp>) -> String {
    h.get_by_label("Host this game").click();
    h.step();
    wait_for(h, "the invitation", |h| {
        h.query_by_label("Copy the invitation").is_some()
    });
    let code = h
        .query_all(By::new().role(Role::MultilineTextInput))
        .find_map(|n| {
            n.accesskit_node()
                .value()
                .filter(|v| v.starts_with("GAMESTER"))
        })
        .expect("the invitation's text");
    assert!(Invitation::parse(&code).is_ok());
    code
}

/// Pastes `code` (through AccessKit, as a screen reader sets a field: the text replaced whole)
/// and joins; the offer comes, and says `offered`.
pub(super) fn join_from_the_window(
    h: &mut Harness<'static, GamesterApp>,
    code: &str,
    offered: &str,
) {
    h.get_by_role(Role::MultilineTextInput)
        .set_text_value_accesskit(code);
    h.run();
    h.get_by_label("Join the game").click();
    h.step();
    wait_for(h, "the offer", |h| {
        h.query_by_label("Accept and play").is_some()
    });
    assert!(
        h.query_all(By::new().label_contains(offered))
            .next()
            .is_some(),
        "the offer says {offered:?}"
    );
}

/// A party's program playing the computer, on a thread: host (its code comes on the channel)
/// or joiner; `cut_at`: its line drops once the record is that long.
fn computer_party(
    role: NetRole,
    seed: u64,
    cut_at: Option<usize>,
) -> (std::sync::mpsc::Receiver<String>, Party) {
    let (tx, rx) = std::sync::mpsc::channel();
    let thread = std::thread::spawn(move || {
        let mut on_invite = |code: &str, _: &gamester_net::link::Identity| {
            let _ = tx.send(code.to_string());
        };
        let (mut on_change, mut note) = (|_: &Table| {}, |_: &str| {});
        play(
            role,
            Computer::new(Level::Novice, seed),
            Options {
                reach: Reach::Local,
                identity: gamester_net::link::Identity::fresh(),
                on_invite: &mut on_invite,
                on_change: &mut on_change,
                note: &mut note,
                cut_at,
                patience: Duration::from_secs(120),
                keeper: None,
                stall: None,
                under_way: false,
            },
        )
    });
    (rx, thread)
}

/// A friend's program joining with `code` (coming back with `back`).
pub(super) fn friend(
    code: &str,
    name: &str,
    seed: u64,
    back: Option<Return>,
    cut_at: Option<usize>,
) -> Party {
    let role = NetRole::Join {
        invitation: Invitation::parse(code).unwrap(),
        name: name.into(),
        key: back
            .as_ref()
            .map_or_else(gamester_net::sign::Key::generate, |b| b.key.clone()),
        back,
    };
    computer_party(role, seed, cut_at).1
}

/// A friend's program hosting `setup`; its code, and the thread.
pub(super) fn friend_hosting(setup: Setup, seed: u64) -> (String, Party) {
    let (codes, thread) = computer_party(NetRole::Host(setup, Pledge::default()), seed, None);
    let code = codes
        .recv_timeout(Duration::from_secs(30))
        .expect("the invitation");
    (code, thread)
}

/// The game a finished party played.
pub(super) fn over(party: Party) -> Table {
    match party.join().unwrap() {
        Ok(End::Over(t)) => t,
        other => panic!("{other:?}"),
    }
}

/// The window's game at tables, as it goes over the line.
pub(super) fn tables_record(h: &Harness<'static, GamesterApp>) -> Vec<NetAction> {
    gamester_net::net_record(h.state().session().game().record())
}

/// Plays the person's `side` at tables by AccessKit (a lit dice box, a man and a lit place)
/// until the game is over or `stop` says so.
pub(super) fn play_tables(
    h: &mut Harness<'static, GamesterApp>,
    side: Side,
    stop: impl Fn(&mut Harness<'static, GamesterApp>) -> bool,
) {
    for turn in 0..600 {
        wait_for(h, "the person's turn", |h| {
            if stop(h) {
                return true;
            }
            let game = h.state().session().game();
            game.is_over()
                || (!h.state().sliding()
                    && h.query_all(By::new().label_contains("over the network: "))
                        .next()
                        .is_some()
                    && match game.phase() {
                        Phase::ThrowOff => true,
                        Phase::ToThrow | Phase::Playing => game.turn() == side,
                        // The friend's computer gives up a game it has lost for sure: the
                        // person answers.
                        Phase::ResignOffered { by, .. } => by != side,
                        _ => false,
                    })
        });
        if h.state().session().game().is_over() || stop(h) {
            return;
        }
        assert!(turn < 599, "the game ends");
        if matches!(
            h.state().session().game().phase(),
            Phase::ResignOffered { .. }
        ) {
            // Accepting ends the game as surely as playing it out would.
            assert!(press_node(h, Role::Button, "Accept  (Ctrl+Y)"));
        } else if h.state().session().game().phase() == Phase::Playing {
            play_a_turn_of_until(h, side, &stop);
        } else if !press_node(h, Role::Button, "lit: throw the dice") {
            // The throw is under way: the friend's share is on its way.
            h.step();
        }
    }
}

pub(super) fn irish(host: &str) -> Setup {
    let rules = gamester_rules::tables::Rules::preset(gamester_rules::tables::Preset::Irish);
    Setup::new(GameRules::Tables(rules), host)
}

#[test]
fn a_whole_game_of_irish_with_a_friend_at_a_distance_is_hosted_and_played_in_the_window() {
    // Given the window hosting New game's game (Irish), and a friend joining with the code
    let mut h = window_with_the_network_open(8);
    let code = host_from_the_window(&mut h);
    let friend = friend(&code, "Robin", 5, None, None);
    // Then the game is the window's, the friend's side not the person's, the line's state shown
    wait_for(&mut h, "the friend", |h| h.state().is_remote());
    assert!(
        h.query_all(By::new().label_contains("Robin, over the network: "))
            .next()
            .is_some()
    );
    // And a whole game is played by the person through AccessKit, the dice thrown by both
    play_tables(&mut h, Side::White, |_| false);
    let friend = over(friend);
    assert!(h.state().session().game().is_over());
    assert_eq!(tables_record(&h), friend.board().record());
    assert!(h.state().session().side_name(Side::Black).contains("Robin"));
}

#[test]
fn an_invitation_pasted_on_the_table_opens_join_with_it_and_enter_joins() {
    // Given a friend's program hosting Irish, and a window at its game, nothing open
    let (code, thread) = friend_hosting(irish("Robin"), 12);
    let mut h = harness_with(
        Launch {
            seed: Some(12),
            local_network: true,
            ..Launch::default()
        },
        quick(Settings::default()),
    );
    h.run();
    // When the invitation is pasted on the table (Ctrl+V, as the desktop sends it)
    h.event(egui::Event::Paste(code.clone()));
    h.run();
    // Then the Join field holds it, in groups of four, and Join the game has the keys
    let field = h
        .query_all(By::new().role(Role::MultilineTextInput))
        .find_map(|n| n.accesskit_node().value())
        .unwrap();
    assert_eq!(field, Invitation::grouped(&code));
    assert!(field.starts_with("GAMESTER ") && field.split(' ').nth(1).unwrap().len() == 4);
    // And Enter joins, Enter again accepts the offer, and the game is played to its end
    h.key_press(egui::Key::Enter);
    h.step();
    wait_for(&mut h, "the offer", |h| {
        h.query_by_label("Accept and play").is_some()
    });
    // (The offer takes the keys as it comes: Enter accepts it.)
    h.key_press(egui::Key::Enter);
    h.step();
    wait_for(&mut h, "the game", |h| h.state().is_remote());
    play_tables(&mut h, Side::Black, |_| false);
    let host = over(thread);
    assert_eq!(tables_record(&h), host.board().record());
}

#[test]
fn the_window_joins_with_a_pasted_invitation_sees_the_game_offered_and_plays_it_to_the_end() {
    let mut h = window_with_the_network_open(9);
    // A code that is not an invitation is refused with the reason, and nothing is opened
    h.get_by_role(Role::MultilineTextInput).type_text("hello");
    h.run();
    h.get_by_label("Join the game").click();
    h.run();
    assert!(
        h.query_all(By::new().label_contains("That is not an invitation"))
            .next()
            .is_some()
    );
    assert!(!h.state().is_remote());
    // And once the code is changed, what was said of it goes
    h.get_by_role(Role::MultilineTextInput).focus();
    h.run();
    h.get_by_role(Role::MultilineTextInput).type_text("!");
    h.run();
    assert!(
        h.query_all(By::new().label_contains("That is not an invitation"))
            .next()
            .is_none()
    );
    // The friend's invitation, pasted in small letters (as an email might have it)
    // (The host's New game has red and blue men: the game offered is played in them.)
    let mut setup = irish("Kate");
    setup.colours = vec![Colour::Red, Colour::Blue];
    let (code, host) = friend_hosting(setup, 6);
    // The game offered is shown, with the side the person plays, before it is accepted
    join_from_the_window(&mut h, &code.to_lowercase(), "Kate offers Irish");
    assert!(h.query_by_label("You play Black.").is_some());
    h.get_by_label("Accept and play").click();
    h.step();
    wait_for(&mut h, "the start", |h| h.state().is_remote());
    assert_eq!(h.state().session().colour_name(Side::White), "Red");
    assert_eq!(h.state().session().colour_name(Side::Black), "Blue");
    play_tables(&mut h, Side::Black, |_| false);
    assert_eq!(tables_record(&h), over(host).board().record());
}

#[test]
fn when_the_friends_line_drops_the_window_waits_and_the_game_goes_on_when_they_come_back() {
    let mut h = window_with_the_network_open(10);
    let code = host_from_the_window(&mut h);
    // A friend whose line drops after 12 actions (the person's throws wait on it, so it cannot
    // go further alone)
    let cut = friend(&code, "Robin", 5, None, Some(12));
    wait_for(&mut h, "the friend", |h| h.state().is_remote());
    let waiting = |h: &mut Harness<'static, GamesterApp>| {
        h.query_all(By::new().label_contains("Waiting for Robin to come back"))
            .next()
            .is_some()
    };
    play_tables(&mut h, Side::White, |h| waiting(h));
    let Ok(End::Cut(table)) = cut.join().unwrap() else {
        panic!("the friend's line did not drop")
    };
    let kept = h.state().session().game().record().to_vec();
    // The friend comes back with the same invitation and its record; the game goes on to its
    // end from where it stood
    let back = friend(&code, "Robin", 7, Some(Return::of(&table)), None);
    play_tables(&mut h, Side::White, |_| false);
    let friend = over(back);
    assert!(h.state().session().game().record().starts_with(&kept));
    assert_eq!(tables_record(&h), friend.board().record());
}

#[test]
fn muggins_for_three_is_played_in_the_window_with_two_friends_at_a_distance() {
    use gamester_rules::tiles::{Phase as TilesPhase, Preset, Rules};
    // Given a friend's program hosting Muggins for three, and another joining it
    let setup = Setup::new(
        GameRules::Tiles(Rules::preset(Preset::Muggins).with_players(3)),
        "Kate",
    );
    let (code, host) = friend_hosting(setup, 11);
    let tom = friend(&code, "Tom", 12, None, None);
    // When the window joins as the third
    let mut h = window_with_the_network_open(13);
    join_from_the_window(&mut h, &code, "Kate offers Muggins dominoes, 3 players");
    h.get_by_label("Accept and play").click();
    h.step();
    wait_for(&mut h, "the start", |h| h.state().tiles_remote());
    // Then the person plays every move by AccessKit to the game's end
    for turn in 0..2000 {
        wait_for(&mut h, "the person's move", |h| {
            let t = h.state().tiles().unwrap();
            t.game().phase() == TilesPhase::GameOver || t.person_to_act().is_some()
        });
        if h.state().tiles().unwrap().game().phase() == TilesPhase::GameOver {
            break;
        }
        assert!(turn < 1999, "the game ends");
        press_a_tiles_move(&mut h);
    }
    let host = over(host);
    over(tom);
    let ours = gamester_net::net_record(h.state().tiles().unwrap().game().record());
    assert_eq!(ours, host.board().record());
    // and the others sat under their names
    let t = h.state().tiles().unwrap();
    assert!((0..3).any(|p| t.name(p) == "Kate") && (0..3).any(|p| t.name(p) == "Tom"));
}

/// Irish with three options changed (house rules), and the record of a game of it under way:
/// the throw-off and two throws, men moved after each, the dice to be thrown a fourth time.
fn house_rules_under_way(host: &str) -> Setup {
    use gamester_rules::tables::{Game, Preset, Rules};
    let mut rules = Rules::preset(Preset::Irish);
    for (option, value) in [
        ("cube", "true"),
        ("blocked_is_draw", "true"),
        ("unplayable_die_loses", "true"),
    ] {
        rules.set(option, value).unwrap();
    }
    let mut game = Game::new(rules.clone()).unwrap();
    let mut player = gamester_core::ai::random::RandomPlayer::seeded(4);
    let thrown = |g: &Game| g.record().iter().filter(|a| a.is_chance()).count();
    while !(thrown(&game) == 3 && game.phase() == Phase::ToThrow) {
        player.act(&mut game).unwrap();
    }
    let mut setup = Setup::new(GameRules::Tables(rules), host);
    setup.record = gamester_net::net_record(game.record());
    setup
}

#[test]
fn the_offer_names_the_host_says_the_house_rules_in_words_and_how_far_the_game_has_gone() {
    // Given a friend's program offering a game of house rules under way, under the name Robin
    let (code, _host) = friend_hosting(house_rules_under_way("Robin"), 14);
    // When the window joins it
    let mut h = window_with_the_network_open(15);
    join_from_the_window(
        &mut h,
        &code,
        "Robin offers house rules, changed from Irish",
    );
    // Then the offer says each change as a player reads it, never as a file writes it
    let offer = h
        .query_all(By::new().label_contains("Robin offers"))
        .find_map(|n| n.accesskit_node().value())
        .expect("the offer");
    assert!(offer.contains("with the doubling cube"), "{offer}");
    assert!(!offer.contains('=') && !offer.contains('_'), "{offer}");
    // And that the game is under way, how far, and that it was played without this side
    assert!(
        h.query_by_label(
            "The game is under way, played so far without you: the dice have been thrown 3 \
             times."
        )
        .is_some()
    );
    h.get_by_label("Decline").click();
    h.run();
}

#[test]
fn a_host_who_gives_no_name_offers_as_the_host_and_its_house_rules_in_words() {
    // Given New game set to house rules, and the person hosting typing no name
    let mut settings = quick(Settings::default());
    for (option, value) in [
        ("cube", "true"),
        ("blocked_is_draw", "true"),
        ("unplayable_die_loses", "true"),
    ] {
        settings.rules.set(option, value).unwrap();
    }
    let launch = Launch {
        seed: Some(16),
        local_network: true,
        ..Launch::default()
    };
    let mut h = harness_with(launch, settings);
    h.run();
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Play a friend over the network…").click();
    h.run();
    // Then the game offered is told in words
    let offer = h
        .query_all(By::new().label_contains("offer the game New game would start"))
        .find_map(|n| n.accesskit_node().value())
        .expect("the host's offer");
    assert!(offer.contains("with the doubling cube"), "{offer}");
    assert!(!offer.contains('=') && !offer.contains('_'), "{offer}");
    // And the game a friend joins names the host plainly, not as the friend
    let code = host_from_the_window(&mut h);
    let (names_tx, names) = std::sync::mpsc::channel();
    let role = NetRole::Join {
        invitation: Invitation::parse(&code).unwrap(),
        name: "Kate".into(),
        key: gamester_net::sign::Key::generate(),
        back: None,
    };
    std::thread::spawn(move || {
        let mut on_change = |t: &Table| {
            let _ = names_tx.send(t.setup().names.clone());
        };
        let (mut on_invite, mut note) =
            (|_: &str, _: &gamester_net::link::Identity| {}, |_: &str| {});
        play(
            role,
            Computer::new(Level::Novice, 17),
            Options {
                reach: Reach::Local,
                identity: gamester_net::link::Identity::fresh(),
                on_invite: &mut on_invite,
                on_change: &mut on_change,
                note: &mut note,
                cut_at: None,
                patience: Duration::from_secs(120),
                keeper: None,
                stall: None,
                under_way: false,
            },
        )
    });
    wait_for(&mut h, "the friend", |h| h.state().is_remote());
    let seen = names
        .recv_timeout(Duration::from_secs(60))
        .expect("the friend's game");
    assert_eq!(seen, ["The host", "Kate"]);
}

/// The words the window shows now that contain `part`, each with where it is drawn (the
/// screen reader's own region left out).
fn drawn(h: &Harness<'static, GamesterApp>, part: &str) -> Vec<(String, egui::Rect)> {
    use egui_kittest::kittest::NodeT;
    // A button's words are its label; a plain text's, its value.
    h.query_all(By::new())
        .filter(|n| n.accesskit_node().role() != Role::Status)
        .filter_map(|n| {
            let words = [n.accesskit_node().label(), n.value()]
                .into_iter()
                .flatten()
                .find(|w| w.contains(part))?;
            Some((words, n.rect()))
        })
        .collect()
}

/// Checks that the line's state is said once, on a line of its own above the row of buttons,
/// and that the row is one line: every button under the line's words level with New game….
fn said_once_above_one_row(h: &Harness<'static, GamesterApp>, part: &str) {
    let mut said = drawn(h, part);
    // One text may be read twice from one place (its words whole, and as drawn, cut short):
    // said once means drawn in one place.
    said.dedup_by(|a, b| a.1 == b.1);
    assert_eq!(said.len(), 1, "said once: {said:?}");
    let (_, note) = said[0].clone();
    let new_game = h.get_by_label("New game…").rect();
    let row: Vec<(String, egui::Rect)> = h
        .query_all(By::new().role(Role::Button))
        .filter(|n| n.rect().top() >= note.bottom() - 1.0)
        .filter_map(|n| Some((n.accesskit_node().label()?, n.rect())))
        .collect();
    assert!(!row.is_empty());
    for (label, r) in &row {
        assert!(
            (r.center().y - new_game.center().y).abs() < 2.0,
            "{label:?} at {r:?} is not on the row of New game… at {new_game:?}: {row:?}"
        );
    }
    assert!(
        note.bottom() <= new_game.top(),
        "{note:?} above {new_game:?}"
    );
}

#[test]
fn at_800_by_600_the_lines_state_is_said_once_and_never_breaks_the_row_of_buttons() {
    // Given a window of 800×600 hosting Irish for a friend with a long name, whose line drops
    // after a few actions (issue 57, item 6)
    let mut h = window_with_the_network_open(10);
    h.set_size(egui::vec2(800.0, 600.0));
    h.run();
    let code = host_from_the_window(&mut h);
    let cut = friend(&code, "Alexandrina Fitzwilliam", 5, None, Some(12));
    wait_for(&mut h, "the friend", |h| h.state().is_remote());
    // Then while they play, the line's state is on a line of its own, said once, and the row
    // of buttons keeps one line
    wait_for(&mut h, "the line's state", |h| {
        !drawn(h, "over the network: ").is_empty() && !h.state().sliding()
    });
    said_once_above_one_row(&h, "over the network: ");
    // And when the friend's line drops, the wait is said once, the row still one line
    let waiting = |h: &mut Harness<'static, GamesterApp>| {
        !drawn(h, "Waiting for Alexandrina Fitzwilliam to come back").is_empty()
    };
    play_tables(&mut h, Side::White, |h| waiting(h));
    for _ in 0..3 {
        h.step();
    }
    said_once_above_one_row(&h, "Waiting for Alexandrina Fitzwilliam to come back");
    drop(cut);
}

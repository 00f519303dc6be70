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

use super::access::{play_a_turn_of, press_a_tiles_move, press_node, quick};
use super::support::harness_with;

type Party = std::thread::JoinHandle<Result<End, gamester_net::seat::SeatError>>;

/// The actions of both games, at tables and at the tiles: what changes when anyone moves.
fn moves(app: &GamesterApp) -> usize {
    app.session().game().record().len() + app.tiles().map_or(0, |t| t.game().record().len())
}

/// Steps the window, letting real time pass for the line, until `done` holds and the friends
/// have stopped moving for a few frames (so the tree shows what the last frame did; a spinner
/// may still turn, so the window is stepped, not run to rest).
fn wait_for(
    h: &mut Harness<'static, GamesterApp>,
    what: &str,
    done: impl Fn(&mut Harness<'static, GamesterApp>) -> bool,
) {
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(60) {
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
    panic!("waited in vain for {what}");
}

/// A window on this machine's network only, with Game → Play a friend over the network open.
fn window_with_the_network_open(seed: u64) -> Harness<'static, GamesterApp> {
    window_with_the_network_open_as(Launch {
        seed: Some(seed),
        ..Launch::default()
    })
}

/// The same, launched as `launch` says (on this machine's network only).
fn window_with_the_network_open_as(launch: Launch) -> Harness<'static, GamesterApp> {
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
fn host_from_the_window(h: &mut Harness<'static, GamesterApp>) -> String {
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
fn join_from_the_window(h: &mut Harness<'static, GamesterApp>, code: &str, offered: &str) {
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
            },
        )
    });
    (rx, thread)
}

/// A friend's program joining with `code` (coming back with `back`).
fn friend(code: &str, name: &str, seed: u64, back: Option<Return>, cut_at: Option<usize>) -> Party {
    let role = NetRole::Join {
        invitation: Invitation::parse(code).unwrap(),
        name: name.into(),
        back,
    };
    computer_party(role, seed, cut_at).1
}

/// A friend's program hosting `setup`; its code, and the thread.
fn friend_hosting(setup: Setup, seed: u64) -> (String, Party) {
    let (codes, thread) = computer_party(NetRole::Host(setup, Pledge::default()), seed, None);
    let code = codes
        .recv_timeout(Duration::from_secs(30))
        .expect("the invitation");
    (code, thread)
}

/// The game a finished party played.
fn over(party: Party) -> Table {
    match party.join().unwrap() {
        Ok(End::Over(t)) => t,
        other => panic!("{other:?}"),
    }
}

/// The window's game at tables, as it goes over the line.
fn tables_record(h: &Harness<'static, GamesterApp>) -> Vec<NetAction> {
    gamester_net::net_record(h.state().session().game().record())
}

/// Plays the person's `side` at tables by AccessKit (a lit dice box, a man and a lit place)
/// until the game is over or `stop` says so.
fn play_tables(
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
                        _ => false,
                    })
        });
        if h.state().session().game().is_over() || stop(h) {
            return;
        }
        assert!(turn < 599, "the game ends");
        if h.state().session().game().phase() == Phase::Playing {
            play_a_turn_of(h, side);
        } else if !press_node(h, Role::Button, "lit: throw the dice") {
            // The throw is under way: the friend's share is on its way.
            h.step();
        }
    }
}

fn irish(host: &str) -> Setup {
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
    let back = friend(
        &code,
        "Robin",
        7,
        Some(Return {
            party: table.me(),
            record: table.board().record(),
            pledge: table.pledge().clone(),
        }),
        None,
    );
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
    // And that the game is under way, and how far
    assert!(
        h.query_by_label("The game is under way: the dice have been thrown 3 times.")
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
            },
        )
    });
    wait_for(&mut h, "the friend", |h| h.state().is_remote());
    let seen = names
        .recv_timeout(Duration::from_secs(60))
        .expect("the friend's game");
    assert_eq!(seen, ["The host", "Kate"]);
}

/// Mallory: a program of its own holding the invitation, which joins, sits down, answers the
/// host's first throw with a commit, sees the host's seed, and then says nothing more.
fn mallory_who_stalls(code: &str) -> std::thread::JoinHandle<String> {
    use gamester_net::wire::{self, Msg, VERSION};
    let invitation = Invitation::parse(code).unwrap();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let endpoint = iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
                .relay_mode(iroh::RelayMode::Disabled)
                .bind()
                .await
                .unwrap();
            let conn = endpoint
                .connect(invitation.addr.clone(), gamester_net::link::ALPN)
                .await
                .unwrap();
            let (mut send, mut recv) = conn.open_bi().await.unwrap();
            let hello = Msg::Hello {
                version: VERSION,
                secret: invitation.secret,
                name: "Mallory".into(),
                back: None,
            };
            wire::write(&mut send, &hello).await.unwrap();
            let mut bye = String::new();
            while let Ok(msg) = wire::read(&mut recv).await {
                match msg {
                    Msg::Welcome { .. } => wire::write(&mut send, &Msg::Accept).await.unwrap(),
                    Msg::Commit { from: 0, at, .. } => {
                        let hash = gamester_net::table::commitment(1, at, &[9; 32]);
                        let commit = Msg::Commit { from: 1, at, hash };
                        wire::write(&mut send, &commit).await.unwrap();
                    }
                    Msg::Bye { reason } => {
                        bye = reason;
                        break;
                    }
                    _ => {}
                }
            }
            endpoint.close().await;
            bye
        })
    })
}

#[test]
fn a_friend_who_stalls_after_seeing_the_dice_is_counted_down_and_the_game_kept_as_abandoned() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = window_with_the_network_open_as(Launch {
        seed: Some(14),
        throw_patience: Some(Duration::from_secs(4)),
        data_dir: Some(dir.path().to_path_buf()),
        ..Launch::default()
    });
    let code = host_from_the_window(&mut h);
    let mallory = mallory_who_stalls(&code);
    wait_for(&mut h, "the friend", |h| h.state().is_remote());
    // The person throws for the throw-off; Mallory answers, sees the dice and stalls
    wait_for(&mut h, "the dice box", |h| {
        h.query_all(By::new().label_contains("lit: throw the dice"))
            .next()
            .is_some()
    });
    assert!(press_node(&mut h, Role::Button, "lit: throw the dice"));
    // The row under the status line counts the patience down, then offers to end the game
    wait_for(&mut h, "the count", |h| {
        h.query_all(By::new().label_contains("Waiting for Mallory's share of the throw"))
            .next()
            .is_some()
    });
    wait_for(&mut h, "the offer to end the game", |h| {
        h.query_by_label("End the game as abandoned by Mallory")
            .is_some()
    });
    assert!(
        h.query_all(By::new().label_contains("The throw has waited too long on Mallory"))
            .next()
            .is_some()
    );
    h.get_by_label("End the game as abandoned by Mallory")
        .click();
    h.run();
    // Mallory is told why; the story says it; the game is kept in Open recent as abandoned
    let bye = mallory.join().unwrap();
    assert!(bye.contains("abandoned by Mallory"), "{bye}");
    let said = h.state().session().abandoned().map(str::to_string);
    let said = said.expect("the game is ended as abandoned");
    assert!(
        said.contains("abandoned by Mallory, who kept the game waiting"),
        "{said}"
    );
    assert!(
        h.state()
            .session()
            .log()
            .iter()
            .any(|e| e.words.contains("abandoned by Mallory")),
        "the story tells it"
    );
    assert!(
        h.state().session().game().record().is_empty(),
        "no throw was made"
    );
    let kept = h
        .state()
        .settings()
        .recent
        .latest()
        .map(std::path::Path::to_path_buf);
    let kept = kept.expect("kept in Open recent");
    assert!(
        kept.display().to_string().ends_with("(abandoned).ron"),
        "{}",
        kept.display()
    );
    let loaded = gamester_core::save::load(&kept).unwrap();
    assert_eq!(loaded.abandoned.as_deref(), Some(said.as_str()));
    // The line closing after it says nothing new: the window does not wait for Mallory, and
    // still says where the game is kept
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(2) {
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    let shown = |h: &Harness<'static, GamesterApp>, words: &str| {
        h.query_all(By::new().label_contains(words))
            .next()
            .is_some()
    };
    assert!(!shown(&h, "waiting for them to come back"));
    assert!(shown(&h, "It is kept in Open recent"));
}

/// A host playing the computer as `identity` with the pledge kept, on a thread, stopping
/// without a word at `cut_at`; its invitation and identity as bound come on the channel.
fn computer_host_as(
    setup: Setup,
    pledge: Pledge,
    identity: gamester_net::link::Identity,
    cut_at: Option<usize>,
    tx: std::sync::mpsc::Sender<(String, gamester_net::link::Identity)>,
) -> Party {
    std::thread::spawn(move || {
        let mut on_invite = |code: &str, id: &gamester_net::link::Identity| {
            let _ = tx.send((code.to_string(), *id));
        };
        let (mut on_change, mut note) = (|_: &Table| {}, |_: &str| {});
        play(
            NetRole::Host(setup, pledge),
            Computer::new(Level::Novice, 21),
            Options {
                reach: Reach::Local,
                identity,
                on_invite: &mut on_invite,
                on_change: &mut on_change,
                note: &mut note,
                cut_at,
                patience: Duration::from_secs(120),
                keeper: None,
                stall: None,
            },
        )
    })
}

#[test]
fn a_window_whose_host_stops_joins_again_by_itself_when_the_host_is_started_again() {
    // Given a friend's program hosting Irish that stops without a word after 14 actions
    let (tx, rx) = std::sync::mpsc::channel();
    let first = computer_host_as(
        irish("Kate"),
        Pledge::default(),
        gamester_net::link::Identity::fresh(),
        Some(14),
        tx.clone(),
    );
    let (code, identity) = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    let mut h = window_with_the_network_open(15);
    join_from_the_window(&mut h, &code, "Kate offers Irish");
    h.get_by_label("Accept and play").click();
    wait_for(&mut h, "the game", |h| h.state().is_remote());
    play_tables(&mut h, Side::Black, |h| {
        h.query_all(By::new().label_contains("joining again by itself"))
            .next()
            .is_some()
    });
    let Ok(End::Cut(table)) = first.join().unwrap() else {
        panic!("the host did not stop")
    };
    // When the host is started again on the same game, with what it kept
    let again = computer_host_as(
        table.setup_now(),
        table.pledge().clone(),
        identity,
        None,
        tx,
    );
    // Then the window comes back by itself and the game is played to its end
    play_tables(&mut h, Side::Black, |_| false);
    let host = over(again);
    assert!(h.state().session().game().is_over());
    assert_eq!(tables_record(&h), host.board().record());
    assert!(
        h.state()
            .session()
            .log()
            .iter()
            .any(|e| e.words.contains("Joined the host again")),
        "the story tells it"
    );
}

#[test]
fn a_covered_window_plays_on_with_its_friend_and_keeps_each_move_on_disk() {
    // Given the window hosting Irish, its autosave in a folder of its own, and a friend joined
    let data = tempfile::tempdir().unwrap();
    let mut h = window_with_the_network_open_as(Launch {
        seed: Some(21),
        data_dir: Some(data.path().to_path_buf()),
        ..Launch::default()
    });
    let code = host_from_the_window(&mut h);
    let _friend = friend(&code, "Robin", 7, None, None);
    wait_for(&mut h, "the friend", |h| h.state().is_remote());
    // and the person to play
    let persons_play = |h: &mut Harness<'static, GamesterApp>| {
        let game = h.state().session().game();
        game.phase() == Phase::Playing && game.turn() == Side::White
    };
    play_tables(&mut h, Side::White, persons_play);
    assert!(persons_play(&mut h));
    // When the window is covered (eframe then draws nothing, and runs only the program's
    // logic), with the person's play made just as it was covered
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .occluded = Some(true);
    h.step();
    let play = h.state().session().game().legal_plays()[0];
    h.state_mut().session_mut().apply_play(&play).unwrap();
    let before = h.state().session().game().record().len();
    let ctx = h.ctx.clone();
    let began = Instant::now();
    let mut kept = None;
    while began.elapsed() < Duration::from_secs(60) {
        h.state_mut().serve(&ctx);
        let game = h.state().session().game();
        if game.is_over() || (game.turn() == Side::White && game.phase() != Phase::Playing) {
            let path = Launch {
                data_dir: Some(data.path().to_path_buf()),
                ..Launch::default()
            }
            .autosave_path()
            .unwrap();
            kept = gamester_core::save::load(&path)
                .ok()
                .map(|l| l.game.record().to_vec());
            if kept.as_deref() == Some(game.record()) {
                break;
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    // Then the friend's whole turn came over the line and went into the game, unseen
    let game = h.state().session().game();
    assert!(
        game.record().len() > before + 1,
        "the friend threw and played while the window was covered: {}",
        h.state().session().status()
    );
    assert!(game.is_over() || game.turn() == Side::White);
    // And the autosave on disk holds it, written while nothing was drawn
    assert_eq!(kept.as_deref(), Some(game.record()));
}

#[test]
fn a_window_stopped_in_a_game_at_a_distance_takes_it_up_again_when_started() {
    // Given a window, its data in a folder of its own, that joined a friend's game of Irish
    let data = tempfile::tempdir().unwrap();
    let launch = || Launch {
        seed: Some(31),
        data_dir: Some(data.path().to_path_buf()),
        local_network: true,
        ..Launch::default()
    };
    let (code, host) = friend_hosting(irish("Kate"), 16);
    let mut h = window_with_the_network_open_as(launch());
    join_from_the_window(&mut h, &code, "Kate offers Irish");
    h.get_by_label("Accept and play").click();
    h.step();
    wait_for(&mut h, "the game", |h| h.state().is_remote());
    // and a few turns played
    play_tables(&mut h, Side::Black, |h| {
        h.state().session().game().record().len() >= 10
    });
    let before = h.state().session().game().record().to_vec();
    // When the window stops, and is started again on the same folder
    drop(h);
    let mut h = harness_with(launch(), quick(Settings::default()));
    h.run();
    // Then the game at a distance is taken up again at once: the window joins again by itself,
    // and says so
    assert!(
        h.query_all(By::new().label_contains("taken up again where it stood"))
            .next()
            .is_some()
    );
    wait_for(&mut h, "the offer", |h| {
        h.query_by_label("Accept and play").is_some()
    });
    h.get_by_label("Accept and play").click();
    h.step();
    wait_for(&mut h, "the game again", |h| h.state().is_remote());
    assert!(h.state().session().game().record().starts_with(&before));
    // And it is played to its end with the same friend
    play_tables(&mut h, Side::Black, |_| false);
    assert_eq!(tables_record(&h), over(host).board().record());
}

#[test]
fn a_hosting_window_stopped_mid_game_offers_it_again_under_the_same_invitation() {
    // Given a window, its data in a folder of its own, hosting Irish for a friend's program
    let data = tempfile::tempdir().unwrap();
    let launch = || Launch {
        seed: Some(33),
        data_dir: Some(data.path().to_path_buf()),
        local_network: true,
        ..Launch::default()
    };
    let mut h = window_with_the_network_open_as(launch());
    let code = host_from_the_window(&mut h);
    let friend = friend(&code, "Robin", 9, None, None);
    wait_for(&mut h, "the friend", |h| h.state().is_remote());
    play_tables(&mut h, Side::White, |h| {
        h.state().session().game().record().len() >= 10
    });
    // When the window stops, and is started again on the same folder
    drop(h);
    let mut h = harness_with(launch(), quick(Settings::default()));
    h.step();
    // Then it offers the game again under the same invitation, the friend's program comes back
    // by itself, and the game is played to its end
    wait_for(&mut h, "the friend again", |h| h.state().is_remote());
    play_tables(&mut h, Side::White, |_| false);
    assert_eq!(tables_record(&h), over(friend).board().record());
}

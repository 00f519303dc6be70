//! Play a friend over the network, in the window: the person hosts from the Game menu, reads
//! the invitation, and plays a whole game of Irish by AccessKit against a friend's program (the
//! computer, joining from a thread of this process over this machine's network).

use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};

use gamester::ui::{GamesterApp, Launch, Settings};
use gamester_core::level::Level;
use gamester_net::invite::Invitation;
use gamester_net::link::Reach;
use gamester_net::seat::{Computer, End, Options, Role as NetRole, play};
use gamester_net::{NetAction, Table};
use gamester_rules::tables::{Phase, Side};

use super::access::{play_a_turn_by_accesskit, press_node, quick};
use super::support::harness_with;

/// Steps the window, letting real time pass for the line, until `done`.
fn wait_for(
    h: &mut Harness<'static, GamesterApp>,
    what: &str,
    done: impl Fn(&mut Harness<'static, GamesterApp>) -> bool,
) {
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(60) {
        h.step();
        if done(h) {
            // A few more frames, so the tree shows what the last one did (a spinner may still
            // turn, so the window is stepped, not run to rest); if the friend moved meanwhile,
            // look again.
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

/// The actions of both games, at tables and at the tiles: what changes when anyone moves.
fn moves(app: &GamesterApp) -> usize {
    app.session().game().record().len() + app.tiles().map_or(0, |t| t.game().record().len())
}

/// The friend's program: the computer joining with the code.
fn friend(code: String) -> std::thread::JoinHandle<Result<End, String>> {
    std::thread::spawn(move || {
        let invitation = Invitation::parse(&code).map_err(|e| e.to_string())?;
        let (mut on_invite, mut on_change, mut note) = (|_: &str| {}, |_: &Table| {}, |_: &str| {});
        play(
            NetRole::Join {
                invitation,
                name: "Robin".into(),
                back: None,
            },
            Computer::new(Level::Novice, 5),
            Options {
                reach: Reach::Local,
                on_invite: &mut on_invite,
                on_change: &mut on_change,
                note: &mut note,
                cut_at: None,
                patience: Duration::from_secs(120),
            },
        )
    })
}

#[test]
fn a_whole_game_of_irish_with_a_friend_at_a_distance_is_hosted_and_played_in_the_window() {
    // Given the window, on this machine's network only
    let launch = Launch {
        seed: Some(8),
        local_network: true,
        ..Launch::default()
    };
    let mut h = harness_with(launch, quick(Settings::default()));
    h.run();
    // When the person chooses Game → Play a friend over the network → Host this game
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Play a friend over the network…").click();
    h.run();
    h.get_by_label("Host this game").click();
    h.step();
    // Then the invitation is shown, to copy
    wait_for(&mut h, "the invitation", |h| {
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
    // and once the friend joins with it, the game is the window's, the friend's side not the
    // person's
    let friend = friend(code);
    wait_for(&mut h, "the friend", |h| h.state().is_remote());
    assert!(
        h.query_all(By::new().label_contains("over the network: "))
            .next()
            .is_some(),
        "the connection's state is shown"
    );
    // And a whole game is played by the person through AccessKit, the dice thrown by both
    for turn in 0..600 {
        wait_for(&mut h, "the person's turn", |h| {
            let game = h.state().session().game();
            game.is_over()
                || (!h.state().sliding()
                    && match game.phase() {
                        Phase::ThrowOff => true,
                        Phase::ToThrow | Phase::Playing => game.turn() == Side::White,
                        _ => false,
                    })
        });
        let game = h.state().session().game();
        if game.is_over() {
            break;
        }
        assert!(turn < 599, "the game ends");
        if game.phase() == Phase::Playing {
            play_a_turn_by_accesskit(&mut h);
        } else if !press_node(&mut h, Role::Button, "lit: throw the dice") {
            // The throw is under way: the friend's share is on its way.
            h.step();
        }
    }
    let friend = match friend.join().unwrap() {
        Ok(End::Over(t)) => t,
        other => panic!("{other:?}"),
    };
    // Then both have the same game, to its end
    let ours: Vec<NetAction> = h
        .state()
        .session()
        .game()
        .record()
        .iter()
        .copied()
        .map(NetAction::Tables)
        .collect();
    assert!(h.state().session().game().is_over());
    assert_eq!(ours, friend.board().record());
    // and the friend's name is the story's
    assert!(h.state().session().side_name(Side::Black).contains("Robin"));
}

/// A friend's program hosting Irish: the computer, on a thread; its code comes on the channel.
fn host() -> (String, std::thread::JoinHandle<Result<End, String>>) {
    let (tx, rx) = std::sync::mpsc::channel();
    let thread = std::thread::spawn(move || {
        let mut on_invite = |code: &str| {
            let _ = tx.send(code.to_string());
        };
        let (mut on_change, mut note) = (|_: &Table| {}, |_: &str| {});
        let setup = gamester_net::Setup {
            family: gamester_net::Family::Tables(gamester_rules::tables::Rules::preset(
                gamester_rules::tables::Preset::Irish,
            )),
            names: vec!["Kate".into(), "Player 2".into()],
            owners: vec![0, 1],
            record: Vec::new(),
        };
        play(
            NetRole::Host(setup),
            Computer::new(Level::Novice, 6),
            Options {
                reach: Reach::Local,
                on_invite: &mut on_invite,
                on_change: &mut on_change,
                note: &mut note,
                cut_at: None,
                patience: Duration::from_secs(120),
            },
        )
    });
    let code = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the invitation");
    (code, thread)
}

#[test]
fn the_window_joins_with_a_pasted_invitation_sees_the_game_offered_and_plays_it_to_the_end() {
    let launch = Launch {
        seed: Some(9),
        local_network: true,
        ..Launch::default()
    };
    let mut h = harness_with(launch, quick(Settings::default()));
    h.run();
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Play a friend over the network…").click();
    h.run();
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
    // The friend's invitation, pasted (in small letters, as an email might have it)
    let (code, host) = host();
    // (Through AccessKit, as a screen reader sets a field: the text replaced whole.)
    h.get_by_role(Role::MultilineTextInput)
        .set_text_value_accesskit(&code.to_lowercase());
    h.run();
    h.get_by_label("Join the game").click();
    h.step();
    // The game offered is shown before it is accepted
    wait_for(&mut h, "the offer", |h| {
        h.query_by_label("Accept and play").is_some()
    });
    assert!(
        h.query_all(By::new().label_contains("Kate offers Irish"))
            .next()
            .is_some()
    );
    assert!(h.query_by_label("You play Black.").is_some());
    h.get_by_label("Accept and play").click();
    h.step();
    wait_for(&mut h, "the start", |h| h.state().is_remote());
    for turn in 0..600 {
        wait_for(&mut h, "the person's turn", |h| {
            let game = h.state().session().game();
            game.is_over()
                || (!h.state().sliding()
                    && match game.phase() {
                        Phase::ThrowOff => true,
                        Phase::ToThrow | Phase::Playing => game.turn() == Side::Black,
                        _ => false,
                    })
        });
        let game = h.state().session().game();
        if game.is_over() {
            break;
        }
        assert!(turn < 599, "the game ends");
        if game.phase() == Phase::Playing {
            play_black_by_accesskit(&mut h);
        } else if !press_node(&mut h, Role::Button, "lit: throw the dice") {
            h.step();
        }
    }
    let host = match host.join().unwrap() {
        Ok(End::Over(t)) => t,
        other => panic!("{other:?}"),
    };
    let ours: Vec<NetAction> = h
        .state()
        .session()
        .game()
        .record()
        .iter()
        .copied()
        .map(NetAction::Tables)
        .collect();
    assert_eq!(ours, host.board().record());
}

/// Black's turn by AccessKit: a man that may move, then a lit place, until the dice are lifted.
fn play_black_by_accesskit(h: &mut Harness<'static, GamesterApp>) {
    for _ in 0..40 {
        let game = h.state().session().game();
        if game.phase() != Phase::Playing || game.turn() != Side::Black {
            return;
        }
        if game.allowed_steps().is_empty() {
            assert!(press_node(h, Role::Button, "lift the dice"));
            continue;
        }
        assert!(press_node(h, Role::Button, "a man here may move"));
        assert!(
            press_node(h, Role::Button, "may move here")
                || press_node(h, Role::Button, "may bear off here")
        );
    }
    panic!("the turn never ended");
}

#[test]
fn when_the_friends_line_drops_the_window_waits_and_the_game_goes_on_when_they_come_back() {
    let launch = Launch {
        seed: Some(10),
        local_network: true,
        ..Launch::default()
    };
    let mut h = harness_with(launch, quick(Settings::default()));
    h.run();
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Play a friend over the network…").click();
    h.run();
    h.get_by_label("Host this game").click();
    h.step();
    wait_for(&mut h, "the invitation", |h| {
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
    // A friend whose program plays the computer's moves and throws at once, and whose line
    // drops after 12 actions (the person's throws wait on it, so it cannot go further alone)
    let invitation = Invitation::parse(&code).unwrap();
    let cut = {
        let invitation = invitation.clone();
        std::thread::spawn(move || {
            let (mut on_invite, mut on_change, mut note) =
                (|_: &str| {}, |_: &Table| {}, |_: &str| {});
            play(
                NetRole::Join {
                    invitation,
                    name: "Robin".into(),
                    back: None,
                },
                Computer::new(Level::Novice, 5),
                Options {
                    reach: Reach::Local,
                    on_invite: &mut on_invite,
                    on_change: &mut on_change,
                    note: &mut note,
                    cut_at: Some(12),
                    patience: Duration::from_secs(120),
                },
            )
        })
    };
    wait_for(&mut h, "the friend", |h| h.state().is_remote());
    // The person plays until the friend's line drops
    let cut = loop {
        wait_for(&mut h, "a turn or the drop", |h| {
            let waiting = h
                .query_all(By::new().label_contains("Waiting for Robin to come back"))
                .next()
                .is_some();
            let game = h.state().session().game();
            waiting
                || (!h.state().sliding()
                    && match game.phase() {
                        Phase::ThrowOff => true,
                        Phase::ToThrow | Phase::Playing => game.turn() == Side::White,
                        _ => false,
                    })
        });
        if cut.is_finished() {
            break cut.join().unwrap();
        }
        if h.state().session().game().phase() == Phase::Playing {
            play_a_turn_by_accesskit(&mut h);
        } else if !press_node(&mut h, Role::Button, "lit: throw the dice") {
            h.step();
        }
    };
    let Ok(End::Cut(table)) = cut else {
        panic!("{cut:?}")
    };
    wait_for(&mut h, "the window to say it waits", |h| {
        h.query_all(By::new().label_contains("Waiting for Robin to come back"))
            .next()
            .is_some()
    });
    let kept = h.state().session().game().record().to_vec();
    // The friend comes back with the same invitation and its record; the game goes on to its
    // end from where it stood
    let back = friend_back(invitation, table.me(), table.board().record());
    for turn in 0..600 {
        wait_for(&mut h, "the person's turn", |h| {
            let game = h.state().session().game();
            game.is_over()
                || (!h.state().sliding()
                    && h.query_all(By::new().label_contains("over the network: "))
                        .next()
                        .is_some()
                    && match game.phase() {
                        Phase::ThrowOff => true,
                        Phase::ToThrow | Phase::Playing => game.turn() == Side::White,
                        _ => false,
                    })
        });
        if h.state().session().game().is_over() {
            break;
        }
        assert!(turn < 599, "the game ends");
        if h.state().session().game().phase() == Phase::Playing {
            play_a_turn_by_accesskit(&mut h);
        } else if !press_node(&mut h, Role::Button, "lit: throw the dice") {
            h.step();
        }
    }
    let friend = match back.join().unwrap() {
        Ok(End::Over(t)) => t,
        other => panic!("{other:?}"),
    };
    let ours = h.state().session().game().record().to_vec();
    assert!(ours.starts_with(&kept));
    assert_eq!(
        ours.iter()
            .copied()
            .map(NetAction::Tables)
            .collect::<Vec<_>>(),
        friend.board().record()
    );
}

/// The friend coming back: the computer, with its party and record.
fn friend_back(
    invitation: Invitation,
    party: usize,
    record: Vec<NetAction>,
) -> std::thread::JoinHandle<Result<End, String>> {
    std::thread::spawn(move || {
        let (mut on_invite, mut on_change, mut note) = (|_: &str| {}, |_: &Table| {}, |_: &str| {});
        play(
            NetRole::Join {
                invitation,
                name: "Robin".into(),
                back: Some((party, record)),
            },
            Computer::new(Level::Novice, 7),
            Options {
                reach: Reach::Local,
                on_invite: &mut on_invite,
                on_change: &mut on_change,
                note: &mut note,
                cut_at: None,
                patience: Duration::from_secs(120),
            },
        )
    })
}

/// A party's program playing the computer, on a thread: host (with `setup`) or joiner.
fn computer_party(
    role: NetRole,
    seed: u64,
) -> (
    std::sync::mpsc::Receiver<String>,
    std::thread::JoinHandle<Result<End, String>>,
) {
    let (tx, rx) = std::sync::mpsc::channel();
    let thread = std::thread::spawn(move || {
        let mut on_invite = |code: &str| {
            let _ = tx.send(code.to_string());
        };
        let (mut on_change, mut note) = (|_: &Table| {}, |_: &str| {});
        play(
            role,
            Computer::new(Level::Novice, seed),
            Options {
                reach: Reach::Local,
                on_invite: &mut on_invite,
                on_change: &mut on_change,
                note: &mut note,
                cut_at: None,
                patience: Duration::from_secs(120),
            },
        )
    });
    (rx, thread)
}

#[test]
fn muggins_for_three_is_played_in_the_window_with_two_friends_at_a_distance() {
    use gamester_rules::tiles::{Action, Phase as TilesPhase, Preset, Rules};
    // Given a friend's program hosting Muggins for three, and another joining it
    let setup = gamester_net::Setup {
        family: gamester_net::Family::Tiles(Rules::preset(Preset::Muggins).with_players(3)),
        names: vec!["Kate".into(), "Player 2".into(), "Player 3".into()],
        owners: vec![0, 1, 2],
        record: Vec::new(),
    };
    let (codes, host) = computer_party(NetRole::Host(setup), 11);
    let code = codes.recv_timeout(Duration::from_secs(30)).unwrap();
    let invitation = Invitation::parse(&code).unwrap();
    let (_, tom) = computer_party(
        NetRole::Join {
            invitation,
            name: "Tom".into(),
            back: None,
        },
        12,
    );
    // When the window joins as the third
    let launch = Launch {
        seed: Some(13),
        local_network: true,
        ..Launch::default()
    };
    let mut h = harness_with(launch, quick(Settings::default()));
    h.run();
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Play a friend over the network…").click();
    h.run();
    h.get_by_role(Role::MultilineTextInput)
        .set_text_value_accesskit(&code);
    h.run();
    h.get_by_label("Join the game").click();
    h.step();
    wait_for(&mut h, "the offer", |h| {
        h.query_by_label("Accept and play").is_some()
    });
    assert!(
        h.query_all(By::new().label_contains("Kate offers Muggins dominoes, 3 players"))
            .next()
            .is_some()
    );
    h.get_by_label("Accept and play").click();
    h.step();
    wait_for(&mut h, "the start", |h| {
        h.state().tiles().is_some_and(|_| h.state().tiles_remote())
    });
    // Then the person plays every move by AccessKit to the game's end
    for turn in 0..2000 {
        wait_for(&mut h, "the person's move", |h| {
            let t = h.state().tiles().unwrap();
            t.game().phase() == TilesPhase::GameOver || t.person_to_act().is_some()
        });
        let t = h.state().tiles().unwrap();
        let game = t.game().clone();
        if game.phase() == TilesPhase::GameOver {
            break;
        }
        assert!(turn < 1999, "the game ends");
        let me = t.person_to_act().unwrap();
        let fits = game
            .hand(me)
            .iter()
            .copied()
            .find(|&tile| super::tiles::may_lay(&game, tile));
        if let Some(tile) = fits {
            let name = format!("Your tile: The {}:", tile.words());
            assert!(press_node(&mut h, Role::Button, &name), "{name:?}");
            assert!(
                press_node(&mut h, Role::Button, "Lay the")
                    || press_node(&mut h, Role::Button, "Set the")
            );
        } else if game.legal_actions().contains(&Action::Draw) {
            assert!(press_node(&mut h, Role::Button, "You may draw"));
        } else {
            assert!(press_node(&mut h, Role::Button, "Knock"));
        }
    }
    let host = match host.join().unwrap() {
        Ok(End::Over(t)) => t,
        other => panic!("{other:?}"),
    };
    assert!(matches!(tom.join().unwrap(), Ok(End::Over(_))));
    let ours: Vec<NetAction> = h
        .state()
        .tiles()
        .unwrap()
        .game()
        .record()
        .iter()
        .cloned()
        .map(NetAction::Tiles)
        .collect();
    assert_eq!(ours, host.board().record());
    // and the others sat under their names
    let t = h.state().tiles().unwrap();
    assert!((0..3).any(|p| t.name(p) == "Kate") && (0..3).any(|p| t.name(p) == "Tom"));
}

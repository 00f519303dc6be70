//! A game at a distance that does not go smoothly: a friend who stalls after seeing the dice,
//! a host stopped and started again, a covered window, a window stopped mid-game and started
//! again. The cheating and the stalling are real peers on real lines.

use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};

use gamester::ui::{GamesterApp, Launch, Settings};
use gamester_core::level::Level;
use gamester_net::invite::Invitation;
use gamester_net::link::Reach;
use gamester_net::seat::{Computer, End, Options, Role as NetRole, play};
use gamester_net::table::Pledge;
use gamester_net::{Setup, Table};
use gamester_rules::tables::{Phase, Side};

use super::access::{play_a_turn_of, press_node, quick};
use super::network::{
    Party, friend, friend_hosting, host_from_the_window, irish, join_from_the_window, over,
    play_tables, tables_record, wait_for, window_with_the_network_open,
    window_with_the_network_open_as,
};
use super::support::harness_with;

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
            // Mallory's key: its line is opened with it, and it signs with it.
            let key = gamester_net::sign::Key::generate();
            let endpoint = iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
                .relay_mode(iroh::RelayMode::Disabled)
                .secret_key(key.secret())
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
            let mut root = gamester_net::sign::Hash::default();
            while let Ok(msg) = wire::read(&mut recv).await {
                match msg {
                    Msg::Welcome { setup, party, .. } => {
                        let sig = Some(key.sign(&setup.offer(party)));
                        wire::write(&mut send, &Msg::Accept { sig }).await.unwrap();
                    }
                    Msg::Start { setup } => root = setup.root(),
                    // The throw-off: the first entry, chained to the seating.
                    Msg::Commit { from: 0, at, .. } => {
                        let seed = gamester_net::sign::Hash([9; 32]);
                        let hash = gamester_net::record::commitment(1, at, &seed);
                        let sig =
                            key.sign(&gamester_net::record::commit_statement(&root, 1, &hash));
                        let commit = Msg::Commit {
                            from: 1,
                            at,
                            hash,
                            sig,
                        };
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
fn a_friend_who_stalls_after_seeing_the_dice_is_counted_down_and_loses_the_game_kept_as_abandoned()
{
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
    let abandoned = h.state().session().abandoned().cloned();
    let abandoned = abandoned.expect("the game is ended as abandoned");
    assert!(
        abandoned
            .reason
            .contains("abandoned by Mallory, who kept the game waiting"),
        "{}",
        abandoned.reason
    );
    // It records who left (Mallory played Black, the second seat), when, and the last link of
    // the record both sides signed
    assert_eq!(abandoned.seats, vec![1]);
    assert!(abandoned.when.is_some());
    assert!(
        abandoned
            .last_signed
            .as_ref()
            .is_some_and(|h| h.len() == 64 && h.chars().all(|c| c.is_ascii_hexdigit())),
        "{:?}",
        abandoned.last_signed
    );
    assert!(
        h.state().session().game().record().is_empty(),
        "no throw was made"
    );
    assert_eq!(abandoned.moves, 0);
    // Mallory loses the game at the stake on the board, a single game: the score counts it,
    // and the story, the status line and the score beside the story say it
    let tally = h.state().session().tally();
    assert_eq!((tally.white, tally.black, tally.games), (1, 0, 1));
    let loss = "Mallory loses a single game, 1 stake";
    assert!(
        h.state()
            .session()
            .log()
            .iter()
            .any(|e| e.words.contains("abandoned by Mallory") && e.words.contains(loss)),
        "the story tells it"
    );
    assert!(h.state().session().status().contains(loss));
    let shown = |h: &Harness<'static, GamesterApp>, words: &str| {
        h.query_all(By::new().label_contains(words))
            .next()
            .is_some()
    };
    assert!(shown(&h, loss), "the window says it");
    assert!(
        shown(&h, "Session: White 1, Black 0"),
        "the score counts it"
    );
    let kept = h
        .state()
        .settings()
        .recent
        .latest()
        .map(std::path::Path::to_path_buf);
    let kept = kept.expect("kept in Open recent");
    assert!(
        kept.display()
            .to_string()
            .ends_with("(abandoned, Mallory loses).ron"),
        "{}",
        kept.display()
    );
    let loaded = gamester_core::save::load(&kept).unwrap();
    assert_eq!(loaded.abandoned.as_ref(), Some(&abandoned));
    // Opened again, the kept game counts the loss once, and is not played on
    let elsewhere = tempfile::tempdir().unwrap();
    let mut again = harness_with(
        Launch {
            open: Some(kept.clone()),
            data_dir: Some(elsewhere.path().to_path_buf()),
            seed: Some(1),
            ..Launch::default()
        },
        Settings::default(),
    );
    again.run();
    assert_eq!(again.state().session().tally(), tally);
    assert!(shown(&again, "Session: White 1, Black 0"));
    assert!(
        again
            .state()
            .session()
            .log()
            .iter()
            .any(|e| e.words.contains(loss))
    );
    assert!(!shown(&again, "Play on against the computer"));
    // The line closing after it says nothing new: the window does not wait for Mallory, and
    // still says where the game is kept
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(2) {
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!shown(&h, "waiting for them to come back"));
    assert!(shown(&h, "It is kept in Open recent"));
    // Started again on the same folder, the window takes the game up from its autosave as it
    // was left, ended and counted: it neither offers it again at a distance, nor offers to play
    // it on, nor counts it a second time
    drop(h);
    let mut h = harness_with(
        Launch {
            seed: Some(15),
            data_dir: Some(dir.path().to_path_buf()),
            local_network: true,
            ..Launch::default()
        },
        Settings::default(),
    );
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(2) {
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!h.state().is_remote(), "offered again at a distance");
    assert_eq!(h.state().session().abandoned(), Some(&abandoned));
    assert_eq!(h.state().session().tally(), tally);
    assert!(!shown(&h, "Play on against the computer"));
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
                under_way: false,
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
    let (code, identity) = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("the host's invitation");
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
    // and the person plays on while it is stopped, if the host stopped in the person's turn:
    // each move is kept here (none is taken back for want of a line), to go when it is back
    play_a_turn_of(&mut h, Side::Black);
    let kept = tables_record(&h);
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
        host.board().record().starts_with(&kept),
        "the moves made while the host was stopped reached it"
    );
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
    // (and the offer is the one way on: playing on against the computer is not offered beside
    // it, issue 57, item 10)
    assert!(h.query_by_label("Play on against the computer").is_none());
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

#[test]
fn a_window_started_again_without_its_way_back_never_plays_its_friends_side_until_asked() {
    // Given a window, its data in a folder of its own, that joined a friend's game of Irish
    // and stopped in the middle of the person's own play
    let data = tempfile::tempdir().unwrap();
    let launch = || Launch {
        seed: Some(37),
        data_dir: Some(data.path().to_path_buf()),
        local_network: true,
        ..Launch::default()
    };
    let (code, _host) = friend_hosting(irish("Kate"), 18);
    let mut h = window_with_the_network_open_as(launch());
    join_from_the_window(&mut h, &code, "Kate offers Irish");
    h.get_by_label("Accept and play").click();
    h.step();
    wait_for(&mut h, "the game", |h| h.state().is_remote());
    play_tables(&mut h, Side::Black, |h| {
        let game = h.state().session().game();
        game.record().len() >= 10 && game.turn() == Side::Black && game.phase() == Phase::Playing
    });
    assert!(!h.state().session().game().is_over());
    drop(h);
    // and whose way back to the game was lost
    let way_back = data.path().join("distance.ron");
    assert!(
        way_back.exists(),
        "the way back was kept while the game was played"
    );
    std::fs::remove_file(&way_back).unwrap();
    // When it is started again on the same folder, the person ends his play, and the window is
    // left to run
    let mut h = harness_with(launch(), quick(Settings::default()));
    h.run();
    play_a_turn_of(&mut h, Side::Black);
    let before = h.state().session().game().record().to_vec();
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(2) {
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    // Then the friend's side was never played here, by the computer or anyone: the game
    // stands where the person left it, and the window says why nothing moves
    let game = h.state().session().game();
    assert_eq!(game.record(), &before[..]);
    assert_eq!((game.phase(), game.turn()), (Phase::ToThrow, Side::White));
    assert!(
        h.query_all(By::new().label_contains("played with friends at a distance"))
            .next()
            .is_some()
    );
    // And no throw is made here for the game: the dice are both sides' to make
    h.key_press(egui::Key::Space);
    h.run();
    assert_eq!(h.state().session().game().record(), &before[..]);
    // Until the person plays on against the computer: then the computer plays Kate's side
    // here, under her name, and the story says so
    h.get_by_label("Play on against the computer").click();
    h.run();
    assert!(
        h.state()
            .session()
            .log()
            .iter()
            .any(|l| l.words.starts_with("The computer plays on for Kate")),
        "the story says who plays Kate's side now"
    );
    let seats = h.state().session().seats().clone();
    assert!(!seats.at_a_distance());
    assert_eq!(seats.white.players[0].name, "Kate");
    wait_for(&mut h, "the computer's throw for Kate", |h| {
        h.state().session().game().record().len() > before.len()
    });
    assert!(
        h.query_all(By::new().label_contains("Play on against the computer"))
            .next()
            .is_none(),
        "the offer goes once taken"
    );
}

//! The board to a screen reader and to the keyboard alone: the places are nodes named in the
//! period words, a whole game is played by keys only and by AccessKit's actions only (no
//! pointer event), and what happens is announced.

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};

use gamester::ui::shell::settings::Speed;
use gamester::ui::tables::board_access;
use gamester::ui::{GamesterApp, Settings};
use gamester_rules::tables::{Action, Phase, Preset, Rules, Side};

use super::support::{harness, two_people};

pub(super) fn quick(mut settings: Settings) -> Settings {
    settings.speed = Speed::Instant;
    settings.guide_offered = true;
    settings
}

/// The label of the board's node that has the keyboard's focus.
fn focused_label(h: &Harness<'static, GamesterApp>) -> Option<String> {
    board_access::focused(&h.ctx)?;
    h.query(By::new().predicate(|n| n.is_focused()))
        .and_then(|n| n.accesskit_node().label())
}

/// What the live region says now.
fn announced(h: &Harness<'static, GamesterApp>) -> String {
    h.query_by_role(Role::Status)
        .and_then(|n| n.accesskit_node().label())
        .unwrap_or_default()
}

fn key(h: &mut Harness<'static, GamesterApp>, k: Key) {
    h.key_press(k);
    h.run();
}

/// Steps the window (the computer thinks on its own thread) until `done`: as long as a loaded
/// machine needs for a debug build's computer, up to four minutes, so that only a computer
/// that never answers fails.
fn wait(h: &mut Harness<'static, GamesterApp>, done: impl Fn(&GamesterApp) -> bool) {
    let began = std::time::Instant::now();
    while began.elapsed() < std::time::Duration::from_secs(240) {
        h.step();
        if done(h.state()) {
            // One more frame, so that the tree shows what the last one did.
            h.run();
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(3));
    }
    panic!("waited in vain: {:?}", h.state().session().game().phase());
}

fn persons_turn_or_over(app: &GamesterApp) -> bool {
    let game = app.session().game();
    game.is_over()
        || (game.turn() == Side::White && !app.computer_thinking() && {
            matches!(
                game.phase(),
                Phase::ToThrow | Phase::Playing | Phase::ThrowOff
            )
        })
}

#[test]
fn the_board_is_read_place_by_place_in_the_period_words() {
    // Given Irish at the start, two people at the screen (White at the bottom)
    let mut h = harness(3, quick(two_people()));
    h.run();
    // Then each point is a node named by its owner's words, with the men on it
    h.get_by_role_and_label(Role::Button, "Your sice point: 5 white men");
    h.get_by_role_and_label(Role::Button, "Black's sice point: 5 black men");
    h.get_by_role_and_label(Role::Button, "Your cater point, empty");
    h.get_by_role_and_label(Role::Button, "White's tray: 0 of 15 men borne off");
    h.get_by_role_and_label(Role::Button, "Black's men on the bar: none");
    // and they are the board's
    let board = h.get_by_role_and_label(Role::Group, "The board");
    let places = board
        .query_all(By::new().role(Role::Button).recursive(true))
        .count();
    assert!(
        places >= 24 + 6,
        "the places are within the board: {places}"
    );
}

#[test]
fn the_names_follow_the_view_in_numbers_too() {
    let mut settings = quick(two_people());
    settings.numbers = true;
    let mut h = harness(3, settings);
    h.run();
    h.get_by_role_and_label(Role::Button, "Point 6: 5 white men");
    h.get_by_role_and_label(Role::Button, "Point 19: 5 black men");
    assert!(h.query_by_label("Your sice point: 5 white men").is_none());
}

#[test]
fn the_arrows_walk_the_board_in_the_order_of_play_and_escape_leaves_it() {
    let mut h = harness(3, quick(two_people()));
    h.run();
    // Right from nowhere: White's bar, then his 24 point (Black's ace point)
    key(&mut h, Key::ArrowRight);
    assert_eq!(
        focused_label(&h).as_deref(),
        Some("White's men on the bar: none")
    );
    key(&mut h, Key::ArrowRight);
    assert_eq!(
        focused_label(&h).as_deref(),
        Some("Black's ace point: 2 white men")
    );
    key(&mut h, Key::ArrowLeft);
    key(&mut h, Key::ArrowLeft);
    // Left from the bar goes round to the last place
    assert!(focused_label(&h).is_some_and(|l| l.contains("dice box")));
    // Escape with no man picked up: the focus leaves the board, and the keys are the game's
    key(&mut h, Key::Escape);
    assert_eq!(focused_label(&h), None);
}

/// Plays the person's turn by keys alone: Down to a man who may move, Enter, Down to a lit
/// point, Enter; Enter again lifts the dice when the play is done.
fn play_a_turn_by_keys(h: &mut Harness<'static, GamesterApp>) {
    for _ in 0..40 {
        let game = h.state().session().game();
        if game.phase() != Phase::Playing || game.turn() != Side::White {
            return;
        }
        if game.allowed_steps().is_empty() {
            // Enter lifts the dice once the play is complete, the focus still on the board
            assert!(game.may_confirm());
            assert!(focused_label(h).is_some(), "the focus is on the board");
            let before = game.record().len();
            key(h, Key::Enter);
            assert_eq!(
                h.state().session().game().record().get(before),
                Some(&Action::Confirm),
                "Enter lifted the dice: {}",
                h.state().session().status()
            );
            continue;
        }
        let mut found = false;
        for _ in 0..40 {
            key(h, Key::ArrowDown);
            if focused_label(h).is_some_and(|l| l.contains("a man here may move")) {
                found = true;
                break;
            }
        }
        assert!(found, "Down comes to a man who may move");
        key(h, Key::Enter);
        assert!(
            focused_label(h).is_some_and(|l| l.contains("the man picked up")),
            "Enter picked him up: {:?}",
            focused_label(h)
        );
        // With the man picked up, Down goes only to the places lit for him
        key(h, Key::ArrowDown);
        let to = focused_label(h).unwrap_or_default();
        assert!(
            to.contains("may move here") || to.contains("may bear off here"),
            "Down from the man picked up goes to a lit place: {to:?}"
        );
        let before = h.state().session().game().record().len();
        key(h, Key::Enter);
        assert!(
            h.state().session().game().record().len() > before,
            "Enter on a lit place moved the man"
        );
    }
    panic!("the turn never ended");
}

/// Plays the game in `h` to its end, the person White against the computer, by keys alone:
/// Space throws, a turn is played as [`play_a_turn_by_keys`] plays it. Returns what the live
/// region said after each of the person's moves.
fn play_to_the_end_by_keys(h: &mut Harness<'static, GamesterApp>) -> Vec<String> {
    let mut said = Vec::new();
    for turn in 0..400 {
        wait(h, persons_turn_or_over);
        let game = h.state().session().game();
        if game.is_over() {
            break;
        }
        assert!(turn < 399, "the game ends");
        match game.phase() {
            Phase::Playing => play_a_turn_by_keys(h),
            _ => key(h, Key::Space),
        }
        said.push(announced(h));
    }
    said
}

#[test]
fn a_whole_game_of_irish_against_the_computer_is_played_by_keys_alone() {
    // Given Irish against the computer, White a person
    let mut h = harness(17, quick(Settings::default()));
    h.run();
    let said = play_to_the_end_by_keys(&mut h);
    // Then the game was played to its end with no pointer at all
    assert!(h.state().session().game().is_over());
    // and the throws and the computer's plays were said
    assert!(said.iter().any(|s| s.contains("Black")), "{said:?}");
    assert!(said.iter().any(|s| s.contains("White")), "{said:?}");
}

/// Plays the person's turn by AccessKit's click alone.
pub(super) fn play_a_turn_by_accesskit(h: &mut Harness<'static, GamesterApp>) {
    play_a_turn_of(h, Side::White);
}

/// Plays `side`'s turn (the person's) by AccessKit's click alone.
pub(super) fn play_a_turn_of(h: &mut Harness<'static, GamesterApp>, side: Side) {
    play_a_turn_of_until(h, side, |_| false);
}

/// The same, stopping (the turn unfinished) once `stop` says so: at a distance, a friend's
/// line that drops in the middle of the person's turn leaves the rest of it waiting.
pub(super) fn play_a_turn_of_until(
    h: &mut Harness<'static, GamesterApp>,
    side: Side,
    stop: impl Fn(&mut Harness<'static, GamesterApp>) -> bool,
) {
    for _ in 0..40 {
        if stop(h) {
            return;
        }
        let game = h.state().session().game();
        if game.phase() != Phase::Playing || game.turn() != side {
            return;
        }
        if game.allowed_steps().is_empty() {
            // Each die says so; a click on any lifts them all.
            assert!(
                press_node(h, Role::Button, "lift the dice"),
                "the dice say they may be lifted"
            );
            continue;
        }
        if !press_node(h, Role::Button, "a man here may move") {
            let labels: Vec<String> = h
                .query_all(By::new().role(Role::Button))
                .filter_map(|n| n.accesskit_node().label())
                .collect();
            panic!("a man who may move is said so: {labels:?}");
        }
        let before = h.state().session().game().record().len();
        assert!(
            press_node(h, Role::Button, "may move here")
                || press_node(h, Role::Button, "may bear off here"),
            "a lit place"
        );
        assert!(h.state().session().game().record().len() > before);
    }
    panic!("the turn never ended");
}

/// Plays the game in `h` to its end, the person White against the computer, by AccessKit's
/// clicks on the board's places alone: a lit dice box throws, a turn is played as
/// [`play_a_turn_by_accesskit`] plays it.
fn play_to_the_end_by_accesskit(h: &mut Harness<'static, GamesterApp>) {
    for turn in 0..400 {
        wait(h, persons_turn_or_over);
        let game = h.state().session().game();
        if game.is_over() {
            break;
        }
        assert!(turn < 399, "the game ends");
        if game.phase() == Phase::Playing {
            play_a_turn_by_accesskit(h);
        } else {
            // (In the throw-off both boxes are lit: each side throws one die.)
            h.query_all(
                By::new()
                    .role(Role::Button)
                    .label_contains("lit: throw the dice"),
            )
            .next()
            .unwrap_or_else(|| panic!("a lit dice box in {:?}", h.state().session().game().phase()))
            .click_accesskit();
            h.run();
        }
    }
}

#[test]
fn a_whole_game_of_irish_against_the_computer_is_played_by_accesskit_alone() {
    let mut h = harness(29, quick(Settings::default()));
    h.run();
    play_to_the_end_by_accesskit(&mut h);
    assert!(h.state().session().game().is_over());
}

/// The words of the computer's last play in the story, if it has played.
fn computers_play(app: &GamesterApp) -> Option<String> {
    app.session()
        .log()
        .iter()
        .rev()
        .find(|e| e.side == Some(Side::Black) && e.notation.is_some())
        .map(|e| e.words.clone())
}

#[test]
fn each_thing_that_happens_is_announced_in_the_storys_words() {
    // Given Irish against the computer
    let mut h = harness(5, quick(Settings::default()));
    h.run();
    assert_eq!(announced(&h), "", "nothing is said before anything happens");
    for _ in 0..30 {
        wait(&mut h, persons_turn_or_over);
        if computers_play(h.state()).is_some() {
            break;
        }
        // When the person acts, the story's new line is said
        match h.state().session().game().phase() {
            Phase::Playing => play_a_turn_by_keys(&mut h),
            _ => {
                key(&mut h, Key::Space);
                let last = h.state().session().log().last().unwrap().words.clone();
                assert!(
                    announced(&h).contains(&last),
                    "{:?} says {last:?}",
                    announced(&h)
                );
            }
        }
    }
    // Then the computer's play was said, without the person asking
    let play = computers_play(h.state()).expect("the computer played");
    assert!(
        announced(&h).contains(&play),
        "{:?} says {play:?}",
        announced(&h)
    );
}

#[test]
fn w_says_where_every_man_stands() {
    let mut h = harness(3, quick(two_people()));
    h.run();
    key(&mut h, Key::W);
    let said = announced(&h);
    assert!(
        said.starts_with("Your men: 2 on Black's ace point, 5 on Black's 12 point"),
        "{said}"
    );
    assert!(said.contains("Black's men: 2 on your ace point"), "{said}");
}

/// Clicks, through AccessKit, the first node of `role` whose label contains `words`; whether
/// there was one.
pub(super) fn press_node(h: &mut Harness<'static, GamesterApp>, role: Role, words: &str) -> bool {
    let Some(node) = h
        .query_all(By::new().role(role).label_contains(words))
        .next()
    else {
        return false;
    };
    node.click_accesskit();
    // The frames settle, unless the computer starts thinking on its own thread (its spinner
    // repaints until it is done): the caller waits for it, however long it takes.
    let _ = h.try_run();
    true
}

/// The person's move at the tiles (whose turn it is), through AccessKit: the first tile of the
/// hand that may be laid, picked up and laid at an end that takes it; else a draw, else a knock.
pub(super) fn press_a_tiles_move(h: &mut Harness<'static, GamesterApp>) {
    use gamester_rules::tiles::Action;
    let t = h.state().tiles().unwrap();
    let game = t.game().clone();
    let me = t.person_to_act().expect("the person's move");
    let fits = game
        .hand(me)
        .iter()
        .copied()
        .find(|&tile| super::tiles::may_lay(&game, tile));
    if let Some(tile) = fits {
        let name = format!("Your tile: The {}:", tile.words());
        assert!(press_node(h, Role::Button, &name), "a node says {name:?}");
        assert_eq!(h.state().tiles().unwrap().picked, Some(tile));
        assert!(
            press_node(h, Role::Button, "Lay the") || press_node(h, Role::Button, "Set the"),
            "an end says the tile may be laid there"
        );
    } else if game.legal_actions().contains(&Action::Draw) {
        assert!(press_node(h, Role::Button, "You may draw"));
    } else {
        assert!(press_node(h, Role::Button, "Knock"));
    }
}

/// The person's next decision, whatever it is, made through AccessKit alone, as a screen reader
/// user would find it by its name: a lit dice box, a man and a lit place, the dice to lift, a
/// throw to choose (Double-hand), a point to break a bound table, a double to take.
fn decide_by_accesskit(h: &mut Harness<'static, GamesterApp>) {
    let phase = h.state().session().game().phase();
    match phase {
        Phase::Playing => play_a_turn_by_accesskit(h),
        Phase::DoubleOffered => assert!(press_node(h, Role::Button, "Take")),
        _ => {
            let done = press_node(h, Role::Button, "lit: throw the dice")
                || press_node(h, Role::Button, "choose this throw")
                || press_node(h, Role::Button, "choose it to break")
                || press_node(h, Role::Button, "Next game");
            assert!(done, "nothing to press in {phase:?}");
        }
    }
}

#[test]
fn a_game_of_every_rule_set_is_played_by_accesskit_alone() {
    for (k, preset) in Preset::ALL.into_iter().enumerate() {
        // Given each rule set against the computer (the cube in play for modern backgammon)
        let mut rules = Rules::preset(preset);
        if preset == Preset::Modern {
            rules.cube = true;
        }
        let mut table =
            gamester_core::players::Seats::against_computer(gamester_core::level::Level::Novice);
        table.fit(rules.players == gamester_rules::tables::Players::DoubleHand);
        let settings = quick(Settings {
            preset: Some(preset),
            rules,
            table,
            ..Settings::default()
        });
        let mut h = harness(100 + k as u64, settings);
        h.run();
        // When the person makes every decision through AccessKit's actions
        let mut decisions = 0;
        while !h.state().session().game().is_over() {
            wait(&mut h, persons_turn_or_over_in_any_phase);
            if h.state().session().game().is_over() {
                break;
            }
            decide_by_accesskit(&mut h);
            decisions += 1;
            assert!(decisions < 600, "{preset:?}: the game ends");
        }
        // Then the game came to its end
        assert!(h.state().session().game().is_over(), "{preset:?}");
    }
}

fn persons_turn_or_over_in_any_phase(app: &GamesterApp) -> bool {
    let session = app.session();
    let game = session.game();
    game.is_over()
        || (!app.computer_thinking()
            && session
                .acting_player()
                .is_some_and(|p| p.controller == gamester_core::players::Controller::Person))
        // A throw-off, at the start or to break a bound table, is both sides' at once.
        || (matches!(game.phase(), Phase::ThrowOff | Phase::BreakThrowOff { .. })
            && !app.computer_thinking())
}

/// The person's next move at the tiles table, made through AccessKit alone, each thing found
/// by its name: a tile of the hand, the end where it is laid, the boneyard, the buttons.
/// Returns false once the game is over.
fn tiles_move_by_accesskit(h: &mut Harness<'static, GamesterApp>) -> bool {
    use gamester_rules::tiles::Phase;
    super::tiles::wait_for_person(h);
    h.run();
    let t = h.state().tiles().unwrap();
    let game = t.game().clone();
    if game.phase() == Phase::GameOver {
        return false;
    }
    let before = game.record().len();
    if t.waits_for_next() {
        assert!(press_node(h, Role::Button, "Next hand"));
        return true;
    }
    if t.to_throw() {
        assert!(press_node(h, Role::Button, "Throw for the set"));
        return true;
    }
    press_a_tiles_move(h);
    for _ in 0..3 {
        h.step();
    }
    let after = h.state().tiles().unwrap().game().record().len();
    assert!(after > before, "the node's click made a move");
    true
}

#[test]
fn a_game_of_draw_is_played_by_accesskit_alone_and_told_as_it_goes() {
    use gamester_core::level::Level;
    use gamester_rules::tiles::{Phase, Preset, Rules};
    // Given Draw for two against the computer
    let settings =
        super::tiles::tiles_settings(Preset::Draw, Rules::preset(Preset::Draw), Level::Novice);
    let mut h = super::tiles::at_tiles(45, quick(settings));
    // When the person makes every move through AccessKit's actions
    let mut moves = 0;
    let mut told = std::collections::HashSet::new();
    while tiles_move_by_accesskit(&mut h) {
        told.insert(announced(&h));
        moves += 1;
        assert!(moves < 500, "the game ends");
    }
    // Then the game was played to its end, and what happened was said in the story's words
    let t = h.state().tiles().unwrap();
    assert_eq!(t.game().phase(), Phase::GameOver);
    assert!(moves > 5);
    let story = t.story();
    assert!(
        told.iter()
            .filter(|s| story.iter().any(|line| s.contains(line.as_str())))
            .count()
            > 3,
        "{told:?}"
    );
}

#[test]
fn help_lists_the_boards_keys() {
    let mut h = harness(3, quick(two_people()));
    h.run();
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("Keys").click();
    h.run();
    for words in ["Right, Left", "Down, Up", "Enter or Space on a place", "W"] {
        assert!(
            h.query_all(By::new().label(words)).next().is_some(),
            "Help → Keys lists {words:?}"
        );
    }
}

#[test]
fn right_never_puts_back_the_one_tile_that_may_be_laid_and_the_tile_picked_has_the_focus() {
    use gamester_core::level::Level;
    use gamester_rules::tiles::{Phase, Preset, Rules};
    let settings =
        super::tiles::tiles_settings(Preset::Draw, Rules::preset(Preset::Draw), Level::Novice);
    let mut h = super::tiles::at_tiles(45, quick(settings));
    // Given the person to lay with exactly one tile of his hand that fits (played up to it)
    let mut found = false;
    for _ in 0..200 {
        super::tiles::wait_for_person(&mut h);
        h.run();
        let t = h.state().tiles().unwrap();
        let game = t.game();
        if game.phase() == Phase::GameOver {
            break;
        }
        if let Some(me) = t.person_to_act()
            && !game.line().is_empty()
            && game
                .hand(me)
                .iter()
                .filter(|&&tile| !game.ends_for(tile).is_empty())
                .count()
                == 1
        {
            found = true;
            break;
        }
        assert!(tiles_move_by_accesskit(&mut h));
    }
    assert!(found, "the game came to a hand with one tile that fits");
    // When Right is pressed, and pressed again, as a player listening for it would
    key(&mut h, Key::ArrowRight);
    key(&mut h, Key::ArrowRight);
    // Then the tile is still picked up, and it has the focus, said to be picked up
    let picked = h
        .state()
        .tiles()
        .unwrap()
        .picked
        .expect("the tile stays picked up");
    let focused = h
        .query(By::new().predicate(|n| n.is_focused()))
        .and_then(|n| n.accesskit_node().label())
        .unwrap_or_default();
    assert!(
        focused.starts_with(&format!("Your tile, picked up: The {}:", picked.words())),
        "{focused:?}"
    );
}

#[test]
fn a_whole_game_of_tick_tack_against_the_computer_is_played_by_keys_alone_and_one_by_clicks() {
    let tick_tack = || {
        quick(Settings {
            rules: Rules::preset(Preset::TickTack),
            ..Settings::default()
        })
    };
    // Given Tick-tack against the computer, played by keys alone
    let mut h = harness(23, tick_tack());
    h.run();
    play_to_the_end_by_keys(&mut h);
    // Then it comes to its end by a score (the person claims nothing, so the computer's hit
    // or a why-not ends it, or a table filled)
    let reason = |h: &Harness<'static, GamesterApp>| {
        h.state()
            .session()
            .game()
            .outcome()
            .map(|o| o.reason)
            .expect("the game is over")
    };
    assert!(
        matches!(reason(&h), gamester_rules::tables::EndReason::Scored(_)),
        "{:?}",
        reason(&h)
    );
    // And another, played by clicks on the board's places alone
    let mut h = harness(31, tick_tack());
    h.run();
    play_to_the_end_by_accesskit(&mut h);
    assert!(matches!(
        reason(&h),
        gamester_rules::tables::EndReason::Scored(_)
    ));
}

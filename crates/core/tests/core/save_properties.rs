//! Save files over many random games under random rule options (seeded by proptest): saving and
//! loading gives the same game, the same record and the same next plays; and no bytes, however
//! mangled, make the loader panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::arb_rules;

use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use gamester_core::ai::random::RandomPlayer;
use gamester_core::level::Level;
use gamester_core::players::Seats;
use gamester_core::save::{self, SaveFile};
use gamester_rules::tables::{Action, Game, Layout, Phase, Rules, Side, Tally};

/// A random game under `rules`, stopped anywhere (mid-play too), with steps now and then taken
/// back so that the record holds undos; sometimes from a custom layout taken from another
/// random game, and with a session tally carried in.
fn random_game(mut rules: Rules, seed: u64) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    if rng.random_ratio(1, 4) {
        let mut other = Game::new(rules.clone()).unwrap();
        RandomPlayer::seeded(seed ^ 1)
            .play_out(&mut other, rng.random_range(0..200))
            .unwrap();
        if !other.is_over() {
            rules.layout = Layout::Custom(other.position().to_setup(Side::White));
        }
    }
    let tally = Tally {
        white: rng.random_range(0..50),
        black: rng.random_range(0..50),
        games: 60,
        draws: rng.random_range(0..3),
        ..Tally::default()
    };
    let mut game = Game::with_tally(rules, tally).unwrap();
    let mut player = RandomPlayer::seeded(seed);
    let stop = if rng.random_ratio(1, 3) {
        usize::MAX
    } else {
        rng.random_range(0..400)
    };
    let mut acts = 0;
    while !game.is_over() && acts < stop && acts < 20_000 {
        if game.phase() == Phase::Playing && rng.random_ratio(1, 3) {
            // A step or two, then perhaps taken back, perhaps left half-played.
            for _ in 0..rng.random_range(1..=2) {
                let steps = game.allowed_steps();
                if steps.is_empty() {
                    break;
                }
                let step = steps[rng.random_range(0..steps.len())];
                game.apply(Action::Step(step)).unwrap();
            }
            if rng.random_ratio(1, 2) {
                while game.apply(Action::Undo).is_ok() {}
            }
            if rng.random_ratio(1, 40) {
                break;
            }
            while game.apply(Action::Undo).is_ok() {}
        }
        player.act(&mut game).unwrap();
        acts += 1;
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, rng_seed: RngSeed::Fixed(0x5a7e), ..ProptestConfig::default() })]

    /// Save, then load: the same game (position, phase, dice, cube, tally, record), the same
    /// next legal plays and choices, and a replay whose end is the game.
    #[test]
    fn a_saved_game_loads_as_the_same_game(rules in arb_rules(), seed in any::<u64>()) {
        let game = random_game(rules, seed);
        let table = Seats::against_computer(Level::Fair);
        let text = save::to_string(&SaveFile::from_game(&game, &table)).unwrap();
        let loaded = save::from_str(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&loaded.game, &game);
        prop_assert_eq!(loaded.game.record(), game.record());
        prop_assert_eq!(loaded.game.legal_plays(), game.legal_plays());
        prop_assert_eq!(loaded.game.choices(), game.choices());
        prop_assert_eq!(loaded.game.tally(), game.tally());
        prop_assert_eq!(&loaded.table, &table);
        prop_assert_eq!(loaded.replay.len(), game.record().len());
        prop_assert_eq!(&loaded.replay.game_at(game.record().len()), &game);
        // Saving the loaded game writes the same text again.
        let again = save::to_string(&SaveFile::from_game(&loaded.game, &loaded.table)).unwrap();
        prop_assert_eq!(again, text);
    }

    /// Every turn end of the replay is a game whose turn count has just gone up.
    #[test]
    fn turn_ends_are_where_turns_are_counted(rules in arb_rules(), seed in any::<u64>()) {
        let game = random_game(rules, seed);
        let file = SaveFile::from_game(&game, &Seats::two_people());
        let replay = save::replay_file(file).unwrap().replay;
        let mut last = 0;
        for &n in replay.turn_ends() {
            let before = replay.game_at(n - 1);
            let after = replay.game_at(n);
            prop_assert!(n > last);
            prop_assert!(after.turns() > before.turns() || after.is_over());
            last = n;
        }
    }
}

/// Text that is mostly a saved game, mangled: bytes flipped, cut, repeated and stray tokens.
fn mangle(text: &str, rng: &mut StdRng) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..rng.random_range(1..=4) {
        if bytes.is_empty() {
            break;
        }
        let at = rng.random_range(0..bytes.len());
        match rng.random_range(0..8) {
            // A digit changed: a die, a point, a choice, a count.
            0 | 6 | 7 => {
                let digits: Vec<usize> = (0..bytes.len())
                    .filter(|&i| bytes[i].is_ascii_digit())
                    .collect();
                if !digits.is_empty() {
                    bytes[digits[rng.random_range(0..digits.len())]] =
                        b'0' + rng.random_range(0..10);
                }
            }
            4 => bytes[at] ^= 1 << rng.random_range(0..8),
            1 => bytes[at] = rng.random(),
            2 => {
                let end = (at + rng.random_range(0..40)).min(bytes.len());
                bytes.drain(at..end);
            }
            3 => {
                let end = (at + rng.random_range(0..40)).min(bytes.len());
                let copy: Vec<u8> = bytes[at..end].to_vec();
                bytes.splice(at..at, copy);
            }
            _ => {
                let tokens: [&[u8]; 8] = [
                    b"[",
                    b"(",
                    b")",
                    b"99999999999999999999",
                    b"-1",
                    b"7",
                    b"undo,",
                    b"\"",
                ];
                let t = tokens[rng.random_range(0..tokens.len())];
                bytes.splice(at..at, t.iter().copied());
            }
        }
    }
    bytes
}

/// Loads `bytes` as a file would be loaded; an accepted text must save back to an accepted
/// text of the same game.
fn load_bytes(bytes: &[u8]) -> Result<(), TestCaseError> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Ok(());
    };
    if let Ok(loaded) = save::from_str(text) {
        let again = save::to_string(&SaveFile::from_game(&loaded.game, &loaded.table)).unwrap();
        let reloaded = save::from_str(&again).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(reloaded.game, loaded.game);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, rng_seed: RngSeed::Fixed(0x5a7e), ..ProptestConfig::default() })]

    /// Arbitrary bytes never panic the loader.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        load_bytes(&bytes)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, rng_seed: RngSeed::Fixed(0x5a7e), ..ProptestConfig::default() })]

    /// Saved games mangled at random never panic the loader, and what it accepts is a game.
    #[test]
    fn mangled_saves_never_panic(rules in arb_rules(), seed in any::<u64>()) {
        let game = random_game(rules, seed);
        let text = save::to_string(&SaveFile::from_game(&game, &Seats::two_people())).unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        for _ in 0..8 {
            load_bytes(&mangle(&text, &mut rng))?;
        }
    }
}

#[test]
fn arbitrary_bytes_in_a_file_never_panic() {
    // Given files of random bytes (seeded), some of them valid text
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("noise.ron");
    let mut rng = StdRng::seed_from_u64(4);
    for i in 0..200 {
        let len = rng.random_range(0..300);
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                if i % 2 == 0 {
                    rng.random()
                } else {
                    b"()[],:fomatrcd 01279\n"[rng.random_range(0..21)]
                }
            })
            .collect();
        std::fs::write(&path, &bytes).unwrap();
        // Then loading refuses them (none is a saved game) and names the file
        let err = save::load(&path).unwrap_err();
        assert_eq!(err.path(), Some(path.as_path()));
    }
}

/// Any setup of fifteen men a side (on the points, the bar and off, no point shared).
fn random_setup(rng: &mut StdRng) -> gamester_rules::tables::Setup {
    let mut setup = gamester_rules::tables::Setup::default();
    for side in Side::BOTH {
        for _ in 0..15 {
            let slot = rng.random_range(0..26);
            let men = match side {
                Side::White => &mut setup.white,
                Side::Black => &mut setup.black,
            };
            match slot {
                24 => men.bar += 1,
                25 => men.off += 1,
                p => {
                    let theirs = match side {
                        Side::White => setup.black.points[23 - p],
                        Side::Black => setup.white.points[23 - p],
                    };
                    let men = match side {
                        Side::White => &mut setup.white,
                        Side::Black => &mut setup.black,
                    };
                    if theirs == 0 {
                        men.points[p] += 1;
                    } else {
                        men.off += 1;
                    }
                }
            }
        }
    }
    setup
}

/// Any saved action, with numbers mostly near the sensible ones.
fn random_saved_action(rng: &mut StdRng) -> gamester_core::save::SavedAction {
    use gamester_core::save::SavedAction as A;
    let mut n = |hi: u8| rng.random_range(0..=hi);
    match n(10) {
        0 => A::ThrowOff {
            white: n(7),
            black: n(7),
        },
        1 => A::BreakThrowOff {
            white: [n(7), n(7)],
            black: [n(7), n(7)],
        },
        2 | 3 => {
            let count = usize::from(n(4));
            A::Throw((0..count).map(|_| n(7)).collect())
        }
        4 => A::ChooseThrow(n(2)),
        5 => A::Break(n(7)),
        6 | 7 => A::Step {
            from: n(26),
            die: n(7),
        },
        8 => A::Undo,
        9 => A::Confirm,
        _ => [A::Double, A::Take, A::Drop][usize::from(n(2))].clone(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, rng_seed: RngSeed::Fixed(0x5a7f), ..ProptestConfig::default() })]

    /// Files with any starting setup and a record that is partly a random game and partly
    /// random actions are loaded or refused, never panicking; a loaded one is its own game.
    #[test]
    fn odd_setups_and_random_records_never_panic(rules in arb_rules(), seed in any::<u64>()) {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut rules = rules;
        let setup = random_setup(&mut rng);
        rules.layout = Layout::Custom(setup.clone());
        let mut game = Game::new(rules.clone()).unwrap();
        let mut player = RandomPlayer::seeded(seed);
        let mut record: Vec<gamester_core::save::SavedAction> = Vec::new();
        for _ in 0..rng.random_range(0..300) {
            if game.is_over() {
                break;
            }
            if rng.random_ratio(1, 4) {
                let saved = random_saved_action(&mut rng);
                record.push(saved);
                continue;
            }
            let before = game.record().len();
            player.act(&mut game).unwrap();
            record.extend(game.record()[before..].iter().map(|&a| a.into()));
        }
        let mut file = SaveFile::from_game(&Game::new(rules).unwrap(), &Seats::two_people());
        file.start = setup;
        file.record = record;
        if let Ok(loaded) = save::replay_file(file.clone()) {
            prop_assert_eq!(loaded.replay.len(), file.record.len());
        }
    }
}

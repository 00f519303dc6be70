//! Saved tiles games: the record replays to the same game, a broken or hostile file is refused
//! with its reason and never panics, and `gamester check` reads both kinds of save.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

use gamester_core::ai::tiles::random_action;
use gamester_core::level::Level;
use gamester_core::players::Controller;
use gamester_core::save::SaveError;
use gamester_core::save::tiles::{TILES_FORMAT, TilesFile, from_str, is_tiles, load, write_atomic};
use gamester_rules::tiles::{Action, Deck, Game, Phase, Preset, Rules, Target};

/// A game under `rules` played `steps` actions on by random legal actions (seeded).
fn played(rules: Rules, seed: u64, steps: usize) -> Game {
    let mut game = Game::new(rules).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    for i in 0..steps {
        let action = match game.phase() {
            Phase::GameOver => break,
            Phase::ToDeal => Action::Deal(Deck::shuffled(seed ^ i as u64)),
            Phase::ToThrow => {
                Action::Throw((0..rules.players).map(|p| 1 + (p + i as u8) % 6).collect())
            }
            Phase::Playing => random_action(&game, &mut rng).unwrap(),
        };
        game.apply(action).unwrap();
    }
    game
}

fn seats(n: u8) -> Vec<Controller> {
    (0..n)
        .map(|p| {
            if p == 0 {
                Controller::Person
            } else {
                Controller::Computer(Level::Expert)
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_saved_game_reads_back_as_the_same_game(
        preset in 0usize..4,
        players in 2u8..=4,
        seed in any::<u64>(),
        steps in 0usize..300,
    ) {
        // Given a game at any point of its play, under any preset and any number of players
        let p = Preset::ALL[preset];
        let rules = if p == Preset::MugginsTeams { Rules::preset(p) } else { Rules::preset(p).with_players(players) };
        let game = played(rules, seed, steps);
        let tally = vec![2; rules.sides()];
        // When it is saved and read back
        let file = TilesFile::of(&game, &seats(rules.players), &tally);
        let text = file.to_ron().unwrap();
        prop_assert!(is_tiles(&text));
        let loaded = from_str(&text).unwrap();
        // Then it is the same game, with the same seats and tally
        prop_assert_eq!(&loaded.game, &game);
        prop_assert_eq!(loaded.seats, seats(rules.players));
        prop_assert_eq!(loaded.tally, tally);
    }

    #[test]
    fn any_cut_or_changed_file_is_refused_or_read_but_never_panics(
        seed in any::<u64>(),
        cut in 0usize..4000,
        at in 0usize..4000,
        byte in any::<u8>(),
    ) {
        let game = played(Rules::preset(Preset::Muggins), seed, 60);
        let text = TilesFile::of(&game, &seats(2), &[0, 0]).to_ron().unwrap();
        let cut_text: String = text.chars().take(cut % (text.len() + 1)).collect();
        let _ = from_str(&cut_text);
        let mut bytes = text.clone().into_bytes();
        let i = at % bytes.len();
        bytes[i] = byte;
        if let Ok(changed) = String::from_utf8(bytes) {
            // A file read back is always a game its record makes.
            if let Ok(loaded) = from_str(&changed) {
                prop_assert_eq!(Game::replay(*loaded.game.rules(), loaded.game.record()).unwrap(), loaded.game);
            }
        }
    }
}

#[test]
fn a_tally_counts_the_game_in_the_file_once() {
    // Given a single hand played to its end, its side winning, and a tally that counts it
    let rules = Rules {
        target: Target::SingleHand,
        ..Rules::preset(Preset::Draw)
    };
    let game = played(rules, 4, 400);
    let Some(Some(side)) = game.winner() else {
        panic!("the hand has a winner")
    };
    let mut tally = vec![3, 3];
    tally[side] += 1;
    // When it is saved and read back
    let file = TilesFile::of(&game, &seats(2), &tally);
    // Then the file keeps the tally before the game, and reading it counts the game again
    assert_eq!(file.tally_before, vec![3, 3]);
    assert_eq!(from_str(&file.to_ron().unwrap()).unwrap().tally, tally);
}

#[test]
fn the_names_the_places_were_played_under_are_read_back_cleaned() {
    // Given a game of Draw saved with no names, with two names, and with one name too few
    let game = played(Rules::preset(Preset::Draw), 6, 10);
    let plain = TilesFile::of(&game, &seats(2), &[0, 0]).to_ron().unwrap();
    let named = TilesFile::of(&game, &seats(2), &[0, 0])
        .named(&["You".into(), "Ro\u{1b}bin".into()])
        .to_ron()
        .unwrap();
    let short = TilesFile::of(&game, &seats(2), &[0, 0])
        .named(&["You".into()])
        .to_ron()
        .unwrap();
    // Then the first is read as before, the second with its names cleaned, and the third is
    // refused in words
    assert!(!plain.contains("names"));
    assert!(from_str(&plain).unwrap().names.is_empty());
    assert_eq!(from_str(&named).unwrap().names, ["You", "Robin"]);
    assert!(matches!(
        from_str(&short),
        Err(SaveError::TilesNames {
            found: 1,
            players: 2
        })
    ));
}

#[test]
fn a_broken_record_is_refused_with_the_action_and_the_rule() {
    let game = played(Rules::preset(Preset::Draw), 9, 30);
    let mut file = TilesFile::of(&game, &seats(2), &[0, 0]);
    // A tile laid that the player never held
    let bad = file
        .record
        .iter()
        .position(|a| matches!(a, Action::Lay { .. }))
        .unwrap();
    file.record.insert(bad + 1, file.record[bad].clone());
    let e = from_str(&file.to_ron().unwrap()).unwrap_err();
    assert!(
        matches!(e, SaveError::TilesIllegal { number, .. } if number == bad + 2),
        "{e}"
    );
    // Seats for three in a game of two
    let mut file = TilesFile::of(&game, &seats(3), &[0, 0]);
    assert!(matches!(
        from_str(&file.to_ron().unwrap()),
        Err(SaveError::TilesSeats {
            found: 3,
            players: 2
        })
    ));
    // A newer format
    file.seats = seats(2);
    file.tiles_format = TILES_FORMAT + 1;
    let e = from_str(&file.to_ron().unwrap()).unwrap_err();
    assert!(e.to_string().contains("newer Gamester"), "{e}");
    // A shuffled deck is written as its seed: the hands are not in the text
    let text = ron::ser::to_string(&TilesFile::of(&game, &seats(2), &[0, 0])).unwrap();
    assert!(text.contains("Deal((shuffled:"), "{text}");
    assert!(from_str(&text).is_ok());
    // A deck laid out tile by tile (as an older Gamester wrote it) that is not the 28 tiles,
    // or holds a tile of seven pips
    let mut listed = TilesFile::of(&game, &seats(2), &[0, 0]);
    let Action::Deal(deck) = &listed.record[0] else {
        panic!("the record begins with the deal")
    };
    listed.record[0] = Action::Deal(Deck::new(deck.tiles().to_vec()).unwrap());
    let text = ron::ser::to_string(&listed).unwrap();
    assert!(text.contains("Deal([("), "{text}");
    assert!(from_str(&text).is_ok());
    for (from, to) in [("(6,6)", "(5,5)"), ("(6,6)", "(7,1)")] {
        let changed = text.replacen(from, to, 1);
        assert_ne!(changed, text);
        let e = from_str(&changed).unwrap_err();
        assert!(matches!(e, SaveError::Syntax { .. }), "{e}");
    }
}

#[test]
fn saves_are_written_whole_and_check_reads_both_kinds() {
    let dir = std::env::temp_dir().join(format!("gamester-tiles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Given a tiles game saved to a file
    let game = played(Rules::preset(Preset::MugginsTeams), 2, 50);
    let path = dir.join("muggins.ron");
    write_atomic(&path, &TilesFile::of(&game, &seats(4), &[1, 0])).unwrap();
    assert_eq!(load(&path).unwrap().game, game);
    // When `gamester check` reads it
    let out = Command::new(env!("CARGO_BIN_EXE_gamester"))
        .args(["check", path.to_str().unwrap()])
        .output()
        .unwrap();
    // Then it says what the game is
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.starts_with("ok tiles muggins for 4"), "{said}");
    // And a broken tiles file is refused by check, naming the file and the action
    let text = std::fs::read_to_string(&path).unwrap();
    let broken = text.replacen("Draw", "Pass", 1);
    std::fs::write(&path, &broken).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gamester"))
        .args(["check", path.to_str().unwrap()])
        .output()
        .unwrap();
    if broken != text {
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("muggins.ron") && err.contains("action"),
            "{err}"
        );
    }
    // And a game at tables is still read as one
    let tables = Command::new(env!("CARGO_BIN_EXE_gamester"))
        .args(["check", "tests/data/irish_short.ron"])
        .output()
        .unwrap();
    assert!(tables.status.success());
    let said = String::from_utf8_lossy(&tables.stdout);
    assert!(said.starts_with("ok irish"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_tally_or_a_target_beyond_belief_is_refused() {
    // Given a tiles game saved well
    let game = played(Rules::preset(Preset::Muggins), 3, 20);
    let file = TilesFile::of(&game, &seats(2), &[0, 0]);
    assert!(from_str(&file.to_ron().unwrap()).is_ok());
    // When its tally counts 4,294,967,295 games, it is refused by name
    let mut big = file.clone();
    big.tally_before = vec![u32::MAX, 0];
    let e = from_str(&big.to_ron().unwrap()).unwrap_err().to_string();
    assert!(e.contains("4294967295"), "{e}");
    // And a game to a thousand million points is no game
    let mut endless = file;
    endless.rules.target = Target::Points(1_000_000_000);
    let e = from_str(&endless.to_ron().unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("more than 1000 points"), "{e}");
}

#[test]
fn check_reads_a_pastime_and_refuses_one_against_the_rules() {
    use gamester_core::save::pastimes::PastimesFile;
    use gamester_rules::pastimes::{Action as PastimeAction, Game as Pastime, Preset as Pastimes};
    let dir = std::env::temp_dir().join(format!("gamester-pastime-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Given a game of Ketch-Dolt two throws in, saved to a file
    let mut game =
        Pastime::new(gamester_rules::pastimes::Rules::preset(Pastimes::KetchDolt)).unwrap();
    game.apply(PastimeAction::Throw { dice: vec![6, 2] })
        .unwrap();
    game.apply(PastimeAction::Throw { dice: vec![5, 3] })
        .unwrap();
    let path = dir.join("ketch-dolt.ron");
    gamester_core::save::pastimes::write_atomic(&path, &PastimesFile::of(&game, &seats(2)))
        .unwrap();
    let check = || {
        Command::new(env!("CARGO_BIN_EXE_gamester"))
            .args(["check", path.to_str().unwrap()])
            .output()
            .unwrap()
    };
    // When `gamester check` reads it, then it says what the game is and what is next
    let out = check();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        said.trim(),
        format!(
            "ok pastime ketch-dolt for 2, 2 actions, {}",
            gamester_rules::pastimes::waiting_words(game.phase())
        )
    );
    // And a record with an action the rules refuse is refused, naming the file
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        text.replace("dice: [\n", "dice: [\n                4,\n"),
    )
    .unwrap();
    let out = check();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ketch-dolt.ron"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

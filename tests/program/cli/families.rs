//! Every game in every command (issue 58, item 6): the rules page and the diagram of every
//! preset, the score sheet of a pastime's and a tiles game's save, the computer's choice and
//! the analysis of the games in which a player decides, and each command that cannot take a
//! family refusing it in words, never a panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use gamester_core::level::Level;
use gamester_core::players::Controller;
use gamester_rules::{pastimes, tiles};

fn gamester(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamester"))
        .args(args)
        .output()
        .expect("run gamester")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A refusal: exit code 2, one line on standard error saying `words`, nothing on standard
/// output, and no panic.
fn refused(out: &Output, words: &str) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(words), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.stdout.is_empty());
}

/// A pastime under `rules` played on, the first seat as `first` chooses (or at random) and
/// the others at random, until `steps` actions or its end; saved in `dir` as `name`.
fn pastime(
    dir: &Path,
    name: &str,
    rules: pastimes::Rules,
    first: Option<Level>,
    steps: usize,
    seed: u64,
) -> (PathBuf, pastimes::Game) {
    let mut game = pastimes::Game::new(rules).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..steps {
        if game.result().is_some() {
            break;
        }
        let chosen = match (game.actor(), first) {
            (Some(pastimes::Seat(0)), Some(level)) if !game.legal_actions().is_empty() => {
                gamester_core::ai::pastimes::decide(&game, level)
            }
            (Some(_), _) => {
                let legal = game.legal_actions();
                // A claim is made half the time; else the dice are thrown.
                if legal == [pastimes::Action::Claim] {
                    rng.random_ratio(1, 2).then_some(pastimes::Action::Claim)
                } else {
                    (!legal.is_empty()).then(|| legal[rng.random_range(0..legal.len())].clone())
                }
            }
            (None, _) => None,
        };
        let action = match chosen {
            Some(a) => a,
            None => game.chance_action(&mut rng).unwrap(),
        };
        game.apply(action).unwrap();
    }
    let mut seats = vec![Controller::Person];
    seats.resize(game.seats(), Controller::Computer(Level::Fair));
    let path = dir.join(name);
    gamester_core::save::pastimes::write_atomic(
        &path,
        &gamester_core::save::pastimes::PastimesFile::of(&game, &seats),
    )
    .unwrap();
    (path, game)
}

/// A tiles game of `preset` for two, its first player at `first` (or at random) and the other
/// at random, played `steps` actions on; saved in `dir` as `name`.
fn tiles_game(
    dir: &Path,
    name: &str,
    preset: tiles::Preset,
    first: Option<Level>,
    steps: usize,
    seed: u64,
) -> (PathBuf, tiles::Game) {
    let rules = tiles::Rules::preset(preset).with_players(2);
    let mut game = tiles::Game::new(rules).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    for i in 0..steps {
        let action = match game.phase() {
            tiles::Phase::GameOver => break,
            tiles::Phase::ToDeal => tiles::Action::Deal(tiles::Deck::shuffled(seed ^ i as u64)),
            tiles::Phase::ToThrow => tiles::Action::Throw(vec![1 + (i % 6) as u8, 6]),
            tiles::Phase::Playing => match (game.turn(), first) {
                (0, Some(level)) => {
                    gamester_core::ai::tiles::decide(&game.seen_by(0), level, 1).unwrap()
                }
                _ => gamester_core::ai::tiles::random_action(&game, &mut rng).unwrap(),
            },
        };
        game.apply(action).unwrap();
    }
    let seats = vec![Controller::Person, Controller::Computer(Level::Fair)];
    let path = dir.join(name);
    gamester_core::save::tiles::write_atomic(
        &path,
        &gamester_core::save::tiles::TilesFile::of(&game, &seats, &[0, 0]),
    )
    .unwrap();
    (path, game)
}

#[test]
fn every_tiles_preset_has_the_rules_page_the_window_prints_and_its_set_drawn() {
    let dir = tempfile::tempdir().unwrap();
    for preset in tiles::Preset::ALL {
        // When the rules page of a tiles game is asked for
        let out = dir.path().join(format!("{}.html", preset.name()));
        let run = gamester(&[
            "rules-page",
            "--preset",
            preset.name(),
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(run.status.success(), "{}", text(&run.stderr));
        // Then it is the page the window prints, from the rules window's own words
        let page = std::fs::read_to_string(&out).unwrap();
        assert_eq!(
            page,
            gamester_core::teaching::handout::tiles_rules_page(&tiles::Rules::preset(preset))
        );
        assert!(page.contains(&format!("<h1>{}</h1>", preset.title())));
        assert_eq!(
            page.contains("<h2>Muggins</h2>"),
            preset.name().starts_with("muggins")
        );
        // And its diagram draws the double-six set, every tile of it
        let svg = dir.path().join(format!("{}.svg", preset.name()));
        let run = gamester(&[
            "diagram",
            "--preset",
            preset.name(),
            "--out",
            svg.to_str().unwrap(),
        ]);
        assert!(run.status.success(), "{}", text(&run.stderr));
        let drawn = std::fs::read_to_string(&svg).unwrap();
        assert_eq!(drawn.matches("<g class=\"tile").count(), 28, "{preset:?}");
        assert!(drawn.contains("data-tile=\"6-6\"") && drawn.contains("data-tile=\"0-0\""));
        assert!(drawn.contains("double-six set"));
    }
    // A tiles game takes no --set: refused in words, nothing written
    let bad = dir.path().join("bad.html");
    let run = gamester(&[
        "rules-page",
        "--preset",
        "block",
        "--set",
        "players=3",
        "--out",
        bad.to_str().unwrap(),
    ]);
    refused(
        &run,
        "--set is for the games at tables, and block is a tiles game",
    );
    assert!(!bad.exists());
}

#[test]
fn a_saved_tiles_game_is_drawn_with_its_line_and_every_hand() {
    let dir = tempfile::tempdir().unwrap();
    // Given a game of Draw some way into its first hand
    let (path, game) = tiles_game(dir.path(), "draw.ron", tiles::Preset::Draw, None, 12, 5);
    assert_eq!(game.phase(), tiles::Phase::Playing);
    // When it is drawn
    let svg = dir.path().join("draw.svg");
    let run = gamester(&[
        "diagram",
        "--game",
        path.to_str().unwrap(),
        "--out",
        svg.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let drawn = std::fs::read_to_string(&svg).unwrap();
    // Then every tile of the line and of both hands is there, and the set marked
    let tiles_drawn = game.line().len() + game.hand(0).len() + game.hand(1).len();
    assert_eq!(drawn.matches("<g class=\"tile").count(), tiles_drawn);
    assert_eq!(drawn.matches("<g class=\"tile set\"").count(), 1);
    for t in game.hand(1) {
        assert!(drawn.contains(&format!("data-tile=\"{t}\"")), "{t}");
    }
    assert!(drawn.contains(&format!("The boneyard: {} tiles", game.boneyard_len())));
    assert!(drawn.contains("Draw dominoes, hand 1"));
    // And dice are refused for a tiles game, and nothing is written
    let run = gamester(&[
        "diagram",
        "--preset",
        "block",
        "--dice",
        "3,1",
        "--out",
        dir.path().join("no.svg").to_str().unwrap(),
    ]);
    refused(&run, "a tiles game is drawn as it stands");
    assert!(!dir.path().join("no.svg").exists());
}

#[test]
fn a_pastime_and_a_tiles_game_have_a_score_sheet_of_their_story() {
    let dir = tempfile::tempdir().unwrap();
    // Given a game of Ketch-Dolt played to its end, and a hand of Muggins under way
    let rules = pastimes::Rules::preset(pastimes::Preset::KetchDolt);
    let (kd, game) = pastime(dir.path(), "kd.ron", rules, None, 2000, 3);
    assert!(game.result().is_some());
    let (mg, _) = tiles_game(dir.path(), "mg.ron", tiles::Preset::Muggins, None, 10, 2);
    for (path, title, said) in [
        (&kd, "Ketch-Dolt", "The result"),
        (&mg, "Muggins dominoes", "Hand 1 is dealt"),
    ] {
        let out = dir.path().join("sheet.html");
        let run = gamester(&[
            "score-sheet",
            path.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(run.status.success(), "{}", text(&run.stderr));
        let page = std::fs::read_to_string(&out).unwrap();
        assert!(page.contains(&format!("<h1>{title}</h1>")), "{page}");
        assert!(page.contains(said), "{page}");
    }
    // The pastime's story is the window's, line for line, and its end is told
    let page = {
        let out = dir.path().join("kd.html");
        gamester(&[
            "score-sheet",
            kd.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        std::fs::read_to_string(&out).unwrap()
    };
    let story = gamester_core::teaching::pastime_story::retold(
        &game,
        &gamester_core::teaching::pastime_story::Names::default(),
    );
    assert_eq!(page.matches("<tr>").count(), story.len());
    assert!(page.contains("<svg "));
    // --worst weighs plays at tables only: refused for a pastime, in words
    let run = gamester(&[
        "score-sheet",
        kd.to_str().unwrap(),
        "--worst",
        "2",
        "--out",
        dir.path().join("w.html").to_str().unwrap(),
    ]);
    refused(&run, "is a pastime");
    // A broken tiles save is refused, naming the file, and nothing is written
    let broken = dir.path().join("broken.ron");
    let text_of = std::fs::read_to_string(&mg).unwrap();
    std::fs::write(&broken, &text_of[..text_of.len() / 2]).unwrap();
    let run = gamester(&[
        "score-sheet",
        broken.to_str().unwrap(),
        "--out",
        dir.path().join("b.html").to_str().unwrap(),
    ]);
    refused(&run, "broken.ron");
    assert!(!dir.path().join("b.html").exists());
}

#[test]
fn best_answers_for_the_player_to_act_in_a_saved_pastime_or_tiles_game() {
    let dir = tempfile::tempdir().unwrap();
    // Given a game of Ketch-Dolt stopped where a player chooses how to use his throw
    let rules = pastimes::Rules::preset(pastimes::Preset::KetchDolt);
    let (path, game) = (4..400)
        .map(|steps| pastime(dir.path(), "kd.ron", rules, None, steps, 9))
        .find(|(_, game)| game.actor().is_some() && game.legal_actions().len() > 1)
        .expect("a choice within 400 actions");
    // When the computer is asked, then it answers as the computer player chooses
    let out = gamester(&["best", "--game", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let chosen = gamester_core::ai::pastimes::decide(&game, Level::Expert).unwrap();
    let code = match chosen {
        pastimes::Action::Lay { point } => format!("lay {point}: "),
        pastimes::Action::Draw { point } => format!("draw {point}: "),
        pastimes::Action::Bear { point } => format!("bear {point}: "),
        other => panic!("{other:?}"),
    };
    assert!(
        text(&out.stdout).starts_with(&code),
        "{}",
        text(&out.stdout)
    );
    // And at the tiles, from what the player to act sees
    let (path, game) = tiles_game(dir.path(), "block.ron", tiles::Preset::Block, None, 6, 4);
    assert_eq!(game.phase(), tiles::Phase::Playing);
    let out = gamester(&["best", "--game", path.to_str().unwrap(), "--level", "fair"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    match gamester_core::ai::tiles::decide(&game.seen_by(game.turn()), Level::Fair, 1).unwrap() {
        tiles::Action::Lay { tile, end } => assert!(
            text(&out.stdout).starts_with(&format!("lay {tile} {}", end.words())),
            "{}",
            text(&out.stdout)
        ),
        tiles::Action::Pass => assert!(text(&out.stdout).starts_with("knock")),
        other => panic!("{other:?}"),
    }
    // A game at tables is asked by its position and throw: refused with the way to ask
    let out = gamester(&["best", "--game", "tests/data/irish_short.ron"]);
    refused(&out, "is not a saved pastime or tiles game");
    // And a pastime's preset without its game is refused in words
    let out = gamester(&["best", "--preset", "sice-ace"]);
    refused(&out, "best --game FILE.ron");
}

#[test]
fn analyse_judges_each_choice_at_ketch_dolt_sice_ace_and_the_tiles() {
    let dir = tempfile::tempdir().unwrap();
    // Given a game of Ketch-Dolt whose first player played as the expert does, the other at
    // random
    let rules = pastimes::Rules::preset(pastimes::Preset::KetchDolt);
    let (path, _) = pastime(dir.path(), "kd.ron", rules, Some(Level::Expert), 2000, 7);
    let out = gamester(&["analyse", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    // Then every one of the first player's choices agrees with the expert's
    let first: Vec<&str> = said
        .lines()
        .filter(|l| l.starts_with("move ") && l.contains(" player 1 played "))
        .collect();
    assert!(!first.is_empty(), "{said}");
    assert!(first.iter().all(|l| l.ends_with(" agrees")), "{said}");
    let summary = said
        .lines()
        .find(|l| l.starts_with("player 1 decisions"))
        .unwrap();
    assert_eq!(
        summary,
        format!("player 1 decisions {0} agree {0} differ 0", first.len())
    );
    // And the random player's do not all agree
    let second = said
        .lines()
        .find(|l| l.starts_with("player 2 decisions"))
        .unwrap();
    assert!(!second.ends_with(" differ 0"), "{said}");

    // Given Sice-Ace where the thrower chooses whom to load
    let mut sice = pastimes::Rules::preset(pastimes::Preset::SiceAce).with_seats(3);
    sice.set("load_to", "chosen").unwrap();
    let (path, _) = pastime(dir.path(), "sa.ron", sice, Some(Level::Expert), 3000, 2);
    let out = gamester(&["analyse", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains(" best load "), "{said}");
    let first: Vec<&str> = said
        .lines()
        .filter(|l| l.starts_with("move ") && l.contains(" player 1 played "))
        .collect();
    assert!(!first.is_empty(), "{said}");
    assert!(first.iter().all(|l| l.ends_with(" agrees")), "{said}");

    // Given a hand of Block whose first player played at the fair level
    let (path, _) = tiles_game(
        dir.path(),
        "b.ron",
        tiles::Preset::Block,
        Some(Level::Fair),
        200,
        11,
    );
    let out = gamester(&["analyse", path.to_str().unwrap(), "--level", "fair"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    let first: Vec<&str> = said
        .lines()
        .filter(|l| l.starts_with("hand ") && l.contains(" player 1 played "))
        .collect();
    assert!(!first.is_empty(), "{said}");
    assert!(first.iter().all(|l| l.ends_with(" agrees")), "{said}");
    assert!(
        said.lines().any(|l| l.starts_with("player 2 decisions")),
        "{said}"
    );
}

#[test]
fn a_command_that_cannot_take_a_family_says_so_and_why() {
    let dir = tempfile::tempdir().unwrap();
    // Doublets leaves no choice: nothing to analyse
    let rules = pastimes::Rules::preset(pastimes::Preset::Doublets);
    let (doublets, _) = pastime(dir.path(), "d.ron", rules, None, 30, 1);
    refused(
        &gamester(&["analyse", doublets.to_str().unwrap()]),
        "no player chooses anything",
    );
    // Nor Sice-Ace where the ace loads the next player
    let rules = pastimes::Rules::preset(pastimes::Preset::SiceAce);
    let (sice, _) = pastime(dir.path(), "s.ron", rules, None, 30, 1);
    refused(
        &gamester(&["analyse", sice.to_str().unwrap()]),
        "load_to=next",
    );
    // No other program reads a pastime or a tiles game: export refuses both
    let (tiles_save, _) = tiles_game(dir.path(), "t.ron", tiles::Preset::Draw, None, 5, 1);
    for (path, what) in [
        (&doublets, "a pastime at the tables"),
        (&tiles_save, "a tiles game"),
    ] {
        let out = dir.path().join("x.mat");
        refused(
            &gamester(&[
                "export",
                path.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
            ]),
            what,
        );
        assert!(!out.exists());
    }
    // And a broken save is refused by analyse and best, never a panic
    let broken = dir.path().join("broken.ron");
    let whole = std::fs::read_to_string(&tiles_save).unwrap();
    std::fs::write(&broken, whole.replacen("Deal", "Dealt", 1)).unwrap();
    for command in [&["analyse"][..], &["best", "--game"][..]] {
        let out = gamester(&[command, &[broken.to_str().unwrap()]].concat());
        assert_eq!(
            out.status.code(),
            Some(2),
            "{command:?}: {}",
            text(&out.stderr)
        );
        assert!(!text(&out.stderr).contains("panicked"));
    }
}

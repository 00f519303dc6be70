//! `gamester diagram`: a position drawn as an SVG or PNG file, and what it refuses.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

fn gamester() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gamester"))
}

#[test]
fn a_diagram_is_written_as_svg_with_the_points_named_and_the_caption() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("irish.svg");
    let run = gamester()
        .args(["diagram", "--dice", "6,5", "--caption", "Irish: the array"])
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert_eq!(
        String::from_utf8(run.stdout).unwrap(),
        format!("diagram {}\n", out.display())
    );
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains(">cinque</text>") && svg.contains(">Irish: the array</text>"));
    assert_eq!(svg.matches("class=\"man ").count(), 30);
    // In numbers, from a Position ID
    let numbered = dir.path().join("n.svg");
    let run = gamester()
        .args([
            "diagram",
            "--preset",
            "modern",
            "--position",
            "4HPwATDgc/ABMA",
            "--labels",
            "numbers",
        ])
        .arg("--out")
        .arg(&numbered)
        .output()
        .unwrap();
    assert!(run.status.success());
    let svg = std::fs::read_to_string(&numbered).unwrap();
    assert!(svg.contains(">24</text>") && !svg.contains(">cinque</text>"));
}

#[test]
fn a_diagram_is_drawn_as_png_at_the_width_asked_from_the_same_svg() {
    let dir = tempfile::tempdir().unwrap();
    let draw = |name: &str, width: Option<&str>| {
        let out = dir.path().join(name);
        let mut command = gamester();
        command
            .args(["diagram", "--dice", "6,5"])
            .arg("--out")
            .arg(&out);
        if let Some(w) = width {
            command.args(["--width", w]);
        }
        let run = command.output().unwrap();
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        let file = std::fs::File::open(&out).unwrap();
        let mut reader = png::Decoder::new(std::io::BufReader::new(file))
            .read_info()
            .unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut pixels).unwrap();
        pixels.truncate(info.buffer_size());
        (info.width, info.height, pixels)
    };
    // The SVG is 800 by 540: a PNG 1000 wide is 675 high, and 1600 by default.
    let (w, h, pixels) = draw("irish.png", Some("1000"));
    assert_eq!((w, h), (1000, 675));
    let (w, h, _) = draw("default.png", None);
    assert_eq!((w, h), (1600, 1080));
    // Drawn, not blank: the wood, the men of both colours and the ink of the names.
    let mut colours: Vec<&[u8]> = pixels.chunks(4).collect();
    colours.sort_unstable();
    colours.dedup();
    assert!(colours.len() > 50, "{} colours", colours.len());
}

#[test]
fn a_diagram_that_cannot_be_drawn_is_refused_with_the_reason_and_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    for (args, words) in [
        (vec!["--out", "x.pdf"], "neither an .svg nor a .png"),
        (
            vec!["--width", "50", "--out", "x.png"],
            "200 to 8000 pixels wide, not 50",
        ),
        (
            vec!["--width", "800", "--out", "x.svg"],
            "--width is for a PNG",
        ),
        (
            vec!["--preset", "muggins", "--dice", "3,1", "--out", "x.svg"],
            "a tiles game is drawn as it stands",
        ),
        (vec!["--dice", "7,1", "--out", "x.svg"], ""),
        (vec!["--labels", "roman", "--out", "x.svg"], "roman"),
    ] {
        let run = gamester()
            .current_dir(dir.path())
            .arg("diagram")
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(err.contains(words), "{args:?}: {err}");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            0,
            "{args:?}"
        );
    }
}

#[test]
fn the_rules_page_is_written_as_html_and_anything_else_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rules.html");
    let run = gamester()
        .args(["rules-page", "--preset", "fails"])
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let page = std::fs::read_to_string(&out).unwrap();
    assert!(page.contains("<h1>Fails</h1>") && page.contains("<svg "));
    for (args, words) in [
        (vec!["--out", "rules.pdf"], "not an .html file"),
        (
            vec!["--preset", "draw", "--set", "players=3", "--out", "r.html"],
            "draw is a tiles game",
        ),
    ] {
        let run = gamester()
            .current_dir(dir.path())
            .arg("rules-page")
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&run.stderr).contains(words),
            "{args:?}"
        );
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn the_rules_page_of_each_pastime_is_the_page_the_window_prints() {
    let dir = tempfile::tempdir().unwrap();
    for (preset, title, said) in [
        ("doublets", "Doublets", "Cotton"),
        ("ketch-dolt", "Ketch-Dolt", "dolt"),
        ("sice-ace", "Sice-Ace", "Gamester's reading"),
    ] {
        let out = dir.path().join(format!("{preset}.html"));
        let run = gamester()
            .args(["rules-page", "--preset", preset])
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{preset}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        let page = std::fs::read_to_string(&out).unwrap();
        let rules = gamester_rules::pastimes::Rules::preset(
            gamester_rules::pastimes::Preset::ALL
                .into_iter()
                .find(|p| p.name() == preset)
                .unwrap(),
        );
        assert_eq!(
            page,
            gamester_core::teaching::handout::pastime_rules_page(&rules),
            "{preset}"
        );
        assert!(page.contains(title) && page.contains(said), "{preset}");
    }
    // A pastime's own options are taken, and another's refused in words.
    let out = dir.path().join("five.html");
    let run = gamester()
        .args([
            "rules-page",
            "--preset",
            "sice-ace",
            "--set",
            "result=first_out_wins",
        ])
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(std::fs::read_to_string(&out).unwrap().contains("Holme"));
    let run = gamester()
        .args(["rules-page", "--preset", "doublets", "--set", "nonsense=1"])
        .arg("--out")
        .arg(dir.path().join("bad.html"))
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(!dir.path().join("bad.html").exists());
}

#[test]
fn a_score_sheet_is_written_from_a_saved_game_and_a_broken_one_refused() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.ron");
    std::fs::write(&broken, "(format: 1, rules: nonsense").unwrap();
    let run = gamester()
        .arg("score-sheet")
        .arg(&broken)
        .args(["--out"])
        .arg(dir.path().join("s.html"))
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(!dir.path().join("s.html").exists());
    let run = gamester()
        .args(["score-sheet", "x.ron", "--out", "s.pdf"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("not an .html file"));
}

#[test]
fn a_score_sheet_draws_the_worst_plays_the_analysis_finds_with_the_best_and_the_loss() {
    let dir = tempfile::tempdir().unwrap();
    let sheet = |worst: &str| {
        let out = dir.path().join(format!("worst{worst}.html"));
        let run = gamester()
            .args([
                "score-sheet",
                "tests/data/irish_short.ron",
                "--level",
                "novice",
            ])
            .args(["--worst", worst])
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        std::fs::read_to_string(&out).unwrap()
    };
    let plain = sheet("0");
    let two = sheet("2");
    // The last position, and then the two worst plays drawn before they were made, with their
    // dice (as `gamester analyse --level novice` judges this game: White's 6-6 on turn 2 loses
    // most, then Black's 4-6 on turn 1)
    assert_eq!(plain.matches("<figure>").count(), 1);
    assert_eq!(two.matches("<figure>").count(), 3);
    // Each caption whole, as the figure's title (under the board it is broken into lines)
    let captions: Vec<&str> = two
        .split("<title>Before ")
        .skip(1)
        .map(|c| c.split('<').next().unwrap())
        .collect();
    assert_eq!(captions.len(), 2, "{captions:?}");
    assert!(
        captions[0].starts_with("Black's play of sice and cater on turn 1"),
        "{}",
        captions[0]
    );
    assert!(captions[0].contains("the best was 24/14") && captions[0].contains("(bad)"));
    assert!(captions[1].contains("turn 2") && captions[1].contains("(very bad)"));
    // In the order of the game, the worst first drawn where it stood
    assert!(two.find("turn 1").unwrap() < two.find("turn 2").unwrap());
}

/// A pastime of `preset` played `steps` actions on at random (chance's and the players'),
/// saved in `dir` with a person at the first seat and the computer at the others; its path.
fn saved_pastime(
    dir: &std::path::Path,
    preset: gamester_rules::pastimes::Preset,
    steps: usize,
) -> (std::path::PathBuf, gamester_rules::pastimes::Game) {
    use gamester_core::level::Level;
    use gamester_core::players::Controller;
    use rand::{Rng, SeedableRng};
    let rules = gamester_rules::pastimes::Rules::preset(preset);
    let mut game = gamester_rules::pastimes::Game::new(rules).unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(steps as u64);
    for _ in 0..steps {
        let action = match game.chance_action(&mut rng) {
            Some(a) => a,
            None => {
                let legal = game.legal_actions();
                if legal.is_empty() {
                    break;
                }
                legal[rng.random_range(0..legal.len())].clone()
            }
        };
        game.apply(action).unwrap();
    }
    let mut seats = vec![Controller::Person];
    seats.resize(game.seats(), Controller::Computer(Level::Fair));
    let path = dir.join(format!("{}.ron", preset.name()));
    gamester_core::save::pastimes::write_atomic(
        &path,
        &gamester_core::save::pastimes::PastimesFile::of(&game, &seats),
    )
    .unwrap();
    (path, game)
}

#[test]
fn a_saved_pastime_is_drawn_with_its_seats_its_men_and_its_last_throw() {
    use gamester_rules::pastimes::Preset;
    let dir = tempfile::tempdir().unwrap();
    for (preset, steps) in [
        (Preset::Doublets, 12),
        (Preset::KetchDolt, 25),
        (Preset::SiceAce, 60),
    ] {
        // Given a pastime saved some way into its game
        let (path, game) = saved_pastime(dir.path(), preset, steps);
        // When it is drawn as an SVG, then as a PNG
        let out = dir.path().join(format!("{}.svg", preset.name()));
        let run = gamester()
            .arg("diagram")
            .arg("--game")
            .arg(&path)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert_eq!(
            String::from_utf8(run.stdout).unwrap(),
            format!("diagram {}\n", out.display())
        );
        // Then each seat is named with who sat there, the caption names the game, and the
        // dice are the last throw's
        let svg = std::fs::read_to_string(&out).unwrap();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.contains(">Player 1: a person</text>"), "{svg}");
        assert!(svg.contains(">Player 2: the computer (fair)</text>"));
        assert!(svg.contains(&format!(
            ">{}, move {}: ",
            preset.title(),
            game.record().len()
        )));
        assert_eq!(
            svg.matches("class=\"die\"").count(),
            game.last_throw().len()
        );
        assert!(!game.last_throw().is_empty());
        let png = dir.path().join(format!("{}.png", preset.name()));
        let run = gamester()
            .arg("diagram")
            .arg("--game")
            .arg(&path)
            .args(["--width", "800", "--out"])
            .arg(&png)
            .output()
            .unwrap();
        assert!(run.status.success());
        assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    }
    // And a pastime's preset is drawn at its start: Ketch-Dolt's heaps of fifteen
    let out = dir.path().join("start.svg");
    let run = gamester()
        .args(["diagram", "--preset", "ketch-dolt", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(run.status.success());
    let svg = std::fs::read_to_string(&out).unwrap();
    assert_eq!(svg.matches(">heap: 15</text>").count(), 2);
}

#[test]
fn a_pastimes_diagram_refuses_a_position_dice_or_a_game_at_tables() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = saved_pastime(dir.path(), gamester_rules::pastimes::Preset::Doublets, 10);
    let tables = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/irish_short.ron");
    let cases = [
        (
            vec!["--preset", "doublets", "--dice", "6,5"],
            "--position and --dice are for the games at tables",
        ),
        (
            vec!["--preset", "sice-ace", "--position", "4HPwATDgc/ABMA"],
            "--position and --dice",
        ),
        (
            vec!["--game", path.to_str().unwrap(), "--dice", "6,5"],
            "--dice",
        ),
        (vec!["--game", tables], "is not a saved pastime"),
    ];
    for (args, words) in cases {
        let out = dir.path().join("refused.svg");
        let run = gamester()
            .arg("diagram")
            .args(&args)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(err.contains(words), "{args:?}: {err}");
        assert!(!out.exists(), "{args:?}");
    }
}

#[test]
fn a_saved_pastime_with_a_friend_is_drawn_with_the_names_they_sat_under() {
    use gamester_core::players::Controller;
    // Given a game of Sice-Ace with a friend at a distance, saved with the names played under
    let dir = tempfile::tempdir().unwrap();
    let rules = gamester_rules::pastimes::Rules::preset(gamester_rules::pastimes::Preset::SiceAce)
        .with_seats(2);
    let game = gamester_rules::pastimes::Game::new(rules).unwrap();
    let mut file = gamester_core::save::pastimes::PastimesFile::of(
        &game,
        &[Controller::Person, Controller::Distance],
    );
    file.names = vec!["You".into(), "Robin & Co".into()];
    let path = dir.path().join("sice-ace.ron");
    gamester_core::save::pastimes::write_atomic(&path, &file).unwrap();
    // When it is drawn
    let out = dir.path().join("sice-ace.svg");
    let run = gamester()
        .arg("diagram")
        .arg("--game")
        .arg(&path)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(run.status.success());
    // Then each seat is named as it was played, the friend's name escaped
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.contains(">Player 1: You</text>"), "{svg}");
    assert!(svg.contains(">Player 2: Robin &amp; Co</text>"), "{svg}");
    assert!(svg.contains(">Sice-Ace: Each player throws one die"));
}

#[test]
fn a_match_set_on_modern_backgammon_is_played_with_the_cube_as_gnubg_plays_one() {
    let dir = tempfile::tempdir().unwrap();
    let title = |sets: &[&str]| {
        let out = dir.path().join("rules.html");
        let mut cmd = gamester();
        cmd.args(["rules-page", "--preset", "modern"]);
        for set in sets {
            cmd.args(["--set", set]);
        }
        let run = cmd.arg("--out").arg(&out).output().unwrap();
        assert!(run.status.success(), "{sets:?}");
        let page = std::fs::read_to_string(&out).unwrap();
        let h1 = page.split("<h1>").nth(1).unwrap();
        h1[..h1.find("</h1>").unwrap()].to_string()
    };
    // A match on Modern backgammon's rules turns its cube on, as gnubg plays and reads a match
    assert_eq!(
        title(&["match=5"]),
        "Modern backgammon (reference), with the doubling cube, a match to 5"
    );
    // The cube turned off after the match is off
    assert_eq!(
        title(&["match=5", "cube=false"]),
        "Modern backgammon (reference), a match to 5"
    );
    // A session for stakes keeps the preset's cube, off
    assert_eq!(title(&[]), "Modern backgammon (reference)");
}

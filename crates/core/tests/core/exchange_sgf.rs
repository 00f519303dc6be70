//! GNU Backgammon's `.sgf` files: matches gnubg saved replay through Gamester's rules game by
//! game, the same as the `.mat` files gnubg exported of the same matches; a game Gamester
//! writes is read back as the same game; and what breaks the rules, or is not SGF at all, is
//! refused with the reason and never panics.

use gamester_core::ai::random::RandomPlayer;
use gamester_core::exchange::sgf::{self, SgfError};
use gamester_core::exchange::{self, Format, mat};
use gamester_core::players::Seats;
use gamester_core::save::GameRecord;
use gamester_rules::tables::{Action, EndReason, Game, Preset, Rules, Side};
use proptest::prelude::*;

const MATCH3_SGF: &str = include_str!("../../../../tests/data/gnubg_match3.sgf");
const MATCH3_MAT: &str = include_str!("../../../../tests/data/gnubg_match3.mat");
const MATCH5_SGF: &str = include_str!("../../../../tests/data/gnubg_match5.sgf");
const MATCH5_MAT: &str = include_str!("../../../../tests/data/gnubg_match5.mat");

/// What two readings of one match must share, game by game.
fn same_games(a: &[exchange::Imported], b: &[exchange::Imported]) {
    assert_eq!(a.len(), b.len());
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        assert_eq!(x.names, y.names, "game {}", i + 1);
        assert_eq!(x.length, y.length);
        assert_eq!(x.game.position(), y.game.position(), "game {}", i + 1);
        assert_eq!(x.game.cube(), y.game.cube(), "game {}", i + 1);
        assert_eq!(x.game.outcome(), y.game.outcome(), "game {}", i + 1);
        assert_eq!(
            x.game.tally_before(),
            y.game.tally_before(),
            "game {}",
            i + 1
        );
        assert_eq!(x.game.is_crawford_game(), y.game.is_crawford_game());
    }
}

#[test]
fn a_match_gnubg_saved_replays_as_the_mat_file_it_exported_of_it() {
    for (sgf_text, mat_text, games) in [(MATCH3_SGF, MATCH3_MAT, 3), (MATCH5_SGF, MATCH5_MAT, 6)] {
        let from_sgf = sgf::import(sgf_text).unwrap();
        let from_mat = mat::import(mat_text).unwrap();
        assert_eq!(from_sgf.len(), games);
        same_games(&from_sgf, &from_mat);
        // The file's format is told from its text
        assert_eq!(Format::of_text(sgf_text), Format::Sgf);
        assert_eq!(Format::of_text(mat_text), Format::Mat);
        same_games(&exchange::import(sgf_text).unwrap(), &from_sgf);
    }
}

#[test]
fn the_five_point_match_has_its_cube_its_resignations_and_its_crawford_game() {
    let games = sgf::import(MATCH5_SGF).unwrap();
    assert!(games.iter().all(|g| g.length == 5));
    assert_eq!(games[0].names, ["gnubg".to_string(), "root".to_string()]);
    // gnubg's RE of each game: B+1, W+2R, W+1, B+1, B+2R, B+1R (W is gnubg's player 0, Black)
    let said = [
        (Side::White, 1, false),
        (Side::Black, 2, true),
        (Side::Black, 1, false),
        (Side::White, 1, false),
        (Side::White, 2, true),
        (Side::White, 1, true),
    ];
    for (g, (winner, points, resigned)) in games.iter().zip(said) {
        // A resignation ends the game where it stood: the loser resigns, the winner accepts
        let o = g.game.outcome().unwrap();
        assert_eq!((o.winner, o.stake), (Some(winner), points));
        assert_eq!(o.reason == EndReason::Resigned, resigned);
        // and is written back as gnubg wrote it
        let record = GameRecord::of_game(&g.game).unwrap();
        let text = sgf::export(&record, &g.seats()).unwrap();
        let colour = if winner == Side::Black { 'W' } else { 'B' };
        let re = format!("RE[{colour}+{points}{}]", if resigned { "R" } else { "" });
        assert!(text.contains(&re), "{re}\n{text}");
    }
    // The score runs on through the resignations, as gnubg's MI says before each game
    let scores: Vec<(u32, u32)> = games
        .iter()
        .map(|g| (g.game.tally_before().black, g.game.tally_before().white))
        .collect();
    assert_eq!(scores, [(0, 0), (0, 1), (2, 1), (3, 1), (3, 2), (3, 4)]);
    // White reached 4 (one away) in game 5: game 6 is the Crawford game, and gnubg says so
    assert!(games[5].game.is_crawford_game());
    assert!(MATCH5_SGF.contains("RU[Crawford:CrawfordGame]"));
    // A double taken: the cube at 2 with its taker
    assert!(
        games
            .iter()
            .any(|g| g.game.record().contains(&Action::Take))
    );
}

/// Modern backgammon with the cube, played at random to its end from `seed`.
fn random_game(rules: Rules, seed: u64) -> Game {
    let mut game = Game::new(rules).unwrap();
    RandomPlayer::seeded(seed)
        .play_out(&mut game, 5000)
        .unwrap();
    game
}

fn turns(
    g: &Game,
) -> Vec<(
    gamester_rules::tables::Position,
    gamester_rules::tables::Cube,
)> {
    let mut replay = Game::with_tally(g.rules().clone(), g.tally_before()).unwrap();
    let mut out = Vec::new();
    let mut kept: Vec<Action> = Vec::new();
    for &a in g.record() {
        if a == Action::Undo {
            kept.pop();
        } else {
            kept.push(a);
        }
    }
    for a in kept {
        replay.apply(a).unwrap();
        if a == Action::Confirm || matches!(a, Action::Double | Action::Take | Action::Drop) {
            out.push((replay.position(), replay.cube()));
        }
    }
    out
}

#[test]
fn a_game_written_as_sgf_is_read_back_as_the_same_game() {
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    for seed in 0..40 {
        let game = random_game(rules.clone(), seed);
        let record = GameRecord::of_game(&game).unwrap();
        let text = sgf::export(&record, &Seats::two_people()).unwrap();
        assert!(text.starts_with("(;FF[4]GM[6]"), "{text}");
        let read = sgf::import(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(read.len(), 1);
        let back = &read[0].game;
        assert_eq!(back.outcome(), game.outcome(), "seed {seed}\n{text}");
        assert_eq!(turns(back), turns(&game), "seed {seed}");
        // The result gnubg reads: W is Black
        let o = game.outcome().unwrap();
        let letter = if o.winner == Some(Side::Black) {
            'W'
        } else {
            'B'
        };
        assert!(
            text.contains(&format!("RE[{letter}+{}]", o.stake)),
            "{text}"
        );
    }
}

#[test]
fn a_match_written_game_by_game_is_read_back_with_its_score_and_crawford_game() {
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.match_to = 5;
    let mut game = Game::new(rules).unwrap();
    let mut file = String::new();
    let mut played = Vec::new();
    for g in 0..60u64 {
        RandomPlayer::seeded(100 + g)
            .play_out(&mut game, 20_000)
            .unwrap();
        let record = GameRecord::of_game(&game).unwrap();
        let text = sgf::export(&record, &Seats::two_people()).unwrap();
        assert!(text.contains("MI[length:5]"), "{text}");
        assert_eq!(
            text.contains("CrawfordGame"),
            game.is_crawford_game(),
            "{text}"
        );
        file.push_str(&text);
        played.push(game.clone());
        if game.match_winner().is_some() {
            break;
        }
        game = game.next_game().unwrap();
    }
    // The trees one after another are the match, as gnubg's save match writes it
    let read = sgf::import(&file).unwrap();
    assert_eq!(read.len(), played.len());
    for (back, game) in read.iter().zip(&played) {
        assert_eq!(back.game.tally_before(), game.tally_before());
        assert_eq!(back.game.tally(), game.tally());
        assert_eq!(back.game.is_crawford_game(), game.is_crawford_game());
    }
    assert_eq!(
        read.last().unwrap().game.match_winner(),
        played.last().unwrap().match_winner()
    );
}

#[test]
fn what_breaks_the_rules_is_refused_with_the_game_the_turn_and_the_rule() {
    let head = "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[a]PB[b]";
    // White (B) opens 21 and moves a man from its 22 point, where it has none
    let broken = format!("{head}\n;B[21cdln])");
    match sgf::import(&broken) {
        Err(SgfError::Game {
            game: 1, turn: 1, ..
        }) => {}
        other => panic!("{other:?}"),
    }
    // Black plays when it is White's turn
    let out_of_turn = format!("{head}\n;B[21abln]\n;B[31abdf])");
    let e = sgf::import(&out_of_turn).unwrap_err().to_string();
    assert!(e.contains("turn 2") && e.contains("White plays"), "{e}");
    // A double in the Crawford game
    let crawford =
        "(;GM[6]MI[length:3][game:2][ws:2][bs:0]RU[Crawford:CrawfordGame]\n;B[21abln]\n;W[double])";
    let e = sgf::import(crawford).unwrap_err().to_string();
    assert!(e.contains("Crawford"), "{e}");
    // A result the rules do not give
    let wrong = format!("{head}RE[B+1]\n;B[21abln]\n;W[double]\n;B[drop])");
    let e = sgf::import(&wrong).unwrap_err().to_string();
    assert!(e.contains("Black winning 1"), "{e}");
    // Not SGF, or no game of backgammon
    assert!(matches!(sgf::import("(;GM[6]"), Err(SgfError::Syntax(_))));
    assert_eq!(sgf::import("(;GM[1]SZ[19];B[dd])"), Err(SgfError::NoGame));
    assert!(matches!(
        sgf::import("(;GM[6]MI[length:99])"),
        Err(SgfError::TooLong(ref n)) if n == "99"
    ));
    let setup = format!("{head}\n;AW[a][b])");
    assert!(
        sgf::import(&setup)
            .unwrap_err()
            .to_string()
            .contains("set up")
    );
}

#[test]
fn variations_are_passed_over_as_gnubg_does() {
    let text = "(;GM[6]MI[length:0]\n;B[21abln](;W[31hefe];B[52aclq])(;W[65aggl]))";
    let games = sgf::import(text).unwrap();
    // White's 21, Black's 31, White's 52: three turns of the main line
    assert_eq!(
        games[0]
            .game
            .record()
            .iter()
            .filter(|a| **a == Action::Confirm)
            .count(),
        3
    );
}

#[test]
fn rules_the_format_cannot_say_are_refused_by_name() {
    let game = random_game(Rules::preset(Preset::Irish), 1);
    let record = GameRecord::of_game(&game).unwrap();
    let refused = sgf::export(&record, &Seats::two_people()).unwrap_err();
    assert!(refused.contains("what doublets give"), "{refused}");
}

#[test]
fn a_deep_or_endless_file_is_refused_without_a_crash() {
    let deep = format!("(;GM[6]{}){}", "(;".repeat(100_000), ")".repeat(100_000));
    // Read without recursion: the main line runs through every level
    assert_eq!(sgf::import(&deep).unwrap().len(), 1);
    let open = format!("(;GM[6]MI[length:0]\n;B[21abln]{}", "(".repeat(50_000));
    assert!(sgf::import(&open).is_err());
    let unclosed_value = "(;GM[6]PW[never closed";
    assert!(matches!(
        sgf::import(unclosed_value),
        Err(SgfError::Syntax(_))
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any text at all, or a real file cut or changed anywhere, gives games or an error,
    /// never a panic.
    #[test]
    fn any_text_is_read_or_refused(
        cut in 0usize..MATCH3_SGF.len(),
        at in 0usize..MATCH3_SGF.len(),
        byte in any::<u8>(),
        noise in proptest::collection::vec(any::<u8>(), 0..200),
    ) {
        let _ = sgf::import(&MATCH3_SGF[..cut]);
        let mut changed = MATCH3_SGF.as_bytes().to_vec();
        changed[at] = byte;
        let _ = sgf::import(&String::from_utf8_lossy(&changed));
        let _ = sgf::import(&String::from_utf8_lossy(&noise));
        let _ = exchange::import(&String::from_utf8_lossy(&noise));
    }

    /// The same of gnubg's `.mat` files: cut anywhere, a byte changed anywhere, a line
    /// repeated or dropped, they give games or an error, never a panic.
    #[test]
    fn any_mat_text_is_read_or_refused(
        which in 0usize..2,
        cut in 0usize..5000,
        at in 0usize..5000,
        byte in any::<u8>(),
        line in 0usize..200,
    ) {
        let text = [MATCH3_MAT, MATCH5_MAT][which];
        let cut = cut.min(text.len());
        let _ = mat::import(&String::from_utf8_lossy(&text.as_bytes()[..cut]));
        let mut changed = text.as_bytes().to_vec();
        let at = at.min(changed.len() - 1);
        changed[at] = byte;
        let _ = mat::import(&String::from_utf8_lossy(&changed));
        let mut lines: Vec<&str> = text.lines().collect();
        let line = line.min(lines.len() - 1);
        let repeated = lines[line];
        lines.insert(line, repeated);
        let _ = mat::import(&lines.join("\n"));
        lines.remove(line);
        lines.remove(line);
        let _ = mat::import(&lines.join("\n"));
    }
}

/// A random money game with the cube under `jacoby` that ends in a gammon or more with the
/// cube in the middle (`centred`) or turned.
fn gammon_game(jacoby: bool, centred: bool) -> Game {
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.jacoby = jacoby;
    (0..2000u64)
        .map(|seed| random_game(rules.clone(), seed))
        .find(|g| {
            let o = g.outcome().unwrap();
            // A bear-off that the stakes table pays more for (the rule may score it single)
            let big = matches!(
                o.reason,
                gamester_rules::tables::EndReason::BoreOff(kind)
                    if kind != gamester_rules::tables::WinKind::Plain
            );
            big && g.cube().owner.is_none() == centred
        })
        .expect("such a game among 2000")
}

#[test]
fn the_jacoby_rule_goes_to_and_from_gnubgs_files() {
    // A gammon with the cube in the middle under the Jacoby rule scores a single game: the
    // .sgf says RU[Jacoby], and both formats read it back as the rule's game
    let game = gammon_game(true, true);
    assert_eq!(game.outcome().unwrap().stake, 1);
    let record = GameRecord::of_game(&game).unwrap();
    let text = sgf::export(&record, &Seats::two_people()).unwrap();
    assert!(text.contains("RU[Jacoby]"), "{text}");
    let back = sgf::import(&text).unwrap().remove(0).game;
    assert!(back.rules().jacoby);
    assert_eq!(back.outcome(), game.outcome());
    // A .mat file cannot say so: "Wins 1 point" for a gammon is read as the rule played
    let text = mat::export(&record, &Seats::two_people()).unwrap();
    assert!(text.contains("Wins 1 point"), "{text}");
    let back = mat::import(&text).unwrap().remove(0).game;
    assert!(back.rules().jacoby);
    assert_eq!(back.outcome(), game.outcome());
    // Without the rule a gammon scores in full, and the .mat file is read without it
    let game = gammon_game(false, true);
    let record = GameRecord::of_game(&game).unwrap();
    let text = mat::export(&record, &Seats::two_people()).unwrap();
    let back = mat::import(&text).unwrap().remove(0).game;
    assert!(!back.rules().jacoby);
    assert_eq!(back.outcome(), game.outcome());
    let text = sgf::export(&record, &Seats::two_people()).unwrap();
    assert!(!text.contains("Jacoby"));
    // Once the cube has turned the rule changes nothing
    let game = gammon_game(true, false);
    assert!(game.outcome().unwrap().stake >= 2 * game.cube().value);
}

#[test]
fn a_money_sessions_score_is_written_as_it_stands() {
    // Given a game of a money session at 0 to 4 (Black 0, White 4)
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    let tally = gamester_rules::tables::Tally {
        white: 4,
        games: 3,
        ..Default::default()
    };
    let game = Game::with_tally(rules, tally).unwrap();
    let record = GameRecord::of_game(&game).unwrap();
    // When it is written as .sgf, the score is the session's (Black is gnubg's player 0, `ws`)
    let text = sgf::export(&record, &Seats::two_people()).unwrap();
    assert!(text.contains("MI[length:0][game:3][ws:0][bs:4]"), "{text}");
    // And read back, the session's score is so
    let back = sgf::import(&text).unwrap().remove(0).game.tally_before();
    assert_eq!((back.black, back.white, back.games), (0, 4, 3));
}

//! `gamester host` and `gamester join` as two processes on this machine (`--local`: no relay,
//! no internet): a whole game, the saves both sides keep, a game resumed from its save, and
//! the refusals of a command line that cannot play.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead as _, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

fn gamester() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gamester"))
}

/// Starts a host; returns it and the code of its one line, `invite <CODE>`.
fn host(args: &[&str]) -> (Child, String) {
    let mut child = gamester()
        .arg("host")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let code = line
        .strip_prefix("invite ")
        .unwrap_or_else(|| panic!("not an invitation: {line:?}"))
        .trim()
        .to_string();
    (child, code)
}

fn check(path: &Path) -> String {
    let out = gamester().arg("check").arg(path).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A host and a friend, the computer at each, saving to these files; the friend types the
/// code in small letters if `small`. Their outputs once both have ended.
fn host_and_join(
    host_save: &Path,
    join_save: &Path,
    small: bool,
) -> (std::process::Output, std::process::Output) {
    let (host, code) = host(&[
        "--level",
        "novice",
        "--local",
        "--save",
        host_save.to_str().unwrap(),
    ]);
    let code = if small { code.to_lowercase() } else { code };
    let join = gamester()
        .args(["join", &code, "--level", "novice", "--local"])
        .arg("--save")
        .arg(join_save)
        .output()
        .unwrap();
    (host.wait_with_output().unwrap(), join)
}

#[test]
fn a_host_and_a_friend_play_a_whole_game_of_irish_and_both_keep_it() {
    let dir = tempfile::tempdir().unwrap();
    let (host_save, join_save) = (dir.path().join("host.ron"), dir.path().join("join.ron"));
    let (host, join) = host_and_join(&host_save, &join_save, true);
    assert!(
        join.status.success(),
        "{}",
        String::from_utf8_lossy(&join.stderr)
    );
    assert!(
        host.status.success(),
        "{}",
        String::from_utf8_lossy(&host.stderr)
    );
    assert!(String::from_utf8_lossy(&join.stderr).contains("the game is over"));
    // Both saves hold the same finished game.
    let (a, b) = (check(&host_save), check(&join_save));
    assert!(a.starts_with("ok irish") && a.contains("over"), "{a}");
    assert_eq!(a, b);
    assert_eq!(
        std::fs::read_to_string(&host_save)
            .unwrap()
            .matches("throw")
            .count(),
        std::fs::read_to_string(&join_save)
            .unwrap()
            .matches("throw")
            .count()
    );
}

#[test]
fn muggins_for_three_is_three_programs() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("host.ron");
    let (host, code) = host(&[
        "--preset",
        "muggins",
        "--players",
        "3",
        "--level",
        "novice",
        "--local",
        "--save",
        save.to_str().unwrap(),
    ]);
    let joiners: Vec<Child> = (0..2)
        .map(|_| {
            gamester()
                .args(["join", &code, "--level", "novice", "--local"])
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for j in joiners {
        let out = j.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(host.wait_with_output().unwrap().status.success());
    let summary = check(&save);
    assert!(
        summary.contains("Muggins") || summary.contains("muggins"),
        "{summary}"
    );
}

#[test]
fn ketch_dolt_and_sice_ace_for_three_are_played_at_a_distance_and_kept_alike() {
    for (preset, players) in [("ketch-dolt", "2"), ("sice-ace", "3")] {
        // Given a host of the pastime, and a program for each friend, each keeping the game
        let dir = tempfile::tempdir().unwrap();
        let save = |n: usize| dir.path().join(format!("party{n}.ron"));
        let (host, code) = host(&[
            "--preset",
            preset,
            "--players",
            players,
            "--level",
            "novice",
            "--local",
            "--save",
            save(0).to_str().unwrap(),
        ]);
        let friends: usize = players.parse::<usize>().unwrap() - 1;
        let joiners: Vec<Child> = (1..=friends)
            .map(|n| {
                gamester()
                    .args(["join", &code, "--level", "novice", "--local", "--save"])
                    .arg(save(n))
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        // Then each plays it to its end, and every side keeps the same finished game
        for j in joiners {
            let out = j.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{preset}: {err}");
            assert!(err.contains("the game is over"), "{preset}: {err}");
        }
        let out = host.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{preset}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let kept = check(&save(0));
        assert!(kept.starts_with(&format!("ok pastime {preset}")), "{kept}");
        assert!(kept.contains("over"), "{kept}");
        for n in 1..=friends {
            assert_eq!(check(&save(n)), kept, "{preset}");
        }
    }
}

#[test]
fn the_command_line_refuses_what_it_cannot_play() {
    // No level: people play in the window.
    let out = gamester().args(["host", "--local"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("--level is required"));
    // A code that is not an invitation.
    let out = gamester()
        .args(["join", "GAMESTERXYZ", "--level", "fair", "--local"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("invitation"), "{err}");
    // Players at tables.
    let out = gamester()
        .args(["host", "--players", "3", "--level", "fair"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("two sides"));
}

#[test]
fn a_friend_killed_mid_game_comes_back_with_its_save_and_the_host_takes_it_up() {
    use gamester_core::save::load;
    let dir = tempfile::tempdir().unwrap();
    let (host_save, join_save) = (dir.path().join("host.ron"), dir.path().join("join.ron"));
    let (host, code) = host(&[
        "--level",
        "novice",
        "--local",
        "--save",
        host_save.to_str().unwrap(),
    ]);
    let join = || {
        gamester()
            .args(["join", &code, "--level", "novice", "--local"])
            .arg("--save")
            .arg(&join_save)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    // A friend whose program is killed once its save holds 30 actions (no goodbye)
    let mut first = join();
    let began = std::time::Instant::now();
    while began.elapsed().as_secs() < 120
        && load(&join_save).map_or(0, |l| l.game.record().len()) < 30
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    first.kill().unwrap();
    first.wait().unwrap();
    let at_kill = load(&join_save).unwrap().game.record().to_vec();
    assert!(at_kill.len() >= 30, "the friend's save did not grow");
    // kept the record it signed (with its share of the throw under way) and its key beside its
    // save, each readable by its owner only
    for kept in ["join.ron.record", "join.ron.key"] {
        let path = dir.path().join(kept);
        assert!(path.is_file(), "{kept}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600, "{kept}");
        }
    }
    // Started again on its save, it comes back, and the game ends the same on both sides
    let again = join().wait_with_output().unwrap();
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let host = host.wait_with_output().unwrap();
    assert!(
        host.status.success(),
        "{}",
        String::from_utf8_lossy(&host.stderr)
    );
    let (hosted, joined) = (load(&host_save).unwrap(), load(&join_save).unwrap());
    assert!(hosted.game.is_over());
    assert_eq!(hosted.game.record(), joined.game.record());
    assert!(hosted.game.record().starts_with(&at_kill));
}

#[test]
fn a_saved_game_the_host_never_played_is_refused_with_the_reason() {
    use gamester_core::ai::decide::{Decision, decide};
    use gamester_core::level::Level;
    use gamester_core::players::{Controller, Seats};
    use gamester_core::save::{SaveFile, load, write_atomic};
    use gamester_rules::tables::{FairDice, Game, Preset, Rules};

    // A "save" of a game of Irish 40 actions in, made up on the friend's side alone: its
    // throws were never made with the host
    let mut game = Game::new(Rules::preset(Preset::Irish)).unwrap();
    let mut dice = FairDice::seeded(7);
    while game.record().len() < 40 {
        match decide(&game, Level::Novice) {
            Some(Decision::Play(p)) => {
                game.apply_play(&p).unwrap();
            }
            Some(Decision::Action(a)) => {
                game.apply(a).unwrap();
            }
            None => {
                game.throw_with(&mut dice).unwrap();
            }
        }
    }
    let mut seats = Seats::two_people();
    seats.black.players[0].controller = Controller::Computer(Level::Novice);
    let dir = tempfile::tempdir().unwrap();
    let (host_save, join_save) = (dir.path().join("host.ron"), dir.path().join("join.ron"));
    write_atomic(&join_save, &SaveFile::from_game(&game, &seats)).unwrap();
    let (mut host, code) = host(&[
        "--level",
        "novice",
        "--local",
        "--save",
        host_save.to_str().unwrap(),
    ]);
    let join = gamester()
        .args(["join", &code, "--level", "novice", "--local"])
        .arg("--save")
        .arg(&join_save)
        .output()
        .unwrap();
    host.kill().unwrap();
    host.wait().unwrap();
    assert_eq!(join.status.code(), Some(2));
    let err = String::from_utf8_lossy(&join.stderr);
    assert!(err.contains("cannot come back to"), "{err}");
    // Nothing changed: the friend's file holds its game, the host's no game of it
    assert_eq!(load(&join_save).unwrap().game.record(), game.record());
    if host_save.exists() {
        assert!(load(&host_save).unwrap().game.record().is_empty());
    }
}

#[test]
fn a_host_started_again_on_its_game_gives_the_same_invitation_and_plays_it() {
    let dir = tempfile::tempdir().unwrap();
    let (host_save, join_save) = (dir.path().join("host.ron"), dir.path().join("join.ron"));
    let args = [
        "--level",
        "novice",
        "--local",
        "--save",
        host_save.to_str().unwrap(),
    ];
    // A host that stops before anyone comes (a closed lid, a kill)
    let (mut first, code) = host(&args);
    first.kill().unwrap();
    first.wait().unwrap();
    // keeps who it is beside its game, readable by its owner only
    let kept = dir.path().join("host.ron.host");
    assert!(kept.is_file());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        assert_eq!(
            std::fs::metadata(&kept).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
    // and started again on it, gives the same invitation, which the friend plays with
    let (again, same) = host(&args);
    assert_eq!(same, code);
    let join = gamester()
        .args(["join", &code, "--level", "novice", "--local"])
        .arg("--save")
        .arg(&join_save)
        .output()
        .unwrap();
    assert!(
        join.status.success(),
        "{}",
        String::from_utf8_lossy(&join.stderr)
    );
    assert!(again.wait_with_output().unwrap().status.success());
    assert_eq!(check(&host_save), check(&join_save));
    // A kept identity that is not one is refused with the reason, the game file untouched
    std::fs::write(&kept, "not an identity").unwrap();
    let before = std::fs::read(&host_save).unwrap();
    let out = gamester().arg("host").args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a host's identity"));
    assert_eq!(std::fs::read(&host_save).unwrap(), before);
}

#[test]
fn a_friend_reads_the_invitation_from_standard_input_and_its_save_never_shows_anothers_tiles() {
    use gamester_core::players::Controller;
    use gamester_core::tiles_session::TilesSession;
    let dir = tempfile::tempdir().unwrap();
    let (host_save, join_save) = (dir.path().join("host.ron"), dir.path().join("join.ron"));
    let (host, code) = host(&[
        "--preset",
        "muggins",
        "--level",
        "novice",
        "--local",
        "--save",
        host_save.to_str().unwrap(),
    ]);
    // The code goes on standard input, not on the command line where `ps` shows it
    let mut join = gamester()
        .args(["join", "-", "--level", "novice", "--local"])
        .arg("--save")
        .arg(&join_save)
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write as _;
        let mut stdin = join.stdin.take().unwrap();
        writeln!(stdin, "{code}").unwrap();
    }
    let join = join.wait_with_output().unwrap();
    assert!(
        join.status.success(),
        "{}",
        String::from_utf8_lossy(&join.stderr)
    );
    assert!(host.wait_with_output().unwrap().status.success());
    // The friend's save marks the host's seat as a friend's at a distance, never a person's
    // at this screen: opened, no hand of another is shown face up
    let loaded = gamester_core::save::tiles::load(&join_save).unwrap();
    let computers = loaded
        .seats
        .iter()
        .filter(|c| matches!(c, Controller::Computer(_)))
        .count();
    assert_eq!(computers, 1, "{:?}", loaded.seats);
    assert!(
        loaded
            .seats
            .iter()
            .all(|c| matches!(c, Controller::Computer(_) | Controller::Distance)),
        "{:?}",
        loaded.seats
    );
    // At every point of the game replayed from that save, no hand is shown face up
    let record = loaded.game.record().to_vec();
    let mut game = gamester_rules::tiles::Game::new(*loaded.game.rules()).unwrap();
    for action in record {
        game.apply(action).unwrap();
        let session = TilesSession::holding(game.clone(), loaded.seats.clone(), None);
        assert_eq!(session.shown_player(), None);
    }
    // A code that is not one, on standard input, is refused in words
    let out = gamester()
        .args(["join", "-", "--level", "novice", "--local"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("invitation"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_game_under_way_is_taken_only_when_the_friend_says_so() {
    use gamester_core::ai::decide::{Decision, decide};
    use gamester_core::level::Level;
    use gamester_core::players::{Controller, Seats};
    use gamester_core::save::{SaveFile, load, write_atomic};
    use gamester_rules::tables::{FairDice, Game, Preset, Rules};
    // A host whose save holds a game of Irish 20 actions in, played at home
    let mut game = Game::new(Rules::preset(Preset::Irish)).unwrap();
    let mut dice = FairDice::seeded(3);
    while game.record().len() < 20 {
        match decide(&game, Level::Novice) {
            Some(Decision::Play(p)) => {
                game.apply_play(&p).unwrap();
            }
            Some(Decision::Action(a)) => {
                game.apply(a).unwrap();
            }
            None => {
                game.throw_with(&mut dice).unwrap();
            }
        }
    }
    let mut seats = Seats::two_people();
    seats.white.players[0].controller = Controller::Computer(Level::Novice);
    let dir = tempfile::tempdir().unwrap();
    let (host_save, join_save) = (dir.path().join("host.ron"), dir.path().join("join.ron"));
    write_atomic(&host_save, &SaveFile::from_game(&game, &seats)).unwrap();
    let args = [
        "--level",
        "novice",
        "--local",
        "--save",
        host_save.to_str().unwrap(),
    ];
    // A friend who did not ask for a game under way refuses it, and says how to take it
    let (mut first, code) = host(&args);
    let out = gamester()
        .args(["join", &code, "--level", "novice", "--local"])
        .arg("--save")
        .arg(&join_save)
        .output()
        .unwrap();
    first.kill().unwrap();
    first.wait().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("under way") && err.contains("--under-way"),
        "{err}"
    );
    assert!(!join_save.exists(), "nothing kept of a game not taken");
    // With --under-way, the friend sits down to it and it is played out from where it stood
    let (again, code) = host(&args);
    let out = gamester()
        .args(["join", &code, "--under-way", "--level", "novice", "--local"])
        .arg("--save")
        .arg(&join_save)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(again.wait_with_output().unwrap().status.success());
    let (hosted, joined) = (load(&host_save).unwrap(), load(&join_save).unwrap());
    assert!(hosted.game.is_over());
    assert_eq!(hosted.game.record(), joined.game.record());
    assert!(hosted.game.record().starts_with(game.record()));
}

#[test]
fn a_friend_killed_and_never_back_loses_the_game_which_the_hosts_save_counts() {
    use gamester_core::save::load;
    let dir = tempfile::tempdir().unwrap();
    let (host_save, join_save) = (dir.path().join("host.ron"), dir.path().join("join.ron"));
    // A host that waits two seconds for a friend who drops
    let (host, code) = host(&[
        "--level",
        "novice",
        "--local",
        "--patience",
        "2",
        "--save",
        host_save.to_str().unwrap(),
    ]);
    let mut friend = gamester()
        .args(["join", &code, "--level", "novice", "--local"])
        .arg("--save")
        .arg(&join_save)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The friend's program is killed 20 moves in (no goodbye), and never started again
    let began = std::time::Instant::now();
    while began.elapsed().as_secs() < 120
        && load(&join_save).map_or(0, |l| l.game.record().len()) < 20
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    friend.kill().unwrap();
    friend.wait().unwrap();
    // The host ends the game by itself, as abandoned by the friend, who loses it: its save
    // says who left and counts the loss
    let out = host.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("abandoned by The computer"), "{said}");
    let hosted = load(&host_save).unwrap();
    assert!(!hosted.game.is_over(), "the rules did not end it");
    let left = hosted.abandoned.as_ref().expect("the save keeps who left");
    assert_eq!(left.seats, vec![1], "Black, the friend's seat, left");
    assert!(left.last_signed.as_ref().is_some_and(|h| h.len() == 64));
    assert!(left.when.is_some());
    let summary = check(&host_save);
    assert!(summary.contains("abandoned: Black loses"), "{summary}");
    // A patience the command line cannot use is refused in words
    let out = gamester()
        .args(["host", "--level", "novice", "--local", "--patience", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

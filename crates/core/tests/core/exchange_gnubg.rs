//! GNU Backgammon's own matches round-trip through Gamester: gnubg plays matches against
//! itself (resignations among them), Gamester reads its `.mat` and `.sgf`, keeps each as a
//! match, writes it again whole and game by game, and gnubg reads Gamester's files back as the
//! same games: the same plays, cube actions, results, scores, game numbers and Crawford game.
//! Needs gnubg (`/usr/games/gnubg`); run with `cargo test -p gamester-core --test core
//! exchange_gnubg -- --ignored`. `GNUBG_MATCHES="seed:length …"` chooses the matches.

use std::path::Path;
use std::process::Command;

use gamester_core::exchange::{self, Format};

const GNUBG: &str = "/usr/games/gnubg";

/// gnubg's Python, run over `script` with `env`.
fn gnubg_python(dir: &Path, script: &str, env: &[(&str, String)]) {
    let path = dir.join("script.py");
    std::fs::write(&path, script).unwrap();
    let mut cmd = Command::new(GNUBG);
    cmd.args(["-t", "-q", "-r", "-p"]).arg(&path);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("GNU Backgammon runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

const PLAY: &str = r"
import os
gnubg.command('set confirm new off')
gnubg.command('set display off')
gnubg.command('set rng mersenne')
for p in (0, 1):
    gnubg.command('set player %d gnubg' % p)
    gnubg.command('set player %d chequerplay evaluation plies 0' % p)
    gnubg.command('set player %d cubedecision evaluation plies 0' % p)
gnubg.command('set automatic game on')
gnubg.command('set automatic roll on')
for spec in os.environ['MATCHES'].split():
    seed, length = spec.split(':')
    gnubg.command('set seed %s' % seed)
    gnubg.command('new match %s' % length)
    base = os.path.join(os.environ['DIR'], 'm%s_%s' % (seed, length))
    gnubg.command('save match %s.sgf' % base)
    gnubg.command('export match mat %s.mat' % base)
";

/// Reads each file of `FILES` (`.mat` imported, `.sgf` loaded) and saves it as `FILE.back.sgf`.
const READ_BACK: &str = r"
import os
gnubg.command('set confirm new off')
for f in os.environ['FILES'].split():
    if f.endswith('.mat'):
        gnubg.command('import mat %s' % f)
    else:
        gnubg.command('load match %s' % f)
    gnubg.command('save match %s.back.sgf' % f)
";

/// What a game tree of gnubg's says of its game: the match information, the rules, the result,
/// and its turns (each throw's men as where they left and where they came, in any order).
#[derive(Debug, PartialEq, Eq)]
struct Said {
    mi: String,
    ru: String,
    re: String,
    turns: Vec<String>,
}

fn property(tree: &str, ident: &str) -> String {
    let Some(at) = tree.find(&format!("{ident}[")) else {
        return String::new();
    };
    let rest = &tree[at + ident.len()..];
    // MI has several values: take them all
    let mut out = String::new();
    let mut r = rest;
    while let Some(stripped) = r.strip_prefix('[') {
        let end = stripped.find(']').unwrap();
        out.push_str(&r[..end + 2]);
        r = &stripped[end + 1..];
    }
    out
}

fn net(value: &str) -> String {
    let bytes = value.as_bytes();
    if bytes.len() < 2 || !bytes[..2].iter().all(u8::is_ascii_digit) {
        return value.to_string();
    }
    let mut from: Vec<u8> = bytes[2..].iter().step_by(2).copied().collect();
    let mut to: Vec<u8> = bytes[2..].iter().skip(1).step_by(2).copied().collect();
    // A man's path through a point it also left: the point cancels
    let mut i = 0;
    while i < from.len() {
        if let Some(j) = to.iter().position(|&t| t == from[i]) {
            from.remove(i);
            to.remove(j);
        } else {
            i += 1;
        }
    }
    from.sort_unstable();
    to.sort_unstable();
    format!(
        "{}{}>{}",
        &value[..2],
        String::from_utf8_lossy(&from),
        String::from_utf8_lossy(&to)
    )
}

fn said(sgf: &str) -> Vec<Said> {
    sgf.split("(;FF[4]")
        .skip(1)
        .map(|tree| {
            let root_end = tree.find("\n;").unwrap_or(tree.len());
            let root = &tree[..root_end];
            let mut turns = Vec::new();
            for node in tree[root_end..].split('\n').filter(|l| l.starts_with(';')) {
                for colour in ["W", "B"] {
                    if let Some(v) = node.strip_prefix(&format!(";{colour}[")) {
                        let v = &v[..v.find(']').unwrap()];
                        turns.push(format!("{colour}{}", net(v)));
                    }
                }
            }
            Said {
                mi: property(root, "MI"),
                ru: property(root, "RU"),
                re: property(root, "RE"),
                turns,
            }
        })
        .collect()
}

#[test]
#[ignore = "needs GNU Backgammon installed"]
fn gnubgs_matches_round_trip_through_gamester_whole_and_game_by_game() {
    let dir = tempfile::tempdir().unwrap();
    let matches = std::env::var("GNUBG_MATCHES")
        .unwrap_or_else(|_| "21:1 22:3 23:5 24:7 25:9 26:11 27:5 28:7".to_string());
    gnubg_python(
        dir.path(),
        PLAY,
        &[
            ("MATCHES", matches.clone()),
            ("DIR", dir.path().display().to_string()),
        ],
    );
    let mut written = Vec::new();
    // (file written, gnubg's own .sgf, which of its games to compare: all, or the last)
    let mut expected: Vec<(String, String, Option<usize>)> = Vec::new();
    let (mut games_seen, mut resignations) = (0usize, 0usize);
    for spec in matches.split_whitespace() {
        let (seed, length) = spec.split_once(':').unwrap();
        let base = dir.path().join(format!("m{seed}_{length}"));
        let own = base.with_extension("sgf").display().to_string();
        let own_text = std::fs::read_to_string(&own).unwrap();
        resignations += own_text.matches("R]").count();
        for source in ["mat", "sgf"] {
            let text = std::fs::read_to_string(base.with_extension(source)).unwrap();
            let games = exchange::import(&text).unwrap_or_else(|e| panic!("{spec} {source}: {e}"));
            games_seen += games.len();
            let count = games.len();
            for upto in 1..=count {
                let (earlier, last) = exchange::as_match(games.clone(), upto).unwrap();
                let seats = last.seats();
                let mut records = earlier;
                let this = gamester_core::save::GameRecord::of_game(&last.game).unwrap();
                records.push(this.clone());
                for format in [Format::Mat, Format::Sgf] {
                    // The match up to this game, whole
                    let whole = exchange::export_games(&records, &seats, format).unwrap();
                    let name = format!("{spec}_{source}_{upto}_whole.{}", format.extension());
                    let path = dir.path().join(name.replace(':', "_"));
                    std::fs::write(&path, whole).unwrap();
                    written.push(path.display().to_string());
                    expected.push((path.display().to_string(), own.clone(), Some(upto)));
                    // This game alone
                    let alone = exchange::export(&this, &seats, format).unwrap();
                    let name = format!("{spec}_{source}_{upto}_alone.{}", format.extension());
                    let path = dir.path().join(name.replace(':', "_"));
                    std::fs::write(&path, alone).unwrap();
                    written.push(path.display().to_string());
                    expected.push((path.display().to_string(), own.clone(), None));
                }
            }
        }
    }
    gnubg_python(dir.path(), READ_BACK, &[("FILES", written.join(" "))]);
    let mut differ = Vec::new();
    for (file, own, upto) in &expected {
        let mut back = said(&std::fs::read_to_string(format!("{file}.back.sgf")).unwrap());
        // gnubg plays the Crawford rule in any match it imports from a `.mat` file, even to
        // one point, where its own files say nothing of the rule
        if file.ends_with(".mat") {
            for game in back.iter_mut().filter(|g| g.mi.starts_with("[length:1]")) {
                game.ru.clear();
            }
        }
        let own = said(&std::fs::read_to_string(own).unwrap());
        let (got, want): (&[Said], &[Said]) = match upto {
            Some(n) => (&back, &own[..*n]),
            None => {
                // Alone: the game is the file's last (after the Crawford game's mark, if any)
                let n = back.len();
                let which = own.iter().position(|s| s.mi == back[n - 1].mi);
                match which {
                    Some(i) => (&back[n - 1..], &own[i..=i]),
                    None => (&back[n - 1..], &own[..0]),
                }
            }
        };
        if got != want {
            differ.push(format!("{file}: {got:?}\n  want {want:?}"));
        }
    }
    eprintln!(
        "{} files round-tripped through gnubg ({games_seen} games read, {resignations} \
         resignations in gnubg's matches); {} differ",
        expected.len(),
        differ.len()
    );
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

#[test]
#[ignore = "needs GNU Backgammon installed"]
fn a_resignation_made_in_gamester_reads_in_gnubg_with_its_result_and_score() {
    let dir = tempfile::tempdir().unwrap();
    let game = crate::exchange_files::resigned_game();
    let record = gamester_core::save::GameRecord::of_game(&game).unwrap();
    let seats = gamester_core::players::Seats::two_people();
    let outcome = game.outcome().unwrap();
    let colour = if outcome.winner == Some(gamester_rules::tables::Side::Black) {
        'W'
    } else {
        'B'
    };
    let mut files = Vec::new();
    for format in [Format::Mat, Format::Sgf] {
        let path = dir.path().join(format!("resigned.{}", format.extension()));
        std::fs::write(&path, exchange::export(&record, &seats, format).unwrap()).unwrap();
        files.push(path.display().to_string());
    }
    gnubg_python(dir.path(), READ_BACK, &[("FILES", files.join(" "))]);
    for file in &files {
        let back = said(&std::fs::read_to_string(format!("{file}.back.sgf")).unwrap());
        assert_eq!(back.len(), 1, "{file}");
        assert_eq!(
            back[0].re,
            format!("[{colour}+{}R]", outcome.stake),
            "{file}"
        );
        assert_eq!(back[0].mi, "[length:7][game:0][ws:0][bs:0]", "{file}");
        // and read by Gamester from gnubg's copy, the game ends as it did
        let again = exchange::import(&std::fs::read_to_string(format!("{file}.back.sgf")).unwrap())
            .unwrap()
            .remove(0)
            .game;
        assert_eq!(again.outcome(), game.outcome(), "{file}");
        assert_eq!(again.position(), game.position(), "{file}");
    }
}

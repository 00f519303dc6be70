//! `gamester selfplay`: contests between the computer's levels and the random player, played
//! on every core. Game `i`'s dice are seeded from the master seed and `i` alone and the games
//! are counted in their order, so the report is the same whatever the number of threads.
//! Progress goes to standard error; standard output has the report only (docs/command-line.md).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use std::sync::Arc;

use crate::ai::Kind;
use crate::ai::contest::{Contender, PlayMade, Score, Seat, play_game};
use crate::ai::net_file::{MAX_NET_FILE_BYTES, NetFile};
use crate::cli::args::{CliError, Selfplay, at_tiles_only, tables_rules};
use crate::cli::out::note;
use crate::tables::{Outcome, Preset, Side, position_id};

/// How long at least between two lines of progress.
const PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// The seed of game `index` of a contest seeded with `seed` (as every Gamester before
/// `--jobs` seeded it, so old commands give the same games).
fn game_seed(seed: u64, index: usize) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add(index as u64)
}

/// One game played: how it ended, and the oracle's query lines of White's plays when asked.
struct Played {
    outcome: Option<Outcome>,
    log: Vec<String>,
}

/// `selfplay`: N games between two players; prints each side's wins and stakes, the draws, and
/// last White's win rate with its 95% interval. `--log-plays <file>` writes White's plays
/// (those with a choice) as queries for the oracle's `gnubg_eval.py`; `--jobs <N>` plays on N
/// threads (all cores by default). `--white-net <file>` and `--black-net <file>` make a side
/// judge with the network in that file instead of its family's own.
pub(crate) fn selfplay(preset: Preset, args: &Selfplay) -> Result<String, CliError> {
    at_tiles_only(preset, &[("--players", args.players.is_some())])?;
    let rules = tables_rules(preset, &args.rules.sets)?;
    let seat = |contender: Contender,
                net: Option<&Path>,
                flag: &str|
     -> Result<(Seat, String), CliError> {
        let Some(path) = net else {
            return Ok((contender.into(), contender.to_string()));
        };
        let shown = path.to_string_lossy();
        let read_error = |reason: String| CliError::Network {
            path: shown.to_string(),
            reason,
        };
        let bytes = gamester_core::files::read_capped(path, MAX_NET_FILE_BYTES)
            .map_err(|e| read_error(e.to_string()))?;
        let file = NetFile::parse(&bytes).map_err(|e| read_error(e.to_string()))?;
        let family = Kind::of(&rules);
        if file.family != family.name() {
            note(&format!(
                "{flag}: {shown} was trained for the {} family; these rules are the {family} family's",
                file.family
            ));
        }
        let name = path
            .file_name()
            .map_or(shown.clone(), |n| n.to_string_lossy());
        let seat = Seat {
            contender,
            net: Some(Arc::new(family.judging(file.net, &file.family))),
        };
        Ok((seat, format!("{contender} ({name})")))
    };
    let ((white_seat, white_name), (black_seat, black_name)) = (
        seat(args.white, args.white_net.as_deref(), "--white-net")?,
        seat(args.black, args.black_net.as_deref(), "--black-net")?,
    );
    let (games, seed) = (args.games, args.seed);
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let jobs = args.jobs.unwrap_or(cores);
    let log_path = args.log_plays.as_deref();
    let write_error = |source| CliError::Write {
        path: log_path.map_or("the play log".into(), |p| p.to_string_lossy().into_owned()),
        source,
    };
    let mut log = match log_path {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(write_error)?,
        )),
        None => None,
    };

    let play = |index: usize| -> Result<Played, CliError> {
        let mut lines = Vec::new();
        let mut on_play = |_: &crate::tables::Game, made: PlayMade| {
            if log_path.is_some()
                && made.side == Side::White
                && made.choices > 1
                && made.throw.faces().len() == 2
            {
                lines.push(oracle_query(&made));
            }
        };
        let outcome = play_game(
            &rules,
            white_seat.clone(),
            black_seat.clone(),
            game_seed(seed, index),
            &mut on_play,
        )?;
        Ok(Played {
            outcome,
            log: lines,
        })
    };
    let mut score = Score::default();
    let mut progress = Progress::new(games, jobs);
    in_order(games as usize, jobs, play, |_, played| {
        score.record(played.outcome);
        if let Some(out) = log.as_mut() {
            for line in &played.log {
                writeln!(out, "{line}").map_err(write_error)?;
            }
        }
        progress.game_done();
        Ok(())
    })?;
    if let Some(out) = log.as_mut() {
        out.flush().map_err(write_error)?;
    }
    Ok(report(&score, &white_name, &black_name))
}

/// The report: `games`, each side's wins and stakes, the draws, White's win rate last.
fn report(score: &Score, white: &str, black: &str) -> String {
    let n = f64::from(score.games.max(1));
    let mut out = String::new();
    let _ = writeln!(out, "games {}", score.games);
    let _ = writeln!(
        out,
        "white {white} wins {} stakes {} ({:.3} per game)",
        score.white_wins,
        score.white_stakes,
        f64::from(score.white_stakes) / n
    );
    let _ = writeln!(
        out,
        "black {black} wins {} stakes {} ({:.3} per game)",
        score.black_wins,
        score.black_stakes,
        f64::from(score.black_stakes) / n
    );
    let _ = writeln!(out, "draws {}", score.draws);
    let (p, lo, hi) = score.white_rate();
    let _ = writeln!(
        out,
        "white win rate {:.1}% (95% CI {:.1}%-{:.1}%)",
        100.0 * p,
        100.0 * lo,
        100.0 * hi
    );
    out
}

/// Runs `work(0)`, `work(1)`, … `work(count - 1)` on up to `jobs` threads and hands each result
/// to `done` on this thread in the order of the index, whatever order they finish in. The
/// first error in that order stops the run (games under way are finished, none is begun) and
/// is returned, so the outcome does not depend on `jobs` either.
fn in_order<T: Send>(
    count: usize,
    jobs: usize,
    work: impl Fn(usize) -> Result<T, CliError> + Sync,
    mut done: impl FnMut(usize, T) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, results) = mpsc::channel::<(usize, Result<T, CliError>)>();
    std::thread::scope(|scope| {
        for k in 0..jobs.min(count) {
            let sender = sender.clone();
            let (next, stop, work) = (&next, &stop, &work);
            let worker = move || {
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= count || sender.send((index, work(index))).is_err() {
                        break;
                    }
                }
            };
            if let Err(e) = std::thread::Builder::new().spawn_scoped(scope, worker) {
                // Fewer threads than asked still play every game; none at all cannot.
                if k == 0 {
                    return Err(CliError::Thread(e));
                }
                break;
            }
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut wanted = 0;
        let mut answer = Ok(());
        for (index, result) in &results {
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&wanted) {
                if let Err(e) = result.and_then(|t| done(wanted, t)) {
                    stop.store(true, Ordering::Relaxed);
                    answer = Err(e);
                    break;
                }
                wanted += 1;
            }
            if answer.is_err() {
                break;
            }
        }
        answer
    })
}

/// Lines of progress on standard error: after the first game, then at most every
/// [`PROGRESS_EVERY`], and after the last.
struct Progress {
    games: u32,
    jobs: usize,
    done: u32,
    start: Instant,
    last: Option<Instant>,
}

impl Progress {
    fn new(games: u32, jobs: usize) -> Progress {
        Progress {
            games,
            jobs: jobs.min(games as usize),
            done: 0,
            start: Instant::now(),
            last: None,
        }
    }

    fn game_done(&mut self) {
        self.done += 1;
        let now = Instant::now();
        let due = self
            .last
            .is_none_or(|last| now.duration_since(last) >= PROGRESS_EVERY);
        if !(due || self.done == self.games) {
            return;
        }
        self.last = Some(now);
        let elapsed = now.duration_since(self.start);
        let mut line = format!(
            "selfplay: {}/{} games in {} ({} {})",
            self.done,
            self.games,
            clock(elapsed),
            self.jobs,
            if self.jobs == 1 { "thread" } else { "threads" }
        );
        if self.done < self.games {
            let left = elapsed.mul_f64(f64::from(self.games - self.done) / f64::from(self.done));
            let _ = write!(line, ", about {} to go", clock(left));
        }
        note(&line);
    }
}

/// A duration as a person reads it: `4.2 s`, `12 min 05 s`, `1 h 02 min`.
fn clock(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{:.1} s", d.as_secs_f64()),
        60..3600 => format!("{} min {:02} s", s / 60, s % 60),
        _ => format!("{} h {:02} min", s / 3600, s % 3600 / 60),
    }
}

/// A query line for `gnubg_eval.py`: the position id, the dice, and the board after the play
/// in gnubg's simple layout (mover's bar, points 1–24, the adversary's bar).
fn oracle_query(made: &PlayMade) -> String {
    let p = made.play.position.pips();
    let mut board = vec![i32::from(p[25])];
    board.extend((1..=24).map(|i| i32::from(p[i])));
    board.push(-i32::from(p[0]));
    let faces = made.throw.faces();
    format!(
        "{} {} {} {}",
        position_id::encode(&made.before),
        faces[0],
        faces[1],
        board
            .iter()
            .map(i32::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_order_whatever_the_threads() {
        // Given work whose later items finish first
        let work = |i: usize| -> Result<usize, CliError> {
            std::thread::sleep(Duration::from_millis((20 - i as u64) % 7));
            Ok(i * i)
        };
        for jobs in [1, 2, 5] {
            // When it runs on `jobs` threads
            let mut seen = Vec::new();
            in_order(20, jobs, work, |i, t| {
                seen.push((i, t));
                Ok(())
            })
            .unwrap();
            // Then every result is handed on once, in order
            assert_eq!(seen, (0..20).map(|i| (i, i * i)).collect::<Vec<_>>());
        }
    }

    #[test]
    fn the_first_error_in_order_is_the_answer() {
        let work = |i: usize| -> Result<usize, CliError> {
            if i == 3 || i == 6 {
                Err(CliError::Usage(format!("item {i}")))
            } else {
                Ok(i)
            }
        };
        for jobs in [1, 3] {
            let mut seen = Vec::new();
            let err = in_order(10, jobs, work, |i, _| {
                seen.push(i);
                Ok(())
            })
            .unwrap_err();
            assert_eq!(err.to_string(), "item 3");
            assert_eq!(seen, [0, 1, 2]);
        }
    }

    #[test]
    fn old_seeds_give_the_old_games() {
        assert_eq!(game_seed(1, 0), 1_000_003);
        assert_eq!(game_seed(3, 4), 3_000_013);
    }

    #[test]
    fn durations_read_as_people_read_them() {
        assert_eq!(clock(Duration::from_millis(4200)), "4.2 s");
        assert_eq!(clock(Duration::from_secs(725)), "12 min 05 s");
        assert_eq!(clock(Duration::from_secs(3720)), "1 h 02 min");
    }
}

//! The computer's commands: `best` (its play of a throw), `selfplay` (contests between levels
//! and the random player) and `bench ai` (how long it thinks). Formats are in README.md.

use std::fmt::Write as _;
use std::io::Write as _;
use std::time::Instant;

use crate::ai::contest::{Contender, PlayMade, Score, play_game};
use crate::ai::decide::{best_play, decide};
use crate::cli_args::{CliError, number, read_query_with, read_throw};
use crate::engine::notation::format_play;
use crate::engine::position_id;
use crate::engine::{Game, Phase, Preset, Rules};
use crate::level::Level;
use crate::sample::decision_sample;

/// `best`: the computer's play of a throw, as `<position id after the play> <move text>` (a
/// throw with no play gives the position id alone).
pub(crate) fn best(args: &[String]) -> Result<String, CliError> {
    let q = read_query_with(args, &["--level"])?;
    let level = match q.get("--level") {
        Some(text) => text.parse::<Level>()?,
        None => Level::Expert,
    };
    let pos = q
        .position
        .ok_or_else(|| CliError::Usage("--position <position id> is required".into()))?;
    let faces = q
        .dice
        .clone()
        .ok_or_else(|| CliError::Usage("--dice <d1>,<d2> is required".into()))?;
    let throw = read_throw(&q.rules, &faces)?;
    let Some((play, _)) = best_play(&q.rules, &pos, throw, level) else {
        return Ok(format!("{}\n", position_id::encode(&pos)));
    };
    let id = position_id::encode(&play.position);
    if play.steps.is_empty() {
        return Ok(format!("{id}\n"));
    }
    let text = format_play(&pos, &play.steps.to_vec(), q.rules.bear_off);
    Ok(format!("{id} {text}\n"))
}

/// `selfplay`: N games between two players; prints each side's wins and stakes, the draws, and
/// last White's win rate with its 95% interval. `--log-plays <file>` writes White's plays
/// (those with a choice) as queries for the oracle's `gnubg_eval.py`.
pub(crate) fn selfplay(args: &[String]) -> Result<String, CliError> {
    let q = read_query_with(
        args,
        &["--white", "--black", "--games", "--seed", "--log-plays"],
    )?;
    if q.position.is_some() || q.dice.is_some() {
        return Err(CliError::Usage(
            "selfplay plays from the layout of the rules: it takes no --position or --dice".into(),
        ));
    }
    let contender = |name: &str| -> Result<Contender, CliError> {
        q.get(name)
            .ok_or_else(|| CliError::Usage(format!("{name} <level|random> is required")))?
            .parse::<Contender>()
            .map_err(CliError::from)
    };
    let (white, black) = (contender("--white")?, contender("--black")?);
    let games: u32 = number(q.get("--games"), "--games", 100)?;
    if games == 0 {
        return Err(CliError::Usage("--games needs at least 1 game".into()));
    }
    let seed: u64 = number(q.get("--seed"), "--seed", 1)?;
    let mut log = match q.get("--log-plays") {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|source| CliError::Write {
                path: path.to_string(),
                source,
            })?,
        )),
        None => None,
    };
    let mut score = Score::default();
    let mut log_error = None;
    for i in 0..games {
        let mut on_play = |_: &Game, made: PlayMade| {
            if let Some(out) = log.as_mut()
                && made.side == crate::engine::Side::White
                && made.choices > 1
                && made.throw.faces().len() == 2
                && let Err(e) = writeln!(out, "{}", oracle_query(&made))
            {
                log_error = Some(e);
            }
        };
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(u64::from(i));
        let outcome = play_game(&q.rules, white, black, game_seed, &mut on_play)?;
        score.record(outcome);
    }
    if let Some(out) = log.as_mut()
        && let Err(e) = out.flush()
    {
        log_error = Some(e);
    }
    if let Some(source) = log_error {
        return Err(CliError::Write {
            path: q.get("--log-plays").unwrap_or("the play log").to_string(),
            source,
        });
    }
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
    Ok(out)
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

/// `bench ai [--preset <name> [--set <option>=<value>]...]`: the median, 90th percentile and
/// longest time of one decision per level, over a fixed sample of positions (modern, Irish and
/// Fails unless rules are given).
pub(crate) fn bench_ai(args: &[String]) -> Result<String, CliError> {
    let (sets, names): (Vec<Rules>, Vec<String>) = if args.is_empty() {
        [Preset::Modern, Preset::Irish, Preset::Fails]
            .iter()
            .map(|p| (Rules::preset(*p), p.name().to_string()))
            .unzip()
    } else {
        let q = read_query_with(args, &[])?;
        if q.position.is_some() || q.dice.is_some() {
            return Err(CliError::Usage(
                "usage: gamester bench ai [--preset <name> [--set <option>=<value>]...]".into(),
            ));
        }
        let name = args.join(" ");
        (vec![q.rules], vec![name])
    };
    let mut sample = Vec::new();
    for rules in &sets {
        sample.extend(decision_sample(rules, 6, 5));
    }
    let mut out = String::new();
    for level in Level::ALL {
        let mut times: Vec<f64> = sample
            .iter()
            .filter(|g| g.phase() == Phase::Playing)
            .map(|g| {
                let start = Instant::now();
                let d = decide(g, level);
                std::hint::black_box(d);
                start.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let at = |q: f64| {
            times
                .get(((times.len() as f64 - 1.0) * q).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        let _ = writeln!(
            out,
            "ai {level} median {:.2} ms p90 {:.2} ms max {:.2} ms ({} decisions: {})",
            at(0.5),
            at(0.9),
            at(1.0),
            times.len(),
            names.join(", ")
        );
    }
    Ok(out)
}

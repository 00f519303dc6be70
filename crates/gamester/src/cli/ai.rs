//! The computer's commands: `best` (its play of a throw) and `bench ai` (how long it thinks);
//! `selfplay` has its own module, `cli::selfplay`. Formats are in docs/command-line.md.

use std::fmt::Write as _;
use std::time::Instant;

use crate::ai::decide::{best_play, decide};
use crate::cli::args::{CliError, read_query_with, read_throw};
use crate::level::Level;
use crate::sample::decision_sample;
use crate::tables::notation::format_play;
use crate::tables::position_id;
use crate::tables::{Phase, Preset, Rules};

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

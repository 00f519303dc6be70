//! `gamester bench movegen`: how many resulting positions legal-play generation finds a second,
//! over a fixed, seeded sample of modern and Irish positions, or over the positions of a file
//! (modern rules, each position with all 21 throws), the file other engines are timed on too.

use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::cli::args::{CliError, quote_path};
use crate::cli::out::note;
use crate::sample::sample_positions;
use crate::tables::position_id;
use crate::tables::{MoveRules, Moves, Position, Preset, Rules, Throw, legal_plays};

/// How long each measurement runs at least.
const BUDGET: Duration = Duration::from_secs(3);

/// `bench movegen [--positions <file>]`.
pub fn bench(positions: Option<&Path>) -> Result<String, CliError> {
    let Some(path) = positions else {
        return Ok(measure(&sampled(), "the seeded sample"));
    };
    let list = read_positions(path)?;
    let work = all_throws(&list);
    let mut out = measure(&work, &format!("{} positions × 21 throws", list.len()));
    // The plays found in one round, to compare with another engine on the same file.
    let plays: usize = work
        .iter()
        .map(|(p, m, r)| legal_plays(p, *m, *r).len())
        .sum();
    let _ = writeln!(out, "plays {plays}");
    Ok(out)
}

type Work = Vec<(Position, Moves, MoveRules)>;

/// The seeded sample: positions and throws from random games of modern and Irish.
fn sampled() -> Work {
    let mut sample = sample_positions(Preset::Modern, 40);
    sample.extend(sample_positions(Preset::Irish, 40));
    sample
        .iter()
        .map(|(r, p, t)| (*p, t.moves(r.dice, r.doublets), MoveRules::from(r)))
        .collect()
}

/// Every position of `list` with each of the 21 throws, under modern rules.
fn all_throws(list: &[Position]) -> Work {
    let rules = Rules::preset(Preset::Modern);
    let throws: Vec<Moves> = Throw::all(2)
        .into_iter()
        .map(|(t, _)| t.moves(rules.dice, rules.doublets))
        .collect();
    list.iter()
        .flat_map(|p| throws.iter().map(|m| (*p, *m, MoveRules::from(&rules))))
        .collect()
}

/// The largest file of positions read: a million Position IDs, one a line.
const MAX_POSITIONS_BYTES: u64 = 16 << 20;

/// A file of Position IDs, one a line (blank lines and `#` comments skipped).
fn read_positions(path: &Path) -> Result<Vec<Position>, CliError> {
    let cannot = |e: &dyn std::fmt::Display| {
        CliError::Usage(format!("cannot read {}: {e}", quote_path(path)))
    };
    let bytes =
        gamester_core::files::read_capped(path, MAX_POSITIONS_BYTES).map_err(|e| cannot(&e))?;
    let text = String::from_utf8(bytes).map_err(|e| cannot(&e))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let id = line.split_whitespace().next().unwrap_or(line);
        out.push(position_id::decode(id).map_err(|e| {
            CliError::Usage(format!(
                "{} line {}: bad position: {e}",
                quote_path(path),
                n + 1
            ))
        })?);
    }
    if out.is_empty() {
        return Err(CliError::Usage(format!(
            "{} has no positions",
            quote_path(path)
        )));
    }
    Ok(out)
}

/// Resulting positions a second over `work`, run for at least [`BUDGET`] on one thread.
fn measure(work: &Work, what: &str) -> String {
    let start = Instant::now();
    let mut produced = 0u64;
    let mut rounds = 0u64;
    while start.elapsed() < BUDGET || rounds == 0 {
        for (pos, moves, rules) in work {
            produced += legal_plays(pos, *moves, *rules).len() as u64;
        }
        rounds += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    note(&format!(
        "{} position-throws ({what}) × {rounds} rounds in {secs:.2} s ({:.0} throws/s)",
        work.len(),
        (work.len() as u64 * rounds) as f64 / secs
    ));
    format!("movegen {:.0} positions/s\n", produced as f64 / secs)
}

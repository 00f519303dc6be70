//! `gamester rollout --position <ID> [--preset P] [--set K=V …] [--trials N] [--level L]
//! [--seed S] [--width W] [--no-variance-reduction]`: the position played out to the end by
//! the computer ([`crate::ai::rollout`]), and the chances of each result and the equity with
//! their intervals, one per line (docs/command-line.md). The position is read as `hint` reads
//! it. A progress bar goes to standard error when it is a terminal.

use std::fmt::Write as _;
use std::io::{IsTerminal as _, Write as _};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::ai::rollout::{Estimate, Rollout, Settings, kind_names, rollout};
use crate::cli::args::{CliError, GamePreset, RolloutArgs, tables_rules};

/// How often at most the progress bar is drawn again.
const DRAW_EVERY: Duration = Duration::from_millis(100);

pub(crate) fn run(args: &RolloutArgs) -> Result<String, CliError> {
    let GamePreset::Tables(preset) = args.preset else {
        return Err(args
            .preset
            .not_at_tables("rollout is for the games at tables"));
    };
    let rules = tables_rules(preset, &args.sets)?;
    let given = crate::cli::hint::read(&args.position)?;
    let settings = Settings {
        trials: args.trials,
        level: args.level,
        seed: args.seed,
        width: args.width,
        variance_reduction: !args.no_variance_reduction,
        threads: None,
    };
    let mut bar = Bar::new(args.trials);
    let done = rollout(
        &rules,
        &given.position,
        &settings,
        &mut |so_far| bar.draw(so_far),
        &AtomicBool::new(false),
    )
    .map_err(|e| CliError::Usage(format!("the rollout failed: {e}")))?;
    bar.clear();
    Ok(report(&done, given.access))
}

/// The lines of a rollout (docs/command-line.md).
fn report(r: &Rollout, access: crate::ai::cube::Access) -> String {
    let mut out = String::new();
    let chance = |out: &mut String, name: &str, e: Estimate| {
        let _ = writeln!(
            out,
            "{name} {:.3} ± {:.3} se {:.4}",
            e.mean,
            e.half_width(),
            e.se
        );
    };
    let names = kind_names(r.stakes);
    for (side, all, kinds) in [("win", r.win, r.win_kinds), ("lose", r.lose, r.lose_kinds)] {
        chance(&mut out, side, all);
        for (name, e) in names.iter().zip(kinds) {
            if let Some(name) = name {
                chance(&mut out, &format!("{side}-{name}"), e);
            }
        }
    }
    if r.draw.mean > 0.0 {
        chance(&mut out, "draw", r.draw);
    }
    let equity = |out: &mut String, name: &str, e: Estimate| {
        let _ = writeln!(
            out,
            "{name} {:+.3} ± {:.3} se {:.4}",
            e.mean,
            e.half_width(),
            e.se
        );
    };
    equity(&mut out, "equity-cubeless", r.equity);
    equity(&mut out, "equity-cubeful", r.cubeful(access));
    let _ = writeln!(out, "trials {}", r.trials);
    out
}

/// The progress bar on standard error, drawn only when it is a terminal.
struct Bar {
    total: usize,
    shown: bool,
    last: Option<Instant>,
}

impl Bar {
    fn new(total: usize) -> Bar {
        Bar {
            total,
            shown: std::io::stderr().is_terminal(),
            last: None,
        }
    }

    fn draw(&mut self, so_far: &Rollout) {
        if !self.shown || self.last.is_some_and(|t| t.elapsed() < DRAW_EVERY) {
            return;
        }
        self.last = Some(Instant::now());
        const WIDTH: usize = 30;
        let filled = (so_far.trials * WIDTH / self.total.max(1)).min(WIDTH);
        let e = so_far.equity;
        let _ = write!(
            std::io::stderr().lock(),
            "\rrollout [{}{}] {}/{} equity {:+.3} ± {:.3}   ",
            "#".repeat(filled),
            ".".repeat(WIDTH - filled),
            so_far.trials,
            self.total,
            e.mean,
            e.half_width()
        );
    }

    fn clear(&self) {
        if self.shown && self.last.is_some() {
            let _ = write!(std::io::stderr().lock(), "\r{}\r", " ".repeat(78));
        }
    }
}

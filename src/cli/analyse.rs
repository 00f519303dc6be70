//! `gamester analyse <file.ron> [--level <level>]`: every decision of a saved game where there
//! was a choice, judged by the computer, one line each, then one line of figures per side. The
//! format is exact (docs/command-line.md); scripts read it.

use std::fmt::Write as _;
use std::time::Instant;

use crate::ai::analysis::{Analysis, Choice, analyse};
use crate::cli::args::{Analyse, CliError, GamePreset, SomeRules, tables_rules};
use crate::cli::out::note;
use crate::level::Level;
use crate::players::Seats;
use crate::save;
use crate::tables::notation::format_play;
use crate::tables::{BearOff, Preset, Rules, Side};

pub(crate) fn run(args: &Analyse) -> Result<String, CliError> {
    let loaded = save::load(&args.file)?;
    let rules = loaded.replay.rules().clone();
    // The record was accepted on loading, so the analysis's replay accepts it too; it is judged
    // from the game's own beginning, at its match score.
    let analysis = analyse(
        loaded.replay.start(),
        loaded.replay.record(),
        args.level,
        &|_, _| {},
    )?;
    Ok(report(&analysis, &loaded.table, rules.bear_off))
}

/// `bench analyse [--preset <name> [--set <option>=<value>]...]`: how long the analysis of a
/// game of 60 turns takes at each level (modern and Irish unless rules are given), on as many
/// threads as the machine has cores.
pub(crate) fn bench(args: &SomeRules) -> Result<String, CliError> {
    let sets: Vec<Rules> = match args.preset {
        None => vec![Rules::preset(Preset::Modern), Rules::preset(Preset::Irish)],
        Some(GamePreset::Tables(preset)) => vec![tables_rules(preset, &args.sets)?],
        Some(other) => {
            return Err(other.not_at_tables("bench analyse times the analysis of a game at tables"));
        }
    };
    let mut out = String::new();
    for rules in &sets {
        let name = Preset::of(rules).map_or("custom", Preset::name);
        let Some(game) = crate::sample::long_game(rules, BENCH_TURNS) else {
            note(&format!(
                "{name}: no game of fair play lasted {BENCH_TURNS} turns"
            ));
            continue;
        };
        for level in Level::ALL {
            let start = Instant::now();
            let analysis = analyse(&game, game.record(), level, &|_, _| {})?;
            let secs = start.elapsed().as_secs_f64();
            let _ = writeln!(
                out,
                "analyse {level} {secs:.2} s ({} decisions, {BENCH_TURNS} turns, {name})",
                analysis.decisions.len()
            );
        }
    }
    Ok(out)
}

/// The length of the game `bench analyse` times, as the issue sets the default level by it.
const BENCH_TURNS: u32 = 60;

/// A Tick-tack claim as the command line names it: `hit`, `why-not`, `missed-going-in`.
fn claim_name(claim: crate::tables::ticktack::Claim) -> &'static str {
    use crate::tables::ticktack::Claim;
    match claim {
        Claim::Hit => "hit",
        Claim::WhyNot => "why-not",
        Claim::MissedGoingIn => "missed-going-in",
    }
}

/// The lines of an analysis, as the command prints them.
#[must_use]
pub fn report(analysis: &Analysis, table: &Seats, bear_off: BearOff) -> String {
    let colour = |side: Side| table.seat(side).colour.name();
    let mut out = String::new();
    for d in &analysis.decisions {
        let what = match &d.choice {
            Choice::Play {
                throw,
                before,
                judgement,
            } => {
                let dice: Vec<String> = throw.faces().iter().map(u8::to_string).collect();
                let text = |steps: &[crate::tables::Step]| format_play(before, steps, bear_off);
                format!(
                    "{} played {} best {}",
                    dice.join("-"),
                    text(&judgement.played.steps.to_vec()),
                    text(&judgement.best.steps.to_vec())
                )
            }
            Choice::Cube { chosen, best } => {
                format!("cube {} best {}", chosen.name(), best.name())
            }
            Choice::Break { chosen, best } => format!("break {chosen} best {best}"),
            Choice::Throw { chosen, best } => format!("choose {chosen} best {best}"),
            Choice::Claim { missed } => format!("unclaimed {}", claim_name(*missed)),
        };
        let _ = writeln!(
            out,
            "turn {} {} {what} loss {:.4} {}",
            d.turn,
            colour(d.side),
            d.loss,
            d.mark().name()
        );
    }
    for side in [Side::White, Side::Black] {
        let s = analysis.summary(side);
        let _ = writeln!(
            out,
            "{} {} decisions mean loss {:.4} doubtful {} bad {} very-bad {}",
            colour(side),
            s.decisions,
            s.mean_loss,
            s.count(crate::ai::judge::Mark::Doubtful),
            s.count(crate::ai::judge::Mark::Bad),
            s.count(crate::ai::judge::Mark::VeryBad)
        );
    }
    out
}

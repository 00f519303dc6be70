//! Trains a family's network by self-play, TD(λ) (see `gamester_train::td`).
//!
//! ```text
//! cargo run --release --example train -- --preset irish --games 60000 --seed 1 \
//!     --out crates/core/src/ai/data/net-irish.bin [--from FILE] [--lambda 0.7] [--rate 0.0002] \
//!     [--threads 2] [--round 32] [--every 2000] [--lookahead] [--fresh] [--races] [--stakes]
//! ```
//!
//! - It starts from `--from` (a network file), from small random weights with `--fresh`, or
//!   else from the modern network; a file that
//!   already counts `games: N` resumes at game N, so a stopped run goes on where it was.
//! - Every `--every` games it writes the network to `--out` (a checkpoint: the file is written
//!   beside and renamed, so a stopped run never leaves half a file) and logs a line to stderr:
//!   games, positions learned, the mean squared error of the win output against its targets,
//!   the first mover's wins, and games a second.
//! - `--races`: the network judges and learns races too, not only positions with contact.
//! - `--stakes`: the network learns the stakes won or lost (over the most a game can score)
//!   in place of the chances of winning big, in every position, races too. Nard's network
//!   always does: its count is no chance, and the race model does not know it.
//! - The header records the family, the games, the seed and the settings, and the recipe.
#![allow(clippy::print_stderr)]

use std::process::ExitCode;
use std::time::Instant;

use gamester_core::ai::Kind;
use gamester_core::ai::net::{Net, Outputs};
use gamester_core::ai::net_file::NetFile;
use gamester_rules::tables::{Preset, Rules};
use gamester_train::args::{number, value};
use gamester_train::td::{TdSettings, Training};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("train: {e}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let preset_name = value(&args, "--preset").ok_or("--preset is needed (e.g. --preset irish)")?;
    let preset = Preset::ALL
        .into_iter()
        .find(|p| p.name() == preset_name)
        .ok_or_else(|| format!("no preset is called `{preset_name}`"))?;
    let rules = Rules::preset(preset);
    let family = Kind::of(&rules);
    let out = value(&args, "--out").ok_or("--out FILE is needed")?;
    let total: u64 = number(&args, "--games", 10_000)?;
    let seed: u64 = number(&args, "--seed", 1)?;
    let every: u64 = number(&args, "--every", 2_000)?;
    let settings = TdSettings {
        lambda: number(&args, "--lambda", TdSettings::default().lambda)?,
        rate: number(&args, "--rate", TdSettings::default().rate)?,
        threads: number(&args, "--threads", TdSettings::default().threads)?,
        games_per_round: number(&args, "--round", TdSettings::default().games_per_round)?,
        lookahead: args.iter().any(|a| a == "--lookahead"),
        ..TdSettings::default()
    };
    let (start, done) = match value(&args, "--from") {
        Some(path) => {
            let bytes = gamester_core::files::read_capped(
                std::path::Path::new(path),
                gamester_core::ai::net_file::MAX_NET_FILE_BYTES,
            )
            .map_err(|e| format!("cannot read {path}: {e}"))?;
            let file = NetFile::parse(&bytes).map_err(|e| format!("{path}: {e}"))?;
            let done = file
                .note("games")
                .and_then(|g| g.parse().ok())
                .unwrap_or(0u64);
            let from = file.note("from").unwrap_or(path).to_string();
            let earlier = file.note("recipe").map(|r| (r.to_string(), done));
            (file.net, (done, from, earlier))
        }
        None if args.iter().any(|a| a == "--fresh") => (
            Net::seeded(seed),
            (0, "small random weights".to_string(), None),
        ),
        None => {
            let net = Kind::Modern
                .shipped()
                .ok_or("the modern network is missing")?;
            ((*net).clone(), (0, "the modern network".to_string(), None))
        }
    };
    let (done, from, earlier) = done;
    let mut start = start;
    if family == Kind::Nard || args.iter().any(|a| a == "--stakes") {
        // The network learns the stakes won or lost, in every position (races too), in place
        // of the chances of winning big: Nard is scored by the loser's men left, which no
        // chance measures.
        start.outputs = Outputs::Stakes;
    }
    if args.iter().any(|a| a == "--races") {
        // The network judges and learns races too, in place of the race model.
        start.races = true;
    }
    let mut training = Training::new(rules, start, settings, seed, done);
    eprintln!(
        "training the {family} network on {preset_name} from {from}: games {done} to {total}, \
         seed {seed}, {settings:?}"
    );
    let clock = Instant::now();
    let (mut positions, mut error, mut first_wins, mut since) = (0usize, 0.0f64, 0usize, done);
    while training.games < total {
        let report = training.round().map_err(|e| e.to_string())?;
        positions += report.positions;
        error += f64::from(report.error[0]) * report.positions as f64;
        first_wins += report.first_wins;
        if report.games / every > (report.games - settings.games_per_round as u64) / every
            || training.games >= total
        {
            let games = report.games - since;
            eprintln!(
                "games {} positions {positions} win-mse {:.5} first-mover {:.1}% {:.0} games/s",
                report.games,
                error / positions.max(1) as f64,
                100.0 * first_wins as f64 / games.max(1) as f64,
                (report.games - done) as f64 / clock.elapsed().as_secs_f64()
            );
            (positions, error, first_wins, since) = (0, 0.0, 0, report.games);
            save(
                out,
                family,
                &training,
                &from,
                earlier.as_ref(),
                preset_name,
                &args,
            )?;
        }
    }
    eprintln!("done in {:.0} s", clock.elapsed().as_secs_f64());
    Ok(())
}

fn save(
    out: &str,
    family: Kind,
    training: &Training,
    from: &str,
    earlier: Option<&(String, u64)>,
    preset: &str,
    args: &[String],
) -> Result<(), String> {
    let mut file = NetFile {
        family: family.name().to_string(),
        notes: Vec::new(),
        net: training.net.clone(),
    };
    let s = training.settings;
    file.set_note("trained", format!("TD(lambda) self-play on {preset}"));
    file.set_note("from", from);
    file.set_note("games", training.games.to_string());
    file.set_note("seed", training.seed.to_string());
    file.set_note(
        "settings",
        format!(
            "lambda {} rate {} batch {} round {} lookahead {}",
            s.lambda, s.rate, s.batch, s.games_per_round, s.lookahead
        ),
    );
    let recipe = args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(" ");
    // A run that goes on from another file keeps that file's recipe in front of its own, so
    // the header says every stage that made the network.
    let this = format!("cargo run --release --example train -- {recipe}");
    let recipe = match earlier {
        Some((e, _)) if *e == this || e.ends_with(&format!(", then {this}")) => e.clone(),
        Some((e, done)) => format!("{e} (to game {done}), then {this}"),
        None => this,
    };
    file.set_note("recipe", recipe);
    let tmp = format!("{out}.part");
    std::fs::write(&tmp, file.to_bytes()).map_err(|e| format!("cannot write {tmp}: {e}"))?;
    std::fs::rename(&tmp, out).map_err(|e| format!("cannot write {out}: {e}"))
}

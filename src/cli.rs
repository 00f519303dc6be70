//! The headless command line: `plays`, `presets`, `check`, `bench`. Scripts and tests rely on the exact
//! output formats documented in README.md.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::ai::random::RandomPlayer;
use crate::engine::notation::format_play;
use crate::engine::position_id::{self, PositionIdError};
use crate::engine::rules::RulesError;
use crate::engine::{Game, MoveRules, Phase, Position, Preset, Rules, Side, Throw, legal_plays};
use crate::players::Table;
use crate::save::{self, SaveError};

/// Why a command could not run. Each is printed on one line; the exit code is 2.
#[derive(Debug, Error)]
pub enum CliError {
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Rules(#[from] RulesError),
    #[error("bad position: {0}")]
    Position(#[from] PositionIdError),
    #[error("bad dice `{text}`: {reason}")]
    Dice { text: String, reason: String },
    #[error("{0}")]
    Save(#[from] SaveError),
}

pub const USAGE: &str = "usage: gamester [<file.ron>] [--screenshot <file.png>] | \
     [plays|best|selfplay|presets|check <file.ron>|bench movegen|draw|ai] …  (see README.md)";

/// Runs a subcommand; returns what to print on standard output.
pub fn run(args: &[String]) -> Result<String, CliError> {
    match args.first().map(String::as_str) {
        Some("plays") => plays(&args[1..]),
        Some("best") => crate::cli_ai::best(&args[1..]),
        Some("selfplay") => crate::cli_ai::selfplay(&args[1..]),
        Some("presets") => Ok(presets()),
        Some("check") => match &args[1..] {
            [path] => check(std::path::Path::new(path)),
            _ => Err(CliError::Usage("usage: gamester check <file.ron>".into())),
        },
        Some("bench") => match args.get(1).map(String::as_str) {
            Some("movegen") => Ok(bench_movegen(Duration::from_secs(3))),
            Some("draw") => Ok(format!("draw {:.3} ms/frame\n", crate::ui::bench_draw(500))),
            Some("ai") => crate::cli_ai::bench_ai(&args[2..]),
            _ => Err(CliError::Usage(
                "usage: gamester bench movegen|draw|ai".into(),
            )),
        },
        Some(other) => Err(CliError::Usage(format!(
            "unknown command `{other}`; {USAGE}"
        ))),
        None => Err(CliError::Usage(USAGE.into())),
    }
}

/// The options shared by the commands that take rules, a position and dice, and the command's
/// own options (`--name value`, those in `own`).
pub(crate) struct Query {
    pub(crate) rules: Rules,
    pub(crate) position: Option<Position>,
    pub(crate) dice: Option<Vec<u8>>,
    own: Vec<(String, String)>,
}

impl Query {
    /// The value of one of the command's own options.
    pub(crate) fn get(&self, name: &str) -> Option<&str> {
        self.own
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

pub(crate) fn read_query(args: &[String]) -> Result<Query, CliError> {
    read_query_with(args, &[])
}

pub(crate) fn read_query_with(args: &[String], own_names: &[&str]) -> Result<Query, CliError> {
    let mut own = Vec::new();
    let mut preset = None;
    let mut sets = Vec::new();
    let mut position = None;
    let mut dice = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| CliError::Usage(format!("{flag} needs a value")))
        };
        match flag.as_str() {
            "--preset" => preset = Some(value()?.parse::<Preset>()?),
            "--set" => sets.push(value()?),
            "--position" => position = Some(position_id::decode(&value()?)?),
            "--dice" => {
                let text = value()?;
                let faces = text
                    .split(',')
                    .map(|f| f.trim().parse::<u8>())
                    .collect::<Result<Vec<u8>, _>>()
                    .map_err(|_| CliError::Dice {
                        text: text.clone(),
                        reason: "write the faces as 6,5".into(),
                    })?;
                dice = Some(faces);
            }
            other if own_names.contains(&other) => own.push((other.to_string(), value()?)),
            other => return Err(CliError::Usage(format!("unknown option `{other}`"))),
        }
    }
    let mut rules =
        Rules::preset(preset.ok_or_else(|| CliError::Usage("--preset <name> is required".into()))?);
    for s in &sets {
        rules.set_assignment(s)?;
    }
    Ok(Query {
        rules,
        position,
        dice,
        own,
    })
}

pub(crate) fn read_throw(rules: &Rules, faces: &[u8]) -> Result<Throw, CliError> {
    let text = faces
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let throw = Throw::new(faces).map_err(|e| CliError::Dice {
        text: text.clone(),
        reason: e.to_string(),
    })?;
    if faces.len() != rules.dice_count() {
        return Err(CliError::Dice {
            text,
            reason: format!("these rules throw {} dice", rules.dice_count()),
        });
    }
    Ok(throw)
}

/// `plays`: every legal play of a throw, as `plays <N>` then `<id after> <move text>` lines.
/// A throw of which nothing can be played has no plays (`plays 0`).
fn plays(args: &[String]) -> Result<String, CliError> {
    let q = read_query(args)?;
    let pos = q
        .position
        .ok_or_else(|| CliError::Usage("--position <position id> is required".into()))?;
    let faces = q
        .dice
        .ok_or_else(|| CliError::Usage("--dice <d1>,<d2> is required".into()))?;
    let throw = read_throw(&q.rules, &faces)?;
    let rules = MoveRules::from(&q.rules);
    let mut list = legal_plays(&pos, throw.moves(q.rules.dice, q.rules.doublets), rules);
    if list.len() == 1 && list[0].steps.is_empty() {
        list.clear();
    }
    let mut out = format!("plays {}\n", list.len());
    for play in &list {
        let text = format_play(&pos, &play.steps.to_vec(), rules.bear_off);
        let _ = writeln!(out, "{} {}", position_id::encode(&play.position), text);
    }
    Ok(out)
}

/// `presets`: one line a preset, `<name> option=value …  # <title>`.
fn presets() -> String {
    let mut out = String::new();
    for p in Preset::ALL {
        let values: Vec<String> = Rules::preset(p)
            .values()
            .into_iter()
            .map(|(o, v)| format!("{o}={v}"))
            .collect();
        let _ = writeln!(out, "{} {}  # {}", p.name(), values.join(" "), p.title());
    }
    out
}

/// `check`: loads a saved game by replaying it; prints `ok <rules>, <N> turns played,
/// <what is next>, score <colour> <stakes> <colour> <stakes>`.
fn check(path: &std::path::Path) -> Result<String, CliError> {
    let loaded = save::load(path)?;
    Ok(format!("ok {}\n", summary(&loaded.game, &loaded.table)))
}

/// One line about a game: its preset (or `custom`), turns played, what is next, the tally.
#[must_use]
pub fn summary(game: &Game, table: &Table) -> String {
    let rules = Preset::of(game.rules()).map_or("custom", Preset::name);
    let colour = |side: Side| table.seat(side).colour.name();
    let next = game.waiting().words(&|side| colour(side).to_string());
    let tally = game.tally();
    format!(
        "{rules}, {} turns played, {next}, score {} {} {} {}",
        game.turns(),
        colour(Side::White),
        tally.white,
        colour(Side::Black),
        tally.black
    )
}

/// A fixed, seeded set of positions and throws from random games under `preset`.
#[must_use]
pub fn sample_positions(preset: Preset, games: u64) -> Vec<(Rules, Position, Throw)> {
    let rules = Rules::preset(preset);
    let mut out = Vec::new();
    for seed in 0..games {
        let Ok(mut game) = Game::new(rules.clone()) else {
            continue;
        };
        let mut player = RandomPlayer::seeded(seed);
        for _ in 0..2000 {
            if game.is_over() {
                break;
            }
            if game.phase() == Phase::Playing
                && let Some(t) = game.throw()
            {
                out.push((rules.clone(), game.position_for(game.turn()), t));
            }
            if player.act(&mut game).is_err() {
                break;
            }
        }
    }
    out
}

/// `bench movegen`: resulting positions generated per second over a fixed sample of modern and
/// Irish positions, for about `budget` of time.
#[must_use]
pub fn bench_movegen(budget: Duration) -> String {
    let mut sample = sample_positions(Preset::Modern, 40);
    sample.extend(sample_positions(Preset::Irish, 40));
    let prepared: Vec<_> = sample
        .iter()
        .map(|(r, p, t)| (*p, t.moves(r.dice, r.doublets), MoveRules::from(r)))
        .collect();
    let start = Instant::now();
    let mut produced = 0u64;
    let mut rounds = 0u64;
    while start.elapsed() < budget || rounds == 0 {
        for (pos, moves, rules) in &prepared {
            produced += legal_plays(pos, *moves, *rules).len() as u64;
        }
        rounds += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{} position-throws × {rounds} rounds in {secs:.2} s ({:.0} throws/s)",
        prepared.len(),
        (prepared.len() as u64 * rounds) as f64 / secs
    );
    format!("movegen {:.0} positions/s\n", produced as f64 / secs)
}

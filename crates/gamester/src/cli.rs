//! The headless command line: `plays`, `presets`, `check`, `bench`. Scripts and tests rely on the exact
//! output formats documented in docs/command-line.md.
//!
//! Everything the command line prints goes through [`write_out`] (standard output) or [`note`]
//! (standard error), never `println!`, which panics when the output cannot be written; both
//! live in `cli_out`, which every command-line file may use.

mod ai;
mod analyse;
mod args;
mod movegen;
mod out;
mod selfplay;
mod tiles;

use std::fmt::Write as _;

pub use crate::cli::args::CliError;
use crate::cli::args::{no_more, quote, read_query, read_throw};
pub use crate::cli::out::{exit_after, fail, note, write_out};
use crate::players::Seats;
use crate::save;
use crate::tables::notation::format_play;
use crate::tables::position_id;
use crate::tables::{Game, MoveRules, Preset, Rules, Side, legal_plays};

pub const USAGE: &str = "usage: gamester [<file.ron>] [--screenshot <file.png>] | \
     [plays|best|analyse <file.ron>|selfplay|presets|check <file.ron>|bench movegen|draw|ai|analyse] …  (see docs/command-line.md)";

/// The command line's commands: a first argument that is one of these is never a file name.
pub const COMMANDS: [&str; 7] = [
    "plays", "presets", "check", "bench", "best", "analyse", "selfplay",
];

/// Runs a subcommand; returns what to print on standard output.
pub fn run(args: &[String]) -> Result<String, CliError> {
    match args.first().map(String::as_str) {
        Some("plays") => plays(&args[1..]),
        Some("best") if crate::cli::tiles::is_tiles(&args[1..]) => {
            crate::cli::tiles::best(&args[1..])
        }
        Some("best") => crate::cli::ai::best(&args[1..]),
        Some("analyse") => crate::cli::analyse::run(&args[1..]),
        Some("selfplay") if crate::cli::tiles::is_tiles(&args[1..]) => {
            crate::cli::tiles::selfplay(&args[1..])
        }
        Some("selfplay") => crate::cli::selfplay::selfplay(&args[1..]),
        Some("presets") => {
            no_more("presets", &args[1..])?;
            Ok(presets())
        }
        Some("check") => match &args[1..] {
            [path] => check(std::path::Path::new(path)),
            _ => Err(CliError::Usage("usage: gamester check <file.ron>".into())),
        },
        Some("bench") => match args.get(1).map(String::as_str) {
            Some("movegen") => crate::cli::movegen::bench(&args[2..]),
            Some("draw") => {
                no_more("bench draw", &args[2..])?;
                // The window's own benchmark: the binary runs it, so the command line never
                // reaches into `ui`.
                Err(CliError::Usage(
                    "bench draw is run by the gamester program, not the library".into(),
                ))
            }
            Some("ai") => crate::cli::ai::bench_ai(&args[2..]),
            Some("analyse") => crate::cli::analyse::bench(&args[2..]),
            Some(other) => Err(CliError::Usage(format!(
                "no benchmark is called {}; usage: gamester bench movegen|draw|ai|analyse",
                quote(other)
            ))),
            None => Err(CliError::Usage(
                "usage: gamester bench movegen|draw|ai|analyse".into(),
            )),
        },
        Some(other) => Err(CliError::Usage(format!(
            "unknown command {}; {USAGE}",
            quote(other)
        ))),
        None => Err(CliError::Usage(USAGE.into())),
    }
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
    // A tiles game's save says so in its first field; any other file is read as a game at
    // tables, whose errors say what is wrong with it.
    if path.is_file()
        && let Ok(text) = save::read_text(path)
        && save::tiles::is_tiles(&text)
    {
        let loaded = save::tiles::from_str(&text).map_err(|e| e.in_file(path))?;
        return Ok(format!("ok {}\n", save::tiles::summary(&loaded)));
    }
    let loaded = save::load(path)?;
    Ok(format!("ok {}\n", summary(&loaded.game, &loaded.table)))
}

/// One line about a game: its preset (or `custom`), turns played, what is next, the tally.
#[must_use]
pub fn summary(game: &Game, table: &Seats) -> String {
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

//! The headless command line: `plays`, `presets`, `check`, `bench`, `best`, `hint`, `rollout`, `analyse`,
//! `selfplay` and `completions`, declared once for clap in `cli/args.rs`. Scripts and tests rely on the exact
//! output formats documented in docs/command-line.md.
//!
//! Everything the command line prints goes through [`write_out`] (standard output) or [`note`]
//! (standard error), never `println!`, which panics when the output cannot be written; both
//! live in `cli_out`, which every command-line file may use.

mod ai;
mod analyse;
mod args;
mod hint;
mod movegen;
mod net;
mod out;
mod pastimes;
mod rollout;
mod selfplay;
mod tiles;

use std::ffi::OsString;
use std::fmt::Write as _;
use std::process::ExitCode;

use clap::CommandFactory as _;

pub use crate::cli::args::{
    Analyse, Benchmark, Best, Cli, CliError, Command, GamePreset, Plays, Selfplay, Window,
};
use crate::cli::args::{position_and_faces, read_throw, tables_rules};
pub use crate::cli::out::{exit_after, fail, note, write_out};
use crate::players::Seats;
use crate::save;
use crate::tables::notation::format_play;
use crate::tables::position_id;
use crate::tables::{Game, MoveRules, Preset, Rules, Side, legal_plays};

/// The command line's commands, as `gamester --help` lists them: a first argument that is one of
/// these is never a file name.
#[must_use]
pub fn commands() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect()
}

/// Runs a command; returns what to print on standard output. `bench draw` is the binary's own
/// (the command line never reaches into the window).
pub fn run(command: Command) -> Result<String, CliError> {
    match command {
        Command::Plays(args) => match args.rules.preset {
            GamePreset::Tables(preset) => plays(preset, &args),
            other => Err(other.not_at_tables("plays lists the plays of a throw at tables")),
        },
        Command::Presets => Ok(presets()),
        Command::Check { file } => check(&file),
        Command::Bench { what } => match what {
            Benchmark::Movegen { positions } => crate::cli::movegen::bench(positions.as_deref()),
            Benchmark::Draw => Err(CliError::Usage(
                "bench draw is run by the gamester program, not the library".into(),
            )),
            Benchmark::Ai(rules) => crate::cli::ai::bench_ai(&rules),
            Benchmark::Analyse(rules) => crate::cli::analyse::bench(&rules),
        },
        Command::Best(args) => match (&args.game, args.preset) {
            (Some(path), _) => best_in_save(path, &args),
            (None, Some(GamePreset::Tables(preset))) => crate::cli::ai::best(preset, &args),
            (None, Some(GamePreset::Tiles(preset))) => crate::cli::tiles::best(preset, &args),
            (None, Some(other @ GamePreset::Pastimes(_))) => Err(other.not_at_tables(
                "best answers a position at tables or a hand at the tiles by --preset, and a \
                 pastime by its saved game (best --game FILE.ron)",
            )),
            (None, None) => Err(CliError::Usage(
                "best needs --preset and a position, or --game and a saved game".into(),
            )),
        },
        Command::Hint(args) => crate::cli::hint::run(&args),
        Command::Rollout(args) => crate::cli::rollout::run(&args),
        Command::Analyse(args) => match saved_family(&args.file) {
            Saved::Tables => crate::cli::analyse::run(&args),
            Saved::Pastime => pastimes::analyse(&args.file, args.level),
            Saved::Tiles => tiles::analyse(&args.file, args.level),
        },
        Command::Selfplay(args) => match args.rules.preset {
            GamePreset::Tables(preset) => crate::cli::selfplay::selfplay(preset, &args),
            GamePreset::Tiles(preset) => crate::cli::tiles::selfplay(preset, &args),
            GamePreset::Pastimes(preset) => crate::cli::pastimes::selfplay(preset, &args),
        },
        Command::Diagram(args) => diagram(&args),
        Command::Export(args) => export(&args),
        Command::Import(args) => import(&args),
        Command::RulesPage(args) => rules_page(&args),
        Command::ScoreSheet(args) => score_sheet(&args),
        Command::Host(args) => crate::cli::net::host(&args),
        Command::Join(args) => crate::cli::net::join(&args),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "gamester", &mut script);
            String::from_utf8(script)
                .map_err(|e| CliError::Usage(format!("the completion script is not text: {e}")))
        }
    }
}

/// What the program does when clap did not read `args` as a command: asked for help or the
/// version, it prints them on standard output; given bad input, it says what is wrong in one
/// line of standard error (an argument with a newline in it written escaped, as every message
/// writes it) and exits with 2.
#[must_use]
pub fn refuse(error: &clap::Error, args: &[OsString]) -> ExitCode {
    use clap::error::ErrorKind;
    let text = error.render().to_string();
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        return exit_after(write_out(&text));
    }
    let mut text = text;
    for arg in args {
        let arg = arg.to_string_lossy();
        if arg.chars().any(char::is_control) {
            text = text.replace(&*arg, &crate::cli::out::one_line(&arg));
        }
    }
    let text = text.strip_prefix("error: ").unwrap_or(&text);
    let mut line = String::new();
    for part in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if !line.is_empty() {
            line.push_str(if line.ends_with(':') { " " } else { "; " });
        }
        line.push_str(part);
    }
    fail(&line)
}

/// Which family a saved game is of, as its file's first field says: a file that names neither
/// the pastimes nor the tiles is read as a game at tables, whose reading says what is wrong
/// with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Saved {
    Tables,
    Pastime,
    Tiles,
}

fn saved_family(path: &std::path::Path) -> Saved {
    if save::tiles::is_tiles_file(path) {
        Saved::Tiles
    } else if save::pastimes::is_pastimes_file(path) {
        Saved::Pastime
    } else {
        Saved::Tables
    }
}

/// `best --game FILE.ron`: the computer's choice for the player to act in a saved pastime or
/// tiles game. A game at tables is asked by its position and throw.
fn best_in_save(path: &std::path::Path, args: &Best) -> Result<String, CliError> {
    match saved_family(path) {
        Saved::Pastime => {
            if args.tiles.seed.is_some() {
                return Err(CliError::Usage(
                    "--seed seeds the computer's guesses at the tiles' hidden hands, and a \
                     pastime hides nothing"
                        .into(),
                ));
            }
            pastimes::best_in_save(path, args.level)
        }
        Saved::Tiles => tiles::best_in_save(path, args.level, args.tiles.seed.unwrap_or(1)),
        Saved::Tables => Err(CliError::Usage(format!(
            "{} is not a saved pastime or tiles game: at tables best answers a position and a \
             throw (best --preset P --position ID --dice D1,D2)",
            path.display()
        ))),
    }
}

/// The day a saved game was last saved, in words: the day it was played, as near as the file
/// says (empty if the system does not say).
fn saved_day(path: &std::path::Path) -> String {
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .map(|t| {
            use chrono::Datelike as _;
            let day = chrono::DateTime::<chrono::Local>::from(t);
            crate::teaching::handout::date_words(day.year(), day.month(), day.day())
        })
        .unwrap_or_default()
}

/// `plays`: every legal play of a throw, as `plays <N>` then `<id after> <move text>` lines.
/// A throw of which nothing can be played has no plays (`plays 0`).
fn plays(preset: Preset, args: &Plays) -> Result<String, CliError> {
    let rules = tables_rules(preset, &args.rules.sets)?;
    let (pos, faces) = position_and_faces(&args.throw)?;
    let throw = read_throw(&rules, faces)?;
    let move_rules = MoveRules::from(&rules);
    let mut list = legal_plays(&pos, throw.moves(rules.dice, rules.doublets), move_rules);
    if list.len() == 1 && list[0].steps.is_empty() {
        list.clear();
    }
    let mut out = format!("plays {}\n", list.len());
    for play in &list {
        let text = format_play(&pos, &play.steps.to_vec(), move_rules.bear_off);
        let _ = writeln!(out, "{} {}", position_id::encode(&play.position), text);
    }
    Ok(out)
}

/// `presets`: one line a preset, `<name> option=value …  # <title>`: the games at tables with
/// every option, then the tiles games with their players (which `--players` changes).
fn presets() -> String {
    let mut out = String::new();
    for p in GamePreset::all() {
        let values: Vec<String> = match p {
            GamePreset::Tables(p) => Rules::preset(p)
                .values()
                .into_iter()
                .map(|(o, v)| format!("{o}={v}"))
                .collect(),
            GamePreset::Tiles(p) => {
                vec![format!(
                    "players={}",
                    crate::tiles::Rules::preset(p).players
                )]
            }
            GamePreset::Pastimes(p) => crate::pastimes::Rules::preset(p)
                .values()
                .into_iter()
                .map(|(o, v)| format!("{o}={v}"))
                .collect(),
        };
        let _ = writeln!(out, "{} {}  # {}", p.name(), values.join(" "), p.title());
    }
    out
}

/// `check`: loads a saved game by replaying it; prints `ok <rules>, <N> turns played,
/// <what is next>, score <colour> <stakes> <colour> <stakes>` (what is next: `abandoned:
/// <colour> loses <stakes>` for a game a side left, counted in the score).
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
    // A pastime's save says so in its first field too.
    if path.is_file()
        && let Ok(text) = save::read_text(path)
        && save::pastimes::is_pastimes(&text)
    {
        let loaded = save::pastimes::from_str(&text).map_err(|e| e.in_file(path))?;
        return Ok(format!("ok {}\n", save::pastimes::summary(&loaded)));
    }
    let loaded = save::load(path)?;
    Ok(format!(
        "ok {}\n",
        summary(&loaded.game, &loaded.table, loaded.abandoned.as_ref())
    ))
}

/// One line about a game: its preset (or `custom`), turns played, what is next, the tally. A
/// game a side left (`abandoned`) says so, and who lost how much, its loss in the tally as the
/// session counts it: `abandoned: Black loses 2`.
#[must_use]
pub fn summary(
    game: &Game,
    table: &Seats,
    abandoned: Option<&crate::abandonment::Abandonment>,
) -> String {
    let rules = Preset::of(game.rules()).map_or("custom", Preset::name);
    let colour = |side: Side| table.seat(side).colour.name();
    let lost = abandoned.and_then(|a| crate::abandonment::at_tables(game, a));
    let next = match (lost, abandoned) {
        (Some(lost), _) => format!("abandoned: {} loses {}", colour(lost.loser), lost.won),
        (None, Some(_)) => "abandoned".to_string(),
        (None, None) => game.waiting().words(&|side| colour(side).to_string()),
    };
    let tally = lost.map_or_else(|| game.tally(), |l| l.tally);
    format!(
        "{rules}, {} turns played, {next}, score {} {} {} {}",
        game.turns(),
        colour(Side::White),
        tally.white,
        colour(Side::Black),
        tally.black
    )
}

/// `diagram`: the position (or the rules' array) drawn as an SVG and written to `--out`, or a
/// pastime's or a tiles game's table (a saved one, or a preset's at its start); prints
/// `diagram <FILE>`.
fn diagram(args: &crate::cli::args::DiagramArgs) -> Result<String, CliError> {
    use crate::picture::Picture;
    use crate::teaching::diagram::{Diagram, Labels};
    let extension = args
        .out
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    let picture = match extension.as_deref() {
        Some("svg") if args.width.is_some() => {
            return Err(CliError::Usage(
                "--width is for a PNG: an SVG is sharp at any size".into(),
            ));
        }
        Some("svg") => Picture::Svg,
        Some("png") => Picture::Png(args.width.unwrap_or(1600)),
        _ => {
            return Err(CliError::Usage(format!(
                "{} is neither an .svg nor a .png file: diagrams are written as SVG, or as PNG \
                 at --width pixels",
                args.out.display()
            )));
        }
    };
    let preset = match (&args.game, args.preset) {
        (Some(path), _) if saved_family(path) == Saved::Tiles => {
            return tiles::diagram(tiles::Drawn::Saved(path), args, picture);
        }
        (Some(path), _) => return pastimes::diagram(pastimes::Drawn::Saved(path), args, picture),
        (None, GamePreset::Pastimes(preset)) => {
            return pastimes::diagram(pastimes::Drawn::Preset(preset), args, picture);
        }
        (None, GamePreset::Tiles(preset)) => {
            return tiles::diagram(tiles::Drawn::Preset(preset), args, picture);
        }
        (None, GamePreset::Tables(preset)) => preset,
    };
    let rules = tables_rules(preset, &args.sets)?;
    let position = match args.position {
        Some(p) => p,
        None => Game::new(rules.clone())?.position_for(Side::White),
    };
    let dice = args.dice.as_ref().map(|d| d.0.clone()).unwrap_or_default();
    if let Some(bad) = dice.iter().find(|f| !(1..=6).contains(*f)) {
        return Err(CliError::Usage(format!("a die shows 1 to 6, not {bad}")));
    }
    let sides = if args.position.is_some() {
        ["The side to move", "its adversary"]
    } else {
        ["White", "Black"]
    };
    let drawn = Diagram {
        position,
        dice,
        labels: if args.labels == "numbers" {
            Labels::Numbers
        } else {
            Labels::Period
        },
        caption: args.caption.clone(),
        sides: sides.map(str::to_string),
    };
    let bytes = picture.bytes(&drawn.svg()).map_err(CliError::Usage)?;
    save::write_bytes_atomic(&args.out, &bytes)?;
    Ok(format!("diagram {}\n", args.out.display()))
}

/// `export`: a saved game at tables written as a `.mat` or `.sgf` file; prints
/// `export <FILE>`.
fn export(args: &crate::cli::args::ExportArgs) -> Result<String, CliError> {
    use crate::exchange::Format;
    let format = args
        .to
        .as_deref()
        .and_then(Format::named)
        .or_else(|| Format::of_path(&args.out))
        .unwrap_or(Format::Mat);
    let family = match saved_family(&args.game) {
        Saved::Tables => None,
        Saved::Pastime => Some("a pastime at the tables"),
        Saved::Tiles => Some("a tiles game"),
    };
    if let Some(what) = family {
        return Err(CliError::Usage(format!(
            "{} is {what}, and no other program reads one: .mat and .sgf files hold \
             backgammon, so only a game at tables under modern backgammon's rules is exported",
            args.game.display()
        )));
    }
    let loaded = save::load(&args.game)?;
    if let Some(why) = &loaded.earlier_unread {
        crate::cli::out::note(&format!(
            "the match's earlier games were set aside ({why}); only the game in play is written"
        ));
    }
    let mut games = loaded.earlier.clone();
    games.push(loaded.replay.clone());
    let text = crate::exchange::export_games(&games, &loaded.table, format).map_err(|e| {
        CliError::Usage(format!(
            "{} cannot be written as .{}: {e}",
            args.game.display(),
            format.extension()
        ))
    })?;
    save::write_text_atomic(&args.out, &text)?;
    Ok(format!("export {}\n", args.out.display()))
}

/// The most a `.mat` or `.sgf` file may be: a long match of long games, with gnubg's analysis,
/// is a few megabytes.
const MATCH_FILE_MOST: u64 = 16 * 1024 * 1024;

/// `import`: a `.mat` or `.sgf` file's games replayed through the rules and written as a
/// saved game: the game asked for (the last by default) to play on from, a match's games
/// before it kept to replay; prints `import <FILE> game <N> of <M>`.
fn import(args: &crate::cli::args::ImportArgs) -> Result<String, CliError> {
    let where_ = args.file.display();
    let bytes = gamester_core::files::read_capped(&args.file, MATCH_FILE_MOST)
        .map_err(|e| CliError::Usage(format!("{where_} cannot be read: {e}")))?;
    let games = crate::exchange::import_bytes(&bytes)
        .map_err(|e| CliError::Usage(format!("{where_} is refused: {e}")))?;
    let count = games.len();
    let number = args.game.unwrap_or(count);
    let (earlier, chosen) = crate::exchange::as_match(games, number)
        .ok_or_else(|| CliError::Usage(format!("{where_} has {count} game(s), not {number}")))?;
    let file = crate::save::SaveFile::from_match(&chosen.game, &chosen.seats(), &earlier);
    save::write_atomic(&args.out, &file)?;
    Ok(format!(
        "import {} game {number} of {count}\n",
        args.out.display(),
    ))
}

/// `rules-page`: the rules of any game (at tables, a pastime, a tiles game) as a standalone
/// HTML page, the page the window prints, written to `--out`; prints `rules-page <FILE>`.
fn rules_page(args: &crate::cli::args::RulesPage) -> Result<String, CliError> {
    use crate::teaching::handout;
    let page = match args.preset {
        GamePreset::Tables(preset) => {
            html_out(&args.out)?;
            handout::rules_page(&tables_rules(preset, &args.sets)?)
        }
        GamePreset::Pastimes(preset) => {
            html_out(&args.out)?;
            handout::pastime_rules_page(&pastimes::rules_of(preset, &args.sets, None)?)
        }
        GamePreset::Tiles(preset) => {
            crate::cli::args::at_tables_only(preset, &[("--set", !args.sets.is_empty())])?;
            html_out(&args.out)?;
            handout::tiles_rules_page(&crate::tiles::Rules::preset(preset))
        }
    };
    save::write_text_atomic(&args.out, &page)?;
    Ok(format!("rules-page {}\n", args.out.display()))
}

/// Refuses a page's file name that is not `.html`.
fn html_out(out: &std::path::Path) -> Result<(), CliError> {
    let is_html = out
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"));
    if is_html {
        Ok(())
    } else {
        Err(CliError::Usage(format!(
            "{} is not an .html file: the page is written as HTML, to print from a browser",
            out.display()
        )))
    }
}

/// The `worst` plays of a saved game, as the analysis at `level` judges them, as moments of the
/// score sheet.
fn worst_plays(
    loaded: &save::Loaded,
    worst: usize,
    level: crate::level::Level,
) -> Result<Vec<crate::teaching::handout::Moment>, CliError> {
    let rules = loaded.replay.rules();
    let analysis = crate::ai::analysis::analyse(
        loaded.replay.start(),
        loaded.replay.record(),
        level,
        &|_, _| {},
    )?;
    Ok(crate::teaching::handout::worst_moments(
        &analysis,
        rules,
        &loaded.table,
        worst,
    ))
}

/// `score-sheet`: a saved game at tables as a page of its story, with diagrams; prints
/// `score-sheet <FILE>`.
fn score_sheet(args: &crate::cli::args::ScoreSheet) -> Result<String, CliError> {
    html_out(&args.out)?;
    let family = saved_family(&args.game);
    if family != Saved::Tables {
        let what = if family == Saved::Tiles {
            "a tiles game"
        } else {
            "a pastime"
        };
        if !args.at.is_empty() {
            return Err(CliError::Usage(format!(
                "--at draws the position after a play at tables, and {} is {what}: its score \
                 sheet tells every move and draws the table at the end",
                args.game.display()
            )));
        }
        if args.worst > 0 {
            return Err(CliError::Usage(format!(
                "--worst draws the plays at tables that lose the most, and {} is {what}: \
                 there the computer says which choice it would make, not what another loses \
                 (gamester analyse FILE.ron)",
                args.game.display()
            )));
        }
        let date = saved_day(&args.game);
        let page = if family == Saved::Tiles {
            tiles::score_sheet(&args.game, date)?
        } else {
            pastimes::score_sheet(&args.game, date)?
        };
        save::write_text_atomic(&args.out, &page)?;
        return Ok(format!("score-sheet {}\n", args.out.display()));
    }
    let loaded = save::load(&args.game)?;
    let moments = if args.worst > 0 {
        worst_plays(&loaded, args.worst, args.level)?
    } else {
        Vec::new()
    };
    // The day the game was last saved: the day it was played, as near as the file says.
    let date = saved_day(&args.game);
    let page = gamester_core::session::score_sheet::score_sheet(
        &loaded.replay,
        &loaded.table,
        loaded.abandoned.as_ref(),
        &date,
        &args.at,
        &moments,
    )
    .map_err(CliError::Usage)?;
    save::write_text_atomic(&args.out, &page)?;
    Ok(format!("score-sheet {}\n", args.out.display()))
}

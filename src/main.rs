//! `gamester`: no argument opens the window with a game ready; a `.ron` path opens that game;
//! `--screenshot <file.png>` writes the window's first settled frame and exits; commands
//! (`plays`, `presets`, `check`, `bench`, …) do headless work. The arguments are read by clap
//! from the declaration in `cli/args.rs`, as the system gives them (a file name need not be
//! UTF-8). See docs/command-line.md.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser as _;

use gamester::cli::{Benchmark, Cli, Command, Window, exit_after, fail, write_out};
use gamester::ui::Launch;

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => return gamester::cli::refuse(&e, &args),
    };
    match cli.command {
        Some(Command::Bench {
            what: Benchmark::Draw,
        }) => {
            // The window's own benchmark: run here, so the command line never reaches into `ui`.
            let ms = gamester::ui::bench_draw(500);
            exit_after(write_out(&format!("draw {ms:.3} ms/frame\n")))
        }
        Some(command) => match gamester::cli::run(command) {
            Ok(out) => exit_after(write_out(&out)),
            Err(e) => fail(&e),
        },
        None => window(cli.window),
    }
}

/// Opens the window, on the saved game given if any.
fn window(args: Window) -> ExitCode {
    let mut launch = Launch {
        screenshot: args.screenshot,
        seed: args.seed,
        ephemeral: args.fresh,
        ..Launch::default()
    };
    let mut files = args.open.into_iter();
    if let Some(path) = files.next() {
        if !path.is_file() {
            // A typo of a command, or a file that is not there: say so, and open no window.
            return usage(&format!(
                "{:?} is neither a command ({}) nor a saved game that exists",
                path.to_string_lossy(),
                gamester::cli::commands().join(", ")
            ));
        }
        if let Some(extra) = files.next() {
            return usage(&format!(
                "one saved game at a time, not {:?} as well",
                extra.to_string_lossy()
            ));
        }
        launch.open = Some(path);
    }
    if launch.screenshot.is_some() && launch.open.is_none() {
        // A screenshot shows a fresh game, not whatever was left in progress.
        launch.ephemeral = true;
    }
    match gamester::ui::run(launch) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

fn usage(problem: &str) -> ExitCode {
    fail(&format_args!("{problem}; see gamester --help"))
}

//! `gamester`: no argument opens the window with a game ready; a `.ron` path opens that game;
//! `--screenshot <file.png>` writes the window's first settled frame and exits; subcommands
//! (`plays`, `presets`, `check`, `bench`, …) do headless work. See docs/command-line.md.

use std::path::PathBuf;
use std::process::ExitCode;

use gamester::cli::{exit_after, fail, write_out};
use gamester::ui::Launch;

use gamester::cli::COMMANDS as SUBCOMMANDS;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args == ["bench", "draw"] {
        // The window's own benchmark: asked here, so the command line never reaches into `ui`.
        let ms = gamester::ui::bench_draw(500);
        return exit_after(write_out(&format!("draw {ms:.3} ms/frame\n")));
    }
    if args
        .first()
        .is_some_and(|a| SUBCOMMANDS.contains(&a.as_str()))
    {
        return match gamester::cli::run(&args) {
            Ok(out) => exit_after(write_out(&out)),
            Err(e) => fail(&e),
        };
    }
    let mut launch = Launch::default();
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--screenshot" => match it.next() {
                Some(path) => launch.screenshot = Some(PathBuf::from(path)),
                None => return usage("--screenshot needs a file name"),
            },
            "--seed" => match it.next().and_then(|s| s.parse().ok()) {
                Some(seed) => launch.seed = Some(seed),
                None => return usage("--seed needs a number"),
            },
            "--fresh" => launch.ephemeral = true,
            "-h" | "--help" => {
                return exit_after(write_out(&format!("{}\n", gamester::cli::USAGE)));
            }
            other if other.starts_with('-') => return usage(&format!("unknown option {other:?}")),
            path if launch.open.is_some() => {
                return usage(&format!("one saved game at a time, not {path:?} as well"));
            }
            path if std::path::Path::new(path).is_file() => {
                launch.open = Some(PathBuf::from(path));
            }
            // A typo of a command, or a file that is not there: say so, and open no window.
            word => {
                return usage(&format!(
                    "{word:?} is neither a command ({}) nor a saved game that exists",
                    SUBCOMMANDS.join(", ")
                ));
            }
        }
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
    fail(&format_args!("{problem}; {}", gamester::cli::USAGE))
}

//! `gamester`: the command line. Subcommands for headless work; see README.md.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match gamester::cli::run(&args) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gamester: {e}");
            ExitCode::from(2)
        }
    }
}

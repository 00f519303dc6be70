//! The command line's output: answers to standard output, everything else as one line of
//! standard error, and the exit code once the output is written. Never `println!`, which
//! panics when the output cannot be written (a full disk, a closed pipe).

use std::borrow::Cow;
use std::io::{self, Write as _};
use std::process::ExitCode;

/// Writes `text` to standard output, all of it, flushed: the one way the command line prints
/// its answers. An error is the output's (a full disk, a closed pipe); see [`exit_after`].
pub fn write_out(text: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Writes one line on standard error: an error, progress, a timing. The line stays one line
/// (a newline or other control character in it, from an argument, is written escaped), and a
/// standard error that cannot be written is let be: there is nowhere left to say so.
pub fn note(line: &str) {
    let _ = writeln!(io::stderr().lock(), "{}", one_line(line));
}

/// `text` with its control characters escaped (`\n`, `\u{1b}`…), so it prints as one line.
pub(crate) fn one_line(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| {
                if c.is_control() {
                    c.escape_default().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

/// Says why a command failed, on one line of standard error, and gives exit code 2.
#[must_use]
pub fn fail(problem: &dyn std::fmt::Display) -> ExitCode {
    note(&format!("gamester: {problem}"));
    ExitCode::from(2)
}

/// The exit code once the output is written: success, or success too when the reader went
/// away (a closed pipe, as `gamester presets | head -1` makes: the reader has all it wanted),
/// or 2 with one line on standard error when the output could not be written (a full disk).
#[must_use]
pub fn exit_after(written: io::Result<()>) -> ExitCode {
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => fail(&format_args!("cannot write the output: {e}")),
    }
}

/// How often each player's choices agreed with the computer's, in `analyse` of a game where
/// the computer says only which choice it would make (the pastimes, the tiles): counted a
/// decision at a time, then written a line a player.
pub struct Agreement {
    decisions: Vec<u32>,
    agree: Vec<u32>,
}

impl Agreement {
    /// No decision yet, for `players` players.
    #[must_use]
    pub fn of(players: usize) -> Agreement {
        Agreement {
            decisions: vec![0; players],
            agree: vec![0; players],
        }
    }

    /// One decision of player `p` (counted from 0), agreeing with the computer's or not.
    pub fn count(&mut self, p: usize, agrees: bool) {
        if let (Some(d), Some(a)) = (self.decisions.get_mut(p), self.agree.get_mut(p)) {
            *d += 1;
            *a += u32::from(agrees);
        }
    }

    /// A line a player: `player <P> decisions <D> agree <A> differ <F>`, players from 1.
    pub fn write(&self, out: &mut String) {
        use std::fmt::Write as _;
        for (p, (d, a)) in self.decisions.iter().zip(&self.agree).enumerate() {
            let _ = writeln!(
                out,
                "player {} decisions {d} agree {a} differ {}",
                p + 1,
                d - a
            );
        }
    }
}

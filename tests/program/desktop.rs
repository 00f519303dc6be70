//! The real window on a real X server (Xvfb), driven by xdotool and read through the system
//! clipboard with xclip: what a headless harness cannot show, since egui_kittest has no
//! clipboard of the desktop's. Ignored by default (they need Xvfb, xdotool and xclip); run
//! them with `cargo test -p gamester --test program -- --ignored desktop`.

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use gamester_rules::tables::{Game, Preset, Rules, Side, position_id};

/// A position from the middle of a game of gnubg's (men on both bars: no preset's array).
const MID_GAME: &str = "z3kBAFGwUcsCZA";

/// The processes a test started, each ended by its id when the test ends, however it ends.
struct Started(Vec<Child>);

impl Drop for Started {
    fn drop(&mut self) {
        for child in self.0.iter_mut().rev() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Waits for `done` to give something, up to `secs` seconds.
fn within<T>(secs: u64, what: &str, mut done: impl FnMut() -> Option<T>) -> T {
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(secs) {
        if let Some(t) = done() {
            return t;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("waited in vain for {what}");
}

/// An X server of its own (the first free display from :90), and Gamester on it with its
/// folders in `home`; the window's id.
fn desktop(home: &Path, started: &mut Started) -> (String, String) {
    let n = (90..120)
        .find(|n| !Path::new(&format!("/tmp/.X{n}-lock")).exists())
        .expect("a free display");
    let display = format!(":{n}");
    started.0.push(
        Command::new("Xvfb")
            .args([
                display.as_str(),
                "-screen",
                "0",
                "1280x820x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb (apt install xvfb)"),
    );
    within(10, "the X server", || {
        Path::new(&format!("/tmp/.X11-unix/X{n}"))
            .exists()
            .then_some(())
    });
    started.0.push(
        Command::new(env!("CARGO_BIN_EXE_gamester"))
            .env("DISPLAY", &display)
            .env_remove("WAYLAND_DISPLAY")
            .env("HOME", home)
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let window = within(30, "the window", || {
        let out = x(
            &display,
            "xdotool",
            &["search", "--onlyvisible", "--name", "Gamester"],
        )?;
        out.lines().next().map(str::to_string)
    });
    (display, window)
}

/// Presses `keys` on the window (given the keys each time: no window manager gives them) until
/// the desktop's clipboard holds `want`, for at most 30 s: a window still starting may miss
/// the first presses.
fn press_until_clipboard_holds(display: &str, window: &str, keys: &[&str], want: &str) {
    within(30, &format!("{want} on the clipboard"), || {
        x(display, "xdotool", &["windowfocus", "--sync", window]);
        for key in keys {
            x(display, "xdotool", &["key", key]);
            std::thread::sleep(Duration::from_millis(300));
        }
        (clipboard(display).as_deref() == Some(want)).then_some(())
    });
}

/// Runs an X client on `display`; what it wrote, if it succeeded.
fn x(display: &str, program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program)
        .env("DISPLAY", display)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{program} ({e}): apt install xdotool xclip"));
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// The text on the desktop's clipboard.
fn clipboard(display: &str) -> Option<String> {
    x(display, "xclip", &["-o", "-selection", "clipboard"])
}

/// Puts `text` on the desktop's clipboard: xclip holds it, in the foreground, until ended.
fn offer(display: &str, text: &str, started: &mut Started) {
    let mut xclip = Command::new("xclip")
        .env("DISPLAY", display)
        .args(["-quiet", "-selection", "clipboard", "-i"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = xclip.stdin.take().unwrap();
    input.write_all(text.as_bytes()).unwrap();
    drop(input);
    started.0.push(xclip);
    within(10, "the text on the clipboard", || {
        (clipboard(display).as_deref() == Some(text)).then_some(())
    });
}

#[test]
#[ignore = "needs Xvfb, xdotool and xclip: cargo test -p gamester --test program -- --ignored desktop"]
fn ctrl_c_and_ctrl_v_reach_the_desktops_clipboard_both_ways() {
    let home = tempfile::tempdir().unwrap();
    let mut started = Started(Vec::new());
    // Given Gamester started on a desktop, a new game of Irish ready
    let (display, window) = desktop(home.path(), &mut started);
    let start = Game::new(Rules::preset(Preset::Irish)).unwrap();
    let id = position_id::encode(&start.position_for(Side::White));
    // When Ctrl+C is pressed on the table, then the Position ID is on the desktop's clipboard,
    // for any program to paste
    press_until_clipboard_holds(&display, &window, &["ctrl+c"], &id);
    // When another program puts a Position ID there, and it is pasted on the table (Ctrl+V
    // opens Set up with it, Enter sets it up), then the game stands at that position: Ctrl+C
    // gives it back
    offer(&display, MID_GAME, &mut started);
    press_until_clipboard_holds(&display, &window, &["ctrl+v", "Return", "ctrl+c"], MID_GAME);
}

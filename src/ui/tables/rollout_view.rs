//! Game → Roll out this position…: the position before the side on roll throws, played out to
//! the end many times by the computer ([`crate::ai::rollout`]) on threads of its own, in a
//! window of its own: a progress bar, the worth so far with its interval as it narrows, a Stop
//! button, and what the games came to in a player's words. The window is woken as games are
//! counted; no frame waits for the computer. Closing the window stops the rollout.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::ai::cube::Access;
use crate::ai::rollout::{Estimate, Rollout, Settings, rollout};
use crate::level::Level;
use crate::tables::{Game, Phase, Stakes};

/// How often at most the rollout wakes the window.
const WAKE_EVERY: Duration = Duration::from_millis(50);

/// Why the position in play cannot be rolled out now, in words, or `None` when it can: at the
/// start of a turn, before the throw.
#[must_use]
pub fn why_not(game: &Game) -> Option<&'static str> {
    match game.phase() {
        Phase::ToThrow => None,
        Phase::Over(_) => Some("The game is over: there is no position left to roll out"),
        Phase::ThrowOff => {
            Some("A position is rolled out before a throw: make the throw-off first")
        }
        _ => Some(
            "A position is rolled out at the start of a turn, before the throw: \
             finish this turn first",
        ),
    }
}

/// A rollout under way: the latest count, the flag that stops it, and its answer.
struct Job {
    latest: Arc<Mutex<Option<Rollout>>>,
    stop: Arc<AtomicBool>,
    answer: Receiver<Result<Rollout, String>>,
}

impl Drop for Job {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Who the rollout is for, in words, and what the cube's access is.
struct About {
    on_roll: String,
    other: String,
    /// The cube's access, where the game is played with the cube.
    access: Option<Access>,
}

/// The Roll out window and its rollout.
pub struct RolloutView {
    /// How the next rollout is run: 1,296 games at the fair level by default, stopping once
    /// the worth is known within ±0.01.
    pub settings: Settings,
    open: bool,
    job: Option<Job>,
    about: Option<About>,
    shown: Option<Rollout>,
    /// The rollout's end: finished, stopped, or failed (in words).
    ended: Option<Result<(), String>>,
    openings: u32,
    /// What is rolled out and how the window is woken, kept to roll it out again with other
    /// settings.
    source: Option<Source>,
}

/// The position rolled out, under its rules, and the window's wake.
struct Source {
    rules: crate::tables::Rules,
    position: crate::tables::Position,
    wake: Arc<dyn Fn() + Send + Sync>,
}

impl Default for RolloutView {
    fn default() -> Self {
        RolloutView {
            settings: Settings {
                width: Some(0.02),
                ..Settings::default()
            },
            open: false,
            job: None,
            about: None,
            shown: None,
            ended: None,
            openings: 0,
            source: None,
        }
    }
}

impl RolloutView {
    /// Whether the window is open.
    #[must_use]
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Whether a rollout is under way.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// The rollout as far as it has come (or as it ended).
    #[must_use]
    pub fn rollout(&self) -> Option<&Rollout> {
        self.shown.as_ref()
    }

    /// Starts rolling out the position of `game` before its side on roll throws (names: the
    /// sides' colours, White's first); `wake` repaints the window.
    pub fn start(
        &mut self,
        game: &Game,
        names: [String; 2],
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        if why_not(game).is_some() {
            return;
        }
        let side = game.turn();
        let (on_roll, other) = (names[side.index()].clone(), names[1 - side.index()].clone());
        let access = game.rules().cube.then_some(match game.cube().owner {
            None => Access::Centred,
            Some(owner) if owner == side => Access::Mine,
            Some(_) => Access::Theirs,
        });
        self.about = Some(About {
            on_roll,
            other,
            access,
        });
        self.open = true;
        self.openings += 1;
        self.source = Some(Source {
            rules: game.rules().clone(),
            position: game.position_for(side),
            wake: Arc::new(wake),
        });
        self.launch();
    }

    /// Rolls out the kept position with the settings as they are now.
    fn launch(&mut self) {
        let Some(source) = &self.source else {
            return;
        };
        self.shown = None;
        self.ended = None;
        let latest = Arc::new(Mutex::new(None));
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, answer) = channel();
        let (rules, position, settings) = (source.rules.clone(), source.position, self.settings);
        let wake = Arc::clone(&source.wake);
        let (latest_there, stop_there) = (Arc::clone(&latest), Arc::clone(&stop));
        std::thread::spawn(move || {
            let mut woken: Option<Instant> = None;
            let mut told = |so_far: &Rollout| {
                if let Ok(mut l) = latest_there.lock() {
                    *l = Some(*so_far);
                }
                if woken.is_none_or(|t| t.elapsed() >= WAKE_EVERY) {
                    woken = Some(Instant::now());
                    wake();
                }
            };
            let result = rollout(&rules, &position, &settings, &mut told, &stop_there)
                .map_err(|e| e.to_string());
            let _ = tx.send(result);
            wake();
        });
        self.job = Some(Job {
            latest,
            stop,
            answer,
        });
    }

    /// Takes in how far the rollout has come.
    fn poll(&mut self) {
        let Some(job) = &self.job else {
            return;
        };
        if let Ok(l) = job.latest.lock()
            && let Some(r) = *l
        {
            self.shown = Some(r);
        }
        match job.answer.try_recv() {
            Ok(Ok(r)) => {
                self.shown = Some(r);
                self.ended = Some(Ok(()));
                self.job = None;
            }
            Ok(Err(why)) => {
                self.ended = Some(Err(why));
                self.job = None;
            }
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => {
                self.ended = Some(Err("the rollout stopped unexpectedly".into()));
                self.job = None;
            }
        }
    }

    /// Draws the window while it is open.
    pub fn show(&mut self, ctx: &egui::Context) {
        if !self.open {
            return;
        }
        self.poll();
        let mut open = true;
        let mut stop = false;
        let mut again = false;
        egui::Window::new("Roll out")
            .id(egui::Id::unique("roll out").with(self.openings))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .default_width(440.0)
            .show(ctx, |ui| (stop, again) = self.contents(ui));
        if stop && let Some(job) = &self.job {
            job.stop.store(true, Ordering::Relaxed);
        }
        if again && self.job.is_none() {
            self.launch();
        }
        if !open {
            self.open = false;
            self.job = None;
        }
    }

    /// The window's contents; whether Stop was pressed, and whether Roll out again.
    fn contents(&mut self, ui: &mut egui::Ui) -> (bool, bool) {
        let Some(about) = &self.about else {
            return (false, false);
        };
        ui.label(format!(
            "{} is to throw. The computer plays both sides to the end at the {} level, up to \
             {} games, and stops sooner once the worth is known within ±{:.2} stakes.",
            about.on_roll,
            self.settings.level,
            self.settings.trials,
            self.settings.width.map_or(0.0, |w| w / 2.0)
        ));
        let again = self.job.is_none() && choices(ui, &mut self.settings);
        let s = &self.settings;
        let done = self.shown.map_or(0, |r| r.trials);
        let fraction = done as f32 / s.trials.max(1) as f32;
        let count = format!("Games played out: {done} of at most {}", s.trials);
        // The count once, as a label a screen reader reads; the bar shows it without words.
        ui.add(egui::ProgressBar::new(fraction));
        ui.label(count);
        let mut stop = false;
        if self.job.is_some() {
            stop = ui.button("Stop").clicked();
        }
        match &self.ended {
            Some(Ok(())) if done < s.trials && !self.shown.is_some_and(|r| narrow(&r, s)) => {
                ui.label(format!("Stopped after {done} games."));
            }
            Some(Ok(())) => {
                ui.label(format!("Finished: {done} games played out."));
            }
            Some(Err(why)) => {
                ui.label(format!("The rollout failed: {why}."));
            }
            None => {}
        }
        if let Some(r) = &self.shown
            && r.trials > 0
        {
            ui.separator();
            for line in result_lines(r, about) {
                ui.label(line);
            }
        }
        (stop, again)
    }
}

/// Once a rollout has ended: the level the computer plays at and the most games, and a button
/// to roll the position out again with them; whether it was pressed.
fn choices(ui: &mut egui::Ui, s: &mut Settings) -> bool {
    let mut again = false;
    ui.horizontal(|ui| {
        ui.label("Level:");
        for level in Level::ALL {
            ui.selectable_value(&mut s.level, level, level.to_string());
        }
    });
    ui.horizontal(|ui| {
        ui.label("Games at most:");
        ui.add(
            egui::DragValue::new(&mut s.trials)
                .range(36..=46_656)
                .speed(36),
        );
        again = ui.button("Roll out again").clicked();
    });
    again
}

fn narrow(r: &Rollout, s: &Settings) -> bool {
    s.width.is_some_and(|w| r.narrower_than(w))
}

/// A chance in words: "52.3% (95%: 51.5% to 53.1%)".
fn chance(e: Estimate) -> String {
    let (lo, hi) = e.interval();
    format!(
        "{:.1}% (95%: {:.1}% to {:.1}%)",
        100.0 * e.mean,
        100.0 * lo.max(0.0),
        100.0 * hi.min(1.0)
    )
}

/// A worth in words: "+0.123 stakes (95%: +0.103 to +0.143)".
fn worth(e: Estimate) -> String {
    let (lo, hi) = e.interval();
    format!("{:+.3} stakes (95%: {lo:+.3} to {hi:+.3})", e.mean)
}

/// What the games came to, a line each: each side's chances of winning, and of winning more,
/// then the worth to the side on roll without a cube and with one.
fn result_lines(r: &Rollout, about: &About) -> Vec<String> {
    let ways: [Option<&str>; 2] = match r.stakes {
        Stakes::Gammons => [Some("a gammon"), Some("a backgammon")],
        Stakes::Willughby | Stakes::Cotton => {
            [Some("a back-gammon"), Some("with doublets thrown last")]
        }
        Stakes::Single | Stakes::Nard => [None, None],
    };
    let mut lines = Vec::new();
    for (name, all, kinds) in [
        (&about.on_roll, r.win, r.win_kinds),
        (&about.other, r.lose, r.lose_kinds),
    ] {
        lines.push(format!("{name} wins {}", chance(all)));
        for (way, e) in ways.iter().zip(kinds) {
            if let Some(way) = way {
                lines.push(format!("{name} wins {way} {}", chance(e)));
            }
        }
    }
    if r.draw.mean > 0.0 {
        lines.push(format!("Drawn {}", chance(r.draw)));
    }
    lines.push(format!(
        "Worth to {} without a cube: {}",
        about.on_roll,
        worth(r.equity)
    ));
    // A game played without the cube has no worth with one.
    if let Some(access) = about.access {
        lines.push(format!(
            "Worth to {} with a cube (from the cube model, not played out): {}",
            about.on_roll,
            worth(r.cubeful(access))
        ));
    }
    lines
}

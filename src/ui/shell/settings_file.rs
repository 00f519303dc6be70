//! The settings on the disk: `settings.ron` in Gamester's data folder, Gamester's own file
//! (eframe's `app.ron` is no longer read or written: one bad number in it stopped every
//! start, and it was written in place, through links).
//!
//! Read defensively: what is not a regular file, is too large or does not parse is set aside
//! under a dated name (never lost, never in the way) and the defaults are used; values that
//! parse but make no sense (a window of no size, rules that make no game) are reset, and the
//! person is told which. Written whole or not at all, by the window's [`Keeper`], never through
//! a link; a failed write keeps the old file and is told once.
//!
//! [`Keeper`]: crate::ui::shell::autosave::Keeper

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::save;
use crate::ui::shell::autosave::{Keeper, Wait};
use crate::ui::shell::file_names;
use crate::ui::shell::launch::Launch;
use crate::ui::shell::message::Message;
use crate::ui::shell::settings::Settings;
use crate::ui::shell::settings::{MAX_VOLUME, WindowPlace};

/// The settings' name in the data folder.
pub const SETTINGS_FILE: &str = "settings.ron";

/// eframe's file of earlier versions, read once for the settings it kept when there is no
/// `settings.ron` yet.
const OLD_FILE: &str = "app.ron";
/// The key the settings were kept under in eframe's file.
const OLD_KEY: &str = "gamester-settings";

/// The largest settings file read: eight recent files and every option take a few KiB.
const MAX_BYTES: u64 = 256 * 1024;

/// How deeply the settings may nest (they nest five deep).
const RECURSION_LIMIT: usize = 16;

/// The settings read at start, and what the person is to be told of them.
#[derive(Debug)]
pub struct Remembered {
    pub settings: Settings,
    /// What was set aside or reset, in words; `None` if nothing was.
    pub told: Option<String>,
}

impl Remembered {
    /// The settings a window starts with: none for an ephemeral launch (the defaults), else
    /// those of its data folder.
    #[must_use]
    pub fn at_start(launch: &Launch) -> Remembered {
        match launch.data_dir() {
            Some(dir) if !launch.ephemeral => read(&dir),
            _ => Remembered {
                settings: Settings::default(),
                told: None,
            },
        }
    }
}

/// Where the settings live in the data folder `dir`.
#[must_use]
pub fn path_in(dir: &Path) -> PathBuf {
    dir.join(SETTINGS_FILE)
}

fn options() -> ron::Options {
    ron::Options::default().with_recursion_limit(RECURSION_LIMIT)
}

/// The settings' text as written.
///
/// # Errors
/// If they cannot be written as RON (they always can).
pub fn to_text(settings: &Settings) -> Result<String, String> {
    options()
        .to_string_pretty(settings, ron::ser::PrettyConfig::default())
        .map_err(|e| e.to_string())
}

/// Reads a settings file's text, checked to be a regular file and not too large.
fn read_text(path: &Path) -> Result<String, String> {
    crate::ui::shell::reading::regular_or_absent(path)?;
    let size = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
    if size > MAX_BYTES {
        return Err(format!(
            "it is {size} bytes long, more than settings ever are"
        ));
    }
    save::read_text(path).map_err(|e| e.to_string())
}

/// The settings remembered in the data folder `dir`: `settings.ron`, else those an earlier
/// Gamester kept in eframe's `app.ron`, else the defaults. Never fails: a file that cannot be
/// read is set aside and said so.
#[must_use]
pub fn read(dir: &Path) -> Remembered {
    let path = path_in(dir);
    let mut told = Vec::new();
    let settings = match std::fs::symlink_metadata(&path) {
        Err(_) => read_old(dir).unwrap_or_default(),
        Ok(_) => match read_text(&path).and_then(|text| {
            // Said in the player's words: where, not what the parser expected.
            options().from_str::<Settings>(&text).map_err(|e| {
                format!(
                    "line {} is not one this version of Gamester understands",
                    e.span.start.line
                )
            })
        }) {
            Ok(settings) => settings,
            Err(why) => {
                told.push(match file_names::set_aside(&path) {
                    Ok(aside) => format!(
                        "Your settings could not be read ({why}), so the defaults are used; \
                         the file is kept as {}.",
                        crate::ui::shell::file_names::shown(&aside)
                    ),
                    Err(e) => format!(
                        "Your settings could not be read ({why}), so the defaults are used; \
                         the file could not be set aside ({e}) and will be replaced."
                    ),
                });
                Settings::default()
            }
        },
    };
    let (settings, reset) = sensible(settings);
    if !reset.is_empty() {
        told.push(format!(
            "Some settings made no sense and were reset: {}.",
            reset.join(", ")
        ));
    }
    Remembered {
        settings,
        told: (!told.is_empty()).then(|| told.join(" ")),
    }
}

/// The settings an earlier Gamester kept in eframe's file, if it is there and holds them.
fn read_old(dir: &Path) -> Option<Settings> {
    let text = read_text(&dir.join(OLD_FILE)).ok()?;
    let kept: HashMap<String, String> = options().from_str(&text).ok()?;
    options().from_str(kept.get(OLD_KEY)?).ok()
}

/// `settings` with every value that makes no sense reset, and the names of those reset.
#[must_use]
pub fn sensible(mut settings: Settings) -> (Settings, Vec<String>) {
    let mut reset = Vec::new();
    if let Some(place) = settings.window {
        settings.window = place.sensible();
        if settings.window.is_none() {
            reset.push(format!(
                "the window's size ({} × {})",
                place.size[0], place.size[1]
            ));
        } else if settings
            .window
            .is_some_and(|p| p.position != place.position)
        {
            reset.push("the window's position".to_string());
        }
    }
    if settings.volume > MAX_VOLUME {
        reset.push(format!("the sound's volume ({})", settings.volume));
        settings.volume = MAX_VOLUME;
    }
    for plug in crate::ui::families::plugs() {
        plug.sensible(&mut settings, &mut reset);
    }
    (settings, reset)
}

/// Keeps the settings on the disk: written whenever they change, and as the window closes
/// with the window's place.
pub struct SettingsKeeper {
    keeper: Keeper<String>,
    /// The settings last given to the writer (to tell a change without writing them out).
    sent: Settings,
    /// The window's place, as last seen.
    place: Option<WindowPlace>,
}

impl SettingsKeeper {
    /// A keeper whose file holds `settings` already (as read, or as a test gives them).
    #[must_use]
    pub fn holding(settings: &Settings) -> SettingsKeeper {
        SettingsKeeper {
            keeper: Keeper::holding(to_text(settings).ok()),
            sent: settings.clone(),
            place: settings.window,
        }
    }

    /// Once a frame: notes the window's place, and writes the settings if they have changed;
    /// what to tell the person of the writes finished.
    pub fn keep(
        &mut self,
        settings: &Settings,
        launch: &Launch,
        ctx: &egui::Context,
    ) -> Option<Message> {
        self.note_place(ctx);
        if *settings != self.sent {
            self.send(settings, launch);
        }
        self.keeper.poll(
            |e| {
                format!(
                    "Your settings could not be saved ({e}); the settings file keeps what it \
                     had. You will be told when they are saved again."
                )
            },
            "Your settings are saved again.",
        )
    }

    fn note_place(&mut self, ctx: &egui::Context) {
        let (inner, outer, maximized) = ctx.input(|i| {
            let v = i.viewport();
            (v.inner_rect, v.outer_rect, v.maximized.unwrap_or(false))
        });
        let zoom = ctx.zoom_factor();
        if let Some(inner) = inner {
            self.place = Some(WindowPlace {
                size: [inner.width() * zoom, inner.height() * zoom],
                position: outer.map(|o| [o.min.x * zoom, o.min.y * zoom]),
                maximized,
            });
        }
    }

    fn send(&mut self, settings: &Settings, launch: &Launch) {
        self.sent = settings.clone();
        if launch.ephemeral {
            return;
        }
        if let (Some(dir), Ok(text)) = (launch.data_dir(), to_text(settings)) {
            self.keeper
                .keep(path_in(&dir), text, Wait::No, launch, None);
        }
    }

    /// As the window closes: the settings with the window's place, written and waited for. No
    /// window is left to tell of a failure, so it goes to the standard error.
    pub fn finish(&mut self, settings: &mut Settings, launch: &Launch) {
        if self.place.is_some() {
            settings.window = self.place.and_then(WindowPlace::sensible);
        }
        if *settings != self.sent {
            self.send(settings, launch);
        }
        if let Some(e) = self.keeper.finish() {
            eprintln!("gamester: the settings could not be saved: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(w: f32, h: f32) -> WindowPlace {
        WindowPlace {
            size: [w, h],
            position: Some([10.0, 20.0]),
            maximized: false,
        }
    }

    #[test]
    fn a_window_of_no_size_or_of_no_number_is_not_believed() {
        assert_eq!(place(1280.0, 820.0).sensible(), Some(place(1280.0, 820.0)));
        for (w, h) in [
            (0.0, 820.0),
            (f32::NAN, 820.0),
            (1280.0, -3.0),
            (1e9, 820.0),
            (30.0, 30.0),
            (f32::INFINITY, 820.0),
        ] {
            assert_eq!(place(w, h).sensible(), None, "{w} × {h}");
        }
        let mut lost = place(1280.0, 820.0);
        lost.position = Some([f32::NAN, 0.0]);
        assert_eq!(lost.sensible().unwrap().position, None);
    }

    #[test]
    fn a_file_that_does_not_parse_is_set_aside_and_the_defaults_used() {
        // Given a settings file cut short
        let dir = tempfile::tempdir().unwrap();
        let path = path_in(dir.path());
        std::fs::write(&path, "(numbers: true, spe").unwrap();
        // When it is read
        let read = read(dir.path());
        // Then the defaults are used, the person is told, and the file is kept aside
        assert_eq!(read.settings, Settings::default());
        let told = read.told.unwrap();
        assert!(told.contains("could not be read"), "{told}");
        // in a player's words: the line, not the parser's
        assert!(told.contains("line 1 is not one"), "{told}");
        assert!(!told.contains("Expected") && !told.contains('`'), "{told}");
        assert!(!path.exists());
        let aside: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(aside.len(), 1);
        assert!(
            told.contains(&*aside[0].file_name().unwrap().to_string_lossy()),
            "{told}"
        );
        assert_eq!(
            std::fs::read_to_string(&aside[0]).unwrap(),
            "(numbers: true, spe"
        );
    }

    #[test]
    fn the_settings_of_an_earlier_gamester_are_read_from_eframes_file() {
        let dir = tempfile::tempdir().unwrap();
        let old = Settings {
            numbers: true,
            ..Settings::default()
        };
        let mut kv = HashMap::new();
        kv.insert(OLD_KEY.to_string(), to_text(&old).unwrap());
        kv.insert("egui".to_string(), "(zoom_factor: NaN)".to_string());
        std::fs::write(dir.path().join(OLD_FILE), ron::ser::to_string(&kv).unwrap()).unwrap();
        let read = read(dir.path());
        assert!(read.settings.numbers);
        assert_eq!(read.told, None);
    }

    #[test]
    fn a_volume_louder_than_the_loudest_is_brought_down_and_said() {
        // Given settings whose volume is over 100 (written by hand: the slider stops at 100)
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(path_in(dir.path()), "(sound: true, volume: 250)").unwrap();
        // When they are read
        let read = read(dir.path());
        // Then the volume is the loudest, the sound stays on, and the person is told
        assert_eq!(read.settings.volume, MAX_VOLUME);
        assert!(read.settings.sound);
        let told = read.told.unwrap();
        assert!(
            told.contains("made no sense and were reset: the sound's volume (250)"),
            "{told}"
        );
        // And a volume in range is kept as it is, unsaid
        std::fs::write(path_in(dir.path()), "(sound: false, volume: 35)").unwrap();
        let read = super::read(dir.path());
        assert_eq!((read.settings.sound, read.settings.volume), (false, 35));
        assert_eq!(read.told, None);
    }

    #[test]
    fn settings_read_back_are_the_settings_written() {
        let dir = tempfile::tempdir().unwrap();
        let s = Settings {
            ace_left: true,
            window: Some(place(1000.0, 700.0)),
            ..Settings::default()
        };
        std::fs::write(path_in(dir.path()), to_text(&s).unwrap()).unwrap();
        let read = read(dir.path());
        assert_eq!(read.settings, s);
        assert_eq!(read.told, None);
    }
}

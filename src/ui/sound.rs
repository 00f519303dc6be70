//! Sound: the dice rattled and thrown, a man set down, a hit, a man borne off, a tile laid, a
//! knock. The sounds are made by our own code ([`synth`]); the window plays a [`Cue`] at the
//! moment the eye sees it happen, through the [`Sounds`] the shell holds: the real window's
//! plays them on the sound device ([`player`], through ALSA loaded at run time), every other
//! window (tests, screenshots, benchmarks) only notes them. Sound is on by default, with its
//! volume and a mute in the View menu; where there is no library or no device, the window is
//! silent and says so in that menu, nowhere else.

#[cfg(target_os = "linux")]
mod alsa;
pub mod player;
pub mod synth;

use std::collections::VecDeque;
use std::sync::Mutex;

use self::player::Player;
use crate::ui::shell::settings::{MAX_VOLUME, Settings};

/// A sound the window plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cue {
    /// The dice rattled in the cup and thrown, landing as their flight on the board ends.
    Dice,
    /// The dice thrown and landed at once (the speed instant; the throw for the set at tiles).
    DiceAtOnce,
    /// A man set down on a point.
    SetDown,
    /// A man set down on a blot, hitting it.
    Hit,
    /// A man borne off into the tray.
    BorneOff,
    /// A tile laid on the line.
    Tile,
    /// A knock on the table: a player at tiles who can neither lay nor draw.
    Knock,
}

impl Cue {
    pub const ALL: [Cue; 7] = [
        Cue::Dice,
        Cue::DiceAtOnce,
        Cue::SetDown,
        Cue::Hit,
        Cue::BorneOff,
        Cue::Tile,
        Cue::Knock,
    ];
}

/// How long a throw takes to land, in seconds: the dice on the board fly for as long, and their
/// sound lands within it.
pub const THROW_SECONDS: f64 = 0.7;

/// The most cues remembered as played.
const REMEMBERED: usize = 64;

/// The window's sounds: a player on the sound device, or none; and the last cues played, for
/// the window's tests to hear.
#[derive(Default)]
pub struct Sounds {
    player: Option<Player>,
    /// Why the real window has no sound, where it cannot have any at all.
    unable: Option<String>,
    played: Mutex<VecDeque<Cue>>,
}

impl Sounds {
    /// Sounds that are only noted, never heard (tests, screenshots, benchmarks).
    #[must_use]
    pub fn silent() -> Sounds {
        Sounds::default()
    }

    /// Sounds played on the system's sound device, through ALSA's library loaded when the
    /// first is played; silent where it is missing.
    #[must_use]
    pub fn on_device() -> Sounds {
        #[cfg(target_os = "linux")]
        {
            Sounds::through(alsa::LIBRARY, alsa::DEVICE)
        }
        #[cfg(not(target_os = "linux"))]
        {
            Sounds {
                unable: Some("sound is played on Linux only".into()),
                ..Sounds::default()
            }
        }
    }

    /// Sounds played on ALSA's `device` through the library named `library`.
    #[cfg(target_os = "linux")]
    #[must_use]
    pub fn through(library: &str, device: &str) -> Sounds {
        let (library, device) = (library.to_string(), device.to_string());
        // Loaded once, on the player's thread, when the first cue comes.
        let mut loaded: Option<Result<&'static alsa::Alsa, String>> = None;
        let open: player::Opener = Box::new(move || {
            let lib = loaded
                .get_or_insert_with(|| alsa::Alsa::load(&library))
                .clone()?;
            let opened = lib.open(&device)?;
            Ok(Box::new(opened) as Box<dyn player::Sink>)
        });
        match Player::start(open) {
            Some(player) => Sounds {
                player: Some(player),
                ..Sounds::default()
            },
            None => Sounds {
                unable: Some("the sound could not be started".into()),
                ..Sounds::default()
            },
        }
    }

    /// Plays `cue` as the settings say: not at all when the sound is off, else at their
    /// volume. Never waits.
    pub fn play(&self, cue: Cue, settings: &Settings) {
        if !settings.sound || settings.volume == 0 {
            return;
        }
        if let Ok(mut played) = self.played.lock() {
            if played.len() >= REMEMBERED {
                played.pop_front();
            }
            played.push_back(cue);
        }
        if let Some(player) = &self.player {
            player.send(cue, gain(settings.volume));
        }
    }

    /// The cues played (at most the last [`REMEMBERED`]), oldest first.
    #[must_use]
    pub fn played(&self) -> Vec<Cue> {
        self.played
            .lock()
            .map(|p| p.iter().copied().collect())
            .unwrap_or_default()
    }

    /// Why nothing is heard, if the sound device or its library is missing.
    #[must_use]
    pub fn trouble(&self) -> Option<String> {
        self.unable
            .clone()
            .or_else(|| self.player.as_ref().and_then(Player::trouble))
    }
}

/// The factor the samples are multiplied by at `volume` (0 to 100): its square, so that the
/// slider's steps sound about even (half way is a quarter as loud, -12 dB).
#[must_use]
pub fn gain(volume: u8) -> f32 {
    let v = f32::from(volume.min(MAX_VOLUME)) / f32::from(MAX_VOLUME);
    v * v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cue_is_played_only_with_the_sound_on_and_a_volume() {
        let sounds = Sounds::silent();
        let mut settings = Settings::default();
        assert!(settings.sound, "on by default");
        sounds.play(Cue::SetDown, &settings);
        settings.sound = false;
        sounds.play(Cue::Hit, &settings);
        settings.sound = true;
        settings.volume = 0;
        sounds.play(Cue::Tile, &settings);
        assert_eq!(sounds.played(), vec![Cue::SetDown]);
        assert_eq!(sounds.trouble(), None);
    }

    #[test]
    fn the_volume_is_even_to_the_ear_and_never_over_full() {
        assert_eq!(gain(0), 0.0);
        assert_eq!(gain(100), 1.0);
        assert_eq!(gain(250), 1.0);
        assert!((gain(50) - 0.25).abs() < 1e-6);
        assert!((1..=100).all(|v| gain(v) > gain(v - 1)));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_missing_sound_library_leaves_the_window_silent_and_says_why() {
        // Given sounds through a library that is not there
        let sounds = Sounds::through("libgamester-no-such-sound.so.9", "default");
        // When cues are played
        let settings = Settings::default();
        for cue in Cue::ALL {
            sounds.play(cue, &settings);
        }
        // Then nothing panics, the cues are noted, and why nothing is heard is said
        let mut trouble = None;
        for _ in 0..300 {
            trouble = sounds.trouble();
            if trouble.is_some() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let trouble = trouble.unwrap();
        assert!(
            trouble.contains("libgamester-no-such-sound.so.9"),
            "{trouble}"
        );
        assert_eq!(sounds.played(), Cue::ALL.to_vec());
        // And later cues are still taken without a fuss
        sounds.play(Cue::Hit, &settings);
        assert_eq!(sounds.played().last(), Some(&Cue::Hit));
    }
}

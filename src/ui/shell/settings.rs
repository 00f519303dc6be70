//! The settings the window keeps between runs (in `settings_file`): the game New game starts,
//! who plays, the look, the men's speed, the sound, the window's place, the learner's record.

use serde::{Deserialize, Serialize};

use crate::ai::judge::Mark;
use crate::teaching::lessons::{Lesson, Progress};

pub use crate::ui::families::settings::Settings;

impl Settings {
    /// The family of the game New game starts under these settings: the one chosen, else the
    /// first family (which no other is chosen over).
    #[must_use]
    pub fn family(&self) -> gamester_core::Family {
        let plugs = crate::ui::families::readers();
        plugs
            .iter()
            .find(|plug| plug.chosen(self))
            .unwrap_or(&plugs[plugs.len() - 1])
            .family()
    }

    /// The learner's record at `lesson`.
    #[must_use]
    pub fn lesson_record(&self, lesson: Lesson) -> Progress {
        self.lessons.get(lesson.name()).copied().unwrap_or_default()
    }

    /// The learner's record at `lesson`, to change.
    pub fn lesson_record_mut(&mut self, lesson: Lesson) -> &mut Progress {
        self.lessons.entry(lesson.name().to_string()).or_default()
    }
}

/// The volume of a first start: loud enough to hear, not so loud as to startle.
pub const DEFAULT_VOLUME: u8 = 70;
/// The loudest the volume goes.
pub const MAX_VOLUME: u8 = 100;

/// The tutor's watch over a person's choices: off, or pointing out those that lose at least a
/// doubtful or a bad mark's stakes (GNU Backgammon's marks, as the analysis gives them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tutoring {
    #[default]
    Off,
    Doubtful,
    Bad,
}

impl Tutoring {
    pub const ALL: [Tutoring; 3] = [Tutoring::Off, Tutoring::Doubtful, Tutoring::Bad];

    /// The least mark the tutor points out, if he is at the table.
    #[must_use]
    pub fn least(self) -> Option<Mark> {
        match self {
            Tutoring::Off => None,
            Tutoring::Doubtful => Some(Mark::Doubtful),
            Tutoring::Bad => Some(Mark::Bad),
        }
    }

    /// As New game offers it, with the least loss the mark is given for, as the analysis gives
    /// it: "doubtful (0.04 stakes or more)".
    #[must_use]
    pub fn words(self) -> String {
        self.least().map_or_else(
            || "off".to_string(),
            |mark| format!("{} ({} stakes or more)", mark.name(), mark.least_loss()),
        )
    }
}

/// How fast the men slide (View menu; kept between runs). `Instant` shows every play at once
/// and throws the dice without their flight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    Slow,
    #[default]
    Normal,
    Fast,
    Instant,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// The word in the View menu.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }

    /// Seconds a man takes to slide one step; 0 shows it at once.
    #[must_use]
    pub fn step_seconds(self) -> f64 {
        match self {
            Speed::Slow => 0.9,
            Speed::Normal => 0.5,
            Speed::Fast => 0.25,
            Speed::Instant => 0.0,
        }
    }
}

/// Where and how large the window was when it last closed, in logical pixels.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct WindowPlace {
    pub size: [f32; 2],
    pub position: Option<[f32; 2]>,
    pub maximized: bool,
}

/// The smallest window Gamester opens (its board and buttons need it).
pub const SMALLEST: [f32; 2] = [720.0, 480.0];
/// The largest size or position believed, in logical pixels: beyond it is nonsense.
const LARGEST: f32 = 16_384.0;

impl WindowPlace {
    /// The place if it makes sense: sizes between [`SMALLEST`] and the largest screen, a
    /// position on some screen; a size that makes none gives `None`, a position that makes
    /// none is dropped.
    #[must_use]
    pub fn sensible(self) -> Option<WindowPlace> {
        let fits = |v: f32, least: f32| v.is_finite() && (least..=LARGEST).contains(&v);
        if !fits(self.size[0], SMALLEST[0]) || !fits(self.size[1], SMALLEST[1]) {
            return None;
        }
        let on_screen = |v: f32| v.is_finite() && v.abs() <= LARGEST;
        Some(WindowPlace {
            position: self.position.filter(|p| on_screen(p[0]) && on_screen(p[1])),
            ..self
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::players::NAME_LIMIT;

    #[test]
    fn remembered_names_that_break_the_rule_are_cleaned_as_they_are_read() {
        // Given settings remembered with a name too long and one with a tab
        let mut settings = Settings::default();
        settings.table.white.players[0].name = "y".repeat(100);
        settings.table.black.players[0].name = "The\tcomputer".into();
        let text = ron::to_string(&settings).unwrap();
        // When they are read back
        let read: Settings = ron::from_str(&text).unwrap();
        // Then the names keep to the rule, and the rest is as remembered
        assert_eq!(read.table.white.players[0].name, "y".repeat(NAME_LIMIT));
        assert_eq!(read.table.black.players[0].name, "Thecomputer");
        assert_eq!(read.rules, settings.rules);
        // And settings without a table still read as the default table
        let read: Settings = ron::from_str("(numbers: true)").unwrap();
        assert_eq!(read.table, Settings::default().table);
    }

    #[test]
    fn the_sound_is_on_in_settings_from_before_it_and_is_remembered() {
        // Given settings remembered by a Gamester without sound, and with it turned down
        let older: Settings = ron::from_str("(numbers: true, speed: fast)").unwrap();
        let quiet = Settings {
            sound: false,
            volume: 20,
            ..Settings::default()
        };
        let read: Settings = ron::from_str(&ron::to_string(&quiet).unwrap()).unwrap();
        // Then the older settings read with the sound on at the usual volume, and the rest as
        // remembered; and a sound turned off stays off, at its volume
        assert!(older.sound);
        assert_eq!(older.volume, DEFAULT_VOLUME);
        assert!(older.numbers);
        assert_eq!((read.sound, read.volume), (false, 20));
    }

    #[test]
    fn the_tutor_is_remembered_and_off_in_settings_from_before_it() {
        // Given settings remembered by a Gamester without the tutor, and with it on
        let older: Settings = ron::from_str("(numbers: true, guide_offered: true)").unwrap();
        let on = Settings {
            tutor: Tutoring::Bad,
            ..Settings::default()
        };
        let read: Settings = ron::from_str(&ron::to_string(&on).unwrap()).unwrap();
        // Then the older settings read with the tutor off, and the tutor is remembered
        assert_eq!(older.tutor, Tutoring::Off);
        assert!(older.numbers && older.guide_offered);
        assert_eq!(read.tutor, Tutoring::Bad);
        assert_eq!(Settings::default().tutor.least(), None);
        assert_eq!(Tutoring::Doubtful.least(), Some(Mark::Doubtful));
        assert_eq!(Tutoring::Doubtful.words(), "doubtful (0.04 stakes or more)");
        assert_eq!(Tutoring::Bad.words(), "bad (0.08 stakes or more)");
    }

    #[test]
    fn the_lessons_record_is_remembered_and_empty_in_settings_from_before_it() {
        // Given settings remembered by a Gamester without lessons, and a record at two lessons
        let older: Settings = ron::from_str("(numbers: true)").unwrap();
        let mut learner = Settings::default();
        learner.lesson_record_mut(Lesson::Blots).record(true);
        learner.lesson_record_mut(Lesson::Tiles).record(false);
        let text = ron::to_string(&learner).unwrap();
        let read: Settings = ron::from_str(&text).unwrap();
        // Then the older settings have no record, and the record is read back as it was
        assert!(older.lessons.is_empty());
        assert_eq!(read.lessons, learner.lessons);
        assert_eq!(read.lesson_record(Lesson::Blots).streak, 1);
        assert_eq!(read.lesson_record(Lesson::Tiles).tried, 1);
        // And a record at a lesson this Gamester lacks (a newer one's) is read and kept
        let newer: Settings =
            ron::from_str(&text.replace("\"tiles\"", "\"lute_playing\"")).unwrap();
        assert_eq!(newer.lessons["lute_playing"].tried, 1);
        assert_eq!(newer.lesson_record(Lesson::Tiles), Progress::default());
    }
}

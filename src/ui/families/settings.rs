//! The settings the window keeps between runs, each family's part under the family's name as
//! the settings file has it (`settings.ron`: the games at tables' part at its top, from before
//! there were other families; the tiles' under `tiles`, the pastimes' under `pastimes`; a
//! family registered at run time under its own name in `others`). The shell keeps them
//! (`shell::settings`, `shell::settings_file`) and asks a family of its own part only through
//! its plug; this registration is the one place that lists the parts.

use serde::{Deserialize, Serialize};

use crate::level::Level;
use crate::players::Seats;
use crate::save::RecentFiles;
use crate::tables::{Preset, Rules};
use crate::teaching::lessons::Progress;
use crate::ui::shell::settings::{DEFAULT_VOLUME, Speed, Tutoring, WindowPlace};
use crate::ui::tables::look::Look;

/// What a person chooses once and keeps between runs: the next game's rules and table, and how
/// the board is shown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub preset: Option<Preset>,
    pub rules: Rules,
    /// Names remembered by an older Gamester that broke the rule of names are cleaned as they
    /// are read back, so that no game is started, or saved, with one.
    #[serde(deserialize_with = "remembered_table")]
    pub table: Seats,
    pub numbers: bool,
    pub ace_left: bool,
    /// How fast the men slide and the dice fly (instant: no animation).
    pub speed: Speed,
    /// How the board looks (View menu).
    pub look: Look,
    /// Whether the window makes its sounds (View menu; on by default).
    pub sound: bool,
    /// How loud, from 0 to 100 (View menu).
    pub volume: u8,
    pub recent: RecentFiles,
    /// Whether the first-game guide was offered already (it opens by itself once).
    pub guide_offered: bool,
    /// Which of a person's choices the tutor points out before they are carried out.
    pub tutor: Tutoring,
    /// The tiles game New game starts, and whether it starts one.
    pub tiles: crate::ui::tiles::setup::TilesSettings,
    /// The pastime New game starts (Doublets, Ketch-Dolt, Sice-Ace), and whether it starts one.
    pub pastimes: crate::ui::pastimes::setup::PastimesSettings,
    /// Where and how large the window was when it last closed.
    pub window: Option<WindowPlace>,
    /// The learner's record at each lesson (Help → Lessons), by the lesson's name: a record
    /// kept by a newer Gamester, at a lesson this one lacks, is kept as it was.
    pub lessons: std::collections::BTreeMap<String, Progress>,
    /// The part of each family registered at run time (`families::register`), under the
    /// family's name, as the family writes it (RON): a part of a family this run has not
    /// registered is kept as it was. Not written while empty, so the file of a window that
    /// plays only the built-in families is as it always was.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub others: std::collections::BTreeMap<String, String>,
}

impl Settings {
    /// The part of the registered family `family`, as its own type (its default where there
    /// is none yet, or where what is kept cannot be read back as one).
    #[must_use]
    pub fn part<T: serde::de::DeserializeOwned + Default>(
        &self,
        family: gamester_core::Family,
    ) -> T {
        self.others
            .get(family.name())
            .and_then(|text| ron::from_str(text).ok())
            .unwrap_or_default()
    }

    /// Keeps `part` as the part of the registered family `family`: a family that has kept
    /// nothing yet keeps nothing while its part is its default, so that a window that never
    /// touched the family writes its settings as before.
    pub fn set_part<T: Serialize + Default>(&mut self, family: gamester_core::Family, part: &T) {
        let Ok(text) = ron::to_string(part) else {
            return;
        };
        let name = family.name();
        if !self.others.contains_key(name)
            && ron::to_string(&T::default()).ok() == Some(text.clone())
        {
            return;
        }
        self.others.insert(name.to_string(), text);
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            preset: Some(Preset::Irish),
            rules: Rules::preset(Preset::Irish),
            table: Seats::against_computer(Level::Fair),
            numbers: false,
            ace_left: false,
            speed: Speed::Normal,
            look: Look::Period,
            sound: true,
            volume: DEFAULT_VOLUME,
            recent: RecentFiles::default(),
            guide_offered: false,
            tutor: Tutoring::Off,
            tiles: Default::default(),
            pastimes: Default::default(),
            window: None,
            lessons: std::collections::BTreeMap::new(),
            others: std::collections::BTreeMap::new(),
        }
    }
}

fn remembered_table<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Seats, D::Error> {
    let mut table = Seats::deserialize(d)?;
    table.clean_names();
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
    struct Part {
        chosen: bool,
    }

    #[test]
    fn a_registered_family_keeps_its_part_under_its_name_and_nothing_while_untouched() {
        let family = gamester_core::Family::new("a family for the settings' tests");
        let mut settings = Settings::default();
        settings.set_part(family, &Part::default());
        assert!(
            settings.others.is_empty(),
            "an untouched family keeps nothing"
        );
        assert!(!ron::to_string(&settings).unwrap().contains("others"));
        settings.set_part(family, &Part { chosen: true });
        assert!(settings.part::<Part>(family).chosen);
        let text = ron::to_string(&settings).unwrap();
        let back: Settings = ron::from_str(&text).unwrap();
        assert_eq!(back, settings);
        settings.set_part(family, &Part::default());
        assert_eq!(settings.part::<Part>(family), Part::default());
        // What cannot be read back as the family's part is its default
        settings
            .others
            .insert(family.name().into(), "(nonsense".into());
        assert_eq!(settings.part::<Part>(family), Part::default());
    }
}

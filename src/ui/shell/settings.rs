//! The New game window: a preset, who plays each side and in what colour, and every option of
//! RULES.md with its explanation and sources. Changes apply to the next game; the rules of the
//! game in progress are shown, not changed.

use egui::{ComboBox, RichText};
use serde::{Deserialize, Serialize};

use crate::ai::judge::Mark;
use crate::level::Level;
use crate::players::{Colour, Controller, NAME_LIMIT, Player, Seats, check_name, clean_name};
use crate::save::RecentFiles;
use crate::tables::options::{OF_THE_MATCH, OPTIONS, RuleOption, source_name, source_short};
use crate::tables::{Players, Preset, Rules, Side};
use crate::teaching::lessons::{Lesson, Progress};
use crate::teaching::rules_text::{in_words, value_explanation};
use crate::ui::tables::look::Look;
use crate::ui::tables::slide::Speed;

impl Settings {
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
    /// Where and how large the window was when it last closed.
    pub window: Option<crate::ui::shell::settings_file::WindowPlace>,
    /// The learner's record at each lesson (Help → Lessons), by the lesson's name: a record
    /// kept by a newer Gamester, at a lesson this one lacks, is kept as it was.
    pub lessons: std::collections::BTreeMap<String, Progress>,
}

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
            tiles: crate::ui::tiles::setup::TilesSettings::default(),
            window: None,
            lessons: std::collections::BTreeMap::new(),
        }
    }
}

fn remembered_table<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Seats, D::Error> {
    let mut table = Seats::deserialize(d)?;
    table.clean_names();
    Ok(table)
}

/// What the person did with the window this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Editing,
    Start,
    Cancel,
}

/// The option's sources, each named once and short ("Sources: Murray, the Irish Game"); the
/// full references, and what the sources disagree on, on hover.
fn sources_line(ui: &mut egui::Ui, option: &RuleOption) {
    let (short, hover) = sources_words(option);
    ui.label(RichText::new(short).small().italics())
        .on_hover_text(hover);
}

/// An option's sources in words: short ("Sources: Murray, the Irish Game"), and in full with
/// what they disagree on (for a hover).
pub(crate) fn sources_words(option: &RuleOption) -> (String, String) {
    let short: Vec<&str> = option.sources.iter().map(|s| source_short(s)).collect();
    let full: Vec<&str> = option.sources.iter().map(|s| source_name(s)).collect();
    let mut hover = full.join("\n");
    if !option.disagreement.is_empty() {
        hover = format!("{hover}\n\n{}", option.disagreement);
    }
    (format!("Sources: {}", short.join(", ")), hover)
}

/// An option in words: its name, every value offered side by side (the chosen one marked, its
/// meaning on hover), what it does, what the value chosen means with its numbers (the stakes
/// each win scores, where the men stand), and its sources. A value that needs more than its
/// name (a custom layout's position) is shown when in force but not offered. The identifiers
/// of RULES.md stay for the command line and save files: a player never sees them.
fn option_row(ui: &mut egui::Ui, option: &RuleOption, rules: &mut Rules) -> bool {
    let mut changed = false;
    let chosen = option.chosen(rules);
    ui.horizontal_wrapped(|ui| {
        if option.is_flag() {
            let mut on = option.value(rules).parse().unwrap_or(false);
            let ticked = ui
                .checkbox(&mut on, RichText::new(option.words).strong())
                .changed();
            if ticked {
                changed = option.set(rules, &on.to_string()).is_ok();
            }
            return;
        }
        ui.label(RichText::new(format!("{}:", option.words)).strong());
        // Many values (a match's length) are a list to open, not a row of buttons.
        if option.values.len() > MOST_SIDE_BY_SIDE {
            let shown = chosen.map_or_else(|| option.value(rules), |v| v.words.to_string());
            egui::ComboBox::from_id_salt(option.name)
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for value in option.values.iter().filter(|v| v.parameter.is_none()) {
                        let selected = chosen == Some(value);
                        if ui
                            .selectable_label(selected, value.words)
                            .on_hover_text(value_explanation(option, value))
                            .clicked()
                            && !selected
                        {
                            changed |= option.set(rules, value.name).is_ok();
                        }
                    }
                });
            return;
        }
        let offered = option
            .values
            .iter()
            .filter(|v| v.parameter.is_none() || chosen == Some(*v));
        for (i, value) in offered.enumerate() {
            if i > 0 {
                ui.label("/");
            }
            let selected = chosen == Some(value);
            let clicked = ui
                .radio(selected, value.words)
                .on_hover_text(value_explanation(option, value))
                .clicked();
            if clicked && !selected && value.parameter.is_none() {
                changed |= option.set(rules, value.name).is_ok();
            }
        }
    });
    ui.label(option.explanation);
    // What the value chosen means, with its numbers ("Cotton's table: 1 stake for a plain
    // win, 2 for …"); a flag's "yes" or "no" says nothing more.
    if let Some(value) = option.chosen(rules).filter(|_| !option.is_flag()) {
        ui.label(
            RichText::new(format!(
                "{}: {}",
                value.words,
                value_explanation(option, value)
            ))
            .italics(),
        );
    }
    sources_line(ui, option);
    ui.add_space(6.0);
    changed
}

/// The most values of an option offered side by side; more are a list to open.
const MOST_SIDE_BY_SIDE: usize = 6;

/// Every option of the game (the options of the match apart), editable. Returns whether any
/// changed.
pub fn rules_editor(ui: &mut egui::Ui, rules: &mut Rules) -> bool {
    let mut changed = false;
    for option in OPTIONS.iter().filter(|o| !o.of_the_match()) {
        changed |= option_row(ui, option, rules);
    }
    changed
}

/// The match and the cube, editable: they change no rule of the game, so the game keeps its
/// preset's name.
fn match_editor(ui: &mut egui::Ui, rules: &mut Rules) {
    for option in OF_THE_MATCH {
        option_row(ui, option, rules);
    }
}

/// The rules of a game in words, one option a line: "Bearing off: any die over the edge".
fn rules_in_words(ui: &mut egui::Ui, rules: &Rules) {
    for (option, value) in in_words(rules) {
        ui.label(format!("{option}: {value}"));
    }
}

fn controller_label(c: Controller) -> String {
    match c {
        Controller::Person => "a person".to_string(),
        Controller::Computer(level) => format!("the computer ({level})"),
    }
}

/// A player's name and who moves for him. The name keeps to the rule of names as it is typed
/// or pasted: no more than [`NAME_LIMIT`] characters, control characters (a tab) dropped.
fn player_row(ui: &mut egui::Ui, id: &str, player: &mut Player) {
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut player.name)
                .char_limit(NAME_LIMIT)
                .desired_width(140.0)
                .id_salt(format!("{id}-name")),
        );
        if check_name(&player.name).is_err() {
            player.name = clean_name(&player.name);
        }
        ComboBox::from_id_salt(format!("{id}-who"))
            .selected_text(controller_label(player.controller))
            .show_ui(ui, |ui| {
                ui.selectable_value(
                    &mut player.controller,
                    Controller::Person,
                    controller_label(Controller::Person),
                );
                for level in Level::ALL {
                    let c = Controller::Computer(level);
                    ui.selectable_value(&mut player.controller, c, controller_label(c));
                }
            });
    });
}

/// The New game window. `current` is the rules of the game in progress, shown read-only.
pub fn new_game_window(ctx: &egui::Context, draft: &mut Settings, current: &Rules) -> Choice {
    let mut choice = Choice::Editing;
    let mut open = true;
    // Large enough for the table and the first options at once; the options scroll, and the
    // buttons that start the game or cancel stay in view below them however many are unfolded.
    let screen = ctx.content_rect();
    egui::Window::new("New game")
        .open(&mut open)
        .default_width(640.0_f32.min(screen.width() - 16.0))
        .default_height((screen.height() * 0.85).max(300.0))
        .vscroll(false)
        .show(ctx, |ui| {
            let buttons = ui.spacing().interact_size.y + 4.0 * ui.spacing().item_spacing.y + 8.0;
            let mut same_colour = false;
            egui::ScrollArea::vertical()
                .max_height((ui.available_height() - buttons).max(120.0))
                .show(ui, |ui| same_colour = choices(ui, draft, current));
            ui.separator();
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(
                        !same_colour,
                        egui::Button::new(RichText::new("Start the new game").strong()),
                    )
                    .clicked()
                {
                    choice = Choice::Start;
                }
                if ui.button("Cancel").clicked() {
                    choice = Choice::Cancel;
                }
            });
        });
    if !open {
        choice = Choice::Cancel;
    }
    choice
}

/// The tutor: off, or the least mark of the choices he points out.
fn tutor_row(ui: &mut egui::Ui, tutor: &mut Tutoring) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("The tutor: point out plays that lose at least").strong());
        for (i, t) in Tutoring::ALL.into_iter().enumerate() {
            if i > 0 {
                ui.label("/");
            }
            ui.radio_value(tutor, t, t.words());
        }
    });
    ui.label(
        "Before a person's dice are lifted, and before he doubles, takes, drops or breaks a \
         bound table, the tutor points out a choice that loses at least this much, with the \
         better one; he may take it back or play on.",
    );
}

/// The choices of New game, above its buttons: the game, the table, every house rule, and the
/// rules of the game in progress. Whether the two sides have been given one colour, which
/// cannot start.
fn choices(ui: &mut egui::Ui, draft: &mut Settings, current: &Rules) -> bool {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Play").strong().size(18.0));
        ui.radio_value(&mut draft.tiles.chosen, false, "a game at tables");
        ui.radio_value(
            &mut draft.tiles.chosen,
            true,
            "a tiles game: Block, Draw or Muggins dominoes",
        );
    });
    ui.separator();
    if draft.tiles.chosen {
        crate::ui::tiles::setup::editor(ui, &mut draft.tiles);
        return false;
    }
    ui.horizontal(|ui| {
        ui.label(RichText::new("Game").strong());
        // The match and the cube are not rules of the game: Modern backgammon in a match to 5
        // is Modern backgammon still.
        draft.preset = Preset::of_game(&draft.rules);
        let title = draft.preset.map_or("House rules (changed)", |p| p.title());
        ComboBox::from_id_salt("preset")
            .selected_text(title)
            .width(300.0)
            // Every preset in view at once, with no scrolling inside the list.
            .height(f32::INFINITY)
            .show_ui(ui, |ui| {
                for p in Preset::ALL {
                    if ui
                        .selectable_label(draft.preset == Some(p), p.title())
                        .clicked()
                    {
                        draft.preset = Some(p);
                        draft.rules = Rules::preset(p).with_the_match_of(&draft.rules);
                    }
                }
            });
    });
    ui.label(
        "A preset sets every rule of the game at once; any of them may then be changed under \
         House rules, below. The match and the cube are chosen apart.",
    );
    ui.separator();
    ui.label(RichText::new("At the table").strong());
    draft.table.fit(draft.rules.players == Players::DoubleHand);
    for side in Side::BOTH {
        let seat = draft.table.seat_mut(side);
        ui.horizontal(|ui| {
            ui.label(if side == Side::White {
                "First side, men of"
            } else {
                "Second side, men of"
            });
            ComboBox::from_id_salt(format!("{side}-colour"))
                .selected_text(seat.colour.name())
                .show_ui(ui, |ui| {
                    for c in Colour::ALL {
                        ui.selectable_value(&mut seat.colour, c, c.name());
                    }
                });
        });
        for (i, player) in seat.players.iter_mut().enumerate() {
            player_row(ui, &format!("{side}-{i}"), player);
        }
    }
    let same_colour = draft.table.white.colour == draft.table.black.colour;
    if same_colour {
        ui.label(
            RichText::new("The two sides need different colours.")
                .color(egui::Color32::from_rgb(140, 30, 20)),
        );
    }
    ui.separator();
    tutor_row(ui, &mut draft.tutor);
    ui.separator();
    ui.label(RichText::new("The match and the cube").strong());
    match_editor(ui, &mut draft.rules);
    ui.separator();
    egui::CollapsingHeader::new("House rules: every option")
        .default_open(false)
        .show(ui, |ui| {
            if rules_editor(ui, &mut draft.rules) {
                draft.preset = Preset::of_game(&draft.rules);
            }
        });
    egui::CollapsingHeader::new("The rules of the game in progress (not changed by this window)")
        .show(ui, |ui| rules_in_words(ui, current));
    same_colour
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

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

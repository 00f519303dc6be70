//! Help → Lessons: the learner's room, the same whatever the family. It lists the lessons
//! with the learner's record at each, and shows one exercise at a time: its question, its
//! choices (by mouse, by keyboard, Tab reaching them, or by a screen reader), and the answer
//! explained. What an exercise shows of its game (the board of the tables, a line of tiles, a
//! pastime's table), and an answer given on it, is its family's, drawn through its plug
//! (`FamilyPlug::exercise_ui`). The exercises, their answers and their explanations are the
//! core's (`teaching::lessons`); this room only shows them and keeps the record in the
//! settings.

use egui::{Color32, RichText};

use crate::teaching::lessons::{Answer, Exercise, Given, Lesson, Verdict};
use crate::ui::shell::plug::FamilyPlug;
use crate::ui::shell::settings::Settings;

/// The colour of a right answer's words, and of a wrong one's.
const RIGHT: Color32 = Color32::from_rgb(40, 140, 60);
const WRONG: Color32 = Color32::from_rgb(190, 50, 40);

/// The room: the lesson chosen (none: the list), its exercise and the answer given.
#[derive(Default)]
pub struct LessonsRoom {
    lesson: Option<Lesson>,
    exercise: Option<Exercise>,
    /// The seed of the next exercise drawn.
    seed: u64,
    /// The answer given to the exercise shown, judged.
    answered: Option<(Given, Verdict)>,
    /// Whether the next frame puts the keyboard's focus on "Next exercise".
    focus_next: bool,
    /// Whether the next frame puts the keyboard's focus on the first lesson, or on the first
    /// choice of an exercise: where a person at the keys begins.
    focus_first: bool,
    /// The families, whose exercises each draws with its own painter (`FamilyPlug::exercise_ui`).
    families: Vec<&'static dyn FamilyPlug>,
}

/// What the room asks of the shell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    Stay,
    /// Back to the game in play.
    ToTheGame,
}

impl LessonsRoom {
    /// The room at the list of lessons, its exercises drawn from `seed` on, each by its
    /// family's painter among `families`.
    #[must_use]
    pub fn new(seed: u64, families: Vec<&'static dyn FamilyPlug>) -> LessonsRoom {
        LessonsRoom {
            seed,
            focus_first: true,
            families,
            ..LessonsRoom::default()
        }
    }

    /// The exercise shown, if one is.
    #[must_use]
    pub fn exercise(&self) -> Option<&Exercise> {
        self.exercise.as_ref()
    }

    /// Starts `lesson` with a fresh exercise.
    fn start(&mut self, lesson: Lesson, settings: &Settings, said: &mut Vec<String>) {
        self.lesson = Some(lesson);
        self.next(settings, said);
    }

    /// Draws the next exercise of the lesson.
    fn next(&mut self, settings: &Settings, said: &mut Vec<String>) {
        let Some(lesson) = self.lesson else {
            return;
        };
        self.seed = self.seed.wrapping_add(1);
        // The adversary is named by the colour of his men, as his family names him (on a
        // pastime's table), else as New game seats the games at tables.
        let adversary = self
            .families
            .iter()
            .find_map(|plug| plug.adversary_in_lesson(lesson))
            .unwrap_or_else(|| settings.table.black.colour.name());
        let exercise = lesson.exercise(self.seed, adversary);
        said.push(exercise.prompt.clone());
        self.exercise = Some(exercise);
        self.answered = None;
        self.focus_first = true;
    }

    /// Judges an answer: the first one given counts in the record, and is said.
    fn answer(&mut self, given: Given, settings: &mut Settings, said: &mut Vec<String>) {
        let (Some(lesson), Some(exercise)) = (self.lesson, &self.exercise) else {
            return;
        };
        if self.answered.is_some() {
            return;
        }
        let verdict = exercise.judge(given);
        settings.lesson_record_mut(lesson).record(verdict.right);
        said.push(verdict.words.clone());
        self.answered = Some((given, verdict));
        self.focus_next = true;
    }

    /// Shows the room in the space given; `said`: what a screen reader is told.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut Settings,
        said: &mut Vec<String>,
    ) -> Leave {
        let mut leave = Leave::Stay;
        ui.horizontal(|ui| {
            if self.lesson.is_some() && ui.button("All lessons").clicked() {
                self.lesson = None;
                self.exercise = None;
                self.answered = None;
                self.focus_first = true;
            }
            ui.heading(match self.lesson {
                Some(lesson) => format!("Lesson: {}", lesson.title()),
                None => "Lessons".to_string(),
            });
            if ui.button("Back to the game").clicked() {
                leave = Leave::ToTheGame;
            }
        });
        ui.separator();
        match self.lesson {
            None => self.list(ui, settings, said),
            Some(lesson) => self.lesson_ui(ui, lesson, settings, said),
        }
        // Escape leaves, unless the exercise's own drawing took it first (the focus leaving
        // the board of the tables).
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape)) {
            leave = Leave::ToTheGame;
        }
        leave
    }

    /// The list of lessons, each with the learner's record and a way to begin again.
    fn list(&mut self, ui: &mut egui::Ui, settings: &mut Settings, said: &mut Vec<String>) {
        ui.label(
            "Short exercises on the board, drawn afresh each time, each answer explained in \
             the period words with the sources that say it.",
        );
        ui.add_space(6.0);
        egui::ScrollArea::vertical().show(ui, |ui| {
            for lesson in Lesson::ALL {
                let record = settings.lesson_record(lesson);
                ui.group(|ui| {
                    ui.set_width(ui.available_width());
                    ui.horizontal_wrapped(|ui| {
                        let open = ui
                            .button(RichText::new(lesson.title()).strong().size(18.0))
                            .on_hover_text(lesson.about());
                        if lesson == Lesson::ALL[0] && std::mem::take(&mut self.focus_first) {
                            open.request_focus();
                        }
                        if open.clicked() {
                            self.start(lesson, settings, said);
                        }
                        ui.label(RichText::new(record.words()).italics());
                        let restart = ui.add_enabled(
                            record.tried > 0,
                            egui::Button::new(format!("Restart {}", within(lesson.title()))),
                        );
                        if restart.clicked() {
                            settings.lessons.remove(lesson.name());
                            said.push(format!("{}: the record is cleared.", lesson.title()));
                        }
                    });
                    ui.label(lesson.about());
                });
            }
        });
    }

    /// One exercise: the question, the choices or the board, and the answer explained.
    fn lesson_ui(
        &mut self,
        ui: &mut egui::Ui,
        lesson: Lesson,
        settings: &mut Settings,
        said: &mut Vec<String>,
    ) {
        let record = settings.lesson_record(lesson);
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("Your record: {}", record.words())).italics());
            if ui.button("Restart this lesson").clicked() {
                settings.lessons.remove(lesson.name());
                self.next(settings, said);
            }
        });
        let Some(exercise) = self.exercise.clone() else {
            self.next(settings, said);
            return;
        };
        ui.add_space(4.0);
        ui.label(RichText::new(&exercise.prompt).size(20.0));
        let answered = self.answered.clone();
        match &exercise.answer {
            Answer::Choice { options, right, .. } => {
                ui.horizontal_wrapped(|ui| {
                    for (i, option) in options.iter().enumerate() {
                        let mut text = RichText::new(option).size(17.0);
                        if answered.is_some() && i == *right {
                            text = text.color(RIGHT).strong();
                        }
                        let button = ui.add_enabled(answered.is_none(), egui::Button::new(text));
                        if i == 0 && std::mem::take(&mut self.focus_first) {
                            button.request_focus();
                        }
                        if button.clicked() {
                            self.answer(Given::Choice(i), settings, said);
                        }
                    }
                });
            }
            // Answered on the exercise's own drawing (a point of the board)
            Answer::Point { .. } => {}
        }
        if let Some((_, verdict)) = &answered {
            ui.add_space(4.0);
            let colour = if verdict.right { RIGHT } else { WRONG };
            ui.label(RichText::new(&verdict.words).color(colour).size(16.0));
            let next = ui.button(RichText::new("Next exercise").size(17.0));
            if std::mem::take(&mut self.focus_next) {
                next.request_focus();
            }
            if next.clicked() {
                self.next(settings, said);
            }
        }
        // What the exercise shows of its game, drawn by its family's own painter, which may
        // take the answer on it.
        let given = self
            .families
            .iter()
            .find_map(|plug| plug.exercise_ui(ui, &exercise, answered.is_some(), settings));
        if let Some(given) = given {
            self.answer(given, settings, said);
        }
    }
}

/// A title within a sentence: its first letter made small, the names in it kept
/// ("Restart the tiles", "Restart doublets and Sice-Ace").
fn within(title: &str) -> String {
    let mut c = title.chars();
    c.next()
        .map(|f| f.to_lowercase().chain(c).collect())
        .unwrap_or_default()
}

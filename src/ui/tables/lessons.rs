//! Help → Lessons: the learner's room. It lists the lessons with the learner's record at each,
//! and shows one exercise at a time on the real board (drawn as the game draws it, with the
//! points' names hidden when they are the question), answered by a click on a point or by a
//! choice, by mouse, by keyboard (the arrows walk the points, Enter answers; Tab reaches the
//! choices) or by a screen reader (each point is a node it can click). An exercise of another
//! family (a line at the tiles, a pastime's table) is drawn by that family's own painter
//! through its plug (`FamilyPlug::exercise_ui`) and read to a screen reader in words. The exercises, their answers and their explanations are
//! the core's (`teaching::lessons`); this room only shows them and keeps the record in the
//! settings.

use egui::{Color32, RichText};

use crate::tables::Side;
use crate::teaching::faces::face_name;
use crate::teaching::lessons::{Answer, Exercise, Given, Lesson, Verdict};
use crate::teaching::points::PointName;
use crate::ui::shell::plug::FamilyPlug;
use crate::ui::shell::settings::Settings;
use crate::ui::tables::board_access::{self, BoardKey};
use crate::ui::tables::board_view::{BoardView, Place};
use crate::ui::tables::dice_view::ShownDie;
use crate::ui::tables::orientation::{Orientation, colours};

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
    /// The families whose exercises are drawn by their own painter (`FamilyPlug::exercise_ui`).
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
    /// The room at the list of lessons, its exercises drawn from `seed` on; the exercises of
    /// `families` drawn by their own painters.
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
        // The adversary is named by the colour of his men: on his family's own table where it
        // has one (a pastime's), else on the board of the tables as New game seats them.
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
        // Escape on the board is the board's (the focus leaves it); elsewhere it leaves.
        if board_access::focused(ui.ctx()).is_none()
            && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
        {
            leave = Leave::ToTheGame;
        }
        ui.separator();
        match self.lesson {
            None => self.list(ui, settings, said),
            Some(lesson) => self.lesson_ui(ui, lesson, settings, said),
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
            Answer::Point { .. } if answered.is_none() => {
                ui.label(
                    "Click the point on the board, or walk the points with the arrow keys and \
                     press Enter.",
                );
            }
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
        // An exercise of another family is drawn by that family's own painter.
        for plug in &self.families {
            plug.exercise_ui(ui, &exercise);
        }
        if exercise.board.is_some() {
            ui.add_space(6.0);
            if let Some(point) = self.board(ui, &exercise, settings) {
                self.answer(Given::Point(point), settings, said);
            }
        }
    }

    /// The exercise's board; the point clicked or pressed, if one was and the exercise is
    /// answered on the board.
    fn board(&mut self, ui: &mut egui::Ui, exercise: &Exercise, settings: &Settings) -> Option<u8> {
        let shown = exercise.board.as_ref()?;
        let on_board = matches!(exercise.answer, Answer::Point { .. });
        let mut choosable: Vec<Place> = shown.marked.map(Place::Point).into_iter().collect();
        if let (Some(_), Answer::Point { right, .. }) = (&self.answered, &exercise.answer) {
            choosable = right.iter().map(|&p| Place::Point(p)).collect();
        }
        let colours = colours(&settings.table);
        let dice: Vec<ShownDie> = shown
            .dice
            .iter()
            .enumerate()
            .map(|(i, &face)| ShownDie {
                at: BoardView::dice_rest(true, i, shown.dice.len()),
                face,
                angle: 0.0,
                spent: false,
                colour: colours[0],
            })
            .collect();
        let view = Orientation {
            bottom: Side::White,
            ace_left: false,
            numbers: false,
        };
        let board = BoardView {
            position: shown.position,
            bottom: Side::White,
            colours,
            ace_left: false,
            numbers: false,
            labels: exercise.lesson != Lesson::Points,
            naming: shown.naming,
            selected: None,
            targets: Vec::new(),
            choosable,
            dice,
            cube: None,
            turn: None,
            hidden: Vec::new(),
            look: settings.look,
            cup_tip: None,
        };
        let (response, input, to_screen) = board.show(ui);
        let order = board_access::in_order(view, Side::White, board.dice.len());
        // Down and Up go to the points the question is about: every point at the lesson on
        // their names, else the learner's own men (the blots, the men to bear off, the points
        // of his bound table); Right and Left still walk every place.
        let live: Vec<Place> = (1..=24u8)
            .rev()
            .filter(|&p| exercise.lesson == Lesson::Points || shown.position.at(usize::from(p)) > 0)
            .map(Place::Point)
            .collect();
        let ctx = ui.ctx().clone();
        let mut pressed: Vec<Place> = input.clicked.into_iter().collect();
        for key in board_access::keys(&ctx, &order, &live, false, true) {
            board_access::follow(&ctx, key);
            if let BoardKey::Press(place) = key {
                pressed.push(place);
            }
        }
        let names = [colours[0].name(), colours[1].name()];
        let name = |place: Place| spoken(place, &board, exercise, names);
        pressed.extend(board_access::nodes(
            ui,
            (&board, true),
            response.rect,
            &to_screen,
            &order,
            &name,
            &|_| String::new(),
        ));
        board_access::paint_focus(&ctx, ui.painter(), &board, &to_screen);
        pressed.into_iter().find_map(|place| match place {
            Place::Point(p) if on_board => Some(p),
            _ => None,
        })
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

/// A place of the lesson's board, named for a screen reader. At the lesson on the points'
/// names the points are named by where they lie, as the eye sees the board with its names
/// hidden; at the others, by their owners' names, as the board writes them.
fn spoken(place: Place, board: &BoardView, exercise: &Exercise, names: [&str; 2]) -> String {
    let men = |n: usize, side: Side| -> String {
        let whose = if side == Side::White {
            "your".to_string()
        } else {
            format!("{}'s", names[1])
        };
        match n {
            0 => "empty".to_string(),
            1 => format!("1 of {whose} men"),
            n => format!("{n} of {whose} men"),
        }
    };
    match place {
        Place::Point(p) => {
            let title = if exercise.lesson == Lesson::Points {
                let (row, from_right) = if p <= 12 {
                    ("Bottom", p)
                } else {
                    ("Top", 25 - p)
                };
                format!("{row} row, point {from_right} from the right")
            } else {
                let words =
                    PointName::named(p, board.naming).words("your", &format!("{}'s", names[1]));
                let mut c = words.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect())
                    .unwrap_or_default()
            };
            let here = Side::BOTH
                .into_iter()
                .map(|s| (board.count(place, s), s))
                .find(|&(n, _)| n > 0);
            let held = here.map_or_else(|| "empty".to_string(), |(n, s)| men(n, s));
            let ringed = if board.choosable.contains(&place) {
                ", ringed"
            } else {
                ""
            };
            format!("{title}: {held}{ringed}")
        }
        Place::Bar(s) => format!("The bar: {}", men(board.count(place, s), s)),
        Place::Tray(s) => format!("Borne off: {}", men(board.count(place, s), s)),
        Place::Cup(Side::White) => "Your dice box".to_string(),
        Place::Cup(_) => format!("{}'s dice box", names[1]),
        Place::Die(i) => board.dice.get(i).map_or_else(String::new, |d| {
            format!("A die showing {}", face_name(d.face))
        }),
    }
}

//! The lessons' exercises at tables, as Help → Lessons shows them (the room is the shell's,
//! `shell::lessons`): the real board, drawn as the game draws it, with the points' names
//! hidden when they are the question, answered by a click on a point, by the keys (the arrows
//! walk the points, Enter answers) or by a screen reader (each point is a node it can click).

use egui::RichText;

use crate::tables::Side;
use crate::teaching::faces::face_name;
use crate::teaching::lessons::{Answer, Exercise, Lesson};
use crate::teaching::points::PointName;
use crate::ui::shell::settings::Settings;
use crate::ui::tables::board_access::{self, BoardKey};
use crate::ui::tables::board_view::{BoardView, Place};
use crate::ui::tables::dice_view::ShownDie;
use crate::ui::tables::orientation::{Orientation, colours};

/// An exercise at tables: how to answer it on the board, while it waits for an answer, and the
/// board; the point clicked or pressed, if one was and the exercise is answered on the board.
/// Nothing for another family's exercise.
pub fn exercise_ui(
    ui: &mut egui::Ui,
    exercise: &Exercise,
    answered: bool,
    settings: &Settings,
) -> Option<u8> {
    exercise.board.as_ref()?;
    if matches!(exercise.answer, Answer::Point { .. }) && !answered {
        ui.label(RichText::new(
            "Click the point on the board, or walk the points with the arrow keys and press \
             Enter.",
        ));
    }
    ui.add_space(6.0);
    board(ui, exercise, answered, settings)
}

/// The exercise's board; the point clicked or pressed, if one was and the exercise is answered
/// on the board.
fn board(
    ui: &mut egui::Ui,
    exercise: &Exercise,
    answered: bool,
    settings: &Settings,
) -> Option<u8> {
    let shown = exercise.board.as_ref()?;
    let on_board = matches!(exercise.answer, Answer::Point { .. });
    let mut choosable: Vec<Place> = shown.marked.map(Place::Point).into_iter().collect();
    if let (true, Answer::Point { right, .. }) = (answered, &exercise.answer) {
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

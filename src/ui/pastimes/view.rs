//! The pastimes' table drawn in the period manner of the tables board: the wood of the table,
//! the board's field and its points, the men of each seat where they are (standing or laid
//! down at Doublets, on the points or in the heap beside the board at Ketch-Dolt, held at each
//! place round the board at Sice-Ace, borne men aside), and the dice of the last throw. On the
//! game's screen every place is also a node a screen reader reads, in words that say its state;
//! in the lessons the table is one picture, read whole ([`in_words`]). One painter
//! ([`paint`]) serves both, from a `Game` and the seats' names.

use egui::emath::RectTransform;
use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Sense, Stroke, pos2, vec2};

use crate::pastimes::{Game, Kind, Men, Seat};
use crate::players::{Colour, Controller};
use crate::ui::access;
use crate::ui::pastimes::session::PastimesSession;
use crate::ui::pastimes::story::{face, player};
use crate::ui::tables::dice_view::ShownDie;
use crate::ui::tables::period::{dice, men};
use crate::ui::tables::theme;

/// A place of the pastimes' table, as a screen reader reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A seat's point, ace 1 to sice 6.
    Point(Seat, u8),
    /// A seat's heap (Ketch-Dolt) or the men he holds (Sice-Ace).
    Heap(Seat),
    /// A seat's men borne off.
    Borne(Seat),
    /// The dice of the last throw.
    Dice,
}

/// The colour of each seat's men: bone, ebony, then red, blue and green at Sice-Ace.
#[must_use]
pub fn colour_of(seat: Seat) -> Colour {
    [
        Colour::White,
        Colour::Black,
        Colour::Red,
        Colour::Blue,
        Colour::Green,
    ]
    .get(seat.index())
    .copied()
    .unwrap_or(Colour::Brown)
}

/// Who sits at the table, as the table names them: the name painted beside each seat's men
/// ("Player 2"), and the name a screen reader gives the seat: "You" for the one person at the
/// table, another by the name the table gives him ("Player 2", at a distance "Robin").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    pub painted: Vec<String>,
    pub named: Vec<String>,
}

impl Seating {
    /// The seats of a session, painted and spoken alike: the one person at the table "You",
    /// friends at a distance by their names, the others by their numbers.
    #[must_use]
    pub fn of_session(table: &PastimesSession) -> Seating {
        let people = table
            .sitters()
            .iter()
            .filter(|s| **s == Controller::Person)
            .count();
        let named: Vec<String> = (0..table.game().seats())
            .map(|s| Seat(u8::try_from(s).unwrap_or(0)))
            .map(|seat| {
                if people == 1 && table.sitter(seat) == Controller::Person {
                    "You".to_string()
                } else {
                    table.names().lead(seat)
                }
            })
            .collect();
        Seating {
            painted: named.clone(),
            named,
        }
    }

    /// The seat as a screen reader names him: "You", "Player 2", "Robin".
    fn who(&self, seat: Seat) -> String {
        self.named
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| player(seat))
    }

    /// The seat owning a place: "Your", "Player 2's", "Robin's".
    fn whose(&self, seat: Seat) -> String {
        match self.who(seat).as_str() {
            "You" => "Your".to_string(),
            name => format!("{name}'s"),
        }
    }

    /// The name painted beside the seat's men.
    fn painted(&self, seat: Seat) -> String {
        self.painted
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| player(seat))
    }
}

fn men_words(n: u32) -> String {
    match n {
        0 => "no man".to_string(),
        1 => "1 man".to_string(),
        n => format!("{n} men"),
    }
}

/// What a screen reader says of a place of `game`'s table, the seats named by `seating`.
#[must_use]
pub fn spoken(game: &Game, seating: &Seating, place: Place) -> String {
    let kind = game.rules().kind;
    let m = |seat: Seat| game.men(seat).copied().unwrap_or_default();
    match place {
        Place::Point(seat, point) => {
            let men = m(seat);
            let i = usize::from(point - 1);
            let laid = u32::from(men.laid[i]);
            let body = if kind == Kind::Doublets {
                format!(
                    "{} laid, {} standing",
                    men_words(laid),
                    u32::from(men.standing[i])
                )
            } else {
                men_words(laid)
            };
            format!("{} {} point: {body}", seating.whose(seat), face(point))
        }
        Place::Heap(seat) if kind == Kind::SiceAce => {
            let out = if game.is_in(seat) { "" } else { ", out" };
            format!(
                "{}: {} held{out}",
                seating.who(seat),
                men_words(u32::from(m(seat).heap))
            )
        }
        Place::Heap(seat) => format!(
            "{} heap: {}",
            seating.whose(seat),
            men_words(u32::from(m(seat).heap))
        ),
        Place::Borne(seat) => format!(
            "{} men borne off: {}",
            seating.whose(seat),
            u32::from(m(seat).borne)
        ),
        Place::Dice => match game.last_throw() {
            [] => "The dice: not thrown yet".to_string(),
            dice => format!(
                "The dice: {}",
                dice.iter()
                    .map(|&d| face(d))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
        },
    }
}

/// The whole table in one sentence, for a screen reader where the table is a picture (the
/// lessons): each seat's heap, the points where his men are and those where none is, his men
/// borne, and the dice. "The table: Your heap: 9 men; your cinque point: 2 men; your ace, deuce,
/// trey, cater and sice points: no man; …; the dice: cinque and deuce".
#[must_use]
pub fn in_words(game: &Game, seating: &Seating) -> String {
    let kind = game.rules().kind;
    let mut parts = Vec::new();
    for s in 0..game.seats() {
        let seat = Seat(u8::try_from(s).unwrap_or(0));
        if kind != Kind::Doublets {
            parts.push(spoken(game, seating, Place::Heap(seat)));
        }
        if kind == Kind::SiceAce {
            continue;
        }
        let men = game.men(seat).copied().unwrap_or_default();
        let mut empty = Vec::new();
        for point in 1..=6u8 {
            let i = usize::from(point - 1);
            if men.laid[i] + men.standing[i] > 0 {
                parts.push(spoken(game, seating, Place::Point(seat, point)));
            } else {
                empty.push(face(point));
            }
        }
        if let Some((last, rest)) = empty.split_last() {
            let named = if rest.is_empty() {
                format!("{last} point")
            } else {
                format!("{} and {last} points", rest.join(", "))
            };
            parts.push(format!("{} {named}: no man", seating.whose(seat)));
        }
        parts.push(spoken(game, seating, Place::Borne(seat)));
    }
    parts.push(spoken(game, seating, Place::Dice));
    let parts: Vec<String> = parts
        .into_iter()
        .enumerate()
        .map(|(i, part)| match part.split_once(' ') {
            Some((first @ ("Your" | "The"), rest)) if i > 0 => {
                format!("{} {rest}", first.to_lowercase())
            }
            _ => part,
        })
        .collect();
    format!("The table: {}", parts.join("; "))
}

/// Draws the session's table in all of `ui`'s room, each place a node a screen reader reads
/// and clicks; returns where each place lay.
/// `focusable`: whether its places may take the keys (not while a window asks something).
pub fn table_ui(ui: &mut egui::Ui, table: &PastimesSession, focusable: bool) -> Vec<(Rect, Place)> {
    let (rect, _) = ui.allocate_exact_size(ui.available_size(), Sense::hover());
    let painter = ui.painter_at(rect);
    let seating = Seating::of_session(table);
    let game = table.game();
    let places = paint(&painter, rect, game, &seating);
    let spots: Vec<access::Spot<Place>> = places
        .iter()
        .map(|&(r, place)| access::Spot {
            place,
            id: egui::Id::unique(("gamester pastime place", format!("{place:?}"))),
            rect: r,
        })
        .collect();
    let group = (
        egui::Id::unique("gamester pastimes table"),
        "The table",
        rect,
    );
    let _ = access::nodes(
        ui,
        group,
        &spots,
        &|p| spoken(game, &seating, p),
        None,
        (false, focusable),
    );
    places
}

/// Paints `game`'s table in `rect`, each seat's men beside the name `seating` paints; returns
/// where each place lay. The one painter of the pastimes' table: the game's screen and the
/// lessons both draw with it.
pub fn paint(painter: &Painter, rect: Rect, game: &Game, seating: &Seating) -> Vec<(Rect, Place)> {
    crate::ui::tiles::paint::paint_table(painter, rect);
    let mut places = Vec::new();
    match game.rules().kind {
        Kind::SiceAce => round_table(painter, rect, game, seating, &mut places),
        Kind::Doublets | Kind::KetchDolt => board(painter, rect, game, seating, &mut places),
    }
    places
}

/// The field of a board with its two home tables: player 2's above, player 1's below, each
/// with its six points (ace at the left), the heap at the left and the men borne at the right.
fn board(
    painter: &Painter,
    rect: Rect,
    game: &Game,
    seating: &Seating,
    places: &mut Vec<(Rect, Place)>,
) {
    let side = (rect.width() * 0.16).min(150.0);
    let frame = Rect::from_min_max(
        pos2(rect.min.x + side, rect.min.y + 12.0),
        pos2(rect.max.x - side, rect.max.y - 12.0),
    );
    painter.rect_filled(frame, 8.0, theme::PERIOD_TABLE);
    let field = frame.shrink(10.0);
    painter.rect_filled(field, 3.0, theme::PERIOD_FIELD);
    painter.rect_stroke(
        field,
        3.0,
        Stroke::new(2.0, theme::PERIOD_RIM),
        egui::StrokeKind::Outside,
    );
    let half = field.height() / 2.0;
    let w = field.width() / 6.0;
    let radius = (w * 0.4).min(half / 9.0).max(4.0);
    for s in 0..2u8 {
        let seat = Seat(s);
        let top = s == 1;
        let colour = colour_of(seat);
        let men = game.men(seat).copied().unwrap_or_default();
        for point in 1..=6u8 {
            let x0 = field.min.x + w * f32::from(point - 1);
            let (base, dir) = if top {
                (field.min.y, 1.0)
            } else {
                (field.max.y, -1.0)
            };
            let tip = base + dir * half * 0.86;
            let fill = if point % 2 == 0 {
                theme::POINT_RED
            } else {
                theme::PERIOD_BONE
            };
            painter.add(egui::Shape::convex_polygon(
                vec![
                    pos2(x0 + 2.0, base),
                    pos2(x0 + w - 2.0, base),
                    pos2(x0 + w / 2.0, tip),
                ],
                fill,
                Stroke::new(1.0, theme::PERIOD_STRING_DARK),
            ));
            painter.text(
                pos2(x0 + w / 2.0, base - dir * 1.0),
                if top {
                    Align2::CENTER_BOTTOM
                } else {
                    Align2::CENTER_TOP
                },
                face(point),
                FontId::proportional(12.0),
                theme::LABEL_INK,
            );
            let i = usize::from(point - 1);
            let cx = x0 + w / 2.0;
            // The men laid lie along the point from its base; the standing men are a pile at
            // its tip, drawn upright (narrow, with their count).
            let laid = usize::from(men.laid[i]);
            for k in 0..laid.min(5) {
                let y = base + dir * (radius * (1.0 + 2.0 * k as f32));
                let count = (k == 4 && laid > 5).then_some(laid);
                men::paint_man(painter, pos2(cx, y), radius, colour, count, false);
            }
            let standing = usize::from(men.standing[i]);
            if standing > 0 {
                pile(
                    painter,
                    pos2(cx, base + dir * half * 0.72),
                    radius,
                    colour,
                    standing,
                    dir,
                );
            }
            let area = Rect::from_x_y_ranges(
                x0..=x0 + w,
                if top {
                    base..=base + half
                } else {
                    base - half..=base
                },
            );
            places.push((area, Place::Point(seat, point)));
        }
        // Beside the board: the heap (Ketch-Dolt) at the left, the men borne at the right.
        let y = if top {
            rect.min.y + rect.height() * 0.27
        } else {
            rect.min.y + rect.height() * 0.73
        };
        if game.rules().kind == Kind::KetchDolt {
            let at = pos2(rect.min.x + side / 2.0, y);
            heap(painter, at, radius, colour, usize::from(men.heap));
            places.push((
                Rect::from_center_size(at, vec2(side * 0.9, rect.height() * 0.4)),
                Place::Heap(seat),
            ));
        }
        let at = pos2(rect.max.x - side / 2.0, y);
        borne(painter, at, radius, colour, usize::from(men.borne));
        places.push((
            Rect::from_center_size(at, vec2(side * 0.9, rect.height() * 0.4)),
            Place::Borne(seat),
        ));
        painter.text(
            pos2(
                rect.max.x - side / 2.0,
                if top {
                    rect.min.y + 14.0
                } else {
                    rect.max.y - 14.0
                },
            ),
            Align2::CENTER_CENTER,
            seating.painted(seat),
            FontId::proportional(13.0),
            theme::LABEL_INK,
        );
    }
    let middle = pos2(field.center().x, field.center().y);
    dice_at(
        painter,
        middle,
        game.last_throw(),
        colour_of(game.turn()),
        places,
    );
}

/// Men standing piled up: upright, narrow, side by side, with their count toward the middle of
/// the board (`dir`: down from the upper table, up from the lower).
fn pile(painter: &Painter, at: Pos2, radius: f32, colour: Colour, n: usize, dir: f32) {
    let wood = men::wood(colour);
    let w = radius * 0.5;
    for k in 0..n.min(4) {
        let x = at.x + (k as f32 - (n.min(4) as f32 - 1.0) / 2.0) * (w + 1.5);
        let r = Rect::from_center_size(pos2(x, at.y), vec2(w, radius * 2.0));
        painter.rect_filled(r, 2.0, wood.face);
        painter.rect_stroke(r, 2.0, Stroke::new(1.0, wood.ink), egui::StrokeKind::Inside);
    }
    painter.text(
        at + vec2(0.0, dir * radius * 1.6),
        Align2::CENTER_CENTER,
        format!("{n} standing"),
        FontId::proportional(10.0),
        theme::LABEL_INK,
    );
}

/// A heap of men beside the board, with its count.
fn heap(painter: &Painter, at: Pos2, radius: f32, colour: Colour, n: usize) {
    // Smaller than on the board, so that the heap stays beside it however narrow the window.
    let r = radius * 0.7;
    for k in 0..n.min(7) {
        let a = k as f32 * 2.4;
        let d = r * 0.8 * (k as f32).sqrt();
        men::paint_man(
            painter,
            at + vec2(a.cos() * d, a.sin() * d),
            r,
            colour,
            None,
            false,
        );
    }
    painter.text(
        at + vec2(0.0, radius * 4.2),
        Align2::CENTER_CENTER,
        format!("heap: {n}"),
        FontId::proportional(12.0),
        theme::LABEL_INK,
    );
}

/// The men borne off, laid edge-on in a tray, with their count.
fn borne(painter: &Painter, at: Pos2, radius: f32, colour: Colour, n: usize) {
    let wood = men::wood(colour);
    let tray = Rect::from_center_size(at, vec2(radius * 3.0, radius * 6.0));
    painter.rect_filled(tray, 4.0, theme::TRAY_WOOD);
    for k in 0..n.min(15) {
        let y = tray.max.y - 3.0 - k as f32 * (tray.height() - 6.0) / 15.0;
        painter.line_segment(
            [pos2(tray.min.x + 3.0, y), pos2(tray.max.x - 3.0, y)],
            Stroke::new(2.0, wood.face),
        );
    }
    painter.text(
        tray.center_bottom() + vec2(0.0, 10.0),
        Align2::CENTER_CENTER,
        format!("borne: {n}"),
        FontId::proportional(12.0),
        theme::LABEL_INK,
    );
}

/// The dice of the last throw, side by side at `at`.
fn dice_at(
    painter: &Painter,
    at: Pos2,
    thrown: &[u8],
    colour: Colour,
    places: &mut Vec<(Rect, Place)>,
) {
    let s = 1.6;
    let step = dice::DIE_SIDE * s * 1.4;
    let n = thrown.len() as f32;
    for (k, &face) in thrown.iter().enumerate() {
        let c = at + vec2((k as f32 - (n - 1.0) / 2.0) * step, 0.0);
        let to_screen = RectTransform::from_to(
            Rect::from_center_size(Pos2::ZERO, vec2(1.0, 1.0)),
            Rect::from_center_size(c, vec2(s, s)),
        );
        let die = ShownDie {
            at: Pos2::ZERO,
            face,
            angle: 0.0,
            spent: false,
            colour,
        };
        dice::paint_die(painter, &to_screen, &die);
    }
    let w = (step * n.max(2.0)).max(40.0);
    places.push((Rect::from_center_size(at, vec2(w, step)), Place::Dice));
}

/// Sice-Ace: a place for each seat round the board, with the men he holds, the men borne, and
/// whether he is out; the dice in the middle.
fn round_table(
    painter: &Painter,
    rect: Rect,
    game: &Game,
    seating: &Seating,
    places: &mut Vec<(Rect, Place)>,
) {
    let centre = rect.center();
    let board = Rect::from_center_size(centre, vec2(rect.width() * 0.42, rect.height() * 0.42));
    painter.rect_filled(board, 8.0, theme::PERIOD_TABLE);
    painter.rect_filled(board.shrink(10.0), 3.0, theme::PERIOD_FIELD);
    let seats = game.seats();
    let (rx, ry) = (rect.width() * 0.36, rect.height() * 0.36);
    let radius = (rect.height() / 28.0).clamp(6.0, 16.0);
    for s in 0..seats {
        let seat = Seat(u8::try_from(s).unwrap_or(0));
        // The first seat at the bottom, the others round the table clockwise.
        let a = std::f32::consts::FRAC_PI_2 + std::f32::consts::TAU * s as f32 / seats as f32;
        let at = centre + vec2(a.cos() * rx, a.sin() * ry);
        let men: Men = game.men(seat).copied().unwrap_or_default();
        let colour = colour_of(seat);
        let place = Rect::from_center_size(at, vec2(radius * 9.0, radius * 5.0));
        let lit = game.turn() == seat && game.result().is_none();
        painter.rect_filled(
            place,
            6.0,
            Color32::from_black_alpha(if lit { 40 } else { 90 }),
        );
        if lit {
            painter.rect_stroke(
                place,
                6.0,
                Stroke::new(2.0, theme::SELECTED),
                egui::StrokeKind::Outside,
            );
        }
        let held = usize::from(men.heap);
        // A seat may hold more men than his place shows (loads come in): the words say how many.
        for at in held_places(place, radius, held) {
            men::paint_man(painter, at, radius * 0.8, colour, None, false);
        }
        let out = !game.is_in(seat);
        painter.text(
            place.center_top() + vec2(0.0, -8.0),
            Align2::CENTER_CENTER,
            format!(
                "{}: {held} held, {} borne{}",
                seating.painted(seat),
                men.borne,
                if out { ", out" } else { "" }
            ),
            FontId::proportional(12.0),
            theme::LABEL_INK,
        );
        places.push((place, Place::Heap(seat)));
    }
    dice_at(
        painter,
        centre,
        game.last_throw(),
        colour_of(game.turn()),
        places,
    );
}

/// Where the men a seat holds stand in his place: side by side, five to a row and two rows at
/// most, none on another (a man is `radius * 1.6` across).
fn held_places(place: Rect, radius: f32, held: usize) -> Vec<Pos2> {
    const ROW: usize = 5;
    let step = radius * 1.7;
    let shown = held.min(2 * ROW);
    let rows = shown.div_ceil(ROW).max(1);
    (0..shown)
        .map(|k| {
            let (row, col) = (k / ROW, k % ROW);
            let in_row = if row + 1 < rows {
                ROW
            } else {
                shown - row * ROW
            };
            let x = place.center().x + (col as f32 - (in_row as f32 - 1.0) / 2.0) * step;
            let y = place.center().y + (row as f32 - (rows as f32 - 1.0) / 2.0) * step;
            pos2(x, y)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_men_a_seat_holds_stand_apart_inside_his_place() {
        let radius = 10.0;
        let place = Rect::from_center_size(pos2(100.0, 100.0), vec2(radius * 9.0, radius * 5.0));
        for held in 0..=12 {
            let at = held_places(place, radius, held);
            assert_eq!(at.len(), held.min(10));
            for (i, a) in at.iter().enumerate() {
                let man = Rect::from_center_size(*a, vec2(radius * 1.6, radius * 1.6));
                assert!(
                    place.contains_rect(man),
                    "{held} men: man {i} at {a:?} outside"
                );
                for b in &at[i + 1..] {
                    assert!(a.distance(*b) >= radius * 1.6, "{held} men: {a:?} on {b:?}");
                }
            }
        }
    }

    #[test]
    fn the_board_paints_friends_at_a_distance_by_their_names() {
        use crate::pastimes::{Preset, Rules};
        let sitters = vec![
            Controller::Person,
            Controller::Distance,
            Controller::Distance,
        ];
        let rules = Rules::preset(Preset::SiceAce).with_seats(3);
        let mut table = PastimesSession::new(rules, sitters, Some(1)).unwrap_or_else(|e| {
            panic!("{e}");
        });
        table.rename(vec!["You".into(), "Robin".into(), String::new()]);
        let seating = Seating::of_session(&table);
        assert_eq!(seating.painted, ["You", "Robin", "Player 3"]);
        assert_eq!(seating.painted, seating.named);
    }
}

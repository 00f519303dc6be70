//! The box of the period board: the table it stands on, the two trays with their rims and
//! grain, the fold and its hinges, the inlaid points and the lettering on the rim.
//!
//! Modelled on the boards that survive from the years around 1540: the tables board raised
//! with the Mary Rose (two hollow oak trays hinged along the middle, points inlaid), the
//! inlaid German and Italian games boxes of the V&A and the Met (walnut, with bone and ebony
//! points and fine stringing), and Hans Kels's carved board of 1537 (brass-hinged, its rims
//! raised round sunken tables). Light falls from the upper left: the rims' walls on that side
//! are in shade and cast a soft shadow onto the tables, and the box casts one onto the table
//! it stands on. The men borne off lie on that table, beside the box on their owner's side.

use egui::emath::RectTransform;
use egui::epaint::Vertex;
use egui::{Align2, Color32, Mesh, Painter, Pos2, Rect, Shape, Stroke, pos2, vec2};

use super::wood;
use crate::ui::tables::geometry::{
    BAR_X0, BAR_X1, BORDER, FIELD_X1, MID_Y, Marked, POINT_LEN, Place, SIZE, label_font, label_size,
};
use crate::ui::tables::theme;

/// Half the width of an inlaid point at its base: narrower than its column, as on the boards
/// of the time.
const POINT_HALF: f32 = 21.0;
/// Where the two trays meet: the fold, the hinges' pins.
const FOLD_X: f32 = (BAR_X0 + BAR_X1) / 2.0;
/// The right edge of the box.
const BOX_X1: f32 = FIELD_X1 + BORDER;

/// Paints the box and the points (everything under the men and the dice).
pub fn paint_box(view: &dyn Marked, painter: &Painter, to_screen: &RectTransform) {
    let s = to_screen.scale().x;
    let grain = wood::grain(painter.ctx());
    // The table fills all the room the board has, so the box stands on it, not on the
    // window's parchment.
    let whole = to_screen
        .inverse()
        .transform_rect(painter.clip_rect())
        .union(Rect::from_min_size(Pos2::ZERO, SIZE));
    let trays = [
        Rect::from_min_max(pos2(0.0, 0.0), pos2(FOLD_X, SIZE.y)),
        Rect::from_min_max(pos2(FOLD_X, 0.0), pos2(BOX_X1, SIZE.y)),
    ];
    let fields = [
        Rect::from_min_max(pos2(BORDER, BORDER), pos2(BAR_X0, SIZE.y - BORDER)),
        Rect::from_min_max(pos2(BAR_X1, BORDER), pos2(FIELD_X1, SIZE.y - BORDER)),
    ];

    // The table the board stands on, under everything, and the box's shadow on it.
    // Its top is four boards of walnut, each a little different, laid along the width.
    let mut table = Mesh::with_texture(grain.id());
    let seams = [whole.min.y, 182.0, 371.0, 548.0, whole.max.y];
    wood::add_table_boards(
        &mut table,
        to_screen,
        (whole.min.x, whole.max.x),
        &seams,
        0.55,
    );
    painter.add(Shape::mesh(table));
    let mut shade = Mesh::default();
    for &y in &seams[1..seams.len() - 1] {
        strip(
            &mut shade,
            to_screen,
            Rect::from_min_max(pos2(whole.min.x, y - 1.5), pos2(whole.max.x, y + 1.0)),
            [
                Color32::from_black_alpha(140),
                Color32::from_black_alpha(140),
                Color32::from_white_alpha(14),
                Color32::from_white_alpha(14),
            ],
        );
    }
    soft_rect(
        &mut shade,
        to_screen,
        Rect::from_min_max(pos2(0.0, 0.0), pos2(BOX_X1, SIZE.y)).translate(vec2(7.0, 9.0)),
        14.0,
        Color32::from_black_alpha(150),
    );
    painter.add(Shape::mesh(shade));

    // The two trays: rims of oak (the grain along each piece), floors of walnut (the grain
    // along the table's length).
    let mut woodwork = Mesh::with_texture(grain.id());
    for (k, (tray, field)) in trays.iter().zip(fields).enumerate() {
        let kf = k as f32;
        let rims = [
            (
                Rect::from_min_max(tray.min, pos2(tray.max.x, field.min.y)),
                false,
            ),
            (
                Rect::from_min_max(pos2(tray.min.x, field.max.y), tray.max),
                false,
            ),
            (
                Rect::from_min_max(pos2(tray.min.x, field.min.y), field.left_bottom()),
                true,
            ),
            (
                Rect::from_min_max(field.right_top(), pos2(tray.max.x, field.max.y)),
                true,
            ),
        ];
        for (i, (rim, along_y)) in rims.into_iter().enumerate() {
            let origin = pos2(40.0 + 90.0 * kf, 30.0 + 70.0 * i as f32 + 20.0 * kf);
            wood::add_plank(
                &mut woodwork,
                to_screen,
                rim,
                origin,
                1.0,
                along_y,
                theme::PERIOD_RIM,
            );
        }
        wood::add_plank(
            &mut woodwork,
            to_screen,
            field,
            pos2(200.0 * kf + 10.0, 6.0),
            1.0,
            true,
            theme::PERIOD_FIELD,
        );
    }
    painter.add(Shape::mesh(woodwork));

    // Light and shade on the woodwork.
    let mut light = Mesh::default();
    for (tray, field) in trays.iter().zip(fields) {
        shade_tray(&mut light, to_screen, *tray, field);
    }
    painter.add(Shape::mesh(light));

    // Stringing: a fine light line inlaid round each table, a little inside its edge.
    for field in fields {
        painter.rect_stroke(
            to_screen.transform_rect(field.shrink(6.0)),
            0.0,
            Stroke::new((1.2 * s).max(1.0), theme::PERIOD_STRING),
            egui::StrokeKind::Middle,
        );
    }
    paint_points(view, painter, to_screen);
    paint_fold(painter, to_screen);
    paint_clasp(painter, to_screen);

    // The points' names, inked on the rim.
    let font = label_font(label_size(s, painter.ctx().zoom_factor()));
    for pt in 1..=24u8 {
        let (at, label) = view.point_label(pt);
        painter.text(
            to_screen * at,
            Align2::CENTER_CENTER,
            label,
            font.clone(),
            theme::PERIOD_INK,
        );
    }
}

/// The inlaid points, each with its stringing and a lozenge at its tip, and the marks of
/// where a man may go and of the points to choose among.
fn paint_points(view: &dyn Marked, painter: &Painter, to_screen: &RectTransform) {
    let s = to_screen.scale().x;
    let p = |pos: Pos2| to_screen * pos;
    let line = (1.1 * s).max(1.0);
    for pt in 1..=24u8 {
        let r = view.point_rect(pt);
        let x = r.center().x;
        // `dir` points from the base into the table.
        let (base, dir) = if pt <= 12 {
            (r.max.y, -1.0)
        } else {
            (r.min.y, 1.0)
        };
        let tip = base + dir * POINT_LEN;
        let (fill, string) = if pt % 2 == 0 {
            (theme::PERIOD_EBONY, theme::PERIOD_STRING)
        } else {
            (theme::PERIOD_BONE, theme::PERIOD_STRING_DARK)
        };
        let tri = vec![
            p(pos2(x - POINT_HALF, base)),
            p(pos2(x + POINT_HALF, base)),
            p(pos2(x, tip)),
        ];
        painter.add(Shape::convex_polygon(tri.clone(), fill, Stroke::NONE));
        // The stringing, inset along the two long edges.
        painter.add(Shape::line(
            vec![
                p(pos2(x - POINT_HALF + 4.5, base)),
                p(pos2(x, tip - dir * 16.0)),
                p(pos2(x + POINT_HALF - 4.5, base)),
            ],
            Stroke::new(line, string),
        ));
        // A lozenge finial just past the tip.
        let c = tip + dir * 9.0;
        let lozenge = vec![
            p(pos2(x, c - 7.0)),
            p(pos2(x + 4.5, c)),
            p(pos2(x, c + 7.0)),
            p(pos2(x - 4.5, c)),
        ];
        painter.add(Shape::convex_polygon(
            lozenge.clone(),
            fill,
            Stroke::new(line, string),
        ));
        // The point's outer edge, a fine dark line where the inlay meets the walnut.
        painter.add(Shape::closed_line(
            tri.clone(),
            Stroke::new((0.8 * s).max(0.6), Color32::from_black_alpha(110)),
        ));
        if view.is_target(Place::Point(pt)) {
            painter.add(Shape::convex_polygon(
                tri.clone(),
                theme::HIGHLIGHT,
                Stroke::new(2.5 * s, theme::SELECTED),
            ));
            painter.add(Shape::convex_polygon(
                lozenge,
                theme::SELECTED,
                Stroke::NONE,
            ));
        }
        if view.is_choosable(Place::Point(pt)) {
            painter.add(Shape::closed_line(
                tri,
                Stroke::new(3.0 * s, theme::SELECTED),
            ));
        }
    }
}

/// Shade and light on one tray: the outer edge, the rims' inner walls (in shade on the upper
/// and left sides, catching the light on the others) and the shadow the rims cast onto the
/// table's floor.
fn shade_tray(mesh: &mut Mesh, to_screen: &RectTransform, tray: Rect, field: Rect) {
    let dark = |a: u8| Color32::from_black_alpha(a);
    let lit = |a: u8| Color32::from_white_alpha(a);
    let clear = Color32::TRANSPARENT;
    let wall = 4.0;
    // The rims' inner walls.
    strip(
        mesh,
        to_screen,
        Rect::from_min_max(field.min - vec2(wall, wall), field.right_top()),
        [dark(90), dark(90), dark(40), dark(40)],
    );
    strip(
        mesh,
        to_screen,
        Rect::from_min_max(field.min - vec2(wall, 0.0), field.left_bottom()),
        [dark(100), dark(60), dark(60), dark(100)],
    );
    strip(
        mesh,
        to_screen,
        Rect::from_min_max(field.left_bottom(), field.max + vec2(0.0, wall)),
        [lit(40), lit(40), lit(90), lit(90)],
    );
    strip(
        mesh,
        to_screen,
        Rect::from_min_max(field.right_top(), field.max + vec2(wall, 0.0)),
        [lit(40), lit(80), lit(80), lit(40)],
    );
    // The rims' shadow on the floor, soft, longer under the left rim.
    strip(
        mesh,
        to_screen,
        Rect::from_min_max(field.min, pos2(field.max.x, field.min.y + 12.0)),
        [dark(110), dark(110), clear, clear],
    );
    strip(
        mesh,
        to_screen,
        Rect::from_min_max(field.min, pos2(field.min.x + 16.0, field.max.y)),
        [dark(120), clear, clear, dark(120)],
    );
    // The rims' rounded tops: a gleam along the outer edges facing the light, a shade along
    // those facing away.
    strip(
        mesh,
        to_screen,
        Rect::from_min_max(tray.min, pos2(tray.max.x, tray.min.y + 6.0)),
        [lit(70), lit(70), clear, clear],
    );
    strip(
        mesh,
        to_screen,
        Rect::from_min_max(tray.min, pos2(tray.min.x + 6.0, tray.max.y)),
        [lit(60), clear, clear, lit(60)],
    );
    strip(
        mesh,
        to_screen,
        Rect::from_min_max(pos2(tray.min.x, tray.max.y - 7.0), tray.max),
        [clear, clear, dark(90), dark(90)],
    );
    strip(
        mesh,
        to_screen,
        Rect::from_min_max(pos2(tray.max.x - 7.0, tray.min.y), tray.max),
        [clear, dark(80), dark(80), clear],
    );
}

/// The fold between the trays, and the two brass hinges across it.
fn paint_fold(painter: &Painter, to_screen: &RectTransform) {
    let s = to_screen.scale().x;
    let p = |pos: Pos2| to_screen * pos;
    let mut mesh = Mesh::default();
    // The crack of the fold: dark in its depth, a lit lip on the right.
    strip(
        &mut mesh,
        to_screen,
        Rect::from_min_max(pos2(FOLD_X - 3.0, 0.0), pos2(FOLD_X, SIZE.y)),
        [
            Color32::TRANSPARENT,
            Color32::from_black_alpha(200),
            Color32::from_black_alpha(200),
            Color32::TRANSPARENT,
        ],
    );
    strip(
        &mut mesh,
        to_screen,
        Rect::from_min_max(pos2(FOLD_X, 0.0), pos2(FOLD_X + 2.0, SIZE.y)),
        [
            Color32::from_white_alpha(60),
            Color32::TRANSPARENT,
            Color32::TRANSPARENT,
            Color32::from_white_alpha(60),
        ],
    );
    // The hinges, near the ends, clear of the men waiting on the fold.
    for y in [54.0, SIZE.y - 54.0] {
        soft_rect(
            &mut mesh,
            to_screen,
            Rect::from_center_size(pos2(FOLD_X + 2.5, y + 3.0), vec2(46.0, 42.0)),
            6.0,
            Color32::from_black_alpha(90),
        );
    }
    painter.add(Shape::mesh(mesh));
    let edge = Stroke::new((1.0 * s).max(0.8), theme::PERIOD_BRASS_DARK);
    for y in [54.0, SIZE.y - 54.0] {
        for side in [-1.0f32, 1.0] {
            let x = |d: f32| FOLD_X + side * d;
            let leaf = vec![
                p(pos2(x(2.0), y - 12.0)),
                p(pos2(x(18.0), y - 21.0)),
                p(pos2(x(23.0), y - 16.0)),
                p(pos2(x(23.0), y + 16.0)),
                p(pos2(x(18.0), y + 21.0)),
                p(pos2(x(2.0), y + 12.0)),
            ];
            painter.add(Shape::convex_polygon(leaf, theme::PERIOD_BRASS, edge));
            for dy in [-12.0, 12.0] {
                painter.circle(
                    p(pos2(x(16.0), y + dy)),
                    2.2 * s,
                    theme::PERIOD_BRASS_DARK,
                    Stroke::new(0.8 * s, theme::PERIOD_BRASS_LIGHT),
                );
            }
        }
        // The knuckle: a round pin, lit on its left.
        let mut knuckle = Mesh::default();
        let k = Rect::from_center_size(pos2(FOLD_X, y), vec2(8.0, 30.0));
        let mid = Rect::from_min_max(k.min, pos2(k.center().x - 1.0, k.max.y));
        let rest = Rect::from_min_max(pos2(mid.max.x, k.min.y), k.max);
        strip(
            &mut knuckle,
            to_screen,
            mid,
            [
                theme::PERIOD_BRASS,
                theme::PERIOD_BRASS_LIGHT,
                theme::PERIOD_BRASS_LIGHT,
                theme::PERIOD_BRASS,
            ],
        );
        strip(
            &mut knuckle,
            to_screen,
            rest,
            [
                theme::PERIOD_BRASS_LIGHT,
                theme::PERIOD_BRASS_DARK,
                theme::PERIOD_BRASS_DARK,
                theme::PERIOD_BRASS_LIGHT,
            ],
        );
        painter.add(Shape::mesh(knuckle));
        painter.rect_stroke(
            to_screen.transform_rect(k),
            2.0 * s,
            edge,
            egui::StrokeKind::Outside,
        );
    }
}

/// The clasp that shuts the box: a brass hasp on the left tray's outer rim, its staple on the
/// right one.
fn paint_clasp(painter: &Painter, to_screen: &RectTransform) {
    let s = to_screen.scale().x;
    let edge = Stroke::new((1.0 * s).max(0.8), theme::PERIOD_BRASS_DARK);
    let hasp = Rect::from_center_size(pos2(BORDER / 2.0, MID_Y), vec2(12.0, 46.0));
    painter.rect(
        to_screen.transform_rect(hasp),
        4.0 * s,
        theme::PERIOD_BRASS,
        edge,
        egui::StrokeKind::Inside,
    );
    painter.rect_filled(
        to_screen.transform_rect(Rect::from_center_size(
            pos2(BORDER / 2.0, MID_Y),
            vec2(4.0, 14.0),
        )),
        1.0 * s,
        theme::PERIOD_BRASS_DARK,
    );
    let staple = pos2(BOX_X1 - BORDER / 2.0, MID_Y);
    painter.circle(
        to_screen * staple,
        6.0 * s,
        theme::PERIOD_BRASS,
        Stroke::new(2.0 * s, theme::PERIOD_BRASS_DARK),
    );
    painter.circle_filled(to_screen * staple, 2.5 * s, theme::PERIOD_BRASS_DARK);
}

/// A rectangle (board units) shaded by its corners' colours: top left, top right, bottom
/// right, bottom left.
fn strip(mesh: &mut Mesh, to_screen: &RectTransform, rect: Rect, colours: [Color32; 4]) {
    let base = mesh.vertices.len() as u32;
    for (corner, color) in [
        rect.left_top(),
        rect.right_top(),
        rect.right_bottom(),
        rect.left_bottom(),
    ]
    .into_iter()
    .zip(colours)
    {
        mesh.vertices.push(Vertex {
            pos: to_screen * corner,
            uv: egui::epaint::WHITE_UV,
            color,
        });
    }
    mesh.add_triangle(base, base + 1, base + 2);
    mesh.add_triangle(base, base + 2, base + 3);
}

/// A shadow: `rect` (board units) filled with `colour`, fading to nothing over `blur` across
/// its edge.
fn soft_rect(mesh: &mut Mesh, to_screen: &RectTransform, rect: Rect, blur: f32, colour: Color32) {
    let inner = rect.shrink(blur / 2.0);
    let outer = rect.expand(blur / 2.0);
    let base = mesh.vertices.len() as u32;
    let corners = |r: Rect| {
        [
            r.left_top(),
            r.right_top(),
            r.right_bottom(),
            r.left_bottom(),
        ]
    };
    for (rect, color) in [(inner, colour), (outer, Color32::TRANSPARENT)] {
        for corner in corners(rect) {
            mesh.vertices.push(Vertex {
                pos: to_screen * corner,
                uv: egui::epaint::WHITE_UV,
                color,
            });
        }
    }
    mesh.add_triangle(base, base + 1, base + 2);
    mesh.add_triangle(base, base + 2, base + 3);
    for i in 0..4 {
        let j = (i + 1) % 4;
        let (a, b, c, d) = (base + i, base + j, base + 4 + j, base + 4 + i);
        mesh.add_triangle(a, b, c);
        mesh.add_triangle(a, c, d);
    }
}

//! The dice and dice boxes of the period board: small bone dice, slightly rounded, with drilled
//! ring-and-dot pips (as the bone dice found with the Mary Rose), and a turned wooden dice box
//! for each side, with moulded rings, seen in three-quarter view (as the boxes on the tables in
//! Bosch's Seven Deadly Sins and Lucas van Leyden's Card Players). The box of the side to throw
//! has a gilt lip and a warm glow; on a throw it tips toward its own table.

use egui::emath::RectTransform;
use egui::{Color32, Mesh, Painter, Pos2, Rect, Shape, Stroke, Vec2, pos2, vec2};

use super::light::{self, darker, lit, mix};
use super::men;
use crate::players::Colour;
use crate::ui::tables::dice_view::{ShownDie, pips};

/// The side of a period die, in board units: about half the plain die
/// ([`DIE_SIZE`](crate::ui::tables::dice_view::DIE_SIZE)), as bone dice were small beside the men.
/// Clicks still find the die over the plain die's square, which is kinder to the hand.
pub const DIE_SIDE: f32 = 23.0;
/// The least a die's side may measure on screen, in points, so that its pips can be counted
/// at a glance on the smallest window (at 800×600 the board's scale would make it 13).
pub const LEAST_ON_SCREEN: f32 = 18.0;

/// How many screen points a board unit of a die measures through `to_screen`: the board's own
/// scale, or more where that would make the die too small to read.
#[must_use]
pub fn die_scale(to_screen: &RectTransform) -> f32 {
    to_screen.scale().x.max(LEAST_ON_SCREEN / DIE_SIDE)
}

const BONE: Color32 = Color32::from_rgb(228, 216, 186);
const BONE_LIT: Color32 = Color32::from_rgb(250, 244, 226);
const BONE_SHADE: Color32 = Color32::from_rgb(168, 150, 118);
const BONE_SPENT: Color32 = Color32::from_rgb(170, 160, 140);
const PIP: Color32 = Color32::from_rgb(42, 28, 20);
const PIP_SPENT: Color32 = Color32::from_rgb(112, 100, 88);

/// The rim of a die's rounded square, in the die's own turn (board units about its centre):
/// three points at each corner.
fn rim(half: f32) -> [Vec2; 12] {
    let round = half * 0.32;
    let inner = half - round;
    let mut out = [Vec2::ZERO; 12];
    for (c, (sx, sy)) in [(1.0, -1.0), (1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0)]
        .into_iter()
        .enumerate()
    {
        let start = f32::atan2(sy, sx) - std::f32::consts::FRAC_PI_4;
        for k in 0..3 {
            let a = start + std::f32::consts::FRAC_PI_4 * k as f32;
            out[c * 3 + k] = vec2(sx * inner, sy * inner) + vec2(a.cos(), a.sin()) * round;
        }
    }
    out
}

/// The shadow and the shaded body of a die, in screen coordinates, as one mesh.
#[must_use]
pub fn die_mesh(to_screen: &RectTransform, die: &ShownDie) -> Mesh {
    let s = die_scale(to_screen);
    let half = DIE_SIDE / 2.0;
    let (sin, cos) = die.angle.sin_cos();
    let turn = |v: Vec2| vec2(v.x * cos - v.y * sin, v.x * sin + v.y * cos);
    let centre = to_screen * die.at;
    let rim = rim(half);
    let (face, hi, lo) = if die.spent {
        (BONE_SPENT, darker(BONE_LIT, 0.8), darker(BONE_SHADE, 0.85))
    } else {
        (BONE, BONE_LIT, BONE_SHADE)
    };
    let mut mesh = Mesh::default();
    // A soft shadow, cast to the lower right.
    let shadow = centre + vec2(2.5, 3.5) * s;
    let first = mesh.vertices.len() as u32;
    mesh.colored_vertex(shadow, Color32::from_black_alpha(90));
    for v in rim {
        let p = turn(v) * s;
        mesh.colored_vertex(shadow + p, Color32::from_black_alpha(90));
        mesh.colored_vertex(shadow + p * 1.25, Color32::TRANSPARENT);
    }
    light::fan(&mut mesh, first, rim.len() as u32, 2);
    // The body: the face nearly flat, the rounded edges shading from the light.
    let first = mesh.vertices.len() as u32;
    mesh.colored_vertex(centre, mix(face, hi, 0.25));
    for v in rim {
        let n = turn(v).normalized();
        let l = lit(n);
        mesh.colored_vertex(centre + turn(v) * (0.72 * s), mix(face, hi, l * 0.4));
        let edge = centre + turn(v) * s;
        mesh.colored_vertex(edge, mix(lo, hi, l));
        mesh.colored_vertex(edge + n, Color32::TRANSPARENT);
    }
    light::fan(&mut mesh, first, rim.len() as u32, 3);
    mesh
}

/// Paints one die: bone, slightly rounded, with ring-and-dot pips.
pub fn paint_die(painter: &Painter, to_screen: &RectTransform, die: &ShownDie) {
    let s = die_scale(to_screen);
    painter.add(Shape::mesh(die_mesh(to_screen, die)));
    let (sin, cos) = die.angle.sin_cos();
    let turn = |v: Vec2| vec2(v.x * cos - v.y * sin, v.x * sin + v.y * cos);
    let centre = to_screen * die.at;
    let q = DIE_SIDE * 0.27;
    let pip = if die.spent { PIP_SPENT } else { PIP };
    // On a small window the rings shrink with the die rather than run into each other.
    let dot = (DIE_SIDE * 0.055 * s).max(0.9);
    let ring = DIE_SIDE * 0.115 * s;
    let line = (DIE_SIDE * 0.03 * s).max(0.6);
    for &(x, y) in pips(die.face) {
        let at = centre + turn(vec2(x * q, y * q)) * s;
        painter.circle_filled(at, dot, pip);
        painter.circle_stroke(at, ring, Stroke::new(line, pip.gamma_multiply(0.85)));
    }
}

/// A dice box tipped by a throw in flight: which (the bottom side's has its mouth up) and how
/// far (0 upright, 1 over on its side; see
/// [`ThrowAnimation::tipping`](crate::ui::tables::dice_view::ThrowAnimation::tipping)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CupTip {
    pub mouth_up: bool,
    pub tip: f32,
}

/// Paints a side's dice box in `rect` (screen): a turned wooden cylinder with moulded rings, a
/// band in the side's colour, its mouth toward the board's middle (`mouth_up` for the bottom
/// side). The box of the side to throw (`lit`) glows warm and has a gilt lip.
pub fn paint_cup(
    painter: &Painter,
    rect: Rect,
    colour: Colour,
    lit: bool,
    mouth_up: bool,
    tipped: Option<CupTip>,
) {
    let tip = tipped
        .filter(|t| t.mouth_up == mouth_up)
        .map_or(0.0, |t| t.tip);
    painter.add(Shape::mesh(cup_mesh(rect, colour, lit, mouth_up, tip)));
}

/// The dice box as one mesh; `tip` 0..=1 turns it over toward its own table (to the left).
#[must_use]
pub fn cup_mesh(rect: Rect, colour: Colour, lit: bool, mouth_up: bool, tip: f32) -> Mesh {
    let w = rect.width();
    let cx = rect.center().x;
    let bw = w * 0.74;
    let eh = w * 0.15;
    // Built mouth up; the top side's box is mirrored so its mouth faces the board too.
    let flip = |p: Pos2| {
        if mouth_up {
            p
        } else {
            pos2(p.x, rect.min.y + rect.max.y - p.y)
        }
    };
    let y0 = rect.min.y + eh * 1.1;
    let y1 = rect.max.y - eh * 1.1;
    let mut mesh = Mesh::default();
    if lit {
        light::soft_oval(
            &mut mesh,
            rect.center(),
            vec2(w * 0.55, rect.height() * 0.6),
            w * 0.35,
            Color32::from_rgba_unmultiplied(255, 196, 80, 150),
            20,
        );
    }
    let moving = mesh.vertices.len();
    // Its shadow, to the lower right whichever way the box faces.
    light::soft_oval(
        &mut mesh,
        rect.center() + vec2(w * 0.12, rect.height() * 0.1),
        vec2(bw * 0.5, (y1 - y0) * 0.5 + eh),
        w * 0.12,
        Color32::from_black_alpha(80),
        16,
    );
    let wood_lit = Color32::from_rgb(150, 96, 56);
    let wood_shade = Color32::from_rgb(50, 28, 16);
    let (gilt_lit, gilt_shade) = (
        Color32::from_rgb(246, 214, 120),
        Color32::from_rgb(128, 88, 30),
    );
    let band = men::wood(colour);
    // The round of the box: u from -1 (left) to 1 (right), lit from the left and the front.
    let shine = |u: f32| {
        let round = (1.0 - u * u).max(0.0).sqrt();
        light::lit(vec2(u, -round * 0.9).normalized()) * 0.85 + 0.15 * round
    };
    let strip = |mesh: &mut Mesh, ya: f32, yb: f32, grow: f32, lo: Color32, hi: Color32| {
        const COLS: u32 = 12;
        let first = mesh.vertices.len() as u32;
        for k in 0..=COLS {
            let u = 2.0 * k as f32 / COLS as f32 - 1.0;
            let sag = eh * (1.0 - u * u).max(0.0).sqrt();
            let x = cx + u * bw * 0.5 * grow;
            let c = mix(lo, hi, shine(u));
            mesh.colored_vertex(flip(pos2(x, ya + sag)), c);
            mesh.colored_vertex(flip(pos2(x, yb + sag)), darker(c, 0.85));
        }
        for k in 0..COLS {
            let a = first + 2 * k;
            mesh.add_triangle(a, a + 2, a + 1);
            mesh.add_triangle(a + 1, a + 2, a + 3);
        }
    };
    let h = y1 - y0;
    // Body, then the moulded rings over it: a foot, a band in the side's colour, and the lip.
    strip(&mut mesh, y0, y1, 1.0, wood_shade, wood_lit);
    strip(&mut mesh, y1 - h * 0.10, y1, 1.06, wood_shade, wood_lit);
    strip(
        &mut mesh,
        y1 - h * 0.13,
        y1 - h * 0.10,
        1.0,
        wood_shade,
        darker(wood_lit, 0.6),
    );
    strip(
        &mut mesh,
        y0 + h * 0.38,
        y0 + h * 0.56,
        1.02,
        band.edge_shade,
        band.lit,
    );
    let (lip_lo, lip_hi) = if lit {
        (gilt_shade, gilt_lit)
    } else {
        (wood_shade, mix(wood_lit, Color32::WHITE, 0.15))
    };
    strip(
        &mut mesh,
        y0 - eh * 0.1,
        y0 + h * 0.12,
        1.05,
        lip_lo,
        lip_hi,
    );
    // The mouth: an oval rim and the dark inside of the box.
    let oval =
        |mesh: &mut Mesh, rx: f32, ry: f32, centre_c: Color32, edge: &dyn Fn(f32) -> Color32| {
            const N: u32 = 20;
            let first = mesh.vertices.len() as u32;
            mesh.colored_vertex(flip(pos2(cx, y0)), centre_c);
            for k in 0..N {
                let a = std::f32::consts::TAU * k as f32 / N as f32;
                mesh.colored_vertex(
                    flip(pos2(cx + a.cos() * rx, y0 + a.sin() * ry)),
                    edge(a.cos()),
                );
            }
            for k in 0..N {
                mesh.add_triangle(first, first + 1 + k, first + 1 + (k + 1) % N);
            }
        };
    oval(&mut mesh, bw * 0.525, eh * 1.05, lip_hi, &|u| {
        mix(lip_lo, lip_hi, shine(u))
    });
    let inside = Color32::from_rgb(24, 12, 8);
    oval(&mut mesh, bw * 0.43, eh * 0.82, inside, &|u| {
        mix(inside, Color32::from_rgb(70, 40, 24), (u + 1.0) / 2.0)
    });
    if tip > 0.0 {
        // Over on its side about the foot's edge nearest its table (the left).
        let pivot = flip(pos2(cx - bw * 0.53, y1));
        let angle = tip.clamp(0.0, 1.0) * 1.3 * if mouth_up { -1.0 } else { 1.0 };
        let rot = egui::emath::Rot2::from_angle(angle);
        for v in &mut mesh.vertices[moving..] {
            v.pos = pivot + rot * (v.pos - pivot);
        }
    }
    mesh
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::tables::dice_view::DIE_SIZE;

    fn die() -> ShownDie {
        ShownDie {
            at: pos2(100.0, 100.0),
            face: 5,
            angle: 0.3,
            spent: false,
            colour: Colour::White,
        }
    }

    fn painted_width(mesh: &Mesh) -> f32 {
        // The body only: the vertices that are not shadow (opaque, not black).
        let xs: Vec<f32> = mesh
            .vertices
            .iter()
            .filter(|v| v.color.a() == 255 && v.color.r() > 60)
            .map(|v| v.pos.x)
            .collect();
        xs.iter().copied().fold(f32::MIN, f32::max) - xs.iter().copied().fold(f32::MAX, f32::min)
    }

    #[test]
    fn on_the_smallest_window_a_die_stays_large_enough_to_read() {
        // Given the board drawn at the scale of an 800×600 window (0.55) and smaller
        for scale in [0.55_f32, 0.3] {
            let to_screen = RectTransform::from_to(
                Rect::from_min_size(Pos2::ZERO, vec2(960.0, 700.0)),
                Rect::from_min_size(Pos2::ZERO, vec2(960.0 * scale, 700.0 * scale)),
            );
            let width = painted_width(&die_mesh(
                &to_screen,
                &ShownDie {
                    angle: 0.0,
                    ..die()
                },
            ));
            // Then the die is never under the least side on screen
            assert!(width >= LEAST_ON_SCREEN - 0.5, "{width} at scale {scale}");
        }
    }

    #[test]
    fn the_bone_die_is_about_half_the_plain_die() {
        // Given a die painted at scale 1
        let to_screen =
            RectTransform::identity(Rect::from_min_size(Pos2::ZERO, vec2(960.0, 700.0)));
        let width = painted_width(&die_mesh(
            &to_screen,
            &ShownDie {
                angle: 0.0,
                ..die()
            },
        ));
        // When compared with the plain die's side / Then it is about half
        let ratio = width / DIE_SIZE;
        assert!((0.45..0.65).contains(&ratio), "ratio {ratio}");
    }

    #[test]
    fn the_die_is_lit_from_the_upper_left() {
        let to_screen =
            RectTransform::identity(Rect::from_min_size(Pos2::ZERO, vec2(960.0, 700.0)));
        let mesh = die_mesh(
            &to_screen,
            &ShownDie {
                angle: 0.0,
                ..die()
            },
        );
        let body: Vec<_> = mesh
            .vertices
            .iter()
            .filter(|v| v.color.a() == 255 && v.color.r() > 60)
            .collect();
        let towards = |d: Vec2| {
            body.iter()
                .max_by(|a, b| a.pos.to_vec2().dot(d).total_cmp(&b.pos.to_vec2().dot(d)))
                .map_or(0.0, |v| light::luma(v.color))
        };
        assert!(towards(light::FROM) > towards(-light::FROM) + 0.2);
    }

    #[test]
    fn a_tipped_box_leans_toward_its_table() {
        // Given the bottom side's box / When tipped / Then its mouth has gone left
        let rect = Rect::from_center_size(pos2(890.0, 395.0), vec2(56.0, 60.0));
        let upright = cup_mesh(rect, Colour::White, false, true, 0.0);
        let tipped = cup_mesh(rect, Colour::White, false, true, 0.8);
        assert!(
            tipped
                .vertices
                .iter()
                .map(|v| v.pos.x)
                .fold(f32::MAX, f32::min)
                < upright
                    .vertices
                    .iter()
                    .map(|v| v.pos.x)
                    .fold(f32::MAX, f32::min)
                    - 20.0
        );
    }
}

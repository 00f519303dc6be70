//! The men of the period board: turned disks of boxwood and ebony, as the men found with the
//! Mary Rose tables (1545) and those of Hans Kels's board (1537). Willughby gives them about 7/8"
//! across and 3/8" high, so each shows its thickness on the shadow side, a slight dome lit from
//! the upper left (as the box is), a turned groove, and a soft shadow on the board. The colours a
//! player picks still decide the man: each colour is turned into a wood of that tone.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use egui::emath::RectTransform;
use egui::{Color32, Mesh, Painter, Pos2, Shape, Stroke, Vec2, pos2, vec2};

use super::light::{self, darker, lit, luma, mix};
use crate::players::Colour;
use crate::ui::tables::men_view;
use crate::ui::tables::theme;

/// Where the man's edge shows, from the centre of his top face (unit, screen): down and a little
/// right, away from the light, as a man seen from the player's seat.
const EDGE_TOWARDS: Vec2 = vec2(0.35, 0.937);
/// How thick the man looks, as a share of his radius (he is 3/8" high to 7/8" across, seen
/// nearly from above).
const THICKNESS: f32 = 0.16;
/// Vertices round the rim of a man.
const RIM: u32 = 24;
/// The width (screen points) over which a mesh's outline fades out, for a smooth edge.
const FEATHER: f32 = 1.0;

/// The woods of a man of one colour: his top, its lit and shaded sides, his edge, and the ink of
/// a count written on him.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wood {
    pub face: Color32,
    pub lit: Color32,
    pub shade: Color32,
    pub edge_lit: Color32,
    pub edge_shade: Color32,
    pub ink: Color32,
}

/// The wood a chosen colour is turned in: the colour warmed toward boxwood (if light) or ebony
/// (if dark), so White reads as boxwood, Black as ebony, and Red or Green as a stained wood.
#[must_use]
pub fn wood(colour: Colour) -> Wood {
    let (face, _) = theme::man_colours(colour);
    let l = luma(face);
    let v = l * 255.0;
    let warm = Color32::from_rgb(
        (v * 1.06).min(255.0) as u8,
        (v * 0.90).min(255.0) as u8,
        (v * 0.60).min(255.0) as u8,
    );
    let face = mix(face, warm, 0.65);
    let pale = l > 0.5;
    let lit = mix(
        face,
        Color32::from_rgb(255, 250, 236),
        if pale { 0.3 } else { 0.28 },
    );
    let shade = darker(face, if pale { 0.70 } else { 0.55 });
    Wood {
        face,
        lit,
        shade,
        edge_lit: darker(face, 0.72),
        edge_shade: darker(face, if pale { 0.42 } else { 0.35 }),
        ink: if pale {
            Color32::from_rgb(48, 30, 18)
        } else {
            Color32::from_rgb(248, 236, 210)
        },
    }
}

/// The shadow, edge and domed top of a man at `centre` (screen) of `radius`, as one mesh.
#[must_use]
pub fn man_mesh(centre: Pos2, radius: f32, wood: &Wood) -> Mesh {
    let mut mesh = Mesh::default();
    let d = EDGE_TOWARDS * (THICKNESS * radius);
    let top = centre - d * 0.5;
    let base = centre + d * 0.5;
    let r = radius * 0.93;
    light::soft_oval(
        &mut mesh,
        base + vec2(0.10, 0.08) * radius,
        Vec2::splat(r * 0.97),
        radius * 0.18,
        Color32::from_black_alpha(85),
        20,
    );
    let dir = |k: u32| {
        let a = std::f32::consts::TAU * k as f32 / RIM as f32;
        vec2(a.cos(), a.sin())
    };
    // The edge: the outline of top and base together, shaded round as it turns from the light,
    // feathered a point outward so its outline is smooth.
    let first = mesh.vertices.len() as u32;
    mesh.colored_vertex(centre, wood.edge_shade);
    for k in 0..RIM {
        let n = dir(k);
        let p = if n.dot(EDGE_TOWARDS) >= 0.0 {
            base
        } else {
            top
        } + n * r;
        mesh.colored_vertex(p, mix(wood.edge_shade, wood.edge_lit, lit(n)));
        mesh.colored_vertex(p + n * FEATHER, Color32::TRANSPARENT);
    }
    light::fan(&mut mesh, first, RIM, 2);
    // The top, a slight dome: brightest a little toward the light, shading to the rim.
    let first = mesh.vertices.len() as u32;
    mesh.colored_vertex(
        top + light::FROM * (r * 0.22),
        mix(wood.face, wood.lit, 0.6),
    );
    for k in 0..RIM {
        let n = dir(k);
        let l = lit(n);
        let rim = mix(wood.shade, wood.lit, l * l);
        let inner = mix(mix(wood.face, wood.shade, 0.3), wood.lit, l * 0.6);
        mesh.colored_vertex(top + n * (r * 0.6), inner);
        mesh.colored_vertex(top + n * (r - FEATHER * 0.5), rim);
        mesh.colored_vertex(
            top + n * (r + FEATHER * 0.5),
            mix(rim, Color32::TRANSPARENT, 0.5),
        );
    }
    light::fan(&mut mesh, first, RIM, 3);
    mesh
}

/// The meshes of the men painted in the frame before and in this one, by where they lie, their
/// size and their colour: a man who has not moved is not turned again each frame.
#[derive(Default)]
struct KeptMen {
    frame: u64,
    now: HashMap<ManKey, Arc<Mesh>>,
    before: HashMap<ManKey, Arc<Mesh>>,
}

/// A man's centre and radius (their bits) and colour.
type ManKey = (u32, u32, u32, Colour);

thread_local! {
    static KEPT_MEN: RefCell<KeptMen> = RefCell::new(KeptMen::default());
}

/// [`man_mesh`], kept from the frame before where the same man lies in the same place.
fn kept_mesh(
    ctx: &egui::Context,
    centre: Pos2,
    radius: f32,
    colour: Colour,
    wood: &Wood,
) -> Arc<Mesh> {
    let key = (
        centre.x.to_bits(),
        centre.y.to_bits(),
        radius.to_bits(),
        colour,
    );
    let frame = ctx.cumulative_frame_nr();
    KEPT_MEN.with_borrow_mut(|kept| {
        if kept.frame != frame {
            kept.before = std::mem::take(&mut kept.now);
            kept.frame = frame;
        }
        if let Some(mesh) = kept.now.get(&key) {
            return Arc::clone(mesh);
        }
        let mesh = kept
            .before
            .remove(&key)
            .unwrap_or_else(|| Arc::new(man_mesh(centre, radius, wood)));
        kept.now.insert(key, Arc::clone(&mesh));
        mesh
    })
}

/// Paints a man lying on the board at `centre` (screen), of `radius` (screen).
pub fn paint_man(
    painter: &Painter,
    centre: Pos2,
    radius: f32,
    colour: Colour,
    count: Option<usize>,
    selected: bool,
) {
    let wood = wood(colour);
    painter.add(Shape::Mesh(kept_mesh(
        painter.ctx(),
        centre,
        radius,
        colour,
        &wood,
    )));
    let top = centre - EDGE_TOWARDS * (THICKNESS * radius * 0.5);
    let r = radius * 0.93;
    // The rim catches the light on the upper left.
    let from = light::FROM.angle();
    let arc: Vec<Pos2> = (0..=8)
        .map(|k| {
            let a = from + (k as f32 / 8.0 - 0.5) * 1.9;
            top + vec2(a.cos(), a.sin()) * (r * 0.9)
        })
        .collect();
    painter.add(Shape::line(
        arc,
        Stroke::new(
            radius * 0.07,
            mix(wood.lit, Color32::WHITE, 0.5).gamma_multiply(0.8),
        ),
    ));
    // A groove turned on the lathe, and the lathe's centre.
    painter.circle_stroke(
        top,
        r * 0.62,
        Stroke::new(radius * 0.045, darker(wood.face, 0.62).gamma_multiply(0.8)),
    );
    painter.circle_filled(top, radius * 0.06, darker(wood.face, 0.6));
    men_view::paint_marks(painter, centre, top, radius, count, selected, wood.ink);
}

/// Paints a man borne off, at `at` (board coordinates): lying in the tray seen edge-on, his edge
/// rounding away left and right, with the rim of his top showing above.
pub fn paint_off(painter: &Painter, to_screen: &RectTransform, at: Pos2, colour: Colour) {
    let s = to_screen.scale().x;
    let wood = wood(colour);
    let c = to_screen * at;
    let (half_w, half_h) = (34.0 * s, 6.0 * s);
    let mut mesh = Mesh::default();
    light::soft_oval(
        &mut mesh,
        c + vec2(2.0, 3.0) * s,
        vec2(half_w, half_h),
        2.5 * s,
        Color32::from_black_alpha(70),
        16,
    );
    // Columns across the edge: a cylinder seen from the side, lit from the left, its top and
    // bottom feathered a point so they are smooth. Each column: top feather, the rim of the
    // man's face, the edge, its underside, bottom feather.
    const COLS: u32 = 12;
    let first = mesh.vertices.len() as u32;
    for k in 0..=COLS {
        let u = 2.0 * k as f32 / COLS as f32 - 1.0;
        let round = (1.0 - u * u).max(0.0).sqrt();
        let n = vec2(u, 0.0) * 0.8 + vec2(0.0, -0.6) * round;
        let x = c.x + u * half_w;
        // The ends round off, so the edge is lower there.
        let h = half_h * (0.45 + 0.55 * round.sqrt());
        let edge = mix(wood.edge_shade, wood.lit, lit(n.normalized()));
        mesh.colored_vertex(pos2(x, c.y - h - 0.8), Color32::TRANSPARENT);
        mesh.colored_vertex(pos2(x, c.y - h), mix(edge, wood.lit, 0.4));
        mesh.colored_vertex(pos2(x, c.y - h * 0.45), edge);
        mesh.colored_vertex(pos2(x, c.y + h), darker(edge, 0.65));
        mesh.colored_vertex(pos2(x, c.y + h + 0.8), Color32::TRANSPARENT);
    }
    const ROWS: u32 = 5;
    for k in 0..COLS {
        let a = first + ROWS * k;
        let b = a + ROWS;
        for row in 0..ROWS - 1 {
            mesh.add_triangle(a + row, b + row, a + row + 1);
            mesh.add_triangle(a + row + 1, b + row, b + row + 1);
        }
    }
    painter.add(Shape::mesh(mesh));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brightness(c: Color32) -> f32 {
        luma(c)
    }

    #[test]
    fn a_man_is_lighter_on_the_lit_side_than_on_the_shadow_side() {
        // Given a boxwood man at the origin
        let wood = wood(Colour::White);
        let mesh = man_mesh(pos2(0.0, 0.0), 27.0, &wood);
        // When the vertices of the top's rim toward and away from the light are found
        let top = pos2(0.0, 0.0) - EDGE_TOWARDS * (THICKNESS * 27.0 * 0.5);
        let rim_r = 27.0 * 0.93 - FEATHER * 0.5;
        let rim = |towards: Vec2| {
            mesh.vertices
                .iter()
                .filter(|v| v.color.a() == 255 && ((v.pos - top).length() - rim_r).abs() < 0.01)
                .max_by(|a, b| {
                    let da = (a.pos - top).dot(towards);
                    let db = (b.pos - top).dot(towards);
                    da.total_cmp(&db)
                })
                .map(|v| brightness(v.color))
        };
        // Then the upper left is lighter than the lower right, by a clear margin
        let (lit_side, shadow_side) = (rim(light::FROM).unwrap(), rim(-light::FROM).unwrap());
        assert!(lit_side > shadow_side + 0.2, "{lit_side} vs {shadow_side}");
    }

    #[test]
    fn two_chosen_colours_give_two_different_woods() {
        // Given every pair of colours a player can choose / Then their men differ
        let all = [
            Colour::White,
            Colour::Black,
            Colour::Red,
            Colour::Blue,
            Colour::Green,
            Colour::Brown,
        ];
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(wood(*a).face, wood(*b).face, "{a:?} and {b:?}");
            }
        }
        // And boxwood is light, ebony dark
        assert!(luma(wood(Colour::White).face) > 0.6);
        assert!(luma(wood(Colour::Black).face) < 0.2);
    }

    #[test]
    fn a_man_who_has_not_moved_is_painted_with_the_mesh_of_the_frame_before() {
        // Given a window painting a white man at the same place frame after frame, then moved
        let ctx = egui::Context::default();
        let mut meshes = Vec::new();
        for at in [
            pos2(40.0, 40.0),
            pos2(40.0, 40.0),
            pos2(40.0, 40.0),
            pos2(90.0, 40.0),
        ] {
            let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
                let white = wood(Colour::White);
                meshes.push(kept_mesh(ui.ctx(), at, 12.0, Colour::White, &white));
            });
            out.textures_delta.clear();
        }
        // Then the frames where he lies still share one mesh, the one he would be turned as
        assert!(Arc::ptr_eq(&meshes[0], &meshes[1]) && Arc::ptr_eq(&meshes[1], &meshes[2]));
        let turned = man_mesh(pos2(40.0, 40.0), 12.0, &wood(Colour::White));
        assert_eq!(meshes[0].vertices, turned.vertices);
        assert_eq!(meshes[0].indices, turned.indices);
        // And moved, he is turned anew where he lies
        assert!(!Arc::ptr_eq(&meshes[2], &meshes[3]));
        let moved = man_mesh(pos2(90.0, 40.0), 12.0, &wood(Colour::White));
        assert_eq!(meshes[3].vertices, moved.vertices);
    }

    #[test]
    fn a_man_stays_a_modest_mesh() {
        let mesh = man_mesh(pos2(0.0, 0.0), 27.0, &wood(Colour::Black));
        assert!(mesh.vertices.len() < 200, "{}", mesh.vertices.len());
    }
}

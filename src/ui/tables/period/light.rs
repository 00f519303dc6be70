//! The light of the period board: it falls from the upper left, as on the box, and the men, the
//! dice and the dice boxes shade by it. Small helpers for mixing colours and building shaded
//! meshes.

use egui::{Color32, Mesh, Pos2, Vec2, vec2};

/// The direction the light comes from (screen, y down): the upper left.
pub const FROM: Vec2 = vec2(-0.70710677, -0.70710677);

/// How lit a surface facing `normal` (screen, unit) is: 1 facing the light, 0 facing away.
#[must_use]
pub fn lit(normal: Vec2) -> f32 {
    (normal.dot(FROM) + 1.0) / 2.0
}

/// `a` mixed with `b` by `t` (0 = `a`, 1 = `b`), alpha mixed too.
#[must_use]
pub fn mix(a: Color32, b: Color32, t: f32) -> Color32 {
    let t = t.clamp(0.0, 1.0);
    let m = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * t).round() as u8;
    Color32::from_rgba_premultiplied(
        m(a.r(), b.r()),
        m(a.g(), b.g()),
        m(a.b(), b.b()),
        m(a.a(), b.a()),
    )
}

/// `c` darkened to `f` of its brightness (premultiplied, so alpha kept).
#[must_use]
pub fn darker(c: Color32, f: f32) -> Color32 {
    let m = |x: u8| (f32::from(x) * f).round().clamp(0.0, 255.0) as u8;
    Color32::from_rgba_premultiplied(m(c.r()), m(c.g()), m(c.b()), c.a())
}

/// The brightness of a colour, 0..=1 (Rec. 601 weights).
#[must_use]
pub fn luma(c: Color32) -> f32 {
    (0.299 * f32::from(c.r()) + 0.587 * f32::from(c.g()) + 0.114 * f32::from(c.b())) / 255.0
}

/// A soft oval: `inner` over the oval of half-axes `radius`, fading to nothing `blur` further
/// out. With black it is a shadow, with gold a glow.
pub fn soft_oval(mesh: &mut Mesh, centre: Pos2, radius: Vec2, blur: f32, inner: Color32, n: u32) {
    let first = mesh.vertices.len() as u32;
    mesh.colored_vertex(centre, inner);
    for k in 0..n {
        let a = std::f32::consts::TAU * k as f32 / n as f32;
        let d = vec2(a.cos(), a.sin());
        mesh.colored_vertex(centre + d * radius, inner);
        mesh.colored_vertex(
            centre + d * (radius + Vec2::splat(blur)),
            Color32::TRANSPARENT,
        );
    }
    fan(mesh, first, n, 2);
}

/// The triangles of a fan: a centre vertex at `first`, then for each of `n` spokes in turn,
/// `rings` vertices from the inside out (the last ring is the rim, closing round).
pub fn fan(mesh: &mut Mesh, first: u32, n: u32, rings: u32) {
    let at = |k: u32, ring: u32| first + 1 + (k % n) * rings + ring;
    for k in 0..n {
        mesh.add_triangle(first, at(k, 0), at(k + 1, 0));
        for ring in 1..rings {
            mesh.add_triangle(at(k, ring - 1), at(k, ring), at(k + 1, ring - 1));
            mesh.add_triangle(at(k + 1, ring - 1), at(k, ring), at(k + 1, ring));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_side_towards_the_upper_left_is_the_lit_one() {
        // Given the light of the box / When two faces are compared / Then upper left wins.
        assert!(lit(vec2(-1.0, -1.0).normalized()) > 0.99);
        assert!(lit(vec2(1.0, 1.0).normalized()) < 0.01);
        assert!(lit(vec2(-1.0, 0.0)) > lit(vec2(1.0, 0.0)));
    }
}

//! The grain of the period board's wood: one pale, grey-brown texture with the grain running
//! along its width, made once per `egui::Context` and tinted per piece (oak rim, walnut field,
//! the dark table) by the colour of the mesh's vertices.
//!
//! The texture is built the first time it is asked for and kept in the context's temporary
//! data, so every later frame only reuses its id.

use egui::emath::RectTransform;
use egui::epaint::Vertex;
use egui::{Color32, ColorImage, Context, Id, Mesh, Pos2, Rect, TextureHandle, TextureOptions};

/// The texture's width (along the grain) and height (across it), in texels.
pub const GRAIN_W: usize = 1024;
pub const GRAIN_H: usize = 384;

/// The key under which the texture is kept in the context's temporary data.
#[must_use]
pub fn cache_id() -> Id {
    Id::unique("period-wood")
}

/// The grain texture, built on the first call for this context and reused after.
pub fn grain(ctx: &Context) -> TextureHandle {
    if let Some(handle) = ctx.data(|d| d.get_temp::<TextureHandle>(cache_id())) {
        return handle;
    }
    // Built outside `data_mut`: loading a texture takes the context's lock itself.
    // The image is the same for every window: made once in the process (a test makes many).
    static IMAGE: std::sync::OnceLock<ColorImage> = std::sync::OnceLock::new();
    let image = IMAGE.get_or_init(grain_image).clone();
    let handle = ctx.load_texture("period-wood", image, TextureOptions::LINEAR);
    ctx.data_mut(|d| d.insert_temp(cache_id(), handle.clone()));
    handle
}

/// A hash of a lattice point, in 0..1.
fn hash(x: i32, y: i32, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x8da6_b343)
        ^ (y as u32).wrapping_mul(0xd816_3841)
        ^ seed.wrapping_mul(0xcb1a_b31f);
    h ^= h >> 13;
    h = h.wrapping_mul(0x5bd1_e995);
    h ^= h >> 15;
    (h & 0x00ff_ffff) as f32 / 16_777_215.0
}

/// Smooth value noise at (x, y), in 0..1.
fn value_noise(x: f32, y: f32, seed: u32) -> f32 {
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let (sx, sy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
    let (ix, iy) = (x0 as i32, y0 as i32);
    let a = hash(ix, iy, seed);
    let b = hash(ix + 1, iy, seed);
    let c = hash(ix, iy + 1, seed);
    let d = hash(ix + 1, iy + 1, seed);
    let top = a + (b - a) * sx;
    let bottom = c + (d - c) * sx;
    top + (bottom - top) * sy
}

/// Three octaves of value noise, in 0..1.
fn fbm(x: f32, y: f32, seed: u32) -> f32 {
    let mut sum = 0.0;
    let mut amp = 0.5;
    let mut f = 1.0;
    for o in 0..3 {
        sum += amp * value_noise(x * f, y * f, seed + o);
        amp *= 0.5;
        f *= 2.0;
    }
    sum / 0.875
}

/// The grain: long streaks along x, gently wavering, with pores and a few darker late-wood
/// lines. Pale (near white), so a tint gives each wood its colour.
pub fn grain_image() -> ColorImage {
    let mut pixels = Vec::with_capacity(GRAIN_W * GRAIN_H);
    for y in 0..GRAIN_H {
        for x in 0..GRAIN_W {
            let (xf, yf) = (x as f32, y as f32);
            // The waver of the grain: slow along it, a little faster across.
            let warp = fbm(xf / 260.0, yf / 60.0, 1) * 9.0;
            // Growth rings seen edge-on: bands across y, pushed about by the waver.
            let ring = ((yf / 7.5 + warp) * std::f32::consts::TAU).sin() * 0.5 + 0.5;
            let late = ring.powf(6.0);
            // Fine streaks and pores, stretched far along the grain.
            let streak = fbm(xf / 90.0, yf / 1.6, 7);
            let blotch = fbm(xf / 300.0, yf / 120.0, 13);
            let v = 0.86 + 0.10 * (streak - 0.5) - 0.11 * late + 0.10 * (blotch - 0.5);
            let g = (v.clamp(0.0, 1.0) * 255.0) as u8;
            // A faint warmth, so the tint never goes grey.
            pixels.push(Color32::from_rgb(
                g,
                (f32::from(g) * 0.97) as u8,
                (f32::from(g) * 0.93) as u8,
            ));
        }
    }
    ColorImage::new([GRAIN_W, GRAIN_H], pixels)
}

/// Adds to `mesh` a rectangle of wood: `rect` in board units, its grain read from the texture
/// at `origin` (texels), `texels` texels to a board unit, running along x or (when `along_y`)
/// along y, tinted `tint`.
pub fn add_plank(
    mesh: &mut Mesh,
    to_screen: &RectTransform,
    rect: Rect,
    origin: Pos2,
    texels: f32,
    along_y: bool,
    tint: Color32,
) {
    let (w, h) = (GRAIN_W as f32, GRAIN_H as f32);
    let uv = |p: Pos2| {
        let d = p - rect.min;
        let (along, across) = if along_y { (d.y, d.x) } else { (d.x, d.y) };
        Pos2::new(
            (origin.x + along * texels) / w,
            (origin.y + across * texels) / h,
        )
    };
    let base = mesh.vertices.len() as u32;
    for corner in [
        rect.left_top(),
        rect.right_top(),
        rect.right_bottom(),
        rect.left_bottom(),
    ] {
        mesh.vertices.push(Vertex {
            pos: to_screen * corner,
            uv: uv(corner),
            color: tint,
        });
    }
    mesh.add_triangle(base, base + 1, base + 2);
    mesh.add_triangle(base, base + 2, base + 3);
}

/// Adds to `mesh` the top of the table things stand on: boards of walnut from `left` to
/// `right`, one between each two of `seams` (y, in order), each a little different;
/// `texels` texels of grain to a unit of `to_screen`'s space.
pub fn add_table_boards(
    mesh: &mut Mesh,
    to_screen: &RectTransform,
    (left, right): (f32, f32),
    seams: &[f32],
    texels: f32,
) {
    for (k, ys) in seams.windows(2).enumerate() {
        let board = Rect::from_min_max(Pos2::new(left, ys[0]), Pos2::new(right, ys[1]));
        let tint =
            crate::ui::tables::theme::PERIOD_TABLE.gamma_multiply(1.0 - 0.07 * (k % 3) as f32);
        let tint = Color32::from_rgb(tint.r(), tint.g(), tint.b());
        add_plank(
            mesh,
            to_screen,
            board,
            Pos2::new(17.0 + 60.0 * k as f32, 5.0 + 23.0 * k as f32),
            texels,
            false,
            tint,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grain_is_pale_varied_and_the_same_each_time_it_is_made() {
        // Given the grain made twice
        let (a, b) = (grain_image(), grain_image());
        // Then it is the same picture, of the size declared
        assert_eq!(a.size, [GRAIN_W, GRAIN_H]);
        assert!(a.pixels == b.pixels);
        // And pale enough to be tinted, yet with streaks in it
        let greys: Vec<u8> = a.pixels.iter().map(|c| c.r()).collect();
        let (lo, hi) = (
            greys.iter().copied().min().unwrap_or(0),
            greys.iter().copied().max().unwrap_or(0),
        );
        let mean = greys.iter().map(|&g| f32::from(g)).sum::<f32>() / greys.len() as f32;
        assert!(mean > 170.0, "mean {mean}");
        assert!(hi - lo > 40, "from {lo} to {hi}");
    }
}

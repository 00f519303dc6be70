//! Where things lie on the pair of tables, in the board's own coordinates (960 × 700), and
//! what a look of the board asks of the board it paints. Both looks (the plain one in
//! `board_view`, the period one in `period`) and the board view read this; it reads neither.

use egui::{FontFamily, FontId, Pos2, Rect, Vec2, vec2};

use crate::tables::Side;
use crate::ui::tables::theme::{FIGURES, MIN_TEXT};

/// The points' names at the usual zoom, in board units: "cinque" then fills most of its point.
const NAME: f32 = 19.0;
/// The largest the names grow by zooming in, in board units: "cinque" beside "cater" still
/// leaves a gap, and the tallest letters still stand on the rim.
const LARGEST_NAME: f32 = 22.0;

/// The size of the points' names (in the window's points) at a board drawn `scale` times its
/// own size, in a window zoomed `zoom` times (View → Larger): the names grow with the zoom, as
/// far as the rim holds them, and are never below the smallest text the board draws.
#[must_use]
pub fn label_size(scale: f32, zoom: f32) -> f32 {
    (NAME * scale * zoom)
        .min(LARGEST_NAME * scale)
        .max(MIN_TEXT)
}

/// The font of the points' names: the book's face, its figures lining ("11", not "ıı").
#[must_use]
pub fn label_font(size: f32) -> FontId {
    FontId::new(size, FontFamily::Name(FIGURES.into()))
}

/// The board's own width and height.
pub const SIZE: Vec2 = vec2(960.0, 700.0);
pub const BORDER: f32 = 20.0;
pub const POINT_W: f32 = 60.0;
pub const POINT_LEN: f32 = 270.0;
pub const BAR_X0: f32 = 380.0;
pub const BAR_X1: f32 = 440.0;
pub const FIELD_X1: f32 = 800.0;
pub const MID_Y: f32 = 350.0;
/// Radius of a man.
pub const MAN_R: f32 = 27.0;
pub const TRAY_X0: f32 = 830.0;
pub const TRAY_X1: f32 = 950.0;

/// A place on the board, in the numbering of the side at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A point, 1..=24 as the bottom side counts.
    Point(u8),
    /// A side's men on the bar.
    Bar(Side),
    /// A side's tray of men borne off.
    Tray(Side),
    /// A side's dice cup.
    Cup(Side),
    /// One of the dice shown, by its index in the board's dice.
    Die(usize),
}

/// What a look of the board asks of the board it paints: where each point lies, the name
/// written beside it, and which places are lit.
pub trait Marked {
    /// The rectangle of point `p` (1..=24 as the side at the bottom counts).
    fn point_rect(&self, p: u8) -> Rect;
    /// Where the name of point `p` is written, and the name.
    fn point_label(&self, p: u8) -> (Pos2, String);
    /// Whether the man picked up may go to `place`.
    fn is_target(&self, place: Place) -> bool;
    /// Whether `place` is lit for a choice (the guide, a hint, a point to break).
    fn is_choosable(&self, place: Place) -> bool;
}

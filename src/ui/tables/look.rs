//! How the board looks (View menu; kept between runs): a pair of tables of the 1540s, or the
//! plain board for those who want high contrast. The look decides only the painting: where
//! everything stands, and what a click means, is the same in both.

use egui::emath::RectTransform;
use egui::{Painter, Pos2, Rect};
use serde::{Deserialize, Serialize};

use crate::players::Colour;
use crate::ui::tables::dice_view::{self, ShownDie};
use crate::ui::tables::men_view;
use crate::ui::tables::period::{self, dice::CupTip};

/// The board's look.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Look {
    /// Two hinged trays of wood with inlaid points, turned men, bone dice and dice boxes.
    #[default]
    Period,
    /// Flat colours and strong edges.
    Plain,
}

impl Look {
    pub const ALL: [Look; 2] = [Look::Period, Look::Plain];

    /// The words in the View menu.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Look::Period => "a pair of tables of the 1540s",
            Look::Plain => "plain, high contrast",
        }
    }
}

/// Each piece on the board as the look paints it.
impl Look {
    /// A man lying on the board at `centre` (screen), of `radius` (screen); `count` written on
    /// him when his stack is taller than the point shows.
    pub fn paint_man(
        self,
        painter: &Painter,
        centre: Pos2,
        radius: f32,
        colour: Colour,
        count: Option<usize>,
        selected: bool,
    ) {
        match self {
            Look::Plain => men_view::paint_man(painter, centre, radius, colour, count, selected),
            Look::Period => {
                period::men::paint_man(painter, centre, radius, colour, count, selected);
            }
        }
    }

    /// A man borne off, at `at` (board coordinates).
    pub fn paint_off(self, painter: &Painter, to_screen: &RectTransform, at: Pos2, colour: Colour) {
        match self {
            Look::Plain => men_view::paint_slab(painter, to_screen, at, colour),
            Look::Period => period::men::paint_off(painter, to_screen, at, colour),
        }
    }

    /// A side's dice box in `rect` (screen); `tipped`, the box a throw in flight tips.
    pub fn paint_cup(
        self,
        painter: &Painter,
        rect: Rect,
        colour: Colour,
        lit: bool,
        mouth_up: bool,
        tipped: Option<CupTip>,
    ) {
        match self {
            Look::Plain => dice_view::paint_cup(painter, rect, colour, lit, mouth_up),
            Look::Period => {
                period::dice::paint_cup(painter, rect, colour, lit, mouth_up, tipped);
            }
        }
    }

    /// One die.
    pub fn paint_die(self, painter: &Painter, to_screen: &RectTransform, die: &ShownDie) {
        match self {
            Look::Plain => dice_view::paint_die(painter, to_screen, die),
            Look::Period => period::dice::paint_die(painter, to_screen, die),
        }
    }
}

//! The look of the tables: wood, painted points, men's colours, and the period font.

use egui::{Color32, FontData, FontDefinitions, FontFamily};
use std::sync::Arc;

use crate::players::Colour;

pub const FRAME_WOOD: Color32 = Color32::from_rgb(92, 56, 30);
pub const FRAME_EDGE: Color32 = Color32::from_rgb(58, 34, 18);
pub const FIELD_WOOD: Color32 = Color32::from_rgb(205, 170, 118);
pub const FIELD_GRAIN: Color32 = Color32::from_rgb(192, 155, 104);
pub const POINT_RED: Color32 = Color32::from_rgb(128, 38, 30);
pub const POINT_GREEN: Color32 = Color32::from_rgb(38, 70, 50);
pub const BAR_WOOD: Color32 = Color32::from_rgb(78, 46, 24);
pub const TRAY_WOOD: Color32 = Color32::from_rgb(70, 42, 22);
pub const LABEL_INK: Color32 = Color32::from_rgb(245, 228, 190);
pub const HIGHLIGHT: Color32 = Color32::from_rgba_premultiplied(190, 160, 40, 120);
pub const SELECTED: Color32 = Color32::from_rgb(235, 200, 60);
pub const DIE_IVORY: Color32 = Color32::from_rgb(240, 232, 210);
pub const DIE_PIP: Color32 = Color32::from_rgb(30, 24, 20);
pub const CUP_LEATHER: Color32 = Color32::from_rgb(96, 40, 28);

/// The face colour of a man, and the colour of his rings and of text on him.
#[must_use]
pub fn man_colours(colour: Colour) -> (Color32, Color32) {
    match colour {
        Colour::White => (
            Color32::from_rgb(236, 226, 200),
            Color32::from_rgb(150, 134, 104),
        ),
        Colour::Black => (
            Color32::from_rgb(42, 36, 32),
            Color32::from_rgb(120, 108, 96),
        ),
        Colour::Red => (
            Color32::from_rgb(160, 36, 28),
            Color32::from_rgb(240, 190, 170),
        ),
        Colour::Blue => (
            Color32::from_rgb(42, 64, 128),
            Color32::from_rgb(180, 196, 236),
        ),
        Colour::Green => (
            Color32::from_rgb(46, 100, 56),
            Color32::from_rgb(190, 226, 190),
        ),
        Colour::Brown => (
            Color32::from_rgb(120, 76, 38),
            Color32::from_rgb(230, 200, 160),
        ),
    }
}

/// EB Garamond (assets/fonts, SIL OFL) first, egui's own fonts behind it for any glyph it lacks.
#[must_use]
pub fn fonts() -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(
        "garamond".into(),
        Arc::new(FontData::from_static(crate::picture::GARAMOND)),
    );
    fonts.font_data.insert(
        "garamond-italic".into(),
        Arc::new(FontData::from_static(crate::picture::GARAMOND_ITALIC)),
    );
    if let Some(list) = fonts.families.get_mut(&FontFamily::Proportional) {
        list.insert(0, "garamond".into());
    }
    fonts.families.insert(
        FontFamily::Name("italic".into()),
        vec!["garamond-italic".into(), "garamond".into()],
    );
    fonts.font_data.insert(
        FIGURES.into(),
        Arc::new(FontData::from_static(crate::picture::GARAMOND_FIGURES)),
    );
    let mut figures = vec![FIGURES.to_string()];
    figures.extend(
        fonts
            .families
            .get(&FontFamily::Proportional)
            .cloned()
            .unwrap_or_default(),
    );
    fonts
        .families
        .insert(FontFamily::Name(FIGURES.into()), figures);
    fonts
}

/// The family of the book face with lining figures (as tall as capitals): EB Garamond's own,
/// which it keeps behind an OpenType feature egui does not read, made its plain digits in
/// assets/fonts/EBGaramond12-Figures.otf (made by assets/fonts/make-figures.py).
pub const FIGURES: &str = "figures";

/// The smallest text the board draws, in points: legible on the smallest window.
pub const MIN_TEXT: f32 = 11.0;

/// The window's style: warm parchment and wood.
pub fn apply(ctx: &egui::Context) {
    ctx.set_fonts(fonts());
    ctx.set_theme(egui::Theme::Light);
    ctx.style_mut_of(egui::Theme::Light, |style| {
        use egui::{FontId, TextStyle};
        style.text_styles = [
            (TextStyle::Heading, FontId::proportional(24.0)),
            (TextStyle::Body, FontId::proportional(17.0)),
            (TextStyle::Button, FontId::proportional(17.0)),
            (TextStyle::Small, FontId::proportional(14.0)),
            (TextStyle::Monospace, FontId::monospace(14.0)),
        ]
        .into();
        let v = &mut style.visuals;
        v.panel_fill = Color32::from_rgb(238, 226, 200);
        v.window_fill = Color32::from_rgb(244, 234, 212);
        v.extreme_bg_color = Color32::from_rgb(250, 244, 228);
        v.faint_bg_color = Color32::from_rgb(230, 216, 188);
        // Period words are rubricated, as in an old book, rather than web-blue.
        v.hyperlink_color = Color32::from_rgb(128, 40, 22);
        // Checkboxes, radio buttons and buttons get an ink-brown edge, so they stand out
        // against the parchment rather than fading into it.
        let edge = egui::Stroke::new(1.0, Color32::from_rgb(120, 90, 60));
        v.widgets.inactive.bg_stroke = edge;
        v.widgets.inactive.bg_fill = Color32::from_rgb(226, 212, 182);
        v.widgets.inactive.weak_bg_fill = Color32::from_rgb(226, 212, 182);
    });
}

// The period board: woods, inlay, ink and brass.
/// The table the board stands on: dark walnut (a tint over the pale grain).
pub const PERIOD_TABLE: Color32 = Color32::from_rgb(92, 60, 40);
/// The rims of the two trays: oak.
pub const PERIOD_RIM: Color32 = Color32::from_rgb(212, 172, 118);
/// The floor of each tray: walnut.
pub const PERIOD_FIELD: Color32 = Color32::from_rgb(150, 102, 62);
/// The light inlaid points: bone.
pub const PERIOD_BONE: Color32 = Color32::from_rgb(228, 214, 182);
/// The dark inlaid points: ebony.
pub const PERIOD_EBONY: Color32 = Color32::from_rgb(44, 32, 26);
/// Stringing: the fine light line inlaid along edges.
pub const PERIOD_STRING: Color32 = Color32::from_rgb(236, 222, 190);
/// The fine dark line inlaid in a bone point.
pub const PERIOD_STRING_DARK: Color32 = Color32::from_rgb(84, 58, 38);
/// Ink of the points' names on the rim.
pub const PERIOD_INK: Color32 = Color32::from_rgb(46, 28, 16);
/// Brass of the hinges and clasp: body, shade and gleam.
pub const PERIOD_BRASS: Color32 = Color32::from_rgb(186, 146, 70);
pub const PERIOD_BRASS_DARK: Color32 = Color32::from_rgb(104, 76, 34);
pub const PERIOD_BRASS_LIGHT: Color32 = Color32::from_rgb(240, 212, 140);

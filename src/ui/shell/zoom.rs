//! Text that grows with a large window: on a 2560 × 1440 screen at one pixel per point the
//! window's words would be as small as on a laptop while the board fills the screen. The zoom
//! follows the window's width (1 up to 1600 points wide, at most 1.6) until the person zooms
//! by hand (View → Larger or Smaller, Ctrl + / Ctrl −), after which his choice stands.

/// The window's width at which the words start to grow, in points at zoom 1.
const GROWS_FROM: f32 = 1600.0;
/// The most the words grow.
const MOST: f32 = 1.6;

/// The zoom the window last set by itself, to tell it from one the person chose.
#[derive(Clone, Copy, Debug, Default)]
pub struct AutoZoom {
    set: Option<f32>,
    by_hand: bool,
}

/// The zoom for a window this wide (in points at zoom 1), in steps of a tenth.
#[must_use]
pub fn zoom_for(width: f32) -> f32 {
    ((width / GROWS_FROM).clamp(1.0, MOST) * 10.0).floor() / 10.0
}

impl AutoZoom {
    /// Sets the zoom for the window's present width, unless the person has zoomed by hand.
    pub fn follow(&mut self, ctx: &egui::Context) {
        let now = ctx.zoom_factor();
        if self.set.is_some_and(|z| (z - now).abs() > 0.001) {
            self.by_hand = true;
        }
        if self.by_hand {
            return;
        }
        let want = zoom_for(ctx.content_rect().width() * now);
        if (want - now).abs() > 0.001 {
            ctx.set_zoom_factor(want);
        }
        self.set = Some(want);
    }
}

/// View → Larger and Smaller: the words and the points' names grow or shrink (egui's own keys,
/// Ctrl + and Ctrl −, do the same).
pub fn menu_items(ui: &mut egui::Ui) {
    if ui.button("Larger  (Ctrl +)").clicked() {
        egui::gui_zoom::zoom_in(ui.ctx());
    }
    if ui.button("Smaller  (Ctrl −)").clicked() {
        egui::gui_zoom::zoom_out(ui.ctx());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_grow_only_on_wide_windows_and_only_so_far() {
        assert_eq!(zoom_for(800.0), 1.0);
        assert_eq!(zoom_for(1400.0), 1.0);
        assert_eq!(zoom_for(2560.0), 1.6);
        assert_eq!(zoom_for(1920.0), 1.2);
        assert_eq!(zoom_for(5000.0), 1.6);
    }
}

//! The window's first size fits the screen it opens on, with room left for the desktop's
//! panels and the window's title bar: eframe knows the screen only once the window is open, so
//! the window opens at a size that fits a 1366×768 laptop ([`FIRST`]) and, on its first frame
//! that knows the screen, takes the size that fits that screen ([`fitting`]). A size kept from
//! the last time (the settings keep the window's place as it closes) is kept, unless it is too
//! large for this screen.

use egui::{Vec2, vec2};

use crate::ui::shell::settings::SMALLEST;

/// The size the window opens at before the screen is known: it fits a 1366×768 screen with
/// a desktop panel and a title bar.
pub const FIRST: [f32; 2] = [1240.0, 660.0];
/// The room left on the screen for the desktop's panels and the window's frame and title bar.
const ROOM: Vec2 = vec2(80.0, 110.0);
/// The largest first window, on a large screen.
const LARGEST_FIRST: Vec2 = vec2(1600.0, 1000.0);

/// The window's first size on a screen of `screen` points.
#[must_use]
pub fn fitting(screen: Vec2) -> Vec2 {
    (screen - ROOM).min(LARGEST_FIRST).max(Vec2::from(SMALLEST))
}

/// Whether the window has been fitted to its screen yet.
#[derive(Clone, Copy, Debug)]
pub struct FirstSize {
    done: bool,
    /// The window opened at a size kept from the last time.
    kept: bool,
}

impl FirstSize {
    /// `kept`: the window opened at the size it had when it last closed. `done`: nothing to
    /// fit (a screenshot run, whose size is its own).
    #[must_use]
    pub fn new(kept: bool, done: bool) -> FirstSize {
        FirstSize { done, kept }
    }

    /// Once, on the first frame that knows the screen: the window sized to fit it (a kept
    /// size only made smaller, and a maximized window left alone).
    pub fn fit(&mut self, ctx: &egui::Context) {
        if self.done {
            return;
        }
        let (screen, inner, maximized) = ctx.input(|i| {
            let v = i.viewport();
            (v.monitor_size, v.inner_rect, v.maximized == Some(true))
        });
        let Some(screen) = screen.filter(|s| s.x > 0.0 && s.y > 0.0) else {
            return;
        };
        self.done = true;
        if maximized {
            return;
        }
        let now = inner.map_or_else(|| ctx.content_rect().size(), |r| r.size());
        let fit = fitting(screen);
        let want = if self.kept { now.min(fit) } else { fit };
        if (want - now).length() > 1.0 {
            ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(want));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_window_fits_the_usual_screens_with_room_for_panels() {
        for (w, h) in [
            (1366.0, 768.0),
            (1400.0, 900.0),
            (1920.0, 1080.0),
            (1024.0, 600.0),
        ] {
            let size = fitting(vec2(w, h));
            assert!(
                size.x <= w - 60.0 && size.y <= h - 90.0,
                "{size:?} on {w}×{h}"
            );
        }
        const { assert!(FIRST[0] <= 1366.0 - 60.0 && FIRST[1] <= 768.0 - 90.0) };
        assert_eq!(fitting(vec2(3840.0, 2160.0)), LARGEST_FIRST);
    }
}

//! The window (eframe/egui): the board, the story, the settings. It reads the game and
//! submits actions; it never moves a man itself.

pub(crate) mod access;
pub mod families;
pub mod net;
pub mod pastimes;
pub mod shell;
pub mod sound;
pub mod tables;
pub mod tiles;

pub use shell::app::GamesterApp;
pub use shell::error::UiError;
pub use shell::launch::Launch;
pub use shell::screenshot::write_png;
pub use shell::settings::Settings;

use shell::{screenshot, settings, settings_file};
use tables::theme;

/// The window's icon, drawn for Gamester (assets/gamester.png).
pub const ICON_PNG: &[u8] = include_bytes!("../assets/gamester.png");

/// Opens the window and runs until it is closed. With `launch.screenshot`, writes the first
/// settled frame to that PNG and closes.
pub fn run(launch: Launch) -> Result<(), UiError> {
    let remembered = settings_file::Remembered::at_start(&launch);
    let options = eframe::NativeOptions {
        viewport: viewport(&remembered.settings),
        // The window's place is kept in Gamester's own settings file, not eframe's.
        persist_window: false,
        ..Default::default()
    };
    let screenshot = launch.screenshot.is_some();
    let result = screenshot::ScreenshotResult::default();
    let slot = result.clone();
    // The window system may fail under the window (winit panics when another program destroys
    // it): the window's state is then dropped on the way out, its writes finished, and the
    // failure said in words.
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        eframe::run_native(
            "gamester",
            options,
            Box::new(move |cc| {
                let mut app = GamesterApp::from_creation(cc, launch, remembered);
                app.report_screenshot_to(slot);
                Ok(Box::new(app))
            }),
        )
    }));
    match ran {
        Ok(result) => result.map_err(|e| UiError::WindowFailed(e.to_string()))?,
        Err(_) => return Err(UiError::WindowLost),
    }
    if screenshot {
        let outcome = result.0.lock().map_err(|_| UiError::ScreenshotLost)?.take();
        return outcome.unwrap_or(Err(UiError::ClosedBeforeScreenshot));
    }
    Ok(())
}

/// The window as it opens: where and as large as it last was, if that makes sense.
#[must_use]
pub fn viewport(settings: &Settings) -> egui::ViewportBuilder {
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Gamester")
        .with_inner_size(shell::window_size::FIRST)
        .with_min_inner_size(settings::SMALLEST)
        .with_app_id("gamester");
    if let Some(place) = settings.window.and_then(settings::WindowPlace::sensible) {
        viewport = viewport
            .with_inner_size(place.size)
            .with_maximized(place.maximized);
        if let Some(position) = place.position {
            viewport = viewport.with_position(position);
        }
    }
    if let Some(icon) = decode_icon(ICON_PNG) {
        viewport = viewport.with_icon(icon);
    }
    viewport
}

/// Decodes a PNG into the window icon's pixels.
#[must_use]
pub fn decode_icon(bytes: &[u8]) -> Option<egui::IconData> {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().ok()?;
    let mut buf = vec![0; reader.output_buffer_size()?];
    let info = reader.next_frame(&mut buf).ok()?;
    if info.color_type != png::ColorType::Rgba || info.bit_depth != png::BitDepth::Eight {
        return None;
    }
    buf.truncate(info.buffer_size());
    Some(egui::IconData {
        rgba: buf,
        width: info.width,
        height: info.height,
    })
}

/// Measures the CPU cost of one frame of the window (layout, painting the board, tessellation;
/// not the GPU), averaged over `frames` frames of a game in the middle of play. Returns
/// milliseconds a frame.
#[must_use]
pub fn bench_draw(frames: u32) -> f64 {
    use crate::tables::{Action, Phase};
    let ctx = egui::Context::default();
    theme::apply(&ctx);
    let mut app = GamesterApp::new(
        Settings::default(),
        Launch {
            seed: Some(1),
            ephemeral: true,
            ..Launch::default()
        },
    );
    app.settings_mut().speed = shell::settings::Speed::Instant;
    // Play a few turns so the board is busy: men on many points, dice showing.
    let mut player = crate::ai::random::RandomPlayer::seeded(1);
    for _ in 0..40 {
        if app.session_mut().game().phase() == Phase::Playing
            && app.session_mut().game().turns() > 12
        {
            break;
        }
        let game = app.session_mut().game().clone();
        if let Some(action) = game.throw_action(player.dice()) {
            let _ = app.session_mut().apply(action);
        } else if let Some(play) = game.legal_plays().first() {
            let _ = app.session_mut().apply_play(play);
        } else if let Some(&choice) = game.choices().iter().find(|c| !matches!(c, Action::Double)) {
            let _ = app.session_mut().apply(choice);
        }
    }
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 820.0),
        )),
        ..Default::default()
    };
    // Warm up the fonts and the layout caches.
    for _ in 0..3 {
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
    }
    let start = std::time::Instant::now();
    for _ in 0..frames {
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
    }
    start.elapsed().as_secs_f64() * 1000.0 / f64::from(frames.max(1))
}

//! The `--screenshot` run: let the window settle for a few frames, ask egui for the picture,
//! write it as a PNG and close the window; the outcome waits in a shared slot for `ui::run`.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::ui::shell::error::UiError;

/// Where a screenshot run stands; shared with the callback that receives the pixels.
#[derive(Clone, Debug, Default)]
pub struct ScreenshotResult(pub Arc<Mutex<Option<Result<(), UiError>>>>);

/// A picture to take of the window, if the launch asked for one.
#[derive(Debug, Default)]
pub struct Screenshot {
    /// Where the picture goes; `None` when no picture is wanted.
    path: Option<PathBuf>,
    /// Frames drawn so far.
    frames: u64,
    /// Whether the picture was asked of egui already.
    asked: bool,
    /// Where the outcome is left.
    pub result: ScreenshotResult,
}

impl Screenshot {
    /// A picture to write to `path` (none if `None`).
    #[must_use]
    pub fn to(path: Option<PathBuf>) -> Screenshot {
        Screenshot {
            path,
            ..Screenshot::default()
        }
    }

    /// Called at the end of each frame: after a few frames for the fonts and the layout to
    /// settle, and once no dice are in flight (`settled`), asks for the picture; when it comes,
    /// writes it and closes the window.
    pub fn after_frame(&mut self, ctx: &egui::Context, settled: bool) {
        self.frames += 1;
        let Some(path) = self.path.clone() else {
            return;
        };
        if self.asked || self.frames < 3 || !settled {
            ctx.request_repaint();
            return;
        }
        self.asked = true;
        let result = self.result.clone();
        let ctx2 = ctx.clone();
        ctx.request_screenshot(move |image| {
            let outcome = write_png(&path, &image);
            if let Ok(mut slot) = result.0.lock() {
                *slot = Some(outcome);
            }
            ctx2.send_viewport_cmd(egui::ViewportCommand::Close);
            ctx2.request_repaint();
        });
    }
}

/// Writes an egui image as an RGBA PNG.
pub fn write_png(path: &Path, image: &egui::ColorImage) -> Result<(), UiError> {
    let file = std::fs::File::create(path).map_err(|source| UiError::CannotWrite {
        path: path.to_path_buf(),
        source,
    })?;
    let mut encoder = png::Encoder::new(
        std::io::BufWriter::new(file),
        image.size[0] as u32,
        image.size[1] as u32,
    );
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    let bytes: Vec<u8> = image.pixels.iter().flat_map(|c| c.to_array()).collect();
    writer.write_image_data(&bytes)?;
    Ok(writer.finish()?)
}

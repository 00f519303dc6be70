//! Why the window could not do what it was asked: open at all, or write the picture of its
//! first frame (`--screenshot`). `main.rs` prints these on one line.

use std::path::PathBuf;

use thiserror::Error;

/// Why the window failed.
#[derive(Debug, Error)]
pub enum UiError {
    /// No window could be made (no display, no OpenGL…): eframe's own words. Kept as text,
    /// because eframe's error cannot cross threads and the screenshot's outcome must.
    #[error("the window could not be opened: {0}")]
    WindowFailed(String),
    /// The window system failed under an open window (another program destroyed it, or the
    /// display went away); the window's writes were finished on the way out.
    #[error(
        "the window was lost (closed by another program, or the display went away); the game \
         in progress and the settings are on the disk"
    )]
    WindowLost,
    /// The screenshot's file could not be created.
    #[error("cannot write {}: {source}", .path.display())]
    CannotWrite {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The picture could not be encoded or written as a PNG.
    #[error("{0}")]
    Png(#[from] png::EncodingError),
    /// The thread that received the picture died with the outcome.
    #[error("the screenshot was lost")]
    ScreenshotLost,
    /// The window was closed before its first settled frame.
    #[error("the window closed before the screenshot was taken")]
    ClosedBeforeScreenshot,
}

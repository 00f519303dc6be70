//! The program's tests, one binary: the command line run as a real process, the window driven
//! headless through egui_kittest (and read as a screen reader reads it), the real window on an
//! X server of its own (ignored unless asked for), and the Debian package's pieces.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod cli;
mod desktop;
mod layers;
mod packaging;
mod window;

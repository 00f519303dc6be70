//! The window's shell: what every game has, written once. The frame and its menus, the screens
//! of the families behind one trait, the files and the dialogs, the settings and their file,
//! the messages, and the start-up.

pub mod app;
pub mod autosave;
pub mod error;
pub mod file_chooser;
pub mod file_names;
pub mod files;
pub mod folder;
pub mod game_file;
pub mod glossary;
pub mod key_focus;
pub mod launch;
pub mod leaving;
pub mod lessons;
pub mod made;
pub mod menus;
pub mod message;
pub mod new_game;
pub mod plug;
pub mod reading;
pub mod replay;
pub mod screen;
pub mod screens;
pub mod screenshot;
pub mod settings;
pub mod settings_file;
pub mod setup_rows;
pub mod slot;
pub mod stepper;
pub mod story;
pub mod window_size;
pub mod zoom;

//! The games at tables in the window: their screen on the shell, the board in its two looks
//! (the period's and the plain), the hands on it, the computer and the tutor at it, the story,
//! the analysis and the lessons.

pub mod analysing;
pub mod analysis_marks;
pub mod analysis_view;
pub mod analysis_words;
pub mod board_access;
pub mod board_view;
pub mod computer;
pub mod controls;
pub mod dice_view;
pub mod geometry;
pub mod guide;
pub mod input;
pub mod intent;
pub mod keeping;
pub mod last_play;
pub mod left;
pub mod lessons;
pub mod log_view;
pub mod look;
pub mod men_view;
pub mod orientation;
pub mod period;
pub mod plug;
pub mod position_setup;
pub mod replaying;
pub mod rollout_view;
pub mod screen;
pub mod setup;
pub mod slide;
pub mod start;
pub mod theme;
pub mod tooltips;
pub mod tutor;
mod window_answers;

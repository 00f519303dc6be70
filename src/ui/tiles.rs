//! The tiles table: Block, Draw and Muggins dominoes in the window, in the period manner of the
//! tables board. It reads the dominoes game and submits actions to its gate; it never moves a
//! tile itself.

pub mod keeping;
pub mod paint;
pub mod plug;
pub mod screen;
pub mod setup;
pub mod view;
pub mod winding;
mod window_answers;

//! Cotton's three pastimes at the tables (Doublets, Ketch-Dolt, Sice-Ace) in the window, on the
//! period board of the tables. It reads the pastime's game and submits actions to its gate; it
//! never lays, draws, loads or bears a man itself.

pub mod keeping;
pub mod plug;
pub mod screen;
pub mod session;
pub mod setup;
pub use crate::teaching::pastime_story as story;
pub mod view;
mod window_answers;

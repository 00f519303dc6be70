//! Gamester: Irish and the other games at Tables.
pub mod engine;

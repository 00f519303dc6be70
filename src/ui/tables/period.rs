//! The period look: a pair of tables as surviving boards of the 1540s show them. Each part of
//! the board is painted by its own file; `BoardView::paint` calls them when the look is
//! the period look.

pub mod board;
pub mod dice;
pub mod light;
pub mod men;
pub mod wood;

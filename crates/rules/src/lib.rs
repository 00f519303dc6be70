//! The rules of Gamester's games, pure: they depend on serde and rand only, and nothing here
//! draws, saves or thinks.
//!
//! - [`tables`]: Irish and the other games at tables (backgammon's family).
//! - [`pastimes`]: Cotton's three pastimes at the tables: Doublets, Sice-Ace and Ketch-Dolt.
//! - [`tiles`]: the tiles games of the Incompleat Gamester: Block, Draw and Muggins dominoes.
//!
//! Each family has its own gate: a game changes only through its `Game::apply`.

pub mod pastimes;
pub mod tables;
pub mod tiles;

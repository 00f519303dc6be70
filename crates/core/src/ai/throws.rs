//! The throws a search and a certain result go over, apart from the evaluation that uses them
//! too, so that [`super::certain`] and [`super::eval`] do not depend on each other.

use crate::tables::{Moves, Throw};

/// One distinct throw of the rules' dice: the moves it gives, its chance, whether it is
/// doublets (for Willughby's and Cotton's stakes).
#[derive(Clone, Copy, Debug)]
pub struct ThrowInfo {
    pub throw: Throw,
    pub moves: Moves,
    pub chance: f32,
    pub doublets: bool,
}

//! Cotton's three "foolish pastimes" at the tables (*The Compleat Gamester*, 1674, pp. 161–163):
//! Doublets, Sice-Ace and Ketch-Dolt. No man moves along a track: men are laid down, drawn,
//! loaded and borne by the number a die shows. Pure like [`crate::tables`] and apart from it,
//! seated like [`crate::tiles`] (two seats, or two to five at Sice-Ace). A game changes only
//! through [`Game::apply`]; chance's actions are the throws ([`Action::Throw`]).
//!
//! ```
//! use gamester_rules::pastimes::{Action, Game, Phase, Preset, Rules};
//!
//! let mut game = Game::new(Rules::preset(Preset::Doublets)).unwrap();
//! game.apply(Action::Throw { dice: vec![5, 2] }).unwrap(); // the throw-off: the first seat throws first
//! assert_eq!(game.phase(), Phase::ToThrow);
//! game.apply(Action::Throw { dice: vec![6, 4] }).unwrap();
//! assert_eq!(game.men(game.turn()).unwrap().standing, [2, 2, 2, 3, 3, 3]);
//! ```

mod action;
mod error;
mod game;
mod phase;
mod rules;

pub use action::{Action, Event, Seat};
pub use error::PastimeError;
pub use game::{Game, Men, Outcome};
pub use phase::{Phase, waiting_words};
pub use rules::{
    DoltClaimed, DoubletsCount, DrawnBecomes, Draws, Ending, Kind, LoadTo, OPTIONS, OptionValue,
    PastimeOption, Preset, Rules, option,
};
